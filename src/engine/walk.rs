//! The logical walks: row-major order over one, two or three operands, for what the user
//! observes in order (`fold`, `for_each`, iterators), and the runs they hand out.

use super::*;

/// One operand: its strides and the position of its first element.
#[derive(Clone, Copy)]
pub(crate) struct Operand<'a> {
    pub(crate) strides: &'a [isize],
    pub(crate) offset: usize,
}

/// `len` elements of one operand, `step` apart from position `start`: a run or lane that the
/// engine hands to a reduction.
///
/// Invariant: every one of those positions is reached by a layout valid for `data`
/// (invariant 1 of the tensor types), as [`Run::new`]'s caller promised; the accessors rely on
/// it and need no other check.
pub(crate) struct Run<'a, T> {
    pub(super) data: ViewRepr<'a, T>,
    pub(super) start: usize,
    pub(super) len: usize,
    pub(super) step: isize,
}

impl<T> Clone for Run<'_, T> {
    #[inline(always)]
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Run<'_, T> {}

impl<'a, T> Run<'a, T> {
    /// # Safety
    ///
    /// The positions `start + k·step` for `k < len` are reached by a layout valid for `data`.
    #[inline(always)]
    pub(crate) unsafe fn new(data: ViewRepr<'a, T>, start: usize, len: usize, step: isize) -> Self {
        Self {
            data,
            start,
            len,
            step,
        }
    }

    /// How many elements.
    #[inline(always)]
    pub(crate) fn len(self) -> usize {
        self.len
    }

    /// The elements as a slice when they are adjacent (stride 1, or at most one element).
    #[inline(always)]
    pub(crate) fn to_slice(self) -> Option<&'a [T]> {
        match self.len {
            0 => Some(&[]),
            _ if self.step == 1 || self.len == 1 => {
                // SAFETY: the run's positions are `start..start + len` here (the invariant).
                Some(unsafe { self.data.run(self.start, self.len) })
            }
            _ => None,
        }
    }

    /// Elements `..k` and `k..` (`k` at most the length) as two runs.
    #[inline(always)]
    pub(crate) fn split_at(self, k: usize) -> (Self, Self) {
        let k = k.min(self.len);
        let start = self
            .start
            .wrapping_add_signed((k as isize).wrapping_mul(self.step));
        (
            Self { len: k, ..self },
            Self {
                start,
                len: self.len - k,
                ..self
            },
        )
    }

    /// The run as a rank-1 view of its data.
    #[cfg(feature = "alloc")]
    #[inline]
    pub(crate) fn into_view(self) -> crate::TensorView<'a, T, 1> {
        let layout = crate::Layout::from_parts([self.len], [self.step], self.start);
        // SAFETY: the run's positions are reached by a layout valid for `data` (the invariant),
        // so this rank-1 layout of exactly those positions is valid for it (invariant 1); the
        // view is read-only.
        unsafe { crate::TensorBase::from_parts_unchecked(self.data, layout) }
    }

    /// The elements, in order.
    #[inline(always)]
    pub(crate) fn iter(self) -> RunIter<'a, T> {
        RunIter {
            data: self.data,
            pos: self.start,
            left: self.len,
            step: self.step,
        }
    }
}

/// The elements of a [`Run`], in order. Invariant: the next `left` positions from `pos`,
/// `step` apart, are positions of the run.
pub(crate) struct RunIter<'a, T> {
    pub(super) data: ViewRepr<'a, T>,
    pub(super) pos: usize,
    pub(super) left: usize,
    pub(super) step: isize,
}

impl<'a, T> Iterator for RunIter<'a, T> {
    type Item = &'a T;

    #[inline(always)]
    fn next(&mut self) -> Option<&'a T> {
        if self.left == 0 {
            return None;
        }
        // SAFETY: `pos` is the next position of the run (the invariant).
        let x = unsafe { self.data.get(self.pos) };
        self.left -= 1;
        self.pos = self.pos.wrapping_add_signed(self.step);
        Some(x)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl<T> ExactSizeIterator for RunIter<'_, T> {}

/// Calls `f` with the position of every element of one operand, in row-major order.
#[inline]
pub(crate) fn walk1(shape: &[usize], a: Operand<'_>, f: &mut impl FnMut(usize)) {
    if shape.contains(&0) {
        return;
    }
    walk1_from(shape, a.strides, a.offset, f);
}

pub(super) fn walk1_from(
    shape: &[usize],
    strides: &[isize],
    pos: usize,
    f: &mut impl FnMut(usize),
) {
    walk1_fold(shape, strides, pos, (), &mut |(), p| f(p));
}

/// Walks `shape` from `pos`, threading `acc` through `f`. `shape` and `strides` have one
/// length (strides shorter than the shape walk nothing below them; no path can panic).
pub(super) fn walk1_fold<B>(
    shape: &[usize],
    strides: &[isize],
    pos: usize,
    mut acc: B,
    f: &mut impl FnMut(B, usize) -> B,
) -> B {
    match (shape, strides) {
        ([], _) => f(acc, pos),
        ([n], [step, ..]) => {
            let mut p = pos;
            for _ in 0..*n {
                acc = f(acc, p);
                p = p.wrapping_add_signed(*step);
            }
            acc
        }
        ([n, rest @ ..], [step, inner @ ..]) => {
            let mut p = pos;
            for _ in 0..*n {
                acc = walk1_fold(rest, inner, p, acc, f);
                p = p.wrapping_add_signed(*step);
            }
            acc
        }
        (_, []) => acc,
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

pub(super) fn walk2_from(
    shape: &[usize],
    sa: &[isize],
    pa: usize,
    sb: &[isize],
    pb: usize,
    f: &mut impl FnMut(usize, usize),
) {
    match (shape, sa, sb) {
        ([], _, _) => f(pa, pb),
        ([n], [da, ..], [db, ..]) => {
            let (mut a, mut b) = (pa, pb);
            for _ in 0..*n {
                f(a, b);
                a = a.wrapping_add_signed(*da);
                b = b.wrapping_add_signed(*db);
            }
        }
        ([n, rest @ ..], [da, ia @ ..], [db, ib @ ..]) => {
            let (mut a, mut b) = (pa, pb);
            for _ in 0..*n {
                walk2_from(rest, ia, a, ib, b, f);
                a = a.wrapping_add_signed(*da);
                b = b.wrapping_add_signed(*db);
            }
        }
        // Strides shorter than the shape: not produced by the crate.
        _ => {}
    }
}

/// Folds `acc` through `f(acc, start, len, step)` once per innermost run of one operand, in
/// row-major order (the logical walk of [`fold`] beyond its plan's room).
pub(super) fn fold_runs1<B>(
    shape: &[usize],
    a: Operand<'_>,
    acc: B,
    f: &mut impl FnMut(B, usize, usize, isize) -> B,
) -> B {
    if shape.contains(&0) {
        return acc;
    }
    match (shape.split_last(), a.strides.split_last()) {
        (None, _) => f(acc, a.offset, 1, 0),
        (Some((&n, outer)), Some((&step, outer_strides))) => {
            walk1_fold(outer, outer_strides, a.offset, acc, &mut |acc, p| {
                f(acc, p, n, step)
            })
        }
        // Strides shorter than the shape: not produced by the crate.
        (Some(_), None) => acc,
    }
}

/// A running scan along `axis` of a writable operand (cumulative sums and products): for each
/// index `k ≥ 1` along the axis, in order, `f(&element at k − 1, &mut element at k)` for every
/// index of the other axes. Slice by slice, so every axis is walked in memory order.
///
/// # Safety
///
/// The layout must be valid for `data` and unique (invariants 1 and 2).
pub(crate) unsafe fn scan_axis<T>(
    mut data: ViewReprMut<'_, T>,
    shape: &[usize],
    op: Operand<'_>,
    axis: usize,
    f: &mut impl FnMut(&T, &mut T),
) {
    if shape.contains(&0) || shape.len() > MAX_DYN_RANK {
        return;
    }
    let rest = shape.len() - 1;
    let (mut others, mut strides) = ([0usize; MAX_DYN_RANK], [0isize; MAX_DYN_RANK]);
    crate::layout::parts::remove_axis(shape, axis, &mut others[..rest]);
    crate::layout::parts::remove_axis(op.strides, axis, &mut strides[..rest]);
    let step = op.strides[axis];
    for k in 1..shape[axis] {
        let slice = Operand {
            strides: &strides[..rest],
            offset: op
                .offset
                .wrapping_add_signed((k as isize).wrapping_mul(step)),
        };
        walk1(&others[..rest], slice, &mut |p| {
            // The element one step back along the axis: a different one, as the layout is
            // unique and the axis is longer than 1.
            let q = p.wrapping_add_signed(step.wrapping_neg());
            // SAFETY: `p` and `q` are positions of the layout, so they hold elements of `data`
            // (the caller's contract); they differ (see above), so the shared and the mutable
            // reference do not overlap.
            unsafe { f(&*data.ptr_at(q), &mut *data.ptr_at(p)) };
        });
    }
}

/// The logical walk over three operands (for shapes beyond the inline capacity).
pub(super) fn walk3(
    shape: &[usize],
    [o, a, b]: [Operand<'_>; 3],
    f: &mut impl FnMut(usize, usize, usize),
) {
    if shape.contains(&0) {
        return;
    }
    fn from(
        shape: &[usize],
        s: [&[isize]; 3],
        p: [usize; 3],
        f: &mut impl FnMut(usize, usize, usize),
    ) {
        let [p0, p1, p2] = p;
        match (shape, s) {
            ([], _) => f(p0, p1, p2),
            ([n, rest @ ..], [[s0, r0 @ ..], [s1, r1 @ ..], [s2, r2 @ ..]]) => {
                let mut q = p;
                for _ in 0..*n {
                    from(rest, [r0, r1, r2], q, f);
                    for (q, &s) in q.iter_mut().zip([s0, s1, s2]) {
                        *q = q.wrapping_add_signed(s);
                    }
                }
            }
            // Strides shorter than the shape: not produced by the crate.
            _ => {}
        }
    }
    from(
        shape,
        [o.strides, a.strides, b.strides],
        [o.offset, a.offset, b.offset],
        f,
    );
}
