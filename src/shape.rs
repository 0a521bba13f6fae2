//! [`DynShape`]: a shape of run-time rank stored inline, and [`MAX_DYN_RANK`].
//!
//! The bottom layer of the crate: it imports nothing, so both the error type (which names the
//! shapes of a failed reshape) and the layouts can use it. Public through
//! [`layout`](crate::layout).

use core::fmt;
use core::ops::Deref;

/// The most axes a [`DynLayout`](crate::layout::DynLayout) (and so a dynamic-rank tensor) can
/// have.
///
/// # Examples
///
/// ```
/// use ranked::layout::{DynLayout, MAX_DYN_RANK};
///
/// assert!(DynLayout::row_major(&[1; MAX_DYN_RANK]).is_ok());
/// assert!(DynLayout::row_major(&[1; MAX_DYN_RANK + 1]).is_err());
/// ```
pub const MAX_DYN_RANK: usize = 16;

/// A shape of at most [`MAX_DYN_RANK`] axes, stored inline: `Copy`, no allocator. Dereferences
/// to `&[usize]`.
///
/// # Examples
///
/// ```
/// use ranked::layout::DynShape;
///
/// let s = DynShape::new(&[2, 3]).unwrap();
/// assert_eq!(&*s, &[2, 3]);
/// assert_eq!(format!("{s:?}"), "[2, 3]");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct DynShape {
    /// At most `MAX_DYN_RANK`.
    rank: usize,
    /// Entries past `rank` are always 0, so derived equality and hashing are correct.
    dims: [usize; MAX_DYN_RANK],
}

impl DynShape {
    /// Copies `dims` inline, or `None` beyond [`MAX_DYN_RANK`] axes. (The public constructor,
    /// `DynShape::new`, turns `None` into an error; it lives with the layouts, above the error
    /// type.)
    #[must_use]
    pub(crate) fn try_from_dims(dims: &[usize]) -> Option<Self> {
        let mut out = Self {
            rank: dims.len(),
            dims: [0; MAX_DYN_RANK],
        };
        out.dims.get_mut(..dims.len())?.copy_from_slice(dims);
        Some(out)
    }
}

impl DynShape {
    /// Takes `rank` axes of `dims` (whose entries past `rank` must be 0); `rank` is clamped to
    /// [`MAX_DYN_RANK`] by construction of the callers, which hold a valid dynamic layout.
    #[must_use]
    pub(crate) fn from_inline(rank: usize, dims: [usize; MAX_DYN_RANK]) -> Self {
        debug_assert!(rank <= MAX_DYN_RANK && dims[rank..].iter().all(|&d| d == 0));
        Self { rank, dims }
    }
}

impl Deref for DynShape {
    type Target = [usize];
    fn deref(&self) -> &[usize] {
        &self.dims[..self.rank]
    }
}

impl AsMut<[usize]> for DynShape {
    fn as_mut(&mut self) -> &mut [usize] {
        &mut self.dims[..self.rank]
    }
}

impl AsRef<[usize]> for DynShape {
    fn as_ref(&self) -> &[usize] {
        self
    }
}

impl fmt::Debug for DynShape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}
