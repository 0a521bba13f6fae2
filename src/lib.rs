//! # ranked — tensors whose rank is part of their type
//!
//! `Tensor<f32, 3>` is a rank-3 tensor. Indices are `[usize; R]`, so indexing a rank-3 tensor
//! with two indices, or binding a rank-3 result to a rank-2 variable, does not compile. Sizes
//! are runtime values; the rank is a const generic.
//!
//! ```
//! use ranked::{Tensor, tensor};
//!
//! let t: Tensor<i32, 2> = tensor![[1, 2, 3], [4, 5, 6]];
//! assert_eq!(t.shape(), &[2, 3]);
//! assert_eq!(t.strides(), &[3, 1]);
//! assert_eq!(t[[1, 2]], 6);
//! assert_eq!(t.get([2, 0]), None);
//! println!("{t}");
//! // [[1 2 3]
//! //  [4 5 6]]
//! ```
//!
//! ## View operations
//!
//! Zero-copy and O(rank); the ones that change the rank change the type, inferred by the
//! compiler (see the table in [`rank`]):
//!
//! ```
//! use ranked::{Axis, INFER, Tensor};
//!
//! let t: Tensor<f32, 3> = Tensor::zeros([3, 4, 5]);
//! let m = t.view().merge(Axis::<1>, Axis::<2>).unwrap(); // Tensor view of rank 2
//! assert_eq!((m.shape(), m.strides()), (&[3, 20], &[20, 1]));
//! let s = m.split(Axis::<1>, [INFER, 5]).unwrap(); // rank 3 again
//! assert_eq!(s.strides(), &[20, 5, 1]);
//! ```
//!
//! An axis that does not exist does not compile, and the first line of the error says so:
//! ``cannot remove `Axis<3>` from a tensor of `Rank<3>` `` (see `ui-tests/fail/`).
//!
//! ## Layers
//!
//! - [`rank`]: [`Rank<N>`], [`Axis<A>`] and the rank-arithmetic traits (`typenum` inside).
//! - [`layout`]: [`Layout<R>`] — shape, signed strides and offset; all stride arithmetic,
//!   including every view operation.
//! - [`slice`](mod@slice): the items of the [`s![]`](s) macro.
//! - [`storage`]: what holds elements — `Vec<T>`, `[T; N]`, `GenericArray<T, N>`, `Arc<[T]>`,
//!   and for views [`ViewRepr`](storage::ViewRepr) / [`ViewReprMut`](storage::ViewReprMut),
//!   which borrow a slice (or strided memory converted from another library) for a lifetime.
//! - [`TensorBase<S, R>`]: storage plus layout, with the aliases [`Tensor`], [`TensorView`],
//!   [`TensorViewMut`], [`ArrayTensor`], [`GenericTensor`] and [`SharedTensor`].
//! - [`iter`]: iteration in logical (row-major) order, and by axis: `outer_iter`, `axis_iter`,
//!   `axis_chunks_iter`, `lanes`, `rows`, `columns`, `windows` (items are views whose rank is in
//!   their type).
//! - [`zip`]: [`Zip`] and [`azip!`], lock-step iteration over up to six broadcast tensors.
//! - [`ops`]: operators, maths, comparisons, reductions and statistics; [`concatenate`],
//!   [`stack`] and [`where_`] (feature `alloc`).
//! - [`linalg`]: matrix products by NumPy's `matmul` rules (batched, vectors promoted) —
//!   `matmul`, `matmul_into`, `dot`, `matvec`, `outer` and [`gemm`](linalg::gemm).
//! - [`notation`]: [`einsum!`] (NumPy's `einsum`), [`rearrange!`], [`reduce!`], [`repeat!`] and
//!   [`parse_shape!`] (einops'),
//!   with specs parsed at compile time and the result's rank in the type.
//! - [`interop`]: `serde`, `approx`, ndarray, nalgebra and faer support, each behind its
//!   feature.
//! - [`random`]: random tensors from `rand`'s distributions (feature `rand`).
//! - [`io`]: NumPy's `.npy` files (feature `std`), CSV tables and safetensors files (features
//!   `csv`, `safetensors`), read with the rank and element type checked.
//! - [`ShapeError`]: the one error type; `Copy`, no allocator needed.
//! - [`guide`]: [coming from NumPy](guide::coming_from_numpy) (an index of NumPy names) and
//!   [coming from ndarray](guide::coming_from_ndarray).
//!
//! Every method of every tensor is on [`TensorBase`], whose page opens with a
//! [summary of the method groups](TensorBase#methods-summary). The free functions and macros:
//! [`concatenate`], [`stack`], [`where_`], [`Zip`], [`azip!`], [`einsum!`], [`einsum_into!`],
//! [`einsum_path!`], [`rearrange!`], [`rearrange_plan!`], [`reduce!`], [`repeat!`],
//! [`repeat_plan!`], [`parse_shape!`], [`s!`](s), [`tensor!`], [`inline_tensor!`], [`tensor_view!`].
//!
//! ## `no_std`
//!
//! The crate is always `#![no_std]`. Features:
//!
//! | feature | default | adds |
//! |---|---|---|
//! | `alloc` | via `std` | `Tensor` (`Vec` storage), `SharedTensor` (`Arc<[T]>`), `to_vec`, `into_vec`, `tensor!`; `f32`/`f64` matrix products on `matrixmultiply` |
//! | `std` | yes | reading and writing `.npy` files ([`io`]); run-time CPU detection in `matrixmultiply`; on Linux, transparent huge pages for every new buffer of 4 MiB or more (`madvise`, as NumPy does); implies `alloc` |
//! | `rayon` | no | `par_` operations and multithreaded products; implies `std` |
//! | `serde` | no | `Serialize` for every tensor and view, `Deserialize` for `Tensor` ([`interop`]); implies `alloc` |
//! | `approx` | no | `AbsDiffEq`, `RelativeEq`, `UlpsEq` between tensors ([`interop`]) |
//! | `ndarray` | no | views ↔ ndarray views without copying, `Array` ↔ `Tensor` moved ([`interop`]); implies `alloc` |
//! | `nalgebra` | no | matrix views ↔ rank-2 views without copying, `DMatrix` moved, `SMatrix` ↔ `ArrayTensor` ([`interop`]); implies `alloc` |
//! | `rand` | no | random tensors from any `rand` distribution and generator ([`random`]): `fill_random` without an allocator; `random_using`, `random_uniform`, `random_normal`, `random_permutation`, `shuffled_along` with `alloc` |
//! | `csv` | no | CSV tables of numbers into and out of `Tensor<T, 2>` ([`io`]); implies `std` |
//! | `safetensors` | no | safetensors files: typed views and copies of each tensor, writing named tensors ([`io`]); implies `std` |
//! | `npz` | no | `.npz` archives of named arrays, stored and deflated ([`io`]); implies `std` |
//! | `mmap` | no | memory-mapped, zero-copy views of `.npy` files ([`io`]); implies `std` |
//! | `faer` | no | `MatRef`/`MatMut` ↔ rank-2 views without copying, `Mat` copied ([`interop`]); `f32`/`f64` and complex matrix products on faer's kernels; implies `alloc` and `complex` |
//! | `complex` | no | complex numbers (`linalg::Complex`, `num_complex`'s): real and imaginary parts as strided views (`re`, `im`, `re_mut`, `im_mut`), `conj`, `norm`, `arg` |
//! | `half` | no | `f16` and `bf16` elements (the `half` crate, re-exported): the float maths, products on the `f32` kernels, sums, means, variances and standard deviations (whole and along axes) accumulated in `f32`; implies `alloc` |
//! | `fixed` | no | fixed-point elements (the `fixed` crate, re-exported, e.g. `fixed::types::I16F16`): sums, products, means, extremes, comparisons, sorting and `matmul_into`, without an allocator (the firmware subset, but `var`, `std` and `median_inplace`, which need a float); overflow is the `fixed` operators' own (a panic with debug assertions, wrapping without) |
//! | `fft` | no | NumPy's and the Array API's `fft` ([`fft`](mod@fft): `fft`, `ifft`, `rfft`, `irfft`, `hfft`, `fftn`, `fftfreq`, `fftshift`, …) along any axis of any layout, on `rustfft`/`realfft`; implies `std` and `complex` |
//! | `linalg` | no | NumPy's `linalg` on stacks of matrices ([`linalg`]: `solve`, `inv`, `det`, `svd`, `eigh`, `lstsq`, norms, …); implies `std`, `faer` and `complex` |
//!
//! With no features at all, views over slices, [`ArrayTensor`] / [`GenericTensor`] and
//! [`inline_tensor!`], element access, iteration and formatting all work without an allocator:
//!
//! ```
//! use ranked::{TensorView, inline_tensor};
//!
//! let mut t = inline_tensor![[1u8, 2], [3, 4]];
//! t[[0, 0]] = 10;
//! let data = [1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0];
//! let v = TensorView::from_slice(&data, [3, 2]).unwrap();
//! assert_eq!(v.iter().sum::<f32>(), 21.0);
//! ```
//!
//! ## Firmware: the subset that never panics
//!
//! The operations of this table need neither `std` nor an allocator, and never panic, on any
//! input: a wrong shape, an index out of bounds, a size that overflows is an `Err` (or `None`),
//! and their compiled code holds no path to a panic (no failed index, `unwrap` or division by
//! zero). Their docs say "never panics". They are the typed-rank forms; a program that uses only
//! them can be proven free of panics, as below.
//!
//! | need | operations |
//! |---|---|
//! | views over memory | [`TensorView::from_slice`], [`TensorViewMut::from_slice_mut`], [`tensor_view!`] anywhere and [`TensorView::from_array`] in a `const` or `static` (a shape that does not fit is a compile error) |
//! | fixed storage | [`ArrayTensor::zeros`], [`ArrayTensor::full`], [`ArrayTensor::from_fn`] |
//! | elements | [`get`](TensorBase::get), [`get_mut`](TensorBase::get_mut), [`iter`](TensorBase::iter), [`iter_mut`](TensorBase::iter_mut) |
//! | view operations | [`permute`](TensorBase::permute), [`t`](TensorBase::t), [`reversed_axes`](TensorBase::reversed_axes), [`swap_axes`](TensorBase::swap_axes), [`flip`](TensorBase::flip), [`unsqueeze`](TensorBase::unsqueeze), [`squeeze`](TensorBase::squeeze), [`select`](TensorBase::select), [`narrow`](TensorBase::narrow), [`diagonal`](TensorBase::diagonal), [`slice`](TensorBase::slice) with [`s!`], [`reshape_view`](TensorBase::reshape_view), [`broadcast_to`](TensorBase::broadcast_to), [`split_at`](TensorBase::split_at), [`unfold`](TensorBase::unfold) (sliding windows) |
//! | writes | [`fill`](TensorBase::fill), [`copy_from`](TensorBase::copy_from), [`try_assign`](TensorBase::try_assign) (broadcasting), [`try_assign_zip`](TensorBase::try_assign_zip) (with a comparison: a mask into storage of booleans), [`copy_where`](TensorBase::copy_where) (NumPy's copyto with a mask; after try_assign, NumPy's where into storage), [`map_inplace`](TensorBase::map_inplace), [`mapv_inplace`](TensorBase::mapv_inplace), [`clamp_inplace`](TensorBase::clamp_inplace), [`clip_inplace`](TensorBase::clip_inplace), `+=` `-=` `*=` `/=` with a scalar |
//! | reductions | [`sum`](TensorBase::sum), [`product`](TensorBase::product), [`fold`](TensorBase::fold), [`try_min`](TensorBase::try_min), [`try_max`](TensorBase::try_max), [`try_mean`](TensorBase::try_mean), [`try_argmin`](TensorBase::try_argmin), [`try_argmax`](TensorBase::try_argmax), [`var`](TensorBase::var), [`std`](TensorBase::std) |
//! | reductions along an axis, into caller storage | [`sum_axis_into`](TensorBase::sum_axis_into), [`prod_axis_into`](TensorBase::prod_axis_into), [`mean_axis_into`](TensorBase::mean_axis_into), [`min_axis_into`](TensorBase::min_axis_into), [`max_axis_into`](TensorBase::max_axis_into), [`fold_axis_into`](TensorBase::fold_axis_into), [`var_axis_into`](TensorBase::var_axis_into), [`std_axis_into`](TensorBase::std_axis_into) |
//! | ordering in place | [`sort_unstable_axis_inplace`](TensorBase::sort_unstable_axis_inplace) (NaN last, along any axis of a view), [`median_inplace`](TensorBase::median_inplace) (of a view of any layout) |
//! | products | [`matmul_into`](TensorBase::matmul_into): matrix · matrix, matrix · vector, batches; [`einsum_into!`] with one or two operands (traces, diagonals, sums over axes, contractions) |
//! | axis iteration | [`outer_iter`](TensorBase::outer_iter), [`axis_iter`](TensorBase::axis_iter), [`try_lanes`](TensorBase::try_lanes), [`try_outer_iter_mut`](TensorBase::try_outer_iter_mut), [`try_axis_iter_mut`](TensorBase::try_axis_iter_mut) |
//!
//! The repository proves it at link time: `firmware/src/bin/panic_free.rs` calls every
//! operation of the table, on good and bad inputs read through `read_volatile` (so the optimiser
//! cannot see them), in a release build whose panic handler calls a function that is defined
//! nowhere. The program links only if the optimiser removed every path to a panic; CI builds it
//! for `thumbv7em-none-eabihf` (Cortex-M4F), `thumbv6m-none-eabi` (Cortex-M0) and
//! `riscv32imc-unknown-none-elf`, then runs it on QEMU boards, where it checks every result. The proof holds for the usual release profile; with `overflow-checks = true` the
//! loop counters keep checks that the compiler cannot remove, although they never fire. The
//! element arithmetic is the element type's own: a closure you pass, or an integer `/=` by
//! zero, panics as it would anywhere in Rust.
//!
//! ```
//! use ranked::{ArrayTensor, Axis, ErrorKind, TensorView};
//!
//! static WEIGHTS: [f32; 6] = [1.0, 0.5, 0.0, -1.0, 2.0, 1.0];
//! static W: TensorView<'static, f32, 2> = TensorView::from_array(&WEIGHTS, [2, 3]);
//!
//! let mut row_sums = ArrayTensor::<f32, 2, 1>::zeros([2])?;
//! W.sum_axis_into(Axis::<1>, &mut row_sums)?;
//! assert_eq!(row_sums.get([1]), Some(&2.0));
//! // Bad input is an error, never a panic.
//! let mut wrong = ArrayTensor::<f32, 3, 1>::zeros([3])?;
//! assert_eq!(W.sum_axis_into(Axis::<1>, &mut wrong).unwrap_err().kind(), ErrorKind::SizeMismatch);
//! assert_eq!(W.get([2, 0]), None);
//! # Ok::<(), ranked::ShapeError>(())
//! ```
#![no_std]
// docs.rs builds with `--cfg docsrs` on nightly: each feature-gated item then shows the
// feature it needs.
#![cfg_attr(docsrs, feature(doc_cfg))]
// The crate docs and the guides link to items of optional features. Built without one of
// them, those links cannot resolve and are not checked; with all features (as docs.rs and CI
// build) every link must resolve.
#![cfg_attr(
    not(all(
        feature = "rand",
        feature = "fft",
        feature = "linalg",
        feature = "complex",
        feature = "mmap",
        feature = "csv",
        feature = "safetensors",
        feature = "npz"
    )),
    allow(rustdoc::broken_intra_doc_links)
)]
#![deny(missing_docs)]
#![deny(
    unsafe_op_in_unsafe_fn,
    clippy::undocumented_unsafe_blocks,
    clippy::missing_safety_doc
)]
#![doc(test(attr(deny(warnings))))]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod construct;
#[cfg(feature = "alloc")]
mod creation;
mod dynamic;
mod engine;
pub mod error;
#[cfg(feature = "fft")]
pub mod fft;
mod fmt;
pub mod guide;
pub mod interop;
#[cfg(feature = "std")]
pub mod io;
pub mod iter;
pub mod layout;
pub mod linalg;
mod macros;
pub mod notation;
pub mod operand;
pub mod ops;
#[cfg(feature = "rand")]
pub mod random;
pub mod rank;
mod shape;
pub mod slice;
pub mod storage;
mod tensor;
mod view;
pub mod zip;

#[cfg(feature = "alloc")]
pub use creation::{Indexing, meshgrid, meshgrid3};
#[cfg(feature = "alloc")]
pub use dynamic::{CowTensor, DynTensor};
pub use dynamic::{DynTensorBase, DynTensorView, DynTensorViewMut};
pub use error::{ErrorKind, IndexError, ShapeError};
pub use fmt::{EDGE_ITEMS, SUMMARY_THRESHOLD};
pub use layout::{INFER, Layout, LayoutKind, Order};
pub use operand::{IntoTensorView, TensorOperand};
pub use ops::Dot;
#[cfg(feature = "alloc")]
pub use ops::{concatenate, concatenate_flat, stack, where_};
pub use rank::{
    Axis, BroadcastRanks, BroadcastTo, DiagonalAxes, HasAxes, HasAxis, HasAxisSet, InsertAxes,
    InsertAxis, IsAxis, KnownRank, LstsqRhs, MAX_RANK, MatmulRanks, MatrixStack, MergeAxes,
    MoveAxes, NumToRank, Rank, RemoveAxes, RemoveAxis, SliceArity, SolveRanks, SpecOutput,
    SpecRank, SpecTerm, SplitAxis, TensordotRanks, WindowAxis,
};
pub use slice::{Ellipsis, NewAxis};
pub use tensor::{ArrayTensor, GenericTensor, TensorBase, TensorView, TensorViewMut};
#[cfg(feature = "alloc")]
pub use tensor::{SharedTensor, Tensor};
pub use zip::Zip;

/// The `rand` crate, whose distributions and generators [`random`] takes (feature `rand`).
#[cfg(feature = "rand")]
pub use rand;

/// Re-export of the `fixed` version this crate is tested with (fixed-point numbers such as
/// `I16F16`; feature `fixed`), with its `num-traits` impls enabled.
///
/// # Examples
///
/// A FIR filter in `I16F16` on fixed storage, as firmware without an FPU runs it: the windows
/// of the signal (a view) times the reversed taps.
///
/// ```
/// use ranked::fixed::types::I16F16;
/// use ranked::{ArrayTensor, Axis, TensorView};
///
/// let fx = |v: f32| I16F16::from_num(v);
/// let signal = [1.0, 2.0, 4.0, 8.0, 16.0].map(fx);
/// let taps = [0.5, 0.25].map(fx);
/// let x = TensorView::from_slice(&signal, [5]).unwrap();
/// let h = TensorView::from_slice(&taps, [2]).unwrap();
/// let mut y = ArrayTensor::<I16F16, 4, 1>::zeros([4]).unwrap();
/// x.unfold(Axis::<0>, 2, 1).unwrap().matmul_into(&h.flip(Axis::<0>), &mut y).unwrap();
/// // NumPy's convolve([1, 2, 4, 8, 16], [0.5, 0.25], "valid").
/// assert!(y.iter().copied().eq([1.25, 2.5, 5.0, 10.0].map(fx)));
/// assert_eq!(x.try_max(), Ok(fx(16.0)));
/// ```
#[cfg(feature = "fixed")]
pub use fixed;
/// Re-export of the `half` version this crate uses (`f16`, `bf16`; feature `half`).
#[cfg(feature = "half")]
pub use half;
/// Re-export of the `num-traits` version this crate uses, so that generic code bounds its
/// element types on the same traits as ours (`Float`, `Zero`, `One`, …):
///
/// ```
/// use ranked::{num_traits::Float, Tensor};
///
/// fn unit_exp<T: Float>(t: &Tensor<T, 1>) -> Tensor<T, 1> {
///     t.exp()
/// }
/// assert_eq!(unit_exp(&Tensor::<f64, 1>::zeros([2])).to_vec(), [1.0, 1.0]);
/// ```
pub use num_traits;
/// The `rand_distr` crate's distributions (normal, Poisson, …), for [`random`] (feature
/// `rand`).
#[cfg(feature = "rand")]
pub use rand_distr;
/// Re-export of the `typenum` version this crate uses, so user code and ours agree.
pub use typenum;

/// Re-export of the `generic-array` version this crate uses (for [`GenericTensor`]).
pub use generic_array;

/// The README's examples, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// The firmware guide's examples, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../firmware/README.md")]
struct FirmwareReadmeDoctests;

/// Helpers for the crate's macros. Not part of the public API; not covered by semver.
#[doc(hidden)]
#[allow(clippy::type_complexity)] // the nested-array types are the point of the shape helpers
pub mod __private {
    use crate::storage::ViewRepr;
    use crate::{ArrayTensor, Layout, TensorBase, TensorView};

    #[cfg(feature = "alloc")]
    pub use crate::creation::grid_view;

    /// The element count of a constant shape, for `tensor_view!`; a count that leaves `usize`
    /// stops the compilation with a message.
    pub const fn element_count<const R: usize>(shape: &[usize; R]) -> usize {
        match Layout::<R>::element_count(shape) {
            Some(count) => count,
            None => panic!("tensor_view!: the shape's element count does not fit in usize"),
        }
    }

    /// `N` elements, as a type: `tensor_view!` makes the row-major layout of a shape of `N`
    /// elements with it.
    pub struct Elements<const N: usize>;

    /// A C-contiguous layout with offset 0 of exactly `N` elements.
    ///
    /// Invariant: the layout's indices reach exactly the offsets `0..N`. The field is private
    /// and [`Elements::row_major`] is the only constructor.
    pub struct RowMajor<const N: usize, const R: usize>(Layout<R>);

    impl<const N: usize> Elements<N> {
        /// The row-major layout of `shape`; a shape that does not hold exactly `N` elements
        /// panics, which `tensor_view!` turns into a compile error by calling this in a
        /// `const` block.
        pub const fn row_major<const R: usize>(self, shape: [usize; R]) -> RowMajor<N, R> {
            match Layout::row_major_exact(shape, N) {
                Some(layout) => RowMajor(layout),
                None => panic!(
                    "tensor_view!: the shape does not hold exactly as many elements as the array, \
                     or more than isize::MAX"
                ),
            }
        }
    }

    /// The view of `data` in `layout`, with nothing left to check at run time.
    pub const fn view_of_array<'a, T, const N: usize, const R: usize>(
        data: &'a [T; N],
        layout: RowMajor<N, R>,
    ) -> TensorView<'a, T, R> {
        // SAFETY: `RowMajor`'s invariant: the layout reaches exactly the offsets `0..N` of the
        // array's `N` elements (invariant 1); a read-only view has no invariant 2.
        unsafe { TensorBase::from_parts_unchecked(ViewRepr::from_slice(data), layout.0) }
    }

    /// `t` as a read-only view broadcast to `shape`, for `broadcast_arrays!` (which passes a
    /// shape that `t`'s broadcasts to, of a rank at least `t`'s).
    pub fn broadcast_view<S: crate::storage::Storage, const R: usize, const O: usize>(
        t: &TensorBase<S, R>,
        shape: [usize; O],
    ) -> Result<TensorView<'_, S::Elem, O>, crate::ShapeError> {
        let layout = t.layout().broadcast_to(shape)?;
        // SAFETY: a broadcast of the tensor's layout (view arithmetic, which checks every
        // size) is valid for its storage (invariant 1); the view is read-only.
        Ok(unsafe { TensorBase::from_parts_unchecked(t.view().into_raw_parts().0, layout) })
    }

    /// Wraps the flat elements produced by `inline_tensor!`.
    #[track_caller]
    pub fn from_nested<T, const N: usize, const R: usize>(
        flat: [T; N],
        shape: [usize; R],
    ) -> ArrayTensor<T, N, R> {
        match TensorBase::from_storage(flat, shape) {
            Ok(t) => t,
            // The macro builds `flat` and `shape` from the same tokens; they always agree.
            Err(err) => panic!("inline_tensor!: {err}"),
        }
    }

    /// The shape of a rank-1 nested unit array.
    pub const fn shape1<const A: usize>(_: &[(); A]) -> [usize; 1] {
        [A]
    }
    /// The shape of a rank-2 nested unit array.
    pub const fn shape2<const A: usize, const B: usize>(_: &[[(); B]; A]) -> [usize; 2] {
        [A, B]
    }
    /// The shape of a rank-3 nested unit array.
    pub const fn shape3<const A: usize, const B: usize, const C: usize>(
        _: &[[[(); C]; B]; A],
    ) -> [usize; 3] {
        [A, B, C]
    }
    /// The shape of a rank-4 nested unit array.
    pub const fn shape4<const A: usize, const B: usize, const C: usize, const D: usize>(
        _: &[[[[(); D]; C]; B]; A],
    ) -> [usize; 4] {
        [A, B, C, D]
    }
    /// The shape of a rank-5 nested unit array.
    pub const fn shape5<
        const A: usize,
        const B: usize,
        const C: usize,
        const D: usize,
        const E: usize,
    >(
        _: &[[[[[(); E]; D]; C]; B]; A],
    ) -> [usize; 5] {
        [A, B, C, D, E]
    }
    /// The shape of a rank-6 nested unit array.
    pub const fn shape6<
        const A: usize,
        const B: usize,
        const C: usize,
        const D: usize,
        const E: usize,
        const F: usize,
    >(
        _: &[[[[[[(); F]; E]; D]; C]; B]; A],
    ) -> [usize; 6] {
        [A, B, C, D, E, F]
    }
}
