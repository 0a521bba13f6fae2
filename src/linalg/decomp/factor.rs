//! Factorisations: `cholesky`, `qr`, `svd`, `eigh`, `eig` and their value-only forms.

use faer::MatRef;
use faer::linalg::solvers::LltError;
use num_complex::Complex;

use crate::error::{ErrorKind, ShapeError};
use crate::operand::TensorOperand;
use crate::rank::{MatrixStack, Rank};
use crate::tensor::Tensor;

use super::backend::{self, Vectors};
use super::stack::{Stack, at, finish, push, push_adjoint, room};
use super::{LinalgField, real};

/// The lower Cholesky factor `L` of each symmetric (complex: Hermitian) positive-definite
/// matrix (`a = L·Lᴴ`), as NumPy's `linalg.cholesky`: only the lower triangle of `a` is read,
/// and `L`'s upper triangle is 0. O(batch·n³).
///
/// # Errors
///
/// [`ErrorKind::NotSquare`]; [`ErrorKind::NotPositiveDefinite`] with the index of the first matrix
/// that is not (`found`) and the failing pivot (`expected`).
///
/// # Examples
///
/// ```
/// use ranked::{ErrorKind, linalg, tensor};
///
/// let a = tensor![[4.0, 2.0], [2.0, 2.0]];
/// assert_eq!(linalg::cholesky(&a).unwrap(), tensor![[2.0, 0.0], [1.0, 1.0]]);
/// let err = linalg::cholesky(&tensor![[1.0, 2.0], [2.0, 1.0]]).unwrap_err();
/// assert_eq!(err.kind(), ErrorKind::NotPositiveDefinite);
/// ```
pub fn cholesky<A, T, const R: usize>(a: &A) -> Result<Tensor<T, R>, ShapeError>
where
    A: TensorOperand<T, R> + ?Sized,
    T: LinalgField,
    Rank<R>: MatrixStack,
{
    factor_llt(a, false)
}

/// The upper Cholesky factor `U = Lᴴ` of each symmetric (complex: Hermitian) positive-definite
/// matrix (`a = Uᴴ·U`), as NumPy's `linalg.cholesky(a, upper=True)` and the Array API's
/// `upper=True`: `L`'s conjugate transpose, from the lower triangle of `a`; `U`'s lower
/// triangle is 0. O(batch·n³).
///
/// # Errors
///
/// As [`cholesky`].
///
/// # Examples
///
/// ```
/// use ranked::{linalg, tensor};
///
/// let a = tensor![[4.0, 2.0], [2.0, 2.0]];
/// let u = linalg::cholesky_upper(&a).unwrap();
/// assert_eq!(u, tensor![[2.0, 1.0], [0.0, 1.0]]);
/// assert_eq!(u.view().t().matmul(&u).unwrap(), a);
/// ```
pub fn cholesky_upper<A, T, const R: usize>(a: &A) -> Result<Tensor<T, R>, ShapeError>
where
    A: TensorOperand<T, R> + ?Sized,
    T: LinalgField,
    Rank<R>: MatrixStack,
{
    factor_llt(a, true)
}

/// [`cholesky`], or its conjugate transpose if `upper`.
fn factor_llt<A, T, const R: usize>(a: &A, upper: bool) -> Result<Tensor<T, R>, ShapeError>
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
        let l = backend::cholesky(m).map_err(|e| {
            let LltError::NonPositivePivot { index: pivot } = e;
            ShapeError::sizes(ErrorKind::NotPositiveDefinite, None, pivot, index)
        })?;
        for i in 0..n {
            out.extend((0..n).map(|j| match (upper, j <= i, j >= i) {
                (false, true, _) => l[(i, j)],
                (true, _, true) => T::conj_impl(&l[(j, i)]),
                _ => T::zero(),
            }));
        }
        Ok(())
    })?;
    finish(out, shape)
}

/// Which factors [`qr`] returns, as NumPy's `mode`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QrMode {
    /// `q` is `m × k`, `r` is `k × n`, with `k = min(m, n)` (NumPy's default, `"reduced"`).
    Reduced,
    /// `q` is `m × m`, `r` is `m × n` (`"complete"`).
    Complete,
}

/// The factors of [`qr`]: `a = q @ r`, `q` with orthonormal columns, `r` upper triangular.
#[derive(Clone, Debug, PartialEq)]
pub struct Qr<T, const R: usize> {
    /// The orthonormal factor.
    pub q: Tensor<T, R>,
    /// The upper-triangular factor.
    pub r: Tensor<T, R>,
}

/// The QR factorisation of each matrix, as NumPy's `linalg.qr` (Householder reflections).
/// The signs (complex: phases) of `r`'s diagonal may differ from LAPACK's, with `q`'s columns
/// scaled to match: the factorisation is unique only up to them. O(batch·m·n·min(m, n)).
///
/// # Errors
///
/// [`ErrorKind::Allocation`].
///
/// # Examples
///
/// ```
/// use ranked::{linalg::{self, QrMode}, tensor};
///
/// let a = tensor![[3.0, 0.0], [4.0, 5.0], [0.0, 0.0]];
/// let qr = linalg::qr(&a, QrMode::Reduced).unwrap();
/// assert_eq!((qr.q.shape(), qr.r.shape()), (&[3, 2], &[2, 2]));
/// let back = qr.q.matmul(&qr.r).unwrap();
/// assert!(back.iter().zip(a.iter()).all(|(x, y): (&f64, &f64)| (x - y).abs() < 1e-12));
/// assert_eq!(linalg::qr(&a, QrMode::Complete).unwrap().q.shape(), &[3, 3]);
/// ```
pub fn qr<A, T, const R: usize>(a: &A, mode: QrMode) -> Result<Qr<T, R>, ShapeError>
where
    A: TensorOperand<T, R> + ?Sized,
    T: LinalgField,
    Rank<R>: MatrixStack,
{
    let stack = Stack::new(a.operand_view())?;
    let (m, n) = (stack.rows, stack.cols);
    let k = match mode {
        QrMode::Reduced => m.min(n),
        QrMode::Complete => m,
    };
    let (qs, rs) = (stack.shape::<R>(&[m, k])?, stack.shape::<R>(&[k, n])?);
    let (mut q, mut r) = (room(&qs)?, room(&rs)?);
    stack.each(|_, a| {
        let f = backend::Qr::new(a);
        push(&mut q, f.q(k).as_ref());
        push(&mut r, f.r().as_ref());
        if mode == QrMode::Complete {
            // `R` has min(m, n) rows; the complete one adds zero rows below.
            r.extend(core::iter::repeat_n(T::zero(), m.saturating_sub(n) * n));
        }
        Ok(())
    })?;
    Ok(Qr {
        q: finish(q, qs)?,
        r: finish(r, rs)?,
    })
}

/// The factors of [`svd`]: `a = u @ diag(s) @ vh`.
#[derive(Clone, Debug, PartialEq)]
pub struct Svd<T: LinalgField, const R: usize, const V: usize> {
    /// The left singular vectors, as columns.
    pub u: Tensor<T, R>,
    /// The singular values of each matrix, in descending order: real for complex input too.
    pub s: Tensor<T::Real, V>,
    /// The right singular vectors, as rows (NumPy's `Vh`, the conjugate transpose of `V`).
    pub vh: Tensor<T, R>,
}

/// The singular value decomposition of each matrix, as NumPy's `linalg.svd`: with
/// `full_matrices`, `u` is `m × m` and `vh` is `n × n`; without, `m × k` and `k × n`, with
/// `k = min(m, n)`. Singular values in descending order; each pair of singular vectors is
/// unique only up to a common sign (complex: phase). O(batch·m·n·min(m, n)).
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
/// let a = tensor![[3.0, 0.0], [0.0, -4.0], [0.0, 0.0]];
/// let svd = linalg::svd(&a, false).unwrap();
/// assert_eq!(svd.s, tensor![4.0, 3.0]);
/// assert_eq!((svd.u.shape(), svd.vh.shape()), (&[3, 2], &[2, 2]));
/// assert_eq!(linalg::svd(&a, true).unwrap().u.shape(), &[3, 3]);
/// ```
#[allow(clippy::type_complexity)]
pub fn svd<A, T, const R: usize, const V: usize>(
    a: &A,
    full_matrices: bool,
) -> Result<Svd<T, R, V>, ShapeError>
where
    A: TensorOperand<T, R> + ?Sized,
    T: LinalgField,
    Rank<R>: MatrixStack<Vectors = Rank<V>>,
{
    let stack = Stack::new(a.operand_view())?;
    let (m, n) = (stack.rows, stack.cols);
    let k = m.min(n);
    let (ku, kv) = if full_matrices { (m, n) } else { (k, k) };
    let (us, ss, vs) = (
        stack.shape::<R>(&[m, ku])?,
        stack.shape::<V>(&[k])?,
        stack.shape::<R>(&[kv, n])?,
    );
    let (mut u, mut s, mut vh) = (room(&us)?, room(&ss)?, room(&vs)?);
    stack.each(|index, a| {
        let vectors = if full_matrices {
            Vectors::Full
        } else {
            Vectors::Thin
        };
        let (values, fu, fv) =
            backend::svd(a, vectors).map_err(|_| at(ErrorKind::NoConvergence, index))?;
        s.extend(values.column_vector().iter().map(real));
        push(&mut u, fu.as_ref());
        push_adjoint(&mut vh, fv.as_ref());
        Ok(())
    })?;
    Ok(Svd {
        u: finish(u, us)?,
        s: finish(s, ss)?,
        vh: finish(vh, vs)?,
    })
}

/// The singular values of each matrix, in descending order, as the Array API's
/// `linalg.svdvals` (NumPy's `svd(a, compute_uv=False)`); real for complex input too.
/// O(batch·m·n·min(m, n)).
///
/// # Errors
///
/// [`ErrorKind::NoConvergence`] with the matrix's index.
///
/// # Examples
///
/// ```
/// use ranked::{Tensor, linalg, tensor};
///
/// let a = tensor![[[2.0, 0.0], [0.0, 5.0]], [[0.0, 1.0], [1.0, 0.0]]];
/// let s: Tensor<f64, 2> = linalg::svdvals(&a).unwrap();
/// assert_eq!(s, tensor![[5.0, 2.0], [1.0, 1.0]]);
/// ```
pub fn svdvals<A, T, const R: usize, const V: usize>(
    a: &A,
) -> Result<Tensor<T::Real, V>, ShapeError>
where
    A: TensorOperand<T, R> + ?Sized,
    T: LinalgField,
    Rank<R>: MatrixStack<Vectors = Rank<V>>,
{
    let stack = Stack::new(a.operand_view())?;
    let shape = stack.shape::<V>(&[stack.rows.min(stack.cols)])?;
    let mut out = room(&shape)?;
    stack.each(|index, a| {
        out.extend(singular_values(index, a)?);
        Ok(())
    })?;
    finish(out, shape)
}

/// The singular values of matrix `index` of a stack, descending.
pub(super) fn singular_values<T: LinalgField>(
    index: usize,
    a: MatRef<'_, T>,
) -> Result<alloc::vec::Vec<T::Real>, ShapeError> {
    let (values, ..) =
        backend::svd(a, Vectors::None).map_err(|_| at(ErrorKind::NoConvergence, index))?;
    let mut s: alloc::vec::Vec<T::Real> = values.column_vector().iter().map(real).collect();
    // Descending, as NumPy's; NaN first, as LAPACK leaves it.
    s.sort_by(|x, y| y.partial_cmp(x).unwrap_or(core::cmp::Ordering::Less));
    Ok(s)
}

/// The eigenvalues and eigenvectors of [`eigh`].
#[derive(Clone, Debug, PartialEq)]
pub struct Eigh<T: LinalgField, const R: usize, const V: usize> {
    /// The eigenvalues of each matrix, in ascending order: real for complex input too.
    pub eigenvalues: Tensor<T::Real, V>,
    /// The normalised eigenvectors, as columns (`eigenvectors[..., :, i]` belongs to
    /// `eigenvalues[..., i]`).
    pub eigenvectors: Tensor<T, R>,
}

/// The eigenvalues (ascending, real) and orthonormal eigenvectors of each symmetric (complex:
/// Hermitian) matrix, as NumPy's `linalg.eigh`: only the lower triangle is read. O(batch·n³).
///
/// # Errors
///
/// [`ErrorKind::NotSquare`]; [`ErrorKind::NoConvergence`] with the matrix's index.
///
/// # Examples
///
/// ```
/// use ranked::{linalg, tensor};
///
/// let a = tensor![[2.0, 0.0], [0.0, 1.0]];
/// let e = linalg::eigh(&a).unwrap();
/// assert_eq!(e.eigenvalues, tensor![1.0, 2.0]);
/// assert_eq!(e.eigenvectors.map(|x: &f64| x.abs()), tensor![[0.0, 1.0], [1.0, 0.0]]);
/// ```
pub fn eigh<A, T, const R: usize, const V: usize>(a: &A) -> Result<Eigh<T, R, V>, ShapeError>
where
    A: TensorOperand<T, R> + ?Sized,
    T: LinalgField,
    Rank<R>: MatrixStack<Vectors = Rank<V>>,
{
    let stack = Stack::new(a.operand_view())?;
    let n = stack.square()?;
    let (ws, vs) = (stack.shape::<V>(&[n])?, stack.shape::<R>(&[n, n])?);
    let (mut w, mut v) = (room(&ws)?, room(&vs)?);
    stack.each(|index, a| {
        if n == 0 {
            return Ok(()); // faer's eigensolvers take no empty matrix; nothing to write
        }
        let (values, u) =
            backend::self_adjoint(a, true).map_err(|_| at(ErrorKind::NoConvergence, index))?;
        w.extend(values.column_vector().iter().map(real));
        push(&mut v, u.as_ref());
        Ok(())
    })?;
    Ok(Eigh {
        eigenvalues: finish(w, ws)?,
        eigenvectors: finish(v, vs)?,
    })
}

/// The eigenvalues of each symmetric (complex: Hermitian) matrix, in ascending order and
/// real, as NumPy's `linalg.eigvalsh`: only the lower triangle is read. O(batch·n³).
///
/// # Errors
///
/// As [`eigh`].
///
/// # Examples
///
/// ```
/// use ranked::linalg::{self, Complex};
/// use ranked::{Tensor, tensor};
///
/// let a: Tensor<f64, 2> = tensor![[2.0, 1.0], [1.0, 2.0]];
/// let w = linalg::eigvalsh(&a).unwrap();
/// assert!((w[[0]] - 1.0).abs() < 1e-12 && (w[[1]] - 3.0).abs() < 1e-12);
///
/// // Hermitian [[2, −i], [i, 2]]: eigenvalues 1 and 3, real.
/// let (two, i) = (Complex::new(2.0, 0.0), Complex::new(0.0, 1.0));
/// let h: Tensor<Complex<f64>, 2> = tensor![[two, -i], [i, two]];
/// let w: Tensor<f64, 1> = linalg::eigvalsh(&h).unwrap();
/// assert!((w[[0]] - 1.0).abs() < 1e-12 && (w[[1]] - 3.0).abs() < 1e-12);
/// ```
pub fn eigvalsh<A, T, const R: usize, const V: usize>(
    a: &A,
) -> Result<Tensor<T::Real, V>, ShapeError>
where
    A: TensorOperand<T, R> + ?Sized,
    T: LinalgField,
    Rank<R>: MatrixStack<Vectors = Rank<V>>,
{
    let stack = Stack::new(a.operand_view())?;
    let n = stack.square()?;
    let shape = stack.shape::<V>(&[n])?;
    let mut out = room(&shape)?;
    stack.each(|index, a| {
        if n == 0 {
            return Ok(()); // faer's eigensolvers take no empty matrix; nothing to write
        }
        let (values, _) =
            backend::self_adjoint(a, false).map_err(|_| at(ErrorKind::NoConvergence, index))?;
        let mut w: alloc::vec::Vec<T::Real> = values.column_vector().iter().map(real).collect();
        w.sort_by(|x, y| x.partial_cmp(y).unwrap_or(core::cmp::Ordering::Greater));
        out.extend(w);
        Ok(())
    })?;
    finish(out, shape)
}

/// The eigenvalues and eigenvectors of [`eig`], complex (of `T::Real`, for real and complex
/// `T` alike).
#[derive(Clone, Debug, PartialEq)]
pub struct Eig<T: LinalgField, const R: usize, const V: usize> {
    /// The eigenvalues of each matrix, in no particular order (for real input, complex
    /// conjugate pairs are adjacent).
    pub eigenvalues: Tensor<Complex<T::Real>, V>,
    /// The eigenvectors of unit length, as columns (`eigenvectors[..., :, i]` belongs to
    /// `eigenvalues[..., i]`).
    pub eigenvectors: Tensor<Complex<T::Real>, R>,
}

/// The eigenvalues and eigenvectors of each general matrix, as NumPy's `linalg.eig`. The
/// results are always complex (NumPy returns a real array when every imaginary part is 0;
/// a type cannot depend on the values). Each eigenvector has unit length; its phase, and the
/// order of the eigenvalues, may differ from LAPACK's. O(batch·n³).
///
/// # Errors
///
/// [`ErrorKind::NotSquare`]; [`ErrorKind::NoConvergence`] with the matrix's index.
///
/// # Examples
///
/// ```
/// use ranked::{Tensor, linalg, tensor};
///
/// // A rotation by 90°: eigenvalues ±i.
/// let a: Tensor<f64, 2> = tensor![[0.0, -1.0], [1.0, 0.0]];
/// let e = linalg::eig(&a).unwrap();
/// let mut im: Vec<f64> = e.eigenvalues.iter().map(|z| z.im).collect();
/// im.sort_by(f64::total_cmp);
/// assert!((im[0] + 1.0).abs() < 1e-12 && (im[1] - 1.0).abs() < 1e-12);
/// assert!(e.eigenvalues.iter().all(|z| z.re.abs() < 1e-12));
/// ```
pub fn eig<A, T, const R: usize, const V: usize>(a: &A) -> Result<Eig<T, R, V>, ShapeError>
where
    A: TensorOperand<T, R> + ?Sized,
    T: LinalgField,
    Rank<R>: MatrixStack<Vectors = Rank<V>>,
{
    let stack = Stack::new(a.operand_view())?;
    let n = stack.square()?;
    let (ws, vs) = (stack.shape::<V>(&[n])?, stack.shape::<R>(&[n, n])?);
    let (mut w, mut v) = (room(&ws)?, room(&vs)?);
    stack.each(|index, a| {
        if n == 0 {
            return Ok(()); // faer's eigensolvers take no empty matrix; nothing to write
        }
        let (values, u) = backend::eig(a, true).map_err(|_| at(ErrorKind::NoConvergence, index))?;
        w.extend(values);
        push(&mut v, u.as_ref());
        Ok(())
    })?;
    Ok(Eig {
        eigenvalues: finish(w, ws)?,
        eigenvectors: finish(v, vs)?,
    })
}

/// The eigenvalues of each general matrix, complex, as NumPy's `linalg.eigvals`.
/// O(batch·n³).
///
/// # Errors
///
/// As [`eig`].
///
/// # Examples
///
/// ```
/// use ranked::{linalg, tensor};
///
/// let w = linalg::eigvals(&tensor![[2.0, 1.0], [0.0, 3.0]]).unwrap();
/// let mut re: Vec<f64> = w.iter().map(|z| z.re).collect();
/// re.sort_by(f64::total_cmp);
/// assert!((re[0] - 2.0).abs() < 1e-12 && (re[1] - 3.0).abs() < 1e-12);
/// ```
pub fn eigvals<A, T, const R: usize, const V: usize>(
    a: &A,
) -> Result<Tensor<Complex<T::Real>, V>, ShapeError>
where
    A: TensorOperand<T, R> + ?Sized,
    T: LinalgField,
    Rank<R>: MatrixStack<Vectors = Rank<V>>,
{
    let stack = Stack::new(a.operand_view())?;
    let n = stack.square()?;
    let shape = stack.shape::<V>(&[n])?;
    let mut out = room(&shape)?;
    stack.each(|index, a| {
        if n == 0 {
            return Ok(()); // faer's eigensolvers take no empty matrix; nothing to write
        }
        let (values, _) =
            backend::eig(a, false).map_err(|_| at(ErrorKind::NoConvergence, index))?;
        out.extend(values);
        Ok(())
    })?;
    finish(out, shape)
}
