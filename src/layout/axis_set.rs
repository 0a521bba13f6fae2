//! Shape and stride arithmetic over a set of axes (a tuple of axes in the typed API): removing
//! them (`squeeze_axes`, reductions over several axes), inserting them (`expand_dims`),
//! reversing them (`flip_axes`) and moving them last (reductions that need each group of
//! reduced elements in one run).
//!
//! The typed API proves each set distinct and in range before calling; these functions check
//! again with `get`, so that no input can make them panic.

use crate::error::{ErrorKind, ShapeError};

use super::Layout;
use super::parts::{self, RawLayout};

/// Whether `axis` is one of `axes`.
#[inline]
fn named(axes: &[usize], axis: usize) -> bool {
    axes.contains(&axis)
}

/// Checks that every axis of `axes` is below `rank` and none is repeated.
#[inline]
pub(crate) fn check_set(rank: usize, axes: &[usize]) -> Result<(), ShapeError> {
    for (k, &a) in axes.iter().enumerate() {
        if a >= rank {
            return Err(ShapeError::invalid_axis(rank, a));
        }
        if axes.get(..k).is_some_and(|before| before.contains(&a)) {
            return Err(ShapeError::sizes(ErrorKind::RepeatedAxis, Some(k), 1, a));
        }
    }
    Ok(())
}

/// Copies `src` without the elements at `axes` into `dst` (as many shorter).
#[inline]
pub(crate) fn remove_axes<T: Copy>(src: &[T], axes: &[usize], dst: &mut [T]) {
    let kept = src.iter().enumerate().filter(|&(k, _)| !named(axes, k));
    for (to, (_, &from)) in dst.iter_mut().zip(kept) {
        *to = from;
    }
}

/// Removes the axes `axes`, each of size 1; the offset stays.
///
/// # Errors
///
/// [`ErrorKind::SizeMismatch`] naming the first axis of `axes` whose size is not 1.
pub(crate) fn squeeze_axes(
    p: RawLayout<'_>,
    axes: &[usize],
    shape: &mut [usize],
    strides: &mut [isize],
) -> Result<usize, ShapeError> {
    check_set(p.shape.len(), axes)?;
    for &a in axes {
        match p.shape.get(a) {
            Some(1) => {}
            Some(&n) => return Err(ShapeError::size_mismatch(a, 1, n)),
            None => return Err(ShapeError::invalid_axis(p.shape.len(), a)),
        }
    }
    remove_axes(p.shape, axes, shape);
    remove_axes(p.strides, axes, strides);
    Ok(p.offset)
}

/// Inserts axes of size 1 at the positions `axes` of the result (NumPy's `expand_dims`); the
/// other positions take the input's axes in order. A new axis's stride keeps a contiguous
/// layout contiguous, as [`parts::unsqueeze`] does: the stride times the size of the input axis
/// that follows it, or 1 when none does.
///
/// Callers check `axes` (distinct, below the result's rank, as many as the ranks differ). For
/// any other `axes` it still never panics and yields a layout that reaches only positions the
/// input reaches: when an input axis finds no place, or a place finds no input axis, the
/// result is empty (every size 0), which reaches nothing.
fn expand_dims(
    p: RawLayout<'_>,
    axes: &[usize],
    shape: &mut [usize],
    strides: &mut [isize],
) -> usize {
    let mut input = 0usize;
    for (k, (d, st)) in shape.iter_mut().zip(strides.iter_mut()).enumerate() {
        let next = p.shape.get(input).zip(p.strides.get(input));
        if named(axes, k) {
            *d = 1;
            *st = next.map_or(1, |(&n, &s)| s.wrapping_mul(n as isize));
        } else if let Some((&n, &s)) = next {
            (*d, *st) = (n, s);
            input += 1;
        } else {
            (*d, *st) = (0, 0);
        }
    }
    if input != p.shape.len() || shape.len() != p.shape.len() + axes.len() {
        shape.fill(0);
    }
    p.offset
}

/// Reverses every axis of `axes` (NumPy's `flip` over a tuple of axes); returns the new offset.
/// Callers check `axes`; an axis beyond the rank is skipped, one named twice flips back.
fn flip_axes(shape: &[usize], strides: &mut [isize], mut offset: usize, axes: &[usize]) -> usize {
    for &a in axes {
        if a < shape.len() {
            offset = parts::flip(shape, strides, offset, a);
        }
    }
    offset
}

/// The permutation that moves axis `from[i]` to position `to[i]` for every `i`, the other axes
/// keeping their order in the positions left (NumPy's `moveaxis` with tuples); `None` unless
/// both are sets of different axes below R of one length.
pub(crate) fn moved_axes<const R: usize>(from: &[usize], to: &[usize]) -> Option<[usize; R]> {
    if from.len() != to.len() || check_set(R, from).is_err() || check_set(R, to).is_err() {
        return None;
    }
    let mut order = [usize::MAX; R];
    for (&f, &t) in from.iter().zip(to) {
        *order.get_mut(t)? = f;
    }
    let mut rest = (0..R).filter(|&k| !named(from, k));
    for slot in order.iter_mut().filter(|slot| **slot == usize::MAX) {
        *slot = rest.next()?;
    }
    Some(order)
}

/// The inverse of the permutation `order` of `0..R` (`inverse(order)[order[i]] = i`): the
/// order that puts permuted axes back where they were. Entries of `order` outside `0..R` are
/// skipped (a `permute` with the result then fails).
#[cfg(feature = "alloc")]
pub(crate) fn inverse<const R: usize>(order: &[usize; R]) -> [usize; R] {
    let mut back = [0usize; R];
    for (i, &a) in order.iter().enumerate() {
        if let Some(slot) = back.get_mut(a) {
            *slot = i;
        }
    }
    back
}

/// The axes of a rank-`rank` tensor in an order that puts `axes` last, in increasing order,
/// after the others in theirs: a permutation for [`Layout::permute`].
#[cfg(feature = "alloc")]
pub(crate) fn axes_last<const R: usize>(axes: &[usize]) -> Result<[usize; R], ShapeError> {
    check_set(R, axes)?;
    let mut order = [0usize; R];
    let kept = (0..R).filter(|&k| !named(axes, k));
    let moved = (0..R).filter(|&k| named(axes, k));
    for (slot, k) in order.iter_mut().zip(kept.chain(moved)) {
        *slot = k;
    }
    Ok(order)
}

impl<const R: usize> Layout<R> {
    /// Removes the axes `axes` (different, below R), each of size 1 (NumPy's `squeeze` over a
    /// tuple of axes). Rank R → O = R − `axes.len()`.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::SizeMismatch`] naming an axis whose size is not 1;
    /// [`ErrorKind::InvalidAxis`], [`ErrorKind::RepeatedAxis`]; [`ErrorKind::RankMismatch`] if
    /// O is not R − `axes.len()`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Layout;
    ///
    /// let l = Layout::row_major([1, 3, 1, 4]).unwrap().squeeze_axes::<2>(&[2, 0]).unwrap();
    /// assert_eq!((l.shape(), l.strides()), (&[3, 4], &[4, 1]));
    /// ```
    pub fn squeeze_axes<const O: usize>(&self, axes: &[usize]) -> Result<Layout<O>, ShapeError> {
        if O + axes.len() != R {
            return Err(ShapeError::sizes(
                ErrorKind::RankMismatch,
                None,
                R,
                O + axes.len(),
            ));
        }
        Layout::build(|shape, strides| squeeze_axes(self.parts(), axes, shape, strides))
    }

    /// Inserts axes of size 1 at the positions `axes` of the result (different, below O;
    /// NumPy's `expand_dims` with a tuple of axes). Rank R → O = R + `axes.len()`.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::InvalidAxis`], [`ErrorKind::RepeatedAxis`]; [`ErrorKind::RankMismatch`] if
    /// O is not R + `axes.len()`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Layout;
    ///
    /// let l = Layout::row_major([3, 4]).unwrap().expand_dims::<4>(&[0, 2]).unwrap();
    /// assert_eq!((l.shape(), l.strides()), (&[1, 3, 1, 4], &[12, 4, 4, 1]));
    /// ```
    pub fn expand_dims<const O: usize>(&self, axes: &[usize]) -> Result<Layout<O>, ShapeError> {
        if R + axes.len() != O {
            return Err(ShapeError::sizes(
                ErrorKind::RankMismatch,
                None,
                O,
                R + axes.len(),
            ));
        }
        check_set(O, axes)?;
        Ok(self.expand_dims_proven(axes))
    }

    /// [`expand_dims`](Self::expand_dims) for axes the rank rules have proven valid; for any
    /// others, a layout that reaches only positions this one reaches.
    pub(crate) fn expand_dims_proven<const O: usize>(&self, axes: &[usize]) -> Layout<O> {
        let mut out = Layout {
            shape: [0; O],
            strides: [0; O],
            offset: 0,
        };
        out.offset = expand_dims(self.parts(), axes, &mut out.shape, &mut out.strides);
        out
    }

    /// Reverses every axis of `axes` (different, below R; NumPy's `flip` over a tuple of axes).
    /// Rank R → R.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::InvalidAxis`], [`ErrorKind::RepeatedAxis`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Layout;
    ///
    /// let l = Layout::row_major([2, 3]).unwrap().flip_axes(&[0, 1]).unwrap();
    /// assert_eq!((l.strides(), l.offset()), (&[-3, -1], 5));
    /// ```
    pub fn flip_axes(&self, axes: &[usize]) -> Result<Self, ShapeError> {
        check_set(R, axes)?;
        Ok(self.flip_axes_proven(axes))
    }

    /// [`flip_axes`](Self::flip_axes) for axes the rank rules have proven valid (an axis
    /// beyond the rank is skipped, one named twice flips back).
    pub(crate) fn flip_axes_proven(&self, axes: &[usize]) -> Self {
        let mut out = *self;
        out.offset = flip_axes(&self.shape, &mut out.strides, self.offset, axes);
        out
    }
}
