//! Shape, strides and offset: where each logical index lives in memory.
//!
//! [`Layout<R>`] is pure arithmetic: it knows nothing about storage and never allocates. All
//! stride arithmetic of the crate lives here; tensor methods delegate to it.
//!
//! This file holds the [`Layout`] type, its constructors and element counts; `view` the view
//! arithmetic, `reshape` the reshape planner, `dynamic` the run-time-rank layout, `parts` the
//! rank-erased form the engine and the conversions read, `grid` the cutting of a layout into
//! pieces, `product` and `einsum` the layouts of products.
//!
//! A layout maps an index `[i0, i1, …]` (each `ik < shape[k]`) to the memory offset
//! `offset + Σ ik · strides[k]`. Strides are signed, so a layout can walk its storage backwards
//! (a flipped vector, NumPy's `a[::-1]`: shape `[6]`, stride `[-1]`, offset `5`).

// Loops here walk several per-axis arrays (shape, strides, index) in step; indexing by axis
// reads better than zipping three iterators.
#![allow(clippy::needless_range_loop)]

use core::fmt;

use crate::error::{ErrorKind, ShapeError};

pub(crate) mod axis_set;
mod dynamic;
pub(crate) mod einsum;
mod grid;
pub(crate) mod parts;
pub(crate) mod product;
mod reshape;
#[cfg(feature = "linalg")]
pub(crate) mod stack;
#[cfg(test)]
mod tests;
mod view;

pub use dynamic::{DynLayout, DynShape, MAX_DYN_RANK};
pub(crate) use grid::{Grid, GridLayout, span, split_at};
pub use reshape::{Group, GroupKind, ReshapePlan, Verdict};
pub(crate) use view::broadcast_except;
pub use view::broadcast_shapes;

/// Whether code takes its smallest form rather than its fastest: on bare-metal targets
/// (`target_os = "none"`, microcontrollers), where code is flash that firmware pays for, data
/// caches are a few KiB or absent, and the cores have no vector unit for auto-vectorised slice
/// loops to use. The engine's loops and the layouts' shortcuts consult it (defined here, the
/// lowest of the modules that do). Each computes the same result, to the bit, either way (the
/// extremes: the same value; of elements that compare equal, such as `0.0` and `-0.0`, which
/// one is returned may differ, as their docs allow).
pub(crate) const SMALL_CODE: bool = cfg!(target_os = "none");

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
    /// the strides of [`row_major`](Self::row_major) (size-0 axes count as size 1), or `None`
    /// unless the shape's element count is `len` and the product of its sizes, size-0 axes
    /// counted as 1, fits `isize` (computed without overflow). O(R).
    ///
    /// Also the constructor for results whose shape is known good (a map, an element-wise
    /// operation): computed in registers for the fixed rank, it skips the general checks,
    /// whose strides written piece by piece through a slice and read back whole were most of a
    /// tiny tensor's construction.
    #[inline]
    pub(crate) const fn row_major_exact(shape: [usize; R], len: usize) -> Option<Self> {
        let mut strides = [0isize; R];
        // The product of the sizes so far, size-0 axes counted as 1 (the strides), and whether
        // one was 0.
        let mut step = 1usize;
        let mut empty = false;
        let mut axis = R;
        while axis > 0 {
            axis -= 1;
            // At most `isize::MAX`: checked when it was made.
            strides[axis] = step as isize;
            let dim = shape[axis];
            empty |= dim == 0;
            step = match step.checked_mul(if dim == 0 { 1 } else { dim }) {
                Some(c) if c <= isize::MAX as usize => c,
                _ => return None,
            };
        }
        if len != if empty { 0 } else { step } {
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
    #[cfg(any(test, feature = "rayon", feature = "nalgebra"))]
    #[inline]
    pub(crate) fn offset_of_in_bounds(&self, index: &[usize; R]) -> usize {
        parts::offset_in_bounds(&self.strides, self.offset, index)
    }

    /// How far an in-bounds index lies from the first element, `offset_of_in_bounds(index) -
    /// offset()`, with wrapping arithmetic (exact as there). Element access adds it to a
    /// pointer to the first element, which an indexing loop computes once.
    #[inline]
    pub(crate) fn displacement_of_in_bounds(&self, index: &[usize; R]) -> isize {
        parts::displacement_in_bounds(&self.strides, index)
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
    pub(crate) fn parts(&self) -> parts::RawLayout<'_> {
        parts::RawLayout {
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
