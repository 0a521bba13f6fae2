//! View operations: each derives a layout's shape, strides and offset from a valid source
//! layout and writes them into output slices, returning the derived offset (the `permute`,
//! `slice`, `broadcast`, `diagonal`, `unfold`, … behind [`Layout`](crate::layout::Layout) and
//! [`DynLayout`](crate::layout::DynLayout)).

use crate::error::{ErrorKind, ShapeError};
use crate::slice::item::{Bound, End, SliceItem};

use super::{RawLayout, check_derived, check_stretched, shifted, splice};
use crate::layout::{INFER, MAX_DYN_RANK, checked_len};

/// Axis `i` of the result is axis `axes[i]` of the source; each axis exactly once.
///
/// Always inlined: called with the axes of a literal, as it nearly always is, the checks fold
/// away and a view costs a few moves (an out-of-line call writing into the caller's layout
/// costs it several times as much in store-forwarding stalls).
#[inline(always)]
pub(crate) fn permute(
    p: RawLayout<'_>,
    axes: &[usize],
    shape: &mut [usize],
    strides: &mut [isize],
) -> Result<usize, ShapeError> {
    let rank = p.rank();
    if axes.len() != rank {
        return Err(ShapeError::sizes(
            ErrorKind::RankMismatch,
            None,
            rank,
            axes.len(),
        ));
    }
    for (pos, &axis) in axes.iter().enumerate() {
        if axis >= rank {
            return Err(ShapeError::invalid_axis(rank, axis));
        }
        if axes[..pos].contains(&axis) {
            return Err(ShapeError::sizes(
                ErrorKind::RepeatedAxis,
                Some(pos),
                1,
                axis,
            ));
        }
        shape[pos] = p.shape[axis];
        strides[pos] = p.strides[axis];
    }
    Ok(p.offset)
}

/// Removes `axis`, which must have size 1.
#[inline]
pub(crate) fn squeeze(
    p: RawLayout<'_>,
    axis: usize,
    shape: &mut [usize],
    strides: &mut [isize],
) -> Result<usize, ShapeError> {
    if p.shape[axis] != 1 {
        return Err(ShapeError::size_mismatch(axis, 1, p.shape[axis]));
    }
    splice(p.shape, axis, axis + 1, &[], shape);
    splice(p.strides, axis, axis + 1, &[], strides);
    Ok(p.offset)
}

/// Inserts a size-1 axis before `axis` (`axis == rank` appends), with the stride that keeps a
/// contiguous layout contiguous: `strides[axis] · shape[axis]`, or 1 when appending (as PyTorch's `unsqueeze`).
#[inline]
pub(crate) fn unsqueeze(
    p: RawLayout<'_>,
    axis: usize,
    shape: &mut [usize],
    strides: &mut [isize],
) -> usize {
    let stride = if axis < p.rank() {
        p.strides[axis].wrapping_mul(p.shape[axis] as isize)
    } else {
        1
    };
    splice(p.shape, axis, axis, &[1], shape);
    splice(p.strides, axis, axis, &[stride], strides);
    p.offset
}

/// Fixes `axis` at `index` and removes it.
#[inline]
pub(crate) fn select(
    p: RawLayout<'_>,
    axis: usize,
    index: usize,
    shape: &mut [usize],
    strides: &mut [isize],
) -> Result<usize, ShapeError> {
    if index >= p.shape[axis] {
        return Err(ShapeError::index_out_of_bounds(axis, p.shape[axis], index));
    }
    splice(p.shape, axis, axis + 1, &[], shape);
    splice(p.strides, axis, axis + 1, &[], strides);
    let delta = (index as isize).wrapping_mul(p.strides[axis]);
    Ok(shifted(p.offset, delta, shape))
}

/// The size and stride of axes `start..=end` merged into one, or the adjacent pair that is not
/// contiguous: walking inwards-out and skipping size-1 axes, each axis's stride must be the next
/// inner axis's stride times its size. A layout with no elements always merges.
#[inline]
pub(crate) fn merged_axis(
    p: RawLayout<'_>,
    start: usize,
    end: usize,
) -> Result<(usize, isize), ShapeError> {
    let empty = p.is_empty();
    let (Some(shape), Some(strides)) = (p.shape.get(start..=end), p.strides.get(start..=end))
    else {
        return Err(ShapeError::invalid_axis(p.rank(), end));
    };
    let empty_range = shape.contains(&0);
    let mut size: usize = 1;
    // The next axis inward that is longer than 1 (axis, size, stride), and the stride of the
    // innermost such axis.
    let mut inner: Option<(usize, usize, isize)> = None;
    let mut innermost: Option<isize> = None;
    for (k, (&dim, &stride)) in shape.iter().zip(strides).enumerate().rev() {
        let axis = start + k;
        // A range with a 0 merges to 0 (below); otherwise the product must fit, as for `split`.
        if !empty_range {
            size = size
                .checked_mul(dim)
                .ok_or_else(|| ShapeError::overflow(Some(axis)))?;
        }
        if dim == 1 {
            continue;
        }
        if let Some((b, b_dim, b_stride)) = inner {
            let needed = b_stride.wrapping_mul(b_dim as isize);
            if !empty && stride != needed {
                return Err(ShapeError::strides(
                    ErrorKind::NotContiguous,
                    Some(axis),
                    needed,
                    stride,
                )
                .with_second_axis(b));
            }
        }
        inner = Some((axis, dim, stride));
        innermost = innermost.or(Some(stride));
    }
    if empty_range {
        size = 0;
    }
    // The merged axis steps like its innermost axis longer than 1 (or its last axis).
    let last = strides.last().copied().unwrap_or(0);
    Ok((size, innermost.unwrap_or(last)))
}

/// Merges axes `start..=end` into one (see [`merged_axis`]).
#[inline]
pub(crate) fn merge(
    p: RawLayout<'_>,
    start: usize,
    end: usize,
    shape: &mut [usize],
    strides: &mut [isize],
) -> Result<usize, ShapeError> {
    let (size, stride) = merged_axis(p, start, end)?;
    splice(p.shape, start, end + 1, &[size], shape);
    splice(p.strides, start, end + 1, &[stride], strides);
    // Merging stride-0 axes can make one axis longer than any the source had.
    check_stretched(shape, strides)?;
    Ok(p.offset)
}

/// Replaces an [`INFER`] in `shape` by the size that makes it hold `len` elements (the
/// constructors' form of [`resolve_sizes`]), unless the shape has a size 0: it then holds no
/// elements whatever its other sizes, and they are kept as given.
///
/// # Errors
///
/// As [`resolve_sizes`], at the first `INFER`: [`ErrorKind::MultipleInferred`],
/// [`ErrorKind::Overflow`], or [`ErrorKind::NotDivisible`] when the other sizes do not divide
/// `len`.
#[inline]
pub(crate) fn resolve_inferred(shape: &mut [usize], len: usize) -> Result<(), ShapeError> {
    match shape.iter().position(|&s| s == INFER) {
        Some(axis) if !shape.contains(&0) => resolve_sizes(axis, len, shape),
        _ => Ok(()),
    }
}

/// Resolves at most one [`INFER`] in `sizes` so that they multiply to `dim`.
#[inline]
pub(crate) fn resolve_sizes(
    axis: usize,
    dim: usize,
    sizes: &mut [usize],
) -> Result<(), ShapeError> {
    let (mut inferred, mut known, mut overflow) = (0usize, 1usize, false);
    for &s in sizes.iter() {
        if s == INFER {
            inferred += 1;
        } else {
            let (product, overflowed) = known.overflowing_mul(s);
            (known, overflow) = (product, overflow | overflowed);
        }
    }
    if inferred > 1 {
        return Err(ShapeError::sizes(
            ErrorKind::MultipleInferred,
            Some(axis),
            1,
            inferred,
        ));
    }
    if overflow {
        return Err(ShapeError::overflow(Some(axis)));
    }
    let not_divisible = || ShapeError::sizes(ErrorKind::NotDivisible, Some(axis), dim, known);
    if inferred == 1 {
        if known == 0 {
            return Err(ShapeError::sizes(
                ErrorKind::CannotInfer,
                Some(axis),
                dim,
                0,
            ));
        }
        if !dim.is_multiple_of(known) {
            return Err(not_divisible());
        }
        for s in sizes.iter_mut().filter(|s| **s == INFER) {
            *s = dim / known;
        }
    } else if known != dim {
        return Err(not_divisible());
    }
    Ok(())
}

/// Splits `axis` into `sizes` (at most one [`INFER`]); `sizes.len()` must be at most
/// [`MAX_DYN_RANK`].
#[inline]
pub(crate) fn split(
    p: RawLayout<'_>,
    axis: usize,
    sizes: &[usize],
    shape: &mut [usize],
    strides: &mut [isize],
) -> Result<usize, ShapeError> {
    let n = sizes.len();
    let mut resolved = [0usize; MAX_DYN_RANK];
    let resolved = &mut resolved[..n];
    resolved.copy_from_slice(sizes);
    resolve_sizes(axis, p.shape[axis], resolved)?;
    // Innermost new axis steps like the old axis; each outer one steps over the inner ones.
    let mut new_strides = [0isize; MAX_DYN_RANK];
    let mut step = p.strides[axis];
    for j in (0..n).rev() {
        new_strides[j] = step;
        step = step.wrapping_mul(resolved[j] as isize);
    }
    splice(p.shape, axis, axis + 1, resolved, shape);
    splice(p.strides, axis, axis + 1, &new_strides[..n], strides);
    Ok(p.offset)
}

/// One axis after slicing `start..end` with `step`: its new size, its new stride and how far the
/// offset moves. A negative step walks the range from its last element backwards (ndarray's
/// rule: `0..5` with step −2 picks 4, 2, 0).
#[inline]
pub(crate) fn sliced_axis(
    axis: usize,
    dim: usize,
    stride: isize,
    start: usize,
    end: usize,
    step: isize,
) -> Result<(usize, isize, isize), ShapeError> {
    if step == 0 {
        return Err(ShapeError::zero_step(axis));
    }
    if end > dim {
        return Err(ShapeError::range_out_of_bounds(axis, dim, end));
    }
    if start > end {
        return Err(ShapeError::sizes(
            ErrorKind::InvalidRange,
            Some(axis),
            start,
            end,
        ));
    }
    let len = end - start;
    if len == 0 {
        return Ok((0, stride, 0));
    }
    let mut delta = (start as isize).wrapping_mul(stride);
    let mut stride = stride;
    if step < 0 {
        delta = delta.wrapping_add(((len - 1) as isize).wrapping_mul(stride));
        stride = stride.wrapping_neg();
    }
    let k = step.unsigned_abs();
    // Unit steps (the common case) skip the division.
    let dim = if k == 1 { len } else { len.div_ceil(k) };
    Ok((dim, stride.wrapping_mul(k as isize), delta))
}

/// Slices one axis in place (`shape` and `strides` hold a copy of the source's); returns the new
/// offset.
#[inline]
pub(crate) fn slice_axis(
    shape: &mut [usize],
    strides: &mut [isize],
    offset: usize,
    axis: usize,
    (start, end, step): (usize, usize, isize),
) -> Result<usize, ShapeError> {
    let rank = shape.len();
    let (Some(dim), Some(stride)) = (shape.get_mut(axis), strides.get_mut(axis)) else {
        return Err(ShapeError::invalid_axis(rank, axis));
    };
    let (new_dim, new_stride, delta) = sliced_axis(axis, *dim, *stride, start, end, step)?;
    (*dim, *stride) = (new_dim, new_stride);
    Ok(shifted(offset, delta, shape))
}

/// The `start..end` range of `narrow(axis, start, len)`.
#[inline]
pub(crate) fn narrow_range(
    axis: usize,
    start: usize,
    len: usize,
) -> Result<(usize, usize), ShapeError> {
    let end = start
        .checked_add(len)
        .ok_or_else(|| ShapeError::overflow(Some(axis)))?;
    Ok((start, end))
}

/// The signed slice step of `step(axis, k)`.
#[inline]
pub(crate) fn step_of(axis: usize, k: usize) -> Result<isize, ShapeError> {
    isize::try_from(k).map_err(|_| ShapeError::overflow(Some(axis)))
}

/// Reverses one axis in place; returns the new offset.
#[inline]
pub(crate) fn flip(shape: &[usize], strides: &mut [isize], offset: usize, axis: usize) -> usize {
    let delta = (shape[axis].wrapping_sub(1) as isize).wrapping_mul(strides[axis]);
    strides[axis] = strides[axis].wrapping_neg();
    shifted(offset, delta, shape)
}

/// The number of axes the `...` of `items` stands for over a rank-`rank` layout (0 without
/// one), and the rank of the result: the shape arithmetic of an `s![]` description.
///
/// # Errors
///
/// [`ErrorKind::RepeatedEllipsis`] for more than one `...`; [`ErrorKind::RankMismatch`] if the
/// items other than `NewAxis` and `...` do not number the rank (at most the rank with `...`).
#[inline]
pub(crate) fn slice_ranks(rank: usize, items: &[SliceItem]) -> Result<(usize, usize), ShapeError> {
    let (mut consumed, mut produced, mut dots) = (0usize, 0usize, 0usize);
    for item in items {
        match item {
            SliceItem::Range { .. } => (consumed, produced) = (consumed + 1, produced + 1),
            SliceItem::Index(_) => consumed += 1,
            SliceItem::NewAxis => produced += 1,
            SliceItem::Ellipsis => dots += 1,
        }
    }
    let mismatch = || ShapeError::sizes(ErrorKind::RankMismatch, None, rank, consumed);
    let standing = match dots {
        0 if consumed == rank => 0,
        0 => return Err(mismatch()),
        1 => rank.checked_sub(consumed).ok_or_else(mismatch)?,
        _ => {
            return Err(ShapeError::sizes(
                ErrorKind::RepeatedEllipsis,
                None,
                1,
                dots,
            ));
        }
    };
    Ok((standing, produced + standing))
}

/// Applies the items of an `s![]` description; `...` keeps the axes it stands for as they are.
#[inline]
pub(crate) fn slice_items(
    p: RawLayout<'_>,
    items: &[SliceItem],
    shape: &mut [usize],
    strides: &mut [isize],
) -> Result<usize, ShapeError> {
    let (standing, out_rank) = slice_ranks(p.rank(), items)?;
    if out_rank != shape.len() {
        return Err(ShapeError::sizes(
            ErrorKind::RankMismatch,
            None,
            shape.len(),
            out_rank,
        ));
    }
    // From here every axis read or written exists: `slice_ranks` counted them.
    let (mut input, mut output) = (0usize, 0usize);
    let mut delta: isize = 0;
    // Unreachable after `slice_ranks`; an error rather than a panic all the same.
    let lost = || ShapeError::sizes(ErrorKind::RankMismatch, None, p.rank(), p.rank() + 1);
    for item in items {
        match *item {
            SliceItem::Range { start, end, step } => {
                let (Some(&dim), Some(&stride)) = (p.shape.get(input), p.strides.get(input)) else {
                    return Err(lost());
                };
                let (Some(d), Some(st)) = (shape.get_mut(output), strides.get_mut(output)) else {
                    return Err(lost());
                };
                if let (Bound::FromStart(0), End::Open, 1) = (start, end, step) {
                    // `..`: the axis as it is.
                    (*d, *st) = (dim, stride);
                } else {
                    let (s, e) = crate::slice::item::resolve_range(input, dim, start, end)?;
                    let moved;
                    (*d, *st, moved) = sliced_axis(input, dim, stride, s, e, step)?;
                    delta = delta.wrapping_add(moved);
                }
                input += 1;
                output += 1;
            }
            SliceItem::Index(at) => {
                let (Some(&dim), Some(&stride)) = (p.shape.get(input), p.strides.get(input)) else {
                    return Err(lost());
                };
                let index = at.resolve(dim).filter(|&i| i < dim).ok_or_else(|| {
                    ShapeError::new(
                        ErrorKind::IndexOutOfBounds,
                        Some(input),
                        dim as i128,
                        at.signed(),
                    )
                })?;
                delta = delta.wrapping_add((index as isize).wrapping_mul(stride));
                input += 1;
            }
            SliceItem::NewAxis => {
                let (Some(d), Some(st)) = (shape.get_mut(output), strides.get_mut(output)) else {
                    return Err(lost());
                };
                (*d, *st) = (1, 0);
                output += 1;
            }
            SliceItem::Ellipsis => {
                let (Some(dims), Some(steps)) = (
                    p.shape.get(input..input + standing),
                    p.strides.get(input..input + standing),
                ) else {
                    return Err(lost());
                };
                let (Some(d), Some(st)) = (
                    shape.get_mut(output..output + standing),
                    strides.get_mut(output..output + standing),
                ) else {
                    return Err(lost());
                };
                // Element by element rather than `copy_from_slice`, which has a panic path.
                for ((d, st), (&dim, &stride)) in d.iter_mut().zip(st).zip(dims.iter().zip(steps)) {
                    (*d, *st) = (dim, stride);
                }
                input += standing;
                output += standing;
            }
        }
    }
    Ok(shifted(p.offset, delta, shape))
}

/// Broadcasts to `target` (NumPy rules, aligned on the right; `target` is at least as long as
/// the source's shape), writing the target and its strides.
#[inline]
pub(crate) fn broadcast(
    p: RawLayout<'_>,
    target: &[usize],
    shape: &mut [usize],
    strides: &mut [isize],
) -> Result<usize, ShapeError> {
    let rank = p.rank();
    if target.len() < rank {
        return Err(ShapeError::sizes(
            ErrorKind::RankMismatch,
            None,
            rank,
            target.len(),
        ));
    }
    checked_len(target)?;
    let lead = target.len() - rank;
    let (new_strides, kept_strides) = strides.split_at_mut(lead.min(strides.len()));
    new_strides.fill(0);
    let kept = target.iter().skip(lead).zip(p.shape.iter().zip(p.strides));
    for (i, (slot, (&to, (&from, &stride)))) in kept_strides.iter_mut().zip(kept).enumerate() {
        *slot = if from == to {
            stride
        } else if from == 1 {
            0
        } else {
            return Err(ShapeError::sizes(
                ErrorKind::BroadcastMismatch,
                Some(lead + i),
                to,
                from,
            ));
        };
    }
    for (slot, &to) in shape.iter_mut().zip(target) {
        *slot = to;
    }
    // The element count was checked above; new axes have stride 0.
    check_stretched(shape, strides)?;
    Ok(p.offset)
}

/// The diagonal over two different axes `d1`, `d2` with an offset, by PyTorch's rules (see
/// [`Layout::diagonal`](crate::layout::Layout::diagonal)).
#[inline]
pub(crate) fn diagonal(
    p: RawLayout<'_>,
    offset: isize,
    d1: usize,
    d2: usize,
    shape: &mut [usize],
    strides: &mut [isize],
) -> usize {
    // `d1` and `d2` are axes of `p` (the callers' typed axes): the `else` is never taken.
    let (Some(&s1), Some(&s2), Some(&t1), Some(&t2)) = (
        p.shape.get(d1),
        p.shape.get(d2),
        p.strides.get(d1),
        p.strides.get(d2),
    ) else {
        return p.offset;
    };
    let k = offset.unsigned_abs();
    let (size, along) = if offset >= 0 {
        (s1.min(s2.saturating_sub(k)), t2)
    } else {
        (s1.saturating_sub(k).min(s2), t1)
    };
    let kept = (p.shape.iter().zip(p.strides).enumerate())
        .filter(|&(a, _)| a != d1 && a != d2)
        .map(|(_, axis)| axis);
    let mut slots = shape.iter_mut().zip(strides.iter_mut());
    for ((&dim, &stride), (to_dim, to_stride)) in kept.zip(&mut slots) {
        (*to_dim, *to_stride) = (dim, stride);
    }
    if let Some((to_dim, to_stride)) = slots.next() {
        (*to_dim, *to_stride) = (size, t1.wrapping_add(t2));
    }
    shifted(p.offset, (k as isize).wrapping_mul(along), shape)
}

/// Sliding windows of `size` along `axis`, one every `step` (PyTorch's `unfold`).
#[inline]
pub(crate) fn unfold(
    p: RawLayout<'_>,
    axis: usize,
    size: usize,
    step: usize,
    shape: &mut [usize],
    strides: &mut [isize],
) -> Result<usize, ShapeError> {
    if step == 0 {
        return Err(ShapeError::zero_step(axis));
    }
    let dim = p.shape[axis];
    if size > dim {
        return Err(ShapeError::range_out_of_bounds(axis, dim, size));
    }
    let rank = p.rank();
    shape[..rank].copy_from_slice(p.shape);
    strides[..rank].copy_from_slice(p.strides);
    // With two windows or more the product stays within the source's reach (checked below);
    // with one, the stride is never used.
    let step_stride = p.strides[axis].wrapping_mul(step as isize);
    shape[axis] = ((dim - size) / step)
        .checked_add(1)
        .ok_or_else(|| ShapeError::overflow(Some(axis)))?;
    strides[axis] = step_stride;
    shape[rank] = size;
    strides[rank] = p.strides[axis];
    // Overlapping windows multiply the element count; it must still fit.
    check_derived(shape, strides, p.offset)?;
    Ok(p.offset)
}
