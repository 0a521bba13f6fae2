//! Iterators over a tensor's elements in logical (row-major) order.
//!
//! Each iterator walks the index space with an odometer kept by the layout's shared stepping
//! arithmetic, so it never recomputes an offset from scratch and never allocates. The same
//! iterator types serve fixed-rank tensors (over [`Layout<R>`]) and dynamic-rank tensors (over
//! [`DynLayout`]).
//!
//! The sub-view iterators ([`AxisIter`], [`AxisIterMut`]: `outer_iter`, `axis_iter`,
//! `axis_chunks_iter`, `lanes`, `rows`, `columns`, `windows`) hand out tensor views; they sit in
//! the submodule `axis`, above the tensor types, and cut layouts with the layout module's grid
//! arithmetic.

use core::iter::FusedIterator;
use core::marker::PhantomData;
use core::ptr::NonNull;

use crate::layout::{DynLayout, DynShape, Layout, MAX_DYN_RANK, parts};
use crate::storage::{ViewRepr, ViewReprMut};

mod axis;
mod axis_iter;
#[cfg(feature = "rayon")]
mod par;

pub use axis_iter::{AxisIter, AxisIterMut, ViewLayout};
#[cfg(feature = "rayon")]
pub use par::ParAxisIter;

mod sealed {
    /// Keeps [`Walk`](super::Walk) closed, and hides how the iterators read a layout.
    pub trait Sealed {
        fn shape(&self) -> &[usize];
        fn strides(&self) -> &[isize];
        fn offset(&self) -> usize;
    }
}

/// A layout the iterators can walk: [`Layout<R>`] (indices `[usize; R]`) or [`DynLayout`]
/// (indices [`DynShape`]). Sealed.
///
/// # Examples
///
/// ```
/// use ranked::{Layout, iter::Walk};
///
/// let l = Layout::row_major([2, 3]).unwrap();
/// assert_eq!(Walk::start(&l), [0, 0]);
/// ```
pub trait Walk: Copy + sealed::Sealed {
    /// An index into the layout.
    type Index: Copy + core::fmt::Debug + AsMut<[usize]>;
    /// The all-zeros index.
    fn start(&self) -> Self::Index;
}

impl<const R: usize> sealed::Sealed for Layout<R> {
    fn shape(&self) -> &[usize] {
        Layout::shape(self)
    }
    fn strides(&self) -> &[isize] {
        Layout::strides(self)
    }
    fn offset(&self) -> usize {
        Layout::offset(self)
    }
}
impl<const R: usize> Walk for Layout<R> {
    type Index = [usize; R];
    fn start(&self) -> [usize; R] {
        [0; R]
    }
}

impl sealed::Sealed for DynLayout {
    fn shape(&self) -> &[usize] {
        DynLayout::shape(self)
    }
    fn strides(&self) -> &[isize] {
        DynLayout::strides(self)
    }
    fn offset(&self) -> usize {
        DynLayout::offset(self)
    }
}
impl Walk for DynLayout {
    type Index = DynShape;
    fn start(&self) -> DynShape {
        // A `DynLayout` never has more than `MAX_DYN_RANK` axes.
        DynShape::new(&[0; MAX_DYN_RANK][..self.rank()]).unwrap_or_else(|_| unreachable!())
    }
}

/// Position of an odometer walk over a layout: the next index and its storage position.
#[derive(Clone, Debug)]
struct Cursor<L: Walk> {
    layout: L,
    index: L::Index,
    pos: usize,
    remaining: usize,
}

impl<L: Walk> Cursor<L> {
    fn new(layout: L) -> Self {
        Self {
            index: layout.start(),
            pos: layout.offset(),
            // A layout held by a tensor has an element count that fits (invariant 1).
            remaining: crate::layout::checked_len(layout.shape()).unwrap_or(0),
            layout,
        }
    }

    /// The index and storage position of the next element, then steps past it.
    #[inline]
    fn next(&mut self) -> Option<(L::Index, usize)> {
        if self.remaining == 0 {
            return None;
        }
        let here = (self.index, self.pos);
        self.remaining -= 1;
        if self.remaining > 0 {
            let l = &self.layout;
            parts::advance(l.shape(), l.strides(), self.index.as_mut(), &mut self.pos);
        }
        Some(here)
    }
}

/// Iterator over `&T` in logical order; see [`TensorBase::iter`](crate::TensorBase::iter).
///
/// # Examples
///
/// ```
/// use ranked::tensor;
///
/// let t = tensor![[1, 2], [3, 4]];
/// let mut it = t.iter();
/// assert_eq!(it.len(), 4);
/// assert_eq!(it.next(), Some(&1));
/// ```
#[derive(Clone, Debug)]
pub struct Iter<'a, T, L: Walk> {
    data: ViewRepr<'a, T>,
    cursor: Cursor<L>,
}

impl<'a, T, L: Walk> Iter<'a, T, L> {
    /// # Safety
    ///
    /// `layout` must be valid for `data` (invariant 1 of `TensorBase`).
    pub(crate) unsafe fn new(data: ViewRepr<'a, T>, layout: L) -> Self {
        Self {
            data,
            cursor: Cursor::new(layout),
        }
    }

    #[inline]
    fn next_indexed(&mut self) -> Option<(L::Index, &'a T)> {
        let (index, pos) = self.cursor.next()?;
        // SAFETY: `index` is in bounds and the layout is valid for `data` (the constructor's
        // contract, invariant 1), so `pos` is inside `data`.
        Some((index, unsafe { self.data.get(pos) }))
    }
}

impl<'a, T, L: Walk> Iterator for Iter<'a, T, L> {
    type Item = &'a T;

    #[inline]
    fn next(&mut self) -> Option<&'a T> {
        self.next_indexed().map(|(_, x)| x)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.cursor.remaining, Some(self.cursor.remaining))
    }
}

impl<T, L: Walk> ExactSizeIterator for Iter<'_, T, L> {}
impl<T, L: Walk> FusedIterator for Iter<'_, T, L> {}

/// Iterator over `(index, &T)` in logical order; see
/// [`TensorBase::indexed_iter`](crate::TensorBase::indexed_iter).
///
/// # Examples
///
/// ```
/// use ranked::tensor;
///
/// let t = tensor![[1, 2], [3, 4]];
/// let last = t.indexed_iter().last();
/// assert_eq!(last, Some(([1, 1], &4)));
/// ```
#[derive(Clone, Debug)]
pub struct IndexedIter<'a, T, L: Walk> {
    inner: Iter<'a, T, L>,
}

impl<'a, T, L: Walk> IndexedIter<'a, T, L> {
    pub(crate) fn new(inner: Iter<'a, T, L>) -> Self {
        Self { inner }
    }
}

impl<'a, T, L: Walk> Iterator for IndexedIter<'a, T, L> {
    type Item = (L::Index, &'a T);

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        self.inner.next_indexed()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }
}

impl<T, L: Walk> ExactSizeIterator for IndexedIter<'_, T, L> {}
impl<T, L: Walk> FusedIterator for IndexedIter<'_, T, L> {}

/// Iterator over `&mut T` in logical order; see
/// [`TensorBase::iter_mut`](crate::TensorBase::iter_mut).
///
/// # Examples
///
/// ```
/// use ranked::tensor;
///
/// let mut t = tensor![1, 2, 3];
/// for x in t.iter_mut() {
///     *x += 1;
/// }
/// assert_eq!(t.to_vec(), [2, 3, 4]);
/// ```
#[derive(Debug)]
pub struct IterMut<'a, T, L: Walk> {
    base: NonNull<T>,
    cursor: Cursor<L>,
    marker: PhantomData<&'a mut T>,
}

// SAFETY: `IterMut` hands out `&mut T` to distinct elements, like `core::slice::IterMut`, so it
// may move to another thread when `T: Send` …
unsafe impl<T: Send, L: Walk + Send> Send for IterMut<'_, T, L> {}
// SAFETY: … and be shared when `T: Sync` (a shared `IterMut` gives no access to elements).
unsafe impl<T: Sync, L: Walk + Sync> Sync for IterMut<'_, T, L> {}

impl<'a, T, L: Walk> IterMut<'a, T, L> {
    /// # Safety
    ///
    /// `layout` must be valid for `data` (invariant 1 of `TensorBase`) and map no two indices to
    /// one element (invariant 2).
    pub(crate) unsafe fn new(mut data: ViewReprMut<'a, T>, layout: L) -> Self {
        Self {
            base: data.as_non_null(),
            cursor: Cursor::new(layout),
            marker: PhantomData,
        }
    }
}

impl<'a, T, L: Walk> IterMut<'a, T, L> {
    #[inline]
    fn next_indexed(&mut self) -> Option<(L::Index, &'a mut T)> {
        let (index, pos) = self.cursor.next()?;
        // SAFETY: `pos` is inside the borrowed slice (invariant 1, from the constructor's
        // contract), and each index is visited once and maps to its own element (invariant 2),
        // so no two returned references alias; the slice stays mutably borrowed for `'a`.
        Some((index, unsafe { &mut *self.base.as_ptr().add(pos) }))
    }
}

impl<'a, T, L: Walk> Iterator for IterMut<'a, T, L> {
    type Item = &'a mut T;

    #[inline]
    fn next(&mut self) -> Option<&'a mut T> {
        self.next_indexed().map(|(_, x)| x)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.cursor.remaining, Some(self.cursor.remaining))
    }
}

impl<T, L: Walk> ExactSizeIterator for IterMut<'_, T, L> {}
impl<T, L: Walk> FusedIterator for IterMut<'_, T, L> {}

/// Iterator over `(index, &mut T)` in logical order; see
/// [`TensorBase::indexed_iter_mut`](crate::TensorBase::indexed_iter_mut).
///
/// # Examples
///
/// ```
/// use ranked::tensor;
///
/// let mut t = tensor![[0, 0], [0, 0]];
/// for ([i, j], x) in t.indexed_iter_mut() {
///     *x = 10 * i + j;
/// }
/// assert_eq!(t.to_vec(), [0, 1, 10, 11]);
/// ```
#[derive(Debug)]
pub struct IndexedIterMut<'a, T, L: Walk> {
    inner: IterMut<'a, T, L>,
}

impl<'a, T, L: Walk> IndexedIterMut<'a, T, L> {
    pub(crate) fn new(inner: IterMut<'a, T, L>) -> Self {
        Self { inner }
    }
}

impl<'a, T, L: Walk> Iterator for IndexedIterMut<'a, T, L> {
    type Item = (L::Index, &'a mut T);

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        self.inner.next_indexed()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }
}

impl<T, L: Walk> ExactSizeIterator for IndexedIterMut<'_, T, L> {}
impl<T, L: Walk> FusedIterator for IndexedIterMut<'_, T, L> {}
