//! faer's factorisations and products, each on as many threads as its size pays for.
//!
//! faer's high-level calls (`Mat::partial_piv_lu`, `Mat::qr`, `Svd::new`, a product written
//! `&a * &b`, …) take faer's global parallelism, which with faer's `rayon` feature (turned on
//! by ours) is rayon's whole pool for every call, however small the matrix. These functions
//! call faer's lower-level ones with the choice of [`par`] (factorisations) or of the product
//! kernel's rule (products) instead; faer's global setting is neither read nor changed.

use alloc::vec::Vec;

use faer::diag::Diag;
use faer::dyn_stack::{MemBuffer, MemStack};
use faer::linalg::cholesky::llt::factor::{self as llt, LltError};
use faer::linalg::evd::{self, ComputeEigenvectors, EvdError};
use faer::linalg::householder;
use faer::linalg::lu::partial_pivoting as lu;
use faer::linalg::qr::no_pivoting::factor as qr;
use faer::linalg::svd::{self, ComputeSvdVectors, SvdError};
use faer::perm::PermRef;
use faer::{Accum, Conj, Mat, MatMut, MatRef, Par};
use num_complex::Complex;
use num_traits::Zero;

use super::LinalgField;
use crate::linalg::kernel::faer_par;

/// From this many `m·n·min(m, n)` (a factorisation's work, up to a constant), faer's
/// factorisations take rayon's pool: 2³⁰, square order 1024. Measured with faer alone on the
/// 2-vCPU Intel Xeon, `f64`, time on rayon's pool over time on one thread: at order 64–512 LU
/// 1.8–4.4, Cholesky 1.0–2.4, QR 2.3–7.5, SVD 1.5–2.2, symmetric eigendecomposition 1.1–1.8;
/// at 768 0.8–1.6; at 1024 0.75–1.02 (QR 0.81, SVD 0.84, LU and Cholesky level). Tall
/// matrices likewise: QR of 4096 × 256 1.07, of 8192 × 128 1.33.
#[cfg(feature = "rayon")]
const PARALLEL_WORK: usize = 1 << 30;

/// From this many `n³`, the inverse that follows an LU factorisation (triangular inverses
/// and a triangular product) takes rayon's pool: 2²⁷, order 512. Measured with faer alone
/// (`f64`, the LU on one thread), the inverse on rayon's pool against one thread, the two
/// steps together: 0.99 of the time at order 256, 0.86 at 512, 0.72 at 768, 0.75–0.83 at
/// 1000; through `inv` at 256, 1.15–1.4.
#[cfg(feature = "rayon")]
const INVERSE_PARALLEL_WORK: usize = 1 << 27;

/// One thread, or rayon's pool (with `rayon`) for factorisations of `m × n` matrices of at
/// least [`PARALLEL_WORK`].
#[inline]
pub(super) fn par(m: usize, n: usize) -> Par {
    #[cfg(feature = "rayon")]
    return pool_from(m.saturating_mul(n).saturating_mul(m.min(n)), PARALLEL_WORK);
    #[cfg(not(feature = "rayon"))]
    {
        let _ = (m, n);
        Par::Seq
    }
}

/// Rayon's pool for `work` of at least `threshold`, one thread below it.
#[cfg(feature = "rayon")]
#[inline]
fn pool_from(work: usize, threshold: usize) -> Par {
    if work >= threshold {
        Par::rayon(0)
    } else {
        Par::Seq
    }
}

/// One thread, or rayon's pool (with `rayon`) for the inverse of an `n × n` LU
/// factorisation of at least [`INVERSE_PARALLEL_WORK`].
#[inline]
fn inverse_par(n: usize) -> Par {
    #[cfg(feature = "rayon")]
    return pool_from(n.saturating_mul(n).saturating_mul(n), INVERSE_PARALLEL_WORK);
    #[cfg(not(feature = "rayon"))]
    {
        let _ = n;
        Par::Seq
    }
}

/// `a · b`, on the threads the product kernel would choose for it (`a` may be an adjoint).
pub(super) fn product<T: LinalgField>(
    a: MatRef<'_, impl faer::traits::Conjugate<Canonical = T>>,
    b: MatRef<'_, T>,
) -> Mat<T> {
    let (m, k, n) = (a.nrows(), a.ncols(), b.ncols());
    let mut c = Mat::zeros(m, n);
    faer::linalg::matmul::matmul(
        c.as_mut(),
        Accum::Replace,
        a,
        b,
        T::one(),
        faer_par::<T>(m, k, n),
    );
    c
}

/// The LU factorisation with partial pivoting of a square matrix, `P·a = L·U`.
pub(super) struct Lu<T> {
    /// `L` below the diagonal (its unit diagonal implied) and `U` on and above it, as faer's
    /// `lu_in_place` leaves them. faer's triangular solves and inverses read only their
    /// triangle ("replacing the diagonal of L with ones"), so this one matrix is passed as
    /// both `L` and `U`, as faer's own tests of its LU solve and inverse do: no copies.
    factors: Mat<T>,
    /// The row permutation `P` and its inverse, a valid pair as faer's `lu_in_place`
    /// writes them.
    forward: Vec<usize>,
    inverse: Vec<usize>,
    /// How many row exchanges `P` is made of.
    transpositions: usize,
}

impl<T: LinalgField> Lu<T> {
    /// Factors the square matrix `a`.
    pub(super) fn new(a: MatRef<'_, T>) -> Self {
        let n = a.nrows();
        let par = par(n, n);
        let mut factors = a.to_owned();
        let (mut forward, mut inverse) = (alloc::vec![0usize; n], alloc::vec![0usize; n]);
        let mut mem = MemBuffer::new(lu::factor::lu_in_place_scratch::<usize, T>(
            n,
            n,
            par,
            Default::default(),
        ));
        let (info, _) = lu::factor::lu_in_place(
            factors.as_mut(),
            &mut forward,
            &mut inverse,
            par,
            MemStack::new(&mut mem),
            Default::default(),
        );
        Self {
            factors,
            forward,
            inverse,
            transpositions: info.transposition_count,
        }
    }

    /// `U`'s diagonal element `i`.
    pub(super) fn pivot(&self, i: usize) -> T {
        self.factors[(i, i)]
    }

    /// Whether a pivot is zero: the matrix is singular.
    pub(super) fn singular(&self) -> bool {
        (0..self.factors.nrows()).any(|i| self.pivot(i) == T::zero())
    }

    /// Whether `P` is an odd permutation (its determinant is −1).
    pub(super) fn odd(&self) -> bool {
        self.transpositions % 2 == 1
    }

    /// `P`, checked by faer (O(n)) rather than taken on trust.
    fn perm(&self) -> PermRef<'_, usize> {
        PermRef::new_checked(&self.forward, &self.inverse, self.forward.len())
    }

    /// Replaces `rhs` (n rows) by `a⁻¹·rhs`.
    pub(super) fn solve_in_place(&self, rhs: MatMut<'_, T>) {
        let (n, k) = (self.factors.nrows(), rhs.ncols());
        let par = par(n, n.max(k));
        let mut mem = MemBuffer::new(lu::solve::solve_in_place_scratch::<usize, T>(n, k, par));
        lu::solve::solve_in_place(
            self.factors.as_ref(),
            self.factors.as_ref(),
            self.perm(),
            rhs,
            par,
            MemStack::new(&mut mem),
        );
    }

    /// `a⁻¹` (triangular inverses and a product), for a matrix that is not singular, on
    /// the threads of [`inverse_par`].
    pub(super) fn inverse(&self) -> Mat<T> {
        let n = self.factors.nrows();
        let par = inverse_par(n);
        let mut out = Mat::zeros(n, n);
        let mut mem = MemBuffer::new(lu::inverse::inverse_scratch::<usize, T>(n, par));
        lu::inverse::inverse(
            out.as_mut(),
            self.factors.as_ref(),
            self.factors.as_ref(),
            self.perm(),
            par,
            MemStack::new(&mut mem),
        );
        out
    }

    /// `det(a)`: the product of the pivots, negated for an odd `P`.
    pub(super) fn det(&self) -> T {
        let d = (0..self.factors.nrows()).fold(T::one(), |d, i| d * self.pivot(i));
        if self.odd() { -d } else { d }
    }
}

/// The Cholesky factor `L` of the Hermitian positive definite matrix whose lower triangle
/// `a` holds (`a = L·Lᴴ`, zeros above the diagonal).
pub(super) fn cholesky<T: LinalgField>(a: MatRef<'_, T>) -> Result<Mat<T>, LltError> {
    let n = a.nrows();
    let par = par(n, n);
    let mut l = Mat::zeros(n, n);
    l.copy_from_triangular_lower(a);
    let mut mem = MemBuffer::new(llt::cholesky_in_place_scratch::<T>(
        n,
        par,
        Default::default(),
    ));
    llt::cholesky_in_place(
        l.as_mut(),
        Default::default(),
        par,
        MemStack::new(&mut mem),
        Default::default(),
    )?;
    for j in 1..n {
        for i in 0..j {
            l[(i, j)] = T::zero();
        }
    }
    Ok(l)
}

/// The QR factorisation of an `m × n` matrix by Householder reflections, kept as faer's
/// reflectors until `q` is asked for.
pub(super) struct Qr<T> {
    /// `R` on and above the diagonal, the reflectors' basis below it.
    factors: Mat<T>,
    /// The reflectors' block coefficients.
    coeff: Mat<T>,
}

impl<T: LinalgField> Qr<T> {
    /// Factors `a`.
    pub(super) fn new(a: MatRef<'_, T>) -> Self {
        let (m, n) = a.shape();
        let par = par(m, n);
        let block = qr::recommended_block_size::<T>(m, n);
        let mut factors = a.to_owned();
        let mut coeff = Mat::zeros(block, m.min(n));
        let mut mem = MemBuffer::new(qr::qr_in_place_scratch::<T>(
            m,
            n,
            block,
            par,
            Default::default(),
        ));
        qr::qr_in_place(
            factors.as_mut(),
            coeff.as_mut(),
            par,
            MemStack::new(&mut mem),
            Default::default(),
        );
        Self { factors, coeff }
    }

    /// The first `cols` columns of `Q` (`m × m`): `min(m, n)` for the reduced factor, `m` for
    /// the complete one.
    pub(super) fn q(&self, cols: usize) -> Mat<T> {
        let (m, n) = self.factors.shape();
        let par = par(m, cols);
        let mut q = Mat::identity(m, cols);
        let mut mem = MemBuffer::new(
            householder::apply_block_householder_sequence_on_the_left_in_place_scratch::<T>(
                m,
                self.coeff.nrows(),
                cols,
            ),
        );
        householder::apply_block_householder_sequence_on_the_left_in_place_with_conj(
            self.factors.get(.., ..m.min(n)),
            self.coeff.as_ref(),
            Conj::No,
            q.as_mut(),
            par,
            MemStack::new(&mut mem),
        );
        q
    }

    /// `R`'s first `min(m, n)` rows (upper trapezoidal).
    pub(super) fn r(&self) -> Mat<T> {
        let (m, n) = self.factors.shape();
        Mat::from_fn(m.min(n), n, |i, j| {
            if i <= j {
                self.factors[(i, j)]
            } else {
                T::zero()
            }
        })
    }
}

/// Which singular vectors [`svd()`] computes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Vectors {
    /// None: the values only.
    None,
    /// `min(m, n)` of each side.
    Thin,
    /// All `m` left and `n` right ones.
    Full,
}

/// The singular values of an `m × n` matrix (faer's order, in `T`), `U` and `V` (not `Vᴴ`):
/// `a = U·diag(s)·Vᴴ`. `U` and `V` have as many columns as `vectors` asks for (none for
/// [`Vectors::None`]).
#[allow(clippy::type_complexity)]
pub(super) fn svd<T: LinalgField>(
    a: MatRef<'_, T>,
    vectors: Vectors,
) -> Result<(Diag<T>, Mat<T>, Mat<T>), SvdError> {
    let (m, n) = a.shape();
    let k = m.min(n);
    let par = par(m, n);
    let (compute, (cu, cv)) = match vectors {
        Vectors::None => (ComputeSvdVectors::No, (0, 0)),
        Vectors::Thin => (ComputeSvdVectors::Thin, (k, k)),
        Vectors::Full => (ComputeSvdVectors::Full, (m, n)),
    };
    let mut s = Diag::zeros(k);
    let (mut u, mut v) = (Mat::zeros(m, cu), Mat::zeros(n, cv));
    let mut mem = MemBuffer::new(svd::svd_scratch::<T>(
        m,
        n,
        compute,
        compute,
        par,
        Default::default(),
    ));
    let wanted = vectors != Vectors::None;
    svd::svd(
        a,
        s.as_mut(),
        wanted.then_some(u.as_mut()),
        wanted.then_some(v.as_mut()),
        par,
        MemStack::new(&mut mem),
        Default::default(),
    )?;
    Ok((s, u, v))
}

/// The eigenvalues (faer's order, in `T`) and the eigenvectors (`n` columns if `vectors`,
/// none otherwise) of the Hermitian matrix whose lower triangle `a` holds. `a` is not empty.
pub(super) fn self_adjoint<T: LinalgField>(
    a: MatRef<'_, T>,
    vectors: bool,
) -> Result<(Diag<T>, Mat<T>), EvdError> {
    let n = a.nrows();
    let par = par(n, n);
    let compute = if vectors {
        ComputeEigenvectors::Yes
    } else {
        ComputeEigenvectors::No
    };
    let mut s = Diag::zeros(n);
    let mut u = Mat::zeros(n, if vectors { n } else { 0 });
    let mut mem = MemBuffer::new(evd::self_adjoint_evd_scratch::<T>(
        n,
        compute,
        par,
        Default::default(),
    ));
    evd::self_adjoint_evd(
        a,
        s.as_mut(),
        vectors.then_some(u.as_mut()),
        par,
        MemStack::new(&mut mem),
        Default::default(),
    )?;
    Ok((s, u))
}

/// The eigenvalues (faer's order) and the right eigenvectors (`n` columns if `vectors`, none
/// otherwise) of a general square matrix, complex for real and complex `T` alike. `a` is not
/// empty.
///
/// faer's real solver gives complex eigenvalues in conjugate pairs, the first with a positive
/// imaginary part, and the pair's eigenvectors as two real columns, the real and imaginary
/// parts of the first; they are put together here as faer's own `Eigen` does.
#[allow(clippy::type_complexity)]
pub(super) fn eig<T: LinalgField>(
    a: MatRef<'_, T>,
    vectors: bool,
) -> Result<(Vec<Complex<T::Real>>, Mat<Complex<T::Real>>), EvdError> {
    let n = a.nrows();
    let par = par(n, n);
    let (compute, cols) = if vectors {
        (ComputeEigenvectors::Yes, n)
    } else {
        (ComputeEigenvectors::No, 0)
    };
    let no = ComputeEigenvectors::No;
    let mut u = Mat::<Complex<T::Real>>::zeros(n, cols);
    if T::IS_REAL {
        // The elements of a real `T` are their real parts.
        let a = Mat::from_fn(n, n, |i, j| T::real_part_impl(&a[(i, j)]));
        let (mut re, mut im) = (Diag::<T::Real>::zeros(n), Diag::<T::Real>::zeros(n));
        let mut pairs = Mat::<T::Real>::zeros(n, cols);
        let mut mem = MemBuffer::new(evd::evd_scratch::<T::Real>(
            n,
            no,
            compute,
            par,
            Default::default(),
        ));
        evd::evd_real(
            a.as_ref(),
            re.as_mut(),
            im.as_mut(),
            None,
            vectors.then_some(pairs.as_mut()),
            par,
            MemStack::new(&mut mem),
            Default::default(),
        )?;
        let (re, im) = (re.column_vector(), im.column_vector());
        let mut s = Vec::with_capacity(n);
        let mut j = 0;
        while j < n {
            if im[j] == T::Real::zero() || j + 1 == n {
                s.push(Complex::new(re[j], im[j]));
                for i in 0..cols {
                    u[(i, j)] = Complex::new(pairs[(i, j)], T::Real::zero());
                }
                j += 1;
            } else {
                s.push(Complex::new(re[j], im[j]));
                s.push(Complex::new(re[j], -im[j]));
                for i in 0..cols {
                    let (x, y) = (pairs[(i, j)], pairs[(i, j + 1)]);
                    u[(i, j)] = Complex::new(x, y);
                    u[(i, j + 1)] = Complex::new(x, -y);
                }
                j += 2;
            }
        }
        Ok((s, u))
    } else {
        let a = Mat::from_fn(n, n, |i, j| {
            let x = &a[(i, j)];
            Complex::new(T::real_part_impl(x), T::imag_part_impl(x))
        });
        let mut s = Diag::<Complex<T::Real>>::zeros(n);
        let mut mem = MemBuffer::new(evd::evd_scratch::<Complex<T::Real>>(
            n,
            no,
            compute,
            par,
            Default::default(),
        ));
        evd::evd_cplx(
            a.as_ref(),
            s.as_mut(),
            None,
            vectors.then_some(u.as_mut()),
            par,
            MemStack::new(&mut mem),
            Default::default(),
        )?;
        let s = s.column_vector().iter().copied().collect();
        Ok((s, u))
    }
}

#[cfg(all(test, feature = "rayon"))]
mod tests {
    use super::*;

    /// Factorisations stay on one thread below order 1024 (and tall matrices of the same
    /// work), and take rayon's pool from it.
    #[test]
    fn factorisations_take_threads_only_from_order_1024() {
        let seq = |m, n| matches!(par(m, n), Par::Seq);
        assert!(seq(1023, 1023) && seq(8, 8) && seq(8192, 128) && seq(0, usize::MAX));
        assert!(!seq(1024, 1024) && !seq(65536, 128) && !seq(usize::MAX, usize::MAX));
    }

    /// The inverse after an LU takes the pool from order 512.
    #[test]
    fn inverses_take_threads_from_order_512() {
        let seq = |n| matches!(inverse_par(n), Par::Seq);
        assert!(seq(0) && seq(256) && seq(511));
        assert!(!seq(512) && !seq(1000) && !seq(usize::MAX));
    }
}
