//! The loop engine: every element-wise operation, copy and reduction walks its operands through
//! these functions.
//!
//! Operands share one shape and each has its own strides and offset (a broadcast operand has
//! stride 0 on its stretched axes). The walk is in row-major logical order; the innermost axis
//! is a plain counted loop with one pointer bump per operand, and the outer axes recurse, so
//! there is no index vector and nothing is allocated.
//!
//! Positions are computed with wrapping arithmetic, which is exact for layouts valid for their
//! storage (invariant 1 of the tensor types); callers index their storage with these positions.
//!
//! Two kinds of walk:
//!
//! - **logical** (`walk1`, `walk2`, `fold_runs1`): row-major order, for what the user can observe in
//!   order (`fold`, `for_each`, iterators);
//! - **order-free** ([`Prepared`]): for element-wise writes, copies and sums, whose result does
//!   not depend on the visiting order. Axes of size 1 are dropped, axes are reversed where the
//!   leading operand's stride is negative, sorted so the leading operand's smallest stride is
//!   innermost, and adjacent axes contiguous with each other in every operand are coalesced
//!   (NumPy's nditer and PyTorch's TensorIterator do the same). The innermost run is then a plain
//!   loop: a slice loop the compiler vectorises when the strides are 1. A copy whose source is
//!   unit-stride along another axis than the destination (a transposition) is tiled over those
//!   two axes so both stay in cache (HPTT's scheme): 32 × 64 tiles, cut into 8 × 8 blocks
//!   that a [`Kernel`] transposes at once — in SIMD registers for primitive numbers of 1, 2, 4
//!   and 8 bytes on x86-64 (SSE2, or AVX where the CPU has it) and on aarch64 (NEON), fully
//!   unrolled otherwise (see the `kernel` module). A bit copy into a destination of 8 MiB or
//!   more is streamed instead (on x86-64): its tiles are transposed into a buffer in L1 and
//!   written out row by row, whole cache lines with non-temporal stores (no read of each line
//!   before it is written), the loops ordered by the source's strides so that it is read front
//!   to back; where the destination's rows are a whole number of lines apart, each line-wide
//!   column is one band over the whole transposed axis, which reads only the source rows one
//!   line needs (see [`Prepared::stream_plan`]). A three-operand
//!   loop with a transposed operand (`out = permuted + b`) transposes that operand's blocks the
//!   same way, into a register buffer, and runs the rest as unit-stride rows.
//!
//! The order-free entry points take `N`, the number of axes their plan has room for: callers
//! pass the tensor's rank `R` (so a rank-2 plan is a few words, not 16 axes' worth to zero and
//! copy), or [`MAX_DYN_RANK`] for shapes cut at run time. A shape with more axes than `N` takes
//! the logical walk.
//!
//! What is done to each element is a [`Kernel`]: any closure `FnMut(&mut T, &U)`, or one of the
//! copy kernels ([`CloneTo`] for assignment, `CloneInto` for filling new memory) whose block
//! form may copy bits.

// Loops here walk the per-operand arrays in step; indexing by operand reads better than zips.
#![allow(clippy::needless_range_loop)]

use crate::storage::{ViewRepr, ViewReprMut};

/// Whether loops take their smallest form rather than their fastest: on bare-metal targets
/// (`target_os = "none"`, microcontrollers), where code is flash that firmware pays for, data
/// caches are a few KiB or absent, and the cores have no vector unit for auto-vectorised slice
/// loops to use. Each loop that consults it computes the same result, to the bit, either way.
pub(crate) const SMALL_CODE: bool = cfg!(target_os = "none");

/// One operand: its strides and the position of its first element.
#[derive(Clone, Copy)]
pub(crate) struct Operand<'a> {
    pub(crate) strides: &'a [isize],
    pub(crate) offset: usize,
}

/// `len` elements of one operand, `step` apart from position `start`: a run or lane that the
/// engine hands to a reduction.
///
/// Invariant: every one of those positions is reached by a layout valid for `data`
/// (invariant 1 of the tensor types), as [`Run::new`]'s caller promised; the accessors rely on
/// it and need no other check.
pub(crate) struct Run<'a, T> {
    data: ViewRepr<'a, T>,
    start: usize,
    len: usize,
    step: isize,
}

impl<T> Clone for Run<'_, T> {
    #[inline(always)]
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Run<'_, T> {}

impl<'a, T> Run<'a, T> {
    /// # Safety
    ///
    /// The positions `start + k·step` for `k < len` are reached by a layout valid for `data`.
    #[inline(always)]
    pub(crate) unsafe fn new(data: ViewRepr<'a, T>, start: usize, len: usize, step: isize) -> Self {
        Self {
            data,
            start,
            len,
            step,
        }
    }

    /// How many elements.
    #[inline(always)]
    pub(crate) fn len(self) -> usize {
        self.len
    }

    /// The elements as a slice when they are adjacent (stride 1, or at most one element).
    #[inline(always)]
    pub(crate) fn to_slice(self) -> Option<&'a [T]> {
        match self.len {
            0 => Some(&[]),
            _ if self.step == 1 || self.len == 1 => {
                // SAFETY: the run's positions are `start..start + len` here (the invariant).
                Some(unsafe { self.data.run(self.start, self.len) })
            }
            _ => None,
        }
    }

    /// Elements `..k` and `k..` (`k` at most the length) as two runs.
    #[inline(always)]
    pub(crate) fn split_at(self, k: usize) -> (Self, Self) {
        let k = k.min(self.len);
        let start = self
            .start
            .wrapping_add_signed((k as isize).wrapping_mul(self.step));
        (
            Self { len: k, ..self },
            Self {
                start,
                len: self.len - k,
                ..self
            },
        )
    }

    /// The elements, in order.
    #[inline(always)]
    pub(crate) fn iter(self) -> RunIter<'a, T> {
        RunIter {
            data: self.data,
            pos: self.start,
            left: self.len,
            step: self.step,
        }
    }
}

/// The elements of a [`Run`], in order. Invariant: the next `left` positions from `pos`,
/// `step` apart, are positions of the run.
pub(crate) struct RunIter<'a, T> {
    data: ViewRepr<'a, T>,
    pos: usize,
    left: usize,
    step: isize,
}

impl<'a, T> Iterator for RunIter<'a, T> {
    type Item = &'a T;

    #[inline(always)]
    fn next(&mut self) -> Option<&'a T> {
        if self.left == 0 {
            return None;
        }
        // SAFETY: `pos` is the next position of the run (the invariant).
        let x = unsafe { self.data.get(self.pos) };
        self.left -= 1;
        self.pos = self.pos.wrapping_add_signed(self.step);
        Some(x)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl<T> ExactSizeIterator for RunIter<'_, T> {}

/// Calls `f` with the position of every element of one operand, in row-major order.
#[inline]
pub(crate) fn walk1(shape: &[usize], a: Operand<'_>, f: &mut impl FnMut(usize)) {
    if shape.contains(&0) {
        return;
    }
    walk1_from(shape, a.strides, a.offset, f);
}

fn walk1_from(shape: &[usize], strides: &[isize], pos: usize, f: &mut impl FnMut(usize)) {
    walk1_fold(shape, strides, pos, (), &mut |(), p| f(p));
}

/// Walks `shape` from `pos`, threading `acc` through `f`. `shape` and `strides` have one
/// length (strides shorter than the shape walk nothing below them; no path can panic).
fn walk1_fold<B>(
    shape: &[usize],
    strides: &[isize],
    pos: usize,
    mut acc: B,
    f: &mut impl FnMut(B, usize) -> B,
) -> B {
    match (shape, strides) {
        ([], _) => f(acc, pos),
        ([n], [step, ..]) => {
            let mut p = pos;
            for _ in 0..*n {
                acc = f(acc, p);
                p = p.wrapping_add_signed(*step);
            }
            acc
        }
        ([n, rest @ ..], [step, inner @ ..]) => {
            let mut p = pos;
            for _ in 0..*n {
                acc = walk1_fold(rest, inner, p, acc, f);
                p = p.wrapping_add_signed(*step);
            }
            acc
        }
        (_, []) => acc,
    }
}

/// Calls `f` with the positions of corresponding elements of two operands.
#[inline]
pub(crate) fn walk2(
    shape: &[usize],
    a: Operand<'_>,
    b: Operand<'_>,
    f: &mut impl FnMut(usize, usize),
) {
    if shape.contains(&0) {
        return;
    }
    walk2_from(shape, a.strides, a.offset, b.strides, b.offset, f);
}

fn walk2_from(
    shape: &[usize],
    sa: &[isize],
    pa: usize,
    sb: &[isize],
    pb: usize,
    f: &mut impl FnMut(usize, usize),
) {
    match (shape, sa, sb) {
        ([], _, _) => f(pa, pb),
        ([n], [da, ..], [db, ..]) => {
            let (mut a, mut b) = (pa, pb);
            for _ in 0..*n {
                f(a, b);
                a = a.wrapping_add_signed(*da);
                b = b.wrapping_add_signed(*db);
            }
        }
        ([n, rest @ ..], [da, ia @ ..], [db, ib @ ..]) => {
            let (mut a, mut b) = (pa, pb);
            for _ in 0..*n {
                walk2_from(rest, ia, a, ib, b, f);
                a = a.wrapping_add_signed(*da);
                b = b.wrapping_add_signed(*db);
            }
        }
        // Strides shorter than the shape: not produced by the crate.
        _ => {}
    }
}

/// Folds `acc` through `f(acc, start, len, step)` once per innermost run of one operand, in
/// row-major order (the logical walk of [`fold`] beyond its plan's room).
fn fold_runs1<B>(
    shape: &[usize],
    a: Operand<'_>,
    acc: B,
    f: &mut impl FnMut(B, usize, usize, isize) -> B,
) -> B {
    if shape.contains(&0) {
        return acc;
    }
    match (shape.split_last(), a.strides.split_last()) {
        (None, _) => f(acc, a.offset, 1, 0),
        (Some((&n, outer)), Some((&step, outer_strides))) => {
            walk1_fold(outer, outer_strides, a.offset, acc, &mut |acc, p| {
                f(acc, p, n, step)
            })
        }
        // Strides shorter than the shape: not produced by the crate.
        (Some(_), None) => acc,
    }
}

/// A running scan along `axis` of a writable operand (cumulative sums and products): for each
/// index `k ≥ 1` along the axis, in order, `f(&element at k − 1, &mut element at k)` for every
/// index of the other axes. Slice by slice, so every axis is walked in memory order.
///
/// # Safety
///
/// The layout must be valid for `data` and unique (invariants 1 and 2).
pub(crate) unsafe fn scan_axis<T>(
    mut data: ViewReprMut<'_, T>,
    shape: &[usize],
    op: Operand<'_>,
    axis: usize,
    f: &mut impl FnMut(&T, &mut T),
) {
    if shape.contains(&0) || shape.len() > MAX_DYN_RANK {
        return;
    }
    let rest = shape.len() - 1;
    let (mut others, mut strides) = ([0usize; MAX_DYN_RANK], [0isize; MAX_DYN_RANK]);
    crate::layout::parts::remove_axis(shape, axis, &mut others[..rest]);
    crate::layout::parts::remove_axis(op.strides, axis, &mut strides[..rest]);
    let step = op.strides[axis];
    for k in 1..shape[axis] {
        let slice = Operand {
            strides: &strides[..rest],
            offset: op
                .offset
                .wrapping_add_signed((k as isize).wrapping_mul(step)),
        };
        walk1(&others[..rest], slice, &mut |p| {
            // The element one step back along the axis: a different one, as the layout is
            // unique and the axis is longer than 1.
            let q = p.wrapping_add_signed(step.wrapping_neg());
            // SAFETY: `p` and `q` are positions of the layout, so they hold elements of `data`
            // (the caller's contract); they differ (see above), so the shared and the mutable
            // reference do not overlap.
            unsafe { f(&*data.ptr_at(q), &mut *data.ptr_at(p)) };
        });
    }
}

// ------------------------------------------------------------------------------ order-free

use crate::layout::MAX_DYN_RANK;

mod kernel;
#[cfg(feature = "alloc")]
mod pages;

#[cfg(feature = "alloc")]
pub(crate) use kernel::CloneInto;
use kernel::MICRO;
#[cfg(target_arch = "x86_64")]
pub(crate) use kernel::has_avx;
pub(crate) use kernel::{CloneTo, Kernel};

/// An iteration space for `K` operands of one shape, simplified for order-free loops, with
/// room for `N` axes: a typed tensor's rank `R` (a rank-2 plan is a few words, which matters
/// on a firmware stack), or [`MAX_DYN_RANK`].
pub(crate) struct Prepared<const K: usize, const N: usize> {
    /// No elements at all.
    empty: bool,
    rank: usize,
    shape: [usize; N],
    strides: [[isize; N]; K],
    offsets: [usize; K],
}

impl<const K: usize, const N: usize> Prepared<K, N> {
    /// Simplifies the walk of `shape` over `ops`, ordering the axes by the strides of
    /// `ops[lead]` (largest outermost). `None` beyond `N` axes (callers then walk in logical
    /// order).
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
    fn len(&self) -> Option<usize> {
        crate::layout::checked_len(self.shape.get(..self.rank)?).ok()
    }

    /// Whether the runs of elements of `size` bytes are streamed (by [`zip3_values`], and by
    /// `zip_mut` where its kernel can): at least `stream_min` bytes in all, not a
    /// transposition, and runs of [`kernel::RUN_STAGE_BYTES`] or more, unit-stride in the
    /// destination (operand 0).
    fn streams_runs(&self, size: usize, stream_min: usize) -> bool {
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
    /// transposition, every operand unit-stride along the innermost axis, and the destination's
    /// (operand 0's) runs adjacent, so that each plane is one range of it.
    fn streams_planes(&self, size: usize, stream_min: usize) -> bool {
        let (Some(inner), false) = (self.rank.checked_sub(1), self.empty) else {
            return false;
        };
        let (Some(&n), Some(next)) = (self.shape.get(inner), inner.checked_sub(1)) else {
            return false;
        };
        self.len()
            .is_some_and(|len| len.saturating_mul(size) >= stream_min)
            && n.saturating_mul(size) < kernel::RUN_STAGE_BYTES
            && self.strides_at(inner).iter().all(|&s| s == 1)
            && self.strides_at(next).first() == Some(&(n as isize))
    }

    /// The strides of every operand along (simplified) axis `axis`; 0 beyond the rank.
    #[inline(always)]
    fn strides_at(&self, axis: usize) -> [isize; K] {
        self.strides
            .map(|strides| strides.get(axis).copied().unwrap_or(0))
    }

    /// Walks axes `from..to` (outer to inner), calling `f` with the positions at each point.
    fn outer(&self, from: usize, to: usize, pos: [usize; K], f: &mut impl FnMut([usize; K])) {
        self.outer_fold(from, to, pos, (), &mut |(), p| f(p));
    }

    /// [`outer`](Self::outer), threading `acc` through `f`.
    fn outer_fold<B>(
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
    match Prepared::<K, N>::new(shape, ops, lead) {
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
    let op = Operand { strides, offset };
    match Prepared::<1, N>::new(shape, [op], 0) {
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
    let Some(plan) = Prepared::<1, N>::new(shape, [op], 0) else {
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
    match Prepared::<1, N>::new(shape, [op], 0) {
        Some(plan) => plan.fold_runs(init, &mut |a, [p], n, [s]| each_run(a, p, n, s)),
        None => fold_runs1(shape, op, init, &mut each_run),
    }
}

/// Tile of the blocked transposition: `TILE_U` × `TILE_L` elements along the source's
/// unit-stride axis (`u`, so `TILE_U` destination rows) and the destination's (`l`, so `TILE_L`
/// source rows). A tile is cut into `MICRO × MICRO` kernel blocks, walked with `l` outermost: a
/// row of kernel blocks reads only `MICRO` source lines, each whole before the next row starts,
/// so power-of-two source strides — whose lines all fall into one cache set — do not evict
/// lines in use from an 8-way L1. Each step along `l` writes one line of every destination row
/// of the tile; 32 rows rather than 64 keep fewer destination lines open at once, which the
/// CPUs with the smallest caches need.
const TILE_U: usize = 32;
/// See [`TILE_U`].
const TILE_L: usize = 64;
/// Ragged tile edges are walked in strips of `STRIP` along `l`, for the same reason.
const STRIP: usize = 8;

/// The geometry of one tile of a `K`-operand transposition: operand `k`'s element `(u, l)` is
/// at `start[k] + u·su[k] + l·sl[k]`, for `u < nu`, `l < nl`.
struct Block<const K: usize> {
    start: [usize; K],
    nu: usize,
    nl: usize,
    su: [isize; K],
    sl: [isize; K],
}

impl<const K: usize> Block<K> {
    /// Operand `k`'s position of `(u, l)` (wrapping, like every position of the engine).
    #[inline(always)]
    fn at(&self, k: usize, u: usize, l: usize) -> usize {
        affine(self.start[k], u, l, self.su[k], self.sl[k])
    }

    /// Whether every operand's block lies inside its storage (`lens[k]` elements). An affine
    /// block reaches its extreme positions at its corners, so those are checked once; for
    /// layouts valid for their storage (invariant 1) this is always `true`. A block outside is
    /// skipped by the callers, never read or written (debug builds stop there); no path
    /// panics in release builds.
    #[inline(always)]
    fn inside(&self, lens: [usize; K]) -> bool {
        let (u1, l1) = (self.nu.wrapping_sub(1), self.nl.wrapping_sub(1));
        let inside = [(0, 0), (u1, 0), (0, l1), (u1, l1)].iter().all(|&(u, l)| {
            lens.iter()
                .enumerate()
                .all(|(k, &len)| self.at(k, u, l) < len)
        });
        debug_assert!(
            inside,
            "engine: block out of bounds (a layout is not valid for its storage)"
        );
        inside
    }

    /// The part `fu × fl` covered by whole `MICRO × MICRO` kernel blocks: all of it but the
    /// ragged edges when operand 0 is unit-stride along `l` and operand 1 along `u` (a
    /// transposition), nothing otherwise.
    #[inline(always)]
    fn kernel_part(&self) -> (usize, usize) {
        if self.sl[0] == 1 && self.su[1] == 1 {
            (self.nu - self.nu % MICRO, self.nl - self.nl % MICRO)
        } else {
            (0, 0)
        }
    }

    /// Calls `f` with the positions of every element outside the kernel part `fu × fl`: rows
    /// `fu..nu` of every column, then columns `fl..nl` of the rows `0..fu`, in strips of
    /// `STRIP` along `l`.
    #[inline(always)]
    fn for_each_edge(&self, (fu, fl): (usize, usize), f: &mut impl FnMut([usize; K])) {
        for (us, ls) in [(fu..self.nu, 0..self.nl), (0..fu, fl..self.nl)] {
            for l0 in ls.clone().step_by(STRIP) {
                let len = STRIP.min(ls.end - l0);
                for u in us.clone() {
                    let mut pos: [usize; K] = core::array::from_fn(|k| self.at(k, u, l0));
                    for _ in 0..len {
                        f(pos);
                        for k in 0..K {
                            pos[k] = pos[k].wrapping_add_signed(self.sl[k]);
                        }
                    }
                }
            }
        }
    }
}

/// A tile of a two-operand loop: its kernel part is cut into `MICRO × MICRO` kernel blocks
/// (when it is a transposition, see [`Block::kernel_part`]), and its ragged edges are walked in
/// strips.
///
/// # Safety
///
/// The block's positions are positions of the operands' layouts, which are valid for `dst` and
/// `src` (invariant 1); `dst`'s is unique.
#[inline(always)]
unsafe fn block2<T, U>(
    dst: &mut ViewReprMut<'_, T>,
    src: ViewRepr<'_, U>,
    block: &Block<2>,
    k: &mut impl Kernel<T, U>,
) {
    if block.nu == 0 || block.nl == 0 {
        return;
    }
    if !block.inside([dst.len(), src.len()]) {
        return;
    }
    let (d, s) = (dst.as_mut_ptr(), src.as_ptr());
    let (fu, fl) = block.kernel_part();
    if fu > 0 && fl > 0 {
        // SAFETY: the kernel part `0..fu` × `0..fl` (multiples of `MICRO`) lies in this block,
        // whose corners were checked to be inside `dst` and `src`; positions are affine in
        // `(u, l)`, so all of the kernel part's positions are too (invariant 1 keeps them in
        // bounds anyway). `dst` and `src` are distinct buffers.
        unsafe {
            let (a, b) = (d.add(block.start[0]), s.add(block.start[1]));
            k.transpose_tile(a, block.su[0], b, block.sl[1], (fu, fl));
        }
    }
    block.for_each_edge((fu, fl), &mut |[a, b]| {
        // SAFETY: `(u, l)` lies in the block, whose corners were checked to be inside `dst` and
        // `src`, so (positions being affine in `(u, l)`, and exact for layouts valid for their
        // storage: invariant 1) it is too.
        unsafe { k.apply(&mut *d.add(a), &*s.add(b)) };
    });
}

/// A tile of a streamed transposition ([`Prepared::tiled_stream`]): staged and written with
/// non-temporal stores by the kernel (its partial lines through `carry`, when given), or as in
/// [`block2`] when the kernel declines it.
///
/// # Safety
///
/// As for [`block2`]; the carry's lines lie in `dst`, outside the block.
#[inline(always)]
unsafe fn stream2<T, U>(
    dst: &mut ViewReprMut<'_, T>,
    src: ViewRepr<'_, U>,
    block: &Block<2>,
    k: &mut impl Kernel<T, U>,
    carry: Option<&mut kernel::Carry>,
) {
    if block.nu == 0 || block.nl == 0 || !block.inside([dst.len(), src.len()]) {
        return;
    }
    let (d, s) = (dst.as_mut_ptr(), src.as_ptr());
    // SAFETY: the block's corners were checked to be inside `dst` and `src`, so its positions
    // are (affine in `(u, l)`; invariant 1); `dst` and `src` are distinct buffers.
    let streamed = unsafe {
        let (a, b) = (d.add(block.start[0]), s.add(block.start[1]));
        let line = k.stream_size().wrapping_mul(block.nl) == kernel::LINE;
        (line && k.stream_lines(a, block.su[0], b, block.sl[1], block.nu))
            || k.stream_tile(a, block.su[0], b, block.sl[1], (block.nu, block.nl), carry)
    };
    if !streamed {
        // SAFETY: the caller's contract.
        unsafe { block2(dst, src, block, k) }
    }
}

/// The position `start + u·su + l·sl` (wrapping, like every position of the engine).
#[inline(always)]
fn affine(start: usize, u: usize, l: usize, su: isize, sl: isize) -> usize {
    start
        .wrapping_add_signed((u as isize).wrapping_mul(su))
        .wrapping_add_signed((l as isize).wrapping_mul(sl))
}

/// Calls `k` on corresponding elements of two operands of one shape, in any order; `dst` is
/// written. A transposition (the operands unit-stride along different axes) is tiled, and
/// streamed when it is a bit copy into at least [`STREAM_MIN_BYTES`] (see
/// [`Prepared::stream_plan`]).
///
/// # Safety
///
/// Each operand's layout (`shape` with its `Operand`) is valid for its data (invariant 1), and
/// `dst`'s is unique (invariant 2).
pub(crate) unsafe fn zip_mut<const N: usize, T, U>(
    dst_data: ViewReprMut<'_, T>,
    dst: Operand<'_>,
    src_data: ViewRepr<'_, U>,
    src: Operand<'_>,
    shape: &[usize],
    k: &mut impl Kernel<T, U>,
) {
    // SAFETY: the caller's contract.
    unsafe {
        zip_mut_streaming::<N, T, U>(dst_data, dst, src_data, src, shape, k, STREAM_MIN_BYTES)
    }
}

/// [`zip_mut`], streaming into destinations of at least `stream_min` bytes (the tests stream
/// small ones): transpositions that the kernel copies as bits ([`Kernel::stream_tile`]), runs
/// shorter than 1 KiB whose destinations follow each other, a plane of them at a time
/// ([`Kernel::stream_plane`]), and runs of 1 KiB or more that it copies into an existing
/// tensor ([`Kernel::stream_run`]).
///
/// # Safety
///
/// As for [`zip_mut`].
unsafe fn zip_mut_streaming<const N: usize, T, U>(
    mut dst_data: ViewReprMut<'_, T>,
    dst: Operand<'_>,
    src_data: ViewRepr<'_, U>,
    src: Operand<'_>,
    shape: &[usize],
    k: &mut impl Kernel<T, U>,
    stream_min: usize,
) {
    let Some(plan) = Prepared::<2, N>::new(shape, [dst, src], 0) else {
        return walk2(shape, dst, src, &mut |p, q| {
            // SAFETY: positions of the two layouts (the caller's contract).
            unsafe { k.apply(dst_data.get_mut(p), src_data.get(q)) }
        });
    };
    if let Some(unit) = plan.transposed_axis() {
        let (size, base) = (k.stream_size(), dst_data.as_mut_ptr().addr());
        if let Some(cut) = plan.stream_plan(unit, size, base, stream_min) {
            let mut carry = kernel::Carry::new();
            // SAFETY: the tiles cover positions of the layouts (the caller's contract), each
            // once, so the partial lines a tile leaves in the carry (invariant 1 of `Carry`)
            // are written by nothing else; the carry is flushed before the fence (its
            // invariant 2), while `dst` is still borrowed.
            plan.tiled_stream(unit, cut, &mut |block| unsafe {
                stream2(
                    &mut dst_data,
                    src_data,
                    block,
                    k,
                    cut.carry.then_some(&mut carry),
                )
            });
            carry.flush();
            return kernel::stream_fence();
        }
        // SAFETY: the tiles cover positions of the layouts (the caller's contract).
        return plan.tiled(unit, &mut |block| unsafe {
            block2(&mut dst_data, src_data, block, k)
        });
    }
    let size = k.stream_size();
    let planes = size > 0 && plan.streams_planes(size, stream_min);
    if planes || (size > 0 && plan.streams_runs(size, stream_min)) {
        let long = |n: usize| n.saturating_mul(size) >= kernel::RUN_STAGE_BYTES;
        let mut streamed = false;
        plan.fold_planes((), &mut |(), [p, q], (n, [sp, sq]), (m, [tp, tq])| {
            // SAFETY: a plane whose runs are unit-stride in both operands and adjacent in `dst`
            // (`streams_planes`), so one range of `m·n` positions there, checked to be inside
            // it; in `src` the four corners were checked, so every position between is inside
            // (an affine map has its extremes at the corners; invariant 1 guarantees the
            // layouts reach only such positions); `dst` and `src` are distinct buffers.
            let whole = planes
                && within(p, 1, m.wrapping_mul(n), dst_data.len())
                && within(q, tq, m, src_data.len())
                && within(q.wrapping_add(n).wrapping_sub(1), tq, m, src_data.len())
                && unsafe {
                    let d = dst_data.as_mut_ptr().add(p);
                    k.stream_plane(d, src_data.as_ptr().add(q), n, tq, m)
                };
            if whole {
                streamed = true;
                return;
            }
            let [mut p, mut q] = [p, q];
            for _ in 0..m {
                // SAFETY: a run unit-stride in `dst` (`streams_runs`), whose two ends in each
                // operand were just checked to be inside it, so every position between is
                // (invariant 1); `dst` and `src` are distinct buffers.
                let done = long(n)
                    && sp == 1
                    && within(p, sp, n, dst_data.len())
                    && within(q, sq, n, src_data.len())
                    && unsafe {
                        let d = dst_data.as_mut_ptr().add(p);
                        k.stream_run(d, src_data.as_ptr().add(q), sq, n)
                    };
                if done {
                    streamed = true;
                } else {
                    // SAFETY: the runs are runs of the layouts (the caller's contract).
                    unsafe { run2(&mut dst_data, src_data, p, q, n, sp, sq, k) }
                }
                p = p.wrapping_add_signed(tp);
                q = q.wrapping_add_signed(tq);
            }
        });
        if streamed {
            kernel::stream_fence();
        }
        return;
    }
    plan.runs(&mut |[p, q], n, [sp, sq]| {
        // SAFETY: the runs are runs of the layouts (the caller's contract).
        unsafe { run2(&mut dst_data, src_data, p, q, n, sp, sq, k) }
    });
}

/// Whether the run of `n ≥ 1` positions `start + k·step` lies in `0..len`: its two ends do (an
/// arithmetic sequence has its extremes at its ends).
#[inline(always)]
fn within(start: usize, step: isize, n: usize, len: usize) -> bool {
    let end = start.wrapping_add_signed((n as isize).wrapping_sub(1).wrapping_mul(step));
    n > 0 && start < len && end < len
}

/// One run of a two-operand loop, specialised for unit and zero strides so it vectorises.
///
/// # Safety
///
/// The run's positions (`p + k·sp`, `q + k·sq` for `k < n`) are positions of the operands'
/// layouts, valid for `dst` and `src` (invariant 1).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
unsafe fn run2<T, U>(
    dst: &mut ViewReprMut<'_, T>,
    src: ViewRepr<'_, U>,
    p: usize,
    q: usize,
    n: usize,
    sp: isize,
    sq: isize,
    k: &mut impl Kernel<T, U>,
) {
    match (sp, sq) {
        // SAFETY: unit-stride runs of the layouts (the caller's contract).
        (1, 1) => unsafe { dst.run_mut(p, n) }
            .iter_mut()
            // SAFETY: as above.
            .zip(unsafe { src.run(q, n) })
            .for_each(|(d, s)| k.apply(d, s)),
        (1, 0) => {
            // SAFETY: as above; `q` is a position of `src`'s layout.
            let s = unsafe { src.get(q) };
            // SAFETY: as above.
            unsafe { dst.run_mut(p, n) }
                .iter_mut()
                .for_each(|d| k.apply(d, s));
        }
        _ => {
            // Check the run's two ends once; every position between them is in bounds too.
            if !within(p, sp, n, dst.len()) || !within(q, sq, n, src.len()) {
                // Invariant 1 rules this out; the run is skipped, never read or written (debug
                // builds stop here), so no path panics in release builds.
                debug_assert!(
                    n == 0,
                    "engine: run out of bounds (a layout is not valid for its storage)"
                );
                return;
            }
            let (mut a, mut b) = (p, q);
            for _ in 0..n {
                // SAFETY: a run visits the positions `p + k·sp` and `q + k·sq` for `k < n`, an
                // arithmetic sequence whose first and last terms were just checked to be inside
                // `dst` and `src`, so every term is (invariant 1 guarantees the layouts reach
                // only such positions).
                unsafe { k.apply(dst.get_mut(a), src.get(b)) };
                a = a.wrapping_add_signed(sp);
                b = b.wrapping_add_signed(sq);
            }
        }
    }
}

/// Destinations of at least this many bytes are written with non-temporal stores (by a
/// bit-copying transposition, [`Prepared::tiled_stream`], and by the runs of `zip_mut` and
/// [`zip3_values`]): skipping the read of each line before it is written saves a third of the
/// memory traffic, but leaves the result out of the caches, which costs whoever reads it next;
/// 8 MiB keeps results that fit a quarter of a typical L3 in cache.
const STREAM_MIN_BYTES: usize = 8 << 20;

/// A streamed transposition goes by bands one line wide ([`Cut`]) where the source's runs
/// along the transposed axis are at least this long; shorter runs keep tiles 256 bytes wide,
/// since a band reads its source rows a line at a time and short runs make those reads
/// scattered.
const BAND_MIN_RUN_BYTES: usize = 1 << 10;

/// Rows of a streamed destination that do not start on a cache line are at least this long
/// (their two partial lines at most an eighth of the row), or the source rows of a tile are
/// more than this far apart: short rows off the lines (where `malloc` places large buffers)
/// whose source rows are close together cost more in partial lines than streaming saves.
const STREAM_PARTIAL_ROW_BYTES: usize = 16 * kernel::LINE;

impl<const K: usize, const N: usize> Prepared<K, N> {
    /// The axis along which the second operand is unit-stride while the first is not, when the
    /// first operand's innermost axis is unit-stride and the second's is not: a transposition.
    fn transposed_axis(&self) -> Option<usize> {
        if self.empty || self.rank < 2 {
            return None;
        }
        let last = self.rank - 1;
        let (first, second) = (self.strides.first()?, self.strides.get(1)?);
        if *first.get(last)? != 1 || second.get(last)?.unsigned_abs() == 1 {
            return None;
        }
        second.get(..last)?.iter().position(|&s| s == 1)
    }

    /// Walks axis `unit` and the last axis in `TILE_U × TILE_L` tiles (the other axes outside),
    /// calling `f` with each tile (`u` along axis `unit`, `l` along the last axis). Axes beyond
    /// the rank (never asked for) walk nothing.
    fn tiled(&self, unit: usize, f: &mut impl FnMut(&Block<K>)) {
        let Some(last) = self.rank.checked_sub(1) else {
            return;
        };
        let (Some(&nu), Some(&nl)) = (self.shape.get(unit), self.shape.get(last)) else {
            return;
        };
        let (mut kept, mut n) = ([0usize; N], 0);
        for (slot, axis) in kept.iter_mut().zip((0..last).filter(|&a| a != unit)) {
            *slot = axis;
            n += 1;
        }
        let others = self.sub(kept.get(..n).unwrap_or(&[]));
        let (su, sl) = (self.strides_at(unit), self.strides_at(last));
        others.outer(0, others.rank, self.offsets, &mut |base| {
            for u0 in (0..nu).step_by(TILE_U) {
                for l0 in (0..nl).step_by(TILE_L) {
                    f(&Block {
                        start: core::array::from_fn(|k| affine(base[k], u0, l0, su[k], sl[k])),
                        nu: TILE_U.min(nu - u0),
                        nl: TILE_L.min(nl - l0),
                        su,
                        sl,
                    });
                }
            }
        });
    }

    /// How the transposition along `unit` (see [`transposed_axis`](Self::transposed_axis)) is
    /// streamed, for elements of `size` bytes that the kernel can stream (0: it cannot) and a
    /// destination (operand 0) whose storage starts at address `base`: where its tiles are cut
    /// along the last axis (see [`tiled_stream`](Self::tiled_stream)), or `None` (not
    /// streamed).
    ///
    /// Streamed are destinations of at least `stream_min` bytes whose tiles write whole
    /// lines. Either the rows along `unit` are adjacent and short enough that a tile holds
    /// them whole, so each tile writes one range of memory: tiles as wide as the staging
    /// buffer allows for [`kernel::STAGE_ROWS`] rows. Or every row of the destination (a step
    /// along any axis but the last) is a whole number of lines from the next, and the rows
    /// start on a line, or they or the source rows are longer or further apart than
    /// [`STREAM_PARTIAL_ROW_BYTES`]: then the last axis is cut where the lines start, `head`
    /// elements into each row, and where the source's runs along `unit` are at least
    /// [`BAND_MIN_RUN_BYTES`] every whole line of it is a band (see [`Cut`]); otherwise it is
    /// cut into tiles as wide as the staging buffer allows for [`kernel::STAGE_ROWS`] rows.
    fn stream_plan(&self, unit: usize, size: usize, base: usize, stream_min: usize) -> Option<Cut> {
        let line = kernel::LINE;
        if size == 0 || !line.is_multiple_of(size) || self.rank < 2 || unit + 1 >= self.rank {
            return None;
        }
        let last = self.rank - 1;
        if self.len()?.saturating_mul(size) < stream_min {
            return None;
        }
        let width = kernel::STAGE_BYTES / (kernel::STAGE_ROWS * size);
        let dst = self.strides.first()?;
        let nl = *self.shape.get(last)?;
        if dst.get(unit)?.unsigned_abs() == nl && nl <= width {
            return Some(Cut {
                head: 0,
                width,
                bands: false,
                carry: false,
            });
        }
        if dst
            .get(..last)?
            .iter()
            .all(|s| s.unsigned_abs().wrapping_mul(size) % line == 0)
        {
            let start = base.wrapping_add(self.offsets.first()?.wrapping_mul(size));
            let gap = (line - start % line) % line;
            // Rows that do not start on a line begin and end in partial lines, written with
            // ordinary stores (each read first, twice: once for each row it holds part of):
            // worth it when they are a small part of long rows, or when the source rows of a
            // tile lie far apart (the ordinary tiles then fare no better).
            let src_step = self.strides.get(1)?.get(last)?.unsigned_abs();
            let long = nl.saturating_mul(size) >= STREAM_PARTIAL_ROW_BYTES
                || src_step.saturating_mul(size) > STREAM_PARTIAL_ROW_BYTES;
            // Rows that do not start on a line, that a tile holds whole, and whose neighbours in
            // memory the next tile writes (the walk takes that axis innermost) carry their
            // partial lines to it (see `kernel::Carry`), in tiles rather than bands.
            let carry = gap != 0
                && gap.is_multiple_of(16)
                && nl <= width
                && self.chain_axis(unit).is_some();
            // Bands where the source's runs along `unit` are long (see `Cut`).
            let bands = !carry && self.shape.get(unit)?.saturating_mul(size) >= BAND_MIN_RUN_BYTES;
            // Rows that a tile holds whole are not cut at the lines: the partial line at the
            // end of one row and the one at the start of the next are then written by
            // consecutive tiles when those rows are adjacent (carried, or while the line is
            // still in cache), instead of in two passes over the destination (see `Cut`).
            let whole_rows = !bands && nl <= width;
            return (gap.is_multiple_of(size) && (gap == 0 || long || carry)).then_some(Cut {
                head: if whole_rows { 0 } else { gap / size },
                width: if bands { line / size } else { width },
                bands,
                carry,
            });
        }
        None
    }

    /// The axes `0..last` but `unit`, ordered by the stride of operand 1 (the source of a
    /// transposition), largest first (stable), split in two: those whose source stride is
    /// larger than the last axis's, and the others — with `innermost`, if given, moved last
    /// (out of the first group, if it was in it). As sub-plans (offsets as `self`'s).
    fn split_by_source(&self, unit: usize, last: usize, innermost: Option<usize>) -> (Self, Self) {
        let src = |axis: usize| {
            self.strides
                .get(1)
                .and_then(|s| s.get(axis))
                .map_or(0, |s| s.unsigned_abs())
        };
        let (mut order, mut n) = ([0usize; N], 0);
        for axis in (0..last).filter(|&a| a != unit) {
            // Insertion by source stride, largest first (stable).
            let mut at = n;
            while at > 0 && order.get(at - 1).is_some_and(|&b| src(b) < src(axis)) {
                at -= 1;
            }
            if let Some(slots) = order.get_mut(at..=n) {
                slots.rotate_right(1);
                if let Some(slot) = slots.first_mut() {
                    *slot = axis;
                }
            }
            n += 1;
        }
        let mut outer = order
            .get(..n)
            .map_or(0, |o| o.iter().take_while(|&&a| src(a) > src(last)).count());
        if let Some(at) = order
            .get(..n)
            .and_then(|o| o.iter().position(|&a| Some(a) == innermost))
        {
            if let Some(rest) = order.get_mut(at..n) {
                rest.rotate_left(1);
            }
            if at < outer {
                outer -= 1;
            }
        }
        let order = order.get(..n).unwrap_or(&[]);
        let (a, b) = order.split_at(outer.min(n));
        (self.sub(a), self.sub(b))
    }

    /// The axis along which the destination's rows (along the last axis) follow each other in
    /// memory — a step along it is as long as a row — other than `unit`: the one a streamed
    /// walk that carries partial lines ([`tiled_stream`](Self::tiled_stream)) takes innermost.
    fn chain_axis(&self, unit: usize) -> Option<usize> {
        let last = self.rank.checked_sub(1)?;
        let (dst, nl) = (self.strides.first()?, *self.shape.get(last)?);
        (0..last).find(|&a| a != unit && dst.get(a).is_some_and(|s| s.unsigned_abs() == nl))
    }

    /// The plan of `axes` of `self`, in that order (offsets as `self`'s).
    fn sub(&self, axes: &[usize]) -> Self {
        let mut out = Self {
            empty: false,
            rank: 0,
            // Sizes beyond the rank are never read. 1 rather than 0: a zeroed array here costs
            // firmware a call to `memset` (and the 174 bytes of that function).
            shape: [1; N],
            strides: [[0; N]; K],
            offsets: self.offsets,
        };
        for (r, &axis) in axes.iter().enumerate() {
            if let (Some(to), Some(&from)) = (out.shape.get_mut(r), self.shape.get(axis)) {
                *to = from;
            }
            for (to, from) in out.strides.iter_mut().zip(&self.strides) {
                if let (Some(to), Some(&from)) = (to.get_mut(r), from.get(axis)) {
                    *to = from;
                }
            }
            out.rank = r + 1;
        }
        out
    }

    /// The streamed form of [`tiled`](Self::tiled), for large bit-copying transpositions: the
    /// last axis is cut at `cut.head` and then every `cut.width` elements. A piece one whole
    /// line wide, when `cut.bands`, is a band: all of axis `unit` by that line (the kernel's
    /// [`stream_lines`](Kernel::stream_lines)); any other piece is cut along `unit` into
    /// tiles of up to [`kernel::STAGE_ROWS`]. The loops follow the source: the axes whose
    /// source stride is larger than the last axis's outermost, then the pieces of the last
    /// axis, then the other axes, then the tiles along `unit` — so the source rows of a piece
    /// are read front to back, and a band reads only the source rows one destination line
    /// needs (16 for `f32`), which the hardware prefetcher follows where it loses the 64
    /// streams of a 256-byte-wide tile.
    fn tiled_stream(&self, unit: usize, cut: Cut, f: &mut impl FnMut(&Block<K>)) {
        let Some(last) = self.rank.checked_sub(1) else {
            return;
        };
        let (Some(&nu), Some(&nl)) = (self.shape.get(unit), self.shape.get(last)) else {
            return;
        };
        if cut.width == 0 {
            return;
        }
        let chain = if cut.carry {
            self.chain_axis(unit)
        } else {
            None
        };
        let (outer, inner) = self.split_by_source(unit, last, chain);
        let (su, sl) = (self.strides_at(unit), self.strides_at(last));
        let head = cut.head.min(nl);
        outer.outer(0, outer.rank, self.offsets, &mut |base| {
            let mut l0 = 0;
            while l0 < nl {
                let n = if l0 < head { head } else { cut.width }.min(nl - l0);
                let rows = if cut.bands && n == cut.width {
                    nu
                } else {
                    kernel::STAGE_ROWS
                };
                let mut tile = |base: [usize; K], u0: usize| {
                    f(&Block {
                        start: core::array::from_fn(|k| affine(base[k], u0, l0, su[k], sl[k])),
                        nu: rows.min(nu - u0),
                        nl: n,
                        su,
                        sl,
                    })
                };
                if cut.carry {
                    // The chain axis innermost, the tiles along `unit` outside it: row `u` of
                    // each tile begins where row `u` of the one before ends.
                    for u0 in (0..nu).step_by(rows.max(1)) {
                        inner.outer(0, inner.rank, base, &mut |base| tile(base, u0));
                    }
                } else {
                    inner.outer(0, inner.rank, base, &mut |base| {
                        for u0 in (0..nu).step_by(rows.max(1)) {
                            tile(base, u0);
                        }
                    });
                }
                l0 += n;
            }
        });
    }
}

/// Where a streamed transposition cuts the last axis ([`Prepared::stream_plan`]).
///
/// With `bands`, `width` is one cache line and each whole line of the last axis, over all of
/// the transposed axis, is one band ([`Kernel::stream_lines`]): it reads only the source rows
/// that one destination line needs (16 for `f32`, 8 for `f64`), front to back — streams the
/// hardware prefetcher follows — and writes each line whole at once.
///
/// Without bands, rows that a tile holds whole are not cut (`head` is 0): the partial line two
/// adjacent rows share is then written by consecutive tiles while it is in cache.
#[derive(Clone, Copy)]
struct Cut {
    /// The elements of the first piece of each row (those before its first whole line).
    head: usize,
    /// The elements of every later piece (the last one may be shorter).
    width: usize,
    /// Whether each piece one line wide is a band over the whole transposed axis.
    bands: bool,
    /// Whether the tiles carry their rows' last partial lines to the next tile
    /// ([`kernel::Carry`]): rows that do not start on a line, a tile holding them whole, and
    /// the next tile's rows beginning where this one's end (the walk takes the axis along
    /// which they follow each other innermost, [`Prepared::chain_axis`]).
    carry: bool,
}

/// An empty `Vec` with room for exactly `len` elements; room of 4 MiB or more is marked for
/// huge pages on Linux (see the `pages` module). Every buffer the library allocates for a
/// tensor comes from here.
///
/// # Errors
///
/// [`ErrorKind::Allocation`](crate::ErrorKind::Allocation) (with `len` as `expected`) when the
/// room cannot be had: more bytes than `isize::MAX`, or an allocator that refuses.
#[cfg(feature = "alloc")]
pub(crate) fn try_vec<T>(len: usize) -> Result<alloc::vec::Vec<T>, crate::ShapeError> {
    let mut out = alloc::vec::Vec::<T>::new();
    out.try_reserve_exact(len)
        .map_err(|_| crate::ShapeError::sizes(crate::ErrorKind::Allocation, None, len, 0))?;
    // The room is this new `Vec`'s own and nothing is written yet (`advise_huge`'s contract).
    pages::advise_huge(
        out.as_mut_ptr().cast(),
        out.capacity().saturating_mul(core::mem::size_of::<T>()),
    );
    Ok(out)
}

/// [`try_vec`] for the operations that cannot return an error.
///
/// # Panics
///
/// When the room cannot be had, with a message naming the element count (see [`or_panic`]).
#[cfg(feature = "alloc")]
#[track_caller]
pub(crate) fn vec_or_panic<T>(len: usize) -> alloc::vec::Vec<T> {
    or_panic(try_vec(len))
}

/// A `Vec` of `len` clones of `value`, its room from [`vec_or_panic`] (so a large one gets huge
/// pages before its first write, which a `vec!` of zeros would make page by page).
///
/// # Panics
///
/// As [`vec_or_panic`].
#[cfg(feature = "alloc")]
#[track_caller]
pub(crate) fn filled_vec_or_panic<T: Clone>(len: usize, value: T) -> alloc::vec::Vec<T> {
    let mut out = vec_or_panic(len);
    out.resize(len, value);
    out
}

/// A new `Vec` holding `f` of every element of layout `p` over `data`, in logical (row-major)
/// order. `f` is called once per element, in any order (the copy is order-free, and tiled when
/// it is a transposition).
///
/// # Safety
///
/// The layout `p` is valid for `data` (invariant 1).
#[cfg(feature = "alloc")]
pub(crate) unsafe fn map_to_vec<T, U>(
    data: ViewRepr<'_, T>,
    p: crate::layout::parts::Parts<'_>,
    f: &mut impl FnMut(&T) -> U,
) -> alloc::vec::Vec<U> {
    let mut k = each(|d: &mut core::mem::MaybeUninit<U>, s| {
        d.write(f(s));
    });
    // SAFETY: the kernel writes its destination on every call; the layout is valid for `data`
    // (the caller's contract).
    or_panic(unsafe { fill_vec(data, p, &mut k) })
}

/// The result of an allocating copy, for the operations that cannot return an error.
///
/// # Panics
///
/// On the error, which says how many elements could not be allocated.
#[cfg(feature = "alloc")]
#[track_caller]
fn or_panic<T>(result: Result<T, crate::ShapeError>) -> T {
    match result {
        Ok(out) => out,
        Err(err) => panic!("cannot allocate the result: {err}"),
    }
}

/// A new `Vec` holding what `k` writes for every element of layout `p` over `data`, in logical
/// (row-major) order; `k` is applied once per element, in any order.
///
/// # Errors
///
/// As [`try_vec`] (and [`ErrorKind::Overflow`](crate::ErrorKind::Overflow) for a shape whose
/// element count leaves `usize`, which no valid layout has).
///
/// # Safety
///
/// Every call of `k.apply` must initialise its destination, and the layout `p` is valid for
/// `data` (invariant 1).
#[cfg(feature = "alloc")]
unsafe fn fill_vec<T, U>(
    data: ViewRepr<'_, T>,
    p: crate::layout::parts::Parts<'_>,
    k: &mut impl Kernel<core::mem::MaybeUninit<U>, T>,
) -> Result<alloc::vec::Vec<U>, crate::ShapeError> {
    let len = crate::layout::checked_len(p.shape)?;
    let mut out = try_vec(len)?;
    let src = Operand {
        strides: p.strides,
        offset: p.offset,
    };
    let mut dst_strides = [0isize; MAX_DYN_RANK];
    if p.shape.len() > MAX_DYN_RANK
        || crate::layout::parts::contiguous_strides(
            p.shape,
            crate::Order::RowMajor,
            &mut dst_strides[..p.shape.len()],
        )
        .is_err()
    {
        // Beyond the inline capacity (or a shape no layout can hold): the logical walk, which
        // fills the slots in order.
        let spare = &mut out.spare_capacity_mut()[..len];
        let mut filled = 0;
        walk1(p.shape, src, &mut |q| {
            // SAFETY: a position of the layout (the caller's contract).
            k.apply(&mut spare[filled], unsafe { data.get(q) });
            filled += 1;
        });
        // SAFETY: slots `0..filled` were written, in order, by `k` (the caller's contract).
        unsafe { out.set_len(filled) };
        return Ok(out);
    }
    let dst = Operand {
        strides: &dst_strides[..p.shape.len()],
        offset: 0,
    };
    // SAFETY: the destination is row-major over exactly `len` slots (unique, valid); the
    // source layout is valid for `data` (the caller's contract).
    unsafe {
        zip_mut::<MAX_DYN_RANK, _, _>(
            ViewReprMut::from_slice(&mut out.spare_capacity_mut()[..len]),
            dst,
            data,
            src,
            p.shape,
            k,
        );
    }
    // SAFETY: the row-major layout of `p.shape` maps its `len` indices one-to-one onto
    // `0..len`, and the walk applies `k` to every index exactly once, which writes it (the
    // caller's contract), so every slot below `len` was written. (Should `k` panic, `set_len`
    // is never reached and the written values leak.)
    unsafe { out.set_len(len) };
    Ok(out)
}

/// A closure as a [`Kernel`], with its argument types fixed for inference.
#[cfg(feature = "alloc")]
#[inline(always)]
pub(crate) fn each<T, U, F: FnMut(&mut T, &U)>(f: F) -> F {
    f
}

/// Calls `f(dst, a, b)` on corresponding elements of three operands of one shape, in any
/// order; `dst` is written. When `a` is transposed relative to `dst` the walk is tiled.
///
/// # Safety
///
/// Each operand's layout (`shape` with its `Operand`) is valid for its data (invariant 1), and
/// `dst`'s is unique (invariant 2).
pub(crate) unsafe fn zip3_mut<const N: usize, T, A, B>(
    mut dst_data: ViewReprMut<'_, T>,
    dst: Operand<'_>,
    (a_data, a): (ViewRepr<'_, A>, Operand<'_>),
    (b_data, b): (ViewRepr<'_, B>, Operand<'_>),
    shape: &[usize],
    f: &mut impl FnMut(&mut T, &A, &B),
) {
    let Some(plan) = Prepared::<3, N>::new(shape, [dst, a, b], 0) else {
        // Beyond the inline capacity: the logical walk.
        return walk3(shape, [dst, a, b], &mut |o, p, q| {
            // SAFETY: positions of the three layouts (the caller's contract).
            unsafe { f(dst_data.get_mut(o), a_data.get(p), b_data.get(q)) }
        });
    };
    if let Some(unit) = plan.transposed_axis() {
        // SAFETY: the tiles cover positions of the layouts (the caller's contract).
        return plan.tiled(unit, &mut |block| unsafe {
            block3(&mut dst_data, a_data, b_data, block, f)
        });
    }
    plan.runs(&mut |[o, p, q], n, [so, sp, sq]| {
        if so == 1 {
            // SAFETY: the runs are runs of the three layouts (the caller's contract): a
            // unit-stride run of `dst` reaches `o..o + n`.
            let out = unsafe { dst_data.run_mut(o, n) };
            // SAFETY: the positions of `a` and `b` are the run's (the caller's contract).
            return unsafe { run3(out, (a_data, p, sp), (b_data, q, sq), f) };
        }
        let (mut o, mut p, mut q) = (o, p, q);
        for _ in 0..n {
            // SAFETY: positions of the three layouts (the caller's contract).
            unsafe { f(dst_data.get_mut(o), a_data.get(p), b_data.get(q)) };
            o = o.wrapping_add_signed(so);
            p = p.wrapping_add_signed(sp);
            q = q.wrapping_add_signed(sq);
        }
    });
}

/// One run of a three-operand loop into the slice `out`: `f(out[k], a[p + k·sp], b[q + k·sq])`
/// for every `k`, specialised for unit and zero strides so that it vectorises.
///
/// # Safety
///
/// The `out.len()` positions of `a` and of `b` are positions of layouts valid for them
/// (invariant 1).
#[inline(always)]
unsafe fn run3<D, A, B>(
    out: &mut [D],
    (a, p, sp): (ViewRepr<'_, A>, usize, isize),
    (b, q, sq): (ViewRepr<'_, B>, usize, isize),
    f: &mut impl FnMut(&mut D, &A, &B),
) {
    let n = out.len();
    // SAFETY (every block below): unit-stride positions of a layout reach `start..start + n`,
    // zero-stride ones the single position `start` (the caller's contract).
    match (sp, sq) {
        (1, 1) => {
            // SAFETY: see above.
            let pairs = unsafe { a.run(p, n).iter().zip(b.run(q, n)) };
            out.iter_mut().zip(pairs).for_each(|(d, (x, y))| f(d, x, y));
        }
        (1, 0) => {
            // SAFETY: see above.
            let (xs, y) = unsafe { (a.run(p, n), b.get(q)) };
            out.iter_mut().zip(xs).for_each(|(d, x)| f(d, x, y));
        }
        (0, 1) => {
            // SAFETY: see above.
            let (x, ys) = unsafe { (a.get(p), b.run(q, n)) };
            out.iter_mut().zip(ys).for_each(|(d, y)| f(d, x, y));
        }
        _ => {
            let (mut p, mut q) = (p, q);
            for d in out {
                // SAFETY: see above.
                unsafe { f(d, a.get(p), b.get(q)) };
                p = p.wrapping_add_signed(sp);
                q = q.wrapping_add_signed(sq);
            }
        }
    }
}

/// Sets every element of an existing `dst` to `f(a, b)` of the corresponding elements of two
/// operands of `shape`, in any order (`*d = f(a, b)`). `f` is called once per element. When `T`
/// has no drop glue (so an element may be overwritten as bits, without a drop), the destination
/// is at least [`STREAM_MIN_BYTES`] and its runs are unit-stride and 1 KiB or longer, they are
/// streamed on x86-64: computed into a buffer in L1, 1 KiB at a time, and written out with
/// non-temporal stores for the whole cache lines; otherwise (shorter runs, such as a broadcast
/// row, whose partial lines would cost more than streaming saves), or for a transposed walk,
/// as [`zip3_mut`].
///
/// # Safety
///
/// As for [`zip3_mut`].
pub(crate) unsafe fn zip3_values<const N: usize, T, A, B>(
    dst_data: ViewReprMut<'_, T>,
    dst: Operand<'_>,
    a: (ViewRepr<'_, A>, Operand<'_>),
    b: (ViewRepr<'_, B>, Operand<'_>),
    shape: &[usize],
    f: &mut impl FnMut(&A, &B) -> T,
) {
    // SAFETY: the caller's contract.
    unsafe { zip3_values_streaming::<N, T, A, B>(dst_data, dst, a, b, shape, f, STREAM_MIN_BYTES) }
}

/// [`zip3_values`], streaming destinations of at least `stream_min` bytes (the tests stream
/// small ones).
///
/// # Safety
///
/// As for [`zip3_values`].
unsafe fn zip3_values_streaming<const N: usize, T, A, B>(
    mut dst_data: ViewReprMut<'_, T>,
    dst: Operand<'_>,
    (a_data, a): (ViewRepr<'_, A>, Operand<'_>),
    (b_data, b): (ViewRepr<'_, B>, Operand<'_>),
    shape: &[usize],
    f: &mut impl FnMut(&A, &B) -> T,
    stream_min: usize,
) {
    use core::mem::{MaybeUninit, align_of, needs_drop, size_of};
    let size = size_of::<T>();
    let fits = size > 0 && size <= kernel::RUN_STAGE_BYTES && align_of::<T>() <= kernel::LINE;
    let bitwise = !needs_drop::<T>();
    let plan = Prepared::<3, N>::new(shape, [dst, a, b], 0);
    match plan {
        Some(plan) if bitwise && fits && kernel::STREAMS && plan.streams_runs(size, stream_min) => {
            /// The buffer, aligned as lines.
            #[repr(C, align(64))]
            struct Stage([MaybeUninit<u8>; kernel::RUN_STAGE_BYTES]);
            let mut stage = Stage([MaybeUninit::uninit(); kernel::RUN_STAGE_BYTES]);
            let room = kernel::RUN_STAGE_BYTES / size;
            let base = dst_data.as_mut_ptr();
            let buf = stage.0.as_mut_ptr().cast::<MaybeUninit<T>>();
            plan.runs(&mut |[o, p, q], n, [so, sp, sq]| {
                // Every run is unit-stride in `dst` (`streams_runs`); were one not, it would
                // take the element-by-element walk.
                if so != 1 {
                    let (mut o, mut p, mut q) = (o, p, q);
                    for _ in 0..n {
                        // SAFETY: positions of the three layouts (the caller's contract).
                        unsafe { *base.add(o) = f(a_data.get(p), b_data.get(q)) };
                        o = o.wrapping_add_signed(so);
                        p = p.wrapping_add_signed(sp);
                        q = q.wrapping_add_signed(sq);
                    }
                    return;
                }
                let to = base.wrapping_add(o).addr();
                for (k, len) in kernel::staged_pieces(to, size, n, room) {
                    let at = |start: usize, step: isize| {
                        start.wrapping_add_signed((k as isize).wrapping_mul(step))
                    };
                    // SAFETY: `len ≤ room` slots of the buffer (aligned: `T`'s alignment is at
                    // most a line's); `MaybeUninit` slots need no initialisation.
                    let slots = unsafe { core::slice::from_raw_parts_mut(buf, len) };
                    // SAFETY: elements `k..k + len` of the runs of `a` and `b` (the caller's
                    // contract).
                    unsafe {
                        run3(
                            slots,
                            (a_data, at(p, sp), sp),
                            (b_data, at(q, sq), sq),
                            &mut |d, x, y| {
                                d.write(f(x, y));
                            },
                        )
                    };
                    // SAFETY: the run of `dst` reaches `o..o + n` (the caller's contract), so
                    // `o + k..o + k + len` is inside it; the slots were all written with `T`s,
                    // whose bits may replace the old elements without a drop (`bitwise`: no
                    // drop glue).
                    unsafe {
                        let to = base.add(o + k).cast::<u8>();
                        kernel::stream_bytes(buf.cast::<u8>(), to, len * size)
                    };
                }
            });
            kernel::stream_fence();
        }
        // SAFETY: the caller's contract.
        _ => unsafe {
            zip3_mut::<N, _, _, _>(
                dst_data,
                dst,
                (a_data, a),
                (b_data, b),
                shape,
                &mut |d, x, y| *d = f(x, y),
            )
        },
    }
}

/// A tile of a three-operand loop (`dst` written). Its kernel part (when `a` is transposed
/// relative to `dst`, see [`Block::kernel_part`]) is cut into `MICRO × MICRO` kernel blocks; a
/// block of `a` made of primitive numbers is first transposed into a buffer (in SIMD registers,
/// see [`kernel`]), so the innermost loop is unit-stride in `dst` and the buffer and vectorises
/// when `b` is unit-stride or broadcast too. The ragged edges are walked in strips.
///
/// # Safety
///
/// The block's positions are positions of the operands' layouts, which are valid for their
/// data (invariant 1); `dst`'s is unique.
#[inline(always)]
unsafe fn block3<T, A, B>(
    dst: &mut ViewReprMut<'_, T>,
    a: ViewRepr<'_, A>,
    b: ViewRepr<'_, B>,
    block: &Block<3>,
    f: &mut impl FnMut(&mut T, &A, &B),
) {
    use core::mem::MaybeUninit;
    if block.nu == 0 || block.nl == 0 {
        return;
    }
    if !block.inside([dst.len(), a.len(), b.len()]) {
        return;
    }
    let (d, pa, pb) = (dst.as_mut_ptr(), a.as_ptr(), b.as_ptr());
    let (fu, fl) = block.kernel_part();
    let (sa, sb) = (block.sl[1], block.sl[2]);
    for l0 in (0..fl).step_by(MICRO) {
        for u0 in (0..fu).step_by(MICRO) {
            let mut buf = [const { [const { MaybeUninit::<A>::uninit() }; MICRO] }; MICRO];
            // SAFETY: the kernel block `u0..u0 + MICRO` × `l0..l0 + MICRO` lies in this block,
            // whose corners were checked to be inside `a`; positions are affine in `(u, l)`,
            // so all of the kernel block's are too (invariant 1 keeps them in bounds anyway).
            // The buffer holds `MICRO` rows of `MICRO` (row stride `MICRO`) and is distinct
            // from `a`.
            let staged = unsafe {
                let a0 = pa.add(block.at(1, u0, l0));
                kernel::transpose_bits(buf.as_mut_ptr().cast::<A>(), MICRO as isize, a0, sa)
            };
            for u in u0..u0 + MICRO {
                let (row_d, row_b) = (block.at(0, u, l0), block.at(2, u, l0));
                // SAFETY: row `u`, columns `l0..l0 + MICRO`, lies in the block (see above), so
                // its positions in `dst` and `b` are inside them (invariant 1, and the corner
                // check); a staged row of the buffer was written by `transpose_bits` (it
                // returned `true`). `dst` is distinct from `a`, `b` and the buffer.
                unsafe {
                    let (dr, br) = (d.add(row_d), pb.add(row_b));
                    if staged {
                        // As whole-row references, so the compiler knows they do not alias.
                        let ar = &*buf[u - u0].as_ptr().cast::<[A; MICRO]>();
                        let dr = &mut *dr.cast::<[T; MICRO]>();
                        match sb {
                            0 => row_with(dr, ar, &*br, f),
                            1 => row_zip(dr, ar, &*br.cast::<[B; MICRO]>(), f),
                            _ => row8(dr.as_mut_ptr(), ar.as_ptr(), 1, br, sb, f),
                        }
                    } else {
                        let ar = pa.add(block.at(1, u, l0));
                        row8(dr, ar, sa, br, sb, f);
                    }
                }
            }
        }
    }
    block.for_each_edge((fu, fl), &mut |[o, p, q]| {
        // SAFETY: `(u, l)` lies in the block, whose corners were checked to be inside `dst`,
        // `a` and `b`, so (positions being affine, and exact for layouts valid for their
        // storage: invariant 1) it is too.
        unsafe { f(&mut *d.add(o), &*pa.add(p), &*pb.add(q)) };
    });
}

/// One row of a staged kernel block of `block3`, `b` unit-stride. Kept out of line on purpose:
/// inlined, the compiler dissolves the staging buffer into lane extractions and scalar
/// arithmetic; out of line the row is two vector loads, adds and stores for `f32`.
#[inline(never)]
fn row_zip<T, A, B>(
    dst: &mut [T; MICRO],
    a: &[A; MICRO],
    b: &[B; MICRO],
    f: &mut impl FnMut(&mut T, &A, &B),
) {
    for ((d, x), y) in dst.iter_mut().zip(a).zip(b) {
        f(d, x, y);
    }
}

/// One row of a staged kernel block of `block3`, `b` broadcast along the row (out of line for
/// the reason given at [`row_zip`]).
#[inline(never)]
fn row_with<T, A, B>(
    dst: &mut [T; MICRO],
    a: &[A; MICRO],
    b: &B,
    f: &mut impl FnMut(&mut T, &A, &B),
) {
    for (d, x) in dst.iter_mut().zip(a) {
        f(d, x, b);
    }
}

/// `f(dst + l, a + l·sa, b + l·sb)` for `l < MICRO`: one row of a kernel block of `block3`.
///
/// # Safety
///
/// The `MICRO` positions of each operand must be inside its allocation, and `dst`'s distinct
/// from the others'.
#[inline(always)]
unsafe fn row8<T, A, B>(
    dst: *mut T,
    a: *const A,
    sa: isize,
    b: *const B,
    sb: isize,
    f: &mut impl FnMut(&mut T, &A, &B),
) {
    for l in 0..MICRO as isize {
        // SAFETY: the caller's contract (positions of one block row, inside the operands by
        // invariant 1 and the corner check of `block3`).
        unsafe { f(&mut *dst.offset(l), &*a.offset(l * sa), &*b.offset(l * sb)) };
    }
}

/// The logical walk over three operands (for shapes beyond the inline capacity).
fn walk3(shape: &[usize], [o, a, b]: [Operand<'_>; 3], f: &mut impl FnMut(usize, usize, usize)) {
    if shape.contains(&0) {
        return;
    }
    fn from(
        shape: &[usize],
        s: [&[isize]; 3],
        p: [usize; 3],
        f: &mut impl FnMut(usize, usize, usize),
    ) {
        let [p0, p1, p2] = p;
        match (shape, s) {
            ([], _) => f(p0, p1, p2),
            ([n, rest @ ..], [[s0, r0 @ ..], [s1, r1 @ ..], [s2, r2 @ ..]]) => {
                let mut q = p;
                for _ in 0..*n {
                    from(rest, [r0, r1, r2], q, f);
                    for (q, &s) in q.iter_mut().zip([s0, s1, s2]) {
                        *q = q.wrapping_add_signed(s);
                    }
                }
            }
            // Strides shorter than the shape: not produced by the crate.
            _ => {}
        }
    }
    from(
        shape,
        [o.strides, a.strides, b.strides],
        [o.offset, a.offset, b.offset],
        f,
    );
}

/// A new `Vec` holding `f(a, b)` for corresponding elements of two operands of `shape`, in
/// logical (row-major) order; `f` is called once per element, in any order.
///
/// # Errors
///
/// [`ErrorKind::Overflow`](crate::ErrorKind::Overflow) if the element count of `shape` leaves
/// `usize`; [`ErrorKind::Allocation`](crate::ErrorKind::Allocation) as [`try_vec`].
///
/// # Safety
///
/// Each operand's layout (`shape` with its `Operand`) is valid for its data (invariant 1).
#[cfg(feature = "alloc")]
pub(crate) unsafe fn map2_to_vec<T, U, V>(
    shape: &[usize],
    a: (ViewRepr<'_, T>, Operand<'_>),
    b: (ViewRepr<'_, U>, Operand<'_>),
    f: &mut impl FnMut(&T, &U) -> V,
) -> Result<alloc::vec::Vec<V>, crate::ShapeError> {
    use core::mem::MaybeUninit;
    let len = crate::layout::checked_len(shape)?;
    let mut out = try_vec(len)?;
    let mut dst_strides = [0isize; MAX_DYN_RANK];
    let rank = shape.len();
    if rank > MAX_DYN_RANK
        || crate::layout::parts::contiguous_strides(
            shape,
            crate::Order::RowMajor,
            &mut dst_strides[..rank],
        )
        .is_err()
    {
        // Beyond the inline capacity (or a shape no layout can hold): the logical walk.
        walk2(shape, a.1, b.1, &mut |p, q| {
            // SAFETY: positions of the two layouts (the caller's contract).
            let (x, y) = unsafe { (a.0.get(p), b.0.get(q)) };
            out.push(f(x, y));
        });
        return Ok(out);
    }
    let dst = Operand {
        strides: &dst_strides[..rank],
        offset: 0,
    };
    let spare: &mut [MaybeUninit<V>] = &mut out.spare_capacity_mut()[..len];
    // Not streamed as `zip3_values` streams: the first write into new memory faults its pages
    // in, and that cost dominates.
    // SAFETY: the destination is row-major over exactly `len` slots (valid and unique); the
    // operands' layouts are valid for their data (the caller's contract).
    unsafe {
        zip3_mut::<MAX_DYN_RANK, _, _, _>(
            ViewReprMut::from_slice(spare),
            dst,
            a,
            b,
            shape,
            &mut |d, x, y| {
                d.write(f(x, y));
            },
        );
    }
    // SAFETY: the row-major layout of `shape` maps its `len` indices one-to-one onto `0..len`,
    // and the walk visits every index exactly once, so every slot below `len` was written.
    unsafe { out.set_len(len) };
    Ok(out)
}

/// Copies the elements of layout `p` over `data` into a new `Vec`, in logical order.
///
/// # Safety
///
/// The layout `p` is valid for `data` (invariant 1).
#[cfg(feature = "alloc")]
pub(crate) unsafe fn to_vec<T: Clone>(
    data: ViewRepr<'_, T>,
    p: crate::layout::parts::Parts<'_>,
) -> alloc::vec::Vec<T> {
    // SAFETY: the caller's contract.
    or_panic(unsafe { try_to_vec(data, p) })
}

/// [`to_vec`], reporting an allocation that fails.
///
/// # Errors
///
/// As [`try_vec`].
///
/// # Safety
///
/// The layout `p` is valid for `data` (invariant 1).
#[cfg(feature = "alloc")]
pub(crate) unsafe fn try_to_vec<T: Clone>(
    data: ViewRepr<'_, T>,
    p: crate::layout::parts::Parts<'_>,
) -> Result<alloc::vec::Vec<T>, crate::ShapeError> {
    let len = crate::layout::checked_len(p.shape)?;
    if crate::layout::parts::is_contiguous(p.shape, p.strides, false) {
        let mut out = try_vec(len)?;
        // SAFETY: a C-contiguous layout reaches `offset..offset + len` (the caller's contract).
        out.extend_from_slice(unsafe { data.run(p.offset, len) });
        return Ok(out);
    }
    // SAFETY: `CloneInto` writes its destination on every call; the caller's contract.
    unsafe { fill_vec(data, p, &mut CloneInto) }
}

/// The elements of layout `p` over `vec`, moved out into a `Vec` in logical order without
/// cloning: `vec` itself when it holds exactly these elements in this order, otherwise a new
/// `Vec` (the elements the layout does not reach are dropped).
///
/// `p` must be valid for `vec` and map no two indices to one element (invariants 1 and 2 of an
/// owned tensor).
#[cfg(feature = "alloc")]
pub(crate) fn take_logical<T>(
    vec: alloc::vec::Vec<T>,
    p: crate::layout::parts::Parts<'_>,
) -> alloc::vec::Vec<T> {
    use core::mem::{ManuallyDrop, MaybeUninit};
    let len = crate::layout::checked_len(p.shape).unwrap_or(0);
    if p.offset == 0
        && crate::layout::parts::is_contiguous(p.shape, p.strides, false)
        && len == vec.len()
    {
        return vec;
    }
    let mut vec = ManuallyDrop::new(vec);
    let (ptr, n, cap) = (vec.as_mut_ptr(), vec.len(), vec.capacity());
    // SAFETY: `Vec::from_raw_parts`'s preconditions, met by taking `vec`'s own parts: `ptr`
    // was allocated by the global allocator for `cap` elements of `T`, which have the size and
    // alignment of `MaybeUninit<T>`, so the allocation's size and alignment match (and fit
    // `isize::MAX` bytes); `n <= cap`; the first `n` values are initialised `T`s, valid
    // `MaybeUninit<T>`s. `vec` is never used or dropped again, so each element now has one
    // owner, the slot that holds it.
    let mut slots: alloc::vec::Vec<MaybeUninit<T>> =
        unsafe { alloc::vec::Vec::from_raw_parts(ptr.cast(), n, cap) };
    let mut taken: alloc::vec::Vec<bool> = alloc::vec![false; n];
    let mut out = vec_or_panic(len);
    let op = Operand {
        strides: p.strides,
        offset: p.offset,
    };
    walk1(p.shape, op, &mut |q| {
        // SAFETY: `q` is a position of the layout, inside the buffer (invariant 1), and the walk
        // visits each index once and no two indices share a position (invariant 2), so each
        // slot is read at most once; `taken` records it so that it is not dropped below.
        out.push(unsafe { slots[q].assume_init_read() });
        taken[q] = true;
    });
    for (slot, &was_taken) in slots.iter_mut().zip(&taken) {
        if !was_taken {
            // SAFETY: every slot held an initialised element, and this one was not moved out.
            unsafe { slot.assume_init_drop() };
        }
    }
    out
}

/// The elements of layout `p` over `storage` as a `Vec` in logical order: the storage itself,
/// moved, when it is a `Vec` holding exactly these elements in this order (C-contiguous, offset
/// 0, no other elements); a copy otherwise.
///
/// # Safety
///
/// The layout `p` is valid for `storage` (invariant 1).
#[cfg(feature = "alloc")]
pub(crate) unsafe fn into_vec<S: crate::storage::Storage>(
    storage: S,
    p: crate::layout::parts::Parts<'_>,
) -> alloc::vec::Vec<S::Elem>
where
    S::Elem: Clone,
{
    let len = crate::layout::checked_len(p.shape).unwrap_or(0);
    let whole = p.offset == 0
        && crate::layout::parts::is_contiguous(p.shape, p.strides, false)
        && len == storage.elems().len();
    if !whole {
        // SAFETY: the caller's contract.
        return unsafe { to_vec(storage.elems(), p) };
    }
    match storage.into_vec_if_owned() {
        Ok(vec) => vec,
        // SAFETY: the layout is C-contiguous over the whole storage, so it reaches all of it.
        Err(storage) => unsafe { storage.elems().run(0, len) }.to_vec(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The engine's functions over slices, for the tests: every layout below is checked with
    /// `validate` against its slice first.
    #[cfg(feature = "alloc")]
    fn to_vec<T: Clone>(data: &[T], p: crate::layout::parts::Parts<'_>) -> alloc::vec::Vec<T> {
        // SAFETY: the tests validate each layout for its slice.
        unsafe { super::to_vec(ViewRepr::from_slice(data), p) }
    }

    #[cfg(feature = "alloc")]
    fn map2_to_vec<T, U, V>(
        shape: &[usize],
        a: (&[T], Operand<'_>),
        b: (&[U], Operand<'_>),
        f: &mut impl FnMut(&T, &U) -> V,
    ) -> Result<alloc::vec::Vec<V>, crate::ShapeError> {
        let (a, b) = (
            (ViewRepr::from_slice(a.0), a.1),
            (ViewRepr::from_slice(b.0), b.1),
        );
        // SAFETY: as in `to_vec`.
        unsafe { super::map2_to_vec(shape, a, b, f) }
    }

    #[cfg(feature = "alloc")]
    fn zip_mut<T, U>(
        dst_data: &mut [T],
        dst: Operand<'_>,
        src_data: &[U],
        src: Operand<'_>,
        shape: &[usize],
        k: &mut impl Kernel<T, U>,
    ) {
        let (d, s) = (
            ViewReprMut::from_slice(dst_data),
            ViewRepr::from_slice(src_data),
        );
        // SAFETY: as in `to_vec` (the destinations are row-major, so unique).
        unsafe { super::zip_mut::<MAX_DYN_RANK, _, _>(d, dst, s, src, shape, k) }
    }

    #[cfg(feature = "alloc")]
    fn zip3_mut<T, A, B>(
        dst_data: &mut [T],
        dst: Operand<'_>,
        a: (&[A], Operand<'_>),
        b: (&[B], Operand<'_>),
        shape: &[usize],
        f: &mut impl FnMut(&mut T, &A, &B),
    ) {
        let d = ViewReprMut::from_slice(dst_data);
        let (a, b) = (
            (ViewRepr::from_slice(a.0), a.1),
            (ViewRepr::from_slice(b.0), b.1),
        );
        // SAFETY: as in `zip_mut`.
        unsafe { super::zip3_mut::<MAX_DYN_RANK, _, _, _>(d, dst, a, b, shape, f) }
    }

    /// Logical-order elements of a layout, the slow way, for comparison.
    #[cfg(feature = "alloc")]
    fn logical<T: Clone>(data: &[T], p: crate::layout::parts::Parts<'_>) -> alloc::vec::Vec<T> {
        let mut out = alloc::vec::Vec::new();
        walk1(
            p.shape,
            Operand {
                strides: p.strides,
                offset: p.offset,
            },
            &mut |q| out.push(data[q].clone()),
        );
        out
    }

    /// A type whose `clone` is not known to be a bit copy: the kernels' generic path.
    #[cfg(feature = "alloc")]
    #[derive(Clone, Debug, PartialEq)]
    struct Tagged(u16);

    /// The tiled transposition path across tile and kernel-block boundaries, with odd sizes,
    /// size-1 and size-0 axes and negative strides (small enough for Miri), for element types
    /// of 1, 2, 4 and 8 bytes (the SIMD kernels on x86-64 and aarch64) and one the kernels treat
    /// generically.
    #[cfg(feature = "alloc")]
    #[test]
    fn tiled_copies_match_the_logical_order() {
        use crate::Layout;
        let cases: [Layout<3>; 8] = [
            // [19, 1, 21] stored as [21, 19] column-major: a transposition across kernel
            // blocks, with ragged edges along both tiled axes.
            Layout::from_parts([19, 1, 21], [1, 0, 19], 0),
            // The same, with the unit-stride axis walked backwards (not tiled: strided runs).
            Layout::from_parts([19, 1, 21], [-1, 0, 19], 18),
            // The same, with the destination's axis walked backwards in the source.
            Layout::from_parts([19, 1, 21], [1, 0, -19], 19 * 20),
            // Whole kernel blocks only, across a tile boundary: [16, 72] stored column-major.
            Layout::from_parts([16, 1, 72], [1, 0, 16], 0),
            // Across a tile boundary along the source's unit-stride axis (40 rows of the
            // destination, tiles of 32), with kernel blocks on both sides.
            Layout::from_parts([40, 1, 16], [1, 0, 40], 0),
            // Three axes permuted, odd sizes.
            Layout::from_parts([5, 33, 7], [1, 35, 5], 0),
            // An axis of size 0: nothing to copy.
            Layout::from_parts([33, 0, 40], [1, 40, 33], 0),
            // Already contiguous along the last axis: plain runs.
            Layout::from_parts([3, 1, 40], [-40, 7, 1], 80),
        ];
        let words: alloc::vec::Vec<u32> = (0..4000).collect();
        let wide: alloc::vec::Vec<f64> = (0..4000).map(|i| f64::from(i) + 0.5).collect();
        let tagged: alloc::vec::Vec<Tagged> = (0..4000).map(Tagged).collect();
        let halves: alloc::vec::Vec<i16> = (0..4000).map(|i| i as i16 - 2000).collect();
        let bytes: alloc::vec::Vec<u8> = (0..4000).map(|i| (i * 7) as u8).collect();
        // Elements that own memory: a clone too many or too few shows up as a leak or a double
        // free under Miri. Small transpositions (kernel blocks and edges, one walked
        // backwards) keep Miri's run short.
        let strings: alloc::vec::Vec<alloc::string::String> =
            (0..200).map(|i| alloc::format!("{i}")).collect();
        for l in [
            Layout::from_parts([17, 1, 10], [1, 0, 17], 0),
            Layout::from_parts([17, 1, 10], [1, 0, -17], 153),
        ] {
            check_copies(&strings, l);
        }
        for l in cases {
            check_copies(&words, l);
            check_copies(&wide, l);
            check_copies(&tagged, l);
            check_copies(&halves, l);
            check_copies(&bytes, l);
            let data = &words;
            assert!(l.validate(data.len()).is_ok());
            let row_major = Layout::row_major(*l.shape()).unwrap();
            let copied = to_vec(data, l.parts());
            let sums = map2_to_vec(
                l.shape(),
                (data, l.operand()),
                (data, row_major.operand()),
                &mut |a, b| a + b,
            )
            .unwrap();
            let expected: alloc::vec::Vec<u32> =
                copied.iter().zip(0..).map(|(a, i)| a + i).collect();
            assert_eq!(sums, expected);
        }
    }

    /// Streamed transpositions (threshold 0, so small ones stream) give the logical order,
    /// with `CloneTo` and `CloneInto`, for every element size: rows a whole number of lines
    /// apart (cut at the lines, at every alignment of the destination: bands one line wide
    /// across more rows than a tile holds, partial lines in tiles) and rows adjacent (each
    /// tile one range), odd sizes,
    /// negative strides, a permuted source whose other axes are walked in its memory order;
    /// nothing outside the destination is written.
    #[cfg(feature = "alloc")]
    #[test]
    fn streamed_copies_match_the_logical_order() {
        fn check<T: Copy + PartialEq + core::fmt::Debug>(make: impl Fn(usize) -> T) {
            use crate::Layout;
            use core::mem::MaybeUninit;
            let lanes = 64 / core::mem::size_of::<T>();
            // The two outer axes below coalesce into one transposed axis of `2 · rows`:
            // `long` rows make runs long enough for bands, and an odd number of rows over the
            // steps a band writes at once (too many elements for Miri).
            let size = core::mem::size_of::<T>();
            #[cfg(not(miri))]
            let long = BAND_MIN_RUN_BYTES / size / 2 + 3;
            let banded = |rows: usize| 2 * rows * size >= BAND_MIN_RUN_BYTES;
            #[cfg(not(miri))]
            let (len, rows, shifts) = (
                10 * lanes * long.max(70) + 64,
                70,
                alloc::vec![0, 1, 16 / size, lanes / 2, lanes - 1],
            );
            // Under Miri, for time: fewer rows than a tile holds, three alignments (one
            // carrying partial lines).
            #[cfg(miri)]
            let (len, rows, shifts) = (6_000, 9, alloc::vec![0, 16 / size, lanes - 1]);
            let data: alloc::vec::Vec<T> = (0..len).map(&make).collect();
            let blank = make(usize::MAX);
            // [2, rows, 5 lines] stored as [5 lines, 2, rows], forwards or backwards along
            // the last axis: destination rows a whole number of lines apart.
            let lines = |rows: usize, sign: isize| {
                let start = if sign > 0 {
                    0
                } else {
                    (5 * lanes - 1) * 2 * rows
                };
                let strides = [rows as isize, 1, sign * 2 * rows as isize];
                Layout::from_parts([2, rows, 5 * lanes], strides, start)
            };
            // [units, 3, 2 lines] stored as [3, 2 lines + 1, units]: the destination's rows
            // follow each other along the middle axis (partial lines carried from tile to
            // tile when they do not start on a line), the transposed axis walked in one tile
            // or (more than `STAGE_ROWS`) in several.
            let chained = |units: usize| {
                let strides = [1, ((2 * lanes + 1) * units) as isize, units as isize];
                Layout::from_parts([units, 3, 2 * lanes], strides, 0)
            };
            // Each layout, whether it is streamed, and whether in bands one line wide.
            #[allow(unused_mut)]
            let mut cases: alloc::vec::Vec<(Layout<3>, bool, bool)> = alloc::vec![
                (chained(rows.min(9)), true, false),
                // More rows than a tile holds (in bands only for 8-byte elements).
                (lines(rows, 1), true, banded(rows)),
                (lines(rows, -1), true, banded(rows)),
                // Rows of odd length (not whole lines), adjacent: one range per tile; the
                // source's outer axis is walked outside the tiles' columns.
                (
                    Layout::from_parts([3, 37, 11], [407, 1, 37], 0),
                    true,
                    false
                ),
                // Rows adjacent, the source's middle axis walked inside the tiles' columns.
                (Layout::from_parts([5, 33, 7], [33, 1, 165], 0), true, false),
                // Rows neither whole lines nor adjacent: not streamed, tiled as usual.
                (Layout::from_parts([5, 6, 9], [1, 5, 30], 0), false, false),
            ];
            // Runs long enough for bands (too many elements for Miri); in the chained layout,
            // tiles rather than bands off a line (carrying partial lines).
            #[cfg(not(miri))]
            cases.extend([
                (lines(long, 1), true, true),
                (lines(long, -1), true, true),
                (chained(rows), true, banded(rows / 2)),
            ]);
            // Rows of two lines, three lines apart along the transposed axis: a tile's whole
            // rows (not cut at the lines, see `Cut`), their source rows more than
            // `STREAM_PARTIAL_ROW_BYTES` apart (streamed at every alignment), the transposed
            // axis too short for bands.
            #[cfg(not(miri))]
            let far = STREAM_PARTIAL_ROW_BYTES / size + 7;
            #[cfg(not(miri))]
            let whole = Layout::from_parts([10, 3, 2 * lanes], [1, 10, far as isize], 0);
            #[cfg(not(miri))]
            cases.push((whole, true, false));
            let mut carried = 0;
            for (l, streamed, bands) in cases {
                assert!(l.validate(data.len()).is_ok(), "{l:?}");
                let expected = logical(&data, l.parts());
                let row_major = Layout::row_major(*l.shape()).unwrap();
                let n = expected.len();
                let plan = Prepared::<2, 3>::new(l.shape(), [row_major.operand(), l.operand()], 0)
                    .unwrap();
                let unit = plan.transposed_axis().unwrap();
                let plan_of = |base| plan.stream_plan(unit, size, base, 0);
                assert_eq!(plan_of(64).is_some(), streamed, "{l:?}");
                assert_eq!(plan_of(64).is_some_and(|cut| cut.bands), bands, "{l:?}");
                // Off a line, a band's rows are cut where the lines start, a tile's whole rows
                // are not.
                if let Some(cut) = plan_of(64 + size) {
                    let whole = !cut.bands && l.shape()[2] <= cut.width;
                    assert_eq!(cut.head == 0, whole, "{l:?}");
                }
                // Partial lines are carried where the rows (a whole number of lines apart) follow
                // each other along an axis of their own, a tile holds them whole, and they start
                // 16, 32 or 48 bytes into a line; never in bands.
                let chain = plan.chain_axis(unit).is_some();
                assert!(plan_of(64).is_none_or(|cut| !cut.carry), "{l:?}");
                assert!(plan_of(64 + size).is_none_or(|cut| !cut.carry), "{l:?}");
                for lead in [16, 32, 48] {
                    let cut = plan_of(64 + lead);
                    let whole = l.shape()[2] * size <= kernel::STAGE_BYTES / kernel::STAGE_ROWS;
                    let lines = plan_of(64).is_some();
                    assert_eq!(
                        cut.is_some_and(|cut| cut.carry),
                        lines && chain && whole,
                        "{l:?}"
                    );
                    carried += usize::from(cut.is_some_and(|cut| cut.carry) && lead == 16);
                    assert!(cut.is_none_or(|cut| !(cut.carry && cut.bands)), "{l:?}");
                }
                assert!(plan.stream_plan(unit, size, 64, usize::MAX).is_none());
                assert!(plan.stream_plan(unit, 0, 64, 0).is_none());
                for &shift in &shifts {
                    let mut out = alloc::vec![blank; n + lanes + 1];
                    let (d, s) = (
                        ViewReprMut::from_slice(&mut out[shift..shift + n]),
                        ViewRepr::from_slice(&data),
                    );
                    let (to, from) = (row_major.operand(), l.operand());
                    // SAFETY: both layouts are valid for their data; the destination is
                    // row-major (unique).
                    unsafe {
                        zip_mut_streaming::<3, _, _>(d, to, s, from, l.shape(), &mut CloneTo, 0)
                    };
                    assert_eq!(&out[shift..shift + n], &expected[..], "{l:?} at {shift}");
                    assert!(
                        out[..shift]
                            .iter()
                            .chain(&out[shift + n..])
                            .all(|x| *x == blank)
                    );
                    let mut new = alloc::vec![MaybeUninit::<T>::uninit(); n];
                    let d = ViewReprMut::from_slice(&mut new[..]);
                    let s = ViewRepr::from_slice(&data);
                    // SAFETY: as above; `CloneInto` writes every destination slot.
                    let new: alloc::vec::Vec<T> = unsafe {
                        zip_mut_streaming::<3, _, _>(d, to, s, from, l.shape(), &mut CloneInto, 0);
                        new.iter().map(|x| x.assume_init()).collect()
                    };
                    assert_eq!(new, expected, "{l:?} (new memory)");
                }
            }
            // The chained layouts and `whole` (two of them under Miri, one).
            assert!(carried >= if cfg!(miri) { 1 } else { 3 }, "{carried}");
        }
        check(|i| i as u8);
        check(|i| i as f64);
        // Under Miri, for time, the two sizes above (the kernel's own test has them all).
        #[cfg(not(miri))]
        {
            check(|i| i as u16);
            check(|i| i as f32);
        }
    }

    /// Streamed copies of runs (`CloneTo` into an existing destination, threshold 0 so small
    /// ones stream) give the logical order: a contiguous source (one long run), rows of a
    /// sliced source, a source walked backwards and one strided along its rows (gathered
    /// through the buffer), at every alignment of the destination within a line; short runs
    /// are not streamed. Nothing outside the destination is written.
    #[cfg(feature = "alloc")]
    #[test]
    fn streamed_runs_match_the_logical_order() {
        use crate::Layout;
        fn check<T: Copy + PartialEq + core::fmt::Debug>(make: impl Fn(usize) -> T) {
            let size = core::mem::size_of::<T>();
            let long = kernel::RUN_STAGE_BYTES / size + 5;
            let data: alloc::vec::Vec<T> = (0..8 * long + 64).map(&make).collect();
            let blank = make(usize::MAX);
            let (n, m) = (long as isize, 2 * long as isize);
            let cases: [(Layout<2>, bool); 5] = [
                (Layout::row_major([3, long]).unwrap(), true),
                (Layout::from_parts([3, long], [m, 1], 3), true),
                (Layout::from_parts([3, long], [n, -1], long - 1), true),
                (Layout::from_parts([3, long], [m, 2], 1), true),
                (Layout::from_parts([long, 3], [4, 1], 0), false),
            ];
            for (l, streamed) in cases {
                let expected = logical(&data, l.parts());
                let to = Layout::row_major(*l.shape()).unwrap();
                let plan = Prepared::<2, 2>::new(l.shape(), [to.operand(), l.operand()], 0);
                let plan = plan.unwrap();
                assert_eq!(plan.streams_runs(size, 0), streamed, "{l:?}");
                #[cfg(not(miri))]
                let shifts = [0, 1, 64 / size - 1];
                #[cfg(miri)]
                let shifts = [64 / size - 1];
                for shift in shifts {
                    let mut out = alloc::vec![blank; shift + expected.len() + 64];
                    let d = ViewReprMut::from_slice(&mut out[shift..shift + expected.len()]);
                    let s = ViewRepr::from_slice(&data);
                    // SAFETY: both layouts are valid for their data; the destination is
                    // row-major (unique).
                    unsafe {
                        zip_mut_streaming::<2, _, _>(
                            d,
                            to.operand(),
                            s,
                            l.operand(),
                            l.shape(),
                            &mut CloneTo,
                            0,
                        )
                    };
                    assert_eq!(&out[shift..shift + expected.len()], &expected[..], "{l:?}");
                    let rest = out[..shift].iter().chain(&out[shift + expected.len()..]);
                    assert!(rest.into_iter().all(|x| *x == blank), "{l:?}");
                }
            }
        }
        check(|i| i as f64);
        #[cfg(not(miri))]
        {
            check(|i| (i % 251) as u8);
            check(|i| i as f32);
        }
    }

    /// Streamed planes (`zip_mut` of short runs whose destinations follow each other,
    /// threshold 0 so small ones stream) copy the logical order into an existing destination
    /// (`CloneTo`) and into new memory (`CloneInto`): runs of 48 and 256 bytes whose source
    /// rows lie apart, walked forwards or backwards, runs of 24 bytes (declined by the kernel:
    /// not a whole number of 16 bytes), at every 16 bytes of a line and one element off it;
    /// and the layouts that are not planes (one contiguous range, long runs, a strided source)
    /// are left to the other paths. Nothing outside the destination is written.
    #[cfg(feature = "alloc")]
    #[test]
    fn streamed_planes_match_the_logical_order() {
        use crate::Layout;
        use core::mem::MaybeUninit;
        fn check<T: Copy + PartialEq + core::fmt::Debug>(make: impl Fn(usize) -> T) {
            let size = core::mem::size_of::<T>();
            let data: alloc::vec::Vec<T> = (0..4096 + 64).map(&make).collect();
            let blank = make(usize::MAX);
            let plane = |bytes: usize, sign: isize| {
                let (p, m, n) = (3, 5, bytes / size);
                let row = (p * n + 7) as isize;
                let first = if sign > 0 { 0 } else { (m - 1) * row as usize };
                Layout::from_parts([p, m, n], [n as isize, sign * row, 1], first + 2)
            };
            let long = kernel::RUN_STAGE_BYTES / size;
            let cases: [(Layout<3>, bool); 7] = [
                (plane(48, 1), true),
                (plane(256, 1), true),
                (plane(256, -1), true),
                (plane(24, 1), true),
                (Layout::row_major([2, 3, 64 / size]).unwrap(), false),
                (
                    Layout::from_parts([2, 2, long], [long as isize, 2 * long as isize, 1], 0),
                    false,
                ),
                (Layout::from_parts([3, 5, 4], [4, 24, 2], 0), false),
            ];
            for (l, planes) in cases {
                let expected = logical(&data, l.parts());
                let to = Layout::row_major(*l.shape()).unwrap();
                let plan = Prepared::<2, 3>::new(l.shape(), [to.operand(), l.operand()], 0);
                assert_eq!(plan.unwrap().streams_planes(size, 0), planes, "{l:?}");
                let len = expected.len();
                #[cfg(not(miri))]
                let shifts = [0, 1, 16 / size, 48 / size];
                #[cfg(miri)]
                let shifts = [1, 48 / size];
                for shift in shifts {
                    let mut out = alloc::vec![blank; shift + len + 64];
                    // SAFETY: both layouts are valid for their data; the destination is
                    // row-major (unique).
                    unsafe {
                        zip_mut_streaming::<3, _, _>(
                            ViewReprMut::from_slice(&mut out[shift..shift + len]),
                            to.operand(),
                            ViewRepr::from_slice(&data),
                            l.operand(),
                            l.shape(),
                            &mut CloneTo,
                            0,
                        )
                    };
                    let mut new = alloc::vec![MaybeUninit::new(blank); shift + len + 64];
                    // SAFETY: as above; `CloneInto` writes every element it is given.
                    let new: alloc::vec::Vec<T> = unsafe {
                        zip_mut_streaming::<3, _, _>(
                            ViewReprMut::from_slice(&mut new[shift..shift + len]),
                            to.operand(),
                            ViewRepr::from_slice(&data),
                            l.operand(),
                            l.shape(),
                            &mut CloneInto,
                            0,
                        );
                        new.iter().map(|x| x.assume_init()).collect()
                    };
                    for out in [&out, &new] {
                        assert_eq!(&out[shift..shift + len], &expected[..], "{l:?} {shift}");
                        let rest = out[..shift].iter().chain(&out[shift + len..]);
                        assert!(rest.into_iter().all(|x| *x == blank), "{l:?} {shift}");
                    }
                }
            }
        }
        check(|i| i as f32);
        #[cfg(not(miri))]
        {
            check(|i| (i % 251) as u8);
            check(|i| i as u16);
            check(|i| i as f64);
        }
    }

    /// Streamed element-wise writes (`zip3_values`, threshold 0 so small ones stream) give
    /// the same elements as the plain walk: one long run, runs of a broadcast operand (along an
    /// outer axis, and splat along the last), an operand walked backwards, at every alignment
    /// of the destination within a line; and the paths that are not streamed (short runs, a
    /// strided destination, a transposed operand, a type with drop glue) too. Nothing outside
    /// the destination is written.
    #[cfg(feature = "alloc")]
    #[test]
    fn streamed_values_match_the_plain_walk() {
        use crate::Layout;
        fn check<T: Copy + PartialEq + core::fmt::Debug + core::ops::Add<Output = T>>(
            make: impl Fn(usize) -> T,
        ) {
            let size = core::mem::size_of::<T>();
            // Rows long enough to be streamed (`RUN_STAGE_BYTES` or more), and short ones.
            let long = kernel::RUN_STAGE_BYTES / size + 7;
            let data: alloc::vec::Vec<T> = (0..4 * long + 64).map(&make).collect();
            let blank = make(usize::MAX);
            let rows = |n: usize| Layout::<2>::row_major([3, n]).unwrap();
            // (dst layout, a, b, streamed)
            let cases: [(Layout<2>, Layout<2>, Layout<2>, bool); 7] = [
                (rows(long), rows(long), rows(long), true),
                (
                    rows(long),
                    rows(long),
                    Layout::from_parts([3, long], [0, 1], 5),
                    true,
                ),
                (
                    rows(long),
                    rows(long),
                    Layout::from_parts([3, long], [1, 0], 2),
                    true,
                ),
                (
                    rows(long),
                    Layout::from_parts([3, long], [long as isize, -1], long - 1),
                    rows(long),
                    true,
                ),
                (
                    rows(3),
                    rows(3),
                    Layout::from_parts([3, 3], [0, 1], 0),
                    false,
                ),
                (
                    Layout::from_parts([3, long], [2 * long as isize, 2], 0),
                    rows(long),
                    rows(long),
                    false,
                ),
                (
                    rows(long),
                    Layout::from_parts([3, long], [1, 3], 0),
                    rows(long),
                    false,
                ),
            ];
            for (d, a, b, streamed) in cases {
                let plan =
                    Prepared::<3, 2>::new(d.shape(), [d.operand(), a.operand(), b.operand()], 0)
                        .unwrap();
                assert_eq!(plan.streams_runs(size, 0), streamed, "{d:?} {a:?} {b:?}");
                let expected: alloc::vec::Vec<T> = logical(&data, a.parts())
                    .into_iter()
                    .zip(logical(&data, b.parts()))
                    .map(|(x, y)| x + y)
                    .collect();
                // The destinations reach at most `6 · long` positions. Alignments within a
                // line: none, one element, the last (under Miri, for time, the last only).
                #[cfg(not(miri))]
                let shifts = [0, 1, 64 / size - 1];
                #[cfg(miri)]
                let shifts = [64 / size - 1];
                for shift in shifts {
                    let mut out = alloc::vec![blank; shift + 6 * long + 64];
                    assert!(d.validate(out.len() - shift).is_ok());
                    let view = ViewReprMut::from_slice(&mut out[shift..]);
                    let (oa, ob) = (
                        (ViewRepr::from_slice(&data), a.operand()),
                        (ViewRepr::from_slice(&data), b.operand()),
                    );
                    // SAFETY: the layouts are valid for their data; `d` is unique.
                    unsafe {
                        zip3_values_streaming::<2, _, _, _>(
                            view,
                            d.operand(),
                            oa,
                            ob,
                            d.shape(),
                            &mut |x: &T, y: &T| *x + *y,
                            0,
                        )
                    };
                    let got = logical(&out[shift..], d.parts());
                    assert_eq!(got, expected, "{d:?} {a:?} {b:?} at {shift}");
                    let mut inside = alloc::vec![false; out.len()];
                    walk1(d.shape(), d.operand(), &mut |p| inside[shift + p] = true);
                    assert!(
                        out.iter().zip(&inside).all(|(x, &i)| i || *x == blank),
                        "{d:?}: wrote outside the destination"
                    );
                }
            }
        }
        check(|i| i as f64);
        // Under Miri, for time, only the shortest runs (the path is the same for every size).
        #[cfg(not(miri))]
        {
            check(|i| (i % 100) as u8);
            check(|i| i as f32);
        }
        // A type with drop glue is never overwritten bit by bit.
        let words: alloc::vec::Vec<alloc::string::String> =
            (0..9).map(|i| alloc::format!("{i}")).collect();
        let mut out = alloc::vec![alloc::string::String::new(); 9];
        let l = Layout::<1>::row_major([9]).unwrap();
        // SAFETY: the layouts are valid for their data; the destination is unique.
        unsafe {
            zip3_values_streaming::<1, _, _, _>(
                ViewReprMut::from_slice(&mut out),
                l.operand(),
                (ViewRepr::from_slice(&words), l.operand()),
                (ViewRepr::from_slice(&words), l.operand()),
                l.shape(),
                &mut |x: &alloc::string::String, y: &alloc::string::String| {
                    alloc::format!("{x}{y}")
                },
                0,
            )
        };
        assert_eq!(out[4], "44");
    }

    /// `to_vec` (the `CloneInto` kernel), `zip_mut` with `CloneTo` and with a closure all give
    /// the logical order of layout `l` over `data`.
    #[cfg(feature = "alloc")]
    fn check_copies<T: Clone + PartialEq + core::fmt::Debug>(data: &[T], l: crate::Layout<3>) {
        assert!(l.validate(data.len()).is_ok());
        let p = l.parts();
        let copied = to_vec(data, p);
        assert_eq!(copied, logical(data, p), "{l:?}");
        let row_major = crate::Layout::row_major(*l.shape()).unwrap();
        let (to, from) = (row_major.operand(), l.operand());
        let mut dst = alloc::vec![data[0].clone(); copied.len()];
        zip_mut(&mut dst, to, data, from, l.shape(), &mut CloneTo);
        assert_eq!(dst, copied, "{l:?}");
        let mut dst = alloc::vec![data[0].clone(); copied.len()];
        let mut k = each(|d: &mut T, s: &T| *d = s.clone());
        zip_mut(&mut dst, to, data, from, l.shape(), &mut k);
        assert_eq!(dst, copied, "{l:?}");
        // Three operands (the tiled `block3` when `l` is a transposition): pairs of `l`'s
        // element and `b`'s, for `b` row-major over the same data and `b` a broadcast row.
        let shape = *l.shape();
        let row = crate::Layout::from_parts(shape, [0, 0, 1], 0);
        for b in [row_major, row] {
            let mut pairs = alloc::vec![(data[0].clone(), data[0].clone()); copied.len()];
            let operands = ((data, from), (data, b.operand()));
            zip3_mut(
                &mut pairs,
                to,
                operands.0,
                operands.1,
                &shape,
                &mut |d, x, y| *d = (x.clone(), y.clone()),
            );
            let expected: alloc::vec::Vec<(T, T)> = copied
                .iter()
                .cloned()
                .zip(logical(data, b.parts()))
                .collect();
            assert_eq!(pairs, expected, "{l:?} with {b:?}");
        }
    }

    #[test]
    fn preparation_drops_coalesces_and_orders() {
        let shape = [2, 1, 3, 4];
        let strides = [12isize, 99, 4, 1];
        let plan = Prepared::<1, MAX_DYN_RANK>::new(
            &shape,
            [Operand {
                strides: &strides,
                offset: 0,
            }],
            0,
        )
        .unwrap();
        assert_eq!((plan.rank, plan.shape[0], plan.strides[0][0]), (1, 24, 1));
        let flipped = [-1isize, 0, 2, 6];
        let plan = Prepared::<1, MAX_DYN_RANK>::new(
            &[2, 1, 3, 4],
            [Operand {
                strides: &flipped,
                offset: 1,
            }],
            0,
        )
        .unwrap();
        // Axis 0 reversed (offset moves to its start), then ordered by stride: [4, 3, 2] with
        // strides [6, 2, 1] coalesce into one run of 24.
        assert_eq!(
            (
                plan.rank,
                plan.shape[0],
                plan.strides[0][0],
                plan.offsets[0]
            ),
            (1, 24, 1, 0)
        );
    }

    #[test]
    fn walks_in_row_major_order() {
        let mut seen = [0usize; 6];
        let mut n = 0;
        walk1(
            &[2, 3],
            Operand {
                strides: &[1, 2],
                offset: 0,
            },
            &mut |p| {
                seen[n] = p;
                n += 1;
            },
        );
        assert_eq!(seen, [0, 2, 4, 1, 3, 5]);
        let mut pairs = [(0usize, 0usize); 6];
        let mut n = 0;
        walk2(
            &[2, 3],
            Operand {
                strides: &[3, 1],
                offset: 0,
            },
            Operand {
                strides: &[0, -1],
                offset: 2,
            },
            &mut |a, b| {
                pairs[n] = (a, b);
                n += 1;
            },
        );
        assert_eq!(pairs, [(0, 2), (1, 1), (2, 0), (3, 2), (4, 1), (5, 0)]);
        let mut count = 0;
        walk1(
            &[],
            Operand {
                strides: &[],
                offset: 4,
            },
            &mut |p| {
                assert_eq!(p, 4);
                count += 1;
            },
        );
        walk1(
            &[3, 0],
            Operand {
                strides: &[1, 1],
                offset: 0,
            },
            &mut |_| count += 10,
        );
        assert_eq!(count, 1);
        let runs = fold_runs1(
            &[2, 3],
            Operand {
                strides: &[3, 1],
                offset: 0,
            },
            0,
            &mut |runs, p, len, step| {
                assert_eq!((len, step), (3, 1));
                assert_eq!(p, 3 * runs);
                runs + 1
            },
        );
        assert_eq!(runs, 2);
    }
}

/// Splitting work across threads (the `rayon` feature).
///
/// Work is split along one axis into contiguous index ranges, halving recursively with
/// `rayon::join` until a piece holds fewer than `2 × GRAIN` elements; each piece then runs the
/// sequential loops above. The pieces are fixed by the shape alone, never by the number of
/// threads, so results (sums included) are the same on every machine.
#[cfg(feature = "rayon")]
pub(crate) mod par {
    use super::Operand;
    use crate::storage::ViewReprMut;
    use core::ops::Range;

    /// Elements per piece below which a piece is not split further.
    pub(crate) const GRAIN: usize = 1 << 15;

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
    struct Cut {
        axis: usize,
        stride: isize,
        /// Lowest position of the operand, leaving out the split axis's contribution.
        low: usize,
        per_index: usize,
    }

    impl Cut {
        /// The lowest memory position of the elements whose index along the axis is in `r`.
        fn low_of(&self, r: &Range<usize>) -> usize {
            let first = if self.stride > 0 { r.start } else { r.end - 1 };
            self.low
                .wrapping_add_signed((first as isize).wrapping_mul(self.stride))
        }
    }

    /// Runs `leaf(chunk, base, axis, range)` on pieces of a writable operand in parallel, where
    /// `chunk` is the part of `data` holding exactly the piece's elements and starts at position
    /// `base` of `data`. Returns `false` (nothing run) when the operand is too small, or when
    /// no axis separates it into disjoint memory ranges (an axis whose stride exceeds the span
    /// of all the other axes; always the case for contiguous and permuted layouts).
    pub(crate) fn split_mut<T: Send>(
        data: ViewReprMut<'_, T>,
        shape: &[usize],
        op: Operand<'_>,
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
        let cut = Cut {
            axis,
            stride,
            low,
            per_index: crate::layout::checked_len(shape).unwrap_or(0) / shape[axis],
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
        cut: &Cut,
        leaf: &(impl Fn(ViewReprMut<'_, T>, usize, usize, Range<usize>) + Sync),
    ) {
        if r.len() < 2 || r.len() * cut.per_index < 2 * GRAIN {
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

    #[cfg(test)]
    mod tests {
        use super::*;
        use core::sync::atomic::{AtomicUsize, Ordering};

        /// Cuts `shape`/`strides` and checks that the pieces cover every position once,
        /// returning how many pieces there were (0 when it declined to split).
        fn pieces(shape: &[usize], strides: &[isize], offset: usize, len: usize) -> usize {
            let mut data = alloc::vec![0u8; len];
            let count = AtomicUsize::new(0);
            let op = Operand { strides, offset };
            let whole = crate::storage::ViewReprMut::from_slice(&mut data);
            let split = split_mut(whole, shape, op, &|mut chunk, base, axis, r| {
                count.fetch_add(1, Ordering::Relaxed);
                let mut sub = shape.to_vec();
                sub[axis] = r.len();
                let start = offset.wrapping_add_signed(r.start as isize * strides[axis]);
                let rel = Operand {
                    strides,
                    offset: start - base,
                };
                // SAFETY: the piece's positions relative to its chunk lie inside it.
                crate::engine::walk1(&sub, rel, &mut |p| unsafe { *chunk.get_mut(p) += 1 });
            });
            if split {
                let mut expected = alloc::vec![0u8; len];
                crate::engine::walk1(shape, op, &mut |p| expected[p] += 1);
                assert_eq!(data, expected);
            }
            count.into_inner()
        }

        #[test]
        fn writable_pieces_are_disjoint_and_cover_everything() {
            // Contiguous, 2^17 elements: cut into 4 pieces of 2^15.
            assert_eq!(pieces(&[64, 2048], &[2048, 1], 0, 1 << 17), 4);
            // Transposed and the outer axis walked backwards.
            assert!(pieces(&[2048, 64], &[1, -2048], 63 * 2048, 1 << 17) > 1);
            // Every other element of a larger buffer.
            assert!(pieces(&[256, 512], &[1024, 2], 0, 1 << 18) > 1);
            // Too small: declined.
            assert_eq!(pieces(&[100, 100], &[100, 1], 0, 10_000), 0);
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
}
