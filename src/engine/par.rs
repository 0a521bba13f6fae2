//! Splitting work across threads (the `rayon` feature).
//!
//! Work is split along one axis into contiguous index ranges, halving recursively with
//! `rayon::join` until a piece holds fewer than `2 × GRAIN` elements; each piece then runs the
//! sequential loops above. The pieces are fixed by the shape alone, never by the number of
//! threads, so results (sums included) are the same on every machine.

use super::Operand;
use crate::storage::ViewReprMut;
use core::ops::Range;

/// Elements per piece below which a piece is not split further. Under Miri, 64, so that tests
/// of small tensors reach the code that hands pieces to threads.
pub(crate) const GRAIN: usize = if cfg!(miri) { 1 << 6 } else { 1 << 15 };

/// The axis to split along: the one with the largest stride magnitude among axes of size
/// above 1 (the outermost loop in memory). `None` if the operand is too small to split.
fn split_axis(shape: &[usize], strides: &[isize]) -> Option<usize> {
    let len = crate::layout::checked_len(shape).ok()?;
    if len < 2 * GRAIN {
        return None;
    }
    (0..shape.len())
        .filter(|&k| shape[k] > 1)
        .max_by_key(|&k| strides[k].unsigned_abs())
}

/// The bytes of a source's run that a piece cut along the run's axis keeps at least: four
/// lines. A piece that keeps fewer re-reads every source row for those few bytes, each row
/// far from the last in memory: on an AMD EPYC (2 vCPUs), `par_to_contiguous` of the
/// `[3, 2, 1, 0]` permutation of 64⁴ `f32` (split along the source's contiguous axis) took
/// 1.9× the sequential time with pieces of one line, 1.3× with two, and the sequential time
/// with four (the 64 indices are then not split).
const KEPT_BYTES: usize = 4 * super::kernel::LINE;

/// The fewest indices along an axis of stride `stride` (elements of `size` bytes) that span
/// [`KEPT_BYTES`]: a piece cut along that axis that keeps this many reads its lines whole, and
/// several at a time, where thinner pieces would each read every line for a few of its bytes
/// (as many passes over the source as a line holds elements, when the axis is the source's
/// contiguous one). An axis whose step is a line or more keeps 1.
pub(crate) fn whole_lines(stride: isize, size: usize) -> usize {
    let step = stride.unsigned_abs().saturating_mul(size);
    if step == 0 || step >= super::kernel::LINE {
        1
    } else {
        KEPT_BYTES.div_ceil(step)
    }
}

/// Runs `leaf(axis, range)` on pieces of the read-only operand in parallel and combines the
/// results in index order; `None` (nothing run) when the operand is too small to split.
pub(crate) fn split<B: Send>(
    shape: &[usize],
    op: Operand<'_>,
    leaf: &(impl Fn(usize, Range<usize>) -> B + Sync),
    combine: &(impl Fn(B, B) -> B + Sync),
) -> Option<B> {
    let axis = split_axis(shape, op.strides)?;
    let per_index = crate::layout::checked_len(shape).ok()? / shape[axis];
    Some(split_range(
        0..shape[axis],
        per_index,
        &|r| leaf(axis, r),
        combine,
    ))
}

fn split_range<B: Send>(
    r: Range<usize>,
    per_index: usize,
    leaf: &(impl Fn(Range<usize>) -> B + Sync),
    combine: &(impl Fn(B, B) -> B + Sync),
) -> B {
    if r.len() < 2 || r.len() * per_index < 2 * GRAIN {
        return leaf(r);
    }
    let mid = r.start + r.len() / 2;
    let (a, b) = rayon::join(
        || split_range(r.start..mid, per_index, leaf, combine),
        || split_range(mid..r.end, per_index, leaf, combine),
    );
    combine(a, b)
}

/// Where a writable operand can be cut into pieces with disjoint memory.
struct DisjointSplit {
    axis: usize,
    stride: isize,
    /// Lowest position of the operand, leaving out the split axis's contribution.
    low: usize,
    per_index: usize,
    /// The fewest indices a piece keeps along the axis.
    min_len: usize,
}

impl DisjointSplit {
    /// The lowest memory position of the elements whose index along the axis is in `r`.
    fn low_of(&self, r: &Range<usize>) -> usize {
        let first = if self.stride > 0 { r.start } else { r.end - 1 };
        self.low
            .wrapping_add_signed((first as isize).wrapping_mul(self.stride))
    }
}

/// The most pieces an operand cut along an inner axis (see [`split_mut`]) is cut into. On 2
/// vCPUs, `par_assign` of the `[3, 2, 1, 0]` permutation of 64⁴ `f32` into an existing tensor
/// (cut along its axis 1) took 0.55× the sequential time in 2, 4 or 8 pieces and 0.77× in 16 or
/// 64.
const INTERLEAVED_PIECES: usize = 8;

/// Runs `leaf(chunk, base, axis, range)` on pieces of a writable operand in parallel, where
/// `chunk` is the part of `data` holding the piece's elements and starts at position `base` of
/// `data`; a piece keeps at least `keep(axis)` indices of the axis (the operands read
/// alongside, [`whole_lines`]) unless the axis is shorter. Returns `false` (nothing run) when
/// the operand is too small, or when no axis separates it into disjoint memory ranges (an axis
/// whose stride exceeds the span of all the other axes; always the case for contiguous and
/// permuted layouts).
///
/// The operand is cut along that separating axis, the outermost in memory, into pieces that
/// each hold a range of `data` of their own. Where that axis is too short to cut into pieces
/// keeping `keep(axis)` indices, and the layout passes the layout code's uniqueness check
/// (`check_unique`: each stride beyond the span of the smaller ones, as in contiguous,
/// permuted, stepped and flipped layouts), it is cut along the outermost axis that can be:
/// those pieces interleave in memory, so each one's `chunk` is all of `data` (with `base` 0),
/// holding the other pieces' elements as gaps that `leaf` must not touch. On
/// 2 vCPUs, `par_to_contiguous` of the `[3, 2, 1, 0]` permutation of 64⁴ `f32`, whose outermost
/// axis is the source's contiguous one, took the sequential time when not cut and 0.52–0.59×
/// of it cut along the next axis.
pub(crate) fn split_mut<T: Send>(
    data: ViewReprMut<'_, T>,
    shape: &[usize],
    op: Operand<'_>,
    keep: impl Fn(usize) -> usize,
    leaf: &(impl Fn(ViewReprMut<'_, T>, usize, usize, Range<usize>) + Sync),
) -> bool {
    let Some(axis) = split_axis(shape, op.strides) else {
        return false;
    };
    let mut span = 0usize;
    let mut low = op.offset;
    for (k, (&n, &s)) in shape.iter().zip(op.strides).enumerate() {
        if k == axis {
            continue;
        }
        // A valid layout's span fits in the storage, so nothing here overflows.
        span += (n - 1) * s.unsigned_abs();
        if s < 0 {
            low = low.wrapping_add_signed(((n - 1) as isize).wrapping_mul(s));
        }
    }
    let stride = op.strides[axis];
    if span >= stride.unsigned_abs() {
        return false;
    }
    let per_index = |axis: usize| crate::layout::checked_len(shape).unwrap_or(0) / shape[axis];
    let min_len = keep(axis).max(1);
    if shape[axis] < 2 * min_len {
        let inner = (0..shape.len())
            .filter(|&k| k != axis && shape[k] >= 2 * keep(k).max(1))
            .max_by_key(|&k| op.strides[k].unsigned_abs());
        let unique = crate::layout::parts::check_unique(shape, op.strides).is_ok();
        if let Some(inner) = inner.filter(|_| unique) {
            let cut = Interleaved {
                axis: inner,
                per_index: per_index(inner),
                min_len: keep(inner).max(shape[inner].div_ceil(INTERLEAVED_PIECES)),
            };
            split_interleaved(data.into_gapped(), 0..shape[inner], &cut, leaf);
            return true;
        }
    }
    let cut = DisjointSplit {
        axis,
        stride,
        low,
        per_index: per_index(axis),
        min_len,
    };
    let r = 0..shape[axis];
    let base = cut.low_of(&r);
    let Some((_, data)) = data.split_at(base) else {
        return false;
    };
    split_mut_range(data, base, r, &cut, leaf);
    true
}

fn split_mut_range<T: Send>(
    data: ViewReprMut<'_, T>,
    base: usize,
    r: Range<usize>,
    cut: &DisjointSplit,
    leaf: &(impl Fn(ViewReprMut<'_, T>, usize, usize, Range<usize>) + Sync),
) {
    if r.len() < 2 * cut.min_len || r.len() * cut.per_index < 2 * GRAIN {
        return leaf(data, base, cut.axis, r);
    }
    let mid = r.start + r.len() / 2;
    let (first, second) = (r.start..mid, mid..r.end);
    // The half that lies higher in memory starts at its lowest position; every element of
    // the other half lies below it, because the other axes span less than one stride.
    let (lower, upper) = if cut.stride > 0 {
        (first, second)
    } else {
        (second, first)
    };
    let at = cut.low_of(&upper);
    let Some((below, above)) = data.split_at(at.wrapping_sub(base)) else {
        unreachable!("a cut inside the piece (the other axes span less than one stride)")
    };
    rayon::join(
        || split_mut_range(below, base, lower, cut, leaf),
        || split_mut_range(above, at, upper, cut, leaf),
    );
}

/// How an operand is cut into pieces that interleave in memory.
struct Interleaved {
    axis: usize,
    per_index: usize,
    /// The fewest indices a piece keeps along the axis.
    min_len: usize,
}

/// Halves `r` recursively as [`split_mut_range`] does; both halves get all of `data`.
fn split_interleaved<T: Send>(
    data: ViewReprMut<'_, T>,
    r: Range<usize>,
    cut: &Interleaved,
    leaf: &(impl Fn(ViewReprMut<'_, T>, usize, usize, Range<usize>) + Sync),
) {
    if r.len() < 2 * cut.min_len || r.len() * cut.per_index < 2 * GRAIN {
        return leaf(data, 0, cut.axis, r);
    }
    let mid = r.start + r.len() / 2;
    // SAFETY: the two halves' index ranges along one axis are disjoint, so in a layout that
    // passed `check_unique` (`split_mut`) their positions are disjoint too, and each half's
    // storage is handed on with that half's layout alone (`leaf` gets the piece it is named
    // with).
    let (first, second) = unsafe { data.share_gapped() };
    rayon::join(
        || split_interleaved(first, r.start..mid, cut, leaf),
        || split_interleaved(second, mid..r.end, cut, leaf),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::sync::atomic::{AtomicUsize, Ordering};

    /// Cuts `shape`/`strides` and checks that the pieces cover every position once,
    /// returning how many pieces there were (0 when it declined to split).
    fn pieces(shape: &[usize], strides: &[isize], offset: usize, len: usize) -> usize {
        pieces_keeping(shape, strides, offset, len, |_| 1).0
    }

    /// [`pieces`] with each piece keeping at least `keep(axis)` indices of the cut axis; also
    /// returns the axes cut.
    fn pieces_keeping(
        shape: &[usize],
        strides: &[isize],
        offset: usize,
        len: usize,
        keep: impl Fn(usize) -> usize + Sync,
    ) -> (usize, alloc::vec::Vec<usize>) {
        let mut data = alloc::vec![0u8; len];
        let count = AtomicUsize::new(0);
        let axes = std::sync::Mutex::new(alloc::vec::Vec::new());
        let op = Operand { strides, offset };
        let whole = crate::storage::ViewReprMut::from_slice(&mut data);
        let split = split_mut(whole, shape, op, &keep, &|mut chunk, base, axis, r| {
            count.fetch_add(1, Ordering::Relaxed);
            axes.lock().unwrap().push(axis);
            assert!(
                r.len() >= keep(axis).min(shape[axis]),
                "a piece of {} indices",
                r.len()
            );
            let mut sub = shape.to_vec();
            sub[axis] = r.len();
            let start = offset.wrapping_add_signed(r.start as isize * strides[axis]);
            let rel = Operand {
                strides,
                offset: start - base,
            };
            // SAFETY: the piece's positions relative to its chunk lie inside it, and no other
            // piece reaches them.
            crate::engine::walk1(&sub, rel, &mut |p| unsafe { *chunk.get_mut(p) += 1 });
        });
        if split {
            let mut expected = alloc::vec![0u8; len];
            crate::engine::walk1(shape, op, &mut |p| expected[p] += 1);
            assert_eq!(data, expected);
        }
        let mut axes = axes.into_inner().unwrap();
        axes.sort_unstable();
        axes.dedup();
        (count.into_inner(), axes)
    }

    #[test]
    fn writable_pieces_are_disjoint_and_cover_everything() {
        let g = GRAIN;
        // Contiguous, 4 × GRAIN elements: cut into 4 pieces of GRAIN.
        assert_eq!(pieces(&[64, g / 16], &[g as isize / 16, 1], 0, 4 * g), 4);
        // Transposed and the outer axis walked backwards.
        let n = g as isize / 16;
        assert!(pieces(&[g / 16, 64], &[1, -n], 63 * g / 16, 4 * g) > 1);
        // Every other element of a larger buffer.
        assert!(pieces(&[128, g / 32], &[n, 2], 0, 8 * g) > 1);
        // Too small: declined.
        assert_eq!(pieces(&[2, g - 1], &[g as isize - 1, 1], 0, 2 * g - 2), 0);
        // Pieces that keep 32 of the 64 rows: 2 (4 otherwise); 64 rows kept: the rows are not
        // cut, their columns are (4 pieces of GRAIN, interleaved).
        let rows = |keep| {
            let keep = move |axis| if axis == 0 { keep } else { 1 };
            pieces_keeping(&[64, g / 16], &[n, 1], 0, 4 * g, keep)
        };
        assert_eq!(rows(32), (2, alloc::vec![0]));
        assert_eq!(rows(64), (4, alloc::vec![1]));
    }

    /// An outer axis too short to cut keeping its lines: the next axis out is cut into pieces
    /// that interleave in memory, and they still cover every position once.
    #[test]
    fn unique_operands_are_cut_along_an_inner_axis() {
        let g = GRAIN;
        let keep_outer = |axis| if axis == 0 { 8 } else { 1 };
        let (count, axes) = pieces_keeping(
            &[8, 16, g / 8],
            &[2 * g as isize, g as isize / 8, 1],
            0,
            8 * 2 * g,
            keep_outer,
        );
        assert_eq!((count, axes), (8, alloc::vec![1]));
        // Permuted, with the outer axis walked backwards and kept whole: cut along the axis of
        // stride 8, not the contiguous one.
        let (count, axes) = pieces_keeping(
            &[8, 16, g / 8],
            &[1, -(g as isize), 8],
            15 * g,
            16 * g,
            |axis| if axis == 1 { 16 } else { 1 },
        );
        assert!(
            count > 1 && axes == alloc::vec![2],
            "{count} pieces along {axes:?}"
        );
        // Rows that overlap (not unique): the outer axis is kept whole, in one piece.
        let n = g.isqrt() + 2;
        let strides = [5 * n as isize, 3, 2];
        let (count, axes) = pieces_keeping(&[2, n, n], &strides, 0, 10 * n - 4, |a| {
            if a == 0 { 2 } else { 1 }
        });
        assert_eq!((count, axes), (1, alloc::vec![0]));
    }

    /// Four lines of 64 bytes: 64 `f32` along a contiguous axis, 32 along one of stride 2 or
    /// of `f64`, whatever the direction; an axis whose step is a line or more, or 0, keeps 1.
    #[test]
    fn whole_lines_span_four_lines() {
        assert_eq!(whole_lines(1, 4), 64);
        assert_eq!(whole_lines(-1, 4), 64);
        assert_eq!(whole_lines(2, 4), 32);
        assert_eq!(whole_lines(1, 8), 32);
        assert_eq!(whole_lines(3, 4), 22);
        assert_eq!(whole_lines(16, 4), 1);
        assert_eq!(whole_lines(0, 4), 1);
        assert_eq!(whole_lines(isize::MIN, 8), 1);
    }

    #[test]
    fn interleaved_axes_are_not_cut() {
        // Rows start 3 apart but span 2 * (n - 1): their memory ranges overlap.
        let n = 300;
        let shape = [n, n];
        let strides = [3isize, 2];
        let len = 5 * (n - 1) + 1;
        assert_eq!(pieces(&shape, &strides, 0, len), 0);
    }

    #[test]
    fn read_only_pieces_combine_in_order() {
        let shape = [8, 300, 100];
        let strides = [30_000isize, 100, 1];
        let op = Operand {
            strides: &strides,
            offset: 0,
        };
        let ranges = split(
            &shape,
            op,
            &|axis, r| alloc::vec![(axis, r)],
            &|mut a, b| {
                a.extend(b);
                a
            },
        )
        .unwrap();
        assert!(ranges.len() > 1);
        let mut next = 0;
        for (axis, r) in ranges {
            assert_eq!((axis, r.start), (0, next));
            next = r.end;
        }
        assert_eq!(next, 8);
    }
}
