//! Comparisons and masks: `eq ne lt le gt ge` (PyTorch's names) producing `bool` tensors with
//! broadcasting, [`where_`], `fill_where`, `all`/`any`/`count` of a mask, `is_nan`/`is_finite`,
//! and `allclose`.
//!
//! The allocating forms go through the loop engine's maps; `fill_where`, `all`, `any`, `count`
//! and `allclose` allocate nothing and work without the `alloc` feature.

use num_traits::Float;

use crate::engine;
use crate::error::ShapeError;
use crate::layout::broadcast_shapes;
use crate::rank::{BroadcastRanks, BroadcastTo, Rank};
use crate::storage::{Storage, StorageMut};
use crate::tensor::TensorBase;

#[cfg(feature = "alloc")]
use crate::{operand::IntoTensorView, ops::Scalar, storage::ViewReprMut, tensor::Tensor};

#[cfg(feature = "alloc")]
mod sealed {
    pub trait Sealed {}
}

/// The right-hand side of a comparison ([`gt`](TensorBase::gt) and its siblings): a tensor
/// (by reference; both operands broadcast, the result has the larger rank and is a `Result`,
/// since shapes can disagree) or a scalar (compared with every element; the result is the
/// tensor itself). Sealed.
///
/// # Examples
///
/// ```
/// use ranked::tensor;
///
/// let t = tensor![1.0, 2.0, 3.0];
/// assert_eq!(t.gt(1.5).to_vec(), [false, true, true]); // a scalar: no `Result`
/// assert_eq!(t.le(&tensor![[2.0], [1.0]]).unwrap().shape(), &[2, 3]); // broadcast
/// ```
#[diagnostic::on_unimplemented(
    message = "a tensor of `{T}` cannot be compared with `{Self}`",
    label = "expected a tensor of `{T}` by reference, or a `{T}`",
    note = "compare with another tensor by reference (`a.gt(&b)`) or with a number of the element type (`a.gt(0.5)`)"
)]
#[cfg(feature = "alloc")]
pub trait Comparand<T, const R: usize>: sealed::Sealed {
    /// `Result<Tensor<bool, O>, ShapeError>` for a tensor, `Tensor<bool, R>` for a scalar.
    type Output;

    /// `f(lhs element, rhs element)` for every pair.
    #[doc(hidden)]
    fn compare<S: Storage<Elem = T>>(
        &self,
        lhs: &TensorBase<S, R>,
        f: impl FnMut(&T, &T) -> bool,
    ) -> Self::Output;
}

#[cfg(feature = "alloc")]
impl<S2: Storage, const R2: usize> sealed::Sealed for &TensorBase<S2, R2> {}

#[cfg(feature = "alloc")]
#[diagnostic::do_not_recommend]
impl<S2, T, const R: usize, const R2: usize, const O: usize> Comparand<T, R> for &TensorBase<S2, R2>
where
    S2: Storage<Elem = T>,
    Rank<R>: BroadcastRanks<R2, Out = Rank<O>>,
{
    type Output = Result<Tensor<bool, O>, ShapeError>;

    fn compare<S: Storage<Elem = T>>(
        &self,
        lhs: &TensorBase<S, R>,
        f: impl FnMut(&T, &T) -> bool,
    ) -> Self::Output {
        lhs.broadcast_zip(*self, f)
    }
}

#[cfg(feature = "alloc")]
impl<T: Scalar> sealed::Sealed for T {}

#[cfg(feature = "alloc")]
#[diagnostic::do_not_recommend]
impl<T: Scalar, const R: usize> Comparand<T, R> for T {
    type Output = Tensor<bool, R>;

    fn compare<S: Storage<Elem = T>>(
        &self,
        lhs: &TensorBase<S, R>,
        mut f: impl FnMut(&T, &T) -> bool,
    ) -> Self::Output {
        lhs.map(|x| f(x, self))
    }
}

/// # Comparisons (feature `alloc`)
///
/// Element-wise comparisons producing a `bool` tensor (a mask), against another tensor (both
/// broadcast; the result has the larger rank, or an error if the shapes do not broadcast) or
/// against a scalar. NaN compares as IEEE 754 says: unequal to everything, neither less nor
/// greater. O(len).
#[cfg(feature = "alloc")]
impl<S: Storage, const R: usize> TensorBase<S, R> {
    /// `self == rhs` element-wise (NumPy's `equal`, PyTorch's `eq`). Against a tensor
    /// the result is a `Result` (the shapes may not broadcast:
    /// [`ErrorKind::BroadcastMismatch`](crate::ErrorKind::BroadcastMismatch)); against a scalar
    /// it is the mask itself.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let t = tensor![[1, 2], [3, 4]];
    /// assert_eq!(t.eq(2).to_vec(), [false, true, false, false]);
    /// let m = t.eq(&tensor![2, 2]).unwrap();
    /// assert_eq!(m.to_vec(), [false, true, false, false]);
    /// assert!(t.eq(&tensor![1, 2, 3]).is_err());
    /// ```
    pub fn eq<C>(&self, rhs: C) -> C::Output
    where
        S::Elem: PartialEq,
        C: Comparand<S::Elem, R>,
    {
        rhs.compare(self, |x, y| x == y)
    }

    /// `self != rhs` element-wise (NumPy's `not_equal`, PyTorch's `ne`). Against a tensor
    /// the result is a `Result` (the shapes may not broadcast:
    /// [`ErrorKind::BroadcastMismatch`](crate::ErrorKind::BroadcastMismatch)); against a scalar
    /// it is the mask itself.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let t = tensor![[1, 2], [3, 4]];
    /// assert_eq!(t.ne(2).to_vec(), [true, false, true, true]);
    /// let m = t.ne(&tensor![2, 2]).unwrap();
    /// assert_eq!(m.to_vec(), [true, false, true, true]);
    /// assert!(t.ne(&tensor![1, 2, 3]).is_err());
    /// ```
    pub fn ne<C>(&self, rhs: C) -> C::Output
    where
        S::Elem: PartialEq,
        C: Comparand<S::Elem, R>,
    {
        rhs.compare(self, |x, y| x != y)
    }

    /// `self < rhs` element-wise (NumPy's `less`, PyTorch's `lt`). Against a tensor
    /// the result is a `Result` (the shapes may not broadcast:
    /// [`ErrorKind::BroadcastMismatch`](crate::ErrorKind::BroadcastMismatch)); against a scalar
    /// it is the mask itself.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let t = tensor![[1, 2], [3, 4]];
    /// assert_eq!(t.lt(2).to_vec(), [true, false, false, false]);
    /// let m = t.lt(&tensor![2, 2]).unwrap();
    /// assert_eq!(m.to_vec(), [true, false, false, false]);
    /// assert!(t.lt(&tensor![1, 2, 3]).is_err());
    /// ```
    pub fn lt<C>(&self, rhs: C) -> C::Output
    where
        S::Elem: PartialOrd,
        C: Comparand<S::Elem, R>,
    {
        rhs.compare(self, |x, y| x < y)
    }

    /// `self <= rhs` element-wise (NumPy's `less_equal`, PyTorch's `le`). Against a tensor
    /// the result is a `Result` (the shapes may not broadcast:
    /// [`ErrorKind::BroadcastMismatch`](crate::ErrorKind::BroadcastMismatch)); against a scalar
    /// it is the mask itself.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let t = tensor![[1, 2], [3, 4]];
    /// assert_eq!(t.le(2).to_vec(), [true, true, false, false]);
    /// let m = t.le(&tensor![2, 2]).unwrap();
    /// assert_eq!(m.to_vec(), [true, true, false, false]);
    /// assert!(t.le(&tensor![1, 2, 3]).is_err());
    /// ```
    pub fn le<C>(&self, rhs: C) -> C::Output
    where
        S::Elem: PartialOrd,
        C: Comparand<S::Elem, R>,
    {
        rhs.compare(self, |x, y| x <= y)
    }

    /// `self > rhs` element-wise (NumPy's `greater`, PyTorch's `gt`). Against a tensor
    /// the result is a `Result` (the shapes may not broadcast:
    /// [`ErrorKind::BroadcastMismatch`](crate::ErrorKind::BroadcastMismatch)); against a scalar
    /// it is the mask itself.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let t = tensor![[1, 2], [3, 4]];
    /// assert_eq!(t.gt(2).to_vec(), [false, false, true, true]);
    /// let m = t.gt(&tensor![2, 2]).unwrap();
    /// assert_eq!(m.to_vec(), [false, false, true, true]);
    /// assert!(t.gt(&tensor![1, 2, 3]).is_err());
    /// ```
    pub fn gt<C>(&self, rhs: C) -> C::Output
    where
        S::Elem: PartialOrd,
        C: Comparand<S::Elem, R>,
    {
        rhs.compare(self, |x, y| x > y)
    }

    /// `self >= rhs` element-wise (NumPy's `greater_equal`, PyTorch's `ge`). Against a tensor
    /// the result is a `Result` (the shapes may not broadcast:
    /// [`ErrorKind::BroadcastMismatch`](crate::ErrorKind::BroadcastMismatch)); against a scalar
    /// it is the mask itself.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let t = tensor![[1, 2], [3, 4]];
    /// assert_eq!(t.ge(2).to_vec(), [false, true, true, true]);
    /// let m = t.ge(&tensor![2, 2]).unwrap();
    /// assert_eq!(m.to_vec(), [false, true, true, true]);
    /// assert!(t.ge(&tensor![1, 2, 3]).is_err());
    /// ```
    pub fn ge<C>(&self, rhs: C) -> C::Output
    where
        S::Elem: PartialOrd,
        C: Comparand<S::Elem, R>,
    {
        rhs.compare(self, |x, y| x >= y)
    }
}

/// Picks `a` where `mask` is `true` and `b` where it is `false`, broadcasting all three
/// (NumPy's `where(mask, a, b)`, PyTorch's `where`). The result has the largest rank of the
/// three; O(len), a new row-major tensor. Each operand is a reference to a tensor, a view or a
/// reference to a `CowTensor` (see [passing operands](crate::operand#passing-operands)).
///
/// # Errors
///
/// [`ErrorKind::BroadcastMismatch`](crate::ErrorKind::BroadcastMismatch) if the shapes do not
/// broadcast together; [`ErrorKind::Allocation`](crate::ErrorKind::Allocation) if the result
/// cannot be allocated.
///
/// # Examples
///
/// ```
/// use ranked::{tensor, where_};
///
/// let x = tensor![[-1.0, 2.0], [3.0, -4.0]];
/// let relu = where_(&x.gt(0.0), &x, &tensor![0.0]).unwrap();
/// assert_eq!(relu.to_vec(), [0.0, 2.0, 3.0, 0.0]);
/// ```
#[cfg(feature = "alloc")]
pub fn where_<
    'm,
    'a,
    'b,
    T: Clone + 'a + 'b,
    const RM: usize,
    const RA: usize,
    const RB: usize,
    const Q: usize,
    const O: usize,
>(
    mask: impl IntoTensorView<'m, bool, RM>,
    a: impl IntoTensorView<'a, T, RA>,
    b: impl IntoTensorView<'b, T, RB>,
) -> Result<Tensor<T, O>, ShapeError>
where
    Rank<RM>: BroadcastRanks<RA, Out = Rank<Q>>,
    Rank<Q>: BroadcastRanks<RB, Out = Rank<O>>,
{
    let (mask, a, b) = (mask.into_view(), a.into_view(), b.into_view());
    let shape: [usize; Q] = broadcast_shapes(*mask.shape(), *a.shape())?;
    let shape: [usize; O] = broadcast_shapes(shape, *b.shape())?;
    // `O` is at least each operand's rank, so every `broadcast_to` below compiles to a valid
    // rank change.
    let (lm, la, lb) = (
        mask.layout().broadcast_to(shape)?,
        a.layout().broadcast_to(shape)?,
        b.layout().broadcast_to(shape)?,
    );
    // `a` where the mask holds, then `b` over the rest: two passes through the engine.
    let (dm, da, db) = (
        *mask.view().storage(),
        *a.view().storage(),
        *b.view().storage(),
    );
    // SAFETY: broadcasts of each operand's layout (view arithmetic), valid for its storage
    // (invariant 1).
    let mut out = unsafe {
        engine::map2_to_vec(
            &shape,
            (dm, lm.operand()),
            (da, la.operand()),
            &mut |_, x: &T| x.clone(),
        )
    }?;
    let dst_strides = crate::layout::Layout::row_major(shape)?;
    // SAFETY: as above; `out` is row-major over `shape` (valid, unique).
    unsafe {
        engine::zip3_mut::<O, _, _, _>(
            ViewReprMut::from_slice(&mut out),
            dst_strides.operand(),
            (dm, lm.operand()),
            (db, lb.operand()),
            &shape,
            &mut |o: &mut T, &m: &bool, y: &T| {
                if !m {
                    o.clone_from(y);
                }
            },
        )
    };
    Ok(Tensor::from_contiguous_vec(out, shape))
}

/// # Masks
impl<S: Storage, const R: usize> TensorBase<S, R> {
    /// Sets the elements where `mask` is `true` to `value` (NumPy's `a[mask] = value`,
    /// PyTorch's `masked_fill_`, under which name the docs find it too); the mask broadcasts to
    /// `self`'s shape. O(len), no allocation.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::BroadcastMismatch`](crate::ErrorKind::BroadcastMismatch) if the mask does
    /// not broadcast to `self`'s shape (nothing is written then).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let mut t = tensor![[1.0, f64::NAN], [f64::NAN, 4.0]];
    /// let nan = t.is_nan();
    /// t.fill_where(&nan, 0.0).unwrap();
    /// assert_eq!(t.to_vec(), [1.0, 0.0, 0.0, 4.0]);
    /// // A rank-1 mask picks columns of every row.
    /// t.fill_where(&tensor![true, false], -1.0).unwrap();
    /// assert_eq!(t.to_vec(), [-1.0, 0.0, -1.0, 4.0]);
    /// ```
    #[doc(alias = "masked_fill")]
    pub fn fill_where<Sm, const RM: usize>(
        &mut self,
        mask: &TensorBase<Sm, RM>,
        value: S::Elem,
    ) -> Result<(), ShapeError>
    where
        S: StorageMut,
        S::Elem: Clone,
        Sm: Storage<Elem = bool>,
        Rank<RM>: BroadcastTo<R>,
    {
        self.zip_assign(mask, |x: &mut S::Elem, &m: &bool| {
            if m {
                x.clone_from(&value);
            }
        })
    }

    /// Copies `src` into `self` where `mask` is `true`, leaving the other elements as they are
    /// (NumPy's `copyto(self, src, where=mask)`); `src` and `mask` broadcast to `self`'s shape.
    /// With [`try_assign`](Self::try_assign) first, it is NumPy's `where(mask, src, other)`
    /// written into caller storage. O(len), no allocation.
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::BroadcastMismatch`](crate::ErrorKind::BroadcastMismatch) if `src` or `mask`
    /// does not broadcast to `self`'s shape (nothing is written then).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{ArrayTensor, inline_tensor};
    ///
    /// // ReLU into fixed storage: NumPy's where(x > 0, x, 0).
    /// let x = inline_tensor![[-1.0f32, 2.0], [3.0, -4.0]];
    /// let mut positive = ArrayTensor::<bool, 4, 2>::full([2, 2], false).unwrap();
    /// positive.try_assign_zip(&x, &inline_tensor![0.0f32], |&v, &z| v > z).unwrap();
    /// let mut out = ArrayTensor::<f32, 4, 2>::zeros([2, 2]).unwrap();
    /// out.copy_where(&x, &positive).unwrap();
    /// assert!(out.iter().copied().eq([0.0, 2.0, 3.0, 0.0]));
    /// assert!(out.copy_where(&x, &inline_tensor![true, false, true]).is_err());
    /// ```
    #[doc(alias = "copyto")]
    pub fn copy_where<S2, Sm, const R2: usize, const RM: usize>(
        &mut self,
        src: &TensorBase<S2, R2>,
        mask: &TensorBase<Sm, RM>,
    ) -> Result<(), ShapeError>
    where
        S: StorageMut,
        S2: Storage<Elem = S::Elem>,
        S::Elem: Clone,
        Sm: Storage<Elem = bool>,
        Rank<R2>: BroadcastTo<R>,
        Rank<RM>: BroadcastTo<R>,
    {
        let shape = *self.shape();
        let (from, picks) = (
            src.layout().broadcast_to(shape)?,
            mask.layout().broadcast_to(shape)?,
        );
        let target = *self.layout();
        let data = self.view_mut().into_raw_parts().0;
        // SAFETY: `self`'s storage and unique layout (invariants 1 and 2); broadcasts of `src`'s
        // and `mask`'s layouts (view arithmetic) to that shape, valid for their storage
        // (invariant 1).
        unsafe {
            engine::zip3_mut::<R, _, _, _>(
                data,
                target.operand(),
                (src.view().into_raw_parts().0, from.operand()),
                (mask.view().into_raw_parts().0, picks.operand()),
                &shape,
                &mut |o: &mut S::Elem, x: &S::Elem, &m: &bool| {
                    if m {
                        o.clone_from(x);
                    }
                },
            );
        }
        Ok(())
    }

    /// Whether `self` and `other` are equal within a tolerance, element by element with
    /// broadcasting (NumPy's `allclose`): `|a − b| ≤ atol + rtol·|b|` for every pair. NaN is
    /// close to nothing, as in NumPy. O(len), no allocation.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::BroadcastMismatch`](crate::ErrorKind::BroadcastMismatch) if the shapes do
    /// not broadcast (NumPy raises too).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let a = tensor![1.0, 2.0, 3.0];
    /// assert!(a.allclose(&tensor![1.0, 2.0, 3.0 + 1e-9], 1e-5, 1e-8).unwrap());
    /// assert!(!a.allclose(&tensor![1.0, 2.1, 3.0], 1e-5, 1e-8).unwrap());
    /// assert!(a.allclose(&tensor![[1.0, 2.0, 3.0]], 0.0, 0.0).unwrap()); // broadcast
    /// ```
    pub fn allclose<S2, const R2: usize, const O: usize>(
        &self,
        other: &TensorBase<S2, R2>,
        rtol: S::Elem,
        atol: S::Elem,
    ) -> Result<bool, ShapeError>
    where
        S::Elem: Float,
        S2: Storage<Elem = S::Elem>,
        Rank<R>: BroadcastRanks<R2, Out = Rank<O>>,
    {
        let shape: [usize; O] = broadcast_shapes(*self.shape(), *other.shape())?;
        let (la, lb) = (
            self.layout().broadcast_to(shape)?,
            other.layout().broadcast_to(shape)?,
        );
        let (da, db) = (*self.view().storage(), *other.view().storage());
        let mut close = true;
        engine::walk2(&shape, la.operand(), lb.operand(), &mut |p, q| {
            // SAFETY: positions of broadcasts of each tensor's layout, valid for its storage
            // (invariant 1).
            let (x, y) = unsafe { (*da.get(p), *db.get(q)) };
            close &= (x - y).abs() <= atol + rtol * y.abs();
        });
        Ok(close)
    }
}

/// # Masks of floating-point tensors (feature `alloc`)
#[cfg(feature = "alloc")]
impl<S: Storage, const R: usize> TensorBase<S, R>
where
    S::Elem: Float,
{
    /// A mask of the NaN elements (NumPy's `isnan`). Rank R → R; O(len).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let t = tensor![1.0, f64::NAN, f64::INFINITY];
    /// assert_eq!(t.is_nan().to_vec(), [false, true, false]);
    /// ```
    #[must_use]
    pub fn is_nan(&self) -> Tensor<bool, R> {
        self.map(|x| x.is_nan())
    }

    /// A mask of the finite elements: neither NaN nor infinite (NumPy's `isfinite`). Rank R →
    /// R; O(len).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let t = tensor![1.0, f64::NAN, f64::NEG_INFINITY];
    /// assert_eq!(t.is_finite().to_vec(), [true, false, false]);
    /// ```
    #[must_use]
    pub fn is_finite(&self) -> Tensor<bool, R> {
        self.map(|x| x.is_finite())
    }
}

/// # Reductions of masks
impl<S: Storage<Elem = bool>, const R: usize> TensorBase<S, R> {
    /// Whether every element is `true` (`true` for an empty mask, as in NumPy). O(len), no
    /// allocation.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let t = tensor![1, 2, 3];
    /// assert!(t.gt(0).all());
    /// assert!(!t.gt(1).all());
    /// ```
    #[must_use]
    pub fn all(&self) -> bool {
        self.fold(true, |acc, &x| acc & x)
    }

    /// Whether any element is `true` (`false` for an empty mask). O(len), no allocation.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// assert!(tensor![1, 2, 3].eq(2).any());
    /// ```
    #[must_use]
    pub fn any(&self) -> bool {
        self.fold(false, |acc, &x| acc | x)
    }

    /// How many elements are `true` (NumPy's `count_nonzero`). O(len), no allocation.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// assert_eq!(tensor![[1, 5], [7, 2]].gt(3).count(), 2);
    /// ```
    #[must_use]
    pub fn count(&self) -> usize {
        self.fold(0, |acc, &x| acc + usize::from(x))
    }
}
