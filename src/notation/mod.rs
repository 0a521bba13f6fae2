//! Index notation, typed: [`einsum!`](crate::einsum) (NumPy's `einsum`, with
//! [`einsum_into!`](crate::einsum_into) and [`einsum_path!`](crate::einsum_path)), and einops'
//! operations [`rearrange!`](crate::rearrange), [`reduce!`](crate::reduce),
//! [`repeat!`](crate::repeat) and [`parse_shape!`](crate::parse_shape).
//!
//! Each macro parses its spec with a `const fn` ([`EinsumSpec::scan`], [`EinopsSpec::scan`])
//! into a `const` item, and passes the spec's ranks as type parameters, so that:
//!
//! - the result's rank is in the type: the number of output axes, plus, with `...` in the
//!   output, the number of axes `...` stands for, which the compiler computes from the
//!   operands' ranks;
//! - a malformed spec (an unknown character, unbalanced parentheses, an output axis that no
//!   input has, an axis used twice or missing, a wrong number of operands) is one compile
//!   error that quotes the spec and marks the part at fault;
//! - an operand whose rank does not fit its part of the spec is one compile error naming both.
//!
//! All of these errors are reported by **`cargo check`** (constants outside generic code and
//! trait bounds are checked before code generation), so they appear in an editor as you type.
//!
//! Spec parsing (the `spec` module) is kept apart from the lowering to views, products and
//! reductions (`einsum`, `path` and `einops`).
//!
//! # Examples
//!
//! ```
//! use ranked::{Tensor, einsum, rearrange, reduce, repeat};
//!
//! let a: Tensor<f32, 3> = Tensor::ones([8, 4, 5]);
//! let b: Tensor<f32, 3> = Tensor::ones([8, 5, 6]);
//! let c: Tensor<f32, 3> = einsum!("bij,bjk->bik", a, b).unwrap();
//! assert_eq!(c.shape(), &[8, 4, 6]);
//!
//! let images: Tensor<f32, 4> = Tensor::ones([2, 3, 28, 28]); // b c h w
//! let tokens = rearrange!(&images, "b c h w -> b (h w) c").unwrap();
//! assert_eq!(tokens.view().shape(), &[2, 784, 3]);
//! let pooled = reduce!(&images, "b c (h 2) (w 2) -> b c h w", max).unwrap();
//! assert_eq!(pooled.shape(), &[2, 3, 14, 14]);
//! let stacked = repeat!(&pooled, "b c h w -> b c h w k", k = 2).unwrap();
//! assert_eq!(stacked.view().shape(), &[2, 3, 14, 14, 2]);
//! ```

mod spec;

mod contract;
mod einops;
mod einops_macros;
#[cfg(feature = "alloc")]
mod einsum;
mod einsum_macros;
mod labels;
#[cfg(feature = "alloc")]
mod path;

pub use crate::operand::IntoTensorView;

/// The rank of an operand of the notation macros, as a value for
/// [`SpecTerm::check`](crate::SpecTerm). Use the macros.
#[doc(hidden)]
pub const fn rank_of<T, const R: usize>(_: &crate::TensorView<'_, T, R>) -> crate::Rank<R> {
    crate::Rank
}

/// The wider of two ranks of `...`: the rank of their broadcast. Use the macros.
#[doc(hidden)]
pub fn widest<const A: usize, const B: usize, const C: usize>(
    _: crate::Rank<A>,
    _: crate::Rank<B>,
) -> crate::Rank<C>
where
    crate::Rank<A>: crate::BroadcastRanks<B, Out = crate::Rank<C>>,
{
    crate::Rank
}

pub use contract::{EinsumIntoOperands, EinsumOperand, MakesNewTensor, Operands};
#[cfg(not(feature = "alloc"))]
pub use contract::{einsum, einsum_into};
pub use einops::{
    AxisSizes, Max, Mean, Min, Prod, Reduction, Sum, einops_parse_shape, einops_rearrange_plan,
};
#[cfg(feature = "alloc")]
pub use einops::{Fold, einops_rearrange, einops_reduce, einops_reduce_fn, einops_repeat};
#[cfg(feature = "alloc")]
pub use einsum::{einsum, einsum_into, einsum_path};
#[cfg(feature = "alloc")]
pub use path::{EinsumPath, EinsumStep};
pub use spec::{EinopsKind, EinopsSpec, EinsumSpec, MAX_OPERANDS, Problem, SpecMessage};
