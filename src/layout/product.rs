//! The shapes and strides of NumPy's `matmul`: each operand is a stack of matrices (its last
//! two axes) over batch axes that broadcast together; a vector (rank 1) is promoted to a matrix
//! by a size-1 axis of stride 0 that the result does not have.

use crate::error::{ErrorKind, ShapeError};
use crate::rank::MAX_RANK;

/// The most batch axes a plan holds: a `matmul` has at most `MAX_RANK − 2`, an einsum of two
/// operands at most `2 · MAX_RANK` distinct indices.
pub(crate) const MAX_PLAN_AXES: usize = 2 * MAX_RANK;

use super::parts::RawLayout;

/// One operand's matrix: the sizes and strides of its last two axes. A promoted vector has a
/// size-1 axis of stride 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct MatrixAxes {
    pub(crate) rows: usize,
    pub(crate) cols: usize,
    pub(crate) rs: isize,
    pub(crate) cs: isize,
}

/// A batched product `c = a @ b`, checked: the broadcast batch shape, each operand's strides
/// along it (0 where an operand is broadcast), and each operand's matrix. Operand 0 is `a`, 1 is
/// `b`, 2 is `c`.
///
/// `B` is the room for batch axes: [`MAX_PLAN_AXES`] in general, 0 for a product of operands of rank 1
/// or 2 (no batch; a small plan for firmware). A product with more batch axes than `B` is an
/// error, never truncated.
///
/// Invariants, for layouts valid for their storage: (1) a batch index below `batch()`
/// plus a matrix index below the operand's matrix sizes is a valid index of that operand's
/// layout (the batch strides are its own strides or 0 on an axis of size 1); (2) `a`'s columns
/// are `b`'s rows, and `c` is `a.rows × b.cols`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ProductPlan<const B: usize = MAX_PLAN_AXES> {
    pub(super) batch: [usize; B],
    pub(super) batch_rank: usize,
    pub(super) strides: [[isize; B]; 3],
    pub(super) offsets: [usize; 3],
    /// The matrices of `a`, `b` and `c`.
    pub(crate) mats: [MatrixAxes; 3],
}

impl<const B: usize> ProductPlan<B> {
    /// A plan of no product (every size 0), to be written by [`plan_into`].
    pub(crate) const fn new() -> Self {
        let none = MatrixAxes {
            rows: 0,
            cols: 0,
            rs: 0,
            cs: 0,
        };
        Self {
            batch: [1; B],
            batch_rank: 0,
            strides: [[0; B]; 3],
            offsets: [0; 3],
            mats: [none; 3],
        }
    }

    /// The broadcast batch shape.
    pub(crate) fn batch(&self) -> &[usize] {
        self.batch.get(..self.batch_rank).unwrap_or(&[])
    }

    /// Operand `k`'s strides along [`batch`](Self::batch).
    pub(crate) fn batch_strides(&self, k: usize) -> &[isize] {
        (self.strides.get(k))
            .and_then(|s| s.get(..self.batch_rank))
            .unwrap_or(&[])
    }

    /// Operand `k`'s offset.
    pub(crate) fn offset(&self, k: usize) -> usize {
        self.offsets.get(k).copied().unwrap_or(0)
    }

    /// The number of matrices in the batch, 1 without batch axes (`usize::MAX` if that
    /// overflows, which only a batch with a size-0 axis elsewhere can do).
    #[cfg_attr(not(feature = "rayon"), allow(dead_code))]
    pub(crate) fn batch_len(&self) -> usize {
        self.batch()
            .iter()
            .try_fold(1usize, |n, &size| n.checked_mul(size))
            .unwrap_or(usize::MAX)
    }

    /// The offsets of operands `a` and `b` for batch item `item` (row-major numbering).
    #[cfg_attr(not(feature = "rayon"), allow(dead_code))]
    pub(crate) fn item_offsets(&self, mut item: usize) -> [usize; 2] {
        let mut pos = [self.offsets[0], self.offsets[1]];
        for axis in (0..self.batch_rank).rev() {
            let size = self.batch[axis].max(1);
            let i = item % size;
            item /= size;
            for (k, p) in pos.iter_mut().enumerate() {
                *p = p.wrapping_add_signed((i as isize).wrapping_mul(self.strides[k][axis]));
            }
        }
        pos
    }
}

/// The matrix of an operand of rank `≥ 1` (`vector_rows`: a vector is a row, as on the left
/// of a product, or a column, as on the right).
fn matrix(p: RawLayout<'_>, vector_is_row: bool) -> MatrixAxes {
    match (p.shape, p.strides) {
        ([.., r, c], [.., rs, cs]) => MatrixAxes {
            rows: *r,
            cols: *c,
            rs: *rs,
            cs: *cs,
        },
        ([n], [s]) if vector_is_row => MatrixAxes {
            rows: 1,
            cols: *n,
            rs: 0,
            cs: *s,
        },
        ([n], [s]) => MatrixAxes {
            rows: *n,
            cols: 1,
            rs: *s,
            cs: 0,
        },
        _ => MatrixAxes {
            rows: 1,
            cols: 1,
            rs: 0,
            cs: 0,
        },
    }
}

fn error(
    kind: ErrorKind,
    operand: usize,
    axis: usize,
    expected: usize,
    found: usize,
) -> ShapeError {
    ShapeError::sizes(kind, Some(axis), expected, found).with_operand(operand)
}

/// The batch plan of `a @ b` without an output yet. `out_rank` is the rank of the caller's
/// result (operand 2: a typed rank, or an existing output's); `put(axis, size)` receives each
/// axis of the result shape, in order, once the ranks agree.
#[inline]
fn operands<const B: usize>(
    a: RawLayout<'_>,
    b: RawLayout<'_>,
    out_rank: usize,
    put: &mut impl FnMut(usize, usize) -> Result<(), ShapeError>,
    plan: &mut ProductPlan<B>,
) -> Result<(), ShapeError> {
    let (ra, rb) = (a.shape.len(), b.shape.len());
    if ra == 0 || rb == 0 || ra > MAX_RANK || rb > MAX_RANK {
        let found = if ra == 0 || ra > MAX_RANK { ra } else { rb };
        return Err(ShapeError::sizes(ErrorKind::RankMismatch, None, 1, found)
            .with_operand(usize::from(ra != 0 && ra <= MAX_RANK)));
    }
    let (ma, mb) = (matrix(a, true), matrix(b, false));
    if mb.rows != ma.cols {
        return Err(error(
            ErrorKind::SizeMismatch,
            1,
            rb.saturating_sub(2),
            ma.cols,
            mb.rows,
        ));
    }
    let (na, nb) = (ra.saturating_sub(2), rb.saturating_sub(2));
    let batch_rank = na.max(nb);
    if batch_rank > B {
        return Err(ShapeError::sizes(
            ErrorKind::TooManyAxes,
            None,
            B,
            batch_rank,
        ));
    }
    plan.batch_rank = batch_rank;
    plan.offsets = [a.offset, b.offset, 0];
    plan.mats = [ma, mb, ma];
    for i in 0..batch_rank {
        // Result axis i, counting from the right; a missing axis counts as size 1.
        let from_right = batch_rank - 1 - i;
        let x = (from_right < na).then(|| na - 1 - from_right);
        let y = (from_right < nb).then(|| nb - 1 - from_right);
        // `j < na < ra` and `j < nb < rb`: every `get` below is in bounds.
        let xs = x.and_then(|j| a.shape.get(j)).copied().unwrap_or(1);
        let ys = y.and_then(|j| b.shape.get(j)).copied().unwrap_or(1);
        let size = if xs == ys || ys == 1 {
            xs
        } else if xs == 1 {
            ys
        } else {
            return Err(error(
                ErrorKind::BroadcastMismatch,
                1,
                y.unwrap_or(0),
                xs,
                ys,
            ));
        };
        let stride = |axis: Option<usize>, strides: &[isize]| {
            axis.and_then(|j| strides.get(j)).copied().unwrap_or(0)
        };
        let [sa, sb, _] = &mut plan.strides;
        if let (Some(batch), Some(sa), Some(sb)) =
            (plan.batch.get_mut(i), sa.get_mut(i), sb.get_mut(i))
        {
            *batch = size;
            *sa = stride(x.filter(|_| xs == size), a.strides);
            *sb = stride(y.filter(|_| ys == size), b.strides);
        }
    }
    // The result: the batch, then `a`'s rows unless `a` is a vector, then `b`'s columns
    // unless `b` is a vector.
    let tail = [(ra >= 2, ma.rows), (rb >= 2, mb.cols)];
    let expected = plan
        .batch()
        .iter()
        .copied()
        .chain(tail.iter().filter(|t| t.0).map(|t| t.1));
    let rank = batch_rank + usize::from(ra >= 2) + usize::from(rb >= 2);
    if rank != out_rank {
        return Err(
            ShapeError::sizes(ErrorKind::RankMismatch, None, rank, out_rank).with_operand(2),
        );
    }
    for (axis, size) in expected.enumerate() {
        put(axis, size)?;
    }
    Ok(())
}

/// The shape of `a @ b` by NumPy's `matmul` rules, into `out`.
///
/// # Errors
///
/// Naming operand 1 (`b`): [`ErrorKind::SizeMismatch`] at `b`'s row axis when `a`'s columns
/// (`expected`) are not `b`'s rows; [`ErrorKind::BroadcastMismatch`] at a batch axis of `b`
/// that does not broadcast with `a`'s; [`ErrorKind::Overflow`] if the result's element count
/// overflows.
#[cfg(any(feature = "alloc", test))]
pub(crate) fn product_shape(
    a: RawLayout<'_>,
    b: RawLayout<'_>,
    out: &mut [usize],
) -> Result<ProductPlan, ShapeError> {
    let mut plan = ProductPlan::new();
    let rank = out.len();
    let put = &mut |axis, size| {
        if let Some(slot) = out.get_mut(axis) {
            *slot = size;
        }
        Ok(())
    };
    operands(a, b, rank, put, &mut plan)?;
    super::checked_len(out)?;
    Ok(plan)
}

/// The plan of `c = a @ b` into an existing `c`, which must have the result's shape.
///
/// # Errors
///
/// As [`product_shape`], and [`ErrorKind::SizeMismatch`] naming operand 2 (`c`) and the axis
/// where `c`'s size differs from the result's.
///
/// `B`: the room for batch axes (see [`ProductPlan`]); more batch axes are
/// [`ErrorKind::TooManyAxes`].
#[inline]
pub(crate) fn plan<const B: usize>(
    a: RawLayout<'_>,
    b: RawLayout<'_>,
    c: RawLayout<'_>,
) -> Result<ProductPlan<B>, ShapeError> {
    let mut plan = ProductPlan::new();
    plan_into(a, b, c, &mut plan)?;
    Ok(plan)
}

/// [`plan`], written into `plan`: the form for hot paths, where moving a returned plan out of
/// its `Result` costs more than a 16 × 16 product's bookkeeping (stores and loads of
/// different widths). `plan` is unspecified after an error.
///
/// # Errors
///
/// As [`plan`].
#[inline]
pub(crate) fn plan_into<const B: usize>(
    a: RawLayout<'_>,
    b: RawLayout<'_>,
    c: RawLayout<'_>,
    plan: &mut ProductPlan<B>,
) -> Result<(), ShapeError> {
    // `c` is an existing tensor, so a result of its shape fits in memory: no overflow check.
    let check = &mut |axis, e| match c.shape.get(axis) {
        Some(&f) if f != e => Err(error(ErrorKind::SizeMismatch, 2, axis, e, f)),
        _ => Ok(()),
    };
    operands(a, b, c.shape.len(), check, plan)?;
    let n = plan.batch_rank;
    let [_, _, sc] = &mut plan.strides;
    for (to, &from) in sc.iter_mut().zip(c.strides).take(n) {
        *to = from;
    }
    plan.offsets[2] = c.offset;
    let (ra, rb) = (a.shape.len(), b.shape.len());
    let mut next = n;
    let mut axis = || {
        let s = c.strides.get(next).copied().unwrap_or(0);
        next += 1;
        s
    };
    let rs = if ra >= 2 { axis() } else { 0 };
    let cs = if rb >= 2 { axis() } else { 0 };
    plan.mats[2] = MatrixAxes {
        rows: plan.mats[0].rows,
        cols: plan.mats[1].cols,
        rs,
        cs,
    };
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts<'a>(shape: &'a [usize], strides: &'a [isize]) -> RawLayout<'a> {
        RawLayout {
            shape,
            strides,
            offset: 0,
        }
    }

    #[test]
    fn numpy_shapes() {
        let mut out = [0; 3];
        let p = product_shape(
            parts(&[5, 1, 2, 3], &[6, 6, 3, 1]),
            parts(&[4, 3, 2], &[6, 2, 1]),
            &mut [0; 4],
        )
        .unwrap();
        assert_eq!(p.batch(), &[5, 4]);
        assert_eq!(p.batch_strides(0), &[6, 0]);
        assert_eq!(p.batch_strides(1), &[0, 6]);
        // (k) @ (b, k, n) → (b, n)
        let p = product_shape(
            parts(&[3], &[1]),
            parts(&[4, 3, 2], &[6, 2, 1]),
            &mut out[..2],
        );
        assert_eq!(
            p.unwrap().mats[0],
            MatrixAxes {
                rows: 1,
                cols: 3,
                rs: 0,
                cs: 1
            }
        );
        assert_eq!(out[..2], [4, 2]);
        // Mismatches name operand 1 and its axis.
        let err =
            product_shape(parts(&[2, 3], &[3, 1]), parts(&[4], &[1]), &mut out[..1]).unwrap_err();
        assert_eq!(
            (err.operand(), err.axis(), err.expected(), err.found()),
            (Some(1), Some(0), 3, 4)
        );
        let err = product_shape(
            parts(&[2, 1, 1], &[1, 1, 1]),
            parts(&[3, 1, 1], &[1, 1, 1]),
            &mut out,
        )
        .unwrap_err();
        assert_eq!(
            (err.kind(), err.axis(), err.expected(), err.found()),
            (ErrorKind::BroadcastMismatch, Some(0), 2, 3)
        );
        // A wrong output length is an error, not a panic.
        assert!(product_shape(parts(&[2, 3], &[3, 1]), parts(&[3], &[1]), &mut out).is_err());
        assert!(product_shape(parts(&[], &[]), parts(&[3], &[1]), &mut out).is_err());
        // Overflowing result sizes.
        let big = usize::MAX / 2;
        let err = product_shape(
            parts(&[big, 1], &[0, 0]),
            parts(&[1, big], &[0, 0]),
            &mut out[..2],
        )
        .unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Overflow);
        assert_eq!(p_offsets(), [[0, 0], [0, 6], [6, 0], [6, 6]]);
    }

    fn p_offsets() -> [[usize; 2]; 4] {
        let p = product_shape(
            parts(&[2, 1, 1, 1], &[6, 1, 1, 1]),
            parts(&[2, 1, 1], &[6, 1, 1]),
            &mut [0; 4],
        )
        .unwrap();
        [0, 1, 2, 3].map(|i| p.item_offsets(i))
    }

    #[test]
    fn output_checked() {
        let (a, b) = (parts(&[2, 3], &[3, 1]), parts(&[3], &[1]));
        let err = plan::<MAX_PLAN_AXES>(a, b, parts(&[3], &[1])).unwrap_err();
        assert_eq!(
            (err.operand(), err.axis(), err.expected(), err.found()),
            (Some(2), Some(0), 2, 3)
        );
        let p = plan::<0>(a, b, parts(&[2], &[-1])).unwrap();
        assert_eq!(
            p.mats[2],
            MatrixAxes {
                rows: 2,
                cols: 1,
                rs: -1,
                cs: 0
            }
        );
        // An output of the wrong rank names operand 2, the result's rank and its own.
        let err = plan::<0>(a, b, parts(&[2, 1], &[1, 1])).unwrap_err();
        assert_eq!(
            (err.kind(), err.operand(), err.expected(), err.found()),
            (ErrorKind::RankMismatch, Some(2), 1, 2)
        );
        let err = product_shape(a, parts(&[3, 4], &[4, 1]), &mut [0; 1]).unwrap_err();
        assert_eq!(
            (err.kind(), err.operand(), err.expected(), err.found()),
            (ErrorKind::RankMismatch, Some(2), 2, 1)
        );
        // An output of the result's shape is accepted without an overflow check (it exists),
        // and one whose size differs at any axis is refused there.
        assert!(plan::<0>(a, parts(&[3, 4], &[4, 1]), parts(&[2, 4], &[4, 1])).is_ok());
        let err = plan::<0>(a, parts(&[3, 4], &[4, 1]), parts(&[2, 5], &[5, 1])).unwrap_err();
        assert_eq!(
            (
                err.kind(),
                err.operand(),
                err.axis(),
                err.expected(),
                err.found()
            ),
            (ErrorKind::SizeMismatch, Some(2), Some(1), 4, 5)
        );
        // A plan without room for batch axes refuses a batch rather than dropping it.
        let err = plan::<0>(parts(&[2, 2, 3], &[6, 3, 1]), b, parts(&[2, 2], &[2, 1])).unwrap_err();
        assert_eq!(
            (err.kind(), err.expected(), err.found()),
            (ErrorKind::TooManyAxes, 0, 1)
        );
    }
}
