//! Stride arithmetic on borrowed shape and stride slices: the one implementation behind both
//! [`Layout<R>`](super::Layout) (rank fixed by the type) and
//! [`DynLayout`](super::DynLayout) (rank known at run time).
//!
//! Functions here assume valid axis numbers (the typed API proves them at compile time, the
//! dynamic one checks them first) and report every other problem as a [`ShapeError`]. View
//! operations write the derived shape and strides into output slices of the right length and
//! return the derived offset. For a layout valid for some storage, every derived layout is valid
//! for the same storage; see the "View arithmetic" section of [`Layout`](super::Layout).

use super::Order;
use crate::error::{ErrorKind, ShapeError};

mod views;
pub(crate) use views::*;

/// A layout as borrowed slices.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RawLayout<'a> {
    pub(crate) shape: &'a [usize],
    pub(crate) strides: &'a [isize],
    pub(crate) offset: usize,
}

impl RawLayout<'_> {
    fn rank(&self) -> usize {
        self.shape.len()
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.shape.contains(&0)
    }
}

/// `axis` exists in a layout of `rank` axes.
#[inline]
pub(crate) fn check_axis(rank: usize, axis: usize) -> Result<usize, ShapeError> {
    if axis >= rank {
        return Err(ShapeError::invalid_axis(rank, axis));
    }
    Ok(axis)
}

/// `start..=end` is a range of axes of a layout of `rank` axes.
#[inline]
pub(crate) fn check_axis_range(rank: usize, start: usize, end: usize) -> Result<(), ShapeError> {
    check_axis(rank, end)?;
    if start > end {
        return Err(ShapeError::sizes(ErrorKind::InvalidRange, None, start, end));
    }
    Ok(())
}

/// `offset + delta`, unless the derived layout (`shape`) has no elements: then no position is
/// reached and the offset stays where it was, inside the storage.
#[inline]
fn shifted(offset: usize, delta: isize, shape: &[usize]) -> usize {
    if shape.contains(&0) {
        offset
    } else {
        offset.wrapping_add_signed(delta)
    }
}

/// Copies `src` into `dst`, replacing `src[start..end]` with `with`.
#[inline]
fn splice<T: Copy>(src: &[T], start: usize, end: usize, with: &[T], dst: &mut [T]) {
    debug_assert_eq!(dst.len(), src.len() - (end - start) + with.len());
    // Element by element (ranks are small), so that no path can panic.
    let spliced = src
        .iter()
        .take(start)
        .chain(with)
        .chain(src.iter().skip(end));
    for (to, &from) in dst.iter_mut().zip(spliced) {
        *to = from;
    }
}

/// Copies `src` without its element at `axis` into `dst` (one shorter).
#[inline]
pub(crate) fn remove_axis<T: Copy>(src: &[T], axis: usize, dst: &mut [T]) {
    splice(src, axis, axis + 1, &[], dst);
}

// --------------------------------------------------------------------------- basic arithmetic

/// Contiguous strides for `shape` in `order`, and the element count. Size-0 axes count as size
/// 1 so that strides stay meaningful (NumPy does the same). For a non-empty shape the product
/// must fit in `isize`; an empty shape always has strides (one that would leave `isize` is 0, as
/// no element is reached) and a count of 0.
#[inline]
pub(crate) fn contiguous_strides(
    shape: &[usize],
    order: Order,
    strides: &mut [isize],
) -> Result<usize, ShapeError> {
    let empty = shape.contains(&0);
    let rank = shape.len();
    // The product of the sizes so far: at most `isize::MAX` until it overflows, which only an
    // empty shape may do (its later strides are then 0).
    let mut step = Some(1usize);
    for k in 0..rank {
        let axis = match order {
            Order::RowMajor => rank - 1 - k,
            Order::ColumnMajor => k,
        };
        let (Some(&dim), Some(stride)) = (shape.get(axis), strides.get_mut(axis)) else {
            break;
        };
        *stride = step.map_or(0, |n| n as isize);
        step = step
            .and_then(|n| n.checked_mul(dim.max(1)))
            .filter(|&n| n <= isize::MAX as usize);
        if step.is_none() && !empty {
            return Err(ShapeError::overflow(Some(axis)));
        }
    }
    // Non-empty: every size is at least 1 and `step` is their product.
    Ok(if empty { 0 } else { step.unwrap_or(0) })
}

/// [`contiguous_strides`] for exactly `len` elements (a storage's length), after
/// [`resolve_inferred`].
///
/// # Errors
///
/// As [`contiguous_strides`], and [`ErrorKind::LengthMismatch`] if the shape does not hold
/// `len` elements.
#[inline]
pub(crate) fn contiguous_strides_of_len(
    shape: &[usize],
    order: Order,
    strides: &mut [isize],
    len: usize,
) -> Result<(), ShapeError> {
    let needed = contiguous_strides(shape, order, strides)?;
    if needed != len {
        return Err(ShapeError::length_mismatch(needed, len));
    }
    Ok(())
}

/// Whether the layout visits consecutive memory in row-major (or, with `column_major`,
/// column-major) order; size-1 axes do not matter and an empty layout is contiguous.
#[inline]
pub(crate) fn is_contiguous(shape: &[usize], strides: &[isize], column_major: bool) -> bool {
    if shape.contains(&0) {
        return true;
    }
    let mut expected: isize = 1;
    let mut next = |(&dim, &stride): (&usize, &isize)| {
        if dim == 1 {
            return true;
        }
        if stride != expected {
            return false;
        }
        // `dim` > 1 and the layout is not empty; on overflow it cannot be contiguous.
        match isize::try_from(dim)
            .ok()
            .and_then(|d| expected.checked_mul(d))
        {
            Some(e) => {
                expected = e;
                true
            }
            None => false,
        }
    };
    // Walked without indexing, so that no bounds check (and no panic path) is compiled in.
    let axes = shape.iter().zip(strides);
    shape.len() == strides.len()
        && if column_major {
            axes.clone().all(&mut next)
        } else {
            axes.rev().all(&mut next)
        }
}

/// Checks every index against the size of its axis.
#[inline]
pub(crate) fn check_index(shape: &[usize], index: &[usize]) -> Result<(), ShapeError> {
    for (axis, (&i, &dim)) in index.iter().zip(shape).enumerate() {
        if i >= dim {
            return Err(ShapeError::index_out_of_bounds(axis, dim, i));
        }
    }
    Ok(())
}

/// The memory offset of `index`, with every index and all arithmetic checked.
#[inline]
pub(crate) fn try_offset_of(p: RawLayout<'_>, index: &[usize]) -> Result<usize, ShapeError> {
    check_index(p.shape, index)?;
    let mut pos = isize::try_from(p.offset).map_err(|_| ShapeError::overflow(None))?;
    for (axis, (&i, &stride)) in index.iter().zip(p.strides).enumerate() {
        pos = isize::try_from(i)
            .ok()
            .and_then(|i| i.checked_mul(stride))
            .and_then(|s| pos.checked_add(s))
            .ok_or_else(|| ShapeError::overflow(Some(axis)))?;
    }
    usize::try_from(pos)
        .map_err(|_| ShapeError::new(ErrorKind::BeforeStorage, None, 0, -(pos as i128)))
}

/// The memory offset of an in-bounds index, with wrapping arithmetic: for a layout valid for
/// its storage every partial sum lies between the lowest and highest offset the layout reaches,
/// so nothing wraps and the result is exact.
#[inline]
pub(crate) fn offset_in_bounds(strides: &[isize], offset: usize, index: &[usize]) -> usize {
    offset.wrapping_add_signed(displacement_in_bounds(strides, index))
}

/// How far an in-bounds index lies from the first element (index 0 on every axis), in
/// elements, with wrapping arithmetic: exact for a layout valid for its storage, as
/// [`offset_in_bounds`].
#[inline]
pub(crate) fn displacement_in_bounds(strides: &[isize], index: &[usize]) -> isize {
    let mut d = 0isize;
    for (&i, &stride) in index.iter().zip(strides) {
        d = d.wrapping_add((i as isize).wrapping_mul(stride));
    }
    d
}

/// Steps `index` to the next index in row-major order and `pos` to its memory offset.
/// Returns `false` (leaving `index` at all zeros) after the last index. Wrapping arithmetic, exact
/// for in-bounds indices of a valid layout.
#[inline]
pub(crate) fn advance(
    shape: &[usize],
    strides: &[isize],
    index: &mut [usize],
    pos: &mut usize,
) -> bool {
    for axis in (0..shape.len()).rev() {
        index[axis] += 1;
        *pos = pos.wrapping_add_signed(strides[axis]);
        if index[axis] < shape[axis] {
            return true;
        }
        // Back to the start of this axis: undo `shape[axis]` steps.
        *pos = pos.wrapping_add_signed(
            (shape[axis] as isize)
                .wrapping_mul(strides[axis])
                .wrapping_neg(),
        );
        index[axis] = 0;
    }
    false
}

/// The row-major linear position of `index`, or `None` if out of bounds.
#[inline]
pub(crate) fn ravel(shape: &[usize], index: &[usize]) -> Option<usize> {
    let mut linear: usize = 0;
    for (&i, &dim) in index.iter().zip(shape) {
        if i >= dim {
            return None;
        }
        linear = linear.checked_mul(dim)?.checked_add(i)?;
    }
    Some(linear)
}

/// The index at row-major position `linear` (which must be below the element count).
#[inline]
pub(crate) fn unravel(shape: &[usize], mut linear: usize, index: &mut [usize]) {
    for (i, &dim) in index.iter_mut().zip(shape).rev() {
        // `dim > 0` whenever there is an element to find (`checked_` only keeps the division
        // by a zero size, for an empty shape, from being a panic path).
        *i = linear.checked_rem(dim).unwrap_or(0);
        linear = linear.checked_div(dim).unwrap_or(0);
    }
}

/// See [`Layout::validate`](super::Layout::validate).
#[inline]
pub(crate) fn validate(p: RawLayout<'_>, storage_len: usize) -> Result<(), ShapeError> {
    let Some((low, high)) = span(p)? else {
        if p.offset > storage_len {
            return Err(ShapeError::sizes(
                ErrorKind::OffsetOutOfStorage,
                None,
                storage_len,
                p.offset,
            ));
        }
        return Ok(());
    };
    if low < 0 {
        return Err(ShapeError::sizes(
            ErrorKind::BeforeStorage,
            None,
            0,
            low.unsigned_abs(),
        ));
    }
    let high = high.unsigned_abs();
    if high >= storage_len {
        return Err(ShapeError::sizes(
            ErrorKind::OutOfStorage,
            None,
            storage_len,
            high,
        ));
    }
    Ok(())
}

/// The lowest and highest memory position a layout reaches, as `isize`, or `None` when it has
/// no elements. This is the arithmetic half of [`validate`]: it fails with
/// [`ErrorKind::Overflow`] when the element count leaves `usize`, when an axis is longer than
/// `isize::MAX + 1` or when a position leaves `isize` — for every layout, however it was made.
#[inline]
pub(crate) fn span(p: RawLayout<'_>) -> Result<Option<(isize, isize)>, ShapeError> {
    if super::checked_len(p.shape)? == 0 {
        return Ok(None);
    }
    let start = isize::try_from(p.offset).map_err(|_| ShapeError::overflow(None))?;
    let (mut low, mut high) = (start, start);
    for (axis, (&dim, &stride)) in p.shape.iter().zip(p.strides).enumerate() {
        let span = isize::try_from(dim - 1)
            .ok()
            .and_then(|d| d.checked_mul(stride))
            .ok_or_else(|| ShapeError::overflow(Some(axis)))?;
        let bound = if span < 0 { &mut low } else { &mut high };
        *bound = bound
            .checked_add(span)
            .ok_or_else(|| ShapeError::overflow(Some(axis)))?;
    }
    Ok(Some((low, high)))
}

/// The geometry of a view of foreign memory (another library's strided view) whose first
/// element, index `[0, …]`, sits at pointer position 0: `(low, len, dense)`, where `low` (≤ 0)
/// is the position of the lowest element it reaches, `len` how many positions its span covers
/// (`high − low + 1`, 0 without elements) and `dense` whether every one of them is an element
/// (the view reaches each position of its span exactly once). The layout over a storage that
/// starts at the lowest element has offset `−low`.
///
/// # Errors
///
/// As [`span`]: [`ErrorKind::Overflow`] for a geometry whose positions leave `isize`.
#[cfg(any(feature = "ndarray", feature = "nalgebra", feature = "faer"))]
pub(crate) fn foreign(
    shape: &[usize],
    strides: &[isize],
) -> Result<(isize, usize, bool), ShapeError> {
    let whole = RawLayout {
        shape,
        strides,
        offset: 0,
    };
    let Some((low, high)) = span(whole)? else {
        return Ok((0, 0, true));
    };
    // `low <= 0 <= high`, both `isize`: the difference fits `usize`.
    let len = high.abs_diff(low) + 1;
    let dense = super::checked_len(shape)? == len && check_unique(shape, strides).is_ok();
    Ok((low, len, dense))
}

/// Prepares a layout whose first element sits at position 0 for another library's raw view
/// constructor (ndarray's `from_shape_ptr` and `from_shape_vec_unchecked`, nalgebra's and faer's
/// `from_raw_parts`), and returns its element count as those libraries count it: the product of
/// the non-zero sizes. What they ask of a geometry, and what this checks:
///
/// - that product is at most `isize::MAX` (ndarray's rule for every array, empty ones
///   included: a broadcast view reaches it with one element in memory);
/// - the distance between the lowest and highest position reached is at most `isize::MAX`
///   elements and `isize::MAX` bytes of `elem_size` (true of every layout valid for a storage,
///   checked so that the rule stands here, not in the callers);
/// - without elements, the pointer may be moved along every axis all the same, so an empty
///   layout's `strides` are set to 0: nothing is reached, and every move is by 0.
///
/// # Errors
///
/// [`ErrorKind::TooManyElements`] when the product exceeds `isize::MAX`;
/// [`ErrorKind::Overflow`] when it leaves `usize` (at the axis where it does) or the span
/// leaves `isize`.
#[cfg(any(feature = "ndarray", feature = "nalgebra", feature = "faer"))]
pub(crate) fn exported(
    shape: &[usize],
    strides: &mut [isize],
    elem_size: usize,
) -> Result<usize, ShapeError> {
    let mut count = 1usize;
    for (axis, &dim) in shape.iter().enumerate() {
        if dim != 0 {
            count = count
                .checked_mul(dim)
                .ok_or_else(|| ShapeError::overflow(Some(axis)))?;
        }
    }
    if count > isize::MAX as usize {
        return Err(ShapeError::sizes(
            ErrorKind::TooManyElements,
            None,
            isize::MAX as usize,
            count,
        ));
    }
    let whole = RawLayout {
        shape,
        strides,
        offset: 0,
    };
    match span(whole)? {
        None => strides.fill(0),
        Some((low, high)) => {
            let reach = high.abs_diff(low);
            let bytes = reach.checked_mul(elem_size);
            if reach > isize::MAX as usize || bytes.is_none_or(|b| b > isize::MAX as usize) {
                return Err(ShapeError::overflow(None));
            }
        }
    }
    Ok(count)
}

/// Checks a layout derived from a valid one by an operation that keeps the element count or
/// only stretches stride-0 axes (`broadcast_to`, `merge`, `reshape`): an axis with a non-zero
/// stride reaches no further than the source did, so only the stride-0 axes of a non-empty
/// result can break [`span`]'s rule that `size - 1` fits `isize`. O(rank), no multiplication.
#[inline]
pub(crate) fn check_stretched(shape: &[usize], strides: &[isize]) -> Result<(), ShapeError> {
    // One pass: a size-0 axis anywhere (no elements, nothing reached) clears the first
    // stretched axis found before it.
    let mut stretched = None;
    for (axis, (&dim, &stride)) in shape.iter().zip(strides).enumerate() {
        if dim == 0 {
            return Ok(());
        }
        if stride == 0 && dim - 1 > isize::MAX as usize && stretched.is_none() {
            stretched = Some(axis);
        }
    }
    match stretched {
        Some(axis) => Err(ShapeError::overflow(Some(axis))),
        None => Ok(()),
    }
}

/// Checks a layout derived by an operation that can make more elements than its source had
/// (`unfold` with overlapping windows): its element count and reach must pass [`span`], so that
/// the result is valid wherever its source was (invariant 1).
#[inline]
pub(crate) fn check_derived(
    shape: &[usize],
    strides: &[isize],
    offset: usize,
) -> Result<(), ShapeError> {
    span(RawLayout {
        shape,
        strides,
        offset,
    })
    .map(|_| ())
}

/// See [`Layout::check_unique`](super::Layout::check_unique). Visits the axes longer than 1 in
/// order of absolute stride (ties by axis number) by repeated selection: O(rank²), no buffer.
#[inline]
pub(crate) fn check_unique(shape: &[usize], strides: &[isize]) -> Result<(), ShapeError> {
    if shape.contains(&0) {
        return Ok(());
    }
    // (|stride|, axis, size) of each axis longer than 1; the key orders by the first two.
    let axes = || {
        (shape.iter().zip(strides).enumerate())
            .filter(|&(_, (&dim, _))| dim > 1)
            .map(|(axis, (&dim, &stride))| (stride.unsigned_abs(), axis, dim))
    };
    let mut previous: Option<(usize, usize)> = None;
    let mut reach: usize = 0;
    loop {
        let next = axes()
            .filter(|&(stride, axis, _)| previous.is_none_or(|p| (stride, axis) > p))
            .min_by_key(|&(stride, axis, _)| (stride, axis));
        let Some((stride, axis, dim)) = next else {
            return Ok(());
        };
        previous = Some((stride, axis));
        if stride <= reach {
            return Err(ShapeError::new(
                ErrorKind::Overlap,
                Some(axis),
                reach as i128 + 1,
                stride as i128,
            ));
        }
        reach = (dim - 1)
            .checked_mul(stride)
            .and_then(|s| s.checked_add(reach))
            .ok_or_else(|| ShapeError::overflow(Some(axis)))?;
    }
}
