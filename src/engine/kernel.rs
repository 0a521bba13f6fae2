//! Element kernels of the two-operand loops: what is done to one pair of elements, and how a
//! `MICRO × MICRO` transposed block is done at once.
//!
//! Every closure `FnMut(&mut T, &U)` is a [`Kernel`]; its block form is a fully unrolled loop
//! with constant unit strides (the compiler keeps the 8 source and destination lines in
//! registers and drops the index arithmetic). The copy kernels [`CloneTo`] and [`CloneInto`]
//! go further for the primitive numbers of 4 and 8 bytes (`f32`, `i32`, `u32`, `f64`, `i64`,
//! `u64`), whose `clone` is a bit copy: on x86-64 they transpose the block in SSE2 registers
//! (4 × 4 `f32`-sized or 2 × 2 `f64`-sized shuffles), HPTT's micro-kernel. Which element type
//! is in hand is decided by its `TypeId` (the `typeid` crate gives one for any type, `'static`
//! or not); the test folds to a constant after monomorphisation.
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
}

pub(crate) use bits::transpose as transpose_bits;

/// Bit-copying transposition kernels for the primitive numbers.
mod bits {
    use core::any::TypeId;

    /// Whether `T` is a primitive number of `bytes` bytes (`Copy`, so its `clone` copies its
    /// bits).
    #[inline(always)]
    fn is_plain<T>(bytes: usize) -> bool {
        let t = typeid::of::<T>();
        match bytes {
            4 => t == TypeId::of::<f32>() || t == TypeId::of::<u32>() || t == TypeId::of::<i32>(),
            8 => t == TypeId::of::<f64>() || t == TypeId::of::<u64>() || t == TypeId::of::<i64>(),
            _ => false,
        }
    }

    /// Copies the `MICRO × MICRO` transposed block `dst[u·ds + l] = src[u + l·ss]` as bits when
    /// `T` is a 4- or 8-byte primitive number and the target has a SIMD kernel for it; returns
    /// whether it did (otherwise nothing was touched).
    ///
    /// # Safety
    ///
    /// As for [`Kernel::transpose`](super::Kernel::transpose) (`dst` may point to
    /// uninitialised memory: it is only written).
    #[inline(always)]
    pub(crate) unsafe fn transpose<T>(dst: *mut T, ds: isize, src: *const T, ss: isize) -> bool {
        #[cfg(target_arch = "x86_64")]
        {
            if is_plain::<T>(4) {
                // SAFETY: `T` is a 4-byte number (just checked), so the pointers address the
                // same memory as 4-byte lanes; the block's positions are the caller's (inside
                // the slices by invariant 1 and the engine's corner check).
                unsafe { x86::transpose_32(dst.cast(), ds, src.cast(), ss) };
                return true;
            }
            if is_plain::<T>(8) {
                // SAFETY: as above, with 8-byte lanes.
                unsafe { x86::transpose_64(dst.cast(), ds, src.cast(), ss) };
                return true;
            }
        }
        let _ = (dst, ds, src, ss, is_plain::<T>);
        false
    }

    /// SSE2 kernels (part of the x86-64 baseline, so no run-time detection is needed).
    #[cfg(target_arch = "x86_64")]
    mod x86 {
        use super::super::MICRO;
        use core::arch::x86_64::{
            _mm_loadu_pd, _mm_loadu_ps, _mm_movehl_ps, _mm_movelh_ps, _mm_storeu_pd, _mm_storeu_ps,
            _mm_unpackhi_pd, _mm_unpackhi_ps, _mm_unpacklo_pd, _mm_unpacklo_ps,
        };

        /// The `MICRO × MICRO` block of 4-byte lanes as four 4 × 4 register transposes.
        ///
        /// # Safety
        ///
        /// As for `transpose`, with 4-byte elements.
        #[inline(always)]
        pub(super) unsafe fn transpose_32(dst: *mut f32, ds: isize, src: *const f32, ss: isize) {
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
        pub(super) unsafe fn transpose_64(dst: *mut f64, ds: isize, src: *const f64, ss: isize) {
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
    }
}
