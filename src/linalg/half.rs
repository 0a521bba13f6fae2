//! Half-precision products (feature `half`): `f16` and `bf16` matrices multiplied on the `f32`
//! backend — each operand widened to `f32` once (O(m·k + k·n)), the product in `f32`
//! (O(m·k·n), the packed kernels), the result rounded back once — so a product costs about
//! what the `f32` one does, and accumulates in `f32`, as PyTorch's CPU kernels do.
//!
//! The conversions run slice by slice (`f16` on the processor's F16C instructions where it has
//! them), and with `std` the widened operands and the `f32` product live in working memory
//! kept per thread, so that repeated products do not pay for new memory.

use alloc::vec::Vec;

use half::slice::HalfFloatSliceExt;
use half::{bf16, f16};

use super::kernel::{MatMut, MatRef};
use crate::layout::Layout;
use crate::storage::{ViewRepr, ViewReprMut};
use crate::tensor::{TensorBase, TensorView};

/// A half-precision type: its conversions to and from `f32`, one element at a time and
/// slice by slice (`src` and `dst` of equal lengths).
trait Half: Copy {
    fn widen(self) -> f32;
    fn narrow(x: f32) -> Self;
    fn widen_slice(src: &[Self], dst: &mut [f32]) {
        for (y, x) in dst.iter_mut().zip(src) {
            *y = x.widen();
        }
    }
    fn narrow_slice(src: &[f32], dst: &mut [Self]) {
        for (y, &x) in dst.iter_mut().zip(src) {
            *y = Self::narrow(x);
        }
    }
}

impl Half for f16 {
    fn widen(self) -> f32 {
        self.to_f32()
    }
    fn narrow(x: f32) -> Self {
        f16::from_f32(x)
    }
    /// With the processor's conversion instructions where it has them (F16C), eight elements
    /// at a time; the same values as `to_f32`.
    fn widen_slice(src: &[Self], dst: &mut [f32]) {
        let done = crate::engine::widen_f16(src.reinterpret_cast(), dst);
        for (y, x) in dst[done..].iter_mut().zip(&src[done..]) {
            *y = x.to_f32();
        }
    }
    /// As `widen_slice`; the same values as `from_f32` (to nearest, ties to even).
    fn narrow_slice(src: &[f32], dst: &mut [Self]) {
        let done = crate::engine::narrow_f16(src, dst.reinterpret_cast_mut());
        for (y, &x) in dst[done..].iter_mut().zip(&src[done..]) {
            *y = f16::from_f32(x);
        }
    }
}

impl Half for bf16 {
    fn widen(self) -> f32 {
        self.to_f32()
    }
    fn narrow(x: f32) -> Self {
        bf16::from_f32(x)
    }
}

/// `C ← α·A·B + β·C` when `T` is `f16` or `bf16`, through `f32` (returning `true`); `false`,
/// touching nothing, for any other type. The shapes are non-zero and agree (the caller's
/// contract, as for every backend).
pub(super) fn product<T: Copy>(
    alpha: T,
    a: MatRef<'_, T>,
    b: MatRef<'_, T>,
    beta: T,
    c: &mut MatMut<'_, T>,
) -> bool {
    let id = typeid::of::<T>();
    if id == typeid::of::<f16>() {
        // SAFETY: `T` is `f16` (same type id): the casts are identities.
        unsafe { typed::<f16, T>(alpha, a, b, beta, c) };
        return true;
    }
    if id == typeid::of::<bf16>() {
        // SAFETY: `T` is `bf16` (same type id).
        unsafe { typed::<bf16, T>(alpha, a, b, beta, c) };
        return true;
    }
    false
}

/// Writes the elements of `m` as `f32`, row-major, into `out` (of `m`'s length): converted
/// slice by slice, from `m`'s own memory when it is row-major and contiguous, otherwise from a
/// row-major copy by the engine.
fn widen_into<H: Half>(m: MatRef<'_, H>, out: &mut [f32]) {
    let layout = Layout::from_parts([m.rows, m.cols], [m.rs, m.cs], m.offset);
    // SAFETY: `m`'s own layout, valid for `m.data` (`MatRef`'s invariant); a read-only view has
    // no invariant 2.
    let view: TensorView<'_, H, 2> = unsafe { TensorBase::from_parts_unchecked(m.data, layout) };
    match view.as_slice() {
        Some(s) => H::widen_slice(s, out),
        None => H::widen_slice(&view.to_vec(), out),
    }
}

/// The most `f32` elements of working memory a thread keeps between products (16 MiB): the
/// memory of a 1024 × 1024 product. Larger products take new memory each time, where its cost
/// is small beside the product's.
#[cfg(feature = "std")]
const KEEP: usize = 1 << 22;

#[cfg(feature = "std")]
std::thread_local! {
    /// The working memory of the last product on this thread (its length is what has been
    /// initialised), taken out during a product.
    static SCRATCH: core::cell::Cell<Vec<f32>> = const { core::cell::Cell::new(Vec::new()) };
}

/// Calls `f` with `len` elements of working memory, of any values. With `std` the memory is
/// kept per thread between calls (up to [`KEEP`] elements): new memory costs a page fault per
/// 4 KiB on first use, which for a 512 × 512 product took as long as the product itself.
fn with_scratch(len: usize, f: impl FnOnce(&mut [f32])) {
    #[cfg(feature = "std")]
    let mut buf = SCRATCH.take();
    #[cfg(not(feature = "std"))]
    let mut buf = Vec::new();
    if buf.len() < len {
        buf.resize(len, 0.0);
    }
    f(&mut buf[..len]);
    #[cfg(feature = "std")]
    if buf.len() <= KEEP {
        SCRATCH.set(buf);
    }
}

/// `m` as an operand of `U`.
///
/// # Safety
///
/// `T` is `U`.
unsafe fn cast<T, U>(m: MatRef<'_, T>) -> MatRef<'_, U> {
    MatRef {
        // SAFETY: `T` is `U` (the caller's contract): the same positions, elements and borrow.
        data: unsafe {
            ViewRepr::from_raw(m.data.as_non_null().cast(), m.data.len(), m.data.has_gaps())
        },
        rows: m.rows,
        cols: m.cols,
        rs: m.rs,
        cs: m.cs,
        offset: m.offset,
    }
}

/// # Safety
///
/// `T` is `H`.
unsafe fn typed<H: Half, T: Copy>(
    alpha: T,
    a: MatRef<'_, T>,
    b: MatRef<'_, T>,
    beta: T,
    c: &mut MatMut<'_, T>,
) {
    // SAFETY: `T` is `H` (the caller's contract).
    let (alpha, beta): (H, H) = unsafe {
        (
            core::mem::transmute_copy(&alpha),
            core::mem::transmute_copy(&beta),
        )
    };
    // SAFETY: as above.
    let (a, b) = unsafe { (cast::<T, H>(a), cast::<T, H>(b)) };
    let (m, k, n) = (a.rows, a.cols, b.cols);
    // Each count is at most a tensor's length; their sum saturates, where no allocation could
    // succeed anyway.
    let len = (m * k).saturating_add(k * n).saturating_add(m * n);
    with_scratch(len, |buf| {
        let (wa, rest) = buf.split_at_mut(m * k);
        let (wb, d) = rest.split_at_mut(k * n);
        widen_into(a, wa);
        widen_into(b, wb);
        super::kernel::gemm(
            1.0f32,
            MatRef::row_major(wa, m, k),
            MatRef::row_major(wb, k, n),
            0.0,
            MatMut {
                data: ViewReprMut::from_slice(d),
                rows: m,
                cols: n,
                rs: n as isize,
                cs: 1,
                offset: 0,
            },
        );
        // SAFETY: `T` is `H` (the caller's contract).
        unsafe { narrow_into(alpha, beta, d, c) };
    });
}

/// `C ← α·D + β·C`, `D` the `f32` product (row-major, of C's shape), rounded to `H` once.
///
/// # Safety
///
/// `T` is `H`.
unsafe fn narrow_into<H: Half, T: Copy>(alpha: H, beta: H, d: &mut [f32], c: &mut MatMut<'_, T>) {
    let n = c.cols;
    let (alpha, beta) = (alpha.widen(), beta.widen());
    let (offset, rs, cs) = (c.offset, c.rs, c.cs);
    if cs == 1 {
        // Rows of C are runs: each is read (unless β = 0) and written slice by slice.
        let mut old = alloc::vec![0f32; if beta == 0.0 { 0 } else { n }];
        for (i, row) in d.chunks_exact_mut(n.max(1)).enumerate() {
            let p = offset.wrapping_add_signed((i as isize).wrapping_mul(rs));
            // SAFETY: row `i` of C, `n` elements from `p` with a unit stride, is a run of its
            // layout (`MatMut`'s invariant), borrowed mutably with `c`; `T` is `H` (the
            // caller's contract), so the run is `n` elements of `H`.
            let run: &mut [H] = unsafe {
                let run = c.data.run_mut(p, n);
                core::slice::from_raw_parts_mut(run.as_mut_ptr().cast::<H>(), n)
            };
            if beta != 0.0 {
                H::widen_slice(run, &mut old);
                for (x, &y) in row.iter_mut().zip(&old) {
                    *x = alpha * *x + beta * y;
                }
            } else if alpha != 1.0 {
                row.iter_mut().for_each(|x| *x *= alpha);
            }
            H::narrow_slice(row, run);
        }
        return;
    }
    for (i, row) in d.chunks_exact(n.max(1)).enumerate() {
        for (j, &x) in row.iter().enumerate() {
            let p = offset
                .wrapping_add_signed((i as isize).wrapping_mul(rs))
                .wrapping_add_signed((j as isize).wrapping_mul(cs));
            // SAFETY: `[i, j]` is in bounds of C, so `p` is a position of its layout
            // (`MatMut`'s invariant); `T` is `H`.
            unsafe {
                let y = c.data.get_mut(p);
                let old: H = core::mem::transmute_copy(y);
                let new = if beta == 0.0 {
                    alpha * x
                } else {
                    alpha * x + beta * old.widen()
                };
                *y = core::mem::transmute_copy(&H::narrow(new));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The slice conversions (F16C where the processor has it) agree bit for bit with
    /// `half`'s element conversions: every `f16`, and `f32` values across the whole range
    /// (signed zeros, subnormals, ties, overflow to infinity, NaNs), at lengths that leave
    /// a remainder after the blocks of eight.
    #[test]
    fn slice_conversions_match_element_conversions() {
        // The processor's instructions serve whole blocks of eight where it has them.
        #[cfg(all(target_arch = "x86_64", feature = "std", not(miri)))]
        {
            extern crate std;
            let blocks = crate::engine::widen_f16(&[0; 9], &mut [0.0; 9]);
            assert_eq!(
                blocks,
                if std::is_x86_feature_detected!("avx") && std::is_x86_feature_detected!("f16c") {
                    8
                } else {
                    0
                }
            );
        }
        let every: Vec<f16> = (0..=u16::MAX).map(f16::from_bits).collect();
        let mut wide = alloc::vec![0f32; every.len() - 3];
        f16::widen_slice(&every[..wide.len()], &mut wide);
        for (h, w) in every.iter().zip(&wide) {
            assert_eq!(
                h.to_f32().to_bits(),
                w.to_bits(),
                "widening {:#06x}",
                h.to_bits()
            );
        }
        // f32 bit patterns a prime step apart, with the halfway points between f16 values.
        let mut bits: Vec<u32> = (0..1u64 << 32).step_by(4099).map(|b| b as u32).collect();
        bits.extend(
            every
                .iter()
                .map(|h| (h.to_f32().to_bits() as u64 + (1 << 12)) as u32),
        );
        bits.extend([
            0x8000_0000,
            0x7f80_0000,
            0xff80_0000,
            0x7fc0_0001,
            0x477f_f000,
        ]);
        bits.push(1);
        let src: Vec<f32> = bits.iter().map(|&b| f32::from_bits(b)).collect();
        let mut narrow = alloc::vec![f16::ZERO; src.len()];
        f16::narrow_slice(&src, &mut narrow);
        for (x, h) in src.iter().zip(&narrow) {
            let want = f16::from_f32(*x).to_bits();
            assert_eq!(want, h.to_bits(), "narrowing {:#010x}", x.to_bits());
        }
    }
}
