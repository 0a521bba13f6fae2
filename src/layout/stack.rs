//! The geometry of a stack of matrices, as NumPy's `linalg` functions of one operand read it:
//! the last two axes are the matrices, the axes before them the batch.

use crate::error::{ErrorKind, ShapeError};

use super::parts::RawLayout;
use super::product::MatrixAxes;

/// A stack of matrices: the batch axes' sizes and strides, the offset of the first matrix, and
/// the matrix axes.
///
/// Invariant, for a layout valid for its storage: (1) a batch index below `batch` plus a
/// matrix index below `mat`'s sizes is a valid index of that layout, so every position the
/// plan reaches is one the layout reaches.
#[derive(Clone, Copy, Debug)]
pub(crate) struct StackPlan<'a> {
    pub(crate) batch: &'a [usize],
    pub(crate) batch_strides: &'a [isize],
    pub(crate) offset: usize,
    pub(crate) mat: MatrixAxes,
}

impl StackPlan<'_> {
    /// The order of the (square) matrices.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::NotSquare`] at the column axis, with the rows as `expected` and the
    /// columns as `found`.
    pub(crate) fn square(&self) -> Result<usize, ShapeError> {
        let MatrixAxes { rows, cols, .. } = self.mat;
        if rows == cols {
            Ok(rows)
        } else {
            Err(ShapeError::sizes(
                ErrorKind::NotSquare,
                Some(self.batch.len() + 1),
                rows,
                cols,
            ))
        }
    }
}

/// `a` as a stack of matrices.
///
/// # Errors
///
/// [`ErrorKind::RankMismatch`] below rank 2 (which the rank rule `MatrixStack` rejects at
/// compile time; a dynamic rank can reach it).
pub(crate) fn plan(a: RawLayout<'_>) -> Result<StackPlan<'_>, ShapeError> {
    let rank = a.shape.len();
    let (Some(b), true) = (rank.checked_sub(2), a.strides.len() == rank) else {
        return Err(ShapeError::sizes(ErrorKind::RankMismatch, None, 2, rank));
    };
    let (batch, dims) = a.shape.split_at(b);
    let (batch_strides, mat_strides) = a.strides.split_at(b);
    let (&[rows, cols], &[rs, cs]) = (dims, mat_strides) else {
        return Err(ShapeError::sizes(ErrorKind::RankMismatch, None, 2, rank));
    };
    Ok(StackPlan {
        batch,
        batch_strides,
        offset: a.offset,
        mat: MatrixAxes { rows, cols, rs, cs },
    })
}
