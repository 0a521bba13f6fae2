//! The transforms of the lanes along one axis, and the plans that transform them.
//!
//! The engine hands the lanes of any layout over from blocks of contiguous buffers (one lane at
//! a time to the real transforms, whole blocks where it can to the complex ones, which work in
//! place), each lane cropped or zero-padded to the transform's length (NumPy's `n`), and puts
//! the results in place in a new row-major tensor ([`engine::map_lanes`]); this module
//! transforms the lanes with rustfft's or realfft's plan, scaled as the [`Norm`] asks. A plan
//! is made on the first lanes (so an empty tensor plans nothing) and cached per thread, one
//! planner per float type.

use alloc::sync::Arc;
use alloc::vec::Vec;
use core::cell::RefCell;

use realfft::{ComplexToReal, RealFftPlanner, RealToComplex};
use rustfft::{Fft, FftPlanner};

use super::{Complex, ComplexOf, FftFloat, FftInput, Norm};
use core::mem::MaybeUninit;

use crate::engine::{self, CloneInto, Kernel, LaneLens, as_kernel};
use crate::error::{ErrorKind, ShapeError};
use crate::storage::Storage;
use crate::tensor::{Tensor, TensorBase};
use num_traits::Zero;

/// Each lane along `axis` of `x`, its elements written by the kernel `k`, cropped or padded to `in_len`,
/// transformed by `f` one lane at a time into lanes of `out_len`: the results, in the original
/// axis order, in a new tensor, or in `dest` (the result's row-major elements) when given.
fn through<S: Storage, V: Clone, U: Copy, const R: usize>(
    x: &TensorBase<S, R>,
    axis: usize,
    (in_len, in_zero): (usize, V),
    (out_len, out_zero): (usize, U),
    k: &mut impl Kernel<MaybeUninit<V>, S::Elem>,
    mut f: impl FnMut(&mut [V], &mut [U]) -> Result<(), ShapeError>,
    dest: Option<&mut [U]>,
) -> Result<Option<Tensor<U, R>>, ShapeError> {
    let keep = x.shape()[axis].min(in_len);
    let lens = LaneLens {
        keep,
        in_len,
        in_zero,
        out_len,
        out_zero,
    };
    let (data, layout) = x.view().into_raw_parts();
    let (shape, src) = (layout.shape(), layout.operand());
    if let Some(dest) = dest {
        // SAFETY: the tensor's own layout over its storage (invariant 1); `axis < R ≤
        // MAX_DYN_RANK`; `keep` is at most the axis's size and `in_len`; the callers pass
        // lengths of at least 1.
        unsafe { engine::map_lanes_into(data, shape, src, axis, lens, k, &mut f, dest) }?;
        return Ok(None);
    }
    // SAFETY: as above.
    let vec = unsafe { engine::map_lanes(data, shape, src, axis, lens, k, &mut f) }?;
    Ok(Some(Tensor::from_contiguous_vec(
        vec,
        result_shape(x, axis, out_len),
    )))
}

/// The shape of `x` with axis `axis` of size `len`.
fn result_shape<S: Storage, const R: usize>(
    x: &TensorBase<S, R>,
    axis: usize,
    len: usize,
) -> [usize; R] {
    let mut shape = *x.shape();
    shape[axis] = len;
    shape
}

/// The complex transform of `n ≥ 1` points along `axis` (below R) of `x`: a new tensor, or
/// into `dest` (the result's row-major elements) when given.
pub(super) fn complex<S: Storage, const R: usize>(
    x: &TensorBase<S, R>,
    axis: usize,
    n: usize,
    (inverse, norm): (bool, Norm),
    dest: Option<&mut [ComplexOf<S::Elem>]>,
) -> Result<Option<Tensor<ComplexOf<S::Elem>, R>>, ShapeError>
where
    S::Elem: FftInput,
{
    let zero = Complex::new(Zero::zero(), Zero::zero());
    let keep = x.shape()[axis].min(n);
    let mut planned = None;
    let mut transform = |lanes: &mut [Complex<_>]| {
        let (plan, work) = match &mut planned {
            Some(p) => p,
            None => {
                let plan = <S::Elem as FftInput>::Real::complex_plan(n, inverse);
                let work = scratch(plan.get_inplace_scratch_len())?;
                planned.insert((plan, work))
            }
        };
        // `lanes` holds whole lanes of `n` points, the plan's length, as rustfft requires.
        plan.process_with_scratch(lanes, work);
        apply_scale::<<S::Elem as FftInput>::Real, _>(lanes, norm, n, inverse);
        Ok(())
    };
    let (data, layout) = x.view().into_raw_parts();
    let (shape, src) = (layout.shape(), layout.operand());
    let k = &mut as_kernel(|d: &mut MaybeUninit<Complex<_>>, e: &S::Elem| {
        d.write(e.to_complex());
    });
    let lanes = (keep, n, zero);
    if let Some(dest) = dest {
        // SAFETY: the tensor's own layout over its storage (invariant 1); `axis < R ≤
        // MAX_DYN_RANK`; `keep` is at most the axis's size and `n ≥ 1` (the caller's).
        unsafe {
            engine::map_lanes_in_place_into(data, shape, src, axis, lanes, k, &mut transform, dest)
        }?;
        return Ok(None);
    }
    // SAFETY: as above.
    let vec =
        unsafe { engine::map_lanes_in_place(data, shape, src, axis, lanes, k, &mut transform) }?;
    Ok(Some(Tensor::from_contiguous_vec(
        vec,
        result_shape(x, axis, n),
    )))
}

/// The real-to-complex transform of `n ≥ 1` points along `axis` (below R) of `x`, into
/// `n / 2 + 1` points, conjugated if `conj`.
pub(super) fn real_forward<S: Storage, const R: usize>(
    x: &TensorBase<S, R>,
    axis: usize,
    n: usize,
    (norm, conj): (Norm, bool),
    dest: Option<&mut [Complex<S::Elem>]>,
) -> Result<Option<Tensor<Complex<S::Elem>, R>>, ShapeError>
where
    S::Elem: FftFloat,
{
    let half = n / 2 + 1;
    let zero = S::Elem::zero();
    let mut planned = None;
    // The lanes are copied as they are: by the engine's copy kernel, whose transpositions of
    // lanes across memory run in SIMD registers.
    let copy = &mut CloneInto;
    through(
        x,
        axis,
        (n, zero),
        (half, Complex::new(zero, zero)),
        copy,
        |lanes, out| {
            let (plan, work) = match &mut planned {
                Some(p) => p,
                None => {
                    let plan = S::Elem::real_forward(n);
                    let work = scratch(plan.get_scratch_len())?;
                    planned.insert((plan, work))
                }
            };
            // One lane of the plan's lengths (`n` in, `n / 2 + 1` out): realfft's only error.
            plan.process_with_scratch(lanes, out, work)
                .map_err(|_| ShapeError::sizes(ErrorKind::LengthMismatch, None, n, lanes.len()))?;
            apply_scale::<S::Elem, _>(out, norm, n, false);
            if conj {
                out.iter_mut().for_each(|z| z.im = -z.im);
            }
            Ok(())
        },
        dest,
    )
}

/// The complex-to-real transform along `axis` (below R) of `x` (conjugated if `conj`), its
/// lanes cropped or padded to `n / 2 + 1` points, into `n ≥ 1` real points. The imaginary
/// parts of the first point, and of the last when `n` is even, are ignored, as NumPy's
/// `irfft` does.
pub(super) fn real_inverse<S: Storage, const R: usize>(
    x: &TensorBase<S, R>,
    axis: usize,
    n: usize,
    (norm, conj): (Norm, bool),
    dest: Option<&mut [<S::Elem as FftInput>::Real]>,
) -> Result<Option<Tensor<<S::Elem as FftInput>::Real, R>>, ShapeError>
where
    S::Elem: FftInput,
{
    let half = n / 2 + 1;
    let zero = <S::Elem as FftInput>::Real::zero();
    let map = &mut as_kernel(|d: &mut MaybeUninit<Complex<_>>, e: &S::Elem| {
        d.write(match conj {
            true => e.to_complex().conj(),
            false => e.to_complex(),
        });
    });
    let mut planned = None;
    through(
        x,
        axis,
        (half, Complex::new(zero, zero)),
        (n, zero),
        map,
        |lanes, out| {
            let (plan, work) = match &mut planned {
                Some(p) => p,
                None => {
                    let plan = <S::Elem as FftInput>::Real::real_inverse(n);
                    let work = scratch(plan.get_scratch_len())?;
                    planned.insert((plan, work))
                }
            };
            // realfft asks for these imaginary parts to be zero (a real signal's spectrum has
            // them so); NumPy reads only the real parts there. One lane of `half` points.
            if let Some(first) = lanes.first_mut() {
                first.im = zero;
            }
            if let (true, Some(last)) = (n.is_multiple_of(2), lanes.last_mut()) {
                last.im = zero;
            }
            plan.process_with_scratch(lanes, out, work).map_err(|_| {
                ShapeError::sizes(ErrorKind::LengthMismatch, None, half, lanes.len())
            })?;
            apply_scale::<<S::Elem as FftInput>::Real, _>(out, norm, n, true);
            Ok(())
        },
        dest,
    )
}

/// The scale factor of a transform of `n` points in the given direction and mode, if not 1.
fn scale<T: FftFloat>(norm: Norm, n: usize, inverse: bool) -> Option<T> {
    let n = T::from_usize(n)?;
    match (norm, inverse) {
        (Norm::Backward, false) | (Norm::Forward, true) => None,
        (Norm::Ortho, _) => Some(n.sqrt().recip()),
        (Norm::Backward, true) | (Norm::Forward, false) => Some(n.recip()),
    }
}

/// Multiplies every element by the scale factor of the transform, if not 1.
fn apply_scale<T: FftFloat, U: core::ops::MulAssign<T>>(
    data: &mut [U],
    norm: Norm,
    n: usize,
    inverse: bool,
) {
    if let Some(factor) = scale::<T>(norm, n, inverse) {
        for x in data {
            *x *= factor;
        }
    }
}

/// A scratch buffer of `len` zeros.
fn scratch<T: FftFloat>(len: usize) -> Result<Vec<Complex<T>>, ShapeError> {
    let mut v = engine::try_vec(len)?;
    v.resize(len, Complex::new(T::zero(), T::zero()));
    Ok(v)
}

/// The planners of one float type, one per thread: rustfft's and realfft's planners cache
/// every plan they make, so a repeated length is planned once per thread.
pub(super) struct Planners<T: rustfft::FftNum> {
    complex: FftPlanner<T>,
    real: RealFftPlanner<T>,
}

impl<T: rustfft::FftNum> Planners<T> {
    pub(super) fn new() -> RefCell<Self> {
        RefCell::new(Self {
            complex: FftPlanner::new(),
            real: RealFftPlanner::new(),
        })
    }

    pub(super) fn complex(cell: &RefCell<Self>, n: usize, inverse: bool) -> Arc<dyn Fft<T>> {
        let mut p = cell.borrow_mut();
        if inverse {
            p.complex.plan_fft_inverse(n)
        } else {
            p.complex.plan_fft_forward(n)
        }
    }

    pub(super) fn real_forward(cell: &RefCell<Self>, n: usize) -> Arc<dyn RealToComplex<T>> {
        cell.borrow_mut().real.plan_fft_forward(n)
    }

    pub(super) fn real_inverse(cell: &RefCell<Self>, n: usize) -> Arc<dyn ComplexToReal<T>> {
        cell.borrow_mut().real.plan_fft_inverse(n)
    }
}
