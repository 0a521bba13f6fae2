//! Reductions along one axis into new tensors (feature `alloc`).

use super::*;

/// # Reductions along one axis (feature `alloc`)
///
/// `*_axis(Axis<A>)` removes axis `A` (rank R → R − 1); `*_axis_keepdims(Axis<A>)` keeps it with
/// size 1 (rank R → R). An axis beyond the rank does not compile.
#[cfg(feature = "alloc")]
impl<S: Storage, const R: usize> TensorBase<S, R> {
    /// `lane` along axis `A`, with the axis removed.
    pub(crate) fn reduce_axis<Ax: IsAxis, B, const O: usize>(
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

    /// The extremes along axis `A` (NaN propagates), after checking that no lane is empty.
    fn extremes_axis<Ax: IsAxis, const O: usize>(
        &self,
        smallest: bool,
    ) -> Result<Tensor<S::Elem, O>, ShapeError>
    where
        S::Elem: PartialOrd + Copy,
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        let axis = <Rank<R> as RemoveAxis<Ax>>::AXIS;
        self.nonempty_lanes(axis)?;
        let mut shape = [0usize; O];
        parts::remove_axis(self.shape(), axis, &mut shape);
        Ok(Tensor::from_contiguous_vec(
            self.axis_extremes(axis, smallest),
            shape,
        ))
    }

    /// [`extremes_axis`](Self::extremes_axis) with the axis kept with size 1.
    fn extremes_axis_keepdims<Ax: IsAxis>(
        &self,
        smallest: bool,
    ) -> Result<Tensor<S::Elem, R>, ShapeError>
    where
        S::Elem: PartialOrd + Copy,
        Rank<R>: HasAxis<Ax>,
    {
        let axis = <Rank<R> as HasAxis<Ax>>::AXIS;
        self.nonempty_lanes(axis)?;
        let mut shape = *self.shape();
        shape[axis] = 1;
        Ok(Tensor::from_contiguous_vec(
            self.axis_extremes(axis, smallest),
            shape,
        ))
    }

    /// `reduced`, a reduction of this tensor along `axis` (row-major, rank R − 1), with that
    /// axis kept with size 1 (NumPy's `keepdims=True`): the same elements (moved, not copied,
    /// from a row-major result).
    pub(crate) fn keep_axis<B: Clone, const O: usize>(
        &self,
        axis: usize,
        reduced: Tensor<B, O>,
    ) -> Tensor<B, R> {
        let mut shape = *self.shape();
        shape[axis] = 1;
        Tensor::from_contiguous_vec(reduced.into_vec(), shape)
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

    /// `f` of each lane along axis `A`, as a rank-1 view, in row-major order of the other axes
    /// (ndarray's `map_axis`, NumPy's `apply_along_axis` for a function returning one value).
    /// Rank R → R − 1, of `f`'s result type. An axis of size 0 hands `f` empty lanes, as
    /// ndarray does.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, Tensor, tensor};
    ///
    /// let t = tensor![[3.0, 1.0, 2.0], [9.0, 7.0, 8.0]];
    /// let ranges: Tensor<f64, 1> = t.map_axis(Axis::<1>, |lane| lane.max() - lane.min());
    /// assert_eq!(ranges.to_vec(), [2.0, 2.0]);
    /// let sorted_rows = t.map_axis(Axis::<1>, |lane| lane.iter().is_sorted());
    /// assert_eq!(sorted_rows.to_vec(), [false, false]);
    /// ```
    pub fn map_axis<Ax: IsAxis, B, const O: usize>(
        &self,
        _axis: Ax,
        mut f: impl FnMut(crate::TensorView<'_, S::Elem, 1>) -> B,
    ) -> Tensor<B, O>
    where
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        self.reduce_axis::<Ax, B, O>(|run| f(run.into_view()))
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
        #[cfg(feature = "half")]
        if let Some((wide, narrow)) = super::half::widened(&self.view()) {
            return super::half::narrowed(&wide.sum_axis(_axis), narrow);
        }
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
        #[cfg(feature = "half")]
        if let Some((wide, narrow)) = super::half::widened(&self.view()) {
            return super::half::narrowed(&wide.sum_axis_keepdims(_axis), narrow);
        }
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
    pub fn prod_axis<Ax: IsAxis, const O: usize>(&self, _axis: Ax) -> Tensor<S::Elem, O>
    where
        S::Elem: One + Mul<Output = S::Elem> + Copy,
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        let axis = <Rank<R> as RemoveAxis<Ax>>::AXIS;
        let mut shape = [0usize; O];
        parts::remove_axis(self.shape(), axis, &mut shape);
        Tensor::from_contiguous_vec(self.axis_products(axis), shape)
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
        let axis = <Rank<R> as HasAxis<Ax>>::AXIS;
        let mut shape = *self.shape();
        shape[axis] = 1;
        Tensor::from_contiguous_vec(self.axis_products(axis), shape)
    }

    /// The mean along axis `A`; rank R → R − 1. Lanes of no elements have mean NaN in
    /// floats and complex numbers, as NumPy's and the Array API's.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Empty`] if the axis has size 0 (and the other axes do not) in a type
    /// without NaN (integers); [`ErrorKind::Overflow`] if its size does not fit the element
    /// type.
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
        #[cfg(feature = "half")]
        if let Some(copy) = super::half::try_widened(&self.view()) {
            let (wide, narrow) = copy?;
            return wide
                .try_mean_axis(which)
                .map(|t| super::half::narrowed(&t, narrow));
        }
        let axis = <Rank<R> as RemoveAxis<Ax>>::AXIS;
        let count = self.lane_count(axis)?;
        if let Some(nan) = self.mean_of_nothing(axis, count) {
            let mut shape = [0; O];
            crate::layout::parts::remove_axis(self.shape(), axis, &mut shape);
            return Tensor::try_full(shape, nan);
        }
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
        #[cfg(feature = "half")]
        if let Some(copy) = super::half::try_widened(&self.view()) {
            let (wide, narrow) = copy?;
            return wide
                .try_mean_axis_keepdims(which)
                .map(|t| super::half::narrowed(&t, narrow));
        }
        let axis = <Rank<R> as HasAxis<Ax>>::AXIS;
        let count = self.lane_count(axis)?;
        if let Some(nan) = self.mean_of_nothing(axis, count) {
            let mut shape = *self.shape();
            shape[axis] = 1;
            return Tensor::try_full(shape, nan);
        }
        let mut sums = self.sum_axis_keepdims::<Ax>(which);
        sums.map_inplace(|x| *x = *x / count);
        Ok(sums)
    }

    /// The largest element along axis `A`; rank R → R − 1. NaN propagates; of elements that
    /// compare equal (`0.0` and `-0.0`), which one is returned is unspecified (as NumPy's).
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
        self.extremes_axis::<Ax, O>(false)
    }

    /// The smallest element along axis `A`; rank R → R − 1. NaN propagates; of elements that
    /// compare equal (`0.0` and `-0.0`), which one is returned is unspecified (as NumPy's).
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
        self.extremes_axis::<Ax, O>(true)
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
        self.extremes_axis_keepdims::<Ax>(false)
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
        self.extremes_axis_keepdims::<Ax>(true)
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
        self.try_max_axis(axis)
            .or_panic("max along an axis", self.shape())
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
        self.try_min_axis(axis)
            .or_panic("min along an axis", self.shape())
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
        self.try_mean_axis(axis)
            .or_panic("mean along an axis", self.shape())
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
            .or_panic("max along an axis", self.shape())
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
            .or_panic("min along an axis", self.shape())
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
            .or_panic("mean along an axis", self.shape())
    }
}

/// # Logical reductions along an axis
impl<S: Storage<Elem = bool>, const R: usize> TensorBase<S, R> {
    /// Whether every element along axis `A` is true (NumPy's `all(axis=A)`, the Array API's
    /// `all`); true along an empty axis. Rank R → R − 1; O(len).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let m = tensor![[true, false], [true, true]];
    /// assert_eq!(m.all_axis(Axis::<0>).to_vec(), [true, false]);
    /// assert_eq!(m.all_axis(Axis::<1>).to_vec(), [false, true]);
    /// ```
    pub fn all_axis<Ax: IsAxis, const O: usize>(&self, axis: Ax) -> Tensor<bool, O>
    where
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        self.fold_axis(axis, true, |all, &x| all && x)
    }

    /// Whether some element along axis `A` is true (NumPy's `any(axis=A)`, the Array API's
    /// `any`); false along an empty axis. Rank R → R − 1; O(len).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let m = tensor![[true, false], [false, false]];
    /// assert_eq!(m.any_axis(Axis::<0>).to_vec(), [true, false]);
    /// assert_eq!(m.any_axis(Axis::<1>).to_vec(), [true, false]);
    /// ```
    pub fn any_axis<Ax: IsAxis, const O: usize>(&self, axis: Ax) -> Tensor<bool, O>
    where
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        self.fold_axis(axis, false, |any, &x| any || x)
    }

    /// [`all_axis`](Self::all_axis) keeping axis `A` with size 1 (`keepdims=True`); rank R → R.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let m = tensor![[true, false], [true, true]];
    /// assert_eq!(m.all_axis_keepdims(Axis::<1>), tensor![[false], [true]]);
    /// ```
    pub fn all_axis_keepdims<Ax: IsAxis, const O: usize>(&self, axis: Ax) -> Tensor<bool, R>
    where
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        self.keep_axis(<Rank<R> as RemoveAxis<Ax>>::AXIS, self.all_axis(axis))
    }

    /// [`any_axis`](Self::any_axis) keeping axis `A` with size 1 (`keepdims=True`); rank R → R.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let m = tensor![[true, false], [false, false]];
    /// assert_eq!(m.any_axis_keepdims(Axis::<0>), tensor![[true, false]]);
    /// ```
    pub fn any_axis_keepdims<Ax: IsAxis, const O: usize>(&self, axis: Ax) -> Tensor<bool, R>
    where
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        self.keep_axis(<Rank<R> as RemoveAxis<Ax>>::AXIS, self.any_axis(axis))
    }
}

/// # Traces of stacks of matrices (feature `alloc`)
#[cfg(feature = "alloc")]
impl<S: Storage, const R: usize> TensorBase<S, R> {
    /// The sum of the diagonal of each matrix of a stack, over the last two axes (NumPy's
    /// `trace(x, offset, axis1=-2, axis2=-1)` and the Array API's `linalg.trace`), `offset`
    /// above (positive) or below (negative) the main diagonal; 0 for a diagonal beyond the
    /// matrix, as NumPy. Rank R ≥ 2 → R − 2; O(number of diagonal elements).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Tensor, tensor};
    ///
    /// let m = tensor![[1, 2, 3], [4, 5, 6], [7, 8, 9]];
    /// let t: Tensor<i32, 0> = m.trace(0);
    /// assert_eq!(t.to_vec(), [15]);
    /// assert_eq!((m.trace(1).to_vec(), m.trace(-2).to_vec(), m.trace(5).to_vec()), (vec![8], vec![7], vec![0]));
    /// let stack = Tensor::from_fn([2, 2, 2], |[b, i, j]| if i == j { b + 1 } else { 9 });
    /// assert_eq!(stack.trace(0).to_vec(), [2, 4]);
    /// ```
    pub fn trace<const V: usize, const O: usize>(&self, offset: isize) -> Tensor<S::Elem, O>
    where
        S::Elem: Zero + Add<Output = S::Elem> + Copy,
        Rank<R>: MatrixStack<Vectors = Rank<V>, Scalars = Rank<O>>,
    {
        let diagonals = self.view().matrix_diagonal::<V>(offset);
        let mut shape = [0usize; O];
        for (d, &n) in shape.iter_mut().zip(self.shape()) {
            *d = n;
        }
        // The diagonals run along the last axis, V − 1 (`MatrixStack` proves V ≥ 1).
        Tensor::from_contiguous_vec(diagonals.axis_sums(V.saturating_sub(1)), shape)
    }
}
