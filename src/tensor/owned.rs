//! Construction of owned tensors (`zeros`, `from_fn`, `from_vec`, …), and conversions between
//! owned storages.

use super::*;

/// # Owned construction (feature `alloc`)
impl<T, const R: usize> TensorBase<Vec<T>, R> {
    /// Wraps a `Vec` whose elements are in row-major order, without copying. One size may be
    /// [`INFER`](crate::INFER), resolved from `vec.len()` as NumPy's `-1` in `reshape`.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::LengthMismatch`] if `vec.len()` is not the element count of `shape`; with
    /// `INFER`, the errors of [`from_storage`](Self::from_storage).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{ErrorKind, Tensor};
    ///
    /// let t = Tensor::from_vec(vec![1, 2, 3, 4, 5, 6], [2, 3]).unwrap();
    /// assert_eq!(t[[1, 2]], 6);
    /// // One size may be `INFER`, as NumPy's -1: here 6 elements in rows of 2.
    /// let t = Tensor::from_vec(vec![1, 2, 3, 4, 5, 6], [ranked::INFER, 2]).unwrap();
    /// assert_eq!(t.shape(), &[3, 2]);
    /// let err = Tensor::from_vec(vec![1, 2, 3], [2, 2]).unwrap_err();
    /// assert_eq!((err.kind(), err.expected(), err.found()), (ErrorKind::LengthMismatch, 4, 3));
    /// ```
    pub fn from_vec(vec: Vec<T>, shape: [usize; R]) -> Result<Self, ShapeError> {
        Self::from_storage(vec, shape)
    }

    /// Wraps a `Vec` whose elements are in the given memory order, without copying.
    ///
    /// # Errors
    ///
    /// As [`from_vec`](Self::from_vec).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Order, Tensor};
    ///
    /// // The same six numbers read column-major.
    /// let t = Tensor::from_vec_with_order(vec![1, 2, 3, 4, 5, 6], [2, 3], Order::ColumnMajor).unwrap();
    /// assert_eq!(t.to_vec(), [1, 3, 5, 2, 4, 6]);
    /// ```
    pub fn from_vec_with_order(
        vec: Vec<T>,
        shape: [usize; R],
        order: Order,
    ) -> Result<Self, ShapeError> {
        Self::from_storage_with_order(vec, shape, order)
    }

    /// A row-major tensor over a `Vec` known to hold exactly `shape`'s element count.
    // Inlined, so that the `Vec` and the new tensor stay in registers: passed and returned
    // through memory, each was written in words and read back wider (failed store-to-load
    // forwards, a third of a tiny tensor's `map`).
    #[inline]
    pub(crate) fn from_contiguous_vec(vec: Vec<T>, shape: [usize; R]) -> Self {
        // The layout is found from the length alone, so that the `Vec` is only moved into the
        // tensor: passed to a fallible constructor, it was kept in memory.
        let len = vec.len();
        let layout = match Layout::row_major_exact(shape, len) {
            Some(layout) => layout,
            // The shapes the register-only form leaves to the checked one, as `from_vec`
            // checks them (no tensor has such a shape).
            None => match Layout::contiguous_of_len(shape, Order::RowMajor, len) {
                Ok(layout) => layout,
                // The callers pass a Vec built from a tensor of this very shape.
                Err(err) => shape_error("internal: contiguous copy has the wrong length", err),
            },
        };
        // SAFETY: a row-major layout with offset 0 of exactly `vec.len()` elements reaches the
        // positions `0..vec.len()` once each: invariants 1 and 2 hold.
        unsafe { Self::from_parts_unchecked(vec.into_storage(), layout) }
    }

    /// Builds a tensor by calling `f` with each index, laying the results out in `order`.
    ///
    /// `f` is called once per index, in memory order.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Overflow`] if the element count overflows; [`ErrorKind::Allocation`] if the
    /// buffer cannot be allocated. Never panics (unless `f` does).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Order, Tensor};
    ///
    /// let t = Tensor::try_from_fn_with_order([2, 3], Order::ColumnMajor, |[i, j]| 10 * i + j).unwrap();
    /// assert_eq!(t[[1, 2]], 12);
    /// assert!(t.layout().is_f_contiguous());
    /// assert!(Tensor::try_from_fn_with_order([usize::MAX, 2], Order::RowMajor, |_| 0u8).is_err());
    /// ```
    pub fn try_from_fn_with_order<F>(
        shape: [usize; R],
        order: Order,
        mut f: F,
    ) -> Result<Self, ShapeError>
    where
        F: FnMut([usize; R]) -> T,
    {
        let layout = Layout::with_order(shape, order)?;
        let len = layout.try_len()?;
        let mut vec = crate::engine::try_vec(len)?;
        if len > 0 {
            // Visit indices in memory order: row-major directly, column-major as the row-major
            // walk of the reversed shape with each index reversed back.
            let mut walk_shape = shape;
            if order == Order::ColumnMajor {
                walk_shape.reverse();
            }
            let walk = Layout::row_major(walk_shape)?;
            let mut index = [0usize; R];
            let mut pos = 0;
            loop {
                let mut logical = index;
                if order == Order::ColumnMajor {
                    logical.reverse();
                }
                vec.push(f(logical));
                if !crate::layout::parts::advance(
                    walk.shape(),
                    walk.strides(),
                    &mut index,
                    &mut pos,
                ) {
                    break;
                }
            }
        }
        Self::from_vec_with_order(vec, shape, order)
    }

    /// Builds a row-major tensor by calling `f` with each index.
    ///
    /// # Panics
    ///
    /// If the element count overflows or the allocation fails; see
    /// [`try_from_fn_with_order`](Self::try_from_fn_with_order) for the fallible form.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Tensor;
    ///
    /// let t = Tensor::from_fn([2, 2], |[i, j]| i == j);
    /// assert_eq!(t.to_vec(), [true, false, false, true]);
    /// ```
    #[track_caller]
    pub fn from_fn<F>(shape: [usize; R], f: F) -> Self
    where
        F: FnMut([usize; R]) -> T,
    {
        Self::from_fn_with_order(shape, Order::RowMajor, f)
    }

    /// Builds a tensor in the given memory order by calling `f` with each index.
    ///
    /// # Panics
    ///
    /// As [`from_fn`](Self::from_fn).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Order, Tensor};
    ///
    /// let t = Tensor::from_fn_with_order([2, 2], Order::ColumnMajor, |[i, j]| 2 * i + j);
    /// assert_eq!(t.to_vec(), [0, 1, 2, 3]);
    /// assert_eq!(t.strides(), &[1, 2]);
    /// ```
    #[track_caller]
    pub fn from_fn_with_order<F>(shape: [usize; R], order: Order, f: F) -> Self
    where
        F: FnMut([usize; R]) -> T,
    {
        match Self::try_from_fn_with_order(shape, order, f) {
            Ok(t) => t,
            Err(err) => shape_error("cannot build tensor", err),
        }
    }

    /// A row-major tensor with every element equal to `value`.
    ///
    /// # Errors
    ///
    /// As [`try_from_fn_with_order`](Self::try_from_fn_with_order).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Tensor;
    ///
    /// assert_eq!(Tensor::try_full([2], 7).unwrap().to_vec(), [7, 7]);
    /// assert!(Tensor::try_full([usize::MAX, 3], 7).is_err());
    /// ```
    pub fn try_full(shape: [usize; R], value: T) -> Result<Self, ShapeError>
    where
        T: Clone,
    {
        Self::try_from_fn_with_order(shape, Order::RowMajor, |_| value.clone())
    }

    /// A row-major tensor with every element equal to `value`.
    ///
    /// # Panics
    ///
    /// If the element count overflows or the allocation fails ([`try_full`](Self::try_full)
    /// is the fallible form).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Tensor;
    ///
    /// let t = Tensor::full([2, 2], 0.5);
    /// assert_eq!(t.to_vec(), [0.5; 4]);
    /// let scalar = Tensor::full([], 3);
    /// assert_eq!(scalar[[]], 3);
    /// ```
    #[track_caller]
    pub fn full(shape: [usize; R], value: T) -> Self
    where
        T: Clone,
    {
        Self::full_with_order(shape, Order::RowMajor, value)
    }

    /// A tensor in the given memory order with every element equal to `value`.
    ///
    /// # Panics
    ///
    /// As [`full`](Self::full).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Order, Tensor};
    ///
    /// let t = Tensor::full_with_order([2, 3], Order::ColumnMajor, 1u8);
    /// assert_eq!(t.strides(), &[1, 2]);
    /// ```
    #[track_caller]
    pub fn full_with_order(shape: [usize; R], order: Order, value: T) -> Self
    where
        T: Clone,
    {
        Self::from_fn_with_order(shape, order, |_| value.clone())
    }

    /// A row-major tensor of zeros.
    ///
    /// # Panics
    ///
    /// As [`full`](Self::full).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Tensor;
    ///
    /// let t: Tensor<f64, 2> = Tensor::zeros([2, 3]);
    /// assert!(t.iter().all(|&x| x == 0.0));
    /// ```
    #[track_caller]
    pub fn zeros(shape: [usize; R]) -> Self
    where
        T: Clone + num_traits::Zero,
    {
        Self::full(shape, T::zero())
    }

    /// A tensor of zeros in the given memory order.
    ///
    /// # Panics
    ///
    /// As [`full`](Self::full).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Order, Tensor};
    ///
    /// let t: Tensor<i32, 2> = Tensor::zeros_with_order([2, 3], Order::ColumnMajor);
    /// assert!(t.layout().is_f_contiguous());
    /// ```
    #[track_caller]
    pub fn zeros_with_order(shape: [usize; R], order: Order) -> Self
    where
        T: Clone + num_traits::Zero,
    {
        Self::full_with_order(shape, order, T::zero())
    }

    /// A row-major tensor of ones.
    ///
    /// # Panics
    ///
    /// As [`full`](Self::full).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Tensor;
    ///
    /// let t: Tensor<u8, 1> = Tensor::ones([3]);
    /// assert_eq!(t.to_vec(), [1, 1, 1]);
    /// ```
    #[track_caller]
    pub fn ones(shape: [usize; R]) -> Self
    where
        T: Clone + num_traits::One,
    {
        Self::full(shape, T::one())
    }

    /// A tensor of ones in the given memory order.
    ///
    /// # Panics
    ///
    /// As [`full`](Self::full).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Order, Tensor};
    ///
    /// let t: Tensor<f32, 2> = Tensor::ones_with_order([2, 2], Order::ColumnMajor);
    /// assert_eq!(t.strides(), &[1, 2]);
    /// ```
    #[track_caller]
    pub fn ones_with_order(shape: [usize; R], order: Order) -> Self
    where
        T: Clone + num_traits::One,
    {
        Self::full_with_order(shape, order, T::one())
    }

    /// Moves the elements into an `Arc<[T]>` so that clones share them (read-only from then on).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let shared = tensor![1, 2, 3].into_shared();
    /// let again = shared.clone();
    /// assert_eq!(again[[2]], 3);
    /// ```
    #[must_use]
    pub fn into_shared(self) -> SharedTensor<T, R> {
        let layout = self.layout;
        // SAFETY: `Arc<[T]>::from(Vec<T>)` keeps the elements and the length, so the layout
        // stays valid (invariant 1); the result is read-only (no invariant 2 to keep).
        unsafe { TensorBase::from_parts_unchecked(Arc::from(self.storage), layout) }
    }
}

impl<T, const N: usize, const R: usize> From<TensorBase<[T; N], R>> for TensorBase<Vec<T>, R> {
    /// Moves the elements of an array tensor into a `Vec`, keeping the layout.
    fn from(t: TensorBase<[T; N], R>) -> Self {
        let (array, layout) = t.into_raw_parts();
        // SAFETY: `Vec::from([T; N])` has the same N elements in the same order, so the layout
        // stays valid (invariant 1) and unique (invariant 2, both storages are writable).
        unsafe { TensorBase::from_parts_unchecked(Vec::from(array), layout) }
    }
}

impl<T, N: ArrayLength, const R: usize> From<TensorBase<GenericArray<T, N>, R>>
    for TensorBase<Vec<T>, R>
{
    /// Moves the elements of a generic-array tensor into a `Vec`, keeping the layout.
    fn from(t: TensorBase<GenericArray<T, N>, R>) -> Self {
        let (array, layout) = t.into_raw_parts();
        let vec: Vec<T> = array.into_iter().collect();
        // SAFETY: the Vec holds the same N elements in the same order, so the layout stays
        // valid (invariant 1) and unique (invariant 2, both storages are writable).
        unsafe { TensorBase::from_parts_unchecked(vec, layout) }
    }
}
