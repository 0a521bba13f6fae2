//! The standard traits: indexing, equality, iteration by reference and by value.

use super::*;

impl<S: Storage, const R: usize> Index<[usize; R]> for TensorBase<S, R> {
    type Output = S::Elem;

    /// # Panics
    ///
    /// If some index is out of bounds; the message names the index and the shape.
    #[inline]
    #[track_caller]
    fn index(&self, index: [usize; R]) -> &S::Elem {
        // `get`'s steps, spelled out: written as a match on `get`, the index was stored to
        // memory on every access (for the panic message), which kept the compiler from holding
        // the layout in registers in indexing loops.
        if !self.layout.in_bounds(&index) {
            index_out_of_bounds(index, *self.shape());
        }
        let disp = self.layout.displacement_of_in_bounds(&index);
        // SAFETY: invariant 1: `index` is in bounds (just checked), so the tensor has elements,
        // its first (`offset`) among them, and the element `disp` from it is inside the storage.
        unsafe { self.storage.elems().get_from(self.layout.offset(), disp) }
    }
}

impl<S: Storage, const R: usize> IndexMut<[usize; R]> for TensorBase<S, R>
where
    S: StorageMut,
{
    /// # Panics
    ///
    /// If some index is out of bounds; the message names the index and the shape.
    #[inline]
    #[track_caller]
    fn index_mut(&mut self, index: [usize; R]) -> &mut S::Elem {
        let shape = *self.shape();
        match self.get_mut(index) {
            Some(x) => x,
            None => index_out_of_bounds(index, shape),
        }
    }
}

impl<S1, S2, const R: usize> PartialEq<TensorBase<S2, R>> for TensorBase<S1, R>
where
    S1: Storage,
    S2: Storage,
    S1::Elem: PartialEq<S2::Elem>,
{
    /// Tensors are equal when their shapes are equal and so are their elements in logical
    /// order; strides, offsets and storage kinds do not matter.
    fn eq(&self, other: &TensorBase<S2, R>) -> bool {
        self.shape() == other.shape() && self.iter().zip(other.iter()).all(|(a, b)| a == b)
    }
}

impl<S: Storage, const R: usize> Eq for TensorBase<S, R> where S::Elem: Eq {}

impl<'a, S: Storage, const R: usize> IntoIterator for &'a TensorBase<S, R> {
    type Item = &'a S::Elem;
    type IntoIter = Iter<'a, S::Elem, Layout<R>>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<'a, S: Storage, const R: usize> IntoIterator for &'a mut TensorBase<S, R>
where
    S: StorageMut,
{
    type Item = &'a mut S::Elem;
    type IntoIter = IterMut<'a, S::Elem, Layout<R>>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}

/// By value, a view iterates over references (like a slice): `&T` for a [`TensorView`], `&mut T`
/// for a [`TensorViewMut`], in logical order.
///
/// # Examples
///
/// ```
/// use ranked::{Axis, tensor};
///
/// let t = tensor![[1, 2], [3, 4]];
/// let column: Vec<&i32> = t.view().select(Axis::<1>, 0).unwrap().into_iter().collect();
/// assert_eq!(column, [&1, &3]);
/// ```
impl<'a, T, const R: usize> IntoIterator for TensorBase<ViewRepr<'a, T>, R> {
    type Item = &'a T;
    type IntoIter = Iter<'a, T, Layout<R>>;
    fn into_iter(self) -> Self::IntoIter {
        // SAFETY: the slice is this view's storage and its layout is valid for it (invariant 1).
        unsafe { Iter::new(self.storage, self.layout) }
    }
}

/// See the by-value [`IntoIterator`] of [`TensorView`].
///
/// # Examples
///
/// ```
/// use ranked::tensor;
///
/// let mut t = tensor![1, 2, 3];
/// for x in t.view_mut() {
///     *x *= 2;
/// }
/// assert_eq!(t.to_vec(), [2, 4, 6]);
/// ```
impl<'a, T, const R: usize> IntoIterator for TensorBase<ViewReprMut<'a, T>, R> {
    type Item = &'a mut T;
    type IntoIter = IterMut<'a, T, Layout<R>>;
    fn into_iter(self) -> Self::IntoIter {
        // SAFETY: the slice is this view's storage: the layout is valid for it (invariant 1) and
        // unique because the storage is writable (invariant 2).
        unsafe { IterMut::new(self.storage, self.layout) }
    }
}

/// By value, an owned tensor moves its elements out in logical order, without cloning them
/// (like `Vec`'s `into_iter`): the buffer itself when it is in row-major order, otherwise a
/// new one (elements that the layout does not reach are dropped). O(len).
///
/// # Examples
///
/// ```
/// use ranked::Tensor;
///
/// let words: Tensor<String, 2> = Tensor::from_fn([2, 2], |[i, j]| format!("{i}{j}"));
/// let transposed: Vec<String> = words.t().into_iter().collect();
/// assert_eq!(transposed, ["00", "10", "01", "11"]);
/// ```
#[cfg(feature = "alloc")]
impl<T, const R: usize> IntoIterator for TensorBase<Vec<T>, R> {
    type Item = T;
    type IntoIter = alloc::vec::IntoIter<T>;
    fn into_iter(self) -> Self::IntoIter {
        let layout = self.layout;
        crate::engine::take_logical(self.storage, layout.parts()).into_iter()
    }
}
