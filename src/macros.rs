//! The `tensor!`, `inline_tensor!` and `tensor_view!` macros, and the hidden helpers they
//! expand to.

/// Builds a tensor from nested brackets; the nesting depth is the rank (1 to 6).
///
/// `inline_tensor!` needs no allocator: the elements live in a fixed array, giving an
/// [`ArrayTensor<T, N, R>`](crate::ArrayTensor). Rows of different lengths do not compile.
/// For a `Vec`-backed [`Tensor`](crate::Tensor) use [`tensor!`](crate::tensor!); for a rank-0
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

/// The coordinate grids of any number of vectors (NumPy's `meshgrid(*xs, indexing=…)` with
/// `copy=False`, and the Array API's `meshgrid`; feature `alloc`, as [`Indexing`](crate::Indexing)): for N vectors, a tuple of N read-only views of
/// rank N, each broadcast (stride 0) along every axis but its vector's, no copy. With
/// [`Indexing::Xy`](crate::Indexing::Xy) (NumPy's default) the first two axes are swapped:
/// the grids of `x, y, z` are `ny × nx × nz`; with [`Indexing::Ij`](crate::Indexing::Ij)
/// they are `nx × ny × nz`. The first argument is the indexing; each vector is a rank-1
/// tensor or view, taken by reference. [`meshgrid`](crate::meshgrid()) and
/// [`meshgrid3`](crate::meshgrid3) are the two- and three-vector functions.
///
/// Evaluates to `Result<(TensorView<'_, T, N>, …), ShapeError>`.
///
/// # Errors
///
/// [`ErrorKind::Overflow`](crate::ErrorKind::Overflow) for grids of more elements than
/// `isize::MAX` bytes hold.
///
/// # Examples
///
/// ```
/// use ranked::{Indexing, meshgrid, tensor};
///
/// let (x, y, z, w) = (tensor![1, 2, 3], tensor![10, 20], tensor![100], tensor![5, 6]);
/// let (gx, gy, gz, gw) = meshgrid!(Indexing::Xy, x, y, z, w).unwrap();
/// assert_eq!(gx.shape(), &[2, 3, 1, 2]); // ny × nx × nz × nw
/// assert_eq!((gx[[1, 2, 0, 1]], gy[[1, 2, 0, 1]], gz[[1, 2, 0, 1]], gw[[1, 2, 0, 1]]), (3, 20, 100, 6));
/// let (gx, ..) = meshgrid!(Indexing::Ij, x, y, z, w).unwrap();
/// assert_eq!(gx.shape(), &[3, 2, 1, 2]);
/// assert_eq!((gx.strides()[0], gx.strides()[1], gx.strides()[3]), (1, 0, 0)); // a view of `x`
/// ```
#[macro_export]
macro_rules! meshgrid {
    ($indexing:expr, $($vector:expr),+ $(,)?) => {
        $crate::meshgrid!(@name $indexing, [] $($vector,)+)
    };
    // Names each vector (hygiene keeps every `v` apart), so that each is evaluated once.
    (@name $indexing:expr, [$(($v:ident $e:expr))*] $head:expr, $($rest:expr,)*) => {
        $crate::meshgrid!(@name $indexing, [$(($v $e))* (v $head)] $($rest,)*)
    };
    (@name $indexing:expr, [$(($v:ident $e:expr))+]) => {
        match ($(&$e,)+) {
            ($($v,)+) => {
                let indexing: $crate::Indexing = $indexing;
                let lens = [$($crate::TensorBase::len($v)),+];
                let mut k = 0usize;
                (move || {
                    ::core::result::Result::<_, $crate::ShapeError>::Ok(($(
                        $crate::__private::grid_view($v, { k += 1; k - 1 }, lens, indexing)?,
                    )+))
                })()
            }
        }
    };
}
