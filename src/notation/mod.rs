//! Index notation: [`einsum!`](crate::einsum) (NumPy's and PyTorch's `einsum`) and
//! [`rearrange!`](crate::rearrange) (einops' `rearrange`), typed.
//!
//! Each macro parses its spec with a `const fn` ([`EinsumSpec::parse`],
//! [`RearrangeSpec::parse`]) into a `const` item, and passes the spec's ranks as type
//! parameters, so that:
//!
//! - the result's rank is the output spec's length, in the type;
//! - a malformed spec (an unknown character, unbalanced parentheses, an output index that no
//!   input has, an axis used twice or missing) is a compile error — the evaluation of that
//!   constant panics with a message that says what is wrong;
//! - an operand whose rank is not its spec's length is a compile error naming both ranks.
//!
//! All of these errors are reported by **`cargo check`** (constants outside generic code and
//! trait bounds are checked before code generation), so they appear in an editor as you type.
//!
//! Spec parsing (the `spec` module) is kept apart from the lowering to views and products
//! (`einsum` and `rearrange`).
//!
//! # Examples
//!
//! ```
//! use ranked::{Tensor, einsum, rearrange};
//!
//! let a: Tensor<f32, 3> = Tensor::ones([8, 4, 5]);
//! let b: Tensor<f32, 3> = Tensor::ones([8, 5, 6]);
//! let c: Tensor<f32, 3> = einsum!("bij,bjk->bik", a, b).unwrap();
//! assert_eq!(c.shape(), &[8, 4, 6]);
//!
//! let images: Tensor<u8, 4> = Tensor::zeros([2, 3, 28, 28]); // b c h w
//! let tokens = rearrange!(&images, "b c h w -> b (h w) c").unwrap();
//! assert_eq!(tokens.view().shape(), &[2, 784, 3]);
//! ```

mod spec;

#[cfg(feature = "alloc")]
mod einsum;
#[cfg(feature = "alloc")]
mod path;
mod rearrange;

pub use crate::operand::IntoTensorView;

/// The rank of an operand of the notation macros, as a value for
/// [`SpecRank::check`](crate::SpecRank). Use the macros.
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

/// A rank-mismatch error unless an operand of rank `R` fits a term of `n` axes: the notation's
/// helpers are public (the macros call them), so they check what the macros check at compile
/// time.
fn check_rank<const R: usize>(n: usize) -> Result<(), crate::ShapeError> {
    if R == n {
        Ok(())
    } else {
        Err(crate::ShapeError::sizes(
            crate::ErrorKind::RankMismatch,
            None,
            n,
            R,
        ))
    }
}
#[cfg(feature = "alloc")]
pub use einsum::{EinsumOperand, einsum, einsum_into, einsum_path};
#[cfg(feature = "alloc")]
pub use path::{EinsumPath, EinsumStep};
#[cfg(feature = "alloc")]
pub use rearrange::rearrange;
pub use rearrange::{RearrangeRanks, rearrange_plan};
pub use spec::{EinsumSpec, MAX_OPERANDS, Problem, RearrangeSpec, SpecMessage};

/// Einstein summation over one to eight tensors, in NumPy's notation:
/// `einsum!("bij,bjk->bik", a, b)`, `einsum!("...ij,...jk->...ik", a, b)`,
/// `einsum!("ij,jk,kl->il", a, b, c)`.
///
/// Follows NumPy's `np.einsum`. Each input term names its operand's axes with one letter each;
/// the output term (after `->`) names the result's axes. An index in the output is kept; an
/// index missing from the output is summed over; an index repeated in one term takes the
/// diagonal; an index an operand lacks is broadcast. `...` in a term stands for the axes it
/// does not name: the `...` of all operands broadcast together (aligned to the right, size 1
/// against size n), and the output places them where its own `...` is. Without `->` the output
/// is `...` (if any input has it) then every index that appears exactly once, in alphabetical
/// order (NumPy's implicit mode). Spaces are ignored.
///
/// Operands are borrowed, as for every macro and function of the crate that reads tensors:
/// a tensor or view of any layout, a [`CowTensor`](crate::CowTensor) (what `rearrange!`
/// returns), or a reference to one (see
/// [passing operands](crate::operand#passing-operands)); owned tensors are not moved. The
/// result is a new C-contiguous [`Tensor`](crate::Tensor). Needs the `alloc` feature.
///
/// An index of size 1 in one operand broadcasts against the same index of size n in another,
/// as in NumPy (`"i,i"` of `[2, 3]` and `[4]` is 20); within one operand (a diagonal) the sizes
/// must be equal.
///
/// Lowering: with three or more operands, the operands are contracted two at a time, in the
/// order of opt_einsum's greedy algorithm over the run-time sizes (the pair whose result is
/// smallest against its operands first); [`einsum_path!`](crate::einsum_path) shows the order
/// and its cost. Each pairwise contraction becomes strides over its operands (diagonal: the
/// sum of the repeated axes' strides; broadcast: stride 0) and runs on the matrix-product
/// backend of [`linalg`](crate::linalg) — the largest kept index of each operand and the
/// largest summed index form each matrix product, every other index is a loop of products.
/// `"bij,bjk->bik"` is exactly the batched `matmul`. A one-operand spec that sums nothing
/// (`"ij->ji"`, `"ii->i"`) is a copy of a strided view. [`einsum_into!`](crate::einsum_into)
/// writes into an existing tensor (NumPy's `out=`).
///
/// Rank equation: each operand's rank is its term's number of indices, or at least that with
/// `...`, which then stands for the rest; the result's rank is the output's number of indices,
/// plus, with `...` in the output, the largest number of axes any operand's `...` stands for —
/// computed by the compiler from the operands' ranks ([`EinsumTerm`](crate::EinsumTerm),
/// [`EinsumOutput`](crate::EinsumOutput)).
///
/// # Errors
///
/// Compile errors (reported by `cargo check`), each one error that quotes the spec and marks
/// the part at fault: a malformed spec, an output index that no input has, an index twice in
/// the output, two `...` in a term, a number of terms that is not the number of operands (both
/// counts named); and, in the words of the rank rules, an operand whose rank does not fit its
/// term, or `...` that stands for axes when the output has no `...` (NumPy refuses it too).
///
/// At run time: [`ErrorKind::SizeMismatch`](crate::ErrorKind::SizeMismatch) naming the operand
/// and axis where an index's size differs from its size so far (`expected`) and neither is 1;
/// [`ErrorKind::Overflow`](crate::ErrorKind::Overflow) if a result's size overflows;
/// [`ErrorKind::TooManyAxes`](crate::ErrorKind::TooManyAxes) if one pairwise contraction has
/// more than 32 distinct indices.
///
/// # Examples
///
/// ```
/// use ranked::{Tensor, einsum, tensor};
///
/// let a = tensor![[1.0, 2.0], [3.0, 4.0]];
/// let b = tensor![[1.0, 0.0], [1.0, 1.0]];
/// assert_eq!(einsum!("ij,jk->ik", a, b).unwrap(), a.matmul(&b).unwrap()); // matrix product
/// assert_eq!(einsum!("ii->", a).unwrap()[[]], 5.0);                       // trace
/// assert_eq!(einsum!("ij->ji", a).unwrap(), a.view().t().to_contiguous()); // transpose
/// assert_eq!(einsum!("ij->j", a).unwrap(), tensor![4.0, 6.0]);            // column sums
/// assert_eq!(einsum!("i,j->ij", tensor![1, 2], tensor![1, 10]).unwrap(), tensor![[1, 10], [2, 20]]);
///
/// // Attention scores: queries · keysᵀ per batch and head.
/// let q: Tensor<f32, 4> = Tensor::ones([2, 4, 16, 8]); // b h i d
/// let k: Tensor<f32, 4> = Tensor::ones([2, 4, 32, 8]); // b h j d
/// let scores: Tensor<f32, 4> = einsum!("bhid,bhjd->bhij", q, k).unwrap();
/// assert_eq!(scores.shape(), &[2, 4, 16, 32]);
///
/// // `...` for any number of batch axes; the result's rank (4) is computed from the ranks.
/// let x: Tensor<f32, 4> = Tensor::ones([5, 2, 3, 4]);
/// let w: Tensor<f32, 3> = Tensor::ones([2, 4, 6]);
/// let y = einsum!("...ij,...jk->...ik", x, w).unwrap();
/// assert_eq!(y.shape(), &[5, 2, 3, 6]);
///
/// // Three operands, contracted in the cheaper order.
/// let chain = einsum!("ij,jk,kl->il", a, b, a).unwrap();
/// assert_eq!(chain, a.matmul(&b).unwrap().matmul(&a).unwrap());
///
/// // An index of size 1 broadcasts, as in NumPy.
/// assert_eq!(einsum!("i,i->", tensor![2.0, 3.0], tensor![4.0]).unwrap()[[]], 20.0);
///
/// let err = einsum!("ij,jk->ik", a, tensor![[1.0], [2.0], [3.0]]).unwrap_err();
/// assert_eq!((err.operand(), err.axis(), err.expected(), err.found()), (Some(1), Some(0), 2, 3));
/// ```
///
/// A spec that does not fit its operands does not compile:
///
/// ```compile_fail
/// use ranked::{Tensor, einsum};
///
/// let a: Tensor<f32, 2> = Tensor::ones([2, 3]);
/// let _ = einsum!("bij,jk->bik", a, a); // `a` has rank 2, its term 3 indices
/// ```
#[cfg(feature = "alloc")]
#[macro_export]
macro_rules! einsum {
    ($spec:literal $(, $op:expr)+ $(,)?) => {{
        $crate::einsum!(@spec $spec $(, $op)+);
        $crate::einsum!(@operands [new] SPEC () $crate::Rank::<0>; []; $($op),+)
    }};
    // The spec, as the item `SPEC`, and its one compile error if it has a problem.
    (@spec $spec:literal $(, $op:expr)+) => {
        const SPEC: $crate::notation::EinsumSpec = $crate::notation::EinsumSpec::scan($spec)
            .with_operands(<[&str]>::len(&[$(stringify!($op)),+]));
        const _: () = {
            const MESSAGE: $crate::notation::SpecMessage<{ $spec.len() * 2 + 256 }> =
                $crate::notation::SpecMessage::new(SPEC.problem(), $spec);
            if let Some(message) = MESSAGE.as_str() {
                ::core::panic!("{}", message)
            }
        };
    };
    // Binds each operand as a view (a `match` keeps its temporaries alive until the call has
    // returned), checks its rank against its term and carries the rank of the broadcast
    // `...`; then calls the runtime.
    (@operands $kind:tt $spec:ident ($($k:tt)*) $ellipsis:expr; [$($v:ident)*]; $op:expr $(, $rest:expr)*) => {
        match $crate::IntoTensorView::into_view(&$op) {
            v => {
                $crate::EinsumTerm::<
                    { $spec.term_rank(0 $(+ $k)*) },
                    { $spec.term_mode(0 $(+ $k)*) },
                >::check($crate::notation::rank_of(&v));
                let ellipsis = $crate::notation::widest(
                    $ellipsis,
                    $crate::rank::EinsumTermRank::<
                        { $spec.term_rank(0 $(+ $k)*) },
                        { $spec.term_mode(0 $(+ $k)*) },
                    >::ellipsis($crate::notation::rank_of(&v)),
                );
                $crate::einsum!(@operands $kind $spec (1 $($k)*) ellipsis; [$($v)* v]; $($rest),*)
            }
        }
    };
    (@operands [new] $spec:ident $k:tt $ellipsis:expr; [$($v:ident)*];) => {{
        $crate::EinsumOutput::<{ $spec.output_rank() }, { $spec.output_mode() }>::check($ellipsis);
        $crate::notation::einsum(
            $crate::rank::EinsumOutputRank::<{ $spec.output_rank() }, { $spec.output_mode() }>::result($ellipsis),
            &$spec,
            [$($crate::notation::EinsumOperand::of(&$v)),*],
        )
    }};
    (@operands [into ($out:expr)] $spec:ident $k:tt $ellipsis:expr; [$($v:ident)*];) => {{
        $crate::EinsumOutput::<{ $spec.output_rank() }, { $spec.output_mode() }>::check($ellipsis);
        $crate::notation::einsum_into(
            $crate::rank::EinsumOutputRank::<{ $spec.output_rank() }, { $spec.output_mode() }>::result($ellipsis),
            &$spec,
            [$($crate::notation::EinsumOperand::of(&$v)),*],
            $out,
        )
    }};
    (@operands [path ($text:literal)] $spec:ident $k:tt $ellipsis:expr; [$($v:ident)*];) => {{
        $crate::EinsumOutput::<{ $spec.output_rank() }, { $spec.output_mode() }>::check($ellipsis);
        $crate::notation::einsum_path(
            $crate::rank::EinsumOutputRank::<{ $spec.output_rank() }, { $spec.output_mode() }>::result($ellipsis),
            &$spec,
            $text,
            [$($crate::notation::EinsumOperand::of(&$v)),*],
        )
    }};
}

/// [`einsum!`](crate::einsum) into an existing tensor, as NumPy's `einsum(..., out=out)`:
/// `einsum_into!(&mut out, "ij,jk->ik", a, b)`.
///
/// The output (the first argument, a mutable tensor or view of any layout) must have the
/// shape the spec gives; it is zeroed and the result written into it. With one or two
/// operands no memory is allocated (the matrix-product backend's own packing buffers aside);
/// with more, the intermediate results of all but the last contraction are. Needs the `alloc`
/// feature.
///
/// # Errors
///
/// As [`einsum!`](crate::einsum), and
/// [`ErrorKind::SizeMismatch`](crate::ErrorKind::SizeMismatch) naming the output's axis
/// (`operand()` is the number of operands) where its size is not the spec's; the output is
/// then left as it was.
///
/// # Examples
///
/// ```
/// use ranked::{Tensor, einsum_into, tensor};
///
/// let a = tensor![[1.0, 2.0], [3.0, 4.0]];
/// let mut out: Tensor<f64, 2> = Tensor::zeros([2, 2]);
/// einsum_into!(&mut out, "ij,jk->ik", a, a).unwrap();
/// assert_eq!(out, a.matmul(&a).unwrap());
///
/// // Into a strided view: the transpose of the product.
/// let mut t: Tensor<f64, 2> = Tensor::zeros([2, 2]);
/// einsum_into!(&mut t.view_mut().t(), "ij,jk->ik", a, a).unwrap();
/// assert_eq!(t, a.matmul(&a).unwrap().view().t().to_contiguous());
///
/// let mut wrong: Tensor<f64, 2> = Tensor::zeros([2, 3]);
/// let err = einsum_into!(&mut wrong, "ij,jk->ik", a, a).unwrap_err();
/// assert_eq!((err.operand(), err.axis(), err.expected(), err.found()), (Some(2), Some(1), 2, 3));
/// ```
#[cfg(feature = "alloc")]
#[macro_export]
macro_rules! einsum_into {
    ($out:expr, $spec:literal $(, $op:expr)+ $(,)?) => {{
        $crate::einsum!(@spec $spec $(, $op)+);
        $crate::einsum!(@operands [into ($out)] SPEC () $crate::Rank::<0>; []; $($op),+)
    }};
}

/// The order in which [`einsum!`](crate::einsum) with the same arguments contracts its
/// operands, and its cost: an [`EinsumPath`](crate::notation::EinsumPath), as NumPy's
/// `np.einsum_path` and opt_einsum's `contract_path` give it. Nothing is computed.
///
/// # Errors
///
/// As [`einsum!`](crate::einsum).
///
/// # Examples
///
/// ```
/// use ranked::{Tensor, einsum_path};
///
/// let a: Tensor<f32, 2> = Tensor::ones([1000, 10]);
/// let b: Tensor<f32, 2> = Tensor::ones([10, 1000]);
/// let path = einsum_path!("ij,jk,kl->il", a, b, a).unwrap();
/// assert_eq!(path.steps()[0].spec(), "jk,kl->jl");
/// assert!(path.flops() < path.naive_flops() / 100.0);
/// ```
#[cfg(feature = "alloc")]
#[macro_export]
macro_rules! einsum_path {
    ($spec:literal $(, $op:expr)+ $(,)?) => {{
        $crate::einsum!(@spec $spec $(, $op)+);
        $crate::einsum!(@operands [path ($spec)] SPEC () $crate::Rank::<0>; []; $($op),+)
    }};
}

/// einops' `rearrange`: split, permute and merge axes by name, as views — `rearrange!(&t, "b c
/// h w -> b (h w) c")`, `rearrange!(&t, "b (h w) c -> b c h w", h = 28)`.
///
/// The spec names the input's axes left of `->` and the output's right of it; parentheses
/// group several named axes into one axis of the tensor: on the input side a group splits an
/// axis, on the output side it merges axes. `()` is an axis of size 1. Every name appears once
/// on each side. Names are letters, digits and `_`, start with a letter and do not end with
/// `_` (einops' rule). Sizes that cannot be inferred are given as `name = size` after the spec; in
/// each input group, all sizes but one must be given, and the last is inferred.
///
/// The operand is borrowed, as in [`einsum!`](crate::einsum): a tensor, a view, a
/// [`CowTensor`](crate::CowTensor) or a reference to one (`t`, `&t`, `t.view()`; see
/// [passing operands](crate::operand#passing-operands)). A view keeps its own lifetime, so the
/// result of `rearrange!(t.view(), …)` borrows `t`. The result is a [`CowTensor`](crate::CowTensor) of the output spec's rank: a view of the
/// operand when the merges allow one (splits and permutations always do), a C-contiguous copy
/// otherwise — [`rearrange_plan!`](crate::rearrange_plan) says which, and why, as
/// [`plan_reshape`](crate::TensorBase::plan_reshape) does for `reshape`. Needs the `alloc`
/// feature (for the copy). O(rank) for a view, O(elements) for a copy.
///
/// Rank equation: the operand's rank is the number of input axes (checked at compile time by
/// [`SpecRank`](crate::SpecRank)); the result's rank is the number of output axes.
///
/// # Errors
///
/// Compile errors (reported by `cargo check`): a malformed spec (no `->`, unbalanced or nested
/// parentheses, numbers or other characters), an axis used twice on one side, an axis on one
/// side only, a size for an axis the spec does not name, an input group with two sizes not
/// given, and an operand whose rank is not the number of input axes.
///
/// At run time: [`ErrorKind::NotDivisible`](crate::ErrorKind::NotDivisible) when a group's
/// given sizes do not divide its axis, [`ErrorKind::SizeMismatch`](crate::ErrorKind::SizeMismatch)
/// when a group's sizes are all given and their product is not the axis size (`expected` is
/// the product), [`ErrorKind::CannotInfer`](crate::ErrorKind::CannotInfer) for a size inferred
/// from an empty axis with a given size of 0 — each naming the input axis.
///
/// # Examples
///
/// ```
/// use ranked::{Tensor, rearrange};
///
/// let t = Tensor::from_fn([2, 3, 4, 5], |[b, c, h, w]| (b, c, h, w)); // b c h w
/// // Channels last, pixels flattened: h and w stay adjacent in memory, so this is a view.
/// let tokens = rearrange!(&t, "b c h w -> b (h w) c").unwrap();
/// assert_eq!(tokens.view().shape(), &[2, 20, 3]);
/// assert_eq!(tokens.view()[[1, 7, 2]], (1, 2, 1, 2)); // pixel 7 = row 1, column 2
/// assert!(tokens.is_view());
///
/// // And back, giving one size of the group; splits and permutations are views.
/// let images = rearrange!(tokens.view(), "b (h w) c -> b c h w", h = 4).unwrap();
/// assert!(images.is_view());
/// assert_eq!(images.view().to_contiguous(), t);
///
/// // Merging axes that are not adjacent in memory copies.
/// let rows = rearrange!(&t, "b c h w -> (b h) w c").unwrap();
/// assert!(!rows.is_view());
/// assert_eq!(rows.view()[[5, 2, 1]], (1, 1, 1, 2)); // row 5 = image 1, row 1
/// // Sizes that do not divide are an error naming the input axis.
/// let err = rearrange!(&t, "b c (h k) w -> b c h k w", k = 3).unwrap_err();
/// assert_eq!((err.axis(), err.expected(), err.found()), (Some(2), 3, 4));
/// ```
///
/// An axis used twice does not compile:
///
/// ```compile_fail
/// use ranked::{Tensor, rearrange};
///
/// let t: Tensor<f32, 2> = Tensor::zeros([2, 3]);
/// let _ = rearrange!(&t, "a b -> a a");
/// ```
#[cfg(feature = "alloc")]
#[macro_export]
macro_rules! rearrange {
    ($t:expr, $spec:literal $(, $name:ident = $size:expr)* $(,)?) => {{
        // The checks, as one compile error; the ranks come from the spec as far as it parses.
        const _: () = {
            let _ = $crate::notation::RearrangeSpec::parse($spec)
                .with_sizes(&[$(stringify!($name)),*]);
        };
        const SPEC: $crate::notation::RearrangeSpec = $crate::notation::RearrangeSpec::scan($spec);
        // A `match` keeps the operand's temporaries alive until the call has returned.
        match $crate::IntoTensorView::into_view(&$t) {
            t => {
                $crate::SpecRank::<{ SPEC.input_rank() }>::check($crate::notation::rank_of(&t));
                $crate::notation::rearrange(
                    $crate::notation::RearrangeRanks::<
                        { SPEC.input_rank() },
                        { SPEC.axis_count() },
                        { SPEC.output_rank() },
                    >,
                    &SPEC,
                    &[$((stringify!($name), $size)),*],
                    t,
                )
            }
        }
    }};
}

/// Whether [`rearrange!`](crate::rearrange) with the same arguments gives a view, and why not:
/// the [`ReshapePlan`](crate::layout::ReshapePlan) of its final merge, whose `Display` names
/// the axes that cannot be merged in place. No allocation.
///
/// # Errors
///
/// As [`rearrange!`](crate::rearrange).
///
/// # Examples
///
/// ```
/// use ranked::{Tensor, rearrange_plan};
///
/// let t: Tensor<f32, 4> = Tensor::zeros([2, 3, 4, 5]);
/// assert!(rearrange_plan!(&t, "b c h w -> b (h w) c").unwrap().is_view());
/// let plan = rearrange_plan!(&t, "b c h w -> (b h) w c").unwrap();
/// assert!(!plan.is_view());
/// println!("{plan}"); // which group needs the copy, and why
/// ```
#[macro_export]
macro_rules! rearrange_plan {
    ($t:expr, $spec:literal $(, $name:ident = $size:expr)* $(,)?) => {{
        // The checks, as one compile error; the ranks come from the spec as far as it parses.
        const _: () = {
            let _ = $crate::notation::RearrangeSpec::parse($spec)
                .with_sizes(&[$(stringify!($name)),*]);
        };
        const SPEC: $crate::notation::RearrangeSpec = $crate::notation::RearrangeSpec::scan($spec);
        // A `match` keeps the operand's temporaries alive until the call has returned.
        match $crate::IntoTensorView::into_view(&$t) {
            t => {
                $crate::SpecRank::<{ SPEC.input_rank() }>::check($crate::notation::rank_of(&t));
                $crate::notation::rearrange_plan(
                    $crate::notation::RearrangeRanks::<
                        { SPEC.input_rank() },
                        { SPEC.axis_count() },
                        { SPEC.output_rank() },
                    >,
                    &SPEC,
                    &[$((stringify!($name), $size)),*],
                    t,
                )
            }
        }
    }};
}
