//! Conversions between faer's matrices and `ranked`'s rank-2 tensors (feature `faer`).
//!
//! - `MatRef` / `MatMut` ↔ [`TensorView`] / [`TensorViewMut`] of rank 2, without copying, both
//!   ways (`From`), any strides, negative ones included. faer pads its columns, so the memory
//!   between a column's end and the next column's start may be uninitialised: a view converted
//!   from faer reaches only the matrix's elements and never claims that memory (its storage
//!   has gaps, see [`ViewRepr`](crate::storage::ViewRepr)).
//! - `Mat` ↔ [`Tensor<T, 2>`](Tensor): copies (faer owns its padded allocation, which a `Vec`
//!   cannot take over).
//!
//! O(1) for views, O(len) for the owned copies.

use faer::{Mat, MatMut, MatRef};

use crate::error::ShapeError;
use crate::layout::{Layout, parts};
use crate::tensor::{Tensor, TensorBase, TensorView, TensorViewMut};

use super::{ForeignView, foreign_view};

/// A failed conversion of a faer view whose geometry leaves `isize` (which faer does not
/// allow): the `From` impls cannot return it.
#[cold]
#[track_caller]
fn not_a_view(e: ShapeError) -> ! {
    panic!("cannot view this faer matrix: {e}")
}

impl<'a, T> From<MatRef<'a, T>> for TensorView<'a, T, 2> {
    /// The same elements, without copying: shape `[nrows, ncols]`, faer's strides. O(1).
    ///
    /// ```
    /// use ranked::TensorView;
    ///
    /// let m = faer::Mat::from_fn(3, 2, |i, j| (10 * i + j) as f64);
    /// let t: TensorView<'_, f64, 2> = m.as_ref().into();
    /// assert_eq!(t.to_vec(), [0.0, 1.0, 10.0, 11.0, 20.0, 21.0]);
    /// assert_eq!(t.strides()[1], m.col_stride()); // padded columns, kept
    /// ```
    fn from(m: MatRef<'a, T>) -> Self {
        let shape = [m.nrows(), m.ncols()];
        let strides = [m.row_stride(), m.col_stride()];
        // SAFETY: a `MatRef<'a>` reaches, from `as_ptr()` by its strides, initialised elements
        // of one allocation, shared for `'a` (faer's invariants); the padding between them is
        // not reached and may be uninitialised, which `foreign_view` allows for.
        let ForeignView { data, offset } =
            unsafe { foreign_view(m.as_ptr(), &shape, &strides) }.unwrap_or_else(|e| not_a_view(e));
        // SAFETY: the storage spans exactly the positions this layout reaches (invariant 1);
        // a read-only view has no invariant 2.
        unsafe {
            TensorBase::from_parts_unchecked(data, Layout::from_parts(shape, strides, offset))
        }
    }
}

impl<'a, T> From<MatMut<'a, T>> for TensorViewMut<'a, T, 2> {
    /// The same elements, without copying. O(1).
    ///
    /// ```
    /// use ranked::TensorViewMut;
    ///
    /// let mut m = faer::Mat::<f32>::zeros(2, 3);
    /// let mut t: TensorViewMut<'_, f32, 2> = m.as_mut().into();
    /// t[[1, 2]] = 4.0;
    /// assert_eq!(m[(1, 2)], 4.0);
    /// ```
    fn from(m: MatMut<'a, T>) -> Self {
        let shape = [m.nrows(), m.ncols()];
        let strides = [m.row_stride(), m.col_stride()];
        // SAFETY: as for `MatRef`, with exclusive access for `'a`; a `MatMut` never maps two
        // indices to one element.
        let view = unsafe { foreign_view(m.as_ptr_mut().cast_const(), &shape, &strides) }
            .unwrap_or_else(|e| not_a_view(e));
        let layout = Layout::from_parts(shape, strides, view.offset);
        // SAFETY: invariant 1 as above; invariant 2 as a `MatMut` is unique.
        unsafe { TensorBase::from_parts_unchecked(view.into_mut(), layout) }
    }
}

impl<'a, T> From<TensorView<'a, T, 2>> for MatRef<'a, T> {
    /// The same elements, without copying, any strides. O(1).
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![[1, 2, 3], [4, 5, 6]];
    /// let m = faer::MatRef::from(t.view().flip(Axis::<1>));
    /// assert_eq!((m.nrows(), m.ncols(), m[(0, 0)]), (2, 3, 3));
    /// ```
    ///
    /// # Panics
    ///
    /// If the view has more than `isize::MAX` elements (a broadcast view can);
    /// [`TensorView::try_into_faer`] is the fallible form.
    fn from(t: TensorView<'a, T, 2>) -> Self {
        t.try_into_faer().unwrap_or_else(|e| not_a_matrix(e))
    }
}

impl<'a, T> From<TensorViewMut<'a, T, 2>> for MatMut<'a, T> {
    /// The same elements, without copying, any strides. O(1).
    ///
    /// # Panics
    ///
    /// If the view is empty with sizes that multiply past `isize::MAX`;
    /// [`TensorViewMut::try_into_faer`] is the fallible form.
    fn from(t: TensorViewMut<'a, T, 2>) -> Self {
        t.try_into_faer().unwrap_or_else(|e| not_a_matrix(e))
    }
}

impl<'a, T> TensorView<'a, T, 2> {
    /// The same elements as a faer `MatRef`, without copying, any strides: the fallible form
    /// of `MatRef::from`. O(1).
    ///
    /// faer indexes with `row as isize * row_stride`, so the sizes are held to the rule
    /// ndarray states: the product of the non-zero sizes at most `isize::MAX`.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::TooManyElements`](crate::ErrorKind::TooManyElements) beyond that (a
    /// broadcast view, or an empty one with very long axes).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{ErrorKind, tensor};
    ///
    /// let row = tensor![1.0, 2.0];
    /// let m = row.view().broadcast_to([3, 2]).unwrap().try_into_faer().unwrap();
    /// assert_eq!((m.nrows(), m[(2, 1)]), (3, 2.0));
    /// let huge = row.view().broadcast_to([1 << 62, 2]).unwrap();
    /// assert_eq!(huge.try_into_faer().unwrap_err().kind(), ErrorKind::TooManyElements);
    /// ```
    pub fn try_into_faer(self) -> Result<MatRef<'a, T>, ShapeError> {
        let ([rows, cols], mut strides) = (*self.shape(), *self.strides());
        parts::exported(&[rows, cols], &mut strides, size_of::<T>())?;
        let [rs, cs] = strides;
        // SAFETY: faer's preconditions for `MatRef::from_raw_parts`: (1) the memory the matrix
        // addresses lies in one allocation: with elements, every position the strides reach is
        // an element of the view inside its storage (invariant 1), and without them every
        // stride is 0 (`exported`); (2) the pointer is non-null and aligned (storage invariant
        // 2) even for an empty view; (3) those elements are initialised; (4) they are borrowed
        // shared for `'a` (a `TensorView<'a>`), so nothing writes them.
        Ok(unsafe { MatRef::from_raw_parts(self.as_ptr(), rows, cols, rs, cs) })
    }
}

impl<'a, T> TensorViewMut<'a, T, 2> {
    /// The same elements as a faer `MatMut`, without copying, any strides: the fallible form
    /// of `MatMut::from`. O(1).
    ///
    /// # Errors
    ///
    /// As [`TensorView::try_into_faer`]; a writable view meets them only when empty with
    /// very long axes.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Tensor;
    ///
    /// let mut t = Tensor::<f64, 2>::zeros([2, 2]);
    /// let mut m = t.view_mut().try_into_faer().unwrap();
    /// m[(0, 1)] = 2.5;
    /// assert_eq!(t[[0, 1]], 2.5);
    /// ```
    pub fn try_into_faer(mut self) -> Result<MatMut<'a, T>, ShapeError> {
        let ([rows, cols], mut strides) = (*self.shape(), *self.strides());
        parts::exported(&[rows, cols], &mut strides, size_of::<T>())?;
        let [rs, cs] = strides;
        // SAFETY: as for `TensorView::try_into_faer`, with the elements borrowed exclusively
        // for `'a` (a `TensorViewMut<'a>`) and no two indices sharing one (invariant 2), so
        // nothing else reads or writes them while the `MatMut` lives.
        Ok(unsafe { MatMut::from_raw_parts_mut(self.as_mut_ptr(), rows, cols, rs, cs) })
    }
}

/// A failed conversion to faer of a geometry faer cannot hold: the `From` impls cannot return
/// it.
#[cold]
#[track_caller]
fn not_a_matrix(e: ShapeError) -> ! {
    panic!("faer cannot hold this tensor: {e}")
}

impl<T: Clone> From<&Mat<T>> for Tensor<T, 2> {
    /// A C-contiguous copy. O(len).
    ///
    /// ```
    /// use ranked::Tensor;
    ///
    /// let m = faer::Mat::from_fn(2, 2, |i, j| (i + 2 * j) as u8);
    /// let t = Tensor::from(&m);
    /// assert_eq!(t.to_vec(), [0, 2, 1, 3]);
    /// ```
    fn from(m: &Mat<T>) -> Self {
        TensorView::from(m.as_ref()).to_contiguous()
    }
}

impl<T: Clone, S: crate::storage::Storage<Elem = T>> From<&TensorBase<S, 2>> for Mat<T> {
    /// A copy into a new faer matrix. O(len).
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let m = faer::Mat::from(&tensor![[1.0, 2.0], [3.0, 4.0]]);
    /// assert_eq!(m[(1, 0)], 3.0);
    /// ```
    fn from(t: &TensorBase<S, 2>) -> Self {
        let v = MatRef::from(t.view());
        Mat::from_fn(v.nrows(), v.ncols(), |i, j| v[(i, j)].clone())
    }
}
