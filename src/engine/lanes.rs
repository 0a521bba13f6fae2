//! The lanes along one axis: the walk over the first position of each lane (of several
//! operands at once), and the in-place sort of each lane of a writable operand.
//!
//! A lane adjacent in memory is sorted as a slice; a strided one is copied into a scratch
//! buffer, sorted and copied back when an allocator exists, and heap-sorted where it lies
//! without one (no allocation and no panic path, for the firmware subset).

use super::*;
use core::cmp::Ordering;

/// Calls `f` with the positions of the first element of each lane along `axis` of `K`
/// operands of one shape, the other axes walked in row-major order. Nothing is called when
/// another axis has size 0, when `axis` is not below the rank or when the rank exceeds
/// `MAX_DYN_RANK`.
pub(crate) fn for_each_lane<const K: usize>(
    shape: &[usize],
    ops: [Operand<'_>; K],
    axis: usize,
    f: &mut impl FnMut([usize; K]),
) {
    let rank = shape.len();
    if axis >= rank || rank > MAX_DYN_RANK {
        return;
    }
    let rest = rank - 1;
    let mut outer = [0usize; MAX_DYN_RANK];
    crate::layout::parts::remove_axis(shape, axis, &mut outer[..rest]);
    let mut strides = [[0isize; MAX_DYN_RANK]; K];
    for (s, op) in strides.iter_mut().zip(&ops) {
        crate::layout::parts::remove_axis(op.strides, axis, &mut s[..rest]);
    }
    let outer_ops: [Operand<'_>; K] = core::array::from_fn(|k| Operand {
        strides: &strides[k][..rest],
        offset: ops[k].offset,
    });
    walk_n(&outer[..rest], outer_ops, f);
}

/// Where element `i` of `0..len()` of a [`LaneMut`] lies in its storage.
pub(crate) trait Positions {
    /// How many elements.
    fn len(&self) -> usize;
    /// The storage position of element `i` (`i < len()`).
    fn pos(&self, i: usize) -> usize;
}

/// `len` elements `step` apart from position `start`: a lane.
#[derive(Clone, Copy)]
pub(crate) struct Step {
    start: usize,
    len: usize,
    step: isize,
}

impl Positions for Step {
    #[inline(always)]
    fn len(&self) -> usize {
        self.len
    }

    #[inline(always)]
    fn pos(&self, i: usize) -> usize {
        self.start
            .wrapping_add_signed((i as isize).wrapping_mul(self.step))
    }
}

/// Every element of a layout of rank `R`, numbered in row-major order.
#[derive(Clone, Copy)]
pub(crate) struct RowMajor<const R: usize> {
    shape: [usize; R],
    strides: [isize; R],
    offset: usize,
    len: usize,
}

impl<const R: usize> RowMajor<R> {
    /// The elements of a layout with `len` elements (the product of `shape`).
    pub(crate) fn new(shape: [usize; R], strides: [isize; R], offset: usize, len: usize) -> Self {
        Self {
            shape,
            strides,
            offset,
            len,
        }
    }
}

impl<const R: usize> Positions for RowMajor<R> {
    #[inline(always)]
    fn len(&self) -> usize {
        self.len
    }

    #[inline]
    fn pos(&self, i: usize) -> usize {
        let mut rest = i;
        let mut p = self.offset;
        for (&n, &s) in self.shape.iter().zip(&self.strides).rev() {
            // Every size is above 0 when there are elements (`checked_` keeps a size of 0
            // from being a panic path).
            let k = rest.checked_rem(n).unwrap_or(0);
            rest = rest.checked_div(n).unwrap_or(0);
            p = p.wrapping_add_signed((k as isize).wrapping_mul(s));
        }
        p
    }
}

/// Elements `0..len` of a writable operand, placed by `P`.
///
/// Invariant: every position `P` gives for an element is reached by a layout valid for
/// `data` and unique (invariants 1 and 2 of the tensor types), as [`LaneMut::new`]'s and
/// [`LaneMut::with_positions`]' callers promised.
pub(crate) struct LaneMut<'a, T, P: Positions = Step> {
    data: ViewReprMut<'a, T>,
    at: P,
}

impl<'a, T> LaneMut<'a, T, Step> {
    /// # Safety
    ///
    /// The positions `start + k·step` for `k < len` are reached by a layout valid for `data`
    /// and unique.
    #[inline]
    pub(crate) unsafe fn new(
        data: ViewReprMut<'a, T>,
        start: usize,
        len: usize,
        step: isize,
    ) -> Self {
        Self {
            data,
            at: Step { start, len, step },
        }
    }

    /// The elements as a slice when they are adjacent (stride 1, or at most one element).
    #[cfg(feature = "alloc")]
    #[inline]
    pub(crate) fn as_slice_mut(&mut self) -> Option<&mut [T]> {
        let Step { start, len, step } = self.at;
        match len {
            0 => Some(&mut []),
            _ if step == 1 || len == 1 => {
                // SAFETY: the lane's positions are `start..start + len` here (the invariant).
                Some(unsafe { self.data.run_mut(start, len) })
            }
            _ => None,
        }
    }
}

impl<'a, T, P: Positions> LaneMut<'a, T, P> {
    /// # Safety
    ///
    /// Every position `at` gives is reached by a layout valid for `data` and unique.
    #[inline]
    pub(crate) unsafe fn with_positions(data: ViewReprMut<'a, T>, at: P) -> Self {
        Self { data, at }
    }

    #[inline(always)]
    fn pos(&self, i: usize) -> usize {
        self.at.pos(i)
    }

    /// How many elements.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.at.len()
    }

    /// Element `i`.
    ///
    /// # Safety
    ///
    /// `i < len`.
    #[inline(always)]
    pub(crate) unsafe fn get(&mut self, i: usize) -> &T {
        let p = self.pos(i);
        // SAFETY: `i < len` (the caller's contract), so `p` is a position of the lane.
        unsafe { &*self.data.ptr_at(p) }
    }

    /// Element `i`, mutably.
    ///
    /// # Safety
    ///
    /// `i < len`.
    #[cfg(feature = "alloc")]
    #[inline(always)]
    pub(crate) unsafe fn get_mut(&mut self, i: usize) -> &mut T {
        let p = self.pos(i);
        // SAFETY: `i < len` (the caller's contract), so `p` is a position of the lane.
        unsafe { &mut *self.data.ptr_at(p) }
    }

    /// Whether element `i` orders before element `j`.
    ///
    /// # Safety
    ///
    /// `i < len` and `j < len`.
    #[inline(always)]
    unsafe fn less(
        &mut self,
        i: usize,
        j: usize,
        cmp: &mut impl FnMut(&T, &T) -> Ordering,
    ) -> bool {
        let (p, q) = (self.pos(i), self.pos(j));
        // SAFETY: both are positions of the lane (the caller's contract); shared reads only.
        unsafe { cmp(&*self.data.ptr_at(p), &*self.data.ptr_at(q)) == Ordering::Less }
    }

    /// Swaps elements `i` and `j`.
    ///
    /// # Safety
    ///
    /// `i < len` and `j < len`.
    #[inline(always)]
    unsafe fn swap(&mut self, i: usize, j: usize) {
        let (p, q) = (self.pos(i), self.pos(j));
        // SAFETY: both are positions of the lane (the caller's contract); `ptr::swap` allows
        // `p == q`.
        unsafe { core::ptr::swap(self.data.ptr_at(p), self.data.ptr_at(q)) }
    }

    /// Sorts the lane in place by `cmp` with a heap sort: O(n log n), not stable, no
    /// allocation and no panic path (every index is below `len` by the loops' bounds).
    pub(crate) fn heap_sort(&mut self, cmp: &mut impl FnMut(&T, &T) -> Ordering) {
        let n = self.at.len();
        for node in (0..n / 2).rev() {
            self.sift_down(node, n, cmp);
        }
        for end in (1..n).rev() {
            // SAFETY: `0 < end < n`.
            unsafe { self.swap(0, end) };
            self.sift_down(0, end, cmp);
        }
    }

    /// Restores the max-heap below `node` among elements `..end` (`end ≤ len`).
    #[inline]
    fn sift_down(&mut self, mut node: usize, end: usize, cmp: &mut impl FnMut(&T, &T) -> Ordering) {
        debug_assert!(end <= self.at.len());
        loop {
            // `node < end ≤ len ≤ isize::MAX`, so `2·node + 1` fits in `usize`.
            let mut child = 2 * node + 1;
            if child >= end {
                return;
            }
            // SAFETY: `child + 1 < end ≤ len`, the lane's length (its invariant).
            if child + 1 < end && unsafe { self.less(child, child + 1, cmp) } {
                child += 1;
            }
            // SAFETY: `node < child < end ≤ len`.
            if !unsafe { self.less(node, child, cmp) } {
                return;
            }
            // SAFETY: as above.
            unsafe { self.swap(node, child) };
            node = child;
        }
    }
}

/// Sorts every lane along `axis` of a writable operand in place by `cmp` (stable when
/// `stable`, which needs an allocator), lane by lane: a lane adjacent in memory as a slice, a
/// strided one through `scratch` (which the caller reuses across calls).
///
/// # Safety
///
/// The layout (`shape`, `op`) is valid for `data` and unique (invariants 1 and 2).
#[cfg(feature = "alloc")]
pub(crate) unsafe fn sort_lanes<T: Clone>(
    mut data: ViewReprMut<'_, T>,
    shape: &[usize],
    op: Operand<'_>,
    axis: usize,
    stable: bool,
    cmp: &mut impl FnMut(&T, &T) -> Ordering,
) {
    let (Some(&n), Some(&step)) = (shape.get(axis), op.strides.get(axis)) else {
        return;
    };
    let mut scratch: alloc::vec::Vec<T> = alloc::vec::Vec::new();
    for_each_lane(shape, [op], axis, &mut |[p]| {
        // SAFETY: each lane is a run of the operand's layout, valid and unique (the caller's
        // contract).
        let mut lane = unsafe { LaneMut::new(data.reborrow(), p, n, step) };
        if let Some(slice) = lane.as_slice_mut() {
            sort_slice(slice, stable, cmp);
            return;
        }
        scratch.clear();
        // SAFETY: every index is below `n`, the lane's length.
        scratch.extend((0..n).map(|i| unsafe { lane.get(i) }.clone()));
        sort_slice(&mut scratch, stable, cmp);
        for (i, x) in scratch.drain(..).enumerate() {
            // SAFETY: as above.
            *unsafe { lane.get_mut(i) } = x;
        }
    });
}

#[cfg(feature = "alloc")]
fn sort_slice<T>(slice: &mut [T], stable: bool, cmp: &mut impl FnMut(&T, &T) -> Ordering) {
    if stable {
        slice.sort_by(cmp);
    } else {
        slice.sort_unstable_by(cmp);
    }
}

/// Heap-sorts every lane along `axis` of a writable operand in place by `cmp`: no allocation
/// and no panic path (the firmware subset's sort; builds with an allocator sort through
/// [`sort_lanes`]).
///
/// # Safety
///
/// The layout (`shape`, `op`) is valid for `data` and unique (invariants 1 and 2).
#[cfg(any(test, not(feature = "alloc")))]
pub(crate) unsafe fn heap_sort_lanes<T>(
    mut data: ViewReprMut<'_, T>,
    shape: &[usize],
    op: Operand<'_>,
    axis: usize,
    cmp: &mut impl FnMut(&T, &T) -> Ordering,
) {
    let (Some(&n), Some(&step)) = (shape.get(axis), op.strides.get(axis)) else {
        return;
    };
    for_each_lane(shape, [op], axis, &mut |[p]| {
        // SAFETY: each lane is a run of the operand's layout, valid and unique (the caller's
        // contract).
        unsafe { LaneMut::new(data.reborrow(), p, n, step) }.heap_sort(cmp);
    });
}
