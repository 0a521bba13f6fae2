//! Writing whole cache lines: the staging constants, the pieces a run is cut into at the
//! destination's lines, the partial lines carried from tile to tile ([`Carry`]), and the
//! non-temporal byte stores and their fence.

/// The bytes of a streamed run staged at a time ([`Kernel::stream_run`](super::Kernel::stream_run)
/// gathering a strided source, the engine computing element-wise results); runs shorter than this
/// are not streamed.
pub(crate) const RUN_STAGE_BYTES: usize = 1024;

/// The bytes of a cache line, the unit of non-temporal writes.
pub(crate) const LINE: usize = 64;

/// The runs a streamed plane ([`Kernel::stream_plane`](super::Kernel)) asks for ahead of the
/// one it copies, one line of the run that far ahead per line it writes, for runs of `run`
/// bytes `step` bytes apart: about 8 KiB ahead, from 4 to 16 runs, and at most 8 where the
/// runs crowd a few of the L1's sets ([`crowds_l1`]), whose prefetched lines would evict the
/// ones in use. Each run of a plane is a stream of its own that starts on another page, which
/// the hardware prefetchers do not follow. On an Intel Xeon (Sapphire Rapids class, 2 vCPUs),
/// copies of permuted 64⁴-element `f32` tensors that keep the last axis into an existing
/// tensor, ordinary stores against planes prefetched: `[0, 2, 1, 3]` (runs of 256 bytes 16 KiB
/// apart) 14.3–16.6 → 8.8–9.0 ms, `[2, 1, 0, 3]` (1 MiB apart) 20.2 → 16.7–17.8 ms; unprefetched,
/// the same planes took 13.4 and 25.0 ms. Prefetched 16 runs ahead, `[2, 1, 0, 3]` took 19–21 ms.
#[cfg(target_arch = "x86_64")]
pub(crate) fn plane_ahead(run: usize, step: isize) -> usize {
    let ahead = (8192 / run.max(1)).clamp(4, 16);
    if crowds_l1(step) { ahead.min(8) } else { ahead }
}

/// The pieces `(start, len)` in which a streamed run of `n` elements of `size` bytes, its
/// destination at address `to`, is staged `room` elements at a time: the first piece ends
/// where a line of the destination begins (when the elements fall on the lines' boundaries and
/// `room` of them are whole lines, as for the primitive numbers), so every later piece starts
/// on a line and only the run's two ends are partial lines — written with ordinary stores,
/// each read first — rather than both ends of every piece.
pub(crate) fn staged_pieces(
    to: usize,
    size: usize,
    n: usize,
    room: usize,
) -> impl Iterator<Item = (usize, usize)> {
    let off = to % LINE;
    let lines = room.wrapping_mul(size).is_multiple_of(LINE);
    let first = match off.checked_rem(size) {
        Some(0) if lines => room.saturating_sub(off / size).max(1),
        _ => room.max(1),
    };
    let mut k = 0;
    core::iter::from_fn(move || {
        (k < n).then(|| {
            let len = if k == 0 { first } else { room.max(1) }.min(n - k);
            let at = k;
            k += len;
            (at, len)
        })
    })
}

/// The bytes of one way of a typical L1 data cache (64 sets of a line): addresses this far
/// apart fall into the same set.
const L1_WAY_BYTES: usize = 64 * LINE;

/// Whether 16 rows `stride` bytes apart (a tile's rows) fall into fewer than 4 of the L1's
/// sets, so that a tile transposed straight into such rows evicts the lines it is still
/// writing from an 8-way cache: strides near a multiple of 2 KiB (rows a large power of two
/// apart). On an AMD EPYC, transposing `m × n` `f32` matrices (the result's rows `m` elements
/// long) in cache, straight and through a staging buffer (`Kernel::stage_tile`):
/// 1024 × 1024 (rows 4 KiB apart) 0.72–0.87 ms and 0.28–0.31 ms, 1024 × 512 0.41 and 0.12
/// ms, 512 × 512 (2 KiB) 75–84 and 38–41 µs; but 256 × 1024 (1 KiB, four sets) 43 and 55 µs,
/// and rows that spread over the sets, 1000 × 1001 and 1008 × 1008, 93–97 and 136 µs. Source
/// rows that crowd the sets gain nothing staged (1000 × 1024: 184 against 205–248 µs).
/// `f64` 512 × 512 took 0.43 ms straight and 64 µs staged.
pub(crate) fn crowds_l1(stride: isize) -> bool {
    let step = stride.unsigned_abs() % L1_WAY_BYTES;
    let sets = (0..16).fold(0u64, |sets, k| {
        sets | 1 << ((k * step) % L1_WAY_BYTES / LINE)
    });
    sets.count_ones() < 4
}

/// The most rows of one streamed tile.
pub(crate) const STAGE_ROWS: usize = 64;

/// The destination rows a streamed band of 4- or 8-byte elements
/// ([`Kernel::stream_lines`](super::Kernel::stream_lines)) transposes and writes out at a time (1-
/// and 2-byte elements take a whole source line at a time): its buffer of that many lines stays in
/// L1 beside the band's source lines.
#[cfg_attr(
    not(target_arch = "x86_64"),
    allow(dead_code, reason = "only the x86-64 bands use it")
)]
pub(crate) const BAND_ROWS: usize = 8;

/// The bytes of the staging buffer of a streamed tile: with the tile's source, it stays in a
/// 32 KiB L1 cache.
pub(crate) const STAGE_BYTES: usize = 16 << 10;

/// Whether this target writes with non-temporal stores ([`stream_bytes`], the streamed
/// tiles): x86-64.
pub(crate) const STREAMS: bool = cfg!(target_arch = "x86_64");

/// The partial lines that streamed tiles carry to the next tile
/// ([`Kernel::stream_tile`](super::Kernel::stream_tile)): when the destination's rows do not start
/// on a line, each row begins and ends in a partial line shared with its neighbour in memory, and
/// written with ordinary stores each such line is read first — twice, once per row. Where
/// consecutive tiles write rows that follow each other in memory (row `u` of the next tile begins
/// where row `u` of this one ends), a row's last partial line is kept here instead and written
/// whole, with non-temporal stores, together with the first partial line of the next tile's row
/// `u`; [`flush`](Self::flush) writes what is left. The engine walks such tiles along the axis on
/// which their rows follow each other (see its `StreamCut`). A carry recovers part of what
/// `malloc`'s placement of large buffers (16 bytes past a line) costs: into a destination that
/// starts on a line nothing is partial.
///
/// Invariants:
/// 1. A slot `u` with a line (`at[u]` not null) holds the first `len[u]` bytes (`0 < len[u]
///    < LINE`) of the destination line at `at[u]` (aligned to a line) in `lines[u]`,
///    initialised (the rest of `lines[u]` may not be): bytes of the destination that nothing
///    else writes, valid for writes until the slot is flushed.
/// 2. A carry is flushed before its destination is used (read, written by anything else, or
///    freed), and before [`stream_fence`].
pub(crate) struct Carry {
    /// The pending bytes of each slot (invariant 1), aligned as lines.
    #[cfg(target_arch = "x86_64")]
    pub(super) lines: CarryLines,
    /// Where each slot's line goes, or null.
    #[cfg(target_arch = "x86_64")]
    pub(super) at: [*mut u8; STAGE_ROWS],
    /// How many bytes of its line each slot holds.
    #[cfg(target_arch = "x86_64")]
    pub(super) len: [usize; STAGE_ROWS],
}

#[cfg(target_arch = "x86_64")]
use core::mem::MaybeUninit;

/// The lines of a [`Carry`]: uninitialised until a slot keeps bytes there (its invariant 1),
/// so that a carry costs nothing to make.
#[cfg(target_arch = "x86_64")]
#[repr(C, align(64))]
pub(super) struct CarryLines([[MaybeUninit<u8>; LINE]; STAGE_ROWS]);

impl Carry {
    /// A carry holding nothing (elsewhere than on x86-64, where nothing streams, it is empty).
    pub(crate) fn new() -> Self {
        Self {
            #[cfg(target_arch = "x86_64")]
            lines: CarryLines([[MaybeUninit::uninit(); LINE]; STAGE_ROWS]),
            #[cfg(target_arch = "x86_64")]
            at: [core::ptr::null_mut(); STAGE_ROWS],
            #[cfg(target_arch = "x86_64")]
            len: [0; STAGE_ROWS],
        }
    }

    /// Writes every line the carry holds, with ordinary stores (invariant 2).
    pub(crate) fn flush(&mut self) {
        #[cfg(target_arch = "x86_64")]
        for u in 0..STAGE_ROWS {
            self.flush_slot(u);
        }
    }

    /// Writes slot `u`'s line, if it holds one.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    pub(super) fn flush_slot(&mut self, u: usize) {
        if let (Some(&at), Some(&len), Some(line)) =
            (self.at.get(u), self.len.get(u), self.lines.0.get(u))
            && !at.is_null()
        {
            // SAFETY: the slot's bytes, initialised, go to `at`, valid for their writes
            // (invariant 1).
            unsafe { super::simd::x86::copy_short(line.as_ptr().cast(), at, len.min(LINE - 1)) };
            if let Some(at) = self.at.get_mut(u) {
                *at = core::ptr::null_mut();
            }
        }
    }

    /// Writes the `n` bytes from `from` to `to` as [`stream_bytes`] does, but through slot
    /// `u`: a first partial line that completes the slot's line is written whole with it
    /// (non-temporal stores; any other first partial line with ordinary ones, and what the
    /// slot held before too), and a last partial line is kept in the slot (invariant 1),
    /// whatever the row's place in its lines.
    ///
    /// # Safety
    ///
    /// `from` is valid for reads and `to` for writes of `n` bytes; they do not overlap; no
    /// other write targets those bytes; `u < STAGE_ROWS`.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    pub(super) unsafe fn write(&mut self, u: usize, from: *const u8, to: *mut u8, n: usize) {
        let (Some(&at), Some(&len)) = (self.at.get(u), self.len.get(u)) else {
            // SAFETY: the caller's contract.
            return unsafe { super::simd::x86::write_range(from, to, n) };
        };
        let off = to.addr() % LINE;
        let head = ((LINE - off) % LINE).min(n);
        // The line the row begins in, completed by the slot's bytes: written whole.
        let joins = off > 0 && off + head == LINE && at == to.wrapping_sub(off) && len == off;
        // The row's last partial line, kept.
        let tail = (n - head) % LINE;
        if !joins {
            self.flush_slot(u);
        }
        let Some(line) = self.lines.0.get_mut(u) else {
            // SAFETY: the caller's contract.
            return unsafe { super::simd::x86::write_range(from, to, n) };
        };
        let line = line.as_mut_ptr().cast::<u8>();
        // SAFETY: `to - off` is the line `to` lies in, whose first `off` bytes the slot holds,
        // initialised (invariant 1), and whose other `head` bytes are the row's first ones
        // (`joins`): they complete the slot's line, which is written whole from it (aligned to
        // a line, so each quarter is aligned to 16 bytes as the non-temporal store needs). The
        // rest lies in the row's `n` bytes (the caller's contract); the row's last `tail` bytes
        // start on a line, and are copied into the slot's line (`tail < LINE`).
        unsafe {
            if joins {
                super::simd::x86::copy_short(from, line.add(off), head);
                super::simd::x86::stream_line(line, to.sub(off));
                if let Some(at) = self.at.get_mut(u) {
                    *at = core::ptr::null_mut();
                }
            }
            let body = if joins { head } else { 0 };
            super::simd::x86::write_range(from.add(body), to.add(body), n - body - tail);
            if tail > 0 {
                let last = n - tail;
                super::simd::x86::copy_short(from.add(last), line, tail);
                if let (Some(at), Some(len)) = (self.at.get_mut(u), self.len.get_mut(u)) {
                    *at = to.add(last);
                    *len = tail;
                }
            }
        }
    }
}

/// Copies `n` bytes from `from` to `to`: the whole cache lines of `to` with non-temporal stores
/// (where [`STREAMS`]), the rest with ordinary ones; the caller issues [`stream_fence`] before
/// anything else reads or writes `to`.
///
/// # Safety
///
/// `from` is valid for reads and `to` for writes of `n` bytes; they do not overlap.
#[inline(always)]
pub(crate) unsafe fn stream_bytes(from: *const u8, to: *mut u8, n: usize) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: the caller's contract.
    unsafe {
        super::simd::x86::write_range(from, to, n)
    };
    #[cfg(not(target_arch = "x86_64"))]
    // SAFETY: the caller's contract.
    unsafe {
        core::ptr::copy_nonoverlapping(from, to, n)
    };
}

/// Writes `to[l] = from[l · step]` for `l < n`: with non-temporal stores when `T` is 8 or
/// 16 bytes and `to` is aligned to its size (x86-64), otherwise with ordinary ones.
///
/// # Safety
///
/// `from + l · step` is valid for reads and `to + l` for writes for every `l < n`; they do
/// not overlap.
#[cfg(feature = "alloc")]
#[inline(always)]
pub(crate) unsafe fn stream_gather<T: Copy>(from: *const T, step: usize, to: *mut T, n: usize) {
    #[cfg(target_arch = "x86_64")]
    {
        #[cfg(not(miri))]
        use core::arch::x86_64::_mm_stream_si64;
        use core::arch::x86_64::{__m128i, _mm_loadu_si128};
        let size = size_of::<T>();
        if size == 16 && to.addr().is_multiple_of(16) {
            for l in 0..n {
                // SAFETY: element `l` of each side (the caller's contract), 16 bytes; the
                // destination's are aligned to 16, as the non-temporal store needs.
                unsafe {
                    let v = _mm_loadu_si128(from.add(l * step).cast::<__m128i>());
                    super::simd::x86::stream16(to.add(l).cast::<__m128i>(), v);
                }
            }
            return;
        }
        if size == 8 && to.addr().is_multiple_of(8) {
            for l in 0..n {
                // SAFETY: as above, 8 bytes aligned to 8.
                unsafe {
                    let v = from.add(l * step).cast::<i64>().read_unaligned();
                    #[cfg(not(miri))]
                    _mm_stream_si64(to.add(l).cast::<i64>(), v);
                    #[cfg(miri)]
                    to.add(l).cast::<i64>().write(v);
                }
            }
            return;
        }
    }
    for l in 0..n {
        // SAFETY: the caller's contract.
        unsafe { to.add(l).write(from.add(l * step).read()) };
    }
}

/// Asks for the lines of `rows` runs of `bytes` bytes each, at `at + r·stride` (bytes) for
/// `r < rows`, to be brought into the second-level cache (`prefetcht1` on x86-64; nothing
/// elsewhere and under Miri). The callers fetch runs that lie far apart, each a stream of its
/// own that the hardware prefetchers do not follow, many lines at once: asked for in L1, each
/// waits for one of its few fill buffers (see the benchmark notes). A prefetch is a hint that
/// never faults, so the addresses are only computed (wrapping) and may lie anywhere.
#[inline(always)]
pub(crate) fn prefetch_rows(at: *const u8, stride: isize, rows: usize, bytes: usize) {
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    for r in 0..rows {
        let row = at.wrapping_offset((r as isize).wrapping_mul(stride));
        let mut off = 0;
        while off < bytes {
            super::simd::x86::prefetch_l2(row.wrapping_add(off).cast());
            off += LINE;
        }
        // The run's last line, when it starts inside a line and so ends in one more.
        super::simd::x86::prefetch_l2(row.wrapping_add(bytes.wrapping_sub(1)).cast());
    }
    #[cfg(not(all(target_arch = "x86_64", not(miri))))]
    let _ = (at, stride, rows, bytes);
}

/// Orders the non-temporal stores of [`Kernel::stream_tile`](super::Kernel::stream_tile),
/// [`Kernel::stream_run`](super::Kernel::stream_run) and [`stream_bytes`] before every later access
/// to their memory, by any thread (they are weakly ordered): called once after a streamed walk.
#[inline(always)]
pub(crate) fn stream_fence() {
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    // SAFETY: SSE (part of the x86-64 baseline), no memory operand.
    unsafe {
        core::arch::x86_64::_mm_sfence()
    };
    // Miri has no `sfence`, and runs non-temporal stores as ordinary ones: a fence orders them.
    #[cfg(miri)]
    core::sync::atomic::fence(core::sync::atomic::Ordering::SeqCst);
}
