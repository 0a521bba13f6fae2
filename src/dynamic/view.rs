//! The view operations of dynamic-rank tensors, with axes given at run time.

use super::*;

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
