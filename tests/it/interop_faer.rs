//! The faer bridge: `MatRef`/`MatMut` both ways without copying over padded columns (whose
//! padding may be uninitialised: Miri reports any read of it), transposed, reversed, offset and
//! empty views; `Mat` copied. Run under Miri by CI.
#![cfg(feature = "faer")]

use faer::{Mat, MatMut, MatRef};
use ranked::{Axis, ErrorKind, Tensor, TensorView, TensorViewMut, s};

fn sample() -> Mat<f64> {
    Mat::from_fn(5, 3, |i, j| (10 * i + j) as f64)
}

fn logical(m: MatRef<'_, f64>) -> Vec<f64> {
    (0..m.nrows())
        .flat_map(|i| (0..m.ncols()).map(move |j| (i, j)))
        .map(|(i, j)| m[(i, j)])
        .collect()
}

#[test]
fn padded_matrices_convert_without_copying() {
    let m = sample();
    let views = [
        m.as_ref(),
        m.as_ref().transpose(),
        m.as_ref().reverse_rows(),
        m.as_ref().submatrix(1, 1, 3, 2),
        m.as_ref().submatrix(2, 0, 0, 3),
    ];
    for v in views {
        let t: TensorView<'_, f64, 2> = v.into();
        assert_eq!(t.shape(), &[v.nrows(), v.ncols()]);
        assert_eq!(t.strides(), &[v.row_stride(), v.col_stride()]);
        assert_eq!(t.to_vec(), logical(v));
        assert_eq!(t.sum(), logical(v).iter().sum::<f64>());
        let back: MatRef<'_, f64> = t.into();
        assert_eq!(back, v);
    }
}

#[test]
fn ranked_views_reach_faer_with_their_layout() {
    let t = Tensor::from_fn([4, 6], |[i, j]| (i * 6 + j) as f64);
    for v in [
        t.view(),
        t.view().t(),
        t.view().flip(Axis::<0>).flip(Axis::<1>),
        t.view().slice(s![1..3, ..;-2]).unwrap(),
        t.view().slice(s![4.., ..]).unwrap(),
    ] {
        let m: MatRef<'_, f64> = v.into();
        assert_eq!(logical(m), v.to_vec());
        let again: TensorView<'_, f64, 2> = m.into();
        assert_eq!(again, v);
    }
}

#[test]
fn mutable_views_write_through_and_stay_disjoint() {
    let mut m = Mat::<f64>::zeros(6, 4);
    {
        // Row halves of a column-major matrix interleave in memory.
        let (top, bottom) = m.as_mut().split_at_row_mut(3);
        let mut top: TensorViewMut<'_, f64, 2> = top.into();
        let mut bottom: TensorViewMut<'_, f64, 2> = bottom.into();
        for _ in 0..2 {
            top.map_inplace(|x| *x += 1.0);
            bottom.map_inplace(|x| *x -= 1.0);
        }
        top[[0, 3]] = 10.0;
        let (storage, layout) = bottom.into_raw_parts();
        assert_eq!(
            TensorViewMut::from_raw_parts(storage, layout)
                .unwrap_err()
                .kind(),
            ErrorKind::StorageHasGaps
        );
    }
    assert_eq!(m[(0, 3)], 10.0);
    assert_eq!(m[(5, 0)], -2.0);

    let mut t = Tensor::<f64, 2>::zeros([3, 2]);
    {
        let mut v: MatMut<'_, f64> = t.view_mut().flip(Axis::<0>).into();
        v[(0, 1)] = 5.0; // t[[2, 1]]
    }
    assert_eq!(t[[2, 1]], 5.0);
}

#[test]
fn owned_matrices_are_copied() {
    let m = sample();
    let t = Tensor::from(&m);
    assert_eq!(t.to_vec(), logical(m.as_ref()));
    let back = Mat::from(&t.view().t());
    assert_eq!(back, m.as_ref().transpose().to_owned());
}
