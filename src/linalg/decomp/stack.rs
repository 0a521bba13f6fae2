//! The walk over stacks of matrices: each matrix handed to faer as a `MatRef` over the
//! tensor's own memory (any strides, no copy), in row-major order of the batch axes, and the
//! results gathered into new row-major tensors.

use alloc::vec::Vec;

use faer::MatRef;

use crate::engine::{self, Operand};
use crate::error::{ErrorKind, ShapeError};
use crate::layout::product::MatrixAxes;
use crate::layout::{Layout, checked_len, stack};
use crate::storage::{Storage, ViewRepr};
use crate::tensor::{Tensor, TensorBase, TensorView};

/// The matrix `m` at position `at` of `data`, as a view; an empty matrix at `base` instead
/// (the batch walk's positions need not lie in the storage when the matrices have no
/// elements, and an empty view's offset must).
///
/// # Safety
///
/// If `m` has elements, every index below its sizes, at its strides from `at`, is a position
/// of `data` that a layout valid for `data` reaches (invariant 1 of `StackPlan` or of
/// `ProductPlan`); `base` is the offset of a layout valid for `data`.
pub(super) unsafe fn matrix<T>(
    data: ViewRepr<'_, T>,
    m: MatrixAxes,
    at: usize,
    base: usize,
) -> TensorView<'_, T, 2> {
    let at = if m.rows == 0 || m.cols == 0 { base } else { at };
    let layout = Layout::from_parts([m.rows, m.cols], [m.rs, m.cs], at);
    // SAFETY: the caller's contract is invariant 1 of `TensorBase` for this layout (an empty
    // one at a valid offset reaches nothing); a read-only view has no invariant 2.
    unsafe { TensorBase::from_parts_unchecked(data, layout) }
}

/// `view` as faer reads it, without copying.
///
/// # Errors
///
/// As [`TensorView::try_into_faer`]: a broadcast matrix of more than `isize::MAX` elements.
pub(super) fn faer_ref<T>(view: TensorView<'_, T, 2>) -> Result<MatRef<'_, T>, ShapeError> {
    view.try_into_faer()
}

/// A tensor read as a stack of matrices: its last two axes are the matrices.
pub(super) struct Stack<'a, T, const R: usize> {
    view: TensorView<'a, T, R>,
    /// The rows and columns of each matrix.
    pub(super) rows: usize,
    pub(super) cols: usize,
}

impl<'a, T, const R: usize> Stack<'a, T, R> {
    /// # Errors
    ///
    /// [`ErrorKind::RankMismatch`] below rank 2 (only a rank-generic caller reaches it).
    pub(super) fn new(view: TensorView<'a, T, R>) -> Result<Self, ShapeError> {
        let plan = stack::plan(view.layout().parts())?;
        let (rows, cols) = (plan.mat.rows, plan.mat.cols);
        Ok(Self { view, rows, cols })
    }

    /// The order of the matrices, which must be square.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::NotSquare`] at the column axis.
    pub(super) fn square(&self) -> Result<usize, ShapeError> {
        stack::plan(self.view.layout().parts())?.square()
    }

    /// The batch axes followed by `tail`: the shape of a result with one `tail`-shaped block
    /// per matrix.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::RankMismatch`] if that is not `O` axes (only a rank-generic caller
    /// reaches it); [`ErrorKind::Overflow`] if its element count leaves `usize`.
    pub(super) fn shape<const O: usize>(&self, tail: &[usize]) -> Result<[usize; O], ShapeError> {
        let batch = self.view.shape().get(..R.saturating_sub(2)).unwrap_or(&[]);
        let mut out = [0usize; O];
        let n = batch.len() + tail.len();
        if n != O {
            return Err(ShapeError::sizes(ErrorKind::RankMismatch, None, O, n));
        }
        for (o, &s) in out.iter_mut().zip(batch.iter().chain(tail)) {
            *o = s;
        }
        checked_len(&out)?;
        Ok(out)
    }

    /// Calls `f(index, matrix)` on every matrix, `index` counting them in row-major order of
    /// the batch axes; stops at the first error.
    ///
    /// # Errors
    ///
    /// The first error of `f`; [`ErrorKind::TooManyElements`] for a broadcast matrix faer
    /// cannot address.
    pub(super) fn each(
        &self,
        mut f: impl FnMut(usize, MatRef<'_, T>) -> Result<(), ShapeError>,
    ) -> Result<(), ShapeError> {
        let plan = stack::plan(self.view.layout().parts())?;
        let data = self.view.storage().elems();
        let op = Operand {
            strides: plan.batch_strides,
            offset: plan.offset,
        };
        let (mut index, mut result) = (0usize, Ok(()));
        engine::walk_n(plan.batch, [op], &mut |[at]| {
            if result.is_ok() {
                // SAFETY: `at` is the offset of a matrix of the plan, whose positions the
                // view's layout reaches (invariant 1 of `StackPlan`, the layout being valid
                // for `data` by invariant 1 of the view), and `plan.offset` is that layout's.
                let m = unsafe { matrix(data, plan.mat, at, plan.offset) };
                result = faer_ref(m).and_then(|m| f(index, m));
                index += 1;
            }
        });
        result
    }
}

/// Room for a result of `shape`.
///
/// # Errors
///
/// [`ErrorKind::Allocation`] if it cannot be had.
pub(super) fn room<T, const O: usize>(shape: &[usize; O]) -> Result<Vec<T>, ShapeError> {
    engine::try_vec(checked_len(shape)?)
}

/// Appends `m`'s elements in row-major order.
pub(super) fn push<T: Copy>(out: &mut Vec<T>, m: MatRef<'_, T>) {
    out.extend(TensorView::from(m).iter().copied());
}

/// Appends the elements of `mᴴ` (the conjugate transpose; the transpose of a real matrix)
/// in row-major order.
pub(super) fn push_adjoint<T: faer::traits::ComplexField + Copy>(
    out: &mut Vec<T>,
    m: MatRef<'_, T>,
) {
    out.extend(TensorView::from(m.transpose()).iter().map(T::conj_impl));
}

/// The gathered elements as a row-major tensor of `shape`.
///
/// # Errors
///
/// [`ErrorKind::LengthMismatch`] if they are not `shape`'s count (a bug, reported rather than
/// hidden).
pub(super) fn finish<T, const O: usize>(
    data: Vec<T>,
    shape: [usize; O],
) -> Result<Tensor<T, O>, ShapeError> {
    Tensor::from_vec(data, shape)
}

/// The error of matrix `index` of a stack.
pub(super) fn at(kind: ErrorKind, index: usize) -> ShapeError {
    ShapeError::sizes(kind, None, 0, index)
}
