//! `matmul` into a new matrix and the `dot` products, with the ranks checked by the compiler;
//! the products run on the backend of [`kernel`](super::kernel).

use core::ops::{Add, Mul};

#[cfg(feature = "alloc")]
use num_traits::One;
use num_traits::Zero;

use crate::error::{ErrorKind, ShapeError};
#[cfg(feature = "alloc")]
use crate::rank::MatrixRank;
use crate::rank::{Rank, VectorRank};
use crate::storage::Storage;
#[cfg(feature = "alloc")]
use crate::tensor::Tensor;
use crate::tensor::TensorBase;

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
    /// sliced, negatively strided, broadcast), into a new C-contiguous matrix: `f32`/`f64` on
    /// `matrixmultiply`'s kernels, other types on a blocked kernel (see [`crate::linalg`]). A
    /// rank other than 2 does not compile. O(m·k·n).
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
        S::Elem: super::LinalgScalar,
    {
        // `Rank<R>: MatrixRank` (and for `R2`): both are rank 2.
        let (a, b) = (super::read_matrix(self), super::read_matrix(rhs));
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
        let c = super::kernel::MatMut {
            data: &mut out,
            rows: shape[0],
            cols: shape[1],
            rs: shape[1] as isize,
            cs: 1,
            offset: 0,
        };
        super::kernel::gemm(S::Elem::one(), a, b, S::Elem::zero(), c);
        Ok(Tensor::from_contiguous_vec(out, shape))
    }
}
