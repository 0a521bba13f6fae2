//! Conversions to ndarray, faer and nalgebra at sizes those libraries cannot hold: views
//! broadcast past `isize::MAX` elements, empty views with very long axes (and strides that
//! would leave `isize` if the pointer were moved along them). Each fallible form returns the
//! error; each `From` form panics with it, before any foreign value exists. CI runs this file
//! with and without debug assertions and overflow checks (as in a release build) and under
//! Miri: ndarray checks its constructor's rules with debug assertions only, so a release build
//! would otherwise hand out a value that breaks them.
#![cfg(all(feature = "ndarray", feature = "nalgebra", feature = "faer"))]

use ranked::{DynTensor, ErrorKind, Tensor, TensorView};

const HALF: usize = 1 << 62;
const LIMIT: usize = isize::MAX as usize;

/// The largest broadcast view ndarray can hold, and the smallest it cannot (2⁶³ elements).
#[test]
fn broadcast_views_past_isize_max_are_refused_by_every_conversion() {
    let data = [1.5f32, 2.5];
    let row = TensorView::from_slice(&data, [2]).unwrap();
    let too_many = || row.broadcast_to([HALF, 2]).unwrap();

    let err = too_many().try_into_ndarray().unwrap_err();
    assert_eq!(err.kind(), ErrorKind::TooManyElements);
    assert_eq!((err.expected(), err.found()), (LIMIT as i128, 1i128 << 63));
    assert!(
        err.to_string().contains("9223372036854775808 elements"),
        "{err}"
    );
    let err = too_many().into_dyn().try_into_ndarray().unwrap_err();
    assert_eq!(err.kind(), ErrorKind::TooManyElements);
    let err = too_many().try_into_faer().unwrap_err();
    assert_eq!(err.kind(), ErrorKind::TooManyElements);
    let err = nalgebra::DMatrixView::try_from(too_many()).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::TooManyElements);

    // At the limit itself every library holds it, reading the one element it repeats.
    let col = TensorView::from_slice(&data[..1], [1, 1]).unwrap();
    let widest = col.broadcast_to([LIMIT, 1]).unwrap();
    let a = widest.try_into_ndarray().unwrap();
    assert_eq!((a.len(), a[[LIMIT - 1, 0]]), (LIMIT, 1.5));
    let m = widest.try_into_faer().unwrap();
    assert_eq!((m.nrows(), m[(LIMIT - 1, 0)]), (LIMIT, 1.5));
    // nalgebra counts bytes: 4-byte elements fit a quarter of that.
    let err = nalgebra::DMatrixView::try_from(widest).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::TooManyElements);
    assert_eq!(err.expected(), (LIMIT / 4) as i128);
    let quarter = col.broadcast_to([LIMIT / 4, 1]).unwrap();
    let m = nalgebra::DMatrixView::try_from(quarter).unwrap();
    assert_eq!((m.nrows(), m[(LIMIT / 4 - 1, 0)]), (LIMIT / 4, 1.5));
}

#[test]
fn empty_views_with_very_long_axes_keep_to_the_limit() {
    let none: [u64; 0] = [];
    // Sizes whose non-zero product passes `isize::MAX`: an error, whatever the strides.
    let v = TensorView::from_slice_with_strides(&none, [usize::MAX, 0], [0, 1], 0).unwrap();
    assert_eq!(
        v.try_into_ndarray().unwrap_err().kind(),
        ErrorKind::TooManyElements
    );
    assert_eq!(
        v.try_into_faer().unwrap_err().kind(),
        ErrorKind::TooManyElements
    );
    let err = nalgebra::DMatrixView::try_from(v).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::TooManyElements);
    let v = TensorView::from_slice_with_strides(&none, [usize::MAX, 2, 0], [1, 1, 1], 0).unwrap();
    let err = v.try_into_ndarray().unwrap_err();
    assert_eq!((err.kind(), err.axis()), (ErrorKind::Overflow, Some(1)));

    // Within the limit, strides that would move the pointer far out of `isize` are given to
    // the libraries as 0: moving along the axes of an empty array stays in place.
    let v = TensorView::from_slice_with_strides(&none, [LIMIT, 0], [isize::MAX, -7], 0).unwrap();
    let a = v.try_into_ndarray().unwrap();
    assert_eq!((a.shape(), a.strides()), (&[LIMIT, 0][..], &[0, 0][..]));
    assert_eq!(a.iter().count(), 0);
    let d = v.into_dyn().try_into_ndarray().unwrap();
    assert_eq!(d.shape(), &[LIMIT, 0]);
    let m = v.try_into_faer().unwrap();
    assert_eq!((m.nrows(), m.ncols(), m.row_stride()), (LIMIT, 0, 0));
    let m = nalgebra::DMatrixView::try_from(v).unwrap();
    assert_eq!((m.nrows(), m.ncols(), m.strides()), (LIMIT, 0, (0, 0)));
    // A stride walked backwards on an empty view is not one nalgebra would have to take.
    assert!(nalgebra::DMatrixView::try_from(v).is_ok());
}

#[test]
fn mutable_and_owned_empty_tensors_keep_to_the_limit() {
    let mut t = Tensor::<i16, 2>::from_vec(vec![], [usize::MAX - 1, 0]).unwrap();
    let err = t.view_mut().try_into_ndarray().unwrap_err();
    assert_eq!(err.kind(), ErrorKind::TooManyElements);
    assert_eq!(
        t.view_mut().try_into_faer().unwrap_err().kind(),
        ErrorKind::TooManyElements
    );
    assert!(nalgebra::DMatrixViewMut::try_from(t.view_mut()).is_err());
    assert_eq!(
        t.try_into_ndarray().unwrap_err().kind(),
        ErrorKind::TooManyElements
    );

    let mut d = DynTensor::<i16>::from_vec(vec![], &[3, usize::MAX - 1, 0]).unwrap();
    let err = d.view_mut().try_into_ndarray().unwrap_err();
    assert_eq!((err.kind(), err.axis()), (ErrorKind::Overflow, Some(1)));
    assert!(d.try_into_ndarray().is_err());

    let t = Tensor::<i16, 2>::from_vec(vec![], [LIMIT, 0]).unwrap();
    let a = t.try_into_ndarray().unwrap();
    assert_eq!((a.shape(), a.len()), (&[LIMIT, 0][..], 0));
    let d = DynTensor::<i16>::from_vec(vec![], &[0, LIMIT]).unwrap();
    assert_eq!(d.try_into_ndarray().unwrap().shape(), &[0, LIMIT]);
}

#[test]
#[should_panic(expected = "ndarray cannot hold this tensor")]
fn the_ndarray_view_from_panics_beyond_the_limit() {
    let data = [0u8];
    let one = TensorView::from_slice(&data, [1]).unwrap();
    let _: ndarray::ArrayView2<'_, u8> = one.broadcast_to([HALF, 2]).unwrap().into();
}

#[test]
#[should_panic(expected = "ndarray cannot hold this tensor")]
fn the_owned_ndarray_from_panics_beyond_the_limit() {
    let t = Tensor::<u8, 2>::from_vec(vec![], [usize::MAX - 1, 0]).unwrap();
    let _: ndarray::Array2<u8> = t.into();
}

#[test]
#[should_panic(expected = "faer cannot hold this tensor")]
fn the_faer_from_panics_beyond_the_limit() {
    let data = [0u8];
    let one = TensorView::from_slice(&data, [1, 1]).unwrap();
    let _ = faer::MatRef::from(one.broadcast_to([HALF, 2]).unwrap());
}
