//! The machine's multiply-add peak, the ceiling of the products (B36, B38) as `memcpy` is that
//! of the copies: as many fused multiply-adds as a product has, on the widest vector registers
//! the processor offers (512-bit with AVX-512F, 256-bit with FMA), in independent chains held
//! in registers, more than a multiply-add's latency times the number of units (4 cycles × 2 on
//! current x86-64 processors), so that nothing but the multiply-add units sets the pace. No
//! kernel that does a product's multiply-adds one by one can run faster on the same thread.

use std::hint::black_box;

use crate::kernels::{Contender, contender};

/// The contender that does `work` multiply-adds of `T` (`f32` or `f64`) on the calling thread,
/// or `None` where `T` is another type or the processor has no fused multiply-add.
pub fn one_thread<T: 'static>(work: usize) -> Option<Contender<'static>> {
    let run = runner::<T>()?;
    Some(contender("multiply-add peak", move || {
        run(black_box(work));
    }))
}

/// As [`one_thread`], with the work split evenly over every thread of rayon's global pool,
/// each running its share at once (the ceiling of a product on as many threads).
#[cfg(feature = "rayon")]
pub fn all_threads<T: 'static>(work: usize) -> Option<Contender<'static>> {
    let run = runner::<T>()?;
    let threads = rayon::current_num_threads();
    let share = work.div_ceil(threads);
    Some(contender(
        "multiply-add peak on as many threads",
        move || {
            rayon::broadcast(|_| run(black_box(share)));
        },
    ))
}

/// The kernel for `T` on this processor: a function of the number of multiply-adds.
fn runner<T: 'static>() -> Option<fn(usize)> {
    #[cfg(target_arch = "x86_64")]
    {
        use std::any::TypeId;
        let f32s = TypeId::of::<T>() == TypeId::of::<f32>();
        let f64s = TypeId::of::<T>() == TypeId::of::<f64>();
        if std::arch::is_x86_feature_detected!("avx512f") {
            // SAFETY (both): the processor has AVX-512F (detected just above), all the
            // kernels need.
            if f32s {
                return Some(|work| unsafe { x86::zmm_f32(work) });
            }
            if f64s {
                return Some(|work| unsafe { x86::zmm_f64(work) });
            }
        } else if std::arch::is_x86_feature_detected!("fma") {
            // SAFETY (both): the processor has AVX and FMA (FMA implies AVX: both detected).
            if f32s {
                return Some(|work| unsafe { x86::ymm_f32(work) });
            }
            if f64s {
                return Some(|work| unsafe { x86::ymm_f64(work) });
            }
        }
    }
    None
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use std::arch::x86_64::*;

    /// One kernel: `work` multiply-adds of its element type, rounded up to whole steps of its
    /// chains (16 of the 32 AVX-512 registers, 12 of the 16 AVX ones), each chain
    /// `x ← x·m + a` with `m` just below 1, so that the values stay finite and normal whatever
    /// the count. The chains end in `black_box`, a store per register: adding up their lanes
    /// would cost more than the 4096 multiply-adds of a 16³ product.
    ///
    /// Safety: each kernel needs its target feature (AVX-512F, or AVX and FMA) on the
    /// processor that runs it.
    macro_rules! kernel {
        ($name:ident, $feature:literal, $t:ty, $chains:literal, $lanes:literal, $set1:ident,
         $fma:ident $(,)?) => {
            #[target_feature(enable = $feature)]
            pub unsafe fn $name(work: usize) {
                let (m, a) = (
                    $set1(std::hint::black_box(0.999_999 as $t)),
                    $set1(std::hint::black_box(1.0e-6 as $t)),
                );
                let mut chains = [$set1(1.0); $chains];
                for _ in 0..work.div_ceil($chains * $lanes) {
                    for x in &mut chains {
                        *x = $fma(*x, m, a);
                    }
                }
                std::hint::black_box(chains);
            }
        };
    }

    kernel!(
        zmm_f32,
        "avx512f",
        f32,
        16,
        16,
        _mm512_set1_ps,
        _mm512_fmadd_ps,
    );
    kernel!(
        zmm_f64,
        "avx512f",
        f64,
        16,
        8,
        _mm512_set1_pd,
        _mm512_fmadd_pd,
    );
    kernel!(
        ymm_f32,
        "avx,fma",
        f32,
        12,
        8,
        _mm256_set1_ps,
        _mm256_fmadd_ps,
    );
    kernel!(
        ymm_f64,
        "avx,fma",
        f64,
        12,
        4,
        _mm256_set1_pd,
        _mm256_fmadd_pd,
    );
}
