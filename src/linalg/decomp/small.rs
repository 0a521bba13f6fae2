//! Closed forms for matrices of order 1 to 3: determinants and inverses by cofactors, which
//! skip the set-up of a general factorisation (its scratch space and pivot search), the cost
//! that dominates a stack of many small matrices.

use faer::MatRef;

use super::LinalgField;

/// The largest order the closed forms serve.
pub(super) const MAX_ORDER: usize = 3;

/// The elements of a matrix of order `n ≤ 3`, row-major, zero-padded to 3 × 3.
fn elems<T: LinalgField>(m: MatRef<'_, T>) -> [[T; 3]; 3] {
    let n = m.nrows().min(MAX_ORDER);
    let mut e = [[T::zero(); 3]; 3];
    for (i, row) in e.iter_mut().enumerate().take(n) {
        for (j, x) in row.iter_mut().enumerate().take(n) {
            *x = m[(i, j)];
        }
    }
    e
}

/// The cofactor expansion of a 3 × 3 determinant along the first row.
fn det3<T: LinalgField>(e: &[[T; 3]; 3]) -> T {
    let [[a, b, c], [d, f, g], [h, i, j]] = *e;
    a * (f * j - g * i) - b * (d * j - g * h) + c * (d * i - f * h)
}

/// The determinant of a square matrix of order at most 3 (1 for order 0, as NumPy).
pub(super) fn det<T: LinalgField>(m: MatRef<'_, T>) -> T {
    let e = elems(m);
    match m.nrows() {
        0 => T::one(),
        1 => e[0][0],
        2 => e[0][0] * e[1][1] - e[0][1] * e[1][0],
        _ => det3(&e),
    }
}

/// The inverse of a square matrix of order at most 3, row-major in `out` (its first `n²`
/// elements): the adjugate over the determinant. `false`, with `out` unspecified, when the
/// determinant is exactly 0.
pub(super) fn inverse<T: LinalgField>(m: MatRef<'_, T>, out: &mut [T; 9]) -> bool {
    let e = elems(m);
    let n = m.nrows();
    let d = det(m);
    if d == T::zero() {
        return false;
    }
    match n {
        0 => {}
        1 => out[0] = T::one() / d,
        2 => {
            let r = T::one() / d;
            *out = [
                e[1][1] * r,
                -e[0][1] * r,
                -e[1][0] * r,
                e[0][0] * r,
                T::zero(),
                T::zero(),
                T::zero(),
                T::zero(),
                T::zero(),
            ];
        }
        _ => {
            let [[a, b, c], [d0, f, g], [h, i, j]] = e;
            let r = T::one() / d;
            *out = [
                (f * j - g * i) * r,
                (c * i - b * j) * r,
                (b * g - c * f) * r,
                (g * h - d0 * j) * r,
                (a * j - c * h) * r,
                (c * d0 - a * g) * r,
                (d0 * i - f * h) * r,
                (b * h - a * i) * r,
                (a * f - b * d0) * r,
            ];
        }
    }
    true
}
