//! Reading the expected-value files the NumPy scripts write (`tests/data/*/expected.json`):
//! arrays stored as `{dtype, shape, values}` with floats by their bits, and one array laid
//! out in several ways.

use serde_json::Value;

/// An array of the fixture: its shape and its values as `f64` (floats by their bits, integers
/// converted), and as the integers and booleans they were.
pub struct Arr {
    pub shape: Vec<usize>,
    pub f: Vec<f64>,
    pub i: Vec<i64>,
    pub b: Vec<bool>,
}

pub fn arr(v: &Value) -> Arr {
    let shape = v["shape"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap() as usize)
        .collect();
    let values = v["values"].as_array().unwrap();
    let (mut f, mut i, mut b) = (vec![], vec![], vec![]);
    match v["dtype"].as_str().unwrap() {
        "f8" => {
            f = values
                .iter()
                .map(|x| f64::from_bits(x.as_u64().unwrap()))
                .collect()
        }
        "i8" => {
            i = values.iter().map(|x| x.as_i64().unwrap()).collect();
            f = i.iter().map(|&x| x as f64).collect();
        }
        "b1" => b = values.iter().map(|x| x.as_bool().unwrap()).collect(),
        other => panic!("dtype {other}"),
    }
    Arr { shape, f, i, b }
}

/// A layout of a fixture's array: its name, buffer, strides and offset.
pub type Laid<T, const R: usize> = (&'static str, Vec<T>, [isize; R], usize);

/// The same logical array in four layouts; `filler` fills the gaps of the strided one.
pub fn layouts_of<T: Copy, const R: usize>(
    shape: [usize; R],
    data: &[T],
    filler: T,
) -> Vec<Laid<T, R>> {
    let len = data.len();
    let mut row = [0isize; R];
    let mut col = [0isize; R];
    let (mut r, mut c) = (1isize, 1isize);
    for k in (0..R).rev() {
        row[k] = r;
        r *= shape[k].max(1) as isize;
    }
    for k in 0..R {
        col[k] = c;
        c *= shape[k].max(1) as isize;
    }
    let index_of = |mut flat: usize| {
        let mut idx = [0usize; R];
        for k in (0..R).rev() {
            idx[k] = flat % shape[k];
            flat /= shape[k];
        }
        idx
    };
    let mut fortran = vec![filler; len];
    for (p, &x) in data.iter().enumerate() {
        let idx = index_of(p);
        let q: isize = (0..R).map(|k| idx[k] as isize * col[k]).sum();
        fortran[q as usize] = x;
    }
    let reversed: Vec<T> = data.iter().rev().copied().collect();
    let mut strided = vec![filler; 2 * len];
    for (p, &x) in data.iter().enumerate() {
        strided[2 * p] = x;
    }
    vec![
        ("row-major", data.to_vec(), row, 0),
        ("column-major", fortran, col, 0),
        ("reversed", reversed, row.map(|s| -s), len.saturating_sub(1)),
        ("strided", strided, row.map(|s| 2 * s), 0),
    ]
}

/// The same logical array in four layouts (NaN in the strided one's gaps), and a fifth when
/// its rows are equal: one row, broadcast down the first axis.
pub fn layouts<const R: usize>(shape: [usize; R], data: &[f64]) -> Vec<Laid<f64, R>> {
    let mut all = layouts_of(shape, data, f64::NAN);
    let (len, mut row) = (data.len(), all[0].2);
    let width = len.checked_div(shape[0]).unwrap_or(0);
    if R > 1 && width > 0 && data.chunks(width).all(|r| exact(r, &data[..width])) {
        row[0] = 0;
        all.push(("broadcast", data[..width].to_vec(), row, 0));
    }
    all
}

/// Equal bit for bit (NaN to any NaN).
pub fn exact(got: &[f64], want: &[f64]) -> bool {
    got.len() == want.len()
        && got
            .iter()
            .zip(want)
            .all(|(a, b)| a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan()))
}
