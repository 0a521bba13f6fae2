//! How operands are passed to the index notation and the free functions: one rule,
//! [`IntoTensorView`].
//!
//! # Passing operands
//!
//! [`einsum!`](crate::einsum), [`rearrange!`](crate::rearrange),
//! [`rearrange_plan!`](crate::rearrange_plan) and [`where_`](crate::where_) read their operands
//! without taking them. Each operand may be
//!
//! - a tensor of any storage: [`Tensor`], [`ArrayTensor`], [`SharedTensor`], [`GenericTensor`],
//!   [`TensorViewMut`];
//! - a view, [`TensorView`];
//! - a [`CowTensor`], as `rearrange!` and `reshape` return it;
//! - or a reference to any of these, `&t`.
//!
//! The products `matmul`, `matmul_into` and `dot` take their right-hand operand by reference,
//! `&x`, for the same set: any tensor or view, of any storage, or a [`CowTensor`]
//! ([`TensorOperand`]); a [`CowTensor`] has the products (`matmul`, `matmul_into`, `dot`,
//! `matvec`, `outer`) as methods too. So the result of one notation macro goes on into a
//! product, and back, without `.view()`. The fixed-rank shorthands `matvec`, `matvec_into` and
//! `outer` take a tensor of rank 1 on the right (`&t`, or `&cow.view()`), so that a matrix
//! given there is reported as a rank mismatch.
//!
//! The macros borrow what they are given, so `einsum!("ij->ji", t)` and `einsum!("ij->ji", &t)`
//! are the same call, and `t` stays usable afterwards; a function (`where_`) takes a reference
//! or a view, as functions do. A view passed by value keeps its own lifetime: the result of
//! `rearrange!(t.view(), …)` borrows `t`, not the temporary view.
//!
//! ```
//! use ranked::{Tensor, einsum, rearrange, tensor, where_};
//!
//! let t = tensor![[1.0, 2.0], [3.0, 4.0]];
//! let flipped = rearrange!(t, "a b -> b a").unwrap(); // a `CowTensor`, viewing `t`
//! let by_ref = rearrange!(&t, "a b -> b a").unwrap();
//! let of_view = rearrange!(t.view(), "a b -> b a").unwrap();
//! assert!(flipped.view() == by_ref.view() && by_ref.view() == of_view.view());
//!
//! // The `CowTensor` goes on into `einsum!` like any tensor.
//! let product: Tensor<f64, 2> = einsum!("ij,jk->ik", flipped, t).unwrap();
//! assert_eq!(product, t.view().t().matmul(&t).unwrap());
//! let mask = t.gt(2.0);
//! assert_eq!(where_(&mask, &flipped, t.view()).unwrap().to_vec(), [1.0, 2.0, 2.0, 4.0]);
//! ```

#[cfg(feature = "alloc")]
use crate::dynamic::CowTensor;
use crate::storage::Storage;
use crate::tensor::{ArrayTensor, GenericTensor, TensorBase, TensorView, TensorViewMut};
#[cfg(feature = "alloc")]
use crate::tensor::{SharedTensor, Tensor};

/// What the index notation ([`einsum!`](crate::einsum), [`rearrange!`](crate::rearrange)) and
/// the free functions ([`where_`](crate::where_)) take as an operand of element type `T` and
/// rank `R`: any tensor, a view, a [`CowTensor`] or a reference to one, read as a view. See
/// [passing operands](crate::operand#passing-operands).
///
/// The element type is a parameter of the trait rather than an associated type, so that an
/// operand that is not a tensor is reported once.
///
/// # Examples
///
/// ```
/// use ranked::{IntoTensorView, tensor};
///
/// fn first_row<'a, V: IntoTensorView<'a, i32, 2>>(v: V) -> Vec<i32> {
///     v.into_view().row(0).unwrap().to_vec()
/// }
/// let t = tensor![[1, 2], [3, 4]];
/// assert_eq!(first_row(&t), [1, 2]);
/// assert_eq!(first_row(t.view()), [1, 2]);
/// assert_eq!(first_row(&&t), [1, 2]);
/// ```
#[diagnostic::on_unimplemented(
    message = "an operand must be a tensor, a view or a `CowTensor` (or a reference to one), not `{Self}`",
    label = "not a tensor",
    note = "the index notation and `where_` read their operands as views (the macros borrow \
            what they are given, hence a `&` in front of the type); see `ranked::operand` for \
            what they accept"
)]
pub trait IntoTensorView<'a, T: 'a, const R: usize> {
    /// The operand as a view. O(1), no copy.
    fn into_view(self) -> TensorView<'a, T, R>;
}

#[diagnostic::do_not_recommend]
impl<'a, T, const R: usize> IntoTensorView<'a, T, R> for TensorView<'a, T, R> {
    fn into_view(self) -> TensorView<'a, T, R> {
        self
    }
}

/// A borrowed view keeps its own lifetime, not the borrow's.
#[diagnostic::do_not_recommend]
impl<'a, T, const R: usize> IntoTensorView<'a, T, R> for &TensorView<'a, T, R> {
    fn into_view(self) -> TensorView<'a, T, R> {
        *self
    }
}

/// A reference to a reference, as `&t` inside a macro that borrows its operands makes: what the
/// inner reference gives.
#[diagnostic::do_not_recommend]
impl<'b, 'v, X, T: 'v, const R: usize> IntoTensorView<'v, T, R> for &&'b X
where
    &'b X: IntoTensorView<'v, T, R>,
{
    fn into_view(self) -> TensorView<'v, T, R> {
        (*self).into_view()
    }
}

#[cfg(feature = "alloc")]
#[diagnostic::do_not_recommend]
impl<'a, T, const R: usize> IntoTensorView<'a, T, R> for &'a CowTensor<'_, T, R> {
    fn into_view(self) -> TensorView<'a, T, R> {
        self.view()
    }
}

/// The tensors that own or borrow mutably their storage, by reference: a view of the borrow.
macro_rules! borrowed_views {
    ($([$($generics:tt)*] $ty:ty),* $(,)?) => {$(
        #[diagnostic::do_not_recommend]
        impl<'a, $($generics)*, const R: usize> IntoTensorView<'a, T, R> for &'a $ty {
            fn into_view(self) -> TensorView<'a, T, R> {
                self.view()
            }
        }
    )*};
}

#[cfg(feature = "alloc")]
borrowed_views!([T] Tensor<T, R>, [T] SharedTensor<T, R>);
borrowed_views!(
    [T, const N: usize] ArrayTensor<T, N, R>,
    [T, N: generic_array::ArrayLength] GenericTensor<T, N, R>,
    [T] TensorViewMut<'_, T, R>,
);

/// What `matmul`, `matmul_into` and `dot` take by reference as their right-hand operand of
/// element type `T` and rank `R`: a tensor or view of any storage, or a [`CowTensor`] — the
/// operands of the index notation (see [passing operands](crate::operand#passing-operands)),
/// read as a view. Sealed.
///
/// # Examples
///
/// ```
/// use ranked::{rearrange, tensor};
///
/// let a = tensor![[1.0, 2.0], [3.0, 4.0]];
/// let t = rearrange!(a, "i j -> j i").unwrap(); // a `CowTensor`
/// assert_eq!(a.matmul(&t).unwrap(), a.matmul(&a.view().t()).unwrap());
/// assert_eq!(t.matmul(&a).unwrap(), a.view().t().matmul(&a).unwrap());
/// ```
#[diagnostic::on_unimplemented(
    message = "a product's operand must be a tensor, a view or a `CowTensor`, not `{Self}`",
    label = "not a tensor",
    note = "the products read their right-hand operand by reference: `a.matmul(&b)`"
)]
pub trait TensorOperand<T, const R: usize>: sealed::Sealed {
    /// The operand as a view. O(1), no copy.
    fn operand_view(&self) -> TensorView<'_, T, R>;
}

mod sealed {
    pub trait Sealed {}
}

impl<S: Storage, const R: usize> sealed::Sealed for TensorBase<S, R> {}

#[diagnostic::do_not_recommend]
impl<S: Storage, const R: usize> TensorOperand<S::Elem, R> for TensorBase<S, R> {
    fn operand_view(&self) -> TensorView<'_, S::Elem, R> {
        self.view()
    }
}

#[cfg(feature = "alloc")]
impl<T, const R: usize> sealed::Sealed for CowTensor<'_, T, R> {}

#[cfg(feature = "alloc")]
#[diagnostic::do_not_recommend]
impl<T, const R: usize> TensorOperand<T, R> for CowTensor<'_, T, R> {
    fn operand_view(&self) -> TensorView<'_, T, R> {
        self.view()
    }
}
