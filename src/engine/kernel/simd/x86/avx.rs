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
                unsafe { quad_64(dst.offset(u * ds + l), ds, src.offset(u + l * ss), ss) };
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
