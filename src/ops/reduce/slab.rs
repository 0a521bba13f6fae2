//! The extremes down the columns of C-contiguous slabs: `min_axis` and `max_axis` (and their
//! `_into` forms) along an axis other than the last of a C-contiguous tensor, which is a
//! sequence of `[n, block]` slabs, one per index of the axes before it. Their rows are
//! compared in memory order, not lane by lane across them.

use super::*;

/// Rows of a slab compared at once by [`fold_slab`]: a multiple of 16 elements, at least
/// 64 (eight AVX vectors of `f32` in flight), for rows narrower than 64 elements; one row
/// otherwise, which is long enough by itself.
pub(super) fn rows_per_group(block: usize) -> usize {
    if block >= 64 {
        return 1;
    }
    let mut rows = 16 / gcd(block, 16);
    while rows * block < 64 {
        rows *= 2;
    }
    rows
}

/// The greatest common divisor of `a` and `b` (Euclid's algorithm).
fn gcd(mut a: usize, mut b: usize) -> usize {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// The most elements a group of [`rows_per_group`] rows holds: 16 rows of 63.
const MAX_GROUP: usize = 1008;

/// The widest element whose group accumulator [`extremes_into`] keeps on the stack (8 KiB
/// at most).
const MAX_STACK_ELEM: usize = 8;

/// Folds the rows of `slab` (whole rows of `block ≥ 1` elements) into `first`, which holds
/// the slab's first row on entry and the extremes of its columns (the smallest if
/// `SMALLEST`, else the largest; NaN propagates) on return.
///
/// A row of a narrow table is too short for a vector, so [`rows_per_group`] rows are compared
/// as one run against an accumulator of as many rows (`acc`, when it has room for them),
/// which the compiler vectorises: the element at position `p` of a group always belongs to
/// column `p % block`. The accumulator's rows and the rows left over are folded in at the
/// end. Which of several equal elements is returned depends on that order (the public docs
/// leave it unspecified).
pub(super) fn fold_slab<T: PartialOrd + Copy, const SMALLEST: bool>(
    slab: &[T],
    block: usize,
    first: &mut [T],
    acc: &mut [T],
) {
    let rows = rows_per_group(block);
    let width = rows * block;
    if rows > 1
        && slab.len() >= 2 * width
        && let Some(acc) = acc.get_mut(..width)
    {
        let (groups, rest) = slab.split_at(slab.len() / width * width);
        let (head, tail) = groups.split_at(width);
        acc.copy_from_slice(head);
        engine::with_avx(&mut *acc, tail, |acc, tail| {
            for group in tail.chunks_exact(width) {
                fold_row::<T, SMALLEST>(acc, group);
            }
        });
        let (lead, others) = acc.split_at_mut(block);
        for row in others.chunks_exact(block).chain(rest.chunks_exact(block)) {
            fold_row::<T, SMALLEST>(lead, row);
        }
        first.copy_from_slice(lead);
    } else {
        // Rows wide enough by themselves, or too few for two groups: each row folded into
        // the first.
        let later = slab.get(block..).unwrap_or_default();
        engine::with_avx(first, later, |first, rows| {
            for row in rows.chunks_exact(block) {
                fold_row::<T, SMALLEST>(first, row);
            }
        });
    }
}

/// The extremes down the columns of each `[n, block]` slab of `all` into `out` (as many
/// elements as `all` has rows of `block`, divided by `n`), without allocating: a group's
/// accumulator lives on the stack. Returns `false`, writing nothing, for narrow rows of
/// elements wider than [`MAX_STACK_ELEM`] bytes, a slab size that does not divide `all`, or
/// an `out` of another length.
pub(super) fn extremes_into<T: PartialOrd + Copy, const SMALLEST: bool>(
    all: &[T],
    n: usize,
    block: usize,
    out: &mut [T],
) -> bool {
    let Some(slab_len) = slab_len(all.len(), n, block, out.len()) else {
        return false;
    };
    let Some(&any) = all.first() else {
        return true;
    };
    if rows_per_group(block) == 1 {
        fold_slabs::<T, SMALLEST>(all, slab_len, block, out, &mut []);
    } else if size_of::<T>() <= MAX_STACK_ELEM {
        let mut acc = [any; MAX_GROUP];
        fold_slabs::<T, SMALLEST>(all, slab_len, block, out, &mut acc);
    } else {
        return false;
    }
    true
}

/// The element count `n · block` of a slab, when it is not zero, divides `len` (the
/// tensor's elements) and `out_len` is the result's length, `len / n`.
fn slab_len(len: usize, n: usize, block: usize, out_len: usize) -> Option<usize> {
    let slab_len = n.checked_mul(block).filter(|&s| s != 0)?;
    (len.is_multiple_of(slab_len) && out_len == len / n).then_some(slab_len)
}

/// [`fold_slab`] for each slab of `slab_len` elements of `all`, into the rows of `out`.
fn fold_slabs<T: PartialOrd + Copy, const SMALLEST: bool>(
    all: &[T],
    slab_len: usize,
    block: usize,
    out: &mut [T],
    acc: &mut [T],
) {
    for (slab, first) in all.chunks_exact(slab_len).zip(out.chunks_exact_mut(block)) {
        first.copy_from_slice(&slab[..block]);
        fold_slab::<T, SMALLEST>(slab, block, first, acc);
    }
}

/// Folds the rows of each `[n, block]` slab of `all` in order into the rows of `out` (as
/// many elements as `all` has, divided by `n`), each element of `out` starting from `init`:
/// `out[j] = f(out[j], row[j])`, then `out[j] = finish(out[j])` (a mean's division; the
/// identity for sums and products). Every column takes the same operations in the same order
/// as a fold along its lane, so the results are those of the lane walk, bit for bit; only the
/// order of the calls across columns differs, so `f` is a plain operation (a sum, a product).
/// Returns `false`, writing nothing, for a slab size that does not divide `all` or an `out`
/// of another length.
pub(super) fn fold_rows_into<T: Copy>(
    all: &[T],
    n: usize,
    block: usize,
    out: &mut [T],
    (init, f): (T, impl Fn(T, T) -> T),
    finish: impl Fn(T) -> T,
) -> bool {
    let Some(slab_len) = slab_len(all.len(), n, block, out.len()) else {
        return false;
    };
    for (slab, acc) in all.chunks_exact(slab_len).zip(out.chunks_exact_mut(block)) {
        acc.fill(init);
        engine::with_avx(acc, slab, |acc, slab| {
            for row in slab.chunks_exact(block) {
                for (a, &x) in acc.iter_mut().zip(row) {
                    *a = f(*a, x);
                }
            }
            for a in acc.iter_mut() {
                *a = finish(*a);
            }
        });
    }
    true
}
