//! Closed forms for matrices of order 1 to 4: determinants and inverses by cofactors (order 4
//! by Laplace's expansion over the 2 × 2 minors of its first two and last two rows), which
//! skip the set-up of a general factorisation (its scratch space and pivot search), the cost
//! that dominates a stack of many small matrices.

use faer::MatRef;

use super::LinalgField;

/// The largest order the closed forms serve.
pub(super) const MAX_ORDER: usize = 4;

/// The elements of a matrix of order `n ≤ 4`, row-major, zero-padded to 4 × 4.
fn elems<T: LinalgField>(m: MatRef<'_, T>) -> [[T; 4]; 4] {
    let n = m.nrows().min(MAX_ORDER);
    let mut e = [[T::zero(); 4]; 4];
    for (i, row) in e.iter_mut().enumerate().take(n) {
        for (j, x) in row.iter_mut().enumerate().take(n) {
            *x = m[(i, j)];
        }
    }
    e
}

/// The cofactor expansion of a 3 × 3 determinant along the first row.
fn det3<T: LinalgField>(e: &[[T; 4]; 4]) -> T {
    let [[a, b, c, _], [d, f, g, _], [h, i, j, _], _] = *e;
    a * (f * j - g * i) - b * (d * j - g * h) + c * (d * i - f * h)
}

/// The 2 × 2 minors of a 4 × 4 matrix: `s` of its first two rows, `c` of its last two, each
/// over the column pairs (0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3).
fn minors4<T: LinalgField>(e: &[[T; 4]; 4]) -> ([T; 6], [T; 6]) {
    let pair = |r0: usize, r1: usize, a: usize, b: usize| e[r0][a] * e[r1][b] - e[r1][a] * e[r0][b];
    let cols = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)];
    (
        cols.map(|(a, b)| pair(0, 1, a, b)),
        cols.map(|(a, b)| pair(2, 3, a, b)),
    )
}

/// Laplace's expansion of a 4 × 4 determinant over its minors.
fn det4<T: LinalgField>(s: &[T; 6], c: &[T; 6]) -> T {
    s[0] * c[5] - s[1] * c[4] + s[2] * c[3] + s[3] * c[2] - s[4] * c[1] + s[5] * c[0]
}

/// The determinant of a square matrix of order at most 4 (1 for order 0, as NumPy).
pub(super) fn det<T: LinalgField>(m: MatRef<'_, T>) -> T {
    let e = elems(m);
    match m.nrows() {
        0 => T::one(),
        1 => e[0][0],
        2 => e[0][0] * e[1][1] - e[0][1] * e[1][0],
        3 => det3(&e),
        _ => {
            let (s, c) = minors4(&e);
            det4(&s, &c)
        }
    }
}

/// The inverse of a square matrix of order at most 4, row-major in `out` (its first `n²`
/// elements): the adjugate over the determinant. `false`, with `out` unspecified, when the
/// determinant is exactly 0.
pub(super) fn inverse<T: LinalgField>(m: MatRef<'_, T>, out: &mut [T; 16]) -> bool {
    let e = elems(m);
    let n = m.nrows();
    let d = det(m);
    if d == T::zero() {
        return false;
    }
    let r = T::one() / d;
    match n {
        0 => {}
        1 => out[0] = r,
        2 => {
            out[..4].copy_from_slice(&[e[1][1] * r, -e[0][1] * r, -e[1][0] * r, e[0][0] * r]);
        }
        3 => {
            let [[a, b, c, _], [d0, f, g, _], [h, i, j, _], _] = e;
            out[..9].copy_from_slice(&[
                (f * j - g * i) * r,
                (c * i - b * j) * r,
                (b * g - c * f) * r,
                (g * h - d0 * j) * r,
                (a * j - c * h) * r,
                (c * d0 - a * g) * r,
                (d0 * i - f * h) * r,
                (b * h - a * i) * r,
                (a * f - b * d0) * r,
            ]);
        }
        _ => {
            let (s, c) = minors4(&e);
            let a = e;
            out.copy_from_slice(&[
                (a[1][1] * c[5] - a[1][2] * c[4] + a[1][3] * c[3]) * r,
                (-a[0][1] * c[5] + a[0][2] * c[4] - a[0][3] * c[3]) * r,
                (a[3][1] * s[5] - a[3][2] * s[4] + a[3][3] * s[3]) * r,
                (-a[2][1] * s[5] + a[2][2] * s[4] - a[2][3] * s[3]) * r,
                (-a[1][0] * c[5] + a[1][2] * c[2] - a[1][3] * c[1]) * r,
                (a[0][0] * c[5] - a[0][2] * c[2] + a[0][3] * c[1]) * r,
                (-a[3][0] * s[5] + a[3][2] * s[2] - a[3][3] * s[1]) * r,
                (a[2][0] * s[5] - a[2][2] * s[2] + a[2][3] * s[1]) * r,
                (a[1][0] * c[4] - a[1][1] * c[2] + a[1][3] * c[0]) * r,
                (-a[0][0] * c[4] + a[0][1] * c[2] - a[0][3] * c[0]) * r,
                (a[3][0] * s[4] - a[3][1] * s[2] + a[3][3] * s[0]) * r,
                (-a[2][0] * s[4] + a[2][1] * s[2] - a[2][3] * s[0]) * r,
                (-a[1][0] * c[3] + a[1][1] * c[1] - a[1][2] * c[0]) * r,
                (a[0][0] * c[3] - a[0][1] * c[1] + a[0][2] * c[0]) * r,
                (-a[3][0] * s[3] + a[3][1] * s[1] - a[3][2] * s[0]) * r,
                (a[2][0] * s[3] - a[2][1] * s[1] + a[2][2] * s[0]) * r,
            ]);
        }
    }
    true
}
