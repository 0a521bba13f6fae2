//! Iterators over sub-views: `outer_iter`, `axis_iter`, `axis_chunks_iter`, `lanes`, `rows`,
//! `columns` and `windows`, with their mutable forms.
//!
//! Each iterator holds the source's elements and a grid of layouts (see the layout module's
//! grid arithmetic) and builds the view of item `k` on demand in O(rank): nothing is allocated,
//! and both ends can be taken ([`DoubleEndedIterator`]). Mutable items each get their own
//! `&mut [T]` band of memory; the constructor proves that the bands do not overlap, and the
//! pieces of a layout that interleave in memory (the columns of a row-major matrix) are refused
//! with [`ErrorKind::Interleaved`](crate::ErrorKind::Interleaved).

use core::iter::FusedIterator;
use core::marker::PhantomData;
use core::ptr::NonNull;

use super::Walk;
use crate::dynamic::{DynTensorBase, DynTensorView, DynTensorViewMut};
use crate::error::ShapeError;
use crate::layout::{DynLayout, Grid, GridLayout, Layout};
use crate::storage::{Storage, StorageMut, ViewRepr, ViewReprMut};
use crate::tensor::{TensorBase, TensorView, TensorViewMut};

/// A layout that the sub-view iterators hand out views of: [`Layout<R>`] gives
/// [`TensorView`]s of rank R, [`DynLayout`] gives [`DynTensorView`]s. Sealed.
///
/// # Examples
///
/// ```
/// use ranked::{TensorView, iter::ViewLayout};
///
/// fn first<'a, L: ViewLayout>(mut it: ranked::iter::AxisIter<'a, f32, L>) -> Option<L::View<'a, f32>> {
///     it.next()
/// }
/// let data = [1.0f32, 2.0, 3.0, 4.0];
/// let v = TensorView::from_slice(&data, [2, 2]).unwrap();
/// assert_eq!(first(v.outer_iter()).unwrap().to_vec(), [1.0, 2.0]);
/// ```
pub trait ViewLayout: Walk + GridLayout {
    /// The read-only view of this layout.
    type View<'a, T: 'a>;
    /// The mutable view of this layout.
    type ViewMut<'a, T: 'a>;

    /// # Safety
    ///
    /// `layout` must be valid for `data` (invariant 1 of the tensor types).
    #[doc(hidden)]
    unsafe fn view<T>(data: ViewRepr<'_, T>, layout: Self) -> Self::View<'_, T>;

    /// # Safety
    ///
    /// `layout` must be valid for `data` and map no two indices to one element (invariants 1
    /// and 2).
    #[doc(hidden)]
    unsafe fn view_mut<T>(data: ViewReprMut<'_, T>, layout: Self) -> Self::ViewMut<'_, T>;
}

impl<const R: usize> ViewLayout for Layout<R> {
    type View<'a, T: 'a> = TensorView<'a, T, R>;
    type ViewMut<'a, T: 'a> = TensorViewMut<'a, T, R>;

    unsafe fn view<T>(data: ViewRepr<'_, T>, layout: Self) -> TensorView<'_, T, R> {
        // SAFETY: the caller's contract is invariant 1; a `ViewRepr` is read-only, so
        // invariant 2 does not apply.
        unsafe { TensorBase::from_parts_unchecked(data, layout) }
    }

    unsafe fn view_mut<T>(data: ViewReprMut<'_, T>, layout: Self) -> TensorViewMut<'_, T, R> {
        // SAFETY: the caller's contract is invariants 1 and 2.
        unsafe { TensorBase::from_parts_unchecked(data, layout) }
    }
}

impl ViewLayout for DynLayout {
    type View<'a, T: 'a> = DynTensorView<'a, T>;
    type ViewMut<'a, T: 'a> = DynTensorViewMut<'a, T>;

    unsafe fn view<T>(data: ViewRepr<'_, T>, layout: Self) -> DynTensorView<'_, T> {
        // SAFETY: the caller's contract is invariant 1 (invariant 2: read-only).
        unsafe { DynTensorBase::from_parts_unchecked(data, layout) }
    }

    unsafe fn view_mut<T>(data: ViewReprMut<'_, T>, layout: Self) -> DynTensorViewMut<'_, T> {
        // SAFETY: the caller's contract is invariants 1 and 2.
        unsafe { DynTensorBase::from_parts_unchecked(data, layout) }
    }
}

/// Iterator over read-only sub-views, front to back (NumPy's iteration over the first axis,
/// ndarray's `AxisIter`, `AxisChunksIter`, `Lanes` and `Windows`). Made by
/// [`outer_iter`](TensorBase::outer_iter), [`axis_iter`](TensorBase::axis_iter),
/// [`axis_chunks_iter`](TensorBase::axis_chunks_iter), [`lanes`](TensorBase::lanes),
/// [`rows`](TensorBase::rows), [`columns`](TensorBase::columns) and
/// [`windows`](TensorBase::windows).
///
/// Each step is O(rank) and allocates nothing. Under the `rayon` feature it is also an
/// `IndexedParallelIterator` source (`into_par_iter`).
///
/// # Examples
///
/// ```
/// use ranked::tensor;
///
/// let t = tensor![[1, 2], [3, 4], [5, 6]];
/// let mut rows = t.outer_iter();
/// assert_eq!(rows.len(), 3);
/// assert_eq!(rows.next_back().unwrap().to_vec(), [5, 6]);
/// assert_eq!(rows.map(|r| r.sum()).collect::<Vec<_>>(), [3, 7]);
/// ```
#[derive(Debug)]
pub struct AxisIter<'a, T, L> {
    data: ViewRepr<'a, T>,
    grid: Grid<L>,
    front: usize,
    back: usize,
}

impl<T, L: Copy> Clone for AxisIter<'_, T, L> {
    fn clone(&self) -> Self {
        Self { ..*self }
    }
}

impl<'a, T, L: ViewLayout> AxisIter<'a, T, L> {
    /// # Safety
    ///
    /// The grid must cut a layout valid for `data` (invariant 1).
    pub(super) unsafe fn new(data: ViewRepr<'a, T>, grid: Grid<L>) -> Self {
        Self {
            data,
            back: grid.len(),
            grid,
            front: 0,
        }
    }

    /// Items `..index` and `index..` of what remains, as two iterators.
    #[cfg(feature = "rayon")]
    pub(super) fn split(self, index: usize) -> (Self, Self) {
        let mid = self.front + index.min(self.back - self.front);
        (Self { back: mid, ..self }, Self { front: mid, ..self })
    }

    fn item(&self, k: usize) -> L::View<'a, T> {
        // SAFETY: piece `k < len()` of a grid over a layout valid for `data` (the constructor's
        // contract) holds elements of that layout only, so it is valid for `data` (invariant 1).
        unsafe { L::view(self.data, self.grid.piece(k)) }
    }
}

impl<'a, T, L: ViewLayout> Iterator for AxisIter<'a, T, L> {
    type Item = L::View<'a, T>;

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        if self.front == self.back {
            return None;
        }
        self.front += 1;
        Some(self.item(self.front - 1))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.back - self.front;
        (n, Some(n))
    }

    fn nth(&mut self, n: usize) -> Option<Self::Item> {
        self.front = self.front.saturating_add(n).min(self.back);
        self.next()
    }
}

impl<T, L: ViewLayout> DoubleEndedIterator for AxisIter<'_, T, L> {
    #[inline]
    fn next_back(&mut self) -> Option<Self::Item> {
        if self.front == self.back {
            return None;
        }
        self.back -= 1;
        Some(self.item(self.back))
    }
}

impl<T, L: ViewLayout> ExactSizeIterator for AxisIter<'_, T, L> {}
impl<T, L: ViewLayout> FusedIterator for AxisIter<'_, T, L> {}

/// Iterator over mutable sub-views that own disjoint memory: the mutable twin of [`AxisIter`],
/// made by [`outer_iter_mut`](TensorBase::outer_iter_mut),
/// [`axis_iter_mut`](TensorBase::axis_iter_mut),
/// [`axis_chunks_iter_mut`](TensorBase::axis_chunks_iter_mut) and
/// [`lanes_mut`](TensorBase::lanes_mut).
///
/// # Examples
///
/// ```
/// use ranked::tensor;
///
/// let mut t = tensor![[1, 2], [3, 4]];
/// for (i, mut row) in t.outer_iter_mut().enumerate() {
///     row.map_inplace(|x| *x *= 10 * (i as i32 + 1));
/// }
/// assert_eq!(t.to_vec(), [10, 20, 60, 80]);
/// ```
#[derive(Debug)]
pub struct AxisIterMut<'a, T, L> {
    base: NonNull<T>,
    /// Whether the borrowed storage has gaps (see [`ViewRepr`]); the pieces inherit it.
    gaps: bool,
    grid: Grid<L>,
    front: usize,
    back: usize,
    marker: PhantomData<&'a mut [T]>,
}

// SAFETY: the iterator hands out views of disjoint elements, like `core::slice::IterMut`, so it
// may move to another thread when `T: Send` …
unsafe impl<T: Send, L: Send> Send for AxisIterMut<'_, T, L> {}
// SAFETY: … and be shared when `T: Sync` (a shared iterator gives no access to elements).
unsafe impl<T: Sync, L: Sync> Sync for AxisIterMut<'_, T, L> {}

impl<'a, T, L: ViewLayout> AxisIterMut<'a, T, L> {
    /// The iterator, or [`ErrorKind::Interleaved`](crate::ErrorKind::Interleaved) if the
    /// pieces' memory bands overlap.
    ///
    /// # Safety
    ///
    /// The grid must cut a layout valid for `data` that maps no two indices to one element
    /// (invariants 1 and 2).
    pub(super) unsafe fn new(
        mut data: ViewReprMut<'a, T>,
        grid: Grid<L>,
    ) -> Result<Self, ShapeError> {
        grid.check_disjoint()?;
        Ok(Self {
            gaps: data.has_gaps(),
            base: data.as_non_null(),
            back: grid.len(),
            grid,
            front: 0,
            marker: PhantomData,
        })
    }

    /// Items `..index` and `index..` of what remains, as two iterators. Their items are
    /// distinct pieces, so their memory bands stay disjoint.
    #[cfg(feature = "rayon")]
    pub(super) fn split(self, index: usize) -> (Self, Self) {
        let mid = self.front + index.min(self.back - self.front);
        let Self {
            base,
            gaps,
            grid,
            front,
            back,
            ..
        } = self;
        (
            Self {
                base,
                gaps,
                grid,
                front,
                back: mid,
                marker: PhantomData,
            },
            Self {
                base,
                gaps,
                grid,
                front: mid,
                back,
                marker: PhantomData,
            },
        )
    }

    fn item(&mut self, k: usize) -> L::ViewMut<'a, T> {
        match self.grid.span(k) {
            Some((start, len, layout)) => {
                // SAFETY: the band `start..start + len` of piece `k` lies inside the borrowed
                // storage (the piece is part of a layout valid for it, invariant 1), the bands
                // of distinct pieces are disjoint (`check_disjoint` in the constructor) and each
                // index `k` is handed out once, so no two live bands overlap; the storage stays
                // mutably borrowed for `'a`. A band of a storage without gaps has none; one of
                // a storage with gaps keeps them, and only its piece's layout.
                let band = unsafe {
                    let start = NonNull::new_unchecked(self.base.as_ptr().add(start));
                    ViewReprMut::from_raw(start, len, self.gaps)
                };
                // SAFETY: `layout` is the piece relative to its band's start: valid for the band
                // (invariant 1) and unique, being part of a unique layout (invariant 2).
                unsafe { L::view_mut(band, layout) }
            }
            None => {
                let mut layout = self.grid.piece(k);
                layout.set_offset(0);
                // SAFETY: a layout with no elements and offset 0 is valid for an empty slice
                // (invariants 1 and 2 hold vacuously).
                unsafe { L::view_mut(ViewReprMut::from_slice(&mut []), layout) }
            }
        }
    }
}

impl<'a, T, L: ViewLayout> Iterator for AxisIterMut<'a, T, L> {
    type Item = L::ViewMut<'a, T>;

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        if self.front == self.back {
            return None;
        }
        self.front += 1;
        Some(self.item(self.front - 1))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.back - self.front;
        (n, Some(n))
    }
}

impl<T, L: ViewLayout> DoubleEndedIterator for AxisIterMut<'_, T, L> {
    #[inline]
    fn next_back(&mut self) -> Option<Self::Item> {
        if self.front == self.back {
            return None;
        }
        self.back -= 1;
        Some(self.item(self.back))
    }
}

impl<T, L: ViewLayout> ExactSizeIterator for AxisIterMut<'_, T, L> {}
impl<T, L: ViewLayout> FusedIterator for AxisIterMut<'_, T, L> {}

/// # Iteration by axis
impl<S: Storage> DynTensorBase<S> {
    /// The sub-views along the first axis, each of rank `rank() − 1`.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::InvalidAxis`](crate::ErrorKind::InvalidAxis) for a rank-0 tensor.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::DynTensor;
    ///
    /// let t = DynTensor::from_vec(vec![1, 2, 3, 4, 5, 6], &[3, 2]).unwrap();
    /// let sums: Vec<i32> = t.outer_iter().unwrap().map(|r| r.iter().sum()).collect();
    /// assert_eq!(sums, [3, 7, 11]);
    /// ```
    pub fn outer_iter(&self) -> Result<AxisIter<'_, S::Elem, DynLayout>, ShapeError> {
        self.axis_iter(0)
    }

    /// The sub-views at each index of `axis`, each of rank `rank() − 1`.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::InvalidAxis`](crate::ErrorKind::InvalidAxis) if `axis` is not below the
    /// rank.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::DynTensor;
    ///
    /// let t = DynTensor::from_vec(vec![1, 2, 3, 4, 5, 6], &[3, 2]).unwrap();
    /// let cols: Vec<Vec<i32>> = t.axis_iter(1).unwrap().map(|c| c.to_vec()).collect();
    /// assert_eq!(cols, [[1, 3, 5], [2, 4, 6]]);
    /// ```
    pub fn axis_iter(&self, axis: usize) -> Result<AxisIter<'_, S::Elem, DynLayout>, ShapeError> {
        let grid = self.layout().axis_grid(axis)?;
        // SAFETY: the grid cuts this tensor's layout, valid for its storage (invariant 1).
        Ok(unsafe { AxisIter::new(self.storage().elems(), grid) })
    }

    /// The sub-views of `size` indices along `axis`, each of the same rank.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::InvalidAxis`](crate::ErrorKind::InvalidAxis) if `axis` is not below the
    /// rank; [`ErrorKind::SizeMismatch`](crate::ErrorKind::SizeMismatch) if `size` is 0.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::DynTensor;
    ///
    /// let t = DynTensor::from_vec(vec![1, 2, 3, 4, 5], &[5]).unwrap();
    /// assert_eq!(t.axis_chunks_iter(0, 2).unwrap().len(), 3);
    /// ```
    pub fn axis_chunks_iter(
        &self,
        axis: usize,
        size: usize,
    ) -> Result<AxisIter<'_, S::Elem, DynLayout>, ShapeError> {
        let grid = self.layout().chunk_grid(axis, size)?;
        // SAFETY: the grid cuts this tensor's layout, valid for its storage (invariant 1).
        Ok(unsafe { AxisIter::new(self.storage().elems(), grid) })
    }

    /// The mutable sub-views at each index of `axis`, each of rank `rank() − 1`.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::InvalidAxis`](crate::ErrorKind::InvalidAxis) if `axis` is not below the
    /// rank; [`ErrorKind::Interleaved`](crate::ErrorKind::Interleaved) if the sub-views
    /// interleave in memory.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::DynTensor;
    ///
    /// let mut t = DynTensor::from_vec(vec![1, 2, 3, 4], &[2, 2]).unwrap();
    /// for mut row in t.axis_iter_mut(0).unwrap() {
    ///     row.iter_mut().for_each(|x| *x *= 2);
    /// }
    /// assert_eq!(t.to_vec(), [2, 4, 6, 8]);
    /// ```
    pub fn axis_iter_mut(
        &mut self,
        axis: usize,
    ) -> Result<AxisIterMut<'_, S::Elem, DynLayout>, ShapeError>
    where
        S: StorageMut,
    {
        let grid = self.layout().axis_grid(axis)?;
        // SAFETY: the grid cuts this tensor's layout, valid for its storage and unique because
        // the storage is writable (invariants 1 and 2).
        unsafe { AxisIterMut::new(self.storage_mut().elems_mut(), grid) }
    }
}
