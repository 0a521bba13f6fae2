//! What can hold a tensor's elements.
//!
//! [`Storage`] (read access) and [`StorageMut`] (write access) are implemented for:
//!
//! | storage | needs | access | typical alias |
//! |---|---|---|---|
//! | `Vec<T>` | `alloc` | read + write | [`Tensor`](crate::Tensor) |
//! | [`ViewRepr<'a, T>`] (borrows `&'a [T]`, or strided foreign memory) | — | read | [`TensorView`](crate::TensorView) |
//! | [`ViewReprMut<'a, T>`] (borrows `&'a mut [T]`, or strided foreign memory) | — | read + write | [`TensorViewMut`](crate::TensorViewMut) |
//! | `[T; N]` | — | read + write | [`ArrayTensor`](crate::ArrayTensor) |
//! | `GenericArray<T, N>` | — | read + write | [`GenericTensor`](crate::GenericTensor) |
//! | `Arc<[T]>` | `alloc` | read (cheap to clone) | [`SharedTensor`](crate::SharedTensor) |
//!
//! Both traits are sealed: the tensor's safety rests on how these storages behave (see the
//! `# Safety` sections), so only this crate implements them.

#[cfg(feature = "alloc")]
use alloc::{sync::Arc, vec::Vec};

use core::marker::PhantomData;
use core::ptr::NonNull;

use generic_array::{ArrayLength, GenericArray};

mod sealed {
    pub trait Sealed {}
}

/// Read access to a buffer of elements.
///
/// This trait is sealed: it is implemented for the storages listed in the
/// [module docs](crate::storage) and cannot be implemented outside this crate.
///
/// # Safety
///
/// An implementation promises that, for as long as a value is not mutated through any means
/// other than [`StorageMut::elems_mut`], every call to [`elems`](Storage::elems) returns a
/// [`ViewRepr`] over the same buffer with the same length, and that `elems` and `elems_mut`
/// reach the same elements. Tensors validate their layout against that length once and rely on
/// it afterwards (invariant 1 of [`TensorBase`](crate::TensorBase)). `WRITABLE` must be `true`
/// exactly when the type implements [`StorageMut`].
///
/// # Examples
///
/// ```
/// use ranked::storage::Storage;
///
/// let data = [1, 2, 3];
/// assert_eq!(Storage::elems(&data).len(), 3);
/// ```
pub unsafe trait Storage: sealed::Sealed {
    /// The element type.
    type Elem;

    /// Whether tensors over this storage can be written through. When `true`, a layout must map
    /// every index to a different element (invariant 2 of [`TensorBase`](crate::TensorBase)),
    /// so broadcast and overlapping layouts are refused.
    const WRITABLE: bool;

    /// The whole buffer, borrowed, including elements the layout may not reach.
    fn elems(&self) -> ViewRepr<'_, Self::Elem>;

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

/// Write access to a buffer of elements.
///
/// Sealed, like [`Storage`].
///
/// # Safety
///
/// See [`Storage`]: the buffer returned here has the same length and elements as
/// [`Storage::elems`].
///
/// # Examples
///
/// ```
/// use ranked::storage::StorageMut;
///
/// let mut data = [1, 2, 3];
/// assert_eq!(StorageMut::elems_mut(&mut data).len(), 3);
/// ```
#[diagnostic::on_unimplemented(
    message = "this tensor is read-only: its storage `{Self}` cannot be written through",
    label = "needs a writable tensor",
    note = "owned tensors (`Tensor`, `ArrayTensor`) and `TensorViewMut` (from `view_mut()`) can be written; `TensorView`, broadcast views and `SharedTensor` cannot"
)]
pub unsafe trait StorageMut: Storage {
    /// The whole buffer, mutably borrowed.
    fn elems_mut(&mut self) -> ViewReprMut<'_, Self::Elem>;
}

/// What a storage argument of [`from_raw_parts`](crate::TensorBase::from_raw_parts) and
/// [`from_storage`](crate::TensorBase::from_storage) may be: the storage itself, or for views a
/// borrowed slice (`&[T]` or `&[T; N]` for [`TensorView`](crate::TensorView), `&mut [T]` or
/// `&mut [T; N]` for [`TensorViewMut`](crate::TensorViewMut)). Sealed.
///
/// # Examples
///
/// ```
/// use ranked::{Layout, TensorView};
///
/// let data = [1, 2, 3, 4];
/// let v = TensorView::from_raw_parts(&data[..], Layout::from_parts([2], [2], 1)).unwrap();
/// assert_eq!(v.to_vec(), [2, 4]);
/// ```
pub trait IntoStorage<S: Storage>: sealed::Sealed {
    /// The storage.
    #[doc(hidden)]
    fn into_storage(self) -> S;
}

impl<S: Storage> IntoStorage<S> for S {
    #[inline]
    fn into_storage(self) -> S {
        self
    }
}
impl<T> sealed::Sealed for &[T] {}
impl<'a, T> IntoStorage<ViewRepr<'a, T>> for &'a [T] {
    #[inline]
    fn into_storage(self) -> ViewRepr<'a, T> {
        ViewRepr::from_slice(self)
    }
}
impl<T, const N: usize> sealed::Sealed for &[T; N] {}
impl<'a, T, const N: usize> IntoStorage<ViewRepr<'a, T>> for &'a [T; N] {
    #[inline]
    fn into_storage(self) -> ViewRepr<'a, T> {
        ViewRepr::from_slice(self)
    }
}
impl<T> sealed::Sealed for &mut [T] {}
impl<'a, T> IntoStorage<ViewReprMut<'a, T>> for &'a mut [T] {
    #[inline]
    fn into_storage(self) -> ViewReprMut<'a, T> {
        ViewReprMut::from_slice(self)
    }
}
impl<'a, T> IntoStorage<ViewRepr<'a, T>> for &'a mut [T] {
    #[inline]
    fn into_storage(self) -> ViewRepr<'a, T> {
        ViewRepr::from_slice(self)
    }
}
impl<T, const N: usize> sealed::Sealed for &mut [T; N] {}
impl<'a, T, const N: usize> IntoStorage<ViewReprMut<'a, T>> for &'a mut [T; N] {
    #[inline]
    fn into_storage(self) -> ViewReprMut<'a, T> {
        ViewReprMut::from_slice(self)
    }
}

/// Every storage but the read-only view: the tensors that
/// [`reshape`](crate::TensorBase::reshape) borrows (a [`TensorView`](crate::TensorView) is
/// reshaped by value instead, so that the result outlives a temporary view). Sealed.
///
/// # Examples
///
/// ```
/// use ranked::storage::{OwnedOrMut, ViewReprMut};
///
/// fn owned_or_mut<S: OwnedOrMut>() {}
/// owned_or_mut::<Vec<f32>>();
/// owned_or_mut::<ViewReprMut<'_, f32>>();
/// ```
pub trait OwnedOrMut: Storage {}

#[cfg(feature = "alloc")]
impl<T> OwnedOrMut for Vec<T> {}
#[cfg(feature = "alloc")]
impl<T> OwnedOrMut for Arc<[T]> {}
impl<T> OwnedOrMut for ViewReprMut<'_, T> {}
impl<T, const N: usize> OwnedOrMut for [T; N] {}
impl<T, N: ArrayLength> OwnedOrMut for GenericArray<T, N> {}

/// Storage that can never be written through: [`ViewRepr`] (the storage of
/// [`TensorView`](crate::TensorView)) and `Arc<[T]>`.
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

// SAFETY: a `ViewRepr` gives no mutable access.
#[diagnostic::do_not_recommend]
unsafe impl<T> ReadOnlyStorage for ViewRepr<'_, T> {}
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
    fn elems(&self) -> ViewRepr<'_, T> {
        ViewRepr::from_slice(self)
    }
    fn into_vec_if_owned(self) -> Result<Vec<T>, Self> {
        Ok(self)
    }
}
// SAFETY: same buffer as `elems`.
#[cfg(feature = "alloc")]
#[diagnostic::do_not_recommend]
unsafe impl<T> StorageMut for Vec<T> {
    #[inline]
    fn elems_mut(&mut self) -> ViewReprMut<'_, T> {
        ViewReprMut::from_slice(self)
    }
}

impl<T> sealed::Sealed for ViewRepr<'_, T> {}
// SAFETY: a `ViewRepr` never changes; `elems` hands out a copy of it.
unsafe impl<T> Storage for ViewRepr<'_, T> {
    type Elem = T;
    const WRITABLE: bool = false;
    #[inline]
    fn elems(&self) -> ViewRepr<'_, T> {
        *self
    }
}

impl<T> sealed::Sealed for ViewReprMut<'_, T> {}
// SAFETY: a `ViewReprMut` never changes; `elems` and `elems_mut` reborrow the same buffer.
unsafe impl<T> Storage for ViewReprMut<'_, T> {
    type Elem = T;
    const WRITABLE: bool = true;
    #[inline]
    fn elems(&self) -> ViewRepr<'_, T> {
        self.as_view()
    }
}
// SAFETY: same buffer as `elems`.
#[diagnostic::do_not_recommend]
unsafe impl<T> StorageMut for ViewReprMut<'_, T> {
    #[inline]
    fn elems_mut(&mut self) -> ViewReprMut<'_, T> {
        self.reborrow()
    }
}

impl<T, const N: usize> sealed::Sealed for [T; N] {}
// SAFETY: an array's length is its type.
unsafe impl<T, const N: usize> Storage for [T; N] {
    type Elem = T;
    const WRITABLE: bool = true;
    #[inline]
    fn elems(&self) -> ViewRepr<'_, T> {
        ViewRepr::from_slice(self)
    }
}
// SAFETY: same buffer as `elems`.
#[diagnostic::do_not_recommend]
unsafe impl<T, const N: usize> StorageMut for [T; N] {
    #[inline]
    fn elems_mut(&mut self) -> ViewReprMut<'_, T> {
        ViewReprMut::from_slice(self)
    }
}

impl<T, N: ArrayLength> sealed::Sealed for GenericArray<T, N> {}
// SAFETY: a generic array's length is its type.
unsafe impl<T, N: ArrayLength> Storage for GenericArray<T, N> {
    type Elem = T;
    const WRITABLE: bool = true;
    #[inline]
    fn elems(&self) -> ViewRepr<'_, T> {
        ViewRepr::from_slice(GenericArray::as_slice(self))
    }
}
// SAFETY: same buffer as `elems`.
#[diagnostic::do_not_recommend]
unsafe impl<T, N: ArrayLength> StorageMut for GenericArray<T, N> {
    #[inline]
    fn elems_mut(&mut self) -> ViewReprMut<'_, T> {
        ViewReprMut::from_slice(GenericArray::as_mut_slice(self))
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
    fn elems(&self) -> ViewRepr<'_, T> {
        ViewRepr::from_slice(self)
    }
}

/// How a view's storage records whether it has gaps: a whole word (0 or 1) where speed comes
/// first. As a one-byte `bool`, its spare values held the tag of a `Result` carrying a view,
/// and the optimiser moved the seven bytes after it as two overlapping four-byte pieces, which
/// the next whole-word read waited for (a failed store-to-load forward, a quarter of a tiny
/// `reshape_view`). A `bool` on bare metal, where the word's handling costs flash.
#[cfg(not(target_os = "none"))]
type GapsFlag = usize;
/// See above.
#[cfg(target_os = "none")]
type GapsFlag = bool;

/// The flag for `gaps`.
#[inline(always)]
const fn gaps_flag(gaps: bool) -> GapsFlag {
    // A cast from `bool` to itself on bare metal.
    #[allow(clippy::unnecessary_cast)]
    {
        gaps as GapsFlag
    }
}

/// Whether `flag` says the storage has gaps.
#[inline(always)]
#[cfg(not(target_os = "none"))]
const fn flag_set(flag: GapsFlag) -> bool {
    flag != 0
}
/// See above.
#[inline(always)]
#[cfg(target_os = "none")]
const fn flag_set(flag: GapsFlag) -> bool {
    flag
}

/// The storage of a [`TensorView`](crate::TensorView): elements borrowed for `'a` through a
/// pointer, like `&'a [T]` but able to describe memory with gaps that the view does not reach
/// (a column of a matrix, a matrix whose columns are padded) without asserting anything about
/// the gaps. ndarray's `ArrayView` holds the same kind of storage.
///
/// Built from a slice (`ViewRepr::from(&data[..])`, or by passing the slice to
/// [`from_raw_parts`](crate::TensorBase::from_raw_parts) or
/// [`from_storage`](crate::TensorBase::from_storage)), it is that slice. A view converted from
/// ndarray, nalgebra or faer that does not reach every position between its lowest and highest
/// element holds a `ViewRepr` *with gaps*: such a storage only ever holds the layout it came
/// with, or layouts derived from it by view operations.
///
/// # Invariants
///
/// 1. During `'a`, every position `p < len` that a layout over this storage can reach holds an
///    initialised `T` at `ptr + p`, readable through `ptr`, which nothing writes during `'a`
///    (outside `UnsafeCell`s inside `T`). Without gaps, that is every `p < len`: the buffer is
///    a `&'a [T]`. With gaps, the reachable positions are those of the layout the storage came
///    with (see [`TensorBase`](crate::TensorBase)'s invariant 1).
/// 2. `ptr` is non-null and aligned for `T`, and `len * size_of::<T>()` is at most
///    `isize::MAX`, as for a slice.
///
/// # Examples
///
/// ```
/// use ranked::storage::ViewRepr;
///
/// let data = [1, 2, 3];
/// let repr = ViewRepr::from(&data[..]);
/// assert_eq!(repr.len(), 3);
/// assert_eq!(repr.as_slice(), Some(&data[..]));
/// ```
pub struct ViewRepr<'a, T> {
    ptr: NonNull<T>,
    len: usize,
    gaps: GapsFlag,
    life: PhantomData<&'a [T]>,
}

/// The storage of a [`TensorViewMut`](crate::TensorViewMut): elements borrowed mutably for
/// `'a` through a pointer, like `&'a mut [T]` but able to describe memory with gaps that the
/// view does not reach (see [`ViewRepr`]).
///
/// # Invariants
///
/// As [`ViewRepr`]'s, with exclusive access: during `'a` nothing but this storage reads or
/// writes the positions its layout can reach.
///
/// # Examples
///
/// ```
/// use ranked::storage::ViewReprMut;
///
/// let mut data = [1, 2, 3];
/// let repr = ViewReprMut::from(&mut data[..]);
/// assert_eq!(repr.len(), 3);
/// ```
pub struct ViewReprMut<'a, T> {
    ptr: NonNull<T>,
    len: usize,
    gaps: GapsFlag,
    life: PhantomData<&'a mut [T]>,
}

// SAFETY: a `ViewRepr` is a shared borrow of `T`s (invariant 1), like `&[T]`.
unsafe impl<T: Sync> Send for ViewRepr<'_, T> {}
// SAFETY: as above.
unsafe impl<T: Sync> Sync for ViewRepr<'_, T> {}
// SAFETY: a `ViewReprMut` is an exclusive borrow of `T`s, like `&mut [T]`.
unsafe impl<T: Send> Send for ViewReprMut<'_, T> {}
// SAFETY: shared access to a `ViewReprMut` only reads (`Storage::elems`), like `&&mut [T]`.
unsafe impl<T: Sync> Sync for ViewReprMut<'_, T> {}

impl<T> Clone for ViewRepr<'_, T> {
    #[inline]
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for ViewRepr<'_, T> {}

impl<T> core::fmt::Debug for ViewRepr<'_, T> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("ViewRepr")
            .field("ptr", &self.ptr)
            .field("len", &self.len)
            .field("gaps", &flag_set(self.gaps))
            .finish()
    }
}
impl<T> core::fmt::Debug for ViewReprMut<'_, T> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("ViewReprMut")
            .field("ptr", &self.ptr)
            .field("len", &self.len)
            .field("gaps", &flag_set(self.gaps))
            .finish()
    }
}

impl<'a, T> From<&'a [T]> for ViewRepr<'a, T> {
    #[inline]
    fn from(data: &'a [T]) -> Self {
        Self::from_slice(data)
    }
}
impl<'a, T> From<&'a mut [T]> for ViewReprMut<'a, T> {
    #[inline]
    fn from(data: &'a mut [T]) -> Self {
        Self::from_slice(data)
    }
}

impl<'a, T> ViewRepr<'a, T> {
    /// The whole slice, without gaps. `const`, so that a `static` array can be viewed in a
    /// `const` or `static` item.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::storage::ViewRepr;
    ///
    /// static DATA: [u8; 4] = [1, 2, 3, 4];
    /// const REPR: ViewRepr<'static, u8> = ViewRepr::from_slice(&DATA);
    /// assert_eq!(REPR.len(), 4);
    /// ```
    #[inline]
    #[must_use]
    pub const fn from_slice(data: &'a [T]) -> Self {
        // SAFETY: a slice's pointer is non-null and aligned (invariant 2), and every one of its
        // elements is initialised and shared for `'a` (invariant 1, without gaps).
        unsafe {
            Self::from_raw(
                NonNull::new_unchecked(data.as_ptr().cast_mut()),
                data.len(),
                false,
            )
        }
    }

    /// A storage over `len` positions from `ptr`.
    ///
    /// # Safety
    ///
    /// Invariants 1 and 2 for `'a`: without `gaps`, `ptr` and `len` make a valid `&'a [T]`;
    /// with `gaps`, the storage is only ever given one layout valid for `len` whose reachable
    /// positions hold shared, initialised elements (and layouts derived from it by view
    /// arithmetic).
    #[inline]
    pub(crate) const unsafe fn from_raw(ptr: NonNull<T>, len: usize, gaps: bool) -> Self {
        Self {
            ptr,
            len,
            gaps: gaps_flag(gaps),
            life: PhantomData,
        }
    }

    /// How many positions the storage spans, gaps included.
    #[inline]
    #[must_use]
    pub const fn len(&self) -> usize {
        self.len
    }

    /// Whether the storage spans no position.
    #[inline]
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether the storage came from a strided view of foreign memory whose positions are not
    /// all elements. Such a storage only holds the layout it came with (and layouts derived
    /// from it by view operations).
    #[inline]
    #[must_use]
    pub const fn has_gaps(&self) -> bool {
        flag_set(self.gaps)
    }

    /// The length a new layout may be validated against: the whole span without gaps;
    /// [`ErrorKind::StorageHasGaps`](crate::ErrorKind::StorageHasGaps) with gaps, since only
    /// the layout the storage came with (and its derivations) may reach into it.
    #[inline]
    pub(crate) const fn len_for_new_layout(&self) -> Result<usize, crate::ShapeError> {
        if flag_set(self.gaps) {
            return Err(crate::ShapeError::storage_has_gaps());
        }
        Ok(self.len)
    }

    /// The first position.
    #[inline]
    #[must_use]
    pub const fn as_ptr(&self) -> *const T {
        self.ptr.as_ptr()
    }

    /// The first position, as a `NonNull`.
    #[cfg(any(
        feature = "rayon",
        feature = "ndarray",
        feature = "nalgebra",
        feature = "faer",
        feature = "complex",
        feature = "half"
    ))]
    #[inline]
    pub(crate) const fn as_non_null(&self) -> NonNull<T> {
        self.ptr
    }

    /// The whole buffer as a slice, if it has no gaps.
    #[inline]
    #[must_use]
    pub const fn as_slice(&self) -> Option<&'a [T]> {
        if flag_set(self.gaps) {
            return None;
        }
        // SAFETY: without gaps, `ptr` and `len` are a `&'a [T]` (invariant 1).
        Some(unsafe { core::slice::from_raw_parts(self.ptr.as_ptr(), self.len) })
    }

    /// The element at position `pos`.
    ///
    /// # Safety
    ///
    /// `pos` is a position the storage's layout reaches (invariant 1).
    #[inline(always)]
    pub(crate) unsafe fn get(self, pos: usize) -> &'a T {
        debug_assert!(pos < self.len);
        // SAFETY: the caller's contract and invariant 1: an initialised, shared element.
        unsafe { &*self.ptr.as_ptr().add(pos) }
    }

    /// The element `disp` positions from position `first`: in an indexing loop the pointer
    /// to `first` is computed once, and the offset does not take a register of its own.
    ///
    /// # Safety
    ///
    /// `first` and `first + disp` are positions the storage's layout reaches (invariant 1).
    #[inline(always)]
    pub(crate) unsafe fn get_from(self, first: usize, disp: isize) -> &'a T {
        debug_assert!(
            first
                .checked_add_signed(disp)
                .is_some_and(|pos| pos < self.len)
        );
        // SAFETY: the caller's contract and invariant 1: both positions are inside the
        // buffer, an initialised, shared element at the second.
        unsafe { &*self.ptr.as_ptr().add(first).offset(disp) }
    }

    /// The `n` elements at positions `pos..pos + n`.
    ///
    /// # Safety
    ///
    /// The layout reaches every one of those positions (invariant 1).
    #[inline(always)]
    pub(crate) unsafe fn run(self, pos: usize, n: usize) -> &'a [T] {
        debug_assert!(n == 0 || pos + n <= self.len);
        // SAFETY: the caller's contract and invariants 1 and 2.
        unsafe { core::slice::from_raw_parts(self.ptr.as_ptr().add(pos), n) }
    }
}

impl<'a, T> ViewReprMut<'a, T> {
    /// The whole slice, without gaps.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::storage::ViewReprMut;
    ///
    /// let mut data = [1, 2];
    /// assert_eq!(ViewReprMut::from_slice(&mut data).len(), 2);
    /// ```
    #[inline]
    #[must_use]
    pub fn from_slice(data: &'a mut [T]) -> Self {
        let len = data.len();
        // SAFETY: a mutable slice is a valid, exclusive, gap-free buffer for `'a`.
        unsafe { Self::from_raw(NonNull::from(data).cast(), len, false) }
    }

    /// A storage over `len` positions from `ptr`.
    ///
    /// # Safety
    ///
    /// As [`ViewRepr::from_raw`], with exclusive access for `'a`.
    #[inline]
    pub(crate) const unsafe fn from_raw(ptr: NonNull<T>, len: usize, gaps: bool) -> Self {
        Self {
            ptr,
            len,
            gaps: gaps_flag(gaps),
            life: PhantomData,
        }
    }

    /// How many positions the storage spans, gaps included.
    #[inline]
    #[must_use]
    pub const fn len(&self) -> usize {
        self.len
    }

    /// Whether the storage spans no position.
    #[inline]
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether the storage came from a strided view of foreign memory (see
    /// [`ViewRepr::has_gaps`]).
    #[inline]
    #[must_use]
    pub const fn has_gaps(&self) -> bool {
        flag_set(self.gaps)
    }

    /// The first position.
    #[inline]
    #[must_use]
    pub fn as_mut_ptr(&mut self) -> *mut T {
        self.ptr.as_ptr()
    }

    /// The first position, as a `NonNull`, for writes.
    #[inline]
    pub(crate) fn as_non_null(&mut self) -> NonNull<T> {
        self.ptr
    }

    /// A read-only storage over the same positions, for as long as `self` is borrowed.
    #[inline]
    pub(crate) fn as_view(&self) -> ViewRepr<'_, T> {
        // SAFETY: shared access for the borrow of `self`, which excludes writes through it.
        unsafe { ViewRepr::from_raw(self.ptr, self.len, flag_set(self.gaps)) }
    }

    /// The same storage, for as long as `self` is borrowed.
    #[inline]
    pub(crate) fn reborrow(&mut self) -> ViewReprMut<'_, T> {
        // SAFETY: exclusive access is lent for the borrow of `self`.
        unsafe { ViewReprMut::from_raw(self.ptr, self.len, flag_set(self.gaps)) }
    }

    /// A pointer to position `pos`, for writes.
    ///
    /// # Safety
    ///
    /// `pos` is at most `len` (one past the end is allowed).
    #[inline(always)]
    pub(crate) unsafe fn ptr_at(&mut self, pos: usize) -> *mut T {
        // SAFETY: the caller's contract: inside (or one past) the buffer.
        unsafe { self.ptr.as_ptr().add(pos) }
    }

    /// The element at position `pos`, mutably.
    ///
    /// # Safety
    ///
    /// `pos` is a position the storage's layout reaches (invariant 1).
    #[inline(always)]
    pub(crate) unsafe fn get_mut(&mut self, pos: usize) -> &mut T {
        debug_assert!(pos < self.len);
        // SAFETY: the caller's contract and invariant 1, with exclusive access.
        unsafe { &mut *self.ptr.as_ptr().add(pos) }
    }

    /// The element at position `pos`, mutably, for the rest of `'a`.
    ///
    /// # Safety
    ///
    /// As [`get_mut`](Self::get_mut), and no other reference to that element is made from this
    /// storage during `'a`.
    #[inline(always)]
    pub(crate) unsafe fn into_mut(self, pos: usize) -> &'a mut T {
        debug_assert!(pos < self.len);
        // SAFETY: the caller's contract and invariant 1.
        unsafe { &mut *self.ptr.as_ptr().add(pos) }
    }

    /// The element `disp` positions from position `first`, mutably, for the rest of `'a` (as
    /// [`ViewRepr::get_from`] for shared elements).
    ///
    /// # Safety
    ///
    /// As [`into_mut`](Self::into_mut) for position `first + disp`, and `first` is a position
    /// the storage's layout reaches.
    #[inline(always)]
    pub(crate) unsafe fn into_mut_from(self, first: usize, disp: isize) -> &'a mut T {
        debug_assert!(
            first
                .checked_add_signed(disp)
                .is_some_and(|pos| pos < self.len)
        );
        // SAFETY: the caller's contract and invariant 1: both positions are inside the buffer.
        unsafe { &mut *self.ptr.as_ptr().add(first).offset(disp) }
    }

    /// The `n` elements at positions `pos..pos + n`, mutably.
    ///
    /// # Safety
    ///
    /// The layout reaches every one of those positions (invariant 1).
    #[inline(always)]
    pub(crate) unsafe fn run_mut(&mut self, pos: usize, n: usize) -> &mut [T] {
        debug_assert!(n == 0 || pos + n <= self.len);
        // SAFETY: the caller's contract and invariants 1 and 2, with exclusive access.
        unsafe { core::slice::from_raw_parts_mut(self.ptr.as_ptr().add(pos), n) }
    }

    /// The `n` elements at positions `pos..pos + n`, mutably, for the rest of `'a`.
    ///
    /// # Safety
    ///
    /// As [`run_mut`](Self::run_mut), and no other reference to those elements is made from
    /// this storage during `'a`.
    #[inline(always)]
    pub(crate) unsafe fn into_run(self, pos: usize, n: usize) -> &'a mut [T] {
        debug_assert!(n == 0 || pos + n <= self.len);
        // SAFETY: the caller's contract and invariants 1 and 2, with exclusive access.
        unsafe { core::slice::from_raw_parts_mut(self.ptr.as_ptr().add(pos), n) }
    }

    /// The same positions, as a storage with gaps: it only ever holds the layout it is given
    /// next (invariant 1), and claims nothing of the positions that layout does not reach.
    #[cfg(feature = "rayon")]
    pub(crate) fn into_gapped(self) -> Self {
        // SAFETY: the same buffer, exclusively for `'a`; with gaps it claims only the
        // positions its layout reaches, a subset of what `self` held.
        unsafe { Self::from_raw(self.ptr, self.len, true) }
    }

    /// Two storages with gaps over the same positions, for pieces of one layout that interleave
    /// in memory.
    ///
    /// # Safety
    ///
    /// `self` has gaps, and the two storages are given layouts (with those derived from them
    /// by view operations) that reach disjoint positions among those `self`'s layout reaches:
    /// then each holds its positions exclusively (invariant 1).
    #[cfg(feature = "rayon")]
    pub(crate) unsafe fn share_gapped(self) -> (Self, Self) {
        debug_assert!(flag_set(self.gaps));
        // SAFETY: the caller's contract: the two storages reach disjoint positions.
        unsafe {
            (
                Self::from_raw(self.ptr, self.len, true),
                Self::from_raw(self.ptr, self.len, true),
            )
        }
    }

    /// Positions `..mid` and `mid..` as two storages with disjoint positions (position `mid` of
    /// `self` is position 0 of the second); `None` if `mid` is beyond the end.
    pub(crate) fn split_at(self, mid: usize) -> Option<(Self, Self)> {
        if mid > self.len {
            return None;
        }
        // SAFETY: `mid <= len`, so the second pointer stays inside (or one past) the buffer; the
        // two storages cover disjoint positions of this one, each exclusively for `'a`.
        unsafe {
            let high = NonNull::new_unchecked(self.ptr.as_ptr().add(mid));
            Some((
                Self::from_raw(self.ptr, mid, flag_set(self.gaps)),
                Self::from_raw(high, self.len - mid, flag_set(self.gaps)),
            ))
        }
    }
}
