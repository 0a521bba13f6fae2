//! [`TensorBase`]: storage plus a [`Layout`], and the aliases users write.
//!
//! This file holds the struct, its invariants, the aliases, construction from parts and
//! element access and writing (kept here so that the compiler's notes name them
//! `TensorBase::<S, R>::…`); `owned` and `borrowed` the constructors, `copies` the copies into
//! new memory, and `traits` the standard traits (indexing, equality, iteration).

#[cfg(feature = "alloc")]
use alloc::{sync::Arc, vec::Vec};
use core::ops::{Index, IndexMut};

#[cfg(feature = "alloc")]
use generic_array::ArrayLength;
use generic_array::GenericArray;

// Named by the documentation's links only.
#[cfg(doc)]
use crate::error::ErrorKind;
use crate::error::ShapeError;
use crate::iter::{IndexedIter, IndexedIterMut, Iter, IterMut};
use crate::layout::{Layout, Order};
use crate::rank::MAX_RANK;
use crate::storage::{IntoStorage, Storage, StorageMut, ViewRepr, ViewReprMut};

mod borrowed;
#[cfg(feature = "alloc")]
mod copies;
#[cfg(feature = "alloc")]
mod owned;
#[cfg(test)]
mod tests;
mod traits;

/// The message of a build that makes a tensor of a rank above [`MAX_RANK`].
const RANK_ABOVE_MAX: &str =
    "ranked supports tensors of rank 0 to 16 (`MAX_RANK`); this tensor's rank is larger";

/// A tensor of rank `R` over storage `S`: the one generic struct behind every tensor type.
///
/// Users normally write one of the aliases: [`Tensor<T, R>`](Tensor) (owned, `Vec`),
/// [`TensorView<'a, T, R>`](TensorView) (borrows `&[T]`), [`TensorViewMut<'a, T, R>`](TensorViewMut)
/// (borrows `&mut [T]`), [`ArrayTensor<T, N, R>`](ArrayTensor) (`[T; N]`, no allocator),
/// [`GenericTensor<T, N, R>`](GenericTensor) (`GenericArray<T, N>`) and
/// [`SharedTensor<T, R>`](SharedTensor) (`Arc<[T]>`).
///
/// The rank `R` is part of the type: indices are `[usize; R]`, so indexing with the wrong number
/// of indices does not compile.
///
/// # Methods summary
///
/// The methods are grouped by what they do; each group is one block below.
///
/// - **Making tensors**: [from parts](#construction-from-parts),
///   [owned](#owned-construction-feature-alloc) (`zeros`, `from_fn`, `from_vec`, …),
///   [filled](#filled-tensors-feature-alloc), [ranges and grids](#ranges-and-grids-feature-alloc),
///   [identity](#identity-and-diagonal-matrices-feature-alloc) and
///   [diagonal](#diagonal-matrices-from-a-vector-feature-alloc) matrices,
///   [without an allocator](#fixed-size-construction-without-an-allocator),
///   [over borrowed memory](#borrowed-construction) and
///   [mutable borrowed memory](#borrowed-mutable-construction); also the macros
///   [`tensor!`](crate::tensor!), [`inline_tensor!`](crate::inline_tensor) and
///   [`tensor_view!`](crate::tensor_view).
/// - **Reading and writing elements**: [shape and access](#shape-and-element-access),
///   [writing](#writing), [copies and `Vec`s](#copies-and-conversions-to-vec-feature-alloc).
/// - **Views**: [view operations](#view-operations) (permute, merge, split, slice with
///   [`s!`](crate::s), …), [matrices](#matrices), [a merge that copies](#copying-merge-feature-alloc),
///   [reshape and the dynamic rank](#reshape-and-conversion-to-the-dynamic-rank), reshapes with a
///   copy when needed of [views](#reshape-of-views-with-a-copy-when-needed-feature-alloc) and of
///   [owned tensors](#reshape-of-owned-and-mutable-tensors-with-a-copy-when-needed-feature-alloc),
///   [splitting](#splitting) and [splitting mutable views](#splitting-mutable-views).
/// - **Iterating**: [by axis](#iteration-by-axis),
///   [mutable sub-views one at a time](#mutable-sub-views-one-at-a-time-along-any-axis),
///   [rows and columns](#rows-and-columns); in lock step over several tensors, [`Zip`](crate::Zip)
///   and [`azip!`](crate::azip).
/// - **Element-wise maths**: [in place](#element-wise-operations),
///   [into new tensors](#element-wise-operations-that-allocate-feature-alloc),
///   [by-value maps](#by-value-maps),
///   [floating-point functions](#floating-point-functions-feature-alloc-for-the-forms-that-return-a-new-tensor)
///   and [with a parameter](#floating-point-functions-with-a-parameter), [clamping](#clamping),
///   `maximum`/`minimum`/`atan2` [with broadcasting](#element-wise-maximum-minimum-and-atan2-with-broadcasting-feature-alloc)
///   and [into new tensors](#element-wise-maximum-minimum-and-atan2-into-new-tensors-feature-alloc);
///   the operators' fallible forms [`try_add`](#try_add--with-broadcasting-feature-alloc),
///   [`try_sub`](#try_sub---with-broadcasting-feature-alloc),
///   [`try_mul`](#try_mul--with-broadcasting-feature-alloc),
///   [`try_div`](#try_div--with-broadcasting-feature-alloc),
///   [`try_rem`](#try_rem--with-broadcasting-feature-alloc).
/// - **Comparisons and masks**: [comparisons](#comparisons-feature-alloc), [masks](#masks),
///   [masks of floats](#masks-of-floating-point-tensors-feature-alloc),
///   [reductions of masks](#reductions-of-masks); choosing by a mask, [`where_`](crate::where_).
/// - **Reductions and statistics**: [over all elements](#reductions-over-all-elements),
///   [along one axis](#reductions-along-one-axis-feature-alloc),
///   [into caller storage](#reductions-along-one-axis-into-caller-storage-no-allocator),
///   [over two axes](#reductions-over-two-axes-at-once-feature-alloc),
///   [statistics](#statistics) and [along an axis](#statistics-along-an-axis-feature-alloc),
///   [arg-extremes](#arg-extremes-along-an-axis-feature-alloc),
///   [cumulative sums](#cumulative-sums-and-products-feature-alloc) and
///   [in place](#cumulative-sums-and-products-in-place).
/// - **Products**: [matrix products](#matrix-products),
///   [matrix · vector](#matrix--vector-products), [of vectors](#products-of-vectors),
///   [into existing storage](#matrix-products-into-existing-storage); the index notation
///   [`einsum!`](crate::einsum) and [`rearrange!`](crate::rearrange).
/// - **Joining**: [`concatenate`](crate::concatenate) and [`stack`](crate::stack).
/// - **Threads** (feature `rayon`): [operations](#parallel-operations-feature-rayon),
///   [iteration by axis](#parallel-iteration-by-axis-feature-rayon) and
///   [mutably](#parallel-mutable-iteration-by-axis-feature-rayon),
///   [indexed iteration](#parallel-indexed-iteration-feature-rayon) and
///   [mutably](#parallel-mutable-indexed-iteration-feature-rayon).
///
/// # Invariants
///
/// These hold for every value of this type; `unsafe` code in the crate cites them by number.
///
/// 1. **The layout is valid for the storage**: [`Layout::validate`] accepts the layout for
///    `storage.elems().len()`. Every in-bounds index therefore maps to a position inside the
///    storage, and the element count fits in `usize`. If the storage has gaps (a view of
///    strided memory converted from ndarray, nalgebra or faer: see
///    [`ViewRepr`]), the layout is also the one the storage came with,
///    or derived from it by view arithmetic, so every position it reaches holds an element.
///    Checked once when a tensor is built from parts; every operation that derives a layout
///    preserves it.
/// 2. **Writable tensors never alias**: if `S::WRITABLE` (the storage implements
///    [`StorageMut`]), [`Layout::check_unique`] accepts the layout, so two different indices
///    never map to one element. Layouts that alias (broadcast with stride 0, overlapping
///    windows) only exist over read-only storage.
/// 3. A dimension of size 0 is legal, and so is rank 0 (a scalar with one element). Ranks go up
///    to [`MAX_RANK`] (16): a program that builds a tensor of a larger rank does
///    not build (rustc reports it when it compiles the code that builds it).
///
/// # Examples
///
/// ```
/// use ranked::{Tensor, tensor};
///
/// let t: Tensor<i32, 2> = tensor![[1, 2, 3], [4, 5, 6]];
/// assert_eq!(t.shape(), &[2, 3]);
/// assert_eq!(t[[1, 2]], 6);
/// assert_eq!(t.get([2, 0]), None);
/// ```
#[derive(Clone, Copy)]
pub struct TensorBase<S, const R: usize> {
    storage: S,
    layout: Layout<R>,
}

/// An owned tensor of rank `R` whose elements live in a `Vec<T>` (feature `alloc`).
///
/// See [`TensorBase`] for all methods.
///
/// # Examples
///
/// ```
/// use ranked::Tensor;
///
/// let t: Tensor<f32, 3> = Tensor::zeros([2, 3, 4]);
/// assert_eq!(t.len(), 24);
/// ```
#[cfg(feature = "alloc")]
pub type Tensor<T, const R: usize> = TensorBase<Vec<T>, R>;

/// A read-only view of rank `R` over borrowed elements. See [`TensorBase`] for all methods.
///
/// # Examples
///
/// ```
/// use ranked::TensorView;
///
/// let data = [1, 2, 3, 4, 5, 6];
/// let v = TensorView::from_slice(&data, [3, 2]).unwrap();
/// assert_eq!(v[[2, 1]], 6);
/// ```
pub type TensorView<'a, T, const R: usize> = TensorBase<ViewRepr<'a, T>, R>;

/// A mutable view of rank `R` over borrowed elements. See [`TensorBase`] for all methods.
///
/// # Examples
///
/// ```
/// use ranked::TensorViewMut;
///
/// let mut data = [0; 4];
/// let mut v = TensorViewMut::from_slice_mut(&mut data, [2, 2]).unwrap();
/// v[[1, 0]] = 7;
/// assert_eq!(data, [0, 0, 7, 0]);
/// ```
pub type TensorViewMut<'a, T, const R: usize> = TensorBase<ViewReprMut<'a, T>, R>;

/// An owned tensor of rank `R` in a fixed array `[T; N]`: no allocator needed.
/// See [`TensorBase`] for all methods.
///
/// # Examples
///
/// ```
/// use ranked::{ArrayTensor, inline_tensor};
///
/// let t: ArrayTensor<i32, 6, 2> = inline_tensor![[1, 2, 3], [4, 5, 6]];
/// assert_eq!(t[[1, 0]], 4);
/// ```
pub type ArrayTensor<T, const N: usize, const R: usize> = TensorBase<[T; N], R>;

/// An owned tensor of rank `R` in a `GenericArray<T, N>` (length computed by `typenum`): no
/// allocator needed. See [`TensorBase`] for all methods.
///
/// # Examples
///
/// ```
/// use ranked::{GenericTensor, generic_array::GenericArray, typenum::U6};
///
/// let data: GenericArray<u8, U6> = GenericArray::from_array([1, 2, 3, 4, 5, 6]);
/// let t: GenericTensor<u8, U6, 2> = GenericTensor::from_storage(data, [2, 3]).unwrap();
/// assert_eq!(t[[1, 1]], 5);
/// ```
pub type GenericTensor<T, N, const R: usize> = TensorBase<GenericArray<T, N>, R>;

/// A read-only tensor of rank `R` over `Arc<[T]>`: cloning it shares the elements instead of
/// copying them (feature `alloc`). See [`TensorBase`] for all methods.
///
/// # Examples
///
/// ```
/// use ranked::{SharedTensor, Tensor};
///
/// let t: SharedTensor<i32, 1> = Tensor::from_vec(vec![1, 2, 3], [3]).unwrap().into_shared();
/// let u = t.clone(); // no element is copied
/// assert_eq!(u.as_ptr(), t.as_ptr());
/// ```
#[cfg(feature = "alloc")]
pub type SharedTensor<T, const R: usize> = TensorBase<Arc<[T]>, R>;

/// The panic of `t[index]`, cold and out of line.
#[cold]
#[inline(never)]
#[track_caller]
fn index_out_of_bounds<const R: usize>(index: [usize; R], shape: [usize; R]) -> ! {
    panic!("index {index:?} is out of bounds for a tensor of shape {shape:?}")
}

#[cfg(feature = "alloc")]
#[cold]
#[track_caller]
pub(crate) fn shape_error(what: &str, err: ShapeError) -> ! {
    panic!("{what}: {err}")
}

/// # Construction from parts
impl<S: Storage, const R: usize> TensorBase<S, R> {
    /// The rank, `R`, as an associated constant.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Tensor;
    ///
    /// assert_eq!(Tensor::<f32, 3>::RANK, 3);
    /// ```
    pub const RANK: usize = R;

    /// Evaluated by every tensor built (see [`from_parts_unchecked`](Self::from_parts_unchecked)):
    /// a rank above [`MAX_RANK`] does not build.
    const RANK_IS_SUPPORTED: () = assert!(R <= MAX_RANK, "{}", RANK_ABOVE_MAX);

    /// Builds a tensor from a storage and a layout without checking them.
    ///
    /// # Safety
    ///
    /// `layout` must satisfy invariants 1 and 2 of [`TensorBase`] for `storage`.
    ///
    /// Every tensor is built here, so this is where a rank above [`MAX_RANK`] is
    /// refused: the program does not build (the rank arithmetic, and so every rank-changing
    /// operation, stops at 16).
    #[inline]
    pub(crate) const unsafe fn from_parts_unchecked(storage: S, layout: Layout<R>) -> Self {
        let () = Self::RANK_IS_SUPPORTED;
        Self { storage, layout }
    }

    /// The storage, for the crate's modules that read it alongside [`layout`](Self::layout).
    pub(crate) const fn storage(&self) -> &S {
        &self.storage
    }

    /// The storage, mutably. Callers never change its length (the layout was validated
    /// against it: invariant 1).
    pub(crate) fn storage_mut(&mut self) -> &mut S {
        &mut self.storage
    }

    /// Builds a tensor from a storage and an explicit layout (strides may be negative), after
    /// checking that the layout is valid for the storage and, for writable storage, that no
    /// two indices share an element.
    ///
    /// # Errors
    ///
    /// Whatever [`Layout::validate`] reports for the storage length; for writable storage
    /// also [`ErrorKind::Overlap`] from [`Layout::check_unique`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Layout, TensorView};
    ///
    /// let data = [1, 2, 3, 4, 5, 6];
    /// // Flipping [1..=6] gives stride -1 and offset 5.
    /// let flipped = TensorView::from_raw_parts(&data[..], Layout::from_parts([6], [-1], 5)).unwrap();
    /// assert_eq!(flipped.to_vec(), [6, 5, 4, 3, 2, 1]);
    /// ```
    pub fn from_raw_parts(
        storage: impl IntoStorage<S>,
        layout: Layout<R>,
    ) -> Result<Self, ShapeError> {
        let storage = storage.into_storage();
        layout.validate(storage.elems().len_for_new_layout()?)?;
        if S::WRITABLE {
            layout.check_unique()?;
        }
        // SAFETY: invariant 1 was just checked by `validate`, invariant 2 by `check_unique`
        // whenever the storage is writable.
        Ok(unsafe { Self::from_parts_unchecked(storage, layout) })
    }

    /// Wraps a storage whose elements are in row-major order as a tensor of the given shape.
    /// One size may be [`INFER`](crate::INFER): it becomes the size that makes the shape hold
    /// the storage's elements (NumPy's `-1` in `reshape`). A shape with a size 0 holds no
    /// elements whatever its other sizes, so its sizes are kept as given. Every constructor
    /// that takes a storage and a shape (`from_vec`, `from_slice`, `from_slice_mut`, …) comes
    /// here.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::LengthMismatch`] if the storage does not hold exactly as many elements as
    /// the shape; [`ErrorKind::Overflow`] if the element count overflows. With `INFER`:
    /// [`ErrorKind::MultipleInferred`] for more than one, [`ErrorKind::NotDivisible`] (naming
    /// the inferred axis) when the other sizes do not divide the storage's length.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::ArrayTensor;
    ///
    /// let t = ArrayTensor::from_storage([1, 2, 3, 4, 5, 6], [2, 3]).unwrap();
    /// assert_eq!(t[[1, 0]], 4);
    /// assert!(ArrayTensor::from_storage([1, 2, 3], [2, 2]).is_err());
    /// let rows = ArrayTensor::from_storage([1, 2, 3, 4, 5, 6], [ranked::INFER, 3]).unwrap();
    /// assert_eq!(rows.shape(), &[2, 3]);
    /// let err = ArrayTensor::from_storage([1, 2, 3, 4, 5], [ranked::INFER, 3]).unwrap_err();
    /// assert_eq!((err.kind(), err.axis()), (ranked::ErrorKind::NotDivisible, Some(0)));
    /// ```
    pub fn from_storage(
        storage: impl IntoStorage<S>,
        shape: [usize; R],
    ) -> Result<Self, ShapeError> {
        Self::from_storage_with_order(storage, shape, Order::RowMajor)
    }

    /// Wraps a storage whose elements are in the given memory order.
    ///
    /// # Errors
    ///
    /// As [`from_storage`](Self::from_storage).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Order, TensorView};
    ///
    /// let data = [1, 2, 3, 4, 5, 6];
    /// let f = TensorView::from_storage_with_order(&data[..], [2, 3], Order::ColumnMajor).unwrap();
    /// assert_eq!(f.to_vec(), [1, 3, 5, 2, 4, 6]);
    /// ```
    pub fn from_storage_with_order(
        storage: impl IntoStorage<S>,
        shape: [usize; R],
        order: Order,
    ) -> Result<Self, ShapeError> {
        let storage = storage.into_storage();
        let held = storage.elems().len_for_new_layout()?;
        let layout = Layout::contiguous_of_len(shape, order, held)?;
        // SAFETY: a contiguous layout with offset 0 and exactly `held` elements reaches the
        // positions `0..held` once each: invariants 1 and 2 hold.
        Ok(unsafe { Self::from_parts_unchecked(storage, layout) })
    }

    /// Replaces the layout with one derived from it by `Layout`'s view arithmetic.
    ///
    /// # Safety
    ///
    /// `derive` must be one of the view-arithmetic functions of [`Layout`] (see its
    /// "View arithmetic" section): their result is valid for the same storage (invariant 1) and,
    /// except for `broadcast_to` and `unfold`, keeps distinct indices distinct (invariant 2).
    /// Those two may only be used when the storage is read-only (`S::WRITABLE` is false).
    #[inline]
    pub(crate) unsafe fn map_layout<const O: usize>(
        self,
        derive: impl FnOnce(&Layout<R>) -> Result<Layout<O>, ShapeError>,
    ) -> Result<TensorBase<S, O>, ShapeError> {
        let layout = derive(&self.layout)?;
        // SAFETY: the caller's contract is this function's.
        Ok(unsafe { self.with_layout(layout) })
    }

    /// Replaces the layout.
    ///
    /// # Safety
    ///
    /// As [`map_layout`](Self::map_layout): `layout` comes from `Layout`'s view arithmetic
    /// applied to this tensor's layout.
    #[inline]
    pub(crate) unsafe fn with_layout<const O: usize>(self, layout: Layout<O>) -> TensorBase<S, O> {
        debug_assert!(
            layout.validate(self.storage.elems().len()).is_ok(),
            "{:?} -> {:?}: {:?}",
            self.layout,
            layout,
            layout.validate(self.storage.elems().len())
        );
        // SAFETY: the caller's contract: the layout keeps invariant 1, and invariant 2 whenever
        // the storage is writable.
        unsafe { TensorBase::from_parts_unchecked(self.storage, layout) }
    }

    /// Splits the tensor into its storage and its layout.
    ///
    /// The storage is returned whole, as it was given: its first element is in general *not*
    /// the tensor's first element (a trap of raw-parts APIs). Use the layout's
    /// [`offset`](Layout::offset) and strides to find elements, or use
    /// [`as_slice`](Self::as_slice) / [`as_ptr`](Self::as_ptr), which already point at the first
    /// element.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Layout, Tensor};
    ///
    /// let t = Tensor::from_raw_parts(vec![1, 2, 3, 4, 5, 6], Layout::from_parts([6], [-1], 5)).unwrap();
    /// let (vec, layout) = t.into_raw_parts();
    /// assert_eq!(vec, [1, 2, 3, 4, 5, 6]); // the buffer, not the logical order
    /// assert_eq!((layout.strides(), layout.offset()), (&[-1], 5));
    /// let back = Tensor::from_raw_parts(vec, layout).unwrap();
    /// assert_eq!(back.into_vec(), [6, 5, 4, 3, 2, 1]);
    /// ```
    pub fn into_raw_parts(self) -> (S, Layout<R>) {
        (self.storage, self.layout)
    }
}

/// # Shape and element access
impl<S: Storage, const R: usize> TensorBase<S, R> {
    /// The layout: shape, strides and offset.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Tensor;
    ///
    /// let t = Tensor::<u8, 2>::zeros([2, 3]);
    /// assert!(t.layout().is_c_contiguous());
    /// ```
    #[must_use]
    pub const fn layout(&self) -> &Layout<R> {
        &self.layout
    }

    /// The size of each axis.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Tensor;
    ///
    /// assert_eq!(Tensor::<u8, 3>::zeros([2, 3, 4]).shape(), &[2, 3, 4]);
    /// ```
    #[must_use]
    pub const fn shape(&self) -> &[usize; R] {
        self.layout.shape()
    }

    /// The step in memory, in elements, along each axis.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Tensor;
    ///
    /// assert_eq!(Tensor::<u8, 3>::zeros([2, 3, 4]).strides(), &[12, 4, 1]);
    /// ```
    #[must_use]
    pub const fn strides(&self) -> &[isize; R] {
        self.layout.strides()
    }

    /// The storage position of the element at index `[0, 0, …]`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Tensor;
    ///
    /// assert_eq!(Tensor::<u8, 2>::zeros([2, 3]).offset(), 0);
    /// ```
    #[must_use]
    pub const fn offset(&self) -> usize {
        self.layout.offset()
    }

    /// The rank, `R` (the same as [`RANK`](Self::RANK)).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Tensor;
    ///
    /// assert_eq!(Tensor::<u8, 2>::zeros([2, 3]).rank(), 2);
    /// ```
    #[must_use]
    pub const fn rank(&self) -> usize {
        R
    }

    /// The number of elements: the product of the shape (1 for a scalar).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Tensor;
    ///
    /// assert_eq!(Tensor::<u8, 3>::zeros([2, 3, 4]).len(), 24);
    /// assert_eq!(Tensor::<u8, 0>::zeros([]).len(), 1);
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        // Invariant 1: the element count of a validated layout fits in `usize`.
        crate::layout::valid_len(self.layout.shape())
    }

    /// Whether the tensor has no elements (some axis has size 0).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Tensor;
    ///
    /// assert!(Tensor::<u8, 2>::zeros([3, 0]).is_empty());
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.layout.is_empty()
    }

    /// A reference to the element at `index`, or `None` if some index is out of bounds.
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let t = tensor![[1, 2], [3, 4]];
    /// assert_eq!(t.get([1, 0]), Some(&3));
    /// assert_eq!(t.get([0, 2]), None);
    /// ```
    #[inline]
    #[must_use]
    pub fn get(&self, index: [usize; R]) -> Option<&S::Elem> {
        if !self.layout.in_bounds(&index) {
            return None;
        }
        let disp = self.layout.displacement_of_in_bounds(&index);
        // SAFETY: invariant 1: `index` is in bounds (just checked), so the tensor has elements,
        // its first (`offset`) among them, and the element `disp` from it is inside the storage.
        Some(unsafe { self.storage.elems().get_from(self.layout.offset(), disp) })
    }

    /// A read-only view of the whole tensor: same layout, borrowed storage, no copy.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Tensor, TensorView};
    ///
    /// let t = Tensor::from_vec(vec![1, 2, 3, 4], [2, 2]).unwrap();
    /// let v: TensorView<'_, i32, 2> = t.view();
    /// assert_eq!(v.as_ptr(), t.as_ptr());
    /// ```
    #[must_use]
    pub fn view(&self) -> TensorView<'_, S::Elem, R> {
        // SAFETY: the same storage, borrowed, with the same layout: invariant 1 carries over;
        // a read-only view has no invariant 2 to keep.
        unsafe { TensorBase::from_parts_unchecked(self.storage.elems(), self.layout) }
    }

    /// The elements as one slice in logical (row-major) order, if they are C-contiguous;
    /// `None` otherwise. The slice starts at the tensor's first element, whatever the offset.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Layout, TensorView};
    ///
    /// let data = [0, 1, 2, 3, 4, 5, 6];
    /// let tail = TensorView::from_raw_parts(&data[..], Layout::from_parts([2, 3], [3, 1], 1)).unwrap();
    /// assert_eq!(tail.as_slice(), Some(&[1, 2, 3, 4, 5, 6][..]));
    /// let columns = TensorView::from_raw_parts(&data[..], Layout::from_parts([3, 2], [1, 3], 1)).unwrap();
    /// assert_eq!(columns.as_slice(), None);
    /// ```
    #[must_use]
    pub fn as_slice(&self) -> Option<&[S::Elem]> {
        let range = self.contiguous_range()?;
        // SAFETY: a C-contiguous layout reaches every position of `range` (invariant 1).
        Some(unsafe { self.storage.elems().run(range.start, range.len()) })
    }

    /// The storage range of a C-contiguous tensor.
    fn contiguous_range(&self) -> Option<core::ops::Range<usize>> {
        if !self.layout.is_c_contiguous() {
            return None;
        }
        let start = self.layout.offset();
        Some(start..start + self.len())
    }

    /// A pointer to the tensor's first element (index `[0, 0, …]`), with the offset already
    /// applied. Stepping from it by the [strides](Self::strides) reaches every element.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Layout, TensorView};
    ///
    /// let data = [1.0, 0.5, 2.0, 0.5, 5.0, 1.5, 2.0, 1.5, 8.0];
    /// // The lower-right 2×2 block of a 3×3 column-major matrix starts at offset 4.
    /// let block = TensorView::from_raw_parts(&data[..], Layout::from_parts([2, 2], [1, 3], 4)).unwrap();
    /// // SAFETY: `as_ptr` points at the block's first element, inside `data`.
    /// assert_eq!(unsafe { *block.as_ptr() }, 5.0);
    /// ```
    #[must_use]
    pub fn as_ptr(&self) -> *const S::Elem {
        // Invariant 1: the offset is at most the storage length, so this stays in (or one past)
        // the buffer; `wrapping_add` keeps the pointer arithmetic itself safe.
        self.storage
            .elems()
            .as_ptr()
            .wrapping_add(self.layout.offset())
    }

    /// An iterator over references to the elements in logical (row-major) order.
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let t = tensor![[1, 2], [3, 4]];
    /// assert_eq!(t.iter().copied().sum::<i32>(), 10);
    /// ```
    pub fn iter(&self) -> Iter<'_, S::Elem, Layout<R>> {
        // SAFETY: the storage is this tensor's and its layout is valid for it (invariant 1).
        unsafe { Iter::new(self.storage.elems(), self.layout) }
    }

    /// An iterator over `(index, &element)` pairs in logical (row-major) order.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let t = tensor![[1, 2], [3, 4]];
    /// let v: Vec<_> = t.indexed_iter().map(|(i, &x)| (i, x)).collect();
    /// assert_eq!(v[2], ([1, 0], 3));
    /// ```
    pub fn indexed_iter(&self) -> IndexedIter<'_, S::Elem, Layout<R>> {
        IndexedIter::new(self.iter())
    }
}

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
        let (first, disp) = (
            self.layout.offset(),
            self.layout.displacement_of_in_bounds(&index),
        );
        // SAFETY: invariant 1: `index` is in bounds (just checked), so the tensor has elements,
        // its first (`offset`) among them, and the element `disp` from it is inside the storage;
        // `&mut self` makes the reference the only one.
        Some(unsafe { self.storage.elems_mut().into_mut_from(first, disp) })
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
