//! Half-precision conversions of whole slices with F16C (`vcvtph2ps`, `vcvtps2ph`), eight
//! elements per instruction, compiled for F16C whatever the build's baseline and called only
//! when the CPU has it. `half`'s own F16C path asks the CPU once per element (with its `std`
//! feature), which costs more than the software conversion it replaces; these ask once per
//! slice.

use core::arch::x86_64::{
    __m128i, _MM_FROUND_TO_NEAREST_INT, _mm_loadu_si128, _mm_storeu_si128, _mm256_cvtph_ps,
    _mm256_cvtps_ph, _mm256_loadu_ps, _mm256_storeu_ps,
};

/// `dst[i] = src[i]` widened from binary16 bits to `f32`, for the first
/// `8 · ⌊min(len) / 8⌋` elements; returns that count. Exact, as every binary16 value is an
/// `f32` value (NaNs keep their payload and become quiet, as `half::f16::to_f32` makes them).
///
/// # Safety
///
/// The CPU has F16C (and so AVX).
#[target_feature(enable = "avx,f16c")]
pub(crate) unsafe fn widen(src: &[u16], dst: &mut [f32]) -> usize {
    let n = src.len().min(dst.len()) / 8 * 8;
    for (s, d) in src[..n].chunks_exact(8).zip(dst[..n].chunks_exact_mut(8)) {
        // SAFETY: `s` holds 8 `u16` (16 bytes) and `d` 8 `f32` (32 bytes), the unaligned
        // load and store sizes; the CPU has F16C (the caller's contract).
        unsafe {
            let h = _mm_loadu_si128(s.as_ptr().cast::<__m128i>());
            _mm256_storeu_ps(d.as_mut_ptr(), _mm256_cvtph_ps(h));
        }
    }
    n
}

/// `dst[i] = src[i]` rounded from `f32` to binary16 bits, to nearest with ties to even (as
/// `half::f16::from_f32`: overflow gives an infinity, NaNs stay NaN), for the first
/// `8 · ⌊min(len) / 8⌋` elements; returns that count.
///
/// # Safety
///
/// The CPU has F16C (and so AVX).
#[target_feature(enable = "avx,f16c")]
pub(crate) unsafe fn narrow(src: &[f32], dst: &mut [u16]) -> usize {
    let n = src.len().min(dst.len()) / 8 * 8;
    for (s, d) in src[..n].chunks_exact(8).zip(dst[..n].chunks_exact_mut(8)) {
        // SAFETY: as in `widen`, with the roles of the two sizes swapped.
        unsafe {
            let x = _mm256_loadu_ps(s.as_ptr());
            let h = _mm256_cvtps_ph::<_MM_FROUND_TO_NEAREST_INT>(x);
            _mm_storeu_si128(d.as_mut_ptr().cast::<__m128i>(), h);
        }
    }
    n
}

/// Whether the CPU has F16C and AVX (the 256-bit registers these use): known at compile time
/// when the build enables both, asked once and cached by the standard library with `std`,
/// assumed absent otherwise (and under Miri, which does not run these instructions). AVX is
/// asked for as well because the standard library reports F16C from the CPU alone, while AVX
/// also needs the operating system to save the 256-bit registers.
#[inline]
pub(crate) fn has_f16c() -> bool {
    if cfg!(miri) {
        return false;
    }
    if cfg!(all(target_feature = "f16c", target_feature = "avx")) {
        return true;
    }
    #[cfg(feature = "std")]
    {
        extern crate std;
        super::has_avx() && std::arch::is_x86_feature_detected!("f16c")
    }
    #[cfg(not(feature = "std"))]
    false
}
