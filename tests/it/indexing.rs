//! Properties of sorting, indexing by index tensors and masks over random strided layouts
//! (sorted lanes are ordered permutations of the input lanes, `take_along_axis` with `argsort`
//! is `sort`, scatter then gather round trips, masks select what a filter selects), and the
//! errors of bad indices and shapes: each names what and where, and nothing panics.

// The operators are exercised by reference on purpose.
#![allow(clippy::op_ref)]

use crate::common::{Spec, spec};
use proptest::prelude::*;
use ranked::ops::{PadMode, cmp_nan_last};
use ranked::{Axis, ErrorKind, IndexError, Layout, Tensor, TensorView, TensorViewMut, tensor};

/// A buffer for `s` of small floats with ties, NaN and both zeros.
fn buffer(s: &Spec, seed: u64) -> Vec<f64> {
    (0..s.len)
        .map(|p| match (p as u64 * 7 + seed) % 11 {
            0 => f64::NAN,
            1 => -0.0,
            2 => 0.0,
            k => k as f64 - 6.0,
        })
        .collect()
}

fn view<'a, const R: usize>(s: &Spec, data: &'a [f64]) -> TensorView<'a, f64, R> {
    let shape: [usize; R] = s.shape.clone().try_into().unwrap();
    let strides: [isize; R] = s.strides().try_into().unwrap();
    TensorView::from_raw_parts(data, Layout::from_parts(shape, strides, s.offset)).unwrap()
}

fn view_mut<'a, const R: usize>(s: &Spec, data: &'a mut [f64]) -> TensorViewMut<'a, f64, R> {
    let shape: [usize; R] = s.shape.clone().try_into().unwrap();
    let strides: [isize; R] = s.strides().try_into().unwrap();
    TensorViewMut::from_raw_parts(data, Layout::from_parts(shape, strides, s.offset)).unwrap()
}

/// The lanes along axis 1 of a rank-3 row-major vector of `shape`, each as a `Vec`.
fn lanes_axis1(shape: &[usize], v: &[f64]) -> Vec<Vec<f64>> {
    let (a, b, c) = (shape[0], shape[1], shape[2]);
    let mut out = vec![];
    for i in 0..a {
        for k in 0..c {
            out.push((0..b).map(|j| v[(i * b + j) * c + k]).collect());
        }
    }
    out
}

fn bits(v: &[f64]) -> Vec<u64> {
    v.iter()
        .map(|x| {
            if x.is_nan() {
                f64::NAN.to_bits()
            } else {
                x.to_bits()
            }
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(miri) { 4 } else { 200 }))]

    /// Each sorted lane is ordered (NaN last) and a permutation of the input lane; the stable
    /// sort, the unstable sort and both in-place sorts agree; `argsort` gathers the sort.
    #[test]
    fn sorted_lanes_are_ordered_permutations(s in spec(3), seed in 0u64..11) {
        let data = buffer(&s, seed);
        let t = view::<3>(&s, &data);
        let sorted = t.sort_axis(Axis::<1>);
        let input = lanes_axis1(&s.shape, &t.to_vec());
        let output = lanes_axis1(&s.shape, &sorted.to_vec());
        for (before, after) in input.iter().zip(&output) {
            prop_assert!(after.is_sorted_by(|a, b| cmp_nan_last(a, b).is_le()));
            let mut want = before.clone();
            want.sort_by(cmp_nan_last);
            prop_assert_eq!(bits(after), bits(&want));
        }
        let order = t.argsort_axis(Axis::<1>);
        let by_index = t.take_along_axis(Axis::<1>, &order).unwrap();
        prop_assert_eq!(bits(&by_index.to_vec()), bits(&sorted.to_vec()));
        // The same gather into an existing row-major tensor, and through a permuted view.
        let shape = *t.shape();
        let mut into = Tensor::<f64, 3>::full(shape, 7.5);
        t.take_along_axis_into(Axis::<1>, &order, &mut into).unwrap();
        prop_assert_eq!(bits(&into.to_vec()), bits(&sorted.to_vec()));
        let mut turned = Tensor::<f64, 3>::full([shape[2], shape[0], shape[1]], 7.5);
        let mut through = turned.view_mut().permute([1, 2, 0]).unwrap();
        t.take_along_axis_into(Axis::<1>, &order, &mut through).unwrap();
        prop_assert_eq!(bits(&through.to_vec()), bits(&sorted.to_vec()));
        let unstable = t.sort_unstable_axis(Axis::<1>).to_vec();
        prop_assert!(unstable.iter().zip(sorted.to_vec()).all(|(a, b)| *a == b || (a.is_nan() && b.is_nan())));
        let mut copy = data.clone();
        let mut m = view_mut::<3>(&s, &mut copy);
        m.sort_axis_inplace(Axis::<1>);
        prop_assert_eq!(bits(&m.to_vec()), bits(&sorted.to_vec()));
        let mut copy = data.clone();
        let mut m = view_mut::<3>(&s, &mut copy);
        m.sort_unstable_axis_inplace(Axis::<1>);
        prop_assert!(m.to_vec().iter().zip(sorted.to_vec()).all(|(a, b)| *a == b || (a.is_nan() && b.is_nan())));
    }

    /// `median_inplace` of a view of any layout sorts its elements in row-major order where
    /// they lie and gives the median NumPy gives (`median` of the same values).
    #[test]
    fn median_in_place_of_any_layout(s in spec(3), seed in 0u64..11) {
        let data = buffer(&s, seed);
        let t = view::<3>(&s, &data);
        let want = t.median();
        let mut copy = data.clone();
        let mut m = view_mut::<3>(&s, &mut copy);
        match (m.median_inplace(), want) {
            (Ok(got), Ok(want)) => prop_assert!(got == want || (got.is_nan() && want.is_nan())),
            (Err(a), Err(b)) => prop_assert_eq!(a.kind(), b.kind()),
            (got, want) => prop_assert!(false, "{:?} against {:?}", got, want),
        }
        let mut sorted = t.to_vec();
        sorted.sort_by(cmp_nan_last);
        prop_assert!(m.to_vec().iter().zip(&sorted).all(|(a, b)| a == b || (a.is_nan() && b.is_nan())));
    }

    /// `put_along_axis` at a permutation, then `take_along_axis` at it, gives the values back;
    /// `scatter_add_along_axis` of ones at every index counts each index once per lane.
    #[test]
    fn scatter_then_gather_round_trips(s in spec(3), seed in 0u64..11) {
        prop_assume!(!s.shape.contains(&0));
        let data = buffer(&s, seed);
        let t = view::<3>(&s, &data);
        let order = t.argsort_axis(Axis::<2>); // a permutation of each lane
        let values = t.map(|x| x * 2.0 + 1.0);
        let mut copy = data.clone();
        let mut m = view_mut::<3>(&s, &mut copy);
        m.put_along_axis(Axis::<2>, &order, &values).unwrap();
        let back = m.take_along_axis(Axis::<2>, &order).unwrap();
        prop_assert_eq!(bits(&back.to_vec()), bits(&values.to_vec()));
        // Along the last axis into an existing row-major tensor (lane by lane as slices where
        // the data's last axis is unit-stride).
        let mut into = Tensor::<f64, 3>::full(*t.shape(), 7.5);
        m.take_along_axis_into(Axis::<2>, &order, &mut into).unwrap();
        prop_assert_eq!(bits(&into.to_vec()), bits(&values.to_vec()));
        let mut counts: Tensor<f64, 3> = Tensor::zeros(*t.shape());
        counts.scatter_add_along_axis(Axis::<2>, &order, &tensor![1.0]).unwrap();
        prop_assert!(counts.iter().all(|&c| c == 1.0));
    }

    /// `masked_select` is a filter in row-major order; `compress` and `take` agree with it;
    /// `argwhere` lists the positions of the filter's picks.
    #[test]
    fn masks_select_what_a_filter_selects(s in spec(2), seed in 0u64..11) {
        let data = buffer(&s, seed);
        let t = view::<2>(&s, &data);
        let mask = t.gt(0.0);
        let picked = t.masked_select(&mask).unwrap().to_vec();
        let filtered: Vec<f64> = t.iter().zip(mask.iter()).filter(|(_, m)| **m).map(|(x, _)| *x).collect();
        prop_assert_eq!(bits(&picked), bits(&filtered));
        let at = mask.argwhere();
        prop_assert_eq!(at.shape()[0], picked.len());
        for k in 0..picked.len() {
            prop_assert_eq!(t[[at[[k, 0]], at[[k, 1]]]].to_bits(), picked[k].to_bits());
        }
        let rows = mask.count_nonzero_axis(Axis::<1>).map(|&c| c > 0);
        let kept: Vec<usize> = rows.indexed_iter().filter(|(_, b)| **b).map(|([i], _)| i).collect();
        prop_assert_eq!(
            bits(&t.compress(Axis::<0>, &rows).unwrap().to_vec()),
            bits(&t.take(Axis::<0>, &kept).unwrap().to_vec())
        );
        prop_assert_eq!((!&mask).count() + mask.count(), t.len());
        // Row-major copies take the branch-free path; the result is the same.
        let dense = t.to_contiguous().masked_select(&mask.to_contiguous()).unwrap();
        prop_assert_eq!(bits(&dense.to_vec()), bits(&filtered));
    }

    /// Padding with a constant puts the input back in the middle; `roll` by the axis size is
    /// the identity; `tile` of ones is the input.
    #[test]
    fn shaping_copies_keep_the_input(s in spec(2), seed in 0u64..11, shift in -9isize..9) {
        let data = buffer(&s, seed);
        let t = view::<2>(&s, &data);
        let p = t.pad([(1, 2), (0, 3)], PadMode::Constant(9.0)).unwrap();
        let (n0, n1) = (t.shape()[0], t.shape()[1]);
        let middle = p.view().narrow(Axis::<0>, 1, n0).unwrap();
        let middle = middle.narrow(Axis::<1>, 0, n1).unwrap();
        prop_assert_eq!(bits(&middle.to_vec()), bits(&t.to_vec()));
        prop_assert_eq!(p.len() - t.len(), p.iter().filter(|&&x| x == 9.0).count());
        let n = t.shape()[1] as isize;
        let once = t.roll(Axis::<1>, shift).unwrap();
        let back = once.roll(Axis::<1>, -shift + n).unwrap();
        prop_assert_eq!(bits(&back.to_vec()), bits(&t.to_vec()));
        prop_assert_eq!(bits(&t.tile([1, 1]).unwrap().to_vec()), bits(&t.to_vec()));
    }
}

/// `argsort` through integer keys (radix-sorted for long lanes) gives the stable order that
/// comparing values gives, for floats with NaN and both zeros and for integers of each width.
#[test]
fn argsort_by_keys_is_the_stable_comparison_order() {
    fn stable<T: PartialOrd + Clone>(v: &[T]) -> Vec<usize> {
        let mut idx: Vec<usize> = (0..v.len()).collect();
        idx.sort_by(|&a, &b| cmp_nan_last(&v[a], &v[b]));
        idx
    }
    let n = if cfg!(miri) { 1100 } else { 5000 };
    let f: Vec<f32> = (0..n)
        .map(|i| match i % 17 {
            0 => f32::NAN,
            1 => -0.0,
            2 => 0.0,
            3 => f32::NEG_INFINITY,
            k => ((i * 7919) % 101) as f32 - 50.0 + k as f32 / 4.0,
        })
        .collect();
    let t = Tensor::from_vec(f.clone(), [n]).unwrap();
    assert_eq!(t.argsort_axis(Axis::<0>).to_vec(), stable(&f));
    let d: Vec<f64> = f.iter().map(|&x| f64::from(x) * 1e300).collect();
    let t = Tensor::from_vec(d.clone(), [n]).unwrap();
    assert_eq!(t.argsort_axis(Axis::<0>).to_vec(), stable(&d));
    let i: Vec<i64> = (0..n as i64).map(|k| (k * 7919) % 201 - 100).collect();
    assert_eq!(
        Tensor::from_vec(i.clone(), [n])
            .unwrap()
            .argsort_axis(Axis::<0>)
            .to_vec(),
        stable(&i)
    );
    let b: Vec<i8> = i.iter().map(|&k| k as i8).collect();
    let t = Tensor::from_vec(b.clone(), [n / 10, 10]).unwrap();
    let by_rows = t.argsort_axis(Axis::<0>);
    for c in 0..10 {
        let column: Vec<i8> = (0..n / 10).map(|r| b[r * 10 + c]).collect();
        let got: Vec<usize> = (0..n / 10).map(|r| by_rows[[r, c]]).collect();
        assert_eq!(got, stable(&column));
    }
}

#[test]
fn out_of_range_indices_name_their_position() {
    let t = tensor![[1, 2, 3], [4, 5, 6]];
    let idx = tensor![[0, 1], [2, 7]];
    let err = t.take_along_axis(Axis::<1>, &idx).unwrap_err();
    assert_eq!(
        err,
        IndexError::OutOfBounds {
            position: [1, 1],
            index: 7,
            axis: 1,
            size: 3
        }
    );
    // A broadcast index tensor: the position is in the index tensor itself.
    let err = t
        .take_along_axis(Axis::<0>, &tensor![[0, 2, 0]])
        .unwrap_err();
    assert!(matches!(
        err,
        IndexError::OutOfBounds {
            position: [0, 1],
            index: 2,
            axis: 0,
            size: 2
        }
    ));
    // Shapes that do not broadcast along the other axes.
    let err = t
        .take_along_axis(Axis::<1>, &tensor![[0], [1], [2]])
        .unwrap_err();
    assert!(
        matches!(err, IndexError::Shape(e) if e.kind() == ErrorKind::BroadcastMismatch && e.axis() == Some(0))
    );
    let err = t.take(Axis::<0>, &[1, 0, 5]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "index 5 at position [2] of the indices is out of bounds for axis 0 of size 2"
    );
    // Writes check every index first: nothing is written on error.
    let mut w = t.clone();
    let err = w
        .put_along_axis(Axis::<1>, &tensor![[0], [usize::MAX]], &tensor![[9]])
        .unwrap_err();
    assert!(matches!(
        err,
        IndexError::OutOfBounds {
            position: [1, 0],
            index: usize::MAX,
            ..
        }
    ));
    assert_eq!(w, t);
    let err = w
        .index_add(Axis::<0>, &[0, 2], &tensor![[1, 1, 1], [1, 1, 1]])
        .unwrap_err();
    assert!(matches!(
        err,
        IndexError::OutOfBounds {
            position: [1],
            index: 2,
            ..
        }
    ));
    let err = w.index_add(Axis::<0>, &[0], &tensor![[1, 1]]).unwrap_err();
    assert!(matches!(err, IndexError::Shape(e) if e.kind() == ErrorKind::SizeMismatch));
    assert_eq!(w, t);
    // Into an existing tensor: a bad index is found on the way, the elements before it (in
    // row-major order) written and the others left as they were; a shape that does not fit
    // writes nothing. Broadcast indices and a strided destination.
    let mut out = tensor![[0], [0]];
    let err = t
        .take_along_axis_into(Axis::<1>, &tensor![[2], [3]], &mut out)
        .unwrap_err();
    assert!(matches!(
        err,
        IndexError::OutOfBounds {
            position: [1, 0],
            index: 3,
            axis: 1,
            size: 3
        }
    ));
    assert_eq!(out, tensor![[3], [0]]);
    let mut out = tensor![[0], [0]];
    let mut wide = tensor![[0, 0], [0, 0]];
    let err = t
        .take_along_axis_into(Axis::<1>, &tensor![[2], [0]], &mut wide)
        .unwrap_err();
    assert!(
        matches!(err, IndexError::Shape(e) if e.kind() == ErrorKind::SizeMismatch && e.axis() == Some(1))
    );
    assert_eq!(wide, tensor![[0, 0], [0, 0]]);
    t.take_along_axis_into(Axis::<1>, &tensor![[2], [0]], &mut out)
        .unwrap();
    assert_eq!(out, tensor![[3], [4]]);
    let mut rows = Tensor::<i32, 2>::zeros([2, 3]);
    t.take_along_axis_into(Axis::<1>, &tensor![[2, 0, 1], [1, 1, 0]], &mut rows)
        .unwrap();
    assert_eq!(rows, tensor![[3, 1, 2], [5, 5, 4]]);
    let err = t
        .take_along_axis_into(Axis::<1>, &tensor![[0, 1, 2], [2, 5, 0]], &mut rows)
        .unwrap_err();
    assert!(matches!(
        err,
        IndexError::OutOfBounds {
            position: [1, 1],
            index: 5,
            ..
        }
    ));
    // The elements before the bad index are written, the others are not.
    assert_eq!(rows, tensor![[1, 2, 3], [6, 5, 4]]);
    let mut columns = Tensor::<i32, 2>::zeros([3, 2]);
    t.take_along_axis_into(Axis::<0>, &tensor![[1, 0, 1]], &mut columns.view_mut().t())
        .unwrap_err();
    t.take_along_axis_into(
        Axis::<0>,
        &tensor![[1, 0, 1], [0, 0, 1]],
        &mut columns.view_mut().t(),
    )
    .unwrap();
    assert_eq!(columns, tensor![[4, 1], [2, 2], [6, 6]]);
    // An empty axis: every index is out of range, and no index is fine.
    let empty: Tensor<i32, 2> = Tensor::zeros([2, 0]);
    assert!(
        empty
            .take_along_axis(Axis::<1>, &tensor![[0], [0]])
            .is_err()
    );
    let none: Tensor<usize, 2> = Tensor::zeros([2, 0]);
    assert_eq!(
        empty.take_along_axis(Axis::<1>, &none).unwrap().shape(),
        &[2, 0]
    );
}

#[test]
fn bad_parameters_are_errors_not_panics() {
    let t = tensor![[3.0, 1.0], [2.0, 4.0]];
    assert_eq!(
        t.topk(Axis::<1>, 3, true, true).unwrap_err().kind(),
        ErrorKind::TooFewElements
    );
    assert_eq!(
        t.argpartition(Axis::<0>, 2).unwrap_err().kind(),
        ErrorKind::IndexOutOfBounds
    );
    for q in [-0.1, 1.1, f64::NAN] {
        assert_eq!(
            t.quantile(q).unwrap_err().kind(),
            ErrorKind::QuantileOutOfRange
        );
        assert_eq!(
            t.quantile_axis(Axis::<0>, q).unwrap_err().kind(),
            ErrorKind::QuantileOutOfRange
        );
    }
    assert_eq!(
        t.percentile(100.5).unwrap_err().kind(),
        ErrorKind::QuantileOutOfRange
    );
    let empty: Tensor<f64, 2> = Tensor::zeros([3, 0]);
    assert_eq!(empty.median().unwrap_err().kind(), ErrorKind::Empty);
    assert_eq!(
        empty.median_axis(Axis::<1>).unwrap_err().kind(),
        ErrorKind::Empty
    );
    assert_eq!(empty.median_axis(Axis::<0>).unwrap().shape(), &[0]);
    assert_eq!(empty.nanargmax().unwrap_err().kind(), ErrorKind::Empty);
    assert_eq!(
        empty.nanmin_axis(Axis::<1>).unwrap_err().kind(),
        ErrorKind::Empty
    );
    assert_eq!(
        empty
            .pad([(1, 1), (1, 1)], PadMode::Edge)
            .unwrap_err()
            .kind(),
        ErrorKind::Empty
    );
    assert_eq!(
        empty
            .pad([(1, 1), (1, 1)], PadMode::Constant(0.5))
            .unwrap()
            .shape(),
        &[5, 2]
    );
    // Sizes that overflow are errors, whatever the element count in memory.
    let one = tensor![[1u8]];
    assert_eq!(
        one.tile([usize::MAX, 2]).unwrap_err().kind(),
        ErrorKind::Overflow
    );
    assert_eq!(
        one.repeat(Axis::<0>, usize::MAX).unwrap_err().kind(),
        ErrorKind::Allocation
    );
    assert_eq!(
        one.repeat_each(Axis::<0>, &[1, 2]).unwrap_err().kind(),
        ErrorKind::SizeMismatch
    );
    assert_eq!(
        one.pad([(usize::MAX, 1), (0, 0)], PadMode::Constant(0))
            .unwrap_err()
            .kind(),
        ErrorKind::Overflow
    );
    // Empty results with long axes: no index map is built for them.
    let long_and_empty: TensorView<'_, u8, 2> =
        TensorView::from_slice_with_strides(&[], [usize::MAX, 0], [0, 0], 0).unwrap();
    assert_eq!(
        long_and_empty.roll(Axis::<0>, 3).unwrap().shape(),
        &[usize::MAX, 0]
    );
    assert_eq!(
        long_and_empty.take(Axis::<1>, &[]).unwrap().shape(),
        &[usize::MAX, 0]
    );
    assert_eq!(
        long_and_empty.repeat(Axis::<1>, 2).unwrap().shape(),
        &[usize::MAX, 0]
    );
    assert_eq!(
        long_and_empty.argsort_axis(Axis::<0>).shape(),
        &[usize::MAX, 0]
    );
    assert_eq!(
        long_and_empty.sort_axis(Axis::<0>).shape(),
        &[usize::MAX, 0]
    );
    let (v, i) = long_and_empty.topk(Axis::<0>, 5, true, true).unwrap();
    assert_eq!((v.shape(), i.shape()), (&[5, 0], &[5, 0]));
    assert_eq!(
        long_and_empty.argpartition(Axis::<0>, 7).unwrap().shape(),
        &[usize::MAX, 0]
    );
    assert_eq!(long_and_empty.unique().len(), 0);
    assert_eq!(
        long_and_empty
            .pad([(1, 0), (0, 0)], PadMode::Constant(0))
            .unwrap_err()
            .kind(),
        ErrorKind::Overflow
    );
    let wide = tensor![[1u8, 2]];
    assert_eq!(
        wide.tile([isize::MAX as usize, 1]).unwrap_err().kind(),
        ErrorKind::Allocation
    );
    assert_eq!(
        wide.compress(Axis::<1>, &tensor![true]).unwrap_err().kind(),
        ErrorKind::SizeMismatch
    );
    assert_eq!(
        wide.masked_select(&tensor![[true], [false]])
            .unwrap_err()
            .kind(),
        ErrorKind::SizeMismatch
    );
}

#[test]
fn broadcast_inputs_are_read_as_their_values() {
    let row = tensor![3.0, f64::NAN, 1.0, 2.0];
    let b = row.view().broadcast_to([3, 4]).unwrap();
    let sorted = b.sort_axis(Axis::<1>);
    assert_eq!(sorted.to_vec()[..3], [1.0, 2.0, 3.0]);
    assert_eq!(
        b.argsort_axis(Axis::<0>).to_vec(),
        [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2]
    );
    assert_eq!(b.nanmean_axis(Axis::<1>).to_vec(), [2.0; 3]);
    assert_eq!(b.median_axis(Axis::<0>).unwrap().to_vec()[2..], [1.0, 2.0]);
    assert_eq!(
        b.pad([(0, 0), (1, 1)], PadMode::Wrap).unwrap().shape(),
        &[3, 6]
    );
    assert_eq!(b.unique().len(), 4);
    let idx = tensor![[1], [3], [0]];
    assert_eq!(
        b.take_along_axis(Axis::<1>, &idx).unwrap().to_vec()[1..],
        [2.0, 3.0]
    );
    let m = tensor![true, false, true, true];
    let m = m.view().broadcast_to([2, 4]).unwrap();
    assert_eq!(
        b.narrow(Axis::<0>, 0, 2)
            .unwrap()
            .masked_select(&m)
            .unwrap()
            .len(),
        6
    );
    assert_eq!((&m & &tensor![[true], [false]]).count(), 3);
}

#[test]
fn median_in_place_of_a_strided_view_needs_no_copy() {
    let mut data = [9.0_f32, 0.0, 1.0, 0.0, 5.0, 0.0, 3.0, 0.0];
    let mut v = TensorViewMut::from_slice_mut_with_strides(&mut data, [4], [2], 0).unwrap();
    assert_eq!(v.median_inplace().unwrap(), 4.0);
    assert_eq!(data, [1.0, 0.0, 3.0, 0.0, 5.0, 0.0, 9.0, 0.0]);
    let mut odd = [f32::NAN, 1.0, 2.0];
    let mut v = TensorViewMut::from_slice_mut(&mut odd, [3]).unwrap();
    assert!(v.median_inplace().unwrap().is_nan());
    let mut none: [f32; 0] = [];
    let mut v = TensorViewMut::from_slice_mut(&mut none, [0]).unwrap();
    assert_eq!(v.median_inplace().unwrap_err().kind(), ErrorKind::Empty);
}
