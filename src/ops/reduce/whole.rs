//! Reductions over all elements.

use super::*;

/// # Reductions over all elements
impl<S: Storage, const R: usize> TensorBase<S, R> {
    /// The sum of `f(x)` over all elements, in the type of `f(x)`, blocked and pairwise as
    /// [`sum`](Self::sum) adds.
    pub(crate) fn sum_map<U>(&self, f: impl Fn(S::Elem) -> U + Copy) -> U
    where
        S::Elem: Copy,
        U: Zero + Add<Output = U> + Copy,
    {
        let mut acc = Pairwise::new();
        self.runs(&mut |run| sum_run(&mut acc, run, f));
        acc.finish()
    }

    /// Calls `f(run)` once per run of the elements, in any order (runs as long as the layout
    /// allows: a contiguous tensor is one run).
    pub(super) fn runs(&self, f: &mut impl FnMut(Run<'_, S::Elem>)) {
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

    /// The smallest element; NaN if any element is NaN. Of elements that compare equal (`0.0`
    /// and `-0.0`), which one is returned is unspecified (as NumPy's).
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

    /// The largest element; NaN if any element is NaN. Of elements that compare equal (`0.0`
    /// and `-0.0`), which one is returned is unspecified (as NumPy's).
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

    pub(super) fn extreme(&self, smallest: bool) -> Option<S::Elem>
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
        self.try_min().or_panic("min", self.shape())
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
        self.try_max().or_panic("max", self.shape())
    }

    /// The mean of all elements (the sum divided by the count, so integer means round toward
    /// zero as integer division does).
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Empty`] for a tensor without elements of a type without NaN (integers;
    /// floats and complex numbers give NaN there, as NumPy and the Array API do);
    /// [`ErrorKind::Overflow`] if the count does not fit the element type.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Tensor, tensor};
    ///
    /// assert_eq!(tensor![1.0, 2.0, 4.5].try_mean(), Ok(2.5));
    /// assert_eq!(tensor![1, 2].try_mean(), Ok(1));
    /// assert!(Tensor::<f64, 1>::zeros([0]).try_mean().unwrap().is_nan());
    /// assert!(Tensor::<i32, 1>::zeros([0]).try_mean().is_err());
    /// ```
    pub fn try_mean(&self) -> Result<S::Elem, ShapeError>
    where
        S::Elem: Zero + Add<Output = S::Elem> + Div<Output = S::Elem> + FromPrimitive + Copy,
    {
        let n = self.len();
        let count = super::into::mean_count::<S::Elem>(n, None)?;
        if n == 0 {
            // `0 / 0`: NaN (`mean_count` gives zero only to types with NaN).
            return Ok(S::Elem::zero() / count);
        }
        #[cfg(feature = "half")]
        if let Some(m) = super::half::mean(&self.view()) {
            return Ok(m);
        }
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
        self.try_mean().or_panic("mean", self.shape())
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

    /// The row-major (flat) position of the first smallest element (of the first NaN, if
    /// any), as NumPy's `argmin` without an axis and the Array API's `argmin`; see
    /// [`try_argmin`](Self::try_argmin) for the index. O(len).
    ///
    /// Never panics.
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
    /// assert_eq!(tensor![[3, 7], [1, 5]].try_argmin_flat(), Ok(2));
    /// ```
    pub fn try_argmin_flat(&self) -> Result<usize, ShapeError>
    where
        S::Elem: PartialOrd,
    {
        let index = self.try_argmin()?;
        crate::layout::parts::ravel(self.shape(), &index).ok_or_else(empty)
    }

    /// The row-major (flat) position of the first largest element (of the first NaN, if any),
    /// as NumPy's `argmax` without an axis and the Array API's `argmax`; see
    /// [`try_argmax`](Self::try_argmax) for the index. O(len).
    ///
    /// Never panics.
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
    /// assert_eq!(tensor![[3, 7], [7, 5]].try_argmax_flat(), Ok(1));
    /// assert_eq!(tensor![[1.0, 2.0], [f64::NAN, 9.0]].try_argmax_flat(), Ok(2));
    /// ```
    pub fn try_argmax_flat(&self) -> Result<usize, ShapeError>
    where
        S::Elem: PartialOrd,
    {
        let index = self.try_argmax()?;
        crate::layout::parts::ravel(self.shape(), &index).ok_or_else(empty)
    }

    pub(super) fn arg_extreme(&self, smallest: bool) -> Option<[usize; R]>
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
        self.try_argmin().or_panic("argmin", self.shape())
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
        self.try_argmax().or_panic("argmax", self.shape())
    }
}

/// # Reductions over all elements of views
///
/// The reductions over all elements, on views: compiled once per element type and rank rather
/// than once per storage kind (smaller firmware).
impl<T, const R: usize> TensorBase<ViewRepr<'_, T>, R> {
    /// [`sum`](TensorBase::sum).
    pub(super) fn sum_of_view(&self) -> T
    where
        T: Zero + Add<Output = T> + Copy,
    {
        #[cfg(feature = "half")]
        if let Some(s) = super::half::sum(self) {
            return s;
        }
        let mut acc = Pairwise::new();
        self.runs(&mut |run| sum_run(&mut acc, run, |x| x));
        acc.finish()
    }

    /// [`extreme`](TensorBase::extreme).
    pub(super) fn extreme_of_view(&self, smallest: bool) -> Option<T>
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
