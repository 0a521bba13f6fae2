//! The right-hand sides of the arithmetic operators: what `tensor + rhs` and `tensor += rhs`
//! accept, as two traits.
//!
//! Each operator has one impl per left-hand side (`&TensorBase`, `TensorBase`), generic over its
//! right-hand side through [`BinaryOperand`] (or [`AssignOperand`] for the compound forms),
//! which is implemented for tensors (by reference and by value, broadcast) and for [`Scalar`]s.
//! One impl per operator, instead of one per right-hand type, keeps rustc from guessing: when
//! an operand does not fit, the error names the rule it breaks (a read-only left side, ranks
//! that do not broadcast, ranks not known in rank-generic code) instead of "expected `f32`".

use crate::error::ShapeError;
use crate::rank::{BroadcastTo, Rank};
use crate::storage::{Storage, StorageMut};
use crate::tensor::TensorBase;
#[cfg(feature = "alloc")]
use crate::{BroadcastRanks, tensor::Tensor};

mod sealed {
    pub trait Sealed {}
}

/// A primitive number that combines with every element of a tensor: `&t * 2.0`, `t += 1`.
///
/// Implemented for the integer and floating-point primitives (sealed).
///
/// # Examples
///
/// ```
/// use ranked::{ops::Scalar, tensor};
///
/// fn scale<T: Scalar + core::ops::MulAssign>(t: &mut ranked::Tensor<T, 1>, by: T) {
///     *t *= by;
/// }
/// let mut t = tensor![1, 2, 3];
/// scale(&mut t, 10);
/// assert_eq!(t.to_vec(), [10, 20, 30]);
/// ```
pub trait Scalar: Copy + sealed::Sealed {}

macro_rules! scalars {
    ($($t:ty),*) => {$(
        impl sealed::Sealed for $t {}
        impl Scalar for $t {}
    )*};
}
scalars!(
    i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize, f32, f64
);

/// What may stand on the right of `+ - * / %` with a tensor of rank `R` and elements `T` on the
/// left: another tensor of `T` (by reference or by value, any storage; the two broadcast and the
/// result has the larger rank) or a [`Scalar`] `T` (combined with every element).
///
/// # Examples
///
/// ```
/// use ranked::{Tensor, tensor};
///
/// let a = tensor![[1, 2], [3, 4]];
/// let row = tensor![10, 20];
/// assert_eq!((&a + &row).to_vec(), [11, 22, 13, 24]); // tensor, broadcast
/// assert_eq!((&a * 2).to_vec(), [2, 4, 6, 8]); // scalar
/// let by_value: Tensor<i32, 2> = a.clone() - a;
/// assert_eq!(by_value.to_vec(), [0; 4]);
/// ```
#[cfg_attr(
    feature = "alloc",
    diagnostic::on_unimplemented(
        message = "cannot combine a tensor of `{T}` elements with `{Self}`",
        label = "expected a tensor of `{T}` elements, or a `{T}`",
        note = "both sides of an operator hold the same element type; convert one side with `map` first"
    )
)]
#[cfg_attr(
    not(feature = "alloc"),
    diagnostic::on_unimplemented(
        message = "`+ - * / %` make a new tensor, which needs the `alloc` feature of `ranked`",
        label = "this operator allocates its result",
        note = "enable the `alloc` (or `std`) feature, or write into existing storage: `+=` and the other compound operators, `assign_zip`, `map_inplace`"
    )
)]
pub trait BinaryOperand<T, const R: usize> {
    /// The result: a new tensor of `T`.
    type Output;
    /// The shape, for the message of a failed operation (empty for a scalar).
    #[doc(hidden)]
    fn shape(&self) -> &[usize];
    /// `f(l, r)` for corresponding elements of `lhs` and `self`.
    #[doc(hidden)]
    fn combine<S: Storage<Elem = T>>(
        &self,
        lhs: &TensorBase<S, R>,
        f: impl FnMut(&T, &T) -> T,
    ) -> Result<Self::Output, ShapeError>;
}

#[cfg(feature = "alloc")]
impl<S2, T, const R: usize, const R2: usize, const O: usize> BinaryOperand<T, R>
    for &TensorBase<S2, R2>
where
    S2: Storage<Elem = T>,
    Rank<R>: BroadcastRanks<R2, Out = Rank<O>>,
{
    type Output = Tensor<T, O>;

    fn shape(&self) -> &[usize] {
        TensorBase::shape(self)
    }

    #[inline]
    fn combine<S: Storage<Elem = T>>(
        &self,
        lhs: &TensorBase<S, R>,
        f: impl FnMut(&T, &T) -> T,
    ) -> Result<Tensor<T, O>, ShapeError> {
        lhs.broadcast_zip(self, f)
    }
}

#[cfg(feature = "alloc")]
impl<S2, T, const R: usize, const R2: usize, const O: usize> BinaryOperand<T, R>
    for TensorBase<S2, R2>
where
    S2: Storage<Elem = T>,
    Rank<R>: BroadcastRanks<R2, Out = Rank<O>>,
{
    type Output = Tensor<T, O>;

    fn shape(&self) -> &[usize] {
        TensorBase::shape(self)
    }

    #[inline]
    fn combine<S: Storage<Elem = T>>(
        &self,
        lhs: &TensorBase<S, R>,
        f: impl FnMut(&T, &T) -> T,
    ) -> Result<Tensor<T, O>, ShapeError> {
        lhs.broadcast_zip(self, f)
    }
}

#[cfg(feature = "alloc")]
impl<T: Scalar, const R: usize> BinaryOperand<T, R> for T {
    type Output = Tensor<T, R>;

    fn shape(&self) -> &[usize] {
        &[]
    }

    #[inline]
    fn combine<S: Storage<Elem = T>>(
        &self,
        lhs: &TensorBase<S, R>,
        mut f: impl FnMut(&T, &T) -> T,
    ) -> Result<Tensor<T, R>, ShapeError> {
        Ok(lhs.map(|x| f(x, self)))
    }
}

/// What may stand on the right of `+= -= *= /= %=` with a tensor of rank `R` and elements `T`
/// on the left: another tensor of `T`, broadcast to the left side's shape (so of rank at most
/// `R`), or a [`Scalar`] `T`. The left side must be writable.
///
/// # Examples
///
/// ```
/// use ranked::tensor;
///
/// let mut t = tensor![[1, 2], [3, 4]];
/// t += &tensor![10, 20]; // broadcast along the rows
/// t *= 2;
/// assert_eq!(t.to_vec(), [22, 44, 26, 48]);
/// ```
///
/// The left side's storage `S` is a parameter so that a read-only left side (a `TensorView`, a
/// broadcast view, a `SharedTensor`) fails on [`StorageMut`], whose message says it is
/// read-only, rather than leaving rustc with no operator at all.
#[diagnostic::on_unimplemented(
    message = "cannot combine a tensor of `{T}` elements with `{Self}` in place",
    label = "expected a tensor of `{T}` elements, or a `{T}`",
    note = "both sides of an operator hold the same element type; convert one side with `map` first"
)]
pub trait AssignOperand<T, const R: usize, S> {
    /// The shape, for the message of a failed operation (empty for a scalar).
    #[doc(hidden)]
    fn shape(&self) -> &[usize];
    /// `f(l, r)` for every element `l` of `lhs` and its corresponding element `r` of `self`.
    #[doc(hidden)]
    fn combine_into(
        &self,
        lhs: &mut TensorBase<S, R>,
        f: impl FnMut(&mut T, &T),
    ) -> Result<(), ShapeError>;
}

impl<S, S2, T, const R: usize, const R2: usize> AssignOperand<T, R, S> for &TensorBase<S2, R2>
where
    S: StorageMut<Elem = T>,
    S2: Storage<Elem = T>,
    Rank<R2>: BroadcastTo<R>,
{
    fn shape(&self) -> &[usize] {
        TensorBase::shape(self)
    }

    #[inline]
    fn combine_into(
        &self,
        lhs: &mut TensorBase<S, R>,
        f: impl FnMut(&mut T, &T),
    ) -> Result<(), ShapeError> {
        lhs.zip_assign(self, f)
    }
}

impl<S, S2, T, const R: usize, const R2: usize> AssignOperand<T, R, S> for TensorBase<S2, R2>
where
    S: StorageMut<Elem = T>,
    S2: Storage<Elem = T>,
    Rank<R2>: BroadcastTo<R>,
{
    fn shape(&self) -> &[usize] {
        TensorBase::shape(self)
    }

    #[inline]
    fn combine_into(
        &self,
        lhs: &mut TensorBase<S, R>,
        f: impl FnMut(&mut T, &T),
    ) -> Result<(), ShapeError> {
        lhs.zip_assign(self, f)
    }
}

impl<S, T: Scalar, const R: usize> AssignOperand<T, R, S> for T
where
    S: StorageMut<Elem = T>,
{
    fn shape(&self) -> &[usize] {
        &[]
    }

    #[inline]
    fn combine_into(
        &self,
        lhs: &mut TensorBase<S, R>,
        mut f: impl FnMut(&mut T, &T),
    ) -> Result<(), ShapeError> {
        lhs.map_inplace(|x| f(x, self));
        Ok(())
    }
}
