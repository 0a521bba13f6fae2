//! Batched products (NumPy's `matmul` over stacks of matrices): one kernel call per matrix of
//! the broadcast batch, walked by the engine; with the `rayon` feature, the matrices of a new
//! `f32`/`f64` result are computed on several threads.

use crate::engine::{self, Operand};
use crate::layout::product::{MatrixAxes, ProductPlan};

use super::LinalgScalar;
use super::kernel::{self, MatMut, MatRef};
use crate::storage::{ViewRepr, ViewReprMut};

/// One matrix of an operand of the plan.
///
/// # Safety
///
/// The matrix `m` at `offset` is valid for `data` (invariant 1 of `ProductPlan`, for the data
/// the plan was made for): [`MatRef`]'s invariant.
unsafe fn read<T>(data: ViewRepr<'_, T>, m: MatrixAxes, offset: usize) -> MatRef<'_, T> {
    MatRef {
        data,
        rows: m.rows,
        cols: m.cols,
        rs: m.rs,
        cs: m.cs,
        offset,
    }
}

/// `c ← α·a·b + β·c` for the batch item whose matrices start at `[pa, pb, pc]`.
///
/// # Safety
///
/// As [`run`], and `[pa, pb, pc]` are the offsets of one batch item of `plan`.
#[inline(always)]
unsafe fn item<T: LinalgScalar, const B: usize>(
    (alpha, beta): (T, T),
    a: ViewRepr<'_, T>,
    b: ViewRepr<'_, T>,
    c: ViewReprMut<'_, T>,
    plan: &ProductPlan<B>,
    [pa, pb, pc]: [usize; 3],
) {
    let [ma, mb, mc] = plan.mats;
    let out = MatMut {
        data: c,
        rows: mc.rows,
        cols: mc.cols,
        rs: mc.rs,
        cs: mc.cs,
        offset: pc,
    };
    // SAFETY: the batch item's matrices are valid for their data (the caller's contract,
    // invariant 1 of `ProductPlan`); `out` is C's, likewise, and unique.
    let (ra, rb) = unsafe { (read(a, ma, pa), read(b, mb, pb)) };
    kernel::gemm(alpha, ra, rb, beta, out);
}

/// `c ← α·a·b + β·c` for a plan without batch axes (both operands of rank 1 or 2): its one
/// item, without the batch walk (smaller code for firmware, where the ranks are known).
///
/// # Safety
///
/// As [`run`], and `plan.batch()` is empty.
#[inline(always)]
pub(crate) unsafe fn run_single<T: LinalgScalar, const B: usize>(
    alpha: T,
    a: ViewRepr<'_, T>,
    b: ViewRepr<'_, T>,
    beta: T,
    c: ViewReprMut<'_, T>,
    plan: &ProductPlan<B>,
) {
    debug_assert!(plan.batch().is_empty());
    let at = [plan.offset(0), plan.offset(1), plan.offset(2)];
    // SAFETY: without batch axes the plan's one item is at the operands' offsets.
    unsafe { item((alpha, beta), a, b, c, plan, at) }
}

/// `c ← α·a·b + β·c` for every matrix of the batch of `plan`.
///
/// # Safety
///
/// The plan was made from layouts valid for `a`, `b` and `c` (invariant 1 of the tensors they
/// come from), `c`'s unique (invariant 2).
pub(crate) unsafe fn run<T: LinalgScalar, const B: usize>(
    alpha: T,
    a: ViewRepr<'_, T>,
    b: ViewRepr<'_, T>,
    beta: T,
    mut c: ViewReprMut<'_, T>,
    plan: &ProductPlan<B>,
) {
    let ops = [0, 1, 2].map(|k| Operand {
        strides: plan.batch_strides(k),
        offset: plan.offset(k),
    });
    engine::walk_n(plan.batch(), ops, &mut |at| {
        // SAFETY: the walk visits the offsets of the plan's batch items.
        unsafe { item((alpha, beta), a, b, c.reborrow(), plan, at) }
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
///
/// # Safety
///
/// The plan was made from layouts valid for `a` and `b` (invariant 1 of the tensors they come
/// from) and, for `c`, from a unique layout reaching exactly the positions `0..len`.
#[cfg(feature = "alloc")]
pub(crate) unsafe fn run_new<T: LinalgScalar>(
    a: ViewRepr<'_, T>,
    b: ViewRepr<'_, T>,
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
        // SAFETY: the caller's contract; `out` holds the `len` positions of `c`.
        unsafe {
            run(
                T::one(),
                a,
                b,
                T::one(),
                ViewReprMut::from_slice(&mut out),
                plan,
            )
        };
        return out;
    }
    #[cfg(feature = "rayon")]
    // SAFETY: the caller's contract.
    let done = blocks && unsafe { par::run_new(a, b, out.spare_capacity_mut(), plan) };
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

    use super::{ProductPlan, ViewRepr, kernel, read};

    /// Below this many multiply-adds a batch runs on one thread.
    const MIN_WORK: usize = 1 << 16;

    /// The raw pointer of a block handed to one thread.
    struct Block<T>(*mut T);
    // SAFETY: each `Block` is the start of a distinct chunk of the output, written by one
    // thread only, and is only made for `f32` and `f64` elements, which are `Send`.
    unsafe impl<T> Send for Block<T> {}

    /// `data` as elements of `U` when `T` is `U` (the same type id), else `None`.
    fn cast<T, U>(data: ViewRepr<'_, T>) -> Option<ViewRepr<'_, U>> {
        if typeid::of::<T>() != typeid::of::<U>() {
            return None;
        }
        // SAFETY: `T` and `U` are the same type (same type id), so the pointer, length, gaps
        // and lifetime describe the same elements.
        Some(unsafe { ViewRepr::from_raw(data.as_non_null().cast(), data.len(), data.has_gaps()) })
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
    ///
    /// # Safety
    ///
    /// As [`super::run_new`].
    pub(super) unsafe fn run_new<T>(
        a: ViewRepr<'_, T>,
        b: ViewRepr<'_, T>,
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
            // SAFETY: the caller's contract.
            unsafe { typed::<f32>(a, b, c, plan, items * block) };
            return true;
        }
        if let (Some(a), Some(b), Some(c)) = (cast(a), cast(b), cast_out(c)) {
            // SAFETY: the caller's contract.
            unsafe { typed::<f64>(a, b, c, plan, items * block) };
            return true;
        }
        false
    }

    /// # Safety
    ///
    /// As [`super::run_new`].
    unsafe fn typed<U: super::LinalgScalar + Send + Sync>(
        a: ViewRepr<'_, U>,
        b: ViewRepr<'_, U>,
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
