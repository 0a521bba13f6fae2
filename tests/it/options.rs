//! The options the Python Array API standard gives its functions, against NumPy (the
//! `tests/data/standard/expected.json` of `standard`): reductions, `squeeze`, `expand_dims`
//! and `flip` over tuples of axes; the diagonals, traces and transposes of stacks of matrices;
//! `descending` sorts; `clip` with tensors as bounds; `diff` with `prepend` and `append`;
//! `cross` along an axis; `vecdot`.

use ranked::Tensor;

use crate::common::fixture::arr;
use crate::standard::{agree, expected};

/// Reductions over tuples of axes (NumPy's `axis=(a, b, …)`) over a contiguous, a transposed
/// and a reversed input and over empty axes, and `squeeze`, `expand_dims` and `flip` of tuples
/// of axes, against NumPy.
#[test]
fn axis_sets_match_numpy() {
    use ranked::{Axis, ErrorKind};
    let data = &expected()["axis_sets"];
    let ax = Tensor::<f64, 4>::from_vec(arr(&data["ax"]).f, [2, 3, 4, 5]).unwrap();
    // Sums and products run in another order than NumPy's pairwise sums.
    let check = |key: &str, shape: &[usize], got: Vec<f64>| {
        let want = arr(&data[key]);
        assert_eq!(shape, &want.shape[..], "{key}");
        agree(&got, &want.f, 64.0 * f64::EPSILON, key);
    };
    let check_bools = |key: &str, shape: &[usize], got: Vec<bool>| {
        let want = arr(&data[key]);
        assert_eq!((shape, got), (&want.shape[..], want.b), "{key}");
    };
    macro_rules! every_reduction {
        ($v:expr, $axes:expr, $name:literal) => {{
            let (v, axes) = ($v, $axes);
            let s = v.sum_axes(axes);
            check(concat!("sum_", $name), s.shape(), s.to_vec());
            let p = v.prod_axes(axes);
            check(concat!("prod_", $name), p.shape(), p.to_vec());
            let m = v.mean_axes(axes);
            check(concat!("mean_", $name), m.shape(), m.to_vec());
            let x = v.max_axes(axes);
            check(concat!("max_", $name), x.shape(), x.to_vec());
            let n = v.min_axes(axes);
            check(concat!("min_", $name), n.shape(), n.to_vec());
            let var = v.var_axes(axes, 1).unwrap();
            check(concat!("var_", $name), var.shape(), var.to_vec());
            let std = v.std_axes(axes, 0.5).unwrap();
            check(concat!("std_", $name), std.shape(), std.to_vec());
            let all = v.gt(0.7).all_axes(axes);
            check_bools(concat!("all_", $name), all.shape(), all.to_vec());
            let any = v.gt(1.45).any_axes(axes);
            check_bools(concat!("any_", $name), any.shape(), any.to_vec());
        }};
    }
    let transposed = ax.view().permute([3, 1, 0, 2]).unwrap();
    let reversed = ax.view().flip_axes((Axis::<0>, Axis::<2>));
    every_reduction!(ax.view(), (Axis::<0>, Axis::<2>), "c02");
    every_reduction!(&ax, (Axis::<3>, Axis::<1>, Axis::<0>), "c310");
    every_reduction!(&ax, (Axis::<0>, Axis::<1>, Axis::<2>, Axis::<3>), "c0123");
    every_reduction!(&ax, (Axis::<1>,), "c1");
    every_reduction!(transposed, (Axis::<0>, Axis::<2>), "t02");
    every_reduction!(reversed, (Axis::<1>, Axis::<3>), "r13");

    let c = ax.gt(1.2).count_nonzero_axes((Axis::<1>, Axis::<3>));
    let want = arr(&data["count_nonzero_c13"]);
    assert_eq!(
        (
            c.shape().to_vec(),
            c.iter().map(|&n| n as i64).collect::<Vec<_>>()
        ),
        (want.shape, want.i)
    );
    let c = ax
        .view()
        .gt(1.2)
        .count_nonzero_axes((Axis::<3>, Axis::<2>, Axis::<1>, Axis::<0>));
    assert_eq!(
        c.to_vec(),
        arr(&data["count_nonzero_c3210"])
            .i
            .iter()
            .map(|&n| n as usize)
            .collect::<Vec<_>>()
    );
    let small = Tensor::<i64, 2>::from_fn([2, 3], |[i, j]| (3 * i + j) as i64);
    assert_eq!(
        small.view().t().repeat_flat(2).unwrap().to_vec(),
        arr(&data["repeat_flat"]).i
    );
    assert_eq!(
        small
            .view()
            .t()
            .repeat_each_flat(&[0, 1, 2, 3, 0, 1])
            .unwrap()
            .to_vec(),
        arr(&data["repeat_each_flat"]).i
    );

    // As many axes as a rank has: nine of a rank-10 tensor, in any order.
    let wide = Tensor::<f64, 10>::ones([2, 1, 2, 1, 2, 1, 2, 1, 2, 3]);
    let nine = (
        Axis::<8>, Axis::<0>, Axis::<7>, Axis::<1>, Axis::<6>, Axis::<2>, Axis::<5>, Axis::<3>,
        Axis::<4>,
    );
    let s: Tensor<f64, 1> = wide.sum_axes(nine);
    assert_eq!(s.to_vec(), [32.0; 3]);
    let back: Tensor<f64, 10> = s.expand_dims(nine);
    assert_eq!(back.shape(), &[1, 1, 1, 1, 1, 1, 1, 1, 1, 3]);

    // keepdims=True: the same tuple given to `expand_dims`.
    let kept = ax
        .sum_axes((Axis::<0>, Axis::<2>))
        .expand_dims((Axis::<0>, Axis::<2>));
    check("sum_c02_keep", kept.shape(), kept.to_vec());

    // Empty axes: NumPy's identities, and errors where NumPy has no value.
    let empty = Tensor::<f64, 3>::zeros([2, 0, 3]);
    let both = (Axis::<0>, Axis::<1>);
    let s = empty.sum_axes(both);
    check("sum_empty01", s.shape(), s.to_vec());
    let p = empty.prod_axes(both);
    check("prod_empty01", p.shape(), p.to_vec());
    let all = empty.gt(0.0).all_axes(both);
    check_bools("all_empty01", all.shape(), all.to_vec());
    let any = empty.gt(0.0).any_axes(both);
    check_bools("any_empty01", any.shape(), any.to_vec());
    let s = empty.sum_axes((Axis::<0>, Axis::<2>));
    check("sum_empty02", s.shape(), s.to_vec());
    for err in [
        empty.try_max_axes(both).unwrap_err(),
        empty.try_min_axes(both).unwrap_err(),
        empty.map(|&x| x as i32).try_mean_axes(both).unwrap_err(),
    ] {
        assert_eq!((err.kind(), err.axis()), (ErrorKind::Empty, Some(1)));
    }
    // The means and variances of no elements: NaN, as NumPy's.
    let m = empty.try_mean_axes(both).unwrap();
    check("mean_empty01", m.shape(), m.to_vec());
    let m = empty.try_mean_axis(Axis::<1>).unwrap();
    check("mean_empty1", m.shape(), m.to_vec());
    check("mean_empty", &[], vec![empty.try_mean().unwrap()]);
    let v = empty.var_axes(both, 0).unwrap();
    check("var_empty01", v.shape(), v.to_vec());
    let s = empty.std_axis(Axis::<1>, 1).unwrap();
    check("std_empty1", s.shape(), s.to_vec());
    assert_eq!(
        empty.try_max_axes((Axis::<0>, Axis::<2>)).unwrap().shape(),
        &[0]
    );
    // No more elements than `ddof`: NaN, as the Array API's (NumPy's is ±∞ or NaN).
    let v = ax.var_axes((Axis::<1>,), 3).unwrap();
    assert!(*v.shape() == [2, 4, 5] && v.iter().all(|x| x.is_nan()));

    // squeeze, expand_dims and flip of tuples of axes.
    let sq = Tensor::<f64, 5>::from_fn([1, 3, 1, 4, 1], |[_, i, _, j, _]| (4 * i + j) as f64);
    let s = sq.view().squeeze_axes((Axis::<0>, Axis::<4>)).unwrap();
    check("squeeze_04", s.shape(), s.to_vec());
    let s = sq
        .view()
        .squeeze_axes((Axis::<4>, Axis::<2>, Axis::<0>))
        .unwrap();
    check("squeeze_420", s.shape(), s.to_vec());
    let err = sq.view().squeeze_axes((Axis::<0>, Axis::<3>)).unwrap_err();
    assert_eq!((err.kind(), err.axis()), (ErrorKind::SizeMismatch, Some(3)));
    let m = Tensor::<f64, 2>::from_fn([3, 4], |[i, j]| (4 * i + j) as f64);
    let e = m.view().expand_dims((Axis::<0>, Axis::<3>));
    check("expand_03", e.shape(), e.to_vec());
    assert!(
        e.as_slice().is_some(),
        "a contiguous input stays contiguous"
    );
    let e = m.view().t().expand_dims((Axis::<3>, Axis::<1>));
    let want = arr(&data["expand_31"]);
    assert_eq!(e.shape(), &[4, 1, 3, 1]);
    assert_eq!(
        e.view().squeeze_axes((Axis::<1>, Axis::<3>)).unwrap(),
        m.view().t()
    );
    assert_eq!(want.shape, [3, 1, 4, 1]);
    let e = m.expand_dims((Axis::<3>, Axis::<1>));
    check("expand_31", e.shape(), e.to_vec());
    let f = ax.view().flip_axes((Axis::<0>, Axis::<2>));
    check("flip_02", f.shape(), f.to_vec());
    let f = ax
        .view()
        .flip_axes((Axis::<3>, Axis::<1>, Axis::<0>, Axis::<2>));
    check("flip_3102", f.shape(), f.to_vec());
}

/// `matrix_transpose`, `matrix_diagonal` (`linalg.diagonal`) and `trace` (`linalg.trace`) of a
/// stack of matrices, contiguous and transposed, at offsets inside and beyond the matrices,
/// against NumPy.
#[test]
fn stacks_of_matrices_match_numpy() {
    let data = &expected()["stacks"];
    let st = arr(&data["st"]);
    let st = Tensor::<f64, 3>::from_vec(st.f, [2, 3, 4]).unwrap();
    let mt = st.view().matrix_transpose();
    let want = arr(&data["mT"]);
    assert_eq!((mt.shape().to_vec(), mt.to_vec()), (want.shape, want.f));
    // The same stack stored transposed: its matrix transpose read back.
    let stored = mt.to_contiguous();
    let again = stored.view().matrix_transpose();
    for k in [-4isize, -3, -1, 0, 1, 3, 4, 9] {
        let want = arr(&data[format!("diag{k}").as_str()]);
        for d in [st.view().matrix_diagonal(k), again.matrix_diagonal(k)] {
            assert_eq!(
                (d.shape().to_vec(), d.to_vec()),
                (want.shape.clone(), want.f.clone()),
                "diagonal {k}"
            );
        }
        let want = arr(&data[format!("trace{k}").as_str()]);
        for t in [st.trace(k), again.trace(k)] {
            assert_eq!(
                (t.shape().to_vec(), t.to_vec()),
                (want.shape.clone(), want.f.clone()),
                "trace {k}"
            );
        }
    }
}

/// `sort` and `argsort` with the Array API's `descending=True` (stable, NaN first, equal
/// elements and signed zeros in their order) along each axis, against NumPy.
#[test]
fn descending_sorts_match_numpy() {
    use ranked::Axis;
    let data = &expected()["descending"];
    let x = Tensor::<f64, 2>::from_vec(arr(&data["x"]).f, [3, 6]).unwrap();
    let bits = |v: Vec<f64>| -> Vec<u64> { v.iter().map(|f| f.to_bits()).collect() };
    let want = |k: &str| arr(&data[k]);
    // Bit for bit: NaN's bits, and which zero is where.
    let nan = |v: Vec<f64>| -> Vec<u64> {
        bits(
            v.into_iter()
                .map(|f| if f.is_nan() { f64::NAN } else { f })
                .collect(),
        )
    };
    assert_eq!(
        nan(x.sort_axis_descending(Axis::<0>).to_vec()),
        nan(want("sort0").f)
    );
    assert_eq!(
        nan(x.sort_axis_descending(Axis::<1>).to_vec()),
        nan(want("sort1").f)
    );
    let as_i64 = |v: Vec<usize>| -> Vec<i64> { v.into_iter().map(|i| i as i64).collect() };
    assert_eq!(
        as_i64(x.argsort_axis_descending(Axis::<0>).to_vec()),
        want("argsort0").i
    );
    assert_eq!(
        as_i64(
            x.view()
                .t()
                .argsort_axis_descending(Axis::<0>)
                .view()
                .t()
                .to_vec()
        ),
        want("argsort1").i
    );
}

/// `clip` with tensors as bounds, as NumPy defines it (`minimum(maximum(a, low), high)`),
/// broadcast, with NaN, infinities and a low bound above the high one.
#[test]
fn clip_with_tensor_bounds_matches_numpy() {
    let data = &expected()["clip_tensors"];
    let x = Tensor::<f64, 1>::from_vec(arr(&data["x"]).f, [12]).unwrap();
    let low = Tensor::<f64, 1>::from_vec(arr(&data["low"]).f, [12]).unwrap();
    let high = Tensor::<f64, 2>::from_vec(arr(&data["high"]).f, [3, 1]).unwrap();
    let got = x.maximum(&low).unwrap().minimum(&high).unwrap();
    let want = arr(&data["out"]);
    assert_eq!(got.shape().to_vec(), want.shape);
    agree(&got.to_vec(), &want.f, 0.0, "clip with tensor bounds");
}

/// `diff` with `prepend` and `append` (NumPy's scalar as a broadcast view, and tensors) along
/// each axis, against NumPy.
#[test]
fn diff_with_prepend_and_append_matches_numpy() {
    use ranked::{Axis, tensor};
    let data = &expected()["diff_with"];
    let x = Tensor::<f64, 2>::from_vec(arr(&data["x"]).f, [3, 4]).unwrap();
    let check = |got: Tensor<f64, 2>, key: &str| {
        let want = arr(&data[key]);
        assert_eq!(
            (got.shape().to_vec(), got.to_vec()),
            (want.shape, want.f),
            "{key}"
        );
    };
    let scalar = tensor![[-1.5]];
    let pre = scalar.view().broadcast_to([3, 1]).unwrap();
    check(
        x.diff_with(Axis::<1>, 2, Some(pre), None).unwrap(),
        "pre_scalar_1",
    );
    let first_row = x.view().narrow(Axis::<0>, 0, 1).unwrap().map(|v| v * 2.0);
    let last_row = x.view().narrow(Axis::<0>, 2, 1).unwrap();
    check(
        x.diff_with(Axis::<0>, 1, Some(last_row), Some(first_row.view()))
            .unwrap(),
        "pre_app_0",
    );
    let two_columns = x.view().narrow(Axis::<1>, 0, 2).unwrap();
    check(
        x.diff_with(Axis::<1>, 3, None, Some(two_columns)).unwrap(),
        "app_1",
    );
    let err = x
        .diff_with(Axis::<1>, 1, Some(first_row.view()), None)
        .unwrap_err();
    assert_eq!(err.kind(), ranked::ErrorKind::SizeMismatch);
}

/// `cross` along axis 0 (with broadcasting) and axis 1, against NumPy's `cross(a, b, axis=…)`.
#[test]
fn cross_along_an_axis_matches_numpy() {
    use ranked::Axis;
    let data = &expected()["cross_axis"];
    let a = Tensor::<f64, 3>::from_vec(arr(&data["a"]).f, [3, 4, 2]).unwrap();
    let b = Tensor::<f64, 3>::from_vec(arr(&data["b"]).f, [3, 1, 2]).unwrap();
    let check = |got: Tensor<f64, 3>, key: &str| {
        let want = arr(&data[key]);
        assert_eq!(
            (got.shape().to_vec(), got.to_vec()),
            (want.shape, want.f),
            "{key}"
        );
    };
    check(a.cross_axis(&b, Axis::<0>).unwrap(), "axis0");
    let a1 = a.reshape([4, 3, 2]).unwrap().into_owned();
    let reversed = a.view().flip(Axis::<0>).to_contiguous();
    let reversed = reversed.reshape([4, 3, 2]).unwrap().into_owned();
    check(a1.cross_axis(&reversed, Axis::<1>).unwrap(), "axis1");
    let err = a.cross_axis(&b, Axis::<2>).unwrap_err();
    assert_eq!(
        (err.kind(), err.axis()),
        (ranked::ErrorKind::SizeMismatch, Some(2))
    );
}

/// `vecdot` along each axis with broadcasting, and of complex vectors (the first conjugated),
/// against NumPy's `vecdot`.
#[test]
fn vecdot_matches_numpy() {
    use ranked::Axis;
    let data = &expected()["vecdot"];
    let a = Tensor::<f64, 2>::from_vec(arr(&data["a"]).f, [3, 4]).unwrap();
    let b = Tensor::<f64, 2>::from_vec(arr(&data["b"]).f, [1, 4]).unwrap();
    agree(
        &a.vecdot(&b, Axis::<1>).unwrap().to_vec(),
        &arr(&data["axis1"]).f,
        4.0 * f64::EPSILON,
        "vecdot axis 1",
    );
    agree(
        &a.vecdot(&a, Axis::<0>).unwrap().to_vec(),
        &arr(&data["axis0"]).f,
        4.0 * f64::EPSILON,
        "vecdot axis 0",
    );
    assert_eq!(
        a.vecdot(&b, Axis::<0>).unwrap_err().kind(),
        ranked::ErrorKind::SizeMismatch
    );
    #[cfg(feature = "complex")]
    {
        use ranked::linalg::Complex;
        let z = |t: &Tensor<f64, 2>, sign: f64, rows_reversed: bool| {
            let s = *t.shape();
            Tensor::from_fn(s, |[i, j]| {
                let im = if rows_reversed {
                    t[[s[0] - 1 - i, j]] * 0.25
                } else {
                    t[[i, s[1] - 1 - j]]
                };
                Complex::new(t[[i, j]], sign * im)
            })
        };
        let (za, zb) = (z(&a, 1.0, true), z(&b, -1.0, false));
        let got = za.vecdot(&zb, Axis::<1>).unwrap();
        let re: Vec<f64> = got.iter().map(|c| c.re).collect();
        let im: Vec<f64> = got.iter().map(|c| c.im).collect();
        agree(
            &re,
            &arr(&data["complex_re"]).f,
            8.0 * f64::EPSILON,
            "vecdot complex, re",
        );
        agree(
            &im,
            &arr(&data["complex_im"]).f,
            8.0 * f64::EPSILON,
            "vecdot complex, im",
        );
    }
}
