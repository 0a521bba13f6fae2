//! Element-wise functions of NumPy and the Python Array API standard that Rust's operators and
//! `num-traits` spell or define differently, with NumPy's semantics: `round` (halves to even),
//! `sign` (0 for ±0), `remainder` and `floor_divide` (Python's `%` and `//`, the sign of the
//! divisor), `hypot`, `copysign`, `logaddexp`, `nextafter`, `pow` with a tensor of exponents,
//! `square`, `signbit`, `is_inf`, `acosh` (accurate near 1), `wrapping_abs` (NumPy's `abs` of
//! integers), and the integer shifts `left_shift` and `right_shift` (0 or −1 past the width,
//! where Rust's `<<` overflows).
//!
//! Rust's operators keep Rust's meaning: `%` on tensors is `fmod` (the sign of the dividend),
//! as `%` on `f64`. The named functions here carry NumPy's meaning, and each says where it
//! differs from the Rust function of a similar name (`f64::round`, `f64::signum`).
//!
//! The unary functions come in two forms, as the maths of [`crate::ops::math`]: a new tensor
//! (feature `alloc`) or `_inplace` (no allocation). The binary ones broadcast both operands and
//! return a new tensor of the larger rank.

use core::ops::Mul;

use num_traits::{Float, PrimInt, WrappingNeg};

use crate::storage::{Storage, StorageMut};
use crate::tensor::TensorBase;

#[cfg(feature = "alloc")]
use core::ops::{Shl, Shr};

#[cfg(feature = "alloc")]
use crate::{
    error::ShapeError,
    rank::{BroadcastRanks, Rank},
    tensor::Tensor,
};

/// `x` rounded to the nearest integer, halves to the even one (NumPy's `round`, IEEE 754's
/// `roundTiesToEven`, Rust's `f64::round_ties_even`); the sign of zero is kept
/// (`round(-0.5)` is `-0.0`).
#[inline]
fn round_ties_even<T: Float>(x: T) -> T {
    let away = x.round();
    let half = T::one() / (T::one() + T::one());
    if (x - x.trunc()).abs() != half {
        return away;
    }
    // A tie, which `round` took away from zero: step back when that is odd.
    let halved = away / (T::one() + T::one());
    if halved.trunc() == halved {
        away
    } else {
        (away - x.signum()).copysign(x)
    }
}

/// The inverse hyperbolic cosine by fdlibm's method, accurate near 1, as the C library's
/// (NumPy's): `f64::acosh` computes `ln(x + √(x² − 1))`, which loses digits there (thousands
/// of units in the last place at `1 + 1e-7`).
#[inline]
fn acosh<T: Float>(x: T) -> T {
    let (one, two) = (T::one(), T::one() + T::one());
    if x.is_nan() || x < one {
        return if x.is_nan() { x } else { T::nan() };
    }
    // 2²⁸: beyond it x² − 1 rounds to x², and acosh(x) = ln(2x).
    let big = T::from(268_435_456.0).unwrap_or_else(T::max_value);
    if x >= big {
        x.ln() + two.ln()
    } else if x > two {
        (two * x - one / (x + (x * x - one).sqrt())).ln()
    } else {
        let t = x - one;
        (t + (two * t + t * t).sqrt()).ln_1p()
    }
}

/// NumPy's `sign`: `1` above zero, `-1` below, `0` for `±0`, NaN for NaN.
#[inline]
fn sign<T: Float>(x: T) -> T {
    if x > T::zero() {
        T::one()
    } else if x < T::zero() {
        -T::one()
    } else if x.is_nan() {
        x
    } else {
        T::zero()
    }
}

/// NumPy's `divmod` of floats (`npy_divmod`): `(a // b, a % b)` with the remainder of the
/// divisor's sign, as Python's. `b = 0` gives `(a / b, NaN)`.
#[cfg(feature = "alloc")]
#[inline]
fn divmod<T: Float>(a: T, b: T) -> (T, T) {
    let mut m = a % b;
    if b == T::zero() {
        return (a / b, m);
    }
    let mut div = (a - m) / b;
    if m != T::zero() {
        if (b < T::zero()) != (m < T::zero()) {
            m = m + b;
            div = div - T::one();
        }
    } else {
        m = T::zero().copysign(b);
    }
    let floordiv = if div != T::zero() {
        let f = div.floor();
        if div - f > T::one() / (T::one() + T::one()) {
            f + T::one()
        } else {
            f
        }
    } else {
        T::zero().copysign(a / b)
    };
    (floordiv, m)
}

/// NumPy's `logaddexp`: `ln(eˣ + eʸ)` without overflow.
#[cfg(feature = "alloc")]
#[inline]
fn logaddexp<T: Float>(x: T, y: T) -> T {
    if x == y {
        // Equal infinities included: ln(2eˣ) = x + ln 2.
        return x + (T::one() + T::one()).ln();
    }
    let d = x - y;
    if d > T::zero() {
        x + (-d).exp().ln_1p()
    } else if d <= T::zero() {
        y + d.exp().ln_1p()
    } else {
        d // NaN
    }
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for f32 {}
    impl Sealed for f64 {}
}

/// The floats with a next representable value, [`nextafter`](crate::TensorBase::nextafter)'s
/// element types: `f32` and `f64`. Sealed.
///
/// # Examples
///
/// ```
/// use ranked::ops::NextAfter;
///
/// assert_eq!(1.0f32.next_after(2.0), 1.0000001);
/// assert_eq!(0.0f64.next_after(-1.0), -5e-324);
/// ```
#[diagnostic::on_unimplemented(
    message = "`nextafter` steps through the values of `f32` and `f64`, not `{Self}`",
    label = "not `f32` or `f64`"
)]
pub trait NextAfter: Float + sealed::Sealed {
    /// The next representable value after `self` towards `toward` (C's and NumPy's
    /// `nextafter`): `toward` itself when they are equal, NaN when either is NaN, the smallest
    /// subnormal of `toward`'s sign after `±0`.
    fn next_after(self, toward: Self) -> Self;
}

macro_rules! next_after {
    ($($t:ty),*) => {$(
        impl NextAfter for $t {
            fn next_after(self, toward: Self) -> Self {
                if self.is_nan() || toward.is_nan() {
                    return self + toward;
                }
                if self == toward {
                    return toward;
                }
                if self == 0.0 {
                    return <$t>::from_bits(1).copysign(toward);
                }
                // Away from zero is one more in the bits' magnitude, towards it one less.
                let bits = self.to_bits();
                let away = (toward > self) == (self > 0.0);
                <$t>::from_bits(if away { bits + 1 } else { bits - 1 })
            }
        }
    )*};
}

next_after!(f32, f64);

/// NumPy's `left_shift` of one element: `x · 2ⁿ` in the type's width, 0 when `n` is negative
/// or at least the width (Rust's `<<` overflows there).
#[cfg(feature = "alloc")]
#[inline]
fn left_shift<T: PrimInt + Shl<usize, Output = T>>(x: T, n: T) -> T {
    let width = T::zero().count_zeros() as usize;
    match n.to_usize() {
        Some(n) if n < width => x << n,
        _ => T::zero(),
    }
}

/// NumPy's `right_shift` of one element: an arithmetic shift for signed types, so past the
/// width (or by a negative amount) it gives −1 for negative `x` and 0 otherwise.
#[cfg(feature = "alloc")]
#[inline]
fn right_shift<T: PrimInt + Shr<usize, Output = T>>(x: T, n: T) -> T {
    let width = T::zero().count_zeros() as usize;
    match n.to_usize() {
        Some(n) if n < width => x >> n,
        _ if x < T::zero() => !T::zero(),
        _ => T::zero(),
    }
}

/// Generates the unary functions of this module and their in-place forms.
macro_rules! standard_unary {
    ($(
        $(#[$doc:meta])*
        $name:ident $inplace:ident ($x:ident) $body:expr, $example:literal, $inplace_example:literal;
    )*) => {
        /// # NumPy's rounding, sign and `arccosh`
        ///
        /// Feature `alloc` for the forms that return a new tensor.
        impl<S: Storage, const R: usize> TensorBase<S, R>
        where
            S::Elem: Float,
        {
            $(
                $(#[$doc])*
                /// Rank R → R; O(len).
                ///
                /// # Examples
                ///
                /// ```
                #[doc = $example]
                /// ```
                #[cfg(feature = "alloc")]
                #[must_use]
                pub fn $name(&self) -> Tensor<S::Elem, R> {
                    self.map(|&$x| $body)
                }

                #[doc = concat!("[`", stringify!($name), "`](Self::", stringify!($name), ") of every element, in place. O(len), no allocation.")]
                ///
                /// # Examples
                ///
                /// ```
                #[doc = $inplace_example]
                /// ```
                pub fn $inplace(&mut self)
                where
                    S: StorageMut,
                {
                    self.map_inplace(|v| {
                        let $x = *v;
                        *v = $body;
                    });
                }
            )*
        }
    };
}

standard_unary! {
    /// Every element rounded to the nearest integer, halves to the even one, as a new tensor:
    /// NumPy's `round` and the Array API's (`round(2.5)` is 2, `round(-0.5)` is `-0.0`).
    /// Unlike `f64::round`, which takes halves away from zero (`2.5.round()` is 3); the same
    /// as [`round_ties_even`](Self::round_ties_even).
    round round_inplace (x) round_ties_even(x),
    "use ranked::tensor;\n\nlet t = tensor![0.5, 1.5, 2.5, -2.5, 2.6];\nassert_eq!(t.round().to_vec(), [0.0, 2.0, 2.0, -2.0, 3.0]);",
    "let mut t = ranked::inline_tensor![2.5f32, -0.5];\nt.round_inplace();\nassert_eq!(t[[0]], 2.0);\nassert!(t[[1]] == 0.0 && t[[1]].is_sign_negative());";
    /// Every element rounded to the nearest integer, halves to the even one, as
    /// `f64::round_ties_even`; the same as [`round`](Self::round).
    round_ties_even round_ties_even_inplace (x) round_ties_even(x),
    "use ranked::tensor;\n\nassert_eq!(tensor![3.5f32, 4.5].round_ties_even().to_vec(), [4.0, 4.0]);",
    "let mut t = ranked::inline_tensor![3.5f64, 4.5];\nt.round_ties_even_inplace();\nassert_eq!((t[[0]], t[[1]]), (4.0, 4.0));";
    /// The sign of every element as NumPy's `sign` and the Array API's: `1.0` above zero,
    /// `-1.0` below, `0.0` for `±0.0`, NaN for NaN. Unlike
    /// [`signum`](Self::signum) (`f64::signum`), which gives `±1.0` for `±0.0`.
    sign sign_inplace (x) sign(x),
    "use ranked::tensor;\n\nlet s = tensor![-3.0, -0.0, 0.0, 2.0, f64::NAN].sign();\nassert_eq!(&s.to_vec()[..4], [-1.0, 0.0, 0.0, 1.0]);\nassert!(s[[4]].is_nan());",
    "let mut t = ranked::inline_tensor![-0.0f32, -7.0];\nt.sign_inplace();\nassert_eq!((t[[0]], t[[1]]), (0.0, -1.0));";
    /// The inverse hyperbolic cosine of every element (NumPy's `arccosh`), as a new tensor:
    /// NaN below 1, accurate near 1 (as the C library's; `f64::acosh` loses digits there).
    acosh acosh_inplace (x) acosh(x),
    "use ranked::tensor;\n\nlet a = tensor![1.0f64, 0.5].acosh();\nassert_eq!(a[[0]], 0.0);\nassert!(a[[1]].is_nan());",
    "let mut t = ranked::inline_tensor![1.0f32];\nt.acosh_inplace();\nassert_eq!(t[[0]], 0.0);";
}

/// # Squares
impl<S: Storage, const R: usize> TensorBase<S, R>
where
    S::Elem: Mul<Output = S::Elem> + Copy,
{
    /// Every element times itself, as a new tensor (NumPy's `square`): integers too, with
    /// Rust's overflow rule (a panic in debug builds, wrapping in release). Rank R → R; O(len).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// assert_eq!(tensor![-3, 4].square().to_vec(), [9, 16]);
    /// ```
    #[cfg(feature = "alloc")]
    #[must_use]
    pub fn square(&self) -> Tensor<S::Elem, R> {
        self.map(|&x| x * x)
    }

    /// [`square`](Self::square) of every element, in place. O(len), no allocation.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut t = ranked::inline_tensor![1.5f64, -2.0];
    /// t.square_inplace();
    /// assert_eq!((t[[0]], t[[1]]), (2.25, 4.0));
    /// ```
    pub fn square_inplace(&mut self)
    where
        S: StorageMut,
    {
        self.map_inplace(|x| *x = *x * *x);
    }
}

/// # Absolute values of integers
impl<S: Storage, const R: usize> TensorBase<S, R>
where
    S::Elem: PrimInt + WrappingNeg,
{
    /// The absolute value of every integer, as a new tensor: NumPy's `abs` of integer arrays,
    /// which wraps, as Rust's `i8::wrapping_abs` (`abs(i8::MIN)` is `i8::MIN`, the one value
    /// whose absolute value the type cannot hold); unsigned integers are their own absolute
    /// values. Floats take [`abs`](Self::abs). Rank R → R; O(len).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// assert_eq!(tensor![-3i8, 4, -128].wrapping_abs().to_vec(), [3, 4, -128]);
    /// assert_eq!(tensor![7u16].wrapping_abs().to_vec(), [7]);
    /// ```
    #[cfg(feature = "alloc")]
    #[must_use]
    pub fn wrapping_abs(&self) -> Tensor<S::Elem, R> {
        self.map(|&x| wrapping_abs(x))
    }

    /// [`wrapping_abs`](Self::wrapping_abs) of every element, in place. O(len), no allocation.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut t = ranked::inline_tensor![-5i32, i32::MIN];
    /// t.wrapping_abs_inplace();
    /// assert_eq!((t[[0]], t[[1]]), (5, i32::MIN));
    /// ```
    pub fn wrapping_abs_inplace(&mut self)
    where
        S: StorageMut,
    {
        self.map_inplace(|x| *x = wrapping_abs(*x));
    }
}

/// `|x|` of an integer in its type's width: the minimum of a signed type is its own negation.
#[inline]
fn wrapping_abs<T: PrimInt + WrappingNeg>(x: T) -> T {
    if x < T::zero() { x.wrapping_neg() } else { x }
}

/// # Sign bits and infinities (feature `alloc`)
#[cfg(feature = "alloc")]
impl<S: Storage, const R: usize> TensorBase<S, R>
where
    S::Elem: Float,
{
    /// Whether each element's sign bit is set, as NumPy's `signbit`: true for `-0.0` and for a
    /// NaN with its sign bit set. Rank R → R; O(len).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// assert_eq!(tensor![-1.0, -0.0, 0.0, 2.0].signbit().to_vec(), [true, true, false, false]);
    /// ```
    #[must_use]
    pub fn signbit(&self) -> Tensor<bool, R> {
        self.map(|x| x.is_sign_negative())
    }

    /// Whether each element is `+∞` or `−∞`, as NumPy's `isinf` (see also
    /// [`is_nan`](Self::is_nan) and [`is_finite`](Self::is_finite)). Rank R → R; O(len).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let t = tensor![1.0, f64::INFINITY, f64::NEG_INFINITY, f64::NAN];
    /// assert_eq!(t.is_inf().to_vec(), [false, true, true, false]);
    /// ```
    #[must_use]
    pub fn is_inf(&self) -> Tensor<bool, R> {
        self.map(|x| x.is_infinite())
    }
}

/// # NumPy's binary functions, broadcasting (feature `alloc`)
///
/// Each takes `self` and `other` of any ranks that broadcast, as NumPy's ufuncs, and returns a
/// new tensor of the larger rank; O(len of the result).
///
/// # Errors
///
/// Each of them: [`ErrorKind::BroadcastMismatch`](crate::ErrorKind::BroadcastMismatch) if the
/// shapes do not broadcast; [`ErrorKind::Allocation`](crate::ErrorKind::Allocation) if the
/// result cannot be allocated.
#[cfg(feature = "alloc")]
impl<S: Storage, const R: usize> TensorBase<S, R>
where
    S::Elem: Float,
{
    broadcasting! {
        /// The remainder of `self / other` with the sign of the divisor, as NumPy's `remainder`
        /// (`mod`) and Python's `%`: `remainder(-7, 3)` is 2. Unlike Rust's `%` (and the `%` of
        /// tensors), which keeps the dividend's sign (`-7.0 % 3.0` is `-1.0`, C's `fmod`). A zero
        /// remainder takes the divisor's sign; a zero divisor gives NaN.
        ///
        /// # Errors
        ///
        /// As the other binary functions (see the section).
        ///
        /// # Examples
        ///
        /// ```
        /// use ranked::tensor;
        ///
        /// let r = tensor![-7.0, 7.0, 7.5].remainder(&tensor![3.0]).unwrap();
        /// assert_eq!(r.to_vec(), [2.0, 1.0, 1.5]);
        /// assert_eq!(tensor![7.0].remainder(&tensor![-3.0]).unwrap().to_vec(), [-2.0]);
        /// ```
        remainder(a, b) => divmod(a, b).1;

        /// The quotient of `self / other` rounded down, as NumPy's `floor_divide` and Python's
        /// `//`, consistent with [`remainder`](Self::remainder): `a == floor_divide(a, b) * b +
        /// remainder(a, b)` up to rounding. A zero divisor gives `a / b` (±∞ or NaN).
        ///
        /// # Errors
        ///
        /// As the other binary functions (see the section).
        ///
        /// # Examples
        ///
        /// ```
        /// use ranked::tensor;
        ///
        /// let q = tensor![-7.0, 7.0].floor_divide(&tensor![3.0]).unwrap();
        /// assert_eq!(q.to_vec(), [-3.0, 2.0]);
        /// ```
        floor_divide(a, b) => divmod(a, b).0;

        /// `√(x² + y²)` of corresponding elements without overflow or underflow in between, as
        /// NumPy's `hypot`: `hypot(3e300, 4e300)` is `5e300`; an infinite operand gives `+∞` even
        /// beside NaN.
        ///
        /// # Errors
        ///
        /// As the other binary functions (see the section).
        ///
        /// # Examples
        ///
        /// ```
        /// use ranked::tensor;
        ///
        /// let h = tensor![3.0, 3e300].hypot(&tensor![4.0, 4e300]).unwrap();
        /// assert_eq!(h.to_vec(), [5.0, 5e300]);
        /// ```
        hypot(x, y) => x.hypot(y);

        /// The magnitude of each element of `self` with the sign of the corresponding element of
        /// `other`, as NumPy's `copysign` (signs of zeros and NaN included).
        ///
        /// # Errors
        ///
        /// As the other binary functions (see the section).
        ///
        /// # Examples
        ///
        /// ```
        /// use ranked::tensor;
        ///
        /// let c = tensor![1.0, 2.0].copysign(&tensor![-0.0]).unwrap();
        /// assert_eq!(c.to_vec(), [-1.0, -2.0]);
        /// ```
        copysign(x, y) => x.copysign(y);

        /// `ln(eˣ + eʸ)` of corresponding elements, without overflow, as NumPy's `logaddexp`:
        /// `logaddexp(1000, 1000)` is `1000 + ln 2`, not ∞.
        ///
        /// # Errors
        ///
        /// As the other binary functions (see the section).
        ///
        /// # Examples
        ///
        /// ```
        /// use ranked::tensor;
        ///
        /// let l = tensor![1000.0f64].logaddexp(&tensor![1000.0]).unwrap();
        /// assert_eq!(l[[0]], 1000.0 + 2f64.ln());
        /// ```
        logaddexp(x, y) => logaddexp(x, y);

        /// Each element of `self` raised to the power of the corresponding element of `other`, as
        /// NumPy's `pow` (`power`) with an array of exponents; [`powf`](Self::powf) takes one
        /// exponent for every element.
        ///
        /// # Errors
        ///
        /// As the other binary functions (see the section).
        ///
        /// # Examples
        ///
        /// ```
        /// use ranked::tensor;
        ///
        /// let p = tensor![2.0, 3.0].pow(&tensor![[1.0], [2.0]]).unwrap();
        /// assert_eq!(p.to_vec(), [2.0, 3.0, 4.0, 9.0]);
        /// ```
        pow(x, y) => x.powf(y);
    }
}

/// # `nextafter`, broadcasting (feature `alloc`)
#[cfg(feature = "alloc")]
impl<S: Storage, const R: usize> TensorBase<S, R>
where
    S::Elem: NextAfter,
{
    broadcasting! {
        /// The next representable value after each element of `self` towards the corresponding
        /// element of `other`, as NumPy's `nextafter` ([`NextAfter::next_after`] of each pair),
        /// broadcasting both operands. O(len of the result).
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
        /// let n = tensor![1.0f32, 0.0].nextafter(&tensor![2.0f32]).unwrap();
        /// assert_eq!(n.to_vec(), [1.0000001, 1e-45]);
        /// ```
        nextafter(x, y) => x.next_after(y);
    }
}

/// # Integer shifts with NumPy's rules, broadcasting (feature `alloc`)
#[cfg(feature = "alloc")]
impl<S: Storage, const R: usize> TensorBase<S, R>
where
    S::Elem: PrimInt + Shl<usize, Output = S::Elem> + Shr<usize, Output = S::Elem>,
{
    broadcasting! {
        /// Each element of `self` shifted left by the corresponding element of `other`, as
        /// NumPy's `left_shift` (`<<`): bits shifted out are lost, and a shift by a negative
        /// amount or by at least the type's width gives 0 (Rust's `<<` overflows there: a panic in
        /// debug builds). Broadcasts both operands; O(len of the result).
        ///
        /// # Errors
        ///
        /// As [`nextafter`](Self::nextafter).
        ///
        /// # Examples
        ///
        /// ```
        /// use ranked::tensor;
        ///
        /// let s = tensor![1i8, 1, 5].left_shift(&tensor![7i8, 8, -1]).unwrap();
        /// assert_eq!(s.to_vec(), [-128, 0, 0]);
        /// ```
        left_shift(x, n) => left_shift(x, n);

        /// Each element of `self` shifted right by the corresponding element of `other`, as
        /// NumPy's `right_shift` (`>>`): arithmetic for signed types, and a shift by a negative
        /// amount or by at least the width gives −1 for a negative element and 0 otherwise.
        /// Broadcasts both operands; O(len of the result).
        ///
        /// # Errors
        ///
        /// As [`nextafter`](Self::nextafter).
        ///
        /// # Examples
        ///
        /// ```
        /// use ranked::tensor;
        ///
        /// let s = tensor![-128i8, -1, 64, 5].right_shift(&tensor![7i8, 9, -1, 1]).unwrap();
        /// assert_eq!(s.to_vec(), [-1, -1, 0, 2]);
        /// ```
        right_shift(x, n) => right_shift(x, n);
    }
}
