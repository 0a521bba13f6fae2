use super::super::super::MICRO;
use core::arch::x86_64::{
    __m256, __m256d, _mm_storeu_pd, _mm_storeu_ps, _mm256_castpd256_pd128, _mm256_castps256_ps128,
    _mm256_extractf128_pd, _mm256_extractf128_ps, _mm256_loadu_pd, _mm256_loadu_ps,
    _mm256_permute2f128_pd, _mm256_permute2f128_ps, _mm256_shuffle_ps, _mm256_storeu_pd,
    _mm256_storeu_ps, _mm256_unpackhi_pd, _mm256_unpackhi_ps, _mm256_unpacklo_pd,
    _mm256_unpacklo_ps,
};

/// `write_lines` (the SSE2 one, in `x86`) with 32-byte non-temporal stores: two per
/// line.
///
/// # Safety
///
/// As for `write_lines`, and the CPU has AVX.
#[inline]
#[target_feature(enable = "avx")]
pub(crate) unsafe fn write_lines(
    buf: *const u8,
    pitch: usize,
    dst: *mut u8,
    ds: isize,
    rows: usize,
) {
    use super::super::super::LINE;
    #[cfg(miri)]
    use core::arch::x86_64::_mm256_storeu_si256;
    #[cfg(not(miri))]
    use core::arch::x86_64::_mm256_stream_si256;
    use core::arch::x86_64::{__m256i, _mm256_loadu_si256};
    for u in 0..rows {
        // SAFETY: the line of row `u` of the buffer and the destination's line of row
        // `u`, which starts on a line, so each half is aligned to the 32 bytes the store
        // needs (the caller's contract).
        unsafe {
            let t = dst.offset(u as isize * ds);
            let s = t.addr().wrapping_neg() % LINE;
            let (f, t) = (buf.add(u * pitch + s), t.add(s));
            for h in [0, 32] {
                let v = _mm256_loadu_si256(f.add(h).cast::<__m256i>());
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
/// line has been evicted by then). Where the destination rows all start 16 bytes
/// past a 32-byte boundary (as `malloc`'s 16-byte alignment leaves half of all
/// buffers, and every large one), each row of a pair is written as 4, 8 and 4
/// lanes, so that no store crosses a cache line: 32-byte stores from there cross
/// one every other time, which made in-cache transpositions up to 1.4× slower (see
/// the benchmark notes).
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
    // Pairs start 16 lanes (64 bytes) apart along a row, so they all share the
    // tile's offset from a 32-byte boundary when its rows do.
    if (ds * 4) % 32 == 0 && dst.addr() % 32 == 16 && fl >= 2 * MICRO {
        // SAFETY: the caller's contract.
        return unsafe { tile_32_shifted(dst, ds, src, ss, (fu, fl)) };
    }
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

/// `tile_32` for destination rows that all start 16 bytes past a 32-byte boundary:
/// the pairs of blocks through `pair_32_shifted`, a last single block as there.
///
/// # Safety
///
/// As for `tile_32`.
#[inline(never)]
#[target_feature(enable = "avx")]
unsafe fn tile_32_shifted(
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
            // SAFETY: blocks `(u0, l0)` and, when `pair`, `(u0, l0 + MICRO)` lie in
            // the tile, whose positions the caller vouches for (invariant 1).
            unsafe {
                let (d, s) = (dst.offset(u * ds + l), src.offset(u + l * ss));
                if pair {
                    pair_32_shifted(d, ds, s, ss);
                } else {
                    block_32(d, ds, s, ss);
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
    // SAFETY: the block's source positions are the caller's.
    let rows = unsafe { transposed_32(src, ss) };
    for (u, row) in rows.into_iter().enumerate() {
        // SAFETY: row `u < 8` of the destination, lanes `0..8`, lies in the block
        // (the caller's contract, as above).
        unsafe { _mm256_storeu_ps(dst.offset(u as isize * ds), row) };
    }
}

/// Two 8 × 8 blocks of 4-byte lanes side by side along `l`, each destination row's
/// 16 lanes written as lanes `0..4`, `4..12` and `12..16`.
///
/// # Safety
///
/// As for `transpose` with 4-byte elements, for the blocks at `(0, 0)` and
/// `(0, MICRO)`, and the CPU has AVX.
#[inline]
#[target_feature(enable = "avx")]
unsafe fn pair_32_shifted(dst: *mut f32, ds: isize, src: *const f32, ss: isize) {
    // SAFETY: the two blocks' source positions are the caller's.
    let (left, right) = unsafe {
        (
            transposed_32(src, ss),
            transposed_32(src.offset(MICRO as isize * ss), ss),
        )
    };
    for (u, (a, b)) in left.into_iter().zip(right).enumerate() {
        let middle = _mm256_permute2f128_ps::<0x21>(a, b);
        // SAFETY: row `u < 8` of the destination, lanes `0..16`, lies in the two
        // blocks (the caller's contract).
        unsafe {
            let row = dst.offset(u as isize * ds);
            _mm_storeu_ps(row, _mm256_castps256_ps128(a));
            _mm256_storeu_ps(row.add(4), middle);
            _mm_storeu_ps(row.add(12), _mm256_extractf128_ps::<1>(b));
        }
    }
}

/// The 8 × 8 block of 4-byte lanes at `src` (rows `ss` apart) transposed: its eight
/// rows along `l` become eight registers along `u`.
///
/// # Safety
///
/// Rows `0..8` of the source, lanes `0..8`, are valid for reads, and the CPU has
/// AVX.
#[inline]
#[target_feature(enable = "avx")]
unsafe fn transposed_32(src: *const f32, ss: isize) -> [__m256; MICRO] {
    let r: [__m256; MICRO] = core::array::from_fn(|l| {
        // SAFETY: row `l < 8` of the source, lanes `0..8` (the caller's contract);
        // unaligned loads need no alignment.
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
    // Row `u` (lanes of `l`) is the low halves of `q[u]` and `q[u + 4]`, row `u + 4`
    // their high halves.
    core::array::from_fn(|u| {
        let i = u % 4;
        if u < 4 {
            _mm256_permute2f128_ps::<0x20>(q[i], q[i + 4])
        } else {
            _mm256_permute2f128_ps::<0x31>(q[i], q[i + 4])
        }
    })
}

/// The kernel part of a tile of 8-byte lanes in blocks of four 4 × 4 register
/// transposes, `l` outermost (one block is 64 bytes wide: a whole line). Where the
/// block's destination rows all start 16 bytes past a 32-byte boundary, each row is
/// written as 2, 4 and 2 lanes, so that no store crosses a cache line (as in
/// `tile_32`).
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
    // Blocks start 8 lanes (64 bytes) apart along a row, so they all share the tile's
    // offset from a 32-byte boundary when its rows do.
    if (ds * 8) % 32 == 0 && dst.addr() % 32 == 16 {
        // SAFETY: the caller's contract.
        return unsafe { tile_64_shifted(dst, ds, src, ss, (fu, fl)) };
    }
    for l0 in (0..fl).step_by(MICRO) {
        for u0 in (0..fu).step_by(MICRO) {
            for (a, b) in [(0, 0), (4, 0), (0, 4), (4, 4)] {
                let (u, l) = ((u0 + a) as isize, (l0 + b) as isize);
                // SAFETY: the 4 × 4 block at `(u, l)` lies in the tile, whose
                // positions the caller vouches for (invariant 1).
                unsafe { quad_64(dst.offset(u * ds + l), ds, src.offset(u + l * ss), ss) };
            }
        }
    }
}

/// `tile_64` for destination rows that all start 16 bytes past a 32-byte boundary:
/// each block's two 4 × 8 halves through `half_64_shifted`.
///
/// # Safety
///
/// As for `tile_64`.
#[inline(never)]
#[target_feature(enable = "avx")]
unsafe fn tile_64_shifted(
    dst: *mut f64,
    ds: isize,
    src: *const f64,
    ss: isize,
    (fu, fl): (usize, usize),
) {
    for l0 in (0..fl).step_by(MICRO) {
        for u0 in (0..fu).step_by(MICRO) {
            for a in [0, 4] {
                let (u, l) = ((u0 + a) as isize, l0 as isize);
                // SAFETY: the 4 × 8 half of the block at `(u, l)` lies in the tile,
                // whose positions the caller vouches for (invariant 1).
                unsafe { half_64_shifted(dst.offset(u * ds + l), ds, src.offset(u + l * ss), ss) };
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
    // SAFETY: the block's source positions are the caller's.
    let rows = unsafe { transposed_64(src, ss) };
    for (u, row) in rows.into_iter().enumerate() {
        // SAFETY: row `u < 4` of the destination, lanes `0..4`, lies in the block
        // (the caller's contract).
        unsafe { _mm256_storeu_pd(dst.offset(u as isize * ds), row) };
    }
}

/// Two 4 × 4 blocks of 8-byte lanes side by side along `l`, each destination row's
/// eight lanes written as lanes `0..2`, `2..6` and `6..8`.
///
/// # Safety
///
/// As for `transpose` with 8-byte elements, for the 4 × 4 blocks at `(0, 0)` and
/// `(0, 4)`, and the CPU has AVX.
#[inline]
#[target_feature(enable = "avx")]
unsafe fn half_64_shifted(dst: *mut f64, ds: isize, src: *const f64, ss: isize) {
    // SAFETY: the two blocks' source positions are the caller's.
    let (left, right) = unsafe {
        (
            transposed_64(src, ss),
            transposed_64(src.offset(4 * ss), ss),
        )
    };
    for (u, (a, b)) in left.into_iter().zip(right).enumerate() {
        let middle = _mm256_permute2f128_pd::<0x21>(a, b);
        // SAFETY: row `u < 4` of the destination, lanes `0..8`, lies in the two
        // blocks (the caller's contract).
        unsafe {
            let row = dst.offset(u as isize * ds);
            _mm_storeu_pd(row, _mm256_castpd256_pd128(a));
            _mm256_storeu_pd(row.add(2), middle);
            _mm_storeu_pd(row.add(6), _mm256_extractf128_pd::<1>(b));
        }
    }
}

/// The 4 × 4 block of 8-byte lanes at `src` (rows `ss` apart) transposed: its four
/// rows along `l` become four registers along `u`.
///
/// # Safety
///
/// Rows `0..4` of the source, lanes `0..4`, are valid for reads, and the CPU has
/// AVX.
#[inline]
#[target_feature(enable = "avx")]
unsafe fn transposed_64(src: *const f64, ss: isize) -> [__m256d; 4] {
    let r: [__m256d; 4] = core::array::from_fn(|l| {
        // SAFETY: row `l < 4` of the source, lanes `0..4` (the caller's contract);
        // unaligned loads need no alignment.
        unsafe { _mm256_loadu_pd(src.offset(l as isize * ss)) }
    });
    let t = [
        _mm256_unpacklo_pd(r[0], r[1]),
        _mm256_unpackhi_pd(r[0], r[1]),
        _mm256_unpacklo_pd(r[2], r[3]),
        _mm256_unpackhi_pd(r[2], r[3]),
    ];
    [
        _mm256_permute2f128_pd::<0x20>(t[0], t[2]),
        _mm256_permute2f128_pd::<0x20>(t[1], t[3]),
        _mm256_permute2f128_pd::<0x31>(t[0], t[2]),
        _mm256_permute2f128_pd::<0x31>(t[1], t[3]),
    ]
}
