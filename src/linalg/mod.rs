//! Matrix products: [`gemm`] and `matmul_into` into caller storage (no allocator needed),
//! `matmul` into a new matrix, and the `dot` products — with the ranks checked by the compiler.
//!
//! `f32` and `f64` products run on `matrixmultiply`'s packed micro-kernels (the kernels behind
//! ndarray's `dot`) when the `alloc` feature is on, on any strides: transposed, sliced,
//! negatively strided and broadcast (stride-0) operands multiply without a copy. Other element
//! types — integers, user numeric types — and builds without an allocator use a cache-blocked
//! generic kernel. With the `rayon` feature, `matrixmultiply` uses several threads for large
//! products.

mod kernel;
mod product;

pub use product::Dot;

use core::ops::{Add, Mul};

use num_traits::{One, Zero};

use crate::error::{ErrorKind, ShapeError};
use crate::storage::{Storage, StorageMut};
use crate::tensor::TensorBase;
use kernel::{MatMut, MatRef};

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

fn read<S: Storage>(t: &TensorBase<S, 2>) -> MatRef<'_, S::Elem> {
    read_matrix(t)
}

/// A tensor known to be rank 2 (`R == 2`, by a `MatrixRank` bound or the type) as a kernel
/// operand.
fn read_matrix<S: Storage, const R: usize>(t: &TensorBase<S, R>) -> MatRef<'_, S::Elem> {
    const { assert!(R == 2) };
    let (shape, strides) = (t.shape(), t.strides());
    MatRef {
        data: t.storage().as_slice(),
        rows: shape[0],
        cols: shape[1],
        rs: strides[0],
        cs: strides[1],
        offset: t.offset(),
    }
}

/// The shapes of `a · b` into `c`: `a`'s columns are `b`'s rows, and `c` is `a.rows × b.cols`.
fn check_shapes(a: [usize; 2], b: [usize; 2], c: [usize; 2]) -> Result<(), ShapeError> {
    let mismatch = |operand: usize, axis: usize, expected: usize, found: usize| {
        Err(ShapeError::new(
            ErrorKind::SizeMismatch,
            Some(axis),
            expected as i128,
            found as i128,
        )
        .with_operand(operand))
    };
    if b[0] != a[1] {
        return mismatch(1, 0, a[1], b[0]);
    }
    if c[0] != a[0] {
        return mismatch(2, 0, a[0], c[0]);
    }
    if c[1] != b[1] {
        return mismatch(2, 1, b[1], c[1]);
    }
    Ok(())
}

/// General matrix product into existing storage: `c ← α·a·b + β·c` (BLAS's `gemm`). All three
/// are matrices (rank 2; another rank does not compile) of any layout; `c` must be writable.
/// With `β = 0`, `c`'s old values are not read. O(m·k·n), no allocation.
///
/// # Errors
///
/// [`ErrorKind::SizeMismatch`] naming the operand ([`ShapeError::operand`]: 1 for `b`, 2 for
/// `c`), the axis, the size needed (`expected`) and the size found; `c` is unchanged then.
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
    check_shapes(*a.shape(), *b.shape(), *c.shape())?;
    let (shape, strides, offset) = (*c.shape(), *c.strides(), c.offset());
    let out = MatMut {
        data: c.storage_mut().as_mut_slice(),
        rows: shape[0],
        cols: shape[1],
        rs: strides[0],
        cs: strides[1],
        offset,
    };
    kernel::gemm(alpha, read(a), read(b), beta, out);
    Ok(())
}

/// # Matrix products into existing storage
impl<S: Storage> TensorBase<S, 2> {
    /// Writes the matrix product `self · rhs` into `out` (NumPy's `matmul(a, b, out=c)`): any
    /// layouts, no allocation. O(m·k·n).
    ///
    /// # Errors
    ///
    /// As [`gemm`]: [`ErrorKind::SizeMismatch`] naming the operand (1 for `rhs`, 2 for `out`)
    /// and the axis.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{ArrayTensor, inline_tensor};
    ///
    /// // On fixed storage, without an allocator.
    /// let a = inline_tensor![[1, 2, 3], [4, 5, 6]];
    /// let b = inline_tensor![[1, 0], [0, 1], [1, 1]];
    /// let mut c: ArrayTensor<i32, 4, 2> = ArrayTensor::from_storage([0; 4], [2, 2]).unwrap();
    /// a.matmul_into(&b, &mut c).unwrap();
    /// assert_eq!(c.iter().copied().collect::<Vec<_>>(), [4, 5, 10, 11]);
    /// ```
    pub fn matmul_into<S2, S3>(
        &self,
        rhs: &TensorBase<S2, 2>,
        out: &mut TensorBase<S3, 2>,
    ) -> Result<(), ShapeError>
    where
        S2: Storage<Elem = S::Elem>,
        S3: StorageMut<Elem = S::Elem>,
        S::Elem: LinalgScalar,
    {
        gemm(S::Elem::one(), self, rhs, S::Elem::zero(), out)
    }
}
