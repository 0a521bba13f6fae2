//! Complex numbers (feature `complex`): the real and imaginary parts as strided views of the
//! same memory (NumPy's `.real` and `.imag`), writable on writable tensors, and the
//! element-wise `conj`, `norm` (NumPy's `abs`) and `arg` (NumPy's `angle`).

use num_complex::Complex;
use num_traits::Float;

use crate::storage::{Storage, StorageMut, ViewRepr, ViewReprMut};
#[cfg(feature = "alloc")]
use crate::tensor::Tensor;
use crate::tensor::{TensorBase, TensorView, TensorViewMut};

/// A `Complex<T>` is two `T`s, real part first: `num_complex` declares it `#[repr(C)]` with
/// fields `re` then `im` (its documented layout, C99's `_Complex`), so `len` complex numbers
/// from `ptr` are `2 · len` components of `T`.
const PARTS: usize = 2;

/// Refuses zero-sized components at compile time: the layout arithmetic of
/// [`Layout::component`](crate::Layout) relies on each component taking room.
struct NotZeroSized<T>(T);
impl<T> NotZeroSized<T> {
    const CHECK: () = assert!(size_of::<T>() > 0, "complex parts must not be zero-sized");
}

/// # Complex numbers (feature `complex`)
impl<S, T, const R: usize> TensorBase<S, R>
where
    S: Storage<Elem = Complex<T>>,
{
    /// The real parts, as a view of the same memory (NumPy's `.real`): strides twice the
    /// tensor's, in units of `T`. O(1), no copy; never fails.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{linalg::Complex, tensor};
    ///
    /// let z = tensor![[Complex::new(1.0, 2.0), Complex::new(3.0, -4.0)]];
    /// assert_eq!(z.re().to_vec(), [1.0, 3.0]);
    /// assert_eq!(z.im().to_vec(), [2.0, -4.0]);
    /// assert_eq!(z.re().strides(), &[0, 2]); // every other `f64` of the buffer
    /// ```
    pub fn re(&self) -> TensorView<'_, T, R> {
        self.part(0)
    }

    /// The imaginary parts, as a view of the same memory (NumPy's `.imag`). O(1), no copy;
    /// never fails.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{linalg::Complex, tensor};
    ///
    /// let z = tensor![[Complex::new(1.0f32, 2.0)], [Complex::new(3.0, -4.0)]];
    /// assert_eq!(z.view().t().im().to_vec(), [2.0, -4.0]); // any layout
    /// ```
    pub fn im(&self) -> TensorView<'_, T, R> {
        self.part(1)
    }

    /// The real parts, writable (NumPy's `z.real[...] = …`). O(1), no copy; never fails.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{linalg::Complex, tensor};
    ///
    /// let mut z = tensor![Complex::new(1.0, 2.0), Complex::new(3.0, 4.0)];
    /// z.re_mut().fill(0.0);
    /// z.im_mut().mapv_inplace(|y| -y);
    /// assert_eq!(z.to_vec(), [Complex::new(0.0, -2.0), Complex::new(0.0, -4.0)]);
    /// ```
    pub fn re_mut(&mut self) -> TensorViewMut<'_, T, R>
    where
        S: StorageMut,
    {
        self.part_mut(0)
    }

    /// The imaginary parts, writable. O(1), no copy; never fails.
    ///
    /// # Examples
    ///
    /// See [`re_mut`](Self::re_mut).
    pub fn im_mut(&mut self) -> TensorViewMut<'_, T, R>
    where
        S: StorageMut,
    {
        self.part_mut(1)
    }

    fn part(&self, index: usize) -> TensorView<'_, T, R> {
        let () = NotZeroSized::<T>::CHECK;
        let data = self.storage().elems();
        let layout = self.layout().component(PARTS, index);
        // SAFETY: storage — the `len` complex numbers from `data`'s pointer are `2 · len`
        // components of `T` (`PARTS`: `Complex` is `#[repr(C)]`, `re` then `im`), shared for
        // the borrow, initialised where the complex numbers are, with gaps where `data` has
        // them; layout — `component` maps each index to the chosen part of the element the
        // tensor's layout maps it to, so invariant 1 holds for the new storage (its
        // arithmetic cannot overflow for a valid layout of non-zero-sized parts, see
        // `Layout::component`); a read-only view has no invariant 2.
        unsafe {
            let parts = ViewRepr::from_raw(
                data.as_non_null().cast::<T>(),
                data.len() * PARTS,
                data.has_gaps(),
            );
            TensorBase::from_parts_unchecked(parts, layout)
        }
    }

    fn part_mut(&mut self, index: usize) -> TensorViewMut<'_, T, R>
    where
        S: StorageMut,
    {
        let () = NotZeroSized::<T>::CHECK;
        let layout = self.layout().component(PARTS, index);
        let mut data = self.storage_mut().elems_mut();
        let (ptr, len, gaps) = (data.as_non_null(), data.len(), data.has_gaps());
        // SAFETY: as in `part`, borrowed exclusively; invariant 2 — distinct indices map to
        // distinct complex numbers (the tensor's layout is unique, its storage writable) and
        // so to distinct parts.
        unsafe {
            let parts = ViewReprMut::from_raw(ptr.cast::<T>(), len * PARTS, gaps);
            TensorBase::from_parts_unchecked(parts, layout)
        }
    }
}

/// # Complex element-wise functions (feature `complex`; `alloc` for new tensors)
impl<S, T, const R: usize> TensorBase<S, R>
where
    S: Storage<Elem = Complex<T>>,
    T: Float,
{
    /// The complex conjugates (NumPy's `conj`). Rank R → R, O(len).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{linalg::Complex, tensor};
    ///
    /// let z = tensor![Complex::new(1.0, 2.0)];
    /// assert_eq!(z.conj().to_vec(), [Complex::new(1.0, -2.0)]);
    /// ```
    #[cfg(feature = "alloc")]
    pub fn conj(&self) -> Tensor<Complex<T>, R> {
        self.map(Complex::conj)
    }

    /// The magnitudes `|z|` (NumPy's `abs` of complex numbers; `num_complex`'s `norm`),
    /// computed without overflow or underflow (`hypot`). Rank R → R, O(len).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{linalg::Complex, tensor};
    ///
    /// let z = tensor![Complex::new(3.0, -4.0), Complex::new(1e300, 1e300)];
    /// assert_eq!(z.norm().to_vec(), [5.0, 1e300 * 2f64.sqrt()]);
    /// ```
    #[cfg(feature = "alloc")]
    pub fn norm(&self) -> Tensor<T, R> {
        self.map(|z| z.re.hypot(z.im))
    }

    /// The arguments `atan2(im, re)` in `[−π, π]` (NumPy's `angle`). Rank R → R, O(len).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{linalg::Complex, tensor};
    ///
    /// let z = tensor![Complex::new(0.0, 1.0), Complex::new(-1.0, 0.0)];
    /// assert_eq!(z.arg().to_vec(), [std::f64::consts::FRAC_PI_2, std::f64::consts::PI]);
    /// ```
    #[cfg(feature = "alloc")]
    pub fn arg(&self) -> Tensor<T, R> {
        self.map(|z| z.im.atan2(z.re))
    }

    /// Replaces every element with its complex conjugate, in place. O(len), no allocation.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{linalg::Complex, tensor};
    ///
    /// let mut z = tensor![Complex::new(1.0, 2.0)];
    /// z.conj_inplace();
    /// assert_eq!(z[[0]], Complex::new(1.0, -2.0));
    /// ```
    pub fn conj_inplace(&mut self)
    where
        S: StorageMut,
    {
        self.map_inplace(|z| *z = z.conj());
    }
}
