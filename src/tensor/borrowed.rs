//! Construction of views over borrowed memory (`from_slice`, `from_array`, …).

use super::*;

/// # Borrowed construction
impl<'a, T, const R: usize> TensorBase<ViewRepr<'a, T>, R> {
    /// A read-only view of a row-major slice, without copying.
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::LengthMismatch`] if the slice length is not the shape's element count.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::TensorView;
    ///
    /// let data = vec![1, 2, 3, 4, 5, 6];
    /// let v = TensorView::from_slice(&data, [2, 3]).unwrap();
    /// assert_eq!(v.as_ptr(), data.as_ptr());
    /// ```
    pub fn from_slice(slice: &'a [T], shape: [usize; R]) -> Result<Self, ShapeError> {
        Self::from_storage(slice, shape)
    }

    /// A read-only view of a row-major array, in a `const` context: a `static` array becomes a
    /// `TensorView<'static, T, R>` in a `const` or `static` item, and a shape whose element
    /// count is not the array's length does not build. O(R), no allocation.
    ///
    /// In a `const` or `static` item, part of the
    /// [firmware subset](crate#firmware-the-subset-that-never-panics): there a wrong shape is a
    /// compile error, so nothing is left to fail at run time. A function call in a `let` is not
    /// evaluated at compile time, so there a wrong shape panics when run;
    /// [`tensor_view!`](crate::tensor_view) is the form checked at compile time everywhere.
    ///
    /// # Panics
    ///
    /// Called at run time with a shape that does not hold exactly `N` elements;
    /// [`from_slice`](Self::from_slice) is the fallible form.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::TensorView;
    ///
    /// static WEIGHTS: [f32; 12] = [0.5; 12];
    /// static W: TensorView<'static, f32, 2> = TensorView::from_array(&WEIGHTS, [3, 4]);
    /// assert_eq!((W.shape(), W[[2, 3]]), (&[3, 4], 0.5));
    /// ```
    ///
    /// A shape that does not fit the data is a compile error:
    ///
    /// ```compile_fail
    /// use ranked::TensorView;
    ///
    /// static WEIGHTS: [f32; 12] = [0.5; 12];
    /// static W: TensorView<'static, f32, 2> = TensorView::from_array(&WEIGHTS, [3, 5]);
    /// ```
    #[must_use]
    #[track_caller]
    pub const fn from_array<const N: usize>(data: &'a [T; N], shape: [usize; R]) -> Self {
        let Some(layout) = Layout::row_major_exact(shape, N) else {
            panic!(
                "TensorView::from_array: the shape does not hold exactly as many elements as the array"
            );
        };
        // SAFETY: a C-contiguous layout with offset 0 over exactly the array's `N` elements
        // (invariant 1); a read-only view has no invariant 2.
        unsafe { Self::from_parts_unchecked(ViewRepr::from_slice(data), layout) }
    }

    /// A read-only view of a slice with explicit strides (negative allowed, aliasing allowed)
    /// and offset, checked so that every index lands inside the slice.
    ///
    /// # Errors
    ///
    /// As [`Layout::validate`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::TensorView;
    ///
    /// let data = [1, 2, 3];
    /// // Stride 0 repeats a row: allowed because the view is read-only.
    /// let rows = TensorView::from_slice_with_strides(&data, [2, 3], [0, 1], 0).unwrap();
    /// assert_eq!(rows.to_vec(), [1, 2, 3, 1, 2, 3]);
    /// assert!(TensorView::from_slice_with_strides(&data, [2, 3], [1, 1], 0).is_err());
    /// ```
    pub fn from_slice_with_strides(
        slice: &'a [T],
        shape: [usize; R],
        strides: [isize; R],
        offset: usize,
    ) -> Result<Self, ShapeError> {
        Self::from_raw_parts(slice, Layout::from_parts(shape, strides, offset))
    }
}

/// # Borrowed mutable construction
impl<'a, T, const R: usize> TensorBase<ViewReprMut<'a, T>, R> {
    /// A mutable view of a row-major slice, without copying.
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::LengthMismatch`] if the slice length is not the shape's element count.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::TensorViewMut;
    ///
    /// let mut data = [1, 2, 3, 4];
    /// let mut v = TensorViewMut::from_slice_mut(&mut data, [2, 2]).unwrap();
    /// v[[0, 0]] = 9;
    /// assert_eq!(data[0], 9);
    /// ```
    pub fn from_slice_mut(slice: &'a mut [T], shape: [usize; R]) -> Result<Self, ShapeError> {
        Self::from_storage(slice, shape)
    }

    /// A mutable view of a slice with explicit strides (negative allowed) and offset, checked so
    /// that every index lands inside the slice and no two indices share an element.
    ///
    /// # Errors
    ///
    /// As [`Layout::validate`], plus [`ErrorKind::Overlap`] from [`Layout::check_unique`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{ErrorKind, TensorViewMut};
    ///
    /// let mut data = [0; 6];
    /// let mut t = TensorViewMut::from_slice_mut_with_strides(&mut data, [3, 2], [1, 3], 0).unwrap();
    /// t[[2, 1]] = 5;
    /// assert_eq!(data[5], 5);
    /// let err = TensorViewMut::from_slice_mut_with_strides(&mut data, [2, 3], [0, 1], 0).unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::Overlap);
    /// ```
    pub fn from_slice_mut_with_strides(
        slice: &'a mut [T],
        shape: [usize; R],
        strides: [isize; R],
        offset: usize,
    ) -> Result<Self, ShapeError> {
        Self::from_raw_parts(slice, Layout::from_parts(shape, strides, offset))
    }
}
