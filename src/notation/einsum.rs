//! The lowering of [`einsum!`](crate::einsum): `...` becomes indices of its own, the operands
//! are contracted two at a time in the greedy order of [`path`], and each pairwise
//! contraction becomes strides over its operands (a repeated index walks a diagonal, a missing
//! one broadcasts) run on the matrix-product backend, batch by batch; a one-operand spec that
//! sums nothing is a copy of a view.

use alloc::vec::Vec;

use crate::error::{ErrorKind, ShapeError};
use crate::layout::parts::{RawLayout, contiguous_strides};
use crate::layout::product::MAX_PLAN_AXES;
use crate::layout::{Layout, Order, einsum as plan};
use crate::linalg::LinalgScalar;
use crate::rank::Rank;
use crate::storage::{StorageMut, ViewRepr, ViewReprMut};
use crate::tensor::{Tensor, TensorBase, TensorView};

use super::EinsumSpec;
use super::contract::{self, EinsumOperand, Expanded, expand};
use super::labels::Labels;
use super::path::{self, EinsumPath};

/// A result of a contraction that a later one reads: a C-contiguous buffer of any rank.
struct Intermediate<T> {
    data: Vec<T>,
    shape: [usize; MAX_PLAN_AXES],
    strides: [isize; MAX_PLAN_AXES],
    rank: usize,
}

/// An operand left to contract: an input, or the result of an earlier step.
enum Slot<'a, T> {
    Input(EinsumOperand<'a, T>),
    Owned(alloc::boxed::Box<Intermediate<T>>),
}

impl<T> Slot<'_, T> {
    fn operand(&self) -> EinsumOperand<'_, T> {
        match self {
            Slot::Input(op) => *op,
            Slot::Owned(m) => EinsumOperand {
                data: ViewRepr::from_slice(&m.data),
                layout: RawLayout {
                    shape: m.shape.get(..m.rank).unwrap_or(&[]),
                    strides: m.strides.get(..m.rank).unwrap_or(&[]),
                    offset: 0,
                },
            },
        }
    }
}

/// Where the last contraction writes.
enum Target<'t, T> {
    /// A new C-contiguous buffer, whose shape is written to the slice.
    New(&'t mut [usize]),
    /// An existing output, zeroed by the caller: a tensor's storage and its layout, valid for
    /// it and unique (invariants 1 and 2), as `contract::prepare` returns them.
    Into(ViewReprMut<'t, T>, RawLayout<'t>),
}

/// `out = einsum([a, b] labelled by terms)` into `target`; for a new target, the buffer.
///
/// # Safety
///
/// Each operand's layout is valid for its data (invariant 1 of the tensors they come from);
/// an existing target's layout is valid for its data and unique (invariants 1 and 2).
unsafe fn contract_pair<T: LinalgScalar>(
    terms: [&[u8]; 2],
    [a, b]: [EinsumOperand<'_, T>; 2],
    output: &[u8],
    target: Target<'_, T>,
) -> Result<Option<Vec<T>>, ShapeError> {
    match target {
        Target::New(shape) => {
            let plan = plan::plan(terms, [a.layout, b.layout], output, shape)?;
            let len = crate::layout::checked_len(shape)?;
            let room = crate::engine::try_vec(len)?;
            // SAFETY: the plan's operand positions are positions of the operands' layouts
            // (index arithmetic on their strides), valid for their data (the caller's
            // contract); the target is row-major over exactly `0..len`.
            Ok(Some(unsafe {
                crate::linalg::run_new_batch(a.data, b.data, room, len, &plan, false)
            }))
        }
        Target::Into(data, layout) => {
            // SAFETY: the caller's operands and target (this function's contract).
            unsafe { contract::pair_into(terms, [a, b], output, data, layout) }.map(|()| None)
        }
    }
}

/// Runs the expanded spec `e` over `ops` into `target`: a contraction with one operand (with
/// the scalar 1), or with two, or the greedy order of pairwise contractions with more.
fn run<T: LinalgScalar>(
    e: &Expanded,
    ops: &[EinsumOperand<'_, T>],
    target: Target<'_, T>,
) -> Result<Option<Vec<T>>, ShapeError> {
    let output = e.output.as_slice();
    // One or two operands into existing storage: as without an allocator.
    let target = match target {
        Target::Into(data, layout) if ops.len() <= 2 => {
            // SAFETY: an existing target is a tensor's storage and layout (`Target::Into`).
            return unsafe { contract::one_or_two(e, ops, data, layout) }.map(|()| None);
        }
        target => target,
    };
    if let [op] = ops {
        let term = e.terms[0].as_slice();
        let one = [T::one()];
        // SAFETY: the operand's own layout, and a scalar layout over one element; the
        // target's as the caller gives it.
        return unsafe {
            contract_pair([term, &[]], [*op, contract::scalar(&one)], output, target)
        };
    }
    if let [a, b] = ops {
        let terms = [e.terms[0].as_slice(), e.terms[1].as_slice()];
        // SAFETY: the caller's operands and target.
        return unsafe { contract_pair(terms, [*a, *b], output, target) };
    }
    let (steps, n_steps) = path::greedy(e.terms(), output, &e.sizes);
    let mut slots: Vec<(Labels, Slot<'_, T>)> = crate::engine::try_vec(ops.len())?;
    for (t, op) in e.terms().iter().zip(ops) {
        slots.push((*t, Slot::Input(*op)));
    }
    let mut target = Some(target);
    for (k, step) in steps.iter().take(n_steps).enumerate() {
        let [i, j] = step.pair;
        let (Some((ta, a)), Some((tb, b))) = (slots.get(i), slots.get(j)) else {
            break;
        };
        let terms = [ta.as_slice(), tb.as_slice()];
        let pair = [a.operand(), b.operand()];
        if k + 1 == n_steps {
            let Some(target) = target.take() else { break };
            // SAFETY: inputs are the caller's operands, intermediates C-contiguous buffers
            // of their own shapes; the target as the caller gives it.
            return unsafe { contract_pair(terms, pair, output, target) };
        }
        let result = step.result.as_slice();
        let mut m = Intermediate {
            data: Vec::new(),
            shape: [0; MAX_PLAN_AXES],
            strides: [0; MAX_PLAN_AXES],
            rank: result.len(),
        };
        let shape = m.shape.get_mut(..result.len()).ok_or_else(|| {
            ShapeError::new(
                ErrorKind::TooManyAxes,
                None,
                MAX_PLAN_AXES as i128,
                result.len() as i128,
            )
        })?;
        // SAFETY: as above; the target is new.
        m.data =
            unsafe { contract_pair(terms, pair, result, Target::New(shape)) }?.unwrap_or_default();
        contiguous_strides(
            &m.shape[..m.rank],
            Order::RowMajor,
            &mut m.strides[..m.rank],
        )?;
        slots.remove(j);
        slots.remove(i);
        slots.push((step.result, Slot::Owned(alloc::boxed::Box::new(m))));
    }
    Err(ShapeError::sizes(
        ErrorKind::RankMismatch,
        None,
        2,
        ops.len(),
    ))
}

/// [`einsum!`](crate::einsum). Use the macro.
///
/// # Errors
///
/// As the macro; and a rank mismatch if an operand's rank does not fit its term or the output
/// is not of rank `O` (which the macro rules out at compile time).
#[doc(hidden)]
pub fn einsum<T: LinalgScalar, const N: usize, const O: usize>(
    _rank: Rank<O>,
    spec: &EinsumSpec,
    ops: [EinsumOperand<'_, T>; N],
) -> Result<Tensor<T, O>, ShapeError> {
    if let [op] = ops[..] {
        // A spec that sums nothing is a view of the operand, copied.
        let e = expand(spec, &ops, O)?;
        let (mut shape, mut strides) = ([0usize; O], [0isize; O]);
        let term = e.terms[0].as_slice();
        if plan::view_of(
            term,
            op.layout,
            e.output.as_slice(),
            &mut shape,
            &mut strides,
        )? {
            let layout = Layout::from_parts(shape, strides, op.layout.offset);
            // SAFETY: the layout reaches the operand's elements at the indices where repeated
            // labels agree (its strides sum the operand's strides per label), so it is view
            // arithmetic on the operand's layout and valid for its data (invariant 1); the
            // view is read-only.
            let view: TensorView<'_, T, O> =
                unsafe { TensorView::from_parts_unchecked(op.data, layout) };
            return view.try_to_contiguous();
        }
    }
    let e = expand(spec, &ops, O)?;
    let mut shape = [0usize; O];
    let data = run(&e, &ops, Target::New(&mut shape))?.unwrap_or_default();
    Ok(Tensor::from_contiguous_vec(data, shape))
}

/// [`einsum_into!`](crate::einsum_into). Use the macro.
///
/// # Errors
///
/// As the macro.
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
    // The output's shape is checked before it is zeroed, so that an error leaves it as it was.
    let (e, data, layout) = contract::prepare(spec, &ops, out)?;
    run(&e, &ops, Target::Into(data, layout.parts())).map(|_| ())
}

/// [`einsum_path!`](crate::einsum_path). Use the macro.
///
/// # Errors
///
/// As [`einsum!`](crate::einsum).
#[doc(hidden)]
pub fn einsum_path<T, const N: usize, const O: usize>(
    _rank: Rank<O>,
    spec: &EinsumSpec,
    text: &str,
    ops: [EinsumOperand<'_, T>; N],
) -> Result<EinsumPath, ShapeError> {
    let e = expand(spec, &ops, O)?;
    let (steps, n) = if N > 1 {
        path::greedy(e.terms(), e.output.as_slice(), &e.sizes)
    } else {
        path::greedy(&[], &[], &e.sizes)
    };
    Ok(EinsumPath::new(text, e.terms(), &steps[..n], &e.sizes))
}
