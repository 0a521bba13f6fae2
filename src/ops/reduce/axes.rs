//! Reductions over two axes at once (feature `alloc`).

use super::*;

/// # Reductions over two axes at once (feature `alloc`)
///
/// `*_axes((Axis<A>, Axis<B>))` removes both axes (rank R → R − 2), in either order; the same
/// axis twice, or one beyond the rank, does not compile. Keep the axes with `.unsqueeze(..)` on
/// the result (O(1)). For more axes, chain the one- and two-axis forms.
#[cfg(feature = "alloc")]
impl<S: Storage, const R: usize> TensorBase<S, R> {
    /// The lower and higher of the two axes, and the result's shape.
    pub(super) fn two_axes<A1, A2, const O: usize>(&self) -> (usize, usize, [usize; O])
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
    pub(super) fn extreme_axes<A1, A2, const O: usize>(
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
        #[cfg(feature = "half")]
        if let Some((wide, narrow)) = super::half::widened(&self.view()) {
            return super::half::narrowed(&wide.sum_axes(_axes), narrow);
        }
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
        #[cfg(feature = "half")]
        if let Some(copy) = super::half::try_widened(&self.view()) {
            let (wide, narrow) = copy?;
            return wide
                .try_mean_axes(axes)
                .map(|t| super::half::narrowed(&t, narrow));
        }
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
        self.try_mean_axes(axes)
            .or_panic("mean over two axes", self.shape())
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
        self.try_max_axes(axes)
            .or_panic("max over two axes", self.shape())
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
        self.try_min_axes(axes)
            .or_panic("min over two axes", self.shape())
    }
}
