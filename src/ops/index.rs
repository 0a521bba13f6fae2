//! Indexing by index tensors: `take_along_axis` and `put_along_axis` (NumPy's), `index_add`
//! (PyTorch's `index_add_`, repeated indices adding up) and `take` (NumPy's `take` along an
//! axis, ndarray's `select`); and the copy behind them and the shaping copies, which picks its
//! source element along each axis through a map.
//!
//! Every index is checked: an index out of range is an [`IndexError::OutOfBounds`] naming its
//! position in the index tensor, never a panic; the forms that write into the data check every
//! index before they write anything (`take_along_axis_into`, which writes a result, finds a
//! bad index on its way).

use crate::IndexError;
use crate::engine;
#[cfg(feature = "alloc")]
use crate::error::ErrorKind;
use crate::error::ShapeError;
use crate::layout::{Layout, broadcast_except, parts};
use crate::rank::{HasAxis, IsAxis, Rank};
use crate::storage::{Storage, StorageMut};
#[cfg(feature = "alloc")]
use crate::tensor::Tensor;
use crate::tensor::TensorBase;
#[cfg(feature = "alloc")]
use alloc::vec::Vec;

/// The first out-of-range index of `indices` along a data axis of size `n`, as an error naming
/// its position.
fn check_indices<SI: Storage<Elem = usize>, const R: usize>(
    indices: &TensorBase<SI, R>,
    axis: usize,
    n: usize,
) -> Result<(), IndexError<R>> {
    let (data, layout) = indices.view().into_raw_parts();
    // SAFETY: the index tensor's own layout, valid for its storage (invariant 1).
    if unsafe { engine::indices_below::<R>(data, layout.shape(), layout.operand(), n) } {
        return Ok(());
    }
    // SAFETY: as above.
    let bad = unsafe { engine::first_bad_index(data, layout.shape(), layout.operand(), n) };
    match bad {
        None => Ok(()),
        Some(bad) => {
            let mut position = [0usize; R];
            parts::unravel(layout.shape(), bad.position, &mut position);
            Err(IndexError::OutOfBounds {
                position,
                index: bad.index,
                axis,
                size: n,
            })
        }
    }
}

/// The first index of a list not below `n`, the size of the data's `axis`, as an error naming
/// its position in the list.
fn check_list(indices: &[usize], axis: usize, n: usize) -> Result<(), IndexError<1>> {
    match indices.iter().enumerate().find(|(_, i)| **i >= n) {
        None => Ok(()),
        Some((at, &index)) => Err(IndexError::OutOfBounds {
            position: [at],
            index,
            axis,
            size: n,
        }),
    }
}

impl<S: Storage, const R: usize> TensorBase<S, R>
where
    S::Elem: Clone,
{
    /// A new row-major tensor whose element `[i0, i1, …]` is this tensor's element
    /// `[maps[0][i0], maps[1][i1], …]`, or `fill` where an entry is
    /// [`engine::FILL`]. Checks every entry against the axis sizes first.
    #[cfg(feature = "alloc")]
    pub(crate) fn gather_maps(
        &self,
        maps: &[&[usize]; R],
        fill: Option<&S::Elem>,
    ) -> Result<Tensor<S::Elem, R>, ShapeError> {
        for (axis, (map, &n)) in maps.iter().zip(self.shape()).enumerate() {
            if let Some(&bad) = map
                .iter()
                .find(|&&m| m >= n && !(m == engine::FILL && fill.is_some()))
            {
                return Err(ShapeError::sizes(
                    ErrorKind::IndexOutOfBounds,
                    Some(axis),
                    n,
                    bad,
                ));
            }
        }
        let shape: [usize; R] = core::array::from_fn(|a| maps[a].len());
        let (data, layout) = self.view().into_raw_parts();
        // SAFETY: every entry was checked against its axis size above, FILL only with a fill
        // value; the layout is the tensor's own, valid for its storage (invariant 1).
        let out = unsafe { engine::gather_ix(data, layout.operand(), maps, fill) }?;
        Ok(Tensor::from_contiguous_vec(out, shape))
    }

    /// [`take_along_axis`](Self::take_along_axis) with the axis as a number (`axis < R`).
    #[cfg(feature = "alloc")]
    pub(crate) fn take_along<SI: Storage<Elem = usize>>(
        &self,
        axis: usize,
        indices: &TensorBase<SI, R>,
    ) -> Result<Tensor<S::Elem, R>, IndexError<R>> {
        let n = self.shape()[axis];
        let mut shape = [0usize; R];
        broadcast_except(self.shape(), indices.shape(), axis, &mut shape)?;
        let count = crate::layout::checked_len(&shape)?;
        let Some((src, idx)) = self.gather_layouts(axis, indices, shape)? else {
            return Ok(Tensor::from_contiguous_vec(Vec::new(), shape));
        };
        let (data, _) = self.view().into_raw_parts();
        let (ids, _) = indices.view().into_raw_parts();
        let step = self.strides()[axis];
        let mut out = engine::try_vec(count)?;
        // SAFETY: broadcasts of each tensor's layout (view arithmetic), valid for its storage
        // (invariant 1), over a shape of `count > 0` elements, with room for them in `out`;
        // indices below `n` reach the source's elements along `axis` (stride `step`).
        let gathered = unsafe {
            engine::take_along(
                (data, src.operand(), step, n),
                (ids, idx.operand()),
                &shape,
                &mut out,
            )
        };
        match gathered {
            Ok(()) => Ok(Tensor::from_contiguous_vec(out, shape)),
            Err(bad) => Err(gather_error(bad, &shape, indices.shape(), axis, n)),
        }
    }

    /// The layouts a gather along `axis` reads over its result's `shape` (from
    /// `broadcast_except`): this tensor's with `axis` collapsed to each lane's start, and the
    /// indices'; `None` where `shape` has no element. An axis of size 0 with indices to read
    /// is an error: every index is out of range.
    fn gather_layouts<SI: Storage<Elem = usize>>(
        &self,
        axis: usize,
        indices: &TensorBase<SI, R>,
        shape: [usize; R],
    ) -> Result<Option<(Layout<R>, Layout<R>)>, IndexError<R>> {
        if shape.contains(&0) {
            return Ok(None);
        }
        let n = self.shape()[axis];
        if n == 0 {
            return Err(check_indices(indices, axis, n)
                .err()
                .unwrap_or(ShapeError::overflow(Some(axis)).into()));
        }
        let src = self.layout().narrow(axis, 0, 1)?.broadcast_to(shape)?;
        let idx = indices.layout().broadcast_to(shape)?;
        Ok(Some((src, idx)))
    }
}

/// The error of a gather along `axis` (of size `n`) over `shape` that met `bad`. The first bad
/// index in the result's order is the first in the index tensor's row-major order
/// (broadcasting only repeats indices): the error names its position there.
fn gather_error<const R: usize>(
    bad: engine::BadIndex,
    shape: &[usize; R],
    index_shape: &[usize; R],
    axis: usize,
    n: usize,
) -> IndexError<R> {
    let mut position = [0usize; R];
    parts::unravel(shape, bad.position, &mut position);
    for (p, &size) in position.iter_mut().zip(index_shape) {
        if size == 1 {
            *p = 0;
        }
    }
    IndexError::OutOfBounds {
        position,
        index: bad.index,
        axis,
        size: n,
    }
}

/// # Indexing by index tensors into existing tensors
impl<S: Storage, const R: usize> TensorBase<S, R>
where
    S::Elem: Clone,
{
    /// [`take_along_axis`](Self::take_along_axis) into an existing tensor `out` of the
    /// result's shape, of any layout, without allocating (PyTorch's `torch.gather(input, A,
    /// indices, out=out)`): element `[.., i, ..]` of `out` becomes `self[.., indices[.., i,
    /// ..], ..]`.
    ///
    /// # Errors
    ///
    /// As [`take_along_axis`](Self::take_along_axis), and [`IndexError::Shape`] with
    /// [`ErrorKind::SizeMismatch`] naming the first axis where `out`'s size is not the
    /// result's; nothing is written then. An index out of range is found on the way, as with
    /// PyTorch's `out=` (checking every index first would read the indices twice): the
    /// elements of `out` before it in row-major order are written, the others are left as
    /// they were.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, Tensor, tensor};
    ///
    /// let points = tensor![[1.0, 9.0, 5.0], [7.0, 2.0, 8.0]];
    /// let order = points.argsort_axis(Axis::<1>);
    /// let mut sorted = Tensor::<f64, 2>::zeros([2, 3]);
    /// points.take_along_axis_into(Axis::<1>, &order, &mut sorted).unwrap();
    /// assert_eq!(sorted.to_vec(), [1.0, 5.0, 9.0, 2.0, 7.0, 8.0]);
    /// // The transpose of the result, written through a transposed view.
    /// let mut columns = Tensor::<f64, 2>::zeros([3, 2]);
    /// points.take_along_axis_into(Axis::<1>, &order, &mut columns.view_mut().t()).unwrap();
    /// assert_eq!(columns.to_vec(), [1.0, 2.0, 5.0, 7.0, 9.0, 8.0]);
    /// // A result of another shape: an error, and `sorted` is as it was.
    /// assert!(points.take_along_axis_into(Axis::<1>, &tensor![[2], [0]], &mut sorted).is_err());
    /// assert_eq!(sorted.to_vec(), [1.0, 5.0, 9.0, 2.0, 7.0, 8.0]);
    /// ```
    pub fn take_along_axis_into<Ax: IsAxis, SI, SO>(
        &self,
        _axis: Ax,
        indices: &TensorBase<SI, R>,
        out: &mut TensorBase<SO, R>,
    ) -> Result<(), IndexError<R>>
    where
        SI: Storage<Elem = usize>,
        SO: StorageMut<Elem = S::Elem>,
        Rank<R>: HasAxis<Ax>,
    {
        let axis = <Rank<R> as HasAxis<Ax>>::AXIS;
        let n = self.shape()[axis];
        let mut shape = [0usize; R];
        broadcast_except(self.shape(), indices.shape(), axis, &mut shape)?;
        super::check_same_shape(&shape, out.shape())?;
        let Some((src, idx)) = self.gather_layouts(axis, indices, shape)? else {
            return Ok(());
        };
        let dst = *out.layout();
        let step = self.strides()[axis];
        let (data, _) = self.view().into_raw_parts();
        let (ids, _) = indices.view().into_raw_parts();
        let outs = out.storage_mut().elems_mut();
        // SAFETY: broadcasts of the source's and the indices' layouts (view arithmetic), valid
        // for their storage (invariant 1); the destination is `out`'s own layout, valid and
        // unique (invariants 1 and 2), over the same `shape`; indices below `n` reach the
        // source's elements along `axis` (stride `step`), `n > 0`.
        let gathered = unsafe {
            engine::take_along_into(
                (data, src.operand(), step, n),
                (ids, idx.operand()),
                (outs, dst.operand()),
                &shape,
            )
        };
        gathered.map_err(|bad| gather_error(bad, &shape, indices.shape(), axis, n))
    }
}

/// # Indexing by index tensors (feature `alloc`)
#[cfg(feature = "alloc")]
impl<S: Storage, const R: usize> TensorBase<S, R>
where
    S::Elem: Clone,
{
    /// The elements at `indices` along axis `A` (NumPy's `take_along_axis(a, indices,
    /// axis=A)`, PyTorch's `gather`): element `[.., i, ..]` of the result is
    /// `self[.., indices[.., i, ..], ..]`. The index tensor has the rank of the data (another
    /// rank does not compile); along the other axes the two broadcast. Rank R → R, axis `A` of
    /// the indices' size.
    ///
    /// # Errors
    ///
    /// [`IndexError::OutOfBounds`] naming the first index (in row-major order) not below the
    /// axis size, and its position; [`IndexError::Shape`] with
    /// [`ErrorKind::BroadcastMismatch`] if the other axes do not broadcast.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let points = tensor![[1.0, 9.0, 5.0], [7.0, 2.0, 8.0]];
    /// let order = points.argsort_axis(Axis::<1>);
    /// assert_eq!(
    ///     points.take_along_axis(Axis::<1>, &order).unwrap().to_vec(),
    ///     [1.0, 5.0, 9.0, 2.0, 7.0, 8.0]
    /// );
    /// // One index per row, broadcast: the largest of each row.
    /// let top = points.argmax_axis(Axis::<1>).unwrap().unsqueeze(Axis::<1>);
    /// assert_eq!(points.take_along_axis(Axis::<1>, &top).unwrap().to_vec(), [9.0, 8.0]);
    /// ```
    pub fn take_along_axis<Ax: IsAxis, SI: Storage<Elem = usize>>(
        &self,
        _axis: Ax,
        indices: &TensorBase<SI, R>,
    ) -> Result<Tensor<S::Elem, R>, IndexError<R>>
    where
        Rank<R>: HasAxis<Ax>,
    {
        self.take_along(<Rank<R> as HasAxis<Ax>>::AXIS, indices)
    }

    /// The sub-tensors at `indices` along axis `A`, in that order, repeats allowed (NumPy's
    /// `take(a, indices, axis=A)`, ndarray's `select(Axis(A), &indices)`), as a new row-major
    /// tensor. Rank R → R, axis `A` of size `indices.len()`.
    ///
    /// (In `ranked`, [`select`](Self::select) is PyTorch's `select`: one index, a view of
    /// rank R − 1.)
    ///
    /// # Errors
    ///
    /// [`IndexError::OutOfBounds`] naming the first index not below the axis size and its
    /// position in `indices`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let table = tensor![[1, 2], [3, 4], [5, 6]];
    /// assert_eq!(table.take(Axis::<0>, &[2, 0, 2]).unwrap().to_vec(), [5, 6, 1, 2, 5, 6]);
    /// assert_eq!(table.take(Axis::<1>, &[1]).unwrap().to_vec(), [2, 4, 6]);
    /// assert!(table.take(Axis::<0>, &[3]).is_err());
    /// ```
    #[doc(alias = "select")]
    pub fn take<Ax: IsAxis>(
        &self,
        _axis: Ax,
        indices: &[usize],
    ) -> Result<Tensor<S::Elem, R>, IndexError<1>>
    where
        Rank<R>: HasAxis<Ax>,
    {
        let axis = <Rank<R> as HasAxis<Ax>>::AXIS;
        check_list(indices, axis, self.shape()[axis])?;
        Ok(self.gather_along(axis, indices)?)
    }

    /// [`gather_maps`](Self::gather_maps) with `map` along `axis` and every other axis whole.
    pub(crate) fn gather_along(
        &self,
        axis: usize,
        map: &[usize],
    ) -> Result<Tensor<S::Elem, R>, ShapeError> {
        let mut shape = *self.shape();
        shape[axis] = map.len();
        if shape.contains(&0) {
            // No element to copy: no map of the other axes is built (they may be long).
            return Ok(Tensor::from_contiguous_vec(Vec::new(), shape));
        }
        let mut whole: [Vec<usize>; R] = core::array::from_fn(|_| Vec::new());
        for (a, w) in whole.iter_mut().enumerate() {
            if a != axis {
                let n = self.shape()[a];
                *w = engine::try_vec(n)?;
                w.extend(0..n);
            }
        }
        let maps: [&[usize]; R] = core::array::from_fn(|a| match a == axis {
            true => map,
            false => &whole[a][..],
        });
        self.gather_maps(&maps, None)
    }
}

/// # Writing by index tensors
impl<S: StorageMut, const R: usize> TensorBase<S, R> {
    /// Writes `values` at `indices` along axis `A` (NumPy's `put_along_axis(a, indices,
    /// values, axis=A)`, PyTorch's `scatter_`): `self[.., indices[.., i, ..], ..] =
    /// values[.., i, ..]`. The indices have the rank of the data (another rank does not
    /// compile) and its sizes or 1 along the other axes; `values` broadcasts to the indices'
    /// shape. Where an index repeats, the last write wins.
    ///
    /// # Errors
    ///
    /// [`IndexError::OutOfBounds`] naming the first index not below the axis size and its
    /// position; [`IndexError::Shape`] if the shapes do not fit. Nothing is written then.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let mut t = tensor![[0, 0, 0], [0, 0, 0]];
    /// t.put_along_axis(Axis::<1>, &tensor![[2], [0]], &tensor![[7], [9]]).unwrap();
    /// assert_eq!(t.to_vec(), [0, 0, 7, 9, 0, 0]);
    /// assert!(t.put_along_axis(Axis::<1>, &tensor![[3], [0]], &tensor![[1]]).is_err());
    /// assert_eq!(t.to_vec(), [0, 0, 7, 9, 0, 0]);
    /// ```
    pub fn put_along_axis<Ax: IsAxis, SI, SV, const RV: usize>(
        &mut self,
        _axis: Ax,
        indices: &TensorBase<SI, R>,
        values: &TensorBase<SV, RV>,
    ) -> Result<(), IndexError<R>>
    where
        S::Elem: Clone,
        SI: Storage<Elem = usize>,
        SV: Storage<Elem = S::Elem>,
        Rank<R>: HasAxis<Ax>,
        Rank<RV>: crate::rank::BroadcastTo<R>,
    {
        let axis = <Rank<R> as HasAxis<Ax>>::AXIS;
        self.scatter_along(
            axis,
            indices,
            values,
            &mut |d: &mut S::Elem, v: &S::Elem| d.clone_from(v),
        )
    }

    /// Adds `values` at `indices` along axis `A`, repeated indices adding up (NumPy's
    /// `np.add.at` along an axis, PyTorch's `scatter_add_`): `self[.., indices[.., i, ..], ..]
    /// += values[.., i, ..]`. Shapes as for [`put_along_axis`](Self::put_along_axis).
    ///
    /// # Errors
    ///
    /// As [`put_along_axis`](Self::put_along_axis); nothing is written then.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// // A histogram of labels: each label adds 1 to its bin.
    /// let mut bins = tensor![[0, 0, 0]];
    /// let labels = tensor![[2, 0, 2, 2]];
    /// bins.scatter_add_along_axis(Axis::<1>, &labels, &tensor![[1]]).unwrap();
    /// assert_eq!(bins.to_vec(), [1, 0, 3]);
    /// ```
    pub fn scatter_add_along_axis<Ax: IsAxis, SI, SV, const RV: usize>(
        &mut self,
        _axis: Ax,
        indices: &TensorBase<SI, R>,
        values: &TensorBase<SV, RV>,
    ) -> Result<(), IndexError<R>>
    where
        S::Elem: core::ops::AddAssign + Clone,
        SI: Storage<Elem = usize>,
        SV: Storage<Elem = S::Elem>,
        Rank<R>: HasAxis<Ax>,
        Rank<RV>: crate::rank::BroadcastTo<R>,
    {
        let axis = <Rank<R> as HasAxis<Ax>>::AXIS;
        self.scatter_along(
            axis,
            indices,
            values,
            &mut |d: &mut S::Elem, v: &S::Elem| *d += v.clone(),
        )
    }

    fn scatter_along<SI, SV, const RV: usize>(
        &mut self,
        axis: usize,
        indices: &TensorBase<SI, R>,
        values: &TensorBase<SV, RV>,
        f: &mut impl FnMut(&mut S::Elem, &SV::Elem),
    ) -> Result<(), IndexError<R>>
    where
        SI: Storage<Elem = usize>,
        SV: Storage,
    {
        let n = self.shape()[axis];
        let mut shape = *self.shape();
        shape[axis] = indices.shape()[axis];
        let idx = indices.layout().broadcast_to(shape)?;
        let val = values.layout().broadcast_to(shape)?;
        check_indices(indices, axis, n)?;
        if shape.contains(&0) {
            return Ok(());
        }
        // `n > 0`: there is an index, and it is below `n`.
        let dst: Layout<R> = self.layout().narrow(axis, 0, 1)?.broadcast_to(shape)?;
        let step = self.strides()[axis];
        let (ids, _) = indices.view().into_raw_parts();
        let (vals, _) = values.view().into_raw_parts();
        let data = self.storage_mut().elems_mut();
        // SAFETY: the destination is this tensor's layout with its axis collapsed to each
        // lane's start (view arithmetic) and restored by `step`, so valid and unique
        // (invariants 1 and 2); the other layouts are broadcasts of their tensors' (valid,
        // invariant 1); every index was checked to be below `n`.
        unsafe {
            engine::put_along(
                (data, dst.operand(), step),
                (ids, idx.operand()),
                (vals, val.operand()),
                &shape,
                f,
            )
        };
        Ok(())
    }

    /// Adds the sub-tensors of `source` along axis `A` at `indices` along the same axis,
    /// repeated indices adding up (PyTorch's `index_add_(A, indices, source)`): `self[..,
    /// indices[k], ..] += source[.., k, ..]`. `source` has this tensor's shape except along
    /// axis `A`, where it has `indices.len()` elements.
    ///
    /// # Errors
    ///
    /// [`IndexError::OutOfBounds`] naming the first index not below the axis size and its
    /// position in `indices`; [`IndexError::Shape`] with [`ErrorKind::SizeMismatch`] naming the
    /// first axis where `source` does not fit. Nothing is written then.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// // Sum the points of each cluster: rows of `points` added into rows of `sums`.
    /// let points = tensor![[1.0, 1.0], [2.0, 0.0], [5.0, 5.0]];
    /// let mut sums = tensor![[0.0, 0.0], [0.0, 0.0]];
    /// sums.index_add(Axis::<0>, &[0, 0, 1], &points).unwrap();
    /// assert_eq!(sums.to_vec(), [3.0, 1.0, 5.0, 5.0]);
    /// ```
    pub fn index_add<Ax: IsAxis, S2>(
        &mut self,
        _axis: Ax,
        indices: &[usize],
        source: &TensorBase<S2, R>,
    ) -> Result<(), IndexError<1>>
    where
        S::Elem: core::ops::AddAssign + Clone,
        S2: Storage<Elem = S::Elem>,
        Rank<R>: HasAxis<Ax>,
    {
        let a = <Rank<R> as HasAxis<Ax>>::AXIS;
        let n = self.shape()[a];
        for (k, (&want, &have)) in self.shape().iter().zip(source.shape()).enumerate() {
            let want = if k == a { indices.len() } else { want };
            if want != have {
                return Err(ShapeError::size_mismatch(k, want, have).into());
            }
        }
        check_list(indices, a, n)?;
        let (src_data, _) = source.view().into_raw_parts();
        for (k, &i) in indices.iter().enumerate() {
            let from = source.layout().narrow(a, k, 1)?;
            // SAFETY: `narrow` is view arithmetic (keeps invariants 1 and 2).
            let mut to = unsafe { self.view_mut().map_layout(|l| l.narrow(a, i, 1)) }?;
            // SAFETY: `from` is view arithmetic on `source`'s layout, valid for its storage
            // (invariant 1), and has `to`'s shape (checked above).
            unsafe {
                to.zip_with_layout(from, src_data, |d: &mut S::Elem, s: &S::Elem| {
                    *d += s.clone()
                })
            };
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::{ArrayTensor, Axis, IndexError};

    /// Every form that writes into an existing tensor works on storage of fixed size, as in a
    /// build without `alloc`: gathers through a transposed destination, scatters with
    /// repeated and broadcast indices, and errors that name the bad index and leave the data
    /// as it was.
    #[test]
    fn gathers_and_scatters_into_fixed_storage() {
        let points: ArrayTensor<i32, 6, 2> =
            ArrayTensor::from_storage([1, 9, 5, 7, 2, 8], [2, 3]).unwrap();
        let order: ArrayTensor<usize, 6, 2> =
            ArrayTensor::from_storage([0, 2, 1, 1, 0, 2], [2, 3]).unwrap();
        let mut sorted: ArrayTensor<i32, 6, 2> = ArrayTensor::from_storage([0; 6], [2, 3]).unwrap();
        points
            .take_along_axis_into(Axis::<1>, &order, &mut sorted)
            .unwrap();
        assert_eq!(sorted.as_slice().unwrap(), [1, 5, 9, 2, 7, 8]);
        let mut columns: ArrayTensor<i32, 6, 2> =
            ArrayTensor::from_storage([0; 6], [3, 2]).unwrap();
        points
            .take_along_axis_into(Axis::<1>, &order, &mut columns.view_mut().t())
            .unwrap();
        assert_eq!(columns.as_slice().unwrap(), [1, 2, 5, 7, 9, 8]);
        // An index out of range: named by its position; the elements before it are written.
        let bad: ArrayTensor<usize, 6, 2> =
            ArrayTensor::from_storage([2, 1, 0, 0, 3, 1], [2, 3]).unwrap();
        let mut out: ArrayTensor<i32, 6, 2> = ArrayTensor::from_storage([-1; 6], [2, 3]).unwrap();
        let err = points.take_along_axis_into(Axis::<1>, &bad, &mut out);
        let expected = IndexError::OutOfBounds {
            position: [1, 1],
            index: 3,
            axis: 1,
            size: 3,
        };
        assert_eq!(err, Err(expected));
        assert_eq!(out.as_slice().unwrap(), [5, 9, 1, 7, -1, -1]);

        // One index per row, one value broadcast to both rows; then a row of indices broadcast to
        // both rows, the last of repeated writes winning.
        let mut t: ArrayTensor<i32, 6, 2> = ArrayTensor::from_storage([0; 6], [2, 3]).unwrap();
        let at: ArrayTensor<usize, 2, 2> = ArrayTensor::from_storage([2, 0], [2, 1]).unwrap();
        let value: ArrayTensor<i32, 1, 2> = ArrayTensor::from_storage([7], [1, 1]).unwrap();
        t.put_along_axis(Axis::<1>, &at, &value).unwrap();
        assert_eq!(t.as_slice().unwrap(), [0, 0, 7, 7, 0, 0]);
        let twice: ArrayTensor<usize, 2, 2> = ArrayTensor::from_storage([1, 1], [1, 2]).unwrap();
        let values: ArrayTensor<i32, 2, 2> = ArrayTensor::from_storage([3, 4], [1, 2]).unwrap();
        t.put_along_axis(Axis::<1>, &twice, &values).unwrap();
        assert_eq!(t.as_slice().unwrap(), [0, 4, 7, 7, 4, 0]);
        let outside: ArrayTensor<usize, 2, 2> = ArrayTensor::from_storage([0, 3], [2, 1]).unwrap();
        assert!(t.put_along_axis(Axis::<1>, &outside, &value).is_err());
        assert_eq!(t.as_slice().unwrap(), [0, 4, 7, 7, 4, 0]);

        // A histogram: repeated labels add up.
        let mut bins: ArrayTensor<u32, 3, 2> = ArrayTensor::from_storage([0; 3], [1, 3]).unwrap();
        let labels: ArrayTensor<usize, 4, 2> =
            ArrayTensor::from_storage([2, 0, 2, 2], [1, 4]).unwrap();
        let one: ArrayTensor<u32, 1, 2> = ArrayTensor::from_storage([1], [1, 1]).unwrap();
        bins.scatter_add_along_axis(Axis::<1>, &labels, &one)
            .unwrap();
        assert_eq!(bins.as_slice().unwrap(), [1, 0, 3]);

        // Rows of `source` added into rows of `sums`, two into the first.
        let source: ArrayTensor<f32, 6, 2> =
            ArrayTensor::from_storage([1.0, 1.0, 2.0, 0.0, 5.0, 5.0], [3, 2]).unwrap();
        let mut sums: ArrayTensor<f32, 4, 2> = ArrayTensor::from_storage([0.0; 4], [2, 2]).unwrap();
        sums.index_add(Axis::<0>, &[0, 0, 1], &source).unwrap();
        assert_eq!(sums.as_slice().unwrap(), [3.0, 1.0, 5.0, 5.0]);
        let err = sums.index_add(Axis::<0>, &[0, 2, 1], &source);
        let expected = IndexError::OutOfBounds {
            position: [1],
            index: 2,
            axis: 0,
            size: 2,
        };
        assert_eq!(err, Err(expected));
        assert_eq!(sums.as_slice().unwrap(), [3.0, 1.0, 5.0, 5.0]);
    }
}
