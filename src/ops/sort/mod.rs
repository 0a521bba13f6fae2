//! Ordering along an axis: sorting (stable and unstable, new or in place), `argsort`, top-k
//! and partitions, `searchsorted`; medians and quantiles (NumPy's `"linear"` method); the
//! unique values of a tensor (`unique`).
//!
//! # NumPy's order
//!
//! Every function here orders elements as NumPy's `sort` does: ascending, NaN after every
//! number (all NaNs alike), `-0.0` equal to `0.0`. The element type needs only
//! [`PartialOrd`]: an element unordered even with itself (`x.partial_cmp(&x)` is `None`, as
//! NaN is) counts as NaN. [`cmp_nan_last`] is that order as a comparison function.
//!
//! # Where the work happens
//!
//! The functions that make a new tensor copy the data once with the sorted axis last (the
//! copy engine's transposition when the axis is not already last), work on each contiguous
//! lane, and copy the result back to row-major order. The in-place forms sort each lane where
//! it lies ([`sort_unstable_axis_inplace`](TensorBase::sort_unstable_axis_inplace) with no
//! allocator and no panic path, part of the firmware subset).

use core::cmp::Ordering;

use crate::engine;
use crate::rank::{HasAxis, IsAxis, Rank};
#[cfg(feature = "alloc")]
use crate::storage::Storage;
use crate::storage::StorageMut;
use crate::tensor::TensorBase;

#[cfg(feature = "alloc")]
use {
    crate::error::{ErrorKind, ShapeError},
    crate::layout::axis_set::{axes_last, inverse},
    crate::tensor::Tensor,
    alloc::vec::Vec,
};

#[cfg(feature = "alloc")]
mod keys;
mod quantile;
#[cfg(feature = "alloc")]
mod unique;

#[cfg(feature = "alloc")]
pub use unique::Unique;

/// NumPy's order of elements: ascending, with every element that is unordered even with itself
/// (NaN) after all others and equal to each other; `-0.0` equals `0.0`.
///
/// A total order for any [`PartialOrd`] type whose only unordered values are such "NaNs" (the
/// floating-point types), so it may be handed to `slice::sort_by`.
///
/// # Examples
///
/// ```
/// use ranked::ops::cmp_nan_last;
///
/// let mut v = [3.0, f64::NAN, -1.0, f64::INFINITY];
/// v.sort_by(cmp_nan_last);
/// assert_eq!(v[..3], [-1.0, 3.0, f64::INFINITY]);
/// assert!(v[3].is_nan());
/// ```
pub fn cmp_nan_last<T: PartialOrd>(a: &T, b: &T) -> Ordering {
    match a.partial_cmp(b) {
        Some(o) => o,
        None => match (is_unordered(a), is_unordered(b)) {
            (false, true) => Ordering::Less,
            (true, false) => Ordering::Greater,
            _ => Ordering::Equal,
        },
    }
}

/// Whether `x` is unordered even with itself (NaN).
#[inline]
pub(crate) fn is_unordered<T: PartialOrd>(x: &T) -> bool {
    x.partial_cmp(x).is_none()
}

/// Which end of a run of equal elements [`searchsorted`](TensorBase::searchsorted) returns
/// (NumPy's `side`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Side {
    /// The first position where the value could be inserted keeping the order
    /// (`a[i-1] < v <= a[i]`).
    #[default]
    Left,
    /// The last such position (`a[i-1] <= v < a[i]`).
    Right,
}

/// Sorts a slice in NumPy's order. The unstable form moves the NaNs to the end first and sorts
/// the numbers with a plain comparison.
#[cfg(feature = "alloc")]
fn sort_values<T: PartialOrd>(lane: &mut [T], stable: bool) {
    if stable {
        lane.sort_by(cmp_nan_last);
        return;
    }
    let ordered = partition_ordered(lane);
    // Without NaNs, `partial_cmp` is a total order.
    lane[..ordered].sort_unstable_by(|a, b| a.partial_cmp(b).unwrap_or(Ordering::Equal));
}

/// Moves the unordered elements (NaN) to the end of `lane`; returns how many are ordered.
#[cfg(feature = "alloc")]
fn partition_ordered<T: PartialOrd>(lane: &mut [T]) -> usize {
    let mut end = lane.len();
    let mut i = 0;
    while i < end {
        if is_unordered(&lane[i]) {
            end -= 1;
            lane.swap(i, end);
        } else {
            i += 1;
        }
    }
    end
}

/// NumPy's order on `(value, index)` pairs, ties broken by the index: sorting by it, stably
/// or not, gives the stable order.
#[cfg(feature = "alloc")]
#[inline]
fn cmp_pairs<T: PartialOrd>(a: &(T, usize), b: &(T, usize)) -> Ordering {
    cmp_nan_last(&a.0, &b.0).then(a.1.cmp(&b.1))
}

/// `vec`, the row-major elements of a tensor whose `axis` was moved last (shape `shape`), as a
/// row-major tensor of the original axis order.
#[cfg(feature = "alloc")]
pub(crate) fn from_lanes_last<U: Clone, const R: usize>(
    vec: Vec<U>,
    shape: [usize; R],
    axis: usize,
) -> Tensor<U, R> {
    let t = Tensor::from_contiguous_vec(vec, shape);
    if axis + 1 >= R {
        return t;
    }
    // `axis < R − 1` here, so the order and its inverse are permutations of `0..R`.
    match axes_last::<R>(&[axis]).and_then(|order| t.permute(inverse(&order))) {
        Ok(t) => t.into_contiguous(),
        Err(err) => crate::tensor::shape_error("internal: moving an axis back", err),
    }
}

#[cfg(feature = "alloc")]
impl<S: Storage, const R: usize> TensorBase<S, R>
where
    S::Elem: Clone,
{
    /// The elements in row-major order with `axis` moved last, and that shape: each lane along
    /// `axis` is then a contiguous piece of the `Vec`.
    pub(crate) fn lanes_last(&self, axis: usize) -> (Vec<S::Elem>, [usize; R]) {
        // The callers' `axis` is below R, so the order is a permutation of `0..R`.
        let view = match axes_last::<R>(&[axis]).and_then(|order| self.view().permute(order)) {
            Ok(v) => v,
            Err(err) => crate::tensor::shape_error("internal: moving an axis last", err),
        };
        (view.to_vec(), *view.shape())
    }

    /// Each lane along `axis` (contiguous, of length `shape[R − 1]` of the moved shape) turned
    /// into `k` results by `f`, as a row-major tensor of the original axis order whose `axis`
    /// has size `k`.
    fn per_lane<U: Clone>(
        &self,
        axis: usize,
        k: usize,
        mut f: impl FnMut(&[S::Elem], &mut Vec<U>),
    ) -> Tensor<U, R> {
        let (data, mut shape) = self.lanes_last(axis);
        let n = shape[R - 1];
        shape[R - 1] = k;
        let mut out = Vec::new();
        // With empty lanes (`n` = 0) there are no results: `k` is 0 then (the callers check).
        if let Some(lanes) = data.len().checked_div(n) {
            out = engine::vec_or_panic(lanes.saturating_mul(k));
            for lane in data.chunks_exact(n) {
                f(lane, &mut out);
            }
        }
        from_lanes_last(out, shape, axis)
    }
}

/// # Sorting along an axis (feature `alloc`)
///
/// NumPy's `sort` and `argsort`, PyTorch's `topk`, NumPy's `partition` and `argpartition`.
/// Floats order NaN last and `-0.0` equal to `0.0`, as NumPy.
#[cfg(feature = "alloc")]
impl<S: Storage, const R: usize> TensorBase<S, R>
where
    S::Elem: PartialOrd + Clone,
{
    /// The elements sorted along axis `A`, stably (NumPy's `sort(a, axis=A, kind="stable")`),
    /// as a new row-major tensor; NaN last. Rank R → R; O(n log n) per lane.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![[3.0, f64::NAN, 1.0], [2.0, 0.5, 9.0]];
    /// let rows = t.sort_axis(Axis::<1>);
    /// assert_eq!(rows.to_vec()[..2], [1.0, 3.0]);
    /// assert!(rows[[0, 2]].is_nan());
    /// let columns = t.sort_axis(Axis::<0>);
    /// assert_eq!(columns.to_vec()[..4], [2.0, 0.5, 1.0, 3.0]);
    /// assert!(columns[[1, 1]].is_nan());
    /// ```
    pub fn sort_axis<Ax: IsAxis>(&self, _axis: Ax) -> Tensor<S::Elem, R>
    where
        Rank<R>: HasAxis<Ax>,
    {
        self.sorted(<Rank<R> as HasAxis<Ax>>::AXIS, true)
    }

    /// The elements sorted along axis `A`, equal elements in any order (NumPy's default
    /// `sort(a, axis=A)`); faster than [`sort_axis`](Self::sort_axis). Rank R → R.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![[3, 1, 2], [9, 8, 7]];
    /// assert_eq!(t.sort_unstable_axis(Axis::<1>).to_vec(), [1, 2, 3, 7, 8, 9]);
    /// assert_eq!(t.sort_unstable_axis(Axis::<0>).to_vec(), [3, 1, 2, 9, 8, 7]);
    /// ```
    pub fn sort_unstable_axis<Ax: IsAxis>(&self, _axis: Ax) -> Tensor<S::Elem, R>
    where
        Rank<R>: HasAxis<Ax>,
    {
        self.sorted(<Rank<R> as HasAxis<Ax>>::AXIS, false)
    }

    fn sorted(&self, axis: usize, stable: bool) -> Tensor<S::Elem, R> {
        let (mut data, shape) = self.lanes_last(axis);
        let n = shape[R - 1];
        if n > 1 {
            for lane in data.chunks_exact_mut(n) {
                sort_values(lane, stable);
            }
        }
        from_lanes_last(data, shape, axis)
    }

    /// The indices that sort each lane along axis `A`, stably (NumPy's
    /// `argsort(a, axis=A, kind="stable")`): `take_along_axis` with them gives
    /// [`sort_axis`](Self::sort_axis). Rank R → R, of `usize`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![[30, 10, 20, 10]];
    /// let i = t.argsort_axis(Axis::<1>);
    /// assert_eq!(i.to_vec(), [1, 3, 2, 0]);
    /// assert_eq!(t.take_along_axis(Axis::<1>, &i).unwrap(), t.sort_axis(Axis::<1>));
    /// ```
    pub fn argsort_axis<Ax: IsAxis>(&self, _axis: Ax) -> Tensor<usize, R>
    where
        Rank<R>: HasAxis<Ax>,
    {
        let axis = <Rank<R> as HasAxis<Ax>>::AXIS;
        let n = self.shape()[axis];
        let mut pairs: Vec<(S::Elem, usize)> = Vec::new();
        let mut scratch = Vec::new();
        self.per_lane(axis, n, |lane, out| {
            // Primitive numbers sort integer keys; other types compare.
            if keys::argsort_by_keys(lane, out, &mut scratch) {
                return;
            }
            pairs.clear();
            pairs.extend(lane.iter().cloned().zip(0..));
            pairs.sort_unstable_by(cmp_pairs);
            out.extend(pairs.iter().map(|p| p.1));
        })
    }

    /// The elements sorted along axis `A` from the largest, stably: equal elements keep their
    /// order, and NaN comes first (the Array API's `sort(x, axis=A, descending=True)`, which
    /// NumPy's reference implementation computes as `flip(sort(flip(x)))`). Rank R → R.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![[3.0, f64::NAN, 1.0, 0.0, -0.0]];
    /// let d = t.sort_axis_descending(Axis::<1>);
    /// assert!(d[[0, 0]].is_nan());
    /// assert_eq!(d.to_vec()[1..], [3.0, 1.0, 0.0, -0.0]);
    /// assert!(d[[0, 4]].is_sign_negative()); // equal zeros keep their order
    /// ```
    pub fn sort_axis_descending<Ax: IsAxis>(&self, axis: Ax) -> Tensor<S::Elem, R>
    where
        Rank<R>: HasAxis<Ax>,
    {
        let ascending = self.view().flip(axis).sort_axis(axis);
        ascending.view().flip(axis).to_contiguous()
    }

    /// The indices that sort each lane along axis `A` from the largest, stably: equal elements
    /// in index order, NaN first (the Array API's `argsort(x, axis=A, descending=True)`).
    /// Rank R → R, of `usize`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![[30, 10, 20, 10, 30]];
    /// let i = t.argsort_axis_descending(Axis::<1>);
    /// assert_eq!(i.to_vec(), [0, 4, 2, 1, 3]);
    /// assert_eq!(t.take_along_axis(Axis::<1>, &i).unwrap(), t.sort_axis_descending(Axis::<1>));
    /// ```
    pub fn argsort_axis_descending<Ax: IsAxis>(&self, axis: Ax) -> Tensor<usize, R>
    where
        Rank<R>: HasAxis<Ax>,
    {
        // Reversed, the last of equal elements comes first, so a stable sort of the reversed
        // lane, read backwards, keeps equal elements in index order.
        let last = self.shape()[<Rank<R> as HasAxis<Ax>>::AXIS].saturating_sub(1);
        let mut at = self.view().flip(axis).argsort_axis(axis);
        at.map_inplace(|i| *i = last - *i);
        at.view().flip(axis).to_contiguous()
    }

    /// The `k` largest (or smallest) elements of each lane along axis `A` and their indices
    /// (PyTorch's `topk(k, dim=A, largest, sorted)`): sorted from the largest (or smallest)
    /// when `sorted`, otherwise in an unspecified order. NaN counts as the largest value, as in
    /// PyTorch; equal values come in index order. Rank R → R, axis `A` of size `k`; O(n) per
    /// lane, plus O(k log k) when sorted.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::TooFewElements`] naming the axis if `k` exceeds its size.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let scores = tensor![[0.1, 0.7, 0.2], [0.5, 0.3, 0.9]];
    /// let (top, at) = scores.topk(Axis::<1>, 2, true, true).unwrap();
    /// assert_eq!(top.to_vec(), [0.7, 0.2, 0.9, 0.5]);
    /// assert_eq!(at.to_vec(), [1, 2, 2, 0]);
    /// let (low, _) = scores.topk(Axis::<0>, 1, false, true).unwrap();
    /// assert_eq!(low.to_vec(), [0.1, 0.3, 0.2]);
    /// assert!(scores.topk(Axis::<1>, 4, true, true).is_err());
    /// ```
    #[allow(clippy::type_complexity)]
    pub fn topk<Ax: IsAxis>(
        &self,
        _axis: Ax,
        k: usize,
        largest: bool,
        sorted: bool,
    ) -> Result<(Tensor<S::Elem, R>, Tensor<usize, R>), ShapeError>
    where
        Rank<R>: HasAxis<Ax>,
    {
        let axis = <Rank<R> as HasAxis<Ax>>::AXIS;
        let n = self.shape()[axis];
        if k > n {
            return Err(ShapeError::sizes(
                ErrorKind::TooFewElements,
                Some(axis),
                k,
                n,
            ));
        }
        let cmp = |a: &(S::Elem, usize), b: &(S::Elem, usize)| {
            if largest {
                cmp_nan_last(&b.0, &a.0).then(a.1.cmp(&b.1))
            } else {
                cmp_pairs(a, b)
            }
        };
        let mut pairs: Vec<(S::Elem, usize)> = Vec::new();
        let picked = self.per_lane(axis, k, |lane, out| {
            pairs.clear();
            pairs.extend(lane.iter().cloned().zip(0..));
            if k == 0 {
                return;
            }
            if k < n {
                pairs.select_nth_unstable_by(k - 1, cmp);
            }
            let first = &mut pairs[..k];
            if sorted {
                first.sort_unstable_by(cmp);
            }
            out.extend_from_slice(first);
        });
        let shape = *picked.shape();
        let (values, indices): (Vec<_>, Vec<_>) = picked.into_vec().into_iter().unzip();
        Ok((
            Tensor::from_contiguous_vec(values, shape),
            Tensor::from_contiguous_vec(indices, shape),
        ))
    }

    /// Each lane along axis `A` rearranged so that the element at `kth` is the one a sort would
    /// put there, every element before it no larger and every one after it no smaller
    /// (NumPy's `partition(a, kth, axis=A)`); the order within each side is unspecified. NaN
    /// last. Rank R → R; O(n) per lane.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::IndexOutOfBounds`] naming the axis if `kth` is not below its size.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![[7, 1, 5, 3, 9]];
    /// let p = t.partition(Axis::<1>, 2).unwrap();
    /// assert_eq!(p[[0, 2]], 5);
    /// assert!(p.to_vec()[..2].iter().all(|&x| x <= 5));
    /// ```
    pub fn partition<Ax: IsAxis>(
        &self,
        axis: Ax,
        kth: usize,
    ) -> Result<Tensor<S::Elem, R>, ShapeError>
    where
        Rank<R>: HasAxis<Ax>,
    {
        let at = self.argpartition(axis, kth)?;
        let a = <Rank<R> as HasAxis<Ax>>::AXIS;
        self.take_along(a, &at).map_err(|err| match err {
            crate::IndexError::Shape(err) => err,
            // `argpartition` gives indices below the axis size.
            crate::IndexError::OutOfBounds { .. } => ShapeError::overflow(Some(a)),
        })
    }

    /// The indices that [`partition`](Self::partition) each lane along axis `A` at `kth`
    /// (NumPy's `argpartition(a, kth, axis=A)`). Rank R → R, of `usize`; O(n) per lane.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::IndexOutOfBounds`] naming the axis if `kth` is not below its size.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![4.0, 1.0, 3.0, 2.0];
    /// let i = t.argpartition(Axis::<0>, 1).unwrap();
    /// assert_eq!(i[[1]], 3); // 2.0 is the second smallest
    /// ```
    pub fn argpartition<Ax: IsAxis>(
        &self,
        _axis: Ax,
        kth: usize,
    ) -> Result<Tensor<usize, R>, ShapeError>
    where
        Rank<R>: HasAxis<Ax>,
    {
        let axis = <Rank<R> as HasAxis<Ax>>::AXIS;
        let n = self.shape()[axis];
        if kth >= n {
            return Err(ShapeError::sizes(
                ErrorKind::IndexOutOfBounds,
                Some(axis),
                n,
                kth,
            ));
        }
        let mut pairs: Vec<(S::Elem, usize)> = Vec::new();
        Ok(self.per_lane(axis, n, |lane, out| {
            pairs.clear();
            pairs.extend(lane.iter().cloned().zip(0..));
            pairs.select_nth_unstable_by(kth, cmp_pairs);
            out.extend(pairs.iter().map(|p| p.1));
        }))
    }
}

/// # Sorting in place
///
/// The unstable form needs no allocator and has no panic path (part of the
/// [firmware subset](crate#firmware-the-subset-that-never-panics)); the stable one needs
/// `alloc`.
impl<S: StorageMut, const R: usize> TensorBase<S, R>
where
    S::Elem: PartialOrd + Clone,
{
    /// Sorts every lane along axis `A` where it lies, equal elements in any order (NumPy's
    /// `a.sort(axis=A)`); NaN last. O(n log n) per lane. Lanes adjacent in memory are sorted as
    /// slices; with `alloc`, a strided lane is sorted in a scratch copy; without it, by a heap
    /// sort where it lies.
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let mut t = tensor![[3, 1, 2], [0, 5, 4]];
    /// t.sort_unstable_axis_inplace(Axis::<0>); // down the columns
    /// assert_eq!(t.to_vec(), [0, 1, 2, 3, 5, 4]);
    /// t.sort_unstable_axis_inplace(Axis::<1>);
    /// assert_eq!(t.to_vec(), [0, 1, 2, 3, 4, 5]);
    /// ```
    pub fn sort_unstable_axis_inplace<Ax: IsAxis>(&mut self, _axis: Ax)
    where
        Rank<R>: HasAxis<Ax>,
    {
        self.sort_lanes_inplace(<Rank<R> as HasAxis<Ax>>::AXIS, false);
    }

    /// Sorts every lane along axis `A` where it lies, stably (NumPy's
    /// `a.sort(axis=A, kind="stable")`); NaN last. O(n log n) per lane (feature `alloc`).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let mut t = tensor![[2.0, -0.0], [0.0, 1.0]];
    /// t.sort_axis_inplace(Axis::<1>);
    /// assert_eq!(t.to_vec(), [-0.0, 2.0, 0.0, 1.0]);
    /// ```
    #[cfg(feature = "alloc")]
    pub fn sort_axis_inplace<Ax: IsAxis>(&mut self, _axis: Ax)
    where
        Rank<R>: HasAxis<Ax>,
    {
        self.sort_lanes_inplace(<Rank<R> as HasAxis<Ax>>::AXIS, true);
    }

    /// Sorts every lane along `axis` where it lies in NumPy's order, stably when `stable`
    /// (only with `alloc`; without it the heap sort, which is not stable, is the one sort).
    fn sort_lanes_inplace(&mut self, axis: usize, stable: bool) {
        let layout = *self.layout();
        let data = self.storage_mut().elems_mut();
        #[cfg(feature = "alloc")]
        // SAFETY: the tensor's own layout, valid for its storage and unique because the storage
        // is writable (invariants 1 and 2).
        unsafe {
            engine::sort_lanes(
                data,
                layout.shape(),
                layout.operand(),
                axis,
                stable,
                &mut cmp_nan_last,
            )
        };
        #[cfg(not(feature = "alloc"))]
        {
            debug_assert!(!stable);
            // SAFETY: as above.
            unsafe {
                engine::heap_sort_lanes(
                    data,
                    layout.shape(),
                    layout.operand(),
                    axis,
                    &mut cmp_nan_last,
                )
            };
        }
    }
}

/// # Searching a sorted vector (feature `alloc`)
#[cfg(feature = "alloc")]
impl<S: Storage> TensorBase<S, 1>
where
    S::Elem: PartialOrd + Clone,
{
    /// Where each of `values` would be inserted into this sorted vector to keep it sorted
    /// (NumPy's `searchsorted(a, values, side)`), in NumPy's order (NaN last). The result has
    /// the shape of `values`. The vector is not checked to be sorted (NumPy does not check
    /// either); O(log n) per value.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{ops::Side, tensor};
    ///
    /// let edges = tensor![1.0, 2.0, 2.0, 5.0];
    /// let x = tensor![[2.0, 0.0], [9.0, f64::NAN]];
    /// assert_eq!(edges.searchsorted(&x, Side::Left).to_vec(), [1, 0, 4, 4]);
    /// assert_eq!(edges.searchsorted(&x, Side::Right).to_vec(), [3, 0, 4, 4]);
    /// ```
    pub fn searchsorted<S2, const RV: usize>(
        &self,
        values: &TensorBase<S2, RV>,
        side: Side,
    ) -> Tensor<usize, RV>
    where
        S2: Storage<Elem = S::Elem>,
    {
        let copy;
        let sorted: &[S::Elem] = match self.as_slice() {
            Some(s) => s,
            None => {
                copy = self.to_vec();
                &copy
            }
        };
        values.map(|v| match side {
            Side::Left => sorted.partition_point(|x| cmp_nan_last(x, v) == Ordering::Less),
            Side::Right => sorted.partition_point(|x| cmp_nan_last(x, v) != Ordering::Greater),
        })
    }
}
