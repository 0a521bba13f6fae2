//! Copies into new memory and conversions to `Vec` (feature `alloc`).

use super::*;

/// # Copies and conversions to `Vec` (feature `alloc`)
impl<S: Storage, const R: usize> TensorBase<S, R>
where
    S::Elem: Clone,
{
    /// Copies the elements into a new `Vec` in logical (row-major) order.
    ///
    /// # Panics
    ///
    /// If the copy cannot be allocated (a broadcast view can name more elements than fit in
    /// memory); [`try_to_contiguous`](Self::try_to_contiguous) is the fallible form.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Layout, TensorView};
    ///
    /// let data = [1, 2, 3, 4, 5, 6];
    /// let t = TensorView::from_raw_parts(&data[..], Layout::from_parts([3, 2], [1, 3], 0)).unwrap();
    /// assert_eq!(t.to_vec(), [1, 4, 2, 5, 3, 6]);
    /// ```
    #[must_use]
    pub fn to_vec(&self) -> Vec<S::Elem> {
        // SAFETY: the storage is this tensor's and its layout is valid for it (invariant 1).
        unsafe { crate::engine::to_vec(self.storage.elems(), self.layout.parts()) }
    }

    /// Copies the elements into a new C-contiguous owned tensor of the same shape.
    ///
    /// # Panics
    ///
    /// As [`to_vec`](Self::to_vec); [`try_to_contiguous`](Self::try_to_contiguous) is the
    /// fallible form.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Layout, TensorView};
    ///
    /// let data = [1, 2, 3, 4, 5, 6];
    /// let t = TensorView::from_raw_parts(&data[..], Layout::from_parts([3, 2], [1, 3], 0)).unwrap();
    /// let c = t.to_contiguous();
    /// assert_eq!(c.strides(), &[2, 1]);
    /// assert_eq!(c, t);
    /// ```
    #[must_use]
    pub fn to_contiguous(&self) -> Tensor<S::Elem, R> {
        Tensor::from_contiguous_vec(self.to_vec(), *self.shape())
    }

    /// [`to_contiguous`](Self::to_contiguous), reporting a copy too large to allocate instead of
    /// panicking (a broadcast view can name far more elements than fit in memory).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Allocation`] if the room for the copy cannot be had.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{ErrorKind, TensorView};
    ///
    /// let one = [7u8];
    /// let t = TensorView::from_slice(&one, [1]).unwrap();
    /// assert_eq!(t.broadcast_to([3]).unwrap().try_to_contiguous().unwrap().to_vec(), [7, 7, 7]);
    /// let huge = t.broadcast_to([1 << 62]).unwrap();
    /// assert_eq!(huge.try_to_contiguous().unwrap_err().kind(), ErrorKind::Allocation);
    /// ```
    pub fn try_to_contiguous(&self) -> Result<Tensor<S::Elem, R>, ShapeError> {
        // SAFETY: the storage is this tensor's and its layout is valid for it (invariant 1).
        let vec = unsafe { crate::engine::try_to_vec(self.storage.elems(), self.layout.parts()) }?;
        Ok(Tensor::from_contiguous_vec(vec, *self.shape()))
    }

    /// Copies the elements into a new owned tensor: the same as
    /// [`to_contiguous`](Self::to_contiguous) (the result is C-contiguous whatever the source
    /// layout, and holds only the elements this tensor reaches).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let t = tensor![[1, 2], [3, 4]];
    /// let owned = t.view().to_owned();
    /// assert_eq!(owned, t);
    /// ```
    #[must_use]
    pub fn to_owned(&self) -> Tensor<S::Elem, R> {
        self.to_contiguous()
    }

    /// Turns the tensor into a `Vec` in logical (row-major) order.
    ///
    /// Moves the buffer without copying when the storage is a `Vec`, the layout is C-contiguous,
    /// the offset is 0 and the buffer holds no other elements; copies in logical order
    /// otherwise.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Layout, Tensor};
    ///
    /// let v = vec![1, 2, 3, 4, 5, 6];
    /// let ptr = v.as_ptr();
    /// let t = Tensor::from_vec(v, [2, 3]).unwrap();
    /// let back = t.into_vec();
    /// assert_eq!(back.as_ptr(), ptr); // moved, not copied
    ///
    /// let flipped = Tensor::from_raw_parts(back, Layout::from_parts([6], [-1], 5)).unwrap();
    /// assert_eq!(flipped.into_vec(), [6, 5, 4, 3, 2, 1]); // copied
    /// ```
    #[must_use]
    pub fn into_vec(self) -> Vec<S::Elem> {
        let layout = self.layout;
        // SAFETY: the storage is this tensor's and its layout is valid for it (invariant 1).
        unsafe { crate::engine::into_vec(self.storage, layout.parts()) }
    }

    /// Turns the tensor into a C-contiguous owned tensor, moving the buffer when
    /// [`into_vec`](Self::into_vec) can and copying otherwise.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Layout, Tensor};
    ///
    /// let t = Tensor::from_raw_parts(vec![1, 2, 3, 4], Layout::from_parts([2, 2], [1, 2], 0)).unwrap();
    /// let c = t.into_contiguous();
    /// assert_eq!(c.strides(), &[2, 1]);
    /// assert_eq!(c.as_slice(), Some(&[1, 3, 2, 4][..]));
    /// ```
    #[must_use]
    pub fn into_contiguous(self) -> Tensor<S::Elem, R> {
        let shape = *self.shape();
        Tensor::from_contiguous_vec(self.into_vec(), shape)
    }
}
