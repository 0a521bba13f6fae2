//! Constructors in the manner of NumPy and ndarray (`arange`, `linspace`, `logspace`, `eye`,
//! `from_diag`, `from_elem`) and conversions from `Vec`s, arrays, nested arrays and iterators.
//!
//! Everything here allocates (feature `alloc`) except `From<[T; N]>` and `from_fn`, `full` and
//! `zeros` for [`ArrayTensor`].

use crate::error::ShapeError;
use crate::layout::{Layout, parts};
use crate::tensor::{ArrayTensor, TensorBase};

#[cfg(feature = "alloc")]
use {
    crate::{engine, error::ErrorKind, storage::Storage, tensor::Tensor},
    alloc::vec::Vec,
    num_traits::{Float, Num, NumCast, One, Zero},
};

/// # Ranges and grids (feature `alloc`)
#[cfg(feature = "alloc")]
impl<T> TensorBase<Vec<T>, 1> {
    /// The values `start, start + step, …` below `end` (above it for a negative step), as
    /// NumPy's `arange` and PyTorch's `arange`. Each value is computed as `start + k·step` in
    /// `f64` and converted, so integers are exact up to 2⁵³. Rank 1; O(len).
    ///
    /// # Panics
    ///
    /// If `step` is zero, the count is not finite or the result cannot be allocated;
    /// [`try_arange`](Self::try_arange) returns an error instead.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Tensor;
    ///
    /// assert_eq!(Tensor::arange(0, 5, 1).to_vec(), [0, 1, 2, 3, 4]);
    /// assert_eq!(Tensor::arange(1.0, 2.0, 0.25).to_vec(), [1.0, 1.25, 1.5, 1.75]);
    /// assert_eq!(Tensor::arange(5, 0, -2).to_vec(), [5, 3, 1]);
    /// assert!(Tensor::arange(0, 5, -1).is_empty());
    /// ```
    #[track_caller]
    #[must_use]
    pub fn arange(start: T, end: T, step: T) -> Self
    where
        T: Num + NumCast + Copy,
    {
        match Self::try_arange(start, end, step) {
            Ok(t) => t,
            Err(err) => panic!("arange: {err}"),
        }
    }

    /// [`arange`](Self::arange), returning an error instead of panicking.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::ZeroStep`] if `step` is zero; [`ErrorKind::Overflow`] if the count is not
    /// finite, leaves `usize`, or a value does not fit `T`; [`ErrorKind::Allocation`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{ErrorKind, Tensor};
    ///
    /// assert_eq!(Tensor::try_arange(0.0, 1.0, 0.0).unwrap_err().kind(), ErrorKind::ZeroStep);
    /// assert_eq!(Tensor::try_arange(0.0, f64::INFINITY, 1.0).unwrap_err().kind(), ErrorKind::Overflow);
    /// ```
    pub fn try_arange(start: T, end: T, step: T) -> Result<Self, ShapeError>
    where
        T: Num + NumCast + Copy,
    {
        let f = |x: T| x.to_f64().ok_or(ShapeError::overflow(Some(0)));
        let (s, e, st) = (f(start)?, f(end)?, f(step)?);
        if st == 0.0 {
            return Err(ShapeError::sizes(ErrorKind::ZeroStep, Some(0), 0, 0));
        }
        let count = ((e - s) / st).ceil();
        if !count.is_finite() {
            return Err(ShapeError::overflow(Some(0)));
        }
        let count = if count <= 0.0 {
            0
        } else {
            // `as` saturates; a count near `usize::MAX` then fails to allocate.
            count as usize
        };
        let mut out = engine::try_vec(count)?;
        for k in 0..count {
            let value = s + k as f64 * st;
            out.push(T::from(value).ok_or(ShapeError::overflow(Some(0)))?);
        }
        Ok(Tensor::from_contiguous_vec(out, [count]))
    }

    /// `n` evenly spaced values from `start` to `end`, both included (NumPy's `linspace`);
    /// the last value is `end` exactly. Rank 1; O(n).
    ///
    /// # Panics
    ///
    /// If `n` elements cannot be allocated.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Tensor;
    ///
    /// assert_eq!(Tensor::linspace(0.0, 1.0, 5).to_vec(), [0.0, 0.25, 0.5, 0.75, 1.0]);
    /// assert_eq!(Tensor::linspace(3.0, 9.0, 1).to_vec(), [3.0]);
    /// assert!(Tensor::<f32, 1>::linspace(0.0, 1.0, 0).is_empty());
    /// ```
    #[track_caller]
    #[must_use]
    pub fn linspace(start: T, end: T, n: usize) -> Self
    where
        T: Float,
    {
        let mut out = engine::vec_or_panic(n);
        let last = n.saturating_sub(1);
        // `n − 1` converts to any float (perhaps rounded); with one value there is no step.
        let steps = T::from(last).unwrap_or_else(T::one);
        for k in 0..n {
            out.push(if k == 0 {
                start
            } else if k == last {
                end
            } else {
                let t = T::from(k).unwrap_or_else(T::zero) / steps;
                start + (end - start) * t
            });
        }
        Tensor::from_contiguous_vec(out, [n])
    }

    /// `n` values `base^x` for `x` evenly spaced from `start` to `end`, both included (NumPy's
    /// `logspace`). Rank 1; O(n).
    ///
    /// # Panics
    ///
    /// If `n` elements cannot be allocated.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Tensor;
    ///
    /// assert_eq!(Tensor::logspace(10.0, 0.0, 3.0, 4).to_vec(), [1.0, 10.0, 100.0, 1000.0]);
    /// ```
    #[track_caller]
    #[must_use]
    pub fn logspace(base: T, start: T, end: T, n: usize) -> Self
    where
        T: Float,
    {
        let mut t = Self::linspace(start, end, n);
        t.mapv_inplace(|x| base.powf(x));
        t
    }
}

/// # Identity and diagonal matrices (feature `alloc`)
#[cfg(feature = "alloc")]
impl<T: Clone + Zero + One> TensorBase<Vec<T>, 2> {
    /// The `n × n` identity matrix (NumPy's `eye`, ndarray's `eye`). O(n²).
    ///
    /// # Panics
    ///
    /// If `n²` elements overflow `isize` or cannot be allocated.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Tensor, tensor};
    ///
    /// let i: Tensor<f32, 2> = Tensor::eye(2);
    /// assert_eq!(i, tensor![[1.0, 0.0], [0.0, 1.0]]);
    /// ```
    #[track_caller]
    #[must_use]
    pub fn eye(n: usize) -> Self {
        let mut t = Self::zeros([n, n]);
        t.view_mut()
            .diagonal(0, crate::Axis::<0>, crate::Axis::<1>)
            .fill(T::one());
        t
    }
}

/// # Diagonal matrices from a vector (feature `alloc`)
#[cfg(feature = "alloc")]
impl<T: Clone + Zero> TensorBase<Vec<T>, 2> {
    /// The square matrix with `diag` on its diagonal and zeros elsewhere (ndarray's
    /// `from_diag`, NumPy's `diag` of a vector). O(n²).
    ///
    /// # Panics
    ///
    /// If `n²` elements overflow `isize` or cannot be allocated.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Tensor, tensor};
    ///
    /// let d = Tensor::from_diag(&tensor![1, 2, 3]);
    /// assert_eq!(d, tensor![[1, 0, 0], [0, 2, 0], [0, 0, 3]]);
    /// ```
    #[track_caller]
    #[must_use]
    pub fn from_diag<S: Storage<Elem = T>>(diag: &TensorBase<S, 1>) -> Self {
        let n = diag.shape()[0];
        let mut t = Self::zeros([n, n]);
        t.view_mut()
            .diagonal(0, crate::Axis::<0>, crate::Axis::<1>)
            .assign(diag);
        t
    }
}

/// # Filled tensors (feature `alloc`)
#[cfg(feature = "alloc")]
impl<T: Clone, const R: usize> TensorBase<Vec<T>, R> {
    /// A tensor of `shape` with every element `value`: ndarray's name for
    /// [`full`](Self::full). O(len).
    ///
    /// # Panics
    ///
    /// As [`full`](Self::full); [`try_full`](Self::try_full) returns an error instead.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Tensor;
    ///
    /// let t = Tensor::from_elem([2, 2], 7u8);
    /// assert_eq!(t.to_vec(), [7, 7, 7, 7]);
    /// ```
    #[track_caller]
    #[must_use]
    pub fn from_elem(shape: [usize; R], value: T) -> Self {
        Self::full(shape, value)
    }
}

/// A `Vec` as a rank-1 tensor, without copying (ndarray's `Array1::from(vec)`).
///
/// # Examples
///
/// ```
/// use ranked::Tensor;
///
/// let t = Tensor::from(vec![1, 2, 3]);
/// assert_eq!(t.shape(), &[3]);
/// ```
#[cfg(feature = "alloc")]
impl<T> From<Vec<T>> for TensorBase<Vec<T>, 1> {
    fn from(vec: Vec<T>) -> Self {
        let n = vec.len();
        Tensor::from_contiguous_vec(vec, [n])
    }
}

/// An array as a rank-1 owned tensor.
///
/// # Examples
///
/// ```
/// use ranked::Tensor;
///
/// let t: Tensor<f32, 1> = [1.0, 2.0].into();
/// assert_eq!(t.to_vec(), [1.0, 2.0]);
/// ```
#[cfg(feature = "alloc")]
impl<T, const N: usize> From<[T; N]> for TensorBase<Vec<T>, 1> {
    fn from(array: [T; N]) -> Self {
        Self::from(Vec::from(array))
    }
}

/// # Fixed-size construction, without an allocator
///
/// The shape is given at run time and must hold exactly the `N` elements of the array, so these
/// return a `Result` instead of panicking: they suit firmware, where nothing may panic.
impl<T, const N: usize, const R: usize> ArrayTensor<T, N, R> {
    /// The row-major layout of `shape`, if it holds exactly `N` elements.
    fn fixed_layout(shape: [usize; R]) -> Result<Layout<R>, ShapeError> {
        let needed = crate::layout::checked_len(&shape)?;
        if needed != N {
            return Err(ShapeError::length_mismatch(needed, N));
        }
        Layout::row_major(shape)
    }

    /// `f(index)` at every index, called in row-major order (ndarray's `from_shape_fn` on fixed
    /// storage). Rank R; O(N), no allocation.
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::LengthMismatch`] unless the shape holds exactly `N` elements;
    /// [`ErrorKind::Overflow`] if its element count overflows. `f` is not called then.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::ArrayTensor;
    ///
    /// let t = ArrayTensor::<usize, 6, 2>::from_fn([2, 3], |[i, j]| 10 * i + j).unwrap();
    /// assert_eq!(t[[1, 2]], 12);
    /// assert!(ArrayTensor::<usize, 6, 2>::from_fn([4, 2], |_| 0).is_err());
    /// ```
    pub fn from_fn(
        shape: [usize; R],
        mut f: impl FnMut([usize; R]) -> T,
    ) -> Result<Self, ShapeError> {
        let layout = Self::fixed_layout(shape)?;
        let (mut index, mut pos) = ([0usize; R], 0usize);
        let data: [T; N] = core::array::from_fn(|_| {
            let here = index;
            // Steps through the `N` indices of the shape in row-major order (`N` calls).
            parts::advance(&shape, layout.strides(), &mut index, &mut pos);
            f(here)
        });
        // SAFETY: a C-contiguous layout with offset 0 over exactly `N` elements (invariants 1
        // and 2).
        Ok(unsafe { TensorBase::from_parts_unchecked(data, layout) })
    }

    /// Every element `value`. Rank R; O(N), no allocation.
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Errors
    ///
    /// As [`from_fn`](Self::from_fn).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::ArrayTensor;
    ///
    /// let t = ArrayTensor::<f32, 12, 3>::full([2, 3, 2], 0.5).unwrap();
    /// assert!(t.iter().all(|&x| x == 0.5));
    /// ```
    pub fn full(shape: [usize; R], value: T) -> Result<Self, ShapeError>
    where
        T: Clone,
    {
        Self::from_fn(shape, |_| value.clone())
    }

    /// Every element zero. Rank R; O(N), no allocation.
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Errors
    ///
    /// As [`from_fn`](Self::from_fn).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::ArrayTensor;
    ///
    /// let mut acc = ArrayTensor::<i32, 4, 2>::zeros([2, 2]).unwrap();
    /// acc[[1, 1]] += 3;
    /// assert_eq!(acc.iter().sum::<i32>(), 3);
    /// ```
    pub fn zeros(shape: [usize; R]) -> Result<Self, ShapeError>
    where
        T: num_traits::Zero,
    {
        Self::from_fn(shape, |_| T::zero())
    }
}

/// An array as a rank-1 [`ArrayTensor`], without an allocator.
///
/// # Examples
///
/// ```
/// use ranked::ArrayTensor;
///
/// let t: ArrayTensor<u8, 3, 1> = [1, 2, 3].into();
/// assert_eq!(t[[2]], 3);
/// ```
impl<T, const N: usize> From<[T; N]> for ArrayTensor<T, N, 1> {
    fn from(array: [T; N]) -> Self {
        match TensorBase::from_storage(array, [N]) {
            Ok(t) => t,
            // `N` elements for a shape of `[N]`: the lengths agree, and an array's length
            // fits in `isize`.
            Err(_) => unreachable!(),
        }
    }
}

/// A nested array as an owned tensor, row by row (NumPy's `array([[…], […]])`).
///
/// # Examples
///
/// ```
/// use ranked::Tensor;
///
/// let t = Tensor::from([[1, 2, 3], [4, 5, 6]]);
/// assert_eq!((t.shape(), t[[1, 0]]), (&[2, 3], 4));
/// ```
#[cfg(feature = "alloc")]
impl<T, const A: usize, const B: usize> From<[[T; B]; A]> for TensorBase<Vec<T>, 2> {
    fn from(array: [[T; B]; A]) -> Self {
        let flat: Vec<T> = array.into_iter().flatten().collect();
        match Self::from_vec(flat, [A, B]) {
            Ok(t) => t,
            // The array holds the product of its sizes, which fits in memory.
            Err(_) => unreachable!(),
        }
    }
}

/// A nested array as an owned tensor, row by row.
///
/// # Examples
///
/// ```
/// use ranked::Tensor;
///
/// let t: Tensor<i32, 3> = Tensor::from([[[1, 2], [3, 4]], [[5, 6], [7, 8]]]);
/// assert_eq!(t.shape(), &[2, 2, 2]);
/// assert_eq!(t[[1, 0, 1]], 6);
/// ```
#[cfg(feature = "alloc")]
impl<T, const A: usize, const B: usize, const C: usize> From<[[[T; C]; B]; A]>
    for TensorBase<Vec<T>, 3>
{
    fn from(array: [[[T; C]; B]; A]) -> Self {
        let flat: Vec<T> = array.into_iter().flatten().flatten().collect();
        match Self::from_vec(flat, [A, B, C]) {
            Ok(t) => t,
            // The array holds the product of its sizes, which fits in memory.
            Err(_) => unreachable!(),
        }
    }
}

/// A nested array as an owned tensor, row by row.
///
/// # Examples
///
/// ```
/// use ranked::Tensor;
///
/// let t: Tensor<u8, 4> = Tensor::from([[[[1, 2, 3]], [[4, 5, 6]]]]);
/// assert_eq!(t.shape(), &[1, 2, 1, 3]);
/// ```
#[cfg(feature = "alloc")]
impl<T, const A: usize, const B: usize, const C: usize, const D: usize> From<[[[[T; D]; C]; B]; A]>
    for TensorBase<Vec<T>, 4>
{
    fn from(array: [[[[T; D]; C]; B]; A]) -> Self {
        let flat: Vec<T> = array.into_iter().flatten().flatten().flatten().collect();
        match Self::from_vec(flat, [A, B, C, D]) {
            Ok(t) => t,
            // The array holds the product of its sizes, which fits in memory.
            Err(_) => unreachable!(),
        }
    }
}

/// Collects an iterator into a rank-1 tensor (ndarray's `Array1::from_iter`).
///
/// # Examples
///
/// ```
/// use ranked::Tensor;
///
/// let squares: Tensor<u32, 1> = (1..=4).map(|x| x * x).collect();
/// assert_eq!(squares.to_vec(), [1, 4, 9, 16]);
/// ```
#[cfg(feature = "alloc")]
impl<T> FromIterator<T> for TensorBase<Vec<T>, 1> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        Self::from(iter.into_iter().collect::<Vec<T>>())
    }
}
