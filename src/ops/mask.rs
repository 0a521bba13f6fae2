//! Masks: the logical operators' named forms (NumPy's `logical_and`, `logical_or`,
//! `logical_xor`, `logical_not`), selection by a mask (`a[mask]` as `masked_select`,
//! `compress` along an axis), the positions of `true` elements (`argwhere`, `nonzero`) and
//! their count along an axis. The operators `& | ^ !` themselves are with the other operators
//! (see [the operators](crate::ops#operators)); `masked_fill` is
//! [`fill_where`](TensorBase::fill_where).

use crate::engine;
use crate::error::ShapeError;
use crate::rank::{BroadcastRanks, HasAxis, IsAxis, Rank, RemoveAxes, RemoveAxis};
use crate::storage::Storage;
use crate::tensor::{Tensor, TensorBase};
use alloc::vec::Vec;

/// # Logical operations on masks (feature `alloc`)
impl<S: Storage<Elem = bool>, const R: usize> TensorBase<S, R> {
    /// `self & other` element-wise, broadcasting (NumPy's `logical_and`); the fallible form of
    /// the `&` operator. The result has the larger rank.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::BroadcastMismatch`](crate::ErrorKind::BroadcastMismatch) naming the result
    /// axis where the sizes conflict.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let x = tensor![[1.0, -2.0], [3.0, f64::NAN]];
    /// let positive = x.gt(0.0);
    /// let finite = x.is_finite();
    /// assert_eq!(positive.logical_and(&finite).unwrap().to_vec(), [true, false, true, false]);
    /// assert_eq!((&positive & &finite).to_vec(), [true, false, true, false]);
    /// ```
    pub fn logical_and<S2, const R2: usize, const O: usize>(
        &self,
        other: &TensorBase<S2, R2>,
    ) -> Result<Tensor<bool, O>, ShapeError>
    where
        S2: Storage<Elem = bool>,
        Rank<R>: BroadcastRanks<R2, Out = Rank<O>>,
    {
        self.broadcast_zip(other, |&a, &b| a & b)
    }

    /// `self | other` element-wise, broadcasting (NumPy's `logical_or`).
    ///
    /// # Errors
    ///
    /// As [`logical_and`](Self::logical_and).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let a = tensor![[true, false], [false, false]];
    /// let column = tensor![[false], [true]];
    /// assert_eq!(a.logical_or(&column).unwrap().to_vec(), [true, false, true, true]);
    /// ```
    pub fn logical_or<S2, const R2: usize, const O: usize>(
        &self,
        other: &TensorBase<S2, R2>,
    ) -> Result<Tensor<bool, O>, ShapeError>
    where
        S2: Storage<Elem = bool>,
        Rank<R>: BroadcastRanks<R2, Out = Rank<O>>,
    {
        self.broadcast_zip(other, |&a, &b| a | b)
    }

    /// `self ^ other` element-wise, broadcasting (NumPy's `logical_xor`).
    ///
    /// # Errors
    ///
    /// As [`logical_and`](Self::logical_and).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let a = tensor![true, true, false];
    /// assert_eq!(a.logical_xor(&tensor![true, false, false]).unwrap().to_vec(), [false, true, false]);
    /// ```
    pub fn logical_xor<S2, const R2: usize, const O: usize>(
        &self,
        other: &TensorBase<S2, R2>,
    ) -> Result<Tensor<bool, O>, ShapeError>
    where
        S2: Storage<Elem = bool>,
        Rank<R>: BroadcastRanks<R2, Out = Rank<O>>,
    {
        self.broadcast_zip(other, |&a, &b| a ^ b)
    }

    /// `!self` element-wise (NumPy's `logical_not`), as the `!` operator.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let m = tensor![true, false];
    /// assert_eq!(m.logical_not().to_vec(), [false, true]);
    /// assert_eq!((!&m).to_vec(), [false, true]);
    /// ```
    pub fn logical_not(&self) -> Tensor<bool, R> {
        self.map(|&b| !b)
    }

    /// The index of every `true` element, in row-major order, one row per element (NumPy's
    /// `argwhere`): a `[count, R]` tensor whose width is the rank, known to the compiler.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let m = tensor![[false, true], [true, true]];
    /// let at = m.argwhere();
    /// assert_eq!(at.shape(), &[3, 2]);
    /// assert_eq!(at.to_vec(), [0, 1, 1, 0, 1, 1]);
    /// ```
    pub fn argwhere(&self) -> Tensor<usize, 2> {
        let count = self.count();
        let mut out = engine::vec_or_panic(count.saturating_mul(R));
        self.indexed_for_each(|index, &b| {
            if b {
                out.extend_from_slice(&index);
            }
        });
        Tensor::from_contiguous_vec(out, [count, R])
    }

    /// The indices of the `true` elements, one vector per axis (NumPy's `nonzero`): element
    /// `k` of vector `a` is the index along axis `a` of the `k`-th `true` element in row-major
    /// order. `R` vectors, as the type says.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let x = tensor![[3, 0], [0, 5]];
    /// let [rows, cols] = x.ne(0).nonzero();
    /// assert_eq!((rows.to_vec(), cols.to_vec()), (vec![0, 1], vec![0, 1]));
    /// ```
    pub fn nonzero(&self) -> [Tensor<usize, 1>; R] {
        let count = self.count();
        let mut axes: [Vec<usize>; R] = core::array::from_fn(|_| engine::vec_or_panic(count));
        self.indexed_for_each(|index, &b| {
            if b {
                for (v, i) in axes.iter_mut().zip(index) {
                    v.push(i);
                }
            }
        });
        axes.map(|v| Tensor::from_contiguous_vec(v, [count]))
    }

    /// How many elements are `true` in each lane along axis `A` (NumPy's
    /// `count_nonzero(a, axis=A)`; [`count`](Self::count) counts them all). Rank R → R − 1.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let m = tensor![[true, false, true], [false, false, true]];
    /// assert_eq!(m.count_nonzero_axis(Axis::<1>).to_vec(), [2, 1]);
    /// assert_eq!(m.count_nonzero_axis(Axis::<0>).to_vec(), [1, 0, 2]);
    /// ```
    pub fn count_nonzero_axis<Ax: IsAxis, const O: usize>(&self, _axis: Ax) -> Tensor<usize, O>
    where
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        self.reduce_axis::<Ax, usize, O>(|run| run.iter().filter(|&&b| b).count())
    }

    /// How many elements are `true` over the axes of a tuple (NumPy's
    /// `count_nonzero(a, axis=(a, b, …))`; of any tensor `x`, `x.ne(0)` first). Rank R → R − K.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let x = tensor![[[1, 0], [2, 3]], [[0, 0], [0, 4]]];
    /// assert_eq!(x.ne(0).count_nonzero_axes((Axis::<1>, Axis::<2>)).to_vec(), [3, 1]);
    /// assert_eq!(x.ne(0).count_nonzero_axes((Axis::<0>, Axis::<2>)).to_vec(), [1, 3]);
    /// ```
    pub fn count_nonzero_axes<Ax, const O: usize>(&self, _axes: Ax) -> Tensor<usize, O>
    where
        Rank<R>: RemoveAxes<Ax, Out = Rank<O>>,
    {
        let axes = <Rank<R> as RemoveAxes<Ax>>::AXES;
        let Some(&last) = axes.iter().max() else {
            return Tensor::from_contiguous_vec(
                self.map(|&b| usize::from(b)).into_vec(),
                self.shape_without(axes),
            );
        };
        // Counted along the last of the axes, then summed over the others (the counted axis,
        // now of size 1, sums to itself).
        let mut kept = *self.shape();
        kept[last] = 1;
        let counted = Tensor::from_contiguous_vec(
            self.reduce_lanes(last, |run| run.iter().filter(|&&b| b).count()),
            kept,
        );
        counted.over_axes::<O>(axes, |t, a| t.axis_sums(a))
    }
}

/// # Selection by a mask (feature `alloc`)
impl<S: Storage, const R: usize> TensorBase<S, R>
where
    S::Elem: Clone,
{
    /// The elements where `mask` is `true`, in row-major order, as a vector (NumPy's
    /// `a[mask]`, PyTorch's `masked_select`). The mask has the tensor's shape; a mask of
    /// another rank does not compile.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::SizeMismatch`](crate::ErrorKind::SizeMismatch) naming the first axis
    /// where the mask's size differs.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let t = tensor![[1.0, -2.0], [-3.0, 4.0]];
    /// let positive = t.masked_select(&t.gt(0.0)).unwrap();
    /// assert_eq!(positive.to_vec(), [1.0, 4.0]);
    /// ```
    #[doc(alias = "boolean_mask")]
    pub fn masked_select<Sm: Storage<Elem = bool>>(
        &self,
        mask: &TensorBase<Sm, R>,
    ) -> Result<Tensor<S::Elem, 1>, ShapeError> {
        super::check_same_shape(self.shape(), mask.shape())?;
        let (data, layout) = self.view().into_raw_parts();
        let (bits, mask_layout) = mask.view().into_raw_parts();
        // SAFETY: each tensor's own layout, valid for its storage (invariant 1), of one shape.
        let out = unsafe {
            engine::masked_select(
                data,
                layout.operand(),
                bits,
                mask_layout.operand(),
                layout.shape(),
            )
        }?;
        let len = out.len();
        Ok(Tensor::from_contiguous_vec(out, [len]))
    }

    /// The sub-tensors along axis `A` where the rank-1 `mask` is `true` (NumPy's
    /// `compress(mask, a, axis=A)`, `a[:, mask]`). Rank R → R. The mask has the axis's length
    /// (NumPy also takes a shorter one, padding it with `false`; here that is an error).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::SizeMismatch`](crate::ErrorKind::SizeMismatch) naming the axis if the mask's
    /// length differs from its size.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let rows = tensor![[1, 2], [3, 4], [5, 6]];
    /// let keep = rows.sum_axis(Axis::<1>).gt(4);
    /// assert_eq!(rows.compress(Axis::<0>, &keep).unwrap().to_vec(), [3, 4, 5, 6]);
    /// ```
    pub fn compress<Ax: IsAxis, Sm: Storage<Elem = bool>>(
        &self,
        _axis: Ax,
        mask: &TensorBase<Sm, 1>,
    ) -> Result<Tensor<S::Elem, R>, ShapeError>
    where
        Rank<R>: HasAxis<Ax>,
    {
        let axis = <Rank<R> as HasAxis<Ax>>::AXIS;
        let n = self.shape()[axis];
        if mask.len() != n {
            return Err(ShapeError::size_mismatch(axis, n, mask.len()));
        }
        let mut map = Vec::new();
        mask.indexed_for_each(|[i], &b| {
            if b {
                map.push(i);
            }
        });
        self.gather_along(axis, &map)
    }
}
