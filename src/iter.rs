//! Iterators over a tensor's elements in logical (row-major) order.
//!
//! Each iterator walks the index space with an odometer kept by the layout
//! ([`Layout`]'s stepping), so it never recomputes an offset from scratch and never allocates.

use core::iter::FusedIterator;
use core::marker::PhantomData;
use core::ptr::NonNull;

use crate::layout::Layout;

/// Position of an odometer walk over a layout: the next index and its storage position.
#[derive(Clone, Debug)]
struct Cursor<const R: usize> {
    layout: Layout<R>,
    index: [usize; R],
    pos: usize,
    remaining: usize,
}

impl<const R: usize> Cursor<R> {
    fn new(layout: Layout<R>) -> Self {
        Self {
            layout,
            index: [0; R],
            pos: layout.offset(),
            // A layout held by a tensor has an element count that fits (invariant 1).
            remaining: layout.try_len().unwrap_or(0),
        }
    }

    /// The index and storage position of the next element, then steps past it.
    #[inline]
    fn next(&mut self) -> Option<([usize; R], usize)> {
        if self.remaining == 0 {
            return None;
        }
        let here = (self.index, self.pos);
        self.remaining -= 1;
        if self.remaining > 0 {
            self.layout.advance(&mut self.index, &mut self.pos);
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
pub struct Iter<'a, T, const R: usize> {
    data: &'a [T],
    cursor: Cursor<R>,
}

impl<'a, T, const R: usize> Iter<'a, T, R> {
    /// # Safety
    ///
    /// `layout` must be valid for `data` (invariant 1 of `TensorBase`).
    pub(crate) unsafe fn new(data: &'a [T], layout: Layout<R>) -> Self {
        Self {
            data,
            cursor: Cursor::new(layout),
        }
    }

    #[inline]
    fn next_indexed(&mut self) -> Option<([usize; R], &'a T)> {
        let (index, pos) = self.cursor.next()?;
        // SAFETY: `index` is in bounds and the layout is valid for `data` (the constructor's
        // contract, invariant 1), so `pos` is inside `data`.
        Some((index, unsafe { self.data.get_unchecked(pos) }))
    }
}

impl<'a, T, const R: usize> Iterator for Iter<'a, T, R> {
    type Item = &'a T;

    #[inline]
    fn next(&mut self) -> Option<&'a T> {
        self.next_indexed().map(|(_, x)| x)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.cursor.remaining, Some(self.cursor.remaining))
    }
}

impl<T, const R: usize> ExactSizeIterator for Iter<'_, T, R> {}
impl<T, const R: usize> FusedIterator for Iter<'_, T, R> {}

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
pub struct IndexedIter<'a, T, const R: usize> {
    inner: Iter<'a, T, R>,
}

impl<'a, T, const R: usize> IndexedIter<'a, T, R> {
    pub(crate) fn new(inner: Iter<'a, T, R>) -> Self {
        Self { inner }
    }
}

impl<'a, T, const R: usize> Iterator for IndexedIter<'a, T, R> {
    type Item = ([usize; R], &'a T);

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        self.inner.next_indexed()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }
}

impl<T, const R: usize> ExactSizeIterator for IndexedIter<'_, T, R> {}
impl<T, const R: usize> FusedIterator for IndexedIter<'_, T, R> {}

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
pub struct IterMut<'a, T, const R: usize> {
    base: NonNull<T>,
    cursor: Cursor<R>,
    marker: PhantomData<&'a mut T>,
}

// SAFETY: `IterMut` hands out `&mut T` to distinct elements, like `core::slice::IterMut`, so it
// may move to another thread when `T: Send` …
unsafe impl<T: Send, const R: usize> Send for IterMut<'_, T, R> {}
// SAFETY: … and be shared when `T: Sync` (a shared `IterMut` gives no access to elements).
unsafe impl<T: Sync, const R: usize> Sync for IterMut<'_, T, R> {}

impl<'a, T, const R: usize> IterMut<'a, T, R> {
    /// # Safety
    ///
    /// `layout` must be valid for `data` (invariant 1 of `TensorBase`) and map no two indices to
    /// one element (invariant 2).
    pub(crate) unsafe fn new(data: &'a mut [T], layout: Layout<R>) -> Self {
        Self {
            base: NonNull::from(data).cast(),
            cursor: Cursor::new(layout),
            marker: PhantomData,
        }
    }
}

impl<'a, T, const R: usize> Iterator for IterMut<'a, T, R> {
    type Item = &'a mut T;

    #[inline]
    fn next(&mut self) -> Option<&'a mut T> {
        let (_, pos) = self.cursor.next()?;
        // SAFETY: `pos` is inside the borrowed slice (invariant 1, from the constructor's
        // contract), and each index is visited once and maps to its own element (invariant 2),
        // so no two returned references alias; the slice stays mutably borrowed for `'a`.
        Some(unsafe { &mut *self.base.as_ptr().add(pos) })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.cursor.remaining, Some(self.cursor.remaining))
    }
}

impl<T, const R: usize> ExactSizeIterator for IterMut<'_, T, R> {}
impl<T, const R: usize> FusedIterator for IterMut<'_, T, R> {}
