//! Reductions over a tuple of axes at once (feature `alloc`).

use super::*;
use crate::TensorView;
use crate::layout::axis_set;

/// # Reductions over several axes at once (feature `alloc`)
///
/// `*_axes((Axis<A>, Axis<B>, …))` reduces over every axis of the tuple (1 to 16 different axes,
/// in any order) and removes them: rank R → R − K, as NumPy's `axis=(a, b, …)`. The same axis
/// twice, or one beyond the rank, does not compile. For NumPy's `keepdims=True`, call
/// [`expand_dims`](TensorBase::expand_dims) with the same tuple on the result (O(1)).
///
/// Each reduction runs along one axis at a time, from the last of the tuple's axes to the
/// first, each pass on the smaller result of the one before.
#[cfg(feature = "alloc")]
impl<S: Storage, const R: usize> TensorBase<S, R> {
    /// This tensor's shape without `axes`.
    pub(crate) fn shape_without<const O: usize>(&self, axes: &[usize]) -> [usize; O] {
        let mut shape = [0usize; O];
        axis_set::remove_axes(self.shape(), axes, &mut shape);
        shape
    }

    /// Reduces over every axis of `axes`, one at a time from the last: `along(t, a)` reduces
    /// `t` along axis `a` (the row-major elements of `t` without that axis), which stays with
    /// size 1 for the next pass.
    pub(crate) fn over_axes<const O: usize>(
        &self,
        axes: &[usize],
        mut along: impl FnMut(TensorView<'_, S::Elem, R>, usize) -> Vec<S::Elem>,
    ) -> Tensor<S::Elem, O>
    where
        S::Elem: Clone,
    {
        let mut shape = *self.shape();
        let mut acc: Option<Tensor<S::Elem, R>> = None;
        for a in (0..R).rev().filter(|a| axes.contains(a)) {
            let reduced = match &acc {
                Some(t) => along(t.view(), a),
                None => along(self.view(), a),
            };
            shape[a] = 1;
            acc = Some(Tensor::from_contiguous_vec(reduced, shape));
        }
        let out = self.shape_without::<O>(axes);
        match acc {
            Some(t) => Tensor::from_contiguous_vec(t.into_vec(), out),
            // No axes to reduce (the rank rules ask for at least one): the elements as they are.
            None => Tensor::from_contiguous_vec(self.to_vec(), out),
        }
    }

    /// The extremes over `axes` (NaN propagates), after checking that no lane is empty.
    fn extreme_axes<Ax, const O: usize>(
        &self,
        smallest: bool,
    ) -> Result<Tensor<S::Elem, O>, ShapeError>
    where
        S::Elem: PartialOrd + Copy,
        Rank<R>: RemoveAxes<Ax, Out = Rank<O>>,
    {
        let axes = <Rank<R> as RemoveAxes<Ax>>::AXES;
        for &a in axes {
            self.nonempty_lanes(a)?;
        }
        Ok(self.over_axes(axes, |t, a| t.axis_extremes(a, smallest)))
    }

    /// The sums over the axes of the tuple (NumPy's `sum(axis=(a, b, …))`). Rank R → R − K;
    /// O(len).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, Tensor};
    ///
    /// // Per-image, per-channel totals of an NCHW batch: sum over H and W.
    /// let x: Tensor<f32, 4> = Tensor::ones([8, 3, 4, 4]);
    /// let per_image_channel: Tensor<f32, 2> = x.sum_axes((Axis::<2>, Axis::<3>));
    /// assert_eq!(per_image_channel.shape(), &[8, 3]);
    /// // Per-channel totals: over N, H and W, in any order.
    /// let per_channel: Tensor<f32, 1> = x.sum_axes((Axis::<3>, Axis::<0>, Axis::<2>));
    /// assert_eq!(per_channel.to_vec(), [128.0, 128.0, 128.0]);
    /// // `keepdims=True`: the same tuple given to `expand_dims`.
    /// let kept = x.sum_axes((Axis::<0>, Axis::<2>, Axis::<3>)).expand_dims((Axis::<0>, Axis::<2>, Axis::<3>));
    /// assert_eq!(kept.shape(), &[1, 3, 1, 1]);
    /// ```
    pub fn sum_axes<Ax, const O: usize>(&self, _axes: Ax) -> Tensor<S::Elem, O>
    where
        S::Elem: Zero + Add<Output = S::Elem> + Copy,
        Rank<R>: RemoveAxes<Ax, Out = Rank<O>>,
    {
        #[cfg(feature = "half")]
        if let Some((wide, narrow)) = super::half::widened(&self.view()) {
            return super::half::narrowed(&wide.sum_axes(_axes), narrow);
        }
        let axes = <Rank<R> as RemoveAxes<Ax>>::AXES;
        self.over_axes(axes, |t, a| t.axis_sums(a))
    }

    /// The products over the axes of the tuple (NumPy's `prod(axis=(a, b, …))`); 1 over empty
    /// axes. Rank R → R − K; O(len).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![[[1, 2], [3, 4]], [[5, 6], [7, 8]]];
    /// assert_eq!(t.prod_axes((Axis::<0>, Axis::<2>)).to_vec(), [1 * 2 * 5 * 6, 3 * 4 * 7 * 8]);
    /// ```
    pub fn prod_axes<Ax, const O: usize>(&self, _axes: Ax) -> Tensor<S::Elem, O>
    where
        S::Elem: One + Mul<Output = S::Elem> + Copy,
        Rank<R>: RemoveAxes<Ax, Out = Rank<O>>,
    {
        let axes = <Rank<R> as RemoveAxes<Ax>>::AXES;
        self.over_axes(axes, |t, a| t.axis_products(a))
    }

    /// The means over the axes of the tuple (NumPy's `mean(axis=(a, b, …))`). Rank R → R − K;
    /// O(len).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Empty`] naming an axis of size 0 (when the other axes are not empty) in a
    /// type without NaN (integers; floats and complex numbers give NaN, as NumPy's mean);
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
    pub fn try_mean_axes<Ax: Copy, const O: usize>(
        &self,
        axes: Ax,
    ) -> Result<Tensor<S::Elem, O>, ShapeError>
    where
        S::Elem: Zero + Add<Output = S::Elem> + Div<Output = S::Elem> + FromPrimitive + Copy,
        Rank<R>: RemoveAxes<Ax, Out = Rank<O>>,
    {
        #[cfg(feature = "half")]
        if let Some(copy) = super::half::try_widened(&self.view()) {
            let (wide, narrow) = copy?;
            return wide
                .try_mean_axes(axes)
                .map(|t| super::half::narrowed(&t, narrow));
        }
        let numbers = <Rank<R> as RemoveAxes<Ax>>::AXES;
        let mut count = 1usize;
        for &a in numbers {
            count = count
                .checked_mul(self.shape()[a])
                .ok_or_else(|| ShapeError::overflow(Some(a)))?;
        }
        let shape = self.shape();
        let no_groups = (0..R).any(|k| shape[k] == 0 && !numbers.contains(&k));
        let count = if count == 0 && no_groups {
            // No groups at all: no mean is computed, so the count is never used.
            S::Elem::zero()
        } else {
            let empty_axis = numbers.iter().copied().find(|&a| shape[a] == 0);
            let n = super::into::mean_count(count, empty_axis.or(numbers.first().copied()))?;
            if count == 0 {
                // Groups of no elements: `0 / 0`, NaN, in every place of a result whose size
                // is checked.
                return Tensor::try_full(self.shape_without::<O>(numbers), S::Elem::zero() / n);
            }
            n
        };
        let mut sums = self.sum_axes(axes);
        sums.map_inplace(|x| *x = *x / count);
        Ok(sums)
    }

    /// The means over the axes of the tuple. Rank R → R − K.
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
    pub fn mean_axes<Ax: Copy, const O: usize>(&self, axes: Ax) -> Tensor<S::Elem, O>
    where
        S::Elem: Zero + Add<Output = S::Elem> + Div<Output = S::Elem> + FromPrimitive + Copy,
        Rank<R>: RemoveAxes<Ax, Out = Rank<O>>,
    {
        self.try_mean_axes(axes)
            .or_panic("mean over several axes", self.shape())
    }

    /// The largest element over the axes of the tuple; NaN propagates. Rank R → R − K; O(len).
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
    pub fn try_max_axes<Ax, const O: usize>(
        &self,
        _axes: Ax,
    ) -> Result<Tensor<S::Elem, O>, ShapeError>
    where
        S::Elem: PartialOrd + Copy,
        Rank<R>: RemoveAxes<Ax, Out = Rank<O>>,
    {
        self.extreme_axes::<Ax, O>(false)
    }

    /// The largest element over the axes of the tuple. Rank R → R − K.
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
    pub fn max_axes<Ax, const O: usize>(&self, axes: Ax) -> Tensor<S::Elem, O>
    where
        S::Elem: PartialOrd + Copy,
        Rank<R>: RemoveAxes<Ax, Out = Rank<O>>,
    {
        self.try_max_axes(axes)
            .or_panic("max over several axes", self.shape())
    }

    /// The smallest element over the axes of the tuple; NaN propagates. Rank R → R − K; O(len).
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
    pub fn try_min_axes<Ax, const O: usize>(
        &self,
        _axes: Ax,
    ) -> Result<Tensor<S::Elem, O>, ShapeError>
    where
        S::Elem: PartialOrd + Copy,
        Rank<R>: RemoveAxes<Ax, Out = Rank<O>>,
    {
        self.extreme_axes::<Ax, O>(true)
    }

    /// The smallest element over the axes of the tuple. Rank R → R − K.
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
    pub fn min_axes<Ax, const O: usize>(&self, axes: Ax) -> Tensor<S::Elem, O>
    where
        S::Elem: PartialOrd + Copy,
        Rank<R>: RemoveAxes<Ax, Out = Rank<O>>,
    {
        self.try_min_axes(axes)
            .or_panic("min over several axes", self.shape())
    }
}

/// # Logical reductions over several axes at once (feature `alloc`)
#[cfg(feature = "alloc")]
impl<S: Storage<Elem = bool>, const R: usize> TensorBase<S, R> {
    /// Whether every element over the axes of the tuple is true (NumPy's
    /// `all(axis=(a, b, …))`); true over empty axes. Rank R → R − K; O(len).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let m = tensor![[[true, true], [true, false]], [[true, true], [true, true]]];
    /// assert_eq!(m.all_axes((Axis::<1>, Axis::<2>)).to_vec(), [false, true]);
    /// ```
    pub fn all_axes<Ax, const O: usize>(&self, _axes: Ax) -> Tensor<bool, O>
    where
        Rank<R>: RemoveAxes<Ax, Out = Rank<O>>,
    {
        let axes = <Rank<R> as RemoveAxes<Ax>>::AXES;
        self.over_axes(axes, |t, a| t.reduce_lanes(a, |run| run.iter().all(|&x| x)))
    }

    /// Whether some element over the axes of the tuple is true (NumPy's
    /// `any(axis=(a, b, …))`); false over empty axes. Rank R → R − K; O(len).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let m = tensor![[[false, false], [true, false]], [[false, false], [false, false]]];
    /// assert_eq!(m.any_axes((Axis::<0>, Axis::<2>)).to_vec(), [false, true]);
    /// ```
    pub fn any_axes<Ax, const O: usize>(&self, _axes: Ax) -> Tensor<bool, O>
    where
        Rank<R>: RemoveAxes<Ax, Out = Rank<O>>,
    {
        let axes = <Rank<R> as RemoveAxes<Ax>>::AXES;
        self.over_axes(axes, |t, a| t.reduce_lanes(a, |run| run.iter().any(|&x| x)))
    }
}
