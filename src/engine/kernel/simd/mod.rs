//! Bit-copying transposition and streaming kernels for the primitive numbers: the type
//! dispatch by element size, and the kernels of each instruction set (`x86`: SSE2, AVX and
//! non-temporal stores; `neon`).

use core::any::TypeId;

/// The size in bytes of `T` when it is a primitive number of 1, 2, 4 or 8 bytes (`Copy`, so
/// its `clone` copies its bits), 0 for any other type.
#[inline(always)]
pub(super) fn plain_size<T>() -> usize {
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

/// Copies `n` elements from `src` to `dst` as one `memcpy` when `T` is a primitive number
/// (its `clone` is a bit copy); returns whether it did (otherwise nothing was touched).
///
/// # Safety
///
/// `src` is valid for reads and `dst` for writes of `n` elements, in distinct allocations
/// (`dst` may point to uninitialised memory: it is only written).
#[inline(always)]
pub(super) unsafe fn copy_run<T>(dst: *mut T, src: *const T, n: usize) -> bool {
    if plain_size::<T>() == 0 {
        return false;
    }
    // SAFETY: `T` is a primitive number, whose `clone` is a bit copy; the two ranges are
    // valid and, in distinct allocations, do not overlap (the caller's contract).
    unsafe { core::ptr::copy_nonoverlapping(src, dst, n) };
    true
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
    tile: (usize, usize),
    carry: Option<&mut super::Carry>,
) -> bool {
    // SAFETY: the caller's contract.
    unsafe { through_stage(dst, ds, src, ss, tile, Some(carry)) }
}

/// [`stream_tile`] with ordinary stores: the tile is transposed into the staging buffer, then
/// copied to the destination row by row. For transpositions that stay in the caches whose
/// rows lie a power of two apart: transposed straight into the destination, the source rows
/// and the destination rows of a block all fall into one set of the L1 cache.
///
/// # Safety
///
/// As for [`stream_tile`].
#[inline(always)]
pub(crate) unsafe fn stage_tile<T>(
    dst: *mut T,
    ds: isize,
    src: *const T,
    ss: isize,
    tile: (usize, usize),
) -> bool {
    // SAFETY: the caller's contract.
    unsafe { through_stage(dst, ds, src, ss, tile, None) }
}

/// [`stream_tile`] (`stream`: with its carry) or [`stage_tile`] (`None`).
///
/// # Safety
///
/// As for [`stream_tile`].
#[inline(always)]
unsafe fn through_stage<T>(
    dst: *mut T,
    ds: isize,
    src: *const T,
    ss: isize,
    (nu, nl): (usize, usize),
    stream: Option<Option<&mut super::Carry>>,
) -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        use super::{LINE, MICRO, STAGE_BYTES, STAGE_ROWS};
        use core::mem::MaybeUninit;
        let size = plain_size::<T>();
        if size == 0 || nu > STAGE_ROWS || nu.saturating_mul(nl).saturating_mul(size) > STAGE_BYTES
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
        // caller's. `fu` and `fl` are multiples of `MICRO`, and so are the parts of the
        // edges below. A tile at least `MICRO` each way takes its edges as blocks that
        // overlap the kernel part (writing the same bits twice into the buffer): the last
        // `MICRO` columns of the kernel part's rows, then the last `MICRO` rows whole. A
        // narrower tile copies its edges one element at a time, `T` being a plain number
        // (`Copy`).
        unsafe {
            if fu > 0 && fl > 0 {
                transpose_tile(buf, nl as isize, src, ss, (fu, fl));
            }
            if nu >= MICRO && nl >= MICRO {
                let (eu, el) = (nu - MICRO, nl - MICRO);
                if el != fl - MICRO {
                    transpose_tile(buf.add(el), nl as isize, at(0, el), ss, (fu, MICRO));
                }
                if eu != fu - MICRO {
                    let row = buf.add(eu * nl);
                    transpose_tile(row, nl as isize, at(eu, 0), ss, (MICRO, fl));
                    if el != fl - MICRO {
                        transpose_tile(row.add(el), nl as isize, at(eu, el), ss, (MICRO, MICRO));
                    }
                }
            } else {
                for u in 0..nu {
                    let from = if u < fu { fl } else { 0 };
                    for l in from..nl {
                        buf.add(u * nl + l).write(at(u, l).read());
                    }
                }
            }
            match stream {
                Some(carry) => x86::write_rows(
                    stage.0.as_ptr().cast::<u8>(),
                    dst.cast::<u8>(),
                    ds.wrapping_mul(size as isize),
                    (nu, nl * size),
                    carry,
                ),
                None => {
                    for u in 0..nu {
                        let to = dst.offset(u as isize * ds);
                        core::ptr::copy_nonoverlapping(buf.add(u * nl), to, nl);
                    }
                }
            }
        }
        true
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (dst, ds, src, ss, nu, nl, stream);
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
                    LINE,
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

/// The rows of a shifted band ([`stream_shifted`]) walked at a time: the source rows are read
/// in runs of 512 elements (2 KiB of `f32`, 4 KiB of `f64`), long enough for the hardware
/// prefetcher, and the buffers of three lines a row (96 KiB, on the calling thread's stack,
/// where Rust's threads have 2 MiB) stay in L2. On an AMD EPYC, a 3000 × 2999 `f32` transpose
/// took 2.1 ms with 512 rows, 2.3–2.4 with 1024, 2.6–2.8 with 256 and 2.9–3.8 with 128.
#[cfg_attr(
    not(target_arch = "x86_64"),
    allow(dead_code, reason = "only the x86-64 shifted bands use it")
)]
pub(crate) const SHIFTED_ROWS: usize = 512;

/// Whether transpositions stream from the smaller size of the engine's `StreamMin`: on x86-64
/// processors with AVX-512F or with a large L3 shared by many cores (an Intel server part, see
/// `x86::large_shared_l3`); false on other architectures.
pub(crate) fn streams_early() -> bool {
    #[cfg(target_arch = "x86_64")]
    return x86::has_avx512f() || x86::large_shared_l3();
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// Whether shifted bands ([`stream_shifted`]) of `size`-byte elements suit source runs
/// shorter than the engine's band minimum (1 KiB) when the source rows are adjacent (a block
/// of source rows is then one range of memory): where the AVX-512 kernel takes them, whose
/// short walk copies every row from 16 on and prefetches the next block. Elsewhere the rows
/// after the last whole step of 16 are copied element by element, each a pass over the whole
/// source.
pub(crate) fn shifts_short_runs(size: usize) -> bool {
    shifts_sets(size)
}

/// Whether shifted bands ([`stream_shifted`]) of `size`-byte elements take rows in several
/// sets ([`ShiftedRows`](super::ShiftedRows)): where the AVX-512 kernel takes them (4-byte
/// elements on a CPU with AVX-512F).
pub(crate) fn shifts_sets(size: usize) -> bool {
    #[cfg(target_arch = "x86_64")]
    return size == 4 && x86::has_avx512f();
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = size;
        false
    }
}

/// Whether chained bands ([`stream_chained`]) of `size`-byte elements suit `rows` source
/// rows shorter than the engine's band minimum (adjacent at each step along the chain, or
/// continuing along it, so that a block's rows lie close): where the AVX-512 kernel takes them
/// (4-byte elements on a CPU with AVX-512F), a line's worth of them or more but fewer than
/// [`SHORT_BYTES`](x86::avx512::SHORT_BYTES), whose short walk takes every row and prefetches
/// the next block.
pub(crate) fn shifts_chained(size: usize, rows: usize) -> bool {
    #[cfg(target_arch = "x86_64")]
    return shifts_sets(size)
        && rows >= super::LINE / size
        && rows.saturating_mul(size) < x86::avx512::SHORT_BYTES;
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (size, rows);
        false
    }
}

/// Copies `dst[rows.offset(u) + l] = src[u + cols.offset(l)]` as bits, for `u < rows.len()`
/// and `l < blocks · LINE / size`, when `T` is a primitive number of 4 bytes and the CPU has
/// AVX-512F ([`shifts_sets`]): a shifted band ([`stream_shifted`]) whose blocks of source
/// rows may span two or more of `cols`' sets, on [`x86::avx512::chained`], the rows it
/// leaves (after the last whole step of 16) element by element. Returns whether it did
/// (otherwise nothing was touched). The caller calls [`stream_fence`](super::stream_fence)
/// before the destination is used.
///
/// # Safety
///
/// As for [`Kernel::stream_chained`](super::Kernel::stream_chained) (`dst` may point to
/// uninitialised memory: it is only written).
#[inline(always)]
pub(crate) unsafe fn stream_chained<T>(
    dst: *mut T,
    rows: super::ShiftedRows,
    src: *const T,
    cols: super::ShiftedRows,
    blocks: usize,
) -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        let Some(nu) = rows
            .len()
            .filter(|_| plain_size::<T>() == 4 && shifts_sets(4))
        else {
            return false;
        };
        // SAFETY: the caller's contract; `T` is a primitive number of 4 bytes, copied as
        // bits, and the CPU has AVX-512F (`shifts_sets`). The kernel returns the rows it
        // took.
        unsafe {
            let whole = x86::avx512::chained::<f32, 16>(dst.cast(), rows, src.cast(), cols, blocks);
            shifted_rest(dst, rows, src, cols, whole..nu, blocks * (super::LINE / 4));
        }
        true
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (dst, rows, src, cols, blocks);
        false
    }
}

/// Copies `dst[rows.offset(u) + l] = src[u + l·ss]` as bits, for `u < rows.len()` and
/// `l < blocks · LINE / size`, when `T` is a primitive number of 4 or 8 bytes on x86-64 (rows
/// in several sets only where [`shifts_sets`]; elsewhere they are declined): for rows that
/// are not a whole number of lines apart, so each starts at its own place in a line, `s_u`
/// elements before its first line boundary. The source is read a block of `LINE / size`
/// source rows at a time, front to back as in a band ([`stream_lines`]), over
/// [`SHIFTED_ROWS`] destination rows at a time: each block is transposed,
/// [`BAND_ROWS`](super::BAND_ROWS) rows at a time, into the second line of each row's two
/// lines of a buffer, whose first line holds the block before; each row's line then spans
/// the two, from `s_u` on, and is written whole with non-temporal stores; then the second
/// line becomes the first. Each row's head (its first `s_u` elements, from block 0) and the
/// last block's elements after its last whole line are written with ordinary stores, and so
/// are the rows beyond the last whole step, element by element. Where the CPU has AVX-512F,
/// [`x86::avx512::shifted`] takes the band instead, which transposes in registers and keeps
/// one line a row; where the source rows are short and adjacent, it takes every row from a
/// line's worth on, and 4-byte elements take rows in sets. On an Intel Xeon, a 4095 × 4097
/// `f64` transpose into an existing tensor took 0.86–0.93 of the general band's time (and
/// 0.96–0.97 of that with the next block prefetched, as the kernel now does for `f64`).
/// Returns whether it did (otherwise nothing was touched). The caller calls
/// [`stream_fence`](super::stream_fence) before the destination is used.
///
/// # Safety
///
/// As for [`Kernel::stream_shifted`](super::Kernel::stream_shifted) (`dst` may point to
/// uninitialised memory: it is only written).
#[inline(always)]
pub(crate) unsafe fn stream_shifted<T>(
    dst: *mut T,
    rows: super::ShiftedRows,
    src: *const T,
    ss: isize,
    blocks: usize,
) -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        use super::{BAND_ROWS, LINE};
        use core::mem::MaybeUninit;
        let size = plain_size::<T>();
        let Some(nu) = rows.len().filter(|_| size >= 4) else {
            return false;
        };
        let line = LINE / size;
        if rows.sets != 1 && !shifts_sets(size) {
            return false;
        }
        if x86::has_avx512f() {
            // SAFETY: the caller's contract; `T` is a primitive number of 4 or 8 bytes
            // (`size ≥ 4`), copied as bits, and the CPU has AVX-512F; rows in several sets
            // only for 4-byte elements (`shifts_sets`). The kernel returns the rows it took.
            unsafe {
                let whole = if size == 4 {
                    x86::avx512::shifted::<f32, 16>(dst.cast(), rows, src.cast(), ss, blocks)
                } else {
                    x86::avx512::shifted::<f64, 8>(dst.cast(), rows, src.cast(), ss, blocks)
                };
                let cols = super::ShiftedRows::one(blocks * line, ss);
                shifted_rest(dst, rows, src, cols, whole..nu, blocks * line);
            }
            return true;
        }
        let ds = rows.step;
        // Where a block's source rows crowd a few sets of the L1, 4-byte elements are
        // transposed 16 destination rows at a time, so that each source row is read a whole
        // line at once rather than half a line twice.
        let tall = if size == 4 && super::crowds_l1(ss.wrapping_mul(size as isize)) {
            2 * BAND_ROWS
        } else {
            BAND_ROWS
        };
        /// Two lines for each of [`SHIFTED_ROWS`] rows.
        #[repr(C, align(64))]
        struct Rows([MaybeUninit<[u8; 2 * LINE]>; SHIFTED_ROWS]);
        let mut lines = Rows([MaybeUninit::uninit(); SHIFTED_ROWS]);
        let buf = lines.0.as_mut_ptr().cast::<T>();
        /// Block 0's line of each of [`SHIFTED_ROWS`] rows.
        #[repr(C, align(64))]
        struct Heads([MaybeUninit<[u8; LINE]>; SHIFTED_ROWS]);
        let mut heads = Heads([MaybeUninit::uninit(); SHIFTED_ROWS]);
        let first = heads.0.as_mut_ptr().cast::<T>();
        let wide = x86::has_avx();
        let ds_bytes = ds.wrapping_mul(size as isize);
        let whole = nu - nu % BAND_ROWS;
        for c0 in (0..whole).step_by(SHIFTED_ROWS) {
            let n = SHIFTED_ROWS.min(whole - c0);
            for b in 0..blocks {
                let l0 = b * line;
                let mut u0 = 0;
                while u0 < n {
                    // `tall` rows where they fit, otherwise `BAND_ROWS` (`n` is a multiple of
                    // it).
                    let h = if u0 + tall <= n { tall } else { BAND_ROWS };
                    #[cfg(not(miri))]
                    if b + 1 < blocks {
                        // The same columns of the next block's source rows, a block ahead:
                        // a block's rows are as many short runs, too many streams for the
                        // hardware prefetcher to pick up at the start of each, and the loads
                        // of the transposition otherwise wait for them (3000 × 2999 `f32`
                        // 1.1× faster). Prefetching never faults, so the addresses are only
                        // computed, wrapping.
                        let next = src
                            .wrapping_offset(((l0 + line) as isize).wrapping_mul(ss))
                            .wrapping_add(c0 + u0);
                        for l in 0..line {
                            let at = next.wrapping_offset((l as isize).wrapping_mul(ss));
                            x86::prefetch(at.cast());
                        }
                    }
                    // SAFETY: rows `c0 + u0..c0 + u0 + h` (the caller's contract:
                    // positions of layouts valid for their storage, invariant 1 of the tensor
                    // types), block `b` (`l0..l0 + line`, inside the band), transposed into
                    // the second lines of rows `u0..u0 + h` of the buffer (row stride
                    // `2·line` elements); both multiples of `MICRO`. From the second block on,
                    // each row's line from `s_u < LINE` bytes in (`s_u + LINE ≤ 2·LINE`), the
                    // destination row's line `b − 1` from its first boundary, is written
                    // whole: `l` from `s_u / size + l0 − line` on, inside the band. Block 0's
                    // first `s_u / size` elements and the last block's elements from
                    // `s_u / size` on are inside the band too, and inside the buffer's row.
                    // Block 0's line is kept in line `u0 + r < SHIFTED_ROWS` of `heads`. The
                    // second lines are then copied into the first ones, within the buffer.
                    unsafe {
                        let at = buf.add(u0 * 2 * line);
                        let from = src.offset(l0 as isize * ss).add(c0 + u0);
                        transpose_tile(at.add(line), 2 * line as isize, from, ss, (h, line));
                        let row0 = dst.offset((c0 + u0) as isize * ds);
                        if b > 0 {
                            x86::write_lines(
                                at.cast(),
                                2 * LINE,
                                row0.add(l0 - line).cast(),
                                ds_bytes,
                                h,
                                wide,
                            );
                        }
                        for r in 0..h {
                            let row = at.add(r * 2 * line);
                            let to = row0.offset(r as isize * ds);
                            let s = to.addr().wrapping_neg() % LINE / size;
                            // Block 0's line of the row is kept; at the last block, the
                            // elements after the row's last whole line, then its head (before
                            // its first line boundary) from block 0, are written with ordinary
                            // stores: the head's line is the one the row before ends in (when
                            // the rows are adjacent), written just before, so it is read from
                            // memory once.
                            let kept = first.add((u0 + r) * line);
                            if b == 0 {
                                core::ptr::copy_nonoverlapping(row.add(line), kept, line);
                            }
                            if b + 1 == blocks {
                                let n = line - s;
                                let tail = row.add(line + s);
                                core::ptr::copy_nonoverlapping(tail, to.add(l0 + s), n);
                                core::ptr::copy_nonoverlapping(kept, to, s);
                            }
                            core::ptr::copy_nonoverlapping(row.add(line), row, line);
                        }
                    }
                    u0 += h;
                }
            }
        }
        let cols = super::ShiftedRows::one(blocks * line, ss);
        // SAFETY: the caller's contract, for rows `whole..nu`.
        unsafe { shifted_rest(dst, rows, src, cols, whole..nu, blocks * line) };
        true
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (dst, rows, src, ss, blocks);
        false
    }
}

/// The rows `range` of a shifted band beyond its last whole step ([`stream_shifted`],
/// [`stream_chained`]), element by element: `dst[rows.offset(u) + l] = src[u +
/// cols.offset(l)]` for `l < len`.
///
/// # Safety
///
/// As for [`stream_chained`], for those rows (`len` = `blocks · LINE / size`); `T` is a
/// primitive number (copied as bits).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn shifted_rest<T>(
    dst: *mut T,
    rows: super::ShiftedRows,
    src: *const T,
    cols: super::ShiftedRows,
    range: core::ops::Range<usize>,
    len: usize,
) {
    let first = range.start;
    for (u, start) in range.zip(rows.offsets(first)) {
        for (l, at) in (0..len).zip(cols.offsets(0)) {
            // SAFETY: row `u` (the caller's contract), `l < len`; `dst` and `src` are
            // distinct buffers.
            unsafe {
                let from = src.offset(at).add(u);
                core::ptr::copy_nonoverlapping(from, dst.offset(start).add(l), 1);
            }
        }
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

/// Runs that are not a whole number of 16 bytes are streamed a plane at a time from this
/// many bytes: where a run ends, one 16-byte piece of the destination spans two runs and is
/// put together in a buffer (see `x86::write_plane`), at most one piece in eight of a run.
#[cfg(target_arch = "x86_64")]
const PLANE_ODD_RUN_BYTES: usize = 128;

/// Copies the plane of [`Kernel::stream_plane`](super::Kernel::stream_plane) as bits, for
/// the plain numbers on x86-64 when a run is a whole number of 16 bytes or at least
/// [`PLANE_ODD_RUN_BYTES`]; returns whether it did (otherwise nothing was touched). The caller
/// calls [`stream_fence`](super::stream_fence) before the destination is used.
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
        if size == 0 || run == 0 || !(run.is_multiple_of(16) || run >= PLANE_ODD_RUN_BYTES) {
            return false;
        }
        let step = sm.wrapping_mul(size as isize);
        let ahead = super::plane_ahead(run, step);
        // SAFETY: the plane's runs and destination range (the caller's contract), as bytes;
        // `run · m` and `sm · size` are byte counts inside the operands' allocations.
        unsafe { x86::write_plane(src.cast(), (run, step, m), dst.cast(), ahead) };
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
pub(super) mod neon;

/// SIMD kernels: SSE2 (part of the x86-64 baseline, so always there) and AVX (asked for).
#[cfg(target_arch = "x86_64")]
pub(super) mod x86;

/// Widens binary16 bits to `f32`, `dst[i] = src[i]` for a prefix of both slices, on the SIMD
/// conversion instructions where the CPU has them (F16C on x86-64); returns the prefix's
/// length, which may be 0. The caller converts the rest.
#[cfg(feature = "half")]
#[inline]
pub(crate) fn widen_f16(src: &[u16], dst: &mut [f32]) -> usize {
    #[cfg(target_arch = "x86_64")]
    if x86::f16c::has_f16c() {
        // SAFETY: the CPU has F16C (`has_f16c`).
        return unsafe { x86::f16c::widen(src, dst) };
    }
    let _ = (src, dst);
    0
}

/// Rounds `f32` to binary16 bits (to nearest, ties to even), `dst[i] = src[i]` for a prefix
/// of both slices, as [`widen_f16`]; returns the prefix's length.
#[cfg(feature = "half")]
#[inline]
pub(crate) fn narrow_f16(src: &[f32], dst: &mut [u16]) -> usize {
    #[cfg(target_arch = "x86_64")]
    if x86::f16c::has_f16c() {
        // SAFETY: the CPU has F16C (`has_f16c`).
        return unsafe { x86::f16c::narrow(src, dst) };
    }
    let _ = (src, dst);
    0
}
