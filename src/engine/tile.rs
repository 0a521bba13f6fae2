//! Blocked transpositions of two operands: tiles cut into kernel blocks, for copies and
//! element-wise writes whose source is unit-stride along another axis than the destination.

use super::*;

/// Tile of the blocked transposition: `TILE_U` × `TILE_L` elements along the source's
/// unit-stride axis (`u`, so `TILE_U` destination rows) and the destination's (`l`, so `TILE_L`
/// source rows). A tile is cut into `MICRO × MICRO` kernel blocks, walked with `l` outermost: a
/// row of kernel blocks reads only `MICRO` source lines, each whole before the next row starts,
/// so power-of-two source strides — whose lines all fall into one cache set — do not evict
/// lines in use from an 8-way L1. Each step along `l` writes one line of every destination row
/// of the tile; 32 rows rather than 64 keep fewer destination lines open at once, which the
/// CPUs with the smallest caches need.
pub(super) const TILE_U: usize = 32;
/// See [`TILE_U`].
pub(super) const TILE_L: usize = 64;
/// Ragged tile edges are walked in strips of `STRIP` along `l`, for the same reason.
pub(super) const STRIP: usize = 8;

/// The geometry of one tile of a `K`-operand transposition: operand `k`'s element `(u, l)` is
/// at `start[k] + u·su[k] + l·sl[k]`, for `u < nu`, `l < nl`.
#[derive(Clone, Copy)]
pub(super) struct TileGeometry<const K: usize> {
    pub(super) start: [usize; K],
    pub(super) nu: usize,
    pub(super) nl: usize,
    pub(super) su: [isize; K],
    pub(super) sl: [isize; K],
    /// The tile's place in its group of a streamed walk that carries partial lines, which is
    /// the carry it writes through (see [`CARRY_GROUPS`]); 0 elsewhere.
    pub(super) group: usize,
}

/// The tiles of a streamed walk that carries partial lines ([`kernel::Carry`]) go in groups of
/// up to this many, each tile of a group with its carry, chosen so that the tiles of a group
/// read source rows that follow each other in memory ([`LoopPlan::tiled_stream`]): each
/// source row far from the others is then read in a run of up to this many tiles' rows, not
/// one tile's. On an Intel Xeon (2 vCPUs), into an existing tensor, fraction of `memcpy`'s
/// throughput with groups of one tile and of eight (one binary, grouping switched at run time,
/// interleaved runs): `[3, 2, 1, 0]` of 61 × 59 × 63 × 57 `f32` (a tile's 61 source rows of
/// 228 bytes lie 827 KiB apart) 0.67–0.71 → 0.73–0.74, `[2, 3, 1, 0]` 0.68–0.70 → 0.73–0.77;
/// of 64⁴ 0.55–0.58 → 0.60–0.66 and 0.55–0.56 → 0.62–0.66. Four took about 0.71 for the first,
/// sixteen 0.71–0.75 (see the benchmark notes). The other permutations of both shapes do not
/// group.
pub(super) const CARRY_GROUPS: usize = 8;

impl<const K: usize> TileGeometry<K> {
    /// Operand `k`'s position of `(u, l)` (wrapping, like every position of the engine).
    #[inline(always)]
    pub(super) fn at(&self, k: usize, u: usize, l: usize) -> usize {
        affine(self.start[k], u, l, self.su[k], self.sl[k])
    }

    /// Whether every operand's block lies inside its storage (`lens[k]` elements). An affine
    /// block reaches its extreme positions at its corners, so those are checked once; for
    /// layouts valid for their storage (invariant 1) this is always `true`. A block outside is
    /// skipped by the callers, never read or written (debug builds stop there); no path
    /// panics in release builds.
    #[inline(always)]
    pub(super) fn inside(&self, lens: [usize; K]) -> bool {
        let (u1, l1) = (self.nu.wrapping_sub(1), self.nl.wrapping_sub(1));
        let inside = [(0, 0), (u1, 0), (0, l1), (u1, l1)].iter().all(|&(u, l)| {
            affine_all(self.start, u, l, self.su, self.sl)
                .iter()
                .zip(&lens)
                .all(|(&at, &len)| at < len)
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
    pub(super) fn kernel_part(&self) -> (usize, usize) {
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
    pub(super) fn for_each_edge(&self, (fu, fl): (usize, usize), f: &mut impl FnMut([usize; K])) {
        for (us, ls) in [(fu..self.nu, 0..self.nl), (0..fu, fl..self.nl)] {
            for l0 in ls.clone().step_by(STRIP) {
                let len = STRIP.min(ls.end - l0);
                for u in us.clone() {
                    let mut pos = affine_all(self.start, u, l0, self.su, self.sl);
                    for _ in 0..len {
                        f(pos);
                        for (p, &step) in pos.iter_mut().zip(&self.sl) {
                            *p = p.wrapping_add_signed(step);
                        }
                    }
                }
            }
        }
    }
}

/// A tile of a two-operand loop: its kernel part is cut into `MICRO × MICRO` kernel blocks (when it
/// is a transposition, see [`TileGeometry::kernel_part`]), and its ragged edges are walked in
/// strips.
///
/// # Safety
///
/// The block's positions are positions of the operands' layouts, which are valid for `dst` and
/// `src` (invariant 1); `dst`'s is unique.
#[inline(always)]
pub(super) unsafe fn block2<T, U>(
    dst: &mut ViewReprMut<'_, T>,
    src: ViewRepr<'_, U>,
    block: &TileGeometry<2>,
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

/// A piece of a streamed transposition ([`LoopPlan::tiled_stream`]): a tile staged and written
/// with non-temporal stores by the kernel (its partial lines through `carry`, when given), or
/// as in [`block2`] when the kernel declines it; a band written a line at a time by the kernel
/// (or as a tile); a shifted band, or a chained one, whose rows' whole lines the kernel writes
/// with non-temporal stores (or, when it declines, as in [`block2`], a set at a time); or a
/// plain tile, as in [`block2`].
///
/// # Safety
///
/// As for [`block2`]; the carry's lines lie in `dst`, outside the block.
#[inline(always)]
pub(super) unsafe fn stream2<T, U>(
    dst: &mut ViewReprMut<'_, T>,
    src: ViewRepr<'_, U>,
    block: &TileGeometry<2>,
    k: &mut impl Kernel<T, U>,
    carry: Option<&mut kernel::Carry>,
    piece: Piece,
) {
    if block.nu == 0 || block.nl == 0 || !block.inside([dst.len(), src.len()]) {
        return;
    }
    let (d, s) = (dst.as_mut_ptr(), src.as_ptr());
    let (su, sl) = (block.su[0], block.sl[1]);
    let line = kernel::LINE / size_of::<T>().max(1);
    // A band's sets of rows (a shifted band's, or a chained one's) and of columns (a chained
    // band's): each corner of its last sets inside `dst` and `src` too; the sets of rows
    // continuing the source's columns (set `w`'s column `u` is the band's column `w·nu + u`,
    // where the kernel reads it), the sets of columns the destination's rows (set `w`'s
    // column `l` is the band's column `w·nl + l`).
    let (rows, cols) = match piece {
        Piece::Shifted(rows) => (rows, Sets::ONE),
        Piece::Chained { rows, cols } => (rows, cols),
        _ => (Sets::ONE, Sets::ONE),
    };
    if rows.n == 0 || cols.n == 0 {
        return;
    }
    let set = |r: usize, c: usize| TileGeometry {
        start: affine_all(
            affine_all(block.start, r, 0, rows.step, [0; 2]),
            c,
            0,
            cols.step,
            [0; 2],
        ),
        ..*block
    };
    let (r, c) = (rows.n - 1, cols.n - 1);
    let lens = [dst.len(), src.len()];
    let last_inside = [(r, 0), (0, c), (r, c)]
        .iter()
        .all(|&(r, c)| set(r, c).inside(lens));
    let continued = block.su[1] == 1 && (rows.n == 1 || rows.step[1] == block.nu as isize);
    let merged = block.sl[0] == 1 && (cols.n == 1 || cols.step[0] == block.nl as isize);
    // A chained band's columns before the last whole line's worth are the kernel's.
    let columns = match piece {
        Piece::Chained { .. } => {
            let all = cols.n.saturating_mul(block.nl);
            all - all % line.max(1)
        }
        _ => usize::MAX,
    };
    if !last_inside {
        return;
    }
    let band = |n: usize, step: isize, sets: Sets, k: usize| kernel::ShiftedRows {
        n,
        step,
        sets: sets.n,
        next: sets.step[k],
    };
    // SAFETY: the block's corners (and those of its last sets) were checked to be inside
    // `dst` and `src`, so its positions are (affine in `(u, l)` and in the sets; invariant
    // 1); a band's positions are the kernel's where its sets of rows continue the source's
    // columns (`continued`) and its sets of columns the destination's rows (`merged`);
    // `dst` and `src` are distinct buffers.
    let streamed = unsafe {
        let (a, b) = (d.add(block.start[0]), s.add(block.start[1]));
        match piece {
            Piece::Band => {
                k.stream_lines(a, su, b, sl, block.nu)
                    || k.stream_tile(a, su, b, sl, (block.nu, block.nl), carry)
            }
            Piece::Tile => k.stream_tile(a, su, b, sl, (block.nu, block.nl), carry),
            Piece::Shifted(_) if continued => {
                k.stream_shifted(a, band(block.nu, su, rows, 0), b, sl, block.nl / line)
            }
            Piece::Chained { .. } if continued && merged => {
                let (rows, cols) = (band(block.nu, su, rows, 0), band(block.nl, sl, cols, 1));
                k.stream_chained(a, rows, b, cols, columns / line)
            }
            Piece::Shifted(_) | Piece::Chained { .. } | Piece::Plain => false,
        }
    };
    if !streamed {
        for r in 0..rows.n {
            for c in 0..cols.n {
                // A chained band's sets of columns up to its `columns`.
                let nl = block
                    .nl
                    .min(columns.saturating_sub(c.saturating_mul(block.nl)));
                if nl == 0 {
                    break;
                }
                // SAFETY: the caller's contract, for each set of the block (or its first
                // columns).
                unsafe { block2(dst, src, &TileGeometry { nl, ..set(r, c) }, k) }
            }
        }
    }
}

/// A tile of a two-operand transposition whose rows crowd a few sets of the L1 cache
/// ([`kernel::crowds_l1`]): transposed into a staging buffer and copied out row by row with
/// ordinary stores by the kernel ([`Kernel::stage_tile`]), or as in [`block2`] when the kernel
/// declines it.
///
/// # Safety
///
/// As for [`block2`].
#[inline(always)]
unsafe fn stage2<T, U>(
    dst: &mut ViewReprMut<'_, T>,
    src: ViewRepr<'_, U>,
    block: &TileGeometry<2>,
    k: &mut impl Kernel<T, U>,
) {
    if block.nu == 0 || block.nl == 0 || !block.inside([dst.len(), src.len()]) {
        return;
    }
    let (d, s) = (dst.as_mut_ptr(), src.as_ptr());
    // SAFETY: the block's corners were checked to be inside `dst` and `src`, so its positions
    // are (affine in `(u, l)`; invariant 1); `dst` and `src` are distinct buffers.
    let staged = unsafe {
        let (a, b) = (d.add(block.start[0]), s.add(block.start[1]));
        k.stage_tile(a, block.su[0], b, block.sl[1], (block.nu, block.nl))
    };
    if !staged {
        // SAFETY: the caller's contract.
        unsafe { block2(dst, src, block, k) }
    }
}

/// [`affine`] for each of `K` operands. It walks the arrays together rather than by index, so
/// no bounds check is left for the optimiser to remove (the firmware proof depends on it).
#[inline(always)]
pub(super) fn affine_all<const K: usize>(
    mut start: [usize; K],
    u: usize,
    l: usize,
    su: [isize; K],
    sl: [isize; K],
) -> [usize; K] {
    for (at, (&a, &b)) in start.iter_mut().zip(su.iter().zip(&sl)) {
        *at = affine(*at, u, l, a, b);
    }
    start
}

/// The position `start + u·su + l·sl` (wrapping, like every position of the engine).
#[inline(always)]
pub(super) fn affine(start: usize, u: usize, l: usize, su: isize, sl: isize) -> usize {
    start
        .wrapping_add_signed((u as isize).wrapping_mul(su))
        .wrapping_add_signed((l as isize).wrapping_mul(sl))
}

/// Calls `k` on corresponding elements of two operands of one shape, in any order; `dst` is
/// written. A transposition (the operands unit-stride along different axes) is tiled, and
/// streamed when it is a bit copy into at least [`StreamMin::engine`]'s bytes (see
/// [`LoopPlan::stream_plan`]).
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
        zip_mut_streaming::<N, T, U>(dst_data, dst, src_data, src, shape, k, StreamMin::engine())
    }
}

/// Transpositions of at least this many bytes whose destination rows crowd a few sets of the
/// L1 cache ([`kernel::crowds_l1`]) go through a staging buffer ([`stage2`]); smaller ones stay
/// in L2, where the evicted lines are found again quickly, and were up to 1.4× slower staged
/// (transposing 256 × 512 `f32` on an AMD EPYC: 13 µs straight, 18 µs staged).
const STAGE_MIN_BYTES: usize = 1 << 20;

/// The `stream_min` of [`zip_mut_streaming`] for a piece of a copy of `whole` elements of `T`
/// in all (a piece of a parallel copy): the piece streams where the whole copy would, whatever
/// its own size. On 2 vCPUs, `par_assign` of the `[0, 3, 1, 2]` permutation of 64⁴ `f32`
/// (pieces of 1 MiB) took 1.2× the sequential time with pieces that did not stream, and 0.6×
/// streamed.
#[cfg(feature = "rayon")]
pub(crate) fn piece_stream_min<T>(whole: usize) -> StreamMin {
    let bytes = whole.saturating_mul(size_of::<T>());
    let engine = StreamMin::engine();
    let from = |min: usize| if bytes >= min { 0 } else { usize::MAX };
    StreamMin {
        transposed: from(engine.transposed),
        runs: from(engine.runs),
    }
}

/// [`zip_mut`], streaming into destinations of at least `stream_min` bytes (the tests stream
/// small ones, the pieces of a parallel copy stream as the whole copy, [`piece_stream_min`]):
/// transpositions that the kernel copies as bits ([`Kernel::stream_tile`]), runs whose
/// destinations follow each other, a plane of them at a time ([`Kernel::stream_plane`]; short
/// runs in the order of [`LoopPlan::planes_across`] where it applies), and
/// other runs of 1 KiB or more that it copies into an existing tensor
/// ([`Kernel::stream_run`]).
///
/// # Safety
///
/// As for [`zip_mut`].
pub(crate) unsafe fn zip_mut_streaming<const N: usize, T, U>(
    mut dst_data: ViewReprMut<'_, T>,
    dst: Operand<'_>,
    src_data: ViewRepr<'_, U>,
    src: Operand<'_>,
    shape: &[usize],
    k: &mut impl Kernel<T, U>,
    stream_min: StreamMin,
) {
    let Some(plan) = LoopPlan::<2, N>::new(shape, [dst, src], 0) else {
        return walk2(shape, dst, src, &mut |p, q| {
            // SAFETY: positions of the two layouts (the caller's contract).
            unsafe { k.apply(dst_data.get_mut(p), src_data.get(q)) }
        });
    };
    if let Some(unit) = plan.transposed_axis() {
        let (size, base) = (k.stream_size(), dst_data.as_mut_ptr().addr());
        // A kernel that cannot stream (size 0, known when it is compiled: on targets other
        // than x86-64, and for closures) leaves the streamed walk out of the program.
        let cut = (size > 0)
            .then(|| plan.stream_plan(unit, size, base, stream_min.transposed))
            .flatten();
        if let Some(cut) = cut {
            // SAFETY: the caller's contract, with the plan and cut of the layouts.
            return unsafe { stream_transposed(&plan, unit, cut, dst_data, src_data, k) };
        }
        // Destination rows of 4- or 8-byte elements that crowd a few of the L1's sets go
        // through the staging buffer. Smaller elements do not gain: transposing 2048 × 2048
        // `u8` took 0.42 ms straight and 0.53 ms staged; 1024 × 1024 `u16` 0.18 and 0.13 ms
        // at best, but 0.22 and 0.28 ms at the median in the report.
        let size = k.stream_size() as isize;
        let staged = size >= 4
            && plan
                .len()
                .is_some_and(|n| n.saturating_mul(size as usize) >= STAGE_MIN_BYTES)
            && kernel::crowds_l1(plan.strides_at(unit)[0].wrapping_mul(size));
        if staged {
            // SAFETY: the tiles cover positions of the layouts (the caller's contract).
            return plan.tiled(unit, &mut |block| unsafe {
                stage2(&mut dst_data, src_data, block, k)
            });
        }
        // SAFETY: as above.
        return plan.tiled(unit, &mut |block| unsafe {
            block2(&mut dst_data, src_data, block, k)
        });
    }
    let size = k.stream_size();
    let planes = size > 0 && plan.streams_planes(size, stream_min.runs);
    if planes || (size > 0 && plan.streams_runs(size, stream_min.runs)) {
        let long = |n: usize| n.saturating_mul(size) >= kernel::RUN_STAGE_BYTES;
        let mut streamed = false;
        // One plane: `m` runs of `n` elements (see `fold_planes`).
        let mut plane = |(): (),
                         [p, q]: [usize; 2],
                         (n, [sp, sq]): (usize, [isize; 2]),
                         (m, [tp, tq]): (usize, [isize; 2])| {
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
        };
        if planes && let Some((across, chunk)) = plan.planes_across(size) {
            plan.fold_planes_across(across, chunk, (), &mut plane);
        } else {
            plan.fold_planes((), &mut plane);
        }
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

/// The streamed transposition of [`zip_mut_streaming`], its tiles in the walk of
/// [`LoopPlan::tiled_stream`] (through [`stream_ahead`] where their source rows lie far apart),
/// each tile of a group that carries partial lines with its carry ([`CARRY_GROUPS`]). Not
/// inlined: the carries take 40 KiB of stack, which a caller's frame would otherwise hold (and
/// probe, page by page) on every call, streamed or not — a transposed `assign` of `[16, 16]`
/// `f32` took 1.5× ndarray's time with them in the caller's frame, 0.9× without.
///
/// # Safety
///
/// As for [`zip_mut_streaming`], with `plan` and `cut` its plan and cut of the layouts.
#[inline(never)]
unsafe fn stream_transposed<const N: usize, T, U>(
    plan: &LoopPlan<2, N>,
    unit: usize,
    cut: StreamCut,
    mut dst_data: ViewReprMut<'_, T>,
    src_data: ViewRepr<'_, U>,
    k: &mut impl Kernel<T, U>,
) {
    let mut groups: [kernel::Carry; CARRY_GROUPS];
    let carry: &mut [kernel::Carry] = if cut.carry {
        groups = core::array::from_fn(|_| kernel::Carry::new());
        &mut groups
    } else {
        &mut []
    };
    let apart =
        plan.strides_at(plan.rank.saturating_sub(1))[1].wrapping_mul(size_of::<U>() as isize);
    if apart.unsigned_abs() >= PREFETCH_ROWS_APART && !kernel::crowds_l1(apart) {
        // SAFETY: the caller's contract.
        unsafe { stream_ahead(plan, unit, cut, &mut dst_data, src_data, k, carry) };
    } else {
        // SAFETY: the tiles cover positions of the layouts (the caller's contract), each once,
        // so the partial lines a tile leaves in its carry (invariant 1 of `Carry`) are written
        // by nothing else; the carries are flushed before the fence (its invariant 2), while
        // `dst` is still borrowed.
        plan.tiled_stream(unit, cut, &mut |block, piece| unsafe {
            stream2(
                &mut dst_data,
                src_data,
                block,
                k,
                carry.get_mut(block.group),
                piece,
            )
        });
    }
    carry.iter_mut().for_each(kernel::Carry::flush);
    kernel::stream_fence();
}

/// The streamed walk of [`zip_mut_streaming`] for tiles whose source rows lie a page or more
/// apart ([`PREFETCH_ROWS_APART`]) and spread over the L1's sets: the tiles run one behind
/// the walk, each tile's source rows prefetched as the walk reaches it. Each such row is a
/// stream of its own (the hardware prefetchers do not cross pages), too many for them, and
/// the tile's loads otherwise wait for memory (`[3, 2, 1, 0]` of 61 × 59 × 63 × 57 `f32`
/// 1.35× faster). Rows nearer together are left to the hardware (`[0, 1, 3, 2]` of 64⁴ `f32`,
/// rows 256 bytes apart, was 1.1× slower prefetched), and so are rows that crowd a few sets,
/// whose prefetched lines evict each other (`[1, 2, 3, 0]` of 64⁴, rows 1 MiB apart, 1.1×
/// slower). The walk's order is kept (the carried lines pass from each tile to the next of its
/// group): a pending tile runs before the next piece of any kind. Not inlined, so that the
/// walk of the other tiles compiles as it would without it.
///
/// # Safety
///
/// As for [`zip_mut_streaming`], with `plan` and `cut` its plan and cut of the layouts;
/// `carry` holds the carries of the tiles' groups (none if `cut` does not carry), flushed by
/// the caller before the fence.
#[inline(never)]
unsafe fn stream_ahead<const N: usize, T, U>(
    plan: &LoopPlan<2, N>,
    unit: usize,
    cut: StreamCut,
    dst_data: &mut ViewReprMut<'_, T>,
    src_data: ViewRepr<'_, U>,
    k: &mut impl Kernel<T, U>,
    carry: &mut [kernel::Carry],
) {
    let usz = size_of::<U>();
    let mut pending: Option<(TileGeometry<2>, Piece)> = None;
    let mut next = |block: &TileGeometry<2>, piece: Piece| {
        if piece != Piece::Tile {
            return [pending.take(), Some((*block, piece))];
        }
        let at = src_data.as_ptr().cast::<u8>();
        kernel::prefetch_rows(
            at.wrapping_add(block.start[1].wrapping_mul(usz)),
            block.sl[1].wrapping_mul(usz as isize),
            block.nl,
            block.nu.saturating_mul(usz),
        );
        [pending.replace((*block, piece)), None]
    };
    let mut run = |(block, piece): (TileGeometry<2>, Piece)| {
        // SAFETY: the tiles cover positions of the layouts (the caller's contract), each
        // once, so the partial lines a tile leaves in its carry (invariant 1 of `Carry`) are
        // written by nothing else; the caller flushes the carries before the fence (its
        // invariant 2).
        unsafe {
            stream2(
                dst_data,
                src_data,
                &block,
                k,
                carry.get_mut(block.group),
                piece,
            )
        }
    };
    plan.tiled_stream(unit, cut, &mut |block, piece| {
        next(block, piece).into_iter().flatten().for_each(&mut run);
    });
    if let Some(last) = pending.take() {
        run(last);
    }
}

/// The distance in bytes from which a streamed tile's source rows are prefetched a tile ahead
/// (in [`zip_mut_streaming`]): a page. The unit tests take every tile whose source rows are
/// apart that way, so that the walks they stream (carried lines among them) run one tile
/// behind.
const PREFETCH_ROWS_APART: usize = if cfg!(test) { 1 } else { 4096 };

/// Whether the run of `n ≥ 1` positions `start + k·step` lies in `0..len`: its two ends do (an
/// arithmetic sequence has its extremes at its ends).
#[inline(always)]
pub(super) fn within(start: usize, step: isize, n: usize, len: usize) -> bool {
    let end = start.wrapping_add_signed((n as isize).wrapping_sub(1).wrapping_mul(step));
    n > 0 && start < len && end < len
}

/// The shortest runs that a bit-copying kernel copies with one `memcpy` ([`Kernel::copy_run`]).
/// On an AMD EPYC (2 vCPUs, glibc's AVX-512 `memcpy`), copies of permuted 64⁴-element `f32`
/// tensors made of runs of 256 and 512 bytes ran 1.06–1.44× faster through `memcpy` than
/// through the element loop, and runs of 128 bytes 1.25× slower.
const COPY_RUN_MIN_BYTES: usize = 256;

/// One run of a two-operand loop, specialised for unit and zero strides so it vectorises.
///
/// # Safety
///
/// The run's positions (`p + k·sp`, `q + k·sq` for `k < n`) are positions of the operands'
/// layouts, valid for `dst` and `src` (invariant 1).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(super) unsafe fn run2<T, U>(
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
        // A long run that the kernel copies as bits: one `memcpy` (not where code size comes
        // first: a microcontroller's `memcpy` is a kilobyte of flash more).
        (1, 1)
            if !SMALL_CODE
                && n.saturating_mul(size_of::<T>()) >= COPY_RUN_MIN_BYTES
                // SAFETY: unit-stride runs of the layouts (the caller's contract), `dst`'s
                // borrowed mutably, so in another allocation than `src`'s.
                && unsafe {
                    k.copy_run(dst.run_mut(p, n).as_mut_ptr(), src.run(q, n).as_ptr(), n)
                } => {}
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
