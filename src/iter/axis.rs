//! The sub-view iterators as methods of [`TensorBase`]: by axis, mutable one at a time, rows
//! and columns.

use super::axis_iter::*;
use crate::error::{OrPanic, ShapeError};
use crate::layout::Layout;
use crate::rank::{Axis, HasAxis, IsAxis, Rank, RemoveAxis};
use crate::storage::{Storage, StorageMut};
use crate::tensor::{TensorBase, TensorViewMut};

/// # Iteration by axis
///
/// Sub-view iterators in the manner of ndarray's `outer_iter`, `axis_iter`, `lanes` and
/// `windows`: each item is a view (nothing is copied), made in O(rank). The rank of the items is
/// in their type, so a wrong axis does not compile. Every iterator is an
/// [`ExactSizeIterator`] and a [`DoubleEndedIterator`].
///
/// The mutable forms hand out views that own disjoint memory (each its own `&mut [T]`), which
/// they prove when they are made: iterating mutably along an axis whose pieces interleave in
/// memory — the columns of a row-major matrix, say — fails with
/// [`ErrorKind::Interleaved`](crate::ErrorKind::Interleaved) in the `try_` forms and panics in
/// the others. [`for_each_axis_mut`](Self::for_each_axis_mut) and
/// [`for_each_lane_mut`](Self::for_each_lane_mut) hand out such views one at a time instead,
/// along any axis.
impl<S: Storage, const R: usize> TensorBase<S, R> {
    /// The sub-views along the first axis (NumPy's `for row in a`), each of rank R − 1.
    /// Rank R → items of rank R − 1; O(1) to make, O(rank) per item.
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Tensor, tensor};
    ///
    /// let t = tensor![[1, 2, 3], [4, 5, 6]];
    /// let sums: Vec<i32> = t.outer_iter().map(|row| row.sum()).collect();
    /// assert_eq!(sums, [6, 15]);
    ///
    /// let cube: Tensor<u8, 3> = Tensor::zeros([4, 2, 3]);
    /// for plane in cube.outer_iter() {
    ///     assert_eq!(plane.shape(), &[2, 3]); // a TensorView of rank 2
    /// }
    /// ```
    pub fn outer_iter<const O: usize>(&self) -> AxisIter<'_, S::Elem, Layout<O>>
    where
        Rank<R>: RemoveAxis<Axis<0>, Out = Rank<O>>,
    {
        self.axis_iter(Axis::<0>)
    }

    /// The sub-views at each index of `axis`, in order (ndarray's `axis_iter`, PyTorch's
    /// `unbind`). Rank R → items of rank R − 1; O(1) to make, O(rank) per item.
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![[1, 2, 3], [4, 5, 6]];
    /// let cols: Vec<Vec<i32>> = t.axis_iter(Axis::<1>).map(|c| c.to_vec()).collect();
    /// assert_eq!(cols, [[1, 4], [2, 5], [3, 6]]);
    /// ```
    pub fn axis_iter<Ax: IsAxis, const O: usize>(
        &self,
        _axis: Ax,
    ) -> AxisIter<'_, S::Elem, Layout<O>>
    where
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        let a = <Rank<R> as RemoveAxis<Ax>>::AXIS;
        // SAFETY: the grid cuts this tensor's layout, valid for its storage (invariant 1).
        unsafe { AxisIter::new(self.storage().elems(), self.layout().axis_grid(a)) }
    }

    /// The sub-views of `size` indices along `axis`, in order; the last one is shorter when
    /// `size` does not divide the axis (ndarray's `axis_chunks_iter`, PyTorch's `split`).
    /// Rank R → items of rank R; O(1) to make, O(rank) per item.
    ///
    /// # Panics
    ///
    /// If `size` is 0; [`try_axis_chunks_iter`](Self::try_axis_chunks_iter) returns an error
    /// instead.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![1, 2, 3, 4, 5];
    /// let chunks: Vec<Vec<i32>> = t.axis_chunks_iter(Axis::<0>, 2).map(|c| c.to_vec()).collect();
    /// assert_eq!(chunks, [vec![1, 2], vec![3, 4], vec![5]]);
    /// ```
    #[track_caller]
    pub fn axis_chunks_iter<Ax: IsAxis>(
        &self,
        axis: Ax,
        size: usize,
    ) -> AxisIter<'_, S::Elem, Layout<R>>
    where
        Rank<R>: HasAxis<Ax>,
    {
        self.try_axis_chunks_iter(axis, size)
            .or_panic("axis_chunks_iter", self.shape())
    }

    /// [`axis_chunks_iter`](Self::axis_chunks_iter), returning an error instead of panicking.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::SizeMismatch`](crate::ErrorKind::SizeMismatch) if `size` is 0.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, ErrorKind, tensor};
    ///
    /// let t = tensor![1, 2, 3];
    /// let err = t.try_axis_chunks_iter(Axis::<0>, 0).unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::SizeMismatch);
    /// ```
    pub fn try_axis_chunks_iter<Ax: IsAxis>(
        &self,
        _axis: Ax,
        size: usize,
    ) -> Result<AxisIter<'_, S::Elem, Layout<R>>, ShapeError>
    where
        Rank<R>: HasAxis<Ax>,
    {
        let a = <Rank<R> as HasAxis<Ax>>::AXIS;
        let grid = self.layout().chunk_grid(a, size)?;
        // SAFETY: the grid cuts this tensor's layout, valid for its storage (invariant 1).
        Ok(unsafe { AxisIter::new(self.storage().elems(), grid) })
    }

    /// The rank-1 views along `axis`, one for each index of the other axes in row-major order
    /// (ndarray's `lanes`): `lanes(Axis::<1>)` of a matrix are its rows. Rank R → items of
    /// rank 1; O(rank) to make and per item.
    ///
    /// # Panics
    ///
    /// If there are more than `usize::MAX` lanes, which only a tensor with no elements can have
    /// (the lane axis of size 0); [`try_lanes`](Self::try_lanes) returns an error instead.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, Tensor};
    ///
    /// let t: Tensor<i32, 3> = Tensor::from_fn([2, 3, 4], |[i, j, k]| (i * 100 + j * 10 + k) as i32);
    /// let lanes: Vec<i32> = t.lanes(Axis::<1>).map(|lane| lane.sum()).collect();
    /// assert_eq!(lanes.len(), 8); // 2 × 4 lanes of 3 elements
    /// assert_eq!(lanes[0], 0 + 10 + 20);
    /// ```
    #[track_caller]
    pub fn lanes<Ax: IsAxis, const O: usize>(&self, axis: Ax) -> AxisIter<'_, S::Elem, Layout<1>>
    where
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        self.try_lanes(axis).or_panic("lanes", self.shape())
    }

    /// [`lanes`](Self::lanes), returning an error instead of panicking.
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Overflow`](crate::ErrorKind::Overflow) if the number of lanes leaves
    /// `usize`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![[1, 2], [3, 4]];
    /// assert_eq!(t.try_lanes(Axis::<0>).unwrap().len(), 2);
    /// ```
    pub fn try_lanes<Ax: IsAxis, const O: usize>(
        &self,
        _axis: Ax,
    ) -> Result<AxisIter<'_, S::Elem, Layout<1>>, ShapeError>
    where
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        let a = <Rank<R> as RemoveAxis<Ax>>::AXIS;
        let grid = self.layout().lane_grid::<O>(a)?;
        // SAFETY: the grid cuts this tensor's layout, valid for its storage (invariant 1).
        Ok(unsafe { AxisIter::new(self.storage().elems(), grid) })
    }

    /// Every window of shape `size`, one step apart along each axis, in row-major order of
    /// their first index (ndarray's `windows`; the iterator form of
    /// [`unfold`](Self::unfold)). An axis shorter than its window gives no windows. Rank R →
    /// items of rank R; O(rank) to make and per item.
    ///
    /// # Panics
    ///
    /// If a window size is 0; [`try_windows`](Self::try_windows) returns an error instead.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let signal = tensor![1, 2, 3, 4, 5];
    /// let moving_sums: Vec<i32> = signal.windows([3]).map(|w| w.sum()).collect();
    /// assert_eq!(moving_sums, [6, 9, 12]);
    ///
    /// let image = tensor![[1, 2, 3], [4, 5, 6], [7, 8, 9]];
    /// assert_eq!(image.windows([2, 2]).len(), 4);
    /// ```
    #[track_caller]
    pub fn windows(&self, size: [usize; R]) -> AxisIter<'_, S::Elem, Layout<R>> {
        self.try_windows(size).or_panic("windows", self.shape())
    }

    /// [`windows`](Self::windows), returning an error instead of panicking.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::SizeMismatch`](crate::ErrorKind::SizeMismatch) naming an axis whose window
    /// size is 0.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{ErrorKind, tensor};
    ///
    /// let t = tensor![[1, 2], [3, 4]];
    /// let err = t.try_windows([1, 0]).unwrap_err();
    /// assert_eq!((err.kind(), err.axis()), (ErrorKind::SizeMismatch, Some(1)));
    /// ```
    pub fn try_windows(
        &self,
        size: [usize; R],
    ) -> Result<AxisIter<'_, S::Elem, Layout<R>>, ShapeError> {
        let grid = self.layout().window_grid(size)?;
        // SAFETY: the grid cuts this tensor's layout, valid for its storage (invariant 1).
        Ok(unsafe { AxisIter::new(self.storage().elems(), grid) })
    }

    /// The mutable sub-views along the first axis. Rank R → items of rank R − 1.
    ///
    /// # Panics
    ///
    /// If the sub-views interleave in memory (a permuted view whose first axis is not the
    /// outermost in memory); [`try_outer_iter_mut`](Self::try_outer_iter_mut) returns an error
    /// instead. Never for a tensor in row-major order.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let mut t = tensor![[1.0, 2.0], [3.0, 5.0]];
    /// for mut row in t.outer_iter_mut() {
    ///     let total = row.sum();
    ///     row.map_inplace(|x| *x /= total);
    /// }
    /// assert_eq!(t.to_vec(), [1.0 / 3.0, 2.0 / 3.0, 3.0 / 8.0, 5.0 / 8.0]);
    /// ```
    #[track_caller]
    pub fn outer_iter_mut<const O: usize>(&mut self) -> AxisIterMut<'_, S::Elem, Layout<O>>
    where
        S: StorageMut,
        Rank<R>: RemoveAxis<Axis<0>, Out = Rank<O>>,
    {
        self.axis_iter_mut(Axis::<0>)
    }

    /// [`outer_iter_mut`](Self::outer_iter_mut), returning an error instead of panicking.
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Interleaved`](crate::ErrorKind::Interleaved) if the sub-views interleave in
    /// memory.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{ErrorKind, tensor};
    ///
    /// let mut t = tensor![[1, 2], [3, 4]];
    /// let mut transposed = t.view_mut().reversed_axes();
    /// let err = transposed.try_outer_iter_mut().unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::Interleaved);
    /// ```
    pub fn try_outer_iter_mut<const O: usize>(
        &mut self,
    ) -> Result<AxisIterMut<'_, S::Elem, Layout<O>>, ShapeError>
    where
        S: StorageMut,
        Rank<R>: RemoveAxis<Axis<0>, Out = Rank<O>>,
    {
        self.try_axis_iter_mut(Axis::<0>)
    }

    /// The mutable sub-views at each index of `axis`. Rank R → items of rank R − 1.
    ///
    /// # Panics
    ///
    /// If the sub-views interleave in memory (the columns of a row-major matrix);
    /// [`try_axis_iter_mut`](Self::try_axis_iter_mut) returns an error instead.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, Tensor};
    ///
    /// // Normalise each image of an NCHW batch by its own mean.
    /// let mut batch: Tensor<f32, 4> = Tensor::from_fn([2, 3, 4, 4], |[n, ..]| n as f32 + 1.0);
    /// for mut image in batch.axis_iter_mut(Axis::<0>) {
    ///     let mean = image.mean();
    ///     image.map_inplace(|x| *x -= mean);
    /// }
    /// assert_eq!(batch.sum(), 0.0);
    /// ```
    #[track_caller]
    pub fn axis_iter_mut<Ax: IsAxis, const O: usize>(
        &mut self,
        axis: Ax,
    ) -> AxisIterMut<'_, S::Elem, Layout<O>>
    where
        S: StorageMut,
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        let shape = *self.shape();
        self.try_axis_iter_mut(axis)
            .or_panic("axis_iter_mut", &shape)
    }

    /// [`axis_iter_mut`](Self::axis_iter_mut), returning an error instead of panicking.
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Interleaved`](crate::ErrorKind::Interleaved) if the sub-views interleave in
    /// memory.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, ErrorKind, tensor};
    ///
    /// let mut t = tensor![[1, 2], [3, 4]];
    /// assert!(t.try_axis_iter_mut(Axis::<0>).is_ok());
    /// let err = t.try_axis_iter_mut(Axis::<1>).unwrap_err(); // columns of a row-major matrix
    /// assert_eq!((err.kind(), err.axis()), (ErrorKind::Interleaved, Some(1)));
    /// ```
    pub fn try_axis_iter_mut<Ax: IsAxis, const O: usize>(
        &mut self,
        _axis: Ax,
    ) -> Result<AxisIterMut<'_, S::Elem, Layout<O>>, ShapeError>
    where
        S: StorageMut,
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        let a = <Rank<R> as RemoveAxis<Ax>>::AXIS;
        let grid = self.layout().axis_grid::<O>(a);
        // SAFETY: the grid cuts this tensor's layout, valid for its storage and unique because
        // the storage is writable (invariants 1 and 2).
        unsafe { AxisIterMut::new(self.storage_mut().elems_mut(), grid) }
    }

    /// The mutable sub-views of `size` indices along `axis`. Rank R → items of rank R.
    ///
    /// # Panics
    ///
    /// If `size` is 0 or the chunks interleave in memory;
    /// [`try_axis_chunks_iter_mut`](Self::try_axis_chunks_iter_mut) returns an error instead.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let mut t = tensor![1, 2, 3, 4, 5];
    /// for (k, mut chunk) in t.axis_chunks_iter_mut(Axis::<0>, 2).enumerate() {
    ///     chunk.fill(k as i32);
    /// }
    /// assert_eq!(t.to_vec(), [0, 0, 1, 1, 2]);
    /// ```
    #[track_caller]
    pub fn axis_chunks_iter_mut<Ax: IsAxis>(
        &mut self,
        axis: Ax,
        size: usize,
    ) -> AxisIterMut<'_, S::Elem, Layout<R>>
    where
        S: StorageMut,
        Rank<R>: HasAxis<Ax>,
    {
        let shape = *self.shape();
        self.try_axis_chunks_iter_mut(axis, size)
            .or_panic("axis_chunks_iter_mut", &shape)
    }

    /// [`axis_chunks_iter_mut`](Self::axis_chunks_iter_mut), returning an error instead of
    /// panicking.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::SizeMismatch`](crate::ErrorKind::SizeMismatch) if `size` is 0;
    /// [`ErrorKind::Interleaved`](crate::ErrorKind::Interleaved) if the chunks interleave in
    /// memory.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, ErrorKind, tensor};
    ///
    /// let mut t = tensor![[1, 2, 3], [4, 5, 6]];
    /// assert_eq!(t.try_axis_chunks_iter_mut(Axis::<0>, 1).unwrap().len(), 2);
    /// let err = t.try_axis_chunks_iter_mut(Axis::<1>, 2).unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::Interleaved);
    /// ```
    pub fn try_axis_chunks_iter_mut<Ax: IsAxis>(
        &mut self,
        _axis: Ax,
        size: usize,
    ) -> Result<AxisIterMut<'_, S::Elem, Layout<R>>, ShapeError>
    where
        S: StorageMut,
        Rank<R>: HasAxis<Ax>,
    {
        let a = <Rank<R> as HasAxis<Ax>>::AXIS;
        let grid = self.layout().chunk_grid(a, size)?;
        // SAFETY: the grid cuts this tensor's layout, valid for its storage and unique because
        // the storage is writable (invariants 1 and 2).
        unsafe { AxisIterMut::new(self.storage_mut().elems_mut(), grid) }
    }

    /// The mutable rank-1 views along `axis`. Rank R → items of rank 1.
    ///
    /// # Panics
    ///
    /// If the lanes interleave in memory (lanes along any axis but the innermost of a row-major
    /// tensor do), or there are more than `usize::MAX` of them;
    /// [`try_lanes_mut`](Self::try_lanes_mut) returns an error instead.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, Tensor};
    ///
    /// let mut t: Tensor<i32, 3> = Tensor::ones([2, 2, 3]);
    /// for mut lane in t.lanes_mut(Axis::<2>) {
    ///     lane[[0]] = 0;
    /// }
    /// assert_eq!(t.sum(), 8);
    /// ```
    #[track_caller]
    pub fn lanes_mut<Ax: IsAxis, const O: usize>(
        &mut self,
        axis: Ax,
    ) -> AxisIterMut<'_, S::Elem, Layout<1>>
    where
        S: StorageMut,
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        let shape = *self.shape();
        self.try_lanes_mut(axis).or_panic("lanes_mut", &shape)
    }

    /// [`lanes_mut`](Self::lanes_mut), returning an error instead of panicking.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Interleaved`](crate::ErrorKind::Interleaved) if the lanes interleave in
    /// memory; [`ErrorKind::Overflow`](crate::ErrorKind::Overflow) if their number leaves
    /// `usize`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, ErrorKind, tensor};
    ///
    /// let mut t = tensor![[1, 2], [3, 4]];
    /// assert!(t.try_lanes_mut(Axis::<1>).is_ok()); // rows
    /// assert_eq!(t.try_lanes_mut(Axis::<0>).unwrap_err().kind(), ErrorKind::Interleaved);
    /// ```
    pub fn try_lanes_mut<Ax: IsAxis, const O: usize>(
        &mut self,
        _axis: Ax,
    ) -> Result<AxisIterMut<'_, S::Elem, Layout<1>>, ShapeError>
    where
        S: StorageMut,
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        let a = <Rank<R> as RemoveAxis<Ax>>::AXIS;
        let grid = self.layout().lane_grid::<O>(a)?;
        // SAFETY: the grid cuts this tensor's layout, valid for its storage and unique because
        // the storage is writable (invariants 1 and 2).
        unsafe { AxisIterMut::new(self.storage_mut().elems_mut(), grid) }
    }
}

/// # Mutable sub-views one at a time, along any axis
///
/// The callback forms hand out each mutable sub-view in turn, each alive only during its call,
/// so they work along every axis — also where the sub-views interleave in memory and the
/// iterators above refuse (the columns of a row-major matrix).
impl<S: StorageMut, const R: usize> TensorBase<S, R> {
    /// Calls `f(k, view)` for each index `k` along `axis` with the mutable sub-view there, in
    /// order (ndarray's `axis_iter_mut(..).enumerate().for_each(..)`, for any axis). Rank R →
    /// views of rank R − 1; O(rank) per view, no allocation.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// // Normalise each column of a row-major matrix by its maximum.
    /// let mut m = tensor![[1.0, 10.0], [4.0, 5.0]];
    /// m.for_each_axis_mut(Axis::<1>, |_, mut col| {
    ///     let top = col.max();
    ///     col.map_inplace(|x| *x /= top);
    /// });
    /// assert_eq!(m.to_vec(), [0.25, 1.0, 1.0, 0.5]);
    /// ```
    pub fn for_each_axis_mut<Ax: IsAxis, const O: usize>(
        &mut self,
        _axis: Ax,
        mut f: impl FnMut(usize, TensorViewMut<'_, S::Elem, O>),
    ) where
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        let a = <Rank<R> as RemoveAxis<Ax>>::AXIS;
        let grid = self.layout().axis_grid::<O>(a);
        let mut data = self.storage_mut().elems_mut();
        for k in 0..grid.len() {
            // SAFETY: piece `k` is view arithmetic on this tensor's layout, so it is valid for
            // the whole storage and unique (invariants 1 and 2); the view borrows the storage
            // only for this call, so no two views are alive together.
            f(k, unsafe {
                TensorBase::from_parts_unchecked(data.reborrow(), grid.piece(k))
            });
        }
    }

    /// Calls `f` with each mutable rank-1 lane along `axis`, in row-major order of the other
    /// axes (the callback form of [`lanes_mut`](Self::lanes_mut), for any axis). O(rank) per
    /// lane, no allocation.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Overflow`](crate::ErrorKind::Overflow) if there are more than `usize::MAX`
    /// lanes (only possible without elements); `f` is not called then.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// // A running sum down each column of a row-major matrix.
    /// let mut m = tensor![[1, 2], [3, 4], [5, 6]];
    /// m.for_each_lane_mut(Axis::<0>, |mut col| col.cumsum_inplace(Axis::<0>)).unwrap();
    /// assert_eq!(m.to_vec(), [1, 2, 4, 6, 9, 12]);
    /// ```
    pub fn for_each_lane_mut<Ax: IsAxis, const O: usize>(
        &mut self,
        _axis: Ax,
        mut f: impl FnMut(TensorViewMut<'_, S::Elem, 1>),
    ) -> Result<(), ShapeError>
    where
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        let a = <Rank<R> as RemoveAxis<Ax>>::AXIS;
        let grid = self.layout().lane_grid::<O>(a)?;
        let mut data = self.storage_mut().elems_mut();
        for k in 0..grid.len() {
            // SAFETY: as in `for_each_axis_mut`: a piece of this tensor's unique layout, valid
            // for its storage, alive only during this call.
            f(unsafe { TensorBase::from_parts_unchecked(data.reborrow(), grid.piece(k)) });
        }
        Ok(())
    }
}

/// # Rows and columns
impl<S: Storage> TensorBase<S, 2> {
    /// The rows of a matrix, as rank-1 views (ndarray's `rows`). O(1) to make, O(1) per item.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let m = tensor![[1, 2], [3, 4]];
    /// let maxima: Vec<i32> = m.rows().map(|r| r.max()).collect();
    /// assert_eq!(maxima, [2, 4]);
    /// ```
    pub fn rows(&self) -> AxisIter<'_, S::Elem, Layout<1>> {
        self.axis_iter(Axis::<0>)
    }

    /// The columns of a matrix, as rank-1 views (ndarray's `columns`). O(1) to make, O(1) per
    /// item.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let m = tensor![[1, 2], [3, 4]];
    /// let sums: Vec<i32> = m.columns().map(|c| c.sum()).collect();
    /// assert_eq!(sums, [4, 6]);
    /// ```
    pub fn columns(&self) -> AxisIter<'_, S::Elem, Layout<1>> {
        self.axis_iter(Axis::<1>)
    }

    /// The rows of a matrix, as mutable rank-1 views.
    ///
    /// # Panics
    ///
    /// If the rows interleave in memory (a column-major matrix); use
    /// [`try_axis_iter_mut`](Self::try_axis_iter_mut) with `Axis::<0>` for an error instead.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let mut m = tensor![[1, 2], [3, 4]];
    /// for (i, mut row) in m.rows_mut().enumerate() {
    ///     row.fill(i as i32);
    /// }
    /// assert_eq!(m.to_vec(), [0, 0, 1, 1]);
    /// ```
    #[track_caller]
    pub fn rows_mut(&mut self) -> AxisIterMut<'_, S::Elem, Layout<1>>
    where
        S: StorageMut,
    {
        self.axis_iter_mut(Axis::<0>)
    }

    /// The columns of a matrix, as mutable rank-1 views.
    ///
    /// # Panics
    ///
    /// If the columns interleave in memory (a row-major matrix with more than one row); use
    /// [`try_axis_iter_mut`](Self::try_axis_iter_mut) with `Axis::<1>` for an error instead.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Order, Tensor};
    ///
    /// let mut m: Tensor<i32, 2> = Tensor::zeros_with_order([2, 3], Order::ColumnMajor);
    /// for (j, mut col) in m.columns_mut().enumerate() {
    ///     col.fill(j as i32);
    /// }
    /// assert_eq!(m.to_vec(), [0, 1, 2, 0, 1, 2]);
    /// ```
    #[track_caller]
    pub fn columns_mut(&mut self) -> AxisIterMut<'_, S::Elem, Layout<1>>
    where
        S: StorageMut,
    {
        self.axis_iter_mut(Axis::<1>)
    }
}
