//! Reductions over all elements and along one axis; see the crate's `ops` docs for the
//! accuracy of sums.

#[cfg(feature = "alloc")]
use alloc::vec::Vec;
use core::ops::{Add, Div, Mul};

use num_traits::{FromPrimitive, One, Zero};

#[cfg(feature = "alloc")]
use crate::engine::Operand;
use crate::engine::{self, Run};
use crate::error::{ErrorKind, ShapeError};
use crate::rank::{IsAxis, Rank, RemoveAxis};
#[cfg(feature = "alloc")]
use crate::storage::ViewReprMut;
use crate::storage::{Storage, StorageMut, ViewRepr};
use crate::tensor::TensorBase;

#[cfg(feature = "alloc")]
use super::sum::{CHUNK, Plain, Term, add1, add4, add8, lane_sum};
use super::sum::{Pairwise, sum_run};
#[cfg(feature = "alloc")]
use crate::{
    layout::{MAX_DYN_RANK, parts},
    rank::{HasAxis, RemoveAxes},
    tensor::Tensor,
};

/// Bytes of the accumulator piece that [`axis_sums_by_blocks`](TensorBase::axis_sums_by_blocks)
/// keeps in cache (L2) while slices stream past it: large enough that each slice is read in
/// long streams, small enough to stay in L2 beside them.
#[cfg(feature = "alloc")]
const SUB_BYTES: usize = 128 * 1024;

/// Elements a piece of [`axis_sums_by_blocks`](TensorBase::axis_sums_by_blocks) needs before
/// slices are added eight at a time rather than four.
#[cfg(feature = "alloc")]
const WIDE_GROUP: usize = 512;

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

/// The smallest (`smallest`) or largest element of a run, NaN-propagating; `None` for an empty
/// run.
fn extreme_run<T: PartialOrd + Copy>(run: Run<'_, T>, smallest: bool) -> Option<T> {
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

/// # Reductions along one axis into caller storage (no allocator)
///
/// `*_axis_into(Axis<A>, out)` writes the reduction of every lane along axis `A` into `out`, a
/// writable tensor of the remaining shape (rank R − 1): fixed storage on firmware. They never
/// panic (unless `f` does); a wrong `out` is an error.
impl<S: Storage, const R: usize> TensorBase<S, R> {
    /// Folds every lane along axis `A` (in order along the axis, starting from `init`) into the
    /// corresponding element of `out`. Rank R → R − 1; O(len), no allocation.
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::SizeMismatch`] naming operand 1 (`out`), its axis, the size needed and the
    /// size found, if `out` does not have the shape of `self` without axis `A`; `out` is
    /// unchanged then.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{ArrayTensor, Axis, inline_tensor};
    ///
    /// let t = inline_tensor![[1, 2, 3], [4, 5, 6]];
    /// let mut rows = ArrayTensor::<i32, 2, 1>::zeros([2]).unwrap();
    /// t.fold_axis_into(Axis::<1>, 0, |acc, &x| acc.max(x), &mut rows).unwrap();
    /// assert!(rows.iter().copied().eq([3, 6]));
    /// ```
    pub fn fold_axis_into<Ax: IsAxis, S2, B: Clone, const O: usize>(
        &self,
        _axis: Ax,
        init: B,
        mut f: impl FnMut(B, &S::Elem) -> B,
        out: &mut TensorBase<S2, O>,
    ) -> Result<(), ShapeError>
    where
        S2: StorageMut<Elem = B>,
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        let axis = <Rank<R> as RemoveAxis<Ax>>::AXIS;
        self.reduce_axis_into(axis, out, |lane, slot| {
            *slot = lane.iter().fold(init.clone(), &mut f);
        })
    }

    /// The sums along axis `A` into `out` (a running sum along each lane; the allocating
    /// [`sum_axis`](Self::sum_axis) sums pairwise). Rank R → R − 1; O(len), no allocation.
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Errors
    ///
    /// As [`fold_axis_into`](Self::fold_axis_into).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{ArrayTensor, Axis, inline_tensor};
    ///
    /// let t = inline_tensor![[1.0f32, 2.0, 3.0], [4.0, 5.0, 6.0]];
    /// let mut columns = ArrayTensor::<f32, 3, 1>::zeros([3]).unwrap();
    /// t.sum_axis_into(Axis::<0>, &mut columns).unwrap();
    /// assert!(columns.iter().copied().eq([5.0, 7.0, 9.0]));
    /// ```
    pub fn sum_axis_into<Ax: IsAxis, S2, const O: usize>(
        &self,
        axis: Ax,
        out: &mut TensorBase<S2, O>,
    ) -> Result<(), ShapeError>
    where
        S::Elem: Zero + Add<Output = S::Elem> + Copy,
        S2: StorageMut<Elem = S::Elem>,
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        self.fold_axis_into(axis, S::Elem::zero(), |acc, &x| acc + x, out)
    }

    /// The products along axis `A` into `out`. Rank R → R − 1; O(len), no allocation.
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Errors
    ///
    /// As [`fold_axis_into`](Self::fold_axis_into).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{ArrayTensor, Axis, inline_tensor};
    ///
    /// let t = inline_tensor![[1, 2, 3], [4, 5, 6]];
    /// let mut rows = ArrayTensor::<i32, 2, 1>::zeros([2]).unwrap();
    /// t.product_axis_into(Axis::<1>, &mut rows).unwrap();
    /// assert!(rows.iter().copied().eq([6, 120]));
    /// ```
    pub fn product_axis_into<Ax: IsAxis, S2, const O: usize>(
        &self,
        axis: Ax,
        out: &mut TensorBase<S2, O>,
    ) -> Result<(), ShapeError>
    where
        S::Elem: One + Mul<Output = S::Elem> + Copy,
        S2: StorageMut<Elem = S::Elem>,
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        self.fold_axis_into(axis, S::Elem::one(), |acc, &x| acc * x, out)
    }

    /// The means along axis `A` into `out` (running sums divided by the axis length).
    /// Rank R → R − 1; O(len), no allocation.
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Errors
    ///
    /// As [`fold_axis_into`](Self::fold_axis_into); then [`ErrorKind::Empty`] naming the axis
    /// if axis `A` has size 0 while there are lanes to reduce, and [`ErrorKind::Overflow`] if
    /// its length is not a value of the element type. `out` is unchanged on every error.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{ArrayTensor, Axis, inline_tensor};
    ///
    /// let t = inline_tensor![[1.0f32, 2.0, 3.0], [4.0, 5.0, 9.0]];
    /// let mut rows = ArrayTensor::<f32, 2, 1>::zeros([2]).unwrap();
    /// t.mean_axis_into(Axis::<1>, &mut rows).unwrap();
    /// assert!(rows.iter().copied().eq([2.0, 6.0]));
    /// ```
    pub fn mean_axis_into<Ax: IsAxis, S2, const O: usize>(
        &self,
        _axis: Ax,
        out: &mut TensorBase<S2, O>,
    ) -> Result<(), ShapeError>
    where
        S::Elem: Zero + Add<Output = S::Elem> + Div<Output = S::Elem> + FromPrimitive + Copy,
        S2: StorageMut<Elem = S::Elem>,
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        let axis = <Rank<R> as RemoveAxis<Ax>>::AXIS;
        self.check_axis_into(axis, out)?;
        let count = self.lane_count(axis)?;
        self.reduce_axis_into(axis, out, |lane, slot| {
            *slot = lane.iter().fold(S::Elem::zero(), |acc, &x| acc + x) / count;
        })
    }

    /// The smallest elements along axis `A` into `out`; NaN propagates. Rank R → R − 1;
    /// O(len), no allocation.
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Errors
    ///
    /// As [`fold_axis_into`](Self::fold_axis_into); then [`ErrorKind::Empty`] naming the axis
    /// if axis `A` has size 0 while there are lanes to reduce. `out` is unchanged on every error.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{ArrayTensor, Axis, inline_tensor};
    ///
    /// let t = inline_tensor![[3, 1, 2], [4, 6, 5]];
    /// let mut rows = ArrayTensor::<i32, 2, 1>::zeros([2]).unwrap();
    /// t.min_axis_into(Axis::<1>, &mut rows).unwrap();
    /// assert!(rows.iter().copied().eq([1, 4]));
    /// ```
    pub fn min_axis_into<Ax: IsAxis, S2, const O: usize>(
        &self,
        _axis: Ax,
        out: &mut TensorBase<S2, O>,
    ) -> Result<(), ShapeError>
    where
        S::Elem: PartialOrd + Copy,
        S2: StorageMut<Elem = S::Elem>,
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        self.extreme_axis_into(<Rank<R> as RemoveAxis<Ax>>::AXIS, true, out)
    }

    /// The largest elements along axis `A` into `out`; NaN propagates. Rank R → R − 1;
    /// O(len), no allocation.
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Errors
    ///
    /// As [`min_axis_into`](Self::min_axis_into).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{ArrayTensor, Axis, inline_tensor};
    ///
    /// let t = inline_tensor![[3, 1, 2], [4, 6, 5]];
    /// let mut columns = ArrayTensor::<i32, 3, 1>::zeros([3]).unwrap();
    /// t.max_axis_into(Axis::<0>, &mut columns).unwrap();
    /// assert!(columns.iter().copied().eq([4, 6, 5]));
    /// ```
    pub fn max_axis_into<Ax: IsAxis, S2, const O: usize>(
        &self,
        _axis: Ax,
        out: &mut TensorBase<S2, O>,
    ) -> Result<(), ShapeError>
    where
        S::Elem: PartialOrd + Copy,
        S2: StorageMut<Elem = S::Elem>,
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        self.extreme_axis_into(<Rank<R> as RemoveAxis<Ax>>::AXIS, false, out)
    }

    fn extreme_axis_into<S2, const O: usize>(
        &self,
        axis: usize,
        smallest: bool,
        out: &mut TensorBase<S2, O>,
    ) -> Result<(), ShapeError>
    where
        S::Elem: PartialOrd + Copy,
        S2: StorageMut<Elem = S::Elem>,
    {
        self.check_axis_into(axis, out)?;
        self.nonempty_lanes(axis)?;
        self.reduce_axis_into(axis, out, |lane, slot| {
            // Every lane has an element (checked above).
            if let Some(x) = extreme_run(lane, smallest) {
                *slot = x;
            }
        })
    }

    /// Checks that `out` has the shape of `self` without `axis` ([`ErrorKind::SizeMismatch`]
    /// naming operand 1 otherwise).
    fn check_axis_into<S2: Storage, const O: usize>(
        &self,
        axis: usize,
        out: &TensorBase<S2, O>,
    ) -> Result<(), ShapeError> {
        let mut outer_shape = [0usize; O];
        crate::layout::parts::remove_axis(self.shape(), axis, &mut outer_shape);
        super::check_same_shape(&outer_shape, out.shape()).map_err(|e| e.with_operand(1))
    }

    /// Calls `lane(run, slot)` for every lane along `axis` with the element of `out` it
    /// reduces to, after checking `out`'s shape (the one loop of the `_axis_into` forms).
    fn reduce_axis_into<S2, B, const O: usize>(
        &self,
        axis: usize,
        out: &mut TensorBase<S2, O>,
        mut lane: impl FnMut(Run<'_, S::Elem>, &mut B),
    ) -> Result<(), ShapeError>
    where
        S2: StorageMut<Elem = B>,
    {
        self.check_axis_into(axis, out)?;
        let (shape, strides) = (self.shape(), self.strides());
        let mut outer_strides = [0isize; O];
        crate::layout::parts::remove_axis(strides, axis, &mut outer_strides);
        let (n, step) = match (shape.get(axis), strides.get(axis)) {
            (Some(&n), Some(&step)) => (n, step),
            _ => return Err(ShapeError::invalid_axis(R, axis)),
        };
        let data = self.view().into_raw_parts().0;
        let src = engine::Operand {
            strides: &outer_strides,
            offset: self.offset(),
        };
        let target = *out.layout();
        let mut dst = out.view_mut().into_raw_parts().0;
        engine::walk2(target.shape(), target.operand(), src, &mut |p, q| {
            // SAFETY: `q` starts a lane along the axis of this tensor's layout, valid for its
            // storage (invariant 1); `p` is a position of `out`'s layout, of the same outer
            // shape (checked above), valid for its storage and unique (invariants 1 and 2).
            let (run, slot) = unsafe { (Run::new(data, q, n, step), dst.get_mut(p)) };
            lane(run, slot);
        });
        Ok(())
    }

    /// Checks that the lanes along `axis` are not empty (unless there are none).
    fn nonempty_lanes(&self, axis: usize) -> Result<(), ShapeError> {
        if self.shape().get(axis) == Some(&0) && !self.is_empty_except(axis) {
            return Err(ShapeError::sizes(ErrorKind::Empty, Some(axis), 1, 0));
        }
        Ok(())
    }

    fn is_empty_except(&self, axis: usize) -> bool {
        self.shape()
            .iter()
            .enumerate()
            .any(|(k, &d)| k != axis && d == 0)
    }

    /// The length of the lanes along `axis` as an element, after checking they are not empty.
    fn lane_count(&self, axis: usize) -> Result<S::Elem, ShapeError>
    where
        S::Elem: FromPrimitive + Zero,
    {
        self.nonempty_lanes(axis)?;
        let n = self.shape().get(axis).copied().unwrap_or(0);
        if n == 0 {
            // No lanes at all: the value is never used.
            return Ok(S::Elem::zero());
        }
        S::Elem::from_usize(n).ok_or_else(|| ShapeError::overflow(Some(axis)))
    }
}

/// # Reductions over all elements
impl<S: Storage, const R: usize> TensorBase<S, R> {
    /// The sum of `f(x)` over all elements, blocked and pairwise as [`sum`](Self::sum) adds.
    pub(crate) fn sum_map(&self, f: impl Fn(S::Elem) -> S::Elem + Copy) -> S::Elem
    where
        S::Elem: Zero + Add<Output = S::Elem> + Copy,
    {
        let mut acc = Pairwise::new();
        self.runs(&mut |run| sum_run(&mut acc, run, f));
        acc.finish()
    }

    /// Calls `f(run)` once per run of the elements, in any order (runs as long as the layout
    /// allows: a contiguous tensor is one run).
    fn runs(&self, f: &mut impl FnMut(Run<'_, S::Elem>)) {
        let data = self.view().into_raw_parts().0;
        let layout = *self.layout();
        let (shape, strides) = (layout.shape(), layout.strides());
        engine::runs_any_order(shape, strides, layout.offset(), &mut |p, n, step| {
            // SAFETY: a run of this tensor's layout, valid for its storage (invariant 1).
            f(unsafe { Run::new(data, p, n, step) })
        });
    }

    /// The sum of all elements (0 for an empty tensor), blocked and pairwise for accuracy (see
    /// [accuracy of sums](crate::ops#accuracy-of-sums)).
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Tensor, tensor};
    ///
    /// assert_eq!(tensor![[1, 2], [3, 4]].sum(), 10);
    /// assert_eq!(Tensor::<f64, 2>::zeros([3, 0]).sum(), 0.0);
    /// ```
    pub fn sum(&self) -> S::Elem
    where
        S::Elem: Zero + Add<Output = S::Elem> + Copy,
    {
        self.view().sum_of_view()
    }

    /// The product of all elements (1 for an empty tensor).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// assert_eq!(tensor![[1, 2], [3, 4]].prod(), 24);
    /// ```
    pub fn prod(&self) -> S::Elem
    where
        S::Elem: One + Mul<Output = S::Elem> + Copy,
    {
        self.fold(S::Elem::one(), |acc, &x| acc * x)
    }

    /// The product of all elements: ndarray's name for [`prod`](Self::prod). O(len), no
    /// allocation.
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// assert_eq!(tensor![2.0, 3.0, 4.0].product(), 24.0);
    /// ```
    pub fn product(&self) -> S::Elem
    where
        S::Elem: One + Mul<Output = S::Elem> + Copy,
    {
        self.prod()
    }

    /// The smallest element; NaN if any element is NaN.
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Empty`] for a tensor without elements.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{ErrorKind, Tensor, tensor};
    ///
    /// assert_eq!(tensor![3, 1, 2].try_min(), Ok(1));
    /// assert_eq!(Tensor::<i32, 1>::zeros([0]).try_min().unwrap_err().kind(), ErrorKind::Empty);
    /// ```
    pub fn try_min(&self) -> Result<S::Elem, ShapeError>
    where
        S::Elem: PartialOrd + Copy,
    {
        self.extreme(true).ok_or_else(empty)
    }

    /// The largest element; NaN if any element is NaN.
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Empty`] for a tensor without elements.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// assert_eq!(tensor![3.0, 1.0, 2.0].try_max(), Ok(3.0));
    /// assert!(tensor![1.0, f64::NAN].try_max().unwrap().is_nan());
    /// ```
    pub fn try_max(&self) -> Result<S::Elem, ShapeError>
    where
        S::Elem: PartialOrd + Copy,
    {
        self.extreme(false).ok_or_else(empty)
    }

    fn extreme(&self, smallest: bool) -> Option<S::Elem>
    where
        S::Elem: PartialOrd + Copy,
    {
        self.view().extreme_of_view(smallest)
    }

    /// The smallest element.
    ///
    /// # Panics
    ///
    /// For a tensor without elements; [`try_min`](Self::try_min) is the fallible form.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// assert_eq!(tensor![[3, -1], [2, 5]].min(), -1);
    /// ```
    #[track_caller]
    pub fn min(&self) -> S::Elem
    where
        S::Elem: PartialOrd + Copy,
    {
        match self.try_min() {
            Ok(x) => x,
            Err(_) => panic!(
                "min of a tensor of shape {:?}, which has no elements",
                self.shape()
            ),
        }
    }

    /// The largest element.
    ///
    /// # Panics
    ///
    /// For a tensor without elements; [`try_max`](Self::try_max) is the fallible form.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// assert_eq!(tensor![[3, -1], [2, 5]].max(), 5);
    /// ```
    #[track_caller]
    pub fn max(&self) -> S::Elem
    where
        S::Elem: PartialOrd + Copy,
    {
        match self.try_max() {
            Ok(x) => x,
            Err(_) => panic!(
                "max of a tensor of shape {:?}, which has no elements",
                self.shape()
            ),
        }
    }

    /// The mean of all elements (the sum divided by the count, so integer means round toward
    /// zero as integer division does).
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Empty`] for a tensor without elements; [`ErrorKind::Overflow`] if the
    /// count does not fit the element type.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// assert_eq!(tensor![1.0, 2.0, 4.5].try_mean(), Ok(2.5));
    /// assert_eq!(tensor![1, 2].try_mean(), Ok(1));
    /// ```
    pub fn try_mean(&self) -> Result<S::Elem, ShapeError>
    where
        S::Elem: Zero + Add<Output = S::Elem> + Div<Output = S::Elem> + FromPrimitive + Copy,
    {
        let n = self.len();
        if n == 0 {
            return Err(empty());
        }
        let count = S::Elem::from_usize(n).ok_or_else(|| ShapeError::overflow(None))?;
        Ok(self.sum() / count)
    }

    /// The mean of all elements.
    ///
    /// # Panics
    ///
    /// As [`try_mean`](Self::try_mean) fails.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// assert_eq!(tensor![[1.0, 2.0], [3.0, 6.0]].mean(), 3.0);
    /// ```
    #[track_caller]
    pub fn mean(&self) -> S::Elem
    where
        S::Elem: Zero + Add<Output = S::Elem> + Div<Output = S::Elem> + FromPrimitive + Copy,
    {
        match self.try_mean() {
            Ok(x) => x,
            Err(err) => panic!("mean of a tensor of shape {:?}: {err}", self.shape()),
        }
    }

    /// The index of the first smallest element (of the first NaN, if any).
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Empty`] for a tensor without elements.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// assert_eq!(tensor![[3, 1], [1, 5]].try_argmin(), Ok([0, 1]));
    /// ```
    pub fn try_argmin(&self) -> Result<[usize; R], ShapeError>
    where
        S::Elem: PartialOrd,
    {
        self.arg_extreme(true).ok_or_else(empty)
    }

    /// The index of the first largest element (of the first NaN, if any).
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Empty`] for a tensor without elements.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// assert_eq!(tensor![[3, 7], [7, 5]].try_argmax(), Ok([0, 1]));
    /// ```
    pub fn try_argmax(&self) -> Result<[usize; R], ShapeError>
    where
        S::Elem: PartialOrd,
    {
        self.arg_extreme(false).ok_or_else(empty)
    }

    fn arg_extreme(&self, smallest: bool) -> Option<[usize; R]>
    where
        S::Elem: PartialOrd,
    {
        let mut best: Option<([usize; R], &S::Elem)> = None;
        for (i, x) in self.indexed_iter() {
            match best {
                None => best = Some((i, x)),
                Some((_, b)) if b.partial_cmp(b).is_none() => break,
                Some((_, b)) => {
                    let better = if smallest { x < b } else { x > b };
                    if better || x.partial_cmp(x).is_none() {
                        best = Some((i, x));
                    }
                }
            }
        }
        best.map(|(i, _)| i)
    }

    /// The index of the first smallest element.
    ///
    /// # Panics
    ///
    /// For a tensor without elements; [`try_argmin`](Self::try_argmin) is the fallible form.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// assert_eq!(tensor![4, 2, 9].argmin(), [1]);
    /// ```
    #[track_caller]
    pub fn argmin(&self) -> [usize; R]
    where
        S::Elem: PartialOrd,
    {
        match self.try_argmin() {
            Ok(i) => i,
            Err(_) => panic!(
                "argmin of a tensor of shape {:?}, which has no elements",
                self.shape()
            ),
        }
    }

    /// The index of the first largest element.
    ///
    /// # Panics
    ///
    /// For a tensor without elements; [`try_argmax`](Self::try_argmax) is the fallible form.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// assert_eq!(tensor![4, 2, 9].argmax(), [2]);
    /// ```
    #[track_caller]
    pub fn argmax(&self) -> [usize; R]
    where
        S::Elem: PartialOrd,
    {
        match self.try_argmax() {
            Ok(i) => i,
            Err(_) => panic!(
                "argmax of a tensor of shape {:?}, which has no elements",
                self.shape()
            ),
        }
    }
}

/// The reductions over all elements, on views: compiled once per element type and rank rather
/// than once per storage kind (smaller firmware).
impl<T, const R: usize> TensorBase<ViewRepr<'_, T>, R> {
    /// [`sum`](TensorBase::sum).
    fn sum_of_view(&self) -> T
    where
        T: Zero + Add<Output = T> + Copy,
    {
        let mut acc = Pairwise::new();
        self.runs(&mut |run| sum_run(&mut acc, run, |x| x));
        acc.finish()
    }

    /// [`extreme`](TensorBase::extreme).
    fn extreme_of_view(&self, smallest: bool) -> Option<T>
    where
        T: PartialOrd + Copy,
    {
        let mut best: Option<T> = None;
        self.runs(&mut |run| {
            if let Some(x) = extreme_run(run, smallest) {
                best = Some(match best {
                    None => x,
                    Some(b) => extreme_of(b, x, smallest),
                });
            }
        });
        best
    }
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

/// # Reductions along one axis (feature `alloc`)
///
/// `*_axis(Axis<A>)` removes axis `A` (rank R → R − 1); `*_axis_keepdims(Axis<A>)` keeps it with
/// size 1 (rank R → R). An axis beyond the rank does not compile.
#[cfg(feature = "alloc")]
impl<S: Storage, const R: usize> TensorBase<S, R> {
    /// Reduces every lane along `axis` with `lane(run)`, in row-major order
    /// of the other axes. The lanes are visited through the loop engine (the other axes
    /// coalesced where they are contiguous), each result written straight to its place.
    pub(crate) fn reduce_lanes<B>(
        &self,
        axis: usize,
        mut lane: impl FnMut(Run<'_, S::Elem>) -> B,
    ) -> Vec<B> {
        let data = self.view().into_raw_parts().0;
        let (shape, strides) = (self.shape(), self.strides());
        let mut outer_shape = [0usize; MAX_DYN_RANK];
        let mut outer_strides = [0isize; MAX_DYN_RANK];
        let mut out_strides = [0isize; MAX_DYN_RANK];
        let rest = R - 1;
        parts::remove_axis(shape, axis, &mut outer_shape[..rest]);
        parts::remove_axis(strides, axis, &mut outer_strides[..rest]);
        let outer_shape = &outer_shape[..rest];
        let count = result_count(outer_shape);
        if count == 0 {
            // No lanes: nothing to visit, however long the axis.
            return Vec::new();
        }
        // The result is not empty, so neither is the input: its count is at most the input's.
        let _ = parts::contiguous_strides(
            outer_shape,
            crate::Order::RowMajor,
            &mut out_strides[..rest],
        );
        let src = Operand {
            strides: &outer_strides[..rest],
            offset: self.offset(),
        };
        let dst = Operand {
            strides: &out_strides[..rest],
            offset: 0,
        };
        let (n, step) = (shape[axis], strides[axis]);
        let mut out = engine::vec_or_panic(count);
        let Some(plan) = engine::Prepared::<2, R>::new(outer_shape, [dst, src], 0) else {
            engine::walk1(outer_shape, src, &mut |p| {
                // SAFETY: each lane is a run of this tensor's layout (invariant 1).
                out.push(lane(unsafe { Run::new(data, p, n, step) }));
            });
            return out;
        };
        let spare = &mut out.spare_capacity_mut()[..count];
        plan.runs(&mut |[o, p], len, [so, sp]| {
            let (mut o, mut p) = (o, p);
            for _ in 0..len {
                // SAFETY: each lane is a run of this tensor's layout (invariant 1).
                spare[o].write(lane(unsafe { Run::new(data, p, n, step) }));
                o = o.wrapping_add_signed(so);
                p = p.wrapping_add_signed(sp);
            }
        });
        // SAFETY: the row-major layout of the other axes maps their `count` indices one-to-one
        // onto `0..count`, and the walk visits each index once, so every slot was written.
        unsafe { out.set_len(count) };
        out
    }

    /// Whether the lanes along `axis` are strided in memory (another axis has a smaller stride):
    /// then reductions stream slices instead of walking lanes.
    pub(crate) fn lanes_are_strided(&self, axis: usize) -> bool {
        let (shape, strides) = (self.shape(), self.strides());
        let mine = strides[axis].unsigned_abs();
        shape[axis] > 1
            && (0..R).any(|a| a != axis && shape[a] > 1 && strides[a].unsigned_abs() < mine)
    }

    /// The sums along `axis`, in row-major order of the other axes.
    ///
    /// Contiguous lanes are summed one by one (blocked and pairwise). Strided lanes are summed
    /// by streaming: the input is read once, in memory order, adding each slice along the axis
    /// into an accumulator the size of the result (which stays in cache for moderate sizes);
    /// up to `CHUNK` slices are added in a running sum, and the chunk sums combine pairwise.
    pub(crate) fn axis_sums(&self, axis: usize) -> Vec<S::Elem>
    where
        S::Elem: Zero + Add<Output = S::Elem> + Copy,
    {
        if self.is_empty() {
            // Every sum is of no elements (or there are none): zeros, without a walk.
            let mut out_shape = [0usize; MAX_DYN_RANK];
            parts::remove_axis(self.shape(), axis, &mut out_shape[..R - 1]);
            let count = result_count(&out_shape[..R - 1]);
            return engine::filled_vec_or_panic(count, S::Elem::zero());
        }
        if axis + 1 == R
            && let Some(all) = self.as_slice()
        {
            // C-contiguous and summed along the last axis: the lanes are the consecutive
            // pieces of one slice (`n > 0`, as the tensor is not empty).
            let n = self.shape()[axis];
            return all
                .chunks_exact(n)
                .map(|lane| {
                    // SAFETY: the run is exactly the slice `lane`.
                    lane_sum(unsafe {
                        Run::new(crate::storage::ViewRepr::from_slice(lane), 0, lane.len(), 1)
                    })
                })
                .collect();
        }
        if !self.lanes_are_strided(axis) {
            return self.reduce_lanes(axis, lane_sum);
        }
        if let Some(sums) = self.axis_sums_by_blocks(axis, |_| Plain) {
            return sums;
        }
        let data = self.view().into_raw_parts().0;
        let (shape, strides) = (self.shape(), self.strides());
        let rest = R - 1;
        let mut out_shape = [0usize; MAX_DYN_RANK];
        let mut in_strides = [0isize; MAX_DYN_RANK];
        let mut out_strides = [0isize; MAX_DYN_RANK];
        parts::remove_axis(shape, axis, &mut out_shape[..rest]);
        parts::remove_axis(strides, axis, &mut in_strides[..rest]);
        let out_shape = &out_shape[..rest];
        // The result's element count fits (it is at most the input's).
        let _ =
            parts::contiguous_strides(out_shape, crate::Order::RowMajor, &mut out_strides[..rest]);
        let len = crate::layout::checked_len(out_shape).unwrap_or(0);
        let dst = Operand {
            strides: &out_strides[..rest],
            offset: 0,
        };
        let (n, step) = (shape[axis], strides[axis]);
        // Pairwise over chunks: `levels[k]` holds the sum of 2^k chunks.
        let mut levels: Vec<Option<Vec<S::Elem>>> = Vec::new();
        for k0 in (0..n).step_by(CHUNK) {
            let mut acc = engine::filled_vec_or_panic(len, S::Elem::zero());
            for k in k0..n.min(k0 + CHUNK) {
                let src = Operand {
                    strides: &in_strides[..rest],
                    offset: self
                        .offset()
                        .wrapping_add_signed((k as isize).wrapping_mul(step)),
                };
                // SAFETY: `acc` is row-major over the result's shape (valid, unique); `src` is
                // slice `k` of this tensor's layout along the axis (view arithmetic), valid for
                // its storage (invariant 1).
                unsafe {
                    engine::zip_mut::<R, _, _>(
                        ViewReprMut::from_slice(&mut acc),
                        dst,
                        data,
                        src,
                        out_shape,
                        &mut engine::each(|d, &x| *d = *d + x),
                    );
                }
            }
            let mut level = 0;
            while let Some(slot) = levels.get_mut(level).and_then(Option::take) {
                acc.iter_mut().zip(slot).for_each(|(a, b)| *a = b + *a);
                level += 1;
            }
            if levels.len() <= level {
                levels.resize_with(level + 1, || None);
            }
            levels[level] = Some(acc);
        }
        let mut total: Option<Vec<S::Elem>> = None;
        for slot in levels.into_iter().flatten() {
            total = Some(match total {
                None => slot,
                Some(mut t) => {
                    t.iter_mut().zip(slot).for_each(|(a, b)| *a = *a + b);
                    t
                }
            });
        }
        total.unwrap_or_else(|| alloc::vec![S::Elem::zero(); len])
    }

    /// The common case of [`axis_sums`](Self::axis_sums): the axes after `axis` are
    /// C-contiguous (with unit stride), as in the rows of a table summed down its columns. For
    /// each index of the axes before `axis`, the slices along `axis` are added into that
    /// index's block of the result, a piece of `SUB_BYTES` at a time so the piece stays in
    /// cache while the input is read once; slices are added eight at a time as a pairwise
    /// tree, `acc + (((t₀ + t₁) + (t₂ + t₃)) + ((t₄ + t₅) + (t₆ + t₇)))` (then four, then one;
    /// four at a time throughout for pieces shorter than `WIDE_GROUP`), which cuts the
    /// accumulator traffic and shortens the running sum. Along an axis longer than `CHUNK`,
    /// each `CHUNK` slices are summed apart and the chunk sums combine pairwise (a binary
    /// counter of blocks), so the error bound of
    /// [accuracy of sums](crate::ops#accuracy-of-sums) holds however long the axis is.
    ///
    /// `term_at(o)` says what is added for the elements whose result starts at position `o`
    /// of the result ([`Plain`] for sums, [`SquaresAbout`] for variances). `None` when the
    /// layout does not have that form.
    pub(crate) fn axis_sums_by_blocks<M: Term<S::Elem>>(
        &self,
        axis: usize,
        term_at: impl Fn(usize) -> M,
    ) -> Option<Vec<S::Elem>>
    where
        S::Elem: Zero + Add<Output = S::Elem> + Copy,
    {
        let (shape, strides) = (self.shape(), self.strides());
        let (n, step) = (shape[axis], strides[axis]);
        let inner = &shape[axis + 1..];
        let block = crate::layout::checked_len(inner).ok()?;
        if block == 0 || !parts::is_contiguous(inner, &strides[axis + 1..], false) {
            return None;
        }
        let data = self.view().into_raw_parts().0;
        let outer = &shape[..axis];
        let count = crate::layout::checked_len(outer).ok()?;
        let mut out = engine::filled_vec_or_panic(count * block, S::Elem::zero());
        let mut blocks = out.chunks_exact_mut(block).enumerate();
        let outer_op = Operand {
            strides: &strides[..axis],
            offset: self.offset(),
        };
        let sub = (SUB_BYTES / core::mem::size_of::<S::Elem>().max(1)).max(1);
        // Along a long axis: one chunk's sums, and the sums of 2^k chunks (`levels[k]`, valid
        // where bit `k` of `occupied` is set), kept from piece to piece to reuse their memory.
        let mut chunk: Vec<S::Elem> = Vec::new();
        let mut levels: Vec<Vec<S::Elem>> = Vec::new();
        engine::walk1(outer, outer_op, &mut |p| {
            // `walk1` visits exactly `count` outer indices, in row-major order.
            let Some((b, acc)) = blocks.next() else {
                return;
            };
            for (j, piece) in (0..block).step_by(sub).zip(acc.chunks_mut(sub)) {
                let len = piece.len();
                let term = term_at(b * block + j);
                let at = |k: usize| {
                    let q = p
                        .wrapping_add_signed((k as isize).wrapping_mul(step))
                        .wrapping_add(j);
                    // SAFETY: the axes after `axis` are C-contiguous, so the `len` positions
                    // from `q` are a piece of one slice of this tensor's layout (invariant 1).
                    unsafe { data.run(q, len) }
                };
                // Slices that are whole pieces and follow each other in memory are grouped
                // `g, g + groups, g + 2 · groups, …`: each of the eight streams a group reads
                // then runs on into the slice the next group reads in its place, and the
                // hardware prefetcher keeps following it instead of starting eight new streams.
                // Otherwise eight neighbours at a time.
                let interleave = len == block && step == block as isize;
                let add_slices = |acc: &mut [S::Elem], from: usize, to: usize| {
                    let groups = if len >= WIDE_GROUP {
                        (to - from) / 8
                    } else {
                        0
                    };
                    for g in 0..groups {
                        let (first, spread) = if interleave {
                            (from + g, groups)
                        } else {
                            (from + 8 * g, 1)
                        };
                        add8(acc, core::array::from_fn(|i| at(first + spread * i)), term);
                    }
                    let mut k = from + groups * 8;
                    while k + 4 <= to {
                        add4(acc, core::array::from_fn(|i| at(k + i)), term);
                        k += 4;
                    }
                    for k in k..to {
                        add1(acc, at(k), term);
                    }
                };
                if n <= CHUNK {
                    add_slices(piece, 0, n);
                    continue;
                }
                let mut occupied = 0usize;
                for from in (0..n).step_by(CHUNK) {
                    chunk.clear();
                    chunk.resize(len, S::Elem::zero());
                    add_slices(&mut chunk, from, n.min(from + CHUNK));
                    // The chunk joins the cascade as `Pairwise::push` adds: `slot + chunk`.
                    let mut level = 0;
                    while occupied & (1 << level) != 0 {
                        for (c, &s) in chunk.iter_mut().zip(&levels[level]) {
                            *c = s + *c;
                        }
                        occupied &= !(1 << level);
                        level += 1;
                    }
                    if levels.len() <= level {
                        levels.resize_with(level + 1, Vec::new);
                    }
                    levels[level].clone_from(&chunk);
                    occupied |= 1 << level;
                }
                // The occupied levels added, smallest first (as `Pairwise::finish`).
                for (level, sums) in levels.iter().enumerate() {
                    if occupied & (1 << level) != 0 {
                        for (a, &s) in piece.iter_mut().zip(sums) {
                            *a = *a + s;
                        }
                    }
                }
            }
        });
        Some(out)
    }

    /// `lane` along axis `A`, with the axis removed.
    fn reduce_axis<Ax: IsAxis, B, const O: usize>(
        &self,
        lane: impl FnMut(Run<'_, S::Elem>) -> B,
    ) -> Tensor<B, O>
    where
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        let axis = <Rank<R> as RemoveAxis<Ax>>::AXIS;
        let mut shape = [0usize; O];
        parts::remove_axis(self.shape(), axis, &mut shape);
        Tensor::from_contiguous_vec(self.reduce_lanes(axis, lane), shape)
    }

    /// `lane` along axis `A`, which stays with size 1.
    fn reduce_axis_keepdims<Ax: IsAxis, B>(
        &self,
        lane: impl FnMut(Run<'_, S::Elem>) -> B,
    ) -> Tensor<B, R>
    where
        Rank<R>: HasAxis<Ax>,
    {
        let axis = <Rank<R> as HasAxis<Ax>>::AXIS;
        let mut shape = *self.shape();
        shape[axis] = 1;
        Tensor::from_contiguous_vec(self.reduce_lanes(axis, lane), shape)
    }

    /// Folds each lane along axis `A` (rank R → R − 1).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![[1, 2, 3], [4, 5, 6]];
    /// let longest = t.fold_axis(Axis::<1>, 0, |acc, &x| acc.max(x));
    /// assert_eq!(longest.to_vec(), [3, 6]);
    /// ```
    pub fn fold_axis<Ax: IsAxis, B: Clone, const O: usize>(
        &self,
        _axis: Ax,
        init: B,
        mut f: impl FnMut(B, &S::Elem) -> B,
    ) -> Tensor<B, O>
    where
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        self.reduce_axis::<Ax, B, O>(|run| run.iter().fold(init.clone(), &mut f))
    }

    /// Sums along axis `A` (blocked and pairwise, like [`sum`](Self::sum)); rank R → R − 1.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![[1, 2, 3], [4, 5, 6]];
    /// assert_eq!(t.sum_axis(Axis::<0>).to_vec(), [5, 7, 9]);
    /// assert_eq!(t.sum_axis(Axis::<1>).to_vec(), [6, 15]);
    /// ```
    pub fn sum_axis<Ax: IsAxis, const O: usize>(&self, _axis: Ax) -> Tensor<S::Elem, O>
    where
        S::Elem: Zero + Add<Output = S::Elem> + Copy,
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        let axis = <Rank<R> as RemoveAxis<Ax>>::AXIS;
        let mut shape = [0usize; O];
        parts::remove_axis(self.shape(), axis, &mut shape);
        Tensor::from_contiguous_vec(self.axis_sums(axis), shape)
    }

    /// Sums along axis `A`, keeping it with size 1; rank R → R.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![[1, 2, 3], [4, 5, 6]];
    /// assert_eq!(t.sum_axis_keepdims(Axis::<1>).shape(), &[2, 1]);
    /// ```
    pub fn sum_axis_keepdims<Ax: IsAxis>(&self, _axis: Ax) -> Tensor<S::Elem, R>
    where
        S::Elem: Zero + Add<Output = S::Elem> + Copy,
        Rank<R>: HasAxis<Ax>,
    {
        let axis = <Rank<R> as HasAxis<Ax>>::AXIS;
        let mut shape = *self.shape();
        shape[axis] = 1;
        Tensor::from_contiguous_vec(self.axis_sums(axis), shape)
    }

    /// Multiplies along axis `A`; rank R → R − 1.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// assert_eq!(tensor![[1, 2], [3, 4]].prod_axis(Axis::<1>).to_vec(), [2, 12]);
    /// ```
    pub fn prod_axis<Ax: IsAxis, const O: usize>(&self, axis: Ax) -> Tensor<S::Elem, O>
    where
        S::Elem: One + Mul<Output = S::Elem> + Copy,
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        self.fold_axis(axis, S::Elem::one(), |acc, &x| acc * x)
    }

    /// Multiplies along axis `A`, keeping it with size 1; rank R → R.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// assert_eq!(tensor![[1, 2], [3, 4]].prod_axis_keepdims(Axis::<0>).to_vec(), [3, 8]);
    /// ```
    pub fn prod_axis_keepdims<Ax: IsAxis>(&self, _axis: Ax) -> Tensor<S::Elem, R>
    where
        S::Elem: One + Mul<Output = S::Elem> + Copy,
        Rank<R>: HasAxis<Ax>,
    {
        self.reduce_axis_keepdims::<Ax, _>(|run| run.iter().fold(S::Elem::one(), |acc, &x| acc * x))
    }

    /// The mean along axis `A`; rank R → R − 1.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Empty`] if the axis has size 0 (and the other axes do not);
    /// [`ErrorKind::Overflow`] if its size does not fit the element type.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![[1.0, 2.0], [3.0, 6.0]];
    /// assert_eq!(t.try_mean_axis(Axis::<0>).unwrap().to_vec(), [2.0, 4.0]);
    /// ```
    pub fn try_mean_axis<Ax: IsAxis, const O: usize>(
        &self,
        which: Ax,
    ) -> Result<Tensor<S::Elem, O>, ShapeError>
    where
        S::Elem: Zero + Add<Output = S::Elem> + Div<Output = S::Elem> + FromPrimitive + Copy,
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        let axis = <Rank<R> as RemoveAxis<Ax>>::AXIS;
        let count = self.lane_count(axis)?;
        let mut sums = self.sum_axis::<Ax, O>(which);
        sums.map_inplace(|x| *x = *x / count);
        Ok(sums)
    }

    /// The mean along axis `A`, keeping it with size 1; rank R → R.
    ///
    /// # Errors
    ///
    /// As [`try_mean_axis`](Self::try_mean_axis).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![[1.0, 2.0], [3.0, 6.0]];
    /// assert_eq!(t.try_mean_axis_keepdims(Axis::<1>).unwrap().to_vec(), [1.5, 4.5]);
    /// ```
    pub fn try_mean_axis_keepdims<Ax: IsAxis>(
        &self,
        which: Ax,
    ) -> Result<Tensor<S::Elem, R>, ShapeError>
    where
        S::Elem: Zero + Add<Output = S::Elem> + Div<Output = S::Elem> + FromPrimitive + Copy,
        Rank<R>: HasAxis<Ax>,
    {
        let axis = <Rank<R> as HasAxis<Ax>>::AXIS;
        let count = self.lane_count(axis)?;
        let mut sums = self.sum_axis_keepdims::<Ax>(which);
        sums.map_inplace(|x| *x = *x / count);
        Ok(sums)
    }

    /// The largest element along axis `A`; rank R → R − 1. NaN propagates.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Empty`] if the axis has size 0 (and the other axes do not).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, ErrorKind, Tensor, tensor};
    ///
    /// let t = tensor![[1, 7], [4, 2]];
    /// assert_eq!(t.try_max_axis(Axis::<1>).unwrap().to_vec(), [7, 4]);
    /// let e: Tensor<i32, 2> = Tensor::zeros([3, 0]);
    /// assert_eq!(e.try_max_axis(Axis::<1>).unwrap_err().kind(), ErrorKind::Empty);
    /// assert_eq!(e.try_max_axis(Axis::<0>).unwrap().shape(), &[0]);
    /// ```
    pub fn try_max_axis<Ax: IsAxis, const O: usize>(
        &self,
        _axis: Ax,
    ) -> Result<Tensor<S::Elem, O>, ShapeError>
    where
        S::Elem: PartialOrd + Copy,
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        self.nonempty_lanes(<Rank<R> as RemoveAxis<Ax>>::AXIS)?;
        Ok(self.reduce_axis::<Ax, _, O>(|run| extreme_lane(run, false)))
    }

    /// The smallest element along axis `A`; rank R → R − 1. NaN propagates.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Empty`] if the axis has size 0 (and the other axes do not).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// assert_eq!(tensor![[1, 7], [4, 2]].try_min_axis(Axis::<0>).unwrap().to_vec(), [1, 2]);
    /// ```
    pub fn try_min_axis<Ax: IsAxis, const O: usize>(
        &self,
        _axis: Ax,
    ) -> Result<Tensor<S::Elem, O>, ShapeError>
    where
        S::Elem: PartialOrd + Copy,
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        self.nonempty_lanes(<Rank<R> as RemoveAxis<Ax>>::AXIS)?;
        Ok(self.reduce_axis::<Ax, _, O>(|run| extreme_lane(run, true)))
    }

    /// The largest element along axis `A`, keeping it with size 1; rank R → R.
    ///
    /// # Errors
    ///
    /// As [`try_max_axis`](Self::try_max_axis).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// assert_eq!(tensor![[1, 7], [4, 2]].try_max_axis_keepdims(Axis::<0>).unwrap().shape(), &[1, 2]);
    /// ```
    pub fn try_max_axis_keepdims<Ax: IsAxis>(
        &self,
        _axis: Ax,
    ) -> Result<Tensor<S::Elem, R>, ShapeError>
    where
        S::Elem: PartialOrd + Copy,
        Rank<R>: HasAxis<Ax>,
    {
        self.nonempty_lanes(<Rank<R> as HasAxis<Ax>>::AXIS)?;
        Ok(self.reduce_axis_keepdims::<Ax, _>(|run| extreme_lane(run, false)))
    }

    /// The smallest element along axis `A`, keeping it with size 1; rank R → R.
    ///
    /// # Errors
    ///
    /// As [`try_min_axis`](Self::try_min_axis).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// assert_eq!(tensor![[1, 7], [4, 2]].try_min_axis_keepdims(Axis::<1>).unwrap().to_vec(), [1, 2]);
    /// ```
    pub fn try_min_axis_keepdims<Ax: IsAxis>(
        &self,
        _axis: Ax,
    ) -> Result<Tensor<S::Elem, R>, ShapeError>
    where
        S::Elem: PartialOrd + Copy,
        Rank<R>: HasAxis<Ax>,
    {
        self.nonempty_lanes(<Rank<R> as HasAxis<Ax>>::AXIS)?;
        Ok(self.reduce_axis_keepdims::<Ax, _>(|run| extreme_lane(run, true)))
    }

    /// The largest element along axis `A`; rank R → R − 1.
    ///
    /// # Panics
    ///
    /// If the axis has size 0 while the others do not; [`try_max_axis`](Self::try_max_axis) is
    /// the fallible form.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// assert_eq!(tensor![[1, 7], [4, 2]].max_axis(Axis::<1>).to_vec(), [7, 4]);
    /// ```
    #[track_caller]
    pub fn max_axis<Ax: IsAxis, const O: usize>(&self, axis: Ax) -> Tensor<S::Elem, O>
    where
        S::Elem: PartialOrd + Copy,
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        match self.try_max_axis(axis) {
            Ok(t) => t,
            Err(err) => panic!(
                "max along an axis of a tensor of shape {:?}: {err}",
                self.shape()
            ),
        }
    }

    /// The smallest element along axis `A`; rank R → R − 1.
    ///
    /// # Panics
    ///
    /// If the axis has size 0 while the others do not; [`try_min_axis`](Self::try_min_axis) is
    /// the fallible form.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// assert_eq!(tensor![[1, 7], [4, 2]].min_axis(Axis::<0>).to_vec(), [1, 2]);
    /// ```
    #[track_caller]
    pub fn min_axis<Ax: IsAxis, const O: usize>(&self, axis: Ax) -> Tensor<S::Elem, O>
    where
        S::Elem: PartialOrd + Copy,
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        match self.try_min_axis(axis) {
            Ok(t) => t,
            Err(err) => panic!(
                "min along an axis of a tensor of shape {:?}: {err}",
                self.shape()
            ),
        }
    }

    /// The mean along axis `A`; rank R → R − 1.
    ///
    /// # Panics
    ///
    /// As [`try_mean_axis`](Self::try_mean_axis) fails.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// assert_eq!(tensor![[1.0, 3.0], [5.0, 7.0]].mean_axis(Axis::<1>).to_vec(), [2.0, 6.0]);
    /// ```
    #[track_caller]
    pub fn mean_axis<Ax: IsAxis, const O: usize>(&self, axis: Ax) -> Tensor<S::Elem, O>
    where
        S::Elem: Zero + Add<Output = S::Elem> + Div<Output = S::Elem> + FromPrimitive + Copy,
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        match self.try_mean_axis(axis) {
            Ok(t) => t,
            Err(err) => panic!(
                "mean along an axis of a tensor of shape {:?}: {err}",
                self.shape()
            ),
        }
    }

    /// The largest element along axis `A`, which stays with size 1 (NumPy's
    /// `max(axis=A, keepdims=True)`); rank R → R.
    ///
    /// # Panics
    ///
    /// As [`max_axis`](Self::max_axis); [`try_max_axis_keepdims`](Self::try_max_axis_keepdims)
    /// is the fallible form.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let m = tensor![[1, 7], [4, 2]].max_axis_keepdims(Axis::<1>);
    /// assert_eq!((m.shape(), m.to_vec()), (&[2, 1], vec![7, 4]));
    /// ```
    #[track_caller]
    pub fn max_axis_keepdims<Ax: IsAxis>(&self, axis: Ax) -> Tensor<S::Elem, R>
    where
        S::Elem: PartialOrd + Copy,
        Rank<R>: HasAxis<Ax>,
    {
        self.try_max_axis_keepdims(axis)
            .unwrap_or_else(|err| keepdims_failed("max", self.shape(), err))
    }

    /// The smallest element along axis `A`, which stays with size 1; rank R → R.
    ///
    /// # Panics
    ///
    /// As [`min_axis`](Self::min_axis); [`try_min_axis_keepdims`](Self::try_min_axis_keepdims)
    /// is the fallible form.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// assert_eq!(tensor![[1, 7], [4, 2]].min_axis_keepdims(Axis::<0>).shape(), &[1, 2]);
    /// ```
    #[track_caller]
    pub fn min_axis_keepdims<Ax: IsAxis>(&self, axis: Ax) -> Tensor<S::Elem, R>
    where
        S::Elem: PartialOrd + Copy,
        Rank<R>: HasAxis<Ax>,
    {
        self.try_min_axis_keepdims(axis)
            .unwrap_or_else(|err| keepdims_failed("min", self.shape(), err))
    }

    /// The mean along axis `A`, which stays with size 1 (NumPy's
    /// `mean(axis=A, keepdims=True)`); rank R → R.
    ///
    /// # Panics
    ///
    /// As [`mean_axis`](Self::mean_axis);
    /// [`try_mean_axis_keepdims`](Self::try_mean_axis_keepdims) is the fallible form.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![[1.0, 3.0], [5.0, 7.0]];
    /// assert_eq!(t.mean_axis_keepdims(Axis::<0>).to_vec(), [3.0, 5.0]);
    /// assert_eq!(t.mean_axis_keepdims(Axis::<1>).shape(), &[2, 1]);
    /// ```
    #[track_caller]
    pub fn mean_axis_keepdims<Ax: IsAxis>(&self, axis: Ax) -> Tensor<S::Elem, R>
    where
        S::Elem: Zero + Add<Output = S::Elem> + Div<Output = S::Elem> + FromPrimitive + Copy,
        Rank<R>: HasAxis<Ax>,
    {
        self.try_mean_axis_keepdims(axis)
            .unwrap_or_else(|err| keepdims_failed("mean", self.shape(), err))
    }
}

/// The panic of a keep-dims reduction that failed (an empty axis).
#[cfg(feature = "alloc")]
#[cold]
#[track_caller]
fn keepdims_failed(what: &str, shape: &[usize], err: ShapeError) -> ! {
    panic!("{what} along an axis of a tensor of shape {shape:?}: {err}")
}

/// # Reductions over two axes at once (feature `alloc`)
///
/// `*_axes((Axis<A>, Axis<B>))` removes both axes (rank R → R − 2), in either order; the same
/// axis twice, or one beyond the rank, does not compile. Keep the axes with `.unsqueeze(..)` on
/// the result (O(1)). For more axes, chain the one- and two-axis forms.
#[cfg(feature = "alloc")]
impl<S: Storage, const R: usize> TensorBase<S, R> {
    /// The lower and higher of the two axes, and the result's shape.
    fn two_axes<A1, A2, const O: usize>(&self) -> (usize, usize, [usize; O])
    where
        Rank<R>: RemoveAxes<A1, A2, Out = Rank<O>>,
    {
        let (a, b) = <Rank<R> as RemoveAxes<A1, A2>>::AXES;
        let (lo, hi) = (a.min(b), a.max(b));
        let mut shape = [0usize; O];
        let kept = self
            .shape()
            .iter()
            .enumerate()
            .filter(|&(k, _)| k != lo && k != hi);
        for (slot, (_, &dim)) in shape.iter_mut().zip(kept) {
            *slot = dim;
        }
        (lo, hi, shape)
    }

    /// The extremes over both axes: along axis `hi`, then along axis `lo` of that result
    /// (kept with size 1 between). NaN propagates.
    fn extreme_axes<A1, A2, const O: usize>(
        &self,
        smallest: bool,
    ) -> Result<Tensor<S::Elem, O>, ShapeError>
    where
        S::Elem: PartialOrd + Copy,
        Rank<R>: RemoveAxes<A1, A2, Out = Rank<O>>,
    {
        let (lo, hi, shape) = self.two_axes::<A1, A2, O>();
        self.nonempty_lanes(lo)?;
        self.nonempty_lanes(hi)?;
        let lane = move |run: Run<'_, S::Elem>| extreme_lane(run, smallest);
        let mut mid_shape = *self.shape();
        mid_shape[hi] = 1;
        let mid = Tensor::from_contiguous_vec(self.reduce_lanes(hi, lane), mid_shape);
        Ok(Tensor::from_contiguous_vec(
            mid.reduce_lanes(lo, lane),
            shape,
        ))
    }

    /// The sums over axes `A` and `B` (NumPy's `sum(axis=(a, b))`). Rank R → R − 2; O(len).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, Tensor};
    ///
    /// // Per-channel totals of an NCHW batch: sum over N, then H and W.
    /// let x: Tensor<f32, 4> = Tensor::ones([8, 3, 4, 4]);
    /// let per_image_channel: Tensor<f32, 2> = x.sum_axes((Axis::<2>, Axis::<3>));
    /// assert_eq!(per_image_channel.shape(), &[8, 3]);
    /// assert_eq!(per_image_channel.sum_axis(Axis::<0>).to_vec(), [128.0, 128.0, 128.0]);
    /// ```
    pub fn sum_axes<A1, A2, const O: usize>(&self, _axes: (A1, A2)) -> Tensor<S::Elem, O>
    where
        S::Elem: Zero + Add<Output = S::Elem> + Copy,
        (A1, A2): IsAxis,
        Rank<R>: RemoveAxes<A1, A2, Out = Rank<O>>,
    {
        let (lo, hi, shape) = self.two_axes::<A1, A2, O>();
        let mut mid_shape = *self.shape();
        mid_shape[hi] = 1;
        let mid = Tensor::from_contiguous_vec(self.axis_sums(hi), mid_shape);
        Tensor::from_contiguous_vec(mid.axis_sums(lo), shape)
    }

    /// The means over axes `A` and `B`. Rank R → R − 2; O(len).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Empty`] naming an axis of size 0 (when the other axes are not empty);
    /// [`ErrorKind::Overflow`] if the count does not fit the element type.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![[[1.0, 2.0], [3.0, 4.0]], [[5.0, 6.0], [7.0, 8.0]]];
    /// assert_eq!(t.try_mean_axes((Axis::<0>, Axis::<2>)).unwrap().to_vec(), [3.5, 5.5]);
    /// ```
    pub fn try_mean_axes<A1, A2, const O: usize>(
        &self,
        axes: (A1, A2),
    ) -> Result<Tensor<S::Elem, O>, ShapeError>
    where
        S::Elem: Zero + Add<Output = S::Elem> + Div<Output = S::Elem> + FromPrimitive + Copy,
        (A1, A2): IsAxis,
        Rank<R>: RemoveAxes<A1, A2, Out = Rank<O>>,
    {
        let (lo, hi, _) = self.two_axes::<A1, A2, O>();
        self.nonempty_lanes(lo)?;
        self.nonempty_lanes(hi)?;
        let count = match self.shape()[lo].checked_mul(self.shape()[hi]) {
            // No elements at all: no mean is computed, so the count is never used.
            _ if self.is_empty() => S::Elem::zero(),
            Some(n) => S::Elem::from_usize(n).ok_or_else(|| ShapeError::overflow(Some(hi)))?,
            // Unreachable for a non-empty tensor, whose element count fits.
            None => return Err(ShapeError::overflow(Some(hi))),
        };
        let mut sums = self.sum_axes(axes);
        sums.map_inplace(|x| *x = *x / count);
        Ok(sums)
    }

    /// The means over axes `A` and `B`. Rank R → R − 2.
    ///
    /// # Panics
    ///
    /// As [`try_mean_axes`](Self::try_mean_axes) fails.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, Tensor};
    ///
    /// let t: Tensor<f64, 3> = Tensor::from_fn([2, 2, 2], |[i, j, k]| (i + j + k) as f64);
    /// assert_eq!(t.mean_axes((Axis::<1>, Axis::<0>)).to_vec(), [1.0, 2.0]);
    /// ```
    #[track_caller]
    pub fn mean_axes<A1, A2, const O: usize>(&self, axes: (A1, A2)) -> Tensor<S::Elem, O>
    where
        S::Elem: Zero + Add<Output = S::Elem> + Div<Output = S::Elem> + FromPrimitive + Copy,
        (A1, A2): IsAxis,
        Rank<R>: RemoveAxes<A1, A2, Out = Rank<O>>,
    {
        match self.try_mean_axes(axes) {
            Ok(t) => t,
            Err(err) => panic!(
                "mean over two axes of a tensor of shape {:?}: {err}",
                self.shape()
            ),
        }
    }

    /// The largest element over axes `A` and `B`; NaN propagates. Rank R → R − 2; O(len).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Empty`] naming an axis of size 0 (when the other axes are not empty).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![[[1, 9], [3, 4]], [[5, 6], [7, 8]]];
    /// assert_eq!(t.try_max_axes((Axis::<1>, Axis::<2>)).unwrap().to_vec(), [9, 8]);
    /// ```
    pub fn try_max_axes<A1, A2, const O: usize>(
        &self,
        _axes: (A1, A2),
    ) -> Result<Tensor<S::Elem, O>, ShapeError>
    where
        S::Elem: PartialOrd + Copy,
        (A1, A2): IsAxis,
        Rank<R>: RemoveAxes<A1, A2, Out = Rank<O>>,
    {
        self.extreme_axes::<A1, A2, O>(false)
    }

    /// The largest element over axes `A` and `B`. Rank R → R − 2.
    ///
    /// # Panics
    ///
    /// As [`try_max_axes`](Self::try_max_axes) fails.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![[[1, 9], [3, 4]], [[5, 6], [7, 8]]];
    /// assert_eq!(t.max_axes((Axis::<0>, Axis::<1>)).to_vec(), [7, 9]);
    /// ```
    #[track_caller]
    pub fn max_axes<A1, A2, const O: usize>(&self, axes: (A1, A2)) -> Tensor<S::Elem, O>
    where
        S::Elem: PartialOrd + Copy,
        (A1, A2): IsAxis,
        Rank<R>: RemoveAxes<A1, A2, Out = Rank<O>>,
    {
        match self.try_max_axes(axes) {
            Ok(t) => t,
            Err(err) => panic!(
                "max over two axes of a tensor of shape {:?}: {err}",
                self.shape()
            ),
        }
    }

    /// The smallest element over axes `A` and `B`; NaN propagates. Rank R → R − 2; O(len).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Empty`] naming an axis of size 0 (when the other axes are not empty).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![[[1, 9], [3, 4]], [[5, 6], [7, 8]]];
    /// assert_eq!(t.try_min_axes((Axis::<0>, Axis::<2>)).unwrap().to_vec(), [1, 3]);
    /// ```
    pub fn try_min_axes<A1, A2, const O: usize>(
        &self,
        _axes: (A1, A2),
    ) -> Result<Tensor<S::Elem, O>, ShapeError>
    where
        S::Elem: PartialOrd + Copy,
        (A1, A2): IsAxis,
        Rank<R>: RemoveAxes<A1, A2, Out = Rank<O>>,
    {
        self.extreme_axes::<A1, A2, O>(true)
    }

    /// The smallest element over axes `A` and `B`. Rank R → R − 2.
    ///
    /// # Panics
    ///
    /// As [`try_min_axes`](Self::try_min_axes) fails.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![[[1, 9], [3, 4]], [[5, 6], [7, 8]]];
    /// assert_eq!(t.min_axes((Axis::<2>, Axis::<1>)).to_vec(), [1, 5]);
    /// ```
    #[track_caller]
    pub fn min_axes<A1, A2, const O: usize>(&self, axes: (A1, A2)) -> Tensor<S::Elem, O>
    where
        S::Elem: PartialOrd + Copy,
        (A1, A2): IsAxis,
        Rank<R>: RemoveAxes<A1, A2, Out = Rank<O>>,
    {
        match self.try_min_axes(axes) {
            Ok(t) => t,
            Err(err) => panic!(
                "min over two axes of a tensor of shape {:?}: {err}",
                self.shape()
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::TensorView;

    #[test]
    fn blocked_pairwise_sum_beats_a_running_sum() {
        // 0.1 (not exact in binary) 20 000 times, through a broadcast view of one element.
        let data = [0.1f32];
        let t = TensorView::from_slice_with_strides(&data, [100, 200], [0, 0], 0).unwrap();
        let exact = 20_000.0 * f64::from(0.1f32);
        let naive = (0..20_000).fold(0.0f32, |acc, _| acc + 0.1);
        let ours = t.sum();
        let (err, naive_err) = (
            (f64::from(ours) - exact).abs(),
            (f64::from(naive) - exact).abs(),
        );
        assert!(err < 1e-3, "pairwise error {err}");
        assert!(
            err * 10.0 < naive_err,
            "pairwise {err} vs running {naive_err}"
        );
    }

    /// A unit-stride run (the vectorised slice loop) and a strided run of the same values (the
    /// element-by-element loop, which firmware uses for both) sum to the same bits, at lengths
    /// around the lane width and the chunk size; and both match the cascade's definition: each
    /// chunk's 8 lanes added pairwise, the chunk sums pairwise by binary counter.
    #[test]
    fn unit_stride_and_strided_runs_sum_to_the_same_bits() {
        let mut data = [0.0f32; 2 * 700];
        for (k, x) in data.iter_mut().enumerate() {
            // Values of mixed sign and magnitude, so that the order of additions shows.
            *x = ((k * 7919) % 1009) as f32 * if k % 3 == 0 { -1.37e-3 } else { 2.9e-2 };
        }
        for n in [
            1, 7, 8, 9, 15, 127, 128, 129, 255, 256, 257, 383, 384, 385, 700,
        ] {
            let flat = TensorView::from_slice(&data[..n], [n]).unwrap();
            let strided =
                TensorView::from_slice_with_strides(&data[..2 * n - 1], [n], [2], 0).unwrap();
            // The strided view holds every other element: the same values, spaced out.
            let spaced: [f32; 700] =
                core::array::from_fn(|k| if k < n { data[2 * k] } else { 0.0 });
            let packed = TensorView::from_slice(&spaced[..n], [n]).unwrap();
            assert_eq!(
                packed.sum().to_bits(),
                strided.sum().to_bits(),
                "{n} elements"
            );
            // The definition, written out for the flat run.
            let chunks = data[..n].chunks(crate::ops::sum::CHUNK).map(|c| {
                let mut lanes = [0.0f32; 8];
                for (k, &x) in c.iter().enumerate() {
                    lanes[k % 8] += x;
                }
                crate::ops::sum::horizontal(lanes)
            });
            let mut levels: [Option<f32>; 8] = [None; 8];
            for mut x in chunks {
                for level in &mut levels {
                    match level.take() {
                        Some(s) => x += s,
                        None => {
                            *level = Some(x);
                            break;
                        }
                    }
                }
            }
            let want = levels.iter().flatten().fold(0.0f32, |acc, &s| acc + s);
            assert_eq!(flat.sum().to_bits(), want.to_bits(), "{n} elements");
        }
    }

    /// The pairwise cascade keeps every chunk: integer sums over many chunks (79 here,
    /// carrying through seven slots) are exact, forwards, reversed and through a transposed view.
    #[cfg(feature = "alloc")]
    #[test]
    fn pairwise_sum_keeps_every_chunk() {
        let data: alloc::vec::Vec<i64> = (0..=10_000).collect();
        let exact = 10_000 * 10_001 / 2;
        let t = TensorView::from_slice(&data, [10_001]).unwrap();
        assert_eq!(t.sum(), exact);
        assert_eq!(t.flip(crate::Axis::<0>).sum(), exact);
        let m = TensorView::from_slice(&data[1..], [100, 100]).unwrap();
        assert_eq!(m.t().sum(), exact);
    }

    /// Sums along every axis, exact for integers, through each path: lanes summed one by one
    /// (last axis), slices streamed into accumulator blocks eight (blocks of `WIDE_GROUP` or
    /// more), four and one at a time (13 = 8 + 4 + 1 and 19 = 4 · 4 + 1 + 1 + 1 slices), and
    /// the general streaming path (a permuted layout), against a naive sum in logical order.
    #[cfg(feature = "alloc")]
    #[test]
    fn axis_sums_match_naive_sums_on_every_path() {
        use crate::{Axis, Tensor};
        let naive = |t: &TensorView<'_, i64, 3>, axis: usize| {
            let [a, b, c] = *t.shape();
            let shape = [a, b, c];
            let mut out = alloc::vec::Vec::new();
            let mut idx = [0usize; 3];
            let others: alloc::vec::Vec<usize> = (0..3).filter(|&k| k != axis).collect();
            for i in 0..shape[others[0]] {
                for j in 0..shape[others[1]] {
                    idx[others[0]] = i;
                    idx[others[1]] = j;
                    let mut sum = 0;
                    for k in 0..shape[axis] {
                        idx[axis] = k;
                        sum += t[idx];
                    }
                    out.push(sum);
                }
            }
            out
        };
        // The shapes with long blocks (the eight-at-a-time path, safe code; with 17 slices
        // of one piece each along axis 0, two groups that take every other slice) are skipped
        // under Miri, where their naive sums take minutes.
        let shapes: &[[usize; 3]] = if cfg!(miri) {
            &[[13, 3, 5], [2, 19, 6], [19, 13, 3]]
        } else {
            &[
                [13, 3, 5],
                [2, 19, 6],
                [19, 13, 3],
                [13, 2, 300],
                [17, 2, 300],
            ]
        };
        for &shape in shapes {
            let t: Tensor<i64, 3> = Tensor::from_fn(shape, |[i, j, k]| {
                (i * 7919 + j * 104_729 + k * 13) as i64 % 1001 - 500
            });
            for v in [t.view(), t.view().permute([2, 0, 1]).unwrap()] {
                assert_eq!(
                    v.sum_axis(Axis::<0>).to_vec(),
                    naive(&v, 0),
                    "{:?}",
                    v.shape()
                );
                assert_eq!(
                    v.sum_axis(Axis::<1>).to_vec(),
                    naive(&v, 1),
                    "{:?}",
                    v.shape()
                );
                assert_eq!(
                    v.sum_axis(Axis::<2>).to_vec(),
                    naive(&v, 2),
                    "{:?}",
                    v.shape()
                );
            }
        }
    }

    #[test]
    fn nan_propagates() {
        let data = [1.0, f64::NAN, -3.0];
        let t = TensorView::from_slice(&data, [3]).unwrap();
        assert!(t.try_min().unwrap().is_nan());
        assert!(t.try_max().unwrap().is_nan());
        assert_eq!(t.try_argmin(), Ok([1]));
        assert_eq!(t.try_argmax(), Ok([1]));
    }
}
