//! What can hold a tensor's elements.
//!
//! [`Storage`] (read access) and [`StorageMut`] (write access) are implemented for:
//!
//! | storage | needs | access | typical alias |
//! |---|---|---|---|
//! | `Vec<T>` | `alloc` | read + write | [`Tensor`](crate::Tensor) |
//! | `&[T]` | — | read | [`TensorView`](crate::TensorView) |
//! | `&mut [T]` | — | read + write | [`TensorViewMut`](crate::TensorViewMut) |
//! | `[T; N]` | — | read + write | [`ArrayTensor`](crate::ArrayTensor) |
//! | `GenericArray<T, N>` | — | read + write | [`GenericTensor`](crate::GenericTensor) |
//! | `Arc<[T]>` | `alloc` | read (cheap to clone) | [`SharedTensor`](crate::SharedTensor) |
//!
//! Both traits are sealed: the tensor's safety rests on how these storages behave (see the
//! `# Safety` sections), so only this crate implements them.

#[cfg(feature = "alloc")]
use alloc::{sync::Arc, vec::Vec};

use generic_array::{ArrayLength, GenericArray};

mod sealed {
    pub trait Sealed {}
}

/// Read access to a contiguous buffer of elements.
///
/// This trait is sealed: it is implemented for the storages listed in the
/// [module docs](crate::storage) and cannot be implemented outside this crate.
///
/// # Safety
///
/// An implementation promises that, for as long as a value is not mutated through any means
/// other than [`StorageMut::as_mut_slice`], every call to [`as_slice`](Storage::as_slice)
/// returns a slice of the same length, and that `as_slice` and `as_mut_slice` return the same
/// elements. Tensors validate their layout against that length once and rely on it afterwards
/// (invariant 1 of [`TensorBase`](crate::TensorBase)). `WRITABLE` must be `true` exactly when
/// the type implements [`StorageMut`].
///
/// # Examples
///
/// ```
/// use ranked::storage::Storage;
///
/// let data = [1, 2, 3];
/// assert_eq!(Storage::as_slice(&&data[..]).len(), 3);
/// ```
pub unsafe trait Storage: sealed::Sealed {
    /// The element type.
    type Elem;

    /// Whether tensors over this storage can be written through. When `true`, a layout must map
    /// every index to a different element (invariant 2 of [`TensorBase`](crate::TensorBase)),
    /// so broadcast and overlapping layouts are refused.
    const WRITABLE: bool;

    /// The whole buffer, including elements the layout may not reach.
    fn as_slice(&self) -> &[Self::Elem];

    /// Hands back the buffer as a `Vec` without copying, if this storage is one.
    #[cfg(feature = "alloc")]
    #[doc(hidden)]
    fn into_vec_if_owned(self) -> Result<Vec<Self::Elem>, Self>
    where
        Self: Sized,
    {
        Err(self)
    }
}

/// Write access to a contiguous buffer of elements.
///
/// Sealed, like [`Storage`].
///
/// # Safety
///
/// See [`Storage`]: the slice returned here has the same length and elements as
/// [`Storage::as_slice`].
///
/// # Examples
///
/// ```
/// use ranked::storage::StorageMut;
///
/// let mut data = [1, 2, 3];
/// StorageMut::as_mut_slice(&mut data)[0] = 7;
/// assert_eq!(data, [7, 2, 3]);
/// ```
#[diagnostic::on_unimplemented(
    message = "this tensor is read-only: its storage `{Self}` cannot be written through",
    label = "needs a writable tensor",
    note = "owned tensors (`Tensor`, `ArrayTensor`) and `TensorViewMut` (from `view_mut()`) can be written; `TensorView`, broadcast views and `SharedTensor` cannot"
)]
pub unsafe trait StorageMut: Storage {
    /// The whole buffer, mutably.
    fn as_mut_slice(&mut self) -> &mut [Self::Elem];
}

/// Every storage but the read-only slice `&[T]`: the tensors that
/// [`reshape`](crate::TensorBase::reshape) borrows (a [`TensorView`](crate::TensorView) is
/// reshaped by value instead, so that the result outlives a temporary view). Sealed.
///
/// # Examples
///
/// ```
/// use ranked::storage::OwnedOrMut;
///
/// fn owned_or_mut<S: OwnedOrMut>() {}
/// owned_or_mut::<Vec<f32>>();
/// owned_or_mut::<&mut [f32]>();
/// ```
pub trait OwnedOrMut: Storage {}

#[cfg(feature = "alloc")]
impl<T> OwnedOrMut for Vec<T> {}
#[cfg(feature = "alloc")]
impl<T> OwnedOrMut for Arc<[T]> {}
impl<T> OwnedOrMut for &mut [T] {}
impl<T, const N: usize> OwnedOrMut for [T; N] {}
impl<T, N: ArrayLength> OwnedOrMut for GenericArray<T, N> {}

/// Storage that can never be written through: `&[T]` and `Arc<[T]>`.
///
/// Only tensors over such storage may hold layouts that map several indices to one element
/// (broadcast, overlapping windows): invariant 2 of [`TensorBase`](crate::TensorBase). Sealed.
///
/// # Safety
///
/// An implementation never implements [`StorageMut`], and its `WRITABLE` is `false`.
///
/// # Examples
///
/// ```
/// use ranked::{Tensor, tensor};
///
/// let t: Tensor<i32, 1> = tensor![1, 2, 3];
/// // `broadcast_to` needs read-only storage: take a view first.
/// let b = t.view().broadcast_to([2, 3]).unwrap();
/// assert_eq!(b.to_vec(), [1, 2, 3, 1, 2, 3]);
/// ```
#[diagnostic::on_unimplemented(
    message = "this tensor can be written through, so it cannot hold a view whose elements alias",
    label = "needs a read-only tensor",
    note = "broadcasting and overlapping windows map several indices to one element; call `.view()` first to get a read-only `TensorView`"
)]
pub unsafe trait ReadOnlyStorage: Storage {}

// SAFETY: a shared slice gives no mutable access.
#[diagnostic::do_not_recommend]
unsafe impl<T> ReadOnlyStorage for &[T] {}
// SAFETY: `Arc<[T]>` gives no mutable access through `Storage`.
#[cfg(feature = "alloc")]
#[diagnostic::do_not_recommend]
unsafe impl<T> ReadOnlyStorage for Arc<[T]> {}

#[cfg(feature = "alloc")]
impl<T> sealed::Sealed for Vec<T> {}
// SAFETY: tensors never call a length-changing method on the `Vec` they own, so its length
// stays what it was when the layout was validated.
#[cfg(feature = "alloc")]
unsafe impl<T> Storage for Vec<T> {
    type Elem = T;
    const WRITABLE: bool = true;
    #[inline]
    fn as_slice(&self) -> &[T] {
        self
    }
    fn into_vec_if_owned(self) -> Result<Vec<T>, Self> {
        Ok(self)
    }
}
// SAFETY: same buffer as `as_slice`.
#[cfg(feature = "alloc")]
#[diagnostic::do_not_recommend]
unsafe impl<T> StorageMut for Vec<T> {
    #[inline]
    fn as_mut_slice(&mut self) -> &mut [T] {
        self
    }
}

impl<T> sealed::Sealed for &[T] {}
// SAFETY: a shared slice never changes length.
unsafe impl<T> Storage for &[T] {
    type Elem = T;
    const WRITABLE: bool = false;
    #[inline]
    fn as_slice(&self) -> &[T] {
        self
    }
}

impl<T> sealed::Sealed for &mut [T] {}
// SAFETY: a mutable slice never changes length.
unsafe impl<T> Storage for &mut [T] {
    type Elem = T;
    const WRITABLE: bool = true;
    #[inline]
    fn as_slice(&self) -> &[T] {
        self
    }
}
// SAFETY: same buffer as `as_slice`.
#[diagnostic::do_not_recommend]
unsafe impl<T> StorageMut for &mut [T] {
    #[inline]
    fn as_mut_slice(&mut self) -> &mut [T] {
        self
    }
}

impl<T, const N: usize> sealed::Sealed for [T; N] {}
// SAFETY: an array's length is its type.
unsafe impl<T, const N: usize> Storage for [T; N] {
    type Elem = T;
    const WRITABLE: bool = true;
    #[inline]
    fn as_slice(&self) -> &[T] {
        self
    }
}
// SAFETY: same buffer as `as_slice`.
#[diagnostic::do_not_recommend]
unsafe impl<T, const N: usize> StorageMut for [T; N] {
    #[inline]
    fn as_mut_slice(&mut self) -> &mut [T] {
        self
    }
}

impl<T, N: ArrayLength> sealed::Sealed for GenericArray<T, N> {}
// SAFETY: a generic array's length is its type.
unsafe impl<T, N: ArrayLength> Storage for GenericArray<T, N> {
    type Elem = T;
    const WRITABLE: bool = true;
    #[inline]
    fn as_slice(&self) -> &[T] {
        GenericArray::as_slice(self)
    }
}
// SAFETY: same buffer as `as_slice`.
#[diagnostic::do_not_recommend]
unsafe impl<T, N: ArrayLength> StorageMut for GenericArray<T, N> {
    #[inline]
    fn as_mut_slice(&mut self) -> &mut [T] {
        GenericArray::as_mut_slice(self)
    }
}

#[cfg(feature = "alloc")]
impl<T> sealed::Sealed for Arc<[T]> {}
// SAFETY: the shared slice behind an `Arc` never changes length, and `Arc<[T]>` gives no
// mutable access.
#[cfg(feature = "alloc")]
unsafe impl<T> Storage for Arc<[T]> {
    type Elem = T;
    const WRITABLE: bool = false;
    #[inline]
    fn as_slice(&self) -> &[T] {
        self
    }
}
