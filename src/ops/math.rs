//! Element-wise maths: by-value maps (`mapv`), the floating-point functions of
//! [`num_traits::Float`] (NumPy's ufuncs `exp`, `log`, `sqrt`, … and ndarray's methods of the
//! same names), `clamp` and `clip`, and `maximum`/`minimum`/`atan2` between tensors with
//! broadcasting. NumPy's functions that Rust defines differently (`round`, `sign`,
//! `remainder`, …) are in `ops/standard.rs`.
//!
//! Each function comes in two forms: `exp()` returns a new row-major tensor (feature `alloc`),
//! `exp_inplace()` overwrites the elements and needs no allocator. Without `std` the functions
//! come from `libm` (through `num-traits`), so firmware gets the same results as the host up to
//! the last bit of `libm`'s accuracy. Every walk goes through the loop engine
//! ([`map`](TensorBase::map), [`map_inplace`](TensorBase::map_inplace)).

use num_traits::Float;

use crate::storage::{Storage, StorageMut};
use crate::tensor::TensorBase;

#[cfg(feature = "alloc")]
use crate::{
    error::ShapeError,
    rank::{BroadcastRanks, Rank},
    tensor::Tensor,
};

/// # By-value maps
impl<S: Storage, const R: usize> TensorBase<S, R>
where
    S::Elem: Clone,
{
    /// A new row-major tensor of `f` applied to a copy of every element (ndarray's `mapv`).
    /// Rank R → R; O(len), `f` called once per element in an unspecified order.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let t = tensor![[1, 2], [3, 4]];
    /// assert_eq!(t.mapv(|x| x * x).to_vec(), [1, 4, 9, 16]);
    /// assert_eq!(t.mapv(|x| x as f32 / 2.0).to_vec(), [0.5, 1.0, 1.5, 2.0]);
    /// ```
    #[cfg(feature = "alloc")]
    pub fn mapv<U>(&self, mut f: impl FnMut(S::Elem) -> U) -> Tensor<U, R> {
        self.map(|x| f(x.clone()))
    }

    /// Replaces every element `x` with `f(x)`, in place (ndarray's `mapv_inplace`). O(len), no
    /// allocation.
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::inline_tensor;
    ///
    /// let mut t = inline_tensor![1.0f32, 4.0, 9.0];
    /// t.mapv_inplace(|x| x.sqrt());
    /// assert_eq!(t.iter().copied().collect::<Vec<_>>(), [1.0, 2.0, 3.0]);
    /// ```
    pub fn mapv_inplace(&mut self, mut f: impl FnMut(S::Elem) -> S::Elem)
    where
        S: StorageMut,
    {
        self.map_inplace(|x| *x = f(x.clone()));
    }
}

/// Generates each unary floating-point function and its in-place form.
macro_rules! float_unary {
    ($($name:ident $inplace:ident $what:literal;)*) => {
        /// # Floating-point functions (feature `alloc` for the forms that return a new tensor)
        ///
        /// The functions of [`num_traits::Float`] applied to every element: a new row-major
        /// tensor of the same shape (rank R → R, O(len)), or in place with the `_inplace` forms
        /// (no allocation). NaN in, NaN out, as in NumPy.
        impl<S: Storage, const R: usize> TensorBase<S, R>
        where
            S::Elem: Float,
        {
            $(
                #[doc = concat!("The ", $what, " of every element (NumPy's `", stringify!($name), "`), as a new tensor. Rank R → R; O(len).")]
                ///
                /// # Examples
                ///
                /// ```
                /// use ranked::tensor;
                ///
                /// let t = tensor![[0.25f64, 0.5], [0.75, 1.0]];
                #[doc = concat!("let r = t.", stringify!($name), "();")]
                #[doc = concat!("assert_eq!(r[[1, 0]], 0.75f64.", stringify!($name), "());")]
                /// assert_eq!(r.shape(), t.shape());
                /// ```
                #[cfg(feature = "alloc")]
                #[must_use]
                pub fn $name(&self) -> Tensor<S::Elem, R> {
                    self.map(|x| x.$name())
                }

                #[doc = concat!("Replaces every element with its ", $what, ", in place. O(len), no allocation.")]
                ///
                /// # Examples
                ///
                /// ```
                /// use ranked::inline_tensor;
                ///
                /// let mut t = inline_tensor![0.25f32, 0.5, 1.0];
                #[doc = concat!("t.", stringify!($inplace), "();")]
                #[doc = concat!("assert_eq!(t[[1]], 0.5f32.", stringify!($name), "());")]
                /// ```
                pub fn $inplace(&mut self)
                where
                    S: StorageMut,
                {
                    self.map_inplace(|x| *x = x.$name());
                }
            )*
        }
    };
}

float_unary! {
    exp exp_inplace "exponential `eˣ`";
    exp2 exp2_inplace "power of two `2ˣ`";
    exp_m1 exp_m1_inplace "`eˣ − 1` (accurate near 0)";
    ln ln_inplace "natural logarithm";
    ln_1p ln_1p_inplace "`ln(1 + x)` (accurate near 0)";
    log2 log2_inplace "base-2 logarithm";
    log10 log10_inplace "base-10 logarithm";
    sqrt sqrt_inplace "square root";
    cbrt cbrt_inplace "cube root";
    abs abs_inplace "absolute value";
    signum signum_inplace "sign as `f64::signum` gives it (`1`, `−1` or NaN; `±0` gives `±1`, where NumPy's `sign`, [`sign`](Self::sign), gives 0)";
    sin sin_inplace "sine";
    cos cos_inplace "cosine";
    tan tan_inplace "tangent";
    sinh sinh_inplace "hyperbolic sine";
    cosh cosh_inplace "hyperbolic cosine";
    tanh tanh_inplace "hyperbolic tangent";
    asin asin_inplace "arcsine";
    acos acos_inplace "arccosine";
    atan atan_inplace "arctangent";
    asinh asinh_inplace "inverse hyperbolic sine";
    atanh atanh_inplace "inverse hyperbolic tangent";
    floor floor_inplace "largest integer not above it";
    ceil ceil_inplace "smallest integer not below it";
    trunc trunc_inplace "integer part";
    recip recip_inplace "reciprocal `1/x`";
}

/// # Floating-point functions with a parameter
impl<S: Storage, const R: usize> TensorBase<S, R>
where
    S::Elem: Float,
{
    /// Every element raised to the integer power `n`, as a new tensor. Rank R → R; O(len).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// assert_eq!(tensor![1.0, 2.0, 3.0].powi(2).to_vec(), [1.0, 4.0, 9.0]);
    /// ```
    #[cfg(feature = "alloc")]
    #[must_use]
    pub fn powi(&self, n: i32) -> Tensor<S::Elem, R> {
        self.map(|x| x.powi(n))
    }

    /// Raises every element to the integer power `n`, in place. O(len), no allocation.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::inline_tensor;
    ///
    /// let mut t = inline_tensor![2.0f32, 3.0];
    /// t.powi_inplace(3);
    /// assert_eq!(t.iter().copied().collect::<Vec<_>>(), [8.0, 27.0]);
    /// ```
    pub fn powi_inplace(&mut self, n: i32)
    where
        S: StorageMut,
    {
        self.map_inplace(|x| *x = x.powi(n));
    }

    /// Every element raised to the power `p`, as a new tensor. Rank R → R; O(len).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// assert_eq!(tensor![4.0, 9.0].powf(0.5).to_vec(), [2.0, 3.0]);
    /// ```
    #[cfg(feature = "alloc")]
    #[must_use]
    pub fn powf(&self, p: S::Elem) -> Tensor<S::Elem, R> {
        self.map(|x| x.powf(p))
    }

    /// Raises every element to the power `p`, in place. O(len), no allocation.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::inline_tensor;
    ///
    /// let mut t = inline_tensor![4.0f64, 16.0];
    /// t.powf_inplace(0.5);
    /// assert_eq!(t.iter().copied().collect::<Vec<_>>(), [2.0, 4.0]);
    /// ```
    pub fn powf_inplace(&mut self, p: S::Elem)
    where
        S: StorageMut,
    {
        self.map_inplace(|x| *x = x.powf(p));
    }
}

/// The NumPy `clip` of one value: `min(max(x, low), high)`, so `high` wins when `low > high`;
/// NaN stays NaN, and a NaN bound (a value unordered with itself) gives NaN, as NumPy's
/// `maximum` and `minimum` do. `None` is no bound.
#[inline]
#[allow(clippy::eq_op)] // `b != b` is the NaN test of a type that is only `PartialOrd`
fn clip<T: PartialOrd + Copy>(x: T, low: Option<T>, high: Option<T>) -> T {
    let mut x = x;
    if let Some(low) = low {
        if low.partial_cmp(&low).is_none() {
            return low;
        }
        if x < low {
            x = low;
        }
    }
    if let Some(high) = high {
        if high.partial_cmp(&high).is_none() {
            return high;
        }
        if x > high {
            x = high;
        }
    }
    x
}

/// # Clamping
impl<S: Storage, const R: usize> TensorBase<S, R>
where
    S::Elem: PartialOrd + Copy,
{
    /// Every element limited to `low..=high`, as a new tensor (NumPy's `clip`, PyTorch's
    /// `clamp`). As in NumPy, `high` wins when `low > high` (nothing panics), NaN stays NaN,
    /// and a NaN bound makes every element NaN; [`clip`](Self::clip) takes one bound alone.
    /// Unlike `f64::clamp`, which panics when `low > high` or a bound is NaN. Rank R → R;
    /// O(len).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let t = tensor![-2.0, 0.5, 3.0, f64::NAN];
    /// let c = t.clamp(0.0, 1.0);
    /// assert_eq!(&c.to_vec()[..3], [0.0, 0.5, 1.0]);
    /// assert!(c[[3]].is_nan());
    /// ```
    #[cfg(feature = "alloc")]
    #[must_use]
    pub fn clamp(&self, low: S::Elem, high: S::Elem) -> Tensor<S::Elem, R> {
        self.map(|&x| clip(x, Some(low), Some(high)))
    }

    /// Limits every element to `low..=high`, in place (see [`clamp`](Self::clamp)). O(len), no
    /// allocation.
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::inline_tensor;
    ///
    /// let mut t = inline_tensor![-5i32, 5, 50];
    /// t.clamp_inplace(0, 10);
    /// assert_eq!(t.iter().copied().collect::<Vec<_>>(), [0, 5, 10]);
    /// ```
    pub fn clamp_inplace(&mut self, low: S::Elem, high: S::Elem)
    where
        S: StorageMut,
    {
        self.map_inplace(|x| *x = clip(*x, Some(low), Some(high)));
    }
}

/// # Clipping with one bound or both
impl<S: Storage, const R: usize> TensorBase<S, R>
where
    S::Elem: PartialOrd + Copy,
{
    /// Every element limited below by `low` and above by `high`, either of them `None` for no
    /// bound, as a new tensor: NumPy's `clip(a, a_min, a_max)` and the Array API's `clip`,
    /// with [`clamp`](Self::clamp)'s rules (`high` wins over `low`; NaN stays NaN; a NaN bound
    /// gives NaN). Rank R → R; O(len).
    ///
    /// Tensors as bounds, broadcast as the Array API allows, take NumPy's definition of
    /// `clip`, `minimum(maximum(a, low), high)`: `a.maximum(&low)?.minimum(&high)?` (see
    /// [`maximum`](Self::maximum)), with the same rules.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let t = tensor![-2.0, 0.5, 3.0];
    /// assert_eq!(t.clip(Some(0.0), None).to_vec(), [0.0, 0.5, 3.0]);
    /// assert_eq!(t.clip(None, Some(1.0)).to_vec(), [-2.0, 0.5, 1.0]);
    /// assert!(t.clip(Some(f64::NAN), None).iter().all(|x| x.is_nan()));
    /// // Bounds per element (or broadcast): NumPy's clip(t, low, high).
    /// let (low, high) = (tensor![0.0, 1.0, -5.0], tensor![[1.0], [2.0]]);
    /// let c = t.maximum(&low).unwrap().minimum(&high).unwrap();
    /// assert_eq!(c, tensor![[0.0, 1.0, 1.0], [0.0, 1.0, 2.0]]);
    /// ```
    #[cfg(feature = "alloc")]
    #[must_use]
    pub fn clip(&self, low: Option<S::Elem>, high: Option<S::Elem>) -> Tensor<S::Elem, R> {
        self.map(|&x| clip(x, low, high))
    }

    /// [`clip`](Self::clip) of every element, in place. O(len), no allocation.
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Examples
    ///
    /// ```
    /// let mut t = ranked::inline_tensor![-5i32, 5, 50];
    /// t.clip_inplace(None, Some(10));
    /// assert_eq!(t.iter().copied().collect::<Vec<_>>(), [-5, 5, 10]);
    /// ```
    pub fn clip_inplace(&mut self, low: Option<S::Elem>, high: Option<S::Elem>)
    where
        S: StorageMut,
    {
        self.map_inplace(|x| *x = clip(*x, low, high));
    }
}

/// # Element-wise maximum, minimum and `atan2` with broadcasting (feature `alloc`)
#[cfg(feature = "alloc")]
impl<S: Storage, const R: usize> TensorBase<S, R>
where
    S::Elem: PartialOrd + Copy,
{
    broadcasting! {
        /// The larger of corresponding elements, broadcasting both operands (NumPy's `maximum`);
        /// NaN in either operand gives NaN, as in NumPy. The result has the larger rank; O(len).
        ///
        /// # Errors
        ///
        /// [`ErrorKind::BroadcastMismatch`](crate::ErrorKind::BroadcastMismatch) if the shapes do
        /// not broadcast; [`ErrorKind::Allocation`](crate::ErrorKind::Allocation) if the result
        /// cannot be allocated.
        ///
        /// # Examples
        ///
        /// ```
        /// use ranked::tensor;
        ///
        /// let a = tensor![[1.0, 5.0], [3.0, f64::NAN]];
        /// let floor = tensor![2.0, 2.0];
        /// let m = a.maximum(&floor).unwrap();
        /// assert_eq!(&m.to_vec()[..3], [2.0, 5.0, 3.0]);
        /// assert!(m[[1, 1]].is_nan());
        /// ```
        maximum(x, y) => pick(x, y, x >= y);

        /// The smaller of corresponding elements, broadcasting both operands (NumPy's `minimum`);
        /// NaN in either operand gives NaN. The result has the larger rank; O(len).
        ///
        /// # Errors
        ///
        /// As [`maximum`](Self::maximum).
        ///
        /// # Examples
        ///
        /// ```
        /// use ranked::tensor;
        ///
        /// let a = tensor![[1, 5], [3, 0]];
        /// assert_eq!(a.minimum(&tensor![2]).unwrap().to_vec(), [1, 2, 2, 0]);
        /// ```
        minimum(x, y) => pick(x, y, x <= y);
    }
}

/// `x` when `keep_x`, else `y`; an operand that is unordered with itself (NaN) wins, so NaN
/// propagates as in NumPy's `maximum`.
#[cfg(feature = "alloc")]
#[inline]
#[allow(clippy::eq_op)] // `x != x` is the NaN test of a type that is only `PartialOrd`
fn pick<T: PartialOrd>(x: T, y: T, keep_x: bool) -> T {
    if x.partial_cmp(&x).is_none() {
        x
    } else if y.partial_cmp(&y).is_none() || !keep_x {
        y
    } else {
        x
    }
}

/// # Element-wise maximum, minimum and `atan2` into new tensors (feature `alloc`)
#[cfg(feature = "alloc")]
impl<S: Storage, const R: usize> TensorBase<S, R>
where
    S::Elem: Float,
{
    broadcasting! {
        /// The four-quadrant arctangent of `self / other` element-wise, broadcasting both operands
        /// (NumPy's `arctan2(self, other)`). The result has the larger rank; O(len).
        ///
        /// # Errors
        ///
        /// As [`maximum`](Self::maximum).
        ///
        /// # Examples
        ///
        /// ```
        /// use ranked::tensor;
        ///
        /// let y = tensor![1.0f64, -1.0];
        /// let x = tensor![0.0f64];
        /// let angles = y.atan2(&x).unwrap();
        /// assert_eq!(angles.to_vec(), [1.0f64.atan2(0.0), (-1.0f64).atan2(0.0)]);
        /// ```
        atan2(y, x) => y.atan2(x);
    }
}
