use super::super::MICRO;
use core::arch::aarch64::{
    uint8x8_t, uint16x8_t, uint32x4_t, vld1_u8, vld1q_u16, vld1q_u32, vld1q_u64,
    vreinterpret_u8_u16, vreinterpret_u8_u32, vreinterpret_u16_u8, vreinterpret_u32_u8,
    vreinterpretq_u16_u32, vreinterpretq_u32_u16, vreinterpretq_u32_u64, vreinterpretq_u64_u32,
    vst1_u8, vst1q_u16, vst1q_u32, vst1q_u64, vtrn1_u8, vtrn1_u16, vtrn1_u32, vtrn1q_u16,
    vtrn1q_u32, vtrn1q_u64, vtrn2_u8, vtrn2_u16, vtrn2_u32, vtrn2q_u16, vtrn2q_u32, vtrn2q_u64,
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
