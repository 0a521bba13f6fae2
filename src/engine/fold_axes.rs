//! Reductions over any set of axes into a new buffer (einops' `reduce`): the caller orders the
//! axes so that the kept ones lead, in the result's order, and the reduced ones trail.

use alloc::vec::Vec;

use crate::error::ShapeError;
use crate::layout::MAX_DYN_RANK;
use crate::layout::parts::{RawLayout, contiguous_strides};
use crate::layout::{Order, checked_len};
use crate::storage::{ViewRepr, ViewReprMut};

use super::{Operand, as_kernel, try_to_vec, try_vec, walk_n, zip_mut, zip_runs};

/// The most elements of a reduced block folded element by element (from a list of their
/// offsets) rather than a pass over the whole result per element of the block.
const GATHER_MAX: usize = 64;

/// For each position of the leading `kept` axes of layout `p`, the fold of the elements of the
/// block of its trailing axes: the block's first element, cloned, then `combine(acc, x)` with
/// each other one in row-major order. The results are a new buffer in row-major order of the
/// kept axes.
///
/// A block of at most [`GATHER_MAX`] elements is folded element by element, along runs of the
/// kept axes (each result read and written once); a larger one position by position of the
/// block, each a pass of `combine` over the whole result.
///
/// # Errors
///
/// [`ErrorKind::Overflow`](crate::ErrorKind::Overflow) if the kept axes' element count leaves
/// `usize`; [`ErrorKind::Allocation`](crate::ErrorKind::Allocation) as [`try_vec`].
///
/// # Safety
///
/// `p` is valid for `data` (invariant 1), with at most `MAX_DYN_RANK` axes, and its trailing
/// axes from `kept` on hold at least one element (the caller deals with an empty block).
pub(crate) unsafe fn fold_trailing<T: Clone>(
    data: ViewRepr<'_, T>,
    p: RawLayout<'_>,
    kept: usize,
    combine: &mut impl FnMut(&mut T, &T),
) -> Result<Vec<T>, ShapeError> {
    let kept = kept.min(p.shape.len());
    let (ks, rs) = p.shape.split_at(kept);
    let (kst, rst) = p.strides.split_at(kept);
    let len = checked_len(ks)?;
    let block = checked_len(rs)?;
    debug_assert!(block > 0);
    let mut out_strides = [0isize; MAX_DYN_RANK];
    let out_strides = out_strides.get_mut(..kept).unwrap_or(&mut []);
    contiguous_strides(ks, Order::RowMajor, out_strides)?;
    if block <= GATHER_MAX {
        // The block's offsets from its first element (wrapping: strides may be negative).
        let mut offsets = [0isize; GATHER_MAX];
        let mut n = 0;
        walk_n(
            rs,
            [Operand {
                strides: rst,
                offset: 0,
            }],
            &mut |[q]| {
                if let Some(slot) = offsets.get_mut(n) {
                    *slot = q as isize;
                    n += 1;
                }
            },
        );
        let offsets = offsets.get(..n).unwrap_or(&[]);
        let mut out = try_vec::<T>(len)?;
        let room = out.spare_capacity_mut();
        let ops = [
            Operand {
                strides: out_strides,
                offset: 0,
            },
            Operand {
                strides: kst,
                offset: p.offset,
            },
        ];
        zip_runs::<MAX_DYN_RANK, 2>(ks, ops, 0, &mut |[o, i], run, [so, si]| {
            let (mut o, mut i) = (o, i);
            for _ in 0..run {
                let mut elems = offsets.iter().map(|&d| {
                    // SAFETY: a position of the kept axes plus one of the block is a position
                    // of `p` (the caller's contract).
                    unsafe { data.get(i.wrapping_add_signed(d)) }
                });
                if let (Some(first), Some(slot)) = (elems.next(), room.get_mut(o)) {
                    let mut acc = first.clone();
                    elems.for_each(|x| combine(&mut acc, x));
                    slot.write(acc);
                }
                o = o.wrapping_add_signed(so);
                i = i.wrapping_add_signed(si);
            }
        });
        // SAFETY: the row-major strides map the kept axes' indices one-to-one onto `0..len`,
        // and the walk visits every index once, writing its slot (`block > 0`, so every visit
        // writes). Should `combine` panic, `set_len` is not reached and the results leak.
        unsafe { out.set_len(len) };
        return Ok(out);
    }
    let first = RawLayout {
        shape: ks,
        strides: kst,
        offset: p.offset,
    };
    // SAFETY: the first block position's kept layout is view arithmetic on `p`.
    let mut out = unsafe { try_to_vec(data, first) }?;
    let mut skip_first = true;
    walk_n(
        rs,
        [Operand {
            strides: rst,
            offset: p.offset,
        }],
        &mut |[q]| {
            if core::mem::take(&mut skip_first) {
                return;
            }
            let dst = Operand {
                strides: out_strides,
                offset: 0,
            };
            let src = Operand {
                strides: kst,
                offset: q,
            };
            // SAFETY: `out` is row-major over the kept shape (valid and unique); the source is
            // the kept layout at one block position, view arithmetic on `p`.
            unsafe {
                zip_mut::<MAX_DYN_RANK, T, T>(
                    ViewReprMut::from_slice(&mut out),
                    dst,
                    data,
                    src,
                    ks,
                    &mut as_kernel(|o: &mut T, x: &T| combine(o, x)),
                );
            }
        },
    );
    Ok(out)
}
