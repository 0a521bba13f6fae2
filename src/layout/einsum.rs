//! The strides of an einsum: every index gets one size and, in each operand, the sum of the
//! strides of the axes it labels (an index repeated in one term walks a diagonal; an index an
//! operand lacks has stride 0 there, a broadcast). The indices then sort into the product's
//! matrix dimensions and a batch of loops, as a [`ProductPlan`].

use super::parts::RawLayout;
use super::product::{MAX_PLAN_AXES, MatrixAxes, ProductPlan};
use crate::error::{ErrorKind, ShapeError};

/// One index: its size, its stride in `a`, `b` and the output, and where it appears.
#[derive(Clone, Copy)]
struct Index {
    label: u8,
    size: usize,
    strides: [isize; 3],
    present: [bool; 3],
}

impl Index {
    /// Adds `stride` to the index's stride in `operand` (`a`, `b`, then the output) and marks
    /// it present there.
    fn add(&mut self, operand: usize, stride: isize) {
        if let (Some(s), Some(present)) =
            (self.strides.get_mut(operand), self.present.get_mut(operand))
        {
            *s = s.wrapping_add(stride);
            *present = true;
        }
    }
}

/// The indices of a spec over operands `a` and `b` (`b` is a rank-0 operand with an empty
/// term for a one-operand einsum), with the output's shape written to `out` and its strides
/// those of a new C-contiguous tensor of that shape.
struct Indices {
    all: [Index; MAX_PLAN_AXES],
    len: usize,
}

impl Indices {
    fn find(&self, label: u8) -> Option<usize> {
        self.all
            .iter()
            .take(self.len)
            .position(|i| i.label == label)
    }
}

/// The index labelled `label`, registered with `size` at its first appearance. A later
/// appearance in another operand with size 1 broadcasts (its stride counts as 0), and one with
/// another size where the index has size 1 so far stretches it (the earlier operands' strides
/// become 0): NumPy's rule. Within one operand (a diagonal) the sizes must be equal.
fn index_of(
    indices: &mut Indices,
    label: u8,
    size: usize,
    operand: usize,
    axis: usize,
) -> Result<(usize, bool), ShapeError> {
    match indices
        .find(label)
        .and_then(|k| Some((k, indices.all.get_mut(k)?)))
    {
        Some((k, index)) => {
            let known = index.size;
            let elsewhere = !index.present.get(operand).copied().unwrap_or(false);
            if known == size {
                Ok((k, false))
            } else if elsewhere && size == 1 {
                Ok((k, true))
            } else if elsewhere && known == 1 {
                index.size = size;
                index.strides = [0; 3];
                Ok((k, false))
            } else {
                Err(
                    ShapeError::sizes(ErrorKind::SizeMismatch, Some(axis), known, size)
                        .with_operand(operand),
                )
            }
        }
        None => {
            let k = indices.len;
            let slot = indices.all.get_mut(k).ok_or_else(|| {
                ShapeError::new(
                    ErrorKind::TooManyAxes,
                    None,
                    MAX_PLAN_AXES as i128,
                    k as i128 + 1,
                )
            })?;
            *slot = Index {
                label,
                size,
                strides: [0; 3],
                present: [false; 3],
            };
            indices.len += 1;
            Ok((k, false))
        }
    }
}

/// The indices of the terms over their operands, each with its size and summed strides.
fn collect(terms: [&[u8]; 2], ops: [RawLayout<'_>; 2]) -> Result<Indices, ShapeError> {
    let mut indices = Indices {
        all: [Index {
            label: 0,
            size: 0,
            strides: [0; 3],
            present: [false; 3],
        }; MAX_PLAN_AXES],
        len: 0,
    };
    for (operand, (term, p)) in terms.iter().zip(ops).enumerate() {
        if term.len() != p.shape.len() {
            return Err(ShapeError::sizes(
                ErrorKind::RankMismatch,
                None,
                term.len(),
                p.shape.len(),
            )
            .with_operand(operand));
        }
        // The layout's shape and strides have the term's length (invariant 1 of the tensor
        // the operand comes from).
        for (axis, ((&label, &size), &stride)) in
            term.iter().zip(p.shape).zip(p.strides).enumerate()
        {
            let (k, broadcast) = index_of(&mut indices, label, size, operand, axis)?;
            if let Some(index) = indices.all.get_mut(k) {
                index.add(operand, if broadcast { 0 } else { stride });
            }
        }
    }
    Ok(indices)
}

/// The size of every index of an einsum of any number of operands, by label byte (`None`
/// for a label no term has), checked as NumPy checks it: within one term, a repeated index (a
/// diagonal) has one size; across terms, an index of size 1 broadcasts against size n.
///
/// # Errors
///
/// [`ErrorKind::RankMismatch`] naming the operand if a term's length is not its operand's
/// rank; [`ErrorKind::SizeMismatch`] naming the operand and axis where an index's size differs
/// from its size so far (`expected`) and neither is 1, or from its size earlier in the same
/// term.
pub(crate) fn index_sizes(
    terms: &[&[u8]],
    ops: &[RawLayout<'_>],
) -> Result<[Option<usize>; 256], ShapeError> {
    let mut sizes = [None; 256];
    for (operand, (term, p)) in terms.iter().zip(ops).enumerate() {
        if term.len() != p.shape.len() {
            return Err(ShapeError::sizes(
                ErrorKind::RankMismatch,
                None,
                term.len(),
                p.shape.len(),
            )
            .with_operand(operand));
        }
        let mismatch = |axis: usize, expected: usize| {
            ShapeError::sizes(ErrorKind::SizeMismatch, Some(axis), expected, p.shape[axis])
                .with_operand(operand)
        };
        for (axis, &label) in term.iter().enumerate() {
            let size = p.shape[axis];
            // A diagonal: the first axis of this term with the label.
            if let Some(first) = term.iter().position(|&l| l == label)
                && first < axis
                && p.shape[first] != size
            {
                return Err(mismatch(axis, p.shape[first]));
            }
            let slot = &mut sizes[usize::from(label)];
            *slot = match *slot {
                None => Some(size),
                Some(known) if known == size || size == 1 => Some(known),
                Some(1) => Some(size),
                Some(known) => return Err(mismatch(axis, known)),
            };
        }
    }
    Ok(sizes)
}

/// For a one-operand einsum that sums nothing (a permutation, a diagonal, or both): the
/// output as a view of the operand, its shape and strides written to `shape` and `strides`.
/// `Ok(false)` if some index is summed (the product plan handles that).
///
/// # Errors
///
/// As [`plan`].
#[cfg(feature = "alloc")]
pub(crate) fn view_of(
    term: &[u8],
    p: RawLayout<'_>,
    output: &[u8],
    shape: &mut [usize],
    strides: &mut [isize],
) -> Result<bool, ShapeError> {
    let none = RawLayout {
        shape: &[],
        strides: &[],
        offset: 0,
    };
    let indices = collect([term, &[]], [p, none])?;
    if indices.len != output.len() || shape.len() != output.len() || strides.len() != output.len() {
        return Ok(false);
    }
    for (o, &label) in output.iter().enumerate() {
        let Some(k) = indices.find(label) else {
            return Ok(false);
        };
        shape[o] = indices.all[k].size;
        strides[o] = indices.all[k].strides[0];
    }
    Ok(true)
}

/// The plan of `out = einsum(terms, a, b)` into a new C-contiguous output whose shape is
/// written to `out_shape` (its length is the output term's), to be run with `β = 1` over a
/// zeroed output (the summed indices that are not the product's shared dimension are loops
/// that accumulate).
///
/// # Errors
///
/// [`ErrorKind::RankMismatch`] naming the operand if a term's length is not its operand's
/// rank; [`ErrorKind::SizeMismatch`] naming the operand and axis where an index's size
/// differs from its first appearance (`expected`); [`ErrorKind::Overflow`] if the output's
/// size overflows.
#[cfg(feature = "alloc")]
pub(crate) fn plan(
    terms: [&[u8]; 2],
    ops: [RawLayout<'_>; 2],
    output: &[u8],
    out_shape: &mut [usize],
) -> Result<ProductPlan, ShapeError> {
    let mut indices = collect(terms, ops)?;
    if output.len() != out_shape.len() || output.len() > MAX_PLAN_AXES {
        return Err(ShapeError::sizes(
            ErrorKind::RankMismatch,
            None,
            output.len(),
            out_shape.len(),
        ));
    }
    for (slot, &label) in out_shape.iter_mut().zip(output) {
        let k = indices
            .find(label)
            .ok_or_else(|| ShapeError::new(ErrorKind::InvalidAxis, None, 0, i128::from(label)))?;
        *slot = indices.all[k].size;
    }
    super::checked_len(out_shape)?;
    // C-contiguous strides of the output (its element count fits, so no product overflows).
    let mut stride = 1usize;
    for (&label, &size) in output.iter().zip(out_shape.iter()).rev() {
        if let Some(k) = indices.find(label) {
            indices.all[k].strides[2] = stride as isize;
            indices.all[k].present[2] = true;
        }
        stride = stride.wrapping_mul(size);
    }
    Ok(product_plan(&indices, ops, output, 0))
}

/// The plan of `out = einsum(terms, a, b)` into an existing output laid out as `out`, whose
/// shape must be the one the spec gives (run with `β = 1` over a zeroed output, as [`plan`]).
///
/// # Errors
///
/// As [`plan`], and [`ErrorKind::SizeMismatch`] naming the output's axis (operand 2) where its
/// size is not the index's.
pub(crate) fn plan_into(
    terms: [&[u8]; 2],
    ops: [RawLayout<'_>; 2],
    output: &[u8],
    out: RawLayout<'_>,
) -> Result<ProductPlan, ShapeError> {
    let mut indices = collect(terms, ops)?;
    if output.len() != out.shape.len() {
        return Err(ShapeError::sizes(
            ErrorKind::RankMismatch,
            None,
            output.len(),
            out.shape.len(),
        ));
    }
    for (axis, ((&label, &size), &stride)) in
        output.iter().zip(out.shape).zip(out.strides).enumerate()
    {
        let index = indices
            .find(label)
            .and_then(|k| indices.all.get_mut(k))
            .ok_or_else(|| ShapeError::new(ErrorKind::InvalidAxis, None, 0, i128::from(label)))?;
        if index.size != size {
            return Err(
                ShapeError::sizes(ErrorKind::SizeMismatch, Some(axis), index.size, size)
                    .with_operand(2),
            );
        }
        index.add(2, stride);
    }
    Ok(product_plan(&indices, ops, output, out.offset))
}

/// The product's matrices and batch loops of the indices, whose output strides are set.
fn product_plan(
    indices: &Indices,
    ops: [RawLayout<'_>; 2],
    output: &[u8],
    out_offset: usize,
) -> ProductPlan {
    // The product's dimensions: the largest index of each kind.
    let all = indices.all.get(..indices.len).unwrap_or(&[]);
    let largest = |kind: [bool; 3]| {
        all.iter()
            .enumerate()
            .filter(|(_, i)| i.present == kind)
            .max_by_key(|(_, i)| i.size)
            .map(|(j, _)| j)
    };
    let m = largest([true, false, true]);
    let n = largest([false, true, true]);
    let k = all
        .iter()
        .enumerate()
        .filter(|(_, i)| !i.present[2])
        .max_by_key(|(_, i)| i.size)
        .map(|(j, _)| j);
    let index = |d: Option<usize>| d.and_then(|j| all.get(j));
    let size = |d: Option<usize>| index(d).map_or(1, |i| i.size);
    let stride = |d: Option<usize>, operand: usize| {
        index(d)
            .and_then(|i| i.strides.get(operand))
            .copied()
            .unwrap_or(0)
    };
    let mats = [
        MatrixAxes {
            rows: size(m),
            cols: size(k),
            rs: stride(m, 0),
            cs: stride(k, 0),
        },
        MatrixAxes {
            rows: size(k),
            cols: size(n),
            rs: stride(k, 1),
            cs: stride(n, 1),
        },
        MatrixAxes {
            rows: size(m),
            cols: size(n),
            rs: stride(m, 2),
            cs: stride(n, 2),
        },
    ];
    let mut plan = ProductPlan {
        batch: [1; MAX_PLAN_AXES],
        batch_rank: 0,
        strides: [[0; MAX_PLAN_AXES]; 3],
        offsets: [ops[0].offset, ops[1].offset, out_offset],
        mats,
    };
    // Every other index is a loop: output indices first (in output order), then the summed
    // ones, so that the accumulating loops are innermost.
    let chosen = |j: usize| Some(j) == m || Some(j) == n || Some(j) == k;
    let order = output
        .iter()
        .filter_map(|&l| indices.find(l))
        .chain((0..all.len()).filter(|&j| index(Some(j)).is_some_and(|i| !i.present[2])));
    // At most one loop per index, and there are at most `MAX_PLAN_AXES` indices.
    for (j, b) in order.filter(|&j| !chosen(j)).zip(0..MAX_PLAN_AXES) {
        let Some(i) = index(Some(j)) else { continue };
        if let Some(size) = plan.batch.get_mut(b) {
            *size = i.size;
        }
        for (strides, &stride) in plan.strides.iter_mut().zip(&i.strides) {
            if let Some(s) = strides.get_mut(b) {
                *s = stride;
            }
        }
        plan.batch_rank = b + 1;
    }
    plan
}

#[cfg(all(test, feature = "alloc"))]
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
    fn batched_product() {
        let mut out = [0; 3];
        let p = plan(
            [b"bij", b"bjk"],
            [
                parts(&[2, 3, 4], &[12, 4, 1]),
                parts(&[2, 4, 5], &[20, 5, 1]),
            ],
            b"bik",
            &mut out,
        )
        .unwrap();
        assert_eq!(out, [2, 3, 5]);
        assert_eq!(p.batch(), &[2]);
        assert_eq!(
            (p.batch_strides(0), p.batch_strides(1), p.batch_strides(2)),
            (&[12][..], &[20][..], &[15][..])
        );
        assert_eq!(
            p.mats[0],
            MatrixAxes {
                rows: 3,
                cols: 4,
                rs: 4,
                cs: 1
            }
        );
        assert_eq!(
            p.mats[2],
            MatrixAxes {
                rows: 3,
                cols: 5,
                rs: 5,
                cs: 1
            }
        );
    }

    #[test]
    fn diagonals_broadcasts_and_errors() {
        // "ii->i": one index whose stride is the sum of both axes'.
        let mut out = [0; 1];
        let p = plan(
            [b"ii", b""],
            [parts(&[3, 3], &[3, 1]), parts(&[], &[])],
            b"i",
            &mut out,
        )
        .unwrap();
        assert_eq!(
            p.mats[0],
            MatrixAxes {
                rows: 3,
                cols: 1,
                rs: 4,
                cs: 0
            }
        );
        // A size that differs from the index's first appearance names operand and axis.
        let err = plan(
            [b"ij", b"jk"],
            [parts(&[2, 3], &[3, 1]), parts(&[4, 2], &[2, 1])],
            b"ik",
            &mut [0; 2],
        )
        .unwrap_err();
        assert_eq!(
            (err.operand(), err.axis(), err.expected(), err.found()),
            (Some(1), Some(0), 3, 4)
        );
        let err = plan(
            [b"ii", b""],
            [parts(&[2, 3], &[3, 1]), parts(&[], &[])],
            b"i",
            &mut out,
        )
        .unwrap_err();
        assert_eq!(
            (err.operand(), err.axis(), err.expected(), err.found()),
            (Some(0), Some(1), 2, 3)
        );
        let err = plan(
            [b"i", b""],
            [parts(&[2, 3], &[3, 1]), parts(&[], &[])],
            b"i",
            &mut out,
        )
        .unwrap_err();
        assert_eq!(err.kind(), ErrorKind::RankMismatch);
    }
}
