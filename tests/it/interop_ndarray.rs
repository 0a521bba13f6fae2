//! The ndarray bridge: views both ways without copying over contiguous, transposed,
//! negatively strided, offset, strided-with-gaps and empty layouts; writes through converted
//! mutable views; owned arrays moved (or copied when they must be). Run under Miri by CI: the
//! interleaved mutable halves below would be undefined behaviour if a view of strided memory
//! claimed the memory between its elements.
#![cfg(feature = "ndarray")]

use ndarray::{
    Array, Array2, Array3, ArrayD, ArrayView2, ArrayView3, ArrayViewMut2, Axis as NdAxis, IxDyn,
    s as nds,
};
use ranked::{
    Axis, DynTensor, DynTensorView, DynTensorViewMut, ErrorKind, Tensor, TensorView, TensorViewMut,
    s,
};

fn sample() -> Array3<i32> {
    Array3::from_shape_fn((3, 4, 5), |(i, j, k)| (i * 100 + j * 10 + k) as i32)
}

/// ndarray views of every kind of layout, each with the same view taken on the ranked side.
fn cases(a: &Array3<i32>) -> Vec<ArrayView3<'_, i32>> {
    let mut flipped = a.view();
    flipped.invert_axis(NdAxis(1));
    vec![
        a.view(),
        a.view().permuted_axes([2, 0, 1]),
        flipped,
        a.slice(nds![1.., 1..3, 2..]),
        a.slice(nds![.., ..;2, ..;-2]),
        a.slice(nds![.., 4.., ..]), // empty
        a.slice(nds![..1, ..1, ..1]),
    ]
}

#[test]
fn views_convert_both_ways_without_copying() {
    let a = sample();
    for v in cases(&a) {
        let t: TensorView<'_, i32, 3> = v.into();
        assert_eq!(t.shape(), v.shape());
        assert_eq!(t.strides(), v.strides());
        assert_eq!(t.to_vec(), v.iter().copied().collect::<Vec<_>>());
        if !v.is_empty() {
            assert_eq!(t.as_ptr(), v.as_ptr());
        }
        let back: ArrayView3<'_, i32> = t.into();
        assert_eq!(back, v);
        if v.is_empty() {
            // Nothing is reached, so ndarray is given strides that move nowhere.
            assert_eq!(back.strides(), [0, 0, 0]);
        } else {
            assert_eq!(back.strides(), v.strides());
            assert_eq!(back.as_ptr(), v.as_ptr());
        }
    }
}

#[test]
fn ranked_views_reach_ndarray_with_their_layout() {
    let t = Tensor::from_fn([3, 4, 5], |[i, j, k]| (i * 100 + j * 10 + k) as i32);
    let views = [
        t.view(),
        t.view().permute([1, 2, 0]).unwrap(),
        t.view().flip(Axis::<2>),
        t.view().slice(s![1.., ..;-2, 1..4]).unwrap(),
        t.view().slice(s![.., 4.., ..]).unwrap(),
        t.view()
            .slice(s![2.., 3.., 4..])
            .unwrap()
            .broadcast_to([3, 4, 5])
            .unwrap(),
    ];
    for v in views {
        let a: ArrayView3<'_, i32> = v.into();
        assert_eq!(a.shape(), v.shape());
        if v.is_empty() {
            assert_eq!(a.strides(), [0, 0, 0]);
        } else {
            assert_eq!(a.strides(), v.strides());
        }
        assert_eq!(a.iter().copied().collect::<Vec<_>>(), v.to_vec());
        let again: TensorView<'_, i32, 3> = a.into();
        assert_eq!(again, v);
    }
}

#[test]
fn mutable_views_write_through() {
    let mut a = Array2::<i32>::zeros((4, 6));
    {
        let mut col = a.slice_mut(nds![.., 1..;2]);
        col.invert_axis(NdAxis(0));
        let mut t: TensorViewMut<'_, i32, 2> = col.into();
        assert_eq!(t.shape(), &[4, 3]);
        t.map_inplace(|x| *x += 1);
        t[[0, 0]] = 9; // the last row of the array
    }
    assert_eq!(a[[3, 1]], 9);
    assert_eq!(a.sum(), 4 * 3 + 8);
    assert_eq!(a.column(0).sum(), 0);

    let mut t = Tensor::<i32, 2>::zeros([3, 4]);
    {
        let v = t.view_mut().permute([1, 0]).unwrap().flip(Axis::<0>);
        let mut m: ArrayViewMut2<'_, i32> = v.into();
        m[[0, 2]] = 5; // row 3 of the flipped transpose: t[[2, 3]]
        m.row_mut(1).fill(1); // t[[.., 2]]
    }
    assert_eq!(t[[2, 3]], 5);
    assert_eq!(t.view().select(Axis::<1>, 2).unwrap().to_vec(), [1, 1, 1]);
}

/// Two halves of one matrix whose columns interleave in memory: each is converted and written
/// while the other is alive. Were a converted view a `&mut [T]` over its whole span, the two
/// would overlap (undefined behaviour that Miri reports).
#[test]
fn interleaved_mutable_halves_stay_disjoint() {
    let mut a = Array2::from_shape_fn((3, 4), |(i, j)| (i * 4 + j) as i64);
    let (left, right) = a.view_mut().split_at(NdAxis(1), 2);
    let mut l: TensorViewMut<'_, i64, 2> = left.into();
    let mut r: TensorViewMut<'_, i64, 2> = right.into();
    for _ in 0..2 {
        l.map_inplace(|x| *x *= 10);
        r.map_inplace(|x| *x += 1);
    }
    assert_eq!(l.to_vec(), [0, 100, 400, 500, 800, 900]);
    assert_eq!(r.to_vec(), [4, 5, 8, 9, 12, 13]);
    // A view with gaps keeps its own layout: it cannot be rebuilt over its storage.
    let (storage, layout) = l.into_raw_parts();
    let err = TensorViewMut::from_raw_parts(storage, layout).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::StorageHasGaps);
}

#[test]
fn dense_views_lose_nothing() {
    let a = sample();
    let whole: TensorView<'_, i32, 3> = a.view().permuted_axes([1, 0, 2]).into();
    // A permutation reaches every position of its span: the storage is the whole slice.
    let (storage, _) = whole.into_raw_parts();
    assert!(!storage.has_gaps());
    let flat =
        TensorView::from_raw_parts(storage, ranked::Layout::row_major([60]).unwrap()).unwrap();
    assert_eq!(flat.to_vec(), a.iter().copied().collect::<Vec<_>>());
}

#[test]
fn dynamic_rank_views_convert_both_ways() {
    let a = ArrayD::from_shape_fn(IxDyn(&[2, 3, 2]), |ix| {
        (ix[0] * 6 + ix[1] * 2 + ix[2]) as u8
    });
    let mut flipped = a.view();
    flipped.invert_axis(NdAxis(1));
    let t = DynTensorView::try_from_ndarray(flipped.clone()).unwrap();
    assert_eq!(t.strides(), flipped.strides());
    assert_eq!(t.to_vec(), flipped.iter().copied().collect::<Vec<_>>());
    let back: ndarray::ArrayViewD<'_, u8> = t.into();
    assert_eq!(back, flipped);

    let mut b = a.clone();
    {
        let t: DynTensorViewMut<'_, u8> = b.view_mut().into();
        let mut t = t;
        t.iter_mut().for_each(|x| *x += 1);
    }
    assert_eq!(b, &a + 1);
}

#[test]
fn owned_arrays_move_their_buffer() {
    // ndarray → ranked: moved whatever the layout.
    let mut a = Array::from_shape_vec((3, 4), (0..12).collect::<Vec<i32>>()).unwrap();
    a.slice_collapse(nds![1.., ..;-1]);
    let ptr = a.as_ptr();
    let t: Tensor<i32, 2> = a.clone().into();
    assert_eq!(t.to_vec(), a.iter().copied().collect::<Vec<_>>());
    let t2: Tensor<i32, 2> = a.into();
    assert_eq!(t2.as_ptr(), ptr);

    // ranked → ndarray: moved when the lowest element is the buffer's first …
    let t = Tensor::from_vec((0..12).collect::<Vec<i32>>(), [3, 4]).unwrap();
    let p = t.as_ptr();
    let moved: Array2<i32> = t.t().into();
    assert_eq!(moved.as_ptr(), p);
    assert_eq!(moved[[3, 2]], 11);
    // … and copied when the tensor was sliced from the front.
    let sliced = Tensor::from_vec((0..12).collect::<Vec<i32>>(), [3, 4])
        .unwrap()
        .slice(s![1.., ..])
        .unwrap();
    let copied: Array2<i32> = sliced.into();
    assert_eq!(copied, ndarray::arr2(&[[4, 5, 6, 7], [8, 9, 10, 11]]));

    let d: DynTensor<i32> = ArrayD::from_shape_vec(IxDyn(&[2, 2]), vec![1, 2, 3, 4])
        .unwrap()
        .into();
    let back: ArrayD<i32> = d.into();
    assert_eq!(back.shape(), &[2, 2]);
}

#[test]
fn empty_and_rank_zero() {
    let e = Array2::<f32>::zeros((0, 3));
    let t: TensorView<'_, f32, 2> = e.view().into();
    assert_eq!(t.shape(), &[0, 3]);
    let back: ArrayView2<'_, f32> = t.into();
    assert_eq!(back.shape(), &[0, 3]);
    let z = ndarray::arr0(5u16);
    let t: TensorView<'_, u16, 0> = z.view().into();
    assert_eq!(t[[]], 5);
}
