//! The lowering of [`einsum!`](crate::einsum): the spec's indices become strides over the
//! operands (a repeated index walks a diagonal, a missing one broadcasts), and the contraction
//! runs on the matrix-product backend, batch by batch; a one-operand spec that sums nothing is
//! a copy of a view.

use crate::error::ShapeError;
use crate::layout::{Layout, einsum as plan};
use crate::linalg::LinalgScalar;
use crate::storage::{Storage, ViewRepr};
use crate::tensor::{Tensor, TensorView};

use super::EinsumSpec;

/// The ranks of an einsum spec as types: input terms of `A` and `B` indices, an output of `O`.
/// Written by [`einsum!`](crate::einsum) from the parsed spec.
#[derive(Clone, Copy, Debug)]
pub struct EinsumRanks<const A: usize, const B: usize, const O: usize>;

/// The contraction of the plan, into a new C-contiguous tensor.
///
/// # Safety
///
/// Each operand's layout is valid for its data (invariant 1).
unsafe fn contract<T: LinalgScalar, const O: usize>(
    spec: &EinsumSpec,
    a: (ViewRepr<'_, T>, crate::layout::parts::RawLayout<'_>),
    b: (ViewRepr<'_, T>, crate::layout::parts::RawLayout<'_>),
) -> Result<Tensor<T, O>, ShapeError> {
    let mut shape = [0usize; O];
    let plan = plan::plan(
        [spec.term(0), spec.term(1)],
        [a.1, b.1],
        spec.output(),
        &mut shape,
    )?;
    let len = crate::layout::checked_len(&shape)?;
    let room = crate::engine::try_vec(len)?;
    // SAFETY: the plan's operand positions are positions of the operands' layouts (index
    // arithmetic on their strides), valid for their data (the caller's contract); the target is
    // row-major over exactly `0..len`.
    let out = unsafe { crate::linalg::run_new_batch(a.0, b.0, room, len, &plan, false) };
    Ok(Tensor::from_contiguous_vec(out, shape))
}

/// [`einsum!`](crate::einsum) of one operand. Use the macro.
///
/// # Errors
///
/// As the macro.
#[doc(hidden)]
pub fn einsum1<T, const R: usize, const A: usize, const O: usize>(
    _ranks: EinsumRanks<A, 0, O>,
    spec: &EinsumSpec,
    a: TensorView<'_, T, R>,
) -> Result<Tensor<T, O>, ShapeError>
where
    T: LinalgScalar,
{
    super::check_rank::<R>(A)?;
    let (mut shape, mut strides) = ([0usize; O], [0isize; O]);
    let parts = a.layout().parts();
    if plan::view_of(spec.term(0), parts, spec.output(), &mut shape, &mut strides)? {
        let layout = Layout::from_parts(shape, strides, a.offset());
        // SAFETY: the layout reaches `a`'s elements at the indices where repeated labels agree
        // (its strides sum `a`'s strides per label), so it is view arithmetic on `a`'s layout
        // and valid for its storage (invariant 1); the view is read-only.
        let view: TensorView<'_, T, O> = unsafe { a.view().with_layout(layout) };
        return view.try_to_contiguous();
    }
    let one = [T::one()];
    let scalar = crate::layout::parts::RawLayout {
        shape: &[],
        strides: &[],
        offset: 0,
    };
    // SAFETY: `a`'s own layout, and a scalar layout over one element.
    unsafe {
        contract(
            spec,
            (a.storage().elems(), parts),
            (ViewRepr::from_slice(&one), scalar),
        )
    }
}

/// [`einsum!`](crate::einsum) of two operands. Use the macro.
///
/// # Errors
///
/// As the macro.
#[doc(hidden)]
pub fn einsum2<
    T,
    const R1: usize,
    const R2: usize,
    const A: usize,
    const B: usize,
    const O: usize,
>(
    _ranks: EinsumRanks<A, B, O>,
    spec: &EinsumSpec,
    a: TensorView<'_, T, R1>,
    b: TensorView<'_, T, R2>,
) -> Result<Tensor<T, O>, ShapeError>
where
    T: LinalgScalar,
{
    super::check_rank::<R1>(A)?;
    super::check_rank::<R2>(B)?;
    // SAFETY: each tensor's own storage and layout (invariant 1).
    unsafe {
        contract(
            spec,
            (a.storage().elems(), a.layout().parts()),
            (b.storage().elems(), b.layout().parts()),
        )
    }
}
