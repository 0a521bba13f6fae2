//! Writing through dynamic-rank tensors, copies, and the constructors of each storage.

use super::*;

/// # Writing
impl<S: Storage> DynTensorBase<S> {
    /// A mutable reference to the element at `index`, or `None` (wrong number of indices, or
    /// out of bounds).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::DynTensorBase;
    ///
    /// let mut t = DynTensorBase::from_storage([1, 2], &[2]).unwrap();
    /// *t.get_mut(&[1]).unwrap() = 20;
    /// assert_eq!(t.to_vec(), [1, 20]);
    /// ```
    pub fn get_mut(&mut self, index: &[usize]) -> Option<&mut S::Elem>
    where
        S: StorageMut,
    {
        let pos = self.layout.try_offset_of(index).ok()?;
        // SAFETY: invariant 1: the index is in bounds (checked), so `pos` is in the storage.
        Some(unsafe { self.storage.elems_mut().into_mut(pos) })
    }

    /// A mutable view of the whole tensor.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::DynTensorBase;
    ///
    /// let mut t = DynTensorBase::from_storage([1, 2], &[2]).unwrap();
    /// t.view_mut().iter_mut().for_each(|x| *x += 1);
    /// assert_eq!(t.to_vec(), [2, 3]);
    /// ```
    pub fn view_mut(&mut self) -> DynTensorViewMut<'_, S::Elem>
    where
        S: StorageMut,
    {
        // SAFETY: same storage and layout: invariant 1, and invariant 2 because it is writable.
        unsafe { DynTensorBase::from_parts_unchecked(self.storage.elems_mut(), self.layout) }
    }

    /// An iterator over mutable references in logical order.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::DynTensorBase;
    ///
    /// let mut t = DynTensorBase::from_storage([1, 2, 3], &[3]).unwrap();
    /// for x in t.iter_mut() {
    ///     *x *= 2;
    /// }
    /// assert_eq!(t.to_vec(), [2, 4, 6]);
    /// ```
    pub fn iter_mut(&mut self) -> IterMut<'_, S::Elem, DynLayout>
    where
        S: StorageMut,
    {
        // SAFETY: the layout is valid for this storage (invariant 1) and unique because the
        // storage is writable (invariant 2).
        unsafe { IterMut::new(self.storage.elems_mut(), self.layout) }
    }
}

/// # Copies (feature `alloc`)
#[cfg(feature = "alloc")]
impl<S: Storage> DynTensorBase<S>
where
    S::Elem: Clone,
{
    /// Copies the elements into a `Vec` in logical order.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::DynTensorBase;
    ///
    /// let t = DynTensorBase::from_storage([1, 2, 3, 4], &[2, 2]).unwrap();
    /// assert_eq!(t.reversed_axes().to_vec(), [1, 3, 2, 4]);
    /// ```
    #[must_use]
    pub fn to_vec(&self) -> Vec<S::Elem> {
        // SAFETY: the storage is this tensor's and its layout is valid for it (invariant 1).
        unsafe { crate::engine::to_vec(self.storage.elems(), self.layout.parts()) }
    }

    /// Turns the tensor into a `Vec` in logical order, moving the buffer when it is a
    /// C-contiguous `Vec` with offset 0 and no other elements.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::DynTensor;
    ///
    /// let t = DynTensor::from_vec(vec![1, 2, 3], &[3]).unwrap();
    /// assert_eq!(t.into_vec(), [1, 2, 3]);
    /// ```
    #[must_use]
    pub fn into_vec(self) -> Vec<S::Elem> {
        let layout = self.layout;
        // SAFETY: the storage is this tensor's and its layout is valid for it (invariant 1).
        unsafe { crate::engine::into_vec(self.storage, layout.parts()) }
    }

    /// Copies the elements into a new C-contiguous owned tensor of the same shape.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::DynTensorBase;
    ///
    /// let t = DynTensorBase::from_storage([1, 2, 3, 4], &[2, 2]).unwrap();
    /// let c = t.reversed_axes().to_contiguous();
    /// assert_eq!(c.as_slice(), Some(&[1, 3, 2, 4][..]));
    /// ```
    #[must_use]
    pub fn to_contiguous(&self) -> DynTensor<S::Elem> {
        match DynTensor::from_vec(self.to_vec(), self.shape()) {
            Ok(t) => t,
            Err(err) => panic!("internal: contiguous copy has the wrong length: {err}"),
        }
    }
}

#[cfg(feature = "alloc")]
impl<T> DynTensorBase<Vec<T>> {
    /// Wraps a row-major `Vec` without copying.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::LengthMismatch`], [`ErrorKind::TooManyAxes`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::DynTensor;
    ///
    /// assert!(DynTensor::from_vec(vec![1, 2, 3], &[2, 2]).is_err());
    /// ```
    pub fn from_vec(vec: Vec<T>, shape: &[usize]) -> Result<Self, ShapeError> {
        Self::from_storage(vec, shape)
    }
}

impl<'a, T> DynTensorBase<ViewRepr<'a, T>> {
    /// A read-only view of a row-major slice.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::LengthMismatch`], [`ErrorKind::TooManyAxes`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::DynTensorView;
    ///
    /// let data = [1, 2, 3, 4, 5, 6];
    /// assert_eq!(DynTensorView::from_slice(&data, &[3, 2]).unwrap().get(&[2, 1]), Some(&6));
    /// ```
    pub fn from_slice(slice: &'a [T], shape: &[usize]) -> Result<Self, ShapeError> {
        Self::from_storage(slice, shape)
    }
}

impl<'a, T> DynTensorBase<ViewReprMut<'a, T>> {
    /// A mutable view of a row-major slice.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::LengthMismatch`], [`ErrorKind::TooManyAxes`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::DynTensorViewMut;
    ///
    /// let mut data = [0; 2];
    /// DynTensorViewMut::from_slice_mut(&mut data, &[2]).unwrap().iter_mut().for_each(|x| *x = 1);
    /// assert_eq!(data, [1, 1]);
    /// ```
    pub fn from_slice_mut(slice: &'a mut [T], shape: &[usize]) -> Result<Self, ShapeError> {
        Self::from_storage(slice, shape)
    }
}
