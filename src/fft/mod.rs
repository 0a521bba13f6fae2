//! Discrete Fourier transforms: NumPy's `numpy.fft` and the Python Array API's `fft`
//! extension, along any axis of any layout (feature `fft`).
//!
//! | NumPy | `ranked` | result |
//! |---|---|---|
//! | `fft(a, n, axis, norm)`, `ifft` | [`fft(&a, Axis::<A>, n, norm)`](fft()), [`ifft`] | complex, rank R; axis `A` of size `n` |
//! | `rfft`, `irfft` | [`rfft`], [`irfft`] | axis `A` of size `n / 2 + 1`; real, of size `n` (default `2 (m − 1)`) |
//! | `hfft`, `ihfft` | [`hfft`], [`ihfft`] | real, of size `n` (default `2 (m − 1)`); complex, of size `n / 2 + 1` |
//! | `fftn(a, s, axes, norm)`, `ifftn` | [`fftn(&a, axes, s, norm)`](fftn), [`ifftn`] | complex, rank R |
//! | `rfftn`, `irfftn` | [`rfftn`], [`irfftn`] | the last of `axes` as `rfft`/`irfft`, the others as `fft`/`ifft` |
//! | `fftfreq(n, d)`, `rfftfreq` | [`fftfreq(n, d)`](fftfreq), [`rfftfreq`] | rank 1 |
//! | `fftshift(a, axes)`, `ifftshift` | [`fftshift(&a, axes)`](fftshift), [`ifftshift`] | rank R |
//!
//! - **Elements:** the transforms read `f32`, `f64`, `Complex<f32>` and `Complex<f64>` ([`FftInput`];
//!   `rfft`, `rfftn` and `ihfft` read the real ones) and compute in that precision: `f32`
//!   stays `f32`, where NumPy 2 computes `float32` in single precision too.
//! - **`n`:** `None` keeps the axis's size; a smaller `n` crops each lane, a larger one pads it
//!   with zeros, as NumPy. A transform of no points (`n = 0`, or an empty axis and no `n`) is
//!   [`ErrorKind::NoPoints`], as NumPy's `ValueError`.
//! - **[`Norm`]:** `Backward` (the default: the inverse divides by `n`), `Ortho` (both
//!   directions divide by √n) and `Forward` (the forward transform divides by `n`).
//! - **Axes:** the one-axis transforms take an [`Axis<A>`](crate::Axis), checked at compile
//!   time. The several-axes ones take axis numbers (`[usize; K]`), checked at run time:
//!   [`ErrorKind::InvalidAxis`] for one not below the rank,
//!   [`ErrorKind::RepeatedAxis`] for one given twice. NumPy's
//!   default of every axis is `[0, 1, …, R − 1]`.
//! - **Layouts:** any, views included (transposed, reversed, strided); the result is a new
//!   row-major tensor. Transforms run on `rustfft` and `realfft`, whose plans are cached per
//!   thread, so a repeated length is planned once.
//! - **Into an output** (NumPy 2's `out=`): [`fft_into`], [`ifft_into`], [`rfft_into`],
//!   [`irfft_into`], [`hfft_into`] and [`ihfft_into`] write into a tensor of the result's
//!   shape, in its own memory when it is C-contiguous, so a loop that reuses one output
//!   allocates no result.
//!
//! # Examples
//!
//! ```
//! use ranked::fft::{Norm, fft, fftfreq, ifft, irfft, rfft};
//! use ranked::{Axis, Tensor, tensor};
//!
//! // A cosine of frequency 2 over 8 samples: its spectrum has 4 at bins 2 and 6.
//! let x = Tensor::from_fn([8], |[i]| (core::f64::consts::PI * i as f64 / 2.0).cos());
//! let spectrum = fft(&x, Axis::<0>, None, Norm::Backward).unwrap();
//! assert!((spectrum[[2]].re - 4.0).abs() < 1e-12 && spectrum[[1]].norm() < 1e-12);
//! let back = ifft(&spectrum, Axis::<0>, None, Norm::Backward).unwrap();
//! assert!(back.iter().zip(x.iter()).all(|(z, &v)| (z.re - v).abs() < 1e-12));
//!
//! // The real forms keep n / 2 + 1 bins; the inverse gives back the signal.
//! let half = rfft(&x, Axis::<0>, None, Norm::Backward).unwrap();
//! assert_eq!(half.shape(), &[5]);
//! let signal = irfft(&half, Axis::<0>, Some(8), Norm::Backward).unwrap();
//! assert!(signal.iter().zip(x.iter()).all(|(a, b)| (a - b).abs() < 1e-12));
//! assert_eq!(fftfreq(4, 0.5).to_vec(), [0.0, 0.5, -1.0, -0.5]);
//!
//! // Along axis 0 of a matrix (strided lanes), padded to 4 points.
//! let m = tensor![[1.0f32, 2.0], [3.0, 4.0]];
//! let columns = fft(&m, Axis::<0>, Some(4), Norm::Backward).unwrap();
//! assert_eq!(columns.shape(), &[4, 2]);
//! assert_eq!(columns[[0, 1]].re, 6.0);
//! ```

use alloc::vec::Vec;

use crate::error::{ErrorKind, ShapeError};
use crate::rank::{HasAxis, IsAxis, Rank};
use crate::storage::{Storage, StorageMut};
use crate::tensor::{Tensor, TensorBase};

pub use num_complex::Complex;

mod lanes;

/// The normalisation of a transform pair (NumPy's and the Array API's `norm`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Norm {
    /// The forward transform is not scaled; the inverse divides by `n` (`"backward"`, the
    /// default of NumPy and of the standard).
    #[default]
    Backward,
    /// Both directions divide by √n, which makes the transform unitary (`"ortho"`).
    Ortho,
    /// The forward transform divides by `n`; the inverse is not scaled (`"forward"`).
    Forward,
}

impl Norm {
    /// The mode of the other direction, for the Hermitian transforms (NumPy's
    /// `_swap_direction`): `hfft` is `irfft` of the conjugate with the direction swapped.
    const fn swapped(self) -> Self {
        match self {
            Self::Backward => Self::Forward,
            Self::Ortho => Self::Ortho,
            Self::Forward => Self::Backward,
        }
    }
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for f32 {}
    impl Sealed for f64 {}
    impl<T: super::FftFloat> Sealed for num_complex::Complex<T> {}
}

/// The real element types the transforms compute in: `f32` and `f64`.
#[diagnostic::on_unimplemented(
    message = "the Fourier transforms compute in `f32` or `f64`, not in `{Self}`",
    label = "the real part of this element type is not `f32` or `f64`",
    note = "convert the tensor first, e.g. with `astype::<f64>()`"
)]
pub trait FftFloat:
    rustfft::FftNum + num_traits::Float + num_traits::NumAssign + sealed::Sealed
{
    /// The cached plan of a complex transform of `n` points.
    #[doc(hidden)]
    fn complex_plan(n: usize, inverse: bool) -> alloc::sync::Arc<dyn rustfft::Fft<Self>>;
    /// The cached plan of a real-to-complex transform of `n` points.
    #[doc(hidden)]
    fn real_forward(n: usize) -> alloc::sync::Arc<dyn realfft::RealToComplex<Self>>;
    /// The cached plan of a complex-to-real transform of `n` points.
    #[doc(hidden)]
    fn real_inverse(n: usize) -> alloc::sync::Arc<dyn realfft::ComplexToReal<Self>>;
}

/// The element types the transforms read: `f32`, `f64` and complex numbers of them (NumPy's
/// `fft` reads real arrays as complex ones with zero imaginary parts).
#[diagnostic::on_unimplemented(
    message = "the Fourier transforms read `f32`, `f64`, `Complex<f32>` or `Complex<f64>`, not `{Self}`",
    label = "this tensor's element type",
    note = "convert the tensor first, e.g. with `astype::<f64>()`"
)]
pub trait FftInput: Copy + sealed::Sealed {
    /// The real type of the computation: `f32` or `f64`.
    type Real: FftFloat;
    /// The element as a complex number.
    fn to_complex(self) -> Complex<Self::Real>;
}

macro_rules! fft_float {
    ($($t:ty => $planners:ident;)*) => {$(
        std::thread_local! {
            static $planners: core::cell::RefCell<lanes::Planners<$t>> = lanes::Planners::new();
        }

        impl FftFloat for $t {
            fn complex_plan(n: usize, inverse: bool) -> alloc::sync::Arc<dyn rustfft::Fft<Self>> {
                $planners.with(|p| lanes::Planners::complex(p, n, inverse))
            }
            fn real_forward(n: usize) -> alloc::sync::Arc<dyn realfft::RealToComplex<Self>> {
                $planners.with(|p| lanes::Planners::real_forward(p, n))
            }
            fn real_inverse(n: usize) -> alloc::sync::Arc<dyn realfft::ComplexToReal<Self>> {
                $planners.with(|p| lanes::Planners::real_inverse(p, n))
            }
        }


    )*};
}

impl<T: FftFloat> FftInput for T {
    type Real = T;
    #[inline]
    fn to_complex(self) -> Complex<T> {
        Complex::new(self, T::zero())
    }
}

impl<T: FftFloat> FftInput for Complex<T> {
    type Real = T;
    #[inline]
    fn to_complex(self) -> Complex<T> {
        self
    }
}

fft_float! {
    f32 => PLANNERS_F32;
    f64 => PLANNERS_F64;
}

/// The complex type of a transform of elements `E`.
type ComplexOf<E> = Complex<<E as FftInput>::Real>;

/// The number of points: `n`, or else `size`; an error if that is 0.
fn points(n: Option<usize>, size: usize, axis: usize) -> Result<usize, ShapeError> {
    match n.unwrap_or(size) {
        0 => Err(ShapeError::sizes(ErrorKind::NoPoints, Some(axis), 1, 0)),
        n => Ok(n),
    }
}

/// Runs a transform whose result is `x`'s shape with axis `axis` of size `len`: into a new
/// tensor (`out` is `None`), or into `out`, in its own memory when it is C-contiguous, else
/// through a new tensor copied in. `run` writes into the row-major elements it is given, or
/// returns a new tensor when given none.
fn deliver<S: Storage, SM: StorageMut, const R: usize>(
    x: &TensorBase<S, R>,
    (axis, len): (usize, usize),
    out: Option<&mut TensorBase<SM, R>>,
    run: impl FnOnce(Option<&mut [SM::Elem]>) -> Result<Option<Tensor<SM::Elem, R>>, ShapeError>,
) -> Result<Option<Tensor<SM::Elem, R>>, ShapeError>
where
    SM::Elem: Clone,
{
    let Some(out) = out else {
        return run(None);
    };
    let mut shape = *x.shape();
    shape[axis] = len;
    crate::ops::check_same_shape(&shape, out.shape())?;
    if let Some(slice) = out.as_slice_mut() {
        return run(Some(slice));
    }
    if let Some(t) = run(None)? {
        out.copy_from(&t)?;
    }
    Ok(None)
}

/// No output tensor: the transform makes a new one.
fn no_output<'a, U, const R: usize>() -> Option<&'a mut Tensor<U, R>> {
    None
}

/// The new tensor of a transform run without an output (which always makes one).
fn made<T>(t: Result<Option<T>, ShapeError>) -> Result<T, ShapeError> {
    // `None` only comes with an output tensor given; as an error, not a panic, all the same.
    t?.ok_or(ShapeError::sizes(ErrorKind::Allocation, None, 1, 0))
}

/// The complex transform along `axis` (below R), into `out` or a new tensor.
fn complex_along<S: Storage, SM, const R: usize>(
    x: &TensorBase<S, R>,
    axis: usize,
    n: Option<usize>,
    (inverse, norm): (bool, Norm),
    out: Option<&mut TensorBase<SM, R>>,
) -> Result<Option<Tensor<ComplexOf<S::Elem>, R>>, ShapeError>
where
    S::Elem: FftInput,
    SM: StorageMut<Elem = ComplexOf<S::Elem>>,
{
    let n = points(n, x.shape()[axis], axis)?;
    deliver(x, (axis, n), out, |dest| {
        lanes::complex(x, axis, n, (inverse, norm), dest)
    })
}

/// The real-to-complex transform along `axis` (below R), conjugated if `conj`, into `out` or a
/// new tensor.
fn real_along<S: Storage, SM, const R: usize>(
    x: &TensorBase<S, R>,
    axis: usize,
    n: Option<usize>,
    (norm, conj): (Norm, bool),
    out: Option<&mut TensorBase<SM, R>>,
) -> Result<Option<Tensor<Complex<S::Elem>, R>>, ShapeError>
where
    S::Elem: FftFloat,
    SM: StorageMut<Elem = Complex<S::Elem>>,
{
    let n = points(n, x.shape()[axis], axis)?;
    deliver(x, (axis, n / 2 + 1), out, |dest| {
        lanes::real_forward(x, axis, n, (norm, conj), dest)
    })
}

/// The complex-to-real transform along `axis` (below R) of the input, conjugated if `conj`,
/// into `out` or a new tensor.
fn real_inverse_along<S: Storage, SM, const R: usize>(
    x: &TensorBase<S, R>,
    axis: usize,
    n: Option<usize>,
    (norm, conj): (Norm, bool),
    out: Option<&mut TensorBase<SM, R>>,
) -> Result<Option<Tensor<<S::Elem as FftInput>::Real, R>>, ShapeError>
where
    S::Elem: FftInput,
    SM: StorageMut<Elem = <S::Elem as FftInput>::Real>,
{
    // An axis of at most `isize::MAX` elements: `2 (m − 1)` fits in `usize`.
    let default = x.shape()[axis].saturating_sub(1) * 2;
    let n = points(n, default, axis)?;
    deliver(x, (axis, n), out, |dest| {
        lanes::real_inverse(x, axis, n, (norm, conj), dest)
    })
}

/// Checks that every axis is below `R` and none is repeated.
fn check_axes<const R: usize, const K: usize>(axes: &[usize; K]) -> Result<(), ShapeError> {
    for (i, &a) in axes.iter().enumerate() {
        if a >= R {
            return Err(ShapeError::sizes(ErrorKind::InvalidAxis, None, R, a));
        }
        if axes[..i].contains(&a) {
            return Err(ShapeError::sizes(ErrorKind::RepeatedAxis, Some(i), 0, a));
        }
    }
    Ok(())
}

/// The complex transforms along `axes[..k]`, the last first (NumPy's order), of `x`.
fn complex_axes<S: Storage, const R: usize, const K: usize>(
    x: &TensorBase<S, R>,
    axes: [usize; K],
    s: Option<[usize; K]>,
    k: usize,
    inverse: bool,
    norm: Norm,
) -> Result<Tensor<ComplexOf<S::Elem>, R>, ShapeError>
where
    S::Elem: FftInput,
{
    let Some(last) = k.checked_sub(1) else {
        // No axis: the elements as complex numbers.
        let data = x.view().into_raw_parts().0;
        // SAFETY: the tensor's storage and layout (invariant 1).
        let vec = unsafe {
            crate::engine::try_map_to_vec(data, x.layout().parts(), &mut |e: &S::Elem| {
                e.to_complex()
            })
        }?;
        return Ok(Tensor::from_contiguous_vec(vec, *x.shape()));
    };
    let mut out = made(complex_along(
        x,
        axes[last],
        s.map(|s| s[last]),
        (inverse, norm),
        no_output(),
    ))?;
    for i in (0..last).rev() {
        out = made(complex_along(
            &out,
            axes[i],
            s.map(|s| s[i]),
            (inverse, norm),
            no_output(),
        ))?;
    }
    Ok(out)
}

/// The error of `rfftn`/`irfftn` over no axes.
fn no_axes() -> ShapeError {
    ShapeError::sizes(ErrorKind::NoPoints, None, 1, 0)
}

/// The one-axis transforms.
macro_rules! one_axis {
    ($($(#[$doc:meta])* $name:ident($x:ident: $bound:ident, $axis:ident, $n:ident, $norm:ident) -> $out:ty = $body:expr;)*) => {$(
        $(#[$doc])*
        pub fn $name<S, Ax, const R: usize>(
            $x: &TensorBase<S, R>,
            _axis: Ax,
            $n: Option<usize>,
            $norm: Norm,
        ) -> Result<$out, ShapeError>
        where
            S: Storage,
            S::Elem: $bound,
            Ax: IsAxis,
            Rank<R>: HasAxis<Ax>,
        {
            let $axis = <Rank<R> as HasAxis<Ax>>::AXIS;
            $body
        }
    )*};
}

one_axis! {
    /// The discrete Fourier transform along axis `A` (NumPy's `fft.fft(x, n, axis=A, norm)`
    /// and the Array API's `fft`): `X[k] = Σ x[j] e^(−2πi jk/n)`, scaled as `norm` says, of
    /// each lane cropped or zero-padded to `n` points (`None`: the axis's size). Real input is
    /// read as complex. Rank R → R; axis `A` has size `n`. O(n log n) per lane, prime `n`
    /// included.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::NoPoints`] for `n = 0`, or an empty axis and
    /// no `n`; [`ErrorKind::Allocation`];
    /// [`ErrorKind::Overflow`] for an `n` whose result has more
    /// elements than `usize` counts.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::fft::{Norm, fft};
    /// use ranked::{Axis, ErrorKind, tensor};
    ///
    /// let x = tensor![1.0, 2.0, 3.0, 4.0];
    /// let y = fft(&x, Axis::<0>, None, Norm::Backward).unwrap();
    /// assert_eq!((y[[0]].re, y[[2]].re), (10.0, -2.0));
    /// let ortho = fft(&x, Axis::<0>, None, Norm::Ortho).unwrap();
    /// assert_eq!(ortho[[0]].re, 5.0);
    /// let err = fft(&x, Axis::<0>, Some(0), Norm::Backward).unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::NoPoints);
    /// ```
    fft(x: FftInput, axis, n, norm) -> Tensor<ComplexOf<S::Elem>, R> =
        made(complex_along(x, axis, n, (false, norm), no_output()));

    /// The inverse discrete Fourier transform along axis `A` (NumPy's `fft.ifft` and the
    /// Array API's `ifft`): `x[j] = Σ X[k] e^(2πi jk/n)`, divided by `n` by default, of each
    /// lane cropped or zero-padded to `n` points. Rank R → R; axis `A` has size `n`.
    ///
    /// # Errors
    ///
    /// As [`fft`](fft()).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::fft::{Norm, fft, ifft};
    /// use ranked::{Axis, tensor};
    ///
    /// let x = tensor![[1.0f64, 2.0], [3.0, 5.0]];
    /// let round_trip = ifft(&fft(&x, Axis::<0>, None, Norm::Ortho).unwrap(), Axis::<0>, None, Norm::Ortho).unwrap();
    /// assert!(round_trip.iter().zip(x.iter()).all(|(z, &v)| (z.re - v).abs() < 1e-12 && z.im.abs() < 1e-12));
    /// ```
    ifft(x: FftInput, axis, n, norm) -> Tensor<ComplexOf<S::Elem>, R> =
        made(complex_along(x, axis, n, (true, norm), no_output()));

    /// The transform of real input along axis `A`, keeping the `n / 2 + 1` non-negative
    /// frequencies (NumPy's `fft.rfft` and the Array API's `rfft`; the others are their
    /// conjugates). Rank R → R; axis `A` has size `n / 2 + 1`.
    ///
    /// # Errors
    ///
    /// As [`fft`](fft()).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::fft::{Norm, rfft};
    /// use ranked::{Axis, tensor};
    ///
    /// let x = tensor![[1.0f32, 2.0, 3.0, 4.0, 5.0]];
    /// let y = rfft(&x, Axis::<1>, None, Norm::Backward).unwrap();
    /// assert_eq!(y.shape(), &[1, 3]);
    /// assert_eq!(y[[0, 0]].re, 15.0);
    /// assert_eq!(rfft(&x, Axis::<1>, Some(8), Norm::Backward).unwrap().shape(), &[1, 5]);
    /// ```
    rfft(x: FftFloat, axis, n, norm) -> Tensor<Complex<S::Elem>, R> =
        made(real_along(x, axis, n, (norm, false), no_output()));

    /// The inverse of [`rfft`]: the `n` real points whose spectrum's non-negative frequencies
    /// are the input along axis `A` (NumPy's `fft.irfft` and the Array API's `irfft`). Each
    /// lane is cropped or zero-padded to `n / 2 + 1` points; `n` defaults to `2 (m − 1)` for an
    /// axis of size `m` (pass `Some(n)` for odd lengths). The imaginary parts of the zero
    /// frequency and, for even `n`, of the last are ignored, as NumPy. Rank R → R; axis `A` has
    /// size `n`.
    ///
    /// # Errors
    ///
    /// As [`fft`](fft()); an axis of size 1 and no `n` is
    /// [`ErrorKind::NoPoints`] (`n` would be 0).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::fft::{Norm, irfft, rfft};
    /// use ranked::{Axis, tensor};
    ///
    /// let x = tensor![1.0f64, -2.0, 0.5, 4.0, 3.0];
    /// let spectrum = rfft(&x, Axis::<0>, None, Norm::Backward).unwrap();
    /// let back = irfft(&spectrum, Axis::<0>, Some(5), Norm::Backward).unwrap();
    /// assert!(back.iter().zip(x.iter()).all(|(a, b)| (a - b).abs() < 1e-12));
    /// assert_eq!(irfft(&spectrum, Axis::<0>, None, Norm::Backward).unwrap().shape(), &[4]);
    /// ```
    irfft(x: FftInput, axis, n, norm) -> Tensor<<S::Elem as FftInput>::Real, R> =
        made(real_inverse_along(x, axis, n, (norm, false), no_output()));

    /// The transform of a signal with Hermitian symmetry given by its first half along axis
    /// `A`: a real spectrum of `n` points (NumPy's `fft.hfft` and the Array API's `hfft`,
    /// `irfft` of the conjugate with the direction of `norm` swapped). `n` defaults to
    /// `2 (m − 1)`. Rank R → R; axis `A` has size `n`.
    ///
    /// # Errors
    ///
    /// As [`irfft`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::fft::{Norm, hfft, ihfft};
    /// use ranked::{Axis, tensor};
    ///
    /// let spectrum = tensor![15.0f64, -4.0, 0.0, -1.0, 0.0, -4.0];
    /// let half = ihfft(&spectrum, Axis::<0>, None, Norm::Backward).unwrap();
    /// let back = hfft(&half, Axis::<0>, Some(6), Norm::Backward).unwrap();
    /// assert!(back.iter().zip(spectrum.iter()).all(|(a, b)| (a - b).abs() < 1e-12));
    /// ```
    hfft(x: FftInput, axis, n, norm) -> Tensor<<S::Elem as FftInput>::Real, R> =
        made(real_inverse_along(x, axis, n, (norm.swapped(), true), no_output()));

    /// The inverse of [`hfft`]: the first `n / 2 + 1` points of the inverse transform of a
    /// real signal along axis `A` (NumPy's `fft.ihfft` and the Array API's `ihfft`, the
    /// conjugate of `rfft` with the direction of `norm` swapped). Rank R → R; axis `A` has
    /// size `n / 2 + 1`.
    ///
    /// # Errors
    ///
    /// As [`fft`](fft()).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::fft::{Norm, ihfft};
    /// use ranked::{Axis, tensor};
    ///
    /// let y = ihfft(&tensor![4.0, 0.0, 0.0, 0.0], Axis::<0>, None, Norm::Backward).unwrap();
    /// assert_eq!(y.to_vec().iter().map(|z| z.re).collect::<Vec<_>>(), [1.0, 1.0, 1.0]);
    /// ```
    ihfft(x: FftFloat, axis, n, norm) -> Tensor<Complex<S::Elem>, R> =
        made(real_along(x, axis, n, (norm.swapped(), true), no_output()));
}

/// The one-axis transforms into an output tensor.
macro_rules! one_axis_into {
    ($($(#[$doc:meta])* $name:ident($x:ident: $bound:ident, $axis:ident, $n:ident, $norm:ident, $out:ident: $elem:ty) = $body:expr;)*) => {$(
        $(#[$doc])*
        pub fn $name<S, SM, Ax, const R: usize>(
            $x: &TensorBase<S, R>,
            _axis: Ax,
            $n: Option<usize>,
            $norm: Norm,
            $out: &mut TensorBase<SM, R>,
        ) -> Result<(), ShapeError>
        where
            S: Storage,
            S::Elem: $bound,
            SM: StorageMut<Elem = $elem>,
            Ax: IsAxis,
            Rank<R>: HasAxis<Ax>,
        {
            let $axis = <Rank<R> as HasAxis<Ax>>::AXIS;
            $body.map(drop)
        }
    )*};
}

one_axis_into! {
    /// [`fft`](fft()) into `out`, a tensor of the result's shape (NumPy 2's `out=`): when `out`
    /// is C-contiguous, each lane is transformed in `out`'s own memory, so a loop that
    /// transforms into the same tensor allocates only the plan's scratch. On an error `out`'s
    /// elements are unspecified.
    ///
    /// # Errors
    ///
    /// As [`fft`](fft()); [`ErrorKind::SizeMismatch`] naming the first axis where `out`'s shape
    /// differs from the result's.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::fft::{Complex, Norm, fft, fft_into};
    /// use ranked::{Axis, Tensor, tensor};
    ///
    /// let x = tensor![[1.0, 2.0, 3.0, 4.0], [0.0, 1.0, 0.0, -1.0]];
    /// let mut out: Tensor<Complex<f64>, 2> = Tensor::zeros([2, 4]);
    /// fft_into(&x, Axis::<1>, None, Norm::Backward, &mut out).unwrap();
    /// assert_eq!(out, fft(&x, Axis::<1>, None, Norm::Backward).unwrap());
    /// ```
    fft_into(x: FftInput, axis, n, norm, out: ComplexOf<S::Elem>) =
        complex_along(x, axis, n, (false, norm), Some(out));

    /// [`ifft`] into `out`, a tensor of the result's shape, as [`fft_into`].
    ///
    /// # Errors
    ///
    /// As [`fft_into`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::fft::{Complex, Norm, ifft_into};
    /// use ranked::{Axis, Tensor, tensor};
    ///
    /// let x = tensor![4.0, 0.0, 0.0, 0.0];
    /// let mut out: Tensor<Complex<f64>, 1> = Tensor::zeros([4]);
    /// ifft_into(&x, Axis::<0>, None, Norm::Backward, &mut out).unwrap();
    /// assert_eq!(out.to_vec().iter().map(|z| z.re).collect::<Vec<_>>(), [1.0; 4]);
    /// ```
    ifft_into(x: FftInput, axis, n, norm, out: ComplexOf<S::Elem>) =
        complex_along(x, axis, n, (true, norm), Some(out));

    /// [`rfft`] into `out`, a tensor of the result's shape (axis `A` of size `n / 2 + 1`), as
    /// [`fft_into`]. A C-contiguous `out` receives each block of results in place.
    ///
    /// # Errors
    ///
    /// As [`fft_into`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::fft::{Complex, Norm, rfft, rfft_into};
    /// use ranked::{Axis, ErrorKind, Tensor};
    ///
    /// let x = Tensor::from_fn([3, 8], |[i, j]| (i * j) as f32);
    /// let mut out: Tensor<Complex<f32>, 2> = Tensor::zeros([3, 5]);
    /// rfft_into(&x, Axis::<1>, None, Norm::Backward, &mut out).unwrap();
    /// assert_eq!(out, rfft(&x, Axis::<1>, None, Norm::Backward).unwrap());
    /// // The output into a transposed view: no longer contiguous, still right.
    /// let mut t: Tensor<Complex<f32>, 2> = Tensor::zeros([5, 3]);
    /// rfft_into(&x, Axis::<1>, None, Norm::Backward, &mut t.view_mut().t()).unwrap();
    /// assert_eq!(t.view().t(), out.view());
    /// let mut wrong: Tensor<Complex<f32>, 2> = Tensor::zeros([3, 8]);
    /// let err = rfft_into(&x, Axis::<1>, None, Norm::Backward, &mut wrong).unwrap_err();
    /// assert_eq!((err.kind(), err.axis()), (ErrorKind::SizeMismatch, Some(1)));
    /// ```
    rfft_into(x: FftFloat, axis, n, norm, out: Complex<S::Elem>) =
        real_along(x, axis, n, (norm, false), Some(out));

    /// [`irfft`] into `out`, a tensor of the result's shape (axis `A` of size `n`), as
    /// [`fft_into`].
    ///
    /// # Errors
    ///
    /// As [`irfft`] and [`fft_into`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::fft::{Norm, irfft_into, rfft};
    /// use ranked::{Axis, Tensor, tensor};
    ///
    /// let x = tensor![1.0f64, -2.0, 0.5, 4.0];
    /// let spectrum = rfft(&x, Axis::<0>, None, Norm::Backward).unwrap();
    /// let mut back: Tensor<f64, 1> = Tensor::zeros([4]);
    /// irfft_into(&spectrum, Axis::<0>, None, Norm::Backward, &mut back).unwrap();
    /// assert!(back.iter().zip(x.iter()).all(|(a, b)| (a - b).abs() < 1e-12));
    /// ```
    irfft_into(x: FftInput, axis, n, norm, out: <S::Elem as FftInput>::Real) =
        real_inverse_along(x, axis, n, (norm, false), Some(out));

    /// [`hfft`] into `out`, a tensor of the result's shape, as [`fft_into`].
    ///
    /// # Errors
    ///
    /// As [`irfft`] and [`fft_into`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::fft::{Norm, hfft, hfft_into};
    /// use ranked::{Axis, Tensor, tensor};
    ///
    /// let half = tensor![2.5, -0.5, 0.5];
    /// let mut out: Tensor<f64, 1> = Tensor::zeros([4]);
    /// hfft_into(&half, Axis::<0>, None, Norm::Backward, &mut out).unwrap();
    /// assert_eq!(out, hfft(&half, Axis::<0>, None, Norm::Backward).unwrap());
    /// ```
    hfft_into(x: FftInput, axis, n, norm, out: <S::Elem as FftInput>::Real) =
        real_inverse_along(x, axis, n, (norm.swapped(), true), Some(out));

    /// [`ihfft`] into `out`, a tensor of the result's shape, as [`fft_into`].
    ///
    /// # Errors
    ///
    /// As [`fft_into`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::fft::{Complex, Norm, ihfft, ihfft_into};
    /// use ranked::{Axis, Tensor, tensor};
    ///
    /// let x = tensor![4.0f32, 1.0, 0.0, 1.0];
    /// let mut out: Tensor<Complex<f32>, 1> = Tensor::zeros([3]);
    /// ihfft_into(&x, Axis::<0>, None, Norm::Backward, &mut out).unwrap();
    /// assert_eq!(out, ihfft(&x, Axis::<0>, None, Norm::Backward).unwrap());
    /// ```
    ihfft_into(x: FftFloat, axis, n, norm, out: Complex<S::Elem>) =
        real_along(x, axis, n, (norm.swapped(), true), Some(out));
}

/// The several-axes transforms.
macro_rules! several_axes {
    ($($(#[$doc:meta])* $name:ident($x:ident: $bound:ident, $axes:ident, $s:ident, $norm:ident) -> $out:ty = $body:expr;)*) => {$(
        $(#[$doc])*
        pub fn $name<S, const R: usize, const K: usize>(
            $x: &TensorBase<S, R>,
            $axes: [usize; K],
            $s: Option<[usize; K]>,
            $norm: Norm,
        ) -> Result<$out, ShapeError>
        where
            S: Storage,
            S::Elem: $bound,
        {
            check_axes::<R, K>(&$axes)?;
            $body
        }
    )*};
}

several_axes! {
    /// The discrete Fourier transform over `axes` (NumPy's `fft.fftn(x, s, axes, norm)` and
    /// the Array API's `fftn`): the one-axis [`fft`](fft()) along each, the last first, axis
    /// `axes[i]` cropped or zero-padded to `s[i]` points. No axes give the elements as complex
    /// numbers. Rank R → R.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::InvalidAxis`],
    /// [`ErrorKind::RepeatedAxis`]; as [`fft`](fft()) for each
    /// axis.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::fft::{Norm, fftn};
    /// use ranked::tensor;
    ///
    /// let x = tensor![[1.0, 2.0], [3.0, 4.0]];
    /// let y = fftn(&x, [0, 1], None, Norm::Backward).unwrap();
    /// let re: Vec<f64> = y.iter().map(|z| z.re).collect();
    /// assert_eq!(re, [10.0, -2.0, -4.0, 0.0]);
    /// assert_eq!(fftn(&x, [1], Some([3]), Norm::Backward).unwrap().shape(), &[2, 3]);
    /// assert!(fftn(&x, [0, 0], None, Norm::Backward).is_err());
    /// ```
    fftn(x: FftInput, axes, s, norm) -> Tensor<ComplexOf<S::Elem>, R> =
        complex_axes(x, axes, s, K, false, norm);

    /// The inverse discrete Fourier transform over `axes` (NumPy's `fft.ifftn` and the Array
    /// API's `ifftn`): the one-axis [`ifft`] along each, the last first. Rank R → R.
    ///
    /// # Errors
    ///
    /// As [`fftn`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::fft::{Norm, fftn, ifftn};
    /// use ranked::tensor;
    ///
    /// let x = tensor![[[1.0f64, 2.0, 0.5]], [[3.0, 4.0, -1.0]]];
    /// let back = ifftn(&fftn(&x, [0, 2], None, Norm::Forward).unwrap(), [0, 2], None, Norm::Forward).unwrap();
    /// assert!(back.iter().zip(x.iter()).all(|(z, &v)| (z.re - v).abs() < 1e-12));
    /// ```
    ifftn(x: FftInput, axes, s, norm) -> Tensor<ComplexOf<S::Elem>, R> =
        complex_axes(x, axes, s, K, true, norm);

    /// The transform of real input over `axes` (NumPy's `fft.rfftn` and the Array API's
    /// `rfftn`): [`rfft`] along the last of `axes` (its size becomes `s / 2 + 1`), then
    /// [`fft`](fft()) along the others, the last first. Rank R → R.
    ///
    /// # Errors
    ///
    /// As [`fftn`]; no axes at all is [`ErrorKind::NoPoints`]
    /// (NumPy raises too).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::fft::{Norm, rfftn};
    /// use ranked::tensor;
    ///
    /// let x = tensor![[1.0, 2.0, 3.0, 4.0], [0.0, 0.0, 0.0, 0.0]];
    /// let y = rfftn(&x, [0, 1], None, Norm::Backward).unwrap();
    /// assert_eq!(y.shape(), &[2, 3]);
    /// assert_eq!((y[[0, 0]].re, y[[1, 0]].re), (10.0, 10.0));
    /// ```
    rfftn(x: FftFloat, axes, s, norm) -> Tensor<Complex<S::Elem>, R> = {
        let last = K.checked_sub(1).ok_or_else(no_axes)?;
        let mut out = made(real_along(x, axes[last], s.map(|s| s[last]), (norm, false), no_output()))?;
        for i in (0..last).rev() {
            out = made(complex_along(&out, axes[i], s.map(|s| s[i]), (false, norm), no_output()))?;
        }
        Ok(out)
    };

    /// The inverse of [`rfftn`] (NumPy's `fft.irfftn` and the Array API's `irfftn`):
    /// [`ifft`] along all but the last of `axes`, the last first, then [`irfft`] along the
    /// last, whose size becomes `s` (default `2 (m − 1)`). Rank R → R.
    ///
    /// # Errors
    ///
    /// As [`rfftn`] and [`irfft`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::fft::{Norm, irfftn, rfftn};
    /// use ranked::tensor;
    ///
    /// let x = tensor![[1.0f64, 2.0, 3.0], [4.0, 5.0, 7.0]];
    /// let spectrum = rfftn(&x, [0, 1], None, Norm::Backward).unwrap();
    /// let back = irfftn(&spectrum, [0, 1], Some([2, 3]), Norm::Backward).unwrap();
    /// assert!(back.iter().zip(x.iter()).all(|(a, b)| (a - b).abs() < 1e-12));
    /// ```
    irfftn(x: FftInput, axes, s, norm) -> Tensor<<S::Elem as FftInput>::Real, R> = {
        let last = K.checked_sub(1).ok_or_else(no_axes)?;
        let n = s.map(|s| s[last]);
        if last == 0 {
            return made(real_inverse_along(x, axes[0], n, (norm, false), no_output()));
        }
        let mid = complex_axes(x, axes, s, last, true, norm)?;
        made(real_inverse_along(&mid, axes[last], n, (norm, false), no_output()))
    };
}

/// The frequencies of the bins of an `n`-point transform with sample spacing `d` (NumPy's
/// `fft.fftfreq(n, d)` and the Array API's `fftfreq`): `[0, 1, …, ⌈n/2⌉ − 1, −⌊n/2⌋, …, −1]`
/// times `1 / (n d)`, as NumPy computes them. `n = 0` gives an empty tensor (NumPy divides by
/// zero).
///
/// # Panics
///
/// If the result cannot be allocated.
///
/// # Examples
///
/// ```
/// use ranked::fft::fftfreq;
///
/// assert_eq!(fftfreq(5, 0.1).to_vec(), [0.0, 2.0, 4.0, -4.0, -2.0]);
/// ```
#[must_use]
#[track_caller]
pub fn fftfreq<T: FftFloat>(n: usize, d: T) -> Tensor<T, 1> {
    let step = frequency_step(n, d);
    let positive = n.div_ceil(2);
    Tensor::from_fn([n], |[i]| match i < positive {
        true => from_count::<T>(i) * step,
        false => -from_count::<T>(n - i) * step,
    })
}

/// The frequencies of the bins of [`rfft`] of `n` points with sample spacing `d` (NumPy's
/// `fft.rfftfreq(n, d)` and the Array API's `rfftfreq`): `[0, 1, …, ⌊n/2⌋]` times
/// `1 / (n d)`. `n = 0` gives one bin, 0 (NumPy divides by zero).
///
/// # Panics
///
/// If the result cannot be allocated.
///
/// # Examples
///
/// ```
/// use ranked::fft::rfftfreq;
///
/// assert_eq!(rfftfreq(6, 0.5).to_vec(), [0.0, 1.0 / 3.0, 2.0 / 3.0, 1.0]);
/// ```
#[must_use]
#[track_caller]
pub fn rfftfreq<T: FftFloat>(n: usize, d: T) -> Tensor<T, 1> {
    // With no points there is no spacing of frequencies; the one bin is the zero frequency.
    let step = match n {
        0 => T::zero(),
        _ => frequency_step(n, d),
    };
    Tensor::from_fn([n / 2 + 1], |[i]| from_count::<T>(i) * step)
}

/// `1 / (n d)`, as NumPy's `1.0 / (n * d)`.
fn frequency_step<T: FftFloat>(n: usize, d: T) -> T {
    (from_count::<T>(n) * d).recip()
}

/// A count as a float, rounded to nearest as NumPy's integer-to-float conversion.
fn from_count<T: FftFloat>(i: usize) -> T {
    // `from_usize` of a float type rounds to nearest and cannot fail.
    T::from_usize(i).unwrap_or_else(T::infinity)
}

/// The elements with the zero frequency moved to the centre of each of `axes` (NumPy's
/// `fft.fftshift(x, axes)` and the Array API's `fftshift`): a roll by `⌊n/2⌋` along each.
/// NumPy's default of every axis is `[0, 1, …, R − 1]`. Rank R → R; a new row-major tensor.
///
/// # Errors
///
/// [`ErrorKind::InvalidAxis`],
/// [`ErrorKind::RepeatedAxis`],
/// [`ErrorKind::Allocation`].
///
/// # Examples
///
/// ```
/// use ranked::fft::{fftfreq, fftshift, ifftshift};
///
/// let f = fftfreq(5, 1.0);
/// let centred = fftshift(&f, [0]).unwrap();
/// assert_eq!(centred.to_vec(), [-0.4, -0.2, 0.0, 0.2, 0.4]);
/// assert_eq!(ifftshift(&centred, [0]).unwrap(), f);
/// ```
pub fn fftshift<S: Storage, const R: usize, const K: usize>(
    x: &TensorBase<S, R>,
    axes: [usize; K],
) -> Result<Tensor<S::Elem, R>, ShapeError>
where
    S::Elem: Clone,
{
    shift(x, axes, false)
}

/// The inverse of [`fftshift`] (NumPy's `fft.ifftshift` and the Array API's `ifftshift`): a
/// roll by `−⌊n/2⌋` along each of `axes`, which undoes `fftshift` for odd sizes too. Rank
/// R → R.
///
/// # Errors
///
/// As [`fftshift`].
///
/// # Examples
///
/// ```
/// use ranked::fft::ifftshift;
/// use ranked::tensor;
///
/// let t = tensor![[1, 2, 3], [4, 5, 6]];
/// assert_eq!(ifftshift(&t, [0, 1]).unwrap(), tensor![[5, 6, 4], [2, 3, 1]]);
/// ```
pub fn ifftshift<S: Storage, const R: usize, const K: usize>(
    x: &TensorBase<S, R>,
    axes: [usize; K],
) -> Result<Tensor<S::Elem, R>, ShapeError>
where
    S::Elem: Clone,
{
    shift(x, axes, true)
}

/// `fftshift` (`back` false) or `ifftshift` (`back` true) along `axes`, in one gather.
fn shift<S: Storage, const R: usize, const K: usize>(
    x: &TensorBase<S, R>,
    axes: [usize; K],
    back: bool,
) -> Result<Tensor<S::Elem, R>, ShapeError>
where
    S::Elem: Clone,
{
    check_axes::<R, K>(&axes)?;
    if x.is_empty() {
        return x.try_to_contiguous();
    }
    let mut maps: [Vec<usize>; R] = core::array::from_fn(|_| Vec::new());
    for (a, map) in maps.iter_mut().enumerate() {
        let n = x.shape()[a];
        // Result position `i` reads source position `(i + start) mod n`.
        let start = match (axes.contains(&a), back) {
            (false, _) => 0,
            (true, false) => n - n / 2,
            (true, true) => n / 2,
        };
        *map = crate::engine::try_vec(n)?;
        map.extend((start..n).chain(0..start));
    }
    let maps: [&[usize]; R] = core::array::from_fn(|a| &maps[a][..]);
    x.gather_maps(&maps, None)
}
