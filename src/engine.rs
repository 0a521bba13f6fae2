//! The loop engine: every element-wise operation, copy and reduction walks its operands through
//! these functions.
//!
//! Operands share one shape and each has its own strides and offset (a broadcast operand has
//! stride 0 on its stretched axes). The walk is in row-major logical order; the innermost axis
//! is a plain counted loop with one pointer bump per operand, and the outer axes recurse, so
//! there is no index vector and nothing is allocated.
//!
//! Positions are computed with wrapping arithmetic, which is exact for layouts valid for their
//! storage (invariant 1 of the tensor types); callers index their storage with these positions.

/// One operand: its strides and the position of its first element.
#[derive(Clone, Copy)]
pub(crate) struct Operand<'a> {
    pub(crate) strides: &'a [isize],
    pub(crate) offset: usize,
}

/// Calls `f` with the position of every element of one operand, in row-major order.
#[inline]
pub(crate) fn walk1(shape: &[usize], a: Operand<'_>, f: &mut impl FnMut(usize)) {
    if shape.contains(&0) {
        return;
    }
    walk1_from(shape, a.strides, a.offset, f);
}

fn walk1_from(shape: &[usize], strides: &[isize], pos: usize, f: &mut impl FnMut(usize)) {
    match shape {
        [] => f(pos),
        [n] => {
            let step = strides[0];
            let mut p = pos;
            for _ in 0..*n {
                f(p);
                p = p.wrapping_add_signed(step);
            }
        }
        [n, rest @ ..] => {
            let mut p = pos;
            for _ in 0..*n {
                walk1_from(rest, &strides[1..], p, f);
                p = p.wrapping_add_signed(strides[0]);
            }
        }
    }
}

/// Calls `f` with the positions of corresponding elements of two operands.
#[inline]
pub(crate) fn walk2(
    shape: &[usize],
    a: Operand<'_>,
    b: Operand<'_>,
    f: &mut impl FnMut(usize, usize),
) {
    if shape.contains(&0) {
        return;
    }
    walk2_from(shape, a.strides, a.offset, b.strides, b.offset, f);
}

fn walk2_from(
    shape: &[usize],
    sa: &[isize],
    pa: usize,
    sb: &[isize],
    pb: usize,
    f: &mut impl FnMut(usize, usize),
) {
    match shape {
        [] => f(pa, pb),
        [n] => {
            let (da, db) = (sa[0], sb[0]);
            let (mut a, mut b) = (pa, pb);
            for _ in 0..*n {
                f(a, b);
                a = a.wrapping_add_signed(da);
                b = b.wrapping_add_signed(db);
            }
        }
        [n, rest @ ..] => {
            let (mut a, mut b) = (pa, pb);
            for _ in 0..*n {
                walk2_from(rest, &sa[1..], a, &sb[1..], b, f);
                a = a.wrapping_add_signed(sa[0]);
                b = b.wrapping_add_signed(sb[0]);
            }
        }
    }
}

/// Calls `f` for every element of `shape` with the positions of the two operands along the
/// last axis: `f(a, b, len, step_a, step_b)` once per innermost run. Used by reductions that
/// want to work on whole runs.
#[inline]
pub(crate) fn runs1(shape: &[usize], a: Operand<'_>, f: &mut impl FnMut(usize, usize, isize)) {
    if shape.contains(&0) {
        return;
    }
    match shape.split_last() {
        None => f(a.offset, 1, 0),
        Some((&n, outer)) => {
            let step = a.strides[shape.len() - 1];
            walk1_from(outer, &a.strides[..outer.len()], a.offset, &mut |p| {
                f(p, n, step)
            });
        }
    }
}

/// Copies the elements of layout `p` over `data` into a new `Vec`, in logical order.
#[cfg(feature = "alloc")]
pub(crate) fn to_vec<T: Clone>(
    data: &[T],
    p: crate::layout::parts::Parts<'_>,
) -> alloc::vec::Vec<T> {
    let len = crate::layout::checked_len(p.shape).unwrap_or(0);
    if crate::layout::parts::is_contiguous(p.shape, p.strides, false) {
        return data[p.offset..p.offset + len].to_vec();
    }
    let mut out = alloc::vec::Vec::with_capacity(len);
    walk1(
        p.shape,
        Operand {
            strides: p.strides,
            offset: p.offset,
        },
        &mut |q| out.push(data[q].clone()),
    );
    out
}

/// The elements of layout `p` over `storage` as a `Vec` in logical order: the storage itself,
/// moved, when it is a `Vec` holding exactly these elements in this order (C-contiguous, offset
/// 0, no other elements); a copy otherwise.
#[cfg(feature = "alloc")]
pub(crate) fn into_vec<S: crate::storage::Storage>(
    storage: S,
    p: crate::layout::parts::Parts<'_>,
) -> alloc::vec::Vec<S::Elem>
where
    S::Elem: Clone,
{
    let len = crate::layout::checked_len(p.shape).unwrap_or(0);
    let whole = p.offset == 0
        && crate::layout::parts::is_contiguous(p.shape, p.strides, false)
        && len == storage.as_slice().len();
    if !whole {
        return to_vec(storage.as_slice(), p);
    }
    match storage.into_vec_if_owned() {
        Ok(vec) => vec,
        Err(storage) => storage.as_slice().to_vec(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn walks_in_row_major_order() {
        let mut seen = [0usize; 6];
        let mut n = 0;
        walk1(
            &[2, 3],
            Operand {
                strides: &[1, 2],
                offset: 0,
            },
            &mut |p| {
                seen[n] = p;
                n += 1;
            },
        );
        assert_eq!(seen, [0, 2, 4, 1, 3, 5]);
        let mut pairs = [(0usize, 0usize); 6];
        let mut n = 0;
        walk2(
            &[2, 3],
            Operand {
                strides: &[3, 1],
                offset: 0,
            },
            Operand {
                strides: &[0, -1],
                offset: 2,
            },
            &mut |a, b| {
                pairs[n] = (a, b);
                n += 1;
            },
        );
        assert_eq!(pairs, [(0, 2), (1, 1), (2, 0), (3, 2), (4, 1), (5, 0)]);
        let mut count = 0;
        walk1(
            &[],
            Operand {
                strides: &[],
                offset: 4,
            },
            &mut |p| {
                assert_eq!(p, 4);
                count += 1;
            },
        );
        walk1(
            &[3, 0],
            Operand {
                strides: &[1, 1],
                offset: 0,
            },
            &mut |_| count += 10,
        );
        assert_eq!(count, 1);
        let mut runs = 0;
        runs1(
            &[2, 3],
            Operand {
                strides: &[3, 1],
                offset: 0,
            },
            &mut |p, len, step| {
                assert_eq!((len, step), (3, 1));
                assert_eq!(p, 3 * runs);
                runs += 1;
            },
        );
        assert_eq!(runs, 2);
    }
}
