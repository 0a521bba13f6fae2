//! What [`einsum_into!`](crate::einsum_into) does without an allocator: the spec checked
//! against the operands (their ranks and sizes, its `...` expanded), and one or two operands
//! contracted straight into the caller's storage, as a batched matrix product over their
//! strides. Three or more operands are contracted two at a time through intermediate results
//! ([`einsum`](super::einsum), feature `alloc`).

use crate::error::{ErrorKind, ShapeError};
use crate::layout::parts::RawLayout;
use crate::layout::{Layout, einsum as plan};
use crate::linalg::LinalgScalar;
use crate::rank::MAX_RANK;
#[cfg(not(feature = "alloc"))]
use crate::rank::Rank;
use crate::storage::{Storage, StorageMut, ViewRepr, ViewReprMut};
use crate::tensor::{TensorBase, TensorView};

use super::EinsumSpec;
use super::labels::{ELLIPSIS_LABEL, Labels};
use super::spec::MAX_OPERANDS;

/// An operand of [`einsum!`](crate::einsum) or [`einsum_into!`](crate::einsum_into), of any
/// rank: its elements and layout. Written by the macro.
#[doc(hidden)]
pub struct EinsumOperand<'a, T> {
    pub(super) data: ViewRepr<'a, T>,
    pub(super) layout: RawLayout<'a>,
}

impl<T> Clone for EinsumOperand<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for EinsumOperand<'_, T> {}

impl<'a, T> EinsumOperand<'a, T> {
    /// The operand `view`.
    pub fn of<const R: usize>(view: &'a TensorView<'_, T, R>) -> Self {
        EinsumOperand {
            data: view.storage().elems(),
            layout: view.layout().parts(),
        }
    }
}

/// The spec over operands of known ranks: each term with the axes of its `...` labelled
/// `ELLIPSIS_LABEL + g` (axis `g` of the broadcast `...`, aligned to the right as NumPy
/// broadcasts), and the output likewise.
pub(super) struct Expanded {
    pub(super) terms: [Labels; MAX_OPERANDS],
    n: usize,
    pub(super) output: Labels,
    pub(super) sizes: [Option<usize>; 256],
}

impl Expanded {
    pub(super) fn terms(&self) -> &[Labels] {
        self.terms.get(..self.n).unwrap_or(&[])
    }
}

/// `spec` over `ops`, checked: one operand per term, each of a rank its term allows, the
/// output of rank `out_rank`, and every index of one size (up to broadcasting).
pub(super) fn expand<T>(
    spec: &EinsumSpec,
    ops: &[EinsumOperand<'_, T>],
    out_rank: usize,
) -> Result<Expanded, ShapeError> {
    let rank_error = |expected: usize, found: usize| {
        ShapeError::sizes(ErrorKind::RankMismatch, None, expected, found)
    };
    if ops.len() != spec.operands() || ops.len() > MAX_OPERANDS {
        return Err(rank_error(spec.operands(), ops.len()));
    }
    // The rank of the broadcast `...`.
    let mut ellipsis = 0;
    for (k, op) in ops.iter().enumerate() {
        let (named, rank) = (spec.term(k).len(), op.layout.shape.len());
        let fits = match spec.term_ellipsis(k) {
            Some(_) => rank >= named,
            None => rank == named,
        };
        if !fits {
            return Err(rank_error(named, rank).with_operand(k));
        }
        ellipsis = ellipsis.max(rank - named);
    }
    let with_ellipsis = |named: &[u8], at: Option<usize>, own: usize| {
        let mut bytes = [0u8; 2 * MAX_RANK];
        let mut len = 0;
        let at = at.unwrap_or(named.len());
        let (before, after) = named.split_at(at.min(named.len()));
        let axes = (ellipsis - own..ellipsis).map(|g| ELLIPSIS_LABEL + g as u8);
        for l in before
            .iter()
            .copied()
            .chain(axes)
            .chain(after.iter().copied())
        {
            if let Some(slot) = bytes.get_mut(len) {
                *slot = l;
                len += 1;
            }
        }
        Labels::of(bytes.get(..len).unwrap_or(&[])).unwrap_or(Labels::EMPTY)
    };
    let mut terms = [Labels::EMPTY; MAX_OPERANDS];
    for (k, op) in ops.iter().enumerate() {
        let own = op.layout.shape.len() - spec.term(k).len();
        terms[k] = with_ellipsis(spec.term(k), spec.term_ellipsis(k), own);
    }
    let output = match spec.output_ellipsis() {
        Some(at) => with_ellipsis(spec.output(), Some(at), ellipsis),
        // NumPy: `...` standing for axes must appear in the output.
        None if ellipsis > 0 => return Err(rank_error(spec.output().len(), out_rank)),
        None => with_ellipsis(spec.output(), None, 0),
    };
    if output.as_slice().len() != out_rank {
        return Err(rank_error(output.as_slice().len(), out_rank));
    }
    let n = ops.len();
    let mut term_slices: [&[u8]; MAX_OPERANDS] = [&[]; MAX_OPERANDS];
    let mut layouts = [RawLayout {
        shape: &[],
        strides: &[],
        offset: 0,
    }; MAX_OPERANDS];
    for k in 0..n {
        term_slices[k] = terms[k].as_slice();
        layouts[k] = ops[k].layout;
    }
    let sizes = plan::index_sizes(&term_slices[..n], &layouts[..n])?;
    Ok(Expanded {
        terms,
        n,
        output,
        sizes,
    })
}

/// The scalar `one[0]` as an operand: the second operand of a one-operand contraction.
pub(super) fn scalar<T>(one: &[T; 1]) -> EinsumOperand<'_, T> {
    EinsumOperand {
        data: ViewRepr::from_slice(one),
        layout: RawLayout {
            shape: &[],
            strides: &[],
            offset: 0,
        },
    }
}

/// Adds the contraction of `a` and `b` (labelled by `terms`) into `data`, laid out as
/// `layout` and labelled by `output`.
///
/// # Safety
///
/// Each operand's layout is valid for its data (invariant 1 of the tensors they come from);
/// the target's layout is valid for its data and unique (invariants 1 and 2).
pub(super) unsafe fn pair_into<T: LinalgScalar>(
    terms: [&[u8]; 2],
    [a, b]: [EinsumOperand<'_, T>; 2],
    output: &[u8],
    data: ViewReprMut<'_, T>,
    layout: RawLayout<'_>,
) -> Result<(), ShapeError> {
    // Every product is added to the target (summed indices outside the product accumulate).
    let plan = plan::plan_into(terms, [a.layout, b.layout], output, layout)?;
    // SAFETY: the plan reaches the operands through their layouts and the target through its
    // own, each valid for its data (the caller's contract); the target is unique.
    unsafe { crate::linalg::run_batch(T::one(), a.data, b.data, T::one(), data, &plan) };
    Ok(())
}

/// `spec` over `ops`, checked against `out`, which is then zeroed: the expanded spec, and the
/// storage and layout to contract into. An error leaves `out` as it was.
pub(super) fn prepare<'o, T, S, const N: usize, const O: usize>(
    spec: &EinsumSpec,
    ops: &[EinsumOperand<'_, T>; N],
    out: &'o mut TensorBase<S, O>,
) -> Result<(Expanded, ViewReprMut<'o, T>, Layout<O>), ShapeError>
where
    T: LinalgScalar,
    S: StorageMut<Elem = T>,
{
    let e = expand(spec, ops, O)?;
    for (axis, (&label, &size)) in e.output.as_slice().iter().zip(out.shape()).enumerate() {
        let expected = e.sizes[usize::from(label)].unwrap_or(1);
        if expected != size {
            return Err(
                ShapeError::sizes(ErrorKind::SizeMismatch, Some(axis), expected, size)
                    .with_operand(N),
            );
        }
    }
    out.fill(T::zero());
    let layout = *out.layout();
    Ok((e, out.storage_mut().elems_mut(), layout))
}

/// Contracts one or two operands into the prepared target.
///
/// # Errors
///
/// As [`pair_into`], and [`ErrorKind::RankMismatch`] (2 expected, the count found) for any
/// other number of operands or operands and terms of different counts, which the callers
/// rule out first.
///
/// # Safety
///
/// `data` and `layout` are a tensor's storage and layout, as [`prepare`] returns them: the
/// layout valid for the data and unique (invariants 1 and 2).
pub(super) unsafe fn one_or_two<T: LinalgScalar>(
    e: &Expanded,
    ops: &[EinsumOperand<'_, T>],
    data: ViewReprMut<'_, T>,
    layout: RawLayout<'_>,
) -> Result<(), ShapeError> {
    let output = e.output.as_slice();
    let terms = e.terms();
    match (ops, terms) {
        ([op], [term]) => {
            let one = [T::one()];
            // SAFETY: the operand's layout is its view's (invariant 1), the scalar's one
            // element; the target's as the caller gives it (this function's contract).
            unsafe {
                pair_into(
                    [term.as_slice(), &[]],
                    [*op, scalar(&one)],
                    output,
                    data,
                    layout,
                )
            }
        }
        ([a, b], [ta, tb]) => {
            // SAFETY: as above.
            unsafe {
                pair_into(
                    [ta.as_slice(), tb.as_slice()],
                    [*a, *b],
                    output,
                    data,
                    layout,
                )
            }
        }
        _ => Err(ShapeError::sizes(
            ErrorKind::RankMismatch,
            None,
            2,
            ops.len(),
        )),
    }
}

/// The operand counts [`einsum_into!`](crate::einsum_into) takes: any number with the `alloc`
/// feature; one or two without it, as the contraction of three or more keeps intermediate
/// results. The macro checks its count, [`Operands<N>`], against it, so that a third operand
/// without `alloc` is a compile error at the call.
///
/// # Examples
///
/// ```
/// use ranked::notation::{EinsumIntoOperands, Operands};
///
/// fn takes<const N: usize>() -> bool
/// where
///     Operands<N>: EinsumIntoOperands,
/// {
///     true
/// }
/// assert!(takes::<2>());
/// ```
#[diagnostic::on_unimplemented(
    message = "`einsum_into!` with three or more operands keeps intermediate results, which needs the `alloc` feature of `ranked`",
    label = "needs the `alloc` feature",
    note = "without `alloc`, `einsum_into!` takes one or two operands: enable the `alloc` (or `std`) feature, or contract two operands at a time, each into storage of your own"
)]
pub trait EinsumIntoOperands {
    /// Does nothing: the macro calls it on its operand count, so that a count the build cannot
    /// contract is reported at the macro, in the words above.
    #[doc(hidden)]
    fn check(self)
    where
        Self: Sized,
    {
    }
}

/// The number of operands of a call of [`einsum_into!`](crate::einsum_into), as a type (see
/// [`EinsumIntoOperands`]).
pub struct Operands<const N: usize>;

/// What [`einsum!`](crate::einsum) needs to make its result, a new tensor: the `alloc` feature.
/// Implemented for every [`Operands<N>`] with it and none without, so that the macro, which is
/// defined in both builds for [`einsum_into!`](crate::einsum_into)'s sake, is refused at the
/// call where there is no allocator.
///
/// # Examples
///
/// ```
/// use ranked::notation::{MakesNewTensor, Operands};
///
/// fn allocates<const N: usize>() -> bool
/// where
///     Operands<N>: MakesNewTensor,
/// {
///     true
/// }
/// assert!(allocates::<3>()); // with the default features
/// ```
#[diagnostic::on_unimplemented(
    message = "`einsum!` makes a new tensor, which needs the `alloc` feature of `ranked`",
    label = "needs the `alloc` feature",
    note = "enable the `alloc` (or `std`) feature, or write into storage of your own with `einsum_into!` (one or two operands without `alloc`)"
)]
pub trait MakesNewTensor {
    /// Does nothing: the macro calls it, so that a build without `alloc` is told at the macro.
    #[doc(hidden)]
    fn check(self)
    where
        Self: Sized,
    {
    }
}

#[cfg(feature = "alloc")]
impl<const N: usize> MakesNewTensor for Operands<N> {}

#[cfg(feature = "alloc")]
impl<const N: usize> EinsumIntoOperands for Operands<N> {}
// Not listed in the error: its message says which counts a build without `alloc` takes.
#[cfg(not(feature = "alloc"))]
#[diagnostic::do_not_recommend]
impl EinsumIntoOperands for Operands<1> {}
#[cfg(not(feature = "alloc"))]
#[diagnostic::do_not_recommend]
impl EinsumIntoOperands for Operands<2> {}

/// [`einsum_into!`](crate::einsum_into) without an allocator: one or two operands (the macro
/// rejects more at compile time). Use the macro.
///
/// # Errors
///
/// As the macro.
#[cfg(not(feature = "alloc"))]
#[doc(hidden)]
pub fn einsum_into<T, S, const N: usize, const O: usize>(
    _rank: Rank<O>,
    spec: &EinsumSpec,
    ops: [EinsumOperand<'_, T>; N],
    out: &mut TensorBase<S, O>,
) -> Result<(), ShapeError>
where
    T: LinalgScalar,
    S: StorageMut<Elem = T>,
{
    let (e, data, layout) = prepare(spec, &ops, out)?;
    // SAFETY: `out`'s storage and layout (invariants 1 and 2 of `out`).
    unsafe { one_or_two(&e, &ops, data, layout.parts()) }
}

/// [`einsum!`](crate::einsum) without an allocator: never called, as the macro is refused
/// first ([`MakesNewTensor`]); its result is a view, so that the refusal is the only error.
///
/// # Errors
///
/// Always [`ErrorKind::Empty`]: there is nothing to make the result in.
#[cfg(not(feature = "alloc"))]
#[doc(hidden)]
pub fn einsum<T, const N: usize, const O: usize>(
    _rank: Rank<O>,
    _spec: &EinsumSpec,
    _ops: [EinsumOperand<'_, T>; N],
) -> Result<TensorView<'static, T, O>, ShapeError> {
    Err(ShapeError::new(ErrorKind::Empty, None, 0, 0))
}

#[cfg(test)]
mod tests {
    use crate::{ErrorKind, TensorView, TensorViewMut, einsum_into};

    /// One and two operands into caller storage, the same with and without `alloc`: a matrix
    /// product, into a transposed view, a trace, a sum over an axis, and the errors that leave
    /// the output as it was.
    #[test]
    fn one_or_two_operands_into_storage() {
        let data = [1.0f64, 2.0, 3.0, 4.0, 5.0, 6.0];
        let a = TensorView::from_slice(&data, [2, 3]).unwrap();
        let b = TensorView::from_slice(&data, [3, 2]).unwrap();
        let mut room = [0.0f64; 4];
        let mut out = TensorViewMut::from_slice_mut(&mut room, [2, 2]).unwrap();
        einsum_into!(&mut out, "ij,jk->ik", a, b).unwrap();
        assert_eq!(room, [22.0, 28.0, 49.0, 64.0]);
        let mut out = TensorViewMut::from_slice_mut(&mut room, [2, 2]).unwrap();
        einsum_into!(&mut out.view_mut().t(), "ij,jk->ik", a, b).unwrap();
        assert_eq!(room, [22.0, 49.0, 28.0, 64.0]);
        let square = TensorView::from_slice(&data[..4], [2, 2]).unwrap();
        let mut trace = [9.0f64];
        let mut t = TensorViewMut::from_slice_mut(&mut trace, []).unwrap();
        einsum_into!(&mut t, "ii->", square).unwrap();
        assert_eq!(trace, [5.0]);
        let mut sums = [0.0f64; 3];
        let mut s = TensorViewMut::from_slice_mut(&mut sums, [3]).unwrap();
        einsum_into!(&mut s, "ij->j", a).unwrap();
        assert!(s.iter().copied().eq([5.0, 7.0, 9.0]));
        // The output's size is wrong (3 where the spec gives 2), and the operands' inner sizes
        // differ: errors that leave the output as it was.
        let err = einsum_into!(&mut s, "ij->i", a).unwrap_err();
        assert_eq!(
            (err.kind(), err.axis(), err.expected(), err.found()),
            (ErrorKind::SizeMismatch, Some(0), 2, 3)
        );
        assert_eq!(sums, [5.0, 7.0, 9.0]);
        let mut wide = TensorViewMut::from_slice_mut(&mut room, [2, 2]).unwrap();
        let err = einsum_into!(&mut wide, "ij,jk->ik", a, a).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::SizeMismatch);
        assert_eq!(room, [22.0, 49.0, 28.0, 64.0]);
    }
}
