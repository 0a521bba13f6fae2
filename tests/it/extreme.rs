//! Regression tests for the defects that differential testing and a fuzz loop found at extreme
//! sizes: each reached through the public API, each now an error (never a panic, never a layout
//! that breaks invariant 1).

use ranked::layout::DynLayout;
use ranked::{Axis, DynTensorView, ErrorKind, Layout, TensorView};

const HALF: usize = 1 << 62;

/// A broadcast view checked against its own layout rules: what a tensor holds must pass
/// `validate` for its storage.
fn assert_valid<const R: usize>(t: &TensorView<'_, u8, R>, storage_len: usize) {
    t.layout()
        .validate(storage_len)
        .expect("a view's layout is valid for its storage");
    assert_eq!(t.iter().len(), t.len());
}

// ------------------------------------------------------------------------- broadcast_to

#[test]
fn broadcast_to_an_axis_longer_than_isize_max_is_an_overflow() {
    let data = [7u8];
    let one = TensorView::from_slice(&data, [1]).unwrap();
    let err = one.broadcast_to([usize::MAX]).unwrap_err();
    assert_eq!((err.kind(), err.axis()), (ErrorKind::Overflow, Some(0)));
    let err = one.broadcast_to([(1 << 63) + 1, 1]).unwrap_err();
    assert_eq!((err.kind(), err.axis()), (ErrorKind::Overflow, Some(0)));

    // The largest axis that is still valid works, and its layout validates.
    let big = one.broadcast_to([isize::MAX as usize]).unwrap();
    assert_valid(&big, 1);
    assert_eq!(big.get([isize::MAX as usize - 1]), Some(&7));

    let dynamic = DynTensorView::from_slice(&data, &[1]).unwrap();
    let err = dynamic.broadcast_to(&[usize::MAX]).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Overflow);
    let err = dynamic.broadcast_to(&[(1 << 63) + 1, 1]).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Overflow);
}

#[test]
fn broadcast_to_an_empty_shape_with_huge_sizes_is_empty_and_valid() {
    let data = [7u8];
    let one = TensorView::from_slice(&data, [1]).unwrap();
    let empty = one.broadcast_to([usize::MAX, 0]).unwrap();
    assert_eq!(empty.len(), 0);
    assert_eq!(empty.iter().count(), 0);
    assert_valid(&empty, 1);
}

// ------------------------------------------------------------------------------- unfold

#[test]
fn unfold_with_a_window_of_zero_counts_without_overflowing() {
    // A raw layout may hold any numbers; its public `Result` methods must not panic on them.
    let l = Layout::from_parts([usize::MAX], [0], 0);
    let err = l.unfold::<2>(0, 0, 1).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Overflow);
    let d = DynLayout::from_parts(&[usize::MAX], &[0], 0).unwrap();
    assert_eq!(d.unfold(0, 0, 1).unwrap_err().kind(), ErrorKind::Overflow);

    // Windows of size 0 on an ordinary axis: dim + 1 empty windows.
    let data = [1u8, 2, 3];
    let v = TensorView::from_slice(&data, [3]).unwrap();
    let w = v.unfold(Axis::<0>, 0, 1).unwrap();
    assert_eq!(w.shape(), &[4, 0]);
    assert_eq!(w.iter().count(), 0);
}

#[test]
fn overlapping_windows_whose_count_overflows_are_an_error() {
    let data = [7u8];
    let long = TensorView::from_slice(&data, [1])
        .unwrap()
        .broadcast_to([HALF])
        .unwrap();
    let err = long.unfold(Axis::<0>, 8, 1).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Overflow);

    let dynamic = DynTensorView::from_slice(&data, &[1])
        .unwrap()
        .broadcast_to(&[HALF])
        .unwrap();
    assert_eq!(
        dynamic.unfold(0, 8, 1).unwrap_err().kind(),
        ErrorKind::Overflow
    );

    // Fewer windows whose count fits are fine, and `len()` agrees with iteration.
    let small = TensorView::from_slice(&data, [1])
        .unwrap()
        .broadcast_to([1000])
        .unwrap();
    let w = small.unfold(Axis::<0>, 8, 1).unwrap();
    assert_eq!(w.len(), 993 * 8);
    assert_valid(&w, 1);
}

// ---------------------------------------------------------------------------------- merge

#[test]
fn merging_huge_axes_of_an_empty_view_is_an_overflow_like_split() {
    let data = [7u8];
    let empty = TensorView::from_slice(&data, [1])
        .unwrap()
        .broadcast_to([1 << 32, (1 << 32) + 1, 0])
        .unwrap();
    let err = empty.merge(Axis::<0>, Axis::<1>).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Overflow);
    // Merging a range that holds the 0 is fine: the merged axis is empty.
    let merged = empty.merge(Axis::<1>, Axis::<2>).unwrap();
    assert_eq!(merged.shape(), &[1 << 32, 0]);

    let dynamic = DynTensorView::from_slice(&data, &[1])
        .unwrap()
        .broadcast_to(&[1 << 32, (1 << 32) + 1, 0])
        .unwrap();
    assert_eq!(dynamic.merge(0, 1).unwrap_err().kind(), ErrorKind::Overflow);
}

// ------------------------------------------------------- Layout's Result methods, bad axes

#[test]
fn layout_result_methods_report_a_bad_axis_instead_of_panicking() {
    let l = Layout::row_major([2, 1, 3]).unwrap();
    let invalid = |e: ranked::ShapeError| {
        assert_eq!(e.kind(), ErrorKind::InvalidAxis);
        (e.expected(), e.found())
    };
    assert_eq!(invalid(l.select::<2>(3, 0).unwrap_err()), (3, 3));
    assert_eq!(invalid(l.squeeze::<2>(7).unwrap_err()), (3, 7));
    assert_eq!(invalid(l.slice_axis(3, 0, 1, 1).unwrap_err()), (3, 3));
    assert_eq!(invalid(l.narrow(3, 0, 1).unwrap_err()), (3, 3));
    assert_eq!(invalid(l.step(5, 1).unwrap_err()), (3, 5));
    assert_eq!(invalid(l.split::<2, 4>(3, [1, 1]).unwrap_err()), (3, 3));
    assert_eq!(invalid(l.unfold::<4>(3, 1, 1).unwrap_err()), (3, 3));
    assert_eq!(invalid(l.merge::<2>(1, 3).unwrap_err()), (3, 3));
    assert_eq!(
        l.merge::<2>(2, 1).unwrap_err().kind(),
        ErrorKind::InvalidRange
    );
    // An output rank that does not match the range is reported, not asserted.
    assert_eq!(
        l.merge::<2>(0, 2).unwrap_err().kind(),
        ErrorKind::RankMismatch
    );
    // The same mistakes on a dynamic layout give the same kinds.
    let d = DynLayout::row_major(&[2, 1, 3]).unwrap();
    assert_eq!(d.select(3, 0).unwrap_err().kind(), ErrorKind::InvalidAxis);
    assert_eq!(d.merge(2, 1).unwrap_err().kind(), ErrorKind::InvalidRange);
}

// ------------------------------------------------- operations on empty tensors with huge sizes

/// A valid, empty tensor whose other axes multiply past `usize`: `[2^62, 4, 0]`.
fn huge_empty() -> TensorView<'static, f32, 3> {
    TensorView::from_slice(&[0.0], [1, 1, 1])
        .unwrap()
        .broadcast_to([HALF, 4, 0])
        .unwrap()
}

#[test]
fn element_wise_results_of_empty_tensors_with_huge_sizes() {
    let a = huge_empty();
    let z = a.zip_map(&a, |x, y| x + y).unwrap();
    assert_eq!((z.shape(), z.len()), (&[HALF, 4, 0], 0));
    let s = a.try_add(&a).unwrap();
    assert_eq!(s.shape(), &[HALF, 4, 0]);
    assert_eq!(a.try_mul(&a).unwrap().len(), 0);
    assert_eq!(a.map(|x| x * 2.0).len(), 0);
    assert_eq!(a.to_vec(), Vec::<f32>::new());
}

#[test]
fn axis_reductions_of_empty_tensors_with_huge_sizes() {
    let a = huge_empty();
    // The means of 2^63 empty lanes are NaN: more than memory holds, an error, not a panic.
    let err = a.try_mean_axis(Axis::<2>).unwrap_err();
    assert!(matches!(
        err.kind(),
        ErrorKind::Overflow | ErrorKind::Allocation
    ));
    let err = a.try_mean_axis_keepdims(Axis::<2>).unwrap_err();
    assert!(matches!(
        err.kind(),
        ErrorKind::Overflow | ErrorKind::Allocation
    ));
    let err = a.try_mean_axes((Axis::<1>, Axis::<2>)).unwrap_err();
    assert!(matches!(
        err.kind(),
        ErrorKind::Overflow | ErrorKind::Allocation
    ));
    // In integers the mean of an empty lane does not exist: said before the results are counted.
    let ints = TensorView::from_slice(&[0i32], [1, 1, 1]).unwrap();
    let ints = ints.broadcast_to([HALF, 4, 0]).unwrap();
    let err = ints.try_mean_axis(Axis::<2>).unwrap_err();
    assert_eq!((err.kind(), err.axis()), (ErrorKind::Empty, Some(2)));
    // The maximum of an empty lane does not exist; that is said first (as NumPy does).
    let err = a.try_max_axis(Axis::<2>).unwrap_err();
    assert_eq!((err.kind(), err.axis()), (ErrorKind::Empty, Some(2)));
    let err = a.try_min_axis_keepdims(Axis::<2>).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Empty);
    assert_eq!(
        a.try_min_axis_keepdims(Axis::<0>).unwrap().shape(),
        &[1, 4, 0]
    );
    // Reducing a long axis leaves an empty result, at once.
    let m = a.try_mean_axis(Axis::<0>).unwrap();
    assert_eq!(m.shape(), &[4, 0]);
    assert_eq!(a.sum_axis(Axis::<0>).shape(), &[4, 0]);
    assert_eq!(a.try_max_axis(Axis::<1>).unwrap().shape(), &[HALF, 0]);
}

#[test]
#[should_panic(expected = "more elements than fit in memory")]
fn summing_away_an_empty_axis_of_a_huge_tensor_panics_with_a_message() {
    // `sum_axis` cannot fail, and [2^62, 4] zeros cannot exist: a documented panic.
    let _ = huge_empty().sum_axis(Axis::<2>);
}

#[test]
fn reductions_to_an_empty_result_do_not_walk_the_reduced_axis() {
    // An empty tensor with a long axis: reducing that axis must produce its zero results without
    // visiting the 2^62 positions along it (this test would not finish otherwise).
    let data = [1.0f32];
    let long = TensorView::from_slice(&data, [1, 1])
        .unwrap()
        .broadcast_to([HALF, 0])
        .unwrap();
    assert_eq!(long.sum_axis(Axis::<0>).shape(), &[0]);
    assert_eq!(long.try_mean_axis(Axis::<0>).unwrap().shape(), &[0]);
    assert_eq!(long.try_max_axis(Axis::<0>).unwrap().shape(), &[0]);
    // A real stride along the long axis takes the streaming path for strided lanes.
    let strided = TensorView::from_slice(&[] as &[f32], [HALF, 2, 0]).unwrap();
    assert_eq!(strided.strides(), &[2, 1, 1]);
    assert_eq!(strided.sum_axis(Axis::<0>).shape(), &[2, 0]);
    assert_eq!(strided.try_mean_axis(Axis::<0>).unwrap().shape(), &[2, 0]);
    assert_eq!(strided.sum_axis_keepdims(Axis::<0>).shape(), &[1, 2, 0]);
}

#[test]
fn results_too_large_to_allocate_are_an_allocation_error() {
    let data = [1.0f32];
    let long = TensorView::from_slice(&data, [1])
        .unwrap()
        .broadcast_to([HALF])
        .unwrap();
    let err = long.try_add(&long).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Allocation);
    let err = long.zip_map(&long, |x, y| x + y).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Allocation);

    // matmul with an empty inner dimension: the result has 2^63 elements.
    let m = TensorView::from_slice(&data, [1, 1])
        .unwrap()
        .broadcast_to([1 << 31, 0])
        .unwrap();
    let n = TensorView::from_slice(&data, [1, 1])
        .unwrap()
        .broadcast_to([0, 1 << 32])
        .unwrap();
    let err = m.matmul(&n).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Allocation);

    // matrix · vector reserving one slot per row.
    let rows = TensorView::from_slice(&data, [1, 1])
        .unwrap()
        .broadcast_to([HALF, 0])
        .unwrap();
    let v = TensorView::from_slice(&[] as &[f32], [0]).unwrap();
    assert_eq!(rows.dot(&v).unwrap_err().kind(), ErrorKind::Allocation);
}

// ---------------------------------------------------- found by tests/prop_extreme.rs

#[test]
fn merging_broadcast_axes_longer_than_isize_max_is_an_overflow() {
    let data = [7u8];
    let b = TensorView::from_slice(&data, [1, 1])
        .unwrap()
        .broadcast_to([3, HALF])
        .unwrap();
    // Both axes have stride 0, so they are "contiguous"; the merged axis of 3 · 2^62 elements
    // would be longer than any layout can validate.
    let err = b.merge(Axis::<0>, Axis::<1>).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Overflow);
    let err = b.reshape_view([3 * HALF]).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Overflow);
    let d = DynTensorView::from_slice(&data, &[1, 1])
        .unwrap()
        .broadcast_to(&[3, HALF])
        .unwrap();
    assert_eq!(d.merge(0, 1).unwrap_err().kind(), ErrorKind::Overflow);
    assert_eq!(
        d.reshape_dyn(&[3 * HALF]).unwrap_err().kind(),
        ErrorKind::Overflow
    );
}

#[test]
fn reshape_that_must_copy_a_huge_view_is_an_allocation_error() {
    let data = [1u8, 2, 3];
    // [2^62, 3] with strides [0, 1]: not contiguous, so a reshape to one axis copies.
    let v = TensorView::from_slice(&data, [1, 3])
        .unwrap()
        .broadcast_to([HALF, 3])
        .unwrap();
    let err = v.reshape([ranked::INFER]).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Allocation);
    assert_eq!(
        v.try_to_contiguous().unwrap_err().kind(),
        ErrorKind::Allocation
    );
}
