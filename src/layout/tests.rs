//! Unit tests of the layouts: view arithmetic against the worked examples, errors, overflow.

use super::*;

#[test]
fn seed_row_major_strides() {
    let l = Layout::row_major([10, 9, 5, 13]).unwrap();
    assert_eq!(l.strides(), &[585, 65, 13, 1]);
    assert_eq!(l.offset(), 0);
    assert_eq!(l.try_len().unwrap(), 5850);
}

#[test]
fn column_major_strides_and_kinds() {
    let l = Layout::column_major([10, 9, 5, 13]).unwrap();
    assert_eq!(l.strides(), &[1, 10, 90, 450]);
    assert_eq!(l.kind(), LayoutKind::ColumnMajor);
    assert_eq!(Layout::row_major([3]).unwrap().kind(), LayoutKind::Both);
    assert_eq!(Layout::row_major([]).unwrap().kind(), LayoutKind::Both);
    assert_eq!(
        Layout::from_parts([2, 2], [2, 2], 0).kind(),
        LayoutKind::Strided
    );
}

#[test]
fn zero_size_axes_keep_meaningful_strides() {
    let l = Layout::row_major([2, 0, 3]).unwrap();
    assert_eq!(l.strides(), &[3, 3, 1]);
    assert!(l.is_empty());
    assert_eq!(l.try_len().unwrap(), 0);
    assert!(l.is_c_contiguous() && l.is_f_contiguous());
}

#[test]
fn strides_overflow_is_an_error() {
    let err = Layout::row_major([usize::MAX, 2]).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Overflow);
    assert_eq!(err.axis(), Some(0));
    let err = Layout::column_major([2, usize::MAX / 2 + 1]).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Overflow);
}

#[test]
fn contiguous_layouts_count_their_elements() {
    let big = isize::MAX as usize;
    let count = |shape: &[usize], order| {
        let mut strides = [0; 3];
        parts::contiguous_strides(shape, order, &mut strides[..shape.len()])
    };
    for order in [Order::RowMajor, Order::ColumnMajor] {
        assert_eq!(count(&[2, 3, 4], order).unwrap(), 24);
        assert_eq!(count(&[], order).unwrap(), 1);
        // Empty: no elements, strides even where the product of the others overflows.
        assert_eq!(count(&[big, 0, big], order).unwrap(), 0);
        // The largest count that fits in `isize`, and one past it.
        assert_eq!(count(&[big, 1], order).unwrap(), big);
        let err = count(&[big / 2 + 1, 2], order).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Overflow);
        // The storage's length must match the count, in either direction.
        let l = Layout::contiguous_of_len([2, 3], order, 6).unwrap();
        assert_eq!(l, Layout::with_order([2, 3], order).unwrap());
        for held in [5, 7, 0] {
            for err in [
                Layout::contiguous_of_len([2, 3], order, held).unwrap_err(),
                DynLayout::contiguous_of_len(&[2, 3], order, held).unwrap_err(),
            ] {
                assert_eq!(
                    (err.kind(), err.expected(), err.found()),
                    (ErrorKind::LengthMismatch, 6, held as i128)
                );
            }
        }
    }
    let l = DynLayout::contiguous_of_len(&[4, 0, 2], Order::RowMajor, 0).unwrap();
    assert_eq!(l.strides(), &[2, 2, 1]);
}

#[test]
fn checked_len_cases() {
    assert_eq!(checked_len(&[]).unwrap(), 1);
    assert_eq!(checked_len(&[0, 5]).unwrap(), 0);
    assert_eq!(checked_len(&[usize::MAX, 2]).unwrap_err().axis(), Some(1));
    // A zero after an overflowing prefix still means no elements.
    assert_eq!(checked_len(&[usize::MAX, 2, 0]).unwrap(), 0);
}

#[test]
fn checked_len_pairs_and_remainder() {
    // Every length from 0 to 7, odd ones ending in the remainder.
    let sizes: [usize; 7] = core::array::from_fn(|i| i + 2);
    for n in 0..8 {
        let shape = &sizes[..n];
        assert_eq!(
            checked_len(shape).unwrap(),
            shape.iter().product::<usize>(),
            "{n}"
        );
    }
    let half = 1usize << (usize::BITS / 2);
    // The even and odd products each fit; only their product overflows.
    assert_eq!(checked_len(&[half, half]).unwrap_err().axis(), Some(1));
    assert_eq!(checked_len(&[half, half, 0]).unwrap(), 0);
    // Overflow in the remainder, and in the even product while the sequential product
    // overflows only at the last axis.
    assert_eq!(
        checked_len(&[2, 3, usize::MAX]).unwrap_err().axis(),
        Some(2)
    );
    let e = checked_len(&[half << 1, 3, half >> 1]).unwrap_err();
    assert_eq!((e.kind(), e.axis()), (ErrorKind::Overflow, Some(2)));
    // Large products that fit.
    let big = [half >> 1, half >> 1, 3];
    assert_eq!(checked_len(&big).unwrap(), (half >> 1) * (half >> 1) * 3);
    assert_eq!(checked_len(&[usize::MAX, 1, 1]).unwrap(), usize::MAX);
}

#[test]
fn stretched_axes_are_checked_unless_empty() {
    let long = isize::MAX as usize + 2;
    let err = parts::check_stretched(&[long, 3], &[0, 1]).unwrap_err();
    assert_eq!((err.kind(), err.axis()), (ErrorKind::Overflow, Some(0)));
    let err = parts::check_stretched(&[3, long, long], &[1, 0, 0]).unwrap_err();
    assert_eq!(err.axis(), Some(1), "the first stretched axis is named");
    // An axis of size 0 anywhere: no elements, nothing to check.
    assert!(parts::check_stretched(&[long, 0], &[0, 1]).is_ok());
    assert!(parts::check_stretched(&[0, long], &[1, 0]).is_ok());
    // A long axis with a stride is not stretched; `size - 1 == isize::MAX` fits.
    assert!(parts::check_stretched(&[long], &[1]).is_ok());
    assert!(parts::check_stretched(&[long - 1], &[0]).is_ok());
}

#[test]
fn ravel_unravel_roundtrip() {
    let l = Layout::row_major([2, 3, 4]).unwrap();
    for lin in 0..24 {
        let idx = l.unravel(lin).unwrap();
        assert_eq!(l.ravel(idx), Some(lin));
    }
    assert_eq!(l.ravel([0, 3, 0]), None);
    assert_eq!(l.unravel(24), None);
    let scalar = Layout::row_major([]).unwrap();
    assert_eq!(scalar.ravel([]), Some(0));
    assert_eq!(scalar.unravel(0), Some([]));
    assert_eq!(scalar.unravel(1), None);
    let empty = Layout::row_major([3, 0]).unwrap();
    assert_eq!(empty.unravel(0), None);
}

#[test]
fn offsets_with_negative_strides() {
    let flipped = Layout::from_parts([6], [-1], 5);
    assert!(flipped.validate(6).is_ok());
    assert_eq!(flipped.try_offset_of([0]).unwrap(), 5);
    assert_eq!(flipped.try_offset_of([5]).unwrap(), 0);
    let err = flipped.try_offset_of([6]).unwrap_err();
    assert_eq!(err, ShapeError::index_out_of_bounds(0, 6, 6));
    let unvalidated = Layout::from_parts([3], [-1], 0);
    assert_eq!(
        unvalidated.try_offset_of([2]).unwrap_err().kind(),
        ErrorKind::BeforeStorage
    );
}

#[test]
fn contiguity_ignores_size_one_axes() {
    assert!(Layout::from_parts([1, 4], [1000, 1], 0).is_c_contiguous());
    assert!(Layout::from_parts([4, 1], [1, 0], 0).is_f_contiguous());
    assert!(!Layout::from_parts([4, 2], [1, 4], 0).is_c_contiguous());
    assert!(!Layout::from_parts([4], [-1], 3).is_c_contiguous());
}

#[test]
fn validate_cases() {
    let l = Layout::from_parts([2, 3], [3, 1], 1);
    assert!(l.validate(7).is_ok());
    assert_eq!(
        l.validate(6).unwrap_err(),
        ShapeError::sizes(ErrorKind::OutOfStorage, None, 6, 6)
    );
    let neg = Layout::from_parts([2, 3], [-3, -1], 4);
    assert_eq!(
        neg.validate(10).unwrap_err(),
        ShapeError::sizes(ErrorKind::BeforeStorage, None, 0, 1)
    );
    assert!(Layout::from_parts([2, 3], [-3, -1], 5).validate(6).is_ok());
    let empty = Layout::from_parts([0, 3], [3, 1], 4);
    assert!(empty.validate(4).is_ok());
    assert_eq!(
        empty.validate(3).unwrap_err().kind(),
        ErrorKind::OffsetOutOfStorage
    );
    let huge = Layout::from_parts([usize::MAX], [2], 0);
    assert_eq!(
        huge.validate(usize::MAX).unwrap_err().kind(),
        ErrorKind::Overflow
    );
    let offset_too_big = Layout::from_parts([1], [1], usize::MAX);
    assert_eq!(
        offset_too_big.validate(usize::MAX).unwrap_err().kind(),
        ErrorKind::Overflow
    );
    let bcast = Layout::from_parts([usize::MAX, usize::MAX], [0, 0], 0);
    assert_eq!(bcast.validate(1).unwrap_err().kind(), ErrorKind::Overflow);
    // rank 0: one element at `offset`.
    assert!(Layout::from_parts([], [], 2).validate(3).is_ok());
    assert!(Layout::from_parts([], [], 3).validate(3).is_err());
}

#[test]
fn uniqueness() {
    assert!(Layout::row_major([3, 4]).unwrap().check_unique().is_ok());
    assert!(
        Layout::from_parts([3, 4], [-1, 3], 2)
            .check_unique()
            .is_ok()
    );
    assert!(
        Layout::from_parts([3, 1, 4], [4, 0, 1], 0)
            .check_unique()
            .is_ok()
    );
    assert!(Layout::from_parts([3, 0], [0, 0], 0).check_unique().is_ok());
    let err = Layout::from_parts([3, 4], [2, 1], 0)
        .check_unique()
        .unwrap_err();
    assert_eq!((err.kind(), err.axis()), (ErrorKind::Overlap, Some(0)));
    assert!(
        Layout::from_parts([2, 2], [0, 1], 0)
            .check_unique()
            .is_err()
    );
}

#[test]
fn advance_walks_row_major_order() {
    let l = Layout::from_parts([2, 3], [1, 2], 0);
    let mut idx = [0, 0];
    let mut pos = l.offset();
    let mut seen = [0usize; 6];
    let mut n = 0;
    loop {
        assert_eq!(pos, l.offset_of_in_bounds(&idx));
        seen[n] = pos;
        n += 1;
        if !parts::advance(l.shape(), l.strides(), &mut idx, &mut pos) {
            break;
        }
    }
    assert_eq!(n, 6);
    assert_eq!(seen, [0, 2, 4, 1, 3, 5]);
    assert_eq!(idx, [0, 0]);
}

/// Every worked number of the seeds' view operations.
#[test]
fn seed_view_numbers() {
    let l = Layout::row_major([2, 3, 4])
        .unwrap()
        .permute([2, 0, 1])
        .unwrap();
    assert_eq!((l.shape(), l.strides()), (&[4, 2, 3], &[1, 12, 4]));

    let m = Layout::row_major([3, 4, 5])
        .unwrap()
        .merge::<2>(1, 2)
        .unwrap();
    assert_eq!((m.shape(), m.strides()), (&[3, 20], &[20, 1]));

    let sp = m.split::<2, 3>(1, [INFER, 5]).unwrap();
    assert_eq!((sp.shape(), sp.strides()), (&[3, 4, 5], &[20, 5, 1]));

    let st = Layout::row_major([4, 5, 6]).unwrap().step(1, 2).unwrap();
    assert_eq!((st.shape(), st.strides()), (&[4, 3, 6], &[30, 12, 1]));
    assert_eq!(
        Layout::row_major([10]).unwrap().step(0, 3).unwrap().shape(),
        &[4]
    );

    let f = Layout::row_major([6]).unwrap().flip(0);
    assert_eq!((f.shape(), f.strides(), f.offset()), (&[6], &[-1], 5));

    let b = Layout::row_major([3, 1, 4])
        .unwrap()
        .broadcast_to([2, 3, 2, 4])
        .unwrap();
    assert_eq!((b.shape(), b.strides()), (&[2, 3, 2, 4], &[0, 4, 0, 1]));

    let d = Layout::row_major([2, 4, 4])
        .unwrap()
        .diagonal::<2>(-1, 1, 2);
    assert_eq!((d.shape(), d.strides(), d.offset()), (&[2, 3], &[16, 5], 4));
    let d = d.diagonal::<1>(1, 0, 1);
    assert_eq!((d.shape(), d.strides(), d.offset()), (&[2], &[21], 9));

    let u = Layout::row_major([2, 3, 4])
        .unwrap()
        .unfold::<4>(1, 2, 1)
        .unwrap();
    assert_eq!((u.shape(), u.strides()), (&[2, 2, 4, 2], &[12, 4, 1, 4]));

    let n = Layout::row_major([4, 5]).unwrap().narrow(1, 2, 3).unwrap();
    assert_eq!((n.shape(), n.strides(), n.offset()), (&[4, 3], &[5, 1], 2));
}

/// Keeping the last stride when merging (a naive merge) is wrong on a permuted view: the
/// merge must refuse, naming the pair.
#[test]
fn merge_refuses_permuted_axes() {
    let p = Layout::row_major([3, 4, 5])
        .unwrap()
        .permute([0, 2, 1])
        .unwrap();
    assert_eq!(p.strides(), &[20, 1, 5]);
    let err = p.merge::<2>(1, 2).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::NotContiguous);
    assert_eq!((err.axis(), err.second_axis()), (Some(1), Some(2)));
    assert_eq!((err.expected(), err.found()), (20, 1));
    // Size-1 axes never break a group, whatever their stride.
    let ones = Layout::from_parts([2, 1, 3], [3, 99, 1], 0);
    let m = ones.merge::<1>(0, 2).unwrap();
    assert_eq!((m.shape(), m.strides()), (&[6], &[1]));
    // Negative strides merge when they are contiguous with each other.
    let rev = Layout::row_major([2, 3]).unwrap().flip(0).flip(1);
    let m = rev.merge::<1>(0, 1).unwrap();
    assert_eq!((m.shape(), m.strides(), m.offset()), (&[6], &[-1], 5));
}

#[test]
fn view_errors_name_what_and_where() {
    let l = Layout::row_major([2, 3]).unwrap();
    assert_eq!(
        l.permute([0, 0]).unwrap_err(),
        ShapeError::sizes(ErrorKind::RepeatedAxis, Some(1), 1, 0)
    );
    assert_eq!(
        l.permute([0, 2]).unwrap_err(),
        ShapeError::invalid_axis(2, 2)
    );
    assert_eq!(
        l.squeeze::<1>(1).unwrap_err(),
        ShapeError::size_mismatch(1, 1, 3)
    );
    assert_eq!(
        l.select::<1>(0, 2).unwrap_err(),
        ShapeError::index_out_of_bounds(0, 2, 2)
    );
    assert_eq!(l.step(1, 0).unwrap_err(), ShapeError::zero_step(1));
    assert_eq!(
        l.slice_axis(1, 2, 1, 1).unwrap_err().kind(),
        ErrorKind::InvalidRange
    );
    assert_eq!(
        l.slice_axis(1, 0, 4, 1).unwrap_err(),
        ShapeError::range_out_of_bounds(1, 3, 4)
    );
    assert_eq!(
        l.split::<2, 3>(1, [INFER, INFER]).unwrap_err().kind(),
        ErrorKind::MultipleInferred
    );
    assert_eq!(
        l.split::<2, 3>(1, [2, INFER]).unwrap_err(),
        ShapeError::sizes(ErrorKind::NotDivisible, Some(1), 3, 2)
    );
    assert_eq!(
        l.broadcast_to([2, 4]).unwrap_err(),
        ShapeError::sizes(ErrorKind::BroadcastMismatch, Some(1), 4, 3)
    );
    assert_eq!(
        l.unfold::<3>(1, 4, 1).unwrap_err(),
        ShapeError::range_out_of_bounds(1, 3, 4)
    );
    assert_eq!(
        l.unfold::<3>(1, 2, 0).unwrap_err(),
        ShapeError::zero_step(1)
    );
    assert_eq!(
        broadcast_shapes([2, 3], [4, 3]).unwrap_err(),
        ShapeError::sizes(ErrorKind::BroadcastMismatch, Some(0), 2, 4)
    );
}

#[test]
fn empty_layouts_keep_their_offset() {
    let l = Layout::from_parts([0, 3], [3, -1], 2);
    assert_eq!(l.flip(1).offset(), 2);
    assert_eq!(l.select::<1>(1, 2).unwrap().offset(), 2);
    assert_eq!(l.slice_axis(1, 1, 3, -1).unwrap().offset(), 2);
    let d = Layout::row_major([3, 3]).unwrap().diagonal::<1>(5, 0, 1);
    assert_eq!((d.shape(), d.offset()), (&[0], 0));
    assert!(d.validate(9).is_ok());
}

/// The axis-set forms the typed methods call without a check keep a layout valid for any
/// axes: a set that does not fit gives an empty layout (it reaches nothing), and the checked
/// forms refuse it.
#[test]
fn axis_sets_that_do_not_fit_give_empty_layouts() {
    let l = Layout::from_parts([0, 3], [3, -1], 2); // empty, offset at the storage's end
    for bad in [&[0usize, 0][..], &[5, 1], &[1]] {
        let e: Layout<4> = l.expand_dims_proven(bad);
        assert!(e.shape().contains(&0) && e.offset() == 2, "{bad:?}");
        assert!(l.expand_dims::<4>(bad).is_err());
    }
    let e: Layout<4> = Layout::row_major([2, 3])
        .unwrap()
        .expand_dims_proven(&[1, 1]);
    assert!(e.shape().contains(&0));
    let f = Layout::row_major([2, 3]).unwrap();
    assert_eq!(f.flip_axes_proven(&[1, 1, 7]), f);
    assert_eq!(
        f.flip_axes(&[1, 1]).unwrap_err().kind(),
        ErrorKind::RepeatedAxis
    );
    assert_eq!(
        f.squeeze_axes::<2>(&[0]).unwrap_err().kind(),
        ErrorKind::RankMismatch
    );
}

/// A permutation composed with its inverse is the identity, both ways; an entry out of range
/// is skipped.
#[cfg(feature = "alloc")]
#[test]
fn inverse_permutations_undo_the_permutation() {
    let order = [2, 0, 3, 1];
    let back = axis_set::inverse(&order);
    assert_eq!(back, [1, 3, 0, 2]);
    assert!((0..4).all(|i| back[order[i]] == i && order[back[i]] == i));
    let moved = axis_set::axes_last::<4>(&[1]).unwrap();
    let l = Layout::row_major([2, 3, 4, 5]).unwrap();
    let there_and_back = l.permute(moved).unwrap().permute(axis_set::inverse(&moved));
    assert_eq!(there_and_back.unwrap(), l);
    assert_eq!(axis_set::inverse(&[7, 0]), [1, 0]);
}

/// The register-only row-major layout of a known element count is the checked one wherever
/// it answers, and leaves the rest (`INFER`, another count, more than `isize::MAX` elements)
/// to the checked path.
#[cfg(feature = "alloc")]
#[test]
fn row_major_exact_agrees_with_the_checked_layout() {
    for shape in [
        [1, 1, 1],
        [2, 3, 4],
        [7, 1, 5],
        [1, 1, 9],
        [0, 3, 2],
        [4, 0, 0],
    ] {
        let len = shape.iter().product();
        assert_eq!(
            Layout::row_major_exact(shape, len),
            Some(Layout::contiguous_of_len(shape, Order::RowMajor, len).unwrap())
        );
        assert_eq!(Layout::row_major_exact(shape, len + 1), None);
    }
    assert_eq!(
        Layout::row_major_exact([], 1),
        Some(Layout::row_major([]).unwrap())
    );
    assert_eq!(Layout::row_major_exact([INFER, 3], 6), None);
    assert_eq!(Layout::row_major_exact([usize::MAX, 2], 0), None);
    let huge = isize::MAX as usize + 1;
    assert_eq!(Layout::row_major_exact([huge], huge), None);
    assert_eq!(Layout::row_major_exact([huge, 0], 0), None);
}

/// `tensor_view!` lays out an empty shape as every other constructor does.
#[test]
fn tensor_view_of_an_empty_shape_has_row_major_strides() {
    let none: [f32; 0] = [];
    let v = crate::tensor_view!(&none, [3, 0]);
    assert_eq!(v.strides(), Layout::row_major([3, 0]).unwrap().strides());
    assert_eq!(v.strides(), &[1, 1]);
}

/// The `index`-th shape of rank 0 to 4 with sizes 1 to 4 (341 in all), in the first `rank`
/// slots of the array.
fn small_shape(index: usize) -> ([usize; 4], usize) {
    let (mut rank, mut code) = (0, index);
    while code >= 4usize.pow(rank as u32) {
        code -= 4usize.pow(rank as u32);
        rank += 1;
    }
    let mut shape = [0; 4];
    for (axis, size) in shape.iter_mut().enumerate().take(rank) {
        *size = code / 4usize.pow(axis as u32) % 4 + 1;
    }
    (shape, rank)
}

#[test]
fn only_a_non_empty_row_major_layout_counts_as_new() {
    let count = |shape: &[usize], strides: &[isize]| {
        reshape::row_major_count(parts::RawLayout {
            shape,
            strides,
            offset: 0,
        })
    };
    assert_eq!(count(&[2, 3, 4], &[12, 4, 1]), Some(24));
    assert_eq!(count(&[], &[]), Some(1));
    // Empty: the product ends at zero whatever the strides.
    assert_eq!(count(&[2, 0, 4], &[0, 4, 1]), None);
    assert_eq!(count(&[0], &[1]), None);
    // Another stride on any axis, a size-1 one included, or a negative one.
    assert_eq!(count(&[2, 3, 4], &[12, 4, -1]), None);
    assert_eq!(count(&[2, 1, 4], &[4, 7, 1]), None);
    assert_eq!(count(&[2, 3], &[1, 2]), None);
    // Typed reshapes of a new, an empty and a transposed source give the walk's results
    // (these check the results, not which path produced them).
    let l = Layout::row_major([2, 0, 4]).unwrap();
    assert_eq!(l.reshape_view([4, 0]).unwrap().shape(), &[4, 0]);
    let l = Layout::row_major([4, 6])
        .unwrap()
        .reshape_view([2, 2, 6])
        .unwrap();
    assert_eq!(l.strides(), &[12, 6, 1]);
    let t = Layout::row_major([4, 6]).unwrap().reversed_axes();
    assert_eq!(
        t.reshape_view([24]).unwrap_err().kind(),
        ErrorKind::NotContiguous
    );
}

#[test]
fn reshape_of_a_new_layout_writes_the_strides_of_the_plan() {
    // A new tensor's layout takes a shortcut past the group walk; this checks that it lands on
    // the strides the walk gives (size-1 axes included) for every pair of small shapes with
    // the same element count, and that a layout with another stride on a size-1 axis (which
    // takes the walk) gets the same answer. Under Miri, which adds nothing to checks of
    // arithmetic without `unsafe`, every eleventh source shape against every target.
    let mut pairs = 0;
    for i in (0..341).step_by(if cfg!(miri) { 11 } else { 1 }) {
        let (from, rank) = small_shape(i);
        let from = &from[..rank];
        let count: usize = from.iter().product();
        let mut strides = [0isize; 4];
        parts::contiguous_strides(from, Order::RowMajor, &mut strides[..rank]).unwrap();
        let mut odd = strides;
        if let Some(axis) = from.iter().position(|&d| d == 1) {
            odd[axis] = 7;
        }
        for j in 0..341 {
            let (to, to_rank) = small_shape(j);
            let to = &to[..to_rank];
            if to.iter().product::<usize>() != count {
                continue;
            }
            for source in [&strides[..rank], &odd[..rank]] {
                let p = parts::RawLayout {
                    shape: from,
                    strides: source,
                    offset: 5,
                };
                let mut planned = [0isize; 4];
                let verdict = reshape::plan(p, to, &mut planned[..to_rank], |_, _| {});
                assert_eq!(verdict, Verdict::View);
                let (mut shape, mut got) = ([0usize; 4], [0isize; 4]);
                shape[..to_rank].copy_from_slice(to);
                let offset = reshape::reshape(p, &mut shape[..to_rank], &mut got[..to_rank]);
                assert_eq!(offset, Ok(5));
                assert_eq!(&shape[..to_rank], to);
                assert_eq!(got, planned, "{from:?} {source:?} -> {to:?}");
                pairs += 1;
            }
        }
    }
    assert!(pairs > if cfg!(miri) { 900 } else { 10_000 }, "{pairs}");
}
