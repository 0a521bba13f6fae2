//! The dynamic-rank escape hatch: [`DynTensorBase`], a tensor whose rank is a run-time value,
//! and the conversions between it and the typed [`TensorBase`].
//!
//! Reshaping to a shape whose length is only known at run time gives a dynamic-rank tensor;
//! [`try_into_rank`](DynTensorBase::try_into_rank) brings the rank back into the type. The
//! layout ([`DynLayout`]) is stored inline, so all of this works without an allocator.
//!
//! This file holds the type, its aliases, construction and access; `view` the view operations,
//! `write` writing and copies, `traits` indexing, equality and printing, and `reshape` the
//! reshapes between ranks and [`CowTensor`].

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

mod reshape;
#[cfg(test)]
mod tests;
mod traits;
mod view;
mod write;

#[cfg(feature = "alloc")]
pub use reshape::CowTensor;

/// A tensor whose rank is known only at run time (at most
/// [`MAX_DYN_RANK`] axes), over storage `S`.
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
