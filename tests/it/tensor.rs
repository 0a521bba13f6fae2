//! Integration tests of the foundation API: construction, access, conversions, iteration and
//! formatting, over every storage kind, including size-0 axes and rank 0.

use std::sync::Arc;

use ranked::generic_array::GenericArray;
use ranked::typenum::U4;
use ranked::{
    ArrayTensor, ErrorKind, GenericTensor, Layout, LayoutKind, Order, ShapeError, SharedTensor,
    Tensor, TensorBase, TensorView, TensorViewMut, inline_tensor, tensor,
};

// ---------------------------------------------------------------- construction

#[test]
fn from_vec_checks_length_and_keeps_the_buffer() {
    let v = vec![1, 2, 3, 4, 5, 6];
    let ptr = v.as_ptr();
    let t = Tensor::from_vec(v, [2, 3]).unwrap();
    assert_eq!(t.shape(), &[2, 3]);
    assert_eq!(t.strides(), &[3, 1]);
    assert_eq!(t.offset(), 0);
    assert_eq!(t.as_ptr(), ptr);

    let err = Tensor::from_vec(vec![1, 2, 3], [2, 2]).unwrap_err();
    assert_eq!(err, ShapeError::new(ErrorKind::LengthMismatch, None, 4, 3));
    assert_eq!(
        err.to_string(),
        "the shape needs 4 elements but the storage holds 3"
    );
    // (`usize::MAX` itself is `INFER`: 2 elements do not divide into rows of 3.)
    let err = Tensor::from_vec(vec![0u8; 2], [usize::MAX / 2, 3]).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Overflow);
    let err = Tensor::from_vec(vec![0u8; 2], [usize::MAX, 3]).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::NotDivisible);
}

#[test]
fn from_vec_with_order_reads_column_major() {
    let t =
        Tensor::from_vec_with_order(vec![1, 2, 3, 4, 5, 6], [2, 3], Order::ColumnMajor).unwrap();
    assert_eq!(t.strides(), &[1, 2]);
    assert_eq!(t[[0, 1]], 3);
    assert_eq!(t.to_vec(), [1, 3, 5, 2, 4, 6]);
    assert_eq!(t.layout().kind(), LayoutKind::ColumnMajor);
}

#[test]
fn zeros_ones_full_from_fn() {
    let z: Tensor<f32, 3> = Tensor::zeros([2, 3, 4]);
    assert_eq!(z.len(), 24);
    assert!(z.iter().all(|&x| x == 0.0));
    let o: Tensor<i64, 2> = Tensor::ones([3, 2]);
    assert_eq!(o.to_vec(), [1; 6]);
    let f = Tensor::full([2], 'x');
    assert_eq!(f.to_vec(), ['x', 'x']);
    let g = Tensor::from_fn([2, 3], |[i, j]| 10 * i + j);
    assert_eq!(g.to_vec(), [0, 1, 2, 10, 11, 12]);

    let zf: Tensor<u8, 2> = Tensor::zeros_with_order([2, 3], Order::ColumnMajor);
    assert_eq!(zf.strides(), &[1, 2]);
    let of: Tensor<u8, 2> = Tensor::ones_with_order([2, 3], Order::ColumnMajor);
    assert!(of.layout().is_f_contiguous());
    let ff = Tensor::full_with_order([3, 2], Order::ColumnMajor, 7);
    assert_eq!(ff.strides(), &[1, 3]);
    let gf = Tensor::from_fn_with_order([2, 3], Order::ColumnMajor, |[i, j]| 10 * i + j);
    assert_eq!(gf.to_vec(), [0, 1, 2, 10, 11, 12]);
    assert_eq!(gf.into_raw_parts().0, [0, 10, 1, 11, 2, 12]);
}

#[test]
fn from_fn_calls_in_memory_order() {
    let mut calls = Vec::new();
    let _ = Tensor::from_fn_with_order([2, 2], Order::ColumnMajor, |idx| calls.push(idx));
    assert_eq!(calls, [[0, 0], [1, 0], [0, 1], [1, 1]]);
    calls.clear();
    let _ = Tensor::from_fn([2, 2], |idx| calls.push(idx));
    assert_eq!(calls, [[0, 0], [0, 1], [1, 0], [1, 1]]);
}

#[test]
fn try_constructors_report_instead_of_panicking() {
    let err = Tensor::try_full([usize::MAX, 2], 0u8).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Overflow);
    let err = Tensor::try_from_fn_with_order([1 << 62, 4], Order::RowMajor, |_| 0u64).unwrap_err();
    assert!(matches!(
        err.kind(),
        ErrorKind::Overflow | ErrorKind::Allocation
    ));
    let err = Tensor::try_full([isize::MAX as usize / 2], 0u64).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Allocation);
}

#[test]
#[should_panic(
    expected = "cannot build tensor: size, stride or offset arithmetic overflowed at axis 0"
)]
fn zeros_panics_on_overflow_with_a_message() {
    let _: Tensor<u8, 2> = Tensor::zeros([usize::MAX, 2]);
}

#[test]
fn tensor_macro_gives_rank_by_nesting() {
    let a = tensor![1, 2, 3];
    let b = tensor![[1, 2], [3, 4]];
    let c = tensor![[[1], [2]], [[3], [4]]];
    let d = tensor![[[[[[7]]]]]];
    assert_eq!((a.rank(), b.rank(), c.rank(), d.rank()), (1, 2, 3, 6));
    assert_eq!(c.shape(), &[2, 2, 1]);
    assert_eq!(d.shape(), &[1; 6]);
    assert_eq!(b.to_vec(), [1, 2, 3, 4]);
    let trailing = tensor![[1.5, 2.5,], [3.5, 4.5,],];
    assert_eq!(trailing.shape(), &[2, 2]);
}

#[test]
fn inline_tensor_needs_no_vec() {
    let t: ArrayTensor<i32, 6, 2> = inline_tensor![[1, 2, 3], [4, 5, 6]];
    assert_eq!(t.into_raw_parts().0, [1, 2, 3, 4, 5, 6]);
    let mut u = inline_tensor![[1, 2], [3, 4]];
    u[[1, 1]] = 40;
    let owned: Tensor<i32, 2> = u.into();
    assert_eq!(owned.to_vec(), [1, 2, 3, 40]);
}

#[test]
fn views_over_slices_borrow_without_copying() {
    let data = vec![1, 2, 3, 4, 5, 6];
    let v = TensorView::from_slice(&data, [3, 2]).unwrap();
    assert_eq!(v.as_ptr(), data.as_ptr());
    assert_eq!(v[[2, 0]], 5);
    assert_eq!(
        TensorView::from_slice(&data, [4, 2]).unwrap_err().kind(),
        ErrorKind::LengthMismatch
    );

    let mut buf = [0u8; 4];
    let mut m = TensorViewMut::from_slice_mut(&mut buf, [2, 2]).unwrap();
    m[[1, 1]] = 9;
    *m.get_mut([0, 1]).unwrap() = 5;
    assert_eq!(buf, [0, 5, 0, 9]);
}

#[test]
fn explicit_strides_are_checked() {
    let data = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    // Every other element, backwards.
    let v = TensorView::from_slice_with_strides(&data, [5], [-2], 9).unwrap();
    assert_eq!(v.to_vec(), [9, 7, 5, 3, 1]);
    let err = TensorView::from_slice_with_strides(&data, [5], [-2], 7).unwrap_err();
    assert_eq!(err, ShapeError::new(ErrorKind::BeforeStorage, None, 0, 1));
    let err = TensorView::from_slice_with_strides(&data, [2, 5], [5, 1], 1).unwrap_err();
    assert_eq!(err, ShapeError::new(ErrorKind::OutOfStorage, None, 10, 10));
    // Aliasing is fine for reading …
    let bcast = TensorView::from_slice_with_strides(&data, [3, 2], [0, 1], 0).unwrap();
    assert_eq!(bcast.to_vec(), [0, 1, 0, 1, 0, 1]);
    // … and refused for writing.
    let mut buf = data;
    let err = TensorViewMut::from_slice_mut_with_strides(&mut buf, [3, 2], [0, 1], 0).unwrap_err();
    assert_eq!((err.kind(), err.axis()), (ErrorKind::Overlap, Some(0)));
    let err =
        Tensor::from_raw_parts(vec![0; 10], Layout::from_parts([3, 3], [2, 1], 0)).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Overlap);
    let mut w = TensorViewMut::from_slice_mut_with_strides(&mut buf, [2, 2], [-5, 2], 5).unwrap();
    w[[1, 1]] = 100;
    assert_eq!(buf[2], 100);
}

#[test]
fn array_generic_array_and_arc_storage() {
    let a = ArrayTensor::from_storage([1, 2, 3, 4], [2, 2]).unwrap();
    assert_eq!(a[[1, 0]], 3);
    let ga: GenericArray<i32, U4> = GenericArray::from_array([1, 2, 3, 4]);
    let mut g: GenericTensor<i32, U4, 2> = TensorBase::from_storage(ga, [2, 2]).unwrap();
    g[[0, 0]] = 10;
    let gv: Tensor<i32, 2> = g.into();
    assert_eq!(gv.to_vec(), [10, 2, 3, 4]);

    let arc: Arc<[i32]> = Arc::from(vec![1, 2, 3, 4, 5, 6]);
    let s: SharedTensor<i32, 2> = TensorBase::from_storage(arc.clone(), [3, 2]).unwrap();
    let s2 = s.clone();
    assert_eq!(s2.as_ptr(), arc.as_ptr());
    assert_eq!(s2[[2, 1]], 6);
    let shared = Tensor::from_vec(vec![1, 2], [2]).unwrap().into_shared();
    assert_eq!(shared.to_vec(), [1, 2]);
}

#[test]
fn from_storage_with_order_on_views() {
    let data = [1, 2, 3, 4, 5, 6];
    let v = TensorView::from_storage_with_order(&data[..], [3, 2], Order::ColumnMajor).unwrap();
    assert_eq!(v.to_vec(), [1, 4, 2, 5, 3, 6]);
}

// ---------------------------------------------------------------- access

#[test]
fn get_index_and_metadata() {
    let mut t = Tensor::from_fn([2, 3, 4], |[i, j, k]| (100 * i + 10 * j + k) as i32);
    assert_eq!(Tensor::<i32, 3>::RANK, 3);
    assert_eq!(t.rank(), 3);
    assert_eq!(t.len(), 24);
    assert!(!t.is_empty());
    assert_eq!(t.get([1, 2, 3]), Some(&123));
    assert_eq!(t.get([2, 0, 0]), None);
    assert_eq!(t.get([0, 3, 0]), None);
    assert_eq!(t.get([0, 0, 4]), None);
    assert_eq!(t[[0, 1, 2]], 12);
    t[[0, 1, 2]] = -1;
    assert_eq!(t.get_mut([0, 1, 2]).map(|x| *x), Some(-1));
    assert!(t.get_mut([5, 0, 0]).is_none());
}

#[test]
#[should_panic(expected = "index [1, 3] is out of bounds for a tensor of shape [2, 3]")]
fn index_panic_names_index_and_shape() {
    let t = Tensor::from_vec(vec![0; 6], [2, 3]).unwrap();
    let _ = t[[1, 3]];
}

#[test]
#[should_panic(expected = "index [2] is out of bounds for a tensor of shape [2]")]
fn index_mut_panic_names_index_and_shape() {
    let mut t = Tensor::from_vec(vec![0; 2], [2]).unwrap();
    t[[2]] = 1;
}

#[test]
fn rank_zero_scalars() {
    let mut s = Tensor::full([], 5i32);
    assert_eq!(s.rank(), 0);
    assert_eq!(s.len(), 1);
    assert!(!s.is_empty());
    assert_eq!(s.shape(), &[0usize; 0]);
    assert_eq!(s[[]], 5);
    s[[]] = 6;
    assert_eq!(s.get([]), Some(&6));
    assert_eq!(s.iter().count(), 1);
    assert_eq!(s.indexed_iter().next(), Some(([], &6)));
    assert_eq!(s.to_vec(), [6]);
    assert_eq!(s.as_slice(), Some(&[6][..]));
    assert_eq!(format!("{s}"), "6");
    let data = [1, 2, 3];
    let v = TensorView::<i32, 0>::from_raw_parts(&data[..], Layout::from_parts([], [], 2)).unwrap();
    assert_eq!(v[[]], 3);
    assert_eq!(v.into_vec(), [3]);
}

#[test]
fn size_zero_axes() {
    let t: Tensor<f64, 3> = Tensor::zeros([2, 0, 3]);
    assert_eq!(t.len(), 0);
    assert!(t.is_empty());
    assert_eq!(t.strides(), &[3, 3, 1]);
    assert_eq!(t.get([0, 0, 0]), None);
    assert_eq!(t.iter().count(), 0);
    assert_eq!(t.to_vec(), Vec::<f64>::new());
    assert_eq!(t.as_slice(), Some(&[][..]));
    let mut t = t;
    assert_eq!(t.iter_mut().count(), 0);
    assert_eq!(t.to_contiguous().shape(), &[2, 0, 3]);
    let data = [1, 2];
    // An empty view may sit anywhere up to the end of its storage, with any strides.
    let v = TensorView::from_slice_with_strides(&data, [0, 5], [100, -7], 2).unwrap();
    assert_eq!(v.len(), 0);
    assert!(TensorView::from_slice_with_strides(&data, [0], [1], 3).is_err());
    assert_eq!(TensorView::<i32, 1>::from_slice(&[], [0]).unwrap().len(), 0);
}

// ---------------------------------------------------------------- conversions

#[test]
fn into_vec_moves_only_when_it_can() {
    let v = vec![1, 2, 3, 4, 5, 6];
    let ptr = v.as_ptr();
    let out = Tensor::from_vec(v, [2, 3]).unwrap().into_vec();
    assert_eq!(out.as_ptr(), ptr);

    // Flipped (seed 003): stride -1, offset 5 → copy in logical order.
    let ptr = out.as_ptr();
    let flipped = Tensor::from_raw_parts(out, Layout::from_parts([6], [-1], 5)).unwrap();
    let rev = flipped.into_vec();
    assert_eq!(rev, [6, 5, 4, 3, 2, 1]);
    assert_ne!(rev.as_ptr(), ptr);

    // Offset ≠ 0 or slack: copy.
    let tail = Tensor::from_raw_parts(vec![0, 1, 2, 3], Layout::from_parts([3], [1], 1)).unwrap();
    assert_eq!(tail.into_vec(), [1, 2, 3]);
    let head = Tensor::from_raw_parts(vec![0, 1, 2, 3], Layout::from_parts([3], [1], 0)).unwrap();
    assert_eq!(head.into_vec(), [0, 1, 2]);

    // Views always copy.
    let data = [1, 2, 3];
    assert_eq!(
        TensorView::from_slice(&data, [3]).unwrap().into_vec(),
        [1, 2, 3]
    );
    // Arrays copy too (their buffer is not a Vec).
    assert_eq!(inline_tensor![1, 2].into_vec(), [1, 2]);
}

#[test]
fn to_vec_to_owned_to_contiguous_into_contiguous() {
    let data: Vec<i32> = (0..12).collect();
    // A transposed 3×4: shape [4, 3], strides [1, 4].
    let t = TensorView::from_slice_with_strides(&data, [4, 3], [1, 4], 0).unwrap();
    let expected = [0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11];
    assert_eq!(t.to_vec(), expected);
    let c = t.to_contiguous();
    assert_eq!((c.shape(), c.strides(), c.offset()), (&[4, 3], &[3, 1], 0));
    assert_eq!(c.as_slice().unwrap(), expected);
    assert_eq!(t.to_owned(), c);
    let owned = Tensor::from_raw_parts(data.clone(), *t.layout()).unwrap();
    let ic = owned.into_contiguous();
    assert_eq!(ic.as_slice().unwrap(), expected);
    let contiguous = Tensor::from_vec(data.clone(), [3, 4]).unwrap();
    let ptr = contiguous.as_ptr();
    assert_eq!(contiguous.into_contiguous().as_ptr(), ptr);
}

#[test]
fn as_slice_only_for_contiguous_data_and_starts_at_the_first_element() {
    let data: Vec<i32> = (0..10).collect();
    let inner = TensorView::from_slice_with_strides(&data, [2, 3], [3, 1], 2).unwrap();
    assert_eq!(inner.as_slice(), Some(&[2, 3, 4, 5, 6, 7][..]));
    let gappy = TensorView::from_slice_with_strides(&data, [2, 3], [4, 1], 0).unwrap();
    assert_eq!(gappy.as_slice(), None);
    let f = TensorView::from_storage_with_order(&data[..6], [2, 3], Order::ColumnMajor).unwrap();
    assert_eq!(f.as_slice(), None);
    let mut buf = data.clone();
    let mut m = TensorViewMut::from_slice_mut_with_strides(&mut buf, [4], [1], 6).unwrap();
    m.as_slice_mut().unwrap()[0] = -6;
    assert_eq!(buf[6], -6);
    let mut buf2 = data.clone();
    let mut strided = TensorViewMut::from_slice_mut_with_strides(&mut buf2, [3], [2], 0).unwrap();
    assert!(strided.as_slice_mut().is_none());
}

#[test]
fn as_ptr_points_at_the_first_element_seed_003_offset_trap() {
    // The 3×3 column-major matrix of seed 003 and its lower-right 2×2 block at offset 4.
    let data = vec![1.0, 0.5, 2.0, 0.5, 5.0, 1.5, 2.0, 1.5, 8.0];
    let m = Tensor::from_vec_with_order(data, [3, 3], Order::ColumnMajor).unwrap();
    let block_layout = Layout::from_parts([2, 2], [1, 3], 4);
    let block = TensorView::from_raw_parts(m.view().into_raw_parts().0, block_layout).unwrap();
    assert_eq!(block.offset(), 4);
    // SAFETY: the pointer is the block's first element, inside `m`'s buffer.
    assert_eq!(unsafe { *block.as_ptr() }, 5.0);
    assert_eq!(block.to_vec(), [5.0, 1.5, 1.5, 8.0]);
    let mut owned = Tensor::from_raw_parts(m.into_vec(), block_layout).unwrap();
    // SAFETY: as above, for a mutable pointer.
    unsafe { *owned.as_mut_ptr() = 25.0 };
    assert_eq!(owned[[0, 0]], 25.0);
}

#[test]
fn raw_parts_round_trip() {
    let t = Tensor::from_raw_parts(
        vec![1, 2, 3, 4, 5, 6],
        Layout::from_parts([3, 2], [-2, 1], 4),
    )
    .unwrap();
    let before = t.to_vec();
    let (storage, layout) = t.into_raw_parts();
    assert_eq!(storage, [1, 2, 3, 4, 5, 6]);
    assert_eq!(layout, Layout::from_parts([3, 2], [-2, 1], 4));
    let back = Tensor::from_raw_parts(storage, layout).unwrap();
    assert_eq!(back.to_vec(), before);
    assert_eq!(before, [5, 6, 3, 4, 1, 2]);
    let err =
        Tensor::from_raw_parts(vec![1, 2, 3], Layout::from_parts([3, 2], [-2, 1], 4)).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::OutOfStorage);
}

#[test]
fn view_and_view_mut_share_the_buffer() {
    let mut t = Tensor::from_vec(vec![1, 2, 3, 4], [2, 2]).unwrap();
    let ptr = t.as_ptr();
    assert_eq!(t.view().as_ptr(), ptr);
    {
        let mut v = t.view_mut();
        assert_eq!(v.as_mut_ptr().cast_const(), ptr);
        v[[0, 1]] = 20;
        let mut vv = v.view_mut();
        vv[[1, 0]] = 30;
    }
    assert_eq!(t.to_vec(), [1, 20, 30, 4]);
    assert_eq!(t.view(), t);
}

// ---------------------------------------------------------------- iteration

#[test]
fn iteration_is_in_logical_order_for_any_layout() {
    let data: Vec<i32> = (0..24).collect();
    let t = TensorView::from_slice_with_strides(&data, [2, 3, 4], [1, -8, 2], 16).unwrap();
    let mut expected = Vec::new();
    for i in 0..2i32 {
        for j in 0..3i32 {
            for k in 0..4i32 {
                expected.push(16 + i - 8 * j + 2 * k);
            }
        }
    }
    assert_eq!(t.iter().copied().collect::<Vec<_>>(), expected);
    assert_eq!(t.iter().len(), 24);
    assert_eq!((&t).into_iter().count(), 24);
    for (idx, &x) in t.indexed_iter() {
        assert_eq!(t[idx], x);
        assert_eq!(Some(&x), t.get(idx));
    }
    let indices: Vec<[usize; 3]> = t.indexed_iter().map(|(i, _)| i).collect();
    assert_eq!(indices[0], [0, 0, 0]);
    assert_eq!(indices[5], [0, 1, 1]);
    assert_eq!(indices[23], [1, 2, 3]);
}

#[test]
fn iter_mut_writes_every_element_once() {
    let mut data = vec![0; 20];
    let mut t = TensorViewMut::from_slice_mut_with_strides(&mut data, [3, 2], [-5, 2], 12).unwrap();
    for (n, x) in t.iter_mut().enumerate() {
        *x += n + 1;
    }
    for x in &mut t {
        *x *= 10;
    }
    assert_eq!(t.to_vec(), [10, 20, 30, 40, 50, 60]);
    assert_eq!(data.iter().filter(|&&x| x != 0).count(), 6);
    assert_eq!(data[12], 10);
    assert_eq!(data[14], 20);
    assert_eq!(data[2], 50);
}

#[test]
fn iterators_report_exact_sizes() {
    let t = Tensor::<u8, 2>::zeros([3, 5]);
    let mut it = t.iter();
    assert_eq!(it.size_hint(), (15, Some(15)));
    it.next();
    assert_eq!(it.len(), 14);
    assert_eq!(t.indexed_iter().len(), 15);
    let mut t = t;
    assert_eq!(t.iter_mut().len(), 15);
    let mut it = t.iter();
    for _ in 0..15 {
        it.next();
    }
    assert_eq!(it.next(), None);
    assert_eq!(it.next(), None);
}

// ---------------------------------------------------------------- formatting

#[test]
fn display_matches_seed_003() {
    let t = Tensor::from_vec(vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0], [2, 3]).unwrap();
    assert_eq!(
        format!("{t:8.4}"),
        "[[  1.0000   2.0000   3.0000]\n [  4.0000   5.0000   6.0000]]"
    );
    let f = Tensor::from_vec_with_order(
        vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0],
        [2, 3],
        Order::ColumnMajor,
    )
    .unwrap();
    assert_eq!(
        format!("{f:8.4}"),
        "[[  1.0000   3.0000   5.0000]\n [  2.0000   4.0000   6.0000]]"
    );
    let ints = tensor![[1, 2, 3], [4, 5, 6]];
    assert_eq!(format!("{ints}"), "[[1 2 3]\n [4 5 6]]");
}

#[test]
fn debug_shows_layout() {
    let data = [1, 2, 3, 4, 5, 6];
    let f = TensorView::from_storage_with_order(&data[..], [2, 3], Order::ColumnMajor).unwrap();
    assert_eq!(
        format!("{f:?}"),
        "Tensor { shape: [2, 3], strides: [1, 2], offset: 0, layout: F-contiguous, data: [[1 3 5]\n [2 4 6]] }"
    );
    let flipped = TensorView::from_slice_with_strides(&data, [6], [-1], 5).unwrap();
    assert_eq!(
        format!("{flipped:?}"),
        "Tensor { shape: [6], strides: [-1], offset: 5, layout: strided, data: [6 5 4 3 2 1] }"
    );
    let l = format!("{:?}", flipped.layout());
    assert_eq!(
        l,
        "Layout { shape: [6], strides: [-1], offset: 5, kind: strided }"
    );
    let s = tensor![["a", "bb"]];
    assert_eq!(
        format!("{s:?}").rsplit("data: ").next(),
        Some("[[ \"a\" \"bb\"]] }")
    );
}

#[test]
fn equality_ignores_layout() {
    let a = tensor![[1, 2], [3, 4]];
    let data = [1, 3, 2, 4];
    let b = TensorView::from_storage_with_order(&data[..], [2, 2], Order::ColumnMajor).unwrap();
    assert_eq!(a, b);
    assert_eq!(b, a);
    // Same elements in the same logical order, different shape: not equal.
    let c = tensor![[1, 2, 3, 4]];
    assert_ne!(a, c);
    let d = tensor![[1, 2], [3, 5]];
    assert_ne!(a, d);
}

#[test]
fn errors_stay_three_words() {
    // Three machine words: a `Result<View, ShapeError>` moves no more than the view itself,
    // and user functions returning `Result<_, ShapeError>` stay clear of clippy's
    // `result_large_err`.
    assert!(std::mem::size_of::<ShapeError>() <= 3 * std::mem::size_of::<usize>());
    assert_eq!(
        std::mem::size_of::<Result<(), ShapeError>>(),
        std::mem::size_of::<ShapeError>()
    );
    // Every number keeps its value and sign at the extremes of `usize` and `isize`.
    let e = ShapeError::new(ErrorKind::IndexOutOfBounds, Some(3), 4, usize::MAX as i128);
    assert_eq!((e.expected(), e.found()), (4, usize::MAX as i128));
    assert_eq!(
        e.to_string(),
        format!("index {} is out of bounds for axis 3 of size 4", usize::MAX)
    );
    let e = ShapeError::new(ErrorKind::NotContiguous, Some(0), isize::MIN as i128, -1)
        .with_second_axis(65534);
    assert_eq!(e.second_axis(), Some(65534));
    assert!(e.to_string().contains(&format!(
        "axis 0 has stride -1, but merging them without a copy needs stride {}",
        isize::MIN
    )));
    assert!(format!("{e:?}").contains(&format!("expected: {}", isize::MIN)));
    // Axis numbers that do not fit the error are not kept, and say so by `None`.
    let e = ShapeError::new(ErrorKind::Overflow, Some(1 << 20), 0, 0).with_second_axis(65535);
    assert_eq!((e.axis(), e.second_axis()), (None, None));
    let neg = ShapeError::new(ErrorKind::NotContiguous, Some(0), -12, isize::MIN as i128);
    assert_eq!((neg.expected(), neg.found()), (-12, isize::MIN as i128));
    assert_eq!(
        ShapeError::new(ErrorKind::LengthMismatch, None, usize::MAX as i128, 0).expected(),
        usize::MAX as i128
    );
}

#[test]
fn errors_are_copy_and_display() {
    fn assert_copy_error<E: Copy + std::error::Error + Send + Sync + 'static>(_: E) {}
    let e = ShapeError::new(ErrorKind::OutOfStorage, None, 6, 9);
    assert_copy_error(e);
    let msgs = [
        (
            ErrorKind::LengthMismatch,
            "the shape needs 6 elements but the storage holds 9",
        ),
        (
            ErrorKind::OutOfStorage,
            "the layout reaches element 9 but the storage holds only 6 elements",
        ),
        (
            ErrorKind::BeforeStorage,
            "the layout reaches 9 elements before the start of the storage",
        ),
        (
            ErrorKind::OffsetOutOfStorage,
            "offset 9 lies beyond the end of a storage of 6 elements",
        ),
        (
            ErrorKind::IndexOutOfBounds,
            "index 9 is out of bounds for size 6",
        ),
        (
            ErrorKind::Overflow,
            "size, stride or offset arithmetic overflowed",
        ),
        (
            ErrorKind::Overlap,
            "the strides map two indices to the same element; only read-only storage may alias",
        ),
        (
            ErrorKind::Allocation,
            "could not allocate room for 6 elements",
        ),
    ];
    for (kind, msg) in msgs {
        assert_eq!(ShapeError::new(kind, None, 6, 9).to_string(), msg);
    }
    assert_eq!(
        ShapeError::new(ErrorKind::Overflow, Some(2), 0, 0).to_string(),
        "size, stride or offset arithmetic overflowed at axis 2"
    );
}

static CONST_WEIGHTS: [i16; 6] = [1, 2, 3, 4, 5, 6];
const CONST_VIEW: ranked::TensorView<'static, i16, 2> =
    ranked::TensorView::from_array(&CONST_WEIGHTS, [2, 3]);

#[test]
fn const_views_over_static_arrays() {
    assert_eq!(CONST_VIEW.shape(), &[2, 3]);
    assert_eq!(CONST_VIEW.strides(), &[3, 1]);
    assert_eq!(CONST_VIEW.to_vec(), [1, 2, 3, 4, 5, 6]);
    assert_eq!(CONST_VIEW.t()[[2, 1]], 6);
    // Empty and rank-0 shapes.
    static NONE: [u8; 0] = [];
    let e = ranked::TensorView::from_array(&NONE, [4, 0, 7]);
    assert_eq!(e.len(), 0);
    let one = ranked::TensorView::from_array(&[9u8], []);
    assert_eq!(one[[]], 9);
}

#[test]
#[should_panic(expected = "does not hold exactly as many elements")]
fn const_view_constructor_panics_at_run_time_on_a_wrong_shape() {
    let data = [0u8; 6];
    let _ = ranked::TensorView::from_array(&data, [4, 2]);
}

#[test]
#[should_panic(expected = "does not hold exactly as many elements")]
fn const_view_constructor_refuses_overflowing_shapes() {
    static NONE: [u8; 0] = [];
    let _ = ranked::TensorView::from_array(&NONE, [0, usize::MAX, 4]);
}

#[test]
fn fixed_size_constructors_need_no_allocator_and_never_panic() {
    use ranked::{ArrayTensor, ErrorKind};
    let t =
        ArrayTensor::<u32, 24, 3>::from_fn([2, 3, 4], |[i, j, k]| (i * 100 + j * 10 + k) as u32)
            .unwrap();
    assert_eq!(t[[1, 2, 3]], 123);
    assert!(
        t.iter()
            .copied()
            .eq((0..24).map(|n| (n / 12 * 100 + n / 4 % 3 * 10 + n % 4) as u32))
    );
    let z = ArrayTensor::<f64, 0, 2>::zeros([0, 5]).unwrap();
    assert_eq!(z.shape(), &[0, 5]);
    let s = ArrayTensor::<u8, 1, 0>::full([], 7).unwrap();
    assert_eq!(s[[]], 7);
    // Wrong counts and overflowing shapes are errors; `f` is never called.
    let mut calls = 0;
    let err = ArrayTensor::<u8, 6, 2>::from_fn([4, 2], |_| {
        calls += 1;
        0
    })
    .unwrap_err();
    assert_eq!(
        (err.kind(), err.expected(), err.found(), calls),
        (ErrorKind::LengthMismatch, 8, 6, 0)
    );
    // No elements along huge axes: as legal as for a `Tensor` (it reaches nothing).
    let empty = ArrayTensor::<u8, 0, 3>::zeros([usize::MAX, 2, 0]).unwrap();
    assert_eq!(empty.len(), 0);
    let err = ArrayTensor::<u8, 4, 2>::full([usize::MAX, 3], 1).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Overflow);
}

/// `INFER` in the shape of every constructor that takes a storage: resolved from the storage's
/// length, as NumPy's `-1`; the errors name what is wrong.
#[test]
fn constructors_infer_one_size_from_the_storage() {
    use ranked::{DynTensor, ErrorKind, INFER};
    let t = Tensor::from_vec((0..12).collect(), [INFER, 4]).unwrap();
    assert_eq!((t.shape(), t[[2, 3]]), (&[3, 4], 11));
    let data = [1.0f32; 10];
    assert_eq!(
        TensorView::from_slice(&data, [2, INFER, 1])
            .unwrap()
            .shape(),
        &[2, 5, 1]
    );
    let d = DynTensor::from_vec(vec![0u8; 6], &[INFER, 3]).unwrap();
    assert_eq!(d.shape(), &[2, 3]);
    let err = Tensor::from_vec(vec![0; 6], [INFER, INFER]).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::MultipleInferred);
    // With a size 0 the shape is empty whatever the other sizes: they are kept as given.
    let empty = Tensor::<i32, 2>::from_vec(vec![], [usize::MAX, 0]).unwrap();
    assert_eq!(empty.shape(), &[usize::MAX, 0]);
    assert_eq!(
        Tensor::<i32, 2>::from_vec(vec![], [INFER, 3])
            .unwrap()
            .shape(),
        &[0, 3]
    );
    let err = Tensor::from_vec(vec![0; 7], [INFER, 2]).unwrap_err();
    assert_eq!((err.kind(), err.axis()), (ErrorKind::NotDivisible, Some(0)));
    assert_eq!(
        err.to_string(),
        "sizes multiplying to 2 cannot split an axis of size 7 at axis 0"
    );
}
