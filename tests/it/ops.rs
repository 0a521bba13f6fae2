//! Element-wise operations, broadcasting operators, reductions and products, checked against
//! ndarray on random shapes and random layouts (permuted, stepped, flipped, offset, broadcast).

// The operators are exercised by reference and by value on purpose.
#![allow(clippy::op_ref)]

use crate::common;

use common::{Spec, spec, spec_for};
use ndarray::{ArrayD, ArrayViewD, Axis as NdAxis, IxDyn, ShapeBuilder};
use proptest::prelude::*;
use ranked::{Axis, ErrorKind, Layout, Tensor, TensorView, TensorViewMut, tensor};

/// A buffer for `s` whose elements are `value(position)`.
fn buffer(s: &Spec, value: impl Fn(usize) -> i64) -> Vec<i64> {
    (0..s.len).map(value).collect()
}

fn ours<'a, const R: usize>(s: &Spec, data: &'a [i64]) -> TensorView<'a, i64, R> {
    let shape: [usize; R] = s.shape.clone().try_into().unwrap();
    let strides: [isize; R] = s.strides().try_into().unwrap();
    TensorView::from_raw_parts(data, Layout::from_parts(shape, strides, s.offset)).unwrap()
}

/// The same elements as an owned ndarray (logical order; ndarray's own layout does not matter
/// for the comparison).
fn theirs<const R: usize>(t: &TensorView<'_, i64, R>) -> ArrayD<i64> {
    ArrayD::from_shape_vec(IxDyn(t.shape()), t.to_vec()).unwrap()
}

/// A view in ndarray over the same strided data (non-empty tensors only).
fn theirs_view<'a>(s: &Spec, data: &'a [i64]) -> ArrayViewD<'a, i64> {
    let mut v =
        ArrayViewD::from_shape(IxDyn(&s.shape).strides(IxDyn(&s.mags)), &data[s.base..]).unwrap();
    for (axis, &neg) in s.negative.iter().enumerate() {
        if neg {
            v.invert_axis(NdAxis(axis));
        }
    }
    v
}

/// Shapes that broadcast together: `b` is the last two axes of `a`'s rank-3 shape, each
/// possibly replaced by 1, and `a` may have 1s where `b` does not.
fn broadcast_pair() -> impl Strategy<Value = (Vec<usize>, Vec<usize>)> {
    (
        proptest::collection::vec(0usize..=4, 3),
        proptest::collection::vec(0u8..3, 3),
    )
        .prop_map(|(full, pick)| {
            let a: Vec<usize> = full
                .iter()
                .zip(&pick)
                .map(|(&d, &p)| if p == 1 { 1 } else { d })
                .collect();
            let b: Vec<usize> = full[1..]
                .iter()
                .zip(&pick[1..])
                .map(|(&d, &p)| if p == 2 { 1 } else { d })
                .collect();
            (a, b)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(miri) { 4 } else { 300 }))]

    /// `a ∘ b` for a rank-3 and a rank-2 operand of random layouts, broadcast both ways,
    /// against ndarray; the result is rank 3 by type.
    #[test]
    fn binary_operators_broadcast_like_ndarray(
        (sa, sb) in broadcast_pair().prop_flat_map(|(a, b)| (spec_for(a), spec_for(b))),
    ) {
        let da = buffer(&sa, |p| p as i64 * 3 - 7);
        let db = buffer(&sb, |p| (p as i64 % 5) + 1);
        let (a, b) = (ours::<3>(&sa, &da), ours::<2>(&sb, &db));
        let (na, nb) = (theirs(&a), theirs(&b));
        let sum: Tensor<i64, 3> = &a + &b;
        prop_assert_eq!(sum.to_vec(), (&na + &nb).iter().copied().collect::<Vec<_>>());
        prop_assert_eq!(sum.shape().to_vec(), (&na + &nb).shape().to_vec());
        prop_assert_eq!((a - b).to_vec(), (&na - &nb).iter().copied().collect::<Vec<_>>());
        prop_assert_eq!((&a * b).to_vec(), (&na * &nb).iter().copied().collect::<Vec<_>>());
        prop_assert_eq!((a / &b).to_vec(), (&na / &nb).iter().copied().collect::<Vec<_>>());
        prop_assert_eq!(a.try_rem(&b).unwrap().to_vec(), (&na % &nb).iter().copied().collect::<Vec<_>>());
        // The other way round: rank 2 ∘ rank 3 is rank 3 too.
        let flipped: Tensor<i64, 3> = &b - &a;
        prop_assert_eq!(flipped.to_vec(), (&nb - &na).iter().copied().collect::<Vec<_>>());
        prop_assert_eq!((-&a).to_vec(), na.mapv(|x| -x).iter().copied().collect::<Vec<_>>());
        prop_assert_eq!((&a * 2).to_vec(), na.mapv(|x| x * 2).iter().copied().collect::<Vec<_>>());
        prop_assert_eq!((10 - &a).to_vec(), na.mapv(|x| 10 - x).iter().copied().collect::<Vec<_>>());
    }

    /// Compound assignment into a random strided mutable view, with a broadcast right side.
    #[test]
    fn compound_assignment_and_assign(
        (sa, sb) in broadcast_pair().prop_flat_map(|(a, b)| (spec_for(a), spec_for(b))),
    ) {
        prop_assume!(!sa.shape.contains(&1) || sb.shape.iter().zip(&sa.shape[1..]).all(|(x, y)| x == y || *x == 1));
        let db = buffer(&sb, |p| p as i64 + 1);
        let b = ours::<2>(&sb, &db);
        let target: Vec<usize> = sa.shape.clone();
        // Only when b broadcasts to a's own shape (a's size-1 axes cannot stretch here).
        let fits = b.shape().iter().zip(&target[1..]).all(|(&x, &y)| x == y || x == 1);
        prop_assume!(fits);
        let mut da = buffer(&sa, |p| p as i64);
        let before = ours::<3>(&sa, &da).to_vec();
        let nb = theirs(&b);
        let mut expected = ArrayD::from_shape_vec(IxDyn(&target), before).unwrap();
        expected += &nb;
        expected *= 3;
        {
            let shape: [usize; 3] = target.clone().try_into().unwrap();
            let strides: [isize; 3] = sa.strides().try_into().unwrap();
            let mut a = TensorViewMut::from_raw_parts(&mut da[..], Layout::from_parts(shape, strides, sa.offset)).unwrap();
            a += &b;
            a *= 3;
            prop_assert_eq!(a.to_vec(), expected.iter().copied().collect::<Vec<_>>());
            a.assign(&b);
            let mut assigned = ArrayD::<i64>::zeros(IxDyn(&target));
            assigned.assign(&nb);
            prop_assert_eq!(a.to_vec(), assigned.iter().copied().collect::<Vec<_>>());
            a.fill(4);
            a.map_inplace(|x| *x += 1);
            prop_assert!(a.iter().all(|&x| x == 5));
            // out = f(x, y) into the strided view, both operands broadcast.
            let twice = b.map(|&y| y * 2);
            a.assign_zip(&b, &twice.view().reversed_axes().reversed_axes(), |&x, &y| x * 100 + y);
            let mut zipped = ArrayD::<i64>::zeros(IxDyn(&target));
            ndarray::Zip::from(&mut zipped)
                .and_broadcast(&nb)
                .and_broadcast(&nb.mapv(|y| y * 2))
                .for_each(|o, &x, &y| *o = x * 100 + y);
            prop_assert_eq!(a.to_vec(), zipped.iter().copied().collect::<Vec<_>>());
        }
    }

    /// Reductions over everything and along every axis, against ndarray and brute force.
    #[test]
    fn reductions_agree_with_ndarray(s in spec(3)) {
        let data = buffer(&s, |p| (p as i64 * 7919) % 23 - 11);
        let t = ours::<3>(&s, &data);
        let n = theirs(&t);
        prop_assert_eq!(t.sum(), n.sum());
        prop_assert_eq!(t.fold(0, |acc, &x| acc + x), n.sum());
        let small = t.map(|&x| x % 3);
        prop_assert_eq!(small.prod(), n.mapv(|x| x % 3).product());
        if t.is_empty() {
            prop_assert_eq!(t.try_max().unwrap_err().kind(), ErrorKind::Empty);
            prop_assert_eq!(t.try_min().unwrap_err().kind(), ErrorKind::Empty);
            prop_assert_eq!(t.try_argmax().unwrap_err().kind(), ErrorKind::Empty);
            prop_assert_eq!(t.try_mean().unwrap_err().kind(), ErrorKind::Empty);
        } else {
            let max = *n.iter().max().unwrap();
            let min = *n.iter().min().unwrap();
            prop_assert_eq!(t.max(), max);
            prop_assert_eq!(t.min(), min);
            prop_assert_eq!(t[t.argmax()], max);
            prop_assert_eq!(t[t.argmin()], min);
            // First occurrence in logical order.
            let first_max = t.indexed_iter().find(|(_, x)| **x == max).unwrap().0;
            prop_assert_eq!(t.argmax(), first_max);
            prop_assert_eq!(t.mean(), n.sum() / n.len() as i64);
        }
        prop_assert_eq!(t.sum_axis(Axis::<0>).to_vec(), n.sum_axis(NdAxis(0)).iter().copied().collect::<Vec<_>>());
        prop_assert_eq!(t.sum_axis(Axis::<1>).to_vec(), n.sum_axis(NdAxis(1)).iter().copied().collect::<Vec<_>>());
        prop_assert_eq!(t.sum_axis(Axis::<2>).to_vec(), n.sum_axis(NdAxis(2)).iter().copied().collect::<Vec<_>>());
        let keep = t.sum_axis_keepdims(Axis::<1>);
        prop_assert_eq!(keep.shape(), &[s.shape[0], 1, s.shape[2]]);
        prop_assert_eq!(keep.to_vec(), n.sum_axis(NdAxis(1)).iter().copied().collect::<Vec<_>>());
        prop_assert_eq!(t.prod_axis(Axis::<2>).to_vec(), n.map_axis(NdAxis(2), |l| l.iter().product::<i64>()).iter().copied().collect::<Vec<_>>());
        for axis in 0..3 {
            let lanes_empty = s.shape[axis] == 0 && s.shape.iter().enumerate().any(|(k, &d)| k != axis && d > 0) && !s.shape.iter().enumerate().any(|(k, &d)| k != axis && d == 0);
            let reference = n.map_axis(NdAxis(axis), |l| l.iter().copied().max());
            let ours = match axis {
                0 => t.try_max_axis(Axis::<0>).map(|m| m.to_vec()),
                1 => t.try_max_axis(Axis::<1>).map(|m| m.to_vec()),
                _ => t.try_max_axis(Axis::<2>).map(|m| m.to_vec()),
            };
            if lanes_empty {
                prop_assert_eq!(ours.unwrap_err().kind(), ErrorKind::Empty);
            } else {
                prop_assert_eq!(ours.unwrap(), reference.iter().map(|m| m.unwrap()).collect::<Vec<_>>());
            }
        }
    }

    /// Float sums and means stay within a stated tolerance of an f64 reference.
    #[test]
    fn float_reductions_are_accurate(s in spec(3), scale in 1e-3f32..1e3) {
        let data: Vec<f32> = (0..s.len).map(|p| ((p * 7919 % 1000) as f32 / 997.0 - 0.4) * scale).collect();
        let shape: [usize; 3] = s.shape.clone().try_into().unwrap();
        let strides: [isize; 3] = s.strides().try_into().unwrap();
        let t = TensorView::from_raw_parts(&data[..], Layout::from_parts(shape, strides, s.offset)).unwrap();
        let reference: f64 = t.iter().map(|&x| f64::from(x)).sum();
        let magnitude: f64 = t.iter().map(|&x| f64::from(x).abs()).sum();
        // (16 + log2(n / 128) + 3) · ε · Σ|x|, with ε = 2^-24.
        let bound = 24.0 * f64::from(f32::EPSILON) * magnitude + 1e-30;
        prop_assert!((f64::from(t.sum()) - reference).abs() <= bound);
        if !t.is_empty() {
            let mean_ref = reference / t.len() as f64;
            prop_assert!((f64::from(t.mean()) - mean_ref).abs() <= bound / t.len() as f64 + f64::from(f32::EPSILON) * mean_ref.abs());
            let along = t.sum_axis(Axis::<2>);
            for (k, &x) in along.iter().enumerate() {
                let [i, j] = [k / s.shape[1].max(1), k % s.shape[1].max(1)];
                let lane: f64 = (0..s.shape[2]).map(|l| f64::from(t[[i, j, l]])).sum();
                let mag: f64 = (0..s.shape[2]).map(|l| f64::from(t[[i, j, l]]).abs()).sum();
                prop_assert!((f64::from(x) - lane).abs() <= 24.0 * f64::from(f32::EPSILON) * mag + 1e-30);
            }
        }
    }

    /// `matmul` on random layouts (transposed, flipped, offset) against ndarray's `dot`.
    #[test]
    fn matmul_agrees_with_ndarray(
        (sa, sb) in (0usize..5, 0usize..5, 0usize..5)
            .prop_flat_map(|(m, k, n)| (spec_for(vec![m, k]), spec_for(vec![k, n]))),
        transpose in any::<bool>(),
    ) {
        let da = buffer(&sa, |p| (p as i64 % 7) - 3);
        let db = buffer(&sb, |p| (p as i64 % 5) - 2);
        let (a, b) = (ours::<2>(&sa, &da), ours::<2>(&sb, &db));
        let (na, nb) = (theirs(&a).into_dimensionality::<ndarray::Ix2>().unwrap(), theirs(&b).into_dimensionality::<ndarray::Ix2>().unwrap());
        let c = a.matmul(&b).unwrap();
        prop_assert_eq!(c.shape(), &[sa.shape[0], sb.shape[1]]);
        prop_assert_eq!(c.to_vec(), na.dot(&nb).iter().copied().collect::<Vec<_>>());
        if transpose {
            // (Bᵀ Aᵀ) = (A B)ᵀ, through transposed views.
            let ct = b.t().matmul(&a.t()).unwrap();
            prop_assert_eq!(ct, c.view().t());
        }
        if !sa.shape.contains(&0) && !sb.shape.contains(&0) {
            // ndarray's strided view of the same buffer agrees too.
            let v = theirs_view(&sa, &da).into_dimensionality::<ndarray::Ix2>().unwrap();
            prop_assert_eq!(v.dot(&nb).iter().copied().collect::<Vec<_>>(), c.to_vec());
        }
        let k = sa.shape[1];
        // A broadcast column (stride 0) as the vector of a matrix-vector product.
        if let Ok(col) = TensorView::from_slice_with_strides(&db, [k], [0], 0) {
            let mv = a.dot(&col).unwrap();
            let ncol = theirs(&col).into_dimensionality::<ndarray::Ix1>().unwrap();
            prop_assert_eq!(mv.to_vec(), na.dot(&ncol).to_vec());
        }
    }
}

#[test]
fn operators_on_owned_and_scalar_forms() {
    let a: Tensor<i32, 2> = tensor![[1, 2, 3], [4, 5, 6]];
    let b: Tensor<i32, 1> = tensor![10, 20, 30];
    let c: Tensor<i32, 2> = a.clone() + b.clone();
    assert_eq!(c, tensor![[11, 22, 33], [14, 25, 36]]);
    assert_eq!(&a % 4, tensor![[1, 2, 3], [0, 1, 2]]);
    assert_eq!(2 * &a, tensor![[2, 4, 6], [8, 10, 12]]);
    assert_eq!(-a.clone(), tensor![[-1, -2, -3], [-4, -5, -6]]);
    let mut d = a.clone();
    d += &b;
    d -= 1;
    d /= 2;
    assert_eq!(d, tensor![[5, 10, 16], [6, 12, 17]]);
    let mut m = a.clone();
    m %= 3;
    assert_eq!(m, tensor![[1, 2, 0], [1, 2, 0]]);
    let f = tensor![1.0f32, 2.0] / 4.0;
    assert_eq!(f.to_vec(), [0.25, 0.5]);
    let err = a.try_add(&tensor![1, 2]).unwrap_err();
    assert_eq!(
        (err.kind(), err.axis(), err.expected(), err.found()),
        (ErrorKind::BroadcastMismatch, Some(1), 3, 2)
    );
}

#[test]
#[should_panic(
    expected = "cannot add tensors of shapes [2, 3] and [2]: cannot broadcast size 2 to size 3 at axis 1"
)]
fn operator_panics_name_both_shapes() {
    let _ = &tensor![[1, 2, 3], [4, 5, 6]] + &tensor![1, 2];
}

#[test]
fn element_wise_helpers() {
    let t = tensor![[1, 2], [3, 4]];
    assert_eq!(t.map(|&x| x * x).to_vec(), [1, 4, 9, 16]);
    let u = t.view().t();
    assert_eq!(
        t.zip_map(&u, |&x, &y| x - y).unwrap().to_vec(),
        [0, -1, 1, 0]
    );
    assert_eq!(
        t.zip_map(&tensor![[1, 2, 3]], |&x, &y: &i32| x + y)
            .unwrap_err()
            .kind(),
        ErrorKind::SizeMismatch
    );
    let mut seen = Vec::new();
    t.indexed_for_each(|i, &x| seen.push((i, x)));
    assert_eq!(seen[3], ([1, 1], 4));
    let mut sum = 0;
    u.for_each(|&x| sum += x);
    assert_eq!(sum, 10);
    let mut c: Tensor<i32, 2> = Tensor::zeros([2, 2]);
    c.copy_from(&u).unwrap();
    assert_eq!(c.to_vec(), [1, 3, 2, 4]);
    assert!(c.copy_from(&Tensor::zeros([2, 3])).is_err());
}

#[test]
fn size_zero_tensors() {
    let e: Tensor<f64, 2> = Tensor::zeros([0, 3]);
    assert_eq!(e.sum(), 0.0);
    assert_eq!(e.prod(), 1.0);
    assert_eq!(e.try_max().unwrap_err().kind(), ErrorKind::Empty);
    assert_eq!(e.sum_axis(Axis::<0>).to_vec(), [0.0; 3]);
    assert_eq!(e.sum_axis(Axis::<1>).shape(), &[0]);
    assert!(
        e.try_mean_axis(Axis::<0>)
            .unwrap()
            .iter()
            .all(|x| x.is_nan())
    );
    let ints = Tensor::<i32, 2>::zeros([0, 3]);
    assert_eq!(
        ints.try_mean_axis(Axis::<0>).unwrap_err().kind(),
        ErrorKind::Empty
    );
    assert_eq!((&e + &e).shape(), &[0, 3]);
    let m: Tensor<f64, 2> = Tensor::zeros([3, 0]);
    assert_eq!(m.matmul(&e).unwrap(), Tensor::<f64, 2>::zeros([3, 3]));
    // Empty lanes, including ones whose offset lies at the end of the storage.
    assert_eq!(m.sum_axis(Axis::<1>).to_vec(), [0.0; 3]);
    let full = Tensor::from_fn([2, 4], |[i, j]| (i * 4 + j) as f64);
    let tail = full.view().narrow(Axis::<1>, 4, 0).unwrap();
    assert_eq!(tail.sum_axis(Axis::<1>).to_vec(), [0.0; 2]);
    assert_eq!(tail.sum(), 0.0);
}

#[test]
#[should_panic(expected = "max of a tensor of shape [0]: the reduction needs at least one element")]
fn max_of_empty_panics() {
    let _ = Tensor::<i32, 1>::zeros([0]).max();
}

#[test]
fn matmul_and_dot_errors() {
    let a: Tensor<i32, 2> = Tensor::zeros([2, 3]);
    let err = a.matmul(&a).unwrap_err();
    assert_eq!(
        (err.kind(), err.expected(), err.found()),
        (ErrorKind::SizeMismatch, 3, 2)
    );
    // The right operand's axis 0 has 2 elements where the left's 3 columns need 3.
    let err = a.dot(&tensor![1, 2]).unwrap_err();
    assert_eq!(
        (
            err.kind(),
            err.operand(),
            err.axis(),
            err.expected(),
            err.found()
        ),
        (ErrorKind::SizeMismatch, Some(1), Some(0), 3, 2)
    );
}

/// Reductions along an axis into caller storage agree with the allocating forms, over permuted
/// and reversed layouts, into fixed storage and into a strided view; a wrong `out` is an error
/// naming operand 1, and `out` is unchanged.
#[test]
fn axis_reductions_into_caller_storage() {
    use ranked::ArrayTensor;
    let t = Tensor::from_fn([3, 4, 5], |[i, j, k]| (i * 20 + j * 5 + k) as i64);
    let views = [
        t.view(),
        t.view().permute([2, 0, 1]).unwrap(),
        t.view().flip(Axis::<1>),
    ];
    for v in views {
        let [a, b, c] = *v.shape();
        let mut out0 = Tensor::<i64, 2>::zeros([b, c]);
        v.sum_axis_into(Axis::<0>, &mut out0).unwrap();
        assert_eq!(out0, v.sum_axis(Axis::<0>));
        let mut out1 = Tensor::<i64, 2>::zeros([a, c]);
        v.sum_axis_into(Axis::<1>, &mut out1).unwrap();
        assert_eq!(out1, v.sum_axis(Axis::<1>));
        // Into a transposed view.
        let mut maxima = Tensor::<i64, 2>::zeros([b, a]);
        v.fold_axis_into(
            Axis::<2>,
            i64::MIN,
            |m, &x| m.max(x),
            &mut maxima.view_mut().t(),
        )
        .unwrap();
        assert_eq!(maxima.view().t().to_vec(), v.max_axis(Axis::<2>).to_vec());
    }
    // Into fixed storage.
    let mut fixed = ArrayTensor::<i64, 12, 2>::zeros([3, 4]).unwrap();
    t.sum_axis_into(Axis::<2>, &mut fixed).unwrap();
    assert_eq!(
        fixed.iter().copied().collect::<Vec<_>>(),
        t.sum_axis(Axis::<2>).to_vec()
    );
    // An empty axis: every lane folds to `init`.
    let e = Tensor::<i64, 2>::zeros([0, 3]);
    let mut sums = ArrayTensor::<i64, 3, 1>::full([3], 9).unwrap();
    e.sum_axis_into(Axis::<0>, &mut sums).unwrap();
    assert!(sums.iter().all(|&x| x == 0));
    // A wrong output shape.
    let mut wrong = Tensor::<i64, 2>::zeros([4, 4]);
    let err = t.sum_axis_into(Axis::<0>, &mut wrong).unwrap_err();
    assert_eq!(
        (
            err.kind(),
            err.operand(),
            err.axis(),
            err.expected(),
            err.found()
        ),
        (ErrorKind::SizeMismatch, Some(1), Some(1), 5, 4)
    );
    assert!(wrong.iter().all(|&x| x == 0));
}

#[test]
fn sum_along_the_last_axis_of_contiguous_data_matches_lane_by_lane() {
    // Lanes shorter and longer than one chunk (the pairwise path), and a C-contiguous view
    // that starts inside its storage. Each lane takes the same path whatever their number, so
    // under Miri there are fewer of them.
    let rows = if cfg!(miri) { 1 } else { 5 };
    for n in [1usize, 7, 64, 129, 1000] {
        let t = Tensor::from_fn([3, rows, n], |[i, j, k]| {
            ((i * 31 + j * 7 + k) % 13) as f64 - 6.0
        });
        let want: Vec<f64> = t.lanes(Axis::<2>).map(|lane| lane.iter().sum()).collect();
        assert_eq!(t.sum_axis(Axis::<2>).to_vec(), want, "n = {n}");
        let tail = t.view().narrow(Axis::<0>, 1, 2).unwrap();
        assert!(tail.as_slice().is_some());
        assert_eq!(tail.sum_axis(Axis::<2>).to_vec(), want[rows..].to_vec());
    }
}

/// The keep-dims reductions with the same fallible/panicking pairs as the others, and the
/// matrix rows and columns as views.
#[test]
fn keepdims_pairs_and_rows_and_columns() {
    let t = ranked::tensor![[1.0, 7.0, 2.0], [4.0, 2.0, 9.0]];
    assert_eq!(t.max_axis_keepdims(Axis::<0>).to_vec(), [4.0, 7.0, 9.0]);
    assert_eq!(t.min_axis_keepdims(Axis::<1>).shape(), &[2, 1]);
    assert_eq!(t.mean_axis_keepdims(Axis::<1>).to_vec(), [10.0 / 3.0, 5.0]);
    assert_eq!(t.view().row(1).unwrap().to_vec(), [4.0, 2.0, 9.0]);
    assert_eq!(t.view().column(1).unwrap().strides(), &[3]);
    let err = t.view().column(3).unwrap_err();
    assert_eq!(
        (err.kind(), err.axis()),
        (ErrorKind::IndexOutOfBounds, Some(1))
    );
    let empty = Tensor::<f64, 2>::zeros([0, 2]);
    assert!(empty.try_max_axis_keepdims(Axis::<0>).is_err());
    let m = empty.mean_axis_keepdims(Axis::<0>);
    assert!(*m.shape() == [1, 2] && m.iter().all(|x| x.is_nan()));
    let ints = Tensor::<i32, 2>::zeros([0, 2]);
    let caught = std::panic::catch_unwind(|| ints.mean_axis_keepdims(Axis::<0>));
    assert!(caught.is_err());
}

/// Element-wise results of C-contiguous operands (one pass over their slices) equal those of
/// the same operands through the general walk: views that start inside their buffer, axes of
/// size 1 with any stride, one operand transposed, and empty tensors.
#[test]
fn contiguous_operands_take_their_slices_in_order() {
    let m = Tensor::<i64, 2>::from_fn([4, 6], |[i, j]| (i * 10 + j) as i64);
    let rows = m.view().slice(ranked::s![1..3, ..]).unwrap(); // contiguous, offset 6
    let other = Tensor::<i64, 2>::from_fn([2, 6], |[i, j]| (100 * i + j) as i64);
    let want: Vec<i64> = rows.iter().zip(other.iter()).map(|(a, b)| a + b).collect();
    assert_eq!((&rows + &other).to_vec(), want);
    assert_eq!(
        rows.map(|x| x * 2).to_vec(),
        rows.iter().map(|x| x * 2).collect::<Vec<_>>()
    );
    // A size-1 axis with a stride of its own: still the elements `offset..offset + len`.
    let row = m.view().slice(ranked::s![2..3, ..4]).unwrap(); // [1, 4], strides [6, 1]
    let col = m.view().slice(ranked::s![.., 2..3]).unwrap().t(); // [1, 4], strides [1, 6]
    assert_eq!((&row + &row).to_vec(), [40, 42, 44, 46]);
    assert_eq!((&col + &row).to_vec(), [22, 33, 44, 55]);
    // One operand transposed: the general walk, same values.
    let sq = Tensor::<i64, 2>::from_fn([3, 3], |[i, j]| (3 * i + j) as i64);
    let t = sq.view().t();
    assert_eq!((&sq + &t).to_vec(), [0, 4, 8, 4, 8, 12, 8, 12, 16]);
    let empty = Tensor::<i64, 2>::zeros([0, 3]);
    assert_eq!((&empty + &empty).shape(), &[0, 3]);
}

/// The extremes of each lane along axis 1 of an `[outer, n, block]` buffer, by a scan of the
/// lane in logical order: NaN anywhere in a lane gives NaN (NumPy's `min`/`max`).
fn lane_extremes(data: &[f32], [outer, n, block]: [usize; 3], smallest: bool) -> Vec<f32> {
    let mut out = Vec::new();
    for o in 0..outer {
        for c in 0..block {
            let lane = (0..n).map(|r| data[(o * n + r) * block + c]);
            out.push(lane.fold(None, |best: Option<f32>, x| match best {
                Some(b) if b.is_nan() => Some(b),
                Some(_) if x.is_nan() => Some(x),
                Some(b) if (smallest && x < b) || (!smallest && x > b) => Some(x),
                Some(b) => Some(b),
                None => Some(x),
            }));
        }
    }
    out.into_iter().map(Option::unwrap).collect()
}

/// Bit patterns, so that NaN equals NaN in the comparisons below.
fn bits(xs: &[f32]) -> Vec<u32> {
    xs.iter().map(|x| x.to_bits()).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(miri) { 4 } else { 200 }))]

    /// `sum_axis_into`, `mean_axis_into` and `prod_axis_into` (and `prod_axis` and its
    /// forms) along a middle axis of a C-contiguous tensor, which go through the rows in memory
    /// order, give the bits of a fold along each lane (each lane's operations in the same
    /// order), as they do into a transposed result (each lane walked).
    #[test]
    fn sums_and_products_into_match_a_fold_of_each_lane(
        outer in 1usize..4,
        n in 1usize..if cfg!(miri) { 40 } else { 200 },
        block in 1usize..80,
        seed in 0u64..1000,
    ) {
        let shape = [outer, n, block];
        let len = outer * n * block;
        // Values near 1, so that products of up to 200 stay finite, with rounding in sums.
        let data: Vec<f32> = (0..len)
            .map(|p| 1.0 + (((p as u64 * 2_654_435_761 + seed) % 301) as f32 - 150.0) / 3000.0)
            .collect();
        let t = Tensor::from_vec(data.clone(), shape).unwrap();
        let fold = |f: fn(f32, f32) -> f32, init: f32| -> Vec<u32> {
            let mut out = Vec::new();
            for o in 0..outer {
                for c in 0..block {
                    let lane = (0..n).map(|r| data[(o * n + r) * block + c]);
                    out.push(lane.fold(init, f).to_bits());
                }
            }
            out
        };
        let mut into = Tensor::<f32, 2>::zeros([outer, block]);
        let mut across = Tensor::<f32, 2>::zeros([block, outer]);
        let sums = fold(|a, x| a + x, 0.0);
        t.sum_axis_into(Axis::<1>, &mut into).unwrap();
        t.sum_axis_into(Axis::<1>, &mut across.view_mut().t()).unwrap();
        prop_assert_eq!(bits(&into.to_vec()), sums.clone());
        prop_assert_eq!(bits(&across.view().t().to_vec()), sums.clone());
        // Means: the same sums, each divided by the lane's length.
        let means: Vec<u32> =
            sums.iter().map(|&b| (f32::from_bits(b) / n as f32).to_bits()).collect();
        t.mean_axis_into(Axis::<1>, &mut into).unwrap();
        t.mean_axis_into(Axis::<1>, &mut across.view_mut().t()).unwrap();
        prop_assert_eq!(bits(&into.to_vec()), means.clone());
        prop_assert_eq!(bits(&across.view().t().to_vec()), means);
        let products = fold(|a, x| a * x, 1.0);
        t.prod_axis_into(Axis::<1>, &mut into).unwrap();
        t.prod_axis_into(Axis::<1>, &mut across.view_mut().t()).unwrap();
        prop_assert_eq!(bits(&into.to_vec()), products.clone());
        prop_assert_eq!(bits(&across.view().t().to_vec()), products.clone());
        // The forms that allocate multiply the rows the same way.
        prop_assert_eq!(bits(&t.prod_axis(Axis::<1>).to_vec()), products.clone());
        prop_assert_eq!(bits(&t.prod_axis_keepdims(Axis::<1>).to_vec()), products.clone());
        prop_assert_eq!(bits(&t.prod_axes((Axis::<1>,)).to_vec()), products);
        // Integers, and an empty tensor whose slab size leaves `usize`.
        let ints = t.map(|&x| (x * 1000.0) as i64);
        let mut sums = Tensor::<i64, 2>::zeros([outer, block]);
        ints.sum_axis_into(Axis::<1>, &mut sums).unwrap();
        prop_assert_eq!(sums, ints.sum_axis(Axis::<1>));
        let empty = Tensor::<f32, 3>::zeros([0, 1 << 40, 1 << 30]);
        empty.sum_axis_into(Axis::<1>, &mut Tensor::<f32, 2>::zeros([0, 1 << 30])).unwrap();
    }

    /// `min_axis`/`max_axis` (and their `keepdims`, `_axes` and `_into` forms) along a middle
    /// axis of a C-contiguous tensor, which compare groups of rows at once, against a scan of each
    /// lane: narrow and wide rows, axes shorter and longer than a group, rows left over, ties
    /// (the values repeat) and a NaN anywhere, or none.
    #[test]
    fn extremes_of_contiguous_rows_match_a_scan_of_each_lane(
        outer in 1usize..if cfg!(miri) { 3 } else { 4 },
        n in 1usize..if cfg!(miri) { 24 } else { 200 },
        block in 1usize..80,
        nan_at in proptest::option::of(any::<prop::sample::Index>()),
        seed in 0u64..1000,
    ) {
        let shape = [outer, n, block];
        let len = outer * n * block;
        let mut data: Vec<f32> =
            (0..len).map(|p| ((p as u64 * 2_654_435_761 + seed) % 301) as f32 - 150.0).collect();
        if let Some(at) = nan_at {
            data[at.index(len)] = f32::NAN;
        }
        let t = Tensor::from_vec(data.clone(), shape).unwrap();
        for smallest in [true, false] {
            let want = bits(&lane_extremes(&data, shape, smallest));
            let (got, kept, over) = if smallest {
                (t.min_axis(Axis::<1>), t.min_axis_keepdims(Axis::<1>), t.min_axes((Axis::<1>,)))
            } else {
                (t.max_axis(Axis::<1>), t.max_axis_keepdims(Axis::<1>), t.max_axes((Axis::<1>,)))
            };
            prop_assert_eq!(got.shape(), &[outer, block]);
            prop_assert_eq!(bits(&got.to_vec()), want.clone());
            prop_assert_eq!(kept.shape(), &[outer, 1, block]);
            prop_assert_eq!(bits(&kept.to_vec()), want.clone());
            prop_assert_eq!(bits(&over.to_vec()), want.clone());
            // Without allocating: into a C-contiguous result (the rows in memory order) and
            // into a transposed one (each lane walked).
            let mut into = Tensor::<f32, 2>::zeros([outer, block]);
            let mut across = Tensor::<f32, 2>::zeros([block, outer]);
            if smallest {
                t.min_axis_into(Axis::<1>, &mut into).unwrap();
                t.min_axis_into(Axis::<1>, &mut across.view_mut().t()).unwrap();
            } else {
                t.max_axis_into(Axis::<1>, &mut into).unwrap();
                t.max_axis_into(Axis::<1>, &mut across.view_mut().t()).unwrap();
            }
            prop_assert_eq!(bits(&into.to_vec()), want.clone());
            prop_assert_eq!(bits(&across.t().to_vec()), want);
            // The same rows as one table, reduced along its first axis.
            if outer == 1 {
                let table = Tensor::from_vec(data.clone(), [n, block]).unwrap();
                let column = if smallest { table.min_axis(Axis::<0>) } else { table.max_axis(Axis::<0>) };
                prop_assert_eq!(bits(&column.to_vec()), bits(&got.to_vec()));
            }
        }
        // No elements, with axes whose product leaves `usize`: an empty result, no panic.
        let empty = Tensor::<f32, 3>::zeros([0, 1 << 40, 1 << 30]);
        prop_assert_eq!(*empty.try_min_axis(Axis::<1>).unwrap().shape(), [0, 1 << 30]);
        prop_assert_eq!(*empty.max_axis_keepdims(Axis::<1>).shape(), [0, 1, 1 << 30]);
        empty.min_axis_into(Axis::<1>, &mut Tensor::<f32, 2>::zeros([0, 1 << 30])).unwrap();
        // Integers: the extremes are exact (no NaN).
        let ints = Tensor::from_vec((0..len).map(|p| ((p * 7919 + seed as usize) % 97) as i32).collect(), shape).unwrap();
        let floats: Vec<f32> = ints.iter().map(|&x| x as f32).collect();
        let want_min: Vec<i32> = lane_extremes(&floats, shape, true).iter().map(|&x| x as i32).collect();
        let want_max: Vec<i32> = lane_extremes(&floats, shape, false).iter().map(|&x| x as i32).collect();
        prop_assert_eq!(ints.min_axis(Axis::<1>).to_vec(), want_min.clone());
        prop_assert_eq!(ints.max_axis(Axis::<1>).to_vec(), want_max.clone());
        let mut into = Tensor::<i32, 2>::zeros([outer, block]);
        ints.min_axis_into(Axis::<1>, &mut into).unwrap();
        prop_assert_eq!(into.to_vec(), want_min);
        ints.max_axis_into(Axis::<1>, &mut into).unwrap();
        prop_assert_eq!(into.to_vec(), want_max);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(miri) { 4 } else { 200 }))]

    /// `min`/`max` of a whole contiguous tensor and along its last axis, which compare long
    /// runs in groups, against a scan in logical order: lengths on both sides of a group, ties
    /// and a NaN anywhere, or none.
    #[test]
    fn extremes_of_long_runs_match_a_scan(
        len in 1usize..400,
        nan_at in proptest::option::of(any::<prop::sample::Index>()),
        seed in 0u64..1000,
    ) {
        let mut data: Vec<f32> =
            (0..2 * len).map(|p| ((p as u64 * 2_654_435_761 + seed) % 301) as f32 - 150.0).collect();
        if let Some(at) = nan_at {
            data[at.index(2 * len)] = f32::NAN;
        }
        let t = Tensor::from_vec(data.clone(), [2, len]).unwrap();
        for smallest in [true, false] {
            let whole = lane_extremes(&data, [1, 2 * len, 1], smallest);
            let (all, rows) = if smallest {
                (t.min(), t.min_axis(Axis::<1>))
            } else {
                (t.max(), t.max_axis(Axis::<1>))
            };
            prop_assert_eq!(all.to_bits(), whole[0].to_bits());
            // Each row is a lane of `[2, len]` along axis 1: the columns of its transpose.
            let row_lanes = lane_extremes(&t.view().t().to_vec(), [1, len, 2], smallest);
            prop_assert_eq!(bits(&rows.to_vec()), bits(&row_lanes));
        }
    }
}
