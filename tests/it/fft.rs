//! The Fourier transforms against NumPy's `numpy.fft` (`tests/data/fft/expected.json`,
//! written by `make_expected.py` beside it): every function of the Array API's `fft`
//! extension, along each axis of a complex and a real rank-3 tensor in four layouts
//! (row-major, column-major, reversed, strided), in `f64` and `f32`, with cropping, padding,
//! the three normalisation modes, and a prime length. `RANKED_FFT_EXPECTED` names another
//! results file.

#![cfg(feature = "fft")]

use std::sync::OnceLock;

use ranked::fft::{self, Complex, FftFloat, Norm};
use ranked::{Axis, ErrorKind, Layout, Tensor, TensorView};
use serde_json::Value;

use crate::common::fixture::{arr, layouts_of};

fn expected() -> &'static Value {
    static DATA: OnceLock<Value> = OnceLock::new();
    DATA.get_or_init(|| {
        let path = std::env::var("RANKED_FFT_EXPECTED").unwrap_or_else(|_| {
            concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/fft/expected.json").into()
        });
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
    })
}

/// A case's transform, its options and NumPy's result (real and imaginary parts).
struct Case<'a> {
    v: &'a Value,
    fun: &'a str,
    input: &'a str,
    norm: Norm,
    want_shape: Vec<usize>,
    want: Vec<(f64, f64)>,
}

impl<'a> Case<'a> {
    fn new(v: &'a Value) -> Self {
        let norm = match v["norm"].as_str().unwrap() {
            "backward" => Norm::Backward,
            "ortho" => Norm::Ortho,
            "forward" => Norm::Forward,
            other => panic!("norm {other}"),
        };
        let (re, im) = (arr(&v["out"]["re"]), arr(&v["out"]["im"]));
        Case {
            v,
            fun: v["fn"].as_str().unwrap(),
            input: v["input"].as_str().unwrap(),
            norm,
            want_shape: re.shape.clone(),
            want: re.f.into_iter().zip(im.f).collect(),
        }
    }

    fn axis(&self) -> usize {
        self.v["axis"].as_u64().unwrap() as usize
    }

    fn n(&self) -> Option<usize> {
        self.v["n"].as_u64().map(|n| n as usize)
    }

    fn axes<const K: usize>(&self) -> [usize; K] {
        let axes: Vec<usize> = self.v["axes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a.as_u64().unwrap() as usize)
            .collect();
        axes.try_into().unwrap()
    }

    fn s<const K: usize>(&self) -> Option<[usize; K]> {
        let s = self.v["s"].as_array()?;
        let s: Vec<usize> = s.iter().map(|a| a.as_u64().unwrap() as usize).collect();
        Some(s.try_into().unwrap())
    }

    fn count(&self) -> usize {
        self.v["axes"].as_array().unwrap().len()
    }

    /// Checks a result within `tol` times the largest magnitude of NumPy's (at least 1).
    fn check<T: Into<f64> + Copy>(&self, got: (Vec<usize>, Vec<(T, T)>), tol: f64, what: &str) {
        let (shape, values) = got;
        assert_eq!(shape, self.want_shape, "{what}: shape");
        let scale = self
            .want
            .iter()
            .fold(1.0f64, |m, &(a, b)| m.max(a.abs()).max(b.abs()));
        for (i, (&(a, b), &(x, y))) in values.iter().zip(&self.want).enumerate() {
            let (a, b) = (a.into(), b.into());
            assert!(
                (a - x).abs() <= tol * scale && (b - y).abs() <= tol * scale,
                "{what}: element {i}: got {a} + {b}i, NumPy {x} + {y}i"
            );
        }
    }
}

fn complex_parts<T: Copy>(t: Tensor<Complex<T>, 3>) -> (Vec<usize>, Vec<(T, T)>) {
    (t.shape().to_vec(), t.iter().map(|z| (z.re, z.im)).collect())
}

fn real_parts<T: FftFloat>(t: Tensor<T, 3>) -> (Vec<usize>, Vec<(T, T)>) {
    (
        t.shape().to_vec(),
        t.iter().map(|&x| (x, T::zero())).collect(),
    )
}

/// A one-axis transform of `t` along the case's axis (0, 1 or 2).
macro_rules! along {
    ($f:path, $t:expr, $c:expr) => {
        match $c.axis() {
            0 => $f(&$t, Axis::<0>, $c.n(), $c.norm),
            1 => $f(&$t, Axis::<1>, $c.n(), $c.norm),
            _ => $f(&$t, Axis::<2>, $c.n(), $c.norm),
        }
        .unwrap()
    };
}

/// A several-axes transform of `t` over the case's axes (0 to 3 of them).
macro_rules! over {
    ($f:path, $t:expr, $c:expr) => {
        match $c.count() {
            0 => $f(&$t, $c.axes::<0>(), $c.s::<0>(), $c.norm),
            1 => $f(&$t, $c.axes::<1>(), $c.s::<1>(), $c.norm),
            2 => $f(&$t, $c.axes::<2>(), $c.s::<2>(), $c.norm),
            _ => $f(&$t, $c.axes::<3>(), $c.s::<3>(), $c.norm),
        }
        .unwrap()
    };
}

/// The case's transform of a real rank-3 view.
fn run_real<T: FftFloat>(c: &Case<'_>, t: TensorView<'_, T, 3>) -> (Vec<usize>, Vec<(T, T)>) {
    match c.fun {
        "fft" => complex_parts(along!(fft::fft, t, c)),
        "ifft" => complex_parts(along!(fft::ifft, t, c)),
        "rfft" => complex_parts(along!(fft::rfft, t, c)),
        "ihfft" => complex_parts(along!(fft::ihfft, t, c)),
        "irfft" => real_parts(along!(fft::irfft, t, c)),
        "hfft" => real_parts(along!(fft::hfft, t, c)),
        "fftn" => complex_parts(over!(fft::fftn, t, c)),
        "ifftn" => complex_parts(over!(fft::ifftn, t, c)),
        "rfftn" => complex_parts(over!(fft::rfftn, t, c)),
        "irfftn" => real_parts(over!(fft::irfftn, t, c)),
        other => panic!("fn {other}"),
    }
}

/// The case's transform of a complex rank-3 view.
fn run_complex<T: FftFloat>(
    c: &Case<'_>,
    t: TensorView<'_, Complex<T>, 3>,
) -> (Vec<usize>, Vec<(T, T)>) {
    match c.fun {
        "fft" => complex_parts(along!(fft::fft, t, c)),
        "ifft" => complex_parts(along!(fft::ifft, t, c)),
        "irfft" => real_parts(along!(fft::irfft, t, c)),
        "hfft" => real_parts(along!(fft::hfft, t, c)),
        "fftn" => complex_parts(over!(fft::fftn, t, c)),
        "ifftn" => complex_parts(over!(fft::ifftn, t, c)),
        "irfftn" => real_parts(over!(fft::irfftn, t, c)),
        other => panic!("fn {other}"),
    }
}

/// Every case of rank-3 input, over four layouts in `f64` and row-major in `f32`.
#[test]
fn transforms_match_numpy_in_every_layout() {
    let data = expected();
    let (zr, zi, r) = (
        arr(&data["z"]["re"]),
        arr(&data["z"]["im"]),
        arr(&data["r"]),
    );
    let shape: [usize; 3] = r.shape.clone().try_into().unwrap();
    let z: Vec<Complex<f64>> =
        zr.f.iter()
            .zip(&zi.f)
            .map(|(&a, &b)| Complex::new(a, b))
            .collect();
    let z32: Vec<Complex<f32>> = z
        .iter()
        .map(|w| Complex::new(w.re as f32, w.im as f32))
        .collect();
    let r32: Vec<f32> = r.f.iter().map(|&x| x as f32).collect();
    let mut checked = 0;
    for v in data["cases"].as_array().unwrap() {
        let c = Case::new(v);
        let what = format!("{} of {} ({})", c.fun, c.input, v);
        match c.input {
            "z" => {
                let nan = Complex::new(f64::NAN, f64::NAN);
                for (layout, buf, strides, offset) in layouts_of(shape, &z, nan) {
                    let t = TensorView::from_raw_parts(
                        &buf[..],
                        Layout::from_parts(shape, strides, offset),
                    )
                    .unwrap();
                    c.check(run_complex(&c, t), 1e-12, &format!("{what}, {layout}"));
                }
                let t = TensorView::from_slice(&z32, shape).unwrap();
                c.check(run_complex(&c, t), 2e-6, &format!("{what}, f32"));
            }
            "r" => {
                for (layout, buf, strides, offset) in layouts_of(shape, &r.f, f64::NAN) {
                    let t = TensorView::from_raw_parts(
                        &buf[..],
                        Layout::from_parts(shape, strides, offset),
                    )
                    .unwrap();
                    c.check(run_real(&c, t), 1e-12, &format!("{what}, {layout}"));
                }
                let t = TensorView::from_slice(&r32, shape).unwrap();
                c.check(run_real(&c, t), 2e-6, &format!("{what}, f32"));
            }
            _ => continue,
        }
        checked += 1;
    }
    assert!(checked > 150, "{checked} cases");
}

/// The transforms of a vector of 13 points (a prime length: Rader's or Bluestein's algorithm).
#[test]
fn prime_lengths_match_numpy() {
    let data = expected();
    let p = arr(&data["p"]);
    let t = Tensor::<f64, 1>::from_vec(p.f.clone(), [13]).unwrap();
    let reversed: Vec<f64> = p.f.iter().rev().copied().collect();
    let rev =
        TensorView::from_raw_parts(&reversed[..], Layout::from_parts([13], [-1], 12)).unwrap();
    for v in data["cases"].as_array().unwrap() {
        let c = Case::new(v);
        if c.input != "p" {
            continue;
        }
        for (name, x) in [("row-major", t.view()), ("reversed", rev)] {
            let got: (Vec<usize>, Vec<(f64, f64)>) = match c.fun {
                "fft" => {
                    let y = fft::fft(&x, Axis::<0>, c.n(), c.norm).unwrap();
                    (y.shape().to_vec(), y.iter().map(|z| (z.re, z.im)).collect())
                }
                "rfft" => {
                    let y = fft::rfft(&x, Axis::<0>, c.n(), c.norm).unwrap();
                    (y.shape().to_vec(), y.iter().map(|z| (z.re, z.im)).collect())
                }
                "irfft" => {
                    let y = fft::irfft(&x, Axis::<0>, c.n(), c.norm).unwrap();
                    (y.shape().to_vec(), y.iter().map(|&a| (a, 0.0)).collect())
                }
                other => panic!("fn {other}"),
            };
            c.check(got, 1e-12, &format!("{} of p ({v}), {name}", c.fun));
        }
    }
}

/// `fftfreq` and `rfftfreq` bit for bit, and `fftshift`/`ifftshift` over sets of axes.
#[test]
fn frequencies_and_shifts_match_numpy() {
    let data = expected();
    for f in data["freqs"].as_array().unwrap() {
        let (n, d) = (f["n"].as_u64().unwrap() as usize, f["d"].as_f64().unwrap());
        assert_eq!(
            fft::fftfreq(n, d).to_vec(),
            arr(&f["fftfreq"]).f,
            "fftfreq({n}, {d})"
        );
        assert_eq!(
            fft::rfftfreq(n, d).to_vec(),
            arr(&f["rfftfreq"]).f,
            "rfftfreq({n}, {d})"
        );
        let f32s: Vec<f32> = arr(&f["fftfreq"]).f.iter().map(|&x| x as f32).collect();
        let got = fft::fftfreq(n, d as f32).to_vec();
        assert!(
            got.iter()
                .zip(&f32s)
                .all(|(a, b)| (a - b).abs() <= 1e-6 * b.abs().max(1.0))
        );
    }
    let r = arr(&data["r"]);
    let shape: [usize; 3] = r.shape.clone().try_into().unwrap();
    for s in data["shifts"].as_array().unwrap() {
        let axes: Vec<usize> = s["axes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a.as_u64().unwrap() as usize)
            .collect();
        for (layout, buf, strides, offset) in layouts_of(shape, &r.f, f64::NAN) {
            let t =
                TensorView::from_raw_parts(&buf[..], Layout::from_parts(shape, strides, offset))
                    .unwrap();
            let (fwd, back) = match axes.len() {
                0 => (fft::fftshift(&t, []), fft::ifftshift(&t, [])),
                1 => (fft::fftshift(&t, [axes[0]]), fft::ifftshift(&t, [axes[0]])),
                2 => (
                    fft::fftshift(&t, [axes[0], axes[1]]),
                    fft::ifftshift(&t, [axes[0], axes[1]]),
                ),
                _ => (
                    fft::fftshift(&t, [axes[0], axes[1], axes[2]]),
                    fft::ifftshift(&t, [axes[0], axes[1], axes[2]]),
                ),
            };
            assert_eq!(
                fwd.unwrap().to_vec(),
                arr(&s["fftshift"]).f,
                "fftshift {axes:?} {layout}"
            );
            assert_eq!(
                back.unwrap().to_vec(),
                arr(&s["ifftshift"]).f,
                "ifftshift {axes:?} {layout}"
            );
        }
    }
}

/// Empty tensors, no points, bad axes and sizes too large: errors naming what, never panics.
#[test]
fn edge_cases_are_numpy_results_or_errors() {
    // An empty other axis: no lanes, a result of the right shape (NumPy gives (0, 3) too).
    let empty = Tensor::<f64, 2>::zeros([0, 3]);
    assert_eq!(
        fft::fft(&empty, Axis::<1>, None, Norm::Backward)
            .unwrap()
            .shape(),
        &[0, 3]
    );
    assert_eq!(
        fft::rfft(&empty, Axis::<1>, Some(8), Norm::Backward)
            .unwrap()
            .shape(),
        &[0, 5]
    );
    assert_eq!(
        fft::irfft(&empty, Axis::<1>, None, Norm::Backward)
            .unwrap()
            .shape(),
        &[0, 4]
    );
    // An empty transformed axis, or n = 0: NumPy's "Invalid number of FFT data points (0)".
    let err = fft::fft(&empty, Axis::<0>, None, Norm::Backward).unwrap_err();
    assert_eq!((err.kind(), err.axis()), (ErrorKind::NoPoints, Some(0)));
    assert!(err.to_string().contains("at least one point"), "{err}");
    // Padding an empty axis gives zeros.
    let padded = fft::fft(&empty, Axis::<0>, Some(2), Norm::Backward).unwrap();
    assert_eq!(padded.shape(), &[2, 3]);
    assert!(padded.iter().all(|z| z.re == 0.0 && z.im == 0.0));
    let one = Tensor::<f64, 1>::ones([1]);
    let err = fft::irfft(&one, Axis::<0>, None, Norm::Backward).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::NoPoints);
    assert_eq!(
        fft::irfft(&one, Axis::<0>, Some(1), Norm::Backward)
            .unwrap()
            .to_vec(),
        [1.0]
    );
    let x = Tensor::<f32, 2>::ones([2, 2]);
    assert_eq!(
        fft::fftn(&x, [0, 2], None, Norm::Backward)
            .unwrap_err()
            .kind(),
        ErrorKind::InvalidAxis
    );
    assert_eq!(
        fft::fftn(&x, [1, 1], None, Norm::Backward)
            .unwrap_err()
            .kind(),
        ErrorKind::RepeatedAxis
    );
    assert_eq!(
        fft::rfftn(&x, [], None, Norm::Backward).unwrap_err().kind(),
        ErrorKind::NoPoints
    );
    assert_eq!(
        fft::fftshift(&x, [2]).unwrap_err().kind(),
        ErrorKind::InvalidAxis
    );
    // A padded length whose result cannot exist: an error, not an abort.
    let err = fft::fft(&x, Axis::<1>, Some(usize::MAX / 2), Norm::Backward).unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::Overflow | ErrorKind::Allocation),
        "{err}"
    );
    let err = fft::rfft(&x, Axis::<1>, Some(1 << 61), Norm::Backward).unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::Overflow | ErrorKind::Allocation),
        "{err}"
    );
    assert_eq!(fft::fftfreq(0, 1.0f64).shape(), &[0]);
    assert_eq!(fft::rfftfreq(0, 1.0f64).to_vec(), [0.0]);
}

/// NaN and infinities spread as in NumPy: a NaN input makes every output of its lane NaN,
/// and the lanes without one are untouched.
#[test]
fn nan_stays_in_its_lane() {
    let t = Tensor::<f64, 2>::from_vec(vec![1.0, f64::NAN, 3.0, 1.0, 2.0, 3.0], [2, 3]).unwrap();
    let y = fft::fft(&t, Axis::<1>, None, Norm::Backward).unwrap();
    assert!(y.iter().take(3).all(|z| z.re.is_nan()));
    assert_eq!(y[[1, 0]].re, 6.0);
}

/// Lanes in blocks: along each axis of a `[40, 33, 3]` tensor (several blocks of lanes per row
/// of the walk, a last block cut short), every transform equals the transform of that lane
/// alone, copied out as a vector, bit for bit; a lane longer than a block's room is a block
/// of its own.
#[test]
fn blocked_lanes_equal_single_lanes() {
    let t = Tensor::<f64, 3>::from_fn([40, 33, 3], |[i, j, k]| {
        ((i * 131 + j * 17 + k * 7) % 97) as f64 / 9.0 - 5.0
    });
    let lane = |axis: usize, at: [usize; 3]| -> Tensor<f64, 1> {
        let len = t.shape()[axis];
        Tensor::from_fn([len], |[i]| {
            let mut idx = at;
            idx[axis] = i;
            t[idx]
        })
    };
    let check = |axis: usize, got: &Tensor<Complex<f64>, 3>, n: usize| {
        for i in 0..t.shape()[0] {
            for j in 0..t.shape()[1] {
                for k in 0..t.shape()[2] {
                    let mut at = [i, j, k];
                    if at[axis] != 0 {
                        continue;
                    }
                    let want = fft::fft(&lane(axis, at), Axis::<0>, Some(n), Norm::Ortho).unwrap();
                    for (p, w) in want.iter().enumerate() {
                        at[axis] = p;
                        assert_eq!(got[at], *w, "axis {axis}, lane {:?}", [i, j, k]);
                    }
                }
            }
        }
    };
    check(
        0,
        &fft::fft(&t, Axis::<0>, Some(45), Norm::Ortho).unwrap(),
        45,
    );
    check(
        1,
        &fft::fft(&t, Axis::<1>, Some(20), Norm::Ortho).unwrap(),
        20,
    );
    check(2, &fft::fft(&t, Axis::<2>, None, Norm::Ortho).unwrap(), 3);
    let column = Tensor::<f64, 2>::from_fn([40_000, 3], |[i, j]| ((i * 7 + j) % 13) as f64);
    let got = fft::rfft(&column, Axis::<0>, None, Norm::Backward).unwrap();
    for j in 0..3 {
        let alone = Tensor::from_fn([40_000], |[i]| column[[i, j]]);
        let want = fft::rfft(&alone, Axis::<0>, None, Norm::Backward).unwrap();
        assert!((0..20_001).all(|p| got[[p, j]] == want[[p]]), "column {j}");
    }
}

/// The `_into` forms write what the new-tensor forms return, bit for bit: into a C-contiguous
/// output (in its own memory) and into a transposed one (through a copy), along each axis of
/// a contiguous and of a transposed input, with and without `n`; an output of another shape is
/// an error that leaves it untouched.
#[test]
fn into_forms_equal_new_tensors() {
    let x = Tensor::<f64, 3>::from_fn([6, 5, 4], |[i, j, k]| {
        ((i * 31 + j * 7 + k * 3) % 11) as f64 / 3.0 - 1.5
    });
    let z = x.map(|&v| Complex::new(v, 0.5 - v));
    /// `$new` and `$into` along axis `$a` of `$t`, compared through both kinds of output.
    macro_rules! same {
        ($new:path, $into:path, $t:expr, $a:expr, $n:expr) => {{
            let want = $new(&$t, $a, $n, Norm::Ortho).unwrap();
            let mut out = want.map(|_| Default::default());
            $into(&$t, $a, $n, Norm::Ortho, &mut out).unwrap();
            assert_eq!(out, want, "{}", stringify!($into));
            let s = *want.shape();
            let mut back = Tensor::from_fn([s[2], s[1], s[0]], |_| Default::default());
            $into(
                &$t,
                $a,
                $n,
                Norm::Ortho,
                &mut back.view_mut().permute([2, 1, 0]).unwrap(),
            )
            .unwrap();
            assert_eq!(
                back.view().permute([2, 1, 0]).unwrap(),
                want.view(),
                "{} transposed",
                stringify!($into)
            );
        }};
    }
    macro_rules! every_axis {
        ($t:expr, $z:expr, $n:expr) => {{
            same!(fft::fft, fft::fft_into, $t, Axis::<0>, $n);
            same!(fft::ifft, fft::ifft_into, $z, Axis::<1>, $n);
            same!(fft::rfft, fft::rfft_into, $t, Axis::<2>, $n);
            same!(fft::rfft, fft::rfft_into, $t, Axis::<0>, $n);
            same!(fft::ihfft, fft::ihfft_into, $t, Axis::<1>, $n);
            same!(fft::irfft, fft::irfft_into, $z, Axis::<2>, $n);
            same!(fft::irfft, fft::irfft_into, $z, Axis::<0>, $n);
            same!(fft::hfft, fft::hfft_into, $z, Axis::<1>, $n);
        }};
    }
    every_axis!(x, z, None);
    every_axis!(x, z, Some(7));
    let (xt, zt) = (
        x.view().permute([2, 0, 1]).unwrap(),
        z.view().permute([1, 2, 0]).unwrap(),
    );
    every_axis!(xt, zt, None);
    every_axis!(xt, zt, Some(3));

    let mut wrong: Tensor<Complex<f64>, 3> = Tensor::from_fn([6, 5, 4], |_| Complex::new(9.0, 9.0));
    let err = fft::rfft_into(&x, Axis::<2>, None, Norm::Backward, &mut wrong).unwrap_err();
    assert_eq!(
        (err.kind(), err.axis(), err.expected(), err.found()),
        (ErrorKind::SizeMismatch, Some(2), 3, 4)
    );
    assert!(wrong.iter().all(|c| *c == Complex::new(9.0, 9.0)));
    let err = fft::fft_into(&x, Axis::<0>, Some(0), Norm::Backward, &mut wrong).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::NoPoints);
}

/// Results of 8 MiB or more along an axis whose lanes lie side by side (axis 0 of a matrix)
/// go to memory with non-temporal stores: `rfft`, `rfft_into` and `irfft` there, in `f64`
/// (16- and 8-byte results) and `f32`, equal the transforms of the same lanes made contiguous
/// (axis 1 of the transpose, whose results go straight into place), bit for bit.
#[test]
fn large_results_across_lanes_equal_contiguous_lanes() {
    fn check<T: FftFloat>(cols: usize) {
        let x = Tensor::<T, 2>::from_fn([16, cols], |[i, j]| {
            T::from((i * 131 + j * 17) % 97).unwrap() / T::from(9).unwrap()
        });
        let across = fft::rfft(&x, Axis::<0>, None, Norm::Backward).unwrap();
        let xt = x.view().t().to_contiguous();
        let along = fft::rfft(&xt, Axis::<1>, None, Norm::Backward).unwrap();
        assert_eq!(across.view(), along.view().t(), "rfft");
        let mut out = across.map(|_| Complex::new(T::zero(), T::zero()));
        fft::rfft_into(&x, Axis::<0>, None, Norm::Backward, &mut out).unwrap();
        assert_eq!(out, across, "rfft_into");
        let back = fft::irfft(&across, Axis::<0>, Some(16), Norm::Backward).unwrap();
        let back_along = fft::irfft(&along, Axis::<1>, Some(16), Norm::Backward).unwrap();
        assert_eq!(back.view(), back_along.view().t(), "irfft");
    }
    // [9, 65 536] complex `f64` results (9 MiB), [16, 65 536] `f64` (8 MiB) from `irfft`.
    check::<f64>(1 << 16);
    // [9, 131 072] complex `f32` results (9 MiB).
    check::<f32>(1 << 17);
}
