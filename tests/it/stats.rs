//! Statistics and scans: unit tests of the edge cases and property tests on random strided views
//! — `var`/`std` against ndarray, `argmax`/`argmin`, `cumsum` and `cumprod` against brute force.

use crate::common;

use common::{Spec, spec};
use ndarray::{ArrayD, Axis as NdAxis, IxDyn};
use proptest::prelude::*;
use ranked::{Axis, ErrorKind, Layout, Tensor, TensorView, tensor};

#[test]
fn var_and_std_whole_and_per_axis() {
    let t = tensor![[1.0, 2.0, 3.0], [4.0, 5.0, 9.0]];
    assert_eq!(t.var(0).unwrap(), 40.0 / 6.0);
    assert_eq!(t.std(1).unwrap(), 8f64.sqrt());
    let v0 = t.var_axis(Axis::<0>, 0).unwrap();
    assert_eq!(v0.to_vec(), [2.25, 2.25, 9.0]);
    let v1 = t.var_axis(Axis::<1>, 1).unwrap();
    assert_eq!(v1.to_vec(), [1.0, 7.0]);
    assert_eq!(
        t.std_axis(Axis::<1>, 1).unwrap().to_vec(),
        [1.0, 7f64.sqrt()]
    );
    // Keeping the axis.
    assert_eq!(
        t.var_axis(Axis::<1>, 1)
            .unwrap()
            .unsqueeze(Axis::<1>)
            .shape(),
        &[2, 1]
    );
}

/// No more elements than `ddof`: NaN, as the Array API's and PyTorch's variance.
#[test]
fn too_few_elements_give_nan() {
    let t: Tensor<f32, 2> = Tensor::zeros([3, 1]);
    let v = t.var_axis(Axis::<1>, 1).unwrap();
    assert_eq!(v.shape(), &[3]);
    assert!(v.iter().all(|x| x.is_nan()));
    assert!(
        t.std_axis(Axis::<0>, 3.0)
            .unwrap()
            .iter()
            .all(|x| x.is_nan())
    );
    assert!(t.var_axis(Axis::<0>, 2.5).unwrap()[[0]] == 0.0);
    let e: Tensor<f64, 1> = Tensor::zeros([0]);
    assert!(e.var(0).unwrap().is_nan());
    assert!(e.std(0.5).unwrap().is_nan());
    // No lanes at all, but an axis long enough: an empty result.
    let none: Tensor<f64, 2> = Tensor::zeros([0, 4]);
    assert_eq!(none.var_axis(Axis::<1>, 1).unwrap().shape(), &[0]);
    // No lanes, and an empty axis: still the result's shape.
    let none: Tensor<f64, 2> = Tensor::zeros([0, 0]);
    assert_eq!(none.var_axis(Axis::<1>, 0).unwrap().shape(), &[0]);
}

#[test]
fn argmax_argmin_along_axes_with_nan() {
    let t = tensor![[3.0, 1.0, 3.0], [f64::NAN, 0.0, f64::NAN]];
    assert_eq!(t.argmax_axis(Axis::<1>).unwrap().to_vec(), [0, 0]);
    assert_eq!(t.argmin_axis(Axis::<1>).unwrap().to_vec(), [1, 0]);
    assert_eq!(t.argmax_axis(Axis::<0>).unwrap().to_vec(), [1, 0, 1]);
    let e: Tensor<i32, 2> = Tensor::zeros([2, 0]);
    let err = e.argmax_axis(Axis::<1>).unwrap_err();
    assert_eq!((err.kind(), err.axis()), (ErrorKind::Empty, Some(1)));
    assert_eq!(e.argmax_axis(Axis::<0>).unwrap().shape(), &[0]);
}

#[test]
fn cumulative_sums_and_products_on_views() {
    let t: Tensor<i64, 3> = Tensor::from_fn([2, 3, 2], |[i, j, k]| (i * 6 + j * 2 + k) as i64);
    let v = t.view().flip(Axis::<1>);
    let c = v.cumsum(Axis::<1>);
    let expected: Vec<i64> = {
        let mut out = v.to_vec();
        for i in 0..2 {
            for j in 1..3 {
                for k in 0..2 {
                    out[i * 6 + j * 2 + k] += out[i * 6 + (j - 1) * 2 + k];
                }
            }
        }
        out
    };
    assert_eq!(c.to_vec(), expected);
    assert_eq!(
        tensor![1, 2, 3, 4].cumprod(Axis::<0>).to_vec(),
        [1, 2, 6, 24]
    );
    let e: Tensor<i32, 2> = Tensor::zeros([0, 3]);
    assert_eq!(e.cumsum(Axis::<1>).shape(), &[0, 3]);
}

fn ours<'a>(s: &Spec, data: &'a [f64]) -> TensorView<'a, f64, 3> {
    let shape: [usize; 3] = s.shape.clone().try_into().unwrap();
    let strides: [isize; 3] = s.strides().try_into().unwrap();
    TensorView::from_raw_parts(data, Layout::from_parts(shape, strides, s.offset)).unwrap()
}

fn close(a: &[f64], b: &[f64]) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|(x, y)| (x - y).abs() <= 1e-9 * (1.0 + y.abs()))
}

fn cases() -> u32 {
    if cfg!(miri) { 4 } else { 256 }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

    /// `var_axis`/`std_axis` along every axis of random strided views against ndarray's, and
    /// `argmax_axis`/`argmin_axis` against a brute-force scan of `axis_iter`.
    #[test]
    fn statistics_agree_with_ndarray(s in spec(3), ddof in 0usize..2, seed in 0u64..1000) {
        let data: Vec<f64> = (0..s.len as u64).map(|i| ((i * 7919 + seed * 104_729) % 1000) as f64 / 10.0).collect();
        let t = ours(&s, &data);
        let nd = ArrayD::from_shape_vec(IxDyn(t.shape()), t.to_vec()).unwrap();
        for a in 0..3 {
            let n = s.shape[a];
            let (var, std, amax, amin) = match a {
                0 => (t.var_axis(Axis::<0>, ddof), t.std_axis(Axis::<0>, ddof), t.argmax_axis(Axis::<0>), t.argmin_axis(Axis::<0>)),
                1 => (t.var_axis(Axis::<1>, ddof), t.std_axis(Axis::<1>, ddof), t.argmax_axis(Axis::<1>), t.argmin_axis(Axis::<1>)),
                _ => (t.var_axis(Axis::<2>, ddof), t.std_axis(Axis::<2>, ddof), t.argmax_axis(Axis::<2>), t.argmin_axis(Axis::<2>)),
            };
            if n <= ddof {
                prop_assert!(var.unwrap().iter().all(|x| x.is_nan()));
            } else {
                let expected = nd.var_axis(NdAxis(a), ddof as f64);
                prop_assert!(close(&var.unwrap().to_vec(), &expected.iter().copied().collect::<Vec<_>>()));
                let expected = nd.std_axis(NdAxis(a), ddof as f64);
                prop_assert!(close(&std.unwrap().to_vec(), &expected.iter().copied().collect::<Vec<_>>()));
            }
            if n == 0 {
                prop_assert_eq!(amax.unwrap_err().kind(), ErrorKind::Empty);
                continue;
            }
            let lanes: Vec<Vec<f64>> = nd.lanes(NdAxis(a)).into_iter().map(|l| l.to_vec()).collect();
            let first = |lane: &Vec<f64>, better: fn(f64, f64) -> bool| {
                (0..lane.len()).fold(0, |b, i| if better(lane[i], lane[b]) { i } else { b })
            };
            let expected_max: Vec<usize> = lanes.iter().map(|l| first(l, |x, y| x > y)).collect();
            let expected_min: Vec<usize> = lanes.iter().map(|l| first(l, |x, y| x < y)).collect();
            prop_assert_eq!(amax.unwrap().to_vec(), expected_max);
            prop_assert_eq!(amin.unwrap().to_vec(), expected_min);
        }
        if !t.is_empty() {
            let expected = nd.var(ddof as f64);
            if t.len() > ddof {
                prop_assert!(close(&[t.var(ddof).unwrap()], &[expected]));
            }
        }
    }

    /// `cumsum` along every axis of random strided views against a brute-force scan.
    #[test]
    fn cumsum_agrees_with_brute_force(s in spec(3)) {
        let data: Vec<f64> = (0..s.len).map(|i| i as f64).collect();
        let t = ours(&s, &data);
        let nd = ArrayD::from_shape_vec(IxDyn(t.shape()), t.to_vec()).unwrap();
        for a in 0..3 {
            let mine = match a {
                0 => t.cumsum(Axis::<0>),
                1 => t.cumsum(Axis::<1>),
                _ => t.cumsum(Axis::<2>),
            };
            let mut expected = nd.clone();
            expected.accumulate_axis_inplace(NdAxis(a), |&prev, cur| *cur += prev);
            prop_assert_eq!(mine.to_vec(), expected.iter().copied().collect::<Vec<_>>());
        }
    }
}

#[test]
fn reductions_over_two_axes() {
    let t: Tensor<f64, 3> = Tensor::from_fn([2, 3, 4], |[i, j, k]| (i * 12 + j * 4 + k) as f64);
    let v = t.view().flip(Axis::<1>);
    for (a, b) in [(0, 1), (1, 0), (0, 2), (2, 1)] {
        let expected: Vec<f64> = match (a.min(b), a.max(b)) {
            (0, 1) => v.sum_axis(Axis::<1>).sum_axis(Axis::<0>).to_vec(),
            (0, 2) => v.sum_axis(Axis::<2>).sum_axis(Axis::<0>).to_vec(),
            _ => v.sum_axis(Axis::<2>).sum_axis(Axis::<1>).to_vec(),
        };
        let mine = match (a, b) {
            (0, 1) => v.sum_axes((Axis::<0>, Axis::<1>)).to_vec(),
            (1, 0) => v.sum_axes((Axis::<1>, Axis::<0>)).to_vec(),
            (0, 2) => v.sum_axes((Axis::<0>, Axis::<2>)).to_vec(),
            _ => v.sum_axes((Axis::<2>, Axis::<1>)).to_vec(),
        };
        assert_eq!(mine, expected, "axes {a}, {b}");
    }
    assert_eq!(
        v.mean_axes((Axis::<0>, Axis::<1>)).to_vec(),
        v.mean_axis(Axis::<1>).mean_axis(Axis::<0>).to_vec()
    );
    assert_eq!(
        v.max_axes((Axis::<2>, Axis::<0>)).to_vec(),
        [23.0, 19.0, 15.0]
    );
    assert_eq!(v.min_axes((Axis::<1>, Axis::<2>)).to_vec(), [0.0, 12.0]);
    let nan = tensor![[[1.0, f64::NAN], [3.0, 4.0]]];
    assert!(nan.max_axes((Axis::<1>, Axis::<2>))[[0]].is_nan());
    // Empty: an axis of size 0 is an error for extremes (and the means of integers), NaN for
    // the means of floats, a zero for sums.
    let e: Tensor<f64, 3> = Tensor::zeros([2, 0, 3]);
    assert_eq!(e.sum_axes((Axis::<1>, Axis::<2>)).to_vec(), [0.0, 0.0]);
    let m = e.try_mean_axes((Axis::<1>, Axis::<2>)).unwrap();
    assert!(*m.shape() == [2] && m.iter().all(|x| x.is_nan()));
    let ints = Tensor::<i64, 3>::zeros([2, 0, 3]);
    let err = ints.try_mean_axes((Axis::<1>, Axis::<2>)).unwrap_err();
    assert_eq!((err.kind(), err.axis()), (ErrorKind::Empty, Some(1)));
    assert_eq!(
        ints.try_mean_axes((Axis::<0>, Axis::<2>)).unwrap().shape(),
        &[0]
    );
    assert_eq!(
        e.try_max_axes((Axis::<0>, Axis::<1>)).unwrap_err().kind(),
        ErrorKind::Empty
    );
    assert_eq!(
        e.try_mean_axes((Axis::<0>, Axis::<2>)).unwrap().shape(),
        &[0]
    );
}
