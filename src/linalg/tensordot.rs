//! NumPy's `tensordot`: the sum of products over chosen axes of two tensors, run as one
//! `einsum` contraction (a batched matrix product after the axes are grouped).

use crate::error::{ErrorKind, ShapeError};
use crate::notation::{EinsumOperand, EinsumSpec, einsum};
use crate::operand::TensorOperand;
use crate::rank::{MAX_RANK, Rank, TensordotRanks};
use crate::tensor::Tensor;

use super::LinalgScalar;

/// The sum of products of `a` and `b` over `K` pairs of axes, as NumPy's
/// `tensordot(a, b, axes=(axes[0], axes[1]))` and the Array API's `tensordot`: axis
/// `axes[0][i]` of `a` is summed against axis `axes[1][i]` of `b`. The result has `a`'s other
/// axes in order, then `b`'s: rank `R + R2 − 2K`, in the type ([`TensordotRanks`]). NumPy's
/// `axes=K` (the last `K` axes of `a` against the first `K` of `b`) is
/// `[[R − K, …, R − 1], [0, …, K − 1]]`; `[[], []]` is the outer product. Runs as an
/// `einsum!` contraction, on the matrix-product backend. O(len(a)·len(b) / n), `n` the size
/// of the summed block.
///
/// # Errors
///
/// Naming the operand (0 for `a`, 1 for `b`): [`ErrorKind::InvalidAxis`] for an axis not
/// below its rank, [`ErrorKind::RepeatedAxis`] for an axis named twice;
/// [`ErrorKind::SizeMismatch`] at `b`'s axis when the paired sizes differ (`expected` is
/// `a`'s); [`ErrorKind::Allocation`].
///
/// # Examples
///
/// ```
/// use ranked::{Tensor, linalg::tensordot, tensor};
///
/// let a = tensor![[1.0, 2.0], [3.0, 4.0]];
/// let b = tensor![[5.0, 6.0], [7.0, 8.0]];
/// // axes=1: the matrix product.
/// assert_eq!(tensordot(&a, &b, [[1], [0]]).unwrap(), a.matmul(&b).unwrap());
/// // axes=2: the sum of all products (rank 0).
/// assert_eq!(tensordot(&a, &b, [[0, 1], [0, 1]]).unwrap()[[]], 70.0);
/// // axes=0: the outer product (rank 4).
/// let outer: Tensor<f64, 4> = tensordot(&a, &b, [[], []]).unwrap();
/// assert_eq!(outer.shape(), &[2, 2, 2, 2]);
/// ```
pub fn tensordot<A, B, T, const K: usize, const R: usize, const R2: usize, const O: usize>(
    a: &A,
    b: &B,
    axes: [[usize; K]; 2],
) -> Result<Tensor<T, O>, ShapeError>
where
    A: TensorOperand<T, R> + ?Sized,
    B: TensorOperand<T, R2> + ?Sized,
    T: LinalgScalar,
    Rank<R>: TensordotRanks<R2, K, Out = Rank<O>>,
{
    let (a, b) = (a.operand_view(), b.operand_view());
    let [pa, pb] = axes;
    // Each axis's letter: `a`'s axis i is `a + i`; `b`'s summed axes take their partner's,
    // its other axes `A + j`.
    let mut letters_b = [0u8; MAX_RANK];
    let mut seen = [[false; MAX_RANK]; 2];
    for (i, (&x, &y)) in pa.iter().zip(&pb).enumerate() {
        for (operand, axis, rank) in [(0, x, R), (1, y, R2)] {
            if axis >= rank {
                return Err(ShapeError::sizes(ErrorKind::InvalidAxis, None, rank, axis)
                    .with_operand(operand));
            }
            if core::mem::replace(&mut seen[operand][axis], true) {
                return Err(ShapeError::sizes(ErrorKind::RepeatedAxis, Some(i), 0, axis)
                    .with_operand(operand));
            }
        }
        let (sx, sy) = (a.shape()[x], b.shape()[y]);
        if sx != sy {
            return Err(ShapeError::sizes(ErrorKind::SizeMismatch, Some(y), sx, sy).with_operand(1));
        }
        letters_b[y] = b'a' + x as u8;
    }
    let mut spec = [0u8; 4 * MAX_RANK + 3];
    let mut len = 0;
    let mut put = |c: u8| {
        if let Some(slot) = spec.get_mut(len) {
            *slot = c;
            len += 1;
        }
    };
    (0..R).for_each(|i| put(b'a' + i as u8));
    put(b',');
    for (j, &l) in letters_b.iter().enumerate().take(R2) {
        put(if seen[1][j] { l } else { b'A' + j as u8 });
    }
    put(b'-');
    put(b'>');
    (0..R)
        .filter(|&i| !seen[0][i])
        .for_each(|i| put(b'a' + i as u8));
    (0..R2)
        .filter(|&j| !seen[1][j])
        .for_each(|j| put(b'A' + j as u8));
    let text = core::str::from_utf8(spec.get(..len).unwrap_or(&[])).unwrap_or("");
    let spec = EinsumSpec::scan(text);
    debug_assert!(spec.problem().is_none(), "tensordot wrote {text}");
    einsum(
        Rank::<O>,
        &spec,
        [EinsumOperand::of(&a), EinsumOperand::of(&b)],
    )
}
