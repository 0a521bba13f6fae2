//! Joining tensors ([`concatenate`], [`stack`]) and splitting views (`split_at`).
//!
//! Joins write each operand into its slot of a new row-major tensor through the loop engine
//! (one order-free copy per operand, tiled when an operand is transposed), so the new memory is
//! written once and never zeroed first. `split_at` is view arithmetic from the layout module.

use crate::error::{ErrorKind, ShapeError};
use crate::layout::{GridLayout, Layout, span, split_at};
use crate::rank::{HasAxis, IsAxis, Rank};
use crate::storage::{ViewRepr, ViewReprMut};
use crate::tensor::TensorBase;

#[cfg(feature = "alloc")]
use crate::{
    engine::{self, CloneInto},
    rank::InsertAxis,
    tensor::{Tensor, TensorView},
};

/// Joins tensors of one rank along an existing axis (NumPy's `concatenate`, ndarray's
/// `concatenate`, PyTorch's `cat`). Rank R → R: the result's `axis` is the sum of the
/// operands' sizes there, and every other axis must agree. The result is a new row-major
/// tensor; O(total elements), each copied once.
///
/// # Errors
///
/// - [`ErrorKind::NoOperands`] if `tensors` is empty;
/// - [`ErrorKind::SizeMismatch`] naming the operand ([`ShapeError::operand`]) and the axis whose
///   size differs from the first operand's (`expected`) — the operand's own size is `found`;
/// - [`ErrorKind::Overflow`] if the joined axis or the element count leaves `usize`;
/// - [`ErrorKind::Allocation`] if the result cannot be allocated.
///
/// # Examples
///
/// ```
/// use ranked::{Axis, ErrorKind, concatenate, tensor};
///
/// let a = tensor![[1, 2], [3, 4]];
/// let b = tensor![[5, 6]];
/// let c = concatenate(Axis::<0>, &[a.view(), b.view()]).unwrap();
/// assert_eq!(c, tensor![[1, 2], [3, 4], [5, 6]]);
///
/// let err = concatenate(Axis::<1>, &[a.view(), b.view()]).unwrap_err();
/// assert_eq!((err.kind(), err.operand(), err.axis()), (ErrorKind::SizeMismatch, Some(1), Some(0)));
/// assert_eq!((err.expected(), err.found()), (2, 1));
/// ```
#[cfg(feature = "alloc")]
pub fn concatenate<T: Clone, Ax: IsAxis, const R: usize>(
    _axis: Ax,
    tensors: &[TensorView<'_, T, R>],
) -> Result<Tensor<T, R>, ShapeError>
where
    Rank<R>: HasAxis<Ax>,
{
    let axis = <Rank<R> as HasAxis<Ax>>::AXIS;
    let first = tensors.first().ok_or(NO_OPERANDS)?;
    let mut shape = *first.shape();
    shape[axis] = 0;
    for (i, t) in tensors.iter().enumerate() {
        check_sizes(i, first.shape(), t.shape(), Some(axis))?;
        shape[axis] = shape[axis]
            .checked_add(t.shape()[axis])
            .ok_or_else(|| ShapeError::overflow(Some(axis)).with_operand(i))?;
    }
    join(shape, tensors, |out, i, start| {
        out.narrow(axis, start, tensors[i].shape()[axis])
            .map(|l| (l, start + tensors[i].shape()[axis]))
    })
}

/// Joins the elements of tensors of one rank, each in row-major order, into one vector
/// (NumPy's `concatenate(arrays, axis=None)` and the Array API's `concat(arrays, axis=None)`):
/// the shapes need not agree. Rank R → 1; a new tensor, O(total elements), each copied once.
///
/// # Errors
///
/// - [`ErrorKind::NoOperands`] if `tensors` is empty (NumPy raises too);
/// - [`ErrorKind::Overflow`] naming the operand at which the element count leaves `usize`;
/// - [`ErrorKind::Allocation`] if the result cannot be allocated.
///
/// # Examples
///
/// ```
/// use ranked::{concatenate_flat, tensor};
///
/// let a = tensor![[1, 2], [3, 4]];
/// let b = tensor![[5, 6, 7]];
/// let flat = concatenate_flat(&[a.view(), b.view(), a.view().t()]).unwrap();
/// assert_eq!(flat.to_vec(), [1, 2, 3, 4, 5, 6, 7, 1, 3, 2, 4]);
/// ```
#[cfg(feature = "alloc")]
pub fn concatenate_flat<T: Clone, const R: usize>(
    tensors: &[TensorView<'_, T, R>],
) -> Result<Tensor<T, 1>, ShapeError> {
    tensors.first().ok_or(NO_OPERANDS)?;
    let mut total = 0usize;
    for (i, t) in tensors.iter().enumerate() {
        total = total
            .checked_add(t.len())
            .ok_or_else(|| ShapeError::overflow(None).with_operand(i))?;
    }
    // Each operand fills the next `len` slots of the vector, in its own row-major order.
    join([total], tensors, |_, i, start| {
        let shape = *tensors[i].shape();
        let l = Layout::row_major(shape)?;
        Ok((
            Layout::from_parts(shape, *l.strides(), start),
            start + tensors[i].len(),
        ))
    })
}

/// Joins tensors of one shape along a new axis (NumPy's `stack`, ndarray's `stack`,
/// PyTorch's `stack`). Rank R → R + 1: the new axis `axis` has one index per operand. The result
/// is a new row-major tensor; O(total elements), each copied once.
///
/// # Errors
///
/// - [`ErrorKind::NoOperands`] if `tensors` is empty;
/// - [`ErrorKind::SizeMismatch`] naming the operand and the axis whose size differs from the
///   first operand's;
/// - [`ErrorKind::Overflow`] / [`ErrorKind::Allocation`] if the result's element count leaves
///   `usize` or cannot be allocated.
///
/// # Examples
///
/// ```
/// use ranked::{Axis, Tensor, stack, tensor};
///
/// let a = tensor![1, 2, 3];
/// let b = tensor![4, 5, 6];
/// let rows: Tensor<i32, 2> = stack(Axis::<0>, &[a.view(), b.view()]).unwrap();
/// assert_eq!(rows, tensor![[1, 2, 3], [4, 5, 6]]);
/// let cols = stack(Axis::<1>, &[a.view(), b.view()]).unwrap();
/// assert_eq!(cols, tensor![[1, 4], [2, 5], [3, 6]]);
/// ```
#[cfg(feature = "alloc")]
pub fn stack<T: Clone, Ax: IsAxis, const R: usize, const O: usize>(
    _axis: Ax,
    tensors: &[TensorView<'_, T, R>],
) -> Result<Tensor<T, O>, ShapeError>
where
    Rank<R>: InsertAxis<Ax, Out = Rank<O>>,
{
    let axis = <Rank<R> as InsertAxis<Ax>>::AXIS;
    let first = tensors.first().ok_or(NO_OPERANDS)?;
    for (i, t) in tensors.iter().enumerate() {
        check_sizes(i, first.shape(), t.shape(), None)?;
    }
    let mut shape = *Layout::<R>::from_parts(*first.shape(), [0; R], 0)
        .unsqueeze::<O>(axis)
        .shape();
    shape[axis] = tensors.len();
    join(shape, tensors, |out, _, k| {
        out.select::<R>(axis, k).map(|l| (l, k + 1))
    })
}

#[cfg(feature = "alloc")]
const NO_OPERANDS: ShapeError = ShapeError::sizes(ErrorKind::NoOperands, None, 1, 0);

/// Every axis of `found` (operand `i`) but `skip` has the size it has in `first`.
#[cfg(feature = "alloc")]
fn check_sizes(
    i: usize,
    first: &[usize],
    found: &[usize],
    skip: Option<usize>,
) -> Result<(), ShapeError> {
    for (axis, (&e, &f)) in first.iter().zip(found).enumerate() {
        if Some(axis) != skip && e != f {
            return Err(ShapeError::size_mismatch(axis, e, f).with_operand(i));
        }
    }
    Ok(())
}

/// A new row-major tensor of `shape` holding each operand at the place `slot(out, i, cursor)`
/// gives (the destination layout and the next cursor), starting from cursor 0.
#[cfg(feature = "alloc")]
fn join<T: Clone, const R: usize, const O: usize>(
    shape: [usize; O],
    tensors: &[TensorView<'_, T, R>],
    slot: impl Fn(&Layout<O>, usize, usize) -> Result<(Layout<R>, usize), ShapeError>,
) -> Result<Tensor<T, O>, ShapeError> {
    let out_layout = Layout::row_major(shape)?;
    let len = out_layout.try_len()?;
    let mut out = engine::try_vec::<T>(len)?;
    let spare = &mut out.spare_capacity_mut()[..len];
    let mut cursor = 0;
    for (i, t) in tensors.iter().enumerate() {
        let (dst, next) = slot(&out_layout, i, cursor)?;
        cursor = next;
        let (src_data, src) = (*t.storage(), t.layout());
        // SAFETY: `dst` is a slot of the row-major output, valid for `spare` and unique; `src`
        // is the view's own layout, valid for its storage (invariant 1).
        unsafe {
            engine::zip_mut::<O, _, _>(
                ViewReprMut::from_slice(&mut *spare),
                dst.operand(),
                src_data,
                src.operand(),
                dst.shape(),
                &mut CloneInto,
            );
        }
    }
    // SAFETY: the operands' slots partition the row-major output (consecutive ranges along the
    // joined axis, or one index each of the new axis), and the engine writes every position of
    // each slot once (`CloneInto` initialises its destination), so all `len` slots are written.
    // Should a `clone` panic, `set_len` is never reached and the written values leak.
    unsafe { out.set_len(len) };
    Ok(Tensor::from_contiguous_vec(out, shape))
}

/// # Splitting
impl<'a, T, const R: usize> TensorBase<ViewRepr<'a, T>, R> {
    /// Splits a view in two along `axis`: indices `..index` and `index..` (ndarray's
    /// `split_at`, NumPy's `split` at one point). Rank R → two of rank R; O(rank), no copy.
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::IndexOutOfBounds`] if `index` is beyond the axis size (`index` equal to
    /// the size gives an empty second half).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![[1, 2, 3], [4, 5, 6]];
    /// let (left, right) = t.view().split_at(Axis::<1>, 1).unwrap();
    /// assert_eq!(left.to_vec(), [1, 4]);
    /// assert_eq!(right.to_vec(), [2, 3, 5, 6]);
    /// ```
    pub fn split_at<Ax: IsAxis>(self, _axis: Ax, index: usize) -> Result<(Self, Self), ShapeError>
    where
        Rank<R>: HasAxis<Ax>,
    {
        let a = <Rank<R> as HasAxis<Ax>>::AXIS;
        let (head, tail) = split_at(self.layout(), a, index)?;
        let data: ViewRepr<'a, T> = *self.storage();
        // SAFETY: both halves are view arithmetic on this view's layout (their elements are
        // elements of it), so they are valid for the same slice (invariant 1); the storage is
        // read-only.
        Ok(unsafe {
            (
                TensorBase::from_parts_unchecked(data, head),
                TensorBase::from_parts_unchecked(data, tail),
            )
        })
    }
}

/// # Splitting mutable views
impl<T, const R: usize> TensorBase<ViewReprMut<'_, T>, R> {
    /// Splits a mutable view into two mutable views of disjoint memory along `axis`: indices
    /// `..index` and `index..`. Rank R → two of rank R; O(rank), no copy.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::IndexOutOfBounds`] if `index` is beyond the axis size;
    /// [`ErrorKind::Interleaved`] if the two halves interleave in memory (splitting the columns
    /// of a row-major matrix with more than one row), since each half gets its own `&mut [T]`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, ErrorKind, tensor};
    ///
    /// let mut t = tensor![[1, 2], [3, 4], [5, 6]];
    /// let (mut top, mut bottom) = t.view_mut().split_at(Axis::<0>, 1).unwrap();
    /// top.fill(0);
    /// bottom.map_inplace(|x| *x *= 10);
    /// assert_eq!(t.to_vec(), [0, 0, 30, 40, 50, 60]);
    ///
    /// let err = t.view_mut().split_at(Axis::<1>, 1).unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::Interleaved);
    /// ```
    pub fn split_at<Ax: IsAxis>(self, _axis: Ax, index: usize) -> Result<(Self, Self), ShapeError>
    where
        Rank<R>: HasAxis<Ax>,
    {
        let a = <Rank<R> as HasAxis<Ax>>::AXIS;
        let (head, tail) = split_at(self.layout(), a, index)?;
        let (data, _) = self.into_raw_parts();
        let (head_data, head, tail_data, tail) = match (span(&head), span(&tail)) {
            (Some(h), Some(t)) => {
                if h.1 >= t.0 && t.1 >= h.0 {
                    return Err(ShapeError::sizes(ErrorKind::Interleaved, Some(a), 0, 0));
                }
                // The band higher in memory starts above every position of the other.
                let at = h.0.max(t.0);
                let Some((below, above)) = data.split_at(at) else {
                    unreachable!("a band starts inside the storage its layout is valid for")
                };
                if h.0 < t.0 {
                    (below, head, above, moved(tail, at))
                } else {
                    (above, moved(head, at), below, tail)
                }
            }
            (None, _) => (
                ViewReprMut::from_slice(&mut []),
                moved(head, head.offset()),
                data,
                tail,
            ),
            (_, None) => (
                data,
                head,
                ViewReprMut::from_slice(&mut []),
                moved(tail, tail.offset()),
            ),
        };
        // SAFETY: each half is view arithmetic on this view's layout, so valid for the whole
        // slice and unique (invariants 1 and 2); each now sits in its own part of the slice —
        // the part holding its whole band, its offset moved by the part's start, or an empty
        // slice at offset 0 when it has no elements — so it stays valid and unique there, and
        // the two parts are disjoint.
        Ok(unsafe {
            (
                TensorBase::from_parts_unchecked(head_data, head),
                TensorBase::from_parts_unchecked(tail_data, tail),
            )
        })
    }
}

/// `layout` with its offset lowered by `by` (which is at most the offset).
fn moved<const R: usize>(mut layout: Layout<R>, by: usize) -> Layout<R> {
    layout.set_offset(layout.offset() - by);
    layout
}

/// # Unstacking (feature `alloc`)
#[cfg(feature = "alloc")]
impl<S: crate::storage::Storage, const R: usize> TensorBase<S, R> {
    /// The tensors along axis `A`, as views (NumPy's and the Array API's `unstack`): each of
    /// rank R − 1, in order, without a copy; the inverse of [`stack`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![[1, 2, 3], [4, 5, 6]];
    /// let columns = t.unstack(Axis::<1>);
    /// assert_eq!(columns.len(), 3);
    /// assert_eq!(columns[2].to_vec(), [3, 6]);
    /// ```
    #[must_use]
    pub fn unstack<Ax: IsAxis + Copy, const O: usize>(
        &self,
        axis: Ax,
    ) -> alloc::vec::Vec<crate::TensorView<'_, S::Elem, O>>
    where
        Rank<R>: crate::rank::RemoveAxis<Ax, Out = Rank<O>>,
    {
        let n = self.shape()[<Rank<R> as crate::rank::RemoveAxis<Ax>>::AXIS];
        // Every index below the axis's size is valid: `select` cannot fail here.
        (0..n)
            .filter_map(|i| self.view().select(axis, i).ok())
            .collect()
    }
}
