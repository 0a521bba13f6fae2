//! Conversions between element types: NumPy's `astype`, with Rust's `as` as the stated rule
//! and a checked form that refuses every value the target type cannot hold.

use num_traits::AsPrimitive;
#[cfg(feature = "alloc")]
use num_traits::{NumCast, ToPrimitive};

#[cfg(feature = "alloc")]
use crate::error::ErrorKind;
use crate::error::ShapeError;
use crate::rank::{BroadcastTo, Rank};
use crate::storage::{Storage, StorageMut};
#[cfg(feature = "alloc")]
use crate::tensor::Tensor;
use crate::tensor::TensorBase;

/// # Converting the element type
impl<S: Storage, const R: usize> TensorBase<S, R> {
    /// A copy with every element converted to `U` (NumPy's `astype`, the Array API's
    /// `astype(x, dtype)`), by Rust's `as`: floats to integers truncate toward zero and
    /// saturate at the integer's bounds, NaN becomes 0; integers to narrower integers keep the
    /// low bits (two's complement, as NumPy's C casts do); integers to floats and `f64` to
    /// `f32` round to nearest, ties to even, and a finite `f64` beyond `f32`'s range becomes
    /// ±∞. [`try_astype`](Self::try_astype) refuses instead of saturating or wrapping.
    /// Rank R → R, O(len); the result is row-major.
    ///
    /// NumPy leaves out-of-range float-to-integer casts undefined (on x86 they give the
    /// integer's minimum); here they saturate.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let x = tensor![-1.7f64, 0.5, 300.0, f64::NAN];
    /// assert_eq!(x.astype::<u8>().to_vec(), [0, 0, 255, 0]); // truncate, saturate, NaN → 0
    /// assert_eq!(x.astype::<i32>().to_vec(), [-1, 0, 300, 0]);
    /// assert_eq!(tensor![257i32, -1].astype::<u8>().to_vec(), [1, 255]); // low bits
    /// assert_eq!(tensor![1u8, 2].astype::<f32>().to_vec(), [1.0, 2.0]);
    /// ```
    #[doc(alias = "cast")]
    #[cfg(feature = "alloc")]
    pub fn astype<U>(&self) -> Tensor<U, R>
    where
        S::Elem: AsPrimitive<U>,
        U: Copy + 'static,
    {
        self.map(|x| x.as_())
    }

    /// A copy with every element converted to `U` exactly or refused (a checked
    /// [`astype`](Self::astype)): floats to integers truncate toward zero, and every other
    /// conversion must keep the value — NaN, an infinity or a value beyond the target's range
    /// is refused, as `num_traits::NumCast` rules (a float narrowed to `f32` may round).
    /// Rank R → R, O(len).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::NotRepresentable`] with the index of the first element refused, counted in
    /// row-major order (`found`); [`ErrorKind::Allocation`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{ErrorKind, tensor};
    ///
    /// assert_eq!(tensor![1.9f64, -2.5].try_astype::<i8>().unwrap().to_vec(), [1, -2]);
    /// let err = tensor![[1.0f64, 2.0], [300.0, 4.0]].try_astype::<u8>().unwrap_err();
    /// assert_eq!((err.kind(), err.found()), (ErrorKind::NotRepresentable, 2));
    /// assert!(tensor![-1i32].try_astype::<u32>().is_err());
    /// ```
    #[cfg(feature = "alloc")]
    pub fn try_astype<U>(&self) -> Result<Tensor<U, R>, ShapeError>
    where
        S::Elem: ToPrimitive + Copy,
        U: NumCast,
    {
        let mut out = crate::engine::try_vec(self.len())?;
        for (index, x) in self.iter().enumerate() {
            out.push(U::from(*x).ok_or_else(|| not_representable(index))?);
        }
        Tensor::from_vec(out, *self.shape())
    }

    /// Writes every element converted to `out`'s element type by Rust's `as` (the rule of
    /// [`astype`](Self::astype)) into `out`, broadcasting `self` to `out`'s shape (NumPy's
    /// `np.copyto(out, a, casting="unsafe")`). O(len), no allocation.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::BroadcastMismatch`] when `self` does not broadcast to `out`'s shape; `out` is
    /// unchanged then.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{ArrayTensor, inline_tensor};
    ///
    /// // ADC samples into floats, without an allocator.
    /// let samples = inline_tensor![512i16, -1024, 2047];
    /// let mut volts: ArrayTensor<f32, 3, 1> = ArrayTensor::from_storage([0.0; 3], [3]).unwrap();
    /// samples.astype_into(&mut volts).unwrap();
    /// assert!(volts.iter().copied().eq([512.0, -1024.0, 2047.0]));
    /// ```
    pub fn astype_into<S2, const R2: usize>(
        &self,
        out: &mut TensorBase<S2, R2>,
    ) -> Result<(), ShapeError>
    where
        S2: StorageMut,
        S::Elem: AsPrimitive<S2::Elem>,
        S2::Elem: Copy + 'static,
        Rank<R>: BroadcastTo<R2>,
    {
        out.zip_assign(self, |o: &mut S2::Elem, x: &S::Elem| *o = x.as_())
    }
}

/// Element `index` (row-major) cannot be converted.
#[cfg(feature = "alloc")]
fn not_representable(index: usize) -> ShapeError {
    ShapeError::sizes(ErrorKind::NotRepresentable, None, 0, index)
}
