//! NumPy's element-wise functions where Rust defines a function of a similar name differently,
//! against NumPy (`tests/data/standard/expected.json`, written by `make_expected.py` beside
//! it): `round` (halves to even), `sign` (0 for ±0), `remainder` and `floor_divide` (the
//! divisor's sign), `clip` with NaN and missing bounds, and `hypot`, `copysign`, `logaddexp`,
//! `nextafter`, `pow`, `square`, `signbit`, `is_inf`, `asinh`, `acosh`, `atanh`, over signed
//! zeros, infinities, NaN, halves, subnormal and huge values, in `f64` and `f32`, in four
//! layouts (row-major, column-major, reversed, strided) and empty; the integer shifts by
//! negative amounts and past the width; and the creation functions. `RANKED_STANDARD_EXPECTED` names
//! another results file.

use std::sync::OnceLock;

use ranked::{Tensor, TensorView};
use serde_json::Value;

use crate::common::fixture::{arr, layouts_of};

pub(crate) fn expected() -> &'static Value {
    static DATA: OnceLock<Value> = OnceLock::new();
    DATA.get_or_init(|| {
        let path = std::env::var("RANKED_STANDARD_EXPECTED").unwrap_or_else(|_| {
            concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/tests/data/standard/expected.json"
            )
            .into()
        });
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
    })
}

/// The functions computed from a correctly rounded or exact rule (bit for bit against NumPy),
/// and those from a maths library (within 4 units in the last place: NumPy's kernels and
/// Rust's `libm` or C library round differently in the last bits).
pub(crate) fn agree(got: &[f64], want: &[f64], ulps: f64, what: &str) {
    assert_eq!(got.len(), want.len(), "{what}");
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        let same = g.to_bits() == w.to_bits() || (g.is_nan() && w.is_nan());
        let near = w.is_finite() && g.is_finite() && (g - w).abs() <= ulps * w.abs();
        assert!(
            same || near,
            "{what}: element {i}: {g:e} against NumPy's {w:e}"
        );
    }
}

macro_rules! standard_matches_numpy {
    ($test:ident, $t:ty, $key:literal) => {
        #[test]
        fn $test() {
            let data = &expected()[$key];
            let get = |k: &str| arr(&data[k]);
            let floats = |k: &str| get(k).f;
            let bools = |k: &str| get(k).b;
            let eps = f64::from(<$t>::EPSILON);
            let x = get("x");
            let shape: [usize; 2] = x.shape.clone().try_into().unwrap();
            let xs: Vec<$t> = x.f.iter().map(|&v| v as $t).collect();
            let wide = |t: Tensor<$t, 2>| -> Vec<f64> { t.iter().map(|&v| f64::from(v)).collect() };
            for (name, buf, strides, offset) in layouts_of(shape, &xs, <$t>::NAN) {
                let v = TensorView::from_slice_with_strides(&buf, shape, strides, offset).unwrap();
                let what = |f: &str| format!("{} {f} ({name})", $key);
                agree(&wide(v.round()), &floats("round"), 0.0, &what("round"));
                agree(
                    &wide(v.round_ties_even()),
                    &floats("round"),
                    0.0,
                    &what("round_ties_even"),
                );
                agree(&wide(v.sign()), &floats("sign"), 0.0, &what("sign"));
                agree(&wide(v.square()), &floats("square"), 0.0, &what("square"));
                assert_eq!(
                    v.signbit().to_vec(),
                    bools("signbit"),
                    "{}",
                    what("signbit")
                );
                assert_eq!(v.is_inf().to_vec(), bools("isinf"), "{}", what("isinf"));
                agree(
                    &wide(v.asinh()),
                    &floats("asinh"),
                    4.0 * eps,
                    &what("asinh"),
                );
                agree(
                    &wide(v.acosh()),
                    &floats("acosh"),
                    4.0 * eps,
                    &what("acosh"),
                );
                agree(
                    &wide(v.atanh()),
                    &floats("atanh"),
                    4.0 * eps,
                    &what("atanh"),
                );
                let bounds = expected()["clip_bounds"].as_array().unwrap();
                for (i, pair) in bounds.iter().enumerate() {
                    let bound = |b: &Value| -> Option<$t> {
                        match b {
                            Value::Null => None,
                            Value::String(s) => Some(s.parse::<$t>().unwrap()),
                            n => Some(n.as_f64().unwrap() as $t),
                        }
                    };
                    let (lo, hi) = (bound(&pair[0]), bound(&pair[1]));
                    let key = format!("clip{i}");
                    agree(&wide(v.clip(lo, hi)), &floats(&key), 0.0, &what(&key));
                    if let (Some(lo), Some(hi)) = (lo, hi) {
                        agree(&wide(v.clamp(lo, hi)), &floats(&key), 0.0, &what("clamp"));
                    }
                }
                // The in-place forms give the same.
                let mut owned = v.to_contiguous();
                owned.round_inplace();
                agree(&wide(owned), &floats("round"), 0.0, &what("round_inplace"));
                let mut owned = v.to_contiguous();
                owned.sign_inplace();
                agree(&wide(owned), &floats("sign"), 0.0, &what("sign_inplace"));
            }
            let (a, b) = (get("a"), get("b"));
            let grid: [usize; 2] = a.shape.clone().try_into().unwrap();
            let av: Vec<$t> = a.f.iter().map(|&v| v as $t).collect();
            let bv: Vec<$t> = b.f.iter().map(|&v| v as $t).collect();
            let la = layouts_of(grid, &av, <$t>::NAN);
            let lb = layouts_of(grid, &bv, <$t>::NAN);
            for ((name, ba, sa, oa), (_, bb, sb, ob)) in la.into_iter().zip(lb) {
                let x = TensorView::from_slice_with_strides(&ba, grid, sa, oa).unwrap();
                let y = TensorView::from_slice_with_strides(&bb, grid, sb, ob).unwrap();
                let what = |f: &str| format!("{} {f} ({name})", $key);
                let exact = [
                    ("remainder", x.remainder(&y).unwrap()),
                    ("floor_divide", x.floor_divide(&y).unwrap()),
                    ("copysign", x.copysign(&y).unwrap()),
                    ("nextafter", x.nextafter(&y).unwrap()),
                ];
                for (f, got) in exact {
                    agree(&wide(got), &floats(f), 0.0, &what(f));
                }
                let near = [
                    ("hypot", x.hypot(&y).unwrap()),
                    ("logaddexp", x.logaddexp(&y).unwrap()),
                    ("pow", x.pow(&y).unwrap()),
                ];
                for (f, got) in near {
                    agree(&wide(got), &floats(f), 4.0 * eps, &what(f));
                }
            }
            // Broadcasting: one row of divisors against every row.
            let x = TensorView::from_slice(&av, grid).unwrap();
            let row = TensorView::from_slice(&bv[..12], [12]).unwrap();
            let r: Tensor<$t, 2> = x.remainder(&row).unwrap();
            agree(&wide(r), &floats("remainder"), 0.0, "remainder, broadcast");
            // Empty tensors give empty results.
            let empty: Tensor<$t, 2> = Tensor::zeros([0, 3]);
            assert_eq!(empty.round().shape(), &[0, 3]);
            assert_eq!(empty.remainder(&empty).unwrap().shape(), &[0, 3]);
            assert!(
                x.remainder(&TensorView::from_slice(&bv[..5], [5]).unwrap())
                    .is_err()
            );
        }
    };
}

standard_matches_numpy!(f64_functions_match_numpy_in_every_layout, f64, "f64");
standard_matches_numpy!(f32_functions_match_numpy_in_every_layout, f32, "f32");

/// `tril` and `triu` of a stack of matrices at every diagonal offset (beyond the matrix too),
/// in four layouts; `eye_rect` (NumPy's `eye(N, M, k)`); `linspace_with` without the end point
/// (NumPy's `endpoint=False`), bit for bit; and the `_like` constructors.
#[test]
fn creation_functions_match_numpy() {
    let data = &expected()["creation"];
    let get = |k: &str| arr(&data[k]).f;
    let stack = arr(&data["stack"]);
    let shape: [usize; 3] = stack.shape.clone().try_into().unwrap();
    for (name, buf, strides, offset) in layouts_of(shape, &stack.f, f64::NAN) {
        let a = TensorView::from_slice_with_strides(&buf, shape, strides, offset).unwrap();
        for k in [-5isize, -2, -1, 0, 1, 3, 10] {
            agree(
                &a.tril(k).to_vec(),
                &get(&format!("tril{k}")),
                0.0,
                &format!("tril {k} ({name})"),
            );
            agree(
                &a.triu(k).to_vec(),
                &get(&format!("triu{k}")),
                0.0,
                &format!("triu {k} ({name})"),
            );
        }
    }
    for (n, m, k) in [
        (3, 3, 0),
        (2, 4, 1),
        (4, 2, -1),
        (3, 5, -4),
        (0, 3, 0),
        (3, 2, 7),
    ] {
        let e: Tensor<f64, 2> = Tensor::eye_rect(n, m, k);
        assert_eq!(e.shape(), &[n, m]);
        agree(
            &e.to_vec(),
            &get(&format!("eye{n}_{m}_{k}")),
            0.0,
            "eye_rect",
        );
    }
    let cases = [
        (0.0, 1.0, 4, "0.0_1.0_4"),
        (-3.0, 7.0, 7, "-3.0_7.0_7"),
        (1.0, 1.0, 3, "1.0_1.0_3"),
        (0.0, 1.0, 1, "0.0_1.0_1"),
        (0.0, 1.0, 0, "0.0_1.0_0"),
        (2.5, -1.5, 9, "2.5_-1.5_9"),
        (0.0, 1e-320, 5, "0.0_1e-320_5"),
    ];
    for (start, stop, n, key) in cases {
        let l: Tensor<f64, 1> = Tensor::linspace_with(start, stop, n, false);
        agree(
            &l.to_vec(),
            &get(&format!("linspace{key}")),
            0.0,
            &format!("linspace {key}"),
        );
    }
    let t = ranked::tensor![[1.5f32, 2.5, 3.5]];
    assert_eq!(t.zeros_like(), ranked::tensor![[0.0f32, 0.0, 0.0]]);
    assert_eq!(t.ones_like(), ranked::tensor![[1.0f32, 1.0, 1.0]]);
    assert_eq!(t.view().t().full_like(7u8).shape(), &[3, 1]);
}

macro_rules! shifts_match_numpy {
    ($test:ident, $t:ty, $key:literal) => {
        /// `left_shift` and `right_shift` against NumPy's, every amount against every value
        /// (negative amounts and amounts past the width included), and `wrapping_abs`
        /// against NumPy's `abs` (the minimum wraps), in four layouts.
        #[test]
        fn $test() {
            let data = &expected()["shifts"][$key];
            let ints = |k: &str| -> (Vec<usize>, Vec<$t>) {
                let a = arr(&data[k]);
                (a.shape, a.i.iter().map(|&v| v as $t).collect())
            };
            let (shape, x) = ints("x");
            let shape: [usize; 2] = shape.try_into().unwrap();
            let (_, n) = ints("n");
            let (left, right) = (ints("left").1, ints("right").1);
            let lx = layouts_of(shape, &x, 0 as $t);
            let ln = layouts_of(shape, &n, 0 as $t);
            for ((name, bx, sx, ox), (_, bn, sn, on)) in lx.into_iter().zip(ln) {
                let a = TensorView::from_slice_with_strides(&bx, shape, sx, ox).unwrap();
                let b = TensorView::from_slice_with_strides(&bn, shape, sn, on).unwrap();
                assert_eq!(
                    a.left_shift(&b).unwrap().to_vec(),
                    left,
                    "{} left_shift ({name})",
                    $key
                );
                assert_eq!(
                    a.right_shift(&b).unwrap().to_vec(),
                    right,
                    "{} right_shift ({name})",
                    $key
                );
                assert_eq!(
                    a.wrapping_abs().to_vec(),
                    ints("abs").1,
                    "{} abs ({name})",
                    $key
                );
                let mut owned = a.to_owned();
                owned.wrapping_abs_inplace();
                assert_eq!(owned.to_vec(), ints("abs").1, "{} abs in place", $key);
            }
        }
    };
}

shifts_match_numpy!(i8_shifts_match_numpy, i8, "i8");
shifts_match_numpy!(i32_shifts_match_numpy, i32, "i32");
shifts_match_numpy!(u8_shifts_match_numpy, u8, "u8");

/// `diff` at every order along both axes (beyond the length too), `cross` with broadcasting,
/// `isin` with NaN and signed zeros, `all_axis`/`any_axis`, `try_argmax_flat`/
/// `try_argmin_flat` (NaN first), and `cumulative_sum`/`cumulative_prod` with and without
/// `include_initial`, against NumPy, in four layouts.
#[test]
fn differences_membership_and_flat_arguments_match_numpy() {
    use ranked::Axis;
    let data = &expected()["more"];
    let get = |k: &str| arr(&data[k]);
    let m = get("m");
    let shape: [usize; 2] = m.shape.clone().try_into().unwrap();
    for (name, buf, strides, offset) in layouts_of(shape, &m.f, f64::NAN) {
        let v = TensorView::from_slice_with_strides(&buf, shape, strides, offset).unwrap();
        for n in [0usize, 1, 2, 4, 7] {
            let rows = v.diff(Axis::<0>, n);
            let want = get(&format!("diff0_{n}"));
            assert_eq!(rows.shape().to_vec(), want.shape, "diff0 {n} ({name})");
            agree(&rows.to_vec(), &want.f, 0.0, &format!("diff0 {n} ({name})"));
            let cols = v.diff(Axis::<1>, n);
            let want = get(&format!("diff1_{n}"));
            assert_eq!(cols.shape().to_vec(), want.shape, "diff1 {n} ({name})");
            agree(&cols.to_vec(), &want.f, 0.0, &format!("diff1 {n} ({name})"));
        }
    }
    let (u, v) = (get("u"), get("v"));
    let u = Tensor::<f64, 3>::from_vec(u.f, u.shape.try_into().unwrap()).unwrap();
    let v = Tensor::<f64, 2>::from_vec(v.f, v.shape.try_into().unwrap()).unwrap();
    let c: Tensor<f64, 3> = u.cross(&v).unwrap();
    let want = get("cross");
    assert_eq!(c.shape().to_vec(), want.shape);
    agree(&c.to_vec(), &want.f, 4.0 * f64::EPSILON, "cross");
    let err = u
        .cross(&v.view().slice_axis(Axis::<1>, 0..2, 1).unwrap())
        .unwrap_err();
    assert_eq!(
        (err.operand(), err.axis(), err.found()),
        (Some(1), Some(1), 2)
    );
    let members = get("members");
    let ms: [usize; 2] = members.shape.clone().try_into().unwrap();
    let pool = get("pool");
    let pool = Tensor::<f64, 1>::from_vec(pool.f.clone(), [pool.f.len()]).unwrap();
    for (name, buf, strides, offset) in layouts_of(ms, &members.f, f64::NAN) {
        let t = TensorView::from_slice_with_strides(&buf, ms, strides, offset).unwrap();
        assert_eq!(t.isin(&pool).to_vec(), get("isin").b, "isin ({name})");
    }
    let flags = get("flags");
    let fs: [usize; 2] = flags.shape.clone().try_into().unwrap();
    for (name, buf, strides, offset) in layouts_of(fs, &flags.b, false) {
        let t = TensorView::from_slice_with_strides(&buf, fs, strides, offset).unwrap();
        assert_eq!(
            t.all_axis(Axis::<0>).to_vec(),
            get("all0").b,
            "all0 ({name})"
        );
        assert_eq!(
            t.all_axis(Axis::<1>).to_vec(),
            get("all1").b,
            "all1 ({name})"
        );
        assert_eq!(
            t.any_axis(Axis::<0>).to_vec(),
            get("any0").b,
            "any0 ({name})"
        );
        assert_eq!(
            t.any_axis(Axis::<1>).to_vec(),
            get("any1").b,
            "any1 ({name})"
        );
    }
    for key in ["m", "nan_m"] {
        let a = get(&format!("{key}_arr"));
        let s: [usize; 2] = a.shape.clone().try_into().unwrap();
        for (name, buf, strides, offset) in layouts_of(s, &a.f, f64::NAN) {
            let t = TensorView::from_slice_with_strides(&buf, s, strides, offset).unwrap();
            let (hi, lo) = (
                get(&format!("{key}_argmax")).i[0],
                get(&format!("{key}_argmin")).i[0],
            );
            assert_eq!(
                t.try_argmax_flat(),
                Ok(hi as usize),
                "{key} argmax ({name})"
            );
            assert_eq!(
                t.try_argmin_flat(),
                Ok(lo as usize),
                "{key} argmin ({name})"
            );
        }
    }
    let ints = get("ints");
    let is: [usize; 2] = ints.shape.clone().try_into().unwrap();
    for (name, buf, strides, offset) in layouts_of(is, &ints.i, 0) {
        let t = TensorView::from_slice_with_strides(&buf, is, strides, offset).unwrap();
        for init in [false, true] {
            let check = |got: Tensor<i64, 2>, key: String| {
                let want = get(&key);
                assert_eq!(got.shape().to_vec(), want.shape, "{key} ({name})");
                assert_eq!(got.to_vec(), want.i, "{key} ({name})");
            };
            let key =
                |f: &str, axis: usize| format!("{f}{axis}_{}", if init { "True" } else { "False" });
            check(
                t.cumulative_sum(Axis::<0>, init).unwrap(),
                key("cumulative_sum", 0),
            );
            check(
                t.cumulative_sum(Axis::<1>, init).unwrap(),
                key("cumulative_sum", 1),
            );
            check(
                t.cumulative_prod(Axis::<0>, init).unwrap(),
                key("cumulative_prod", 0),
            );
            check(
                t.cumulative_prod(Axis::<1>, init).unwrap(),
                key("cumulative_prod", 1),
            );
        }
    }
    let none: Tensor<f64, 2> = Tensor::zeros([0, 3]);
    let c = none.cumulative_sum(Axis::<0>, true).unwrap();
    let want = get("cumulative_sum_empty");
    assert_eq!((c.shape().to_vec(), c.to_vec()), (want.shape, want.f));
    let empty: Tensor<f64, 2> = Tensor::zeros([0, 4]);
    assert!(empty.try_argmax_flat().is_err());
    let no_flags: Tensor<bool, 2> = Tensor::from_elem([0, 4], true);
    assert_eq!(no_flags.all_axis(Axis::<0>).to_vec(), [true; 4]);
    assert_eq!(no_flags.any_axis(Axis::<0>).to_vec(), [false; 4]);
}

/// `moveaxis` for every pair of axes of a rank-3 tensor, `unstack` along each axis, and
/// `meshgrid`/`meshgrid3` in both indexings, against NumPy (the grids are broadcast views:
/// their strides along the broadcast axes are 0).
#[test]
fn moveaxis_unstack_and_meshgrid_match_numpy() {
    use ranked::{Axis, Indexing, meshgrid, meshgrid3};
    let data = &expected()["grids"];
    let get = |k: &str| arr(&data[k]);
    let t = get("t");
    let t = Tensor::<f64, 3>::from_vec(t.f, t.shape.try_into().unwrap()).unwrap();
    let check = |got: TensorView<'_, f64, 3>, key: &str| {
        let want = get(key);
        assert_eq!(got.shape().to_vec(), want.shape, "{key}");
        assert_eq!(got.to_vec(), want.f, "{key}");
    };
    check(t.view().moveaxis(Axis::<0>, Axis::<0>), "moveaxis00");
    check(t.view().moveaxis(Axis::<0>, Axis::<1>), "moveaxis01");
    check(t.view().moveaxis(Axis::<0>, Axis::<2>), "moveaxis02");
    check(t.view().moveaxis(Axis::<1>, Axis::<0>), "moveaxis10");
    check(t.view().moveaxis(Axis::<1>, Axis::<1>), "moveaxis11");
    check(t.view().moveaxis(Axis::<1>, Axis::<2>), "moveaxis12");
    check(t.view().moveaxis(Axis::<2>, Axis::<0>), "moveaxis20");
    check(t.view().moveaxis(Axis::<2>, Axis::<1>), "moveaxis21");
    check(t.view().moveaxis(Axis::<2>, Axis::<2>), "moveaxis22");
    // Tuples of axes, as NumPy's moveaxis(a, (s, …), (d, …)).
    let t4 = get("t4");
    let t4 = Tensor::<f64, 4>::from_vec(t4.f, [2, 3, 4, 5]).unwrap();
    let check4 = |got: TensorView<'_, f64, 4>, key: &str| {
        let want = get(key);
        assert_eq!(
            (got.shape().to_vec(), got.to_vec()),
            (want.shape, want.f),
            "{key}"
        );
    };
    let v = t4.view();
    check4(
        v.moveaxes((Axis::<0>, Axis::<1>), (Axis::<3>, Axis::<2>)),
        "moveaxes01_32",
    );
    check4(
        v.moveaxes((Axis::<3>, Axis::<0>), (Axis::<0>, Axis::<3>)),
        "moveaxes30_03",
    );
    check4(
        v.moveaxes(
            (Axis::<1>, Axis::<2>, Axis::<3>),
            (Axis::<0>, Axis::<1>, Axis::<2>),
        ),
        "moveaxes123_012",
    );
    check4(v.moveaxes((Axis::<2>,), (Axis::<0>,)), "moveaxes2_0");
    check4(
        v.moveaxes(
            (Axis::<0>, Axis::<1>, Axis::<2>, Axis::<3>),
            (Axis::<3>, Axis::<1>, Axis::<0>, Axis::<2>),
        ),
        "moveaxes0123_3102",
    );
    check4(
        v.roll_axes((Axis::<0>, Axis::<3>), [1, -2]).unwrap().view(),
        "roll03",
    );
    check4(
        v.roll_axes((Axis::<2>, Axis::<1>, Axis::<3>), [5, 7, -1])
            .unwrap()
            .view(),
        "roll213",
    );
    let vt = v.permute([3, 2, 1, 0]).unwrap();
    check4(
        vt.roll_axes((Axis::<1>, Axis::<2>), [-3, 2])
            .unwrap()
            .view(),
        "roll_t_12",
    );
    check4(v.roll_flat(7).unwrap().view(), "roll_flat7");
    check4(vt.roll_flat(-133).unwrap().view(), "roll_flat_t");
    let err = v.roll_axes((Axis::<1>, Axis::<2>), [1]).unwrap_err();
    assert_eq!(err.kind(), ranked::ErrorKind::CountMismatch);
    let flat = |parts: Vec<TensorView<'_, f64, 2>>| -> Vec<f64> {
        parts.iter().flat_map(|p| p.to_vec()).collect()
    };
    assert_eq!(flat(t.unstack(Axis::<0>)), get("unstack0").f);
    assert_eq!(flat(t.unstack(Axis::<1>)), get("unstack1").f);
    assert_eq!(flat(t.unstack(Axis::<2>)), get("unstack2").f);
    let vector = |k: &str| Tensor::<f64, 1>::from_vec(get(k).f, [get(k).f.len()]).unwrap();
    let (x, y, z) = (vector("gx"), vector("gy"), vector("gz"));
    for (indexing, key) in [(Indexing::Xy, "xy"), (Indexing::Ij, "ij")] {
        let (a, b) = meshgrid(x.view(), y.view(), indexing).unwrap();
        let want = get(&format!("mesh2_{key}"));
        assert_eq!(
            a.shape().to_vec(),
            want.shape[1..].to_vec(),
            "meshgrid {key}"
        );
        let got: Vec<f64> = a.to_vec().into_iter().chain(b.to_vec()).collect();
        assert_eq!(got, want.f, "meshgrid {key}");
        assert!(
            a.strides().contains(&0) && b.strides().contains(&0),
            "views"
        );
        let (a, b, c) = meshgrid3(x.view(), y.view(), z.view(), indexing).unwrap();
        let want = get(&format!("mesh3_{key}"));
        assert_eq!(
            a.shape().to_vec(),
            want.shape[1..].to_vec(),
            "meshgrid3 {key}"
        );
        let got: Vec<f64> = [a, b, c].iter().flat_map(|g| g.to_vec()).collect();
        assert_eq!(got, want.f, "meshgrid3 {key}");
        // Any number of vectors: four (one of them reversed), and one.
        let w = vector("gw");
        let w_twice = w.view().flip(Axis::<0>).flip(Axis::<0>);
        let (a, b, c, d) = ranked::meshgrid!(indexing, x, y, z, w_twice).unwrap();
        let want = get(&format!("mesh4_{key}"));
        assert_eq!(
            a.shape().to_vec(),
            want.shape[1..].to_vec(),
            "meshgrid! {key}"
        );
        let got: Vec<f64> = [a.to_vec(), b.to_vec(), c.to_vec(), d.to_vec()].concat();
        assert_eq!(got, want.f, "meshgrid! {key}");
        let (same, ..) = ranked::meshgrid!(indexing, x, y, z).unwrap();
        assert_eq!(
            same,
            meshgrid3(x.view(), y.view(), z.view(), indexing).unwrap().0
        );
        let (alone,) = ranked::meshgrid!(indexing, z).unwrap();
        let want = get(&format!("mesh1_{key}"));
        assert_eq!(
            (alone.shape().to_vec(), alone.to_vec()),
            (want.shape[1..].to_vec(), want.f)
        );
    }
}

/// `broadcast_shapes!` of four shapes and `broadcast_arrays!` of three tensors against NumPy;
/// the arrays are views (stride 0 along the stretched axes) and a conflict is an error naming
/// the result axis.
#[test]
fn broadcast_shapes_and_arrays_match_numpy() {
    use ranked::{ErrorKind, broadcast_arrays, broadcast_shapes};
    let data = &expected()["grids"];
    let get = |k: &str| arr(&data[k]);
    let shape = broadcast_shapes!([8, 1, 1], [7, 1], [1, 5], [1, 1, 1]).unwrap();
    let want: Vec<usize> = get("broadcast_shape")
        .i
        .iter()
        .map(|&v| v as usize)
        .collect();
    assert_eq!(shape.to_vec(), want);
    let x = Tensor::<f64, 1>::from_vec(get("gx").f, [3]).unwrap();
    let y = Tensor::<f64, 2>::from_vec(vec![10.0, 20.0], [2, 1]).unwrap();
    let z = Tensor::<f64, 3>::from_vec(vec![0.5, 1.5], [2, 1, 1]).unwrap();
    let (a, b, c) = broadcast_arrays!(x, y, &z).unwrap();
    let want = get("broadcast_arrays");
    assert_eq!(a.shape().to_vec(), want.shape[1..].to_vec());
    let got: Vec<f64> = [a, b, c].iter().flat_map(|g| g.to_vec()).collect();
    assert_eq!(got, want.f);
    assert_eq!(a.strides(), &[0, 0, 1]);
    let (p, q) = x.broadcast_with(&y).unwrap();
    assert_eq!((p.shape(), q.strides()), (&[2, 3], &[1, 0]));
    let err = broadcast_arrays!(x, y, Tensor::<f64, 1>::zeros([4])).unwrap_err();
    assert_eq!(
        (err.kind(), err.axis()),
        (ErrorKind::BroadcastMismatch, Some(1))
    );
    let err = broadcast_shapes!([2, 3], [3], [4, 1]).unwrap_err();
    assert_eq!(
        (err.kind(), err.axis()),
        (ErrorKind::BroadcastMismatch, Some(0))
    );
}

/// `concatenate_flat` (NumPy's `concat(axis=None)`) of operands of different shapes, one
/// transposed and one reversed, against NumPy; no operands is an error.
#[test]
fn flat_concatenation_matches_numpy() {
    use ranked::{ErrorKind, concatenate_flat};
    let a = Tensor::<f64, 2>::from_fn([2, 3], |[i, j]| (i * 3 + j) as f64);
    let b = Tensor::<f64, 2>::from_fn([4, 2], |[i, j]| (10 + i * 2 + j) as f64);
    let reversed = b.view().flip(ranked::Axis::<0>).flip(ranked::Axis::<1>);
    let got = concatenate_flat(&[a.view(), b.view(), a.view().t(), reversed]).unwrap();
    assert_eq!(got.to_vec(), arr(&expected()["grids"]["concat_flat"]).f);
    let none: [TensorView<'_, f64, 2>; 0] = [];
    assert_eq!(
        concatenate_flat(&none).unwrap_err().kind(),
        ErrorKind::NoOperands
    );
}

/// `var`, `std`, `var_axis`, `std_axis`, `nanvar_axis` and `nanstd` with a float `ddof` (the
/// Array API's `correction`) against NumPy, to the last bits (NumPy sums in another order);
/// an integer `ddof` is the same as the float of its value; a correction leaving no positive
/// divisor is an error (NaN without NaN elements' forms).
#[test]
fn float_corrections_match_numpy() {
    use ranked::Axis;
    let data = &expected()["float_ddof"];
    let get = |k: &str| arr(&data[k]).f;
    let x = Tensor::<f64, 2>::from_vec(get("x"), [3, 4]).unwrap();
    let close = |got: &[f64], want: &[f64], what: &str| agree(got, want, 8.0 * f64::EPSILON, what);
    for c in [0.0, 0.5, 1.0, 1.5, 2.75] {
        let key = |k: &str| format!("{k}_{c:?}");
        close(&[x.var(c).unwrap()], &get(&key("var")), &key("var"));
        close(&[x.std(c).unwrap()], &get(&key("std")), &key("std"));
        close(
            &x.var_axis(Axis::<0>, c).unwrap().to_vec(),
            &get(&key("var0")),
            &key("var0"),
        );
        close(
            &x.var_axis(Axis::<1>, c).unwrap().to_vec(),
            &get(&key("var1")),
            &key("var1"),
        );
        close(
            &x.std_axis(Axis::<0>, c).unwrap().to_vec(),
            &get(&key("std0")),
            &key("std0"),
        );
        close(
            &x.view().t().std_axis(Axis::<0>, c).unwrap().to_vec(),
            &get(&key("std1")),
            &key("std1"),
        );
    }
    assert_eq!(x.var(1).unwrap(), x.var(1.0).unwrap());
    assert_eq!(
        x.view().t().var_axis(Axis::<1>, 2usize).unwrap(),
        x.var_axis(Axis::<0>, 2.0f64).unwrap()
    );
    let nx = Tensor::<f64, 2>::from_vec(get("nx"), [3, 4]).unwrap();
    close(
        &nx.nanvar_axis(Axis::<1>, 0.5).to_vec(),
        &get("nanvar1_0.5"),
        "nanvar",
    );
    close(&[nx.nanstd(1.5)], &get("nanstd_1.5"), "nanstd");
    // `n − correction ≤ 0` (or a NaN correction): NaN, as the Array API's.
    let v = x.var_axis(Axis::<0>, 3.0).unwrap();
    assert!(*v.shape() == [4] && v.iter().all(|x| x.is_nan()));
    assert!(x.var(f64::NAN).unwrap().is_nan());
    assert!(!x.var(11.5).unwrap().is_nan() && x.var(12.0).unwrap().is_nan());
    assert!(nx.nanvar_axis(Axis::<1>, 3.5).to_vec()[0].is_nan());
    assert_eq!(Tensor::<f32, 1>::ones([4]).var(0.5f32).unwrap(), 0.0);
}

/// `keepdims=True` of `var`, `std`, `argmax`, `argmin` (also over all axes), `all` and `any` along an axis against
/// NumPy: the input's rank, the axis of size 1, NumPy's values.
#[test]
fn kept_axes_match_numpy() {
    use ranked::Axis;
    let data = &expected()["float_ddof"];
    let x = Tensor::<f64, 2>::from_vec(arr(&data["x"]).f, [3, 4]).unwrap();
    let check = |shape: &[usize], got: Vec<f64>, key: &str| {
        let want = arr(&data[key]);
        assert_eq!(shape, &want.shape[..], "{key}");
        agree(&got, &want.f, 8.0 * f64::EPSILON, key);
    };
    let v = x.var_axis_keepdims(Axis::<1>, 0.5).unwrap();
    check(v.shape(), v.to_vec(), "var1_keep");
    let s = x.view().std_axis_keepdims(Axis::<0>, 1).unwrap();
    check(s.shape(), s.to_vec(), "std0_keep");
    let a = x.argmax_axis_keepdims(Axis::<1>).unwrap();
    check(
        a.shape(),
        a.iter().map(|&i| i as f64).collect(),
        "argmax1_keep",
    );
    let a = x.view().t().argmin_axis_keepdims(Axis::<1>).unwrap();
    let a = a.view().t();
    check(
        a.shape(),
        a.iter().map(|&i| i as f64).collect(),
        "argmin0_keep",
    );
    let a = x.argmax_flat_keepdims().unwrap();
    check(a.shape(), vec![a[[0, 0]] as f64], "argmax_keep");
    let a = x.view().t().argmin_flat_keepdims().unwrap();
    check(a.shape(), vec![a[[0, 0]] as f64], "argmin_keep");
    let b = x.gt(0.0).all_axis_keepdims(Axis::<0>);
    assert_eq!(
        (&b.shape()[..], b.to_vec()),
        (
            &arr(&data["all0_keep"]).shape[..],
            arr(&data["all0_keep"]).b
        )
    );
    let b = x.gt(5.0).any_axis_keepdims(Axis::<1>);
    assert_eq!(
        (&b.shape()[..], b.to_vec()),
        (
            &arr(&data["any1_keep"]).shape[..],
            arr(&data["any1_keep"]).b
        )
    );
}
