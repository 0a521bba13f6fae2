//! The standard traits of dynamic-rank tensors: indexing, equality, printing.

use super::*;

#[cold]
#[track_caller]
pub(super) fn bad_index(index: &[usize], shape: &[usize]) -> ! {
    panic!("index {index:?} is out of bounds for a tensor of shape {shape:?}")
}

impl<S: Storage> Index<&[usize]> for DynTensorBase<S> {
    type Output = S::Elem;

    /// # Panics
    ///
    /// If the number of indices is not the rank or some index is out of bounds; the message
    /// names the index and the shape.
    #[track_caller]
    fn index(&self, index: &[usize]) -> &S::Elem {
        match self.get(index) {
            Some(x) => x,
            None => bad_index(index, self.shape()),
        }
    }
}

impl<S: StorageMut> IndexMut<&[usize]> for DynTensorBase<S> {
    /// # Panics
    ///
    /// As `index`.
    #[track_caller]
    fn index_mut(&mut self, index: &[usize]) -> &mut S::Elem {
        let shape = self.layout.dyn_shape();
        match self.get_mut(index) {
            Some(x) => x,
            None => bad_index(index, &shape),
        }
    }
}

impl<S1, S2> PartialEq<DynTensorBase<S2>> for DynTensorBase<S1>
where
    S1: Storage,
    S2: Storage,
    S1::Elem: PartialEq<S2::Elem>,
{
    /// Equal shapes and equal elements in logical order.
    fn eq(&self, other: &DynTensorBase<S2>) -> bool {
        self.shape() == other.shape() && self.iter().zip(other.iter()).all(|(a, b)| a == b)
    }
}

/// NumPy-style, like the typed tensor's `Display`.
///
/// # Examples
///
/// ```
/// use ranked::DynTensorBase;
///
/// let t = DynTensorBase::from_storage([1, 2, 3, 4], &[2, 2]).unwrap();
/// assert_eq!(t.to_string(), "[[1 2]\n [3 4]]");
/// ```
impl<S: Storage> fmt::Display for DynTensorBase<S>
where
    S::Elem: fmt::Display,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut index = [0usize; MAX_DYN_RANK];
        let index = &mut index[..self.rank()];
        // SAFETY: the storage is this tensor's and its layout is valid for it (invariant 1).
        unsafe { crate::fmt::display(self.storage.elems(), self.layout.parts(), index, f) }
    }
}

/// Shape, strides, offset, layout kind and elements, like the typed tensor's `Debug`.
///
/// # Examples
///
/// ```
/// use ranked::DynTensorBase;
///
/// let t = DynTensorBase::from_storage([1, 2], &[2]).unwrap();
/// assert!(format!("{t:?}").starts_with("Tensor { shape: [2], strides: [1]"));
/// ```
impl<S: Storage> fmt::Debug for DynTensorBase<S>
where
    S::Elem: fmt::Debug,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut index = [0usize; MAX_DYN_RANK];
        let index = &mut index[..self.rank()];
        let kind: LayoutKind = self.layout.kind();
        // SAFETY: as for `Display`.
        unsafe { crate::fmt::debug(self.storage.elems(), self.layout.parts(), kind, index, f) }
    }
}
