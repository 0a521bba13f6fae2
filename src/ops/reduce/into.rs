//! Reductions along one axis into caller storage: no allocator, never a panic.

use super::*;
#[cfg(feature = "half")]
use crate::ops::sum::lane_sum_of;

/// A C-contiguous tensor's elements, the size of the reduced axis, the element count of the
/// axes after it, and a C-contiguous result's elements (see `slabs` and `slab_rows`).
type SlabRows<'a, T> = (&'a [T], usize, usize, &'a mut [T]);

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
    /// `f16` and `bf16` (feature `half`) are added in `f32`, pairwise, and rounded once.
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
        #[cfg(feature = "half")]
        if let Some((widen, narrow)) = super::half::converters::<S::Elem>() {
            let axis = <Rank<R> as RemoveAxis<Ax>>::AXIS;
            return self.reduce_axis_into(axis, out, |lane, slot| {
                *slot = narrow(lane_sum_of(lane, |x| widen(&x)));
            });
        }
        if !engine::SMALL_CODE
            && let Some((all, n, block, dst)) =
                self.slab_rows(<Rank<R> as RemoveAxis<Ax>>::AXIS, out)
            && slab::fold_rows_into(all, n, block, dst, (S::Elem::zero(), |a, x| a + x), |s| s)
        {
            return Ok(());
        }
        self.fold_axis_into(axis, S::Elem::zero(), |acc, &x| acc + x, out)
    }

    /// The products along axis `A` into `out`: [`prod_axis`](Self::prod_axis) without
    /// allocating, as NumPy's `np.prod(t, axis=A, out=out)`. Rank R → R − 1; O(len).
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
    /// t.prod_axis_into(Axis::<1>, &mut rows).unwrap();
    /// assert!(rows.iter().copied().eq([6, 120]));
    /// ```
    pub fn prod_axis_into<Ax: IsAxis, S2, const O: usize>(
        &self,
        axis: Ax,
        out: &mut TensorBase<S2, O>,
    ) -> Result<(), ShapeError>
    where
        S::Elem: One + Mul<Output = S::Elem> + Copy,
        S2: StorageMut<Elem = S::Elem>,
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        if !engine::SMALL_CODE
            && let Some((all, n, block, dst)) =
                self.slab_rows(<Rank<R> as RemoveAxis<Ax>>::AXIS, out)
            && slab::fold_rows_into(all, n, block, dst, (S::Elem::one(), |a, x| a * x), |p| p)
        {
            return Ok(());
        }
        self.fold_axis_into(axis, S::Elem::one(), |acc, &x| acc * x, out)
    }

    /// The means along axis `A` into `out` (running sums divided by the axis length).
    /// Rank R → R − 1; O(len), no allocation. `f16` and `bf16` (feature `half`) are added
    /// and divided in `f32`, pairwise, and rounded once: any length is a count, none overflows.
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Errors
    ///
    /// As [`fold_axis_into`](Self::fold_axis_into); then [`ErrorKind::Empty`] naming the axis
    /// if axis `A` has size 0 while there are lanes to reduce in a type without NaN (floats
    /// and complex numbers write NaN there, as NumPy's mean), and [`ErrorKind::Overflow`] if
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
        S::Elem: Zero
            + Add<Output = S::Elem>
            + Mul<Output = S::Elem>
            + Div<Output = S::Elem>
            + FromPrimitive
            + Copy,
        S2: StorageMut<Elem = S::Elem>,
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        let axis = <Rank<R> as RemoveAxis<Ax>>::AXIS;
        #[cfg(feature = "half")]
        if let Some((widen, narrow)) = super::half::converters::<S::Elem>() {
            // Divided in `f32`: an axis longer than `f16`'s largest number is no overflow, and
            // an empty one gives NaN (0 / 0).
            let n = self.shape().get(axis).copied().unwrap_or(0) as f32;
            return self.reduce_axis_into(axis, out, |lane, slot| {
                *slot = narrow(lane_sum_of(lane, |x| widen(&x)) / n);
            });
        }
        self.check_axis_into(axis, out)?;
        let count = self.lane_count(axis)?;
        // Lanes of no elements have the mean NaN in a type that has NaN (NumPy's 0 / 0; for
        // complex numbers NaN + NaN·i, which NaN · NaN gives too), and no mean in one without
        // (`lane_count` is then an error). Nothing is divided by zero, so the optimiser sees no
        // panic path in the `/` of integers and fixed-point numbers.
        let nan = S::Elem::from_f64(f64::NAN).map(|x| x * x);
        // The rows in memory order, each lane's additions in order as below (the same bits).
        if !engine::SMALL_CODE
            && !count.is_zero()
            && let Some((all, n, block, dst)) = self.slab_rows(axis, out)
            && slab::fold_rows_into(all, n, block, dst, (S::Elem::zero(), |a, x| a + x), |s| {
                s / count
            })
        {
            return Ok(());
        }
        self.reduce_axis_into(axis, out, |lane, slot| {
            if !count.is_zero() {
                *slot = lane.iter().fold(S::Elem::zero(), |acc, &x| acc + x) / count;
            } else if let Some(nan) = nan {
                *slot = nan;
            }
        })
    }

    /// The smallest elements along axis `A` into `out`; NaN propagates; of elements that compare
    /// equal (`0.0` and `-0.0`), which one is written is unspecified (as NumPy's). Rank
    /// R → R − 1; O(len), no allocation.
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

    /// The largest elements along axis `A` into `out`; NaN propagates; of elements that compare
    /// equal (`0.0` and `-0.0`), which one is written is unspecified (as NumPy's). Rank
    /// R → R − 1; O(len), no allocation.
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

    pub(super) fn extreme_axis_into<S2, const O: usize>(
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
        // The rows in memory order, as `min_axis` compares them.
        if !engine::SMALL_CODE
            && let Some((all, n, block, dst)) = self.slab_rows(axis, out)
            && if smallest {
                slab::extremes_into::<_, true>(all, n, block, dst)
            } else {
                slab::extremes_into::<_, false>(all, n, block, dst)
            }
        {
            return Ok(());
        }
        self.reduce_axis_into(axis, out, |lane, slot| {
            // Every lane has an element (checked above).
            if let Some(x) = extreme_run(lane, smallest) {
                *slot = x;
            }
        })
    }

    /// `self`'s elements, the size of `axis` and the element count of the axes after it, when
    /// `self` is C-contiguous and not empty, `axis` is not the last, and the lanes along it
    /// have more than one element and are more than one element apart: a sequence of
    /// `[n, block]` slabs, one per index of the axes before `axis`, whose rows the reductions
    /// along `axis` take in memory order instead of walking each strided lane. `None`
    /// otherwise. Callers skip it where [`SMALL_CODE`](engine::SMALL_CODE) asks for one loop
    /// (bare-metal targets, where the rows would add code and no vector unit speeds them up).
    pub(super) fn slabs(&self, axis: usize) -> Option<(&[S::Elem], usize, usize)> {
        let (&n, after) = (self.shape().get(axis)?, self.shape().get(axis + 1..)?);
        let block = crate::layout::checked_len(after).ok()?;
        if n < 2 || block < 2 {
            return None;
        }
        let all = self.as_slice()?;
        (!all.is_empty()).then_some((all, n, block))
    }

    /// [`slabs`](Self::slabs) and `out`'s elements, when `out` has the shape of `self` without
    /// `axis` and is C-contiguous too (the lane walk reports a wrong `out`).
    fn slab_rows<'a, S2, const O: usize>(
        &'a self,
        axis: usize,
        out: &'a mut TensorBase<S2, O>,
    ) -> Option<SlabRows<'a, S::Elem>>
    where
        S2: StorageMut<Elem = S::Elem>,
    {
        self.check_axis_into(axis, out).ok()?;
        let (all, n, block) = self.slabs(axis)?;
        Some((all, n, block, out.as_slice_mut()?))
    }

    /// Checks that `out` has the shape of `self` without `axis` ([`ErrorKind::SizeMismatch`]
    /// naming operand 1 otherwise).
    pub(super) fn check_axis_into<S2: Storage, const O: usize>(
        &self,
        axis: usize,
        out: &TensorBase<S2, O>,
    ) -> Result<(), ShapeError> {
        let mut outer_shape = [0usize; O];
        crate::layout::parts::remove_axis(self.shape(), axis, &mut outer_shape);
        crate::ops::check_same_shape(&outer_shape, out.shape()).map_err(|e| e.with_operand(1))
    }

    /// Calls `lane(run, slot)` for every lane along `axis` with the element of `out` it
    /// reduces to, after checking `out`'s shape (the one loop of the `_axis_into` forms).
    pub(crate) fn reduce_axis_into<S2, B, const O: usize>(
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
    pub(crate) fn nonempty_lanes(&self, axis: usize) -> Result<(), ShapeError> {
        if self.shape().get(axis) == Some(&0) && !self.is_empty_except(axis) {
            return Err(ShapeError::sizes(ErrorKind::Empty, Some(axis), 1, 0));
        }
        Ok(())
    }

    pub(super) fn is_empty_except(&self, axis: usize) -> bool {
        self.shape()
            .iter()
            .enumerate()
            .any(|(k, &d)| k != axis && d == 0)
    }

    /// The length of the lanes along `axis` as an element, the divisor of their means (see
    /// [`mean_count`]).
    pub(super) fn lane_count(&self, axis: usize) -> Result<S::Elem, ShapeError>
    where
        S::Elem: FromPrimitive + Zero,
    {
        let n = self.shape().get(axis).copied().unwrap_or(0);
        if n == 0 && self.is_empty_except(axis) {
            // No lanes at all: the value is never used.
            return Ok(S::Elem::zero());
        }
        mean_count(n, Some(axis))
    }
}

#[cfg(feature = "alloc")]
impl<S: Storage, const R: usize> TensorBase<S, R> {
    /// NaN, the mean of every lane, when the lanes along `axis` are empty and there are lanes
    /// (`count` is then zero, from [`lane_count`](Self::lane_count), in a type with NaN):
    /// the result is filled at once, its size checked, without a pass over nothing.
    pub(super) fn mean_of_nothing(&self, axis: usize, count: S::Elem) -> Option<S::Elem>
    where
        S::Elem: Zero + Div<Output = S::Elem> + Copy,
    {
        let lanes_empty = self.shape().get(axis) == Some(&0) && !self.is_empty_except(axis);
        lanes_empty.then(|| S::Elem::zero() / count)
    }
}

/// The divisor of a mean of `n` elements: `n` as an element. For no elements it is zero in a
/// type with NaN (floats, complex numbers), so that the mean is `0 / 0`, NaN, as NumPy's and
/// the Array API's mean of no elements; a type without NaN (integers) has no mean to give.
///
/// # Errors
///
/// [`ErrorKind::Empty`] (naming `axis`) for no elements of a type without NaN;
/// [`ErrorKind::Overflow`] if `n` does not fit the element type.
pub(super) fn mean_count<T: FromPrimitive + Zero>(
    n: usize,
    axis: Option<usize>,
) -> Result<T, ShapeError> {
    if n == 0 {
        return match T::from_f64(f64::NAN) {
            Some(_) => Ok(T::zero()),
            None => Err(ShapeError::sizes(ErrorKind::Empty, axis, 1, 0)),
        };
    }
    T::from_usize(n).ok_or_else(|| ShapeError::overflow(axis))
}
