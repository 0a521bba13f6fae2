//! Functions of the singular values: `lstsq`, `pinv`, `matrix_rank`, `cond`.

use faer::{Mat, MatRef};
use num_traits::{Float, One, Zero};

use crate::error::{ErrorKind, ShapeError};
use crate::layout::{Layout, product};
use crate::operand::TensorOperand;
use crate::rank::{LstsqRhs, MatrixStack, Rank};
use crate::storage::Storage;
use crate::tensor::{Tensor, TensorView};

use super::backend::{self, Vectors, product};
use super::norm::{MatrixOrd, norm_of_matrix};
use super::solve::inverse_or_singular;
use super::stack::{self, Stack, at, faer_ref, finish, push, room};
use super::{LinalgField, LinalgFloat, modulus, real};

/// A thin SVD as `(u, s, v)`, with `s` descending.
type ThinSvd<T> = (
    Mat<T>,
    alloc::vec::Vec<<T as faer::traits::ComplexField>::Real>,
    Mat<T>,
);

/// The thin SVD of `a`.
fn thin_svd<T: LinalgField>(index: usize, a: MatRef<'_, T>) -> Result<ThinSvd<T>, ShapeError> {
    let (m, n) = a.shape();
    if m.min(n) == 0 {
        return Ok((Mat::zeros(m, 0), alloc::vec::Vec::new(), Mat::zeros(n, 0)));
    }
    let (values, u, v) =
        backend::svd(a, Vectors::Thin).map_err(|_| at(ErrorKind::NoConvergence, index))?;
    Ok((u, values.column_vector().iter().map(real).collect(), v))
}

/// `v · diag(1/sᵢ) · uᴴ · b` over the singular values above `cutoff` (0 for the others): the
/// minimum-norm least-squares solution, and how many values were kept.
fn apply_pinv<T: LinalgField>(
    (u, s, v): &ThinSvd<T>,
    cutoff: T::Real,
    b: MatRef<'_, T>,
) -> (Mat<T>, usize) {
    let mut utb = product(u.adjoint(), b);
    let mut rank = 0;
    for (i, &si) in s.iter().enumerate() {
        let scale = if si > cutoff {
            rank += 1;
            si.recip()
        } else {
            T::Real::zero()
        };
        for j in 0..utb.ncols() {
            utb[(i, j)] = T::mul_real_impl(&utb[(i, j)], &scale);
        }
    }
    (product(v.as_ref(), utb.as_ref()), rank)
}

/// The largest of the descending singular values `s`, 0 for none.
fn largest<R: LinalgFloat>(s: &[R]) -> R {
    s.first().copied().unwrap_or_else(R::zero)
}

/// The result of [`lstsq`], as NumPy's four.
#[derive(Clone, Debug, PartialEq)]
pub struct Lstsq<T: LinalgField, const R2: usize> {
    /// The minimum-norm least-squares solution, shaped as `b` with `a`'s columns as rows.
    pub x: Tensor<T, R2>,
    /// The squared Euclidean norm of each column of `b − a @ x` when `a` has full column rank
    /// and more rows than columns; empty otherwise (NumPy's rule; one value for a vector `b`).
    pub residuals: Tensor<T::Real, 1>,
    /// The effective rank of `a`.
    pub rank: usize,
    /// The singular values of `a`, descending.
    pub singular_values: Tensor<T::Real, 1>,
}

/// The least-squares solution of `a @ x = b`, as NumPy's `linalg.lstsq(a, b, rcond)`: `a` is
/// one `m × n` matrix, `b` a vector of `m` or an `m × k` matrix; singular values at most
/// `rcond · largest` count as zero (`rcond` `None`: machine epsilon times `max(m, n)`, NumPy's
/// default). By the SVD. O(m·n·min(m, n) + m·n·k).
///
/// # Errors
///
/// [`ErrorKind::SizeMismatch`] naming operand 1 (`b`) when its rows are not `a`'s;
/// [`ErrorKind::NoConvergence`].
///
/// # Examples
///
/// ```
/// use ranked::{linalg, tensor};
///
/// // The line through (0, 1), (1, 3), (2, 5): y = 2x + 1.
/// let a = tensor![[0.0, 1.0], [1.0, 1.0], [2.0, 1.0]];
/// let fit = linalg::lstsq(&a, &tensor![1.0, 3.0, 5.0], None).unwrap();
/// assert!((fit.x[[0]] - 2.0f64).abs() < 1e-12 && (fit.x[[1]] - 1.0f64).abs() < 1e-12);
/// assert_eq!((fit.rank, fit.residuals.shape()), (2, &[1]));
/// ```
pub fn lstsq<A, B, T, const R2: usize>(
    a: &A,
    b: &B,
    rcond: Option<T::Real>,
) -> Result<Lstsq<T, R2>, ShapeError>
where
    A: TensorOperand<T, 2> + ?Sized,
    B: TensorOperand<T, R2> + ?Sized,
    T: LinalgField,
    Rank<R2>: LstsqRhs,
{
    let (a, b) = (a.operand_view(), b.operand_view());
    // `aᵀ @ b` has `x`'s shape, and its plan reads `b` as a matrix (a vector as one column).
    let at_ = a.t();
    let mut shape = [0usize; R2];
    product::product_shape(at_.layout().parts(), b.layout().parts(), &mut shape)?;
    let target = Layout::row_major(shape)?;
    let plan = product::plan::<0>(at_.layout().parts(), b.layout().parts(), target.parts())?;
    // SAFETY: a plan without batch axes has its one item at the operands' offsets, whose
    // matrices the layouts reach (invariant 1 of `ProductPlan`); `b`'s own offset is valid.
    let bm = unsafe {
        stack::matrix(
            b.storage().elems(),
            plan.mats[1],
            plan.offset(1),
            b.layout().offset(),
        )
    };
    let (am, bm) = (faer_ref(a)?, faer_ref(bm)?);
    let (m, n) = am.shape();
    let svd = thin_svd(0, am)?;
    let cutoff = rcond.unwrap_or_else(|| {
        T::Real::epsilon() * num_traits::cast::<_, T::Real>(m.max(n)).unwrap_or_else(T::Real::one)
    }) * largest(&svd.1);
    let (x, rank) = apply_pinv(&svd, cutoff, bm);
    let mut xs = room(&shape)?;
    push(&mut xs, x.as_ref());
    let residuals: alloc::vec::Vec<T::Real> = if rank == n && m > n {
        let r = am * &x - bm;
        (0..r.ncols())
            .map(|j| (0..m).fold(T::Real::zero(), |s, i| s + T::abs2_impl(&r[(i, j)])))
            .collect()
    } else {
        alloc::vec::Vec::new()
    };
    let (nr, ns) = (residuals.len(), svd.1.len());
    Ok(Lstsq {
        x: finish(xs, shape)?,
        residuals: finish(residuals, [nr])?,
        rank,
        singular_values: finish(svd.1, [ns])?,
    })
}

/// The Moore–Penrose pseudo-inverse of each matrix (`n × m` for an `m × n` matrix), as
/// NumPy's `linalg.pinv(a, rcond)`: singular values at most `rcond · largest` count as zero
/// (`rcond` `None`: `1e-15`, NumPy's default). By the SVD. O(batch·m·n·min(m, n)).
///
/// # Errors
///
/// [`ErrorKind::NoConvergence`] with the matrix's index.
///
/// # Examples
///
/// ```
/// use ranked::{linalg, tensor};
///
/// let a = tensor![[1.0, 0.0], [0.0, 2.0], [0.0, 0.0]];
/// assert_eq!(linalg::pinv(&a, None).unwrap(), tensor![[1.0, 0.0, 0.0], [0.0, 0.5, 0.0]]);
/// ```
pub fn pinv<A, T, const R: usize>(a: &A, rcond: Option<T::Real>) -> Result<Tensor<T, R>, ShapeError>
where
    A: TensorOperand<T, R> + ?Sized,
    T: LinalgField,
    Rank<R>: MatrixStack,
{
    let stack = Stack::new(a.operand_view())?;
    let (m, n) = (stack.rows, stack.cols);
    let shape = stack.shape::<R>(&[n, m])?;
    let mut out = room(&shape)?;
    let rcond = rcond
        .unwrap_or_else(|| num_traits::cast::<_, T::Real>(1e-15).unwrap_or_else(T::Real::epsilon));
    stack.each(|index, a| {
        let svd = thin_svd(index, a)?;
        let cutoff = rcond * largest(&svd.1);
        let (p, _) = apply_pinv(&svd, cutoff, Mat::<T>::identity(m, m).as_ref());
        push(&mut out, p.as_ref());
        Ok(())
    })?;
    finish(out, shape)
}

/// The rank of each matrix: how many singular values exceed `tol` (`None`: the largest times
/// `max(m, n)` times machine epsilon, NumPy's default), as NumPy's `linalg.matrix_rank`.
/// O(batch·m·n·min(m, n)).
///
/// # Errors
///
/// [`ErrorKind::NoConvergence`] with the matrix's index.
///
/// # Examples
///
/// ```
/// use ranked::{linalg, tensor};
///
/// let a = tensor![[[1.0, 2.0], [2.0, 4.0]], [[1.0, 0.0], [0.0, 1.0]]];
/// assert_eq!(linalg::matrix_rank(&a, None).unwrap(), tensor![1usize, 2]);
/// ```
pub fn matrix_rank<A, T, const R: usize, const O: usize>(
    a: &A,
    tol: Option<T::Real>,
) -> Result<Tensor<usize, O>, ShapeError>
where
    A: TensorOperand<T, R> + ?Sized,
    T: LinalgField,
    Rank<R>: MatrixStack<Scalars = Rank<O>>,
{
    let stack = Stack::new(a.operand_view())?;
    let (m, n) = (stack.rows, stack.cols);
    let shape = stack.shape::<O>(&[])?;
    let mut out = room(&shape)?;
    stack.each(|index, a| {
        let s = super::factor::singular_values(index, a)?;
        let tol = tol.unwrap_or_else(|| {
            largest(&s)
                * num_traits::cast::<_, T::Real>(m.max(n)).unwrap_or_else(T::Real::one)
                * T::Real::epsilon()
        });
        out.push(s.iter().filter(|&&x| x > tol).count());
        Ok(())
    })?;
    finish(out, shape)
}

/// The condition number of each matrix, as NumPy's `linalg.cond(a, p)`: `None` (or
/// [`MatrixOrd::Two`]) is the ratio of the largest to the smallest singular value,
/// [`MatrixOrd::NegTwo`] its inverse — these take any `m × n` matrices; the other orders are
/// `norm(a) · norm(inv(a))` of square matrices. A singular matrix has condition number ∞
/// (NumPy's rule: a NaN from a matrix without NaN becomes ∞). O(batch·n³).
///
/// # Errors
///
/// [`ErrorKind::NotSquare`] for the orders that invert; [`ErrorKind::NoConvergence`];
/// [`ErrorKind::Empty`] for empty matrices.
///
/// # Examples
///
/// ```
/// use ranked::{linalg::{self, MatrixOrd}, tensor};
///
/// let a = tensor![[2.0, 0.0], [0.0, 0.5]];
/// assert_eq!(linalg::cond(&a, None).unwrap()[[]], 4.0);
/// assert_eq!(linalg::cond(&a, Some(MatrixOrd::One)).unwrap()[[]], 4.0);
/// assert_eq!(linalg::cond(&tensor![[1.0, 1.0], [1.0, 1.0]], Some(MatrixOrd::Fro)).unwrap()[[]], f64::INFINITY);
/// ```
pub fn cond<A, T, const R: usize, const O: usize>(
    a: &A,
    p: Option<MatrixOrd>,
) -> Result<Tensor<T::Real, O>, ShapeError>
where
    A: TensorOperand<T, R> + ?Sized,
    T: LinalgField,
    Rank<R>: MatrixStack<Scalars = Rank<O>>,
{
    let stack = Stack::new(a.operand_view())?;
    let p = p.unwrap_or(MatrixOrd::Two);
    if !matches!(p, MatrixOrd::Two | MatrixOrd::NegTwo) {
        stack.square()?;
    }
    let shape = stack.shape::<O>(&[])?;
    let mut out = room(&shape)?;
    let empty = ShapeError::sizes(ErrorKind::Empty, None, 1, 0);
    stack.each(|index, m| {
        let c = match p {
            MatrixOrd::Two | MatrixOrd::NegTwo => {
                let s = super::factor::singular_values(index, m)?;
                let (Some(&hi), Some(&lo)) = (s.first(), s.last()) else {
                    return Err(empty);
                };
                if p == MatrixOrd::Two {
                    hi / lo
                } else {
                    lo / hi
                }
            }
            _ => match inverse_or_singular(index, m)? {
                None => T::Real::infinity(),
                Some(inv) => {
                    let x = norm_of_matrix(index, m, p)?.ok_or(empty)?;
                    let y = norm_of_matrix(index, inv.as_ref(), p)?.ok_or(empty)?;
                    x * y
                }
            },
        };
        let has_nan = TensorView::from(m).iter().any(|x| modulus(x).is_nan());
        out.push(if c.is_nan() && !has_nan {
            T::Real::infinity()
        } else {
            c
        });
        Ok(())
    })?;
    finish(out, shape)
}
