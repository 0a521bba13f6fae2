//! Matrix product and dot products, with the ranks checked by the compiler.
//!
//! The kernel is a cache-blocked triple loop that reads both operands through their strides,
//! so transposed, sliced and negatively strided matrices multiply without a copy.

use core::ops::{Add, Mul};

use num_traits::Zero;

use crate::error::{ErrorKind, ShapeError};
#[cfg(feature = "alloc")]
use crate::rank::MatrixRank;
use crate::rank::{Rank, VectorRank};
use crate::storage::Storage;
#[cfg(feature = "alloc")]
use crate::tensor::Tensor;
use crate::tensor::TensorBase;

/// Rows × columns of the element at `[i, j]`: `(shape, strides, offset)` of a rank-2 operand.
#[cfg(feature = "alloc")]
#[derive(Clone, Copy)]
struct Mat {
    rows: usize,
    cols: usize,
    row_stride: isize,
    col_stride: isize,
    offset: usize,
}

#[cfg(feature = "alloc")]
impl Mat {
    fn of<S: Storage, const R: usize>(t: &TensorBase<S, R>) -> Self {
        // Callers hold `Rank<R>: MatrixRank`, so R == 2.
        let (shape, strides) = (t.shape(), t.strides());
        Self {
            rows: shape[0],
            cols: shape[1],
            row_stride: strides[0],
            col_stride: strides[1],
            offset: t.offset(),
        }
    }

    fn at(&self, i: usize, j: usize) -> usize {
        self.offset
            .wrapping_add_signed((i as isize).wrapping_mul(self.row_stride))
            .wrapping_add_signed((j as isize).wrapping_mul(self.col_stride))
    }
}

/// Tile sizes of the blocked kernel (rows of A, shared dimension, columns of B).
#[cfg(feature = "alloc")]
const TILE: (usize, usize, usize) = (32, 128, 256);

/// `out (m × n, row-major) += a (m × k) · b (k × n)`.
#[cfg(feature = "alloc")]
fn gemm<T: Zero + Add<Output = T> + Mul<Output = T> + Copy>(
    a_data: &[T],
    a: Mat,
    b_data: &[T],
    b: Mat,
    out: &mut [T],
) {
    let (m, k, n) = (a.rows, a.cols, b.cols);
    for i0 in (0..m).step_by(TILE.0) {
        for k0 in (0..k).step_by(TILE.1) {
            for j0 in (0..n).step_by(TILE.2) {
                for i in i0..m.min(i0 + TILE.0) {
                    let row = &mut out[i * n..(i + 1) * n];
                    for kk in k0..k.min(k0 + TILE.1) {
                        let aik = a_data[a.at(i, kk)];
                        let mut pb = b.at(kk, j0);
                        for x in &mut row[j0..n.min(j0 + TILE.2)] {
                            *x = *x + aik * b_data[pb];
                            pb = pb.wrapping_add_signed(b.col_stride);
                        }
                    }
                }
            }
        }
    }
}

/// The products of rank-1 · rank-1 (a scalar) and rank-2 · rank-1 (a vector); implemented for
/// those pairs only, so any other ranks do not compile.
///
/// # Examples
///
/// ```
/// use ranked::tensor;
///
/// let m = tensor![[1, 2], [3, 4]];
/// let v = tensor![1, 1];
/// assert_eq!(v.dot(&v).unwrap(), 2);
/// assert_eq!(m.dot(&v).unwrap().to_vec(), [3, 7]);
/// ```
#[diagnostic::on_unimplemented(
    message = "`dot` takes a vector or a matrix on the left and a vector on the right, not `{Self}` · `{Rhs}`",
    label = "needs rank 1 · rank 1 or rank 2 · rank 1",
    note = "use `matmul` for a matrix times a matrix"
)]
pub trait Dot<Rhs> {
    /// The result: a scalar for vector · vector, a vector for matrix · vector.
    type Output;
    #[doc(hidden)]
    fn dot_impl(&self, rhs: &Rhs) -> Result<Self::Output, ShapeError>;
}

fn inner_mismatch(expected: usize, found: usize) -> ShapeError {
    ShapeError::new(
        ErrorKind::SizeMismatch,
        Some(0),
        expected as i128,
        found as i128,
    )
}

#[diagnostic::do_not_recommend]
impl<S1, S2, T, const R2: usize> Dot<TensorBase<S2, R2>> for TensorBase<S1, 1>
where
    S1: Storage<Elem = T>,
    S2: Storage<Elem = T>,
    T: Zero + Add<Output = T> + Mul<Output = T> + Copy,
    Rank<R2>: VectorRank,
{
    type Output = T;

    fn dot_impl(&self, rhs: &TensorBase<S2, R2>) -> Result<T, ShapeError> {
        // `Rank<R2>: VectorRank`, so R2 == 1.
        let (n, m) = (self.shape()[0], rhs.shape()[0]);
        if n != m {
            return Err(inner_mismatch(n, m));
        }
        Ok(self
            .iter()
            .zip(rhs.iter())
            .fold(T::zero(), |acc, (&x, &y)| acc + x * y))
    }
}

#[cfg(feature = "alloc")]
#[diagnostic::do_not_recommend]
impl<S1, S2, T, const R2: usize> Dot<TensorBase<S2, R2>> for TensorBase<S1, 2>
where
    S1: Storage<Elem = T>,
    S2: Storage<Elem = T>,
    T: Zero + Add<Output = T> + Mul<Output = T> + Copy,
    Rank<R2>: VectorRank,
{
    type Output = Tensor<T, 1>;

    fn dot_impl(&self, rhs: &TensorBase<S2, R2>) -> Result<Tensor<T, 1>, ShapeError> {
        // `Rank<R2>: VectorRank`, so R2 == 1.
        let (rows, cols, n) = (self.shape()[0], self.shape()[1], rhs.shape()[0]);
        if cols != n {
            return Err(ShapeError::new(
                ErrorKind::SizeMismatch,
                Some(1),
                cols as i128,
                n as i128,
            ));
        }
        let mut out = crate::engine::try_vec(rows)?;
        for i in 0..rows {
            out.push(
                self.view()
                    .select(crate::Axis::<0>, i)?
                    .iter()
                    .zip(rhs.iter())
                    .fold(T::zero(), |acc, (&x, &y)| acc + x * y),
            );
        }
        Ok(Tensor::from_contiguous_vec(out, [rows]))
    }
}

/// # Products
impl<S: Storage, const R: usize> TensorBase<S, R> {
    /// The dot product: vector · vector gives a scalar, matrix · vector a vector. Other ranks do
    /// not compile.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::SizeMismatch`] if the shared size differs (axis 0 of a vector, axis 1 of a
    /// matrix: `expected` is the left size, `found` the right).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{ErrorKind, tensor};
    ///
    /// assert_eq!(tensor![1.0, 2.0].dot(&tensor![3.0, 4.0]).unwrap(), 11.0);
    /// let err = tensor![1, 2].dot(&tensor![1, 2, 3]).unwrap_err();
    /// assert_eq!((err.kind(), err.expected(), err.found()), (ErrorKind::SizeMismatch, 2, 3));
    /// ```
    pub fn dot<Rhs>(&self, rhs: &Rhs) -> Result<<Self as Dot<Rhs>>::Output, ShapeError>
    where
        Self: Dot<Rhs>,
    {
        self.dot_impl(rhs)
    }

    /// The matrix product `self · rhs` of two rank-2 tensors of any layouts (transposed,
    /// sliced, negatively strided), computed by a cache-blocked kernel into a new C-contiguous
    /// matrix. A rank other than 2 does not compile.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::SizeMismatch`] if `self`'s column count (`expected`) is not `rhs`'s row
    /// count (`found`).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let a = tensor![[1, 2, 3], [4, 5, 6]];
    /// let b = tensor![[1, 0], [0, 1], [1, 1]];
    /// assert_eq!(a.matmul(&b).unwrap(), tensor![[4, 5], [10, 11]]);
    /// assert_eq!(a.view().t().matmul(&a).unwrap().shape(), &[3, 3]);
    /// assert!(a.matmul(&a).is_err());
    /// ```
    #[cfg(feature = "alloc")]
    pub fn matmul<S2, const R2: usize>(
        &self,
        rhs: &TensorBase<S2, R2>,
    ) -> Result<Tensor<S::Elem, 2>, ShapeError>
    where
        Rank<R>: MatrixRank,
        Rank<R2>: MatrixRank,
        S2: Storage<Elem = S::Elem>,
        S::Elem: Zero + Add<Output = S::Elem> + Mul<Output = S::Elem> + Copy,
    {
        let (a, b) = (Mat::of(self), Mat::of(rhs));
        if a.cols != b.rows {
            return Err(ShapeError::new(
                ErrorKind::SizeMismatch,
                Some(1),
                a.cols as i128,
                b.rows as i128,
            ));
        }
        let shape = [a.rows, b.cols];
        let len = crate::layout::checked_len(&shape)?;
        let mut out = crate::engine::try_vec(len)?;
        out.resize(len, S::Elem::zero());
        gemm(
            self.view().into_raw_parts().0,
            a,
            rhs.view().into_raw_parts().0,
            b,
            &mut out,
        );
        Ok(Tensor::from_contiguous_vec(out, shape))
    }
}
