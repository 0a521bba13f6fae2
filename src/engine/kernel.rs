//! Element kernels of the two-operand loops: what is done to one pair of elements, how a
//! `MICRO × MICRO` transposed block is done at once, and how the blocks of a tile are walked.
//!
//! Every closure `FnMut(&mut T, &U)` is a [`Kernel`]; its block form is a fully unrolled loop
//! with constant unit strides (the compiler keeps the 8 source and destination lines in
//! registers and drops the index arithmetic). The copy kernels [`CloneTo`] and [`CloneInto`]
//! go further for the primitive numbers of 1, 2, 4 and 8 bytes (`u8`, `i8`, `u16`, `i16`,
//! `f32`, `i32`, `u32`, `f64`, `i64`, `u64`), whose `clone` is a bit copy: on x86-64 they
//! transpose blocks in SIMD registers, HPTT's micro-kernel. SSE2 (part of the x86-64 baseline)
//! serves every size: byte and word interleaving for 1 and 2 bytes, 4 × 4 `f32`-sized or
//! 2 × 2 `f64`-sized shuffles. For 4- and 8-byte numbers a tile goes to AVX kernels (8 × 8 or
//! 4 × 4 in 256-bit registers) when the CPU has AVX: known at compile time when the build
//! enables it, otherwise asked at run time with `std` (`is_x86_feature_detected!`, which caches
//! the answer), once per tile. On aarch64 (where the target has NEON, as its Linux, macOS and
//! Windows targets do) NEON kernels serve every size, 8 × 8 blocks in `trn1`/`trn2` rounds;
//! other targets keep the unrolled loop. Which element type is in hand is decided by its
//! `TypeId` (the `typeid` crate gives one for any type, `'static` or not); the test folds to a
//! constant after monomorphisation.
//!
//! The copy kernels also stream: [`Kernel::stream_tile`] transposes a whole tile into a
//! staging buffer and writes it out front to back, its whole cache lines with non-temporal
//! stores (SSE2 `movntdq`), the partial lines at its ends with ordinary ones;
//! [`Kernel::stream_lines`] does a band one destination line wide over any number of rows,
//! a few rows at a time through a buffer of lines, each line written whole at once; and
//! [`Carry`] keeps the partial line a tile's row ends in until the next tile's row completes
//! it; [`Kernel::stream_run`] does the same for a run (`CloneTo` only); [`Kernel::stream_plane`]
//! writes short runs whose destinations follow each other as one range, straight from the
//! source, so that no line of it is written in parts by ordinary stores; the engine calls
//! [`stream_fence`] once after such a walk.
//!
//! The blocks handed to a kernel come from layouts valid for their storage (invariant 1 of
//! `TensorBase`), and the engine checks each tile's corners against the slices before it cuts
//! the tile into blocks, so a kernel's pointer arithmetic stays inside its slices.

#[cfg(feature = "alloc")]
use core::mem::MaybeUninit;

/// Side of the transposed block a kernel handles at once.
pub(crate) const MICRO: usize = 8;

/// What a two-operand loop does to one pair of elements (`dst` written, `src` read), and to a
/// transposed `MICRO × MICRO` block of pairs.
pub(crate) trait Kernel<T, U> {
    /// Applies the operation to one pair.
    fn apply(&mut self, dst: &mut T, src: &U);

    /// Applies the operation to the pairs `(dst + u·ds + l, src + u + l·ss)` for
    /// `u, l < MICRO`: the destination is unit-stride along `l`, the source along `u`.
    ///
    /// # Safety
    ///
    /// Each of those 64 destination positions must be valid for writes and each source position
    /// valid for reads, inside the allocations the pointers came from (a `&mut` slice and a `&`
    /// slice, so no destination position is a source position).
    #[inline(always)]
    unsafe fn transpose(&mut self, dst: *mut T, ds: isize, src: *const U, ss: isize) {
        // SAFETY: the caller's contract (the block's positions inside the slices, invariant 1)
        // is `transpose_each`'s.
        unsafe { transpose_each(self, dst, ds, src, ss) }
    }

    /// Applies the operation to the pairs `(dst + u·ds + l, src + u + l·ss)` for `u < fu`,
    /// `l < fl` (both multiples of `MICRO`): the kernel part of a tile, block by block.
    ///
    /// # Safety
    ///
    /// As for [`transpose`](Self::transpose), for each of those `fu × fl` positions.
    #[inline(always)]
    unsafe fn transpose_tile(
        &mut self,
        dst: *mut T,
        ds: isize,
        src: *const U,
        ss: isize,
        tile: (usize, usize),
    ) {
        // SAFETY: the blocks cover the tile's positions (the caller's contract).
        unsafe { blocks(dst, ds, src, ss, tile, |d, s| self.transpose(d, ds, s, ss)) }
    }

    /// The size in bytes of the elements that this kernel can write with non-temporal stores
    /// ([`stream_tile`](Self::stream_tile), [`stream_run`](Self::stream_run)); 0 when it
    /// cannot (the default: only a pure bit copy may, as nothing is read from the destination).
    #[inline(always)]
    fn stream_size(&self) -> usize {
        0
    }

    /// Applies the operation to the pairs `(dst + u·ds + l, src + u + l·ss)` for `u < nu`,
    /// `l < nl` — a whole tile — by transposing them into a staging buffer and writing each
    /// destination row from it front to back, its whole cache lines with non-temporal stores
    /// (one range when the rows are adjacent, `ds == nl`); returns whether it did (otherwise
    /// nothing was touched). With a `carry`, a row's partial last line is kept there, and
    /// written whole with the next tile's row `u` when that row begins where it ends (see
    /// [`Carry`]). The caller issues [`stream_fence`] before anything else reads or writes
    /// the destination, after [`Carry::flush`].
    ///
    /// # Safety
    ///
    /// As for [`transpose`](Self::transpose), for each of those positions; the carry's lines
    /// (invariant 1 of [`Carry`]) are in the same destination, outside the tile.
    #[inline(always)]
    unsafe fn stream_tile(
        &mut self,
        dst: *mut T,
        ds: isize,
        src: *const U,
        ss: isize,
        tile: (usize, usize),
        carry: Option<&mut Carry>,
    ) -> bool {
        let _ = (dst, ds, src, ss, tile, carry);
        false
    }

    /// Applies the operation to the pairs `(dst + u·ds + l, src + u + l·ss)` for `u < nu` and
    /// `l < LINE / size` — a band of `nu` destination rows, one cache line of each — where
    /// every destination row's line starts on a line (`dst` and `ds` line-aligned), writing
    /// each line whole with non-temporal stores as soon as it is transposed; returns whether
    /// it did (otherwise nothing was touched: the kernel cannot stream, or the lines are not
    /// aligned). The band reads its `LINE / size` source rows front to back, so the hardware
    /// prefetcher follows as few streams as a line needs (see the engine's `Cut`). The caller
    /// issues [`stream_fence`] before anything else reads or writes the destination.
    ///
    /// # Safety
    ///
    /// As for [`transpose`](Self::transpose), for each of those positions.
    #[inline(always)]
    unsafe fn stream_lines(
        &mut self,
        dst: *mut T,
        ds: isize,
        src: *const U,
        ss: isize,
        nu: usize,
    ) -> bool {
        let _ = (dst, ds, src, ss, nu);
        false
    }

    /// Applies the operation to the pairs `(dst + k, src + k·ss)` for `k < n` — a run of an
    /// existing destination — writing the destination's whole cache lines with non-temporal
    /// stores (a strided source through a staging buffer); returns whether it did (otherwise
    /// nothing was touched). Only [`CloneTo`] does, for primitive numbers on x86-64: new
    /// memory is filled with ordinary stores, since the page faults of its first write
    /// dominate. The caller issues
    /// [`stream_fence`] before anything else reads or writes the destination.
    ///
    /// # Safety
    ///
    /// Each of those positions is valid for writes (`dst`) and reads (`src`), inside the
    /// allocations the pointers came from (a `&mut` slice and a `&` slice).
    #[inline(always)]
    unsafe fn stream_run(&mut self, dst: *mut T, src: *const U, ss: isize, n: usize) -> bool {
        let _ = (dst, src, ss, n);
        false
    }

    /// Applies the operation to the pairs `(dst + j·n + i, src + j·sm + i)` for `i < n`,
    /// `j < m` — a plane of `m` unit-stride runs of `n` elements whose destinations are
    /// adjacent, so one range of `m·n` — writing the range's whole cache lines with
    /// non-temporal stores straight from the source; returns whether it did (otherwise nothing
    /// was touched: the kernel cannot stream, or the range is not aligned for it). [`CloneTo`]
    /// and [`CloneInto`] do, for primitive numbers on x86-64: unlike runs streamed one at a
    /// time, whose partial lines at both ends are written by ordinary stores, a plane writes
    /// only the range's two ends partially. The caller issues [`stream_fence`] before anything
    /// else reads or writes the destination.
    ///
    /// # Safety
    ///
    /// As for [`transpose`](Self::transpose), for each of those positions.
    #[inline(always)]
    unsafe fn stream_plane(
        &mut self,
        dst: *mut T,
        src: *const U,
        n: usize,
        sm: isize,
        m: usize,
    ) -> bool {
        let _ = (dst, src, n, sm, m);
        false
    }
}

/// The bytes of a streamed run staged at a time ([`Kernel::stream_run`] gathering a strided
/// source, the engine computing element-wise results); runs shorter than this are not
/// streamed.
pub(crate) const RUN_STAGE_BYTES: usize = 1024;

/// The bytes of a cache line, the unit of non-temporal writes.
pub(crate) const LINE: usize = 64;

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

/// The most rows of one streamed tile.
pub(crate) const STAGE_ROWS: usize = 64;

/// The destination rows a streamed band of 4- or 8-byte elements ([`Kernel::stream_lines`])
/// transposes and writes out at a time (1- and 2-byte elements take a whole source line at a
/// time): its buffer of that many lines stays in L1 beside the band's source lines.
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

/// The partial lines that streamed tiles carry to the next tile ([`Kernel::stream_tile`]): when
/// the destination's rows do not start on a line, each row begins and ends in a partial line
/// shared with its neighbour in memory, and written with ordinary stores each such line is
/// read first — twice, once per row. Where consecutive tiles write rows that follow each other
/// in memory (row `u` of the next tile begins where row `u` of this one ends), a row's last
/// partial line is kept here instead and written whole, with non-temporal stores, together
/// with the first partial line of the next tile's row `u`; [`flush`](Self::flush) writes what
/// is left. The engine walks such tiles along the axis on which their rows follow each other
/// (see its `Cut`). A carry recovers part of what `malloc`'s placement of large buffers (16
/// bytes past a line) costs: into a destination that starts on a line nothing is partial.
///
/// Invariants:
/// 1. A slot `u` with a line (`at[u]` not null) holds the first `len[u]` bytes (`0 < len[u]
///    < LINE`, a multiple of 16) of the destination line at `at[u]` (aligned to a line) in
///    `lines[u]`: bytes of the destination that nothing else writes, valid for writes until
///    the slot is flushed.
/// 2. A carry is flushed before its destination is used (read, written by anything else, or
///    freed), and before [`stream_fence`].
pub(crate) struct Carry {
    /// The pending bytes of each slot (invariant 1), aligned as lines.
    #[cfg(target_arch = "x86_64")]
    lines: CarryLines,
    /// Where each slot's line goes, or null.
    #[cfg(target_arch = "x86_64")]
    at: [*mut u8; STAGE_ROWS],
    /// How many bytes of its line each slot holds.
    #[cfg(target_arch = "x86_64")]
    len: [usize; STAGE_ROWS],
}

/// The lines of a [`Carry`].
#[cfg(target_arch = "x86_64")]
#[repr(C, align(64))]
struct CarryLines([[u8; LINE]; STAGE_ROWS]);

impl Carry {
    /// A carry holding nothing (elsewhere than on x86-64, where nothing streams, it is empty).
    pub(crate) fn new() -> Self {
        Self {
            #[cfg(target_arch = "x86_64")]
            lines: CarryLines([[0; LINE]; STAGE_ROWS]),
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
    fn flush_slot(&mut self, u: usize) {
        if let (Some(&at), Some(&len), Some(line)) =
            (self.at.get(u), self.len.get(u), self.lines.0.get(u))
            && !at.is_null()
        {
            // SAFETY: the slot's bytes go to `at`, valid for their writes (invariant 1).
            unsafe { bits::x86::copy_short(line.as_ptr(), at, len.min(LINE - 1)) };
            if let Some(at) = self.at.get_mut(u) {
                *at = core::ptr::null_mut();
            }
        }
    }

    /// Writes the `n` bytes from `from` to `to` as [`stream_bytes`] does, but through slot
    /// `u`: a first partial line that completes the slot's line is written whole with it
    /// (non-temporal stores), and a last partial line is kept in the slot (invariant 1);
    /// otherwise the partial lines are written with ordinary stores, and so is what the slot
    /// held before.
    ///
    /// # Safety
    ///
    /// `from` is valid for reads and `to` for writes of `n` bytes; they do not overlap; no
    /// other write targets those bytes; `u < STAGE_ROWS`.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    unsafe fn write(&mut self, u: usize, from: *const u8, to: *mut u8, n: usize) {
        #[cfg(miri)]
        use core::arch::x86_64::_mm_storeu_si128 as _mm_stream_si128;
        #[cfg(not(miri))]
        use core::arch::x86_64::_mm_stream_si128;
        use core::arch::x86_64::{__m128i, _mm_load_si128, _mm_loadu_si128, _mm_store_si128};
        let (Some(&at), Some(&len)) = (self.at.get(u), self.len.get(u)) else {
            // SAFETY: the caller's contract.
            return unsafe { bits::x86::write_range(from, to, n) };
        };
        let off = to.addr() % LINE;
        let head = ((LINE - off) % LINE).min(n);
        // The line the row begins in, completed by the slot's bytes: written whole.
        let joins = off > 0 && off + head == LINE && at == to.wrapping_sub(off) && len == off;
        // The row's last partial line, kept when it can be (16-byte pieces).
        let tail = (n - head) % LINE;
        let keep = tail > 0 && tail.is_multiple_of(16);
        if !joins {
            self.flush_slot(u);
        }
        let Some(line) = self.lines.0.get_mut(u) else {
            // SAFETY: the caller's contract.
            return unsafe { bits::x86::write_range(from, to, n) };
        };
        let line = line.as_mut_ptr();
        // SAFETY: `to - off` is the line `to` lies in, whose first `off` bytes the slot holds
        // (invariant 1) and whose other `head` bytes are the row's first ones (`joins`); each
        // 16-byte piece (`off` is a multiple of 16, as `len` is) comes whole from one or the
        // other. The rest lies in the row's `n` bytes (the caller's contract); the row's last
        // `tail` bytes start on a line, and are copied into the slot's line (`tail < LINE`).
        unsafe {
            if joins {
                let start = to.sub(off);
                for q in (0..LINE).step_by(16) {
                    let v = if q < off {
                        _mm_load_si128(line.add(q).cast::<__m128i>())
                    } else {
                        _mm_loadu_si128(from.add(q - off).cast::<__m128i>())
                    };
                    _mm_stream_si128(start.add(q).cast::<__m128i>(), v);
                }
                if let Some(at) = self.at.get_mut(u) {
                    *at = core::ptr::null_mut();
                }
            }
            let body = if joins { head } else { 0 };
            let kept = if keep { tail } else { 0 };
            bits::x86::write_range(from.add(body), to.add(body), n - body - kept);
            if keep {
                let last = n - tail;
                for q in (0..tail).step_by(16) {
                    let v = _mm_loadu_si128(from.add(last + q).cast::<__m128i>());
                    _mm_store_si128(line.add(q).cast::<__m128i>(), v);
                }
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
        bits::x86::write_range(from, to, n)
    };
    #[cfg(not(target_arch = "x86_64"))]
    // SAFETY: the caller's contract.
    unsafe {
        core::ptr::copy_nonoverlapping(from, to, n)
    };
}

/// Orders the non-temporal stores of [`Kernel::stream_tile`], [`Kernel::stream_run`] and
/// [`stream_bytes`] before every later access to their memory, by any thread (they are weakly
/// ordered): called once after a streamed walk.
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

/// Calls `f` with the corner of every `MICRO × MICRO` block of the `fu × fl` tile at
/// `(dst, src)` (element `(u, l)` at `dst + u·ds + l` and `src + u + l·ss`), `l` outermost: a
/// row of blocks reads only `MICRO` source lines, each whole before the next row starts, so
/// power-of-two source strides — whose lines all fall into one cache set — do not evict lines
/// in use from an 8-way L1.
///
/// # Safety
///
/// `fu` and `fl` are multiples of `MICRO`, and every position of the tile is inside the
/// allocation its pointer came from (so the corners are).
#[inline(always)]
unsafe fn blocks<T, U>(
    dst: *mut T,
    ds: isize,
    src: *const U,
    ss: isize,
    (fu, fl): (usize, usize),
    mut f: impl FnMut(*mut T, *const U),
) {
    for l0 in (0..fl).step_by(MICRO) {
        for u0 in (0..fu).step_by(MICRO) {
            let (u, l) = (u0 as isize, l0 as isize);
            // SAFETY: `(u0, l0)` is a position of the tile, inside the allocations (the
            // caller's contract).
            f(unsafe { dst.offset(u * ds + l) }, unsafe {
                src.offset(u + l * ss)
            });
        }
    }
}

/// Calls `f` with the corner of every `step × step` block of the `fu × fl` tile at
/// `(dst, src)` (element `(u, l)` at `dst + u·ds + l` and `src + u + l·ss`), `u` outermost:
/// each destination row of a step along `u` gets all `fl` of its lanes before the walk moves
/// on. For narrow elements, whose blocks give a destination row only 8 or 16 bytes, this
/// writes destination lines whole where `blocks` would leave them half written across the
/// tile.
///
/// # Safety
///
/// `fu` and `fl` are multiples of `step`, and every position of the tile is inside the
/// allocation its pointer came from (so the corners are).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn blocks_rows_first<T, U>(
    dst: *mut T,
    ds: isize,
    src: *const U,
    ss: isize,
    (fu, fl): (usize, usize),
    step: usize,
    mut f: impl FnMut(*mut T, *const U),
) {
    for u0 in (0..fu).step_by(step) {
        for l0 in (0..fl).step_by(step) {
            let (u, l) = (u0 as isize, l0 as isize);
            // SAFETY: `(u0, l0)` is a position of the tile, inside the allocations (the
            // caller's contract).
            f(unsafe { dst.offset(u * ds + l) }, unsafe {
                src.offset(u + l * ss)
            });
        }
    }
}

impl<T, U, F: FnMut(&mut T, &U)> Kernel<T, U> for F {
    #[inline(always)]
    fn apply(&mut self, dst: &mut T, src: &U) {
        self(dst, src)
    }
}

/// The block form of any kernel: `apply` on every pair, unrolled with constant unit strides.
///
/// # Safety
///
/// As for [`Kernel::transpose`].
#[inline(always)]
unsafe fn transpose_each<T, U, K: Kernel<T, U> + ?Sized>(
    k: &mut K,
    dst: *mut T,
    ds: isize,
    src: *const U,
    ss: isize,
) {
    const M: isize = MICRO as isize;
    for u in 0..M {
        for l in 0..M {
            // SAFETY: `(u, l)` lies in the block, so by the caller's contract (positions of
            // layouts valid for their storage, invariant 1) both positions are inside their
            // allocations and valid; they belong to different slices, so the `&mut` and the `&`
            // do not alias, and each lives only for this call.
            unsafe { k.apply(&mut *dst.offset(u * ds + l), &*src.offset(u + l * ss)) };
        }
    }
}

/// Assignment: `dst.clone_from(src)`.
pub(crate) struct CloneTo;

impl<T: Clone> Kernel<T, T> for CloneTo {
    #[inline(always)]
    fn apply(&mut self, dst: &mut T, src: &T) {
        dst.clone_from(src);
    }

    #[inline(always)]
    unsafe fn transpose(&mut self, dst: *mut T, ds: isize, src: *const T, ss: isize) {
        // SAFETY: the caller's contract (the block's positions inside the slices, invariant 1)
        // is the one `bits::transpose` and `transpose_each` need; `bits::transpose` copies bits
        // only for types whose `clone` is a bit copy.
        unsafe {
            if !bits::transpose(dst, ds, src, ss) {
                transpose_each(self, dst, ds, src, ss);
            }
        }
    }

    #[inline(always)]
    unsafe fn transpose_tile(
        &mut self,
        dst: *mut T,
        ds: isize,
        src: *const T,
        ss: isize,
        tile: (usize, usize),
    ) {
        // SAFETY: as in `transpose`, for every block of the tile (the caller's contract).
        unsafe {
            if !bits::transpose_tile(dst, ds, src, ss, tile) {
                blocks(dst, ds, src, ss, tile, |d, s| {
                    transpose_each(self, d, ds, s, ss)
                });
            }
        }
    }

    #[inline(always)]
    fn stream_size(&self) -> usize {
        bits::stream_size::<T>()
    }

    #[inline(always)]
    unsafe fn stream_tile(
        &mut self,
        dst: *mut T,
        ds: isize,
        src: *const T,
        ss: isize,
        tile: (usize, usize),
        carry: Option<&mut Carry>,
    ) -> bool {
        // SAFETY: the caller's contract is `bits::stream_tile`'s, which copies bits only for
        // types whose `clone` is a bit copy; overwriting a destination element without
        // dropping it is right for those (`Copy`, no drop glue).
        unsafe { bits::stream_tile(dst, ds, src, ss, tile, carry) }
    }

    #[inline(always)]
    unsafe fn stream_lines(
        &mut self,
        dst: *mut T,
        ds: isize,
        src: *const T,
        ss: isize,
        nu: usize,
    ) -> bool {
        // SAFETY: as in `stream_tile`, for the band's positions (the caller's contract).
        unsafe { bits::stream_lines(dst, ds, src, ss, nu) }
    }

    #[inline(always)]
    unsafe fn stream_run(&mut self, dst: *mut T, src: *const T, ss: isize, n: usize) -> bool {
        // SAFETY: as in `stream_tile`, for the run's positions (the caller's contract).
        unsafe { bits::stream_run(dst, src, ss, n) }
    }

    #[inline(always)]
    unsafe fn stream_plane(
        &mut self,
        dst: *mut T,
        src: *const T,
        n: usize,
        sm: isize,
        m: usize,
    ) -> bool {
        // SAFETY: as in `stream_tile`, for the plane's positions (the caller's contract).
        unsafe { bits::stream_plane(dst, src, n, sm, m) }
    }
}

/// Filling new memory: `dst.write(src.clone())`.
#[cfg(feature = "alloc")]
pub(crate) struct CloneInto;

#[cfg(feature = "alloc")]
impl<T: Clone> Kernel<MaybeUninit<T>, T> for CloneInto {
    #[inline(always)]
    fn apply(&mut self, dst: &mut MaybeUninit<T>, src: &T) {
        dst.write(src.clone());
    }

    #[inline(always)]
    unsafe fn transpose(&mut self, dst: *mut MaybeUninit<T>, ds: isize, src: *const T, ss: isize) {
        // SAFETY: as in `CloneTo::transpose`; `MaybeUninit<T>` has the layout of `T`, and
        // `bits::transpose` only writes through the destination pointer, never reads it.
        unsafe {
            if !bits::transpose(dst.cast::<T>(), ds, src, ss) {
                transpose_each(self, dst, ds, src, ss);
            }
        }
    }

    #[inline(always)]
    unsafe fn transpose_tile(
        &mut self,
        dst: *mut MaybeUninit<T>,
        ds: isize,
        src: *const T,
        ss: isize,
        tile: (usize, usize),
    ) {
        // SAFETY: as in `transpose`, for every block of the tile (the caller's contract).
        unsafe {
            if !bits::transpose_tile(dst.cast::<T>(), ds, src, ss, tile) {
                blocks(dst, ds, src, ss, tile, |d, s| {
                    transpose_each(self, d, ds, s, ss)
                });
            }
        }
    }

    #[inline(always)]
    fn stream_size(&self) -> usize {
        bits::stream_size::<T>()
    }

    #[inline(always)]
    unsafe fn stream_tile(
        &mut self,
        dst: *mut MaybeUninit<T>,
        ds: isize,
        src: *const T,
        ss: isize,
        tile: (usize, usize),
        carry: Option<&mut Carry>,
    ) -> bool {
        // SAFETY: as in `CloneTo::stream_tile`; `MaybeUninit<T>` has the layout of `T`, and
        // the destination is only written.
        unsafe { bits::stream_tile(dst.cast::<T>(), ds, src, ss, tile, carry) }
    }

    #[inline(always)]
    unsafe fn stream_lines(
        &mut self,
        dst: *mut MaybeUninit<T>,
        ds: isize,
        src: *const T,
        ss: isize,
        nu: usize,
    ) -> bool {
        // SAFETY: as in `stream_tile`.
        unsafe { bits::stream_lines(dst.cast::<T>(), ds, src, ss, nu) }
    }

    #[inline(always)]
    unsafe fn stream_plane(
        &mut self,
        dst: *mut MaybeUninit<T>,
        src: *const T,
        n: usize,
        sm: isize,
        m: usize,
    ) -> bool {
        // SAFETY: as in `stream_tile`.
        unsafe { bits::stream_plane(dst.cast::<T>(), src, n, sm, m) }
    }
}

pub(crate) use bits::transpose as transpose_bits;
#[cfg(target_arch = "x86_64")]
pub(crate) use bits::x86::has_avx;

/// Bit-copying transposition kernels for the primitive numbers.
mod bits {
    use core::any::TypeId;

    /// The size in bytes of `T` when it is a primitive number of 1, 2, 4 or 8 bytes (`Copy`, so
    /// its `clone` copies its bits), 0 for any other type.
    #[inline(always)]
    fn plain_size<T>() -> usize {
        let t = typeid::of::<T>();
        let any = |types: &[TypeId]| types.contains(&t);
        if any(&[
            TypeId::of::<f32>(),
            TypeId::of::<u32>(),
            TypeId::of::<i32>(),
        ]) {
            4
        } else if any(&[
            TypeId::of::<f64>(),
            TypeId::of::<u64>(),
            TypeId::of::<i64>(),
        ]) {
            8
        } else if any(&[TypeId::of::<u16>(), TypeId::of::<i16>()]) {
            2
        } else if any(&[TypeId::of::<u8>(), TypeId::of::<i8>()]) {
            1
        } else {
            0
        }
    }

    /// Copies the `MICRO × MICRO` transposed block `dst[u·ds + l] = src[u + l·ss]` as bits when
    /// `T` is a primitive number of 1, 2, 4 or 8 bytes and the target has a SIMD kernel for
    /// it; returns whether it did (otherwise nothing was touched).
    ///
    /// # Safety
    ///
    /// As for [`Kernel::transpose`](super::Kernel::transpose) (`dst` may point to
    /// uninitialised memory: it is only written).
    #[inline(always)]
    pub(crate) unsafe fn transpose<T>(dst: *mut T, ds: isize, src: *const T, ss: isize) -> bool {
        #[cfg(target_arch = "x86_64")]
        {
            let (d, s) = (dst.cast::<u8>(), src.cast::<u8>());
            // In every arm, `T` is a number of that many bytes (`plain_size`), so the pointers
            // address the same memory as lanes of that size.
            match plain_size::<T>() {
                // SAFETY: the block's positions are the caller's (inside the slices by
                // invariant 1 and the engine's corner check), as 4-byte lanes.
                4 => unsafe { x86::transpose_32(d.cast(), ds, s.cast(), ss) },
                // SAFETY: as above, as 8-byte lanes.
                8 => unsafe { x86::transpose_64(d.cast(), ds, s.cast(), ss) },
                // SAFETY: as above, as 2-byte lanes.
                2 => unsafe { x86::transpose_16(d.cast(), ds, s.cast(), ss) },
                // SAFETY: as above, as bytes.
                1 => unsafe { x86::transpose_8(d, ds, s, ss) },
                _ => return false,
            }
            true
        }
        #[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
        {
            let (d, s) = (dst.cast::<u8>(), src.cast::<u8>());
            // As on x86-64, in every arm `T` is a number of that many bytes (`plain_size`).
            match plain_size::<T>() {
                // SAFETY: the block's positions are the caller's (inside the slices by
                // invariant 1 and the engine's corner check), as 4-byte lanes.
                4 => unsafe { neon::transpose_32(d.cast(), ds, s.cast(), ss) },
                // SAFETY: as above, as 8-byte lanes.
                8 => unsafe { neon::transpose_64(d.cast(), ds, s.cast(), ss) },
                // SAFETY: as above, as 2-byte lanes.
                2 => unsafe { neon::transpose_16(d.cast(), ds, s.cast(), ss) },
                // SAFETY: as above, as bytes.
                1 => unsafe { neon::transpose_8(d, ds, s, ss) },
                _ => return false,
            }
            true
        }
        #[cfg(not(any(
            target_arch = "x86_64",
            all(target_arch = "aarch64", target_feature = "neon")
        )))]
        {
            let _ = (dst, ds, src, ss, plain_size::<T>);
            false
        }
    }

    /// [`transpose`] for every block of the `fu × fl` kernel part of a tile, on the widest
    /// registers the CPU has; returns whether it did (otherwise nothing was touched).
    ///
    /// # Safety
    ///
    /// As for [`Kernel::transpose_tile`](super::Kernel::transpose_tile) (`dst` may point to
    /// uninitialised memory: it is only written).
    #[inline(always)]
    pub(crate) unsafe fn transpose_tile<T>(
        dst: *mut T,
        ds: isize,
        src: *const T,
        ss: isize,
        tile: (usize, usize),
    ) -> bool {
        #[cfg(target_arch = "x86_64")]
        {
            let (d, s) = (dst.cast::<u8>(), src.cast::<u8>());
            // As in `transpose`, in every arm `T` is a number of that many bytes.
            match plain_size::<T>() {
                // SAFETY: every block of the tile is inside the slices (the caller's contract),
                // as 4-byte lanes; the AVX kernels run only when the CPU has AVX (`has_avx`).
                4 => unsafe { x86::tile_32(x86::has_avx(), d.cast(), ds, s.cast(), ss, tile) },
                // SAFETY: as above, as 8-byte lanes.
                8 => unsafe { x86::tile_64(x86::has_avx(), d.cast(), ds, s.cast(), ss, tile) },
                // SAFETY: as above, as 2-byte lanes (SSE2 only).
                2 => unsafe { x86::tile_16(d.cast(), ds, s.cast(), ss, tile) },
                // SAFETY: as above, as bytes (SSE2 only).
                1 => unsafe { x86::tile_8(d, ds, s, ss, tile) },
                _ => return false,
            }
            true
        }
        #[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
        {
            if plain_size::<T>() == 0 {
                return false;
            }
            // SAFETY: every block of the tile is inside the slices (the caller's contract), and
            // `transpose` takes each as lanes of `T`'s size (its NEON kernel, chosen by a
            // constant once monomorphised).
            unsafe {
                super::blocks(dst, ds, src, ss, tile, |d, s| {
                    transpose(d, ds, s, ss);
                })
            };
            true
        }
        #[cfg(not(any(
            target_arch = "x86_64",
            all(target_arch = "aarch64", target_feature = "neon")
        )))]
        {
            let _ = (dst, ds, src, ss, tile, plain_size::<T>);
            false
        }
    }

    /// The size of `T` when it can be streamed ([`stream_tile`], [`stream_run`]): a primitive
    /// number on x86-64; 0 otherwise.
    #[inline(always)]
    pub(crate) fn stream_size<T>() -> usize {
        if cfg!(target_arch = "x86_64") {
            plain_size::<T>()
        } else {
            0
        }
    }

    /// Copies the transposed tile `dst[u·ds + l] = src[u + l·ss]` for `u < nu`, `l < nl` as
    /// bits when `T` is a primitive number on x86-64 and the tile fits the staging buffer
    /// (`nu` at most [`STAGE_ROWS`](super::STAGE_ROWS), `nu·nl` elements at most
    /// [`STAGE_BYTES`](super::STAGE_BYTES)): the tile is transposed into the buffer (the tile
    /// kernels for its part in whole blocks, element by element for the rest), then written
    /// to the destination row by row, front to back — as one range when the rows are adjacent
    /// (`ds == nl`) — its whole cache lines with non-temporal stores, which skip reading each
    /// line before writing it, and the partial lines at the ends with ordinary ones (or, with
    /// a `carry`, through it: see [`Carry`](super::Carry)). Returns whether it did (otherwise
    /// nothing was touched). The caller calls [`stream_fence`](super::stream_fence) before
    /// the destination is used, after flushing the carry.
    ///
    /// # Safety
    ///
    /// As for [`Kernel::stream_tile`](super::Kernel::stream_tile) (`dst` may point to
    /// uninitialised memory: it is only written).
    #[inline(always)]
    pub(crate) unsafe fn stream_tile<T>(
        dst: *mut T,
        ds: isize,
        src: *const T,
        ss: isize,
        (nu, nl): (usize, usize),
        carry: Option<&mut super::Carry>,
    ) -> bool {
        #[cfg(target_arch = "x86_64")]
        {
            use super::{LINE, MICRO, STAGE_BYTES, STAGE_ROWS};
            use core::mem::MaybeUninit;
            let size = plain_size::<T>();
            if size == 0
                || nu > STAGE_ROWS
                || nu.saturating_mul(nl).saturating_mul(size) > STAGE_BYTES
            {
                return false;
            }
            /// The staging buffer, aligned as lines.
            #[repr(C, align(64))]
            struct Stage([MaybeUninit<[u8; LINE]>; STAGE_BYTES / LINE]);
            let mut stage = Stage([MaybeUninit::uninit(); STAGE_BYTES / LINE]);
            let buf = stage.0.as_mut_ptr().cast::<T>();
            let (fu, fl) = (nu - nu % MICRO, nl - nl % MICRO);
            // A tile whose source rows are adjacent (`ss == nu`: one range of memory) is first
            // copied into a second buffer front to back, and transposed from there: the loads
            // of one range in kernel-block order stall, and a front-to-back copy does not.
            // Tiles whose source rows lie apart are not copied: it costs them more than it
            // saves.
            let mut copy = Stage([MaybeUninit::uninit(); STAGE_BYTES / LINE]);
            let (src, ss) = if ss == nu as isize {
                let from = copy.0.as_mut_ptr().cast::<T>();
                // SAFETY: the tile's source is the `nu · nl` elements from `src` (its rows
                // adjacent; the caller's contract), which fit the buffer as they fit `stage`;
                // the buffer is distinct from `src`.
                unsafe { core::ptr::copy_nonoverlapping(src, from, nu * nl) };
                (from.cast_const(), ss)
            } else {
                (src, ss)
            };
            let at = |u: usize, l: usize| src.wrapping_offset(u as isize + l as isize * ss);
            // SAFETY: the buffer holds `nu` rows of `nl` elements (row stride `nl`: `nu·nl`
            // elements fit), distinct from `src`; the tile's source positions are the
            // caller's. `fu` and `fl` are multiples of `MICRO`. The rest is copied one element
            // at a time, `T` being a plain number (`Copy`).
            unsafe {
                if fu > 0 && fl > 0 {
                    transpose_tile(buf, nl as isize, src, ss, (fu, fl));
                }
                for u in 0..nu {
                    let from = if u < fu { fl } else { 0 };
                    for l in from..nl {
                        buf.add(u * nl + l).write(at(u, l).read());
                    }
                }
                x86::write_rows(
                    stage.0.as_ptr().cast::<u8>(),
                    dst.cast::<u8>(),
                    ds.wrapping_mul(size as isize),
                    (nu, nl * size),
                    carry,
                );
            }
            true
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let _ = (dst, ds, src, ss, nu, nl, carry);
            false
        }
    }

    /// Copies the band `dst[u·ds + l] = src[u + l·ss]` for `u < nu`, `l < LINE / size` as bits
    /// when `T` is a primitive number on x86-64 and every destination row's line starts on a
    /// line (`dst` and `ds · size` multiples of [`LINE`](super::LINE)):
    /// [`BAND_ROWS`](super::BAND_ROWS) rows at a time (for 1- and 2-byte elements, one whole
    /// source line of each source row, staged first) are transposed into a buffer in L1 by
    /// the tile kernels and written out at once, each line whole with non-temporal stores
    /// (the rows beyond the last whole step as one tile, [`stream_tile`]). Writing the lines
    /// with one plain loop of four stores each, rather than through the general row writer
    /// (`write_rows`, which works out partial lines at both ends of every row), because the
    /// non-temporal stores stall, and the fewer instructions stand between them, the more
    /// source loads are in flight. Returns whether
    /// it did (otherwise nothing was touched). The caller calls
    /// [`stream_fence`](super::stream_fence) before the destination is used.
    ///
    /// # Safety
    ///
    /// As for [`Kernel::stream_lines`](super::Kernel::stream_lines) (`dst` may point to
    /// uninitialised memory: it is only written).
    #[inline(always)]
    pub(crate) unsafe fn stream_lines<T>(
        dst: *mut T,
        ds: isize,
        src: *const T,
        ss: isize,
        nu: usize,
    ) -> bool {
        #[cfg(target_arch = "x86_64")]
        {
            use super::{BAND_ROWS, LINE};
            use core::mem::MaybeUninit;
            let size = plain_size::<T>();
            let row_bytes = ds.unsigned_abs().wrapping_mul(size);
            if size == 0 || !dst.addr().is_multiple_of(LINE) || !row_bytes.is_multiple_of(LINE) {
                return false;
            }
            // Elements of 1 and 2 bytes take a whole source line of each of their 64 or 32
            // source rows at a time, copied into a second buffer first (`staged`): their rows
            // read a quarter or half line at a time straight from memory share too few L1 ways
            // to stay (rows a power of two apart map to one set) and are read again from L2.
            // Wider elements read enough of a line per row, so they go [`BAND_ROWS`] rows at a
            // time straight from the source.
            let (nl, staged) = (LINE / size, size <= 2);
            let step = if staged { nl } else { BAND_ROWS };
            /// Staging buffers of up to `LINE` lines: the destination lines of a step, and
            /// (`staged`) its source lines.
            #[repr(C, align(64))]
            struct Stage([MaybeUninit<[u8; LINE]>; LINE]);
            let mut stage = Stage([MaybeUninit::uninit(); LINE]);
            let mut lines = Stage([MaybeUninit::uninit(); LINE]);
            let from = lines.0.as_mut_ptr().cast::<T>();
            let buf = stage.0.as_mut_ptr().cast::<T>();
            let out = buf.cast::<u8>().cast_const();
            let whole = nu - nu % step;
            // 32-byte stores for the elements whose tile kernels are AVX ones too (4- and
            // 8-byte elements); narrower ones keep 16-byte stores.
            let wide = size >= 4 && x86::has_avx();
            let ds_bytes = ds.wrapping_mul(size as isize);
            for u0 in (0..whole).step_by(step) {
                // SAFETY: rows `u0..u0 + step` of the band (the caller's contract: positions of
                // layouts valid for their storage, invariant 1 of the tensor types), transposed
                // into `step ≤ LINE` lines of the buffer (row stride `nl`), either straight or
                // (`staged`, `step == nl`) from their `nl` source lines copied into `lines`
                // (row stride `step`); `step` and `nl` are multiples of `MICRO` (and of 16 for
                // bytes). Each line is then written whole to its destination row,
                // line-aligned (checked above).
                unsafe {
                    if staged {
                        for l in 0..nl {
                            let row = src.offset(l as isize * ss).add(u0);
                            // The line two steps on (prefetching never faults, wherever it
                            // points): far enough ahead to arrive in time, near enough to
                            // stay in L1.
                            #[cfg(not(miri))]
                            x86::prefetch(row.wrapping_add(2 * step).cast());
                            core::ptr::copy_nonoverlapping(row, from.add(l * step), step);
                        }
                        transpose_tile(
                            buf,
                            nl as isize,
                            from.cast_const(),
                            step as isize,
                            (step, nl),
                        );
                    } else {
                        transpose_tile(buf, nl as isize, src.add(u0), ss, (step, nl));
                    }
                    x86::write_lines(
                        out,
                        dst.offset(u0 as isize * ds).cast(),
                        ds_bytes,
                        step,
                        wide,
                    );
                }
            }
            if whole < nu {
                // SAFETY: rows `whole..nu` of the band (the caller's contract), fewer than
                // `step ≤ STAGE_ROWS`, a tile of at most 4 KiB: `stream_tile` takes it whole.
                let done = unsafe {
                    let (d, s) = (dst.offset(whole as isize * ds), src.add(whole));
                    stream_tile(d, ds, s, ss, (nu - whole, nl), None)
                };
                debug_assert!(done, "a band's rest fits one streamed tile");
            }
            true
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let _ = (dst, ds, src, ss, nu);
            false
        }
    }

    /// Copies the run `dst[k] = src[k·ss]` for `k < n` as bits when `T` is a primitive number
    /// on x86-64, the whole cache lines of the destination with non-temporal stores: straight
    /// from the source when it is unit-stride, otherwise gathered into a staging buffer
    /// [`RUN_STAGE_BYTES`](super::RUN_STAGE_BYTES) at a time. Returns whether it did
    /// (otherwise nothing was touched). The caller calls [`stream_fence`](super::stream_fence)
    /// before the destination is used.
    ///
    /// # Safety
    ///
    /// As for [`Kernel::stream_run`](super::Kernel::stream_run).
    #[inline(always)]
    pub(crate) unsafe fn stream_run<T>(dst: *mut T, src: *const T, ss: isize, n: usize) -> bool {
        #[cfg(target_arch = "x86_64")]
        {
            use super::RUN_STAGE_BYTES;
            use core::mem::MaybeUninit;
            let size = plain_size::<T>();
            if size == 0 {
                return false;
            }
            if ss == 1 {
                // SAFETY: the `n` elements from `src` and from `dst` are the run's (the
                // caller's contract), in distinct slices.
                unsafe { x86::write_range(src.cast(), dst.cast(), n * size) };
                return true;
            }
            /// The staging buffer, aligned as lines.
            #[repr(C, align(64))]
            struct Stage([MaybeUninit<u8>; RUN_STAGE_BYTES]);
            let mut stage = Stage([MaybeUninit::uninit(); RUN_STAGE_BYTES]);
            let buf = stage.0.as_mut_ptr().cast::<T>();
            let room = RUN_STAGE_BYTES / size;
            for (k, len) in super::staged_pieces(dst.addr(), size, n, room) {
                // SAFETY: elements `k..k + len` of the run (the caller's contract), copied as
                // plain numbers into `len ≤ room` slots of the buffer, then out to the
                // destination's elements `k..k + len`.
                unsafe {
                    for i in 0..len {
                        let at = src.wrapping_offset(((k + i) as isize).wrapping_mul(ss));
                        buf.add(i).write(at.read());
                    }
                    x86::write_range(buf.cast(), dst.add(k).cast(), len * size);
                }
            }
            true
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let _ = (dst, src, ss, n);
            false
        }
    }

    /// Copies the plane of [`Kernel::stream_plane`](super::Kernel::stream_plane) as bits, for
    /// the plain numbers on x86-64 when `dst` is aligned to 16 bytes and a run is a whole
    /// number of 16 bytes (so that no 16 bytes of the destination straddle two runs); returns
    /// whether it did (otherwise nothing was touched). The caller calls
    /// [`stream_fence`](super::stream_fence) before the destination is used.
    ///
    /// # Safety
    ///
    /// As for [`Kernel::stream_plane`](super::Kernel::stream_plane).
    #[inline(always)]
    pub(crate) unsafe fn stream_plane<T>(
        dst: *mut T,
        src: *const T,
        n: usize,
        sm: isize,
        m: usize,
    ) -> bool {
        #[cfg(target_arch = "x86_64")]
        {
            let size = plain_size::<T>();
            let run = n.wrapping_mul(size);
            if size == 0 || !dst.addr().is_multiple_of(16) || !run.is_multiple_of(16) || run == 0 {
                return false;
            }
            // SAFETY: the plane's runs and destination range (the caller's contract), as bytes;
            // `run · m` and `sm · size` are byte counts inside the operands' allocations.
            unsafe {
                x86::write_plane(
                    src.cast(),
                    (run, sm.wrapping_mul(size as isize), m),
                    dst.cast(),
                )
            };
            true
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let _ = (dst, src, n, sm, m);
            false
        }
    }

    /// NEON kernels for aarch64 (part of the baseline of its Linux, macOS and Windows targets;
    /// compiled only where the target has it). Every block is `MICRO × MICRO`, transposed by
    /// rounds of `trn1`/`trn2` (interleaving the even and the odd lanes of two registers) on
    /// lanes twice as wide each round; the lanes are handled as unsigned integers of the
    /// element's size, so the bits are copied unchanged (a NaN's payload included).
    /// `transpose_tile` walks a tile's blocks with `blocks`. Tested on QEMU's user-mode aarch64
    /// emulation in CI.
    #[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
    pub(super) mod neon {
        use super::super::MICRO;
        use core::arch::aarch64::{
            uint8x8_t, uint16x8_t, uint32x4_t, vld1_u8, vld1q_u16, vld1q_u32, vld1q_u64,
            vreinterpret_u8_u16, vreinterpret_u8_u32, vreinterpret_u16_u8, vreinterpret_u32_u8,
            vreinterpretq_u16_u32, vreinterpretq_u32_u16, vreinterpretq_u32_u64,
            vreinterpretq_u64_u32, vst1_u8, vst1q_u16, vst1q_u32, vst1q_u64, vtrn1_u8, vtrn1_u16,
            vtrn1_u32, vtrn1q_u16, vtrn1q_u32, vtrn1q_u64, vtrn2_u8, vtrn2_u16, vtrn2_u32,
            vtrn2q_u16, vtrn2q_u32, vtrn2q_u64,
        };

        /// The `MICRO × MICRO` block of 4-byte lanes as four 4 × 4 register transposes: 32-bit
        /// then 64-bit rounds.
        ///
        /// # Safety
        ///
        /// As for `transpose`, with 4-byte elements.
        #[inline(always)]
        pub(crate) unsafe fn transpose_32(dst: *mut u32, ds: isize, src: *const u32, ss: isize) {
            for u in (0..MICRO as isize).step_by(4) {
                for l in (0..MICRO as isize).step_by(4) {
                    let (d, s) = (u * ds + l, u + l * ss);
                    // SAFETY: rows `l..l + 4` of the source, lanes `u..u + 4`, and rows
                    // `u..u + 4` of the destination, lanes `l..l + 4`, lie in the block, whose
                    // positions the caller vouches for (invariant 1); `vld1q`/`vst1q` need
                    // only the element's alignment, which the pointers have.
                    unsafe {
                        let r0 = vld1q_u32(src.offset(s));
                        let r1 = vld1q_u32(src.offset(s + ss));
                        let r2 = vld1q_u32(src.offset(s + 2 * ss));
                        let r3 = vld1q_u32(src.offset(s + 3 * ss));
                        // Lane `u` of `r_l` is element `(u, l)`. Pairs of rows first (`t0`:
                        // lanes 0 and 2 of rows 0 and 1), then pairs of pairs.
                        let wide = |x: uint32x4_t| vreinterpretq_u64_u32(x);
                        let (t0, t1) = (wide(vtrn1q_u32(r0, r1)), wide(vtrn2q_u32(r0, r1)));
                        let (t2, t3) = (wide(vtrn1q_u32(r2, r3)), wide(vtrn2q_u32(r2, r3)));
                        let narrow = |x| vreinterpretq_u32_u64(x);
                        vst1q_u32(dst.offset(d), narrow(vtrn1q_u64(t0, t2)));
                        vst1q_u32(dst.offset(d + ds), narrow(vtrn1q_u64(t1, t3)));
                        vst1q_u32(dst.offset(d + 2 * ds), narrow(vtrn2q_u64(t0, t2)));
                        vst1q_u32(dst.offset(d + 3 * ds), narrow(vtrn2q_u64(t1, t3)));
                    }
                }
            }
        }

        /// The `MICRO × MICRO` block of 8-byte lanes as sixteen 2 × 2 register transposes.
        ///
        /// # Safety
        ///
        /// As for `transpose`, with 8-byte elements.
        #[inline(always)]
        pub(crate) unsafe fn transpose_64(dst: *mut u64, ds: isize, src: *const u64, ss: isize) {
            for u in (0..MICRO as isize).step_by(2) {
                for l in (0..MICRO as isize).step_by(2) {
                    let (d, s) = (u * ds + l, u + l * ss);
                    // SAFETY: rows `l, l + 1` of the source, lanes `u, u + 1`, and rows
                    // `u, u + 1` of the destination, lanes `l, l + 1`, lie in the block, whose
                    // positions the caller vouches for (invariant 1).
                    unsafe {
                        let r0 = vld1q_u64(src.offset(s));
                        let r1 = vld1q_u64(src.offset(s + ss));
                        vst1q_u64(dst.offset(d), vtrn1q_u64(r0, r1));
                        vst1q_u64(dst.offset(d + ds), vtrn2q_u64(r0, r1));
                    }
                }
            }
        }

        /// The `MICRO × MICRO` block of 2-byte lanes: eight 16-byte source lines, 16-, 32- and
        /// 64-bit rounds, eight 16-byte destination lines.
        ///
        /// # Safety
        ///
        /// As for `transpose`, with 2-byte elements.
        #[inline(always)]
        pub(crate) unsafe fn transpose_16(dst: *mut u16, ds: isize, src: *const u16, ss: isize) {
            let r: [uint16x8_t; MICRO] = core::array::from_fn(|l| {
                // SAFETY: row `l < MICRO` of the source, lanes `0..MICRO`, lies in the block,
                // whose positions the caller vouches for (invariant 1).
                unsafe { vld1q_u16(src.offset(l as isize * ss)) }
            });
            // SAFETY: NEON is part of the target (register operations only).
            let rows = unsafe {
                // `a[2i]`, `a[2i + 1]`: the even and the odd lanes of rows `2i`, `2i + 1`
                // paired.
                let a: [uint32x4_t; MICRO] = core::array::from_fn(|k| {
                    let (x, y) = (r[k & !1], r[k | 1]);
                    vreinterpretq_u32_u16(if k % 2 == 0 {
                        vtrn1q_u16(x, y)
                    } else {
                        vtrn2q_u16(x, y)
                    })
                });
                // `b[4h + j]`: lanes `j, j + 4` (`j < 4`) of rows `4h..4h + 4`.
                let b: [uint32x4_t; MICRO] = core::array::from_fn(|k| {
                    let (h, j) = (k / 4, k % 4);
                    let (x, y) = (a[4 * h + j % 2], a[4 * h + j % 2 + 2]);
                    if j < 2 {
                        vtrn1q_u32(x, y)
                    } else {
                        vtrn2q_u32(x, y)
                    }
                });
                // Destination row `u`: lane `u % 4` of rows 0–3 and of rows 4–7, from the pair
                // `b[u % 4]`, `b[4 + u % 4]` (low halves for `u < 4`, high ones after).
                let row: [uint16x8_t; MICRO] = core::array::from_fn(|u| {
                    let (x, y) = (
                        vreinterpretq_u64_u32(b[u % 4]),
                        vreinterpretq_u64_u32(b[4 + u % 4]),
                    );
                    vreinterpretq_u16_u32(vreinterpretq_u32_u64(if u < 4 {
                        vtrn1q_u64(x, y)
                    } else {
                        vtrn2q_u64(x, y)
                    }))
                });
                row
            };
            for (u, row) in rows.into_iter().enumerate() {
                // SAFETY: row `u < MICRO` of the destination, lanes `0..MICRO`, lies in the
                // block (the caller's contract, as above).
                unsafe { vst1q_u16(dst.offset(u as isize * ds), row) };
            }
        }

        /// The `MICRO × MICRO` block of bytes: eight 8-byte source lines, 8-, 16- and 32-bit
        /// rounds in 64-bit registers, eight 8-byte destination lines.
        ///
        /// # Safety
        ///
        /// As for `transpose`, with 1-byte elements.
        #[inline(always)]
        pub(crate) unsafe fn transpose_8(dst: *mut u8, ds: isize, src: *const u8, ss: isize) {
            let r: [uint8x8_t; MICRO] = core::array::from_fn(|l| {
                // SAFETY: row `l < MICRO` of the source, lanes `0..MICRO` (8 bytes), lies in the
                // block, whose positions the caller vouches for (invariant 1).
                unsafe { vld1_u8(src.offset(l as isize * ss)) }
            });
            // SAFETY: NEON is part of the target (register operations only).
            let rows = unsafe {
                // As in `transpose_16`, on lanes half as wide.
                let a: [uint8x8_t; MICRO] = core::array::from_fn(|k| {
                    let (x, y) = (r[k & !1], r[k | 1]);
                    if k % 2 == 0 {
                        vtrn1_u8(x, y)
                    } else {
                        vtrn2_u8(x, y)
                    }
                });
                let b: [uint8x8_t; MICRO] = core::array::from_fn(|k| {
                    let (h, j) = (k / 4, k % 4);
                    let x = vreinterpret_u16_u8(a[4 * h + j % 2]);
                    let y = vreinterpret_u16_u8(a[4 * h + j % 2 + 2]);
                    let z = if j < 2 {
                        vtrn1_u16(x, y)
                    } else {
                        vtrn2_u16(x, y)
                    };
                    vreinterpret_u8_u16(z)
                });
                let row: [uint8x8_t; MICRO] = core::array::from_fn(|u| {
                    let x = vreinterpret_u32_u8(b[u % 4]);
                    let y = vreinterpret_u32_u8(b[4 + u % 4]);
                    vreinterpret_u8_u32(if u < 4 {
                        vtrn1_u32(x, y)
                    } else {
                        vtrn2_u32(x, y)
                    })
                });
                row
            };
            for (u, row) in rows.into_iter().enumerate() {
                // SAFETY: row `u < MICRO` of the destination, lanes `0..MICRO` (8 bytes), lies
                // in the block (the caller's contract, as above).
                unsafe { vst1_u8(dst.offset(u as isize * ds), row) };
            }
        }
    }

    /// SIMD kernels: SSE2 (part of the x86-64 baseline, so always there) and AVX (asked for).
    #[cfg(target_arch = "x86_64")]
    pub(super) mod x86 {
        use super::super::{MICRO, blocks, blocks_rows_first};
        use core::arch::x86_64::{
            __m128i, _mm_loadl_epi64, _mm_loadu_pd, _mm_loadu_ps, _mm_loadu_si128, _mm_movehl_ps,
            _mm_movelh_ps, _mm_storel_epi64, _mm_storeu_pd, _mm_storeu_ps, _mm_storeu_si128,
            _mm_unpackhi_epi8, _mm_unpackhi_epi16, _mm_unpackhi_epi32, _mm_unpackhi_epi64,
            _mm_unpackhi_pd, _mm_unpackhi_ps, _mm_unpacklo_epi8, _mm_unpacklo_epi16,
            _mm_unpacklo_epi32, _mm_unpacklo_epi64, _mm_unpacklo_pd, _mm_unpacklo_ps,
        };

        /// Writes the `rows` rows of `width` bytes of the buffer `buf` (adjacent) to
        /// `dst + u·ds` (bytes), as one range when the destination rows are adjacent too
        /// (`ds == width`): in each range the whole cache lines with non-temporal stores, the
        /// partial lines at its two ends with ordinary ones.
        ///
        /// # Safety
        ///
        /// `buf` holds `rows · width` initialised bytes; every `dst + u·ds` is valid for writes
        /// of `width` bytes, outside `buf`.
        #[inline(always)]
        pub(crate) unsafe fn write_rows(
            buf: *const u8,
            dst: *mut u8,
            ds: isize,
            (rows, width): (usize, usize),
            carry: Option<&mut super::super::Carry>,
        ) {
            let (rows, width) = if ds == width as isize {
                (rows.min(1), rows * width)
            } else {
                (rows, width)
            };
            match carry {
                // SAFETY: row `u` of the buffer and of the destination (the caller's
                // contract), `u < rows ≤ STAGE_ROWS` (the buffer's rows); the carry's lines
                // lie in the same destination, outside these rows.
                Some(carry) if rows > 1 => (0..rows).for_each(|u| unsafe {
                    carry.write(u, buf.add(u * width), dst.offset(u as isize * ds), width)
                }),
                // SAFETY: as above.
                _ => (0..rows).for_each(|u| unsafe {
                    write_range(buf.add(u * width), dst.offset(u as isize * ds), width)
                }),
            }
        }

        /// Asks for the cache line at `at` to be brought into L1 (SSE `prefetcht0`, a hint that
        /// never faults).
        #[cfg(not(miri))]
        #[inline(always)]
        pub(crate) fn prefetch(at: *const i8) {
            use core::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            // SAFETY: SSE is part of the x86-64 baseline, and a prefetch reads nothing
            // architecturally: it does not fault, whatever address it is given.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(at) };
        }

        /// Writes the `rows` lines of the line-aligned buffer `buf` to the lines at
        /// `dst + u·ds` (bytes), each whole with non-temporal stores: four of 16 bytes (SSE2),
        /// or two of 32 bytes when `wide`.
        ///
        /// # Safety
        ///
        /// `buf` holds `rows` initialised lines and is aligned to a line; every `dst + u·ds`
        /// is aligned to a line and valid for writes of one, outside `buf`; `wide` only if the
        /// CPU has AVX.
        #[inline(always)]
        pub(crate) unsafe fn write_lines(
            buf: *const u8,
            dst: *mut u8,
            ds: isize,
            rows: usize,
            wide: bool,
        ) {
            use super::super::LINE;
            #[cfg(not(miri))]
            use core::arch::x86_64::{_mm_load_si128, _mm_stream_si128};
            if wide {
                // SAFETY: the caller's contract, and the CPU has AVX (`wide`).
                return unsafe { avx::write_lines(buf, dst, ds, rows) };
            }
            for u in 0..rows {
                // SAFETY: line `u` of the buffer and the destination's line `u`, both aligned
                // to a line, so each quarter to the 16 bytes the instructions need (the
                // caller's contract).
                unsafe {
                    let (f, t) = (buf.add(u * LINE), dst.offset(u as isize * ds));
                    debug_assert!(t.addr() % LINE == 0 && f.addr() % LINE == 0);
                    for q in (0..LINE).step_by(16) {
                        let t = t.add(q).cast::<__m128i>();
                        // Miri cannot run the non-temporal store (inline assembly); an
                        // ordinary one writes the same bytes.
                        #[cfg(not(miri))]
                        _mm_stream_si128(t, _mm_load_si128(f.add(q).cast::<__m128i>()));
                        #[cfg(miri)]
                        _mm_storeu_si128(t, _mm_loadu_si128(f.add(q).cast::<__m128i>()));
                    }
                }
            }
        }

        /// Copies `n` bytes from `from` to `to`: the whole cache lines of `to` with
        /// non-temporal stores, the bytes before the first and after the last with ordinary
        /// ones.
        ///
        /// # Safety
        ///
        /// `from` is valid for reads and `to` for writes of `n` bytes; they do not overlap.
        #[inline(always)]
        pub(crate) unsafe fn write_range(from: *const u8, to: *mut u8, n: usize) {
            use super::super::LINE;
            #[cfg(not(miri))]
            use core::arch::x86_64::_mm_stream_si128;
            let head = ((LINE - to.addr() % LINE) % LINE).min(n);
            let lines = (n - head) / LINE;
            let tail = head + lines * LINE;
            // SAFETY: every part lies in the `n` bytes (the caller's contract); the lines
            // start on a line of `to`, so each quarter is aligned to 16 bytes as the
            // non-temporal store needs (the loads are unaligned).
            unsafe {
                copy_short(from, to, head);
                for k in 0..lines {
                    let (f, t) = (from.add(head + k * LINE), to.add(head + k * LINE));
                    for q in (0..LINE).step_by(16) {
                        let v = _mm_loadu_si128(f.add(q).cast::<__m128i>());
                        let t = t.add(q).cast::<__m128i>();
                        debug_assert!(t.addr() % 16 == 0);
                        // Miri cannot run the instruction (inline assembly); an ordinary
                        // store writes the same bytes.
                        #[cfg(not(miri))]
                        _mm_stream_si128(t, v);
                        #[cfg(miri)]
                        _mm_storeu_si128(t, v);
                    }
                }
                copy_short(from.add(tail), to.add(tail), n - tail);
            }
        }

        /// Copies `m` runs of `run` bytes, run `j` at `from + j·step`, to the `m·run` bytes
        /// from `to`, 16 bytes at a time: the whole cache lines of `to` with non-temporal
        /// stores, the partial lines at its two ends with ordinary ones.
        ///
        /// # Safety
        ///
        /// `to` is aligned to 16 bytes and valid for writes of `m·run` bytes; `run` is a
        /// nonzero multiple of 16; each run is valid for reads and outside the destination.
        #[inline(always)]
        pub(crate) unsafe fn write_plane(
            from: *const u8,
            (run, step, m): (usize, isize, usize),
            to: *mut u8,
        ) {
            use super::super::LINE;
            #[cfg(not(miri))]
            use core::arch::x86_64::_mm_stream_si128;
            let total = run * m;
            let head = ((LINE - to.addr() % LINE) % LINE).min(total);
            let body = head + (total - head) / LINE * LINE;
            // The source of the next 16 bytes: `from + j·step + off`, `off < run` (computed
            // from `j` each time rather than carried in a pointer, which keeps the loop's
            // dependency chains short).
            let (mut j, mut off) = (0isize, 0);
            let mut next = || {
                let at = from.wrapping_offset(j.wrapping_mul(step)).wrapping_add(off);
                off += 16;
                if off == run {
                    off = 0;
                    j += 1;
                }
                at.cast::<__m128i>()
            };
            // SAFETY: every 16 bytes of the destination lie in one run (`to` and `run` are
            // multiples of 16), read from where `next` says (the caller's contract: the runs
            // are valid for reads); the destination's pieces lie in its `total` bytes, the
            // non-temporal ones on 16-byte boundaries (the loads are unaligned).
            unsafe {
                let mut at = 0;
                while at < head {
                    _mm_storeu_si128(to.add(at).cast(), _mm_loadu_si128(next()));
                    at += 16;
                }
                while at < body {
                    for q in (0..LINE).step_by(16) {
                        let (v, t) = (_mm_loadu_si128(next()), to.add(at + q).cast::<__m128i>());
                        // Miri cannot run the instruction (inline assembly); an ordinary
                        // store writes the same bytes.
                        #[cfg(not(miri))]
                        _mm_stream_si128(t, v);
                        #[cfg(miri)]
                        _mm_storeu_si128(t, v);
                    }
                    at += LINE;
                }
                while at < total {
                    _mm_storeu_si128(to.add(at).cast(), _mm_loadu_si128(next()));
                    at += 16;
                }
            }
        }

        /// Copies `n < LINE` bytes from `from` to `to` with ordinary stores, 16, 8, 4, 2 and
        /// 1 at a time (no call to `memcpy` for a few bytes).
        ///
        /// # Safety
        ///
        /// As for `write_range`.
        #[inline(always)]
        pub(crate) unsafe fn copy_short(from: *const u8, to: *mut u8, n: usize) {
            let mut done = 0;
            // SAFETY: each piece lies in the `n` bytes (the caller's contract); unaligned
            // loads and stores need no alignment.
            unsafe {
                while n - done >= 16 {
                    let v = _mm_loadu_si128(from.add(done).cast::<__m128i>());
                    _mm_storeu_si128(to.add(done).cast::<__m128i>(), v);
                    done += 16;
                }
                if n - done >= 8 {
                    to.add(done)
                        .cast::<u64>()
                        .write_unaligned(from.add(done).cast::<u64>().read_unaligned());
                    done += 8;
                }
                if n - done >= 4 {
                    to.add(done)
                        .cast::<u32>()
                        .write_unaligned(from.add(done).cast::<u32>().read_unaligned());
                    done += 4;
                }
                if n - done >= 2 {
                    to.add(done)
                        .cast::<u16>()
                        .write_unaligned(from.add(done).cast::<u16>().read_unaligned());
                    done += 2;
                }
                if n > done {
                    to.add(done).write(from.add(done).read());
                }
            }
        }

        /// Whether the CPU has AVX: known at compile time when the build enables it, asked
        /// once and cached by the standard library with `std`, assumed absent otherwise.
        #[inline(always)]
        pub(crate) fn has_avx() -> bool {
            if cfg!(target_feature = "avx") {
                return true;
            }
            #[cfg(feature = "std")]
            {
                extern crate std;
                std::arch::is_x86_feature_detected!("avx")
            }
            #[cfg(not(feature = "std"))]
            false
        }

        /// The kernel part of a tile of 4-byte lanes, block by block: AVX 8 × 8 blocks when
        /// `wide`, two per step along `l` (so each destination row gets a whole 64-byte line
        /// at a time), SSE2 4 × 4 ones otherwise.
        ///
        /// # Safety
        ///
        /// As for `transpose_tile`, with 4-byte elements; `wide` only if the CPU has AVX.
        #[inline(always)]
        pub(crate) unsafe fn tile_32(
            wide: bool,
            dst: *mut f32,
            ds: isize,
            src: *const f32,
            ss: isize,
            tile: (usize, usize),
        ) {
            if wide {
                // SAFETY: the caller's contract, and the CPU has AVX.
                unsafe { avx::tile_32(dst, ds, src, ss, tile) }
            } else {
                // SAFETY: the caller's contract covers every block of the tile.
                unsafe { blocks(dst, ds, src, ss, tile, |d, s| transpose_32(d, ds, s, ss)) }
            }
        }

        /// The kernel part of a tile of 8-byte lanes: AVX 4 × 4 blocks when `wide`, SSE2
        /// 2 × 2 ones otherwise.
        ///
        /// # Safety
        ///
        /// As for `transpose_tile`, with 8-byte elements; `wide` only if the CPU has AVX.
        #[inline(always)]
        pub(crate) unsafe fn tile_64(
            wide: bool,
            dst: *mut f64,
            ds: isize,
            src: *const f64,
            ss: isize,
            tile: (usize, usize),
        ) {
            if wide {
                // SAFETY: the caller's contract, and the CPU has AVX.
                unsafe { avx::tile_64(dst, ds, src, ss, tile) }
            } else {
                // SAFETY: the caller's contract covers every block of the tile.
                unsafe { blocks(dst, ds, src, ss, tile, |d, s| transpose_64(d, ds, s, ss)) }
            }
        }

        /// The kernel part of a tile of 2-byte lanes in `MICRO × MICRO` blocks, in strips of
        /// 32 lanes along `l` (one 64-byte destination line), `u` outermost within a strip
        /// (see `blocks_rows_first`).
        ///
        /// # Safety
        ///
        /// As for `transpose_tile`, with 2-byte elements.
        #[inline(always)]
        pub(crate) unsafe fn tile_16(
            dst: *mut u16,
            ds: isize,
            src: *const u16,
            ss: isize,
            (fu, fl): (usize, usize),
        ) {
            const LINE: usize = 4 * MICRO;
            for l0 in (0..fl).step_by(LINE) {
                let (l, width) = (l0 as isize, LINE.min(fl - l0));
                // SAFETY: the strip `0..fu` × `l0..l0 + width` lies in the tile, whose
                // positions the caller vouches for (invariant 1); `width` is a multiple of
                // `MICRO` as `fl` is.
                unsafe {
                    blocks_rows_first(
                        dst.offset(l),
                        ds,
                        src.offset(l * ss),
                        ss,
                        (fu, width),
                        MICRO,
                        |d, s| transpose_16(d, ds, s, ss),
                    )
                }
            }
        }

        /// The kernel part of a tile of bytes: 16 × 16 blocks, `u` outermost (see
        /// `blocks_rows_first`), then the `MICRO`-wide edges the tile leaves when its sides are
        /// not multiples of 16, in `MICRO × MICRO` blocks.
        ///
        /// # Safety
        ///
        /// As for `transpose_tile`, with 1-byte elements.
        #[inline(always)]
        pub(crate) unsafe fn tile_8(
            dst: *mut u8,
            ds: isize,
            src: *const u8,
            ss: isize,
            (fu, fl): (usize, usize),
        ) {
            const WIDE: usize = 2 * MICRO;
            let (wu, wl) = (fu - fu % WIDE, fl - fl % WIDE);
            let (u, l) = (wu as isize, wl as isize);
            // SAFETY: `blocks_rows_first` passes corners of blocks inside the part it walks,
            // which the calls below vouch for.
            let edge = |d, s| unsafe { transpose_8(d, ds, s, ss) };
            // SAFETY: the part `0..wu` × `0..wl` lies in the tile, whose positions the caller
            // vouches for (invariant 1); its sides are multiples of 16.
            unsafe {
                blocks_rows_first(dst, ds, src, ss, (wu, wl), WIDE, |d, s| {
                    transpose_8_wide(d, ds, s, ss)
                })
            };
            if wl < fl {
                // SAFETY: the part `0..wu` × `wl..fl` lies in the tile (as above), so its
                // corner `(0, wl)` does; its sides are multiples of `MICRO`, as `fl` is.
                let (d, s) = unsafe { (dst.offset(l), src.offset(l * ss)) };
                // SAFETY: as just said.
                unsafe { blocks_rows_first(d, ds, s, ss, (wu, fl - wl), MICRO, edge) };
            }
            if wu < fu {
                // SAFETY: the part `wu..fu` × `0..fl` lies in the tile (as above), so its
                // corner `(wu, 0)` does; its sides are multiples of `MICRO`, as `fu` is.
                let (d, s) = unsafe { (dst.offset(u * ds), src.offset(u)) };
                // SAFETY: as just said.
                unsafe { blocks_rows_first(d, ds, s, ss, (fu - wu, fl), MICRO, edge) };
            }
        }

        /// A 16 × 16 block of bytes: sixteen 16-byte source lines, four rounds of interleaving
        /// (8-, 16-, 32- and 64-bit), sixteen 16-byte destination lines.
        ///
        /// # Safety
        ///
        /// As for `transpose` but on a 16 × 16 block, with 1-byte elements.
        #[inline(always)]
        unsafe fn transpose_8_wide(dst: *mut u8, ds: isize, src: *const u8, ss: isize) {
            const WIDE: usize = 2 * MICRO;
            /// One round: within each group of `$group` registers, register `k` of the first
            /// half interleaves the low halves of registers `2k` and `2k + 1` of the previous
            /// round, and of the second half their high halves.
            macro_rules! round {
                ($prev:expr, $group:expr, $lo:ident, $hi:ident) => {
                    core::array::from_fn::<__m128i, WIDE, _>(|k| {
                        let (first, half) = (k - k % $group, $group / 2);
                        let pair = first + 2 * (k % half);
                        let (x, y) = ($prev[pair], $prev[pair + 1]);
                        // SAFETY: SSE2 is part of the x86-64 baseline (register operations
                        // only).
                        unsafe {
                            if k % $group < half {
                                $lo(x, y)
                            } else {
                                $hi(x, y)
                            }
                        }
                    })
                };
            }
            let r: [__m128i; WIDE] = core::array::from_fn(|l| {
                // SAFETY: row `l < 16` of the source, lanes `0..16`, lies in the block, whose
                // positions the caller vouches for (invariant 1); unaligned loads need no
                // alignment.
                unsafe { _mm_loadu_si128(src.offset(l as isize * ss).cast()) }
            });
            // After round one, register `k` pairs rows `2i, 2i + 1` (`i = k % 8`) for lanes
            // `u < 8` (`k < 8`) or `u ≥ 8`; each further round doubles the rows per lane and
            // halves the lanes, until register `u` is destination row `u`.
            let a = round!(r, 16, _mm_unpacklo_epi8, _mm_unpackhi_epi8);
            let b = round!(a, 8, _mm_unpacklo_epi16, _mm_unpackhi_epi16);
            let c = round!(b, 4, _mm_unpacklo_epi32, _mm_unpackhi_epi32);
            let rows = round!(c, 2, _mm_unpacklo_epi64, _mm_unpackhi_epi64);
            for (u, row) in rows.into_iter().enumerate() {
                // SAFETY: row `u < 16` of the destination, lanes `0..16`, lies in the block
                // (the caller's contract, as above).
                unsafe { _mm_storeu_si128(dst.offset(u as isize * ds).cast(), row) };
            }
        }

        /// The `MICRO × MICRO` block of 4-byte lanes as four 4 × 4 register transposes.
        ///
        /// # Safety
        ///
        /// As for `transpose`, with 4-byte elements.
        #[inline(always)]
        pub(crate) unsafe fn transpose_32(dst: *mut f32, ds: isize, src: *const f32, ss: isize) {
            for u in (0..MICRO as isize).step_by(4) {
                for l in (0..MICRO as isize).step_by(4) {
                    let (d, s) = (u * ds + l, u + l * ss);
                    // SAFETY: rows `l..l + 4` of the source, lanes `u..u + 4`, and rows
                    // `u..u + 4` of the destination, lanes `l..l + 4`, lie in the block, whose
                    // positions the caller vouches for (invariant 1); unaligned loads and stores
                    // need no alignment.
                    unsafe {
                        let r0 = _mm_loadu_ps(src.offset(s));
                        let r1 = _mm_loadu_ps(src.offset(s + ss));
                        let r2 = _mm_loadu_ps(src.offset(s + 2 * ss));
                        let r3 = _mm_loadu_ps(src.offset(s + 3 * ss));
                        // Lane `u` of `r_l` is element `(u, l)`; gather each `u` across rows.
                        let lo01 = _mm_unpacklo_ps(r0, r1);
                        let lo23 = _mm_unpacklo_ps(r2, r3);
                        let hi01 = _mm_unpackhi_ps(r0, r1);
                        let hi23 = _mm_unpackhi_ps(r2, r3);
                        _mm_storeu_ps(dst.offset(d), _mm_movelh_ps(lo01, lo23));
                        _mm_storeu_ps(dst.offset(d + ds), _mm_movehl_ps(lo23, lo01));
                        _mm_storeu_ps(dst.offset(d + 2 * ds), _mm_movelh_ps(hi01, hi23));
                        _mm_storeu_ps(dst.offset(d + 3 * ds), _mm_movehl_ps(hi23, hi01));
                    }
                }
            }
        }

        /// The `MICRO × MICRO` block of 8-byte lanes as sixteen 2 × 2 register transposes.
        ///
        /// # Safety
        ///
        /// As for `transpose`, with 8-byte elements.
        #[inline(always)]
        pub(crate) unsafe fn transpose_64(dst: *mut f64, ds: isize, src: *const f64, ss: isize) {
            for u in (0..MICRO as isize).step_by(2) {
                for l in (0..MICRO as isize).step_by(2) {
                    let (d, s) = (u * ds + l, u + l * ss);
                    // SAFETY: rows `l, l + 1` of the source, lanes `u, u + 1`, and rows
                    // `u, u + 1` of the destination, lanes `l, l + 1`, lie in the block, whose
                    // positions the caller vouches for (invariant 1).
                    unsafe {
                        let r0 = _mm_loadu_pd(src.offset(s));
                        let r1 = _mm_loadu_pd(src.offset(s + ss));
                        _mm_storeu_pd(dst.offset(d), _mm_unpacklo_pd(r0, r1));
                        _mm_storeu_pd(dst.offset(d + ds), _mm_unpackhi_pd(r0, r1));
                    }
                }
            }
        }

        /// The `MICRO × MICRO` block of 2-byte lanes: eight 16-byte source lines, three rounds
        /// of interleaving (16-, 32- and 64-bit), eight 16-byte destination lines.
        ///
        /// # Safety
        ///
        /// As for `transpose`, with 2-byte elements.
        #[inline(always)]
        pub(crate) unsafe fn transpose_16(dst: *mut u16, ds: isize, src: *const u16, ss: isize) {
            let r: [__m128i; MICRO] = core::array::from_fn(|l| {
                // SAFETY: row `l < MICRO` of the source, lanes `0..MICRO`, lies in the block,
                // whose positions the caller vouches for (invariant 1); unaligned loads need no
                // alignment.
                unsafe { _mm_loadu_si128(src.offset(l as isize * ss).cast()) }
            });
            // `a`: lanes `u` of rows `2i, 2i + 1` paired (low half `u < 4`, high `u ≥ 4`).
            // SAFETY: SSE2 is part of the x86-64 baseline (register operations only).
            let a = unsafe {
                [
                    _mm_unpacklo_epi16(r[0], r[1]),
                    _mm_unpackhi_epi16(r[0], r[1]),
                    _mm_unpacklo_epi16(r[2], r[3]),
                    _mm_unpackhi_epi16(r[2], r[3]),
                    _mm_unpacklo_epi16(r[4], r[5]),
                    _mm_unpackhi_epi16(r[4], r[5]),
                    _mm_unpacklo_epi16(r[6], r[7]),
                    _mm_unpackhi_epi16(r[6], r[7]),
                ]
            };
            // `b`: two `u` each, rows 0–3 (`b[0..4]`) or 4–7 (`b[4..8]`).
            // SAFETY: SSE2 is part of the x86-64 baseline (register operations only).
            let b = unsafe {
                [
                    _mm_unpacklo_epi32(a[0], a[2]),
                    _mm_unpackhi_epi32(a[0], a[2]),
                    _mm_unpacklo_epi32(a[1], a[3]),
                    _mm_unpackhi_epi32(a[1], a[3]),
                    _mm_unpacklo_epi32(a[4], a[6]),
                    _mm_unpackhi_epi32(a[4], a[6]),
                    _mm_unpacklo_epi32(a[5], a[7]),
                    _mm_unpackhi_epi32(a[5], a[7]),
                ]
            };
            for i in 0..MICRO / 2 {
                let u = 2 * i as isize;
                // SAFETY: rows `u, u + 1` of the destination, lanes `0..MICRO`, lie in the
                // block (the caller's contract, as above).
                unsafe {
                    _mm_storeu_si128(
                        dst.offset(u * ds).cast(),
                        _mm_unpacklo_epi64(b[i], b[i + 4]),
                    );
                    _mm_storeu_si128(
                        dst.offset((u + 1) * ds).cast(),
                        _mm_unpackhi_epi64(b[i], b[i + 4]),
                    );
                }
            }
        }

        /// The `MICRO × MICRO` block of bytes: eight 8-byte source lines, three rounds of
        /// interleaving (8-, 16- and 32-bit), eight 8-byte destination lines.
        ///
        /// # Safety
        ///
        /// As for `transpose`, with 1-byte elements.
        #[inline(always)]
        pub(crate) unsafe fn transpose_8(dst: *mut u8, ds: isize, src: *const u8, ss: isize) {
            let r: [__m128i; MICRO] = core::array::from_fn(|l| {
                // SAFETY: row `l < MICRO` of the source, lanes `0..MICRO` (8 bytes), lies in the
                // block, whose positions the caller vouches for (invariant 1); the 8-byte load
                // needs no alignment.
                unsafe { _mm_loadl_epi64(src.offset(l as isize * ss).cast()) }
            });
            // `a[i]`: lanes `u` of rows `2i, 2i + 1` paired, for every `u`.
            // SAFETY: SSE2 is part of the x86-64 baseline (register operations only).
            let a = unsafe {
                [
                    _mm_unpacklo_epi8(r[0], r[1]),
                    _mm_unpacklo_epi8(r[2], r[3]),
                    _mm_unpacklo_epi8(r[4], r[5]),
                    _mm_unpacklo_epi8(r[6], r[7]),
                ]
            };
            // `b`: lanes `u` of four rows (0–3, then 4–7), `u < 4` in `b[0]`/`b[2]`.
            // SAFETY: SSE2 is part of the x86-64 baseline (register operations only).
            let b = unsafe {
                [
                    _mm_unpacklo_epi16(a[0], a[1]),
                    _mm_unpackhi_epi16(a[0], a[1]),
                    _mm_unpacklo_epi16(a[2], a[3]),
                    _mm_unpackhi_epi16(a[2], a[3]),
                ]
            };
            // `c[i]`: destination rows `2i` (low 8 bytes) and `2i + 1` (high 8 bytes).
            // SAFETY: SSE2 is part of the x86-64 baseline (register operations only).
            let c = unsafe {
                [
                    _mm_unpacklo_epi32(b[0], b[2]),
                    _mm_unpackhi_epi32(b[0], b[2]),
                    _mm_unpacklo_epi32(b[1], b[3]),
                    _mm_unpackhi_epi32(b[1], b[3]),
                ]
            };
            for (i, c) in c.into_iter().enumerate() {
                let u = 2 * i as isize;
                // SAFETY: rows `u, u + 1` of the destination, lanes `0..MICRO` (8 bytes), lie in
                // the block (the caller's contract, as above).
                unsafe {
                    _mm_storel_epi64(dst.offset(u * ds).cast(), c);
                    _mm_storel_epi64(dst.offset((u + 1) * ds).cast(), _mm_unpackhi_epi64(c, c));
                }
            }
        }

        /// The AVX kernels, compiled for AVX whatever the build's baseline, and called only
        /// when the CPU has it.
        mod avx {
            use super::super::super::MICRO;
            use core::arch::x86_64::{
                __m256, __m256d, _mm256_loadu_pd, _mm256_loadu_ps, _mm256_permute2f128_pd,
                _mm256_permute2f128_ps, _mm256_shuffle_ps, _mm256_storeu_pd, _mm256_storeu_ps,
                _mm256_unpackhi_pd, _mm256_unpackhi_ps, _mm256_unpacklo_pd, _mm256_unpacklo_ps,
            };

            /// `write_lines` (the SSE2 one, in `x86`) with 32-byte non-temporal stores: two per
            /// line.
            ///
            /// # Safety
            ///
            /// As for `write_lines`, and the CPU has AVX.
            #[inline]
            #[target_feature(enable = "avx")]
            pub(crate) unsafe fn write_lines(buf: *const u8, dst: *mut u8, ds: isize, rows: usize) {
                use super::super::super::LINE;
                #[cfg(miri)]
                use core::arch::x86_64::_mm256_storeu_si256;
                #[cfg(not(miri))]
                use core::arch::x86_64::_mm256_stream_si256;
                use core::arch::x86_64::{__m256i, _mm256_load_si256};
                for u in 0..rows {
                    // SAFETY: line `u` of the buffer and the destination's line `u`, both
                    // aligned to a line, so each half to the 32 bytes the instructions need
                    // (the caller's contract).
                    unsafe {
                        let (f, t) = (buf.add(u * LINE), dst.offset(u as isize * ds));
                        for h in [0, 32] {
                            let v = _mm256_load_si256(f.add(h).cast::<__m256i>());
                            let t = t.add(h).cast::<__m256i>();
                            // Miri cannot run the non-temporal store (inline assembly); an
                            // ordinary one writes the same bytes.
                            #[cfg(not(miri))]
                            _mm256_stream_si256(t, v);
                            #[cfg(miri)]
                            _mm256_storeu_si256(t, v);
                        }
                    }
                }
            }

            /// The kernel part of a tile of 4-byte lanes in 8 × 8 blocks, `l` outermost as in
            /// `blocks`, but two blocks side by side per step along `l` where the tile has
            /// room: each destination row then gets 16 lanes, a whole 64-byte line, before the
            /// walk moves on (with one block per step the second half of a line comes after
            /// every other row of the tile, and in a tile whose rows share a cache set the
            /// line has been evicted by then).
            ///
            /// # Safety
            ///
            /// As for `transpose_tile` with 4-byte elements, and the CPU has AVX.
            #[target_feature(enable = "avx")]
            pub(crate) unsafe fn tile_32(
                dst: *mut f32,
                ds: isize,
                src: *const f32,
                ss: isize,
                (fu, fl): (usize, usize),
            ) {
                let mut l0 = 0;
                while l0 < fl {
                    let pair = fl - l0 >= 2 * MICRO;
                    for u0 in (0..fu).step_by(MICRO) {
                        let (u, l) = (u0 as isize, l0 as isize);
                        let m = MICRO as isize;
                        // SAFETY: blocks `(u0, l0)` and, when `pair`, `(u0, l0 + MICRO)` lie in
                        // the tile, whose positions the caller vouches for (invariant 1).
                        unsafe {
                            block_32(dst.offset(u * ds + l), ds, src.offset(u + l * ss), ss);
                            if pair {
                                block_32(
                                    dst.offset(u * ds + l + m),
                                    ds,
                                    src.offset(u + (l + m) * ss),
                                    ss,
                                );
                            }
                        }
                    }
                    l0 += if pair { 2 * MICRO } else { MICRO };
                }
            }

            /// One 8 × 8 block of 4-byte lanes: eight 32-byte source lines, interleaved within
            /// 128-bit halves (32- then 64-bit), then halves exchanged; eight 32-byte
            /// destination lines.
            ///
            /// # Safety
            ///
            /// As for `transpose` with 4-byte elements, and the CPU has AVX.
            #[inline]
            #[target_feature(enable = "avx")]
            unsafe fn block_32(dst: *mut f32, ds: isize, src: *const f32, ss: isize) {
                let r: [__m256; MICRO] = core::array::from_fn(|l| {
                    // SAFETY: row `l < 8` of the source, lanes `0..8`, lies in the block, whose
                    // positions the caller vouches for; unaligned loads need no alignment.
                    unsafe { _mm256_loadu_ps(src.offset(l as isize * ss)) }
                });
                // Lanes `u` and `u + 1` of rows `2i` and `2i + 1`, within each 128-bit half.
                let t = [
                    _mm256_unpacklo_ps(r[0], r[1]),
                    _mm256_unpackhi_ps(r[0], r[1]),
                    _mm256_unpacklo_ps(r[2], r[3]),
                    _mm256_unpackhi_ps(r[2], r[3]),
                    _mm256_unpacklo_ps(r[4], r[5]),
                    _mm256_unpackhi_ps(r[4], r[5]),
                    _mm256_unpacklo_ps(r[6], r[7]),
                    _mm256_unpackhi_ps(r[6], r[7]),
                ];
                // Lane `u` of rows 0–3 (`q[0..4]`) or 4–7 (`q[4..8]`), per half.
                let q = [
                    _mm256_shuffle_ps::<0x44>(t[0], t[2]),
                    _mm256_shuffle_ps::<0xEE>(t[0], t[2]),
                    _mm256_shuffle_ps::<0x44>(t[1], t[3]),
                    _mm256_shuffle_ps::<0xEE>(t[1], t[3]),
                    _mm256_shuffle_ps::<0x44>(t[4], t[6]),
                    _mm256_shuffle_ps::<0xEE>(t[4], t[6]),
                    _mm256_shuffle_ps::<0x44>(t[5], t[7]),
                    _mm256_shuffle_ps::<0xEE>(t[5], t[7]),
                ];
                for i in 0..MICRO / 2 {
                    let (lo, hi) = (
                        _mm256_permute2f128_ps::<0x20>(q[i], q[i + 4]),
                        _mm256_permute2f128_ps::<0x31>(q[i], q[i + 4]),
                    );
                    let u = i as isize;
                    // SAFETY: rows `u` and `u + 4` of the destination, lanes `0..8`, lie in the
                    // block (the caller's contract, as above).
                    unsafe {
                        _mm256_storeu_ps(dst.offset(u * ds), lo);
                        _mm256_storeu_ps(dst.offset((u + 4) * ds), hi);
                    }
                }
            }

            /// The kernel part of a tile of 8-byte lanes in blocks of four 4 × 4 register
            /// transposes, `l` outermost (one block is 64 bytes wide: a whole line).
            ///
            /// # Safety
            ///
            /// As for `transpose_tile` with 8-byte elements, and the CPU has AVX.
            #[target_feature(enable = "avx")]
            pub(crate) unsafe fn tile_64(
                dst: *mut f64,
                ds: isize,
                src: *const f64,
                ss: isize,
                (fu, fl): (usize, usize),
            ) {
                for l0 in (0..fl).step_by(MICRO) {
                    for u0 in (0..fu).step_by(MICRO) {
                        for (a, b) in [(0, 0), (4, 0), (0, 4), (4, 4)] {
                            let (u, l) = ((u0 + a) as isize, (l0 + b) as isize);
                            // SAFETY: the 4 × 4 block at `(u, l)` lies in the tile, whose
                            // positions the caller vouches for (invariant 1).
                            unsafe {
                                quad_64(dst.offset(u * ds + l), ds, src.offset(u + l * ss), ss)
                            };
                        }
                    }
                }
            }

            /// One 4 × 4 block of 8-byte lanes: four 32-byte source lines, interleaved (64-bit)
            /// then halves exchanged; four 32-byte destination lines.
            ///
            /// # Safety
            ///
            /// As for `transpose` with 8-byte elements (for a 4 × 4 block), and the CPU has
            /// AVX.
            #[inline]
            #[target_feature(enable = "avx")]
            unsafe fn quad_64(dst: *mut f64, ds: isize, src: *const f64, ss: isize) {
                let r: [__m256d; 4] = core::array::from_fn(|l| {
                    // SAFETY: row `l < 4` of the source, lanes `0..4`, lies in the block, whose
                    // positions the caller vouches for; unaligned loads need no alignment.
                    unsafe { _mm256_loadu_pd(src.offset(l as isize * ss)) }
                });
                let t = [
                    _mm256_unpacklo_pd(r[0], r[1]),
                    _mm256_unpackhi_pd(r[0], r[1]),
                    _mm256_unpacklo_pd(r[2], r[3]),
                    _mm256_unpackhi_pd(r[2], r[3]),
                ];
                let o = [
                    _mm256_permute2f128_pd::<0x20>(t[0], t[2]),
                    _mm256_permute2f128_pd::<0x20>(t[1], t[3]),
                    _mm256_permute2f128_pd::<0x31>(t[0], t[2]),
                    _mm256_permute2f128_pd::<0x31>(t[1], t[3]),
                ];
                for (u, o) in o.into_iter().enumerate() {
                    // SAFETY: row `u < 4` of the destination, lanes `0..4`, lies in the block
                    // (the caller's contract, as above).
                    unsafe { _mm256_storeu_pd(dst.offset(u as isize * ds), o) };
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    // Tests link the standard library, so its allocator is there without the `alloc` feature.
    extern crate alloc;

    use super::{CloneTo, Kernel, LINE, STREAMS, bits};
    use core::fmt::Debug;

    /// Calls the generic test function `$run` with a maker of values for a primitive number of
    /// each size (1, 2, 4 and 8 bytes), then with the other types of 4 and 8 bytes, which take
    /// the same paths (not under Miri, for time).
    macro_rules! each_plain_number {
        ($run:ident) => {
            $run(|i| i as u8);
            $run(|i| (i as i16).wrapping_neg());
            $run(|i| i as f32 + 0.5);
            $run(|i| i as f64 + 0.25);
            #[cfg(not(miri))]
            {
                $run(|i| i as u32);
                $run(|i| i as i64);
            }
        };
    }

    /// The tile shapes tried: single blocks, an odd number of blocks along `l` (the AVX
    /// kernel's pairs leave one over), sides that are not multiples of 16 (the byte kernel's
    /// 8-wide edges) and a whole 64 × 64 tile (under Miri, for time, only 24 × 24, which
    /// still has all of those but the single blocks).
    #[cfg(not(miri))]
    const TILES: &[(usize, usize)] = &[(8, 8), (8, 24), (16, 8), (24, 40), (64, 64)];
    #[cfg(miri)]
    const TILES: &[(usize, usize)] = &[(24, 24)];

    /// Where a tile of a test lies in its two buffers: destination rows `pad` elements longer
    /// than the tile (0: adjacent), its origin `shift` elements into the buffer, and the signs
    /// of the destination's and the source's strides.
    #[derive(Clone, Copy)]
    struct Place {
        pad: usize,
        shift: usize,
        sign_d: isize,
        sign_s: isize,
    }

    impl Place {
        const fn new(pad: usize, shift: usize, sign_d: isize, sign_s: isize) -> Self {
            Self {
                pad,
                shift,
                sign_d,
                sign_s,
            }
        }
    }

    /// Padded rows (`ds`, `ss` not multiples of the vector width), an odd start (no vector
    /// alignment) and each sign of both strides.
    const PLACES: [Place; 4] = [
        Place::new(3, 3, 1, 1),
        Place::new(3, 3, -1, 1),
        Place::new(3, 3, 1, -1),
        Place::new(3, 3, -1, -1),
    ];

    /// Runs `run(dst, ds, src, ss, tile)` on each tile placed in two buffers at each of
    /// `places` (source rows 5 longer than the tile), and checks that every position of the
    /// tile holds its source element and that nothing else was written.
    fn check_at<T: Copy + PartialEq + Debug>(
        make: impl Fn(usize) -> T,
        tiles: &[(usize, usize)],
        places: &[Place],
        run: &mut dyn FnMut(*mut T, isize, *const T, isize, (usize, usize)),
    ) {
        let blank = make(usize::MAX);
        for &(fu, fl) in tiles {
            for &Place {
                pad,
                shift,
                sign_d,
                sign_s,
            } in places
            {
                let (ds, ss) = (fl + pad, fu + 5);
                let (dlen, slen) = (shift + fu * ds, 3 + fl * ss);
                let src: alloc::vec::Vec<T> = (0..slen).map(&make).collect();
                let mut dst = alloc::vec![blank; dlen];
                // Origins so that walking a negative stride stays inside the buffer.
                let d0 = shift + if sign_d > 0 { 0 } else { (fu - 1) * ds };
                let s0 = if sign_s > 0 { 3 } else { 3 + (fl - 1) * ss };
                let (ds, ss) = (sign_d * ds as isize, sign_s * ss as isize);
                // Pointers into the whole buffers: negative strides reach before the origins.
                let (d, s) = (
                    dst.as_mut_ptr().wrapping_add(d0),
                    src.as_ptr().wrapping_add(s0),
                );
                run(d, ds, s, ss, (fu, fl));
                assert_transposed(&dst, &src, blank, (d0, ds), (s0, ss), (fu, fl));
            }
        }
    }

    /// Checks that `dst[d0 + u·ds + l] == src[s0 + u + l·ss]` for `u < nu`, `l < nl`, and that
    /// every other position of `dst` still holds `blank`.
    fn assert_transposed<T: Copy + PartialEq + Debug>(
        dst: &[T],
        src: &[T],
        blank: T,
        (d0, ds): (usize, isize),
        (s0, ss): (usize, isize),
        (nu, nl): (usize, usize),
    ) {
        let at = |o: usize, i: usize, s: isize, j: usize| o.wrapping_add_signed(i as isize * s) + j;
        let mut inside = alloc::vec![false; dst.len()];
        for u in 0..nu {
            for l in 0..nl {
                let (d, s) = (at(d0, u, ds, l), at(s0, l, ss, u));
                assert_eq!(dst[d], src[s], "({u}, {l}) of {nu} × {nl}, {ds}, {ss}");
                inside[d] = true;
            }
        }
        for (i, x) in dst.iter().enumerate().filter(|&(i, _)| !inside[i]) {
            assert_eq!(*x, blank, "position {i} outside {nu} × {nl}, {ds}, {ss}");
        }
    }

    /// [`check_at`] for the tiles of the tile kernels ([`TILES`]) at [`PLACES`].
    fn check<T: Copy + PartialEq + Debug>(
        make: impl Fn(usize) -> T,
        run: &mut dyn FnMut(*mut T, isize, *const T, isize, (usize, usize)),
    ) {
        check_at(make, TILES, &PLACES, run);
    }

    /// Every path a tile of `T` can take: the copy kernel's (the SIMD kernels the machine
    /// selects), a closure's (the generic unrolled blocks) and block by block.
    fn check_paths<T: Copy + PartialEq + Debug>(make: impl Fn(usize) -> T + Copy) {
        // `check` hands over tiles whose every position is inside its buffers, with sizes that
        // are multiples of `MICRO`; the two buffers are distinct.
        check(make, &mut |d, ds, s, ss, t| {
            // SAFETY: as just said.
            unsafe { CloneTo.transpose_tile(d, ds, s, ss, t) }
        });
        check(make, &mut |d, ds, s, ss, t| {
            // SAFETY: as just said.
            unsafe { (|d: &mut T, s: &T| *d = *s).transpose_tile(d, ds, s, ss, t) }
        });
        check(make, &mut |d, ds, s, ss, t| {
            // SAFETY: as just said (each block is inside the tile).
            unsafe { super::blocks(d, ds, s, ss, t, |d, s| CloneTo.transpose(d, ds, s, ss)) }
        });
    }

    #[test]
    fn tiles_of_every_element_size_land_transposed() {
        check_paths(|i| i as u8);
        check_paths(|i| (i as i8).wrapping_mul(3));
        check_paths(|i| i as u16);
        check_paths(|i| (i as i16).wrapping_neg());
        check_paths(|i| i as f32 + 0.5);
        check_paths(|i| i as u32);
        check_paths(|i| i as i32);
        check_paths(|i| i as f64 + 0.25);
        check_paths(|i| i as u64);
        check_paths(|i| i as i64);
        // Not a primitive number: the generic blocks.
        check_paths(|i| (i as u8, i as u16));
        assert!(!bits_copied::<(u8, u16)>());
    }

    /// Whether the copy kernel's tile form takes the SIMD path for `T` (copies its bits).
    fn bits_copied<T: Copy>() -> bool {
        let mut out = [core::mem::MaybeUninit::<T>::zeroed(); 64];
        let src = [core::mem::MaybeUninit::<T>::zeroed(); 64];
        // SAFETY: an 8 × 8 tile inside both buffers (row strides 8), distinct; zeroed bits are
        // values of every type this is called with.
        unsafe {
            bits::transpose_tile(
                out.as_mut_ptr().cast::<T>(),
                8,
                src.as_ptr().cast::<T>(),
                8,
                (8, 8),
            )
        }
    }

    /// A streamed tile of every shape the engine hands over (odd sides, one row or column,
    /// rows adjacent or apart, up to the staging buffer's limits), for every element size, at
    /// every destination alignment within a line and with both signs of both strides: every
    /// position holds its source element and nothing else is written. The tile kernels
    /// behind it are the ones this machine selects.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn streamed_tiles_land_transposed() {
        fn run<T: Copy + PartialEq + Debug>(make: impl Fn(usize) -> T) {
            let size = core::mem::size_of::<T>();
            let widest = super::STAGE_BYTES / (super::STAGE_ROWS * size);
            #[cfg(not(miri))]
            let tiles = [
                (1, 1),
                (7, 3),
                (8, 16),
                (13, 21),
                (64, widest),
                (61, widest - 5),
            ];
            // Under Miri, for time: an odd tile with kernel blocks and one at the buffer's
            // width.
            #[cfg(miri)]
            let tiles = [(13, 21), (9, widest)];
            let blank = make(usize::MAX);
            // Rows padded or adjacent (`nl` apart: one range), and every alignment of the
            // destination within a line (two under Miri, for time).
            #[cfg(not(miri))]
            let shifts = 0..64 / size;
            #[cfg(miri)]
            let shifts = [0, 3];
            let fixed = [
                Place::new(3, 0, 1, 1),
                Place::new(0, 1, 1, -1),
                Place::new(0, 5, -1, 1),
            ];
            let places: alloc::vec::Vec<Place> = fixed
                .into_iter()
                .chain(shifts.into_iter().map(|k| Place::new(0, k, 1, 1)))
                .collect();
            check_at(&make, &tiles, &places, &mut |d, ds, s, ss, (nu, nl)| {
                // SAFETY: `check_at` hands over tiles inside its two distinct buffers.
                let streamed = unsafe { bits::stream_tile(d, ds, s, ss, (nu, nl), None) };
                super::stream_fence();
                assert!(streamed, "{nu} × {nl} of {size}-byte elements");
            });
            // Source rows adjacent (`ss == nu`, the tile one range: copied first), at an
            // odd start.
            for &(nu, nl) in &tiles {
                let src: alloc::vec::Vec<T> = (0..nu * nl + 3).map(&make).collect();
                let ds = nl + 3;
                let mut dst = alloc::vec![blank; nu * ds];
                // SAFETY: the tile's positions are inside the two distinct buffers.
                let streamed = unsafe {
                    bits::stream_tile(
                        dst.as_mut_ptr(),
                        ds as isize,
                        src[3..].as_ptr(),
                        nu as isize,
                        (nu, nl),
                        None,
                    )
                };
                super::stream_fence();
                assert!(streamed);
                for (i, x) in dst.iter().enumerate() {
                    let (u, l) = (i / ds, i % ds);
                    let expected = if l < nl { src[3 + u + l * nu] } else { blank };
                    assert_eq!(
                        *x, expected,
                        "({u}, {l}) of {nu} × {nl}, source rows adjacent"
                    );
                }
            }
            // Tiles beyond the buffer are declined, untouched.
            let (src, mut dst) = ([make(1); 4], [blank; 4]);
            // SAFETY: declined before any access (too many rows).
            let streamed = unsafe {
                bits::stream_tile(
                    dst.as_mut_ptr(),
                    1,
                    src.as_ptr(),
                    1,
                    (super::STAGE_ROWS + 1, 1),
                    None,
                )
            };
            assert!(!streamed && dst == [blank; 4]);
        }
        each_plain_number!(run);
        // Not a primitive number: never streamed.
        let (src, mut dst) = ([(1u8, 2u16); 4], [(0u8, 0u16); 4]);
        // SAFETY: declined before any access (not a plain number).
        assert!(!unsafe { bits::stream_tile(dst.as_mut_ptr(), 2, src.as_ptr(), 2, (2, 2), None) });
        assert_eq!(bits::stream_size::<(u8, u16)>(), 0);
        assert_eq!(bits::stream_size::<f64>(), 8);
    }

    /// Streamed bands ([`bits::stream_lines`]) land transposed for every element size: band
    /// heights that are and are not multiples of the rows written at a time (the rest element
    /// by element), destination rows adjacent or a line apart and walked either way, source
    /// rows padded, starting off any vector alignment and walked either way; nothing outside
    /// the band is written. A destination off a line, or rows not a whole number of lines
    /// apart, or a type that is not a primitive number, is declined untouched.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn streamed_bands_land_transposed() {
        fn run<T: Copy + PartialEq + Debug>(make: impl Fn(usize) -> T) {
            let size = core::mem::size_of::<T>();
            let nl = super::LINE / size;
            #[cfg(not(miri))]
            let heights = [1, 7, 8, 16, 17, 33, 70];
            // Under Miri, for time: heights with whole steps and a rest, for every step.
            #[cfg(miri)]
            let heights = [2 * super::BAND_ROWS + 3, super::LINE + 3];
            let blank = make(usize::MAX);
            for nu in heights {
                for (gap, sign_d, sign_s) in [(0, 1, 1), (1, 1, -1), (1, -1, 1), (0, -1, -1)] {
                    let (ds, ss) = ((1 + gap) * nl, nu + 5);
                    let slen = 3 + nl * ss;
                    let src: alloc::vec::Vec<T> = (0..slen).map(&make).collect();
                    // Room for the band and a line to align its first row.
                    let dlen = nu * ds + nl;
                    let mut dst = alloc::vec![blank; dlen];
                    let align = (super::LINE - dst.as_ptr().addr() % super::LINE) % super::LINE;
                    assert_eq!(align % size, 0);
                    let first = align / size;
                    let d0 = first + if sign_d > 0 { 0 } else { (nu - 1) * ds };
                    let s0 = if sign_s > 0 { 3 } else { 3 + (nl - 1) * ss };
                    let (ds, ss) = (sign_d * ds as isize, sign_s * ss as isize);
                    let (d, s) = (
                        dst.as_mut_ptr().wrapping_add(d0),
                        src.as_ptr().wrapping_add(s0),
                    );
                    // SAFETY: every position of the band is inside the two distinct buffers,
                    // and each destination row starts on a line.
                    let streamed = unsafe { bits::stream_lines(d, ds, s, ss, nu) };
                    super::stream_fence();
                    assert!(streamed, "{nu} rows of {size}-byte elements, {ds}, {ss}");
                    assert_transposed(&dst, &src, blank, (d0, ds), (s0, ss), (nu, nl));
                }
            }
            // Declined, untouched: a destination off a line, rows not whole lines apart.
            let src: alloc::vec::Vec<T> = (0..4 * nl).map(&make).collect();
            let mut dst = alloc::vec![blank; 4 * nl];
            let align = (super::LINE - dst.as_ptr().addr() % super::LINE) % super::LINE / size;
            let (s, ss) = (src.as_ptr(), 2 * nl as isize);
            for (first, ds) in [(align + 1, nl as isize), (align, nl as isize + 1)] {
                let d = dst.as_mut_ptr().wrapping_add(first);
                // SAFETY: declined before any access (checked alignment).
                assert!(!unsafe { bits::stream_lines(d, ds, s, ss, 1) });
                assert!(dst.iter().all(|x| *x == blank));
            }
        }
        each_plain_number!(run);
        // Not a primitive number: never streamed.
        let (src, mut dst) = ([(1u8, 2u16); 64], [(0u8, 0u16); 64]);
        // SAFETY: declined before any access (not a plain number).
        assert!(!unsafe { bits::stream_lines(dst.as_mut_ptr(), 16, src.as_ptr(), 1, 1) });
    }

    /// A streamed plane (`m` runs, `step` apart in the source, one range in the destination)
    /// lands in order, for runs of one, three and sixteen times 16 bytes, one to seven runs,
    /// runs apart, adjacent or walked backwards, the destination starting at each 16 bytes of
    /// a line (so the range's two ends are partial lines, or not); nothing outside it is
    /// written. Declined, touching nothing: a destination off 16 bytes, a run that is not a
    /// whole number of 16 bytes, a type that is not a plain number.
    #[test]
    fn streamed_planes_land_in_order() {
        fn run<T: Copy + PartialEq + Debug>(make: impl Fn(usize) -> T) {
            let size = size_of::<T>();
            let blank = make(usize::MAX);
            #[cfg(not(miri))]
            let (runs, counts): (&[usize], &[usize]) = (&[16, 48, 256], &[1, 2, 7]);
            #[cfg(miri)]
            let (runs, counts): (&[usize], &[usize]) = (&[48], &[7]);
            for &bytes in runs {
                let n = bytes / size;
                for &m in counts {
                    for gap in [0, 3] {
                        for sign in [1isize, -1] {
                            let step = sign * (n + gap) as isize;
                            let src: alloc::vec::Vec<T> = (0..m * (n + gap)).map(&make).collect();
                            let first = if sign > 0 { 0 } else { (m - 1) * (n + gap) };
                            let at = |j: usize, i: usize| {
                                src[first.wrapping_add_signed(j as isize * step) + i]
                            };
                            let want: alloc::vec::Vec<T> =
                                (0..m * n).map(|e| at(e / n, e % n)).collect();
                            for lead in (0..LINE).step_by(16) {
                                let mut out = Lines::<T>::new(blank, m * n + 2 * LINE);
                                let shift = out.shift(lead);
                                // SAFETY: the plane's runs lie in `src` (`first` is the run
                                // with the lowest start when walked backwards); `m·n`
                                // elements from `shift` lie in `out`, 16-byte aligned.
                                let done = unsafe {
                                    let d = out.0.as_mut_ptr().add(shift);
                                    bits::stream_plane(d, src.as_ptr().add(first), n, step, m)
                                };
                                super::stream_fence();
                                let what = (size, n, m, step, lead);
                                assert_eq!(done, STREAMS, "{what:?}");
                                if done {
                                    assert_eq!(&out.0[shift..shift + m * n], &want[..], "{what:?}");
                                    let rest = out.0[..shift].iter().chain(&out.0[shift + m * n..]);
                                    assert!(rest.into_iter().all(|x| *x == blank), "{what:?}");
                                }
                            }
                        }
                    }
                }
            }
            // Declined: off 16 bytes, or runs of 8 bytes.
            let src: alloc::vec::Vec<T> = (0..64).map(&make).collect();
            let mut out = Lines::<T>::new(blank, 3 * LINE);
            let shift = out.shift(0);
            let declines = [(shift + 1, 16 / size), (shift, 8 / size)];
            for (at, n) in declines {
                // SAFETY: declined before any access (the alignment and the run's bytes are
                // checked first); were it not, the two runs of `n ≤ 16` lie in both buffers.
                let done = unsafe {
                    bits::stream_plane(out.0.as_mut_ptr().add(at), src.as_ptr(), n, 16, 2)
                };
                assert!(!done, "{size} {at} {n}");
                assert!(out.0.iter().all(|x| *x == blank));
            }
        }
        /// A buffer of `T` whose elements can start anywhere in a line.
        struct Lines<T>(alloc::vec::Vec<T>);
        impl<T: Copy> Lines<T> {
            fn new(blank: T, len: usize) -> Self {
                Self(alloc::vec![blank; len])
            }
            /// The index of the first element `lead` bytes past a line.
            fn shift(&self, lead: usize) -> usize {
                let size = size_of::<T>();
                let base = self.0.as_ptr().addr();
                (0..LINE / size)
                    .find(|k| (base + k * size) % LINE == lead)
                    .expect("the buffer is aligned to its element size")
            }
        }
        each_plain_number!(run);
        // Not a primitive number: never streamed.
        let (src, mut dst) = ([(1u8, 2u16); 64], [(0u8, 0u16); 64]);
        // SAFETY: declined before any access (not a plain number).
        assert!(!unsafe { bits::stream_plane(dst.as_mut_ptr(), src.as_ptr(), 16, 16, 2) });
    }

    /// The pieces of a staged run cover it in order, none longer than the room; when the
    /// elements fall on the lines' boundaries (and a room of them is whole lines), every piece
    /// after the first starts on a line; otherwise (12-byte elements) they are cut from the
    /// run's start.
    #[test]
    fn staged_pieces_start_on_lines() {
        for size in [1, 2, 4, 8, 12] {
            let room = super::RUN_STAGE_BYTES / size;
            for lead in (0..LINE).step_by(4) {
                for n in [0, 1, 7, room - 1, room, room + 3, 5 * room + 17] {
                    let to = 4 * LINE + lead;
                    let pieces: alloc::vec::Vec<_> =
                        super::staged_pieces(to, size, n, room).collect();
                    let mut next = 0;
                    for (i, &(start, len)) in pieces.iter().enumerate() {
                        assert_eq!(start, next, "{size} {lead} {n}");
                        assert!(len > 0 && len <= room, "{size} {lead} {n}");
                        let at = to + start * size;
                        if size == 12 {
                            assert_eq!(start % room, 0, "{size} {lead} {n}");
                        } else if i > 0 && lead % size == 0 {
                            assert_eq!(at % LINE, 0, "{size} {lead} {n}: piece {i}");
                        }
                        next = start + len;
                    }
                    assert_eq!(next, n, "{size} {lead} {n}");
                }
            }
        }
    }

    /// Rows written through a [`Carry`](super::Carry) (`write_rows` with one) land in place,
    /// tile after tile: rows that continue the previous tile's row (their shared partial line
    /// written whole from the carry), rows that do not (the carried line flushed first), rows
    /// walked backwards, rows shorter than a line or not a whole number of 16 bytes, at every
    /// 16 bytes of a line and off them; after [`Carry::flush`](super::Carry::flush) nothing
    /// is missing and nothing outside the rows is written.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn carried_lines_land_in_place() {
        use super::Carry;
        use bits::x86;
        #[repr(C, align(64))]
        struct Stage([u8; 4 * LINE * 8]);
        const TILES: usize = 4;
        #[cfg(not(miri))]
        let (widths, leads): (&[usize], &[usize]) =
            (&[16, 40, 48, 64, 112, 256], &[0, 8, 16, 32, 48]);
        #[cfg(miri)]
        let (widths, leads): (&[usize], &[usize]) = (&[48, 112], &[16, 32]);
        for &width in widths {
            for &lead in leads {
                for gap in [0, 16] {
                    for (rows, sign) in [(1, 1isize), (3, 1), (3, -1)] {
                        // Tile `t`'s row `u` at `first + u·ds + t·(width + gap)`.
                        let step = width + gap;
                        let ds = sign * (TILES * step + 64) as isize;
                        let span = (rows - 1) * ds.unsigned_abs() + TILES * step;
                        let mut out = alloc::vec![0u8; span + 2 * LINE];
                        let base = out.as_ptr().addr();
                        let origin = (0..LINE).find(|k| (base + k) % LINE == lead).unwrap();
                        let first = origin
                            + if sign > 0 {
                                0
                            } else {
                                (rows - 1) * ds.unsigned_abs()
                            };
                        let value =
                            |t: usize, u: usize, i: usize| (1 + (t * 7 + u * 31 + i) % 251) as u8;
                        let mut carry = Carry::new();
                        for t in 0..TILES {
                            let mut stage = Stage([0; 4 * LINE * 8]);
                            for u in 0..rows {
                                for i in 0..width {
                                    stage.0[u * width + i] = value(t, u, i);
                                }
                            }
                            // SAFETY: `rows` rows of `width` bytes of the stage, written to
                            // rows inside `out` (`first + u·ds + t·step`, `u < rows`), which
                            // no two tiles share; the carry's lines lie in `out` too.
                            unsafe {
                                let to = out.as_mut_ptr().add(first + t * step);
                                x86::write_rows(
                                    stage.0.as_ptr(),
                                    to,
                                    ds,
                                    (rows, width),
                                    Some(&mut carry),
                                );
                            }
                        }
                        carry.flush();
                        super::stream_fence();
                        let mut expected = alloc::vec![0u8; out.len()];
                        for t in 0..TILES {
                            for u in 0..rows {
                                let at = first.wrapping_add_signed(u as isize * ds) + t * step;
                                for i in 0..width {
                                    expected[at + i] = value(t, u, i);
                                }
                            }
                        }
                        assert_eq!(
                            out, expected,
                            "width {width}, lead {lead}, gap {gap}, rows {rows}, ds {ds}"
                        );
                    }
                }
            }
        }
    }

    /// The line writers of the bands, each on its own: SSE2 always, AVX where this machine
    /// has it. Every line lands in its row, rows one or more lines apart and walked either
    /// way; nothing else is written.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn each_band_line_writer_matches() {
        use super::LINE;
        use bits::x86;
        #[derive(Clone)]
        #[repr(C, align(64))]
        struct Lines([u8; 3 * LINE]);
        let mut buf = Lines([0; 3 * LINE]);
        buf.0
            .iter_mut()
            .enumerate()
            .for_each(|(i, x)| *x = i as u8 ^ 0x5a);
        for wide in [false, true] {
            if wide && !x86::has_avx() {
                continue;
            }
            for (gap, sign) in [(1, 1), (2, 1), (1, -1), (3, -1)] {
                let mut out = Lines([0; 3 * LINE]);
                let mut big = alloc::vec![Lines([0; 3 * LINE]); 3];
                let dst = big.as_mut_ptr().cast::<u8>();
                let ds = sign * (gap * LINE) as isize;
                let first = if sign > 0 { 0 } else { 2 * gap * LINE };
                // SAFETY: three aligned lines of `buf`, written to three aligned lines of
                // `big` (9 lines long), `gap` lines apart from line `first / LINE`.
                unsafe { x86::write_lines(buf.0.as_ptr(), dst.add(first), ds, 3, wide) };
                super::stream_fence();
                let all: alloc::vec::Vec<u8> = big.iter().flat_map(|l| l.0).collect();
                for u in 0..3 {
                    let at = first.wrapping_add_signed(u as isize * ds);
                    out.0[u * LINE..][..LINE].copy_from_slice(&all[at..at + LINE]);
                }
                assert_eq!(out.0, buf.0, "wide {wide}, {ds}");
                let written = all.iter().filter(|&&x| x != 0).count();
                let nonzero = buf.0.iter().filter(|&&x| x != 0).count();
                assert_eq!(
                    written, nonzero,
                    "wide {wide}, {ds}: written outside the lines"
                );
            }
        }
    }

    /// On aarch64 every primitive number takes the NEON kernels (whose tiles
    /// `tiles_of_every_element_size_land_transposed` checks at every shape and place), and
    /// they move bits, not values.
    #[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
    #[test]
    fn neon_kernels_take_every_primitive_number() {
        // NaNs keep their payloads (the lanes are moved as integers).
        let src: [f32; 64] = core::array::from_fn(|i| f32::from_bits(0x7fc0_0000 | i as u32));
        let mut out = [0.0f32; 64];
        // SAFETY: an 8 × 8 tile inside both buffers (row strides 8), distinct.
        unsafe { CloneTo.transpose_tile(out.as_mut_ptr(), 8, src.as_ptr(), 8, (8, 8)) };
        for (i, x) in out.iter().enumerate() {
            assert_eq!(x.to_bits(), src[(i % 8) * 8 + i / 8].to_bits());
        }
        assert!(bits_copied::<u8>() && bits_copied::<i8>());
        assert!(bits_copied::<u16>() && bits_copied::<i16>());
        assert!(bits_copied::<f32>() && bits_copied::<u32>() && bits_copied::<i32>());
        assert!(bits_copied::<f64>() && bits_copied::<u64>() && bits_copied::<i64>());
    }

    /// The kernels selected at run time, each on its own: SSE2 always, AVX where this machine
    /// has it (so on an AVX machine neither path goes untested), and every primitive number
    /// has a SIMD kernel on x86-64.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn each_x86_tile_kernel_matches() {
        use bits::x86;
        for wide in [false, true] {
            if wide && !x86::has_avx() {
                continue;
            }
            // `check` hands over tiles inside its distinct buffers; `wide` only when the CPU
            // has AVX.
            check(|i| i as f32, &mut |d, ds, s, ss, t| {
                // SAFETY: as just said.
                unsafe { x86::tile_32(wide, d, ds, s, ss, t) }
            });
            check(|i| i as f64, &mut |d, ds, s, ss, t| {
                // SAFETY: as just said.
                unsafe { x86::tile_64(wide, d, ds, s, ss, t) }
            });
        }
        // SSE2 only for narrow lanes: 16 × 16 blocks of bytes (with 8-wide edges in the odd
        // tiles) and 8 × 8 of 2-byte lanes.
        check(|i| i as u8, &mut |d, ds, s, ss, t| {
            // SAFETY: as above.
            unsafe { x86::tile_8(d, ds, s, ss, t) }
        });
        check(|i| i as u16, &mut |d, ds, s, ss, t| {
            // SAFETY: as above.
            unsafe { x86::tile_16(d, ds, s, ss, t) }
        });
        assert!(bits_copied::<u8>() && bits_copied::<i8>());
        assert!(bits_copied::<u16>() && bits_copied::<i16>());
        assert!(bits_copied::<f32>() && bits_copied::<u32>() && bits_copied::<i32>());
        assert!(bits_copied::<f64>() && bits_copied::<u64>() && bits_copied::<i64>());
    }
}
