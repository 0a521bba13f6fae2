//! NumPy's `linalg` on stacks of matrices (feature `linalg`), on faer's decompositions.
//!
//! Every function reads its argument as NumPy does: the last two axes are the matrices, the
//! axes before them a batch, and the result has one answer per matrix, with its rank in the
//! type ([`MatrixStack`]): `inv` of a `Tensor<f64, 3>` is a `Tensor<f64, 3>`, `det` of it a
//! `Tensor<f64, 1>`. Inputs may have any layout (transposed, sliced, reversed, broadcast):
//! faer reads each matrix in place, without a copy. Matrices of order 1 to 4 take closed
//! forms for `det` and `inv`. Every function takes `f32`, `f64` and complex matrices
//! ([`LinalgField`]); as in NumPy, singular values, the eigenvalues of Hermitian matrices,
//! norms and condition numbers are real (`T::Real`), and `eig` is complex for any input.
//!
//! Each matrix runs on the calling thread, and with the `rayon` feature, a factorisation of
//! `m·n·min(m, n)` ≥ 2³⁰ (square order 1024 and up) takes rayon's pool: below that, on two
//! threads, faer's factorisations took 1.5–7.5× their one-thread time. faer's global
//! parallelism setting (`faer::set_global_parallelism`) is neither read nor changed.
//!
//! A matrix that defeats a function is an error naming the kind and the matrix's index in the
//! stack (row-major over the batch axes): [`ErrorKind::Singular`](crate::ErrorKind::Singular),
//! [`ErrorKind::NotSquare`](crate::ErrorKind::NotSquare),
//! [`ErrorKind::NotPositiveDefinite`](crate::ErrorKind::NotPositiveDefinite),
//! [`ErrorKind::NoConvergence`](crate::ErrorKind::NoConvergence).
//!
//! | NumPy | `ranked::linalg` | result ranks for an input of rank `R` |
//! |---|---|---|
//! | `solve(a, b)` | [`solve()`] | as `matmul(a, b)` |
//! | `inv(a)` | [`inv`] | `R` |
//! | `det(a)` | [`det`] | `R − 2` |
//! | `slogdet(a)` | [`slogdet`] | `R − 2`, `R − 2` |
//! | `matrix_power(a, n)` | [`matrix_power`] | `R` |
//! | `cholesky(a)`, `cholesky(a, upper=True)` | [`cholesky`], [`cholesky_upper`] | `R` |
//! | `qr(a, mode)` | [`qr`] | `R`, `R` |
//! | `svd(a, full_matrices)` | [`svd()`] | `R`, `R − 1`, `R` |
//! | `svdvals(a)` | [`svdvals`] | `R − 1` |
//! | `eigh(a)`, `eigvalsh(a)` | [`eigh`], [`eigvalsh`] | `R − 1`, `R` |
//! | `eig(a)`, `eigvals(a)` | [`eig`], [`eigvals`] | `R − 1`, `R` (complex) |
//! | `lstsq(a, b, rcond)` | [`lstsq`] | as `b`; one matrix |
//! | `pinv(a, rcond)` | [`pinv`] | `R` |
//! | `matrix_rank(a, tol)` | [`matrix_rank`] | `R − 2` |
//! | `cond(a, p)` | [`cond`] | `R − 2` |
//! | `norm(a, ord)` of matrices | [`matrix_norm`] | `R − 2` |
//! | `norm(x, ord)`, `vector_norm` | [`vector_norm`], [`vector_norm_axis`], [`vector_norm_axes`] | 0, `R − 1`, `R − K` |
//!
//! # Examples
//!
//! ```
//! use ranked::{Tensor, linalg, tensor};
//!
//! // Two 2 × 2 systems at once, with one right-hand side vector.
//! let a = tensor![[[3.0, 1.0], [1.0, 2.0]], [[2.0, 0.0], [0.0, 4.0]]];
//! let x: Tensor<f64, 2> = linalg::solve(&a, &tensor![9.0, 8.0]).unwrap(); // a vector each
//! assert_eq!(x, tensor![[2.0, 3.0], [4.5, 2.0]]);
//! let d: Tensor<f64, 1> = linalg::det(&a).unwrap();
//! assert_eq!(d, tensor![5.0, 8.0]);
//!
//! let singular = tensor![[1.0, 2.0], [2.0, 4.0]];
//! let err = linalg::inv(&singular).unwrap_err();
//! assert_eq!(err.to_string(), "matrix 0 of the stack is singular");
//! ```

mod backend;
mod factor;
mod norm;
mod small;
mod solve;
mod spectral;
mod stack;

pub use factor::{
    Eig, Eigh, Qr, QrMode, Svd, cholesky, cholesky_upper, eig, eigh, eigvals, eigvalsh, qr, svd,
    svdvals,
};
pub use norm::{MatrixOrd, matrix_norm, vector_norm, vector_norm_axes, vector_norm_axis};
pub use solve::{det, inv, matrix_power, slogdet, solve};
pub use spectral::{Lstsq, cond, lstsq, matrix_rank, pinv};

use core::ops::{Div, Neg, Sub};

use super::LinalgScalar;

#[allow(unused_imports)] // for the docs
use crate::MatrixStack;

mod sealed {
    pub trait Sealed {}
    impl Sealed for f32 {}
    impl Sealed for f64 {}
    impl Sealed for num_complex::Complex<f32> {}
    impl Sealed for num_complex::Complex<f64> {}
}

/// The element types of linear algebra: `f32`, `f64` and their complex numbers. Sealed.
///
/// `T::Real` is the real type of `T` (`f64` for `f64` and for `Complex<f64>`): the type of
/// singular values, of the eigenvalues of [`eigh`], of norms and condition numbers, as in
/// NumPy, where they are real for complex input.
///
/// # Examples
///
/// ```
/// use ranked::linalg::{Complex, LinalgField};
///
/// fn real_type<T: LinalgField>() -> &'static str {
///     core::any::type_name::<T::Real>()
/// }
/// assert_eq!(real_type::<f64>(), "f64");
/// assert_eq!(real_type::<Complex<f32>>(), "f32");
/// ```
#[diagnostic::on_unimplemented(
    message = "linear algebra runs on `f32`, `f64` and their complex numbers, not `{Self}`",
    label = "not `f32`, `f64`, `Complex<f32>` or `Complex<f64>`",
    note = "convert the elements first, e.g. with `astype::<f64>()`"
)]
pub trait LinalgField:
    LinalgScalar
    + Sub<Output = Self>
    + Div<Output = Self>
    + Neg<Output = Self>
    + faer::traits::ComplexField<Real: LinalgFloat>
    + sealed::Sealed
{
}

#[diagnostic::do_not_recommend]
impl LinalgField for f32 {}
#[diagnostic::do_not_recommend]
impl LinalgField for f64 {}
#[diagnostic::do_not_recommend]
impl LinalgField for num_complex::Complex<f32> {}
#[diagnostic::do_not_recommend]
impl LinalgField for num_complex::Complex<f64> {}

/// The real element types of linear algebra, `f32` and `f64`: the `T::Real` of every
/// [`LinalgField`] `T`. Sealed.
///
/// # Examples
///
/// ```
/// use ranked::linalg::LinalgFloat;
///
/// fn takes<T: LinalgFloat>() {}
/// takes::<f32>();
/// takes::<f64>();
/// ```
#[diagnostic::on_unimplemented(
    message = "this runs on `f32` and `f64` elements, not `{Self}`",
    label = "not `f32` or `f64`",
    note = "convert the elements first, e.g. with `astype::<f64>()`"
)]
pub trait LinalgFloat:
    LinalgScalar + num_traits::Float + faer::traits::RealField + sealed::Sealed
{
}

#[diagnostic::do_not_recommend]
impl LinalgFloat for f32 {}
#[diagnostic::do_not_recommend]
impl LinalgFloat for f64 {}

/// `|x|`, real.
fn modulus<T: LinalgField>(x: &T) -> T::Real {
    T::abs_impl(x)
}

/// `x` with its imaginary part dropped (faer returns some real results, such as singular
/// values, as elements of `T` with a zero imaginary part).
fn real<T: LinalgField>(x: &T) -> T::Real {
    T::real_part_impl(x)
}
