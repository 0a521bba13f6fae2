//! Shape, strides and offset: where each logical index lives in memory.
//!
//! [`Layout<R>`] is pure arithmetic: it knows nothing about storage and never allocates. All
//! stride arithmetic of the crate lives here; tensor methods delegate to it.
//!
//! A layout maps an index `[i0, i1, …]` (each `ik < shape[k]`) to the memory offset
//! `offset + Σ ik · strides[k]`. Strides are signed, so a layout can walk its storage backwards
//! (a flipped vector, NumPy's `a[::-1]`: shape `[6]`, stride `[-1]`, offset `5`).

// Loops here walk several per-axis arrays (shape, strides, index) in step; indexing by axis
// reads better than zipping three iterators.
#![allow(clippy::needless_range_loop)]

use core::fmt;

use crate::error::{ErrorKind, ShapeError};

mod dynamic;
#[cfg(feature = "alloc")]
pub(crate) mod einsum;
mod grid;
pub(crate) mod parts;
pub(crate) mod product;
mod reshape;

pub use dynamic::{DynLayout, DynShape, MAX_DYN_RANK};
pub(crate) use grid::{Grid, Piece, band, split_at};
pub use reshape::{Group, GroupKind, ReshapePlan, Verdict};

/// Memory order of a freshly built, contiguous layout.
///
/// # Examples
///
/// ```
/// use ranked::{Layout, Order};
///
/// let c = Layout::with_order([2, 3], Order::RowMajor).unwrap();
/// let f = Layout::with_order([2, 3], Order::ColumnMajor).unwrap();
/// assert_eq!(c.strides(), &[3, 1]);
/// assert_eq!(f.strides(), &[1, 2]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Order {
    /// C order: the last axis varies fastest (NumPy's and PyTorch's default).
    #[default]
    RowMajor,
    /// Fortran order: the first axis varies fastest (BLAS/LAPACK, faer, nalgebra).
    ColumnMajor,
}

/// How a layout sits in memory, as reported by [`Layout::kind`] and by `Debug`.
///
/// # Examples
///
/// ```
/// use ranked::{Layout, LayoutKind};
///
/// assert_eq!(Layout::row_major([2, 3]).unwrap().kind(), LayoutKind::RowMajor);
/// assert_eq!(Layout::row_major([1, 3]).unwrap().kind(), LayoutKind::Both);
/// assert_eq!(Layout::column_major([2, 3]).unwrap().kind(), LayoutKind::ColumnMajor);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LayoutKind {
    /// Both C- and F-contiguous (rank ≤ 1 with unit stride, at most one axis longer than 1,
    /// or no elements at all).
    Both,
    /// C-contiguous (row-major) and not F-contiguous.
    RowMajor,
    /// F-contiguous (column-major) and not C-contiguous.
    ColumnMajor,
    /// Neither: permuted, sliced, stepped, flipped or broadcast.
    Strided,
}

impl LayoutKind {
    /// The kind for the given C- and F-contiguity.
    pub(crate) fn from_flags(c: bool, f: bool) -> Self {
        match (c, f) {
            (true, true) => LayoutKind::Both,
            (true, false) => LayoutKind::RowMajor,
            (false, true) => LayoutKind::ColumnMajor,
            (false, false) => LayoutKind::Strided,
        }
    }
}

impl fmt::Display for LayoutKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            LayoutKind::Both => "C- and F-contiguous",
            LayoutKind::RowMajor => "C-contiguous",
            LayoutKind::ColumnMajor => "F-contiguous",
            LayoutKind::Strided => "strided",
        })
    }
}

/// Shape `[usize; R]`, strides `[isize; R]` and a storage offset.
///
/// A `Layout` on its own has no invariant beyond its field types: any numbers can be put
/// together with [`Layout::from_parts`]. A layout becomes *valid for a storage* once
/// [`Layout::validate`] accepted it for that storage's length; tensors only ever hold valid
/// layouts (invariant 1 of [`TensorBase`](crate::TensorBase)).
///
/// Every loop over the rank is a loop over a fixed-size array, so the compiler unrolls it.
///
/// # Examples
///
/// ```
/// use ranked::Layout;
///
/// // The row-major strides of shape [10, 9, 5, 13].
/// let l = Layout::row_major([10, 9, 5, 13]).unwrap();
/// assert_eq!(l.strides(), &[585, 65, 13, 1]);
/// assert_eq!(l.try_offset_of([1, 2, 3, 4]).unwrap(), 585 + 2 * 65 + 3 * 13 + 4);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Layout<const R: usize> {
    shape: [usize; R],
    strides: [isize; R],
    offset: usize,
}

impl<const R: usize> fmt::Debug for Layout<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Layout")
            .field("shape", &self.shape)
            .field("strides", &self.strides)
            .field("offset", &self.offset)
            .field("kind", &format_args!("{}", self.kind()))
            .finish()
    }
}

/// The element count of a shape whose count is known to fit in `usize` (a tensor's shape, by
/// invariant 1 of [`TensorBase`](crate::TensorBase)): the plain product, without
/// [`checked_len`]'s zero scan and overflow checks. For other shapes it wraps (never panics).
#[inline]
pub(crate) fn valid_len(shape: &[usize]) -> usize {
    shape.iter().fold(1, |n, &dim| n.wrapping_mul(dim))
}

/// Element count of `shape`, with an overflow-checked product.
///
/// # Errors
///
/// [`ErrorKind::Overflow`] naming the axis at which the product left `usize`.
///
/// # Examples
///
/// ```
/// use ranked::layout::checked_len;
///
/// assert_eq!(checked_len(&[2, 3, 4]).unwrap(), 24);
/// assert_eq!(checked_len(&[]).unwrap(), 1); // a scalar has one element
/// assert!(checked_len(&[usize::MAX, 2]).is_err());
/// ```
#[inline]
pub fn checked_len(shape: &[usize]) -> Result<usize, ShapeError> {
    // Two independent products (even and odd axes), so that the multiplications overlap
    // instead of waiting for each other. Without a size 0, every partial product is at most the
    // whole one, so the whole product fits exactly when no partial one overflowed; with a size
    // 0 and no overflow the product is 0, as it should be. Any overflow goes to the exact walk,
    // which knows that a size 0 anywhere wins and names the axis.
    let (mut even, mut odd, mut overflow) = (1usize, 1usize, false);
    let mut pairs = shape.chunks_exact(2);
    for pair in &mut pairs {
        if let [a, b] = *pair {
            let (x, over_x) = even.overflowing_mul(a);
            let (y, over_y) = odd.overflowing_mul(b);
            (even, odd, overflow) = (x, y, overflow | over_x | over_y);
        }
    }
    if let [last] = *pairs.remainder() {
        let (x, over_x) = even.overflowing_mul(last);
        (even, overflow) = (x, overflow | over_x);
    }
    let (n, over_n) = even.overflowing_mul(odd);
    if overflow | over_n {
        return checked_len_by_axis(shape);
    }
    Ok(n)
}

/// [`checked_len`] one axis at a time: the error names the axis at which the product left
/// `usize`.
#[cold]
#[inline(never)]
fn checked_len_by_axis(shape: &[usize]) -> Result<usize, ShapeError> {
    // A shape with a zero anywhere has no elements, even if the product of the other sizes
    // would overflow.
    if shape.contains(&0) {
        return Ok(0);
    }
    let mut n: usize = 1;
    for (axis, &dim) in shape.iter().enumerate() {
        n = n
            .checked_mul(dim)
            .ok_or_else(|| ShapeError::overflow(Some(axis)))?;
    }
    Ok(n)
}

impl<const R: usize> Layout<R> {
    /// The rank, `R`.
    pub const RANK: usize = R;

    /// A C-contiguous (row-major) layout with offset 0.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Overflow`] if the element count does not fit in `isize`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Layout;
    ///
    /// let l = Layout::row_major([3, 4, 5]).unwrap();
    /// assert_eq!(l.strides(), &[20, 5, 1]);
    /// ```
    pub fn row_major(shape: [usize; R]) -> Result<Self, ShapeError> {
        Self::with_order(shape, Order::RowMajor)
    }

    /// The number of elements of `shape`, or `None` when the product leaves `usize`. Usable in
    /// constants.
    pub(crate) const fn element_count(shape: &[usize]) -> Option<usize> {
        let mut count = 1usize;
        let mut axis = 0;
        while axis < shape.len() {
            count = match count.checked_mul(shape[axis]) {
                Some(c) => c,
                None => return None,
            };
            axis += 1;
        }
        Some(count)
    }

    /// A C-contiguous layout with offset 0 over exactly `len` elements, in a `const` context:
    /// `None` unless the shape's element count is `len` (computed without overflow) and `len`
    /// fits `isize`. O(R).
    pub(crate) const fn row_major_exact(shape: [usize; R], len: usize) -> Option<Self> {
        if len > isize::MAX as usize {
            return None;
        }
        let mut strides = [0isize; R];
        let mut count = 1usize;
        let mut axis = R;
        while axis > 0 {
            axis -= 1;
            if count > isize::MAX as usize {
                return None;
            }
            // Just checked to fit.
            strides[axis] = count as isize;
            count = match count.checked_mul(shape[axis]) {
                Some(c) => c,
                None => return None,
            };
        }
        if count != len {
            return None;
        }
        Some(Self::from_parts(shape, strides, 0))
    }

    /// An F-contiguous (column-major) layout with offset 0.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Overflow`] if the element count does not fit in `isize`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Layout;
    ///
    /// let l = Layout::column_major([3, 4, 5]).unwrap();
    /// assert_eq!(l.strides(), &[1, 3, 12]);
    /// ```
    pub fn column_major(shape: [usize; R]) -> Result<Self, ShapeError> {
        Self::with_order(shape, Order::ColumnMajor)
    }

    /// A contiguous layout with offset 0 in the given memory order.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Overflow`] if the element count does not fit in `isize`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Layout, Order};
    ///
    /// let l = Layout::with_order([2, 2], Order::ColumnMajor).unwrap();
    /// assert!(l.is_f_contiguous());
    /// ```
    pub fn with_order(shape: [usize; R], order: Order) -> Result<Self, ShapeError> {
        let mut strides = [0isize; R];
        parts::contiguous_strides(&shape, order, &mut strides)?;
        Ok(Self {
            shape,
            strides,
            offset: 0,
        })
    }

    /// [`with_order`](Self::with_order) for exactly `len` elements (a storage's length).
    ///
    /// # Errors
    ///
    /// As [`with_order`](Self::with_order), and [`ErrorKind::LengthMismatch`] if the shape does
    /// not hold `len` elements.
    pub(crate) fn contiguous_of_len(
        shape: [usize; R],
        order: Order,
        len: usize,
    ) -> Result<Self, ShapeError> {
        let (mut shape, mut strides) = (shape, [0isize; R]);
        parts::resolve_inferred(&mut shape, len)?;
        parts::contiguous_strides_of_len(&shape, order, &mut strides, len)?;
        Ok(Self::from_parts(shape, strides, 0))
    }

    /// Puts a layout together from raw numbers, unchecked.
    ///
    /// The result is only plain data; a tensor accepts it after
    /// [`validate`](Self::validate) (see [`TensorBase::from_raw_parts`](crate::TensorBase::from_raw_parts)).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Layout;
    ///
    /// // A flipped vector of six elements.
    /// let l = Layout::from_parts([6], [-1], 5);
    /// assert!(l.validate(6).is_ok());
    /// assert_eq!(l.try_offset_of([0]).unwrap(), 5);
    /// ```
    #[must_use]
    pub const fn from_parts(shape: [usize; R], strides: [isize; R], offset: usize) -> Self {
        Self {
            shape,
            strides,
            offset,
        }
    }

    /// The size of each axis.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Layout;
    ///
    /// assert_eq!(Layout::row_major([2, 3]).unwrap().shape(), &[2, 3]);
    /// ```
    #[must_use]
    pub const fn shape(&self) -> &[usize; R] {
        &self.shape
    }

    /// How far (in elements) one step along each axis moves in memory.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Layout;
    ///
    /// assert_eq!(Layout::row_major([2, 3]).unwrap().strides(), &[3, 1]);
    /// ```
    #[must_use]
    pub const fn strides(&self) -> &[isize; R] {
        &self.strides
    }

    /// The storage position of the element at index `[0, 0, …]`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Layout;
    ///
    /// assert_eq!(Layout::from_parts([6], [-1], 5).offset(), 5);
    /// ```
    #[must_use]
    pub const fn offset(&self) -> usize {
        self.offset
    }

    /// The number of elements, or an error if the product of the sizes overflows `usize`.
    ///
    /// Layouts held by tensors never overflow (they were validated), so
    /// [`TensorBase::len`](crate::TensorBase::len) is infallible.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Overflow`] naming the axis at which the product overflowed.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Layout;
    ///
    /// assert_eq!(Layout::row_major([2, 0, 3]).unwrap().try_len().unwrap(), 0);
    /// assert!(Layout::from_parts([usize::MAX, 3], [0, 0], 0).try_len().is_err());
    /// ```
    pub fn try_len(&self) -> Result<usize, ShapeError> {
        checked_len(&self.shape)
    }

    /// Whether some axis has size 0 (the layout then has no elements).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Layout;
    ///
    /// assert!(Layout::row_major([3, 0]).unwrap().is_empty());
    /// assert!(!Layout::row_major([]).unwrap().is_empty()); // a scalar holds one element
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.shape.contains(&0)
    }

    /// Whether the elements are laid out in row-major order without gaps: stepping through the
    /// indices in logical order visits consecutive memory. Strides of size-1 axes do not
    /// matter; an empty layout is contiguous.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Layout;
    ///
    /// assert!(Layout::row_major([2, 3]).unwrap().is_c_contiguous());
    /// assert!(!Layout::from_parts([2, 3], [1, 2], 0).is_c_contiguous());
    /// assert!(Layout::from_parts([2, 1], [1, 99], 0).is_c_contiguous());
    /// ```
    #[must_use]
    pub fn is_c_contiguous(&self) -> bool {
        parts::is_contiguous(&self.shape, &self.strides, false)
    }

    /// Whether the elements are laid out in column-major order without gaps (see
    /// [`is_c_contiguous`](Self::is_c_contiguous) for the rules on size-1 and size-0 axes).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Layout;
    ///
    /// assert!(Layout::column_major([2, 3]).unwrap().is_f_contiguous());
    /// assert!(!Layout::row_major([2, 3]).unwrap().is_f_contiguous());
    /// ```
    #[must_use]
    pub fn is_f_contiguous(&self) -> bool {
        parts::is_contiguous(&self.shape, &self.strides, true)
    }

    /// Which contiguity the layout has.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Layout, LayoutKind};
    ///
    /// assert_eq!(Layout::from_parts([2, 3], [1, 4], 0).kind(), LayoutKind::Strided);
    /// ```
    #[must_use]
    pub fn kind(&self) -> LayoutKind {
        LayoutKind::from_flags(self.is_c_contiguous(), self.is_f_contiguous())
    }

    /// The row-major linear position of `index` within the shape (NumPy's `ravel_multi_index`), or
    /// `None` if some index is out of bounds. This ignores the strides: it is the position in
    /// logical order, not the memory offset (see [`try_offset_of`](Self::try_offset_of)).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Layout;
    ///
    /// let l = Layout::row_major([2, 3, 4]).unwrap();
    /// assert_eq!(l.ravel([1, 2, 3]), Some(23));
    /// assert_eq!(l.ravel([2, 0, 0]), None);
    /// ```
    #[must_use]
    pub fn ravel(&self, index: [usize; R]) -> Option<usize> {
        parts::ravel(&self.shape, &index)
    }

    /// The index at row-major linear position `linear` (the inverse of
    /// [`ravel`](Self::ravel)), or `None` if `linear` is not below the element count.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Layout;
    ///
    /// let l = Layout::row_major([2, 3, 4]).unwrap();
    /// assert_eq!(l.unravel(23), Some([1, 2, 3]));
    /// assert_eq!(l.unravel(24), None);
    /// ```
    #[must_use]
    pub fn unravel(&self, linear: usize) -> Option<[usize; R]> {
        if linear >= self.try_len().ok()? {
            return None;
        }
        let mut index = [0usize; R];
        parts::unravel(&self.shape, linear, &mut index);
        Some(index)
    }

    /// The memory offset of `index`, after checking every index against its axis.
    ///
    /// On a layout that is valid for its storage the result is a valid storage position.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::IndexOutOfBounds`] naming the first axis whose index is too large;
    /// [`ErrorKind::Overflow`] or [`ErrorKind::BeforeStorage`] if the arithmetic leaves the
    /// range of storage positions (only possible on a layout that was never validated).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{ErrorKind, Layout};
    ///
    /// let l = Layout::from_parts([2, 3], [1, 2], 4);
    /// assert_eq!(l.try_offset_of([1, 2]).unwrap(), 9);
    /// let err = l.try_offset_of([1, 3]).unwrap_err();
    /// assert_eq!((err.kind(), err.axis()), (ErrorKind::IndexOutOfBounds, Some(1)));
    /// ```
    pub fn try_offset_of(&self, index: [usize; R]) -> Result<usize, ShapeError> {
        parts::try_offset_of(self.parts(), &index)
    }

    /// Checks every index against the size of its axis.
    /// Whether every index is below the size of its axis (the fast form of `check_index`).
    #[inline]
    pub(crate) fn in_bounds(&self, index: &[usize; R]) -> bool {
        let mut ok = true;
        for axis in 0..R {
            ok &= index[axis] < self.shape[axis];
        }
        ok
    }

    /// The memory offset of an in-bounds index, with wrapping arithmetic.
    ///
    /// For a layout valid for its storage and an in-bounds index, every partial sum lies
    /// between the lowest and highest offset the layout reaches, so nothing wraps and the
    /// result is the exact storage position (invariant 1 of `TensorBase`).
    #[inline]
    pub(crate) fn offset_of_in_bounds(&self, index: &[usize; R]) -> usize {
        parts::offset_in_bounds(&self.strides, self.offset, index)
    }

    /// Checks that this layout is valid for a storage of `storage_len` elements: the element
    /// count fits in `usize`, and every in-bounds index lands inside `0..storage_len`
    /// (computed with overflow-checked arithmetic on the lowest and highest reachable offset).
    /// A layout with no elements only needs `offset <= storage_len`.
    ///
    /// # Errors
    ///
    /// - [`ErrorKind::Overflow`] if the element count or an offset does not fit;
    /// - [`ErrorKind::BeforeStorage`] if negative strides reach below position 0;
    /// - [`ErrorKind::OutOfStorage`] if positive strides reach past the end;
    /// - [`ErrorKind::OffsetOutOfStorage`] if an empty layout's offset is past the end.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{ErrorKind, Layout};
    ///
    /// let l = Layout::row_major([2, 3]).unwrap();
    /// assert!(l.validate(6).is_ok());
    /// assert_eq!(l.validate(5).unwrap_err().kind(), ErrorKind::OutOfStorage);
    /// let flipped = Layout::from_parts([6], [-1], 4);
    /// assert_eq!(flipped.validate(6).unwrap_err().kind(), ErrorKind::BeforeStorage);
    /// ```
    pub fn validate(&self, storage_len: usize) -> Result<(), ShapeError> {
        parts::validate(self.parts(), storage_len)
    }

    /// Checks that no two in-bounds indices map to the same memory offset.
    ///
    /// The check is conservative (as ndarray's is): sorted by absolute stride, each axis longer
    /// than 1 must step further than all shorter-stride axes together can reach. Layouts built
    /// by the crate's contiguous constructors and view operations always pass; some exotic
    /// interleaved stride sets that happen to be injective are rejected.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Overlap`] naming an axis whose stride collides (for example a stride of 0
    /// on an axis longer than 1); [`ErrorKind::Overflow`] if the reach overflows.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{ErrorKind, Layout};
    ///
    /// assert!(Layout::from_parts([2, 3], [1, 2], 0).check_unique().is_ok());
    /// let broadcast = Layout::from_parts([4, 3], [0, 1], 0);
    /// let err = broadcast.check_unique().unwrap_err();
    /// assert_eq!((err.kind(), err.axis()), (ErrorKind::Overlap, Some(0)));
    /// ```
    pub fn check_unique(&self) -> Result<(), ShapeError> {
        parts::check_unique(&self.shape, &self.strides)
    }
}

/// Marks the one size that [`split`](crate::TensorBase::split) should infer from the others:
/// `t.split(Axis::<1>, [INFER, 5])`.
///
/// It is `usize::MAX`, a size no axis of a valid layout can have; `0` is not used because
/// size-0 axes are legal.
///
/// # Examples
///
/// ```
/// use ranked::{Axis, INFER, Tensor};
///
/// let t: Tensor<u8, 2> = Tensor::zeros([3, 20]);
/// assert_eq!(t.split(Axis::<1>, [4, INFER]).unwrap().shape(), &[3, 4, 5]);
/// ```
pub const INFER: usize = usize::MAX;

impl<const R: usize> Layout<R> {
    /// The layout as borrowed slices, for the shared arithmetic in [`parts`].
    #[inline]
    pub(crate) fn parts(&self) -> parts::Parts<'_> {
        parts::Parts {
            shape: &self.shape,
            strides: &self.strides,
            offset: self.offset,
        }
    }

    /// A layout filled in by `fill`, which writes shape and strides and returns the offset.
    #[inline]
    fn build(
        fill: impl FnOnce(&mut [usize], &mut [isize]) -> Result<usize, ShapeError>,
    ) -> Result<Self, ShapeError> {
        let mut shape = [0usize; R];
        let mut strides = [0isize; R];
        let offset = fill(&mut shape, &mut strides)?;
        Ok(Self {
            shape,
            strides,
            offset,
        })
    }
}

/// # View arithmetic
///
/// Every function here is O(rank), allocates nothing and only computes numbers. Given a layout
/// that is valid for some storage (see [`validate`](Self::validate)), each result is valid for
/// the same storage: every new index maps to a position an old in-bounds index mapped to, and
/// different new indices map to different old indices except where stated (`broadcast_to`,
/// `unfold`), so uniqueness is kept too. For typed tensors the compiler checks the axis numbers;
/// here, a method that returns a `Result` reports an axis at or beyond the rank as
/// [`ErrorKind::InvalidAxis`] (and never panics), while the infallible ones (`swap_axes`,
/// `unsqueeze`, `flip`, `diagonal`) panic on such an axis, as their `# Panics` sections say.
impl<const R: usize> Layout<R> {
    /// Reorders the axes: axis `i` of the result is axis `axes[i]` of `self` (PyTorch's
    /// `permute`, NumPy's `transpose`). Rank R → R.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::InvalidAxis`] if an entry is not below R; [`ErrorKind::RepeatedAxis`] if an
    /// axis appears twice (naming the axis and the position of its second appearance).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Layout;
    ///
    /// // [2, 3, 4] permuted by (2, 0, 1), as PyTorch's `permute`.
    /// let l = Layout::row_major([2, 3, 4]).unwrap().permute([2, 0, 1]).unwrap();
    /// assert_eq!((l.shape(), l.strides()), (&[4, 2, 3], &[1, 12, 4]));
    /// ```
    #[inline]
    pub fn permute(&self, axes: [usize; R]) -> Result<Self, ShapeError> {
        let mut out = *self;
        out.offset = parts::permute(self.parts(), &axes, &mut out.shape, &mut out.strides)?;
        Ok(out)
    }

    /// Swaps axes `i` and `j`. Rank R → R.
    ///
    /// # Panics
    ///
    /// If `i` or `j` is not below R.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Layout;
    ///
    /// let l = Layout::row_major([2, 3]).unwrap().swap_axes(0, 1);
    /// assert_eq!((l.shape(), l.strides()), (&[3, 2], &[1, 3]));
    /// ```
    #[must_use]
    pub fn swap_axes(&self, i: usize, j: usize) -> Self {
        let mut out = *self;
        out.shape.swap(i, j);
        out.strides.swap(i, j);
        out
    }

    /// Reverses the order of the axes (the full transpose). Rank R → R.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Layout;
    ///
    /// let l = Layout::row_major([2, 3, 4]).unwrap().reversed_axes();
    /// assert_eq!((l.shape(), l.strides()), (&[4, 3, 2], &[1, 4, 12]));
    /// ```
    #[must_use]
    pub fn reversed_axes(&self) -> Self {
        let mut out = *self;
        out.shape.reverse();
        out.strides.reverse();
        out
    }

    /// Removes `axis`, which must have size 1. Rank R → R − 1 = O.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::SizeMismatch`] if the axis does not have size 1.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Layout;
    ///
    /// let l = Layout::row_major([2, 1, 3]).unwrap();
    /// assert_eq!(l.squeeze::<2>(1).unwrap().shape(), &[2, 3]);
    /// assert!(l.squeeze::<2>(0).is_err());
    /// ```
    pub fn squeeze<const O: usize>(&self, axis: usize) -> Result<Layout<O>, ShapeError> {
        const { assert!(O + 1 == R) };
        parts::check_axis(R, axis)?;
        Layout::build(|shape, strides| parts::squeeze(self.parts(), axis, shape, strides))
    }

    /// Inserts an axis of size 1 before `axis` (`axis == R` appends). Rank R → R + 1 = O.
    ///
    /// The new axis's stride is chosen so that a contiguous layout stays contiguous (as PyTorch's `unsqueeze`):
    /// `strides[axis] · shape[axis]`, or 1 when appending.
    ///
    /// # Panics
    ///
    /// If `axis` is beyond R (the typed tensor methods prove it is not).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Layout;
    ///
    /// let l = Layout::row_major([2, 3]).unwrap().unsqueeze::<3>(1);
    /// assert_eq!((l.shape(), l.strides()), (&[2, 1, 3], &[3, 3, 1]));
    /// assert!(l.is_c_contiguous());
    /// ```
    #[inline]
    #[must_use]
    pub fn unsqueeze<const O: usize>(&self, axis: usize) -> Layout<O> {
        const { assert!(O == R + 1) };
        let mut out = Layout {
            shape: [0; O],
            strides: [0; O],
            offset: 0,
        };
        out.offset = parts::unsqueeze(self.parts(), axis, &mut out.shape, &mut out.strides);
        out
    }

    /// Fixes `axis` at `index` and removes it (PyTorch's `select`, ndarray's `index_axis`).
    /// Rank R → R − 1 = O.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::IndexOutOfBounds`] if `index` is not below the axis size.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Layout;
    ///
    /// let l = Layout::row_major([2, 3, 4]).unwrap().select::<2>(1, 2).unwrap();
    /// assert_eq!((l.shape(), l.strides(), l.offset()), (&[2, 4], &[12, 1], 8));
    /// ```
    pub fn select<const O: usize>(
        &self,
        axis: usize,
        index: usize,
    ) -> Result<Layout<O>, ShapeError> {
        const { assert!(O + 1 == R) };
        parts::check_axis(R, axis)?;
        Layout::build(|shape, strides| parts::select(self.parts(), axis, index, shape, strides))
    }

    /// Merges (flattens) axes `start..=end` into one axis whose size is their product, without
    /// copying. Rank R → R − (end − start) = O.
    ///
    /// This is possible exactly when the merged axes are contiguous with each other: walking
    /// from `end` towards `start` and skipping size-1 axes, each axis's stride must equal the
    /// next inner axis's stride times its size. (Keeping the last stride without this check, as
    /// a naive flatten does, is wrong on permuted views.) A layout with no elements always merges.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::NotContiguous`] naming the adjacent pair that breaks the rule, the stride
    /// the outer axis would need and the stride it has.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{ErrorKind, Layout};
    ///
    /// // [3, 4, 5] merged over axes 1..=2.
    /// let l = Layout::row_major([3, 4, 5]).unwrap().merge::<2>(1, 2).unwrap();
    /// assert_eq!((l.shape(), l.strides()), (&[3, 20], &[20, 1]));
    ///
    /// // A transposed matrix cannot be flattened without a copy.
    /// let t = Layout::row_major([3, 4]).unwrap().reversed_axes();
    /// let err = t.merge::<1>(0, 1).unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::NotContiguous);
    /// assert_eq!((err.axis(), err.second_axis(), err.expected(), err.found()), (Some(0), Some(1), 12, 1));
    /// ```
    pub fn merge<const O: usize>(&self, start: usize, end: usize) -> Result<Layout<O>, ShapeError> {
        const { assert!(O <= R) };
        parts::check_axis_range(R, start, end)?;
        if R - (end - start) != O {
            return Err(ShapeError::sizes(
                ErrorKind::RankMismatch,
                None,
                R - (end - start),
                O,
            ));
        }
        Layout::build(|shape, strides| parts::merge(self.parts(), start, end, shape, strides))
    }

    /// Splits `axis` into `N` axes of the given sizes, without copying; at most one size may be
    /// [`INFER`]. Rank R → R + N − 1 = O.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::MultipleInferred`] for more than one `INFER`; [`ErrorKind::NotDivisible`] if
    /// the sizes do not multiply to the axis size (or the inferred size is not whole);
    /// [`ErrorKind::CannotInfer`] if the other sizes multiply to 0, so any size would do;
    /// [`ErrorKind::Overflow`] if the product of the sizes overflows.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{INFER, Layout};
    ///
    /// // [3, 20] split on axis 1 into [infer, 5].
    /// let l = Layout::row_major([3, 20]).unwrap().split::<2, 3>(1, [INFER, 5]).unwrap();
    /// assert_eq!((l.shape(), l.strides()), (&[3, 4, 5], &[20, 5, 1]));
    /// assert!(Layout::row_major([3, 20]).unwrap().split::<2, 3>(1, [3, INFER]).is_err());
    /// ```
    pub fn split<const N: usize, const O: usize>(
        &self,
        axis: usize,
        sizes: [usize; N],
    ) -> Result<Layout<O>, ShapeError> {
        const { assert!(N >= 1 && O == R + N - 1 && N <= MAX_DYN_RANK) };
        parts::check_axis(R, axis)?;
        Layout::build(|shape, strides| parts::split(self.parts(), axis, &sizes, shape, strides))
    }

    /// Keeps `start..end` of `axis`, taking every `step`-th element; a negative step walks the
    /// range backwards from its last element (`0..5` with step −2 keeps 4, 2, 0). Rank R → R.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::ZeroStep`], [`ErrorKind::RangeOutOfBounds`] if `end` is beyond the axis,
    /// [`ErrorKind::InvalidRange`] if `start > end`. Nothing is clamped.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Layout;
    ///
    /// let l = Layout::row_major([10]).unwrap().slice_axis(0, 1, 8, -3).unwrap();
    /// assert_eq!((l.shape(), l.strides(), l.offset()), (&[3], &[-3], 7)); // 7, 4, 1
    /// ```
    pub fn slice_axis(
        &self,
        axis: usize,
        start: usize,
        end: usize,
        step: isize,
    ) -> Result<Self, ShapeError> {
        parts::check_axis(R, axis)?;
        let mut out = *self;
        out.offset = parts::slice_axis(
            &mut out.shape,
            &mut out.strides,
            self.offset,
            axis,
            (start, end, step),
        )?;
        Ok(out)
    }

    /// Keeps `len` elements of `axis` from `start` (PyTorch's `narrow`). Rank R → R.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::RangeOutOfBounds`] if `start + len` is beyond the axis;
    /// [`ErrorKind::Overflow`] if it overflows.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Layout;
    ///
    /// let l = Layout::row_major([4, 5]).unwrap().narrow(1, 1, 3).unwrap();
    /// assert_eq!((l.shape(), l.strides(), l.offset()), (&[4, 3], &[5, 1], 1));
    /// ```
    pub fn narrow(&self, axis: usize, start: usize, len: usize) -> Result<Self, ShapeError> {
        let (start, end) = parts::narrow_range(axis, start, len)?;
        self.slice_axis(axis, start, end, 1)
    }

    /// Keeps every `k`-th element of `axis`, from the first (NumPy's `a[:, ::k]`). Rank R → R.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::ZeroStep`] if `k` is 0; [`ErrorKind::Overflow`] if `k` exceeds `isize::MAX`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Layout;
    ///
    /// // [4, 5, 6] with step 2 on axis 1.
    /// let l = Layout::row_major([4, 5, 6]).unwrap().step(1, 2).unwrap();
    /// assert_eq!((l.shape(), l.strides()), (&[4, 3, 6], &[30, 12, 1]));
    /// ```
    pub fn step(&self, axis: usize, k: usize) -> Result<Self, ShapeError> {
        parts::check_axis(R, axis)?;
        let k = parts::step_of(axis, k)?;
        self.slice_axis(axis, 0, self.shape[axis], k)
    }

    /// Reshapes to `shape` without copying, if the layout allows it (see [`ReshapePlan`] for
    /// the rule and [`plan_reshape`](Self::plan_reshape) for an explanation). One size may be
    /// [`INFER`]. Rank R → N.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::NotContiguous`] naming the adjacent pair of axes that must merge but are not
    /// contiguous with each other (the stride needed and the stride found);
    /// [`ErrorKind::CountMismatch`] (with both element counts) or [`ErrorKind::Overflow`]; the
    /// errors of [`INFER`] resolution.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{ErrorKind, Layout};
    ///
    /// let l = Layout::row_major([2, 3, 4, 5]).unwrap();
    /// let r = l.reshape_view([6, 20]).unwrap();
    /// assert_eq!(r.strides(), &[20, 1]);
    /// let t = Layout::row_major([6, 8]).unwrap().reversed_axes();
    /// assert_eq!(t.reshape_view([48]).unwrap_err().kind(), ErrorKind::NotContiguous);
    /// ```
    #[inline]
    pub fn reshape_view<const N: usize>(&self, shape: [usize; N]) -> Result<Layout<N>, ShapeError> {
        Layout::build(|sh, st| reshape::reshape(self.parts(), &shape, sh, st))
    }

    /// Explains how reshaping to `shape` works: the groups of axes, what happens to each
    /// (merge, split, split-then-merge, merge-then-split, …) and whether the result is a view.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::CountMismatch`] (with both element counts), [`ErrorKind::Overflow`],
    /// [`ErrorKind::TooManyAxes`] beyond [`MAX_DYN_RANK`] axes on either side.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Layout;
    ///
    /// let plan = Layout::row_major([6, 8]).unwrap().plan_reshape(&[4, 12]).unwrap();
    /// assert_eq!(
    ///     plan.to_string(),
    ///     "[6, 8] -> [4, 12]: a view\n  old axes 0..2 [6, 8] -> new axes 0..2 [4, 12]: merge, then split"
    /// );
    /// ```
    pub fn plan_reshape(&self, shape: &[usize]) -> Result<ReshapePlan, ShapeError> {
        reshape::explain(self.parts(), shape)
    }

    /// Reverses `axis` with a negative stride. Rank R → R.
    ///
    /// # Panics
    ///
    /// If `axis` is not below R (the typed tensor methods prove it is).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Layout;
    ///
    /// // Flipping six elements gives stride -1 and offset 5.
    /// let l = Layout::row_major([6]).unwrap().flip(0);
    /// assert_eq!((l.strides(), l.offset()), (&[-1], 5));
    /// ```
    #[must_use]
    pub fn flip(&self, axis: usize) -> Self {
        let mut out = *self;
        out.offset = parts::flip(&self.shape, &mut out.strides, self.offset, axis);
        out
    }

    /// Applies the items of an [`s![]`](crate::s) description in order: integers select (and
    /// drop) an axis, ranges slice it, `NewAxis` inserts a size-1 axis. Rank R → O.
    ///
    /// # Errors
    ///
    /// The errors of [`select`](Self::select) and [`slice_axis`](Self::slice_axis) for the
    /// offending axis; [`ErrorKind::RankMismatch`] if the items do not consume exactly R axes
    /// and produce exactly O (the typed API rules this out at compile time).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Layout, NewAxis, s};
    ///
    /// let l = Layout::row_major([4, 5]).unwrap();
    /// let v = l.slice_items::<2>(s![1..;2, NewAxis, -1].items()).unwrap();
    /// assert_eq!((v.shape(), v.strides(), v.offset()), (&[2, 1], &[10, 0], 9));
    /// ```
    #[inline]
    pub fn slice_items<const O: usize>(
        &self,
        items: &[crate::slice::item::SliceItem],
    ) -> Result<Layout<O>, ShapeError> {
        Layout::build(|shape, strides| parts::slice_items(self.parts(), items, shape, strides))
    }

    /// Broadcasts to `shape` (NumPy rules, aligned on the right): a size-1 axis stretches with
    /// stride 0, new leading axes get stride 0, other sizes must match. Rank R → N ≥ R.
    ///
    /// The result maps many indices to one element: only read-only tensors may use it
    /// (invariant 2 of [`TensorBase`](crate::TensorBase)).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::BroadcastMismatch`] naming the target axis whose size cannot be reached;
    /// [`ErrorKind::Overflow`] if the target's element count overflows.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Layout;
    ///
    /// // [3, 1, 4] expanded to [2, 3, 2, 4], as PyTorch's `expand`.
    /// let l = Layout::row_major([3, 1, 4]).unwrap().broadcast_to([2, 3, 2, 4]).unwrap();
    /// assert_eq!(l.strides(), &[0, 4, 0, 1]);
    /// ```
    #[inline]
    pub fn broadcast_to<const N: usize>(&self, shape: [usize; N]) -> Result<Layout<N>, ShapeError> {
        const { assert!(N >= R) };
        Layout::build(|out, strides| parts::broadcast(self.parts(), &shape, out, strides))
    }

    /// The diagonal over axes `d1` and `d2` with the given offset, by PyTorch's rules:
    /// both axes are removed and the diagonal is appended as the last axis, with stride
    /// `strides[d1] + strides[d2]`. For `offset ≥ 0` the diagonal starts at `[0, offset]`
    /// and has `min(shape[d1], shape[d2] − offset)` elements; for `offset < 0` it starts at
    /// `[−offset, 0]` and has `min(shape[d1] + offset, shape[d2])` elements (never fewer than
    /// 0). Rank R → R − 1 = O.
    ///
    /// # Panics
    ///
    /// If `d1 == d2` or either is not below R.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Layout;
    ///
    /// // [2, 4, 4] with (-1, 1, 2), then (1, 0, 1), as PyTorch's `diagonal`.
    /// let l = Layout::row_major([2, 4, 4]).unwrap().diagonal::<2>(-1, 1, 2);
    /// assert_eq!((l.shape(), l.strides(), l.offset()), (&[2, 3], &[16, 5], 4));
    /// let l = l.diagonal::<1>(1, 0, 1);
    /// assert_eq!((l.shape(), l.strides(), l.offset()), (&[2], &[21], 9));
    /// ```
    #[must_use]
    pub fn diagonal<const O: usize>(&self, offset: isize, d1: usize, d2: usize) -> Layout<O> {
        const { assert!(O + 1 == R) };
        assert!(
            d1 != d2 && d1 < R && d2 < R,
            "diagonal needs two different axes below the rank"
        );
        let mut out = Layout {
            shape: [0; O],
            strides: [0; O],
            offset: 0,
        };
        out.offset = parts::diagonal(
            self.parts(),
            offset,
            d1,
            d2,
            &mut out.shape,
            &mut out.strides,
        );
        out
    }

    /// Sliding windows of `size` elements along `axis`, one every `step` elements (PyTorch's
    /// `unfold`): the axis becomes the window count `(shape[axis] − size) / step + 1` with
    /// stride `strides[axis] · step`, and a new last axis of length `size` walks each window.
    /// Rank R → R + 1 = O.
    ///
    /// Windows that overlap (`step < size`) map several indices to one element: only read-only
    /// tensors may use the result (invariant 2 of [`TensorBase`](crate::TensorBase)).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::ZeroStep`]; [`ErrorKind::RangeOutOfBounds`] if `size` exceeds the axis.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Layout;
    ///
    /// // [2, 3, 4] with (1, 2, 1), as PyTorch's `unfold`.
    /// let l = Layout::row_major([2, 3, 4]).unwrap().unfold::<4>(1, 2, 1).unwrap();
    /// assert_eq!((l.shape(), l.strides()), (&[2, 2, 4, 2], &[12, 4, 1, 4]));
    /// ```
    pub fn unfold<const O: usize>(
        &self,
        axis: usize,
        size: usize,
        step: usize,
    ) -> Result<Layout<O>, ShapeError> {
        const { assert!(O == R + 1) };
        parts::check_axis(R, axis)?;
        Layout::build(|shape, strides| {
            parts::unfold(self.parts(), axis, size, step, shape, strides)
        })
    }
}

/// The shape two shapes broadcast to, by NumPy's rules: align on the right; sizes must be equal
/// or one of them 1; the result has the larger rank, computed at compile time.
///
/// # Errors
///
/// [`ErrorKind::BroadcastMismatch`] naming the result axis where the sizes conflict
/// (`expected` is `a`'s size, `found` is `b`'s).
///
/// # Examples
///
/// ```
/// use ranked::layout::broadcast_shapes;
///
/// let s: [usize; 4] = broadcast_shapes([8, 1, 6, 1], [7, 1, 5]).unwrap();
/// assert_eq!(s, [8, 7, 6, 5]);
/// assert!(broadcast_shapes([2, 3], [4, 3]).is_err());
/// ```
pub fn broadcast_shapes<const R1: usize, const R2: usize, const O: usize>(
    a: [usize; R1],
    b: [usize; R2],
) -> Result<[usize; O], ShapeError>
where
    crate::Rank<R1>: crate::BroadcastRanks<R2, Out = crate::Rank<O>>,
{
    let mut out = [1usize; O];
    for i in 0..O {
        // Sizes at result axis i, counting from the right; missing axes count as 1.
        let from_right = O - 1 - i;
        let x = if from_right < R1 {
            a[R1 - 1 - from_right]
        } else {
            1
        };
        let y = if from_right < R2 {
            b[R2 - 1 - from_right]
        } else {
            1
        };
        out[i] = if x == y || y == 1 {
            x
        } else if x == 1 {
            y
        } else {
            return Err(ShapeError::sizes(
                ErrorKind::BroadcastMismatch,
                Some(i),
                x,
                y,
            ));
        };
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_row_major_strides() {
        let l = Layout::row_major([10, 9, 5, 13]).unwrap();
        assert_eq!(l.strides(), &[585, 65, 13, 1]);
        assert_eq!(l.offset(), 0);
        assert_eq!(l.try_len().unwrap(), 5850);
    }

    #[test]
    fn column_major_strides_and_kinds() {
        let l = Layout::column_major([10, 9, 5, 13]).unwrap();
        assert_eq!(l.strides(), &[1, 10, 90, 450]);
        assert_eq!(l.kind(), LayoutKind::ColumnMajor);
        assert_eq!(Layout::row_major([3]).unwrap().kind(), LayoutKind::Both);
        assert_eq!(Layout::row_major([]).unwrap().kind(), LayoutKind::Both);
        assert_eq!(
            Layout::from_parts([2, 2], [2, 2], 0).kind(),
            LayoutKind::Strided
        );
    }

    #[test]
    fn zero_size_axes_keep_meaningful_strides() {
        let l = Layout::row_major([2, 0, 3]).unwrap();
        assert_eq!(l.strides(), &[3, 3, 1]);
        assert!(l.is_empty());
        assert_eq!(l.try_len().unwrap(), 0);
        assert!(l.is_c_contiguous() && l.is_f_contiguous());
    }

    #[test]
    fn strides_overflow_is_an_error() {
        let err = Layout::row_major([usize::MAX, 2]).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Overflow);
        assert_eq!(err.axis(), Some(0));
        let err = Layout::column_major([2, usize::MAX / 2 + 1]).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Overflow);
    }

    #[test]
    fn contiguous_layouts_count_their_elements() {
        let big = isize::MAX as usize;
        let count = |shape: &[usize], order| {
            let mut strides = [0; 3];
            parts::contiguous_strides(shape, order, &mut strides[..shape.len()])
        };
        for order in [Order::RowMajor, Order::ColumnMajor] {
            assert_eq!(count(&[2, 3, 4], order).unwrap(), 24);
            assert_eq!(count(&[], order).unwrap(), 1);
            // Empty: no elements, strides even where the product of the others overflows.
            assert_eq!(count(&[big, 0, big], order).unwrap(), 0);
            // The largest count that fits in `isize`, and one past it.
            assert_eq!(count(&[big, 1], order).unwrap(), big);
            let err = count(&[big / 2 + 1, 2], order).unwrap_err();
            assert_eq!(err.kind(), ErrorKind::Overflow);
            // The storage's length must match the count, in either direction.
            let l = Layout::contiguous_of_len([2, 3], order, 6).unwrap();
            assert_eq!(l, Layout::with_order([2, 3], order).unwrap());
            for held in [5, 7, 0] {
                for err in [
                    Layout::contiguous_of_len([2, 3], order, held).unwrap_err(),
                    DynLayout::contiguous_of_len(&[2, 3], order, held).unwrap_err(),
                ] {
                    assert_eq!(
                        (err.kind(), err.expected(), err.found()),
                        (ErrorKind::LengthMismatch, 6, held as i128)
                    );
                }
            }
        }
        let l = DynLayout::contiguous_of_len(&[4, 0, 2], Order::RowMajor, 0).unwrap();
        assert_eq!(l.strides(), &[2, 2, 1]);
    }

    #[test]
    fn checked_len_cases() {
        assert_eq!(checked_len(&[]).unwrap(), 1);
        assert_eq!(checked_len(&[0, 5]).unwrap(), 0);
        assert_eq!(checked_len(&[usize::MAX, 2]).unwrap_err().axis(), Some(1));
        // A zero after an overflowing prefix still means no elements.
        assert_eq!(checked_len(&[usize::MAX, 2, 0]).unwrap(), 0);
    }

    #[test]
    fn checked_len_pairs_and_remainder() {
        // Every length from 0 to 7, odd ones ending in the remainder.
        let sizes: [usize; 7] = core::array::from_fn(|i| i + 2);
        for n in 0..8 {
            let shape = &sizes[..n];
            assert_eq!(
                checked_len(shape).unwrap(),
                shape.iter().product::<usize>(),
                "{n}"
            );
        }
        let half = 1usize << (usize::BITS / 2);
        // The even and odd products each fit; only their product overflows.
        assert_eq!(checked_len(&[half, half]).unwrap_err().axis(), Some(1));
        assert_eq!(checked_len(&[half, half, 0]).unwrap(), 0);
        // Overflow in the remainder, and in the even product while the sequential product
        // overflows only at the last axis.
        assert_eq!(
            checked_len(&[2, 3, usize::MAX]).unwrap_err().axis(),
            Some(2)
        );
        let e = checked_len(&[half << 1, 3, half >> 1]).unwrap_err();
        assert_eq!((e.kind(), e.axis()), (ErrorKind::Overflow, Some(2)));
        // Large products that fit.
        let big = [half >> 1, half >> 1, 3];
        assert_eq!(checked_len(&big).unwrap(), (half >> 1) * (half >> 1) * 3);
        assert_eq!(checked_len(&[usize::MAX, 1, 1]).unwrap(), usize::MAX);
    }

    #[test]
    fn stretched_axes_are_checked_unless_empty() {
        let long = isize::MAX as usize + 2;
        let err = parts::check_stretched(&[long, 3], &[0, 1]).unwrap_err();
        assert_eq!((err.kind(), err.axis()), (ErrorKind::Overflow, Some(0)));
        let err = parts::check_stretched(&[3, long, long], &[1, 0, 0]).unwrap_err();
        assert_eq!(err.axis(), Some(1), "the first stretched axis is named");
        // An axis of size 0 anywhere: no elements, nothing to check.
        assert!(parts::check_stretched(&[long, 0], &[0, 1]).is_ok());
        assert!(parts::check_stretched(&[0, long], &[1, 0]).is_ok());
        // A long axis with a stride is not stretched; `size - 1 == isize::MAX` fits.
        assert!(parts::check_stretched(&[long], &[1]).is_ok());
        assert!(parts::check_stretched(&[long - 1], &[0]).is_ok());
    }

    #[test]
    fn ravel_unravel_roundtrip() {
        let l = Layout::row_major([2, 3, 4]).unwrap();
        for lin in 0..24 {
            let idx = l.unravel(lin).unwrap();
            assert_eq!(l.ravel(idx), Some(lin));
        }
        assert_eq!(l.ravel([0, 3, 0]), None);
        assert_eq!(l.unravel(24), None);
        let scalar = Layout::row_major([]).unwrap();
        assert_eq!(scalar.ravel([]), Some(0));
        assert_eq!(scalar.unravel(0), Some([]));
        assert_eq!(scalar.unravel(1), None);
        let empty = Layout::row_major([3, 0]).unwrap();
        assert_eq!(empty.unravel(0), None);
    }

    #[test]
    fn offsets_with_negative_strides() {
        let flipped = Layout::from_parts([6], [-1], 5);
        assert!(flipped.validate(6).is_ok());
        assert_eq!(flipped.try_offset_of([0]).unwrap(), 5);
        assert_eq!(flipped.try_offset_of([5]).unwrap(), 0);
        let err = flipped.try_offset_of([6]).unwrap_err();
        assert_eq!(err, ShapeError::index_out_of_bounds(0, 6, 6));
        let unvalidated = Layout::from_parts([3], [-1], 0);
        assert_eq!(
            unvalidated.try_offset_of([2]).unwrap_err().kind(),
            ErrorKind::BeforeStorage
        );
    }

    #[test]
    fn contiguity_ignores_size_one_axes() {
        assert!(Layout::from_parts([1, 4], [1000, 1], 0).is_c_contiguous());
        assert!(Layout::from_parts([4, 1], [1, 0], 0).is_f_contiguous());
        assert!(!Layout::from_parts([4, 2], [1, 4], 0).is_c_contiguous());
        assert!(!Layout::from_parts([4], [-1], 3).is_c_contiguous());
    }

    #[test]
    fn validate_cases() {
        let l = Layout::from_parts([2, 3], [3, 1], 1);
        assert!(l.validate(7).is_ok());
        assert_eq!(
            l.validate(6).unwrap_err(),
            ShapeError::sizes(ErrorKind::OutOfStorage, None, 6, 6)
        );
        let neg = Layout::from_parts([2, 3], [-3, -1], 4);
        assert_eq!(
            neg.validate(10).unwrap_err(),
            ShapeError::sizes(ErrorKind::BeforeStorage, None, 0, 1)
        );
        assert!(Layout::from_parts([2, 3], [-3, -1], 5).validate(6).is_ok());
        let empty = Layout::from_parts([0, 3], [3, 1], 4);
        assert!(empty.validate(4).is_ok());
        assert_eq!(
            empty.validate(3).unwrap_err().kind(),
            ErrorKind::OffsetOutOfStorage
        );
        let huge = Layout::from_parts([usize::MAX], [2], 0);
        assert_eq!(
            huge.validate(usize::MAX).unwrap_err().kind(),
            ErrorKind::Overflow
        );
        let offset_too_big = Layout::from_parts([1], [1], usize::MAX);
        assert_eq!(
            offset_too_big.validate(usize::MAX).unwrap_err().kind(),
            ErrorKind::Overflow
        );
        let bcast = Layout::from_parts([usize::MAX, usize::MAX], [0, 0], 0);
        assert_eq!(bcast.validate(1).unwrap_err().kind(), ErrorKind::Overflow);
        // rank 0: one element at `offset`.
        assert!(Layout::from_parts([], [], 2).validate(3).is_ok());
        assert!(Layout::from_parts([], [], 3).validate(3).is_err());
    }

    #[test]
    fn uniqueness() {
        assert!(Layout::row_major([3, 4]).unwrap().check_unique().is_ok());
        assert!(
            Layout::from_parts([3, 4], [-1, 3], 2)
                .check_unique()
                .is_ok()
        );
        assert!(
            Layout::from_parts([3, 1, 4], [4, 0, 1], 0)
                .check_unique()
                .is_ok()
        );
        assert!(Layout::from_parts([3, 0], [0, 0], 0).check_unique().is_ok());
        let err = Layout::from_parts([3, 4], [2, 1], 0)
            .check_unique()
            .unwrap_err();
        assert_eq!((err.kind(), err.axis()), (ErrorKind::Overlap, Some(0)));
        assert!(
            Layout::from_parts([2, 2], [0, 1], 0)
                .check_unique()
                .is_err()
        );
    }

    #[test]
    fn advance_walks_row_major_order() {
        let l = Layout::from_parts([2, 3], [1, 2], 0);
        let mut idx = [0, 0];
        let mut pos = l.offset();
        let mut seen = [0usize; 6];
        let mut n = 0;
        loop {
            assert_eq!(pos, l.offset_of_in_bounds(&idx));
            seen[n] = pos;
            n += 1;
            if !parts::advance(l.shape(), l.strides(), &mut idx, &mut pos) {
                break;
            }
        }
        assert_eq!(n, 6);
        assert_eq!(seen, [0, 2, 4, 1, 3, 5]);
        assert_eq!(idx, [0, 0]);
    }

    /// Every worked number of the seeds' view operations.
    #[test]
    fn seed_view_numbers() {
        let l = Layout::row_major([2, 3, 4])
            .unwrap()
            .permute([2, 0, 1])
            .unwrap();
        assert_eq!((l.shape(), l.strides()), (&[4, 2, 3], &[1, 12, 4]));

        let m = Layout::row_major([3, 4, 5])
            .unwrap()
            .merge::<2>(1, 2)
            .unwrap();
        assert_eq!((m.shape(), m.strides()), (&[3, 20], &[20, 1]));

        let sp = m.split::<2, 3>(1, [INFER, 5]).unwrap();
        assert_eq!((sp.shape(), sp.strides()), (&[3, 4, 5], &[20, 5, 1]));

        let st = Layout::row_major([4, 5, 6]).unwrap().step(1, 2).unwrap();
        assert_eq!((st.shape(), st.strides()), (&[4, 3, 6], &[30, 12, 1]));
        assert_eq!(
            Layout::row_major([10]).unwrap().step(0, 3).unwrap().shape(),
            &[4]
        );

        let f = Layout::row_major([6]).unwrap().flip(0);
        assert_eq!((f.shape(), f.strides(), f.offset()), (&[6], &[-1], 5));

        let b = Layout::row_major([3, 1, 4])
            .unwrap()
            .broadcast_to([2, 3, 2, 4])
            .unwrap();
        assert_eq!((b.shape(), b.strides()), (&[2, 3, 2, 4], &[0, 4, 0, 1]));

        let d = Layout::row_major([2, 4, 4])
            .unwrap()
            .diagonal::<2>(-1, 1, 2);
        assert_eq!((d.shape(), d.strides(), d.offset()), (&[2, 3], &[16, 5], 4));
        let d = d.diagonal::<1>(1, 0, 1);
        assert_eq!((d.shape(), d.strides(), d.offset()), (&[2], &[21], 9));

        let u = Layout::row_major([2, 3, 4])
            .unwrap()
            .unfold::<4>(1, 2, 1)
            .unwrap();
        assert_eq!((u.shape(), u.strides()), (&[2, 2, 4, 2], &[12, 4, 1, 4]));

        let n = Layout::row_major([4, 5]).unwrap().narrow(1, 2, 3).unwrap();
        assert_eq!((n.shape(), n.strides(), n.offset()), (&[4, 3], &[5, 1], 2));
    }

    /// Keeping the last stride when merging (a naive merge) is wrong on a permuted view: the
    /// merge must refuse, naming the pair.
    #[test]
    fn merge_refuses_permuted_axes() {
        let p = Layout::row_major([3, 4, 5])
            .unwrap()
            .permute([0, 2, 1])
            .unwrap();
        assert_eq!(p.strides(), &[20, 1, 5]);
        let err = p.merge::<2>(1, 2).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::NotContiguous);
        assert_eq!((err.axis(), err.second_axis()), (Some(1), Some(2)));
        assert_eq!((err.expected(), err.found()), (20, 1));
        // Size-1 axes never break a group, whatever their stride.
        let ones = Layout::from_parts([2, 1, 3], [3, 99, 1], 0);
        let m = ones.merge::<1>(0, 2).unwrap();
        assert_eq!((m.shape(), m.strides()), (&[6], &[1]));
        // Negative strides merge when they are contiguous with each other.
        let rev = Layout::row_major([2, 3]).unwrap().flip(0).flip(1);
        let m = rev.merge::<1>(0, 1).unwrap();
        assert_eq!((m.shape(), m.strides(), m.offset()), (&[6], &[-1], 5));
    }

    #[test]
    fn view_errors_name_what_and_where() {
        let l = Layout::row_major([2, 3]).unwrap();
        assert_eq!(
            l.permute([0, 0]).unwrap_err(),
            ShapeError::sizes(ErrorKind::RepeatedAxis, Some(1), 1, 0)
        );
        assert_eq!(
            l.permute([0, 2]).unwrap_err(),
            ShapeError::invalid_axis(2, 2)
        );
        assert_eq!(
            l.squeeze::<1>(1).unwrap_err(),
            ShapeError::size_mismatch(1, 1, 3)
        );
        assert_eq!(
            l.select::<1>(0, 2).unwrap_err(),
            ShapeError::index_out_of_bounds(0, 2, 2)
        );
        assert_eq!(l.step(1, 0).unwrap_err(), ShapeError::zero_step(1));
        assert_eq!(
            l.slice_axis(1, 2, 1, 1).unwrap_err().kind(),
            ErrorKind::InvalidRange
        );
        assert_eq!(
            l.slice_axis(1, 0, 4, 1).unwrap_err(),
            ShapeError::range_out_of_bounds(1, 3, 4)
        );
        assert_eq!(
            l.split::<2, 3>(1, [INFER, INFER]).unwrap_err().kind(),
            ErrorKind::MultipleInferred
        );
        assert_eq!(
            l.split::<2, 3>(1, [2, INFER]).unwrap_err(),
            ShapeError::sizes(ErrorKind::NotDivisible, Some(1), 3, 2)
        );
        assert_eq!(
            l.broadcast_to([2, 4]).unwrap_err(),
            ShapeError::sizes(ErrorKind::BroadcastMismatch, Some(1), 4, 3)
        );
        assert_eq!(
            l.unfold::<3>(1, 4, 1).unwrap_err(),
            ShapeError::range_out_of_bounds(1, 3, 4)
        );
        assert_eq!(
            l.unfold::<3>(1, 2, 0).unwrap_err(),
            ShapeError::zero_step(1)
        );
        assert_eq!(
            broadcast_shapes([2, 3], [4, 3]).unwrap_err(),
            ShapeError::sizes(ErrorKind::BroadcastMismatch, Some(0), 2, 4)
        );
    }

    #[test]
    fn empty_layouts_keep_their_offset() {
        let l = Layout::from_parts([0, 3], [3, -1], 2);
        assert_eq!(l.flip(1).offset(), 2);
        assert_eq!(l.select::<1>(1, 2).unwrap().offset(), 2);
        assert_eq!(l.slice_axis(1, 1, 3, -1).unwrap().offset(), 2);
        let d = Layout::row_major([3, 3]).unwrap().diagonal::<1>(5, 0, 1);
        assert_eq!((d.shape(), d.offset()), (&[0], 0));
        assert!(d.validate(9).is_ok());
    }
}
