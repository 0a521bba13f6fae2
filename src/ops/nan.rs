//! NaN-aware reductions, whole and along an axis: NumPy's `nansum`, `nanmean`, `nanvar`,
//! `nanstd`, `nanmin`, `nanmax`, `nanargmin` and `nanargmax`, which skip NaN elements.
//!
//! With NumPy's results where every element is NaN: `nansum` gives 0; `nanmean`, `nanvar`,
//! `nanstd`, `nanmin` and `nanmax` give NaN (NumPy also warns); `nanargmin`/`nanargmax` are an
//! error (NumPy raises `ValueError`). Over no elements, `nansum` gives 0, `nanmean`, `nanvar`
//! and `nanstd` NaN, and the others are an error, as in NumPy. Sums are pairwise, as
//! [`sum`](TensorBase::sum) adds, with each NaN counted as 0.

use num_traits::{Float, Zero};

use super::Ddof;
use crate::error::{ErrorKind, ShapeError};
use crate::storage::Storage;
use crate::tensor::TensorBase;

#[cfg(feature = "alloc")]
use {
    super::sum::lane_sum_of,
    crate::rank::{IsAxis, Rank, RemoveAxis},
    crate::tensor::Tensor,
};

/// `x`, or 0 for NaN.
#[inline]
fn or_zero<T: Float>(x: T) -> T {
    if x.is_nan() { T::zero() } else { x }
}

/// `sum / count`, NaN for no elements.
fn mean_of<T: Float>(sum: T, count: usize) -> T {
    match T::from(count) {
        Some(c) if count > 0 => sum / c,
        _ => T::nan(),
    }
}

/// `squares / (count − ddof)`, NaN when that is not positive (NumPy's result).
fn var_of<T: Float>(squares: T, count: usize, ddof: impl Ddof) -> T {
    match ddof.divisor_of::<T>(count) {
        Some(d) => squares / d,
        None => T::nan(),
    }
}

/// The position among `xs` (in order) of the first smallest (or largest) number, skipping
/// NaN; `None` if there is none.
fn arg_extreme<'a, T: Float + 'a>(
    xs: impl Iterator<Item = &'a T>,
    smallest: bool,
) -> Option<(usize, T)> {
    xs.enumerate()
        .filter(|(_, x)| !x.is_nan())
        .fold(None, |best, (i, &x)| match best {
            Some((_, b)) if !(if smallest { x < b } else { x > b }) => best,
            _ => Some((i, x)),
        })
}

/// # NaN-aware reductions over all elements
///
/// No allocation; O(len).
impl<S: Storage, const R: usize> TensorBase<S, R>
where
    S::Elem: Float,
{
    /// The sum of the elements that are not NaN (NumPy's `nansum`); 0 if there are none.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// assert_eq!(tensor![1.0, f64::NAN, 2.0].nansum(), 3.0);
    /// ```
    pub fn nansum(&self) -> S::Elem {
        self.sum_map(or_zero)
    }

    fn count_numbers(&self) -> usize {
        self.fold(0usize, |c, x| c + usize::from(!x.is_nan()))
    }

    /// The mean of the elements that are not NaN (NumPy's `nanmean`); NaN if there are none.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// assert_eq!(tensor![1.0, f64::NAN, 2.0].nanmean(), 1.5);
    /// assert!(tensor![f64::NAN].nanmean().is_nan());
    /// ```
    pub fn nanmean(&self) -> S::Elem {
        mean_of(self.nansum(), self.count_numbers())
    }

    /// The variance of the elements that are not NaN, with `ddof` degrees of freedom removed
    /// (NumPy's `nanvar(ddof=ddof)`, a float `ddof` too); NaN unless more than `ddof` elements are
    /// numbers.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let t = tensor![1.0, f64::NAN, 3.0];
    /// assert_eq!(t.nanvar(0), 1.0);
    /// assert_eq!(t.nanvar(1), 2.0);
    /// assert!(t.nanvar(2).is_nan());
    /// ```
    pub fn nanvar(&self, ddof: impl Ddof) -> S::Elem {
        let count = self.count_numbers();
        let mean = mean_of(self.nansum(), count);
        let squares = self.sum_map(|x| {
            let d = x - mean;
            if x.is_nan() { S::Elem::zero() } else { d * d }
        });
        var_of(squares, count, ddof)
    }

    /// The standard deviation of the elements that are not NaN (NumPy's `nanstd`):
    /// `√nanvar(ddof)`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// assert_eq!(tensor![f64::NAN, 1.0, 5.0].nanstd(0), 2.0);
    /// ```
    pub fn nanstd(&self, ddof: impl Ddof) -> S::Elem {
        self.nanvar(ddof).sqrt()
    }

    /// The smallest element that is not NaN (NumPy's `nanmin`); NaN if every element is NaN.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Empty`] if there are no elements (NumPy raises `ValueError`).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// assert_eq!(tensor![f64::NAN, 4.0, -1.0].nanmin().unwrap(), -1.0);
    /// assert!(tensor![f64::NAN].nanmin().unwrap().is_nan());
    /// ```
    pub fn nanmin(&self) -> Result<S::Elem, ShapeError> {
        if self.is_empty() {
            return Err(ShapeError::sizes(ErrorKind::Empty, None, 1, 0));
        }
        Ok(self
            .fold(None, |best: Option<S::Elem>, &x| match best {
                _ if x.is_nan() => best,
                Some(b) if b <= x => best,
                _ => Some(x),
            })
            .unwrap_or_else(S::Elem::nan))
    }

    /// The largest element that is not NaN (NumPy's `nanmax`); NaN if every element is NaN.
    ///
    /// # Errors
    ///
    /// As [`nanmin`](Self::nanmin).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// assert_eq!(tensor![f64::NAN, 4.0, -1.0].nanmax().unwrap(), 4.0);
    /// assert!(tensor![f64::NAN].nanmax().unwrap().is_nan());
    /// ```
    pub fn nanmax(&self) -> Result<S::Elem, ShapeError> {
        if self.is_empty() {
            return Err(ShapeError::sizes(ErrorKind::Empty, None, 1, 0));
        }
        Ok(self
            .fold(None, |best: Option<S::Elem>, &x| match best {
                _ if x.is_nan() => best,
                Some(b) if b >= x => best,
                _ => Some(x),
            })
            .unwrap_or_else(S::Elem::nan))
    }

    /// The index of the first smallest element that is not NaN (NumPy's `nanargmin`, as an
    /// index of every axis, as [`argmax`](Self::argmax) gives).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Empty`] if every element is NaN, or there are none (NumPy raises
    /// `ValueError`).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let t = tensor![[f64::NAN, 2.0], [1.0, 1.0]];
    /// assert_eq!(t.nanargmin().unwrap(), [1, 0]);
    /// assert!(tensor![f64::NAN].nanargmin().is_err());
    /// ```
    pub fn nanargmin(&self) -> Result<[usize; R], ShapeError> {
        self.nan_arg(true)
    }

    /// The index of the first largest element that is not NaN (NumPy's `nanargmax`).
    ///
    /// # Errors
    ///
    /// As [`nanargmin`](Self::nanargmin).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// assert_eq!(tensor![3.0, f64::NAN, 7.0].nanargmax().unwrap(), [2]);
    /// ```
    pub fn nanargmax(&self) -> Result<[usize; R], ShapeError> {
        self.nan_arg(false)
    }

    fn nan_arg(&self, smallest: bool) -> Result<[usize; R], ShapeError> {
        match arg_extreme(self.iter(), smallest) {
            Some((flat, _)) => {
                let mut index = [0usize; R];
                crate::layout::parts::unravel(self.shape(), flat, &mut index);
                Ok(index)
            }
            None => Err(ShapeError::sizes(ErrorKind::Empty, None, 1, 0)),
        }
    }
}

/// # NaN-aware reductions along an axis (feature `alloc`)
///
/// Rank R → R − 1; O(len). Results for lanes that are all NaN (or empty) as over all elements.
#[cfg(feature = "alloc")]
impl<S: Storage, const R: usize> TensorBase<S, R>
where
    S::Elem: Float,
{
    /// [`nansum`](Self::nansum) of each lane along axis `A` (NumPy's `nansum(axis=A)`).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![[1.0, f64::NAN], [f64::NAN, f64::NAN]];
    /// assert_eq!(t.nansum_axis(Axis::<1>).to_vec(), [1.0, 0.0]);
    /// ```
    pub fn nansum_axis<Ax: IsAxis, const O: usize>(&self, _axis: Ax) -> Tensor<S::Elem, O>
    where
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        self.reduce_axis::<Ax, _, O>(|run| lane_sum_of(run, or_zero))
    }

    /// [`nanmean`](Self::nanmean) of each lane along axis `A` (NumPy's `nanmean(axis=A)`).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![[1.0, f64::NAN], [3.0, 5.0]];
    /// assert_eq!(t.nanmean_axis(Axis::<0>).to_vec(), [2.0, 5.0]);
    /// ```
    pub fn nanmean_axis<Ax: IsAxis, const O: usize>(&self, _axis: Ax) -> Tensor<S::Elem, O>
    where
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        self.reduce_axis::<Ax, _, O>(|run| {
            let count = run.iter().filter(|x| !x.is_nan()).count();
            mean_of(lane_sum_of(run, or_zero), count)
        })
    }

    /// [`nanvar`](Self::nanvar) of each lane along axis `A` (NumPy's
    /// `nanvar(axis=A, ddof=ddof)`).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![[1.0, f64::NAN, 3.0], [2.0, 2.0, 2.0]];
    /// assert_eq!(t.nanvar_axis(Axis::<1>, 0).to_vec(), [1.0, 0.0]);
    /// ```
    pub fn nanvar_axis<Ax: IsAxis, const O: usize>(
        &self,
        _axis: Ax,
        ddof: impl Ddof,
    ) -> Tensor<S::Elem, O>
    where
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        self.reduce_axis::<Ax, _, O>(|run| {
            let count = run.iter().filter(|x| !x.is_nan()).count();
            let mean = mean_of(lane_sum_of(run, or_zero), count);
            let squares = lane_sum_of(run, |x| {
                let d = x - mean;
                if x.is_nan() { S::Elem::zero() } else { d * d }
            });
            var_of(squares, count, ddof)
        })
    }

    /// [`nanstd`](Self::nanstd) of each lane along axis `A` (NumPy's
    /// `nanstd(axis=A, ddof=ddof)`).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![[1.0, f64::NAN, 5.0]];
    /// assert_eq!(t.nanstd_axis(Axis::<1>, 0).to_vec(), [2.0]);
    /// ```
    pub fn nanstd_axis<Ax: IsAxis, const O: usize>(
        &self,
        axis: Ax,
        ddof: impl Ddof,
    ) -> Tensor<S::Elem, O>
    where
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        let mut out = self.nanvar_axis(axis, ddof);
        out.map_inplace(|x| *x = x.sqrt());
        out
    }

    /// [`nanmin`](Self::nanmin) of each lane along axis `A` (NumPy's `nanmin(axis=A)`).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Empty`] naming the axis if it has size 0 and there are lanes.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![[f64::NAN, 2.0], [f64::NAN, f64::NAN]];
    /// let m = t.nanmin_axis(Axis::<1>).unwrap();
    /// assert_eq!(m[[0]], 2.0);
    /// assert!(m[[1]].is_nan());
    /// ```
    pub fn nanmin_axis<Ax: IsAxis, const O: usize>(
        &self,
        _axis: Ax,
    ) -> Result<Tensor<S::Elem, O>, ShapeError>
    where
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        self.nonempty_lanes(<Rank<R> as RemoveAxis<Ax>>::AXIS)?;
        Ok(self.reduce_axis::<Ax, _, O>(|run| {
            arg_extreme(run.iter(), true).map_or_else(S::Elem::nan, |(_, x)| x)
        }))
    }

    /// [`nanmax`](Self::nanmax) of each lane along axis `A` (NumPy's `nanmax(axis=A)`).
    ///
    /// # Errors
    ///
    /// As [`nanmin_axis`](Self::nanmin_axis).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![[f64::NAN, 2.0], [7.0, f64::NAN]];
    /// assert_eq!(t.nanmax_axis(Axis::<0>).unwrap().to_vec(), [7.0, 2.0]);
    /// ```
    pub fn nanmax_axis<Ax: IsAxis, const O: usize>(
        &self,
        _axis: Ax,
    ) -> Result<Tensor<S::Elem, O>, ShapeError>
    where
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        self.nonempty_lanes(<Rank<R> as RemoveAxis<Ax>>::AXIS)?;
        Ok(self.reduce_axis::<Ax, _, O>(|run| {
            arg_extreme(run.iter(), false).map_or_else(S::Elem::nan, |(_, x)| x)
        }))
    }

    /// The index along axis `A` of the first smallest element of each lane that is not NaN
    /// (NumPy's `nanargmin(axis=A)`).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Empty`] naming the axis if a lane is all NaN or the axis is empty.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![[f64::NAN, 2.0, 1.0], [0.0, f64::NAN, 5.0]];
    /// assert_eq!(t.nanargmin_axis(Axis::<1>).unwrap().to_vec(), [2, 0]);
    /// assert!(tensor![[f64::NAN]].nanargmin_axis(Axis::<1>).is_err());
    /// ```
    pub fn nanargmin_axis<Ax: IsAxis, const O: usize>(
        &self,
        axis: Ax,
    ) -> Result<Tensor<usize, O>, ShapeError>
    where
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        self.nan_arg_axis(axis, true)
    }

    /// The index along axis `A` of the first largest element of each lane that is not NaN
    /// (NumPy's `nanargmax(axis=A)`).
    ///
    /// # Errors
    ///
    /// As [`nanargmin_axis`](Self::nanargmin_axis).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![[f64::NAN, 2.0], [9.0, f64::NAN]];
    /// assert_eq!(t.nanargmax_axis(Axis::<0>).unwrap().to_vec(), [1, 0]);
    /// ```
    pub fn nanargmax_axis<Ax: IsAxis, const O: usize>(
        &self,
        axis: Ax,
    ) -> Result<Tensor<usize, O>, ShapeError>
    where
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        self.nan_arg_axis(axis, false)
    }

    fn nan_arg_axis<Ax: IsAxis, const O: usize>(
        &self,
        _axis: Ax,
        smallest: bool,
    ) -> Result<Tensor<usize, O>, ShapeError>
    where
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        let a = <Rank<R> as RemoveAxis<Ax>>::AXIS;
        self.nonempty_lanes(a)?;
        let found =
            self.reduce_axis::<Ax, _, O>(|run| arg_extreme(run.iter(), smallest).map(|(i, _)| i));
        let shape = *found.shape();
        let mut out = crate::engine::vec_or_panic(found.len());
        for i in found.into_vec() {
            out.push(i.ok_or(ShapeError::sizes(ErrorKind::Empty, Some(a), 1, 0))?);
        }
        Ok(Tensor::from_contiguous_vec(out, shape))
    }
}
