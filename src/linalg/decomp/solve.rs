//! Solving and inverting: `solve`, `inv`, `det`, `slogdet`, `matrix_power`.

use faer::{Mat, MatRef};
use num_traits::{Float, Zero};

use crate::engine::{self, Operand};
use crate::error::{ErrorKind, ShapeError};
use crate::layout::{Layout, product};
use crate::operand::TensorOperand;
use crate::rank::{MatrixStack, Rank, SolveRanks};
use crate::storage::Storage;
use crate::tensor::Tensor;

use super::backend::{self, Lu};
use super::small::{self, MAX_ORDER};
use super::stack::{self, Stack, at, faer_ref, finish, push, room};
use super::{LinalgField, modulus};

/// The inverse of matrix `index` of a stack, or [`ErrorKind::Singular`].
fn inverse<T: LinalgField>(index: usize, m: MatRef<'_, T>) -> Result<Mat<T>, ShapeError> {
    let n = m.nrows();
    if n <= MAX_ORDER {
        let mut e = [T::zero(); 16];
        if !small::inverse(m, &mut e) {
            return Err(at(ErrorKind::Singular, index));
        }
        return Ok(Mat::from_fn(n, n, |i, j| e[i * n + j]));
    }
    let lu = Lu::new(m);
    if lu.singular() {
        return Err(at(ErrorKind::Singular, index));
    }
    if n <= SOLVE_MAX_ORDER {
        let mut i = Mat::identity(n, n);
        lu.solve_in_place(i.as_mut());
        return Ok(i);
    }
    Ok(lu.inverse())
}

/// Up to this order, the inverse is the solution of `a·x = I`, as NumPy's `inv` computes it
/// (LAPACK's `gesv`), rather than faer's `inverse` (triangular inverses and a product): on
/// one thread the solve took 0.66–0.91× the inverse's time from order 5 to 64, and more from
/// order 128 (1.04–1.21×). Measured on the 2-vCPU Intel Xeon (`benches/NOTES.md`, B34).
const SOLVE_MAX_ORDER: usize = 48;

/// The inverse of matrix `index` of a stack, or `None` if it is singular.
pub(super) fn inverse_or_singular<T: LinalgField>(
    index: usize,
    m: MatRef<'_, T>,
) -> Result<Option<Mat<T>>, ShapeError> {
    match inverse(index, m) {
        Ok(i) => Ok(Some(i)),
        Err(e) if e.kind() == ErrorKind::Singular => Ok(None),
        Err(e) => Err(e),
    }
}

/// The inverse of each matrix of a stack, as NumPy's `linalg.inv`. O(batch·n³).
///
/// Orders 1 to 4 take closed forms; orders 5 to 48 solve `a·x = I` on the LU factors, as
/// NumPy does (LAPACK's `gesv`); larger orders take faer's inverse of the LU factors.
///
/// # Errors
///
/// [`ErrorKind::NotSquare`] for matrices that are not square; [`ErrorKind::Singular`] with the
/// index of the first singular matrix (an exact zero pivot of its LU factorisation, as LAPACK
/// reports; for orders 1 to 4, an exactly zero determinant); [`ErrorKind::Allocation`].
///
/// # Examples
///
/// ```
/// use ranked::{Tensor, linalg, tensor};
///
/// let a = tensor![[[2.0, 0.0], [0.0, 4.0]], [[1.0, 1.0], [0.0, 1.0]]];
/// let i: Tensor<f64, 3> = linalg::inv(&a).unwrap();
/// assert_eq!(i, tensor![[[0.5, 0.0], [0.0, 0.25]], [[1.0, -1.0], [0.0, 1.0]]]);
///
/// let stack = tensor![[[1.0, 0.0], [0.0, 1.0]], [[1.0, 2.0], [2.0, 4.0]]];
/// let err = linalg::inv(&stack).unwrap_err();
/// assert_eq!((err.kind(), err.found()), (ranked::ErrorKind::Singular, 1)); // the second
/// ```
pub fn inv<A, T, const R: usize>(a: &A) -> Result<Tensor<T, R>, ShapeError>
where
    A: TensorOperand<T, R> + ?Sized,
    T: LinalgField,
    Rank<R>: MatrixStack,
{
    let stack = Stack::new(a.operand_view())?;
    let n = stack.square()?;
    let shape = stack.shape::<R>(&[n, n])?;
    let mut out = room(&shape)?;
    stack.each(|index, m| {
        if n <= MAX_ORDER {
            // The closed form's elements, without a matrix of faer's in between.
            let mut e = [T::zero(); 16];
            if !small::inverse(m, &mut e) {
                return Err(at(ErrorKind::Singular, index));
            }
            out.extend_from_slice(e.get(..n * n).unwrap_or(&[]));
        } else {
            push(&mut out, inverse(index, m)?.as_ref());
        }
        Ok(())
    })?;
    finish(out, shape)
}

/// The determinant of each matrix of a stack, as NumPy's `linalg.det`: from the LU
/// factorisation (closed forms for orders 1 to 4); a singular matrix has determinant 0, and
/// an empty (0 × 0) matrix 1. O(batch·n³).
///
/// # Errors
///
/// [`ErrorKind::NotSquare`]; [`ErrorKind::Allocation`].
///
/// # Examples
///
/// ```
/// use ranked::{Tensor, linalg, tensor};
///
/// let a = tensor![[[1.0, 2.0], [3.0, 4.0]], [[2.0, 0.0], [0.0, 3.0]]];
/// let d: Tensor<f64, 1> = linalg::det(&a).unwrap();
/// assert_eq!(d, tensor![-2.0, 6.0]);
/// ```
pub fn det<A, T, const R: usize, const O: usize>(a: &A) -> Result<Tensor<T, O>, ShapeError>
where
    A: TensorOperand<T, R> + ?Sized,
    T: LinalgField,
    Rank<R>: MatrixStack<Scalars = Rank<O>>,
{
    let stack = Stack::new(a.operand_view())?;
    let n = stack.square()?;
    let shape = stack.shape::<O>(&[])?;
    let mut out = room(&shape)?;
    stack.each(|_, m| {
        out.push(if n <= MAX_ORDER {
            small::det(m)
        } else {
            Lu::new(m).det()
        });
        Ok(())
    })?;
    finish(out, shape)
}

/// The sign and the natural logarithm of the absolute value of each determinant, as NumPy's
/// `linalg.slogdet`: `det = sign · exp(logabsdet)` without overflow or underflow. A singular
/// matrix gives sign 0 and `−∞`. O(batch·n³).
///
/// # Errors
///
/// As [`det`].
///
/// # Examples
///
/// ```
/// use ranked::{linalg, tensor};
///
/// let a = tensor![[0.0, 2.0], [3.0, 0.0]];
/// let (sign, logabsdet) = linalg::slogdet(&a).unwrap();
/// assert_eq!((sign[[]], logabsdet[[]]), (-1.0, 6f64.ln()));
/// ```
#[allow(clippy::type_complexity)]
pub fn slogdet<A, T, const R: usize, const O: usize>(
    a: &A,
) -> Result<(Tensor<T, O>, Tensor<T::Real, O>), ShapeError>
where
    A: TensorOperand<T, R> + ?Sized,
    T: LinalgField,
    Rank<R>: MatrixStack<Scalars = Rank<O>>,
{
    let stack = Stack::new(a.operand_view())?;
    let n = stack.square()?;
    let shape = stack.shape::<O>(&[])?;
    let (mut signs, mut logs) = (room(&shape)?, room(&shape)?);
    stack.each(|_, m| {
        let lu = Lu::new(m);
        let odd = lu.odd();
        let (mut sign, mut log) = (if odd { -T::one() } else { T::one() }, T::Real::zero());
        for i in 0..n {
            let d = lu.pivot(i);
            let size = modulus(&d);
            if size == T::Real::zero() {
                (sign, log) = (T::zero(), T::Real::neg_infinity());
                break;
            }
            // d / |d|: exactly ±1 for real d, a unit complex number otherwise.
            sign = sign * (d / T::from_real_impl(&size));
            log = log + size.ln();
        }
        signs.push(sign);
        logs.push(log);
        Ok(())
    })?;
    Ok((finish(signs, shape)?, finish(logs, shape)?))
}

/// The solution `x` of `a @ x = b` for each matrix of `a`, as NumPy's `linalg.solve`: `b`
/// of rank 1 is one right-hand side vector (shared by every matrix of the stack); `b` of
/// rank 2 or more is a stack of right-hand side matrices whose batch axes broadcast with
/// `a`'s, as in `matmul` — and the result has `matmul`'s rank ([`SolveRanks`]). Partial
/// pivoting LU, as LAPACK's `gesv`. O(batch·n²·(n + k)).
///
/// # Errors
///
/// [`ErrorKind::NotSquare`]; [`ErrorKind::SizeMismatch`] naming operand 1 (`b`) when its rows are
/// not `a`'s order; [`ErrorKind::BroadcastMismatch`] when the batch axes do not broadcast;
/// [`ErrorKind::Singular`] with the index of the first singular matrix of the broadcast batch.
///
/// # Examples
///
/// ```
/// use ranked::{Tensor, linalg, tensor};
///
/// let a = tensor![[3.0, 1.0], [1.0, 2.0]];
/// let x: Tensor<f64, 1> = linalg::solve(&a, &tensor![9.0, 8.0]).unwrap();
/// assert_eq!(x, tensor![2.0, 3.0]);
///
/// // Two right-hand sides as the columns of a matrix.
/// let x: Tensor<f64, 2> = linalg::solve(&a, &tensor![[9.0, 1.0], [8.0, 2.0]]).unwrap();
/// assert_eq!(x.to_vec(), [2.0, 0.0, 3.0, 1.0]);
/// ```
pub fn solve<A, B, T, const R: usize, const R2: usize, const O: usize>(
    a: &A,
    b: &B,
) -> Result<Tensor<T, O>, ShapeError>
where
    A: TensorOperand<T, R> + ?Sized,
    B: TensorOperand<T, R2> + ?Sized,
    T: LinalgField,
    Rank<R>: SolveRanks<R2, Out = Rank<O>>,
{
    let (a, b) = (a.operand_view(), b.operand_view());
    Stack::new(a)?.square()?;
    let mut shape = [0usize; O];
    product::product_shape(a.layout().parts(), b.layout().parts(), &mut shape)?;
    let mut out = room(&shape)?;
    let target = Layout::row_major(shape)?;
    let plan = product::plan::<{ product::MAX_PLAN_AXES }>(
        a.layout().parts(),
        b.layout().parts(),
        target.parts(),
    )?;
    let [ma, mb, _] = plan.mats;
    let (da, db) = (a.storage().elems(), b.storage().elems());
    let ops = [0, 1].map(|k| Operand {
        strides: plan.batch_strides(k),
        offset: plan.offset(k),
    });
    let (mut index, mut result) = (0usize, Ok(()));
    engine::walk_n(plan.batch(), ops, &mut |[pa, pb]| {
        if result.is_err() {
            return;
        }
        // SAFETY: `pa` and `pb` are the offsets of one batch item of the plan, whose matrices
        // the operands' layouts reach (invariant 1 of `ProductPlan`); the layouts' own offsets
        // are valid for their data.
        let (ia, ib) = unsafe {
            (
                stack::matrix(da, ma, pa, a.layout().offset()),
                stack::matrix(db, mb, pb, b.layout().offset()),
            )
        };
        result = faer_ref(ia).and_then(|ia| {
            let ib = faer_ref(ib)?;
            // LU for every order (backward stable, as LAPACK's `gesv`): the closed-form
            // inverse times `b` rounds more.
            let lu = Lu::new(ia);
            if lu.singular() {
                return Err(at(ErrorKind::Singular, index));
            }
            let mut x = ib.to_owned();
            lu.solve_in_place(x.as_mut());
            push(&mut out, x.as_ref());
            Ok(())
        });
        index += 1;
    });
    result?;
    finish(out, shape)
}

/// Each matrix of a stack raised to the integer power `n`, as NumPy's
/// `linalg.matrix_power`: `n = 0` gives identities, a negative `n` the power of the inverse.
/// By repeated squaring: O(batch·n³·log |n|).
///
/// # Errors
///
/// [`ErrorKind::NotSquare`]; for a negative `n`, [`ErrorKind::Singular`] as in [`inv`].
///
/// # Examples
///
/// ```
/// use ranked::{linalg, tensor};
///
/// let fib = tensor![[1.0, 1.0], [1.0, 0.0]];
/// assert_eq!(linalg::matrix_power(&fib, 10).unwrap(), tensor![[89.0, 55.0], [55.0, 34.0]]);
/// assert_eq!(linalg::matrix_power(&fib, -1).unwrap(), tensor![[0.0, 1.0], [1.0, -1.0]]);
/// ```
pub fn matrix_power<A, T, const R: usize>(a: &A, n: i32) -> Result<Tensor<T, R>, ShapeError>
where
    A: TensorOperand<T, R> + ?Sized,
    T: LinalgField,
    Rank<R>: MatrixStack,
{
    let stack = Stack::new(a.operand_view())?;
    let order = stack.square()?;
    let shape = stack.shape::<R>(&[order, order])?;
    let mut out = room(&shape)?;
    stack.each(|index, m| {
        let mut base = if n < 0 {
            inverse(index, m)?
        } else {
            m.to_owned()
        };
        let mut power: Mat<T> = Mat::identity(order, order);
        let mut e = n.unsigned_abs();
        while e > 0 {
            if e & 1 == 1 {
                power = backend::product(power.as_ref(), base.as_ref());
            }
            e >>= 1;
            if e > 0 {
                base = backend::product(base.as_ref(), base.as_ref());
            }
        }
        push(&mut out, power.as_ref());
        Ok(())
    })?;
    finish(out, shape)
}
