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

/// `a·b` into `out` (empty, with room for `len` elements), as `len` elements laid out as
/// `plan`'s `c`, whose positions are
/// `0..len`, each reached by some batch item (a new C-contiguous result of a product or an
/// einsum). `blocks`: the batch items are consecutive blocks of `rows · cols` elements in
/// row-major batch order (a batched `matmul`), so that they can be split across threads.
///
/// When each position is written by exactly one batch item (no batch axis sums into the
/// output) and the shared dimension is not empty, `f32` and `f64` products are written into
/// uninitialised memory (`matrixmultiply` with `β = 0` writes every element and reads none),
/// so the result is not zero-filled first; with the `rayon` feature and `blocks`, batches of
/// more than one product are split across threads. Otherwise the result is zero-filled and
/// every product added to it ([`run`] with `β = 1`).
///
/// `out` must be empty with a capacity of at least `len` (from `try_vec`, so that a result too
/// large to allocate is reported before its layout is built).
#[cfg(feature = "alloc")]
pub(crate) fn run_new<T: LinalgScalar>(
    a: &[T],
    b: &[T],
    mut out: alloc::vec::Vec<T>,
    len: usize,
    plan: &ProductPlan,
    blocks: bool,
) -> alloc::vec::Vec<T> {
    let [ma, mb, mc] = plan.mats;
    debug_assert!(out.is_empty() && out.capacity() >= len);
    let fits = out.is_empty() && out.capacity() >= len;
    // Every position written by exactly one item: no batch axis revisits `c` (stride 0 over
    // several items, or over none: a summed axis of size 0 writes nothing).
    let once = plan
        .batch()
        .iter()
        .zip(plan.batch_strides(2))
        .all(|(&size, &stride)| stride != 0 || size == 1);
    if len == 0 || ma.cols == 0 || !once || !fits || !kernel::writes_uninit::<T>() {
        out.clear();
        out.resize(len, T::zero());
        run(T::one(), a, b, T::one(), &mut out, plan);
        return out;
    }
    #[cfg(feature = "rayon")]
    let done = blocks && par::run_new(a, b, out.spare_capacity_mut(), plan);
    #[cfg(not(feature = "rayon"))]
    let _ = blocks;
    #[cfg(not(feature = "rayon"))]
    let done = false;
    if !done {
        let c = out.as_mut_ptr();
        let ops = [0, 1, 2].map(|k| Operand {
            strides: plan.batch_strides(k),
            offset: plan.offset(k),
        });
        engine::walk_n(plan.batch(), ops, &mut |[pa, pb, pc]| {
            // SAFETY: `c` has room for `len` elements (`fits`); `plan`'s `c` is a unique
            // layout of `len` elements (the caller's contract), so each batch item's positions
            // `pc + i·rs + j·cs` are distinct and below `len` (invariant 1 of `ProductPlan`),
            // and the non-empty shapes agree (invariant 2; `len > 0` and `ma.cols > 0` were
            // checked). `a` and `b` are other memory.
            unsafe {
                kernel::product_into_uninit(
                    read(a, ma, pa),
                    read(b, mb, pb),
                    c.wrapping_add(pc),
                    mc.rs,
                    mc.cs,
                );
            }
        });
    }
    // SAFETY: every position `0..len` of `c` belongs to exactly one batch item (the caller's
    // contract, and `once`: no batch axis revisits a position), and each product wrote every
    // element of its item (`β = 0`, `k ≥ 1`), so all `len` elements are initialised.
    unsafe { out.set_len(len) };
    out
}

#[cfg(feature = "rayon")]
mod par {
    use core::mem::MaybeUninit;

    use rayon::prelude::*;

    use super::{ProductPlan, kernel, read};

    /// Below this many multiply-adds a batch runs on one thread.
    const MIN_WORK: usize = 1 << 16;

    /// The raw pointer of a block handed to one thread.
    struct Block<T>(*mut T);
    // SAFETY: each `Block` is the start of a distinct chunk of the output, written by one
    // thread only, and is only made for `f32` and `f64` elements, which are `Send`.
    unsafe impl<T> Send for Block<T> {}

    /// `slice` as a slice of `U` when `T` is `U` (the same type id), else `None`.
    fn cast<T, U>(slice: &[T]) -> Option<&[U]> {
        if typeid::of::<T>() != typeid::of::<U>() {
            return None;
        }
        // SAFETY: `T` and `U` are the same type (same type id), so the pointer, length and
        // lifetime describe the same elements.
        Some(unsafe { core::slice::from_raw_parts(slice.as_ptr().cast(), slice.len()) })
    }

    /// [`cast`] for the uninitialised output.
    fn cast_out<T, U>(slice: &mut [MaybeUninit<T>]) -> Option<&mut [MaybeUninit<U>]> {
        if typeid::of::<T>() != typeid::of::<U>() {
            return None;
        }
        // SAFETY: as in `cast`, for an exclusive borrow of `MaybeUninit<T>` = `MaybeUninit<U>`.
        Some(unsafe { core::slice::from_raw_parts_mut(slice.as_mut_ptr().cast(), slice.len()) })
    }

    /// The batch of [`super::run_new`] on several threads, each product into its own block of
    /// `c` (uninitialised), for `f32` and `f64`: `true` if it ran (a batch of more than one
    /// product, with enough work), `false` to run it on this thread.
    pub(super) fn run_new<T>(
        a: &[T],
        b: &[T],
        c: &mut [MaybeUninit<T>],
        plan: &ProductPlan,
    ) -> bool {
        let [ma, _, mc] = plan.mats;
        let block = mc.rows * mc.cols;
        let items = plan.batch_len();
        if items < 2 || block == 0 || c.len() < items.saturating_mul(block) {
            return false;
        }
        if block.saturating_mul(ma.cols).saturating_mul(items) < MIN_WORK {
            return false;
        }
        if let (Some(a), Some(b), Some(c)) = (cast(a), cast(b), cast_out(c)) {
            typed::<f32>(a, b, c, plan, items * block);
            return true;
        }
        if let (Some(a), Some(b), Some(c)) = (cast(a), cast(b), cast_out(c)) {
            typed::<f64>(a, b, c, plan, items * block);
            return true;
        }
        false
    }

    fn typed<U: super::LinalgScalar + Send + Sync>(
        a: &[U],
        b: &[U],
        c: &mut [MaybeUninit<U>],
        plan: &ProductPlan,
        len: usize,
    ) {
        let [ma, mb, mc] = plan.mats;
        c[..len]
            .par_chunks_mut(mc.rows * mc.cols)
            .map(|chunk| Block(chunk.as_mut_ptr().cast::<U>()))
            .enumerate()
            .for_each(|(item, out)| {
                let [pa, pb] = plan.item_offsets(item);
                // SAFETY: `out` is item `item`'s own block of `rows · cols` elements of the
                // C-contiguous result, whose positions `i·rs + j·cs` are those of the block
                // (the plan's `c` is that result: the caller's contract); `a`'s and `b`'s
                // positions for the item are valid (invariant 1 of `ProductPlan`), and the
                // shapes agree and are non-empty (invariant 2; checked by the caller).
                unsafe {
                    kernel::product_into_uninit(
                        read(a, ma, pa),
                        read(b, mb, pb),
                        out.0,
                        mc.rs,
                        mc.cs,
                    );
                }
            });
    }
}
