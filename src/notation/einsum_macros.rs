//! The macros of NumPy's `einsum` notation: [`einsum!`](crate::einsum),
//! [`einsum_into!`](crate::einsum_into) and [`einsum_path!`](crate::einsum_path).

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
/// computed by the compiler from the operands' ranks ([`SpecTerm`](crate::SpecTerm),
/// [`SpecOutput`](crate::SpecOutput)).
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
// Defined without `alloc` too, where `einsum_into!` uses its parts and its own form is refused
// with an error naming the feature.
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
                $crate::SpecTerm::<
                    { $spec.term_rank(0 $(+ $k)*) },
                    { $spec.term_mode(0 $(+ $k)*) },
                >::check($crate::notation::rank_of(&v));
                let ellipsis = $crate::notation::widest(
                    $ellipsis,
                    $crate::rank::SpecTermRank::<
                        { $spec.term_rank(0 $(+ $k)*) },
                        { $spec.term_mode(0 $(+ $k)*) },
                    >::ellipsis($crate::notation::rank_of(&v)),
                );
                $crate::einsum!(@operands $kind $spec (1 $($k)*) ellipsis; [$($v)* v]; $($rest),*)
            }
        }
    };
    (@operands [new] $spec:ident $k:tt $ellipsis:expr; [$($v:ident)*];) => {{
        $crate::SpecOutput::<{ $spec.output_rank() }, { $spec.output_mode() }>::check($ellipsis);
        $crate::notation::MakesNewTensor::check($crate::notation::Operands::<{ $spec.operands() }>);
        $crate::notation::einsum(
            $crate::rank::SpecOutputRank::<{ $spec.output_rank() }, { $spec.output_mode() }>::result($ellipsis),
            &$spec,
            [$($crate::notation::EinsumOperand::of(&$v)),*],
        )
    }};
    (@operands [into ($out:expr)] $spec:ident $k:tt $ellipsis:expr; [$($v:ident)*];) => {{
        $crate::SpecOutput::<{ $spec.output_rank() }, { $spec.output_mode() }>::check($ellipsis);
        $crate::notation::einsum_into(
            $crate::rank::SpecOutputRank::<{ $spec.output_rank() }, { $spec.output_mode() }>::result($ellipsis),
            &$spec,
            [$($crate::notation::EinsumOperand::of(&$v)),*],
            $out,
        )
    }};
    (@operands [path ($text:literal)] $spec:ident $k:tt $ellipsis:expr; [$($v:ident)*];) => {{
        $crate::SpecOutput::<{ $spec.output_rank() }, { $spec.output_mode() }>::check($ellipsis);
        $crate::notation::einsum_path(
            $crate::rank::SpecOutputRank::<{ $spec.output_rank() }, { $spec.output_mode() }>::result($ellipsis),
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
/// operands no memory is allocated (with the `alloc` feature, the matrix-product backend's own
/// packing buffers aside): without `alloc` they work on firmware and never panic (the crate
/// docs' subset that never panics). With more, the intermediate results of all but the last
/// contraction are allocated, which needs the `alloc` feature; without it, three or more
/// operands are a compile error that says so.
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
#[macro_export]
macro_rules! einsum_into {
    ($out:expr, $spec:literal $(, $op:expr)+ $(,)?) => {{
        $crate::einsum!(@spec $spec $(, $op)+);
        $crate::notation::EinsumIntoOperands::check(
            $crate::notation::Operands::<{ SPEC.operands() }>,
        );
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
