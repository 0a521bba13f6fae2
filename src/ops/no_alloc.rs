//! Without the `alloc` feature: the everyday methods that make a new tensor or `Vec` exist as
//! stubs whose bound, [`NeedsAllocFeature`], is never met, so that calling one is answered with
//! the feature it needs instead of "no method named `to_vec` found". (The operators do the same
//! through [`BinaryOperand`](super::BinaryOperand).) None of them can be called, so none adds
//! code to a program.
//!
//! Each stub is one line, `needs_the_alloc_feature!(pub fn …(…) -> ! where …)`: the macro adds
//! the documentation and the body, and every token of the signature and the bound is written
//! at the call, so the compiler's note on a failed call quotes that line and nothing of the
//! macro.

use crate::storage::Storage;
use crate::tensor::TensorBase;

/// Implemented by nothing: the bound of the methods that need the `alloc` feature, in a build
/// without it.
#[diagnostic::on_unimplemented(
    message = "this method makes a new tensor or `Vec`, which needs the `alloc` feature of `ranked`",
    label = "needs the `alloc` feature",
    note = "enable the `alloc` (or `std`) feature, or write into existing storage: `assign`, `copy_from`, `map_inplace`, `mapv_inplace`, `astype_into`, `exp_inplace` and the other `_inplace` forms, `+=`, `fold`, `sum_axis_into` and the other `_axis_into` reductions, `matmul_into`, `sort_unstable_axis_inplace`"
)]
pub trait NeedsAllocFeature {}

/// One stub: the method's signature and bounds as written at the call, hidden from the docs,
/// with a body that is never reached (nothing implements `NeedsAllocFeature`).
macro_rules! needs_the_alloc_feature {
    (pub fn $name:ident $($signature:tt)*) => {
        /// Needs the `alloc` feature.
        #[doc(hidden)]
        pub fn $name $($signature)* {
            unreachable!()
        }
    };
}

/// # Methods that need the `alloc` feature (not in this build)
impl<S: Storage, const R: usize> TensorBase<S, R> {
    needs_the_alloc_feature!(pub fn to_vec(&self) -> ! where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn into_vec(self) -> ! where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn to_contiguous(&self) -> ! where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn to_owned(&self) -> ! where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn map<U, F>(&self, _f: F) -> !
        where F: FnMut(&S::Elem) -> U, Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn zip_map<S2: Storage, V, F>(
        &self, _other: &TensorBase<S2, R>, _f: F) -> !
        where F: FnMut(&S::Elem, &S2::Elem) -> V, Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn sum_axis<Ax>(&self, _axis: Ax) -> !
        where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn mean_axis<Ax>(&self, _axis: Ax) -> !
        where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn try_mean_axis<Ax>(&self, _axis: Ax) -> !
        where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn matmul<S2, const R2: usize>(
        &self, _rhs: &TensorBase<S2, R2>) -> !
        where Self: NeedsAllocFeature);
}

/// # Element-wise maths, statistics and scans that need the `alloc` feature (not in this build)
///
/// Each has a form that writes in place and needs no allocator: `exp_inplace`, `mapv_inplace`,
/// `round_inplace`, `clip_inplace`, `cumsum_inplace`, …
impl<S: Storage, const R: usize> TensorBase<S, R> {
    needs_the_alloc_feature!(pub fn exp(&self) -> ! where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn exp2(&self) -> ! where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn exp_m1(&self) -> ! where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn ln(&self) -> ! where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn ln_1p(&self) -> ! where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn log2(&self) -> ! where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn log10(&self) -> ! where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn sqrt(&self) -> ! where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn cbrt(&self) -> ! where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn abs(&self) -> ! where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn signum(&self) -> ! where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn sin(&self) -> ! where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn cos(&self) -> ! where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn tan(&self) -> ! where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn sinh(&self) -> ! where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn cosh(&self) -> ! where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn tanh(&self) -> ! where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn asin(&self) -> ! where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn acos(&self) -> ! where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn atan(&self) -> ! where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn asinh(&self) -> ! where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn acosh(&self) -> ! where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn atanh(&self) -> ! where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn floor(&self) -> ! where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn ceil(&self) -> ! where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn round(&self) -> ! where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn round_ties_even(&self) -> ! where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn sign(&self) -> ! where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn square(&self) -> ! where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn signbit(&self) -> ! where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn is_inf(&self) -> ! where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn trunc(&self) -> ! where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn recip(&self) -> ! where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn is_nan(&self) -> ! where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn is_finite(&self) -> ! where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn powi(&self, _n: i32) -> ! where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn powf(&self, _p: S::Elem) -> ! where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn clamp(&self, _low: S::Elem, _high: S::Elem) -> !
        where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn clip(&self, _low: Option<S::Elem>, _high: Option<S::Elem>) -> !
        where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn mapv<F>(&self, _f: F) -> ! where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn astype<U>(&self) -> ! where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn try_astype<U>(&self) -> ! where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn var_axis<Ax>(&self, _axis: Ax, _ddof: usize) -> !
        where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn std_axis<Ax>(&self, _axis: Ax, _ddof: usize) -> !
        where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn argmax_axis<Ax>(&self, _axis: Ax) -> !
        where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn argmin_axis<Ax>(&self, _axis: Ax) -> !
        where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn cumsum<Ax>(&self, _axis: Ax) -> !
        where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn cumprod<Ax>(&self, _axis: Ax) -> !
        where Self: NeedsAllocFeature);
}

/// # Ordering, indexing, masks and shaping copies that need the `alloc` feature (not in this
/// build)
///
/// Sorting in place needs no allocator: `sort_unstable_axis_inplace`, and `median_inplace` of
/// a view.
impl<S: Storage, const R: usize> TensorBase<S, R> {
    needs_the_alloc_feature!(pub fn sort_axis<Ax>(&self, _axis: Ax) -> !
        where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn sort_unstable_axis<Ax>(&self, _axis: Ax) -> !
        where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn argsort_axis<Ax>(&self, _axis: Ax) -> !
        where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn median_axis<Ax>(&self, _axis: Ax) -> !
        where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn median(&self) -> ! where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn unique(&self) -> ! where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn take_along_axis<Ax, I>(&self, _axis: Ax, _indices: I) -> !
        where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn masked_select<M>(&self, _mask: M) -> !
        where Self: NeedsAllocFeature);
    needs_the_alloc_feature!(pub fn pad<W, M>(&self, _widths: W, _mode: M) -> !
        where Self: NeedsAllocFeature);
}
