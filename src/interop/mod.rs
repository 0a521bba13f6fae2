//! Bridges to other crates of the Rust numerics ecosystem, each behind its own feature:
//!
//! | feature | what it adds |
//! |---|---|
//! | `serde` | `Serialize` for every tensor and view, `Deserialize` for [`Tensor`](crate::Tensor): a `{shape, data}` form, validated |
//! | `approx` | `AbsDiffEq`, `RelativeEq` and `UlpsEq` between tensors of equal rank |
//! | `ndarray` | `From` conversions with ndarray: views both ways without copying (`Ix0`..`Ix6`, `IxDyn`), owned arrays moved |
//! | `nalgebra` | conversions with nalgebra: matrix views both ways without copying, `DMatrix` moved, `SMatrix` ↔ `ArrayTensor` without an allocator |
//! | `faer` | conversions with faer: `MatRef`/`MatMut` both ways without copying (padded columns too), `Mat` copied |

#[cfg(feature = "approx")]
mod approx;
#[cfg(feature = "faer")]
mod faer;
#[cfg(feature = "nalgebra")]
mod nalgebra;
#[cfg(feature = "ndarray")]
mod ndarray;
#[cfg(feature = "serde")]
mod serde;

/// A view of foreign memory as a storage and the offset of its first element.
#[cfg(any(feature = "ndarray", feature = "nalgebra", feature = "faer"))]
pub(crate) struct ForeignView<'a, T> {
    /// The storage, starting at the lowest element the view reaches.
    pub(crate) data: crate::storage::ViewRepr<'a, T>,
    /// The position of the view's first element (index `[0, …]`) in `data`.
    pub(crate) offset: usize,
}

#[cfg(any(feature = "ndarray", feature = "nalgebra", feature = "faer"))]
impl<'a, T> ForeignView<'a, T> {
    /// The storage as a mutable one.
    ///
    /// # Safety
    ///
    /// The view was made with `exclusive` access (see [`foreign_view`]).
    pub(crate) unsafe fn into_mut(self) -> crate::storage::ViewReprMut<'a, T> {
        let d = self.data;
        // SAFETY: the caller's contract: the elements are borrowed exclusively for `'a`.
        unsafe { crate::storage::ViewReprMut::from_raw(d.as_non_null(), d.len(), d.has_gaps()) }
    }
}

/// The storage of a view of foreign memory whose first element (index `[0, …]`) is at `first`
/// and whose layout is `shape` and `strides` (in elements): it starts at the lowest element
/// the view reaches and spans to the highest, with gaps unless the view reaches every position
/// between them exactly once.
///
/// # Errors
///
/// [`ErrorKind::Overflow`](crate::ErrorKind::Overflow) for a geometry whose positions leave
/// `isize` (no valid view has one).
///
/// # Safety
///
/// Moving from `first` by `strides` over `shape` reaches initialised elements of one
/// allocation (a view without elements may have any non-null, aligned `first`), borrowed for
/// `'a` — shared, or exclusively and each element once when the caller will use
/// [`ForeignView::into_mut`].
#[cfg(any(feature = "ndarray", feature = "nalgebra", feature = "faer"))]
pub(crate) unsafe fn foreign_view<'a, T>(
    first: *const T,
    shape: &[usize],
    strides: &[isize],
) -> Result<ForeignView<'a, T>, crate::ShapeError> {
    let (low, len, dense) = crate::layout::parts::foreign(shape, strides)?;
    let base = first.wrapping_offset(low).cast_mut();
    let base = core::ptr::NonNull::new(base).ok_or_else(|| crate::ShapeError::overflow(None))?;
    // SAFETY: `base` is the lowest element the view reaches (or `first` without elements), so
    // the `len` positions from it hold the view's elements (the caller's contract), within one
    // allocation; without gaps, every one of them is an element borrowed for `'a`, so they
    // form a slice (invariants 1 and 2 of `ViewRepr`).
    let data = unsafe { crate::storage::ViewRepr::from_raw(base, len, !dense) };
    Ok(ForeignView {
        data,
        offset: low.unsigned_abs(),
    })
}
