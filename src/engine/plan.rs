//! The order-free plan ([`LoopPlan`]): axes of size 1 dropped, negative strides reversed, axes
//! ordered by stride and coalesced, and the loops over it for element-wise writes, copies and
//! sums.

use super::*;

/// An iteration space for `K` operands of one shape, simplified for order-free loops, with
/// room for `N` axes: a typed tensor's rank `R` (a rank-2 plan is a few words, which matters
/// on a firmware stack), or [`MAX_DYN_RANK`].
pub(crate) struct LoopPlan<const K: usize, const N: usize> {
    /// No elements at all.
    pub(super) empty: bool,
    pub(super) rank: usize,
    pub(super) shape: [usize; N],
    pub(super) strides: [[isize; N]; K],
    pub(super) offsets: [usize; K],
}

impl<const K: usize, const N: usize> LoopPlan<K, N> {
    /// Simplifies the walk of `shape` over `ops`, ordering the axes by the strides of
    /// `ops[lead]` (largest outermost). `None` beyond `N` axes (callers then walk in logical
    /// order).
    // Inlined off bare metal: returned from a call, the plan was stored and at once read back
    // with wider loads than the stores, which the processor cannot forward (measured on tiny
    // copies: B42 in `benches/NOTES.md`); on firmware each caller's copy would cost code size
    // instead.
    #[cfg_attr(not(target_os = "none"), inline(always))]
    pub(crate) fn new(shape: &[usize], ops: [Operand<'_>; K], lead: usize) -> Option<Self> {
        if shape.len() > N || ops.iter().any(|o| o.strides.len() != shape.len()) {
            return None;
        }
        let lead_strides = ops.get(lead)?.strides;
        let mut out = Self {
            empty: shape.contains(&0),
            rank: 0,
            // Sizes beyond the rank are never read. 1 rather than 0: a zeroed array here costs
            // firmware a call to `memset` (and the 174 bytes of that function).
            shape: [1; N],
            strides: [[0; N]; K],
            offsets: ops.map(|o| o.offset),
        };
        if out.empty {
            return Some(out);
        }
        // Drop size-1 axes; reverse axes the leading operand walks backwards. (Every `?` below
        // is on an index known to be in bounds: the rank is at most `N`, and every
        // operand has one stride per axis; written with `get` so that no path can panic.)
        let mut rank = 0;
        for (axis, (&dim, &lead_stride)) in shape.iter().zip(lead_strides).enumerate() {
            if dim == 1 {
                continue;
            }
            let flip = lead_stride < 0;
            *out.shape.get_mut(rank)? = dim;
            for ((op, offset), strides) in ops.iter().zip(&mut out.offsets).zip(&mut out.strides) {
                let stride = *op.strides.get(axis)?;
                if flip {
                    *offset = offset
                        .wrapping_add_signed((dim as isize).wrapping_sub(1).wrapping_mul(stride));
                }
                *strides.get_mut(rank)? = if flip { stride.wrapping_neg() } else { stride };
            }
            rank += 1;
        }
        // Stable insertion sort by the leading operand's stride, largest first.
        for i in 1..rank {
            let mut j = i;
            while j > 0 {
                let lead = out.strides.get(lead)?;
                if lead.get(j - 1)?.unsigned_abs() >= lead.get(j)?.unsigned_abs() {
                    break;
                }
                out.shape.get_mut(j - 1..=j)?.swap(0, 1);
                for strides in &mut out.strides {
                    strides.get_mut(j - 1..=j)?.swap(0, 1);
                }
                j -= 1;
            }
        }
        // Coalesce neighbours that are contiguous with each other in every operand.
        let mut r = 0;
        for inner in 1..rank {
            let dim = *out.shape.get(inner)?;
            let mergeable = out.strides.iter().all(|s| match (s.get(r), s.get(inner)) {
                (Some(&outer), Some(&inner)) => outer == inner.wrapping_mul(dim as isize),
                _ => false,
            });
            if mergeable {
                // The merged size counts elements of the operands: it fits.
                let merged = out.shape.get_mut(r)?;
                *merged = merged.wrapping_mul(dim);
            } else {
                r += 1;
                if r == inner {
                    // Nothing merged yet: the axis is in place. Not storing it again keeps
                    // the plan's arrays free of fresh stores that the caller's wide loads of
                    // the plan cannot take forwarded (a stall per call on tiny tensors).
                    continue;
                }
                *out.shape.get_mut(r)? = dim;
            }
            for strides in &mut out.strides {
                *strides.get_mut(r)? = *strides.get(inner)?;
            }
        }
        out.rank = if rank == 0 { 0 } else { r + 1 };
        Some(out)
    }

    /// Calls `f(positions, len, strides)` once per innermost run, in any order.
    pub(crate) fn runs(&self, f: &mut impl FnMut([usize; K], usize, [isize; K])) {
        self.fold_runs((), &mut |(), pos, n, s| f(pos, n, s));
    }

    /// [`runs`](Self::runs), threading `acc` through `f`.
    pub(crate) fn fold_runs<B>(
        &self,
        acc: B,
        f: &mut impl FnMut(B, [usize; K], usize, [isize; K]) -> B,
    ) -> B {
        // The next axis is walked here, in one loop around `f`, so that short runs do not each
        // pay for a call through the recursion.
        self.fold_planes(acc, &mut |mut acc, mut pos, (n, inner), (m, step)| {
            for _ in 0..m {
                acc = f(acc, pos, n, inner);
                for (p, s) in pos.iter_mut().zip(step) {
                    *p = p.wrapping_add_signed(s);
                }
            }
            acc
        })
    }

    /// Calls `f(acc, positions, (n, strides), (m, steps))` once per plane of the two innermost
    /// axes, in any order: `m` runs of `n` elements, run `j` starting at `positions + j·steps`.
    /// Below rank 2 the missing axes count as size 1 (`f` is called once, with steps 0).
    pub(crate) fn fold_planes<B>(
        &self,
        acc: B,
        f: &mut impl FnMut(B, [usize; K], (usize, [isize; K]), (usize, [isize; K])) -> B,
    ) -> B {
        if self.empty {
            return acc;
        }
        // The rank is at most `N` (the plan's room): said here so that the compiler drops the
        // outer walk when `N` is 2 or less.
        let rank = self.rank.min(N);
        let from_inside = |k: usize| match rank.checked_sub(k + 1) {
            Some(axis) => (
                self.shape.get(axis).copied().unwrap_or(0),
                self.strides_at(axis),
            ),
            None => (1, [0; K]),
        };
        let (run, rows) = (from_inside(0), from_inside(1));
        match rank.checked_sub(2) {
            Some(outer @ 1..) => {
                self.outer_fold(0, outer, self.offsets, acc, &mut move |acc, pos| {
                    f(acc, pos, run, rows)
                })
            }
            _ => f(acc, self.offsets, run, rows),
        }
    }

    /// The number of elements (`None` past `usize`, which no valid layout reaches).
    pub(super) fn len(&self) -> Option<usize> {
        crate::layout::checked_len(self.shape.get(..self.rank)?).ok()
    }

    /// Whether the runs of elements of `size` bytes are streamed (by [`zip3_values`], and by
    /// `zip_mut` where its kernel can): at least `stream_min` bytes in all, not a
    /// transposition, and runs of [`kernel::RUN_STAGE_BYTES`] or more, unit-stride in the
    /// destination (operand 0).
    pub(super) fn streams_runs(&self, size: usize, stream_min: usize) -> bool {
        let (Some(last), false) = (self.rank.checked_sub(1), self.empty) else {
            return false;
        };
        let inner = self.shape.get(last).copied().unwrap_or(0);
        self.len()
            .is_some_and(|n| n.saturating_mul(size) >= stream_min)
            && inner.saturating_mul(size) >= kernel::RUN_STAGE_BYTES
            && self.strides_at(last).first() == Some(&1)
            && self.transposed_axis().is_none()
    }

    /// Whether the planes of elements of `size` bytes are streamed whole (by `zip_mut` where
    /// its kernel can, [`Kernel::stream_plane`]): at least `stream_min` bytes in all, not a
    /// transposition, every operand unit-stride along the innermost axis, and the
    /// destination's (operand 0's) runs adjacent, so that each plane is one range of it.
    pub(super) fn streams_planes(&self, size: usize, stream_min: usize) -> bool {
        let (Some(inner), false) = (self.rank.checked_sub(1), self.empty) else {
            return false;
        };
        let (Some(&n), Some(next)) = (self.shape.get(inner), inner.checked_sub(1)) else {
            return false;
        };
        self.len()
            .is_some_and(|len| len.saturating_mul(size) >= stream_min)
            && self.strides_at(inner).iter().all(|&s| s == 1)
            && self.strides_at(next).first() == Some(&(n as isize))
    }

    /// The strides of every operand along (simplified) axis `axis`; 0 beyond the rank.
    #[inline(always)]
    pub(super) fn strides_at(&self, axis: usize) -> [isize; K] {
        self.strides
            .map(|strides| strides.get(axis).copied().unwrap_or(0))
    }

    /// Walks axes `from..to` (outer to inner), calling `f` with the positions at each point.
    pub(super) fn outer(
        &self,
        from: usize,
        to: usize,
        pos: [usize; K],
        f: &mut impl FnMut([usize; K]),
    ) {
        self.outer_fold(from, to, pos, (), &mut |(), p| f(p));
    }

    /// [`outer`](Self::outer), threading `acc` through `f`.
    pub(super) fn outer_fold<B>(
        &self,
        from: usize,
        to: usize,
        pos: [usize; K],
        mut acc: B,
        f: &mut impl FnMut(B, [usize; K]) -> B,
    ) -> B {
        if from >= to {
            return f(acc, pos);
        }
        let n = self.shape.get(from).copied().unwrap_or(0);
        let step = self.strides_at(from);
        let mut p = pos;
        for _ in 0..n {
            acc = self.outer_fold(from + 1, to, p, acc, f);
            for (p, s) in p.iter_mut().zip(step) {
                *p = p.wrapping_add_signed(s);
            }
        }
        acc
    }
}

/// Calls `f(starts, len, strides)` once per run of corresponding elements of `K` operands of
/// one shape, in any order (axes simplified as for the other order-free loops, led by operand
/// `lead`); beyond `N` axes, the logical walk's single elements as runs of 1. The n-ary `Zip`
/// walks its operands with this.
pub(crate) fn zip_runs<const N: usize, const K: usize>(
    shape: &[usize],
    ops: [Operand<'_>; K],
    lead: usize,
    f: &mut impl FnMut([usize; K], usize, [isize; K]),
) {
    match LoopPlan::<K, N>::new(shape, ops, lead) {
        Some(plan) => plan.runs(f),
        None => walk_n(shape, ops, &mut |p| f(p, 1, [0; K])),
    }
}

/// Calls `f` with the positions of corresponding elements of `K` operands of one shape, in
/// row-major order (the positions of [`zip_runs`] for ranks beyond their plan's room, and the
/// batch items of a batched matrix product).
pub(crate) fn walk_n<const K: usize>(
    shape: &[usize],
    ops: [Operand<'_>; K],
    f: &mut impl FnMut([usize; K]),
) {
    fn from<const K: usize>(
        shape: &[usize],
        axis: usize,
        ops: &[Operand<'_>; K],
        p: [usize; K],
        f: &mut impl FnMut([usize; K]),
    ) {
        let Some(&n) = shape.get(axis) else {
            return f(p);
        };
        let step: [isize; K] = core::array::from_fn(|k| match ops.get(k) {
            Some(op) => op.strides.get(axis).copied().unwrap_or(0),
            None => 0,
        });
        let mut q = p;
        for _ in 0..n {
            from(shape, axis + 1, ops, q, f);
            for (q, s) in q.iter_mut().zip(step) {
                *q = q.wrapping_add_signed(s);
            }
        }
    }
    if !shape.contains(&0) {
        from(shape, 0, &ops, ops.map(|o| o.offset), f);
    }
}

/// Calls `f(start, len, step)` once per run of one operand of a typed rank `N`, in any order:
/// the order-free walk's runs (axes reordered and coalesced, so a contiguous operand is one
/// run). The shape and strides are arrays, so the plan always fits and no fallback walk is
/// compiled in (the sums of the firmware subset stay small).
pub(crate) fn runs_any_order<const N: usize>(
    shape: &[usize; N],
    strides: &[isize; N],
    offset: usize,
    f: &mut impl FnMut(usize, usize, isize),
) {
    // A C-contiguous operand is one run, handed over without the plan, whose fixed cost
    // dominates small tensors. (A valid layout's element count fits `usize`.) Not on
    // bare-metal targets, where the code size of the firmware's sums counts for more.
    #[cfg(not(target_os = "none"))]
    if crate::layout::parts::is_contiguous(shape, strides, false) {
        let len = shape.iter().fold(1usize, |n, &d| n.wrapping_mul(d));
        if len > 0 {
            f(offset, len, 1);
        }
        return;
    }
    let op = Operand { strides, offset };
    match LoopPlan::<1, N>::new(shape, [op], 0) {
        Some(plan) => plan.runs(&mut |[p], n, [s]| f(p, n, s)),
        // `N` axes with `N` strides always fit a plan with room for `N`.
        None => debug_assert!(false, "an order-free plan of {N} axes did not fit"),
    }
}

/// Calls `f` on every element of a writable operand, in any order.
///
/// # Safety
///
/// The layout (`shape`, `op`) is valid for `data` and unique (invariants 1 and 2).
pub(crate) unsafe fn for_each_mut<const N: usize, T>(
    mut data: ViewReprMut<'_, T>,
    shape: &[usize],
    op: Operand<'_>,
    f: &mut impl FnMut(&mut T),
) {
    let Some(plan) = LoopPlan::<1, N>::new(shape, [op], 0) else {
        // SAFETY: the walk visits positions of the layout (the caller's contract).
        return walk1(shape, op, &mut |p| f(unsafe { data.get_mut(p) }));
    };
    plan.runs(&mut |[p], n, [s]| {
        if s == 1 {
            // SAFETY: a unit-stride run of the layout: positions `p..p + n` (the caller's
            // contract).
            unsafe { data.run_mut(p, n) }.iter_mut().for_each(&mut *f);
        } else {
            let mut q = p;
            for _ in 0..n {
                // SAFETY: a position of the layout (the caller's contract).
                f(unsafe { data.get_mut(q) });
                q = q.wrapping_add_signed(s);
            }
        }
    });
}

/// Folds every element of one operand, in memory order (any order, for the caller).
///
/// # Safety
///
/// The layout (`shape`, `op`) is valid for `data` (invariant 1).
pub(crate) unsafe fn fold<const N: usize, T, B>(
    data: ViewRepr<'_, T>,
    shape: &[usize],
    op: Operand<'_>,
    init: B,
    f: &mut impl FnMut(B, &T) -> B,
) -> B {
    let mut each_run = |mut a: B, p: usize, n: usize, s: isize| {
        if s == 1 {
            // SAFETY: a unit-stride run of the layout (the caller's contract).
            for x in unsafe { data.run(p, n) } {
                a = f(a, x);
            }
        } else {
            let mut q = p;
            for _ in 0..n {
                // SAFETY: a position of the layout (the caller's contract).
                a = f(a, unsafe { data.get(q) });
                q = q.wrapping_add_signed(s);
            }
        }
        a
    };
    match LoopPlan::<1, N>::new(shape, [op], 0) {
        Some(plan) => plan.fold_runs(init, &mut |a, [p], n, [s]| each_run(a, p, n, s)),
        None => fold_runs1(shape, op, init, &mut each_run),
    }
}
