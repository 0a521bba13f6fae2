//! The shifted bands of 4-byte elements with AVX-512F (see `stream_shifted` in `simd`), and
//! the chained ones, whose source rows come in sets (`stream_chained`).
//!
//! A band of 16 source rows (one destination line of each destination row) is transposed
//! 16 × 16 at a time in registers, walking the source rows front to back, and each
//! destination row's line from its first boundary on is put together in registers from the
//! row's previous block, kept in a buffer of one line a row, and its new one
//! (`vpermt2ps`), then written with a non-temporal store straight from the register. The
//! general band goes through a staging buffer of two lines a row instead.

use core::arch::x86_64::{
    __m512, __m512i, _mm512_add_epi32, _mm512_castpd_ps, _mm512_castps_pd, _mm512_loadu_ps,
    _mm512_permutex2var_ps, _mm512_set1_epi32, _mm512_setr_epi32, _mm512_shuffle_f32x4,
    _mm512_storeu_ps, _mm512_unpackhi_pd, _mm512_unpackhi_ps, _mm512_unpacklo_pd,
    _mm512_unpacklo_ps,
};
use core::mem::MaybeUninit;

use super::super::super::{LINE, ShiftedRows};

/// Elements of 4 bytes in a line, and the side of the blocks transposed in registers.
const LANES: usize = LINE / 4;

/// The destination rows (source columns) a shifted band walks at a time, and the lines of
/// its buffer (64 KiB on the calling thread's stack): the band then reads each of its 16
/// source rows in runs of 4 KiB. On an Intel Xeon (Sapphire Rapids class), in a program
/// timing it as the benchmark report does, a 1000 × 1001 `f32` transpose reached 0.93–1.08×
/// `memcpy`'s throughput with the whole row at once, 0.79–0.93× with runs of 2 KiB and
/// 0.69–0.81× with 1 KiB (see the benchmark notes).
pub(crate) const SHIFTED_ROWS: usize = 1024;

/// The 16 × 16 block of 4-byte elements at `src` (rows `ss` elements apart), transposed:
/// element `i` of register `j` is element `j` of source row `i`.
///
/// # Safety
///
/// The CPU has AVX-512F; `src + i·ss + j` is valid for reads for `i, j < 16`.
#[inline]
#[target_feature(enable = "avx512f")]
unsafe fn transposed(src: *const f32, ss: isize) -> [__m512; LANES] {
    // SAFETY: the 16 rows of 16 elements (the caller's contract); loads are unaligned.
    transpose(core::array::from_fn(|i| unsafe {
        _mm512_loadu_ps(src.offset(i as isize * ss))
    }))
}

/// [`transposed`] for 16 source rows anywhere: row `i` at `src + at[i]`.
///
/// # Safety
///
/// The CPU has AVX-512F; `src + at[i] + j` is valid for reads for `i, j < 16`.
#[inline]
#[target_feature(enable = "avx512f")]
unsafe fn transposed_rows(src: *const f32, at: &[isize; LANES]) -> [__m512; LANES] {
    // SAFETY: the 16 rows of 16 elements (the caller's contract); loads are unaligned.
    transpose(core::array::from_fn(|i| unsafe {
        _mm512_loadu_ps(src.offset(at[i]))
    }))
}

/// The 16 × 16 block of 4-byte elements whose row `i` is `r[i]`, transposed: element `i` of
/// register `j` is element `j` of row `i`.
#[inline]
#[target_feature(enable = "avx512f")]
fn transpose(r: [__m512; LANES]) -> [__m512; LANES] {
    // Within each 128-bit lane, 4 × 4 blocks: `quads[g][c]` holds, in lane `l`, element
    // `4l + c` of rows `4g..4g + 4`.
    let quads: [[__m512; 4]; 4] = core::array::from_fn(|g| {
        let (r0, r1, r2, r3) = (r[4 * g], r[4 * g + 1], r[4 * g + 2], r[4 * g + 3]);
        let (t0, t1) = (_mm512_unpacklo_ps(r0, r1), _mm512_unpackhi_ps(r0, r1));
        let (t2, t3) = (_mm512_unpacklo_ps(r2, r3), _mm512_unpackhi_ps(r2, r3));
        let pairs = |a: __m512, b: __m512| {
            let (a, b) = (_mm512_castps_pd(a), _mm512_castps_pd(b));
            (
                _mm512_castpd_ps(_mm512_unpacklo_pd(a, b)),
                _mm512_castpd_ps(_mm512_unpackhi_pd(a, b)),
            )
        };
        let ((c0, c1), (c2, c3)) = (pairs(t0, t2), pairs(t1, t3));
        [c0, c1, c2, c3]
    });
    // Then the lanes: output `4l + c` takes lane `l` of `quads[g][c]` for `g = 0..4`.
    let mut out = [quads[0][0]; LANES];
    for c in 0..4 {
        let even01 = _mm512_shuffle_f32x4::<0x88>(quads[0][c], quads[1][c]);
        let odd01 = _mm512_shuffle_f32x4::<0xDD>(quads[0][c], quads[1][c]);
        let even23 = _mm512_shuffle_f32x4::<0x88>(quads[2][c], quads[3][c]);
        let odd23 = _mm512_shuffle_f32x4::<0xDD>(quads[2][c], quads[3][c]);
        out[c] = _mm512_shuffle_f32x4::<0x88>(even01, even23);
        out[4 + c] = _mm512_shuffle_f32x4::<0x88>(odd01, odd23);
        out[8 + c] = _mm512_shuffle_f32x4::<0xDD>(even01, even23);
        out[12 + c] = _mm512_shuffle_f32x4::<0xDD>(odd01, odd23);
    }
    out
}

/// Writes elements `from..to` of `v` to `at + from..at + to` with ordinary stores.
///
/// # Safety
///
/// `from ≤ to ≤ 16`; those positions are valid for writes and outside `v`.
#[inline]
#[target_feature(enable = "avx512f")]
unsafe fn write_part(v: __m512, at: *mut f32, from: usize, to: usize) {
    let mut lanes = [0f32; LANES];
    // SAFETY: `lanes` holds 16 elements; `from..to` lies in them, and in the destination
    // (the caller's contract).
    unsafe {
        _mm512_storeu_ps(lanes.as_mut_ptr(), v);
        core::ptr::copy_nonoverlapping(lanes.as_ptr().add(from), at.add(from), to - from);
    }
}

/// The length of adjacent source rows (each block of 16 then one range of memory) below which
/// they take the short walk of [`shifted_32`]: 1 KiB of 4-byte elements, the engine's band
/// minimum, below which only adjacent runs reach a shifted band.
pub(crate) const SHORT_ROWS: usize = 256;

/// `stream_shifted` (in `simd`) for 4-byte elements, as bits, on AVX-512F: the pairs
/// `(dst + rows.offset(u) + l, src + u + l·ss)` for `l < blocks · 16` and `u` below the rows
/// it returns (the caller copies the rows after them): every row where they are one set, the
/// source rows are adjacent (`ss = nu`) and there are 16 to [`SHORT_ROWS`] of them, otherwise
/// those below the last multiple of 16 not above `nu = rows.len()`. The caller issues
/// `stream_fence` before anything else reads or writes the destination.
///
/// # Safety
///
/// The CPU has AVX-512F; `rows.len()` does not overflow; every one of those positions is
/// valid (the destination's for writes, each written once), `dst` is aligned to 4 bytes, and
/// the destination does not overlap the source.
#[target_feature(enable = "avx512f")]
pub(crate) unsafe fn shifted_32(
    dst: *mut f32,
    rows: ShiftedRows,
    src: *const f32,
    ss: isize,
    blocks: usize,
) -> usize {
    // The source rows, one set `ss` apart.
    let one = ShiftedRows::one(blocks.saturating_mul(LANES), ss);
    // SAFETY: this function's contract, with source row `l` at `one.offset(l) = l·ss`.
    unsafe { walks::<false>(dst, rows, src, one, blocks) }
}

/// `stream_chained` (in `simd`) for 4-byte elements, as bits, on AVX-512F: the pairs
/// `(dst + rows.offset(u) + l, src + u + cols.offset(l))` for `l < blocks · 16` and `u` below
/// the rows it returns (the caller copies the rows after them): every row where they are one
/// set, 16 to [`SHORT_ROWS`] of them, and the source rows of each of `cols`' sets are
/// adjacent (`cols.step` is the number of rows), in the short walk; otherwise those below the
/// last multiple of 16 not above `nu = rows.len()`, as [`shifted_32`] takes them. The caller
/// issues `stream_fence` before anything else reads or writes the destination.
///
/// # Safety
///
/// The CPU has AVX-512F; `rows.len()` does not overflow; every one of those positions is
/// valid (the destination's for writes, each written once), `dst` is aligned to 4 bytes, and
/// the destination does not overlap the source.
#[target_feature(enable = "avx512f")]
pub(crate) unsafe fn chained_32(
    dst: *mut f32,
    rows: ShiftedRows,
    src: *const f32,
    cols: ShiftedRows,
    blocks: usize,
) -> usize {
    // SAFETY: this function's contract.
    unsafe { walks::<true>(dst, rows, src, cols, blocks) }
}

/// The rows [`shifted_32`] (`COLS` false: `cols` one set) and [`chained_32`] take, and their
/// walk: every row in the short walk where the destination rows are one set of 16 to
/// [`SHORT_ROWS`] and each set's source rows are adjacent (`cols.step` the number of rows),
/// otherwise those below the last multiple of 16. Returns the rows it took.
///
/// # Safety
///
/// As for [`chained_32`] (`cols.sets == 1` unless `COLS`).
#[target_feature(enable = "avx512f")]
#[inline]
unsafe fn walks<const COLS: bool>(
    dst: *mut f32,
    rows: ShiftedRows,
    src: *const f32,
    cols: ShiftedRows,
    blocks: usize,
) -> usize {
    let nu = rows.len().unwrap_or(0);
    if rows.sets == 1 && cols.step == nu as isize && (LANES..SHORT_ROWS).contains(&nu) {
        // SAFETY: this function's contract, for every row; `16 ≤ nu < SHORT_ROWS` rows in
        // one set, the source rows of each set adjacent.
        unsafe { shifted_walk::<true, false, COLS>(dst, rows, src, cols, (nu, blocks)) };
        nu
    } else {
        let whole = nu - nu % LANES;
        // SAFETY: this function's contract, for rows `0..whole`, a multiple of 16; one set
        // where the walk without sets takes them.
        unsafe {
            if rows.sets == 1 {
                shifted_walk::<false, false, COLS>(dst, rows, src, cols, (whole, blocks));
            } else {
                shifted_walk::<false, true, COLS>(dst, rows, src, cols, (whole, blocks));
            }
        }
        whole
    }
}

/// The walk of [`shifted_32`] and [`chained_32`] over rows `0..nu`, [`SHIFTED_ROWS`] at a
/// time, each block of 16 source rows in groups of 16 columns. With `SHORT` (adjacent source
/// rows, `16 ≤ nu < SHORT_ROWS`), the last group starts 16 rows before the end and writes
/// only the rows the group before did not, and the next block's source rows are prefetched;
/// otherwise `nu` is a multiple of 16, and the groups are whole. Kept apart so that the whole
/// groups' loop compiles as if the short walk did not exist: with the reach-back in it,
/// 4095 × 4097 `f32` transposes took 5–8% longer. Without `SETS` the rows are one set (row `u` at
/// `u · rows.step`); with it, where each of the walk's rows starts is worked out once for the
/// [`SHIFTED_ROWS`] it takes at a time, into a table. Without `COLS` the source rows are
/// one set (row `l` at `l · cols.step`); with it, where each of a block's 16 source rows
/// starts (`cols.offset(l)`) is worked out once for the block, and the rows are loaded from
/// there.
///
/// # Safety
///
/// As for [`shifted_32`] (source row `l` at `cols.offset(l)`, as for [`chained_32`] with
/// `COLS`), for rows `0..nu`, with `nu` as above; `rows.sets == 1` unless `SETS`, and
/// `cols.sets == 1` unless `COLS`.
#[target_feature(enable = "avx512f")]
#[inline]
unsafe fn shifted_walk<const SHORT: bool, const SETS: bool, const COLS: bool>(
    dst: *mut f32,
    rows: ShiftedRows,
    src: *const f32,
    cols: ShiftedRows,
    (nu, blocks): (usize, usize),
) {
    let ss = cols.step;
    #[cfg(miri)]
    use core::arch::x86_64::_mm512_storeu_ps as store_line;
    #[cfg(not(miri))]
    use core::arch::x86_64::_mm512_stream_ps as store_line;
    /// The previous block of each of [`SHIFTED_ROWS`] destination rows.
    #[repr(C, align(64))]
    struct Previous([MaybeUninit<__m512>; SHIFTED_ROWS]);
    let mut previous = Previous([MaybeUninit::uninit(); SHIFTED_ROWS]);
    // Lane `i` of `windows[s]` selects element `s + i` of (previous block, new block).
    let windows: [__m512i; LANES] = core::array::from_fn(|s| {
        let lanes = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
        _mm512_add_epi32(lanes, _mm512_set1_epi32(s as i32))
    });
    /// Where each of the [`SHIFTED_ROWS`] rows of the walk's step starts (with `SETS`).
    struct Starts([MaybeUninit<isize>; SHIFTED_ROWS]);
    let mut starts = Starts([MaybeUninit::uninit(); SHIFTED_ROWS]);
    for c0 in (0..nu).step_by(SHIFTED_ROWS) {
        let n = SHIFTED_ROWS.min(nu - c0);
        if SETS {
            // Rows `c0..c0 + n`.
            for (slot, at) in starts.0.iter_mut().zip(rows.offsets(c0)).take(n) {
                slot.write(at);
            }
        }
        for b in 0..blocks {
            let l0 = b * LANES;
            // With `COLS`, where the block's 16 source rows start, then the next block's.
            let (mut here, mut ahead) = ([0isize; LANES], [0isize; LANES]);
            if COLS {
                let slots = here.iter_mut().chain(&mut ahead);
                for (slot, offset) in slots.zip(cols.offsets(l0)) {
                    *slot = offset;
                }
            }
            for u0 in (0..n).step_by(LANES) {
                // The group's first column. `SHORT`: one walk (`c0 = 0`) of `n = nu ≥ 16`
                // rows, whose last group reaches back to end at the last row.
                let first = if SHORT { u0.min(n - LANES) } else { c0 + u0 };
                #[cfg(not(miri))]
                if SHORT && b + 1 < blocks {
                    // The same columns of the next block's source rows, into L2: where the
                    // source rows are short and adjacent (the `[3, 0, 1, 2]` permutation of
                    // 61 × 59 × 63 × 57 `f32`, rows of 228 bytes), the loads otherwise wait
                    // on memory (2× the time). Prefetching never faults, so the addresses
                    // are only computed, wrapping.
                    let next = src
                        .wrapping_offset(((l0 + LANES) as isize).wrapping_mul(ss))
                        .wrapping_add(first);
                    for l in 0..LANES {
                        let at = if COLS {
                            src.wrapping_offset(ahead[l]).wrapping_add(first)
                        } else {
                            next.wrapping_offset((l as isize).wrapping_mul(ss))
                        };
                        super::prefetch_l2(at.cast());
                    }
                }
                // SAFETY: source rows `l0..l0 + 16` (`l0 + 16 ≤ blocks · 16`; with `COLS`,
                // at `here`, as `cols` places them), columns `first..first + 16`
                // (`≤ c0 + n ≤ nu`): positions of the band (the caller's contract: a layout
                // valid for its storage, invariant 1 of the tensor types); the CPU has
                // AVX-512F (this function's contract).
                let block = unsafe {
                    if COLS {
                        transposed_rows(src.add(first), &here)
                    } else {
                        transposed(src.offset(l0 as isize * ss).add(first), ss)
                    }
                };
                for (q, v) in block.into_iter().enumerate() {
                    let u = if SHORT { first + q } else { u0 + q };
                    if SHORT && u < u0 {
                        // Written by the group before.
                        continue;
                    }
                    // SAFETY: destination row `c0 + u < nu`, at `rows.offset(c0 + u)` (with
                    // `SETS`, slot `u < n ≤ SHIFTED_ROWS` of `starts`, written above for this
                    // step; otherwise one set, `(c0 + u)·rows.step`), whose elements
                    // `0..blocks · 16` are the band's (the caller's contract: positions of a
                    // layout valid for its storage, invariant 1 of the tensor types). `s < 16`
                    // elements lie before its first line boundary (the row is aligned to 4
                    // bytes). The line from there written for block `b − 1` (`l0 − 16 + s..l0
                    // + s`) and the head (`0..s`) and tail (`l0 + s..l0 + 16`) lie in the
                    // row's band, and the lines start on a line as the non-temporal store
                    // needs. `u < n ≤
                    // SHIFTED_ROWS` indexes `previous`, whose slot `u` holds block `b − 1` of
                    // the row from `b ≥ 1` on (written below at every block).
                    unsafe {
                        let row = if SETS {
                            dst.offset(starts.0.as_ptr().add(u).read().assume_init())
                        } else {
                            dst.offset((c0 + u) as isize * rows.step)
                        };
                        let s = row.addr().wrapping_neg() % LINE / 4;
                        if s == 0 {
                            store_line(row.add(l0), v);
                            continue;
                        }
                        let slot = previous.0.as_mut_ptr().add(u);
                        if b == 0 {
                            write_part(v, row, 0, s);
                        } else {
                            let line = _mm512_permutex2var_ps((*slot).assume_init(), windows[s], v);
                            store_line(row.add(l0 - LANES + s), line);
                        }
                        if b + 1 == blocks {
                            write_part(v, row.add(l0), s, LANES);
                        }
                        slot.write(MaybeUninit::new(v));
                    }
                }
            }
        }
    }
}
