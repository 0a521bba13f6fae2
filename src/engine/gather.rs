//! Copies that pick their source element by index: along every axis through one map per axis
//! (NumPy's `a[np.ix_(m0, m1, …)]`: padding, tiling, repeating, rolling, `take` and `compress`
//! are each such a copy with their own maps), and along one axis through an index tensor
//! (`take_along_axis`).

use super::*;
#[cfg(feature = "alloc")]
use alloc::vec::Vec;

/// The map entry that stands for the fill value instead of a source index.
#[cfg(feature = "alloc")]
pub(crate) const FILL: usize = usize::MAX;

/// A new row-major `Vec` of shape `[maps[0].len(), …]` whose element `[i0, i1, …]` is the
/// source's element `[maps[0][i0], maps[1][i1], …]`, or `fill` where any of those entries is
/// [`FILL`]. Each row of the result is copied in runs: entries that go up by one along the last
/// axis copy a slice at once where the source's last axis has unit stride.
///
/// # Errors
///
/// [`ErrorKind::Overflow`](crate::ErrorKind::Overflow) if the result's element count leaves
/// `usize`; [`ErrorKind::Allocation`](crate::ErrorKind::Allocation) if its room cannot be had.
///
/// # Safety
///
/// `maps` has one map per axis of the source (`op.strides.len()` of them), each of whose
/// entries other than [`FILL`] is below the source's size on that axis, and `fill` is `Some`
/// where any entry is [`FILL`]; the source layout is valid for `data` (invariant 1).
#[cfg(feature = "alloc")]
pub(crate) unsafe fn gather_ix<T: Clone>(
    data: ViewRepr<'_, T>,
    op: Operand<'_>,
    maps: &[&[usize]],
    fill: Option<&T>,
) -> Result<Vec<T>, crate::ShapeError> {
    let mut shape = [0usize; MAX_DYN_RANK];
    for (n, map) in shape.iter_mut().zip(maps) {
        *n = map.len();
    }
    let count = crate::layout::checked_len(&shape[..maps.len().min(MAX_DYN_RANK)])?;
    let mut out = try_vec(count)?;
    let Some((last, outer)) = maps.split_last() else {
        // Rank 0: the one element.
        // SAFETY: the offset of a rank-0 layout valid for `data` holds its element.
        out.push(unsafe { data.get(op.offset) }.clone());
        return Ok(out);
    };
    if count == 0 || maps.len() > MAX_DYN_RANK || op.strides.len() != maps.len() {
        return Ok(out);
    }
    let step = op.strides[maps.len() - 1];
    // The last axis's map as runs: `(first source index or FILL, length)`.
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for &m in *last {
        match runs.last_mut() {
            Some((s, len)) if *s == FILL && m == FILL => *len += 1,
            Some((s, len)) if *s != FILL && m != FILL && s.wrapping_add(*len) == m => *len += 1,
            _ => runs.push((m, 1)),
        }
    }
    let filler = |out: &mut Vec<T>, n: usize| {
        if let Some(v) = fill {
            out.extend(core::iter::repeat_n(v, n).cloned());
        }
    };
    let mut index = [0usize; MAX_DYN_RANK];
    loop {
        let mut row = Some(op.offset);
        for (a, map) in outer.iter().enumerate() {
            row = match (row, map[index[a]]) {
                (Some(p), m) if m != FILL => {
                    Some(p.wrapping_add_signed((m as isize).wrapping_mul(op.strides[a])))
                }
                _ => None,
            };
        }
        match row {
            None => filler(&mut out, last.len()),
            Some(p) => {
                for &(s, len) in &runs {
                    if s == FILL {
                        filler(&mut out, len);
                        continue;
                    }
                    let q = p.wrapping_add_signed((s as isize).wrapping_mul(step));
                    if step == 1 {
                        // SAFETY: source indices `s..s + len` of the last axis, each below its
                        // size (the caller's contract), from a row the layout reaches.
                        out.extend_from_slice(unsafe { data.run(q, len) });
                    } else {
                        for k in 0..len {
                            let at = q.wrapping_add_signed((k as isize).wrapping_mul(step));
                            // SAFETY: as above, one element at a time.
                            out.push(unsafe { data.get(at) }.clone());
                        }
                    }
                }
            }
        }
        // The next row, in row-major order of the outer axes.
        let mut a = outer.len();
        loop {
            if a == 0 {
                return Ok(out);
            }
            a -= 1;
            index[a] += 1;
            if index[a] < outer[a].len() {
                break;
            }
            index[a] = 0;
        }
    }
}

/// An index along the gathered axis that is out of range: where it stands (row-major position
/// in the walk's shape) and what it is.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BadIndex {
    pub(crate) position: usize,
    pub(crate) index: usize,
}

/// The first index of `idx` (a `usize` operand over `shape`, in row-major order) that is not
/// below `n`.
///
/// # Safety
///
/// The layout (`shape`, `idx`) is valid for `indices` (invariant 1).
pub(crate) unsafe fn first_bad_index(
    indices: ViewRepr<'_, usize>,
    shape: &[usize],
    idx: Operand<'_>,
    n: usize,
) -> Option<BadIndex> {
    let mut position = 0usize;
    let mut bad = None;
    walk1(shape, idx, &mut |p| {
        if bad.is_none() {
            // SAFETY: `p` is a position of the layout (the caller's contract).
            let index = *unsafe { indices.get(p) };
            if index >= n {
                bad = Some(BadIndex { position, index });
            }
        }
        position += 1;
    });
    bad
}

/// A new row-major `Vec` over `shape` whose element at each index is `data`'s element at
/// `base + idx·step`, where `base` is the position `src` reaches there (its stride along the
/// gathered axis is 0) and `idx` the index `indices` holds there (NumPy's `take_along_axis`):
/// [`gather_lanes`] appending to `out`.
///
/// # Errors
///
/// The row-major position (over `shape`) of the first index not below `n`, and that index;
/// the result is then incomplete and dropped.
///
/// # Safety
///
/// Both layouts over `shape` are valid for their data (invariant 1), `shape` is not empty
/// (rank ≥ 1, no size 0) and has `count` elements, and `out` has room for them; indices below
/// `n` reach positions of the source, whose stride along the gathered axis is `step`.
#[cfg(feature = "alloc")]
pub(crate) unsafe fn take_along<T: Clone>(
    (data, src, step, n): (ViewRepr<'_, T>, Operand<'_>, isize, usize),
    (indices, idx): (ViewRepr<'_, usize>, Operand<'_>),
    shape: &[usize],
    out: &mut Vec<T>,
) -> Result<(), BadIndex> {
    // SAFETY: the caller's contract; an appended `Vec` ignores the destination's positions,
    // so the indices' operand stands in for them (any operand valid over `shape`).
    unsafe {
        gather_lanes(
            (data, src, step, n),
            (indices, idx),
            (Appended(out), idx),
            shape,
        )
    }
}

/// Writes `dst`'s element at each index of `shape` with `data`'s element at `base + idx·step`,
/// where `base` is the position `src` reaches there (its stride along the gathered axis is 0)
/// and `idx` the index `indices` holds there: [`take_along`] into an existing destination of
/// any layout.
///
/// # Errors
///
/// The row-major position (over `shape`) of the first index not below `n`, and that index;
/// the elements before it in that order are written, the others are not.
///
/// # Safety
///
/// The three layouts over `shape` are valid for their data (invariant 1) and `dst`'s is
/// unique (invariant 2); indices below `n` reach positions of the source, whose stride along
/// the gathered axis is `step`.
pub(crate) unsafe fn take_along_into<T: Clone>(
    source: (ViewRepr<'_, T>, Operand<'_>, isize, usize),
    indices: (ViewRepr<'_, usize>, Operand<'_>),
    (out, dst): (ViewReprMut<'_, T>, Operand<'_>),
    shape: &[usize],
) -> Result<(), BadIndex> {
    let Some(&so) = dst.strides.last() else {
        return Ok(());
    };
    // SAFETY: the caller's contract.
    unsafe { gather_lanes(source, indices, (Strided { out, so }, dst), shape) }
}

/// Where [`gather_lanes`] writes each lane along the last axis.
trait LaneDest<T> {
    /// A destination element, initialised or not.
    type Slot;

    /// Writes `x` into `slot`.
    fn fill(slot: &mut Self::Slot, x: &T);

    /// The slots of the lane whose first position is `o`, when they are one run (at least
    /// `len` of them, the lane's in order).
    ///
    /// # Safety
    ///
    /// `o` is the first position of a destination lane of `len` elements, the lanes coming in
    /// row-major order.
    unsafe fn run(&mut self, o: usize, len: usize) -> Option<&mut [Self::Slot]>;

    /// Writes `x` as element `k` of the lane whose first position is `o`.
    ///
    /// # Safety
    ///
    /// As [`run`](Self::run), with `k` below the lane's length, the lane's elements before
    /// `k` written.
    unsafe fn put(&mut self, o: usize, k: usize, x: &T);

    /// The lane's first `written` elements are written.
    ///
    /// # Safety
    ///
    /// They are, through [`run`](Self::run)'s slots or [`put`](Self::put).
    unsafe fn commit(&mut self, written: usize);
}

/// A `Vec` with room for the gather, filled in row-major order (the order of the lanes): each
/// lane's elements are written into its spare capacity, then counted in its length.
#[cfg(feature = "alloc")]
struct Appended<'v, T>(&'v mut Vec<T>);

#[cfg(feature = "alloc")]
impl<T: Clone> LaneDest<T> for Appended<'_, T> {
    type Slot = core::mem::MaybeUninit<T>;

    #[inline(always)]
    fn fill(slot: &mut Self::Slot, x: &T) {
        slot.write(x.clone());
    }

    #[inline(always)]
    unsafe fn run(&mut self, _: usize, _: usize) -> Option<&mut [Self::Slot]> {
        Some(self.0.spare_capacity_mut())
    }

    #[inline(always)]
    unsafe fn put(&mut self, _: usize, k: usize, x: &T) {
        self.0.spare_capacity_mut()[k].write(x.clone());
    }

    #[inline(always)]
    unsafe fn commit(&mut self, written: usize) {
        // SAFETY: the first `written` spare slots are written (the contract).
        unsafe { self.0.set_len(self.0.len() + written) };
    }
}

/// An existing destination whose lanes have stride `so`.
struct Strided<'a, T> {
    out: ViewReprMut<'a, T>,
    so: isize,
}

impl<T: Clone> LaneDest<T> for Strided<'_, T> {
    type Slot = T;

    #[inline(always)]
    fn fill(slot: &mut T, x: &T) {
        slot.clone_from(x);
    }

    #[inline(always)]
    unsafe fn run(&mut self, o: usize, len: usize) -> Option<&mut [T]> {
        // SAFETY: a lane of unit stride is a run of the destination's layout (the contract),
        // unique (invariant 2).
        (self.so == 1).then(|| unsafe { self.out.run_mut(o, len) })
    }

    #[inline(always)]
    unsafe fn put(&mut self, o: usize, k: usize, x: &T) {
        let to = o.wrapping_add_signed((k as isize).wrapping_mul(self.so));
        // SAFETY: the `k`-th position of a destination lane, unique (the contract).
        unsafe { self.out.get_mut(to).clone_from(x) };
    }

    #[inline(always)]
    unsafe fn commit(&mut self, _: usize) {}
}

/// Writes each element of `dest` over `shape` with `data`'s element at `base + idx·step`,
/// where `base` is the position `src` reaches there (its stride along the gathered axis is 0)
/// and `idx` the index `indices` holds there. Walks the last axis innermost, the lanes in
/// row-major order, checking each index against `n`; a lane whose indices, source and
/// destination are runs (the last axis of row-major tensors) is read and written as slices,
/// each index checked by the slice's own `get`.
///
/// # Errors
///
/// The row-major position (over `shape`) of the first index not below `n`, and that index;
/// the elements before it in that order are written, the others are not.
///
/// # Safety
///
/// The layouts over `shape` are valid for their data (invariant 1), `dst`'s for `dest`'s and
/// unique (invariant 2); indices below `n` reach positions of the source, whose stride along
/// the gathered axis is `step`.
unsafe fn gather_lanes<T: Clone, D: LaneDest<T>>(
    (data, src, step, n): (ViewRepr<'_, T>, Operand<'_>, isize, usize),
    (indices, idx): (ViewRepr<'_, usize>, Operand<'_>),
    (mut dest, dst): (D, Operand<'_>),
    shape: &[usize],
) -> Result<(), BadIndex> {
    let Some(last) = shape.len().checked_sub(1) else {
        return Ok(());
    };
    let (len, sd, si) = (shape[last], src.strides[last], idx.strides[last]);
    let unit = si == 1 && sd == 0 && step == 1;
    // The row-major position of each lane's first element.
    let mut start = 0usize;
    let mut bad = None;
    for_each_lane(shape, [src, idx, dst], last, &mut |[p, q, o]| {
        if bad.is_some() {
            return;
        }
        let mut written = 0;
        // SAFETY: `o` starts a destination lane of `len` elements, in row-major order.
        if let Some(slots) = unit.then(|| unsafe { dest.run(o, len) }).flatten() {
            // SAFETY: the index lane and the data lane are runs of their layouts (the
            // contract: `len` indices from `q`, `n` elements from `p`).
            let (ids, lane) = unsafe { (indices.run(q, len), data.run(p, n)) };
            for (slot, &j) in slots.iter_mut().zip(ids) {
                let Some(x) = lane.get(j) else {
                    bad = Some(BadIndex {
                        position: start + written,
                        index: j,
                    });
                    break;
                };
                D::fill(slot, x);
                written += 1;
            }
        } else {
            for k in 0..len {
                let k_isize = k as isize;
                // SAFETY: the `k`-th position of an index lane of the layout (the contract).
                let j = *unsafe { indices.get(q.wrapping_add_signed(k_isize.wrapping_mul(si))) };
                if j >= n {
                    bad = Some(BadIndex {
                        position: start + k,
                        index: j,
                    });
                    break;
                }
                let at = p
                    .wrapping_add_signed(k_isize.wrapping_mul(sd))
                    .wrapping_add_signed((j as isize).wrapping_mul(step));
                // SAFETY: `j < n`, so `at` is a position of the source; element `k` of the
                // lane from `o`, those before it written (the contract).
                unsafe { dest.put(o, k, data.get(at)) };
                written += 1;
            }
        }
        // SAFETY: the lane's first `written` elements were written above.
        unsafe { dest.commit(written) };
        start += len;
    });
    match bad {
        Some(b) => Err(b),
        None => Ok(()),
    }
}

/// Whether every index `indices` holds over `shape` is below `n`, checked run by run in
/// memory order (any order, so the runs of a contiguous tensor are one slice).
///
/// # Safety
///
/// The layout (`shape`, `idx`) is valid for `indices` (invariant 1).
pub(crate) unsafe fn indices_below<const N: usize>(
    indices: ViewRepr<'_, usize>,
    shape: &[usize],
    idx: Operand<'_>,
    n: usize,
) -> bool {
    // SAFETY: the caller's contract.
    unsafe { fold::<N, usize, bool>(indices, shape, idx, true, &mut |ok, &i| ok & (i < n)) }
}

/// Writes `f(&mut dst[base + idx·step], value)` for every index of `shape`, where `base` is the
/// position `dst` reaches there (its stride along the axis is 0), `idx` the index `indices`
/// holds there and `value` the element `values` holds there (NumPy's `put_along_axis`).
///
/// # Safety
///
/// The three layouts over `shape` are valid for their data (invariant 1); `dst`'s layout with
/// its axis restored (stride `step`) is unique (invariant 2); every index `indices` holds is
/// below the destination's size along that axis.
pub(crate) unsafe fn put_along<T, U>(
    (mut data, dst, step): (ViewReprMut<'_, T>, Operand<'_>, isize),
    (indices, idx): (ViewRepr<'_, usize>, Operand<'_>),
    (values, val): (ViewRepr<'_, U>, Operand<'_>),
    shape: &[usize],
    f: &mut impl FnMut(&mut T, &U),
) {
    walk_n(shape, [dst, idx, val], &mut |[p, q, v]| {
        // SAFETY: positions of valid layouts; the index is in range (the caller's contract).
        unsafe {
            let j = *indices.get(q);
            let at = p.wrapping_add_signed((j as isize).wrapping_mul(step));
            f(data.get_mut(at), values.get(v));
        }
    });
}

/// The elements of `xs` where `bits` holds `true`, in order, without a branch per element:
/// each element is written at the end of the result, which grows by one where the bit is set
/// (for types without drop glue, whose overwritten clones need no drop).
#[cfg(feature = "alloc")]
fn compact<T: Clone>(xs: &[T], bits: &[bool]) -> Result<Vec<T>, crate::ShapeError> {
    let count = bits.iter().map(|&b| usize::from(b)).sum::<usize>();
    // One slot more than the count: the element after the last kept one is written there.
    let mut out = try_vec(count.saturating_add(1))?;
    let spare = out.spare_capacity_mut();
    let mut k = 0usize;
    for (x, &b) in xs.iter().zip(bits) {
        // `k` counts the set bits before this one, at most `count`, below the room.
        if let Some(slot) = spare.get_mut(k) {
            slot.write(x.clone());
        }
        k += usize::from(b);
    }
    // SAFETY: slots `..count` were written, each last by the element whose bit was set (the
    // `k`-th set bit writes slot `k` and moves on); the overwritten clones need no drop
    // (the caller's `needs_drop` check).
    unsafe { out.set_len(count) };
    Ok(out)
}

/// The elements of an operand where a mask over the same shape holds `true`, in row-major
/// order (NumPy's `a[mask]`); the mask is counted first, so the result is allocated once.
///
/// # Errors
///
/// [`ErrorKind::Allocation`](crate::ErrorKind::Allocation) if the room cannot be had.
///
/// # Safety
///
/// Both layouts over `shape` are valid for their data (invariant 1).
#[cfg(feature = "alloc")]
pub(crate) unsafe fn masked_select<T: Clone>(
    data: ViewRepr<'_, T>,
    op: Operand<'_>,
    mask: ViewRepr<'_, bool>,
    mop: Operand<'_>,
    shape: &[usize],
) -> Result<Vec<T>, crate::ShapeError> {
    let contiguous = |o: &Operand<'_>| crate::layout::parts::is_contiguous(shape, o.strides, false);
    let len = crate::layout::checked_len(shape).unwrap_or(0);
    if len > 0 && contiguous(&op) && contiguous(&mop) && !core::mem::needs_drop::<T>() {
        // SAFETY: both operands are row-major contiguous over `len` elements from their
        // offsets, which their layouts reach (the caller's contract).
        let (xs, bits) = unsafe { (data.run(op.offset, len), mask.run(mop.offset, len)) };
        return compact(xs, bits);
    }
    let mut count = 0usize;
    walk1(shape, mop, &mut |q| {
        // SAFETY: a position of the mask's layout, valid for it (the caller's contract,
        // invariant 1).
        count += usize::from(*unsafe { mask.get(q) });
    });
    let mut out = try_vec(count)?;
    walk2(shape, op, mop, &mut |p, q| {
        // SAFETY: positions of the two layouts (the caller's contract).
        unsafe {
            if *mask.get(q) {
                out.push(data.get(p).clone());
            }
        }
    });
    Ok(out)
}
