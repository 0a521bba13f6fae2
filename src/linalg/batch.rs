//! Batched products (NumPy's `matmul` over stacks of matrices): one kernel call per matrix of
//! the broadcast batch, walked by the engine; with the `rayon` feature, the matrices of a new
//! `f32`/`f64` result are computed on several threads.

use crate::engine::{self, Operand};
use crate::layout::product::{Matrix, ProductPlan};

use super::LinalgScalar;
use super::kernel::{self, MatMut, MatRef};

fn read<T>(data: &[T], m: Matrix, offset: usize) -> MatRef<'_, T> {
    MatRef {
        data,
        rows: m.rows,
        cols: m.cols,
        rs: m.rs,
        cs: m.cs,
        offset,
    }
}

/// `c ← α·a·b + β·c` for every matrix of the batch of `plan`, whose layouts are valid for
/// `a`, `b` and `c` (the plan's invariants, from tensors' layouts), `c`'s unique.
pub(crate) fn run<T: LinalgScalar>(
    alpha: T,
    a: &[T],
    b: &[T],
    beta: T,
    c: &mut [T],
    plan: &ProductPlan,
) {
    let [ma, mb, mc] = plan.mats;
    let ops = [0, 1, 2].map(|k| Operand {
        strides: plan.batch_strides(k),
        offset: plan.offset(k),
    });
    engine::walk_n(plan.batch(), ops, &mut |[pa, pb, pc]| {
        let out = MatMut {
            data: &mut *c,
            rows: mc.rows,
            cols: mc.cols,
            rs: mc.rs,
            cs: mc.cs,
            offset: pc,
        };
        kernel::gemm(alpha, read(a, ma, pa), read(b, mb, pb), beta, out);
    });
}

/// `c ← a·b` for a new C-contiguous `c` (each batch item one block of `rows · cols`
/// elements, in row-major batch order): with the `rayon` feature, `f32` and `f64` batches of
/// more than one product are split across threads; otherwise as [`run`].
#[cfg(feature = "alloc")]
pub(crate) fn run_new<T: LinalgScalar>(a: &[T], b: &[T], c: &mut [T], plan: &ProductPlan) {
    #[cfg(feature = "rayon")]
    if par::run_new(a, b, c, plan) {
        return;
    }
    run(T::one(), a, b, T::zero(), c, plan);
}

#[cfg(feature = "rayon")]
mod par {
    use rayon::prelude::*;

    use super::{MatMut, ProductPlan, kernel, read};

    /// Below this many multiply-adds a batch runs on one thread.
    const MIN_WORK: usize = 1 << 16;

    /// `slice` as a slice of `U` when `T` is `U` (the same type id), else `None`.
    fn cast<T, U>(slice: &mut [T]) -> Option<&mut [U]> {
        if typeid::of::<T>() != typeid::of::<U>() {
            return None;
        }
        // SAFETY: `T` and `U` are the same type (same type id), so the pointer, length and
        // lifetime describe the same, exclusively borrowed elements.
        Some(unsafe { core::slice::from_raw_parts_mut(slice.as_mut_ptr().cast(), slice.len()) })
    }

    fn cast_ref<T, U>(slice: &[T]) -> Option<&[U]> {
        if typeid::of::<T>() != typeid::of::<U>() {
            return None;
        }
        // SAFETY: as in `cast`, for a shared borrow.
        Some(unsafe { core::slice::from_raw_parts(slice.as_ptr().cast(), slice.len()) })
    }

    /// The parallel batch for `f32`/`f64`: `true` if it ran.
    pub(super) fn run_new<T>(a: &[T], b: &[T], c: &mut [T], plan: &ProductPlan) -> bool {
        fn typed<U: super::LinalgScalar + Send + Sync>(
            a: &[U],
            b: &[U],
            c: &mut [U],
            plan: &ProductPlan,
        ) {
            let [ma, mb, mc] = plan.mats;
            let block = mc.rows * mc.cols;
            c.par_chunks_mut(block)
                .enumerate()
                .for_each(|(item, block)| {
                    let [pa, pb] = plan.item_offsets(item);
                    let out = MatMut {
                        data: block,
                        rows: mc.rows,
                        cols: mc.cols,
                        rs: mc.rs,
                        cs: mc.cs,
                        offset: 0,
                    };
                    kernel::gemm(U::one(), read(a, ma, pa), read(b, mb, pb), U::zero(), out);
                });
        }
        let [ma, _, mc] = plan.mats;
        let block = mc.rows * mc.cols;
        let items = plan.batch_len();
        // The blocks are `c`'s consecutive rows · cols elements only when `c` is the new,
        // C-contiguous result this function is for; `run` handles anything else.
        if items < 2 || block == 0 || c.len() != items * block {
            return false;
        }
        if block.saturating_mul(ma.cols).saturating_mul(items) < MIN_WORK {
            return false;
        }
        if let (Some(a), Some(b), Some(c)) = (cast_ref(a), cast_ref(b), cast(c)) {
            typed::<f32>(a, b, c, plan);
            return true;
        }
        if let (Some(a), Some(b), Some(c)) = (cast_ref(a), cast_ref(b), cast(c)) {
            typed::<f64>(a, b, c, plan);
            return true;
        }
        false
    }
}
