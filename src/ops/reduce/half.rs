//! Sums, means, variances and standard deviations of `f16` and `bf16` tensors (feature
//! `half`), accumulated in `f32`, as PyTorch does (NumPy's `float16` sums are pairwise in half
//! precision): only the results are rounded to half precision. A mean divides in `f32` too,
//! so that counts beyond `f16`'s largest number (65504) do not overflow.
//!
//! Whole sums and means, and the reductions along an axis into caller storage (`sum_axis_into`,
//! `mean_axis_into`, `var_axis_into`, `std_axis_into`), read the elements once and add them
//! widened, blocked and pairwise as `f32`'s sums do, with no allocation. The other reductions
//! along axes, and whole variances and standard deviations, run on an `f32` copy of the tensor
//! ([`widened`]): one allocation the size of the tensor in `f32`, and the `f32` kernels and
//! their accuracy.

use half::{bf16, f16};

use crate::storage::ViewRepr;
use crate::tensor::{Tensor, TensorBase};

/// The sum of a half-precision view in `f32`, or `None` when `T` is not `f16` or `bf16`.
pub(super) fn sum<T: Copy, const R: usize>(view: &TensorBase<ViewRepr<'_, T>, R>) -> Option<T> {
    widened_sum(view).map(|(s, to)| to(s))
}

/// The mean of a non-empty half-precision view, divided in `f32`, or `None` when `T` is not
/// `f16` or `bf16`.
pub(super) fn mean<T: Copy, const R: usize>(view: &TensorBase<ViewRepr<'_, T>, R>) -> Option<T> {
    let n = view.len() as f32;
    widened_sum(view).map(|(s, to)| to(s / n))
}

/// A sum in `f32`, and the rounding back to the element type.
type Widened<T> = (f32, fn(f32) -> T);

/// The widening of a half-precision `T` to `f32`, and the rounding back.
pub(crate) type Converters<T> = (fn(&T) -> f32, fn(f32) -> T);

/// A half-precision tensor's `f32` copy, and the rounding back to `T`.
type WideCopy<T, const R: usize> = (Tensor<f32, R>, fn(f32) -> T);

/// The widening of `T` to `f32` and the rounding back, when `T` is `f16` or `bf16`.
pub(crate) fn converters<T: Copy>() -> Option<Converters<T>> {
    let id = typeid::of::<T>();
    if id == typeid::of::<f16>() {
        // SAFETY: `T` is `f16` (same type id): the copies are of the same type.
        let widen: fn(&T) -> f32 = |x| unsafe { core::mem::transmute_copy::<T, f16>(x) }.to_f32();
        // SAFETY: as above.
        let narrow: fn(f32) -> T = |s| unsafe { core::mem::transmute_copy(&f16::from_f32(s)) };
        return Some((widen, narrow));
    }
    if id == typeid::of::<bf16>() {
        // SAFETY: `T` is `bf16` (same type id).
        let widen: fn(&T) -> f32 = |x| unsafe { core::mem::transmute_copy::<T, bf16>(x) }.to_f32();
        // SAFETY: as above.
        let narrow: fn(f32) -> T = |s| unsafe { core::mem::transmute_copy(&bf16::from_f32(s)) };
        return Some((widen, narrow));
    }
    None
}

/// The sum in `f32`, and the rounding back to `T`.
fn widened_sum<T: Copy, const R: usize>(
    view: &TensorBase<ViewRepr<'_, T>, R>,
) -> Option<Widened<T>> {
    converters::<T>().map(|(widen, narrow)| (view.sum_map(|x| widen(&x)), narrow))
}

/// A half-precision tensor widened to `f32` (same shape, row-major), and the rounding back to
/// `T`; `None` when `T` is not `f16` or `bf16`. The reductions along axes run on the copy.
pub(crate) fn widened<T: Copy, const R: usize>(
    view: &TensorBase<ViewRepr<'_, T>, R>,
) -> Option<WideCopy<T, R>> {
    converters::<T>().map(|(widen, narrow)| (view.map(widen), narrow))
}

/// [`widened`] for the fallible reductions (`var`, `std` and their axis forms): a copy that
/// cannot be allocated is [`ErrorKind::Allocation`](crate::ErrorKind::Allocation), not a panic.
pub(crate) fn try_widened<T: Copy, const R: usize>(
    view: &TensorBase<ViewRepr<'_, T>, R>,
) -> Option<Result<WideCopy<T, R>, crate::ShapeError>> {
    converters::<T>().map(|(widen, narrow)| {
        let mut out = crate::engine::try_vec(view.len())?;
        out.extend(view.iter().map(widen));
        Ok((Tensor::from_contiguous_vec(out, *view.shape()), narrow))
    })
}

/// `t` rounded to `T` element by element.
pub(crate) fn narrowed<T, const R: usize>(
    t: &Tensor<f32, R>,
    narrow: fn(f32) -> T,
) -> Tensor<T, R> {
    t.map(|&x| narrow(x))
}
