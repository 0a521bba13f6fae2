//! Shape, strides and offset: where each logical index lives in memory.
//!
//! [`Layout<R>`] is pure arithmetic: it knows nothing about storage and never allocates. All
//! stride arithmetic of the crate lives here; tensor methods delegate to it.
//!
//! A layout maps an index `[i0, i1, …]` (each `ik < shape[k]`) to the memory offset
//! `offset + Σ ik · strides[k]`. Strides are signed, so a layout can walk its storage backwards
//! (see seed 003's flipped vector: shape `[6]`, stride `[-1]`, offset `5`).

// Loops here walk several per-axis arrays (shape, strides, index) in step; indexing by axis
// reads better than zipping three iterators.
#![allow(clippy::needless_range_loop)]

use core::fmt;

use crate::error::{ErrorKind, ShapeError};

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
/// // Seed 000: the row-major strides of shape [10, 9, 5, 13].
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

/// Contiguous strides for `shape` in `order`. Size-0 axes count as size 1 so that strides stay
/// meaningful (NumPy does the same); the product must fit in `isize`.
fn contiguous_strides<const R: usize>(
    shape: &[usize; R],
    order: Order,
) -> Result<[isize; R], ShapeError> {
    let mut strides = [0isize; R];
    let mut step: isize = 1;
    let mut visit = |axis: usize| -> Result<(), ShapeError> {
        strides[axis] = step;
        let dim =
            isize::try_from(shape[axis].max(1)).map_err(|_| ShapeError::overflow(Some(axis)))?;
        step = step
            .checked_mul(dim)
            .ok_or(ShapeError::overflow(Some(axis)))?;
        Ok(())
    };
    match order {
        Order::RowMajor => (0..R).rev().try_for_each(&mut visit)?,
        Order::ColumnMajor => (0..R).try_for_each(&mut visit)?,
    }
    Ok(strides)
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
pub fn checked_len(shape: &[usize]) -> Result<usize, ShapeError> {
    // A shape with a zero anywhere has no elements, even if the product of the other sizes
    // would overflow.
    if shape.contains(&0) {
        return Ok(0);
    }
    let mut n: usize = 1;
    for (axis, &dim) in shape.iter().enumerate() {
        n = n.checked_mul(dim).ok_or(ShapeError::overflow(Some(axis)))?;
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
        let strides = contiguous_strides(&shape, order)?;
        Ok(Self {
            shape,
            strides,
            offset: 0,
        })
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
    /// // Seed 003: a flipped vector of six elements.
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
        self.is_contiguous_in((0..R).rev())
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
        self.is_contiguous_in(0..R)
    }

    fn is_contiguous_in(&self, axes_fastest_first: impl Iterator<Item = usize>) -> bool {
        if self.is_empty() {
            return true;
        }
        let mut expected: isize = 1;
        for axis in axes_fastest_first {
            let dim = self.shape[axis];
            if dim == 1 {
                continue;
            }
            if self.strides[axis] != expected {
                return false;
            }
            // `dim` > 1 and the layout is not empty; on overflow it cannot be contiguous.
            match isize::try_from(dim)
                .ok()
                .and_then(|d| expected.checked_mul(d))
            {
                Some(next) => expected = next,
                None => return false,
            }
        }
        true
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
        match (self.is_c_contiguous(), self.is_f_contiguous()) {
            (true, true) => LayoutKind::Both,
            (true, false) => LayoutKind::RowMajor,
            (false, true) => LayoutKind::ColumnMajor,
            (false, false) => LayoutKind::Strided,
        }
    }

    /// The row-major linear position of `index` within the shape (seed 000's `ravel`), or
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
        let mut linear: usize = 0;
        for axis in 0..R {
            if index[axis] >= self.shape[axis] {
                return None;
            }
            linear = linear
                .checked_mul(self.shape[axis])?
                .checked_add(index[axis])?;
        }
        Some(linear)
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
    pub fn unravel(&self, mut linear: usize) -> Option<[usize; R]> {
        if linear >= self.try_len().ok()? {
            return None;
        }
        let mut index = [0usize; R];
        for axis in (0..R).rev() {
            let dim = self.shape[axis];
            index[axis] = linear % dim;
            linear /= dim;
        }
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
        self.check_index(&index)?;
        let mut pos = isize::try_from(self.offset).map_err(|_| ShapeError::overflow(None))?;
        for axis in 0..R {
            let step = isize::try_from(index[axis])
                .ok()
                .and_then(|i| i.checked_mul(self.strides[axis]))
                .and_then(|s| pos.checked_add(s))
                .ok_or(ShapeError::overflow(Some(axis)))?;
            pos = step;
        }
        usize::try_from(pos)
            .map_err(|_| ShapeError::new(ErrorKind::BeforeStorage, None, 0, -(pos as i128)))
    }

    /// Checks every index against the size of its axis.
    pub(crate) fn check_index(&self, index: &[usize; R]) -> Result<(), ShapeError> {
        for axis in 0..R {
            if index[axis] >= self.shape[axis] {
                return Err(ShapeError::index_out_of_bounds(
                    axis,
                    self.shape[axis],
                    index[axis],
                ));
            }
        }
        Ok(())
    }

    /// The memory offset of an in-bounds index, with wrapping arithmetic.
    ///
    /// For a layout valid for its storage and an in-bounds index, every partial sum lies
    /// between the lowest and highest offset the layout reaches, so nothing wraps and the
    /// result is the exact storage position (invariant 1 of `TensorBase`).
    #[inline]
    pub(crate) fn offset_of_in_bounds(&self, index: &[usize; R]) -> usize {
        let mut pos = self.offset;
        for axis in 0..R {
            pos = pos.wrapping_add_signed((index[axis] as isize).wrapping_mul(self.strides[axis]));
        }
        pos
    }

    /// Steps `index` to the next index in row-major order and `pos` to its memory offset.
    /// Returns `false` (leaving `index` at all zeros) after the last index.
    ///
    /// Uses wrapping arithmetic; for a valid layout every offset reached for an in-bounds
    /// index is exact (see [`offset_of_in_bounds`](Self::offset_of_in_bounds)).
    #[inline]
    pub(crate) fn advance(&self, index: &mut [usize; R], pos: &mut usize) -> bool {
        for axis in (0..R).rev() {
            index[axis] += 1;
            *pos = pos.wrapping_add_signed(self.strides[axis]);
            if index[axis] < self.shape[axis] {
                return true;
            }
            // Back to the start of this axis: undo `shape[axis]` steps.
            *pos = pos.wrapping_add_signed(
                (self.shape[axis] as isize)
                    .wrapping_mul(self.strides[axis])
                    .wrapping_neg(),
            );
            index[axis] = 0;
        }
        false
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
        if self.try_len()? == 0 {
            if self.offset > storage_len {
                return Err(ShapeError::new(
                    ErrorKind::OffsetOutOfStorage,
                    None,
                    storage_len as i128,
                    self.offset as i128,
                ));
            }
            return Ok(());
        }
        let start = isize::try_from(self.offset).map_err(|_| ShapeError::overflow(None))?;
        let (mut low, mut high) = (start, start);
        for axis in 0..R {
            let span = isize::try_from(self.shape[axis] - 1)
                .ok()
                .and_then(|d| d.checked_mul(self.strides[axis]))
                .ok_or(ShapeError::overflow(Some(axis)))?;
            let bound = if span < 0 { &mut low } else { &mut high };
            *bound = bound
                .checked_add(span)
                .ok_or(ShapeError::overflow(Some(axis)))?;
        }
        if low < 0 {
            return Err(ShapeError::new(
                ErrorKind::BeforeStorage,
                None,
                0,
                low.unsigned_abs() as i128,
            ));
        }
        let high = high.unsigned_abs();
        if high >= storage_len {
            return Err(ShapeError::new(
                ErrorKind::OutOfStorage,
                None,
                storage_len as i128,
                high as i128,
            ));
        }
        Ok(())
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
        if self.is_empty() {
            return Ok(());
        }
        // Axes longer than 1, sorted by absolute stride (insertion sort: R is small).
        let mut order = [0usize; R];
        let mut n = 0;
        for axis in 0..R {
            if self.shape[axis] > 1 {
                let key = self.strides[axis].unsigned_abs();
                let mut at = n;
                while at > 0 && self.strides[order[at - 1]].unsigned_abs() > key {
                    order[at] = order[at - 1];
                    at -= 1;
                }
                order[at] = axis;
                n += 1;
            }
        }
        let mut reach: usize = 0;
        for &axis in &order[..n] {
            let stride = self.strides[axis].unsigned_abs();
            if stride <= reach {
                return Err(ShapeError::new(
                    ErrorKind::Overlap,
                    Some(axis),
                    reach as i128 + 1,
                    stride as i128,
                ));
            }
            reach = (self.shape[axis] - 1)
                .checked_mul(stride)
                .and_then(|s| s.checked_add(reach))
                .ok_or(ShapeError::overflow(Some(axis)))?;
        }
        Ok(())
    }
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
    fn checked_len_cases() {
        assert_eq!(checked_len(&[]).unwrap(), 1);
        assert_eq!(checked_len(&[0, 5]).unwrap(), 0);
        assert_eq!(checked_len(&[usize::MAX, 2]).unwrap_err().axis(), Some(1));
        // A zero after an overflowing prefix still means no elements.
        assert_eq!(checked_len(&[usize::MAX, 2, 0]).unwrap(), 0);
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
            ShapeError::new(ErrorKind::OutOfStorage, None, 6, 6)
        );
        let neg = Layout::from_parts([2, 3], [-3, -1], 4);
        assert_eq!(
            neg.validate(10).unwrap_err(),
            ShapeError::new(ErrorKind::BeforeStorage, None, 0, 1)
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
            if !l.advance(&mut idx, &mut pos) {
                break;
            }
        }
        assert_eq!(n, 6);
        assert_eq!(seen, [0, 2, 4, 1, 3, 5]);
        assert_eq!(idx, [0, 0]);
    }
}
