//! Norms: of vectors (whole tensors or along an axis) and of matrices (over the last two
//! axes), as NumPy's `linalg.norm` and the Array API's `vector_norm` and `matrix_norm`.

use faer::MatRef;
use num_traits::{Float, Zero};

use crate::Axis;
use crate::error::{ErrorKind, ShapeError};
use crate::layout::axis_set;
use crate::operand::TensorOperand;
use crate::rank::{IsAxis, MatrixStack, Rank, RemoveAxes, RemoveAxis};
use crate::tensor::{Tensor, TensorView};

use super::factor::singular_values;
use super::stack::{Stack, finish, room};
use super::{LinalgField, LinalgFloat, modulus};

/// The norm [`vector_norm`] computes for order `ord`, over the magnitudes `items` (how many
/// there are given as `len`): NumPy's rules for `ord` = ±∞ (largest or smallest magnitude), 0 (count
/// of non-zero elements), 1, 2 and any other `p` (`(Σ|x|ᵖ)^(1/p)`). NaN propagates.
fn norm_of<T: LinalgFloat>(items: impl Iterator<Item = T>, len: usize, ord: f64) -> Option<T> {
    let p = T::from(ord).unwrap_or_else(T::nan);
    if ord.is_infinite() {
        if len == 0 {
            return None;
        }
        let pick = |acc: T, x: T| {
            let a = x.abs();
            match (acc.is_nan() || a.is_nan(), ord > 0.0) {
                (true, _) => T::nan(),
                (false, true) => acc.max(a),
                (false, false) => acc.min(a),
            }
        };
        let start = if ord > 0.0 { T::zero() } else { T::infinity() };
        return Some(items.fold(start, pick));
    }
    Some(if ord == 0.0 {
        items.fold(
            T::zero(),
            |n, x| if x == T::zero() { n } else { n + T::one() },
        )
    } else if ord == 1.0 {
        items.fold(T::zero(), |s, x| s + x.abs())
    } else if ord == 2.0 {
        items.fold(T::zero(), |s, x| s + x * x).sqrt()
    } else {
        items
            .fold(T::zero(), |s, x| s + x.abs().powf(p))
            .powf(p.recip())
    })
}

/// The vector norm of all elements of a tensor of any rank (flattened), as the Array API's
/// `linalg.vector_norm(x, ord=ord)` and NumPy's `linalg.norm` of a vector: `ord` is `2.0` for
/// the Euclidean norm, `1.0`, `f64::INFINITY` (largest magnitude), `f64::NEG_INFINITY`
/// (smallest), `0.0` (the count of non-zero elements) or any other `p`
/// (`(Σ|x|ᵖ)^(1/p)`). Complex elements count by their modulus, and the norm is real.
/// NaN propagates. O(len).
///
/// # Errors
///
/// [`ErrorKind::Empty`] for `ord = ±∞` over no elements (NumPy raises too).
///
/// # Examples
///
/// ```
/// use ranked::{linalg, tensor};
///
/// let x = tensor![[3.0, -4.0], [0.0, 0.0]];
/// assert_eq!(linalg::vector_norm(&x, 2.0).unwrap(), 5.0);
/// assert_eq!(linalg::vector_norm(&x, 1.0).unwrap(), 7.0);
/// assert_eq!(linalg::vector_norm(&x, f64::INFINITY).unwrap(), 4.0);
/// assert_eq!(linalg::vector_norm(&x, 0.0).unwrap(), 2.0);
/// ```
pub fn vector_norm<A, T, const R: usize>(x: &A, ord: f64) -> Result<T::Real, ShapeError>
where
    A: TensorOperand<T, R> + ?Sized,
    T: LinalgField,
{
    let x = x.operand_view();
    norm_of(x.iter().map(modulus), x.len(), ord).ok_or(ShapeError::sizes(
        ErrorKind::Empty,
        None,
        1,
        0,
    ))
}

/// The vector norm of each lane along axis `A` (rank R → R − 1), as
/// `linalg.vector_norm(x, axis=A, ord=ord)`; `ord` as in [`vector_norm`]. O(len).
///
/// # Errors
///
/// [`ErrorKind::Empty`] naming the axis for `ord = ±∞` along an empty axis (with other axes not
/// empty).
///
/// # Examples
///
/// ```
/// use ranked::{Axis, linalg, tensor};
///
/// let x = tensor![[3.0, 4.0], [6.0, 8.0]];
/// assert_eq!(linalg::vector_norm_axis(&x, Axis::<1>, 2.0).unwrap(), tensor![5.0, 10.0]);
/// assert_eq!(linalg::vector_norm_axis(&x, Axis::<0>, 1.0).unwrap(), tensor![9.0, 12.0]);
/// ```
pub fn vector_norm_axis<A, T, Ax: IsAxis, const R: usize, const O: usize>(
    x: &A,
    axis: Ax,
    ord: f64,
) -> Result<Tensor<T::Real, O>, ShapeError>
where
    A: TensorOperand<T, R> + ?Sized,
    T: LinalgField,
    Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
{
    let x = x.operand_view();
    let number = <Rank<R> as RemoveAxis<Ax>>::AXIS;
    let mut failed = false;
    let out = x.map_axis(axis, |lane: TensorView<'_, T, 1>| {
        norm_of(lane.iter().map(modulus), lane.len(), ord).unwrap_or_else(|| {
            failed = true;
            T::Real::nan()
        })
    });
    if failed {
        return Err(ShapeError::sizes(ErrorKind::Empty, Some(number), 1, 0));
    }
    Ok(out)
}

/// The vector norm over the axes of a tuple (rank R → R − K), as
/// `linalg.vector_norm(x, axis=(a, b, …), ord=ord)`: of each group of elements that share the
/// other axes' indices; `ord` as in [`vector_norm`]. O(len), through one copy of the input
/// with the tuple's axes moved last.
///
/// # Errors
///
/// [`ErrorKind::Empty`] naming the tuple's first axis for `ord = ±∞` over empty axes (with other
/// axes not empty).
///
/// # Examples
///
/// ```
/// use ranked::{Axis, linalg, tensor};
///
/// let x = tensor![[[3.0, 0.0], [0.0, 4.0]], [[1.0, 1.0], [1.0, 1.0]]];
/// assert_eq!(linalg::vector_norm_axes(&x, (Axis::<1>, Axis::<2>), 2.0).unwrap(), tensor![5.0, 2.0]);
/// assert_eq!(linalg::vector_norm_axes(&x, (Axis::<0>, Axis::<2>), 1.0).unwrap(), tensor![5.0, 6.0]);
/// ```
pub fn vector_norm_axes<A, T, Ax, const R: usize, const O: usize>(
    x: &A,
    _axes: Ax,
    ord: f64,
) -> Result<Tensor<T::Real, O>, ShapeError>
where
    A: TensorOperand<T, R> + ?Sized,
    T: LinalgField,
    Rank<R>: RemoveAxes<Ax, Out = Rank<O>>,
{
    let x = x.operand_view();
    let axes = <Rank<R> as RemoveAxes<Ax>>::AXES;
    let group = axes.iter().try_fold(1usize, |n, &a| {
        n.checked_mul(x.shape()[a])
            .ok_or_else(|| ShapeError::overflow(Some(a)))
    })?;
    let out_shape = x.shape_without::<O>(axes);
    let grouped = x.permute(axis_set::axes_last::<R>(axes)?)?.to_contiguous();
    let data = grouped.as_slice().unwrap_or(&[]);
    // Rows of `group` elements; with no elements at all, as many rows as results.
    let rows = data
        .len()
        .checked_div(group)
        .unwrap_or(out_shape.iter().product());
    let norms = vector_norm_axis(
        &TensorView::from_slice(data, [rows, group])?,
        Axis::<1>,
        ord,
    )
    .map_err(|e| ShapeError::sizes(e.kind(), axes.first().copied(), 1, 0))?;
    Tensor::from_vec(norms.into_vec(), out_shape)
}

/// The orders of [`matrix_norm`] (NumPy's `ord` for matrices).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatrixOrd {
    /// The Frobenius norm, `√Σ|aᵢⱼ|²` (`"fro"`, NumPy's default).
    Fro,
    /// The nuclear norm, the sum of the singular values (`"nuc"`).
    Nuc,
    /// The largest column sum of magnitudes (`1`).
    One,
    /// The smallest column sum of magnitudes (`-1`).
    NegOne,
    /// The largest singular value (`2`).
    Two,
    /// The smallest singular value (`-2`).
    NegTwo,
    /// The largest row sum of magnitudes (`inf`).
    Inf,
    /// The smallest row sum of magnitudes (`-inf`).
    NegInf,
}

/// The norm of one matrix. `None` when `ord` reduces over nothing (the column sums of a matrix
/// without columns, say), which NumPy rejects.
pub(super) fn norm_of_matrix<T: LinalgField>(
    index: usize,
    m: MatRef<'_, T>,
    ord: MatrixOrd,
) -> Result<Option<T::Real>, ShapeError> {
    let view = TensorView::from(m);
    let sum = |l: TensorView<'_, T, 1>| l.iter().fold(T::Real::zero(), |s, x| s + modulus(x));
    let sums = |along| -> Tensor<T::Real, 1> {
        if along == 0 {
            view.map_axis(Axis::<0>, sum)
        } else {
            view.map_axis(Axis::<1>, sum)
        }
    };
    let extreme = |v: &[T::Real], largest: bool| {
        norm_of(
            v.iter().copied(),
            v.len(),
            if largest {
                f64::INFINITY
            } else {
                f64::NEG_INFINITY
            },
        )
    };
    Ok(match ord {
        MatrixOrd::Fro => norm_of(view.iter().map(modulus), view.len(), 2.0),
        MatrixOrd::Nuc => Some(
            singular_values(index, m)?
                .into_iter()
                .fold(T::Real::zero(), |s, x| s + x),
        ),
        MatrixOrd::One | MatrixOrd::NegOne => extreme(&sums(0).to_vec(), ord == MatrixOrd::One),
        MatrixOrd::Inf | MatrixOrd::NegInf => extreme(&sums(1).to_vec(), ord == MatrixOrd::Inf),
        MatrixOrd::Two | MatrixOrd::NegTwo => {
            let s = singular_values(index, m)?;
            if ord == MatrixOrd::Two {
                s.first()
            } else {
                s.last()
            }
            .copied()
        }
    })
}

/// The norm of each matrix of a stack (its last two axes), as the Array API's
/// `linalg.matrix_norm` and NumPy's `linalg.norm(a, ord, axis=(-2, -1))`. O(batch·m·n), or
/// an SVD per matrix for [`MatrixOrd::Nuc`], [`MatrixOrd::Two`] and [`MatrixOrd::NegTwo`].
///
/// # Errors
///
/// [`ErrorKind::Empty`] when `ord` takes the largest or smallest of no values (the column sums of
/// matrices without columns; NumPy raises too); [`ErrorKind::NoConvergence`] from the SVD.
///
/// # Examples
///
/// ```
/// use ranked::{linalg::{self, MatrixOrd}, tensor};
///
/// let a = tensor![[1.0, -2.0], [3.0, 4.0]];
/// assert_eq!(linalg::matrix_norm(&a, MatrixOrd::One).unwrap()[[]], 6.0);
/// assert_eq!(linalg::matrix_norm(&a, MatrixOrd::Inf).unwrap()[[]], 7.0);
/// assert_eq!(linalg::matrix_norm(&a, MatrixOrd::Fro).unwrap()[[]], 30f64.sqrt());
/// ```
pub fn matrix_norm<A, T, const R: usize, const O: usize>(
    a: &A,
    ord: MatrixOrd,
) -> Result<Tensor<T::Real, O>, ShapeError>
where
    A: TensorOperand<T, R> + ?Sized,
    T: LinalgField,
    Rank<R>: MatrixStack<Scalars = Rank<O>>,
{
    let stack = Stack::new(a.operand_view())?;
    let shape = stack.shape::<O>(&[])?;
    let mut out = room(&shape)?;
    stack.each(|index, m| {
        let n = norm_of_matrix(index, m, ord)?.ok_or(ShapeError::sizes(
            ErrorKind::Empty,
            None,
            1,
            0,
        ))?;
        out.push(n);
        Ok(())
    })?;
    finish(out, shape)
}
