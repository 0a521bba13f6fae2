//! Reductions over all elements and along one axis; see the crate's `ops` docs for the
//! accuracy of sums.
//!
//! `whole` reduces all elements; `into` reduces along one axis into caller storage (no
//! allocator); `axis` along one axis into new tensors and `axes` over a tuple of axes at once, both
//! over the lane walks of `lanes`. The summation kernels themselves are in `ops::sum`.

#[cfg(feature = "alloc")]
use alloc::vec::Vec;
use core::ops::{Add, Div, Mul};

use num_traits::{FromPrimitive, One, Zero};

#[cfg(feature = "alloc")]
use crate::engine::Operand;
use crate::engine::{self, Run};
use crate::error::{ErrorKind, OrPanic, ShapeError};
use crate::rank::{IsAxis, Rank, RemoveAxis};
#[cfg(feature = "alloc")]
use crate::storage::ViewReprMut;
use crate::storage::{Storage, StorageMut, ViewRepr};
use crate::tensor::TensorBase;

use super::sum::{Pairwise, sum_run};
#[cfg(feature = "alloc")]
use super::sum::{Plain, SUM_CHUNK, Term, add1, add4, add8, lane_sum};
#[cfg(feature = "alloc")]
use crate::{
    layout::{MAX_DYN_RANK, parts},
    rank::{HasAxis, MatrixStack, RemoveAxes},
    tensor::Tensor,
};

/// The smallest (`smallest`) or largest of `best` and `x`, NaN-propagating: an element that is
/// not ordered with itself wins and stays.
#[inline(always)]
fn extreme_of<T: PartialOrd>(best: T, x: T, smallest: bool) -> T {
    if best.partial_cmp(&best).is_none() {
        return best;
    }
    let better = if smallest { x < best } else { x > best };
    if better || x.partial_cmp(&x).is_none() {
        x
    } else {
        best
    }
}

/// [`extreme_of`]'s rule written as selections without branches, so that loops of it
/// vectorise.
#[inline(always)]
fn pick<T: PartialOrd + Copy, const SMALLEST: bool>(best: T, x: T) -> T {
    let kept = best.partial_cmp(&best).is_none();
    let better = if SMALLEST { x < best } else { x > best };
    let wins = (better | x.partial_cmp(&x).is_none()) & !kept;
    if wins { x } else { best }
}

/// `acc[i]` becomes the extreme of `acc[i]` and `row[i]` ([`pick`]).
#[inline(always)]
fn fold_row<T: PartialOrd + Copy, const SMALLEST: bool>(acc: &mut [T], row: &[T]) {
    for (a, &x) in acc.iter_mut().zip(row) {
        *a = pick::<T, SMALLEST>(*a, x);
    }
}

/// [`fold_row`] of arrays, whose accumulator the compiler keeps in registers. Over slices it
/// stores each selection back to memory as a masked store (`vmaskmovps` with AVX), which
/// AMD's processors run several times slower than a blend in a register.
#[inline(always)]
fn fold_array<T: PartialOrd + Copy, const SMALLEST: bool, const N: usize>(
    acc: &mut [T; N],
    row: &[T; N],
) {
    for (a, &x) in acc.iter_mut().zip(row) {
        *a = pick::<T, SMALLEST>(*a, x);
    }
}

/// The first `H` elements of `acc` folded with the next `H` ([`fold_array`]); `None` if
/// `acc` holds fewer than `2 * H`.
#[inline(always)]
fn fold_halves<T: PartialOrd + Copy, const SMALLEST: bool, const H: usize>(
    acc: &[T],
) -> Option<[T; H]> {
    let (low, rest) = acc.split_first_chunk::<H>()?;
    let mut low = *low;
    fold_array::<T, SMALLEST, H>(&mut low, rest.first_chunk::<H>()?);
    Some(low)
}

/// Elements of a slice that [`extreme_slice`] compares at once: eight AVX vectors of `f32`.
const SLICE_GROUP: usize = 64;

/// The extreme of a slice of at least [`SLICE_GROUP`] elements, with AVX where the CPU has
/// it: its groups of [`SLICE_GROUP`] folded into an accumulator of as many ([`fold_array`],
/// vectorised, where one chain of comparisons would wait on each), the accumulator folded in
/// halves down to eight, the rest's groups of eight into those, then the eight and the
/// elements left over folded in order.
fn extreme_slice<T: PartialOrd + Copy, const SMALLEST: bool>(xs: &[T]) -> Option<T> {
    let (head, tail) = xs.split_first_chunk::<SLICE_GROUP>()?;
    // Its own AVX function rather than `engine::with_avx`: the compiler does not inline a
    // body this large into that one's, which would leave it without AVX.
    #[cfg(target_arch = "x86_64")]
    {
        /// [`extreme_groups`] compiled for AVX.
        #[target_feature(enable = "avx")]
        fn avx<T: PartialOrd + Copy, const SMALLEST: bool>(
            head: &[T; SLICE_GROUP],
            tail: &[T],
        ) -> Option<T> {
            extreme_groups::<T, SMALLEST>(head, tail)
        }
        if engine::has_avx() {
            // SAFETY: the CPU has AVX, the one requirement of `avx`'s target feature.
            return unsafe { avx::<T, SMALLEST>(head, tail) };
        }
    }
    extreme_groups::<T, SMALLEST>(head, tail)
}

/// The body of [`extreme_slice`], inlined into its AVX and its plain form.
#[inline(always)]
fn extreme_groups<T: PartialOrd + Copy, const SMALLEST: bool>(
    head: &[T; SLICE_GROUP],
    tail: &[T],
) -> Option<T> {
    let mut acc = *head;
    let (groups, rest) = tail.as_chunks::<SLICE_GROUP>();
    for group in groups {
        fold_array::<T, SMALLEST, SLICE_GROUP>(&mut acc, group);
    }
    let acc = fold_halves::<T, SMALLEST, 32>(&acc)?;
    let acc = fold_halves::<T, SMALLEST, 16>(&acc)?;
    let mut acc = fold_halves::<T, SMALLEST, 8>(&acc)?;
    let (eights, rest) = rest.as_chunks::<8>();
    for eight in eights {
        fold_array::<T, SMALLEST, 8>(&mut acc, eight);
    }
    acc.iter()
        .chain(rest)
        .copied()
        .reduce(|best, x| extreme_of(best, x, SMALLEST))
}

/// The smallest (`smallest`) or largest element of a run, NaN-propagating; `None` for an empty
/// run. Adjacent elements of a small type are compared in groups ([`extreme_slice`]), except
/// where [`SMALL_CODE`](engine::SMALL_CODE) asks for one loop (no vector unit to use there,
/// and the groups cost 0.8–1 KB more flash per operation).
fn extreme_run<T: PartialOrd + Copy>(run: Run<'_, T>, smallest: bool) -> Option<T> {
    if !engine::SMALL_CODE
        && let Some(xs) = run.to_slice()
        && xs.len() >= SLICE_GROUP
        && size_of::<T>() <= 16
    {
        return if smallest {
            extreme_slice::<T, true>(xs)
        } else {
            extreme_slice::<T, false>(xs)
        };
    }
    let mut elements = run.iter();
    let first = *elements.next()?;
    Some(elements.fold(first, |best, &x| extreme_of(best, x, smallest)))
}

/// [`extreme_run`] of a lane that callers have checked to be non-empty.
///
/// # Panics
///
/// For an empty lane (the callers check for empty lanes first).
#[cfg(feature = "alloc")]
fn extreme_lane<T: PartialOrd + Copy>(run: Run<'_, T>, smallest: bool) -> T {
    match extreme_run(run, smallest) {
        Some(x) => x,
        None => unreachable!("the extreme of an empty lane: callers check for empty lanes first"),
    }
}

/// The error of a reduction that needs at least one element.
fn empty() -> ShapeError {
    ShapeError::sizes(ErrorKind::Empty, None, 1, 0)
}

/// The element count of the result of a reduction along one axis (`shape` is the input's shape
/// without that axis).
///
/// # Panics
///
/// When it leaves `usize`. That happens only when the reduced axis has size 0 and the other
/// axes multiply past `usize` (`[2^62, 4, 0]` summed along its last axis): no such result can
/// exist. The fallible reductions report an empty axis before they get here.
#[cfg(feature = "alloc")]
#[track_caller]
pub(crate) fn result_count(shape: &[usize]) -> usize {
    match crate::layout::checked_len(shape) {
        Ok(count) => count,
        Err(_) => panic!(
            "the result of this reduction, of shape {shape:?}, has more elements than fit in memory"
        ),
    }
}

#[cfg(feature = "alloc")]
mod axes;
#[cfg(feature = "alloc")]
mod axis;
#[cfg(feature = "half")]
pub(crate) mod half;
mod into;
#[cfg(feature = "alloc")]
mod lanes;
mod slab;
#[cfg(test)]
mod tests;
mod whole;
