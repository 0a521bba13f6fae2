//! Differences along an axis (NumPy's `diff`) and cross products of 3-vectors (NumPy's and the
//! Python Array API's `cross`), feature `alloc`.

use core::ops::{Mul, Sub};

use crate::error::{ErrorKind, OrPanic, ShapeError};
use crate::rank::{BroadcastRanks, HasAxis, IsAxis, Rank};
use crate::storage::Storage;
use crate::tensor::{Tensor, TensorBase, TensorView};
use alloc::vec::Vec;

/// # Differences and cross products (feature `alloc`)
impl<S: Storage, const R: usize> TensorBase<S, R>
where
    S::Elem: Sub<Output = S::Elem> + Clone,
{
    /// The `n`-th discrete difference along axis `A` (NumPy's `diff(a, n, axis=A)`): each
    /// round replaces the axis's elements by the differences of neighbours,
    /// `out[i] = a[i + 1] − a[i]`, so the axis shrinks by `n` (to 0 when `n` is at least its
    /// length); `n = 0` is a copy. Rank R → R; O(n · len).
    ///
    /// # Panics
    ///
    /// If a result cannot be allocated.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![[1, 4, 9, 16], [2, 2, 2, 2]];
    /// assert_eq!(t.diff(Axis::<1>, 1), tensor![[3, 5, 7], [0, 0, 0]]);
    /// assert_eq!(t.diff(Axis::<1>, 2), tensor![[2, 2], [0, 0]]);
    /// assert_eq!(t.diff(Axis::<0>, 1), tensor![[1, -2, -7, -14]]);
    /// assert_eq!(t.diff(Axis::<1>, 9).shape(), &[2, 0]);
    /// ```
    #[track_caller]
    #[must_use]
    pub fn diff<Ax: IsAxis + Copy>(&self, axis: Ax, n: usize) -> Tensor<S::Elem, R>
    where
        Rank<R>: HasAxis<Ax> + BroadcastRanks<R, Out = Rank<R>>,
    {
        let a = <Rank<R> as HasAxis<Ax>>::AXIS;
        let mut current = self.to_contiguous();
        for _ in 0..n {
            let len = current.shape()[a];
            if len == 0 {
                break;
            }
            let step = (|| {
                let later = current.view().slice_axis(axis, 1..len, 1)?;
                let earlier = current.view().slice_axis(axis, 0..len - 1, 1)?;
                later.try_sub(&earlier)
            })();
            current = step.or_panic("diff", self.shape());
        }
        current
    }

    /// [`diff`](Self::diff) of this tensor with `prepend` before it and `append` after it
    /// along axis `A` (NumPy's `diff(a, n, axis=A, prepend=…, append=…)`): each a tensor of the
    /// same rank whose other axes match (a scalar of NumPy's is a view of it broadcast to
    /// size 1 along `A`). Rank R → R.
    ///
    /// # Errors
    ///
    /// As [`concatenate`](crate::concatenate): [`ErrorKind::SizeMismatch`] naming the operand and
    /// axis whose size differs.
    ///
    /// # Panics
    ///
    /// As [`diff`](Self::diff).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![[1, 4, 9], [2, 3, 5]];
    /// let zero = tensor![[0]];
    /// let start = zero.view().broadcast_to([2, 1]).unwrap();
    /// assert_eq!(t.diff_with(Axis::<1>, 1, Some(start), None).unwrap(), tensor![[1, 3, 5], [2, 1, 2]]);
    /// let end = tensor![[10, 10, 10]];
    /// assert_eq!(t.diff_with(Axis::<0>, 1, None, Some(end.view())).unwrap(), tensor![[1, -1, -4], [8, 7, 5]]);
    /// ```
    #[track_caller]
    pub fn diff_with<Ax: IsAxis + Copy>(
        &self,
        axis: Ax,
        n: usize,
        prepend: Option<TensorView<'_, S::Elem, R>>,
        append: Option<TensorView<'_, S::Elem, R>>,
    ) -> Result<Tensor<S::Elem, R>, ShapeError>
    where
        Rank<R>: HasAxis<Ax> + BroadcastRanks<R, Out = Rank<R>>,
    {
        let parts: Vec<TensorView<'_, S::Elem, R>> = prepend
            .into_iter()
            .chain([self.view()])
            .chain(append)
            .collect();
        Ok(crate::concatenate(axis, &parts)?.diff(axis, n))
    }
}

/// # Cross products (feature `alloc`)
impl<S: Storage, const R: usize> TensorBase<S, R>
where
    S::Elem: Mul<Output = S::Elem> + Sub<Output = S::Elem> + Copy,
{
    /// The cross product of corresponding 3-vectors along the last axis (NumPy's
    /// `cross(a, b)` and the Array API's `cross`), broadcasting the other axes: the result has
    /// the larger rank, and its last axis has size 3. O(len of the result).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::SizeMismatch`] naming the operand (0 for `self`, 1 for `other`) whose last axis
    /// is not of size 3 (or which has no axis); [`ErrorKind::BroadcastMismatch`] if the other axes
    /// do not broadcast; [`ErrorKind::Allocation`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let x = tensor![[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]];
    /// let z = x.cross(&tensor![0.0, 0.0, 1.0]).unwrap();
    /// assert_eq!(z, tensor![[0.0, -1.0, 0.0], [1.0, 0.0, 0.0]]);
    /// assert!(x.cross(&tensor![1.0, 2.0]).is_err());
    /// ```
    pub fn cross<S2, const R2: usize, const O: usize>(
        &self,
        other: &TensorBase<S2, R2>,
    ) -> Result<Tensor<S::Elem, O>, ShapeError>
    where
        S2: Storage<Elem = S::Elem>,
        Rank<R>: BroadcastRanks<R2, Out = Rank<O>>,
    {
        let three = |shape: &[usize], operand: usize| match shape.last() {
            Some(3) => Ok(()),
            last => Err(ShapeError::sizes(
                ErrorKind::SizeMismatch,
                Some(shape.len().saturating_sub(1)),
                3,
                last.copied().unwrap_or(0),
            )
            .with_operand(operand)),
        };
        three(self.shape(), 0)?;
        three(other.shape(), 1)?;
        let (a, b) = self.broadcast_with(other)?;
        let shape = *a.shape();
        let (a, b) = (a.to_contiguous(), b.to_contiguous());
        let (Some(x), Some(y)) = (a.as_slice(), b.as_slice()) else {
            // Unreachable: `to_contiguous` makes row-major tensors.
            return Err(ShapeError::sizes(ErrorKind::LengthMismatch, None, 0, 0));
        };
        let mut out = crate::engine::try_vec(x.len())?;
        for (u, v) in x.chunks_exact(3).zip(y.chunks_exact(3)) {
            if let ([u0, u1, u2], [v0, v1, v2]) = (u, v) {
                out.extend([
                    *u1 * *v2 - *u2 * *v1,
                    *u2 * *v0 - *u0 * *v2,
                    *u0 * *v1 - *u1 * *v0,
                ]);
            }
        }
        Tensor::from_vec(out, shape)
    }
}

/// # Cross products along any axis (feature `alloc`)
impl<S: Storage, const R: usize> TensorBase<S, R>
where
    S::Elem: Mul<Output = S::Elem> + Sub<Output = S::Elem> + Copy,
{
    /// The cross product of corresponding 3-vectors along axis `A` of two tensors of the same
    /// rank (NumPy's `cross(a, b, axis=A)` and the Array API's `cross(x1, x2, axis=A)`),
    /// broadcasting the other axes; axis `A` of the result has size 3. Rank R → R. For
    /// operands of different ranks, [`cross`](Self::cross) takes the last axis.
    ///
    /// # Errors
    ///
    /// As [`cross`](Self::cross), naming axis `A` for a size other than 3.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// // Vectors as columns: x, y and z along axis 0.
    /// let a = tensor![[1.0, 0.0], [0.0, 1.0], [0.0, 0.0]];
    /// let b = tensor![[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]];
    /// assert_eq!(a.cross_axis(&b, Axis::<0>).unwrap(), tensor![[0.0, 1.0], [0.0, 0.0], [1.0, 0.0]]);
    /// ```
    pub fn cross_axis<S2, Ax: IsAxis>(
        &self,
        other: &TensorBase<S2, R>,
        _axis: Ax,
    ) -> Result<Tensor<S::Elem, R>, ShapeError>
    where
        S2: Storage<Elem = S::Elem>,
        Rank<R>: HasAxis<Ax> + BroadcastRanks<R, Out = Rank<R>>,
    {
        let axis = <Rank<R> as HasAxis<Ax>>::AXIS;
        let last = crate::layout::axis_set::axes_last::<R>(&[axis])?;
        let back = crate::layout::axis_set::inverse(&last);
        let renamed = |e: ShapeError| match (e.kind(), e.axis()) {
            (ErrorKind::SizeMismatch, Some(a)) if a + 1 == R => ShapeError::sizes(
                ErrorKind::SizeMismatch,
                Some(axis),
                3,
                e.found().unsigned_abs() as usize,
            )
            .with_operand(e.operand().unwrap_or(0)),
            _ => e,
        };
        let product = self
            .view()
            .permute(last)?
            .cross(&other.view().permute(last)?)
            .map_err(renamed)?;
        Ok(product.view().permute(back)?.to_contiguous())
    }
}

#[cfg(test)]
mod tests {
    use crate::{Axis, Tensor};

    /// Cross products of a broadcast view and a transposed one, against the formula applied
    /// element by element (small enough for Miri, which checks the broadcast views `cross`
    /// copies from).
    #[test]
    fn cross_of_broadcast_and_transposed_operands() {
        let a = Tensor::<i64, 3>::from_fn([2, 1, 3], |[i, _, k]| (i * 3 + k) as i64 - 2);
        let b_cols = Tensor::<i64, 2>::from_fn([3, 4], |[k, j]| (k * 4 + j) as i64 * 3 - 7);
        let b = b_cols.view().permute([1, 0]).unwrap();
        let c: Tensor<i64, 3> = a.cross(&b).unwrap();
        assert_eq!(c.shape(), &[2, 4, 3]);
        for i in 0..2 {
            for j in 0..4 {
                let u = [a[[i, 0, 0]], a[[i, 0, 1]], a[[i, 0, 2]]];
                let v = [b[[j, 0]], b[[j, 1]], b[[j, 2]]];
                for k in 0..3 {
                    let (p, q) = ((k + 1) % 3, (k + 2) % 3);
                    assert_eq!(c[[i, j, k]], u[p] * v[q] - u[q] * v[p], "({i}, {j}, {k})");
                }
            }
        }
        let along: Tensor<i64, 2> = b_cols.cross_axis(&b_cols, Axis::<0>).unwrap();
        assert!(along.iter().all(|&x| x == 0));
    }
}
