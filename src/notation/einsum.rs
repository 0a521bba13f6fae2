//! The lowering of [`einsum!`](crate::einsum): `...` becomes indices of its own, the operands
//! are contracted two at a time in the greedy order of [`path`](super::path), and each pairwise
//! contraction becomes strides over its operands (a repeated index walks a diagonal, a missing
//! one broadcasts) run on the matrix-product backend, batch by batch; a one-operand spec that
//! sums nothing is a copy of a view.

use alloc::vec::Vec;

use crate::error::{ErrorKind, ShapeError};
use crate::layout::parts::{RawLayout, contiguous_strides};
use crate::layout::product::MAX_PLAN_AXES;
use crate::layout::{Layout, Order, einsum as plan};
use crate::linalg::LinalgScalar;
use crate::rank::{MAX_RANK, Rank};
use crate::storage::{Storage, StorageMut, ViewRepr};
use crate::tensor::{Tensor, TensorBase, TensorView};

use super::EinsumSpec;
use super::path::{self, ELLIPSIS_LABEL, EinsumPath, Labels};
use super::spec::MAX_OPERANDS;

/// An operand of [`einsum!`](crate::einsum), of any rank: its elements and layout. Written by
/// the macro.
#[doc(hidden)]
pub struct EinsumOperand<'a, T> {
    data: ViewRepr<'a, T>,
    layout: RawLayout<'a>,
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

/// The spec over operands of known ranks: each term with the axes of its `...` labelled
/// `ELLIPSIS_LABEL + g` (axis `g` of the broadcast `...`, aligned to the right as NumPy
/// broadcasts), and the output likewise.
struct Expanded {
    terms: [Labels; MAX_OPERANDS],
    n: usize,
    output: Labels,
    sizes: [Option<usize>; 256],
}

impl Expanded {
    fn terms(&self) -> &[Labels] {
        self.terms.get(..self.n).unwrap_or(&[])
    }
}

/// `spec` over `ops`, checked: one operand per term, each of a rank its term allows, the
/// output of rank `out_rank`, and every index of one size (up to broadcasting).
fn expand<T>(
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

/// Where the last contraction writes.
enum Target<'t, T> {
    /// A new C-contiguous buffer, whose shape is written to the slice.
    New(&'t mut [usize]),
    /// An existing output of that layout, zeroed by the caller.
    Into(crate::storage::ViewReprMut<'t, T>, RawLayout<'t>),
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
            // Every product is added to the zeroed target (summed indices outside the product
            // accumulate).
            let plan = plan::plan_into(terms, [a.layout, b.layout], output, layout)?;
            // SAFETY: the plan reaches the operands through their layouts and the target
            // through its own, each valid for its data; the target is unique (invariant 2).
            unsafe { crate::linalg::run_batch(T::one(), a.data, b.data, T::one(), data, &plan) };
            Ok(None)
        }
    }
}

/// Runs `spec` over `ops` into `target`: a view or a contraction with one operand, the greedy
/// order of pairwise contractions with more.
fn run<T: LinalgScalar>(
    spec: &EinsumSpec,
    ops: &[EinsumOperand<'_, T>],
    out_rank: usize,
    target: Target<'_, T>,
) -> Result<Option<Vec<T>>, ShapeError> {
    let e = expand(spec, ops, out_rank)?;
    let output = e.output.as_slice();
    if let [op] = ops {
        let term = e.terms[0].as_slice();
        let one = [T::one()];
        let scalar = EinsumOperand {
            data: ViewRepr::from_slice(&one),
            layout: RawLayout {
                shape: &[],
                strides: &[],
                offset: 0,
            },
        };
        // SAFETY: the operand's own layout, and a scalar layout over one element; the
        // target's as the caller gives it.
        return unsafe { contract_pair([term, &[]], [*op, scalar], output, target) };
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
    let mut shape = [0usize; O];
    let data = run(spec, &ops, O, Target::New(&mut shape))?.unwrap_or_default();
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
    let e = expand(spec, &ops, O)?;
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
    let data = out.storage_mut().elems_mut();
    run(spec, &ops, O, Target::Into(data, layout.parts())).map(|_| ())
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
