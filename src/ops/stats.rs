//! Statistics and scans: variance and standard deviation with `ddof` (an integer or a float;
//! whole and along an axis), `argmax`/`argmin` along an axis, and cumulative sums and products.
//!
//! Variances are computed in two passes, as NumPy computes them: the mean, then the squared
//! deviations from it, each summed with the blocked pairwise cascade of `sum` (see
//! [accuracy of sums](crate::ops#accuracy-of-sums)), so the error grows like O(log n) rather
//! than O(n) and a large mean costs no precision beyond the rounding of the mean itself. Along
//! an axis, contiguous lanes are reduced one by one; lanes down the columns of row-major data
//! are summed slice by slice into blocks of the result, through the same summation kernels as
//! `sum_axis`.

use num_traits::Float;

use super::sum::lane_sum_of;
use crate::engine::{self, Run};
use crate::error::ShapeError;
use crate::rank::{HasAxis, IsAxis, Rank, RemoveAxis};
use crate::storage::{Storage, StorageMut};
use crate::tensor::TensorBase;

#[cfg(feature = "alloc")]
use {
    super::sum::SquaresAbout,
    crate::{
        Axis, ErrorKind, TensorView,
        layout::{axis_set, parts},
        rank::RemoveAxes,
        tensor::Tensor,
    },
};

/// The degrees of freedom that [`var`](TensorBase::var) and [`std`](TensorBase::std) (and
/// their forms along an axis and without NaN) remove from the count: the divisor is
/// `n − ddof`. An integer, as NumPy's `ddof` (`0`: the population variance; `1`: the sample
/// variance, PyTorch's default), or a float, as the Python Array API's `correction` and
/// NumPy's float `ddof` (`0.5`). Implemented for `usize`, `f32` and `f64`; integer literals
/// are `usize`.
///
/// # Examples
///
/// ```
/// use ranked::tensor;
///
/// let t = tensor![1.0, 2.0, 3.0, 6.0];
/// assert_eq!(t.var(1).unwrap(), 14.0 / 3.0);
/// assert_eq!(t.var(0.5).unwrap(), 14.0 / 3.5);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot count degrees of freedom for `var` and `std`",
    label = "an integer (`usize`) or a float (`f32`, `f64`)",
    note = "`var(1)` is the sample variance; `var(0.5)` removes half a degree (NumPy's float `ddof`)"
)]
pub trait Ddof: Copy + sealed::Sealed {
    /// The divisor `n − ddof` as `T`, if it is positive.
    #[doc(hidden)]
    fn divisor_of<T: Float>(self, n: usize) -> Option<T>;
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for usize {}
    impl Sealed for f32 {}
    impl Sealed for f64 {}
}

#[diagnostic::do_not_recommend]
impl Ddof for usize {
    fn divisor_of<T: Float>(self, n: usize) -> Option<T> {
        n.checked_sub(self).filter(|&d| d > 0).and_then(T::from)
    }
}

#[diagnostic::do_not_recommend]
impl Ddof for f64 {
    fn divisor_of<T: Float>(self, n: usize) -> Option<T> {
        // In `f64`, as NumPy computes `n − ddof`; NaN or not positive is no divisor.
        let d = n as f64 - self;
        if d > 0.0 { T::from(d) } else { None }
    }
}

#[diagnostic::do_not_recommend]
impl Ddof for f32 {
    fn divisor_of<T: Float>(self, n: usize) -> Option<T> {
        f64::from(self).divisor_of(n)
    }
}

/// The divisors of a variance of `n` elements, `n − ddof` and `n`, if both are positive;
/// `None` where the variance is NaN, as the Array API's (`n − ddof ≤ 0`, or no elements).
fn divisors<T: Float>(n: usize, ddof: impl Ddof) -> Option<(T, T)> {
    Some((ddof.divisor_of(n)?, 0usize.divisor_of(n)?))
}

/// The sum of `(x − mean)²` over one lane, with its own mean (`count` is its length), pairwise.
/// `widen` gives each element in the type the sums are in (`f32` for half precision).
fn lane_squares<T: Copy, U: Float>(run: Run<'_, T>, count: U, widen: impl Fn(T) -> U + Copy) -> U {
    let mean = lane_sum_of(run, widen) / count;
    lane_sum_of(run, |x| {
        let d = widen(x) - mean;
        d * d
    })
}

/// The index along a lane of its first largest (or smallest) element, or of its first NaN.
#[cfg(feature = "alloc")]
fn lane_arg<T: PartialOrd>(run: Run<'_, T>, smallest: bool) -> usize {
    let mut best: Option<(usize, &T)> = None;
    for (i, x) in run.iter().enumerate() {
        if x.partial_cmp(x).is_none() {
            return i;
        }
        match best {
            Some((_, b)) if !((smallest && x < b) || (!smallest && x > b)) => {}
            _ => best = Some((i, x)),
        }
    }
    best.map_or(0, |(i, _)| i)
}

/// # Statistics
///
/// `ddof` ("delta degrees of freedom") is NumPy's: the divisor is `n − ddof`, so `ddof = 0` is
/// the population variance and `ddof = 1` the sample variance (PyTorch's default correction);
/// a float `ddof` is the Array API's `correction` (see [`Ddof`]). Where `n − ddof` is not
/// positive (no elements, or no more than `ddof`), the variance and the standard deviation
/// are NaN, as the Array API's and PyTorch's (NumPy warns, and gives NaN or ±∞).
impl<S: Storage, const R: usize> TensorBase<S, R>
where
    S::Elem: Float,
{
    /// The variance of all elements, `Σ(x − mean)² / (n − ddof)` (NumPy's `var(ddof=ddof)`).
    /// O(len), two passes, no allocation.
    ///
    /// Both passes sum pairwise, as [`sum`](Self::sum) does, so the relative error stays
    /// within a few units of rounding times `log₂ n` (under 10⁻⁶ for 10⁷ `f32` values around
    /// 1000 with unit spread), not the O(n) growth of a running sum.
    ///
    /// NaN unless `n − ddof` is positive (see above).
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Allocation`] only for `f16` and `bf16` (feature `half`), which are
    /// widened to `f32` in a copy; other element types never fail.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let t = tensor![[1.0f64, 2.0], [3.0, 4.0]];
    /// assert_eq!(t.var(0).unwrap(), 1.25);
    /// assert_eq!(t.var(1).unwrap(), 5.0 / 3.0);
    /// assert!(t.var(4).unwrap().is_nan()); // n − ddof = 0
    /// assert_eq!(t.var(1.5).unwrap(), 5.0 / 2.5); // a float `correction`, as the Array API
    /// ```
    pub fn var(&self, ddof: impl Ddof) -> Result<S::Elem, ShapeError> {
        #[cfg(feature = "half")]
        if let Some(copy) = super::reduce::half::try_widened(&self.view()) {
            let (wide, narrow) = copy?;
            return wide.var(ddof).map(narrow);
        }
        let Some((div, count)) = divisors::<S::Elem>(self.len(), ddof) else {
            return Ok(S::Elem::nan());
        };
        let mean = self.sum() / count;
        let squares = self.sum_map(|x| {
            let d = x - mean;
            d * d
        });
        Ok(squares / div)
    }

    /// The standard deviation of all elements, `√var(ddof)`. O(len), two passes.
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Errors
    ///
    /// As [`var`](Self::var).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// assert_eq!(tensor![2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0].std(0).unwrap(), 2.0);
    /// ```
    pub fn std(&self, ddof: impl Ddof) -> Result<S::Elem, ShapeError> {
        #[cfg(feature = "half")]
        if let Some(copy) = super::reduce::half::try_widened(&self.view()) {
            let (wide, narrow) = copy?;
            return wide.std(ddof).map(narrow);
        }
        self.var(ddof).map(Float::sqrt)
    }

    /// The variance of every lane along axis `A`, `Σ(x − mean)² / (n − ddof)`, into `out` (NumPy's
    /// `var(axis=A, ddof=ddof, out=out)`): [`var_axis`](Self::var_axis) into caller storage.
    /// NaN where `n − ddof` is not positive. Rank R → R − 1; O(len), two passes over each lane,
    /// pairwise sums, no allocation. `f16` and `bf16` are summed in `f32` (as PyTorch does),
    /// only the results rounded.
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::SizeMismatch`] naming operand 1 (`out`), its axis, the size needed and the size
    /// found, if `out` does not have the shape of `self` without axis `A`; `out` is unchanged then.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{ArrayTensor, Axis, inline_tensor};
    ///
    /// let t = inline_tensor![[1.0f32, 2.0, 3.0, 6.0], [2.0, 2.0, 2.0, 2.0]];
    /// let mut rows = ArrayTensor::<f32, 2, 1>::zeros([2]).unwrap();
    /// t.var_axis_into(Axis::<1>, 1, &mut rows).unwrap();
    /// assert!(rows.iter().copied().eq([14.0 / 3.0, 0.0]));
    /// t.std_axis_into(Axis::<1>, 0, &mut rows).unwrap();
    /// assert!(rows.iter().copied().eq([3.5f32.sqrt(), 0.0]));
    /// ```
    pub fn var_axis_into<Ax: IsAxis, S2, const O: usize>(
        &self,
        _axis: Ax,
        ddof: impl Ddof,
        out: &mut TensorBase<S2, O>,
    ) -> Result<(), ShapeError>
    where
        S2: StorageMut<Elem = S::Elem>,
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        let axis = <Rank<R> as RemoveAxis<Ax>>::AXIS;
        let n = self.shape().get(axis).copied().unwrap_or(0);
        #[cfg(feature = "half")]
        if let Some((widen, narrow)) = super::reduce::half::converters::<S::Elem>() {
            let divisors = divisors::<f32>(n, ddof);
            return self.reduce_axis_into(axis, out, |lane, slot| {
                *slot = narrow(divisors.map_or(f32::NAN, |(div, count)| {
                    lane_squares(lane, count, |x| widen(&x)) / div
                }));
            });
        }
        let divisors = divisors::<S::Elem>(n, ddof);
        self.reduce_axis_into(axis, out, |lane, slot| {
            *slot = divisors.map_or(S::Elem::nan(), |(div, count)| {
                lane_squares(lane, count, |x| x) / div
            });
        })
    }

    /// The standard deviation of every lane along axis `A`, `√var`, into `out` (NumPy's
    /// `std(axis=A, ddof=ddof, out=out)`): see [`var_axis_into`](Self::var_axis_into).
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Errors
    ///
    /// As [`var_axis_into`](Self::var_axis_into).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{ArrayTensor, Axis, inline_tensor};
    ///
    /// let t = inline_tensor![[2.0f64, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]];
    /// let mut out = ArrayTensor::<f64, 1, 1>::zeros([1]).unwrap();
    /// t.std_axis_into(Axis::<1>, 0, &mut out).unwrap();
    /// assert_eq!(out.get([0]), Some(&2.0));
    /// ```
    pub fn std_axis_into<Ax: IsAxis, S2, const O: usize>(
        &self,
        axis: Ax,
        ddof: impl Ddof,
        out: &mut TensorBase<S2, O>,
    ) -> Result<(), ShapeError>
    where
        S2: StorageMut<Elem = S::Elem>,
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        self.var_axis_into(axis, ddof, out)?;
        out.map_inplace(|x| *x = x.sqrt());
        Ok(())
    }
}

/// # Statistics along an axis (feature `alloc`)
#[cfg(feature = "alloc")]
impl<S: Storage, const R: usize> TensorBase<S, R>
where
    S::Elem: Float,
{
    /// The variance along axis `A` (NumPy's `var(axis=A, ddof=ddof)`). Rank R → R − 1; O(len),
    /// two passes. Keep the axis with `.unsqueeze(Axis::<A>)` on the result (O(1)).
    ///
    /// Summed pairwise along the axis whatever the layout, with the error bound of
    /// [`var`](Self::var).
    ///
    /// Every result is NaN unless the axis is longer than `ddof`.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Allocation`] if the result cannot be allocated.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![[1.0, 2.0], [3.0, 6.0]];
    /// assert_eq!(t.var_axis(Axis::<0>, 0).unwrap().to_vec(), [1.0, 4.0]);
    /// assert_eq!(t.var_axis(Axis::<1>, 1).unwrap().to_vec(), [0.5, 4.5]);
    /// ```
    pub fn var_axis<Ax: IsAxis, const O: usize>(
        &self,
        _which: Ax,
        ddof: impl Ddof,
    ) -> Result<Tensor<S::Elem, O>, ShapeError>
    where
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        #[cfg(feature = "half")]
        if let Some(copy) = super::reduce::half::try_widened(&self.view()) {
            let (wide, narrow) = copy?;
            return wide
                .var_axis(_which, ddof)
                .map(|t| super::reduce::half::narrowed(&t, narrow));
        }
        let axis = <Rank<R> as RemoveAxis<Ax>>::AXIS;
        let mut out_shape = [0usize; O];
        parts::remove_axis(self.shape(), axis, &mut out_shape);
        let Some((div, count)) = divisors::<S::Elem>(self.shape()[axis], ddof) else {
            return Tensor::try_full(out_shape, S::Elem::nan());
        };
        let blocks = if self.lanes_are_strided(axis) {
            let mut means = self.axis_sums(axis);
            means.iter_mut().for_each(|m| *m = *m / count);
            self.axis_sums_by_blocks(axis, |o| SquaresAbout(&means[o..]))
        } else {
            None
        };
        // Lanes that are contiguous, or strided in a layout the blocks do not take, are
        // reduced one by one.
        let squares = blocks
            .unwrap_or_else(|| self.reduce_lanes(axis, |run| lane_squares(run, count, |x| x)));
        let mut out = Tensor::from_contiguous_vec(squares, out_shape);
        out.map_inplace(|x| *x = *x / div);
        Ok(out)
    }

    /// The standard deviation along axis `A`. Rank R → R − 1; O(len), two passes.
    ///
    /// # Errors
    ///
    /// As [`var_axis`](Self::var_axis).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![[1.0, 2.0], [3.0, 6.0]];
    /// assert_eq!(t.std_axis(Axis::<0>, 0).unwrap().to_vec(), [1.0, 2.0]);
    /// ```
    pub fn std_axis<Ax: IsAxis, const O: usize>(
        &self,
        which: Ax,
        ddof: impl Ddof,
    ) -> Result<Tensor<S::Elem, O>, ShapeError>
    where
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        #[cfg(feature = "half")]
        if let Some(copy) = super::reduce::half::try_widened(&self.view()) {
            let (wide, narrow) = copy?;
            return wide
                .std_axis(which, ddof)
                .map(|t| super::reduce::half::narrowed(&t, narrow));
        }
        let mut out = self.var_axis(which, ddof)?;
        out.sqrt_inplace();
        Ok(out)
    }

    /// The variance over the axes of a tuple (NumPy's `var(axis=(a, b, …), ddof=ddof)`): of
    /// each group of elements that share the other axes' indices. Rank R → R − K; O(len), two
    /// passes over one copy of the input, in which each group is one run (the tuple's axes
    /// moved last), with the error bound of [`var`](Self::var).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Allocation`] if the copy cannot be allocated. Every result is NaN unless
    /// each group holds more than `ddof` elements.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, Tensor};
    ///
    /// // Per-channel variance of an NCHW batch, over N, H and W.
    /// let x = Tensor::from_fn([2, 3, 2, 2], |[n, c, h, w]| (n * 8 + c * 2 + h * w) as f64);
    /// let v: Tensor<f64, 1> = x.var_axes((Axis::<0>, Axis::<2>, Axis::<3>), 0).unwrap();
    /// assert_eq!(v.to_vec(), [16.1875; 3]);
    /// ```
    pub fn var_axes<Ax, const O: usize>(
        &self,
        _axes: Ax,
        ddof: impl Ddof,
    ) -> Result<Tensor<S::Elem, O>, ShapeError>
    where
        Rank<R>: RemoveAxes<Ax, Out = Rank<O>>,
    {
        #[cfg(feature = "half")]
        if let Some(copy) = super::reduce::half::try_widened(&self.view()) {
            let (wide, narrow) = copy?;
            return wide
                .var_axes(_axes, ddof)
                .map(|t| super::reduce::half::narrowed(&t, narrow));
        }
        let axes = <Rank<R> as RemoveAxes<Ax>>::AXES;
        let group = axes.iter().try_fold(1usize, |n, &a| {
            n.checked_mul(self.shape()[a])
                .ok_or_else(|| ShapeError::overflow(Some(a)))
        })?;
        let out_shape = self.shape_without::<O>(axes);
        if divisors::<S::Elem>(group, ddof).is_none() {
            return Tensor::try_full(out_shape, S::Elem::nan());
        }
        let grouped = self
            .view()
            .permute(axis_set::axes_last::<R>(axes)?)?
            .to_contiguous();
        let data = grouped.as_slice().unwrap_or(&[]);
        // `group` is positive: `divisors` accepted it.
        let rows = TensorView::from_slice(data, [data.len() / group, group])?;
        let per_row = rows.var_axis(Axis::<1>, ddof)?;
        Ok(Tensor::from_contiguous_vec(per_row.into_vec(), out_shape))
    }

    /// The standard deviation over the axes of a tuple, `√var_axes(ddof)`. Rank R → R − K.
    ///
    /// # Errors
    ///
    /// As [`var_axes`](Self::var_axes).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![[[1.0, 3.0], [1.0, 3.0]], [[0.0, 0.0], [4.0, 4.0]]];
    /// assert_eq!(t.std_axes((Axis::<1>, Axis::<2>), 0).unwrap().to_vec(), [1.0, 2.0]);
    /// ```
    pub fn std_axes<Ax, const O: usize>(
        &self,
        axes: Ax,
        ddof: impl Ddof,
    ) -> Result<Tensor<S::Elem, O>, ShapeError>
    where
        Rank<R>: RemoveAxes<Ax, Out = Rank<O>>,
    {
        let mut out = self.var_axes(axes, ddof)?;
        out.sqrt_inplace();
        Ok(out)
    }
}

/// # Statistics along an axis, kept with size 1 (feature `alloc`)
///
/// NumPy's `keepdims=True`: the result has the input's rank, the reduced axis of size 1, so it
/// broadcasts against the input (`(&x - &x.mean_axis_keepdims(..)) / &x.std_axis_keepdims(..)`).
#[cfg(feature = "alloc")]
impl<S: Storage, const R: usize> TensorBase<S, R>
where
    S::Elem: Float,
{
    /// [`var_axis`](Self::var_axis) keeping axis `A` with size 1; rank R → R.
    ///
    /// # Errors
    ///
    /// As [`var_axis`](Self::var_axis).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![[1.0, 2.0], [3.0, 6.0]];
    /// assert_eq!(t.var_axis_keepdims(Axis::<1>, 0).unwrap(), tensor![[0.25], [2.25]]);
    /// ```
    pub fn var_axis_keepdims<Ax: IsAxis, const O: usize>(
        &self,
        which: Ax,
        ddof: impl Ddof,
    ) -> Result<Tensor<S::Elem, R>, ShapeError>
    where
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        let axis = <Rank<R> as RemoveAxis<Ax>>::AXIS;
        Ok(self.keep_axis(axis, self.var_axis(which, ddof)?))
    }

    /// [`std_axis`](Self::std_axis) keeping axis `A` with size 1; rank R → R.
    ///
    /// # Errors
    ///
    /// As [`var_axis`](Self::var_axis).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let x = tensor![[1.0, 3.0], [2.0, 8.0]];
    /// let z = (&x - &x.mean_axis_keepdims(Axis::<0>)) / &x.std_axis_keepdims(Axis::<0>, 0).unwrap();
    /// assert_eq!(z, tensor![[-1.0, -1.0], [1.0, 1.0]]);
    /// ```
    pub fn std_axis_keepdims<Ax: IsAxis, const O: usize>(
        &self,
        which: Ax,
        ddof: impl Ddof,
    ) -> Result<Tensor<S::Elem, R>, ShapeError>
    where
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        let axis = <Rank<R> as RemoveAxis<Ax>>::AXIS;
        Ok(self.keep_axis(axis, self.std_axis(which, ddof)?))
    }
}

/// # Arg-extremes along an axis (feature `alloc`)
#[cfg(feature = "alloc")]
impl<S: Storage, const R: usize> TensorBase<S, R>
where
    S::Elem: PartialOrd,
{
    /// The index of the first largest element of each lane along axis `A` (NumPy's
    /// `argmax(axis=A)`); a lane holding NaN gives the index of its first NaN, as in NumPy.
    /// Rank R → R − 1, of `usize`; O(len).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Empty`] naming the axis if it has size 0 (NumPy raises too).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, Tensor, tensor};
    ///
    /// let t = tensor![[1.0, 9.0, 3.0], [7.0, f64::NAN, 7.0]];
    /// let rows: Tensor<usize, 1> = t.argmax_axis(Axis::<1>).unwrap();
    /// assert_eq!(rows.to_vec(), [1, 1]);
    /// assert_eq!(t.argmax_axis(Axis::<0>).unwrap().to_vec(), [1, 1, 1]);
    /// ```
    pub fn argmax_axis<Ax: IsAxis, const O: usize>(
        &self,
        which: Ax,
    ) -> Result<Tensor<usize, O>, ShapeError>
    where
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        self.arg_axis(which, false)
    }

    /// The index of the first smallest element of each lane along axis `A` (NumPy's
    /// `argmin(axis=A)`); NaN as for [`argmax_axis`](Self::argmax_axis). Rank R → R − 1;
    /// O(len).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Empty`] naming the axis if it has size 0.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![[4, 2, 2], [0, 5, 1]];
    /// assert_eq!(t.argmin_axis(Axis::<1>).unwrap().to_vec(), [1, 0]);
    /// ```
    pub fn argmin_axis<Ax: IsAxis, const O: usize>(
        &self,
        which: Ax,
    ) -> Result<Tensor<usize, O>, ShapeError>
    where
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        self.arg_axis(which, true)
    }

    /// [`argmax_axis`](Self::argmax_axis) keeping axis `A` with size 1 (`keepdims=True`);
    /// rank R → R.
    ///
    /// # Errors
    ///
    /// As [`argmax_axis`](Self::argmax_axis).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![[1, 9, 3], [7, 2, 8]];
    /// assert_eq!(t.argmax_axis_keepdims(Axis::<1>).unwrap(), tensor![[1usize], [2]]);
    /// ```
    pub fn argmax_axis_keepdims<Ax: IsAxis, const O: usize>(
        &self,
        which: Ax,
    ) -> Result<Tensor<usize, R>, ShapeError>
    where
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        let axis = <Rank<R> as RemoveAxis<Ax>>::AXIS;
        Ok(self.keep_axis(axis, self.arg_axis(which, false)?))
    }

    /// [`argmin_axis`](Self::argmin_axis) keeping axis `A` with size 1 (`keepdims=True`);
    /// rank R → R.
    ///
    /// # Errors
    ///
    /// As [`argmin_axis`](Self::argmin_axis).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![[1, 9, 3], [7, 2, 8]];
    /// assert_eq!(t.argmin_axis_keepdims(Axis::<0>).unwrap(), tensor![[0usize, 1, 0]]);
    /// ```
    pub fn argmin_axis_keepdims<Ax: IsAxis, const O: usize>(
        &self,
        which: Ax,
    ) -> Result<Tensor<usize, R>, ShapeError>
    where
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        let axis = <Rank<R> as RemoveAxis<Ax>>::AXIS;
        Ok(self.keep_axis(axis, self.arg_axis(which, true)?))
    }

    /// The row-major (flat) position of the first largest element (of the first NaN, if
    /// any) in a tensor of shape `[1, …, 1]`: rank R → R, as NumPy's
    /// `argmax(x, keepdims=True)` without an axis. O(len).
    ///
    /// # Errors
    ///
    /// As [`try_argmax_flat`](Self::try_argmax_flat); [`ErrorKind::Allocation`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let t = tensor![[1, 9, 3], [7, 2, 9]];
    /// assert_eq!(t.argmax_flat_keepdims().unwrap(), tensor![[1usize]]);
    /// ```
    pub fn argmax_flat_keepdims(&self) -> Result<Tensor<usize, R>, ShapeError>
    where
        S::Elem: PartialOrd,
    {
        Tensor::try_full([1; R], self.try_argmax_flat()?)
    }

    /// The row-major (flat) position of the first smallest element (of the first NaN, if
    /// any) in a tensor of shape `[1, …, 1]`, as NumPy's `argmin(x, keepdims=True)`.
    ///
    /// # Errors
    ///
    /// As [`argmax_flat_keepdims`](Self::argmax_flat_keepdims).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let t = tensor![[[4.0, 2.0], [f64::NAN, 1.0]]];
    /// assert_eq!(t.argmin_flat_keepdims().unwrap(), tensor![[[2usize]]]);
    /// ```
    pub fn argmin_flat_keepdims(&self) -> Result<Tensor<usize, R>, ShapeError>
    where
        S::Elem: PartialOrd,
    {
        Tensor::try_full([1; R], self.try_argmin_flat()?)
    }

    fn arg_axis<Ax: IsAxis, const O: usize>(
        &self,
        _which: Ax,
        smallest: bool,
    ) -> Result<Tensor<usize, O>, ShapeError>
    where
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        let axis = <Rank<R> as RemoveAxis<Ax>>::AXIS;
        if self.shape()[axis] == 0 {
            return Err(ShapeError::sizes(ErrorKind::Empty, Some(axis), 1, 0));
        }
        let mut out_shape = [0usize; O];
        parts::remove_axis(self.shape(), axis, &mut out_shape);
        let out = self.reduce_lanes(axis, |run| lane_arg(run, smallest));
        Ok(Tensor::from_contiguous_vec(out, out_shape))
    }
}

/// # Cumulative sums and products (feature `alloc`)
#[cfg(feature = "alloc")]
impl<S: Storage, const R: usize> TensorBase<S, R>
where
    S::Elem: Clone,
{
    /// The running sums along axis `A` (NumPy's `cumsum(axis=A)`), as a new row-major tensor of
    /// the same shape. Rank R → R; O(len).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![[1, 2, 3], [4, 5, 6]];
    /// assert_eq!(t.cumsum(Axis::<1>).to_vec(), [1, 3, 6, 4, 9, 15]);
    /// assert_eq!(t.cumsum(Axis::<0>).to_vec(), [1, 2, 3, 5, 7, 9]);
    /// ```
    #[must_use]
    pub fn cumsum<Ax: IsAxis>(&self, which: Ax) -> Tensor<S::Elem, R>
    where
        S::Elem: core::ops::Add<Output = S::Elem>,
        Rank<R>: HasAxis<Ax>,
    {
        self.scan(which, |prev, x| *x = prev.clone() + x.clone())
    }

    /// The running products along axis `A` (NumPy's `cumprod(axis=A)`). Rank R → R; O(len).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![[1, 2, 3], [4, 5, 6]];
    /// assert_eq!(t.cumprod(Axis::<1>).to_vec(), [1, 2, 6, 4, 20, 120]);
    /// ```
    #[must_use]
    pub fn cumprod<Ax: IsAxis>(&self, which: Ax) -> Tensor<S::Elem, R>
    where
        S::Elem: core::ops::Mul<Output = S::Elem>,
        Rank<R>: HasAxis<Ax>,
    {
        self.scan(which, |prev, x| *x = prev.clone() * x.clone())
    }

    /// The running sums along axis `A` (the Array API's `cumulative_sum`): with
    /// `include_initial`, a 0 first, so the axis grows by one (`[0, x₀, x₀ + x₁, …]`);
    /// without, [`cumsum`](Self::cumsum). Rank R → R; O(len).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Overflow`] or [`ErrorKind::Allocation`] if the longer result does not fit.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![[1, 2, 3], [4, 5, 6]];
    /// let c = t.cumulative_sum(Axis::<1>, true).unwrap();
    /// assert_eq!(c, tensor![[0, 1, 3, 6], [0, 4, 9, 15]]);
    /// ```
    pub fn cumulative_sum<Ax: IsAxis + Copy>(
        &self,
        which: Ax,
        include_initial: bool,
    ) -> Result<Tensor<S::Elem, R>, ShapeError>
    where
        S::Elem: core::ops::Add<Output = S::Elem> + num_traits::Zero,
        Rank<R>: HasAxis<Ax>,
    {
        Self::with_initial(
            self.cumsum(which),
            which,
            include_initial,
            <S::Elem as num_traits::Zero>::zero(),
        )
    }

    /// The running products along axis `A` (the Array API's `cumulative_prod`): with
    /// `include_initial`, a 1 first, so the axis grows by one; without,
    /// [`cumprod`](Self::cumprod). Rank R → R; O(len).
    ///
    /// # Errors
    ///
    /// As [`cumulative_sum`](Self::cumulative_sum).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let c = tensor![2.0, 3.0, 4.0].cumulative_prod(Axis::<0>, true).unwrap();
    /// assert_eq!(c.to_vec(), [1.0, 2.0, 6.0, 24.0]);
    /// ```
    pub fn cumulative_prod<Ax: IsAxis + Copy>(
        &self,
        which: Ax,
        include_initial: bool,
    ) -> Result<Tensor<S::Elem, R>, ShapeError>
    where
        S::Elem: core::ops::Mul<Output = S::Elem> + num_traits::One,
        Rank<R>: HasAxis<Ax>,
    {
        Self::with_initial(
            self.cumprod(which),
            which,
            include_initial,
            <S::Elem as num_traits::One>::one(),
        )
    }

    /// `scanned` with `initial` put before its first element along axis `A`, when asked.
    fn with_initial<Ax: IsAxis>(
        scanned: Tensor<S::Elem, R>,
        _which: Ax,
        include_initial: bool,
        initial: S::Elem,
    ) -> Result<Tensor<S::Elem, R>, ShapeError>
    where
        Rank<R>: HasAxis<Ax>,
    {
        if !include_initial {
            return Ok(scanned);
        }
        let mut widths = [(0, 0); R];
        widths[<Rank<R> as HasAxis<Ax>>::AXIS] = (1, 0);
        scanned.pad(widths, super::PadMode::Constant(initial))
    }

    fn scan<Ax: IsAxis>(
        &self,
        which: Ax,
        f: impl FnMut(&S::Elem, &mut S::Elem),
    ) -> Tensor<S::Elem, R>
    where
        Rank<R>: HasAxis<Ax>,
    {
        let mut out = self.to_contiguous();
        out.scan_inplace(which, f);
        out
    }
}

/// # Cumulative sums and products in place
impl<S: StorageMut, const R: usize> TensorBase<S, R>
where
    S::Elem: Clone,
{
    /// Replaces every element with the running sum along axis `A` up to it (NumPy's
    /// `cumsum(axis=A, out=a)`). Rank R → R; O(len), no allocation.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, inline_tensor};
    ///
    /// let mut t = inline_tensor![[1, 2, 3], [4, 5, 6]];
    /// t.cumsum_inplace(Axis::<0>);
    /// assert_eq!(t.iter().copied().collect::<Vec<_>>(), [1, 2, 3, 5, 7, 9]);
    /// ```
    pub fn cumsum_inplace<Ax: IsAxis>(&mut self, which: Ax)
    where
        S::Elem: core::ops::Add<Output = S::Elem>,
        Rank<R>: HasAxis<Ax>,
    {
        self.scan_inplace(which, |prev, x| *x = prev.clone() + x.clone());
    }

    /// Replaces every element with the running product along axis `A` up to it. Rank R → R;
    /// O(len), no allocation.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, inline_tensor};
    ///
    /// let mut t = inline_tensor![2, 3, 4];
    /// t.cumprod_inplace(Axis::<0>);
    /// assert_eq!(t.iter().copied().collect::<Vec<_>>(), [2, 6, 24]);
    /// ```
    pub fn cumprod_inplace<Ax: IsAxis>(&mut self, which: Ax)
    where
        S::Elem: core::ops::Mul<Output = S::Elem>,
        Rank<R>: HasAxis<Ax>,
    {
        self.scan_inplace(which, |prev, x| *x = prev.clone() * x.clone());
    }

    fn scan_inplace<Ax: IsAxis>(&mut self, _which: Ax, mut f: impl FnMut(&S::Elem, &mut S::Elem))
    where
        Rank<R>: HasAxis<Ax>,
    {
        let axis = <Rank<R> as HasAxis<Ax>>::AXIS;
        let layout = *self.layout();
        let data = self.view_mut().into_raw_parts().0;
        // SAFETY: this tensor's storage and unique layout (invariants 1 and 2).
        unsafe { engine::scan_axis(data, layout.shape(), layout.operand(), axis, &mut f) };
    }
}

/// The statistics and scans that need no allocator, on fixed-size storage (run by CI without
/// the `alloc` feature too).
#[cfg(test)]
mod tests {
    use crate::{Axis, TensorView, inline_tensor};

    #[test]
    fn whole_statistics_and_scans_without_an_allocator() {
        let t = inline_tensor![[1.0f64, 2.0, 3.0], [4.0, 5.0, 9.0]];
        assert_eq!(t.var(0).unwrap(), 40.0 / 6.0);
        assert_eq!(t.std(1).unwrap(), 8f64.sqrt());
        let empty = TensorView::<f32, 2>::from_slice(&[], [0, 3]).unwrap();
        assert!(empty.var(0).unwrap().is_nan());
        assert!(t.var(6).unwrap().is_nan() && t.std(7.5).unwrap().is_nan());
        let mut c = inline_tensor![[1, 2, 3], [4, 5, 6]];
        c.cumsum_inplace(Axis::<1>);
        assert!(c.iter().copied().eq([1, 3, 6, 4, 9, 15]));
        let mut p = inline_tensor![[1, 2], [3, 4]];
        p.view_mut().flip(Axis::<0>).cumprod_inplace(Axis::<0>);
        assert!(p.iter().copied().eq([3, 8, 3, 4]));
    }

    #[test]
    fn masks_and_in_place_maths_without_an_allocator() {
        let mut t = inline_tensor![[0.25f32, -4.0], [9.0, f32::NAN]];
        let mask_data = [false, true, false, true];
        let mask = TensorView::from_slice(&mask_data, [2, 2]).unwrap();
        t.fill_where(&mask, 1.0).unwrap();
        t.sqrt_inplace();
        assert!(t.iter().copied().eq([0.5, 1.0, 3.0, 1.0]));
        assert!(mask.any() && !mask.all() && mask.count() == 2);
        let row = inline_tensor![0.5f32, 1.0];
        assert_eq!(t.allclose(&row, 0.0, 0.0), Ok(false)); // the second row differs
        let first = t.view().select(Axis::<0>, 0).unwrap();
        assert_eq!(first.allclose(&row, 0.0, 0.0), Ok(true));
        t.clamp_inplace(0.75, 2.0);
        assert!(t.iter().copied().eq([0.75, 1.0, 2.0, 1.0]));
    }
}
