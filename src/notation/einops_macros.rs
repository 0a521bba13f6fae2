//! The macros of einops' notation: [`rearrange!`](crate::rearrange),
//! [`rearrange_plan!`](crate::rearrange_plan), [`reduce!`](crate::reduce),
//! [`repeat!`](crate::repeat), [`repeat_plan!`](crate::repeat_plan) and
//! [`parse_shape!`](crate::parse_shape).

/// einops' `rearrange`: split, permute and merge axes by name, as views — `rearrange!(&t, "b c
/// h w -> b (h w) c")`, `rearrange!(&t, "b (h w) c -> b c h w", h = 28)`,
/// `rearrange!(&t, "... h w -> ... (h w)")`.
///
/// Follows einops' `rearrange`. The spec names the input's axes left of `->` and the output's
/// right of it; parentheses group several axes into one axis of the tensor: on the input side
/// a group splits an axis, on the output side it merges axes. `()` and `1` are axes of size 1
/// (either side). `...` stands for the axes the input does not name (any number, even none),
/// and must appear in the output too: alone, where those axes go, or in parentheses, merged
/// into one. Every name appears once on each side. Names are letters, digits and `_`, start
/// with a letter and neither start nor end with `_` (einops' rule). Sizes that cannot be
/// inferred are given as `name = size` after the spec; in each input group, all sizes but one
/// must be known, and the last is inferred.
///
/// The operand is borrowed, as in [`einsum!`](crate::einsum): a tensor, a view, a
/// [`CowTensor`](crate::CowTensor) or a reference to one (`t`, `&t`, `t.view()`; see
/// [passing operands](crate::operand#passing-operands)). A view keeps its own lifetime, so the
/// result of `rearrange!(t.view(), …)` borrows `t`. The result is a
/// [`CowTensor`](crate::CowTensor): a view of the operand when the merges allow one (splits
/// and permutations always do), a C-contiguous copy otherwise —
/// [`rearrange_plan!`](crate::rearrange_plan) says which, and why, as
/// [`plan_reshape`](crate::TensorBase::plan_reshape) does for `reshape`. Needs the `alloc`
/// feature (for the copy). O(rank) for a view, O(elements) for a copy.
///
/// Rank equation: the operand's rank is the number of input axes, or at least the number the
/// spec names with `...` (checked at compile time by [`SpecTerm`](crate::SpecTerm)); the
/// result's rank is the number of output axes, plus, with a lone `...` in the output, the
/// number `...` stands for ([`SpecOutput`](crate::SpecOutput)).
///
/// # Errors
///
/// Compile errors (reported by `cargo check`), each one error that quotes the spec and marks
/// the part at fault: a malformed spec (no `->`, unbalanced or nested parentheses, a
/// character that is not part of a name, `...` in parentheses on the input side), a number
/// other than 1, an axis used twice on one side, an axis on one side only, a size for an axis
/// the spec does not name, an input group with two sizes not given; and, in the words of the
/// rank rules, an operand whose rank does not fit the input.
///
/// At run time: [`ErrorKind::NotDivisible`](crate::ErrorKind::NotDivisible) when a group's
/// known sizes do not divide its axis, [`ErrorKind::SizeMismatch`](crate::ErrorKind::SizeMismatch)
/// when a group's sizes are all known and their product is not the axis size (`expected` is
/// the product), [`ErrorKind::CannotInfer`](crate::ErrorKind::CannotInfer) for a size inferred
/// from an empty axis with a known size of 0 — each naming the input axis;
/// [`ErrorKind::TooManyAxes`](crate::ErrorKind::TooManyAxes) when the split axes are more than
/// 16.
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
/// // `...` for the leading axes, whatever their number: the result's rank is computed.
/// let flat = rearrange!(&t, "... h w -> ... (h w)").unwrap();
/// assert_eq!(flat.view().shape(), &[2, 3, 20]);
/// let unit = rearrange!(&t, "b c h w -> b 1 c (h w)").unwrap();
/// assert_eq!(unit.view().shape(), &[2, 1, 3, 20]);
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
        $crate::rearrange_plan!(@spec Rearrange "rearrange!: " $spec $(, $name)*);
        // A `match` keeps the operand's temporaries alive until the call has returned.
        match $crate::IntoTensorView::into_view(&$t) {
            t => $crate::notation::einops_rearrange(
                $crate::rearrange_plan!(@rank t),
                &SPEC,
                &[$((stringify!($name), $size)),*],
                t,
            ),
        }
    }};
}

/// Whether [`rearrange!`](crate::rearrange) with the same arguments gives a view, and why not:
/// the [`ReshapePlan`](crate::layout::ReshapePlan) of its final merge, whose `Display` names
/// the axes that cannot be merged in place. No allocation. [`repeat_plan!`](crate::repeat_plan)
/// says the same of [`repeat!`](crate::repeat).
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
    // The spec, as the item `SPEC`, and its one compile error if it has a problem.
    (@spec $kind:ident $title:literal $spec:literal $(, $name:ident)*) => {
        const SPEC: $crate::notation::EinopsSpec =
            $crate::notation::EinopsSpec::scan($spec, $crate::notation::EinopsKind::$kind)
                .with_sizes(&[$(stringify!($name)),*]);
        const _: () = {
            const MESSAGE: $crate::notation::SpecMessage<{ $spec.len() * 2 + 256 }> =
                $crate::notation::SpecMessage::titled($title, SPEC.problem(), $spec);
            if let Some(message) = MESSAGE.as_str() {
                ::core::panic!("{}", message)
            }
        };
    };
    // The operand's rank checked against the input, and the result's rank.
    (@rank $t:ident) => {{
        $crate::SpecTerm::<{ SPEC.input_rank() }, { SPEC.input_mode() }>::check(
            $crate::notation::rank_of(&$t),
        );
        let ellipsis = $crate::rank::SpecTermRank::<{ SPEC.input_rank() }, { SPEC.input_mode() }>::ellipsis(
            $crate::notation::rank_of(&$t),
        );
        $crate::SpecOutput::<{ SPEC.output_rank() }, { SPEC.output_mode() }>::check(ellipsis);
        $crate::rank::SpecOutputRank::<{ SPEC.output_rank() }, { SPEC.output_mode() }>::result(ellipsis)
    }};
    ($t:expr, $spec:literal $(, $name:ident = $size:expr)* $(,)?) => {{
        $crate::rearrange_plan!(@spec Rearrange "rearrange_plan!: " $spec $(, $name)*);
        match $crate::IntoTensorView::into_view(&$t) {
            t => $crate::notation::einops_rearrange_plan(
                $crate::rearrange_plan!(@rank t),
                &SPEC,
                &[$((stringify!($name), $size)),*],
                t,
            ),
        }
    }};
}

/// Whether [`repeat!`](crate::repeat) with the same arguments gives a view, and why not: the
/// [`ReshapePlan`](crate::layout::ReshapePlan) of its final merge, as
/// [`rearrange_plan!`](crate::rearrange_plan) gives it for `rearrange!` (a merge of a new,
/// stride-0 axis with another is never in place). No allocation.
///
/// # Errors
///
/// As [`repeat!`](crate::repeat).
///
/// # Examples
///
/// ```
/// use ranked::{Tensor, repeat_plan};
///
/// let t: Tensor<f32, 2> = Tensor::zeros([3, 4]);
/// assert!(repeat_plan!(&t, "h w -> h w c", c = 3).unwrap().is_view());
/// let plan = repeat_plan!(&t, "h w -> h (w 2)").unwrap();
/// assert!(!plan.is_view());
/// println!("{plan}"); // the group that needs the copy
/// ```
#[macro_export]
macro_rules! repeat_plan {
    ($t:expr, $spec:literal $(, $name:ident = $size:expr)* $(,)?) => {{
        $crate::rearrange_plan!(@spec Repeat "repeat_plan!: " $spec $(, $name)*);
        match $crate::IntoTensorView::into_view(&$t) {
            t => $crate::notation::einops_rearrange_plan(
                $crate::rearrange_plan!(@rank t),
                &SPEC,
                &[$((stringify!($name), $size)),*],
                t,
            ),
        }
    }};
}

/// einops' `reduce`: the axes the output lacks are reduced — `reduce!(&x, "b c (h 2) (w 2) ->
/// b c h w", max)` is a 2×2 max-pool, `reduce!(&x, "b c h w -> b c", mean)` a global average
/// pool, `reduce!(&x, "b ... -> b", sum)` sums all but the first axis.
///
/// Follows einops' `reduce`, with the notation of [`rearrange!`](crate::rearrange); numbers on
/// the input side (`(h 2)`) are axes of that size, reduced. The reduction is `sum`, `mean`,
/// `max`, `min` or `prod` (NumPy's semantics: `max` and `min` propagate NaN; `mean` of no
/// elements is NaN, `sum` 0, `prod` 1), or any function of two elements, `|a, b| …` or a path
/// such as `f32::max`, folded from the first element. The result is a new C-contiguous
/// [`Tensor`](crate::Tensor) whose axes are in output order, so the output's merges cost
/// nothing. Needs the `alloc` feature.
///
/// Lowering: the input is split into its elementary axes (a view), then the engine folds the
/// reduced block of each output element: a block of at most 64 elements element by element
/// (each output written once), a larger one a pass over the output per element of the block.
///
/// Rank equation: as [`rearrange!`](crate::rearrange); the output may leave out `...`, whose
/// axes are then reduced.
///
/// # Errors
///
/// As [`rearrange!`](crate::rearrange), but an axis of the input may be missing from the
/// output (it is reduced), and a number other than 1 may appear on the input side; and
/// [`ErrorKind::Empty`](crate::ErrorKind::Empty) for `max`, `min` or a function over an empty
/// block.
///
/// # Examples
///
/// ```
/// use ranked::{Axis, Tensor, reduce, tensor};
///
/// let x = Tensor::from_fn([1, 1, 4, 4], |[_, _, h, w]| (4 * h + w) as f32);
/// let pooled = reduce!(&x, "b c (h 2) (w 2) -> b c h w", max).unwrap();
/// assert_eq!(pooled.to_vec(), [5.0, 7.0, 13.0, 15.0]);
/// let means = reduce!(&x, "b c h w -> b c", mean).unwrap();
/// assert_eq!(means.to_vec(), [7.5]);
/// // Any function of two elements, and `...`.
/// let m = tensor![[1.0f32, -4.0], [3.0, 2.0]];
/// let largest_magnitude = reduce!(&m, "a ... -> a", |p, q| if q.abs() > p.abs() { q } else { p }).unwrap();
/// assert_eq!(largest_magnitude.to_vec(), [-4.0, 3.0]);
/// // The same reduction through view operations and `max_axes`.
/// let split = x.view().split(Axis::<2>, [2, 2]).unwrap().split(Axis::<4>, [2, 2]).unwrap();
/// assert_eq!(split.max_axes((Axis::<3>, Axis::<5>)), pooled);
/// ```
#[cfg(feature = "alloc")]
#[macro_export]
macro_rules! reduce {
    (@go $f:ident $t:expr, $spec:literal, $op:expr $(, $name:ident = $size:expr)*) => {{
        $crate::rearrange_plan!(@spec Reduce "reduce!: " $spec $(, $name)*);
        match $crate::IntoTensorView::into_view(&$t) {
            t => $crate::notation::$f(
                $crate::rearrange_plan!(@rank t),
                &SPEC,
                &[$((stringify!($name), $size)),*],
                t,
                $op,
            ),
        }
    }};
    ($t:expr, $spec:literal, sum $(, $name:ident = $size:expr)* $(,)?) => {
        $crate::reduce!(@go einops_reduce $t, $spec, $crate::notation::Sum $(, $name = $size)*)
    };
    ($t:expr, $spec:literal, mean $(, $name:ident = $size:expr)* $(,)?) => {
        $crate::reduce!(@go einops_reduce $t, $spec, $crate::notation::Mean $(, $name = $size)*)
    };
    ($t:expr, $spec:literal, max $(, $name:ident = $size:expr)* $(,)?) => {
        $crate::reduce!(@go einops_reduce $t, $spec, $crate::notation::Max $(, $name = $size)*)
    };
    ($t:expr, $spec:literal, min $(, $name:ident = $size:expr)* $(,)?) => {
        $crate::reduce!(@go einops_reduce $t, $spec, $crate::notation::Min $(, $name = $size)*)
    };
    ($t:expr, $spec:literal, prod $(, $name:ident = $size:expr)* $(,)?) => {
        $crate::reduce!(@go einops_reduce $t, $spec, $crate::notation::Prod $(, $name = $size)*)
    };
    ($t:expr, $spec:literal, $f:expr $(, $name:ident = $size:expr)* $(,)?) => {
        $crate::reduce!(@go einops_reduce_fn $t, $spec, $f $(, $name = $size)*)
    };
}

/// einops' `repeat`: new axes, of sizes given, repeat the input — `repeat!(&t, "h w -> h w
/// c", c = 3)`, `repeat!(&t, "h w -> (h 2) (w 2)")` (each pixel twice in each direction),
/// `repeat!(&t, "... -> b ...", b = 4)`.
///
/// Follows einops' `repeat`, with the notation of [`rearrange!`](crate::rearrange): the
/// output's axes that the input lacks are new — a name with a size given (`c = 3`), or a
/// number; every axis of the input appears in the output. The result is a
/// [`CowTensor`](crate::CowTensor): a view whose new axes have stride 0 when no merge involves
/// a new axis (as NumPy's `broadcast_to`), one C-contiguous copy otherwise —
/// [`repeat_plan!`](crate::repeat_plan) says which, and why. Needs the `alloc` feature.
///
/// Rank equation: as [`rearrange!`](crate::rearrange).
///
/// # Errors
///
/// As [`rearrange!`](crate::rearrange), but an output axis may be new, and then needs a size
/// (a compile error otherwise); a number other than 1 may appear on the output side.
///
/// # Examples
///
/// ```
/// use ranked::{repeat, tensor};
///
/// let t = tensor![[1, 2], [3, 4]];
/// let up = repeat!(&t, "h w -> (h 2) (w 2)").unwrap();
/// assert_eq!(up.view().to_vec(), [1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 4, 4, 3, 3, 4, 4]);
/// let rgb = repeat!(&t, "h w -> h w c", c = 3).unwrap();
/// assert!(rgb.is_view()); // the new axis has stride 0: nothing is copied
/// assert_eq!(rgb.view().strides(), &[2, 1, 0]);
/// let batch = repeat!(&t, "... -> b ...", b = 2).unwrap();
/// assert_eq!(batch.view().shape(), &[2, 2, 2]);
/// ```
#[cfg(feature = "alloc")]
#[macro_export]
macro_rules! repeat {
    ($t:expr, $spec:literal $(, $name:ident = $size:expr)* $(,)?) => {{
        $crate::rearrange_plan!(@spec Repeat "repeat!: " $spec $(, $name)*);
        match $crate::IntoTensorView::into_view(&$t) {
            t => $crate::notation::einops_repeat(
                $crate::rearrange_plan!(@rank t),
                &SPEC,
                &[$((stringify!($name), $size)),*],
                t,
            ),
        }
    }};
}

/// einops' `parse_shape`: the sizes of a tensor's axes by name — `parse_shape!(&t, "b c _
/// w")["w"]`. `_` skips an axis, `...` any number of them; the pattern has no parentheses.
/// The operand's rank is checked against the pattern at compile time. Returns an
/// [`AxisSizes`](crate::notation::AxisSizes). No allocation.
///
/// # Errors
///
/// Never at run time for a pattern that compiles (the result is a `Result` for the hidden
/// function's direct callers).
///
/// # Examples
///
/// ```
/// use ranked::{Tensor, parse_shape, rearrange};
///
/// let images: Tensor<f32, 4> = Tensor::zeros([2, 3, 8, 6]);
/// let sizes = parse_shape!(images, "b ... w").unwrap();
/// assert_eq!((sizes["b"], sizes["w"]), (2, 6));
/// // Read sizes from one tensor to split another.
/// let tokens: Tensor<f32, 3> = Tensor::zeros([2, 48, 3]);
/// let back = rearrange!(tokens, "b (h w) c -> b c h w", w = sizes["w"]).unwrap();
/// assert_eq!(back.view().shape(), &[2, 3, 8, 6]);
/// ```
#[macro_export]
macro_rules! parse_shape {
    ($t:expr, $spec:literal $(,)?) => {{
        const SPEC: $crate::notation::EinopsSpec =
            $crate::notation::EinopsSpec::scan($spec, $crate::notation::EinopsKind::ParseShape);
        const _: () = {
            const MESSAGE: $crate::notation::SpecMessage<{ $spec.len() * 2 + 256 }> =
                $crate::notation::SpecMessage::titled("parse_shape!: ", SPEC.problem(), $spec);
            if let Some(message) = MESSAGE.as_str() {
                ::core::panic!("{}", message)
            }
        };
        match $crate::IntoTensorView::into_view(&$t) {
            t => {
                $crate::SpecTerm::<{ SPEC.input_rank() }, { SPEC.input_mode() }>::check(
                    $crate::notation::rank_of(&t),
                );
                $crate::notation::einops_parse_shape(&SPEC, t)
            }
        }
    }};
}
