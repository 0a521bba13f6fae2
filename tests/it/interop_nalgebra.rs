//! The nalgebra bridge: matrix views both ways without copying (blocks with gaps, transposed,
//! empty), writes through mutable views, `DMatrix` moved, `SMatrix` ↔ `ArrayTensor` without an
//! allocator. Run under Miri by CI.
#![cfg(feature = "nalgebra")]

use nalgebra::{DMatrix, DMatrixView, DMatrixViewMut, Matrix2x3, Matrix3};
use ranked::{
    ArrayTensor, Axis, ErrorKind, Tensor, TensorView, TensorViewMut, inline_tensor, s, tensor,
};

#[test]
fn views_of_blocks_and_transposes_convert_without_copying() {
    let m = DMatrix::from_fn(4, 5, |i, j| (10 * i + j) as i32);
    let blocks = [
        m.view((0, 0), (4, 5)),
        m.view((1, 2), (2, 3)),
        m.view((3, 0), (0, 5)),
    ];
    for b in blocks {
        let t: TensorView<'_, i32, 2> = b.into();
        assert_eq!(t.shape(), &[b.nrows(), b.ncols()]);
        let expected: Vec<i32> = (0..b.nrows())
            .flat_map(|i| (0..b.ncols()).map(move |j| (i, j)))
            .map(|(i, j)| b[(i, j)])
            .collect();
        assert_eq!(t.to_vec(), expected);
        if !t.is_empty() {
            assert_eq!(t.as_ptr(), b.as_ptr());
        }
        let back = DMatrixView::try_from(t).unwrap();
        assert_eq!(back, b);
    }
    let t = Tensor::from_fn([3, 4], |[i, j]| (i * 4 + j) as f64);
    for v in [
        t.view(),
        t.view().t(),
        t.view().slice(s![1.., ..;2]).unwrap(),
    ] {
        let m = DMatrixView::try_from(v).unwrap();
        assert_eq!((m.nrows(), m.ncols()), (v.shape()[0], v.shape()[1]));
        assert!(v.indexed_iter().all(|([i, j], x)| m[(i, j)] == *x));
    }
    let err = DMatrixView::try_from(t.view().flip(Axis::<1>)).unwrap_err();
    assert_eq!(
        (err.kind(), err.axis()),
        (ErrorKind::NegativeStride, Some(1))
    );
}

#[test]
fn mutable_views_write_through_and_stay_disjoint() {
    let mut m = DMatrix::<i64>::zeros(4, 4);
    {
        // Two row blocks of a column-major matrix interleave in memory.
        let (top, bottom) = m.rows_range_pair_mut(0..2, 2..4);
        let mut top: TensorViewMut<'_, i64, 2> = top.into();
        let mut bottom: TensorViewMut<'_, i64, 2> = bottom.into();
        for _ in 0..2 {
            top.map_inplace(|x| *x += 1);
            bottom.map_inplace(|x| *x -= 1);
        }
        let (storage, layout) = top.into_raw_parts();
        assert_eq!(
            TensorViewMut::from_raw_parts(storage, layout)
                .unwrap_err()
                .kind(),
            ErrorKind::StorageHasGaps
        );
    }
    assert_eq!(m.rows(0, 2).sum(), 16);
    assert_eq!(m.rows(2, 2).sum(), -16);

    let mut t = Tensor::<u8, 2>::zeros([3, 3]);
    {
        let mut v = DMatrixViewMut::try_from(t.view_mut().t()).unwrap();
        v[(0, 2)] = 7; // t[[2, 0]]
    }
    assert_eq!(t[[2, 0]], 7);
}

#[test]
fn dmatrix_moves_its_buffer() {
    let m = DMatrix::from_row_slice(2, 3, &[1, 2, 3, 4, 5, 6]);
    let ptr = m.as_ptr();
    let t: Tensor<i32, 2> = m.into();
    assert_eq!((t.as_ptr(), t.strides()), (ptr, &[1, 2]));
    assert_eq!(t, tensor![[1, 2, 3], [4, 5, 6]]);
    let back: DMatrix<i32> = t.into();
    assert_eq!(back.as_ptr(), ptr);
    // A row-major tensor is copied into column-major order.
    let copied: DMatrix<i32> = tensor![[1, 2, 3], [4, 5, 6]].into();
    assert_eq!(copied, DMatrix::from_row_slice(2, 3, &[1, 2, 3, 4, 5, 6]));
    let empty: DMatrix<f32> = Tensor::<f32, 2>::zeros([0, 4]).into();
    assert_eq!(empty.shape(), (0, 4));
}

#[test]
fn static_matrices_and_array_tensors() {
    let m = Matrix2x3::new(1, 2, 3, 4, 5, 6);
    let t: ArrayTensor<i32, 6, 2> = m.into();
    assert_eq!(t.shape(), &[2, 3]);
    assert!(t.iter().copied().eq([1, 2, 3, 4, 5, 6]));
    assert_eq!(Matrix2x3::try_from(t).unwrap(), m);
    // Row-major storage, moved element by element.
    let r = inline_tensor![[1, 2, 3], [4, 5, 6], [7, 8, 9]];
    assert_eq!(
        Matrix3::try_from(r).unwrap(),
        Matrix3::new(1, 2, 3, 4, 5, 6, 7, 8, 9)
    );
    // Elements that own memory: each moves once (Miri reports a double drop or a leak).
    let strings = nalgebra::Matrix2::new("a".to_string(), "b".into(), "c".into(), "d".into());
    let t: ArrayTensor<String, 4, 2> = strings.clone().into();
    assert_eq!(t[[0, 1]], "b");
    assert_eq!(nalgebra::Matrix2::try_from(t).unwrap(), strings);
    // A shape that does not match is an error naming the axis.
    let wide = ArrayTensor::from_storage([0u8; 6], [3, 2]).unwrap();
    let err = Matrix2x3::try_from(wide).unwrap_err();
    assert_eq!(
        (err.kind(), err.axis(), err.expected(), err.found()),
        (ErrorKind::SizeMismatch, Some(0), 2, 3)
    );
}
