use super::super::{MICRO, blocks, blocks_rows_first};
use core::arch::x86_64::{
    __m128i, _mm_loadl_epi64, _mm_loadu_pd, _mm_loadu_ps, _mm_loadu_si128, _mm_movehl_ps,
    _mm_movelh_ps, _mm_storel_epi64, _mm_storeu_pd, _mm_storeu_ps, _mm_storeu_si128,
    _mm_unpackhi_epi8, _mm_unpackhi_epi16, _mm_unpackhi_epi32, _mm_unpackhi_epi64, _mm_unpackhi_pd,
    _mm_unpackhi_ps, _mm_unpacklo_epi8, _mm_unpacklo_epi16, _mm_unpacklo_epi32, _mm_unpacklo_epi64,
    _mm_unpacklo_pd, _mm_unpacklo_ps,
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

/// Asks for the cache line at `at` to be brought into L2 (SSE `prefetcht1`, a hint that
/// never faults).
#[cfg(not(miri))]
#[inline(always)]
pub(crate) fn prefetch_l2(at: *const i8) {
    use core::arch::x86_64::{_MM_HINT_T1, _mm_prefetch};
    // SAFETY: as for `prefetch`.
    unsafe { _mm_prefetch::<_MM_HINT_T1>(at) };
}

/// Writes one whole line of each of `rows` destination rows at `dst + u·ds` (bytes), with
/// non-temporal stores (four of 16 bytes, SSE2, or two of 32 bytes when `wide`): the line
/// that starts at the row's first line boundary, `s = (−(dst + u·ds)) mod LINE` bytes in,
/// taken from the same place of the buffer's row `u`, `buf + u·pitch + s`. With rows that
/// start on a line (`s` = 0) the buffer's rows are lines (`pitch` = `LINE`); rows that
/// start anywhere (a shifted band) take buffer rows of two lines.
///
/// # Safety
///
/// `buf` holds `rows` initialised rows of `pitch` bytes and is aligned to a line; every
/// row's `s + LINE ≤ pitch`, and `dst + u·ds + s` is valid for writes of a line, outside
/// `buf`; `wide` only if the CPU has AVX.
#[inline(always)]
pub(crate) unsafe fn write_lines(
    buf: *const u8,
    pitch: usize,
    dst: *mut u8,
    ds: isize,
    rows: usize,
    wide: bool,
) {
    use super::super::LINE;
    if wide {
        // SAFETY: the caller's contract, and the CPU has AVX (`wide`).
        return unsafe { avx::write_lines(buf, pitch, dst, ds, rows) };
    }
    for u in 0..rows {
        // SAFETY: the line of row `u` of the buffer and the destination's line of row
        // `u`, which starts on a line, so each quarter is aligned to the 16 bytes the
        // store needs (the caller's contract).
        unsafe {
            let t = dst.offset(u as isize * ds);
            let s = t.addr().wrapping_neg() % LINE;
            let (f, t) = (buf.add(u * pitch + s), t.add(s));
            debug_assert!(t.addr() % LINE == 0 && s + LINE <= pitch);
            stream_line(f, t);
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
    let head = ((LINE - to.addr() % LINE) % LINE).min(n);
    let lines = (n - head) / LINE;
    let tail = head + lines * LINE;
    // SAFETY: every part lies in the `n` bytes (the caller's contract); the lines
    // start on a line of `to`, so each quarter is aligned to 16 bytes as the
    // non-temporal store needs (the loads are unaligned).
    unsafe {
        copy_short(from, to, head);
        for k in 0..lines {
            stream_line(from.add(head + k * LINE), to.add(head + k * LINE));
        }
        copy_short(from.add(tail), to.add(tail), n - tail);
    }
}

/// Copies the line at `to` from the 64 bytes at `from`, 16 bytes at a time, with
/// non-temporal stores.
///
/// # Safety
///
/// `from` is valid for reads of 64 bytes, `to` for writes of 64 bytes and aligned to 16;
/// they do not overlap.
#[inline(always)]
pub(crate) unsafe fn stream_line(from: *const u8, to: *mut u8) {
    // SAFETY: the 64 bytes at each end (the caller's contract); the loads are unaligned,
    // the stores aligned to 16 bytes as `stream16` needs.
    unsafe {
        for q in (0..super::super::LINE).step_by(16) {
            let v = _mm_loadu_si128(from.add(q).cast::<__m128i>());
            stream16(to.add(q).cast::<__m128i>(), v);
        }
    }
}

/// Writes `v` to the 16 bytes at `to` with a non-temporal store.
///
/// # Safety
///
/// `to` is valid for writes of 16 bytes and aligned to 16.
#[inline(always)]
pub(crate) unsafe fn stream16(to: *mut __m128i, v: __m128i) {
    debug_assert!(to.addr().is_multiple_of(16));
    // SAFETY: the caller's contract. Miri cannot run the non-temporal store (inline
    // assembly); an ordinary store writes the same bytes.
    unsafe {
        #[cfg(not(miri))]
        core::arch::x86_64::_mm_stream_si128(to, v);
        #[cfg(miri)]
        _mm_storeu_si128(to, v);
    }
}

/// Copies `m` runs of `run` bytes, run `j` at `from + j·step`, to the `m·run` bytes
/// from `to`: the whole cache lines of `to` with non-temporal stores, 16 bytes at a time,
/// the partial lines at its two ends with ordinary ones. The lines that lie inside one
/// run are copied straight from it, several at a time; a line that spans two runs of at
/// least a line each is cut from the last line of the one and the first of the other,
/// put side by side in a buffer. Shorter runs go 16 bytes at a time, a piece that spans
/// two of them put together in a small buffer first. Before each whole line, the same
/// bytes of the run `ahead` runs on (if the plane has it) are prefetched.
///
/// # Safety
///
/// `to` is valid for writes of `m·run` bytes; `run` is nonzero; each run is valid for
/// reads and outside the destination.
#[inline(always)]
pub(crate) unsafe fn write_plane(
    from: *const u8,
    (run, step, m): (usize, isize, usize),
    to: *mut u8,
    ahead: usize,
) {
    use super::super::LINE;
    let total = run * m;
    let head = ((LINE - to.addr() % LINE) % LINE).min(total);
    let body = head + (total - head) / LINE * LINE;
    // The next byte of the runs is at `from + j·step + off`, `off < run`: computed from
    // `j` each time rather than carried in a pointer, which keeps the loop's dependency
    // chains short. At the start of each whole line, `j` is the run and `off` the place in
    // it, so the prefetch needs no division.
    let source = |j: usize, off: usize| {
        from.wrapping_offset((j as isize).wrapping_mul(step))
            .wrapping_add(off)
    };
    // Moves the place `(j, off)` in the runs `k ≤ run − off` bytes on.
    let advance = |j: &mut usize, off: &mut usize, k: usize| {
        *off += k;
        if *off == run {
            *off = 0;
            *j += 1;
        }
    };
    // Copies the next `n < LINE` bytes of the runs to `to`, with ordinary stores.
    let copy = |j: &mut usize, off: &mut usize, to: *mut u8, n: usize| {
        let mut done = 0;
        while done < n {
            let k = (run - *off).min(n - done);
            // SAFETY: `k` bytes of run `j` from `off < run` (the caller's contract: the
            // runs are valid for reads), to the next `k` of the `n` bytes at `to`, which
            // the callers below keep inside the destination or a buffer of 16 bytes.
            unsafe { copy_short(source(*j, *off), to.add(done), k) };
            done += k;
            advance(j, off, k);
        }
    };
    // The next 16 bytes of the runs.
    let piece = |j: &mut usize, off: &mut usize| {
        if *off + 16 <= run {
            // SAFETY: 16 bytes of run `j` (the caller's contract); the load is unaligned.
            let v = unsafe { _mm_loadu_si128(source(*j, *off).cast::<__m128i>()) };
            advance(j, off, 16);
            v
        } else {
            let mut buf = [0u8; 16];
            copy(j, off, buf.as_mut_ptr(), 16);
            // SAFETY: the 16 bytes of `buf`.
            unsafe { _mm_loadu_si128(buf.as_ptr().cast::<__m128i>()) }
        }
    };
    let (mut j, mut off) = (0usize, 0);
    // SAFETY: the destination's pieces lie in its `total` bytes (`head`, the lines up to
    // `body` and the rest are consecutive); the non-temporal ones start on a line, so on
    // 16-byte boundaries; each piece's bytes come from the runs in order, and the plane has
    // as many bytes as the destination (`copy` and `piece` read only the runs). The lines
    // copied straight lie in run `j` (`off + lines·LINE ≤ run`); a line across two runs
    // reads the last `LINE` bytes of run `j` and the first of run `j + 1`, inside them
    // as `run ≥ LINE`, into the buffer's `2·LINE`, and streams `LINE` of them from
    // `LINE − r > 0`.
    unsafe {
        copy(&mut j, &mut off, to, head);
        let mut at = head;
        while at < body {
            let later = j + ahead;
            // The line at `off` of the run `ahead` on and, where the run does not start on
            // a line, the next.
            let prefetch = |off: usize| {
                if later < m {
                    super::super::prefetch_rows(source(later, off), 0, 1, LINE);
                }
            };
            // The whole lines left in run `j` (`body − at` is a whole number of lines).
            let lines = ((run - off) / LINE).min((body - at) / LINE);
            if lines > 0 {
                // Straight from the run: without the pieces' checks and buffer, 1.9–2.4×
                // as fast on runs of 14 KiB (see `benches/NOTES.md`).
                let f = source(j, off);
                for l in 0..lines {
                    prefetch(off + l * LINE);
                    stream_line(f.add(l * LINE), to.add(at + l * LINE));
                }
                advance(&mut j, &mut off, lines * LINE);
                at += lines * LINE;
                continue;
            }
            prefetch(off);
            if run >= LINE {
                // The line's first `r < LINE` bytes end run `j`, the rest begin run `j + 1`
                // (which exists: the plane holds `at + LINE ≤ m·run` bytes). Both runs'
                // lines are whole, so the buffer holds the last line of the one and the
                // first of the other, and the line is read from it `r` bytes before the
                // middle.
                #[repr(C, align(64))]
                struct Pair([core::mem::MaybeUninit<u8>; 2 * LINE]);
                let mut pair = Pair([core::mem::MaybeUninit::uninit(); 2 * LINE]);
                let buf = pair.0.as_mut_ptr().cast::<u8>();
                let r = run - off;
                let (last, first) = (source(j, run - LINE), source(j + 1, 0));
                for q in (0..LINE).step_by(16) {
                    let v = _mm_loadu_si128(last.add(q).cast::<__m128i>());
                    _mm_storeu_si128(buf.add(q).cast::<__m128i>(), v);
                    let v = _mm_loadu_si128(first.add(q).cast::<__m128i>());
                    _mm_storeu_si128(buf.add(LINE + q).cast::<__m128i>(), v);
                }
                stream_line(buf.add(LINE - r), to.add(at));
                (j, off) = (j + 1, LINE - r);
                at += LINE;
                continue;
            }
            for q in (0..LINE).step_by(16) {
                let v = piece(&mut j, &mut off);
                stream16(to.add(at + q).cast::<__m128i>(), v);
            }
            at += LINE;
        }
        copy(&mut j, &mut off, to.add(at), total - at);
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

/// Whether the processor is an Intel one whose L3, as CPUID reports it, is larger than
/// [`LARGE_L3_BYTES`]: a server part whose L3 is shared by many cores (on a mesh). Asked once
/// and cached; false under Miri, which does not run CPUID.
pub(crate) fn large_shared_l3() -> bool {
    use core::sync::atomic::{AtomicU8, Ordering};
    /// 0: not asked yet; 1: no; 2: yes.
    static KNOWN: AtomicU8 = AtomicU8::new(0);
    match KNOWN.load(Ordering::Relaxed) {
        1 => return false,
        2 => return true,
        _ => {}
    }
    let large = !cfg!(miri) && intel_l3_bytes() > LARGE_L3_BYTES;
    KNOWN.store(if large { 2 } else { 1 }, Ordering::Relaxed);
    large
}

/// The L3 of [`large_shared_l3`]: larger than any desktop processor's.
const LARGE_L3_BYTES: usize = 64 << 20;

/// The size of the L3 that CPUID's deterministic cache parameters (leaf 4) report on an
/// Intel processor; 0 on any other, or without a level-3 cache.
fn intel_l3_bytes() -> usize {
    use core::arch::x86_64::{__cpuid, __cpuid_count};
    let id = __cpuid(0);
    // "GenuineIntel", in EBX, EDX, ECX.
    if (id.ebx, id.edx, id.ecx) != (0x756e_6547, 0x4965_6e69, 0x6c65_746e) || id.eax < 4 {
        return 0;
    }
    for index in 0..16 {
        let leaf = __cpuid_count(4, index);
        if leaf.eax & 0x1f == 0 {
            break;
        }
        if (leaf.eax >> 5) & 7 == 3 {
            let ways = (leaf.ebx >> 22) as usize + 1;
            let partitions = ((leaf.ebx >> 12) & 0x3ff) as usize + 1;
            let line = (leaf.ebx & 0xfff) as usize + 1;
            let sets = leaf.ecx as usize + 1;
            // Saturating: a hypervisor may report any values.
            return ways
                .saturating_mul(partitions)
                .saturating_mul(line)
                .saturating_mul(sets);
        }
    }
    0
}

/// Whether the CPU has AVX-512F: known at compile time when the build enables it, asked
/// once and cached by the standard library with `std`, assumed absent otherwise (and under
/// Miri, which does not run those instructions).
#[inline(always)]
pub(crate) fn has_avx512f() -> bool {
    if cfg!(target_feature = "avx512f") {
        return true;
    }
    #[cfg(all(feature = "std", not(miri)))]
    {
        extern crate std;
        std::arch::is_x86_feature_detected!("avx512f")
    }
    #[cfg(not(all(feature = "std", not(miri))))]
    false
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
mod avx;

/// The AVX-512F shifted bands of 4-byte elements, called only when the CPU has it.
pub(crate) mod avx512;

/// Half-precision slice conversions with F16C.
#[cfg(feature = "half")]
pub(crate) mod f16c;
