//! Matrix products: [`gemm`], `matmul_into` and `matvec_into` into caller storage (no allocator
//! needed), `matmul` into a new tensor, and the shorthands `dot`, `matvec` and `outer` — with
//! the ranks checked by the compiler.
//!
//! `matmul` and `matmul_into` follow NumPy's `matmul` rules: rank 2 · rank 2 is the matrix
//! product; a vector is promoted to a matrix (a row on the left, a column on the right) and that
//! axis removed again; leading axes are batches of matrices that broadcast against each other.
//! The result rank is computed by the compiler ([`MatmulRanks`](crate::MatmulRanks)):
//!
//! | left rank | right rank | result rank | example shapes |
//! |---|---|---|---|
//! | 1 | 1 | 0 | (k) @ (k) → () |
//! | 2 | 1 | 1 | (m, k) @ (k) → (m) |
//! | 1 | 2 | 1 | (k) @ (k, n) → (n) |
//! | 2 | 2 | 2 | (m, k) @ (k, n) → (m, n) |
//! | R ≥ 3 | 1 | R − 1 | (b, m, k) @ (k) → (b, m) |
//! | R | R2 (both ≥ 2) | max(R, R2) | (b, 1, m, k) @ (c, k, n) → (b, c, m, n) |
//!
//! A batched product is one kernel call per matrix of the broadcast batch, without copying
//! any operand (a broadcast batch axis has stride 0).
//!
//! `f32` and `f64` products run on faer's kernels with the `faer` feature, and otherwise on
//! `matrixmultiply`'s packed micro-kernels (the kernels behind ndarray's `dot`) when the
//! `alloc` feature is on, on any strides: transposed, sliced, negatively strided and broadcast
//! (stride-0) operands multiply without a copy (a large product copies one operand into the
//! order faer reads fastest). On x86-64 processors with AVX-512 (detected at run time, with
//! `std`), products whose shared dimension is at most 32 and whose result is at most 32 `f32`
//! (16 `f64`) columns wide, or 16 (8) rows tall with a small right operand, take a kernel that
//! packs nothing (16 × 16 · 16 × 16 `f32` in 0.5–0.75× faer's time, 65536 × 32 · 32 × 16 in
//! 0.7–0.75×), at any number of rows; `f32` products with a longer shared dimension, fewer
//! than 2²¹ multiply-adds and a result 16 columns wide (or 32 with at most 16 rows) take the
//! same kernel through small chunks of the left operand, each copied while the one before it
//! is multiplied (16 × 2048 · 2048 × 16 in 0.74–0.85× faer's time on an Intel Xeon, 0.95–0.99×
//! on an AMD EPYC of the Zen 4 generation); a column-major result is the same product
//! transposed. Other
//! element types — integers, user numeric types — and builds without an allocator use a
//! cache-blocked generic kernel. With the `rayon` feature, large products use several
//! threads: faer's from 2²¹ multiply-adds, and the kernel above, split by rows, from 2²³.
//!
//! With the `linalg` feature, this module also holds NumPy's `linalg` on stacks of matrices:
//! see [`solve`] and the table below it.

mod batch;
#[cfg(feature = "linalg")]
mod decomp;
#[cfg(feature = "half")]
mod half;
mod kernel;
mod product;
#[cfg(feature = "alloc")]
mod small;
#[cfg(feature = "alloc")]
mod tensordot;

#[cfg(feature = "linalg")]
pub use decomp::*;
/// Complex numbers: `num_complex`'s type (feature `complex`).
#[cfg(feature = "complex")]
pub use num_complex::Complex;

pub use product::{Conjugate, Dot, VectorHasNoMatvec};
#[cfg(feature = "alloc")]
pub use tensordot::tensordot;

pub(crate) use batch::run as run_batch;
#[cfg(feature = "alloc")]
pub(crate) use batch::run_new as run_new_batch;

use core::ops::{Add, Mul};

use num_traits::{One, Zero};

use crate::error::ShapeError;
use crate::layout::product::plan as product_plan;
use crate::storage::{Storage, StorageMut};
use crate::tensor::TensorBase;

/// The element types of matrix products: `Copy` numbers with `0`, `1`, `+`, `·` and `==`
/// (ndarray's `LinalgScalar`). Implemented for every such type, user numeric types included.
///
/// # Examples
///
/// ```
/// use ranked::linalg::LinalgScalar;
///
/// fn takes<T: LinalgScalar>() {}
/// takes::<f32>();
/// takes::<i64>();
/// ```
pub trait LinalgScalar:
    Copy + Zero + One + Add<Output = Self> + Mul<Output = Self> + PartialEq
{
}

impl<T> LinalgScalar for T where T: Copy + Zero + One + Add<Output = T> + Mul<Output = T> + PartialEq
{}

/// General matrix product into existing storage: `c ← α·a·b + β·c` (BLAS's `gemm`). All three
/// are matrices (rank 2; another rank does not compile) of any layout; `c` must be writable.
/// With `β = 0`, `c`'s old values are not read. O(m·k·n), no allocation.
///
/// # Errors
///
/// [`ErrorKind::SizeMismatch`](crate::ErrorKind::SizeMismatch) naming the operand
/// ([`ShapeError::operand`]: 1 for `b`, 2 for `c`), the axis, the size needed (`expected`) and
/// the size found; `c` is unchanged then.
///
/// # Examples
///
/// ```
/// use ranked::{Tensor, linalg::gemm, tensor};
///
/// let a = tensor![[1.0, 2.0], [3.0, 4.0]];
/// let b = tensor![[1.0, 0.0], [1.0, 1.0]];
/// let mut c: Tensor<f64, 2> = Tensor::ones([2, 2]);
/// gemm(2.0, &a, &b, 1.0, &mut c).unwrap(); // c = 2·a·b + c
/// assert_eq!(c, tensor![[7.0, 5.0], [15.0, 9.0]]);
///
/// let err = gemm(1.0, &a, &tensor![[1.0, 2.0]], 0.0, &mut c).unwrap_err();
/// assert_eq!((err.operand(), err.axis(), err.expected(), err.found()), (Some(1), Some(0), 2, 1));
/// ```
pub fn gemm<S1, S2, S3, T>(
    alpha: T,
    a: &TensorBase<S1, 2>,
    b: &TensorBase<S2, 2>,
    beta: T,
    c: &mut TensorBase<S3, 2>,
) -> Result<(), ShapeError>
where
    S1: Storage<Elem = T>,
    S2: Storage<Elem = T>,
    S3: StorageMut<Elem = T>,
    T: LinalgScalar,
{
    let plan = product_plan::<0>(a.layout().parts(), b.layout().parts(), c.layout().parts())?;
    // SAFETY: the plan comes from the three tensors' layouts, valid for their storages
    // (invariant 1), `c`'s unique as its storage is writable (invariant 2); matrices have no
    // batch axes (a plan with room for none).
    unsafe {
        batch::run_single(
            alpha,
            a.storage().elems(),
            b.storage().elems(),
            beta,
            c.storage_mut().elems_mut(),
            &plan,
        );
    }
    Ok(())
}

/// # Matrix products into existing storage
impl<S: Storage> TensorBase<S, 2> {
    /// Writes the matrix · vector product `self · v` into `out` (BLAS's `gemv`): any layouts,
    /// no allocation. O(m·k).
    ///
    /// # Errors
    ///
    /// As [`matmul_into`](TensorBase::matmul_into), which this is:
    /// [`ErrorKind::SizeMismatch`](crate::ErrorKind::SizeMismatch) naming the operand (1 for
    /// `v`, 2 for `out`) and the size needed; `out` is unchanged then.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{TensorView, TensorViewMut};
    ///
    /// // A firmware filter: fixed weights, a sample vector, an output buffer.
    /// let w = [1.0f32, 0.5, 0.0, -1.0, 2.0, 1.0];
    /// let x = [2.0f32, 4.0, 6.0];
    /// let mut y = [0.0f32; 2];
    /// let w = TensorView::from_slice(&w, [2, 3]).unwrap();
    /// let x = TensorView::from_slice(&x, [3]).unwrap();
    /// w.matvec_into(&x, &mut TensorViewMut::from_slice_mut(&mut y, [2]).unwrap()).unwrap();
    /// assert_eq!(y, [4.0, 12.0]);
    /// ```
    pub fn matvec_into<S2, S3>(
        &self,
        v: &TensorBase<S2, 1>,
        out: &mut TensorBase<S3, 1>,
    ) -> Result<(), ShapeError>
    where
        S2: Storage<Elem = S::Elem>,
        S3: StorageMut<Elem = S::Elem>,
        S::Elem: LinalgScalar,
    {
        self.matmul_into(v, out)
    }
}

/// Products into fixed storage, run by CI without the `alloc` feature too (the generic kernel
/// then serves `f32` as well).
#[cfg(test)]
mod tests {
    use crate::{ArrayTensor, Axis, ErrorKind, TensorView, TensorViewMut, inline_tensor};

    #[test]
    fn products_into_fixed_storage() {
        let a = inline_tensor![[1.0f32, 2.0, 3.0], [4.0, 5.0, 6.0]];
        let b = inline_tensor![[1.0f32, 0.0], [0.0, 1.0], [1.0, 1.0]];
        let mut c: ArrayTensor<f32, 4, 2> = ArrayTensor::from_storage([9.0; 4], [2, 2]).unwrap();
        a.matmul_into(&b, &mut c).unwrap();
        assert!(c.iter().copied().eq([4.0, 5.0, 10.0, 11.0]));
        // Transposed operands and output.
        let mut ct: ArrayTensor<f32, 4, 2> = ArrayTensor::from_storage([0.0; 4], [2, 2]).unwrap();
        b.view()
            .t()
            .matmul_into(&a.view().t(), &mut ct.view_mut().t())
            .unwrap();
        assert!(ct.iter().copied().eq([4.0, 5.0, 10.0, 11.0]));
        let x = [1.0f32, -1.0, 2.0];
        let x = TensorView::from_slice(&x, [3]).unwrap();
        let mut y = [0.0f32; 2];
        let mut yv = TensorViewMut::from_slice_mut(&mut y, [2]).unwrap();
        a.matvec_into(&x.flip(Axis::<0>), &mut yv).unwrap();
        assert_eq!(y, [2.0 * 1.0 - 2.0 + 3.0, 8.0 - 5.0 + 6.0]);
        let err = a
            .matvec_into(
                &x.narrow(Axis::<0>, 0, 2).unwrap(),
                &mut TensorViewMut::from_slice_mut(&mut y, [2]).unwrap(),
            )
            .unwrap_err();
        assert_eq!(
            (err.kind(), err.operand(), err.expected(), err.found()),
            (ErrorKind::SizeMismatch, Some(1), 3, 2)
        );
        let mut short = [0.0f32; 1];
        let err = a
            .matvec_into(
                &x,
                &mut TensorViewMut::from_slice_mut(&mut short, [1]).unwrap(),
            )
            .unwrap_err();
        assert_eq!(
            (err.operand(), err.axis(), err.expected(), err.found()),
            (Some(2), Some(0), 2, 1)
        );
    }
}
