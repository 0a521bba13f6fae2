//! Conversions between ndarray's arrays and `ranked`'s tensors (feature `ndarray`).
//!
//! Views convert both ways without copying, as `From` impls: `ArrayView`/`ArrayViewMut` of
//! `Ix0`..`Ix6` ↔ [`TensorView`]/[`TensorViewMut`] of the same rank, and `IxDyn` views ↔
//! [`DynTensorView`]/[`DynTensorViewMut`]. Strides (negative and, for read-only views, zero)
//! and the position of the first element are kept; a view of strided memory (a column of a
//! matrix) reaches only its own elements, never the memory between them. Owned
//! `Array` → [`Tensor`] moves the buffer whatever the layout; [`Tensor`] → `Array` moves it
//! when the lowest element the tensor reaches is the buffer's first (always true of a tensor
//! that was not sliced from the front), and copies into a C-contiguous array otherwise.
//!
//! O(rank) for views and moves, O(len) for a copy.

use alloc::vec::Vec;

use ndarray::{
    Array, ArrayView, ArrayViewMut, Axis as NdAxis, Dim, Dimension, IntoDimension, Ix, IxDyn,
    ShapeBuilder,
};

use crate::dynamic::{DynTensor, DynTensorView, DynTensorViewMut};
use crate::error::ShapeError;
use crate::layout::parts::{self, RawLayout};
use crate::layout::{DynLayout, Layout};
use crate::tensor::{Tensor, TensorBase, TensorView, TensorViewMut};

use super::{ForeignView, foreign_view};

/// The pointer to the lowest element a tensor reaches, from its first element `ptr` (index
/// `[0, …]`) and its layout (valid for its storage, so its span fits `isize`); `ptr` itself
/// for an empty tensor.
fn lowest<T>(ptr: *const T, shape: &[usize], strides: &[isize]) -> *const T {
    let whole = RawLayout {
        shape,
        strides,
        offset: 0,
    };
    match parts::span(whole) {
        Ok(Some((low, _))) => ptr.wrapping_offset(low),
        _ => ptr,
    }
}

/// A failed conversion of an ndarray view whose geometry leaves `isize` (which ndarray does
/// not allow): the `From` impls cannot return it.
#[cold]
#[track_caller]
fn not_a_view(e: crate::ShapeError) -> ! {
    panic!("cannot view this ndarray array: {e}")
}

impl<'a, T, const N: usize> From<ArrayView<'a, T, Dim<[Ix; N]>>> for TensorView<'a, T, N>
where
    Dim<[Ix; N]>: Dimension,
{
    /// The same elements, without copying: rank N → rank N, O(rank).
    ///
    /// ```
    /// use ranked::TensorView;
    ///
    /// let a = ndarray::arr2(&[[1, 2, 3], [4, 5, 6]]);
    /// // A column, walked backwards: a strided view with gaps, kept as it is.
    /// let col = a.slice(ndarray::s![..;-1, 1]);
    /// let t: TensorView<'_, i32, 1> = col.into();
    /// assert_eq!((t.to_vec(), *t.strides()), (vec![5, 2], [-3]));
    /// let back: ndarray::ArrayView1<'_, i32> = t.into();
    /// assert_eq!(back, col);
    /// ```
    fn from(v: ArrayView<'a, T, Dim<[Ix; N]>>) -> Self {
        let shape: [usize; N] = core::array::from_fn(|k| v.shape()[k]);
        let strides: [isize; N] = core::array::from_fn(|k| v.strides()[k]);
        // SAFETY: an `ArrayView<'a>` reaches, from its first element `as_ptr()`,
        // initialised elements shared for `'a` inside one allocation, with a span that
        // fits `isize` (ndarray's invariants, which `foreign_view` takes).
        let ForeignView { data, offset } =
            unsafe { foreign_view(v.as_ptr(), &shape, &strides) }.unwrap_or_else(|e| not_a_view(e));
        let layout = Layout::from_parts(shape, strides, offset);
        // SAFETY: `foreign_view` returns a storage spanning exactly the positions this
        // layout reaches (invariant 1); a read-only view has no invariant 2.
        unsafe { TensorBase::from_parts_unchecked(data, layout) }
    }
}

impl<'a, T, const N: usize> From<ArrayViewMut<'a, T, Dim<[Ix; N]>>> for TensorViewMut<'a, T, N>
where
    Dim<[Ix; N]>: Dimension,
{
    /// The same elements, without copying: rank N → rank N, O(rank).
    ///
    /// ```
    /// use ranked::TensorViewMut;
    ///
    /// let mut a = ndarray::Array2::<f32>::zeros((2, 3));
    /// let mut t: TensorViewMut<'_, f32, 2> = a.view_mut().reversed_axes().into();
    /// t[[2, 1]] = 1.5;
    /// assert_eq!(a[[1, 2]], 1.5);
    /// ```
    fn from(mut v: ArrayViewMut<'a, T, Dim<[Ix; N]>>) -> Self {
        let shape: [usize; N] = core::array::from_fn(|k| v.shape()[k]);
        let strides: [isize; N] = core::array::from_fn(|k| v.strides()[k]);
        // SAFETY: as for `ArrayView`, with exclusive access for `'a` to elements that
        // no two indices share (an `ArrayViewMut` never aliases).
        let view = unsafe { foreign_view(v.as_mut_ptr(), &shape, &strides) }
            .unwrap_or_else(|e| not_a_view(e));
        let layout = Layout::from_parts(shape, strides, view.offset);
        // SAFETY: the elements are borrowed exclusively (an `ArrayViewMut`), and the
        // layout is unique (ndarray's invariant for mutable views), so invariant 2
        // holds; invariant 1 as above.
        unsafe { TensorBase::from_parts_unchecked(view.into_mut(), layout) }
    }
}

impl<'a, T, const N: usize> From<TensorView<'a, T, N>> for ArrayView<'a, T, Dim<[Ix; N]>>
where
    Dim<[Ix; N]>: Dimension,
    [Ix; N]: IntoDimension<Dim = Dim<[Ix; N]>>,
{
    /// The same elements, without copying: rank N → rank N, O(rank).
    ///
    /// # Panics
    ///
    /// If ndarray cannot hold the view: more than `isize::MAX` elements (a broadcast view can
    /// have that many). [`TensorView::try_into_ndarray`] is the fallible form.
    fn from(t: TensorView<'a, T, N>) -> Self {
        t.try_into_ndarray().unwrap_or_else(|e| not_an_array(e))
    }
}

impl<'a, T, const N: usize> From<TensorViewMut<'a, T, N>> for ArrayViewMut<'a, T, Dim<[Ix; N]>>
where
    Dim<[Ix; N]>: Dimension,
    [Ix; N]: IntoDimension<Dim = Dim<[Ix; N]>>,
{
    /// The same elements, without copying: rank N → rank N, O(rank).
    ///
    /// # Panics
    ///
    /// Never in practice (a writable view reaches each of its elements in memory once, so it
    /// has fewer than `isize::MAX`); [`TensorViewMut::try_into_ndarray`] is the fallible form.
    fn from(t: TensorViewMut<'a, T, N>) -> Self {
        t.try_into_ndarray().unwrap_or_else(|e| not_an_array(e))
    }
}

impl<'a, T, const N: usize> TensorView<'a, T, N> {
    /// The same elements as an ndarray view, without copying: rank N → rank N, O(rank).
    /// The fallible form of `ArrayView::from`.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::TooManyElements`](crate::ErrorKind::TooManyElements) when the product of
    /// the non-zero sizes exceeds `isize::MAX`, which ndarray does not allow (a broadcast
    /// view, or an empty view with very long axes, can have that many);
    /// [`ErrorKind::Overflow`](crate::ErrorKind::Overflow) when that product leaves `usize`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{ErrorKind, tensor};
    ///
    /// let t = tensor![1.0, 2.0];
    /// let a = t.view().broadcast_to([3, 2]).unwrap().try_into_ndarray().unwrap();
    /// assert_eq!(a, ndarray::arr2(&[[1.0, 2.0], [1.0, 2.0], [1.0, 2.0]]));
    ///
    /// let huge = t.view().broadcast_to([1 << 62, 2]).unwrap(); // 2⁶³ elements
    /// let err = huge.try_into_ndarray().unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::TooManyElements);
    /// ```
    pub fn try_into_ndarray(self) -> Result<ArrayView<'a, T, Dim<[Ix; N]>>, ShapeError>
    where
        Dim<[Ix; N]>: Dimension,
        [Ix; N]: IntoDimension<Dim = Dim<[Ix; N]>>,
    {
        let (shape, mut strides, mut steps) = (*self.shape(), *self.strides(), [0; N]);
        let low = exported(self.as_ptr(), &shape, &mut strides, &mut steps)?;
        let dims = shape.into_dimension().strides(steps.into_dimension());
        // SAFETY: ndarray's preconditions for `from_shape_ptr`, as `exported` establishes them:
        // (1) the elements are borrowed shared for `'a` (a `TensorView<'a>`); (2) `low` is
        // non-null and aligned (storage invariant 2), an element or one past the storage;
        // (3) with elements, every pointer reached along the axes is an element of the view,
        // inside its storage (invariant 1), and without them every stride is 0; (4) the span
        // is within `isize::MAX` elements and bytes, and (5) the product of the non-zero sizes
        // at most `isize::MAX` (both checked by `exported`); (6) the strides are magnitudes,
        // and the axes walked backwards are inverted below.
        let mut a = unsafe { ArrayView::from_shape_ptr(dims, low) };
        invert_negative(&mut a, &strides);
        Ok(a)
    }
}

impl<'a, T, const N: usize> TensorViewMut<'a, T, N> {
    /// The same elements as an ndarray mutable view, without copying: rank N → rank N,
    /// O(rank). The fallible form of `ArrayViewMut::from`.
    ///
    /// # Errors
    ///
    /// As [`TensorView::try_into_ndarray`]; a writable view reaches each element once, so it
    /// meets them only when empty with very long axes.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Tensor;
    ///
    /// let mut t = Tensor::<i32, 2>::zeros([2, 3]);
    /// let mut a = t.view_mut().try_into_ndarray().unwrap();
    /// a[[1, 2]] = 7;
    /// assert_eq!(t[[1, 2]], 7);
    /// ```
    pub fn try_into_ndarray(mut self) -> Result<ArrayViewMut<'a, T, Dim<[Ix; N]>>, ShapeError>
    where
        Dim<[Ix; N]>: Dimension,
        [Ix; N]: IntoDimension<Dim = Dim<[Ix; N]>>,
    {
        let (shape, mut strides, mut steps) = (*self.shape(), *self.strides(), [0; N]);
        let first = self.as_mut_ptr();
        let low = exported(first.cast_const(), &shape, &mut strides, &mut steps)?.cast_mut();
        let dims = shape.into_dimension().strides(steps.into_dimension());
        // SAFETY: as for `TensorView::try_into_ndarray`, with the elements borrowed
        // exclusively for `'a` (a `TensorViewMut<'a>`) and no two indices sharing one
        // (invariant 2 of a writable tensor), as ndarray asks of a mutable view.
        let mut a = unsafe { ArrayViewMut::from_shape_ptr(dims, low) };
        invert_negative(&mut a, &strides);
        Ok(a)
    }
}

/// Makes a view's geometry ready for ndarray's raw constructors (see [`parts::exported`], which
/// sets the strides of an empty view to 0): fills `steps` with the stride magnitudes (ndarray's raw
/// constructors take non-negative strides; the caller inverts the axes walked backwards) and
/// returns the pointer to the lowest element reached, from the first element `first`.
fn exported<T>(
    first: *const T,
    shape: &[usize],
    strides: &mut [isize],
    steps: &mut [usize],
) -> Result<*const T, ShapeError> {
    parts::exported(shape, strides, size_of::<T>())?;
    for (step, stride) in steps.iter_mut().zip(strides.iter()) {
        *step = stride.unsigned_abs();
    }
    Ok(lowest(first, shape, strides))
}

/// A failed conversion to ndarray of a geometry ndarray cannot hold: the `From` impls cannot
/// return it.
#[cold]
#[track_caller]
fn not_an_array(e: ShapeError) -> ! {
    panic!("ndarray cannot hold this tensor: {e}")
}

/// Inverts the axes of `a` whose stride in `strides` is negative (O(1) each).
fn invert_negative<S: ndarray::RawData, D: Dimension>(
    a: &mut ndarray::ArrayBase<S, D>,
    strides: &[isize],
) {
    for (k, &s) in strides.iter().enumerate() {
        if s < 0 {
            a.invert_axis(NdAxis(k));
        }
    }
}

impl<'a, T> From<ArrayView<'a, T, IxDyn>> for DynTensorView<'a, T> {
    /// The same elements, without copying, O(rank).
    ///
    /// # Panics
    ///
    /// If the view has more than [`MAX_DYN_RANK`](crate::layout::MAX_DYN_RANK) axes;
    /// [`DynTensorView::try_from_ndarray`] is the fallible form.
    fn from(v: ArrayView<'a, T, IxDyn>) -> Self {
        Self::try_from_ndarray(v).unwrap_or_else(|e| not_a_view(e))
    }
}

impl<'a, T> DynTensorView<'a, T> {
    /// An ndarray `IxDyn` view as a dynamic-rank view, without copying. O(rank).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::TooManyAxes`](crate::ErrorKind::TooManyAxes) beyond
    /// [`MAX_DYN_RANK`](crate::layout::MAX_DYN_RANK) axes.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::DynTensorView;
    ///
    /// let a = ndarray::ArrayD::from_shape_vec(vec![2, 3], vec![1, 2, 3, 4, 5, 6]).unwrap();
    /// let t = DynTensorView::try_from_ndarray(a.view()).unwrap();
    /// assert_eq!(t.get(&[1, 0]), Some(&4));
    /// ```
    pub fn try_from_ndarray(v: ArrayView<'a, T, IxDyn>) -> Result<Self, crate::ShapeError> {
        let shape = v.shape();
        let strides = v.strides();
        // SAFETY: ndarray's invariants, as for the typed views.
        let ForeignView { data, offset } = unsafe { foreign_view(v.as_ptr(), shape, strides) }?;
        let layout = DynLayout::from_parts(shape, strides, offset)?;
        // SAFETY: the storage spans exactly the positions the layout reaches (invariant 1).
        Ok(unsafe { crate::dynamic::DynTensorBase::from_parts_unchecked(data, layout) })
    }
}

impl<'a, T> From<ArrayViewMut<'a, T, IxDyn>> for DynTensorViewMut<'a, T> {
    /// The same elements, without copying, O(rank).
    ///
    /// # Panics
    ///
    /// If the view has more than [`MAX_DYN_RANK`](crate::layout::MAX_DYN_RANK) axes;
    /// [`DynTensorViewMut::try_from_ndarray`] is the fallible form.
    fn from(v: ArrayViewMut<'a, T, IxDyn>) -> Self {
        Self::try_from_ndarray(v).unwrap_or_else(|e| not_a_view(e))
    }
}

impl<'a, T> DynTensorViewMut<'a, T> {
    /// An ndarray `IxDyn` mutable view as a dynamic-rank mutable view, without copying.
    /// O(rank).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::TooManyAxes`](crate::ErrorKind::TooManyAxes) beyond
    /// [`MAX_DYN_RANK`](crate::layout::MAX_DYN_RANK) axes.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::DynTensorViewMut;
    ///
    /// let mut a = ndarray::ArrayD::<i32>::zeros(vec![2, 2]);
    /// let mut t = DynTensorViewMut::try_from_ndarray(a.view_mut()).unwrap();
    /// *t.get_mut(&[1, 0]).unwrap() = 7;
    /// assert_eq!(a[[1, 0]], 7);
    /// ```
    pub fn try_from_ndarray(mut v: ArrayViewMut<'a, T, IxDyn>) -> Result<Self, crate::ShapeError> {
        let layout = DynLayout::from_parts(v.shape(), v.strides(), 0)?;
        let (shape, strides) = (layout.shape(), layout.strides());
        // SAFETY: ndarray's invariants, as for the typed mutable views.
        let view = unsafe { foreign_view(v.as_mut_ptr(), shape, strides) }?;
        let layout = DynLayout::from_parts(shape, strides, view.offset)?;
        // SAFETY: the storage spans exactly the positions the layout reaches (invariant 1),
        // borrowed exclusively, and a mutable ndarray view never aliases (invariant 2).
        Ok(unsafe { crate::dynamic::DynTensorBase::from_parts_unchecked(view.into_mut(), layout) })
    }
}

impl<'a, T> From<DynTensorView<'a, T>> for ArrayView<'a, T, IxDyn> {
    /// The same elements, without copying, O(rank).
    ///
    /// # Panics
    ///
    /// If ndarray cannot hold the view (more than `isize::MAX` elements);
    /// [`DynTensorView::try_into_ndarray`] is the fallible form.
    fn from(t: DynTensorView<'a, T>) -> Self {
        t.try_into_ndarray().unwrap_or_else(|e| not_an_array(e))
    }
}

impl<'a, T> From<DynTensorViewMut<'a, T>> for ArrayViewMut<'a, T, IxDyn> {
    /// The same elements, without copying, O(rank).
    ///
    /// # Panics
    ///
    /// If ndarray cannot hold the view (an empty view whose non-zero sizes multiply past
    /// `isize::MAX`); [`DynTensorViewMut::try_into_ndarray`] is the fallible form.
    fn from(t: DynTensorViewMut<'a, T>) -> Self {
        t.try_into_ndarray().unwrap_or_else(|e| not_an_array(e))
    }
}

impl<'a, T> DynTensorView<'a, T> {
    /// The same elements as an ndarray `IxDyn` view, without copying, O(rank). The fallible
    /// form of `ArrayView::from`.
    ///
    /// # Errors
    ///
    /// As [`TensorView::try_into_ndarray`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{DynTensor, ErrorKind};
    ///
    /// let t = DynTensor::from_vec(vec![1, 2, 3, 4, 5, 6], &[2, 3]).unwrap();
    /// assert_eq!(t.view().try_into_ndarray().unwrap()[[1, 0]], 4);
    /// let empty = DynTensor::<u8>::from_vec(vec![], &[usize::MAX - 1, 0]).unwrap();
    /// let err = empty.view().try_into_ndarray().unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::TooManyElements);
    /// ```
    pub fn try_into_ndarray(self) -> Result<ArrayView<'a, T, IxDyn>, ShapeError> {
        let shape = self.shape();
        let mut strides = self.strides().to_vec();
        let mut steps = alloc::vec![0; shape.len()];
        let low = exported(self.as_ptr(), shape, &mut strides, &mut steps)?;
        let dims = IxDyn(shape).strides(IxDyn(&steps));
        // SAFETY: as for `TensorView::try_into_ndarray`.
        let mut a = unsafe { ArrayView::from_shape_ptr(dims, low) };
        invert_negative(&mut a, &strides);
        Ok(a)
    }
}

impl<'a, T> DynTensorViewMut<'a, T> {
    /// The same elements as an ndarray `IxDyn` mutable view, without copying, O(rank). The
    /// fallible form of `ArrayViewMut::from`.
    ///
    /// # Errors
    ///
    /// As [`TensorView::try_into_ndarray`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::DynTensor;
    ///
    /// let mut t = DynTensor::from_vec(vec![0; 4], &[2, 2]).unwrap();
    /// t.view_mut().try_into_ndarray().unwrap()[[0, 1]] = 3;
    /// assert_eq!(t.get(&[0, 1]), Some(&3));
    /// ```
    pub fn try_into_ndarray(self) -> Result<ArrayViewMut<'a, T, IxDyn>, ShapeError> {
        let (mut storage, layout) = self.into_raw_parts();
        let shape = layout.shape();
        let mut strides = layout.strides().to_vec();
        let mut steps = alloc::vec![0; shape.len()];
        let first = storage.as_mut_ptr().wrapping_add(layout.offset());
        let low = exported(first.cast_const(), shape, &mut strides, &mut steps)?.cast_mut();
        let dims = IxDyn(shape).strides(IxDyn(&steps));
        // SAFETY: as for `TensorViewMut::try_into_ndarray`.
        let mut a = unsafe { ArrayViewMut::from_shape_ptr(dims, low) };
        invert_negative(&mut a, &strides);
        Ok(a)
    }
}

impl<T, const N: usize> From<Array<T, Dim<[Ix; N]>>> for Tensor<T, N>
where
    Dim<[Ix; N]>: Dimension,
{
    /// Moves the buffer, without copying, whatever the layout (strides and the position of the
    /// first element are kept). O(rank).
    ///
    /// ```
    /// use ranked::Tensor;
    ///
    /// let a = ndarray::Array::from_shape_vec((2, 2), vec![1.0, 2.0, 3.0, 4.0]).unwrap();
    /// let ptr = a.as_ptr();
    /// let t: Tensor<f64, 2> = a.into();
    /// assert_eq!(t.as_ptr(), ptr);
    /// let back: ndarray::Array2<f64> = t.t().into(); // moved again, transposed
    /// assert_eq!((back[[0, 1]], back.as_ptr()), (3.0, ptr));
    /// ```
    fn from(a: Array<T, Dim<[Ix; N]>>) -> Self {
        let shape: [usize; N] = core::array::from_fn(|k| a.shape()[k]);
        let strides: [isize; N] = core::array::from_fn(|k| a.strides()[k]);
        let (vec, offset) = a.into_raw_vec_and_offset();
        let layout = Layout::from_parts(shape, strides, offset.unwrap_or(0));
        debug_assert!(layout.validate(vec.len()).is_ok() && layout.check_unique().is_ok());
        // SAFETY: an owned ndarray array reaches, from its first element at `offset` of its
        // buffer, only elements of that buffer (invariant 1), each once (invariant 2):
        // ndarray's invariants for `Array`.
        unsafe { TensorBase::from_parts_unchecked(vec, layout) }
    }
}

impl<T: Clone, const N: usize> From<Tensor<T, N>> for Array<T, Dim<[Ix; N]>>
where
    Dim<[Ix; N]>: Dimension,
    [Ix; N]: IntoDimension<Dim = Dim<[Ix; N]>>,
{
    /// Moves the buffer when the lowest element the tensor reaches is its first (a tensor not
    /// sliced from the front, any strides), copying into a C-contiguous array otherwise.
    /// O(rank) or O(len).
    ///
    /// # Panics
    ///
    /// If ndarray cannot hold the shape: an empty tensor whose non-zero sizes multiply past
    /// `isize::MAX`. [`Tensor::try_into_ndarray`] is the fallible form.
    fn from(t: Tensor<T, N>) -> Self {
        t.try_into_ndarray().unwrap_or_else(|e| not_an_array(e))
    }
}

impl<T: Clone, const N: usize> Tensor<T, N> {
    /// The tensor as an owned ndarray array: the fallible form of `Array::from`. Moves the
    /// buffer when the lowest element the tensor reaches is its first (a tensor not sliced
    /// from the front, any strides), copying into a C-contiguous array otherwise. O(rank) or
    /// O(len).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::TooManyElements`](crate::ErrorKind::TooManyElements) for an empty tensor
    /// whose non-zero sizes multiply past `isize::MAX` (ndarray cannot hold that shape), or
    /// [`ErrorKind::Overflow`](crate::ErrorKind::Overflow) when they multiply past `usize`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{ErrorKind, Tensor};
    ///
    /// let t = Tensor::from_vec(vec![1, 2, 3, 4], [2, 2]).unwrap();
    /// assert_eq!(t.try_into_ndarray().unwrap(), ndarray::arr2(&[[1, 2], [3, 4]]));
    /// let empty = Tensor::<f32, 2>::from_vec(vec![], [usize::MAX - 1, 0]).unwrap();
    /// assert_eq!(empty.try_into_ndarray().unwrap_err().kind(), ErrorKind::TooManyElements);
    /// ```
    pub fn try_into_ndarray(self) -> Result<Array<T, Dim<[Ix; N]>>, ShapeError>
    where
        Dim<[Ix; N]>: Dimension,
        [Ix; N]: IntoDimension<Dim = Dim<[Ix; N]>>,
    {
        let (shape, strides) = (*self.shape(), *self.strides());
        parts::exported(&shape, &mut { strides }, size_of::<T>())?;
        if self.is_empty() || !starts_at_zero(self.layout().offset(), &shape, &strides) {
            let vec = self.into_vec();
            // SAFETY: ndarray's preconditions for `from_shape_vec_unchecked` with its default
            // (C-contiguous) strides: (1) one stride per axis; (2) the product of the non-zero
            // sizes is at most `isize::MAX` (checked by `exported` above); (3, 4) `vec` holds
            // exactly the shape's element count in that order (ndarray's strides of an empty
            // shape are 0); (5) C-contiguous strides never share an element.
            return Ok(unsafe { Array::from_shape_vec_unchecked(shape.into_dimension(), vec) });
        }
        let (vec, _) = self.into_raw_parts();
        let wrapped: [usize; N] = core::array::from_fn(|k| strides[k] as usize);
        let dims = shape.into_dimension().strides(wrapped.into_dimension());
        // SAFETY: ndarray's preconditions for `from_shape_vec_unchecked` with custom strides
        // (which it reads back as `isize`, negative ones included): (1) one stride per axis;
        // (2) the tensor has elements, each in `vec`, so their count fits `isize`; (3, 4) the
        // layout is valid for `vec` (invariant 1) and its lowest position is 0, so every move
        // along an axis stays inside `vec` and the span is less than `vec.len()`; (5) the
        // layout is unique (invariant 2 of an owned tensor).
        Ok(unsafe { Array::from_shape_vec_unchecked(dims, vec) })
    }
}

impl<T> From<ndarray::ArrayD<T>> for DynTensor<T> {
    /// Moves the buffer, without copying.
    ///
    /// # Panics
    ///
    /// If the array has more than [`MAX_DYN_RANK`](crate::layout::MAX_DYN_RANK) axes.
    fn from(a: ndarray::ArrayD<T>) -> Self {
        let geometry = match DynLayout::from_parts(a.shape(), a.strides(), 0) {
            Ok(l) => l,
            Err(e) => panic!("cannot hold this ndarray array: {e}"),
        };
        let (vec, offset) = a.into_raw_vec_and_offset();
        let layout = match DynLayout::from_parts(
            geometry.shape(),
            geometry.strides(),
            offset.unwrap_or(0),
        ) {
            Ok(l) => l,
            Err(e) => panic!("cannot hold this ndarray array: {e}"),
        };
        debug_assert!(layout.validate(vec.len()).is_ok() && layout.check_unique().is_ok());
        // SAFETY: as for the typed `Array`.
        unsafe { crate::dynamic::DynTensorBase::from_parts_unchecked(vec, layout) }
    }
}

impl<T: Clone> From<DynTensor<T>> for ndarray::ArrayD<T> {
    /// Moves the buffer when the lowest element the tensor reaches is its first, copying
    /// otherwise (see the typed form).
    ///
    /// # Panics
    ///
    /// As the typed form; [`DynTensor::try_into_ndarray`] is the fallible form.
    fn from(t: DynTensor<T>) -> Self {
        t.try_into_ndarray().unwrap_or_else(|e| not_an_array(e))
    }
}

impl<T: Clone> DynTensor<T> {
    /// The tensor as an owned ndarray `ArrayD`: the fallible form of `ArrayD::from`, as
    /// [`Tensor::try_into_ndarray`].
    ///
    /// # Errors
    ///
    /// As [`Tensor::try_into_ndarray`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::DynTensor;
    ///
    /// let t = DynTensor::from_vec(vec![1, 2, 3], &[3]).unwrap();
    /// assert_eq!(t.try_into_ndarray().unwrap().into_raw_vec_and_offset().0, [1, 2, 3]);
    /// ```
    pub fn try_into_ndarray(self) -> Result<ndarray::ArrayD<T>, ShapeError> {
        let layout = *self.layout();
        let (shape, strides) = (layout.shape(), layout.strides());
        parts::exported(shape, &mut strides.to_vec(), size_of::<T>())?;
        if self.is_empty() || !starts_at_zero(layout.offset(), shape, strides) {
            let vec = self.into_vec();
            // SAFETY: as for the typed form.
            return Ok(unsafe { Array::from_shape_vec_unchecked(IxDyn(shape), vec) });
        }
        let (vec, _) = self.into_raw_parts();
        let wrapped: Vec<usize> = strides.iter().map(|&s| s as usize).collect();
        let dims = IxDyn(shape).strides(IxDyn(&wrapped));
        // SAFETY: as for the typed form.
        Ok(unsafe { Array::from_shape_vec_unchecked(dims, vec) })
    }
}

/// Whether a layout's lowest position is 0 (false without elements).
fn starts_at_zero(offset: usize, shape: &[usize], strides: &[isize]) -> bool {
    let p = RawLayout {
        shape,
        strides,
        offset,
    };
    matches!(parts::span(p), Ok(Some((0, _))))
}
