//! Conversions between nalgebra's matrices and `ranked`'s rank-2 tensors (feature `nalgebra`).
//!
//! - Matrix views of any dimensions and strides → [`TensorView`] / [`TensorViewMut`], without
//!   copying (`From`); rank-2 views → `DMatrixView` / `DMatrixViewMut` with dynamic strides,
//!   without copying (`TryFrom`: nalgebra's strides cannot be negative).
//! - [`DMatrix`] ↔ [`Tensor<T, 2>`](Tensor): the buffer moves (nalgebra is column-major, so
//!   the tensor is too); a tensor in another layout is copied into column-major order.
//! - [`SMatrix<T, R, C>`](SMatrix) ↔ [`ArrayTensor<T, N, 2>`](ArrayTensor) with `N = R · C`,
//!   without an allocator: the elements move, column-major.
//!
//! O(1) for views and moves, O(len) for a copy.

use core::mem::ManuallyDrop;

use nalgebra::{
    DMatrix, DMatrixView, DMatrixViewMut, Dim, Dyn, Matrix, SMatrix, VecStorage, ViewStorage,
    ViewStorageMut,
};

use crate::error::{ErrorKind, ShapeError};
use crate::layout::{Layout, parts};
use crate::tensor::{ArrayTensor, Tensor, TensorBase, TensorView, TensorViewMut};

use super::{ForeignView, foreign_view};

impl<'a, T, R: Dim, C: Dim, RS: Dim, CS: Dim>
    From<Matrix<T, R, C, ViewStorage<'a, T, R, C, RS, CS>>> for TensorView<'a, T, 2>
{
    /// The same elements, without copying: shape `[rows, cols]`, nalgebra's strides. O(1).
    ///
    /// ```
    /// use ranked::TensorView;
    ///
    /// let m = nalgebra::Matrix3::new(1, 2, 3, 4, 5, 6, 7, 8, 9);
    /// let block = m.view((1, 1), (2, 2));
    /// let t: TensorView<'_, i32, 2> = block.into();
    /// assert_eq!(t.to_vec(), [5, 6, 8, 9]);
    /// assert_eq!(t.strides(), &[1, 3]); // column-major, with gaps
    /// ```
    fn from(m: Matrix<T, R, C, ViewStorage<'a, T, R, C, RS, CS>>) -> Self {
        let (shape, strides) = geometry(m.shape(), m.strides());
        // SAFETY: a nalgebra view of `'a` reaches, from `as_ptr()` by its strides, initialised
        // elements of one allocation shared for `'a` (nalgebra's invariants).
        let ForeignView { data, offset } =
            unsafe { foreign_view(m.as_ptr(), &shape, &strides) }.unwrap_or_else(|e| not_a_view(e));
        // SAFETY: the storage spans exactly the positions this layout reaches (invariant 1);
        // a read-only view has no invariant 2.
        unsafe {
            TensorBase::from_parts_unchecked(data, Layout::from_parts(shape, strides, offset))
        }
    }
}

impl<'a, T, R: Dim, C: Dim, RS: Dim, CS: Dim>
    From<Matrix<T, R, C, ViewStorageMut<'a, T, R, C, RS, CS>>> for TensorViewMut<'a, T, 2>
{
    /// The same elements, without copying. O(1).
    ///
    /// ```
    /// use ranked::TensorViewMut;
    ///
    /// let mut m = nalgebra::DMatrix::<f64>::zeros(3, 4);
    /// let mut t: TensorViewMut<'_, f64, 2> = m.view_mut((0, 1), (3, 2)).into();
    /// t.fill(1.0);
    /// assert_eq!(m.sum(), 6.0);
    /// ```
    fn from(mut m: Matrix<T, R, C, ViewStorageMut<'a, T, R, C, RS, CS>>) -> Self {
        let (shape, strides) = geometry(m.shape(), m.strides());
        // SAFETY: as for the read-only view, with exclusive access for `'a`; a mutable
        // nalgebra view never maps two indices to one element.
        let view = unsafe { foreign_view(m.as_mut_ptr(), &shape, &strides) }
            .unwrap_or_else(|e| not_a_view(e));
        let layout = Layout::from_parts(shape, strides, view.offset);
        // SAFETY: invariant 1 as above; invariant 2 as a mutable view is unique.
        unsafe { TensorBase::from_parts_unchecked(view.into_mut(), layout) }
    }
}

/// A nalgebra matrix's shape and strides as a layout's.
fn geometry((rows, cols): (usize, usize), (rs, cs): (usize, usize)) -> ([usize; 2], [isize; 2]) {
    // nalgebra's strides address one allocation, so they fit `isize`.
    ([rows, cols], [rs as isize, cs as isize])
}

/// A failed conversion of a nalgebra view whose geometry leaves `isize` (which nalgebra does
/// not allow): the `From` impls cannot return it.
#[cold]
#[track_caller]
fn not_a_view(e: ShapeError) -> ! {
    panic!("cannot view this nalgebra matrix: {e}")
}

/// The shape and strides of a rank-2 view as nalgebra's view constructors take them: strides that
/// are not negative (0 for an empty view, see [`parts::exported`]), and at most `isize::MAX` bytes
/// of `rows · cols` elements (the size of nalgebra's `[T; R * C]`, 0 for an empty view).
///
/// # Errors
///
/// [`ErrorKind::NegativeStride`] naming the first axis walked backwards;
/// [`ErrorKind::TooManyElements`] when the elements cannot be counted in `isize` (or their
/// bytes, with the element count as `found`); [`ErrorKind::Overflow`] when their count leaves
/// `usize`.
fn nalgebra_geometry<T>(
    shape: &[usize; 2],
    strides: &[isize; 2],
) -> Result<([usize; 2], (usize, usize)), ShapeError> {
    let mut strides = *strides;
    parts::exported(shape, &mut strides, size_of::<T>())?;
    // `exported` bounds the product of the non-zero sizes, so this one fits `usize` too.
    let count = shape[0].saturating_mul(shape[1]);
    let limit = (isize::MAX as usize)
        .checked_div(size_of::<T>())
        .unwrap_or(usize::MAX);
    if count > limit {
        return Err(ShapeError::sizes(
            ErrorKind::TooManyElements,
            None,
            limit,
            count,
        ));
    }
    for (axis, &s) in strides.iter().enumerate() {
        if s < 0 {
            return Err(ShapeError::strides(
                ErrorKind::NegativeStride,
                Some(axis),
                0,
                s,
            ));
        }
    }
    Ok((
        *shape,
        (strides[0].unsigned_abs(), strides[1].unsigned_abs()),
    ))
}

impl<'a, T> TryFrom<TensorView<'a, T, 2>> for DMatrixView<'a, T, Dyn, Dyn> {
    type Error = ShapeError;

    /// The same elements, without copying, O(1).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::NegativeStride`] naming the axis, if the view walks one backwards (nalgebra
    /// views cannot); [`ErrorKind::TooManyElements`] if its `rows · cols` elements (a
    /// broadcast view can have very many) would not fit `isize::MAX` bytes.
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![[1.0, 2.0], [3.0, 4.0]];
    /// let m = nalgebra::DMatrixView::try_from(t.view().t()).unwrap();
    /// assert_eq!(m[(0, 1)], 3.0);
    /// assert!(nalgebra::DMatrixView::try_from(t.view().flip(Axis::<0>)).is_err());
    /// ```
    fn try_from(t: TensorView<'a, T, 2>) -> Result<Self, ShapeError> {
        let ([rows, cols], (rs, cs)) = nalgebra_geometry::<T>(t.shape(), t.strides())?;
        // SAFETY: nalgebra's precondition for `ViewStorage::from_raw_parts`, that `ptr` points
        // to memory valid as `[T; R * C]`, read (as nalgebra's own strided views use it) for
        // the `R · C` positions the strides reach: with elements, each is an element of the
        // view inside its storage (invariant 1), initialised and shared for `'a`; without
        // them the strides are 0 and nothing is reached; `R · C` elements of `T` fit
        // `isize::MAX` bytes, as an array type's size must (`nalgebra_geometry`).
        let data = unsafe {
            ViewStorage::from_raw_parts(t.as_ptr(), (Dyn(rows), Dyn(cols)), (Dyn(rs), Dyn(cs)))
        };
        Ok(Matrix::from_data(data))
    }
}

impl<'a, T> TryFrom<TensorViewMut<'a, T, 2>> for DMatrixViewMut<'a, T, Dyn, Dyn> {
    type Error = ShapeError;

    /// The same elements, without copying, O(1).
    ///
    /// # Errors
    ///
    /// As for [`DMatrixView`]'s `try_from`: [`ErrorKind::NegativeStride`] or
    /// [`ErrorKind::TooManyElements`].
    fn try_from(mut t: TensorViewMut<'a, T, 2>) -> Result<Self, ShapeError> {
        let ([rows, cols], (rs, cs)) = nalgebra_geometry::<T>(t.shape(), t.strides())?;
        // SAFETY: as for the read-only view, with exclusive access for `'a` to elements no two
        // indices share (invariant 2).
        let data = unsafe {
            ViewStorageMut::from_raw_parts(
                t.as_mut_ptr(),
                (Dyn(rows), Dyn(cols)),
                (Dyn(rs), Dyn(cs)),
            )
        };
        Ok(Matrix::from_data(data))
    }
}

impl<T> From<DMatrix<T>> for Tensor<T, 2> {
    /// Moves the buffer, without copying: a column-major tensor. O(1).
    ///
    /// ```
    /// use ranked::Tensor;
    ///
    /// let m = nalgebra::DMatrix::from_row_slice(2, 3, &[1, 2, 3, 4, 5, 6]);
    /// let t: Tensor<i32, 2> = m.into();
    /// assert_eq!((t[[1, 0]], t.strides()), (4, &[1, 2]));
    /// ```
    fn from(m: DMatrix<T>) -> Self {
        let (rows, cols) = m.shape();
        let vec: alloc::vec::Vec<T> = m.data.into();
        // A matrix of `rows · cols` elements exists, so its layout exists too.
        let layout = Layout::from_parts([rows, cols], [1, rows as isize], 0);
        debug_assert!(layout.validate(vec.len()).is_ok());
        // SAFETY: nalgebra's `DMatrix` holds its `rows · cols` elements column-major: the layout
        // reaches each position of the buffer once (invariants 1 and 2).
        unsafe { TensorBase::from_parts_unchecked(vec, layout) }
    }
}

impl<T: Clone> From<Tensor<T, 2>> for DMatrix<T> {
    /// Moves the buffer when the tensor is column-major over all of it; copies into
    /// column-major order otherwise. O(1) or O(len).
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let m: nalgebra::DMatrix<i32> = tensor![[1, 2, 3], [4, 5, 6]].into();
    /// assert_eq!(m, nalgebra::DMatrix::from_row_slice(2, 3, &[1, 2, 3, 4, 5, 6]));
    /// ```
    fn from(t: Tensor<T, 2>) -> Self {
        let [rows, cols] = *t.shape();
        let f_order = t.layout().is_f_contiguous() && t.layout().offset() == 0;
        let vec = if f_order && t.len() == t.storage().len() {
            t.into_raw_parts().0
        } else {
            t.t().into_vec()
        };
        Matrix::from_data(VecStorage::new(Dyn(rows), Dyn(cols), vec))
    }
}

impl<T, const R: usize, const C: usize, const N: usize> From<SMatrix<T, R, C>>
    for ArrayTensor<T, N, 2>
{
    /// Moves the elements into a column-major array tensor, without an allocator. `N` must be
    /// `R · C`: another `N` does not build. O(N).
    ///
    /// ```
    /// use ranked::ArrayTensor;
    ///
    /// let m = nalgebra::Matrix2x3::new(1, 2, 3, 4, 5, 6);
    /// let t: ArrayTensor<i32, 6, 2> = m.into();
    /// assert_eq!(t[[1, 2]], 6);
    /// ```
    fn from(m: SMatrix<T, R, C>) -> Self {
        const {
            assert!(
                R * C == N,
                "an `ArrayTensor<T, N, 2>` of an R × C matrix needs N = R · C"
            )
        };
        let columns = ManuallyDrop::new(m.data.0);
        // SAFETY: `[[T; R]; C]` is `R · C = N` elements of `T` in a row, laid out as `[T; N]`;
        // `columns` is never dropped, so each element moves once.
        let flat: [T; N] = unsafe { core::ptr::read((&raw const *columns).cast::<[T; N]>()) };
        let layout = Layout::from_parts([R, C], [1, R as isize], 0);
        // SAFETY: column-major over exactly `N = R · C` elements (invariants 1 and 2).
        unsafe { TensorBase::from_parts_unchecked(flat, layout) }
    }
}

impl<T, const R: usize, const C: usize, const N: usize> TryFrom<ArrayTensor<T, N, 2>>
    for SMatrix<T, R, C>
{
    type Error = ShapeError;

    /// Moves the elements into a matrix, whatever the tensor's layout, without an allocator.
    /// `N` must be `R · C`: another `N` does not build. O(N).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::SizeMismatch`] naming the axis whose size is not `R` (axis 0) or `C`
    /// (axis 1).
    ///
    /// ```
    /// use ranked::inline_tensor;
    ///
    /// let m = nalgebra::Matrix2::try_from(inline_tensor![[1, 2], [3, 4]]).unwrap();
    /// assert_eq!(m, nalgebra::Matrix2::new(1, 2, 3, 4));
    /// ```
    fn try_from(t: ArrayTensor<T, N, 2>) -> Result<Self, ShapeError> {
        const {
            assert!(
                R * C == N,
                "an `ArrayTensor<T, N, 2>` of an R × C matrix needs N = R · C"
            )
        };
        for (axis, (&found, need)) in t.shape().iter().zip([R, C]).enumerate() {
            if found != need {
                return Err(ShapeError::size_mismatch(axis, need, found));
            }
        }
        let (array, layout) = t.into_raw_parts();
        let array = ManuallyDrop::new(array);
        let base = array.as_ptr();
        let columns: [[T; R]; C] = core::array::from_fn(|j| {
            core::array::from_fn(|i| {
                let pos = layout.offset_of_in_bounds(&[i, j]);
                // SAFETY: `[i, j]` is in bounds of an `R × C` layout valid for the array
                // (invariant 1), and the layout is unique (invariant 2) and covers all
                // `N = R · C` positions, so each element is read exactly once; `array` is never
                // dropped.
                unsafe { core::ptr::read(base.add(pos)) }
            })
        });
        Ok(Matrix::from_data(nalgebra::ArrayStorage(columns)))
    }
}
