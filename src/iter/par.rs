//! Parallel sub-view iteration (feature `rayon`): every [`AxisIter`] and [`AxisIterMut`] is a
//! rayon producer, split between threads by index ranges (the items of an `AxisIterMut` own
//! disjoint memory, so its halves do too), and the `par_` methods of the tensors return
//! [`ParAxisIter`].

use rayon::iter::plumbing::{Consumer, Producer, ProducerCallback, UnindexedConsumer, bridge};
use rayon::iter::{IndexedParallelIterator, IntoParallelIterator, ParallelIterator};

use super::axis_iter::{AxisIter, AxisIterMut, ViewLayout};
use crate::error::ShapeError;
use crate::layout::Layout;
use crate::rank::{Axis, HasAxis, IsAxis, Rank, RemoveAxis};
use crate::storage::{Storage, StorageMut};
use crate::tensor::TensorBase;

/// A parallel iterator over sub-views: an [`AxisIter`] or [`AxisIterMut`] split between
/// rayon's threads. Indexed: `zip`, `enumerate` and `collect` keep the order.
///
/// # Examples
///
/// ```
/// use rayon::prelude::*;
/// use ranked::Tensor;
///
/// let t: Tensor<f32, 2> = Tensor::ones([64, 1000]);
/// let sums: Vec<f32> = t.par_outer_iter().map(|row| row.sum()).collect();
/// assert_eq!(sums, vec![1000.0; 64]);
/// ```
#[derive(Debug)]
pub struct ParAxisIter<I>(I);

impl<I> ParallelIterator for ParAxisIter<I>
where
    I: Producer + ExactSizeIterator + Send,
    <I as Producer>::Item: Send,
{
    type Item = <I as Producer>::Item;

    fn drive_unindexed<C: UnindexedConsumer<Self::Item>>(self, consumer: C) -> C::Result {
        bridge(self, consumer)
    }

    fn opt_len(&self) -> Option<usize> {
        Some(self.0.len())
    }
}

impl<I> IndexedParallelIterator for ParAxisIter<I>
where
    I: Producer + ExactSizeIterator + Send,
    <I as Producer>::Item: Send,
{
    fn len(&self) -> usize {
        self.0.len()
    }

    fn drive<C: Consumer<Self::Item>>(self, consumer: C) -> C::Result {
        bridge(self, consumer)
    }

    fn with_producer<CB: ProducerCallback<Self::Item>>(self, callback: CB) -> CB::Output {
        callback.callback(self.0)
    }
}

impl<'a, T: Sync, L: ViewLayout + Send> Producer for AxisIter<'a, T, L>
where
    L::View<'a, T>: Send,
{
    type Item = L::View<'a, T>;
    type IntoIter = Self;

    fn into_iter(self) -> Self {
        self
    }

    fn split_at(self, index: usize) -> (Self, Self) {
        self.split(index)
    }
}

impl<'a, T: Send, L: ViewLayout + Send> Producer for AxisIterMut<'a, T, L>
where
    L::ViewMut<'a, T>: Send,
{
    type Item = L::ViewMut<'a, T>;
    type IntoIter = Self;

    fn into_iter(self) -> Self {
        self
    }

    fn split_at(self, index: usize) -> (Self, Self) {
        self.split(index)
    }
}

/// `into_par_iter()` on an [`AxisIter`].
///
/// # Examples
///
/// ```
/// use rayon::prelude::*;
/// use ranked::{Axis, tensor};
///
/// let t = tensor![[1, 2], [3, 4]];
/// let cols: Vec<i32> = t.axis_iter(Axis::<1>).into_par_iter().map(|c| c.sum()).collect();
/// assert_eq!(cols, [4, 6]);
/// ```
impl<'a, T: Sync, L: ViewLayout + Send> IntoParallelIterator for AxisIter<'a, T, L>
where
    L::View<'a, T>: Send,
{
    type Iter = ParAxisIter<Self>;
    type Item = L::View<'a, T>;

    fn into_par_iter(self) -> Self::Iter {
        ParAxisIter(self)
    }
}

/// `into_par_iter()` on an [`AxisIterMut`].
///
/// # Examples
///
/// ```
/// use rayon::prelude::*;
/// use ranked::tensor;
///
/// let mut t = tensor![[1, 2], [3, 4]];
/// t.outer_iter_mut().into_par_iter().for_each(|mut row| row.fill(0));
/// assert_eq!(t.sum(), 0);
/// ```
impl<'a, T: Send, L: ViewLayout + Send> IntoParallelIterator for AxisIterMut<'a, T, L>
where
    L::ViewMut<'a, T>: Send,
{
    type Iter = ParAxisIter<Self>;
    type Item = L::ViewMut<'a, T>;

    fn into_par_iter(self) -> Self::Iter {
        ParAxisIter(self)
    }
}

/// # Parallel iteration by axis (feature `rayon`)
///
/// Each `par_` method is its sequential namesake's iterator split between rayon's threads
/// ([`ParAxisIter`]); the mutable ones hand out views of disjoint memory, as their sequential
/// forms do.
impl<S: Storage, const R: usize> TensorBase<S, R>
where
    S::Elem: Sync,
{
    /// [`outer_iter`](Self::outer_iter) in parallel.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayon::prelude::*;
    /// use ranked::Tensor;
    ///
    /// let t: Tensor<u32, 3> = Tensor::ones([4, 2, 2]);
    /// assert_eq!(t.par_outer_iter().map(|m| m.sum()).sum::<u32>(), 16);
    /// ```
    pub fn par_outer_iter<const O: usize>(&self) -> ParAxisIter<AxisIter<'_, S::Elem, Layout<O>>>
    where
        Rank<R>: RemoveAxis<Axis<0>, Out = Rank<O>>,
    {
        ParAxisIter(self.outer_iter())
    }

    /// [`axis_iter`](Self::axis_iter) in parallel.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayon::prelude::*;
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![[1, 2], [3, 4]];
    /// assert_eq!(t.par_axis_iter(Axis::<1>).map(|c| c.sum()).collect::<Vec<_>>(), [4, 6]);
    /// ```
    pub fn par_axis_iter<Ax: IsAxis, const O: usize>(
        &self,
        axis: Ax,
    ) -> ParAxisIter<AxisIter<'_, S::Elem, Layout<O>>>
    where
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        ParAxisIter(self.axis_iter(axis))
    }

    /// [`axis_chunks_iter`](Self::axis_chunks_iter) in parallel.
    ///
    /// # Panics
    ///
    /// If `size` is 0.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayon::prelude::*;
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![1, 2, 3, 4, 5];
    /// let sums: Vec<i32> = t.par_axis_chunks_iter(Axis::<0>, 2).map(|c| c.sum()).collect();
    /// assert_eq!(sums, [3, 7, 5]);
    /// ```
    #[track_caller]
    pub fn par_axis_chunks_iter<Ax: IsAxis>(
        &self,
        axis: Ax,
        size: usize,
    ) -> ParAxisIter<AxisIter<'_, S::Elem, Layout<R>>>
    where
        Rank<R>: HasAxis<Ax>,
    {
        ParAxisIter(self.axis_chunks_iter(axis, size))
    }

    /// [`lanes`](Self::lanes) in parallel.
    ///
    /// # Panics
    ///
    /// As [`lanes`](Self::lanes).
    ///
    /// # Examples
    ///
    /// ```
    /// use rayon::prelude::*;
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![[1, 2], [3, 4]];
    /// assert_eq!(t.par_lanes(Axis::<0>).map(|l| l.sum()).collect::<Vec<_>>(), [4, 6]);
    /// ```
    #[track_caller]
    pub fn par_lanes<Ax: IsAxis, const O: usize>(
        &self,
        axis: Ax,
    ) -> ParAxisIter<AxisIter<'_, S::Elem, Layout<1>>>
    where
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        ParAxisIter(self.lanes(axis))
    }

    /// [`windows`](Self::windows) in parallel.
    ///
    /// # Panics
    ///
    /// If a window size is 0.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayon::prelude::*;
    /// use ranked::tensor;
    ///
    /// let t = tensor![1, 2, 3, 4];
    /// assert_eq!(t.par_windows([2]).map(|w| w.sum()).collect::<Vec<_>>(), [3, 5, 7]);
    /// ```
    #[track_caller]
    pub fn par_windows(&self, size: [usize; R]) -> ParAxisIter<AxisIter<'_, S::Elem, Layout<R>>> {
        ParAxisIter(self.windows(size))
    }
}

/// # Parallel mutable iteration by axis (feature `rayon`)
impl<S: StorageMut, const R: usize> TensorBase<S, R>
where
    S::Elem: Send,
{
    /// [`outer_iter_mut`](Self::outer_iter_mut) in parallel.
    ///
    /// # Panics
    ///
    /// As [`outer_iter_mut`](Self::outer_iter_mut).
    ///
    /// # Examples
    ///
    /// ```
    /// use rayon::prelude::*;
    /// use ranked::Tensor;
    ///
    /// let mut t: Tensor<f32, 2> = Tensor::ones([8, 100]);
    /// t.par_outer_iter_mut().enumerate().for_each(|(i, mut row)| row.fill(i as f32));
    /// assert_eq!(t[[7, 99]], 7.0);
    /// ```
    #[track_caller]
    pub fn par_outer_iter_mut<const O: usize>(
        &mut self,
    ) -> ParAxisIter<AxisIterMut<'_, S::Elem, Layout<O>>>
    where
        Rank<R>: RemoveAxis<Axis<0>, Out = Rank<O>>,
    {
        ParAxisIter(self.outer_iter_mut())
    }

    /// [`try_axis_iter_mut`](Self::try_axis_iter_mut) in parallel.
    ///
    /// # Errors
    ///
    /// As [`try_axis_iter_mut`](Self::try_axis_iter_mut).
    ///
    /// # Examples
    ///
    /// ```
    /// use rayon::prelude::*;
    /// use ranked::{Axis, tensor};
    ///
    /// let mut t = tensor![[1, 2], [3, 4]];
    /// t.par_axis_iter_mut(Axis::<0>).unwrap().for_each(|mut r| r.map_inplace(|x| *x *= 2));
    /// assert_eq!(t.to_vec(), [2, 4, 6, 8]);
    /// ```
    pub fn par_axis_iter_mut<Ax: IsAxis, const O: usize>(
        &mut self,
        axis: Ax,
    ) -> Result<ParAxisIter<AxisIterMut<'_, S::Elem, Layout<O>>>, ShapeError>
    where
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        self.try_axis_iter_mut(axis).map(ParAxisIter)
    }

    /// [`try_axis_chunks_iter_mut`](Self::try_axis_chunks_iter_mut) in parallel.
    ///
    /// # Errors
    ///
    /// As [`try_axis_chunks_iter_mut`](Self::try_axis_chunks_iter_mut).
    ///
    /// # Examples
    ///
    /// ```
    /// use rayon::prelude::*;
    /// use ranked::{Axis, Tensor};
    ///
    /// let mut t: Tensor<u8, 1> = Tensor::zeros([10]);
    /// t.par_axis_chunks_iter_mut(Axis::<0>, 4).unwrap().for_each(|mut c| c.fill(1));
    /// assert_eq!(t.sum(), 10);
    /// ```
    pub fn par_axis_chunks_iter_mut<Ax: IsAxis>(
        &mut self,
        axis: Ax,
        size: usize,
    ) -> Result<ParAxisIter<AxisIterMut<'_, S::Elem, Layout<R>>>, ShapeError>
    where
        Rank<R>: HasAxis<Ax>,
    {
        self.try_axis_chunks_iter_mut(axis, size).map(ParAxisIter)
    }

    /// [`try_lanes_mut`](Self::try_lanes_mut) in parallel.
    ///
    /// # Errors
    ///
    /// As [`try_lanes_mut`](Self::try_lanes_mut).
    ///
    /// # Examples
    ///
    /// ```
    /// use rayon::prelude::*;
    /// use ranked::{Axis, Tensor};
    ///
    /// let mut t: Tensor<i32, 2> = Tensor::ones([3, 4]);
    /// t.par_lanes_mut(Axis::<1>).unwrap().for_each(|mut lane| lane[[0]] = 0);
    /// assert_eq!(t.sum(), 9);
    /// ```
    pub fn par_lanes_mut<Ax: IsAxis, const O: usize>(
        &mut self,
        axis: Ax,
    ) -> Result<ParAxisIter<AxisIterMut<'_, S::Elem, Layout<1>>>, ShapeError>
    where
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        self.try_lanes_mut(axis).map(ParAxisIter)
    }
}

/// A pointer to the elements of a writable tensor that `par_indexed_iter_mut` shares between
/// threads.
struct Elements<T>(*mut T);

impl<T> Clone for Elements<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Elements<T> {}

// SAFETY: the pointer is only used to hand out `&mut T` to distinct elements, one per index,
// each on one thread: moving mutable access to another thread, which `T: Send` allows.
unsafe impl<T: Send> Send for Elements<T> {}
// SAFETY: as above; sharing the pointer gives access to distinct elements only.
unsafe impl<T: Send> Sync for Elements<T> {}

/// # Parallel indexed iteration (feature `rayon`)
impl<S: Storage, const R: usize> TensorBase<S, R>
where
    S::Elem: Sync,
{
    /// [`indexed_iter`](Self::indexed_iter) in parallel: `(index, &element)` pairs, indexed
    /// (collecting keeps row-major order). O(rank) per element.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayon::prelude::*;
    /// use ranked::tensor;
    ///
    /// let t = tensor![[1, 2], [3, 4]];
    /// let pairs: Vec<([usize; 2], i32)> = t.par_indexed_iter().map(|(i, &x)| (i, x)).collect();
    /// assert_eq!(pairs[3], ([1, 1], 4));
    /// ```
    pub fn par_indexed_iter<'a>(
        &'a self,
    ) -> impl IndexedParallelIterator<Item = ([usize; R], &'a S::Elem)> + 'a {
        let layout = *self.layout();
        let data = self.storage().elems();
        (0..self.len()).into_par_iter().map(move |k| {
            let index = layout.unravel(k).unwrap_or([0; R]);
            // SAFETY: `k` is below the element count, so `index` is in bounds and its position
            // is one the layout reaches, valid for the storage (invariant 1).
            (index, unsafe {
                data.get(layout.offset_of_in_bounds(&index))
            })
        })
    }
}

/// # Parallel rows and columns of a matrix (feature `rayon`)
///
/// On matrices only, as [`rows`](TensorBase::rows) and [`columns`](TensorBase::columns).
impl<S: Storage> TensorBase<S, 2>
where
    S::Elem: Sync,
{
    /// [`rows`](Self::rows) of a matrix in parallel.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayon::prelude::*;
    /// use ranked::tensor;
    ///
    /// let m = tensor![[1, 2], [3, 4]];
    /// assert_eq!(m.par_rows().map(|r| r.sum()).collect::<Vec<_>>(), [3, 7]);
    /// ```
    pub fn par_rows(&self) -> ParAxisIter<AxisIter<'_, S::Elem, Layout<1>>> {
        self.par_axis_iter(Axis::<0>)
    }

    /// [`columns`](Self::columns) of a matrix in parallel.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayon::prelude::*;
    /// use ranked::tensor;
    ///
    /// let m = tensor![[1, 2], [3, 4]];
    /// assert_eq!(m.par_columns().map(|c| c.sum()).collect::<Vec<_>>(), [4, 6]);
    /// ```
    pub fn par_columns(&self) -> ParAxisIter<AxisIter<'_, S::Elem, Layout<1>>> {
        self.par_axis_iter(Axis::<1>)
    }
}

/// # Parallel mutable indexed iteration (feature `rayon`)
impl<S: StorageMut, const R: usize> TensorBase<S, R>
where
    S::Elem: Send,
{
    /// [`indexed_iter_mut`](Self::indexed_iter_mut) in parallel: `(index, &mut element)`
    /// pairs, each element once. O(rank) per element.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayon::prelude::*;
    /// use ranked::Tensor;
    ///
    /// let mut t: Tensor<usize, 2> = Tensor::zeros([3, 4]);
    /// t.par_indexed_iter_mut().for_each(|([i, j], x)| *x = 10 * i + j);
    /// assert_eq!(t[[2, 3]], 23);
    /// ```
    pub fn par_indexed_iter_mut<'a>(
        &'a mut self,
    ) -> impl IndexedParallelIterator<Item = ([usize; R], &'a mut S::Elem)> + 'a {
        let layout = *self.layout();
        let base = Elements(self.storage_mut().elems_mut().as_mut_ptr());
        (0..self.len()).into_par_iter().map(move |k| {
            // The whole wrapper, not its field, is captured (the field alone is not `Send`).
            let base = base;
            let index = layout.unravel(k).unwrap_or([0; R]);
            let pos = layout.offset_of_in_bounds(&index);
            // SAFETY: `k` is below the element count, so `pos` is a position of the layout,
            // inside the storage (invariant 1); the layout is unique (invariant 2, writable
            // storage) and each `k` is mapped once, so no two references alias; the storage
            // stays mutably borrowed for the iterator's lifetime.
            (index, unsafe { &mut *base.0.add(pos) })
        })
    }
}
