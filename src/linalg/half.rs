//! Half-precision products (feature `half`): `f16` and `bf16` matrices multiplied on the `f32`
//! backend — each operand widened to `f32` once (O(m·k + k·n)), the product in `f32`
//! (O(m·k·n), the packed kernels), the result rounded back once — so a product costs about
//! what the `f32` one does, and accumulates in `f32`, as PyTorch's CPU kernels do.

use alloc::vec::Vec;

use half::{bf16, f16};

use super::kernel::{MatMut, MatRef};
use crate::layout::Layout;
use crate::storage::{ViewRepr, ViewReprMut};
use crate::tensor::{TensorBase, TensorView};

/// A half-precision type: its conversions to and from `f32`.
trait Half: Copy {
    fn widen(self) -> f32;
    fn narrow(x: f32) -> Self;
}

impl Half for f16 {
    fn widen(self) -> f32 {
        self.to_f32()
    }
    fn narrow(x: f32) -> Self {
        f16::from_f32(x)
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

/// The elements of `m` as `f32`, row-major: a copy by the engine.
fn widened<H: Half>(m: MatRef<'_, H>) -> Vec<f32> {
    let layout = Layout::from_parts([m.rows, m.cols], [m.rs, m.cs], m.offset);
    // SAFETY: `m`'s own layout, valid for `m.data` (`MatRef`'s invariant); a read-only view has
    // no invariant 2.
    let view: TensorView<'_, H, 2> = unsafe { TensorBase::from_parts_unchecked(m.data, layout) };
    view.map(|x| x.widen()).into_vec()
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
    let (wa, wb) = (widened(a), widened(b));
    let mut d = alloc::vec![0f32; m * n];
    super::kernel::gemm(
        1.0f32,
        MatRef::row_major(&wa, m, k),
        MatRef::row_major(&wb, k, n),
        0.0,
        MatMut {
            data: ViewReprMut::from_slice(&mut d),
            rows: m,
            cols: n,
            rs: n as isize,
            cs: 1,
            offset: 0,
        },
    );
    let (alpha, beta) = (alpha.widen(), beta.widen());
    let (offset, rs, cs) = (c.offset, c.rs, c.cs);
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
