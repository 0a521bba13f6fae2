//! Writing through a tensor, and copies into new memory or `Vec`s.

use super::*;

/// # Writing
///
/// The bound `S: StorageMut` sits on each method rather than on the block, so that calling one
/// on a read-only tensor reports "this tensor is read-only" instead of a generic
/// "method exists but its trait bounds were not satisfied".
impl<S: Storage, const R: usize> TensorBase<S, R> {
    /// A mutable reference to the element at `index`, or `None` if some index is out of bounds.
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let mut t = tensor![[1, 2], [3, 4]];
    /// *t.get_mut([0, 1]).unwrap() = 20;
    /// assert_eq!(t[[0, 1]], 20);
    /// ```
    #[inline]
    #[must_use]
    pub fn get_mut(&mut self, index: [usize; R]) -> Option<&mut S::Elem>
    where
        S: StorageMut,
    {
        if !self.layout.in_bounds(&index) {
            return None;
        }
        let pos = self.layout.offset_of_in_bounds(&index);
        // SAFETY: invariant 1: `index` is in bounds (just checked), so `pos` is inside the
        // storage.
        Some(unsafe { self.storage.elems_mut().into_mut(pos) })
    }

    /// A mutable view of the whole tensor: same layout, borrowed storage, no copy.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let mut t = tensor![1, 2, 3];
    /// let mut v = t.view_mut();
    /// v[[2]] = 30;
    /// assert_eq!(t.to_vec(), [1, 2, 30]);
    /// ```
    #[must_use]
    pub fn view_mut(&mut self) -> TensorViewMut<'_, S::Elem, R>
    where
        S: StorageMut,
    {
        // SAFETY: the same storage, borrowed mutably, with the same layout: invariant 1 carries
        // over, and the layout is unique because this storage is writable (invariant 2).
        unsafe { TensorBase::from_parts_unchecked(self.storage.elems_mut(), self.layout) }
    }

    /// The elements as one mutable slice in logical order, if they are C-contiguous.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let mut t = tensor![[1, 2], [3, 4]];
    /// t.as_slice_mut().unwrap()[3] = 40;
    /// assert_eq!(t[[1, 1]], 40);
    /// ```
    #[must_use]
    pub fn as_slice_mut(&mut self) -> Option<&mut [S::Elem]>
    where
        S: StorageMut,
    {
        let range = self.contiguous_range()?;
        // SAFETY: a C-contiguous layout reaches every position of `range` (invariant 1).
        Some(unsafe { self.storage.elems_mut().into_run(range.start, range.len()) })
    }

    /// A mutable pointer to the tensor's first element (see [`as_ptr`](Self::as_ptr)).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let mut t = tensor![1, 2, 3];
    /// // SAFETY: `as_mut_ptr` points at the first of the tensor's three elements.
    /// unsafe { *t.as_mut_ptr() = 10 };
    /// assert_eq!(t[[0]], 10);
    /// ```
    #[must_use]
    pub fn as_mut_ptr(&mut self) -> *mut S::Elem
    where
        S: StorageMut,
    {
        let offset = self.layout.offset();
        self.storage.elems_mut().as_mut_ptr().wrapping_add(offset)
    }

    /// An iterator over mutable references to the elements in logical (row-major) order.
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let mut t = tensor![[1, 2], [3, 4]];
    /// t.iter_mut().for_each(|x| *x *= 10);
    /// assert_eq!(t.to_vec(), [10, 20, 30, 40]);
    /// ```
    pub fn iter_mut(&mut self) -> IterMut<'_, S::Elem, Layout<R>>
    where
        S: StorageMut,
    {
        // SAFETY: the slice is this tensor's storage: the layout is valid for it (invariant 1)
        // and unique because the storage is writable (invariant 2).
        unsafe { IterMut::new(self.storage.elems_mut(), self.layout) }
    }

    /// An iterator over `(index, &mut element)` pairs in logical (row-major) order.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Tensor;
    ///
    /// let mut t: Tensor<usize, 2> = Tensor::zeros([2, 3]);
    /// for ([i, j], x) in t.indexed_iter_mut() {
    ///     *x = i * 10 + j;
    /// }
    /// assert_eq!(t.to_vec(), [0, 1, 2, 10, 11, 12]);
    /// ```
    pub fn indexed_iter_mut(&mut self) -> IndexedIterMut<'_, S::Elem, Layout<R>>
    where
        S: StorageMut,
    {
        IndexedIterMut::new(self.iter_mut())
    }
}

/// # Copies and conversions to `Vec` (feature `alloc`)
#[cfg(feature = "alloc")]
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
