//! The plain data of a slice description: [`SliceItem`] and its bounds, and how a range resolves
//! against an axis. Below the rank and layout layers, which both read it.

use crate::error::{ErrorKind, ShapeError};

/// An index counted from the start of an axis, or from its end (`FromEnd(1)` is the last).
///
/// # Examples
///
/// ```
/// use ranked::slice::Bound;
///
/// assert_eq!(Bound::FromEnd(1).resolve(5), Some(4));
/// assert_eq!(Bound::FromStart(2).resolve(5), Some(2));
/// assert_eq!(Bound::FromEnd(6).resolve(5), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bound {
    /// `i` elements from the start.
    FromStart(usize),
    /// `k` elements before the end: position `len − k`.
    FromEnd(usize),
}

impl Bound {
    /// The position this bound names on an axis of size `len`, or `None` if it lies before the
    /// start. (Whether it may equal or exceed `len` is for the caller to decide.)
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::slice::Bound;
    ///
    /// assert_eq!(Bound::FromEnd(0).resolve(3), Some(3));
    /// ```
    #[must_use]
    #[inline]
    pub fn resolve(self, len: usize) -> Option<usize> {
        match self {
            Bound::FromStart(i) => Some(i),
            Bound::FromEnd(k) => len.checked_sub(k),
        }
    }

    /// The bound as the signed number a user wrote (for error messages).
    #[inline]
    pub(crate) fn signed(self) -> i128 {
        match self {
            Bound::FromStart(i) => i as i128,
            Bound::FromEnd(k) => -(k as i128),
        }
    }
}

/// The end of a range item.
///
/// # Examples
///
/// ```
/// use ranked::slice::{Bound, End};
///
/// let e = End::Inclusive(Bound::FromStart(3)); // `..=3`
/// assert_ne!(e, End::Open);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// No end: up to the end of the axis.
    Open,
    /// Up to, not including, the bound.
    Exclusive(Bound),
    /// Up to and including the bound.
    Inclusive(Bound),
}

/// One entry of an `s![]` description, as plain data.
///
/// # Examples
///
/// ```
/// use ranked::s;
/// use ranked::slice::{Bound, End, SliceItem};
///
/// let info = s![1..;2, -1];
/// assert_eq!(
///     info.items(),
///     &[
///         SliceItem::Range { start: Bound::FromStart(1), end: End::Open, step: 2 },
///         SliceItem::Index(Bound::FromEnd(1)),
///     ]
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SliceItem {
    /// Fix the axis at this index and drop it.
    Index(Bound),
    /// Keep a range of the axis, with a step (negative walks backwards from the range's end).
    Range {
        /// First position of the range.
        start: Bound,
        /// End of the range.
        end: End,
        /// Step; never 0 once applied (a 0 step is an error).
        step: isize,
    },
    /// Insert a new axis of size 1.
    NewAxis,
    /// `...`: as many whole axes as the other items leave (NumPy's `Ellipsis`); at most one
    /// per description.
    Ellipsis,
}

/// Resolves a range against an axis of size `dim` into `start..end` positions.
#[inline]
pub(crate) fn resolve_range(
    axis: usize,
    dim: usize,
    start: Bound,
    end: End,
) -> Result<(usize, usize), ShapeError> {
    let before = |b: Bound| {
        ShapeError::new(
            ErrorKind::RangeOutOfBounds,
            Some(axis),
            dim as i128,
            b.signed(),
        )
    };
    let s = start.resolve(dim).ok_or_else(|| before(start))?;
    let e = match end {
        End::Open => dim,
        End::Exclusive(b) => b.resolve(dim).ok_or_else(|| before(b))?,
        End::Inclusive(b) => b
            .resolve(dim)
            .ok_or_else(|| before(b))?
            .checked_add(1)
            .ok_or_else(|| ShapeError::overflow(Some(axis)))?,
    };
    if s > dim {
        return Err(ShapeError::range_out_of_bounds(axis, dim, s));
    }
    Ok((s, e))
}
