//! The shifted bands of 4- and 8-byte elements with AVX-512F (see `stream_shifted` in
//! `simd`), and the chained ones, whose source rows come in sets (`stream_chained`).
//!
//! A band of a line's worth of source rows (one destination line of each destination row:
//! 16 rows of 4-byte elements, 8 of 8-byte ones) is transposed a square block at a time in
//! registers, walking the source rows front to back, and each destination row's line from
//! its first boundary on is put together in registers from the row's previous block, kept in
//! a buffer of one line a row, and its new one (`vpermt2d`, `vpermt2q`), then written with a
//! non-temporal store straight from the register. The general band goes through a staging
//! buffer of two lines a row instead.

use core::arch::x86_64::{
    __m512, __m512d, __m512i, _mm512_add_epi32, _mm512_add_epi64, _mm512_castpd_ps,
    _mm512_castpd_si512, _mm512_castps_pd, _mm512_castps_si512, _mm512_castsi512_pd,
    _mm512_castsi512_ps, _mm512_loadu_si512, _mm512_permutex2var_epi32, _mm512_permutex2var_epi64,
    _mm512_set1_epi32, _mm512_set1_epi64, _mm512_setr_epi32, _mm512_setr_epi64,
    _mm512_shuffle_f32x4, _mm512_shuffle_f64x2, _mm512_storeu_si512, _mm512_unpackhi_pd,
    _mm512_unpackhi_ps, _mm512_unpacklo_pd, _mm512_unpacklo_ps,
};
use core::array::from_fn;
use core::mem::MaybeUninit;

use super::super::super::{LINE, ShiftedRows};

/// The destination rows (source columns) a shifted band walks at a time, and the lines of
/// its buffer (64 KiB on the calling thread's stack): the band then reads each of its source
/// rows in runs of 4 KiB (`f32`) or 8 KiB (`f64`). On an Intel Xeon (Sapphire Rapids class),
/// in a program timing it as the benchmark report does, a 1000 × 1001 `f32` transpose reached
/// 0.93–1.08× `memcpy`'s throughput with the whole row at once, 0.79–0.93× with runs of 2 KiB
/// and 0.69–0.81× with 1 KiB (see the benchmark notes).
pub(crate) const SHIFTED_ROWS: usize = 1024;

/// The `N × N` block of elements of `LINE / N` bytes (`N` = 16 or 8) whose source row `i`
/// starts at `src + at(i)` elements, transposed: element `i` of register `j` is element `j`
/// of source row `i`.
///
/// # Safety
///
/// The CPU has AVX-512F; `src + at(i) + j` is valid for reads for `i, j < N`.
#[inline]
#[target_feature(enable = "avx512f")]
unsafe fn transposed<E, const N: usize>(
    src: *const E,
    at: impl Fn(usize) -> isize,
) -> [__m512i; N] {
    // SAFETY: the `N` rows of `N` elements, one line each (the caller's contract); loads are
    // unaligned.
    let rows: [__m512i; N] = from_fn(|i| unsafe { _mm512_loadu_si512(src.offset(at(i)).cast()) });
    if N == 16 {
        let t = transpose_32(from_fn(|i| _mm512_castsi512_ps(rows[i])));
        from_fn(|i| _mm512_castps_si512(t[i]))
    } else {
        let t = transpose_64(from_fn(|i| _mm512_castsi512_pd(rows[i])));
        from_fn(|i| _mm512_castpd_si512(t[i]))
    }
}

/// The 16 × 16 block of 4-byte elements whose row `i` is `r[i]`, transposed: element `i` of
/// register `j` is element `j` of row `i`.
#[inline]
#[target_feature(enable = "avx512f")]
fn transpose_32(r: [__m512; 16]) -> [__m512; 16] {
    // Within each 128-bit lane, 4 × 4 blocks: `quads[g][c]` holds, in lane `l`, element
    // `4l + c` of rows `4g..4g + 4`.
    let quads: [[__m512; 4]; 4] = from_fn(|g| {
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
    let mut out = [quads[0][0]; 16];
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

/// The 8 × 8 block of 8-byte elements whose row `i` is `r[i]`, transposed: element `i` of
/// register `j` is element `j` of row `i`.
#[inline]
#[target_feature(enable = "avx512f")]
fn transpose_64(r: [__m512d; 8]) -> [__m512d; 8] {
    // Pairs of rows: `pairs[p][h]` holds, in 128-bit lane `l`, element `2l + h` of rows
    // `2p` and `2p + 1`.
    let pairs: [[__m512d; 2]; 4] = from_fn(|p| {
        let (a, b) = (r[2 * p], r[2 * p + 1]);
        [_mm512_unpacklo_pd(a, b), _mm512_unpackhi_pd(a, b)]
    });
    // Then the lanes: `even[q][h]` holds lanes 0 and 2 of pair `2q`, then of pair `2q + 1`
    // (elements `h` and `4 + h`), `odd[q][h]` lanes 1 and 3 (elements `2 + h` and `6 + h`).
    let even: [[__m512d; 2]; 2] = from_fn(|q| {
        from_fn(|h| _mm512_shuffle_f64x2::<0x88>(pairs[2 * q][h], pairs[2 * q + 1][h]))
    });
    let odd: [[__m512d; 2]; 2] = from_fn(|q| {
        from_fn(|h| _mm512_shuffle_f64x2::<0xDD>(pairs[2 * q][h], pairs[2 * q + 1][h]))
    });
    let mut out = [r[0]; 8];
    for h in 0..2 {
        out[h] = _mm512_shuffle_f64x2::<0x88>(even[0][h], even[1][h]);
        out[4 + h] = _mm512_shuffle_f64x2::<0xDD>(even[0][h], even[1][h]);
        out[2 + h] = _mm512_shuffle_f64x2::<0x88>(odd[0][h], odd[1][h]);
        out[6 + h] = _mm512_shuffle_f64x2::<0xDD>(odd[0][h], odd[1][h]);
    }
    out
}

/// Lane `i` of `windows()[s]` selects element `s + i` of the pair (previous line, new line)
/// of `N` elements each ([`window`]).
#[inline]
#[target_feature(enable = "avx512f")]
fn windows<const N: usize>() -> [__m512i; N] {
    from_fn(|s| {
        if N == 16 {
            let lanes = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
            _mm512_add_epi32(lanes, _mm512_set1_epi32(s as i32))
        } else {
            let lanes = _mm512_setr_epi64(0, 1, 2, 3, 4, 5, 6, 7);
            _mm512_add_epi64(lanes, _mm512_set1_epi64(s as i64))
        }
    })
}

/// The line of `N` elements that `select` (one of [`windows`]) picks from `previous` and
/// `next`.
#[inline]
#[target_feature(enable = "avx512f")]
fn window<const N: usize>(previous: __m512i, select: __m512i, next: __m512i) -> __m512i {
    if N == 16 {
        _mm512_permutex2var_epi32(previous, select, next)
    } else {
        _mm512_permutex2var_epi64(previous, select, next)
    }
}

/// Writes elements `from..to` of the line `v` of `N` elements of `E` to `at + from..at + to`
/// with ordinary stores.
///
/// # Safety
///
/// `N · size_of::<E>() = LINE`; `from ≤ to ≤ N`; those positions are valid for writes and
/// outside `v`.
#[inline]
#[target_feature(enable = "avx512f")]
unsafe fn write_part<E: Copy, const N: usize>(v: __m512i, at: *mut E, from: usize, to: usize) {
    let mut lanes = [MaybeUninit::<E>::uninit(); N];
    // SAFETY: `lanes` holds one line (`N` elements of `E`), all written by the store; `from..to`
    // lies in them, and in the destination (the caller's contract).
    unsafe {
        _mm512_storeu_si512(lanes.as_mut_ptr().cast(), v);
        let from_lanes = lanes.as_ptr().add(from).cast::<E>();
        core::ptr::copy_nonoverlapping(from_lanes, at.add(from), to - from);
    }
}

/// The bytes of adjacent source rows (each block then one range of memory) below which they
/// take the short walk of [`shifted`] and [`chained`]: 1 KiB, the engine's band minimum,
/// below which only adjacent runs reach a shifted band.
pub(crate) const SHORT_BYTES: usize = 1 << 10;

/// `stream_shifted` (in `simd`) for elements of `LINE / N` bytes (`N` = 16 for 4-byte
/// elements, 8 for 8-byte ones), as bits, on AVX-512F: the pairs `(dst + rows.offset(u) + l,
/// src + u + l·ss)` for `l < blocks · N` and `u` below the rows it returns (the caller copies
/// the rows after them): every row where they are one set, the source rows are adjacent
/// (`ss = nu`) and there are at least `N` of them, in fewer than [`SHORT_BYTES`]; otherwise
/// those below the last multiple of `N` not above `nu = rows.len()`. The caller issues
/// `stream_fence` before anything else reads or writes the destination.
///
/// # Safety
///
/// The CPU has AVX-512F; `E` is a primitive number of `LINE / N` bytes and `N` is 16 or 8;
/// `rows.len()` does not overflow; every one of those positions is valid (the destination's
/// for writes, each written once), `dst` is aligned to `E`, and the destination does not
/// overlap the source.
#[target_feature(enable = "avx512f")]
pub(crate) unsafe fn shifted<E: Copy, const N: usize>(
    dst: *mut E,
    rows: ShiftedRows,
    src: *const E,
    ss: isize,
    blocks: usize,
) -> usize {
    // The source rows, one set `ss` apart.
    let one = ShiftedRows::one(blocks.saturating_mul(N), ss);
    // SAFETY: this function's contract, with source row `l` at `one.offset(l) = l·ss`.
    unsafe { walks::<E, N, false>(dst, rows, src, one, blocks) }
}

/// `stream_chained` (in `simd`) for elements of `LINE / N` bytes, as bits, on AVX-512F: the
/// pairs `(dst + rows.offset(u) + l, src + u + cols.offset(l))` for `l < blocks · N` and `u`
/// below the rows it returns (the caller copies the rows after them): every row where they
/// are one set of at least `N` rows, in fewer than [`SHORT_BYTES`], and the source rows of
/// each of `cols`' sets are adjacent (`cols.step` is the number of rows) or each set's start
/// one run after the last set's (`cols.next` is), in the short walk;
/// otherwise those below the last multiple of `N` not above `nu = rows.len()`, as
/// [`shifted`] takes them. The caller issues `stream_fence` before anything else reads or
/// writes the destination.
///
/// # Safety
///
/// As for [`shifted`], with source row `l` at `cols.offset(l)`.
#[target_feature(enable = "avx512f")]
pub(crate) unsafe fn chained<E: Copy, const N: usize>(
    dst: *mut E,
    rows: ShiftedRows,
    src: *const E,
    cols: ShiftedRows,
    blocks: usize,
) -> usize {
    // SAFETY: this function's contract.
    unsafe { walks::<E, N, true>(dst, rows, src, cols, blocks) }
}

/// The rows [`shifted`] (`COLS` false: `cols` one set) and [`chained`] take, and their walk:
/// every row in the short walk where the destination rows are one set of at least `N`, in
/// fewer than [`SHORT_BYTES`], and each set's source rows are adjacent (`cols.step` the
/// number of rows) or, with `COLS`, each set starts one run after the last (`cols.next` the
/// number of rows), otherwise those below the last multiple of `N`. Returns the rows it took.
///
/// # Safety
///
/// As for [`chained`] (`cols.sets == 1` unless `COLS`).
#[target_feature(enable = "avx512f")]
#[inline]
unsafe fn walks<E: Copy, const N: usize, const COLS: bool>(
    dst: *mut E,
    rows: ShiftedRows,
    src: *const E,
    cols: ShiftedRows,
    blocks: usize,
) -> usize {
    const { assert!((N == 16 || N == 8) && N * size_of::<E>() == LINE) };
    let nu = rows.len().unwrap_or(0);
    let short = nu >= N && nu.saturating_mul(size_of::<E>()) < SHORT_BYTES;
    // Source rows close together: adjacent within each of `cols`' sets, or (chained) each
    // set's rows one run after the last set's.
    let close = cols.step == nu as isize || (COLS && cols.next == nu as isize);
    if rows.sets == 1 && close && short {
        // SAFETY: this function's contract, for every row; `N ≤ nu` rows in one set, fewer
        // than `SHORT_BYTES` (the walk reads columns `0..nu` of each source row only).
        unsafe { shifted_walk::<E, N, true, false, COLS>(dst, rows, src, cols, (nu, blocks)) };
        nu
    } else {
        let whole = nu - nu % N;
        // SAFETY: this function's contract, for rows `0..whole`, a multiple of `N`; one set
        // where the walk without sets takes them.
        unsafe {
            if rows.sets == 1 {
                shifted_walk::<E, N, false, false, COLS>(dst, rows, src, cols, (whole, blocks));
            } else {
                shifted_walk::<E, N, false, true, COLS>(dst, rows, src, cols, (whole, blocks));
            }
        }
        whole
    }
}

/// The walk of [`shifted`] and [`chained`] over rows `0..nu`, [`SHIFTED_ROWS`] at a time,
/// each block of `N` source rows in groups of `N` columns. With `SHORT` (short source
/// rows, `N ≤ nu`, fewer than [`SHORT_BYTES`]), the last group starts `N` rows before the end
/// and writes only the rows the group before did not, and the next block's source rows are
/// prefetched; otherwise `nu` is a multiple of `N`, and the groups are whole. Kept apart so
/// that the whole groups' loop compiles as if the short walk did not exist: with the
/// reach-back in it, 4095 × 4097 `f32` transposes took 5–8% longer. Without `SETS` the rows
/// are one set (row `u` at `u · rows.step`); with it, where each of the walk's rows starts is
/// worked out once for the [`SHIFTED_ROWS`] it takes at a time, into a table. Without `COLS`
/// the source rows are one set (row `l` at `l · cols.step`); with it, where each of a block's
/// `N` source rows starts (`cols.offset(l)`) is worked out once for the block, and the rows
/// are loaded from there.
///
/// # Safety
///
/// As for [`chained`] (source row `l` at `cols.offset(l)`), for rows `0..nu`, with `nu` as
/// above; `rows.sets == 1` unless `SETS`, and `cols.sets == 1` unless `COLS`.
#[target_feature(enable = "avx512f")]
#[inline]
unsafe fn shifted_walk<
    E: Copy,
    const N: usize,
    const SHORT: bool,
    const SETS: bool,
    const COLS: bool,
>(
    dst: *mut E,
    rows: ShiftedRows,
    src: *const E,
    cols: ShiftedRows,
    (nu, blocks): (usize, usize),
) {
    let ss = cols.step;
    #[cfg(miri)]
    use core::arch::x86_64::_mm512_storeu_si512 as store_line;
    #[cfg(not(miri))]
    use core::arch::x86_64::_mm512_stream_si512 as store_line;
    /// The previous block of each of [`SHIFTED_ROWS`] destination rows.
    #[repr(C, align(64))]
    struct Previous([MaybeUninit<__m512i>; SHIFTED_ROWS]);
    let mut previous = Previous([MaybeUninit::uninit(); SHIFTED_ROWS]);
    let windows = windows::<N>();
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
            let l0 = b * N;
            // With `COLS`, where the block's `N` source rows start, then the next block's.
            let (mut here, mut ahead) = ([0isize; N], [0isize; N]);
            if COLS {
                let slots = here.iter_mut().chain(&mut ahead);
                for (slot, offset) in slots.zip(cols.offsets(l0)) {
                    *slot = offset;
                }
            }
            for u0 in (0..n).step_by(N) {
                // The group's first column. `SHORT`: one walk (`c0 = 0`) of `n = nu ≥ N`
                // rows, whose last group reaches back to end at the last row.
                let first = if SHORT { u0.min(n - N) } else { c0 + u0 };
                #[cfg(not(miri))]
                if (SHORT || N == 8) && b + 1 < blocks {
                    // The same columns of the next block's source rows, into L2: where the
                    // source rows are short and adjacent (the `[3, 0, 1, 2]` permutation of
                    // 61 × 59 × 63 × 57 `f32`, rows of 228 bytes), the loads otherwise wait
                    // on memory (2× the time); for 8-byte elements, whose blocks are half as
                    // tall, always (4095 × 4097 `f64` 1.03–1.04× faster on an Intel Xeon).
                    // Prefetching never faults, so the addresses are only computed, wrapping.
                    let next = src
                        .wrapping_offset(((l0 + N) as isize).wrapping_mul(ss))
                        .wrapping_add(first);
                    for (l, &ahead) in ahead.iter().enumerate() {
                        let at = if COLS {
                            src.wrapping_offset(ahead).wrapping_add(first)
                        } else {
                            next.wrapping_offset((l as isize).wrapping_mul(ss))
                        };
                        super::prefetch_l2(at.cast());
                    }
                }
                // SAFETY: source rows `l0..l0 + N` (`l0 + N ≤ blocks · N`; with `COLS`, at
                // `here`, as `cols` places them, otherwise `ss` apart), columns
                // `first..first + N` (`≤ c0 + n ≤ nu`): positions of the band (the caller's
                // contract: a layout valid for its storage, invariant 1 of the tensor types);
                // the CPU has AVX-512F (this function's contract).
                let block = unsafe {
                    if COLS {
                        transposed::<E, N>(src.add(first), |i| here[i])
                    } else {
                        let at = src.offset(l0 as isize * ss).add(first);
                        transposed::<E, N>(at, |i| i as isize * ss)
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
                    // `0..blocks · N` are the band's (the caller's contract: positions of a
                    // layout valid for its storage, invariant 1 of the tensor types). `s < N`
                    // elements lie before its first line boundary (the row is aligned to `E`,
                    // `LINE / N` bytes). The line from there written for block `b − 1`
                    // (`l0 − N + s..l0 + s`) and the head (`0..s`) and tail (`l0 + s..l0 + N`)
                    // lie in the row's band, and the lines start on a line as the
                    // non-temporal store needs. `u < n ≤ SHIFTED_ROWS` indexes `previous`,
                    // whose slot `u` holds block `b − 1` of the row from `b ≥ 1` on (written
                    // below at every block).
                    unsafe {
                        let row = if SETS {
                            dst.offset(starts.0.as_ptr().add(u).read().assume_init())
                        } else {
                            dst.offset((c0 + u) as isize * rows.step)
                        };
                        let s = row.addr().wrapping_neg() % LINE / size_of::<E>();
                        if s == 0 {
                            store_line(row.add(l0).cast(), v);
                            continue;
                        }
                        let slot = previous.0.as_mut_ptr().add(u);
                        if b == 0 {
                            write_part::<E, N>(v, row, 0, s);
                        } else {
                            let line = window::<N>((*slot).assume_init(), windows[s], v);
                            store_line(row.add(l0 - N + s).cast(), line);
                        }
                        if b + 1 == blocks {
                            write_part::<E, N>(v, row.add(l0), s, N);
                        }
                        slot.write(MaybeUninit::new(v));
                    }
                }
            }
        }
    }
}
