//! Copies that reshape by repeating or moving elements: `pad`, `tile`, `repeat` and `roll`
//! (NumPy's). Each is one copy whose source element along each axis comes from a map of
//! indices (see `gather_maps`): the result is written once, in order, rows copied as slices
//! where the source's rows are contiguous.

use crate::engine;
use crate::error::{ErrorKind, ShapeError};
use crate::rank::{HasAxis, HasAxisSet, IsAxis, Rank};
use crate::storage::Storage;
use crate::tensor::{Tensor, TensorBase};
use alloc::vec::Vec;

/// How [`pad`](TensorBase::pad) fills the new elements (NumPy's `mode`), shown for
/// `[1, 2, 3]` padded by 2 on each side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PadMode<T> {
    /// A constant (`"constant"`): `[0, 0, 1, 2, 3, 0, 0]` with 0.
    Constant(T),
    /// The edge elements repeated (`"edge"`): `[1, 1, 1, 2, 3, 3, 3]`.
    Edge,
    /// Mirrored about the edge elements, which are not repeated (`"reflect"`):
    /// `[3, 2, 1, 2, 3, 2, 1]`.
    Reflect,
    /// Mirrored including the edge elements (`"symmetric"`): `[2, 1, 1, 2, 3, 3, 2]`.
    Symmetric,
    /// Wrapped around from the other end (`"wrap"`): `[2, 3, 1, 2, 3, 1, 2]`.
    Wrap,
}

/// The source index along an axis of size `n` for each padded position (`FILL` for the
/// constant), as NumPy pads: widths beyond the axis size keep reflecting or wrapping.
fn pad_map<T>(
    n: usize,
    before: usize,
    after: usize,
    mode: &PadMode<T>,
) -> Result<Vec<usize>, ShapeError> {
    let total = before + n + after;
    let entries = (0..total).map(|i| {
        if i >= before && i - before < n {
            return i - before;
        }
        // Signed position relative to the first element; `n > 0` for every mode but
        // `Constant` (checked by the caller).
        let rel = i as i128 - before as i128;
        let n = n as i128;
        let j = match mode {
            PadMode::Constant(_) => return engine::FILL,
            PadMode::Edge => rel.clamp(0, n - 1),
            PadMode::Wrap => rel.rem_euclid(n),
            PadMode::Reflect if n == 1 => 0,
            PadMode::Reflect => {
                let j = rel.rem_euclid(2 * (n - 1));
                if j >= n { 2 * (n - 1) - j } else { j }
            }
            PadMode::Symmetric => {
                let j = rel.rem_euclid(2 * n);
                if j >= n { 2 * n - 1 - j } else { j }
            }
        };
        j as usize
    });
    map_of(total, entries)
}

/// The map of `len` entries that `entries` yields, its room asked for first (so a map too large
/// for memory is an error, not an abort).
fn map_of(len: usize, entries: impl Iterator<Item = usize>) -> Result<Vec<usize>, ShapeError> {
    let mut map = engine::try_vec(len)?;
    map.extend(entries.take(len));
    Ok(map)
}

/// A new tensor of `shape` with no elements when `shape` has a size 0 (no map is built then);
/// otherwise `None`, after checking that the element count fits in `usize`.
fn empty<T, const R: usize>(shape: [usize; R]) -> Result<Option<Tensor<T, R>>, ShapeError> {
    if shape.contains(&0) {
        return Ok(Some(Tensor::from_contiguous_vec(Vec::new(), shape)));
    }
    crate::layout::checked_len(&shape)?;
    Ok(None)
}

/// `base + extra` for a new axis size, or an overflow error naming the axis.
fn grown(axis: usize, base: usize, extra: usize) -> Result<usize, ShapeError> {
    base.checked_add(extra)
        .ok_or(ShapeError::overflow(Some(axis)))
}

/// # Padding, tiling, repeating and rolling (feature `alloc`)
impl<S: Storage, const R: usize> TensorBase<S, R>
where
    S::Elem: Clone,
{
    /// A copy with `widths[a].0` new elements before and `widths[a].1` after each axis `a`,
    /// filled as `mode` says (NumPy's `pad(a, widths, mode)`); every corner is filled as
    /// NumPy fills it. Rank R → R.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Empty`] naming the axis if a mode other than `Constant` pads an axis of
    /// size 0 (NumPy raises too); [`ErrorKind::Overflow`] or [`ErrorKind::Allocation`] if
    /// the result is too large.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{ops::PadMode, tensor};
    ///
    /// let t = tensor![[1, 2], [3, 4]];
    /// let c = t.pad([(1, 0), (0, 1)], PadMode::Constant(0)).unwrap();
    /// assert_eq!(c.to_vec(), [0, 0, 0, 1, 2, 0, 3, 4, 0]);
    /// let r = tensor![1, 2, 3].pad([(2, 2)], PadMode::Reflect).unwrap();
    /// assert_eq!(r.to_vec(), [3, 2, 1, 2, 3, 2, 1]);
    /// ```
    pub fn pad(
        &self,
        widths: [(usize, usize); R],
        mode: PadMode<S::Elem>,
    ) -> Result<Tensor<S::Elem, R>, ShapeError> {
        let mut shape = [0usize; R];
        for (axis, (&n, &(before, after))) in self.shape().iter().zip(&widths).enumerate() {
            shape[axis] = grown(axis, grown(axis, n, before)?, after)?;
            if n == 0 && before + after > 0 && !matches!(mode, PadMode::Constant(_)) {
                return Err(ShapeError::sizes(ErrorKind::Empty, Some(axis), 1, 0));
            }
        }
        if let Some(t) = empty(shape)? {
            return Ok(t);
        }
        let mut maps: [Vec<usize>; R] = core::array::from_fn(|_| Vec::new());
        for (a, map) in maps.iter_mut().enumerate() {
            *map = pad_map(self.shape()[a], widths[a].0, widths[a].1, &mode)?;
        }
        let fill = match &mode {
            PadMode::Constant(v) => Some(v),
            _ => None,
        };
        self.gather_maps(&maps.each_ref().map(|m| &m[..]), fill)
    }

    /// The tensor repeated `reps[a]` times along each axis `a` (NumPy's `tile(a, reps)` with
    /// one count per axis). Rank R → R.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Overflow`] or [`ErrorKind::Allocation`] if the result is too large.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let t = tensor![[1, 2]];
    /// assert_eq!(t.tile([2, 2]).unwrap().to_vec(), [1, 2, 1, 2, 1, 2, 1, 2]);
    /// ```
    pub fn tile(&self, reps: [usize; R]) -> Result<Tensor<S::Elem, R>, ShapeError> {
        let mut shape = [0usize; R];
        for (axis, (&n, &r)) in self.shape().iter().zip(&reps).enumerate() {
            shape[axis] = n.checked_mul(r).ok_or(ShapeError::overflow(Some(axis)))?;
        }
        if let Some(t) = empty(shape)? {
            return Ok(t);
        }
        let mut maps: [Vec<usize>; R] = core::array::from_fn(|_| Vec::new());
        for (a, map) in maps.iter_mut().enumerate() {
            let n = self.shape()[a];
            *map = map_of(shape[a], (0..reps[a]).flat_map(|_| 0..n))?;
        }
        self.gather_maps(&maps.each_ref().map(|m| &m[..]), None)
    }

    /// Each sub-tensor along axis `A` repeated `count` times in place (NumPy's
    /// `repeat(a, count, axis=A)`): `[1, 2]` becomes `[1, 1, 2, 2]`. Rank R → R.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Overflow`] or [`ErrorKind::Allocation`] if the result is too large.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![[1, 2], [3, 4]];
    /// assert_eq!(t.repeat(Axis::<1>, 2).unwrap().to_vec(), [1, 1, 2, 2, 3, 3, 4, 4]);
    /// ```
    pub fn repeat<Ax: IsAxis>(
        &self,
        _axis: Ax,
        count: usize,
    ) -> Result<Tensor<S::Elem, R>, ShapeError>
    where
        Rank<R>: HasAxis<Ax>,
    {
        let axis = <Rank<R> as HasAxis<Ax>>::AXIS;
        let n = self.shape()[axis];
        let mut shape = *self.shape();
        shape[axis] = n
            .checked_mul(count)
            .ok_or(ShapeError::overflow(Some(axis)))?;
        if let Some(t) = empty(shape)? {
            return Ok(t);
        }
        let map = map_of(
            shape[axis],
            (0..n).flat_map(|i| core::iter::repeat_n(i, count)),
        )?;
        self.gather_along(axis, &map)
    }

    /// Sub-tensor `k` along axis `A` repeated `counts[k]` times in place (NumPy's
    /// `repeat(a, counts, axis=A)` with one count per element). Rank R → R.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::SizeMismatch`] naming the axis if `counts` has not one count per element
    /// along it; [`ErrorKind::Overflow`] or [`ErrorKind::Allocation`] if the result is too
    /// large.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![10, 20, 30];
    /// assert_eq!(t.repeat_each(Axis::<0>, &[0, 2, 1]).unwrap().to_vec(), [20, 20, 30]);
    /// ```
    pub fn repeat_each<Ax: IsAxis>(
        &self,
        _axis: Ax,
        counts: &[usize],
    ) -> Result<Tensor<S::Elem, R>, ShapeError>
    where
        Rank<R>: HasAxis<Ax>,
    {
        let axis = <Rank<R> as HasAxis<Ax>>::AXIS;
        let n = self.shape()[axis];
        if counts.len() != n {
            return Err(ShapeError::size_mismatch(axis, n, counts.len()));
        }
        let mut shape = *self.shape();
        shape[axis] = counts
            .iter()
            .try_fold(0usize, |t, &c| t.checked_add(c))
            .ok_or(ShapeError::overflow(Some(axis)))?;
        if let Some(t) = empty(shape)? {
            return Ok(t);
        }
        let entries = counts
            .iter()
            .enumerate()
            .flat_map(|(i, &c)| core::iter::repeat_n(i, c));
        let map = map_of(shape[axis], entries)?;
        self.gather_along(axis, &map)
    }

    /// The elements shifted by `shift` places along axis `A`, those pushed past the end coming
    /// back at the start (NumPy's `roll(a, shift, axis=A)`; a negative shift goes the other
    /// way). Rank R → R.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Allocation`] if the result's room cannot be had.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![1, 2, 3, 4, 5];
    /// assert_eq!(t.roll(Axis::<0>, 2).unwrap().to_vec(), [4, 5, 1, 2, 3]);
    /// assert_eq!(t.roll(Axis::<0>, -1).unwrap().to_vec(), [2, 3, 4, 5, 1]);
    /// ```
    pub fn roll<Ax: IsAxis>(
        &self,
        _axis: Ax,
        shift: isize,
    ) -> Result<Tensor<S::Elem, R>, ShapeError>
    where
        Rank<R>: HasAxis<Ax>,
    {
        self.roll_along(<Rank<R> as HasAxis<Ax>>::AXIS, shift)
    }

    /// The elements shifted along several axes at once, each of the tuple `axes` by its entry
    /// of `shifts` (NumPy's `roll(a, (s, …), axis=(a, …))` and the Array API's `roll` with
    /// tuples). Rank R → R; one pass per axis.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::CountMismatch`] if `shifts` does not hold one shift per axis of the tuple;
    /// [`ErrorKind::Allocation`] if the result's room cannot be had.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![[1, 2, 3], [4, 5, 6]];
    /// assert_eq!(t.roll_axes((Axis::<0>, Axis::<1>), [1, -1]).unwrap(), tensor![[5, 6, 4], [2, 3, 1]]);
    /// ```
    pub fn roll_axes<Ax, const K: usize>(
        &self,
        _axes: Ax,
        shifts: [isize; K],
    ) -> Result<Tensor<S::Elem, R>, ShapeError>
    where
        Rank<R>: HasAxisSet<Ax>,
    {
        let axes = <Rank<R> as HasAxisSet<Ax>>::AXES;
        if axes.len() != K {
            return Err(ShapeError::sizes(
                ErrorKind::CountMismatch,
                None,
                axes.len(),
                K,
            ));
        }
        let mut pairs = axes.iter().zip(shifts);
        let Some((&first, shift)) = pairs.next() else {
            return Ok(self.to_contiguous());
        };
        pairs.try_fold(self.roll_along(first, shift)?, |t, (&axis, shift)| {
            t.roll_along(axis, shift)
        })
    }

    /// The elements in row-major order, each repeated `count` times, as a vector (NumPy's
    /// `repeat(a, count)` without an axis, the Array API's `repeat` with `axis=None`). Rank
    /// R → 1.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Overflow`] or [`ErrorKind::Allocation`] if the result is too large.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let t = tensor![[1, 2], [3, 4]];
    /// assert_eq!(t.repeat_flat(2).unwrap().to_vec(), [1, 1, 2, 2, 3, 3, 4, 4]);
    /// assert_eq!(t.repeat_each_flat(&[0, 1, 2, 1]).unwrap().to_vec(), [2, 3, 3, 4]);
    /// ```
    pub fn repeat_flat(&self, count: usize) -> Result<Tensor<S::Elem, 1>, ShapeError> {
        self.flattened()?.repeat(crate::Axis::<0>, count)
    }

    /// The elements in row-major order, element `i` repeated `counts[i]` times, as a vector
    /// (NumPy's `repeat(a, counts)` without an axis).
    ///
    /// # Errors
    ///
    /// As [`repeat_each`](Self::repeat_each) along the flattened elements.
    ///
    /// # Examples
    ///
    /// See [`repeat_flat`](Self::repeat_flat).
    pub fn repeat_each_flat(&self, counts: &[usize]) -> Result<Tensor<S::Elem, 1>, ShapeError> {
        self.flattened()?.repeat_each(crate::Axis::<0>, counts)
    }

    /// The elements in row-major order, as a vector.
    fn flattened(&self) -> Result<Tensor<S::Elem, 1>, ShapeError> {
        let data = self.view().into_raw_parts().0;
        // SAFETY: the tensor's own layout over its storage (invariant 1).
        let elements = unsafe {
            engine::try_map_to_vec(data, self.layout().parts(), &mut |e: &S::Elem| e.clone())
        }?;
        let len = elements.len();
        Tensor::from_vec(elements, [len])
    }

    /// The elements shifted by `shift` places in row-major order, whatever the axes, those
    /// pushed past the end coming back at the start (NumPy's `roll(a, shift)` without an axis,
    /// the Array API's `roll` with `axis=None`). Rank R → R, the same shape.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Allocation`] if the result's room cannot be had.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let t = tensor![[1, 2, 3], [4, 5, 6]];
    /// assert_eq!(t.roll_flat(2).unwrap(), tensor![[5, 6, 1], [2, 3, 4]]);
    /// assert_eq!(t.roll_flat(-7).unwrap(), tensor![[2, 3, 4], [5, 6, 1]]);
    /// ```
    pub fn roll_flat(&self, shift: isize) -> Result<Tensor<S::Elem, R>, ShapeError> {
        let mut elements = self.flattened()?.into_vec();
        if let Some(s) = (shift as i128).checked_rem_euclid(elements.len() as i128) {
            // `s < len`, which fits `usize`.
            elements.rotate_right(s as usize);
        }
        Tensor::from_vec(elements, *self.shape())
    }

    /// [`roll`](Self::roll) along `axis` (below R).
    fn roll_along(&self, axis: usize, shift: isize) -> Result<Tensor<S::Elem, R>, ShapeError> {
        if let Some(t) = empty(*self.shape())? {
            return Ok(t);
        }
        // A tensor with elements: `0 < n ≤ isize::MAX`.
        let n = self.shape()[axis];
        let s = (shift as i128).rem_euclid(n as i128) as usize;
        // Result position `i` holds source element `i − shift` (mod n): the last `s`
        // elements, then the first `n − s`.
        let map = map_of(n, (n - s..n).chain(0..n - s))?;
        self.gather_along(axis, &map)
    }
}
