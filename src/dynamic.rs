//! The dynamic-rank escape hatch: [`DynTensorBase`], a tensor whose rank is a run-time value,
//! and the conversions between it and the typed [`TensorBase`].
//!
//! Reshaping to a shape whose length is only known at run time gives a dynamic-rank tensor;
//! [`try_into_rank`](DynTensorBase::try_into_rank) brings the rank back into the type. The
//! layout ([`DynLayout`]) is stored inline, so all of this works without an allocator.

#[cfg(feature = "alloc")]
use alloc::vec::Vec;
use core::fmt;
use core::ops::{Index, IndexMut};

// `ErrorKind` is named by the docs everywhere, and by code only with `alloc`.
#[cfg_attr(not(feature = "alloc"), allow(unused_imports))]
use crate::error::{ErrorKind, ShapeError};
use crate::iter::{IndexedIter, Iter, IterMut};
use crate::layout::{DynLayout, Layout, LayoutKind, MAX_DYN_RANK, Order, ReshapePlan};
use crate::rank::SliceCounts;
use crate::slice::AxisRange;
use crate::storage::{IntoStorage, ReadOnlyStorage, Storage, StorageMut, ViewRepr, ViewReprMut};
use crate::tensor::TensorBase;
#[cfg(feature = "alloc")]
use crate::{
    storage::OwnedOrMut,
    tensor::{Tensor, TensorView},
};

/// A tensor whose rank is known only at run time (at most
/// [`MAX_DYN_RANK`](crate::layout::MAX_DYN_RANK) axes), over storage `S`.
///
/// It has the typed tensor's element access, iteration, formatting, conversions and every view
/// operation, with axes as run-time numbers: each returns a `Result`, and a bad axis is an
/// [`ErrorKind::InvalidAxis`] error. The invariants are those of [`TensorBase`]:
///
/// 1. the layout is valid for the storage (every in-bounds index lands inside it);
/// 2. if the storage is writable, no two indices share an element.
///
/// # Examples
///
/// ```
/// use ranked::{DynTensor, Tensor};
///
/// let t: Tensor<i32, 2> = Tensor::from_fn([2, 6], |[i, j]| (6 * i + j) as i32);
/// let rank = 3; // known only at run time
/// let shape = if rank == 3 { vec![2, 2, 3] } else { vec![12] };
/// let d = t.reshape_dyn(&shape).unwrap();
/// assert_eq!((d.rank(), d.shape()), (3, &[2, 2, 3][..]));
/// assert_eq!(d[&[1, 0, 2][..]], 8);
/// let back: Tensor<i32, 3> = d.try_into_rank().unwrap();
/// assert_eq!(back.shape(), &[2, 2, 3]);
/// # let _: Option<DynTensor<i32>> = None;
/// ```
#[derive(Clone, Copy)]
pub struct DynTensorBase<S> {
    storage: S,
    layout: DynLayout,
}

/// An owned dynamic-rank tensor (`Vec` storage, feature `alloc`). See [`DynTensorBase`].
///
/// # Examples
///
/// ```
/// use ranked::DynTensor;
///
/// let t = DynTensor::from_vec(vec![1, 2, 3, 4, 5, 6], &[3, 2]).unwrap();
/// assert_eq!(t.rank(), 2);
/// ```
#[cfg(feature = "alloc")]
pub type DynTensor<T> = DynTensorBase<Vec<T>>;

/// A read-only dynamic-rank view. See [`DynTensorBase`].
///
/// # Examples
///
/// ```
/// use ranked::DynTensorView;
///
/// let data = [1, 2, 3, 4];
/// let v = DynTensorView::from_slice(&data, &[2, 2]).unwrap();
/// assert_eq!(v.get(&[1, 1]), Some(&4));
/// ```
pub type DynTensorView<'a, T> = DynTensorBase<ViewRepr<'a, T>>;

/// A mutable dynamic-rank view. See [`DynTensorBase`].
///
/// # Examples
///
/// ```
/// use ranked::DynTensorViewMut;
///
/// let mut data = [0; 4];
/// let mut v = DynTensorViewMut::from_slice_mut(&mut data, &[2, 2]).unwrap();
/// *v.get_mut(&[1, 0]).unwrap() = 7;
/// assert_eq!(data, [0, 0, 7, 0]);
/// ```
pub type DynTensorViewMut<'a, T> = DynTensorBase<ViewReprMut<'a, T>>;

/// # Construction and access
impl<S: Storage> DynTensorBase<S> {
    /// Builds a tensor after checking the layout against the storage (and, for writable
    /// storage, that no two indices share an element).
    ///
    /// # Errors
    ///
    /// As [`TensorBase::from_raw_parts`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{DynTensorView, layout::DynLayout};
    ///
    /// let data = [1, 2, 3, 4, 5, 6];
    /// let l = DynLayout::from_parts(&[6], &[-1], 5).unwrap();
    /// assert_eq!(DynTensorView::from_raw_parts(&data[..], l).unwrap().to_vec(), [6, 5, 4, 3, 2, 1]);
    /// ```
    pub fn from_raw_parts(
        storage: impl IntoStorage<S>,
        layout: DynLayout,
    ) -> Result<Self, ShapeError> {
        let storage = storage.into_storage();
        layout.validate(storage.elems().len_for_new_layout()?)?;
        if S::WRITABLE {
            layout.check_unique()?;
        }
        // SAFETY: invariants 1 and 2 were just checked.
        Ok(unsafe { Self::from_parts_unchecked(storage, layout) })
    }

    /// # Safety
    ///
    /// `layout` must satisfy invariants 1 and 2 for `storage`.
    pub(crate) const unsafe fn from_parts_unchecked(storage: S, layout: DynLayout) -> Self {
        Self { storage, layout }
    }

    /// The storage, for the crate's modules that read it alongside [`layout`](Self::layout).
    pub(crate) const fn storage(&self) -> &S {
        &self.storage
    }

    /// The storage, mutably. Callers never change its length (invariant 1).
    pub(crate) fn storage_mut(&mut self) -> &mut S {
        &mut self.storage
    }

    /// Wraps a storage whose elements are in row-major order.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::LengthMismatch`], [`ErrorKind::Overflow`], [`ErrorKind::TooManyAxes`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::DynTensorBase;
    ///
    /// let t = DynTensorBase::from_storage([1, 2, 3, 4, 5, 6], &[2, 3]).unwrap();
    /// assert_eq!(t.get(&[1, 0]), Some(&4));
    /// ```
    pub fn from_storage(storage: impl IntoStorage<S>, shape: &[usize]) -> Result<Self, ShapeError> {
        Self::from_storage_with_order(storage, shape, Order::RowMajor)
    }

    /// Wraps a storage whose elements are in the given memory order.
    ///
    /// # Errors
    ///
    /// As [`from_storage`](Self::from_storage).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{DynTensorView, Order};
    ///
    /// let data = [1, 2, 3, 4, 5, 6];
    /// let t = DynTensorView::from_storage_with_order(&data[..], &[2, 3], Order::ColumnMajor).unwrap();
    /// assert_eq!(t.to_vec(), [1, 3, 5, 2, 4, 6]);
    /// ```
    pub fn from_storage_with_order(
        storage: impl IntoStorage<S>,
        shape: &[usize],
        order: Order,
    ) -> Result<Self, ShapeError> {
        let storage = storage.into_storage();
        let held = storage.elems().len_for_new_layout()?;
        let layout = DynLayout::contiguous_of_len(shape, order, held)?;
        // SAFETY: a contiguous layout with offset 0 and exactly `held` elements reaches the
        // positions `0..held` once each: invariants 1 and 2 hold.
        Ok(unsafe { Self::from_parts_unchecked(storage, layout) })
    }

    /// Splits the tensor into its storage (whole, as given) and its layout.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::DynTensorBase;
    ///
    /// let (data, layout) = DynTensorBase::from_storage([1, 2], &[2]).unwrap().into_raw_parts();
    /// assert_eq!((data, layout.shape()), ([1, 2], &[2][..]));
    /// ```
    pub fn into_raw_parts(self) -> (S, DynLayout) {
        (self.storage, self.layout)
    }

    /// The layout.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::DynTensorBase;
    ///
    /// assert!(DynTensorBase::from_storage([0u8; 6], &[2, 3]).unwrap().layout().is_c_contiguous());
    /// ```
    #[must_use]
    pub fn layout(&self) -> &DynLayout {
        &self.layout
    }

    /// The number of axes.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::DynTensorBase;
    ///
    /// assert_eq!(DynTensorBase::from_storage([0u8; 6], &[2, 3]).unwrap().rank(), 2);
    /// ```
    #[must_use]
    pub fn rank(&self) -> usize {
        self.layout.rank()
    }

    /// The size of each axis.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::DynTensorBase;
    ///
    /// assert_eq!(DynTensorBase::from_storage([0u8; 6], &[2, 3]).unwrap().shape(), &[2, 3]);
    /// ```
    #[must_use]
    pub fn shape(&self) -> &[usize] {
        self.layout.shape()
    }

    /// The step in memory along each axis.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::DynTensorBase;
    ///
    /// assert_eq!(DynTensorBase::from_storage([0u8; 6], &[2, 3]).unwrap().strides(), &[3, 1]);
    /// ```
    #[must_use]
    pub fn strides(&self) -> &[isize] {
        self.layout.strides()
    }

    /// The storage position of the first element.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::DynTensorBase;
    ///
    /// assert_eq!(DynTensorBase::from_storage([0u8; 6], &[2, 3]).unwrap().offset(), 0);
    /// ```
    #[must_use]
    pub fn offset(&self) -> usize {
        self.layout.offset()
    }

    /// The number of elements.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::DynTensorBase;
    ///
    /// assert_eq!(DynTensorBase::from_storage([0u8; 6], &[2, 3]).unwrap().len(), 6);
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        // Invariant 1: the element count of a validated layout fits in `usize`.
        crate::layout::valid_len(self.layout.shape())
    }

    /// Whether some axis has size 0.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::DynTensorBase;
    ///
    /// assert!(DynTensorBase::from_storage([0u8; 0], &[2, 0]).unwrap().is_empty());
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.layout.is_empty()
    }

    /// A reference to the element at `index`, or `None` if the number of indices is not the
    /// rank or some index is out of bounds.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::DynTensorBase;
    ///
    /// let t = DynTensorBase::from_storage([1, 2, 3, 4], &[2, 2]).unwrap();
    /// assert_eq!(t.get(&[1, 0]), Some(&3));
    /// assert_eq!(t.get(&[1]), None);
    /// ```
    #[must_use]
    pub fn get(&self, index: &[usize]) -> Option<&S::Elem> {
        let pos = self.layout.try_offset_of(index).ok()?;
        // SAFETY: invariant 1: `index` has the right length and is in bounds (checked by
        // `try_offset_of`), so `pos` is inside the storage.
        Some(unsafe { self.storage.elems().get(pos) })
    }

    /// A read-only view of the whole tensor.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::DynTensorBase;
    ///
    /// let t = DynTensorBase::from_storage([1, 2], &[2]).unwrap();
    /// assert_eq!(t.view().to_vec(), [1, 2]);
    /// ```
    #[must_use]
    pub fn view(&self) -> DynTensorView<'_, S::Elem> {
        // SAFETY: same storage, same layout (invariant 1); a read-only view has no invariant 2.
        unsafe { DynTensorBase::from_parts_unchecked(self.storage.elems(), self.layout) }
    }

    /// The elements as one slice in logical order, if they are C-contiguous.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::DynTensorBase;
    ///
    /// let t = DynTensorBase::from_storage([1, 2, 3, 4], &[2, 2]).unwrap();
    /// assert_eq!(t.as_slice(), Some(&[1, 2, 3, 4][..]));
    /// ```
    #[must_use]
    pub fn as_slice(&self) -> Option<&[S::Elem]> {
        if !self.layout.is_c_contiguous() {
            return None;
        }
        let start = self.layout.offset();
        // SAFETY: a C-contiguous layout reaches every position from its offset on, for as many
        // elements as it has (invariant 1).
        Some(unsafe { self.storage.elems().run(start, self.len()) })
    }

    /// A pointer to the first element (offset applied).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{DynTensorView, layout::DynLayout};
    ///
    /// let data = [1, 2, 3];
    /// let t = DynTensorView::from_raw_parts(&data[..], DynLayout::from_parts(&[2], &[1], 1).unwrap()).unwrap();
    /// // SAFETY: the pointer is the view's first element, inside `data`.
    /// assert_eq!(unsafe { *t.as_ptr() }, 2);
    /// ```
    #[must_use]
    pub fn as_ptr(&self) -> *const S::Elem {
        self.storage
            .elems()
            .as_ptr()
            .wrapping_add(self.layout.offset())
    }

    /// An iterator over the elements in logical (row-major) order.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::DynTensorBase;
    ///
    /// let t = DynTensorBase::from_storage([1, 2, 3, 4], &[2, 2]).unwrap();
    /// assert_eq!(t.iter().sum::<i32>(), 10);
    /// ```
    pub fn iter(&self) -> Iter<'_, S::Elem, DynLayout> {
        // SAFETY: the layout is valid for this storage (invariant 1).
        unsafe { Iter::new(self.storage.elems(), self.layout) }
    }

    /// An iterator over `(index, &element)` in logical order.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::DynTensorBase;
    ///
    /// let t = DynTensorBase::from_storage([1, 2, 3, 4], &[2, 2]).unwrap();
    /// let (i, x) = t.indexed_iter().last().unwrap();
    /// assert_eq!((&*i, *x), (&[1, 1][..], 4));
    /// ```
    pub fn indexed_iter(&self) -> IndexedIter<'_, S::Elem, DynLayout> {
        IndexedIter::new(self.iter())
    }

    /// The same tensor with its rank in the type.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::RankMismatch`] naming the expected rank `N` and the found rank.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{DynTensorBase, ErrorKind};
    ///
    /// let d = DynTensorBase::from_storage([0u8; 6], &[2, 3]).unwrap();
    /// let err = d.try_into_rank::<3>().unwrap_err();
    /// assert_eq!((err.kind(), err.expected(), err.found()), (ErrorKind::RankMismatch, 3, 2));
    /// assert_eq!(d.try_into_rank::<2>().unwrap().shape(), &[2, 3]);
    /// ```
    pub fn try_into_rank<const N: usize>(self) -> Result<TensorBase<S, N>, ShapeError> {
        let layout: Layout<N> = self.layout.to_layout()?;
        // SAFETY: the same numbers as the dynamic layout, over the same storage: invariants 1
        // and 2 carry over.
        Ok(unsafe { TensorBase::from_parts_unchecked(self.storage, layout) })
    }

    /// The same tensor with its rank in the type.
    ///
    /// # Panics
    ///
    /// If the rank is not `N`; see [`try_into_rank`](Self::try_into_rank) for the fallible form.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{DynTensorBase, TensorBase};
    ///
    /// let t: TensorBase<[u8; 6], 2> = DynTensorBase::from_storage([0u8; 6], &[2, 3]).unwrap().into_rank();
    /// assert_eq!(t.rank(), 2);
    /// ```
    #[track_caller]
    #[must_use]
    pub fn into_rank<const N: usize>(self) -> TensorBase<S, N> {
        match self.try_into_rank() {
            Ok(t) => t,
            Err(err) => panic!("cannot convert to a rank-{N} tensor: {err}"),
        }
    }

    /// Replaces the layout by one derived with `DynLayout`'s view arithmetic.
    ///
    /// # Safety
    ///
    /// As [`TensorBase`]'s `map_layout`: `derive` is one of `DynLayout`'s view operations;
    /// `broadcast_to` and `unfold` only on read-only storage.
    unsafe fn map_layout(
        self,
        derive: impl FnOnce(&DynLayout) -> Result<DynLayout, ShapeError>,
    ) -> Result<Self, ShapeError> {
        let layout = derive(&self.layout)?;
        debug_assert!(layout.validate(self.storage.elems().len()).is_ok());
        // SAFETY: the caller's contract: invariant 1 kept, and invariant 2 when writable.
        Ok(unsafe { Self::from_parts_unchecked(self.storage, layout) })
    }
}

/// # View operations (run-time axes)
///
/// The same operations as the typed tensor's, each returning a `Result`; a bad axis is
/// [`ErrorKind::InvalidAxis`]. See [`DynLayout`] for the arithmetic and the errors.
impl<S: Storage> DynTensorBase<S> {
    /// Reorders the axes (see [`DynLayout::permute`]).
    ///
    /// # Errors
    ///
    /// As [`DynLayout::permute`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::DynTensorBase;
    ///
    /// let t = DynTensorBase::from_storage([0u8; 24], &[2, 3, 4]).unwrap();
    /// assert_eq!(t.permute(&[2, 0, 1]).unwrap().strides(), &[1, 12, 4]);
    /// ```
    pub fn permute(self, axes: &[usize]) -> Result<Self, ShapeError> {
        // SAFETY: `permute` is view arithmetic (keeps invariants 1 and 2).
        unsafe { self.map_layout(|l| l.permute(axes)) }
    }

    /// Swaps two axes.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::InvalidAxis`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::DynTensorBase;
    ///
    /// let t = DynTensorBase::from_storage([0u8; 6], &[2, 3]).unwrap();
    /// assert_eq!(t.swap_axes(0, 1).unwrap().shape(), &[3, 2]);
    /// ```
    pub fn swap_axes(self, i: usize, j: usize) -> Result<Self, ShapeError> {
        // SAFETY: `swap_axes` is view arithmetic (keeps invariants 1 and 2).
        unsafe { self.map_layout(|l| l.swap_axes(i, j)) }
    }

    /// Reverses the order of the axes.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::DynTensorBase;
    ///
    /// let t = DynTensorBase::from_storage([0u8; 6], &[2, 3]).unwrap();
    /// assert_eq!(t.reversed_axes().shape(), &[3, 2]);
    /// ```
    #[must_use]
    pub fn reversed_axes(self) -> Self {
        let layout = self.layout.reversed_axes();
        // SAFETY: `reversed_axes` is view arithmetic (keeps invariants 1 and 2).
        unsafe { Self::from_parts_unchecked(self.storage, layout) }
    }

    /// Removes a size-1 axis. Rank − 1.
    ///
    /// # Errors
    ///
    /// As [`DynLayout::squeeze`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::DynTensorBase;
    ///
    /// let t = DynTensorBase::from_storage([0u8; 6], &[2, 1, 3]).unwrap();
    /// assert_eq!(t.squeeze(1).unwrap().shape(), &[2, 3]);
    /// assert!(t.squeeze(0).is_err());
    /// ```
    pub fn squeeze(self, axis: usize) -> Result<Self, ShapeError> {
        // SAFETY: `squeeze` is view arithmetic (keeps invariants 1 and 2).
        unsafe { self.map_layout(|l| l.squeeze(axis)) }
    }

    /// Inserts a size-1 axis. Rank + 1.
    ///
    /// # Errors
    ///
    /// As [`DynLayout::unsqueeze`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::DynTensorBase;
    ///
    /// let t = DynTensorBase::from_storage([0u8; 6], &[2, 3]).unwrap();
    /// assert_eq!(t.unsqueeze(0).unwrap().shape(), &[1, 2, 3]);
    /// ```
    pub fn unsqueeze(self, axis: usize) -> Result<Self, ShapeError> {
        // SAFETY: `unsqueeze` is view arithmetic (keeps invariants 1 and 2).
        unsafe { self.map_layout(|l| l.unsqueeze(axis)) }
    }

    /// Fixes an axis at an index and removes it. Rank − 1.
    ///
    /// # Errors
    ///
    /// As [`DynLayout::select`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::DynTensorBase;
    ///
    /// let t = DynTensorBase::from_storage([1, 2, 3, 4, 5, 6], &[2, 3]).unwrap();
    /// assert_eq!(t.select(1, 2).unwrap().to_vec(), [3, 6]);
    /// ```
    pub fn select(self, axis: usize, index: usize) -> Result<Self, ShapeError> {
        // SAFETY: `select` is view arithmetic (keeps invariants 1 and 2).
        unsafe { self.map_layout(|l| l.select(axis, index)) }
    }

    /// Merges axes `start..=end` without copying. Rank − (end − start).
    ///
    /// # Errors
    ///
    /// As [`DynLayout::merge`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::DynTensorBase;
    ///
    /// let t = DynTensorBase::from_storage([0u8; 60], &[3, 4, 5]).unwrap();
    /// assert_eq!(t.merge(1, 2).unwrap().shape(), &[3, 20]);
    /// ```
    pub fn merge(self, start: usize, end: usize) -> Result<Self, ShapeError> {
        // SAFETY: `merge` is view arithmetic (keeps invariants 1 and 2).
        unsafe { self.map_layout(|l| l.merge(start, end)) }
    }

    /// Splits an axis into sizes (at most one [`INFER`](crate::INFER)). Rank + N − 1.
    ///
    /// # Errors
    ///
    /// As [`DynLayout::split`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{DynTensorBase, INFER};
    ///
    /// let t = DynTensorBase::from_storage([0u8; 60], &[3, 20]).unwrap();
    /// assert_eq!(t.split(1, &[INFER, 5]).unwrap().shape(), &[3, 4, 5]);
    /// ```
    pub fn split(self, axis: usize, sizes: &[usize]) -> Result<Self, ShapeError> {
        // SAFETY: `split` is view arithmetic (keeps invariants 1 and 2).
        unsafe { self.map_layout(|l| l.split(axis, sizes)) }
    }

    /// Keeps `range` of an axis with a step (negative walks backwards; bounds may be negative).
    ///
    /// # Errors
    ///
    /// As [`DynLayout::slice_axis`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::DynTensorBase;
    ///
    /// let t = DynTensorBase::from_storage([0, 1, 2, 3, 4], &[5]).unwrap();
    /// assert_eq!(t.slice_axis(0, 0..5, -2).unwrap().to_vec(), [4, 2, 0]);
    /// ```
    pub fn slice_axis(
        self,
        axis: usize,
        range: impl AxisRange,
        step: isize,
    ) -> Result<Self, ShapeError> {
        let dim = *self
            .shape()
            .get(axis)
            .ok_or_else(|| ShapeError::invalid_axis(self.rank(), axis))?;
        let (start, end) = range.bounds();
        let (start, end) = crate::slice::item::resolve_range(axis, dim, start, end)?;
        // SAFETY: `slice_axis` is view arithmetic (keeps invariants 1 and 2).
        unsafe { self.map_layout(|l| l.slice_axis(axis, start, end, step)) }
    }

    /// Keeps `len` elements of an axis from `start`.
    ///
    /// # Errors
    ///
    /// As [`DynLayout::narrow`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::DynTensorBase;
    ///
    /// let t = DynTensorBase::from_storage([0, 1, 2, 3, 4], &[5]).unwrap();
    /// assert_eq!(t.narrow(0, 1, 2).unwrap().to_vec(), [1, 2]);
    /// ```
    pub fn narrow(self, axis: usize, start: usize, len: usize) -> Result<Self, ShapeError> {
        // SAFETY: `narrow` is view arithmetic (keeps invariants 1 and 2).
        unsafe { self.map_layout(|l| l.narrow(axis, start, len)) }
    }

    /// Keeps every `k`-th element of an axis.
    ///
    /// # Errors
    ///
    /// As [`DynLayout::step`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::DynTensorBase;
    ///
    /// let t = DynTensorBase::from_storage([0, 1, 2, 3, 4], &[5]).unwrap();
    /// assert_eq!(t.step(0, 2).unwrap().to_vec(), [0, 2, 4]);
    /// ```
    pub fn step(self, axis: usize, k: usize) -> Result<Self, ShapeError> {
        // SAFETY: `step` is view arithmetic (keeps invariants 1 and 2).
        unsafe { self.map_layout(|l| l.step(axis, k)) }
    }

    /// Reverses an axis.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::InvalidAxis`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::DynTensorBase;
    ///
    /// let t = DynTensorBase::from_storage([1, 2, 3], &[3]).unwrap();
    /// assert_eq!(t.flip(0).unwrap().to_vec(), [3, 2, 1]);
    /// ```
    pub fn flip(self, axis: usize) -> Result<Self, ShapeError> {
        // SAFETY: `flip` is view arithmetic (keeps invariants 1 and 2).
        unsafe { self.map_layout(|l| l.flip(axis)) }
    }

    /// Applies an [`s![]`](crate::s) description; the result's rank follows from its items.
    ///
    /// # Errors
    ///
    /// As [`DynLayout::slice_items`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{DynTensorBase, NewAxis, s};
    ///
    /// let t = DynTensorBase::from_storage([0, 1, 2, 3, 4, 5], &[2, 3]).unwrap();
    /// let v = t.slice(s![-1, NewAxis, ..;2]).unwrap();
    /// assert_eq!((v.shape(), v.to_vec()), (&[1, 2][..], vec![3, 5]));
    /// ```
    pub fn slice<L: SliceCounts>(self, info: L) -> Result<Self, ShapeError> {
        // SAFETY: `slice_items` is view arithmetic (keeps invariants 1 and 2).
        unsafe { self.map_layout(|l| l.slice_items(info.items())) }
    }

    /// The diagonal over two different axes with an offset. Rank − 1.
    ///
    /// # Errors
    ///
    /// As [`DynLayout::diagonal`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::DynTensorBase;
    ///
    /// let t = DynTensorBase::from_storage([1, 2, 3, 4], &[2, 2]).unwrap();
    /// assert_eq!(t.diagonal(0, 0, 1).unwrap().to_vec(), [1, 4]);
    /// ```
    pub fn diagonal(self, offset: isize, d1: usize, d2: usize) -> Result<Self, ShapeError> {
        // SAFETY: `diagonal` is view arithmetic (keeps invariants 1 and 2).
        unsafe { self.map_layout(|l| l.diagonal(offset, d1, d2)) }
    }

    /// Reshapes without copying; fails (naming the adjacent pair of axes) when a copy would be
    /// needed. One size may be [`INFER`](crate::INFER). The rank is the length of `shape`.
    ///
    /// # Errors
    ///
    /// As [`DynLayout::reshape`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{DynTensorBase, INFER};
    ///
    /// let t = DynTensorBase::from_storage([0u8; 120], &[6, 20]).unwrap();
    /// assert_eq!(t.reshape_dyn(&[2, 3, INFER, 5]).unwrap().shape(), &[2, 3, 4, 5]);
    /// ```
    pub fn reshape_dyn(self, shape: &[usize]) -> Result<Self, ShapeError> {
        // SAFETY: `reshape` is view arithmetic (keeps invariants 1 and 2).
        unsafe { self.map_layout(|l| l.reshape(shape)) }
    }

    /// Explains how reshaping to `shape` works (see [`Layout::plan_reshape`]).
    ///
    /// # Errors
    ///
    /// As [`DynLayout::plan_reshape`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::DynTensorBase;
    ///
    /// let t = DynTensorBase::from_storage([0u8; 48], &[6, 8]).unwrap();
    /// assert!(t.plan_reshape(&[4, 12]).unwrap().is_view());
    /// ```
    pub fn plan_reshape(&self, shape: &[usize]) -> Result<ReshapePlan, ShapeError> {
        self.layout.plan_reshape(shape)
    }

    /// Broadcasts to `shape` (read-only storage only: the result aliases).
    ///
    /// # Errors
    ///
    /// As [`DynLayout::broadcast_to`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::DynTensorView;
    ///
    /// let data = [1, 2, 3];
    /// let t = DynTensorView::from_slice(&data, &[3]).unwrap();
    /// assert_eq!(t.broadcast_to(&[2, 3]).unwrap().to_vec(), [1, 2, 3, 1, 2, 3]);
    /// ```
    pub fn broadcast_to(self, shape: &[usize]) -> Result<Self, ShapeError>
    where
        S: ReadOnlyStorage,
    {
        // SAFETY: `broadcast_to` keeps invariant 1; it may alias, which invariant 2 allows for
        // read-only storage.
        unsafe { self.map_layout(|l| l.broadcast_to(shape)) }
    }

    /// Sliding windows along an axis (read-only storage only: windows may overlap). Rank + 1.
    ///
    /// # Errors
    ///
    /// As [`DynLayout::unfold`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::DynTensorView;
    ///
    /// let data = [1, 2, 3];
    /// let t = DynTensorView::from_slice(&data, &[3]).unwrap();
    /// assert_eq!(t.unfold(0, 2, 1).unwrap().to_vec(), [1, 2, 2, 3]);
    /// ```
    pub fn unfold(self, axis: usize, size: usize, step: usize) -> Result<Self, ShapeError>
    where
        S: ReadOnlyStorage,
    {
        // SAFETY: `unfold` keeps invariant 1; overlapping windows alias, which invariant 2
        // allows for read-only storage.
        unsafe { self.map_layout(|l| l.unfold(axis, size, step)) }
    }
}

/// # Writing
impl<S: Storage> DynTensorBase<S> {
    /// A mutable reference to the element at `index`, or `None` (wrong number of indices, or
    /// out of bounds).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::DynTensorBase;
    ///
    /// let mut t = DynTensorBase::from_storage([1, 2], &[2]).unwrap();
    /// *t.get_mut(&[1]).unwrap() = 20;
    /// assert_eq!(t.to_vec(), [1, 20]);
    /// ```
    pub fn get_mut(&mut self, index: &[usize]) -> Option<&mut S::Elem>
    where
        S: StorageMut,
    {
        let pos = self.layout.try_offset_of(index).ok()?;
        // SAFETY: invariant 1: the index is in bounds (checked), so `pos` is in the storage.
        Some(unsafe { self.storage.elems_mut().into_mut(pos) })
    }

    /// A mutable view of the whole tensor.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::DynTensorBase;
    ///
    /// let mut t = DynTensorBase::from_storage([1, 2], &[2]).unwrap();
    /// t.view_mut().iter_mut().for_each(|x| *x += 1);
    /// assert_eq!(t.to_vec(), [2, 3]);
    /// ```
    pub fn view_mut(&mut self) -> DynTensorViewMut<'_, S::Elem>
    where
        S: StorageMut,
    {
        // SAFETY: same storage and layout: invariant 1, and invariant 2 because it is writable.
        unsafe { DynTensorBase::from_parts_unchecked(self.storage.elems_mut(), self.layout) }
    }

    /// An iterator over mutable references in logical order.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::DynTensorBase;
    ///
    /// let mut t = DynTensorBase::from_storage([1, 2, 3], &[3]).unwrap();
    /// for x in t.iter_mut() {
    ///     *x *= 2;
    /// }
    /// assert_eq!(t.to_vec(), [2, 4, 6]);
    /// ```
    pub fn iter_mut(&mut self) -> IterMut<'_, S::Elem, DynLayout>
    where
        S: StorageMut,
    {
        // SAFETY: the layout is valid for this storage (invariant 1) and unique because the
        // storage is writable (invariant 2).
        unsafe { IterMut::new(self.storage.elems_mut(), self.layout) }
    }
}

/// # Copies (feature `alloc`)
#[cfg(feature = "alloc")]
impl<S: Storage> DynTensorBase<S>
where
    S::Elem: Clone,
{
    /// Copies the elements into a `Vec` in logical order.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::DynTensorBase;
    ///
    /// let t = DynTensorBase::from_storage([1, 2, 3, 4], &[2, 2]).unwrap();
    /// assert_eq!(t.reversed_axes().to_vec(), [1, 3, 2, 4]);
    /// ```
    #[must_use]
    pub fn to_vec(&self) -> Vec<S::Elem> {
        // SAFETY: the storage is this tensor's and its layout is valid for it (invariant 1).
        unsafe { crate::engine::to_vec(self.storage.elems(), self.layout.parts()) }
    }

    /// Turns the tensor into a `Vec` in logical order, moving the buffer when it is a
    /// C-contiguous `Vec` with offset 0 and no other elements.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::DynTensor;
    ///
    /// let t = DynTensor::from_vec(vec![1, 2, 3], &[3]).unwrap();
    /// assert_eq!(t.into_vec(), [1, 2, 3]);
    /// ```
    #[must_use]
    pub fn into_vec(self) -> Vec<S::Elem> {
        let layout = self.layout;
        // SAFETY: the storage is this tensor's and its layout is valid for it (invariant 1).
        unsafe { crate::engine::into_vec(self.storage, layout.parts()) }
    }

    /// Copies the elements into a new C-contiguous owned tensor of the same shape.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::DynTensorBase;
    ///
    /// let t = DynTensorBase::from_storage([1, 2, 3, 4], &[2, 2]).unwrap();
    /// let c = t.reversed_axes().to_contiguous();
    /// assert_eq!(c.as_slice(), Some(&[1, 3, 2, 4][..]));
    /// ```
    #[must_use]
    pub fn to_contiguous(&self) -> DynTensor<S::Elem> {
        match DynTensor::from_vec(self.to_vec(), self.shape()) {
            Ok(t) => t,
            Err(err) => panic!("internal: contiguous copy has the wrong length: {err}"),
        }
    }
}

#[cfg(feature = "alloc")]
impl<T> DynTensorBase<Vec<T>> {
    /// Wraps a row-major `Vec` without copying.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::LengthMismatch`], [`ErrorKind::TooManyAxes`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::DynTensor;
    ///
    /// assert!(DynTensor::from_vec(vec![1, 2, 3], &[2, 2]).is_err());
    /// ```
    pub fn from_vec(vec: Vec<T>, shape: &[usize]) -> Result<Self, ShapeError> {
        Self::from_storage(vec, shape)
    }
}

impl<'a, T> DynTensorBase<ViewRepr<'a, T>> {
    /// A read-only view of a row-major slice.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::LengthMismatch`], [`ErrorKind::TooManyAxes`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::DynTensorView;
    ///
    /// let data = [1, 2, 3, 4, 5, 6];
    /// assert_eq!(DynTensorView::from_slice(&data, &[3, 2]).unwrap().get(&[2, 1]), Some(&6));
    /// ```
    pub fn from_slice(slice: &'a [T], shape: &[usize]) -> Result<Self, ShapeError> {
        Self::from_storage(slice, shape)
    }
}

impl<'a, T> DynTensorBase<ViewReprMut<'a, T>> {
    /// A mutable view of a row-major slice.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::LengthMismatch`], [`ErrorKind::TooManyAxes`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::DynTensorViewMut;
    ///
    /// let mut data = [0; 2];
    /// DynTensorViewMut::from_slice_mut(&mut data, &[2]).unwrap().iter_mut().for_each(|x| *x = 1);
    /// assert_eq!(data, [1, 1]);
    /// ```
    pub fn from_slice_mut(slice: &'a mut [T], shape: &[usize]) -> Result<Self, ShapeError> {
        Self::from_storage(slice, shape)
    }
}

#[cold]
#[track_caller]
fn bad_index(index: &[usize], shape: &[usize]) -> ! {
    panic!("index {index:?} is out of bounds for a tensor of shape {shape:?}")
}

impl<S: Storage> Index<&[usize]> for DynTensorBase<S> {
    type Output = S::Elem;

    /// # Panics
    ///
    /// If the number of indices is not the rank or some index is out of bounds; the message
    /// names the index and the shape.
    #[track_caller]
    fn index(&self, index: &[usize]) -> &S::Elem {
        match self.get(index) {
            Some(x) => x,
            None => bad_index(index, self.shape()),
        }
    }
}

impl<S: StorageMut> IndexMut<&[usize]> for DynTensorBase<S> {
    /// # Panics
    ///
    /// As `index`.
    #[track_caller]
    fn index_mut(&mut self, index: &[usize]) -> &mut S::Elem {
        let shape = self.layout.dyn_shape();
        match self.get_mut(index) {
            Some(x) => x,
            None => bad_index(index, &shape),
        }
    }
}

impl<S1, S2> PartialEq<DynTensorBase<S2>> for DynTensorBase<S1>
where
    S1: Storage,
    S2: Storage,
    S1::Elem: PartialEq<S2::Elem>,
{
    /// Equal shapes and equal elements in logical order.
    fn eq(&self, other: &DynTensorBase<S2>) -> bool {
        self.shape() == other.shape() && self.iter().zip(other.iter()).all(|(a, b)| a == b)
    }
}

/// NumPy-style, like the typed tensor's `Display`.
///
/// # Examples
///
/// ```
/// use ranked::DynTensorBase;
///
/// let t = DynTensorBase::from_storage([1, 2, 3, 4], &[2, 2]).unwrap();
/// assert_eq!(t.to_string(), "[[1 2]\n [3 4]]");
/// ```
impl<S: Storage> fmt::Display for DynTensorBase<S>
where
    S::Elem: fmt::Display,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut index = [0usize; MAX_DYN_RANK];
        let index = &mut index[..self.rank()];
        // SAFETY: the storage is this tensor's and its layout is valid for it (invariant 1).
        unsafe { crate::fmt::display(self.storage.elems(), self.layout.parts(), index, f) }
    }
}

/// Shape, strides, offset, layout kind and elements, like the typed tensor's `Debug`.
///
/// # Examples
///
/// ```
/// use ranked::DynTensorBase;
///
/// let t = DynTensorBase::from_storage([1, 2], &[2]).unwrap();
/// assert!(format!("{t:?}").starts_with("Tensor { shape: [2], strides: [1]"));
/// ```
impl<S: Storage> fmt::Debug for DynTensorBase<S>
where
    S::Elem: fmt::Debug,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut index = [0usize; MAX_DYN_RANK];
        let index = &mut index[..self.rank()];
        let kind: LayoutKind = self.layout.kind();
        // SAFETY: as for `Display`.
        unsafe { crate::fmt::debug(self.storage.elems(), self.layout.parts(), kind, index, f) }
    }
}

/// # Reshape and conversion to the dynamic rank
impl<S: Storage, const R: usize> TensorBase<S, R> {
    /// The same tensor with its rank as a run-time value (at most
    /// [`MAX_DYN_RANK`](crate::layout::MAX_DYN_RANK) axes, checked at compile time).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Tensor;
    ///
    /// let t: Tensor<u8, 3> = Tensor::zeros([2, 3, 4]);
    /// let d = t.into_dyn();
    /// assert_eq!((d.rank(), d.strides()), (3, &[12, 4, 1][..]));
    /// ```
    #[must_use]
    pub fn into_dyn(self) -> DynTensorBase<S> {
        const {
            assert!(
                R <= MAX_DYN_RANK,
                "a dynamic-rank tensor holds at most 16 axes"
            )
        };
        let (storage, layout) = self.into_raw_parts();
        match DynLayout::from_layout(&layout) {
            // SAFETY: the same numbers over the same storage: invariants 1 and 2 carry over.
            Ok(dynamic) => unsafe { DynTensorBase::from_parts_unchecked(storage, dynamic) },
            Err(_) => unreachable!("R <= MAX_DYN_RANK was checked at compile time"),
        }
    }

    /// Reshapes to a shape whose length (the new rank) is known only at run time, without
    /// copying. One size may be [`INFER`](crate::INFER).
    ///
    /// # Errors
    ///
    /// As [`DynLayout::reshape`]: [`ErrorKind::NotContiguous`] (naming the adjacent pair) when a
    /// copy would be needed — call [`to_contiguous`](Self::to_contiguous) first;
    /// [`ErrorKind::CountMismatch`] with both element counts.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Tensor;
    ///
    /// let t: Tensor<u8, 2> = Tensor::zeros([6, 8]);
    /// let shape: Vec<usize> = vec![2, 3, 8];
    /// assert_eq!(t.reshape_dyn(&shape).unwrap().shape(), &[2, 3, 8]);
    /// ```
    pub fn reshape_dyn(self, shape: &[usize]) -> Result<DynTensorBase<S>, ShapeError> {
        self.into_dyn().reshape_dyn(shape)
    }

    /// Explains how reshaping to `shape` works: the groups of axes, what happens to each, and
    /// whether it is a view (see [`ReshapePlan`]).
    ///
    /// # Errors
    ///
    /// As [`Layout::plan_reshape`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Tensor;
    ///
    /// let t: Tensor<u8, 2> = Tensor::zeros([6, 8]);
    /// let plan = t.view().t().plan_reshape(&[48]).unwrap();
    /// assert!(!plan.is_view());
    /// println!("{plan}");
    /// ```
    pub fn plan_reshape(&self, shape: &[usize]) -> Result<ReshapePlan, ShapeError> {
        self.layout().plan_reshape(shape)
    }
}

/// The result of [`TensorBase::reshape`]: a view when the layout allows one, an owned
/// contiguous copy otherwise.
///
/// # Examples
///
/// ```
/// use ranked::{CowTensor, Tensor};
///
/// let t: Tensor<u8, 2> = Tensor::zeros([6, 8]);
/// assert!(matches!(t.reshape([48]).unwrap(), CowTensor::View(_)));
/// let transposed = t.view().t();
/// let r = transposed.reshape([48]).unwrap();
/// assert!(!r.is_view());
/// assert_eq!(r.view().shape(), &[48]);
/// ```
#[cfg(feature = "alloc")]
#[derive(Debug)]
pub enum CowTensor<'a, T, const R: usize> {
    /// No copy was needed.
    View(TensorView<'a, T, R>),
    /// The layout needed a copy: a new C-contiguous tensor.
    Owned(Tensor<T, R>),
}

#[cfg(feature = "alloc")]
impl<T, const R: usize> CowTensor<'_, T, R> {
    /// Whether no copy was made.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Tensor;
    ///
    /// let t: Tensor<u8, 1> = Tensor::zeros([6]);
    /// assert!(t.reshape([2, 3]).unwrap().is_view());
    /// ```
    #[must_use]
    pub fn is_view(&self) -> bool {
        matches!(self, CowTensor::View(_))
    }

    /// A read-only view of the result, whichever it is.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Tensor;
    ///
    /// let t: Tensor<u8, 1> = Tensor::zeros([6]);
    /// assert_eq!(t.reshape([2, 3]).unwrap().view().shape(), &[2, 3]);
    /// ```
    #[must_use]
    pub fn view(&self) -> TensorView<'_, T, R> {
        match self {
            CowTensor::View(v) => *v,
            CowTensor::Owned(t) => t.view(),
        }
    }

    /// An owned tensor: the copy, or a copy of the view.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Tensor;
    ///
    /// let t: Tensor<u8, 1> = Tensor::zeros([6]);
    /// let owned: Tensor<u8, 2> = t.reshape([2, 3]).unwrap().into_owned();
    /// assert_eq!(owned.shape(), &[2, 3]);
    /// ```
    #[must_use]
    pub fn into_owned(self) -> Tensor<T, R>
    where
        T: Clone,
    {
        match self {
            CowTensor::View(v) => v.to_contiguous(),
            CowTensor::Owned(t) => t,
        }
    }
}

/// # Reshape with a copy when needed (feature `alloc`)
///
/// A [`TensorView`] is reshaped by value, so the result lives as long as the data (a temporary
/// view can be reshaped: `t.view().slice(..)?.reshape(..)`); every other tensor is reshaped by
/// reference.
#[cfg(feature = "alloc")]
impl<'a, T: Clone, const R: usize> TensorBase<ViewRepr<'a, T>, R> {
    /// Reshapes to `shape`: a view when the layout allows one (see
    /// [`reshape_view`](Self::reshape_view)), otherwise an owned C-contiguous copy. One size may
    /// be [`INFER`](crate::INFER). Rank R → N; O(rank) for a view, O(len) for a copy.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::CountMismatch`] (with both element counts) or [`ErrorKind::Overflow`], and the
    /// errors of `INFER` resolution. Never fails for lack of contiguity.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{ErrorKind, INFER, Tensor, s};
    ///
    /// let t = Tensor::from_fn([2, 3], |[i, j]| 3 * i + j);
    /// let r = t.reshape([3, INFER]).unwrap();
    /// assert!(r.is_view());
    /// assert_eq!(r.view().to_vec(), [0, 1, 2, 3, 4, 5]);
    /// let err = t.reshape([4, 2]).unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::CountMismatch);
    ///
    /// // A temporary view reshapes too; a column slice needs a copy.
    /// let cols = t.view().slice(s![.., 1..]).unwrap().reshape([INFER]).unwrap();
    /// assert!(!cols.is_view());
    /// assert_eq!(cols.view().to_vec(), [1, 2, 4, 5]);
    /// ```
    pub fn reshape<const N: usize>(
        self,
        shape: [usize; N],
    ) -> Result<CowTensor<'a, T, N>, ShapeError> {
        match self.reshape_view(shape) {
            Ok(view) => Ok(CowTensor::View(view)),
            Err(err) if err.kind() == ErrorKind::NotContiguous => {
                let copy = self.try_to_contiguous()?;
                match copy.reshape_view(shape) {
                    Ok(owned) => Ok(CowTensor::Owned(owned)),
                    Err(err) => Err(err),
                }
            }
            Err(err) => Err(err),
        }
    }

    /// Reshapes reading and placing the elements in `order`: [`Order::RowMajor`] is
    /// [`reshape`](Self::reshape); [`Order::ColumnMajor`] is NumPy's `reshape(.., order='F')`
    /// (the first axis varies fastest on both sides). A view when the layout allows one, a copy
    /// otherwise. Rank R → N.
    ///
    /// # Errors
    ///
    /// As [`reshape`](Self::reshape).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Order, tensor};
    ///
    /// let t = tensor![[1, 2, 3], [4, 5, 6]];
    /// let f = t.view().reshape_with_order([3, 2], Order::ColumnMajor).unwrap();
    /// // Column-major order of `t` is 1 4 2 5 3 6, laid out column by column into 3 × 2.
    /// assert_eq!(f.view().to_vec(), [1, 5, 4, 3, 2, 6]);
    /// ```
    pub fn reshape_with_order<const N: usize>(
        self,
        shape: [usize; N],
        order: Order,
    ) -> Result<CowTensor<'a, T, N>, ShapeError> {
        match order {
            Order::RowMajor => self.reshape(shape),
            Order::ColumnMajor => {
                let mut reversed = shape;
                reversed.reverse();
                Ok(match self.reversed_axes().reshape(reversed)? {
                    CowTensor::View(v) => CowTensor::View(v.reversed_axes()),
                    CowTensor::Owned(t) => CowTensor::Owned(t.reversed_axes()),
                })
            }
        }
    }
}

/// # Reshape with a copy when needed (feature `alloc`)
#[cfg(feature = "alloc")]
impl<S: OwnedOrMut, const R: usize> TensorBase<S, R>
where
    S::Elem: Clone,
{
    /// Reshapes to `shape` (see the [`TensorView`] form): a view of `self` when the layout
    /// allows one, otherwise an owned C-contiguous copy. Rank R → N.
    ///
    /// # Errors
    ///
    /// As the [`TensorView`] form.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{INFER, Tensor};
    ///
    /// let t: Tensor<u8, 2> = Tensor::zeros([4, 6]);
    /// assert_eq!(t.reshape([INFER, 3]).unwrap().view().shape(), &[8, 3]);
    /// assert!(!t.view().t().reshape([INFER]).unwrap().is_view());
    /// ```
    pub fn reshape<const N: usize>(
        &self,
        shape: [usize; N],
    ) -> Result<CowTensor<'_, S::Elem, N>, ShapeError> {
        self.view().reshape(shape)
    }

    /// Reshapes reading and placing the elements in `order` (see the [`TensorView`] form).
    ///
    /// # Errors
    ///
    /// As [`reshape`](Self::reshape).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Order, Tensor};
    ///
    /// let t = Tensor::from_fn([2, 2], |[i, j]| 2 * i + j);
    /// let f = t.reshape_with_order([4], Order::ColumnMajor).unwrap();
    /// assert_eq!(f.view().to_vec(), [0, 2, 1, 3]);
    /// ```
    pub fn reshape_with_order<const N: usize>(
        &self,
        shape: [usize; N],
        order: Order,
    ) -> Result<CowTensor<'_, S::Elem, N>, ShapeError> {
        self.view().reshape_with_order(shape, order)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Axis, INFER, TensorView, TensorViewMut};

    #[test]
    fn dynamic_views_and_writes() {
        let mut data = [0i32; 24];
        let mut t = DynTensorViewMut::from_slice_mut(&mut data, &[2, 3, 4]).unwrap();
        for (n, x) in t.iter_mut().enumerate() {
            *x = n as i32;
        }
        let v = t.view().permute(&[2, 0, 1]).unwrap().select(0, 3).unwrap();
        assert_eq!(v.shape(), &[2, 3]);
        assert!(v.iter().copied().eq([3, 7, 11, 15, 19, 23]));
        assert_eq!(
            t.view().squeeze(0).unwrap_err().kind(),
            ErrorKind::SizeMismatch
        );
        assert_eq!(t.view().flip(3).unwrap_err().kind(), ErrorKind::InvalidAxis);
        let mut m = t.view_mut().diagonal(0, 1, 2).unwrap();
        for x in m.iter_mut() {
            *x = -1;
        }
        assert_eq!(data[5], -1);
        assert_eq!(data[12 + 10], -1);
    }

    #[test]
    fn typed_dynamic_round_trip() {
        let data: [u16; 24] = core::array::from_fn(|i| i as u16);
        let t = TensorView::from_slice(&data, [2, 3, 4])
            .unwrap()
            .flip(Axis::<1>);
        let layout = *t.layout();
        let back: TensorView<'_, u16, 3> = t.into_dyn().try_into_rank().unwrap();
        assert_eq!(back.layout(), &layout);
        let r = TensorView::from_slice(&data, [6, 4])
            .unwrap()
            .reshape_dyn(&[2, INFER, 2, 2])
            .unwrap();
        assert_eq!(r.shape(), &[2, 3, 2, 2]);
        assert_eq!(r.get(&[1, 2, 1, 1]), Some(&23));
        let mut buf = data;
        let w = TensorViewMut::from_slice_mut(&mut buf, [24]).unwrap();
        let mut d = w.reshape_dyn(&[4, 6]).unwrap();
        *d.get_mut(&[3, 5]).unwrap() = 99;
        assert_eq!(buf[23], 99);
    }
}
