//! The `tensor!`, `inline_tensor!` and `tensor_view!` macros, and the hidden helpers they
//! expand to.

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

/// A read-only view of a row-major array, its shape checked against the array's length at
/// compile time wherever it is written: `tensor_view!(&DATA, [3, 4])`.
///
/// The view is the one [`TensorView::from_array`](crate::TensorView::from_array) makes, but
/// `from_array` refuses a wrong shape at compile time only in a `const` or `static` item (in a
/// `let` it panics when run). The macro requires the array's length to be the shape's element
/// count, so a shape that does not hold exactly the array's elements is a type error in a
/// `let`, a `const` or a `static` alike ("expected an array with a size of 15, found one with a
/// size of 12"), and computes the layout as a constant, so nothing is checked at run time. The sizes must be constant expressions; for sizes known only at run time use
/// [`TensorView::from_slice`](crate::TensorView::from_slice), which returns an error. Like
/// NumPy's `np.asarray(data).reshape(shape)` on a flat array, without the run-time check.
/// O(R), no allocation; part of the
/// [firmware subset](crate#firmware-the-subset-that-never-panics) (nothing is left to fail at
/// run time).
///
/// # Examples
///
/// ```
/// use ranked::{TensorView, tensor_view};
///
/// static WEIGHTS: [f32; 12] = [0.5; 12];
/// static W: TensorView<'static, f32, 2> = tensor_view!(&WEIGHTS, [3, 4]);
///
/// let data = [1, 2, 3, 4, 5, 6];
/// let v = tensor_view!(&data, [2, 3]);
/// assert_eq!((v.shape(), v[[1, 0]]), (&[2, 3], 4));
/// assert_eq!(W.shape(), &[3, 4]);
/// ```
///
/// A shape that does not hold the array's elements does not compile, in a `let` too:
///
/// ```compile_fail
/// use ranked::tensor_view;
///
/// let data = [1, 2, 3, 4, 5, 6];
/// let v = tensor_view!(&data, [2, 4]);
/// ```
#[macro_export]
macro_rules! tensor_view {
    ($data:expr, [$($size:expr),* $(,)?] $(,)?) => {
        {
            // The array's length must be the shape's element count: a type error otherwise.
            let data: &[_; { $crate::__private::element_count(&[$($size),*]) }] = $data;
            // The layout is a constant, so no check is left to fail at run time.
            $crate::__private::view_of_array(
                data,
                const {
                    $crate::__private::Elements::<{ $crate::__private::element_count(&[$($size),*]) }>
                        .row_major([$($size),*])
                },
            )
        }
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

/// The shape any number of shapes broadcast to, by NumPy's rules (NumPy's and the Array API's
/// `broadcast_shapes(*shapes)`): aligned on the right, each size equal to the others or 1; the
/// result has the largest rank, computed at compile time. Two shapes are
/// [`layout::broadcast_shapes`](crate::layout::broadcast_shapes), which this folds from the
/// left. Needs no allocator.
///
/// # Errors
///
/// A `Result<[usize; O], ShapeError>`: [`ErrorKind::BroadcastMismatch`](crate::ErrorKind)
/// naming the result axis of the first pair of sizes that conflict.
///
/// # Examples
///
/// ```
/// use ranked::broadcast_shapes;
///
/// let s = broadcast_shapes!([8, 1, 1], [7, 1], [1, 5], [1, 1, 1]).unwrap();
/// assert_eq!(s, [8, 7, 5]);
/// assert_eq!(broadcast_shapes!([2, 3]).unwrap(), [2, 3]);
/// assert!(broadcast_shapes!([2, 3], [3], [4, 1]).is_err());
/// ```
#[macro_export]
macro_rules! broadcast_shapes {
    ($shape:expr $(,)?) => {
        ::core::result::Result::<_, $crate::ShapeError>::Ok($shape)
    };
    ($a:expr, $b:expr $(, $rest:expr)* $(,)?) => {
        match $crate::layout::broadcast_shapes($a, $b) {
            ::core::result::Result::Ok(shape) => $crate::broadcast_shapes!(shape $(, $rest)*),
            ::core::result::Result::Err(err) => ::core::result::Result::Err(err),
        }
    };
}

/// Any number of tensors as read-only views of the shape they all broadcast to (NumPy's and
/// the Array API's `broadcast_arrays(*arrays)`): a tuple of
/// [`TensorView`](crate::TensorView)s of the largest rank, computed at compile time, with
/// stride 0 along stretched axes. Each argument is evaluated once and borrowed. Two tensors
/// are [`broadcast_with`](crate::TensorBase::broadcast_with). Needs no allocator.
///
/// # Errors
///
/// A `Result<(TensorView, …), ShapeError>`:
/// [`ErrorKind::BroadcastMismatch`](crate::ErrorKind) naming the result axis of the first
/// pair of sizes that conflict.
///
/// # Examples
///
/// ```
/// use ranked::{broadcast_arrays, tensor};
///
/// let x = tensor![1.0, 2.0, 3.0];
/// let y = tensor![[10.0], [20.0]];
/// let z = tensor![[[0.5]]];
/// let (a, b, c) = broadcast_arrays!(x, y, z).unwrap();
/// assert_eq!((a.shape(), b.shape(), c.shape()), (&[1, 2, 3], &[1, 2, 3], &[1, 2, 3]));
/// assert_eq!(b.to_vec(), [10.0, 10.0, 10.0, 20.0, 20.0, 20.0]);
/// assert!(broadcast_arrays!(x, y, tensor![1.0, 2.0]).is_err());
/// ```
#[macro_export]
macro_rules! broadcast_arrays {
    ($($tensor:expr),+ $(,)?) => {
        $crate::broadcast_arrays!(@name [] $($tensor,)+)
    };
    // Gives each argument its own name (hygiene keeps every `t` apart), so that one `match`
    // evaluates each argument once and keeps its temporaries alive to the end of the statement.
    (@name [$(($t:ident $e:expr))*] $head:expr, $($rest:expr,)*) => {
        $crate::broadcast_arrays!(@name [$(($t $e))* (t $head)] $($rest,)*)
    };
    (@name [$(($t:ident $e:expr))+]) => {
        match ($(&$e,)+) {
            ($($t,)+) => match $crate::broadcast_shapes!($(*$crate::TensorBase::shape($t)),+) {
                ::core::result::Result::Ok(shape) => (move || {
                    ::core::result::Result::<_, $crate::ShapeError>::Ok(($(
                        $crate::__private::broadcast_view($t, shape)?,
                    )+))
                })(),
                ::core::result::Result::Err(err) => ::core::result::Result::Err(err),
            },
        }
    };
}
