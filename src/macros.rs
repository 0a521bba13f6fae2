//! The `tensor!` and `inline_tensor!` macros, and the hidden helpers they expand to.

/// Builds a tensor from nested brackets; the nesting depth is the rank (1 to 6).
///
/// `inline_tensor!` needs no allocator: the elements live in a fixed array, giving an
/// [`ArrayTensor<T, N, R>`](crate::ArrayTensor). Rows of different lengths do not compile.
/// For a `Vec`-backed [`Tensor`](crate::Tensor) use [`tensor!`](crate::tensor); for a rank-0
/// tensor use [`TensorBase::from_storage`](crate::TensorBase::from_storage) with shape `[]`.
///
/// # Examples
///
/// ```
/// use ranked::{ArrayTensor, inline_tensor};
///
/// let t = inline_tensor![[[1, 2], [3, 4]], [[5, 6], [7, 8]]];
/// assert_eq!(t.shape(), &[2, 2, 2]);
/// assert_eq!(t[[1, 0, 1]], 6);
/// let v: ArrayTensor<f32, 3, 1> = inline_tensor![1.0, 2.0, 3.0];
/// assert_eq!(v.len(), 3);
/// ```
#[macro_export]
macro_rules! inline_tensor {
    ($([$([$([$([$([$($x:expr),+ $(,)?]),+ $(,)?]),+ $(,)?]),+ $(,)?]),+ $(,)?]),+ $(,)?) => {
        $crate::__private::from_nested(
            [$($($($($($($x),+),+),+),+),+),+],
            $crate::__private::shape6(&[$([$([$([$([$([$($crate::__ranked_unit!($x)),+]),+]),+]),+]),+]),+]),
        )
    };
    ($([$([$([$([$($x:expr),+ $(,)?]),+ $(,)?]),+ $(,)?]),+ $(,)?]),+ $(,)?) => {
        $crate::__private::from_nested(
            [$($($($($($x),+),+),+),+),+],
            $crate::__private::shape5(&[$([$([$([$([$($crate::__ranked_unit!($x)),+]),+]),+]),+]),+]),
        )
    };
    ($([$([$([$($x:expr),+ $(,)?]),+ $(,)?]),+ $(,)?]),+ $(,)?) => {
        $crate::__private::from_nested(
            [$($($($($x),+),+),+),+],
            $crate::__private::shape4(&[$([$([$([$($crate::__ranked_unit!($x)),+]),+]),+]),+]),
        )
    };
    ($([$([$($x:expr),+ $(,)?]),+ $(,)?]),+ $(,)?) => {
        $crate::__private::from_nested(
            [$($($($x),+),+),+],
            $crate::__private::shape3(&[$([$([$($crate::__ranked_unit!($x)),+]),+]),+]),
        )
    };
    ($([$($x:expr),+ $(,)?]),+ $(,)?) => {
        $crate::__private::from_nested(
            [$($($x),+),+],
            $crate::__private::shape2(&[$([$($crate::__ranked_unit!($x)),+]),+]),
        )
    };
    ($($x:expr),+ $(,)?) => {
        $crate::__private::from_nested(
            [$($x),+],
            $crate::__private::shape1(&[$($crate::__ranked_unit!($x)),+]),
        )
    };
}

/// Builds an owned [`Tensor`](crate::Tensor) from nested brackets; the nesting depth is the
/// rank (1 to 6). Needs the `alloc` feature; see [`inline_tensor!`](crate::inline_tensor) for
/// the allocator-free form. Rows of different lengths do not compile.
///
/// # Examples
///
/// ```
/// use ranked::{Tensor, tensor};
///
/// let t: Tensor<i32, 2> = tensor![[1, 2], [3, 4]];
/// assert_eq!(t.shape(), &[2, 2]);
/// assert_eq!(t[[1, 0]], 3);
/// ```
#[cfg(feature = "alloc")]
#[macro_export]
macro_rules! tensor {
    ($($body:tt)+) => {
        $crate::Tensor::from($crate::inline_tensor![$($body)+])
    };
}

/// Maps any expression to `()` without evaluating it (used to check that rows have equal
/// lengths through the type of a nested array of units).
#[doc(hidden)]
#[macro_export]
macro_rules! __ranked_unit {
    ($x:expr) => {
        ()
    };
}
