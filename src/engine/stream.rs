//! Streamed transpositions: large bit copies written whole cache lines at a time with
//! non-temporal stores, by tiles or by bands one line wide ([`StreamCut`]).

use super::*;

/// Destinations of at least this many bytes are written with non-temporal stores (by a
/// bit-copying transposition, [`LoopPlan::tiled_stream`], and by the runs of `zip_mut` and
/// [`zip3_values`]): skipping the read of each line before it is written saves a third of the
/// memory traffic, but leaves the result out of the caches, which costs whoever reads it next;
/// 8 MiB keeps results that fit a quarter of a typical L3 in cache.
pub(super) const STREAM_MIN_BYTES: usize = 8 << 20;

/// Transpositions into at least this many bytes stream, instead of from [`STREAM_MIN_BYTES`],
/// on the processors of [`kernel::streams_early`]: those with AVX-512F, where the shifted bands
/// transpose rows that start off the lines in registers, and Intel ones with a large L3 shared
/// by many cores. Measured on two such machines, transposes of 2–8 MiB ran 1.1–2.1× faster
/// streamed after other work (as they run in the benchmark report), and from 4 MiB in a loop
/// of their own too; below 4 MiB, in a loop of nothing else, tiles kept in a large L3 can be
/// up to 2.3× faster (see the benchmark notes). On an AMD EPYC without AVX-512, 1000 × 1001 `f32`
/// streamed took 2.2× its time in a loop of its own and gained a fifth after other work, so
/// such processors keep [`STREAM_MIN_BYTES`].
pub(super) const EARLY_STREAM_MIN_BYTES: usize = 2 << 20;

/// The sizes of destination from which a copy ([`zip_mut_streaming`]) streams: transpositions
/// and runs.
#[derive(Clone, Copy, Debug)]
pub(crate) struct StreamMin {
    /// For transpositions (see [`LoopPlan::stream_plan`]).
    pub(crate) transposed: usize,
    /// For runs and planes of runs (see [`LoopPlan::streams_runs`]).
    pub(crate) runs: usize,
}

impl StreamMin {
    /// Every copy streams, whatever its size (the tests with an allocator).
    #[cfg(all(test, feature = "alloc"))]
    pub(crate) const ALL: Self = Self {
        transposed: 0,
        runs: 0,
    };

    /// The engine's own: [`STREAM_MIN_BYTES`], and for transpositions
    /// [`EARLY_STREAM_MIN_BYTES`] on the processors of [`kernel::streams_early`].
    pub(crate) fn engine() -> Self {
        let transposed = if kernel::streams_early() {
            EARLY_STREAM_MIN_BYTES
        } else {
            STREAM_MIN_BYTES
        };
        Self {
            transposed,
            runs: STREAM_MIN_BYTES,
        }
    }
}

/// A streamed transposition goes by bands one line wide ([`StreamCut`]) where the source's runs
/// along the transposed axis are at least this long; shorter runs keep tiles 256 bytes wide,
/// since a band reads its source rows a line at a time and short runs make those reads
/// scattered.
pub(super) const BAND_MIN_RUN_BYTES: usize = 1 << 10;

/// Rows of a streamed destination that do not start on a cache line are at least this long
/// (their two partial lines at most an eighth of the row), or the source rows of a tile are
/// more than this far apart: short rows off the lines (where `malloc` places large buffers)
/// whose source rows are close together cost more in partial lines than streaming saves.
pub(super) const STREAM_PARTIAL_ROW_BYTES: usize = 16 * kernel::LINE;

/// Rows at least this long that are not a whole number of lines apart are streamed in tiles of
/// 8 rows by 2 KiB, not 32 rows by 512 bytes: on an AMD EPYC (2 vCPUs), transposes into an
/// existing tensor of 3000 × 2999 `f32` took 0.81–0.83× the time, 4095 × 4097 `f32` 0.82× and
/// `f64` 0.85–0.87×, while the rank-4 copies of 61 × 59 × 63 × 57 `f32` (rows of 228–252 bytes)
/// took 1.1–1.3× with such tiles, so shorter rows keep theirs.
pub(super) const CUT_WIDE_ROW_BYTES: usize = 4 << 10;

/// Streamed planes of runs up to this long whose source runs are adjacent along an outer axis
/// are walked across that axis ([`LoopPlan::planes_across`]). In the order of the destination,
/// a plane's runs come from far apart in the source (`[2, 1, 0, 3]` of 61 × 59 × 63 × 57 `f32`:
/// runs of 228 bytes 847 KB apart), each too short for the hardware prefetchers to follow, and
/// the runs next to them, which share their partial lines, are read a whole plane of planes
/// later. Measured on an Intel Xeon with AVX-512, into an existing tensor: runs of 16 to
/// 1,024 bytes took 0.37–0.97× the time walked across (most gain at 16 to 512 bytes); runs of
/// 2 KiB the same time either way; longer runs (whole rows merged into one) 1.5–2× the time,
/// as the destination then jumps between planes.
pub(super) const ACROSS_MAX_RUN_BYTES: usize = 1 << 10;

/// The destination bytes of the runs of one plane in the walk across
/// ([`LoopPlan::fold_planes_across`]): the lines of the chunk's source runs stay in cache until
/// the next plane reads their neighbours. 8 KiB and 32 KiB were slower than 16 KiB on some
/// shapes and no faster on the others.
pub(super) const ACROSS_CHUNK_BYTES: usize = 16 << 10;

impl<const K: usize, const N: usize> LoopPlan<K, N> {
    /// The axis along which the second operand is unit-stride while the first is not, when the
    /// first operand's innermost axis is unit-stride and the second's is not: a transposition.
    pub(super) fn transposed_axis(&self) -> Option<usize> {
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
    pub(super) fn tiled(&self, unit: usize, f: &mut impl FnMut(&TileGeometry<K>)) {
        let Some(last) = self.rank.checked_sub(1) else {
            return;
        };
        let (Some(&nu), Some(&nl)) = (self.shape.get(unit), self.shape.get(last)) else {
            return;
        };
        let others = self.sub_but(last, unit);
        let (su, sl) = (self.strides_at(unit), self.strides_at(last));
        others.outer(0, others.rank, self.offsets, &mut |base| {
            for u0 in (0..nu).step_by(TILE_U) {
                for l0 in (0..nl).step_by(TILE_L) {
                    f(&TileGeometry {
                        start: affine_all(base, u0, l0, su, sl),
                        nu: TILE_U.min(nu - u0),
                        nl: TILE_L.min(nl - l0),
                        su,
                        sl,
                        group: 0,
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
    /// [`BAND_MIN_RUN_BYTES`] every whole line of it is a band (see [`StreamCut`]); otherwise it is
    /// cut into tiles as wide as the staging buffer allows for [`kernel::STAGE_ROWS`] rows.
    /// Or, where the rows are not a whole number of lines apart but are that long (or the
    /// source rows that far apart): a shifted band where the elements are 4 or 8 bytes, the
    /// rows that long and the source's runs at least [`BAND_MIN_RUN_BYTES`] (see
    /// [`StreamCut::shifted`]); otherwise the last axis is cut anywhere, into tiles as wide as
    /// the staging buffer allows for half as many rows (an eighth from
    /// [`CUT_WIDE_ROW_BYTES`]). Rows not a whole number of lines apart that continue one
    /// another along another axis go by one chained band where the kernel takes it
    /// ([`chained_band`](Self::chained_band)), or else, where a tile holds them whole, by
    /// tiles carrying their partial lines. In either case, rows that neither carry nor go by
    /// bands of their own take a shifted band in sets where the source's runs along `unit`
    /// continue along another axis ([`shifted_in_sets`](Self::shifted_in_sets)).
    pub(super) fn stream_plan(
        &self,
        unit: usize,
        size: usize,
        base: usize,
        stream_min: usize,
    ) -> Option<StreamCut> {
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
            return Some(StreamCut {
                head: 0,
                width,
                bands: false,
                shifted: false,
                carry: false,
                sets: false,
                chained: false,
                rows: kernel::STAGE_ROWS,
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
            // Rows that do not start on a line, that a tile holds whole (at full or half
            // height, `carry_tile`), and whose neighbours in memory the next tile writes (the
            // walk takes that axis innermost) carry their partial lines to it (see
            // `kernel::Carry`), in tiles rather than bands.
            let carried = (gap != 0 && self.chain_axis(unit).is_some())
                .then(|| carry_tile(nl, size))
                .flatten();
            let carry = carried.is_some();
            // Bands where the source's runs along `unit` are long (see `StreamCut`).
            let bands = !carry && self.shape.get(unit)?.saturating_mul(size) >= BAND_MIN_RUN_BYTES;
            // Rows that a tile holds whole are not cut at the lines: the partial line at the
            // end of one row and the one at the start of the next are then written by
            // consecutive tiles when those rows are adjacent (carried, or while the line is
            // still in cache), instead of in two passes over the destination (see `StreamCut`).
            let whole_rows = !bands && (nl <= width || carry);
            if let Some(cut) = self
                .shifted_in_sets(unit, size)
                .filter(|_| !carry && !bands)
            {
                return Some(cut);
            }
            let (width, rows) = carried.unwrap_or((width, kernel::STAGE_ROWS));
            return (gap.is_multiple_of(size) && (gap == 0 || long || carry)).then_some(
                StreamCut {
                    head: if whole_rows { 0 } else { gap / size },
                    width: if bands { line / size } else { width },
                    bands,
                    shifted: false,
                    carry,
                    sets: false,
                    chained: false,
                    rows,
                },
            );
        }
        // Rows that are not a whole number of lines apart each start at their own place in
        // a line. Those that continue along another axis, from source rows adjacent at each
        // step along it, go as one chained band where the kernel takes it (see
        // `StreamCut::chained`).
        if let Some(cut) = self.chained_band(unit, size) {
            return Some(cut);
        }
        // Those that a tile holds whole (at full or half height, `carry_tile`), and whose
        // neighbours in memory the next tile writes, carry their partial lines to it (see
        // `kernel::Carry`): each line is then written whole once, wherever the rows start.
        if let Some((width, rows)) =
            carry_tile(nl, size).filter(|_| self.chain_axis(unit).is_some())
        {
            return Some(StreamCut {
                head: 0,
                width,
                bands: false,
                shifted: false,
                carry: true,
                sets: false,
                chained: false,
                rows,
            });
        }
        // Otherwise no cut along the last axis suits them all: long ones are streamed in
        // tiles cut anywhere, each row's two partial lines written with ordinary stores.
        // Tiles half as tall and twice as wide as the staging buffer's default halve the
        // share of partial lines; rows of [`CUT_WIDE_ROW_BYTES`] or more take tiles an eighth
        // as tall and eight times as wide.
        let src_step = self.strides.get(1)?.get(last)?.unsigned_abs();
        let long = nl.saturating_mul(size) >= STREAM_PARTIAL_ROW_BYTES
            || src_step.saturating_mul(size) > STREAM_PARTIAL_ROW_BYTES;
        // Where the source's runs along `unit` are long, the elements 4 or 8 bytes and the
        // rows long enough that their partial lines and last elements, written with ordinary
        // stores, are a small part of them, they go by shifted bands instead (see
        // `StreamCut`). With rows of 244 bytes (the `[2, 3, 1, 0]` permutation of
        // 61 × 59 × 63 × 57 `f32`), shifted bands took 1.8× the time of the tiles. Shorter
        // runs, at least a line's worth, take them too where the source rows are adjacent
        // (each block of them one range of memory) and the kernel suits them
        // (`kernel::shifts_short_runs`): the `[3, 0, 1, 2]` permutation of that shape (runs
        // of 228 bytes, rows of 886 KiB) took 0.4× the time of the tiles on an Intel Xeon.
        let (lane, nu) = (line / size, *self.shape.get(unit)?);
        let row = nl.saturating_mul(size);
        let adjacent = src_step == nu && nu >= lane && kernel::shifts_short_runs(size);
        if size >= 4
            && (nu.saturating_mul(size) >= BAND_MIN_RUN_BYTES || adjacent)
            && row >= STREAM_PARTIAL_ROW_BYTES
        {
            return Some(StreamCut {
                head: 0,
                width: lane,
                bands: true,
                shifted: true,
                carry: false,
                sets: false,
                chained: false,
                rows: kernel::STAGE_ROWS,
            });
        }
        if let Some(cut) = self.shifted_in_sets(unit, size) {
            return Some(cut);
        }
        let rows = if nl.saturating_mul(size) >= CUT_WIDE_ROW_BYTES {
            kernel::STAGE_ROWS / 8
        } else {
            kernel::STAGE_ROWS / 2
        };
        long.then_some(StreamCut {
            head: 0,
            width: kernel::STAGE_BYTES / (rows * size),
            bands: false,
            shifted: false,
            carry: false,
            sets: false,
            chained: false,
            rows,
        })
    }

    /// The cut of [`stream_plan`](Self::stream_plan) for the transposition along `unit` of
    /// elements of `size` bytes whose source runs along `unit` continue along another axis
    /// ([`continued_axis`](Self::continued_axis)) into runs of at least
    /// [`BAND_MIN_RUN_BYTES`] over both, and whose destination rows are at least
    /// [`STREAM_PARTIAL_ROW_BYTES`] long, where the kernel takes rows in sets
    /// (`kernel::shifts_sets`): a shifted band whose rows come in one set for each step along
    /// that axis ([`StreamCut::sets`]), so that each block of source rows is read in runs as
    /// long as both axes together. For the `[3, 2, 0, 1]` permutation of 61 × 59 × 63 × 57
    /// `f32` (runs of 228 bytes, 63 of them continuing one another; rows of 14 KiB), tiles cut
    /// anywhere reached 0.67–0.70× `memcpy`'s throughput and this band 1.24–1.33×; of 64⁴, where
    /// the rows are whole lines, tiles 0.66–0.76× and the band 0.93–0.94× (Intel Xeon).
    fn shifted_in_sets(&self, unit: usize, size: usize) -> Option<StreamCut> {
        let (nu, nl) = (
            *self.shape.get(unit)?,
            *self.shape.get(self.rank.checked_sub(1)?)?,
        );
        let continued = *self.shape.get(self.continued_axis(unit)?)?;
        let runs = continued.saturating_mul(nu).saturating_mul(size);
        let takes = runs >= BAND_MIN_RUN_BYTES
            && nl.saturating_mul(size) >= STREAM_PARTIAL_ROW_BYTES
            && kernel::shifts_sets(size);
        takes.then(|| StreamCut {
            head: 0,
            width: kernel::LINE / size,
            bands: true,
            shifted: true,
            carry: false,
            sets: true,
            chained: false,
            rows: kernel::STAGE_ROWS,
        })
    }

    /// The cut of [`stream_plan`](Self::stream_plan) for the transposition along `unit` of
    /// elements of `size` bytes whose destination rows continue along another axis
    /// ([`chain_axis`](Self::chain_axis)) into rows of at least [`STREAM_PARTIAL_ROW_BYTES`]
    /// over both: one chained band ([`StreamCut::chained`]) where the kernel takes it. Either
    /// the source rows (along the last axis) are adjacent at each step along that axis, or the
    /// source's runs along `unit` continue along that axis itself, and the rows are as many as
    /// the kernel's short walk takes (`kernel::shifts_chained`); or the source's
    /// runs along `unit` are at least [`BAND_MIN_RUN_BYTES`], by themselves (the band's rows
    /// in one set) or continued along another axis (in sets, as in
    /// [`shifted_in_sets`](Self::shifted_in_sets)), where the kernel takes source rows in sets
    /// (`kernel::shifts_sets`). Into an existing tensor of 61 × 59 × 63 × 57 `f32` on an
    /// Intel Xeon, against tiles carrying their partial lines (one binary, switched at run
    /// time): `[1, 3, 0, 2]` (rows of 63 elements continued 61 times, each step's 63 source
    /// rows of 228 bytes one range) took 0.53–0.56 of their time, `[2, 3, 1, 0]` (runs of
    /// 14 KiB: its first two axes merge) 0.58–0.60, `[3, 2, 1, 0]` (runs of 228 bytes
    /// continued 63 times) 0.48–0.54. Where the runs of 228 bytes continue along the chain
    /// axis itself (one binary, median of 31, three runs): `[0, 3, 2, 1]` 0.56–0.61,
    /// `[1, 3, 2, 0]` 0.57–0.58, `[3, 0, 2, 1]` 0.56–0.57, from 0.54–0.73× `memcpy`'s
    /// throughput to 0.97–1.30×.
    fn chained_band(&self, unit: usize, size: usize) -> Option<StreamCut> {
        let last = self.rank.checked_sub(1)?;
        let chain = self.chain_axis(unit)?;
        let (nu, nl, nc) = (
            *self.shape.get(unit)?,
            *self.shape.get(last)?,
            *self.shape.get(chain)?,
        );
        let (dst, src) = (self.strides.first()?, self.strides.get(1)?);
        let follows = dst.get(chain) == isize::try_from(nl).ok().as_ref();
        let long = nc.saturating_mul(nl).saturating_mul(size) >= STREAM_PARTIAL_ROW_BYTES;
        if !follows || !long {
            return None;
        }
        // Short source rows adjacent at each step along the chain axis, or whose runs along
        // `unit` continue along the chain axis itself (each step's rows start one run after
        // the last step's).
        let nu_step = isize::try_from(nu).ok();
        let adjacent = src.get(last) == nu_step.as_ref();
        let along = src.get(chain) == nu_step.as_ref();
        if (adjacent || along) && kernel::shifts_chained(size, nu) {
            return Some(StreamCut::band_chained(size, false));
        }
        // Or source runs along `unit` of a band's length: the band's rows in one set.
        if nu.saturating_mul(size) >= BAND_MIN_RUN_BYTES && kernel::shifts_sets(size) {
            return Some(StreamCut::band_chained(size, false));
        }
        // Or runs that continue along another axis into runs of that length: the band's rows
        // in sets, as in `shifted_in_sets`.
        let continued = self.continued_axis(unit).filter(|&a| a != chain)?;
        let runs = self
            .shape
            .get(continued)?
            .saturating_mul(nu)
            .saturating_mul(size);
        (runs >= BAND_MIN_RUN_BYTES && kernel::shifts_sets(size))
            .then(|| StreamCut::band_chained(size, true))
    }

    /// The axes `0..last` but `unit` and those of `skip`, ordered by the stride of operand 1 (the
    /// source of a transposition), largest first (stable), split in two: those whose source
    /// stride is larger than the last axis's, and the others — with `innermost`, if given,
    /// moved last (out of the first group, if it was in it). As sub-plans (offsets as
    /// `self`'s).
    pub(super) fn split_by_source(
        &self,
        unit: usize,
        last: usize,
        innermost: Option<usize>,
        skip: [Option<usize>; 2],
    ) -> (Self, Self) {
        let src = |axis: usize| {
            self.strides
                .get(1)
                .and_then(|s| s.get(axis))
                .map_or(0, |s| s.unsigned_abs())
        };
        let (mut order, mut n) = ([0usize; N], 0);
        for axis in (0..last).filter(|&a| a != unit && !skip.contains(&Some(a))) {
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
    pub(super) fn chain_axis(&self, unit: usize) -> Option<usize> {
        let last = self.rank.checked_sub(1)?;
        let (dst, nl) = (self.strides.first()?, *self.shape.get(last)?);
        (0..last).find(|&a| a != unit && dst.get(a).is_some_and(|s| s.unsigned_abs() == nl))
    }

    /// The axis along which the source's runs along `unit` continue — a step along it is as
    /// long as `unit`'s run, forwards — other than `unit` and the last: the one whose steps a
    /// shifted band takes as its sets of rows ([`StreamCut::sets`]).
    pub(super) fn continued_axis(&self, unit: usize) -> Option<usize> {
        let last = self.rank.checked_sub(1)?;
        let (src, nu) = (
            self.strides.get(1)?,
            isize::try_from(*self.shape.get(unit)?).ok()?,
        );
        (0..last).find(|&a| a != unit && src.get(a) == Some(&nu))
    }

    /// How the streamed planes of elements of `size` bytes are walked, when not in the plan's
    /// order: `Some((across, runs))` for [`fold_planes_across`](Self::fold_planes_across)
    /// where the runs are at most [`ACROSS_MAX_RUN_BYTES`] and the source's (operand 1's)
    /// runs follow each other in memory along an outer axis `across`, in chunks of
    /// [`ACROSS_CHUNK_BYTES`] of runs.
    pub(super) fn planes_across(&self, size: usize) -> Option<(usize, usize)> {
        let rows = self.rank.min(N).checked_sub(2)?;
        let n = *self.shape.get(rows + 1)?;
        let run = n
            .checked_mul(size)
            .filter(|&b| b > 0 && b <= ACROSS_MAX_RUN_BYTES)?;
        let n = isize::try_from(n).ok()?;
        let across = (0..rows)
            .rev()
            .find(|&a| self.strides.get(1).and_then(|s| s.get(a)) == Some(&n))?;
        Some((across, ACROSS_CHUNK_BYTES / run))
    }

    /// [`fold_planes`](Self::fold_planes) in another order: the planes' axis cut into chunks
    /// of `chunk` runs, and for each chunk the planes along the outer axis `across` one after
    /// the other (the other outer axes outside). With `across` from
    /// [`planes_across`](Self::planes_across), each plane reads the lines next to those the
    /// plane before it read, while they are still in cache.
    pub(super) fn fold_planes_across<B>(
        &self,
        across: usize,
        chunk: usize,
        acc: B,
        f: &mut impl FnMut(B, [usize; K], (usize, [isize; K]), (usize, [isize; K])) -> B,
    ) -> B {
        let Some(rows) = self.rank.min(N).checked_sub(2) else {
            return self.fold_planes(acc, f);
        };
        if self.empty || across >= rows || chunk == 0 {
            return self.fold_planes(acc, f);
        }
        // An axis's size and its strides in every operand.
        let axis = |a: usize| (self.shape.get(a).copied().unwrap_or(1), self.strides_at(a));
        let (run, (np, sp), (na, sa)) = (axis(rows + 1), axis(rows), axis(across));
        let others = self.sub_but(rows, across);
        others.outer_fold(0, others.rank, self.offsets, acc, &mut |mut acc, base| {
            for c0 in (0..np).step_by(chunk) {
                let m = chunk.min(np - c0);
                let mut pos = affine_all(base, c0, 0, sp, [0; K]);
                for _ in 0..na {
                    acc = f(acc, pos, run, (m, sp));
                    for (p, s) in pos.iter_mut().zip(sa) {
                        *p = p.wrapping_add_signed(s);
                    }
                }
            }
            acc
        })
    }

    /// The plan of the axes before `end` other than `skip`, in their order (offsets as
    /// `self`'s): the axes walked outside the loops over `skip` and over the axes from `end`.
    #[inline]
    pub(super) fn sub_but(&self, end: usize, skip: usize) -> Self {
        let (mut kept, mut n) = ([0usize; N], 0);
        for (slot, axis) in kept.iter_mut().zip((0..end).filter(|&a| a != skip)) {
            *slot = axis;
            n += 1;
        }
        self.sub(kept.get(..n).unwrap_or(&[]))
    }

    /// The plan of `axes` of `self`, in that order (offsets as `self`'s).
    pub(super) fn sub(&self, axes: &[usize]) -> Self {
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
    /// tiles of up to `cut.rows`. The loops follow the source: the axes whose
    /// source stride is larger than the last axis's outermost, then the pieces of the last
    /// axis, then the other axes, then the tiles along `unit` — so the source rows of a piece
    /// are read front to back, and a band reads only the source rows one destination line
    /// needs (16 for `f32`), which the hardware prefetcher follows where it loses the 64
    /// streams of a 256-byte-wide tile. A walk that carries partial lines (`cut.carry`) takes
    /// the axis along which the destination's rows follow each other innermost instead, at
    /// each of its steps a group of tiles whose source rows follow each other (each tile's
    /// [`TileGeometry::group`], see [`CARRY_GROUPS`]).
    pub(super) fn tiled_stream(
        &self,
        unit: usize,
        cut: StreamCut,
        f: &mut impl FnMut(&TileGeometry<K>, Piece),
    ) {
        let Some(last) = self.rank.checked_sub(1) else {
            return;
        };
        let (Some(&nu), Some(&nl)) = (self.shape.get(unit), self.shape.get(last)) else {
            return;
        };
        if cut.width == 0 {
            return;
        }
        let chain = if cut.carry || cut.chained {
            self.chain_axis(unit)
        } else {
            None
        };
        let sets = if cut.shifted && cut.sets {
            self.continued_axis(unit)
        } else {
            None
        };
        // A chained band walks the chain axis itself: it is left out of the loops.
        let (outer, inner) = if cut.chained {
            self.split_by_source(unit, last, None, [chain, sets])
        } else {
            self.split_by_source(unit, last, chain, [sets, None])
        };
        let (su, sl) = (self.strides_at(unit), self.strides_at(last));
        let whole = |base: [usize; K], l0: usize, nl: usize| TileGeometry {
            start: affine_all(base, 0, l0, su, sl),
            nu,
            nl,
            su,
            sl,
            group: 0,
        };
        // A band's sets of rows: one for each step along the continued axis, if it takes one.
        let (nw, sw) = sets.map_or((1, [0; K]), |a| {
            let n = self.shape.get(a).copied().unwrap_or(0);
            (n, self.strides_at(a))
        });
        let step = |s: [isize; K]| [s.first(), s.get(1)].map(|s| s.copied().unwrap_or(0));
        let rows = Sets {
            n: nw,
            step: step(sw),
        };
        if let Some(chain) = chain.filter(|_| cut.chained) {
            // One chained band at each step along the other axes (in the source's order),
            // over the whole blocks of `width` of the rows continued along the chain axis;
            // then, for each set of rows, the columns after them, a plain tile in each set
            // they reach.
            let (nc, sc) = (
                self.shape.get(chain).copied().unwrap_or(0),
                self.strides_at(chain),
            );
            let columns = nc.saturating_mul(nl);
            let cols = Sets {
                n: nc,
                step: step(sc),
            };
            outer.outer(0, outer.rank, self.offsets, &mut |base| {
                inner.outer(0, inner.rank, base, &mut |base| {
                    f(&whole(base, 0, nl), Piece::Chained { rows, cols });
                    for r in 0..nw {
                        let mut l = columns - columns % cut.width;
                        while l < columns {
                            let (c, l0) = (l / nl.max(1), l % nl.max(1));
                            let n = (nl - l0).min(columns - l);
                            let set = affine_all(base, r, c, sw, sc);
                            f(&whole(set, l0, n), Piece::Plain);
                            l += n;
                        }
                    }
                });
            });
            return;
        }
        if cut.shifted {
            // The shifted band over the whole blocks of `width` (its rows in their sets), then
            // the rest of the rows.
            let banded = nl - nl % cut.width;
            outer.outer(0, outer.rank, self.offsets, &mut |base| {
                inner.outer(0, inner.rank, base, &mut |base| {
                    f(&whole(base, 0, banded), Piece::Shifted(rows));
                    for w in 0..nw {
                        let rest = affine_all(base, w, 0, sw, [0; K]);
                        f(&whole(rest, banded, nl - banded), Piece::Plain);
                    }
                });
            });
            return;
        }
        let head = cut.head.min(nl);
        outer.outer(0, outer.rank, self.offsets, &mut |base| {
            let mut l0 = 0;
            while l0 < nl {
                let n = if l0 < head { head } else { cut.width }.min(nl - l0);
                let band = cut.bands && n == cut.width;
                let rows = if band { nu } else { cut.rows };
                let piece = if band { Piece::Band } else { Piece::Tile };
                let mut tile = |base: [usize; K], u0: usize, group: usize| {
                    let geometry = TileGeometry {
                        start: affine_all(base, u0, l0, su, sl),
                        nu: rows.min(nu - u0),
                        nl: n,
                        su,
                        sl,
                        group,
                    };
                    f(&geometry, piece)
                };
                if cut.carry {
                    // The chain axis (`inner`'s last) innermost, so that row `u` of each tile
                    // begins where row `u` of the one before ends, around groups of up to
                    // `CARRY_GROUPS` tiles whose source rows follow each other in memory, each
                    // tile of a group with a carry of its own: the tiles along `unit` when it
                    // takes several, or else along `inner`'s axis next outside the chain axis
                    // when the source's rows follow each other along it.
                    let (r, step) = (inner.rank, rows.max(1));
                    let chain = r.saturating_sub(1);
                    let next = r.checked_sub(2).filter(|&a| {
                        let run = su.get(1).map(|s| s.wrapping_mul(nu as isize));
                        nu <= step && inner.strides_at(a).get(1) == run.as_ref()
                    });
                    if let Some(a) = next {
                        let (ng, sg) = (
                            inner.shape.get(a).copied().unwrap_or(0),
                            inner.strides_at(a),
                        );
                        inner.outer(0, a, base, &mut |base| {
                            for g0 in (0..ng).step_by(CARRY_GROUPS) {
                                let first = affine_all(base, g0, 0, sg, sl);
                                inner.outer(chain, r, first, &mut |base| {
                                    for j in 0..CARRY_GROUPS.min(ng - g0) {
                                        tile(affine_all(base, j, 0, sg, sl), 0, j);
                                    }
                                });
                            }
                        });
                    } else {
                        inner.outer(0, chain, base, &mut |base| {
                            for u0 in (0..nu).step_by(step * CARRY_GROUPS) {
                                inner.outer(chain, r, base, &mut |base| {
                                    let group = (u0..nu).step_by(step).take(CARRY_GROUPS);
                                    group.enumerate().for_each(|(j, u)| tile(base, u, j));
                                });
                            }
                        });
                    }
                } else {
                    inner.outer(0, inner.rank, base, &mut |base| {
                        for u0 in (0..nu).step_by(rows.max(1)) {
                            tile(base, u0, 0);
                        }
                    });
                }
                l0 += n;
            }
        });
    }
}

/// The tile of a walk that carries partial lines (see [`StreamCut::carry`]) over rows of `nl`
/// elements of `size` bytes, as `(width, rows)`: [`kernel::STAGE_ROWS`] rows where the staging
/// buffer holds rows that long, or else half as many, twice as wide; `None` for longer rows.
/// Half-height tiles take the rows of 33 to 64 `f64` (65 to 128 `f32`), which otherwise went
/// by tiles that do not stream. On an Intel Xeon (2 vCPUs; one binary, the rule switched at
/// run time, median of 31), share of the time before: `[3, 1, 0, 2]` of 48 × 56 × 64 × 40
/// `f64` (rows of 512 bytes, 48 bytes past a line, 1.3 MB apart) 0.45–0.51, from 0.33–0.51×
/// `memcpy`'s throughput to 0.71–1.00×; of 61 × 59 × 63 × 57 `f64`, `[0, 3, 2, 1]`,
/// `[1, 3, 2, 0]`, `[3, 0, 2, 1]` and `[3, 1, 2, 0]` 0.51–0.59, `[2, 3, 1, 0]` and
/// `[3, 2, 1, 0]` 0.72–0.89, the six others that take them 0.80–1.17, on a host running CI
/// (see the benchmark notes).
fn carry_tile(nl: usize, size: usize) -> Option<(usize, usize)> {
    [kernel::STAGE_ROWS, kernel::STAGE_ROWS / 2]
        .into_iter()
        .map(|rows| (kernel::STAGE_BYTES / (rows * size.max(1)), rows))
        .find(|&(width, _)| nl <= width)
}

impl StreamCut {
    /// The cut of a chained band of elements of `size` bytes (see [`StreamCut::chained`]),
    /// its rows in `sets` or not.
    pub(super) fn band_chained(size: usize, sets: bool) -> Self {
        Self {
            head: 0,
            width: kernel::LINE / size.max(1),
            bands: true,
            shifted: true,
            carry: false,
            sets,
            chained: true,
            rows: kernel::STAGE_ROWS,
        }
    }
}

/// What a piece of a streamed transposition is ([`LoopPlan::tiled_stream`]).
#[derive(Clone, Copy, PartialEq, Debug)]
pub(super) enum Piece {
    /// A tile, staged and written whole ([`Kernel::stream_tile`]).
    Tile,
    /// A band one line wide over the whole transposed axis ([`Kernel::stream_lines`]).
    Band,
    /// A shifted band over whole blocks of a line's elements (see [`StreamCut::shifted`]),
    /// its rows in sets (see [`StreamCut::sets`]).
    Shifted(Sets),
    /// A shifted band whose columns continue along the chain axis (see
    /// [`StreamCut::chained`]): the tile's `nl` columns are one set of `cols` (as `rows` are
    /// of a shifted band's rows in sets, along the continued axis), and the band spans the
    /// whole blocks of a line's elements of all `cols.n · nl` columns.
    Chained {
        /// The sets of the band's rows (one set, or one for each step along the axis that
        /// continues the source's runs).
        rows: Sets,
        /// The sets of the band's columns, one for each step along the chain axis.
        cols: Sets,
    },
    /// A tile written with ordinary stores ([`block2`]).
    Plain,
}

/// The sets of a shifted band's rows ([`StreamCut::sets`]): `n` of them (one for an ordinary
/// band), set `w` of the band `w · step[k]` elements further than the first in operand `k`
/// (0: the destination, 1: the source).
#[derive(Clone, Copy, PartialEq, Debug)]
pub(super) struct Sets {
    pub(super) n: usize,
    pub(super) step: [isize; 2],
}

impl Sets {
    /// One set: an ordinary band.
    pub(super) const ONE: Self = Self { n: 1, step: [0; 2] };
}

/// Where a streamed transposition cuts the last axis ([`LoopPlan::stream_plan`]).
///
/// With `bands`, `width` is one cache line and each whole line of the last axis, over all of
/// the transposed axis, is one band ([`Kernel::stream_lines`]): it reads only the source rows
/// that one destination line needs (16 for `f32`, 8 for `f64`), front to back — streams the
/// hardware prefetcher follows — and writes each line whole at once.
///
/// Without bands, rows that a tile holds whole are not cut (`head` is 0): the partial line two
/// adjacent rows share is then written by consecutive tiles while it is in cache.
#[derive(Clone, Copy)]
pub(super) struct StreamCut {
    /// The elements of the first piece of each row (those before its first whole line).
    pub(super) head: usize,
    /// The elements of every later piece (the last one may be shorter).
    pub(super) width: usize,
    /// Whether each piece one line wide is a band over the whole transposed axis.
    pub(super) bands: bool,
    /// Whether the band is shifted: for rows that are not a whole number of lines apart, so
    /// that each starts at its own place in a line. One shifted band then spans the whole
    /// blocks of `width` elements of every row, reads its source a block of rows at a time
    /// as a band does, and writes each row's whole lines from its first line boundary on with
    /// non-temporal stores, its partial lines at both ends with ordinary ones
    /// ([`Kernel::stream_shifted`]); the rows' last elements, fewer than `width`, are a plain
    /// tile ([`Piece::Plain`]).
    pub(super) shifted: bool,
    /// Whether the tiles carry their rows' last partial lines to the next tile
    /// ([`kernel::Carry`]): rows that do not start on a line, a tile holding them whole, and
    /// the next tile's rows beginning where this one's end (the walk takes the axis along
    /// which they follow each other innermost, [`LoopPlan::chain_axis`]).
    pub(super) carry: bool,
    /// Whether a shifted band's rows come in sets ([`kernel::ShiftedRows`]): the transposed
    /// axis is then one set, and the sets are the steps along the axis that continues the
    /// source's runs along it ([`LoopPlan::continued_axis`]), so that the band's source
    /// columns are the runs over both axes.
    pub(super) sets: bool,
    /// Whether a shifted band spans the destination's rows along the axis that continues them
    /// ([`LoopPlan::chain_axis`]), as one row each: its source rows (the band's columns along
    /// the last axis) then come in one set for each step along that axis
    /// ([`Kernel::stream_chained`]), and its rows in sets too with `sets`. One such band
    /// writes each of those long rows front to back, each line whole once, where tiles would
    /// carry each row's partial lines from one step to the next (see
    /// [`LoopPlan::chained_band`]).
    pub(super) chained: bool,
    /// The rows of a tile along the transposed axis (at most [`kernel::STAGE_ROWS`]).
    pub(super) rows: usize,
}
