//! Medians and quantiles, whole and along an axis, as NumPy's `median`, `quantile` and
//! `percentile` with their default (`"linear"`) method; the median of a vector in place, with
//! no allocator.

use num_traits::Float;

use super::*;
use crate::error::{ErrorKind, ShapeError};

#[cfg(feature = "alloc")]
use crate::rank::RemoveAxis;

/// The quantile `q` of one lane (not empty), partly reordering it: NaN if the lane holds one;
/// otherwise NumPy's `"linear"` method, the sorted elements at `⌊q·(n − 1)⌋` and the next one
/// interpolated as NumPy's `_lerp` does (from the nearer end).
#[cfg(feature = "alloc")]
fn lane_quantile<T: Float>(lane: &mut [T], q: T) -> T {
    let n = lane.len();
    if lane.iter().any(|x| x.is_nan()) {
        return T::nan();
    }
    let last = n - 1;
    let virtual_index = q * T::from(last).unwrap_or_else(T::nan);
    let prev = virtual_index
        .floor()
        .to_usize()
        .map_or(last, |i| i.min(last));
    let gamma = virtual_index - T::from(prev).unwrap_or_else(T::zero);
    let cmp = |a: &T, b: &T| a.partial_cmp(b).unwrap_or(Ordering::Equal);
    let (_, &mut a, above) = lane.select_nth_unstable_by(prev, cmp);
    let b = match above.iter().copied().reduce(T::min) {
        Some(b) if prev < last => b,
        _ => a,
    };
    lerp(a, b, gamma)
}

/// The median of one lane (not empty), partly reordering it, as NumPy's `median`: NaN if the
/// lane holds one; the middle element, or the mean of the two middle ones.
#[cfg(feature = "alloc")]
fn lane_median<T: Float>(lane: &mut [T]) -> T {
    let n = lane.len();
    if lane.iter().any(|x| x.is_nan()) {
        return T::nan();
    }
    let cmp = |a: &T, b: &T| a.partial_cmp(b).unwrap_or(Ordering::Equal);
    let (below, &mut hi, _) = lane.select_nth_unstable_by(n / 2, cmp);
    match below.iter().copied().reduce(T::max) {
        Some(lo) if n.is_multiple_of(2) => (lo + hi) / (T::one() + T::one()),
        _ => hi,
    }
}

/// NumPy's `_lerp(a, b, t)`: `a + (b − a)·t`, or `b − (b − a)·(1 − t)` when `t ≥ 0.5`.
#[cfg(feature = "alloc")]
fn lerp<T: Float>(a: T, b: T, t: T) -> T {
    let d = b - a;
    let half = T::from(0.5).unwrap_or_else(T::nan);
    if t >= half {
        b - d * (T::one() - t)
    } else {
        a + d * t
    }
}

/// `q` in `[0, 1]` (NaN is not).
#[cfg(feature = "alloc")]
fn check_quantile<T: Float>(q: T) -> Result<(), ShapeError> {
    if q >= T::zero() && q <= T::one() {
        Ok(())
    } else {
        Err(ShapeError::sizes(ErrorKind::QuantileOutOfRange, None, 0, 0))
    }
}

/// `p / 100` for a percentile `p`, as NumPy divides.
#[cfg(feature = "alloc")]
fn from_percent<T: Float>(p: T) -> T {
    p / T::from(100).unwrap_or_else(T::nan)
}

/// # Medians and quantiles (feature `alloc`)
///
/// NumPy's `median`, `quantile` and `percentile` with the default `"linear"` method (the 7th
/// of Hyndman and Fan): the value at position `q·(n − 1)` of the sorted elements, interpolated
/// between its neighbours. A lane holding NaN gives NaN, as in NumPy. O(n) per lane (a
/// selection, not a sort).
#[cfg(feature = "alloc")]
impl<S: Storage, const R: usize> TensorBase<S, R>
where
    S::Elem: Float,
{
    /// The median of all elements (NumPy's `median(a)`): the middle element of the sorted
    /// elements, or the mean of the two middle ones; NaN if any element is NaN.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Empty`] if the tensor has no elements.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// assert_eq!(tensor![[3.0, 1.0], [4.0, 2.0]].median().unwrap(), 2.5);
    /// assert!(tensor![1.0, f64::NAN].median().unwrap().is_nan());
    /// ```
    pub fn median(&self) -> Result<S::Elem, ShapeError> {
        if self.is_empty() {
            return Err(ShapeError::sizes(ErrorKind::Empty, None, 1, 0));
        }
        Ok(lane_median(&mut self.to_vec()))
    }

    /// The quantile `q` (in `[0, 1]`) of all elements (NumPy's `quantile(a, q)`).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Empty`] if the tensor has no elements;
    /// [`ErrorKind::QuantileOutOfRange`] if `q` is not in `[0, 1]`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let t = tensor![1.0, 2.0, 3.0, 4.0];
    /// assert_eq!(t.quantile(0.25).unwrap(), 1.75);
    /// assert!(t.quantile(1.5).is_err());
    /// ```
    pub fn quantile(&self, q: S::Elem) -> Result<S::Elem, ShapeError> {
        check_quantile(q)?;
        if self.is_empty() {
            return Err(ShapeError::sizes(ErrorKind::Empty, None, 1, 0));
        }
        Ok(lane_quantile(&mut self.to_vec(), q))
    }

    /// The percentile `p` (in `[0, 100]`) of all elements (NumPy's `percentile(a, p)`):
    /// [`quantile`](Self::quantile) of `p / 100`.
    ///
    /// # Errors
    ///
    /// As [`quantile`](Self::quantile), for `p` outside `[0, 100]`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// assert_eq!(tensor![10.0, 20.0, 30.0].percentile(50.0).unwrap(), 20.0);
    /// ```
    pub fn percentile(&self, p: S::Elem) -> Result<S::Elem, ShapeError> {
        self.quantile(from_percent(p))
    }

    /// The median of each lane along axis `A` (NumPy's `median(a, axis=A)`). Rank R → R − 1.
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
    /// let t = tensor![[1.0, 5.0, 3.0], [4.0, 2.0, 6.0]];
    /// assert_eq!(t.median_axis(Axis::<1>).unwrap().to_vec(), [3.0, 4.0]);
    /// assert_eq!(t.median_axis(Axis::<0>).unwrap().to_vec(), [2.5, 3.5, 4.5]);
    /// ```
    pub fn median_axis<Ax: IsAxis, const O: usize>(
        &self,
        axis: Ax,
    ) -> Result<Tensor<S::Elem, O>, ShapeError>
    where
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        self.reduce_lanes_by(axis, lane_median)
    }

    /// The quantile `q` of each lane along axis `A` (NumPy's `quantile(a, q, axis=A)`). Rank
    /// R → R − 1.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::QuantileOutOfRange`] if `q` is not in `[0, 1]`; [`ErrorKind::Empty`]
    /// naming the axis if it has size 0 and there are lanes.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![[1.0, 2.0, 3.0, 4.0], [0.0, 0.0, 8.0, 8.0]];
    /// assert_eq!(t.quantile_axis(Axis::<1>, 0.75).unwrap().to_vec(), [3.25, 8.0]);
    /// ```
    pub fn quantile_axis<Ax: IsAxis, const O: usize>(
        &self,
        axis: Ax,
        q: S::Elem,
    ) -> Result<Tensor<S::Elem, O>, ShapeError>
    where
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        check_quantile(q)?;
        self.reduce_lanes_by(axis, |lane| lane_quantile(lane, q))
    }

    /// `f` of each lane along axis `A`, handed over as a contiguous copy it may reorder.
    fn reduce_lanes_by<Ax: IsAxis, const O: usize>(
        &self,
        _axis: Ax,
        mut f: impl FnMut(&mut [S::Elem]) -> S::Elem,
    ) -> Result<Tensor<S::Elem, O>, ShapeError>
    where
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        let axis = <Rank<R> as RemoveAxis<Ax>>::AXIS;
        let mut out_shape = [0usize; O];
        crate::layout::parts::remove_axis(self.shape(), axis, &mut out_shape);
        let n = self.shape()[axis];
        if n == 0 {
            if out_shape.contains(&0) {
                return Ok(Tensor::from_contiguous_vec(Vec::new(), out_shape));
            }
            return Err(ShapeError::sizes(ErrorKind::Empty, Some(axis), 1, 0));
        }
        let (mut data, _) = self.lanes_last(axis);
        let out = data.chunks_exact_mut(n).map(&mut f).collect();
        Ok(Tensor::from_contiguous_vec(out, out_shape))
    }

    /// The percentile `p` of each lane along axis `A` (NumPy's `percentile(a, p, axis=A)`):
    /// [`quantile_axis`](Self::quantile_axis) of `p / 100`. Rank R → R − 1.
    ///
    /// # Errors
    ///
    /// As [`quantile_axis`](Self::quantile_axis), for `p` outside `[0, 100]`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![[1.0, 3.0], [2.0, 6.0]];
    /// assert_eq!(t.percentile_axis(Axis::<0>, 50.0).unwrap().to_vec(), [1.5, 4.5]);
    /// ```
    pub fn percentile_axis<Ax: IsAxis, const O: usize>(
        &self,
        axis: Ax,
        p: S::Elem,
    ) -> Result<Tensor<S::Elem, O>, ShapeError>
    where
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        self.quantile_axis(axis, from_percent(p))
    }
}

/// # The median of a view, in place
impl<S: StorageMut, const R: usize> TensorBase<S, R>
where
    S::Elem: Float,
{
    /// The median of all elements (as [`median`](TensorBase::median)), sorting them where they
    /// lie, in row-major order, to find it: NaN if one is NaN, the mean of the two middle
    /// elements for an even count. O(n log n) (a heap sort), no allocation, any layout.
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Empty`] if there are no elements.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, TensorViewMut};
    ///
    /// let mut window = [4.0_f32, 9.0, 1.0, 7.0];
    /// let mut v = TensorViewMut::from_slice_mut(&mut window, [4]).unwrap();
    /// assert_eq!(v.median_inplace().unwrap(), 5.5);
    /// assert_eq!(window, [1.0, 4.0, 7.0, 9.0]);
    ///
    /// // A block of a matrix: its elements are sorted in the block's row-major order.
    /// let mut m = [5.0_f32, 0.0, 3.0, 0.0, 1.0, 0.0];
    /// let mut v = TensorViewMut::from_slice_mut(&mut m, [3, 2]).unwrap();
    /// let mut first_column = v.view_mut().narrow(Axis::<1>, 0, 1).unwrap();
    /// assert_eq!(first_column.median_inplace().unwrap(), 3.0);
    /// assert_eq!(m, [1.0, 0.0, 3.0, 0.0, 5.0, 0.0]);
    /// ```
    pub fn median_inplace(&mut self) -> Result<S::Elem, ShapeError> {
        let (shape, strides, offset) = (*self.shape(), *self.strides(), self.offset());
        let n = self.layout().try_len()?;
        if n == 0 {
            return Err(ShapeError::sizes(ErrorKind::Empty, None, 1, 0));
        }
        let data = self.storage_mut().elems_mut();
        if let ([len], [step]) = (&shape[..], &strides[..]) {
            // SAFETY: the vector's own layout, valid for its storage and unique because the
            // storage is writable (invariants 1 and 2).
            let lane = unsafe { engine::LaneMut::new(data, offset, *len, *step) };
            return Ok(median_of_sorted(lane));
        }
        let at = engine::RowMajor::new(shape, strides, offset, n);
        // SAFETY: every element of the tensor's own layout, valid for its storage and unique
        // because the storage is writable (invariants 1 and 2).
        let lane = unsafe { engine::LaneMut::with_positions(data, at) };
        Ok(median_of_sorted(lane))
    }
}

/// The median of the elements of `lane` (at least one), heap-sorting them first (NaN last).
fn median_of_sorted<T: Float, P: engine::Positions>(mut lane: engine::LaneMut<'_, T, P>) -> T {
    let n = lane.len();
    if n == 0 {
        return T::nan();
    }
    lane.heap_sort(&mut cmp_nan_last);
    // SAFETY: `n − 1 < n`, the lane's length.
    if unsafe { lane.get(n - 1) }.is_nan() {
        return T::nan();
    }
    // SAFETY: `n / 2 < n` as `n ≥ 1`.
    let hi = *unsafe { lane.get(n / 2) };
    if n % 2 == 1 {
        return hi;
    }
    // SAFETY: `n` is even here, so `n ≥ 2` and `n / 2 − 1 < n`.
    let lo = *unsafe { lane.get(n / 2 - 1) };
    (lo + hi) / (T::one() + T::one())
}
