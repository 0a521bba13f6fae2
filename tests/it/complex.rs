//! Complex numbers against NumPy (`tests/data/complex/expected.json`, written by
//! `make_expected.py` beside it): `re`/`im` views (NumPy's `.real`/`.imag`) over four layouts
//! and writes through them, `conj`, `norm` (NumPy's `abs`) and `arg` (NumPy's `angle`) over
//! ±0.0, infinities, NaN, huge and subnormal parts; complex `matmul` and `einsum!`.
//! `RANKED_COMPLEX_EXPECTED` names another results file.

#![cfg(feature = "complex")]

use std::sync::OnceLock;

use ranked::linalg::Complex;
use ranked::{ArrayTensor, Layout, Tensor, TensorView, einsum};
use serde_json::Value;

use crate::common::fixture::layouts_of;

fn expected() -> &'static Value {
    static DATA: OnceLock<Value> = OnceLock::new();
    DATA.get_or_init(|| {
        let path = std::env::var("RANKED_COMPLEX_EXPECTED").unwrap_or_else(|_| {
            concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/tests/data/complex/expected.json"
            )
            .into()
        });
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
    })
}

fn floats(key: &str) -> (Vec<usize>, Vec<f64>) {
    let v = &expected()[key];
    let shape = (v["shape"].as_array().unwrap().iter())
        .map(|x| x.as_u64().unwrap() as usize)
        .collect();
    let values = (v["values"].as_array().unwrap().iter())
        .map(|x| f64::from_bits(x.as_u64().unwrap()))
        .collect();
    (shape, values)
}

/// A complex array of the fixture (a trailing axis of `(re, im)`), with its shape.
fn complex<const R: usize>(key: &str) -> ([usize; R], Vec<Complex<f64>>) {
    let (shape, v) = floats(key);
    let shape: [usize; R] = shape[..R].try_into().unwrap();
    (
        shape,
        v.chunks(2).map(|p| Complex::new(p[0], p[1])).collect(),
    )
}

/// Equal to the bit (NaN to any NaN).
fn same(got: &[f64], want: &[f64]) -> bool {
    got.len() == want.len()
        && got
            .iter()
            .zip(want)
            .all(|(a, b)| a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan()))
}

/// Within 2 units in the last place (NumPy's `abs` scales its `hypot` differently from the C
/// library's, which rounds the other way at 3e300 + 3e300i; Miri adds errors of its own to
/// these functions, relative ones, so within 1e-12 there, subnormal results included);
/// infinities and NaN exactly.
fn ulps(got: &[f64], want: &[f64]) -> bool {
    let tol = if cfg!(miri) {
        1e-12
    } else {
        2.0 * f64::EPSILON
    };
    got.len() == want.len()
        && got
            .iter()
            .zip(want)
            .all(|(a, b)| same(&[*a], &[*b]) || (b.is_finite() && (a - b).abs() <= tol * b.abs()))
}

fn flat(z: &[Complex<f64>]) -> Vec<f64> {
    z.iter().flat_map(|z| [z.re, z.im]).collect()
}

#[test]
fn parts_and_element_functions_match_numpy_in_every_layout() {
    let (shape, z) = complex::<2>("z");
    let nan = Complex::new(f64::NAN, f64::NAN);
    for (layout, buf, strides, offset) in layouts_of(shape, &z, nan) {
        let t = TensorView::from_raw_parts(&buf[..], Layout::from_parts(shape, strides, offset))
            .unwrap();
        let what = |f: &str| format!("{f} ({layout})");
        assert!(same(&t.re().to_vec(), &floats("real").1), "{}", what("re"));
        assert!(same(&t.im().to_vec(), &floats("imag").1), "{}", what("im"));
        assert!(
            same(&flat(&t.conj().to_vec()), &floats("conj").1),
            "{}",
            what("conj")
        );
        assert!(
            ulps(&t.norm().to_vec(), &floats("abs").1),
            "{}",
            what("norm")
        );
        // Miri's `atan2` of an infinity and NaN is not NaN: there, inputs with NaN are skipped.
        let keep = |i: &usize| !cfg!(miri) || !z[*i].is_nan();
        let pick = |v: Vec<f64>| (0..v.len()).filter(keep).map(|i| v[i]).collect::<Vec<_>>();
        let (got, want) = (pick(t.arg().to_vec()), pick(floats("angle").1));
        assert!(ulps(&got, &want), "{}", what("arg"));
        // The parts' strides are the tensor's, doubled, in units of `f64`.
        assert_eq!(t.re().strides(), &t.strides().map(|s| 2 * s), "{layout}");
    }
}

#[test]
fn writes_through_the_parts_reach_the_complex_numbers() {
    let (shape, z) = complex::<2>("z");
    let mut t = Tensor::from_vec(z.clone(), shape).unwrap();
    // Through a transposed view of it: the real parts of column 0 become their row's index.
    let mut tt = t.view_mut().t();
    let re = tt.re_mut();
    re.narrow(ranked::Axis::<0>, 0, 1)
        .unwrap()
        .iter_mut()
        .enumerate()
        .for_each(|(i, x)| *x = i as f64);
    t.im_mut().fill(7.0);
    for (i, row) in t.to_vec().chunks(10).enumerate() {
        assert_eq!(row[0].re, i as f64);
        assert!(row.iter().all(|z| z.im == 7.0));
        assert!(same(&[row[1].re], &[z[i * 10 + 1].re])); // the other real parts kept
    }
    // Fixed storage, without an allocator.
    let mut fixed: ArrayTensor<Complex<f32>, 2, 1> =
        ArrayTensor::from_storage([Complex::new(1.0, 2.0), Complex::new(3.0, 4.0)], [2]).unwrap();
    fixed.re_mut().mapv_inplace(|x| x * 10.0);
    fixed.conj_inplace();
    assert!(
        fixed
            .iter()
            .copied()
            .eq([Complex::new(10.0, -2.0), Complex::new(30.0, -4.0)])
    );
    // Empty and broadcast tensors.
    let empty: Tensor<Complex<f64>, 2> = Tensor::zeros([0, 3]);
    assert_eq!(empty.im().shape(), &[0, 3]);
    let one = Tensor::from_vec(vec![Complex::new(1.5, -1.0)], [1]).unwrap();
    let wide = one.view().broadcast_to([4, 3]).unwrap();
    assert_eq!(
        (wide.im().to_vec(), wide.re().strides()),
        (vec![-1.0; 12], &[0, 0])
    );
}

#[test]
fn complex_products_match_numpy() {
    let (sa, a) = complex::<3>("a");
    let (sb, b) = complex::<3>("b");
    let (a, b) = (
        Tensor::from_vec(a, sa).unwrap(),
        Tensor::from_vec(b, sb).unwrap(),
    );
    let close = |got: Vec<Complex<f64>>, key: &str| {
        let want = floats(key).1;
        let got = flat(&got);
        assert_eq!(got.len(), want.len(), "{key}");
        for (x, y) in got.iter().zip(&want) {
            assert!(
                (x - y).abs() <= 1e-12 * y.abs().max(1.0),
                "{key}: {x} vs {y}"
            );
        }
    };
    close(a.matmul(&b).unwrap().to_vec(), "matmul");
    // Transposed operands: the same products.
    let at = a.view().permute([0, 2, 1]).unwrap().to_contiguous();
    close(
        at.view()
            .permute([0, 2, 1])
            .unwrap()
            .matmul(&b)
            .unwrap()
            .to_vec(),
        "matmul",
    );
    close(einsum!("bij,bjk->ik", a, b).unwrap().to_vec(), "einsum");
}

/// `inv`, `det`, `solve` and `matrix_power` of complex stacks (closed forms at 3 × 3, LU at
/// 5 × 5), transposed in memory, within `1e-10` of NumPy's (the matrices are well conditioned:
/// `2·I` plus a random complex matrix).
#[cfg(feature = "linalg")]
#[test]
fn complex_linalg_matches_numpy() {
    use ranked::linalg;
    let close = |got: Vec<Complex<f64>>, key: &str| {
        let want = floats(key).1;
        let got = flat(&got);
        assert_eq!(got.len(), want.len(), "{key}");
        let scale = want.iter().fold(1.0f64, |m, x| m.max(x.abs()));
        for (x, y) in got.iter().zip(&want) {
            assert!((x - y).abs() <= 1e-10 * scale, "{key}: {x} vs {y}");
        }
    };
    for n in [3, 5] {
        let (sm, m) = complex::<3>(&format!("m{n}"));
        let (sr, rhs) = complex::<3>(&format!("rhs{n}"));
        let m = Tensor::from_vec(m, sm).unwrap();
        // The same matrices stored column-major.
        let mt = m.view().permute([0, 2, 1]).unwrap().to_contiguous();
        let m = mt.view().permute([0, 2, 1]).unwrap();
        let rhs = Tensor::from_vec(rhs, sr).unwrap();
        close(linalg::inv(&m).unwrap().to_vec(), &format!("inv{n}"));
        close(linalg::det(&m).unwrap().to_vec(), &format!("det{n}"));
        close(
            linalg::solve(&m, &rhs).unwrap().to_vec(),
            &format!("solve{n}"),
        );
        close(
            linalg::matrix_power(&m, -2).unwrap().to_vec(),
            &format!("power{n}"),
        );
    }
}
