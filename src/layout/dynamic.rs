//! [`DynLayout`]: a layout whose rank is a run-time value, stored inline (no allocator).

use core::fmt;

use crate::error::{ErrorKind, ShapeError};
use crate::slice::item::SliceItem;

use super::parts::{self, check_axis, check_axis_range};
use super::{Layout, LayoutKind, Order};

pub use crate::shape::{DynShape, MAX_DYN_RANK};

impl DynShape {
    /// Copies `dims` inline.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::TooManyAxes`] beyond [`MAX_DYN_RANK`] axes.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::layout::DynShape;
    ///
    /// assert_eq!(DynShape::new(&[4]).unwrap().len(), 1);
    /// ```
    pub fn new(dims: &[usize]) -> Result<Self, ShapeError> {
        check_rank(dims.len())?;
        DynShape::try_from_dims(dims).ok_or_else(|| too_many_axes(dims.len()))
    }
}

fn too_many_axes(rank: usize) -> ShapeError {
    ShapeError::sizes(ErrorKind::TooManyAxes, None, MAX_DYN_RANK, rank)
}

fn check_rank(rank: usize) -> Result<usize, ShapeError> {
    if rank > MAX_DYN_RANK {
        return Err(too_many_axes(rank));
    }
    Ok(rank)
}

/// Shape, strides and offset of a tensor whose rank is known only at run time, stored inline
/// in fixed-capacity arrays (at most [`MAX_DYN_RANK`] axes), so it needs no allocator.
///
/// It has the same operations as [`Layout<R>`], with axes as run-time numbers: every axis is
/// checked and a bad one is an [`ErrorKind::InvalidAxis`] error, never a panic. All the
/// arithmetic is shared with `Layout<R>`.
///
/// # Examples
///
/// ```
/// use ranked::layout::DynLayout;
///
/// let l = DynLayout::row_major(&[3, 4, 5]).unwrap();
/// let m = l.merge(1, 2).unwrap();
/// assert_eq!((m.shape(), m.strides()), (&[3, 20][..], &[20, 1][..]));
/// assert!(l.squeeze(3).is_err()); // no axis 3: an error, not a panic
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct DynLayout {
    pub(super) rank: usize,
    /// Entries past `rank` are always 0, so derived equality and hashing are correct.
    pub(super) shape: [usize; MAX_DYN_RANK],
    pub(super) strides: [isize; MAX_DYN_RANK],
    pub(super) offset: usize,
}

impl fmt::Debug for DynLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DynLayout")
            .field("shape", &self.shape())
            .field("strides", &self.strides())
            .field("offset", &self.offset)
            .field("kind", &format_args!("{}", self.kind()))
            .finish()
    }
}

impl DynLayout {
    /// A layout of `rank` axes filled in by `fill`, which writes shape and strides and returns
    /// the offset.
    fn build(
        rank: usize,
        fill: impl FnOnce(&mut [usize], &mut [isize]) -> Result<usize, ShapeError>,
    ) -> Result<Self, ShapeError> {
        let rank = check_rank(rank)?;
        let mut out = Self {
            rank,
            shape: [0; MAX_DYN_RANK],
            strides: [0; MAX_DYN_RANK],
            offset: 0,
        };
        out.offset = fill(&mut out.shape[..rank], &mut out.strides[..rank])?;
        Ok(out)
    }

    pub(crate) fn parts(&self) -> parts::RawLayout<'_> {
        parts::RawLayout {
            shape: self.shape(),
            strides: self.strides(),
            offset: self.offset,
        }
    }

    /// Puts a layout together from raw numbers (validated only against a storage, later).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::RankMismatch`] if `shape` and `strides` differ in length;
    /// [`ErrorKind::TooManyAxes`] beyond [`MAX_DYN_RANK`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::layout::DynLayout;
    ///
    /// let l = DynLayout::from_parts(&[6], &[-1], 5).unwrap();
    /// assert!(l.validate(6).is_ok());
    /// ```
    pub fn from_parts(
        shape: &[usize],
        strides: &[isize],
        offset: usize,
    ) -> Result<Self, ShapeError> {
        if shape.len() != strides.len() {
            return Err(ShapeError::sizes(
                ErrorKind::RankMismatch,
                None,
                shape.len(),
                strides.len(),
            ));
        }
        Self::build(shape.len(), |sh, st| {
            sh.copy_from_slice(shape);
            st.copy_from_slice(strides);
            Ok(offset)
        })
    }

    /// A contiguous layout with offset 0 in the given memory order.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::TooManyAxes`]; [`ErrorKind::Overflow`] if the element count does not fit
    /// in `isize`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Order, layout::DynLayout};
    ///
    /// let l = DynLayout::with_order(&[2, 3], Order::ColumnMajor).unwrap();
    /// assert_eq!(l.strides(), &[1, 2]);
    /// ```
    pub fn with_order(shape: &[usize], order: Order) -> Result<Self, ShapeError> {
        Self::build(shape.len(), |sh, st| {
            sh.copy_from_slice(shape);
            parts::contiguous_strides(shape, order, st)?;
            Ok(0)
        })
    }

    /// [`with_order`](Self::with_order) for exactly `len` elements (a storage's length).
    ///
    /// # Errors
    ///
    /// As [`with_order`](Self::with_order), and [`ErrorKind::LengthMismatch`] if the shape does
    /// not hold `len` elements.
    pub(crate) fn contiguous_of_len(
        shape: &[usize],
        order: Order,
        len: usize,
    ) -> Result<Self, ShapeError> {
        Self::build(shape.len(), |sh, st| {
            sh.copy_from_slice(shape);
            parts::resolve_inferred(sh, len)?;
            parts::contiguous_strides_of_len(sh, order, st, len)?;
            Ok(0)
        })
    }

    /// A C-contiguous (row-major) layout with offset 0.
    ///
    /// # Errors
    ///
    /// As [`with_order`](Self::with_order).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::layout::DynLayout;
    ///
    /// assert_eq!(DynLayout::row_major(&[10, 9, 5, 13]).unwrap().strides(), &[585, 65, 13, 1]);
    /// ```
    pub fn row_major(shape: &[usize]) -> Result<Self, ShapeError> {
        Self::with_order(shape, Order::RowMajor)
    }

    /// An F-contiguous (column-major) layout with offset 0.
    ///
    /// # Errors
    ///
    /// As [`with_order`](Self::with_order).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::layout::DynLayout;
    ///
    /// assert_eq!(DynLayout::column_major(&[2, 3]).unwrap().strides(), &[1, 2]);
    /// ```
    pub fn column_major(shape: &[usize]) -> Result<Self, ShapeError> {
        Self::with_order(shape, Order::ColumnMajor)
    }

    /// The same layout with its rank as a runtime value.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::TooManyAxes`] if `R` exceeds [`MAX_DYN_RANK`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Layout, layout::DynLayout};
    ///
    /// let l = Layout::row_major([2, 3]).unwrap();
    /// assert_eq!(DynLayout::from_layout(&l).unwrap().shape(), &[2, 3]);
    /// ```
    pub fn from_layout<const R: usize>(layout: &Layout<R>) -> Result<Self, ShapeError> {
        Self::from_parts(layout.shape(), layout.strides(), layout.offset())
    }

    /// The same layout with its rank in the type.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::RankMismatch`] naming the expected rank `R` and the found rank.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{ErrorKind, layout::DynLayout};
    ///
    /// let d = DynLayout::row_major(&[2, 3]).unwrap();
    /// assert_eq!(d.to_layout::<2>().unwrap().strides(), &[3, 1]);
    /// let err = d.to_layout::<3>().unwrap_err();
    /// assert_eq!((err.kind(), err.expected(), err.found()), (ErrorKind::RankMismatch, 3, 2));
    /// ```
    pub fn to_layout<const R: usize>(&self) -> Result<Layout<R>, ShapeError> {
        if self.rank != R {
            return Err(ShapeError::sizes(
                ErrorKind::RankMismatch,
                None,
                R,
                self.rank,
            ));
        }
        let mut shape = [0; R];
        let mut strides = [0; R];
        shape.copy_from_slice(self.shape());
        strides.copy_from_slice(self.strides());
        Ok(Layout::from_parts(shape, strides, self.offset))
    }

    /// The number of axes.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::layout::DynLayout;
    ///
    /// assert_eq!(DynLayout::row_major(&[2, 3, 4]).unwrap().rank(), 3);
    /// ```
    #[must_use]
    pub fn rank(&self) -> usize {
        self.rank
    }

    /// The size of each axis.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::layout::DynLayout;
    ///
    /// assert_eq!(DynLayout::row_major(&[2, 3]).unwrap().shape(), &[2, 3]);
    /// ```
    #[must_use]
    pub fn shape(&self) -> &[usize] {
        &self.shape[..self.rank]
    }

    /// The shape as an inline value.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::layout::DynLayout;
    ///
    /// let s = DynLayout::row_major(&[2, 3]).unwrap().dyn_shape();
    /// assert_eq!(&*s, &[2, 3]);
    /// ```
    #[must_use]
    pub fn dyn_shape(&self) -> DynShape {
        DynShape::from_inline(self.rank, self.shape)
    }

    /// The step in memory, in elements, along each axis.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::layout::DynLayout;
    ///
    /// assert_eq!(DynLayout::row_major(&[2, 3]).unwrap().strides(), &[3, 1]);
    /// ```
    #[must_use]
    pub fn strides(&self) -> &[isize] {
        &self.strides[..self.rank]
    }

    /// The storage position of the element at index `[0, 0, …]`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::layout::DynLayout;
    ///
    /// assert_eq!(DynLayout::from_parts(&[6], &[-1], 5).unwrap().offset(), 5);
    /// ```
    #[must_use]
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The number of elements, or an error if it overflows `usize`.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Overflow`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::layout::DynLayout;
    ///
    /// assert_eq!(DynLayout::row_major(&[2, 3]).unwrap().try_len().unwrap(), 6);
    /// ```
    pub fn try_len(&self) -> Result<usize, ShapeError> {
        super::checked_len(self.shape())
    }

    /// Whether some axis has size 0.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::layout::DynLayout;
    ///
    /// assert!(DynLayout::row_major(&[2, 0]).unwrap().is_empty());
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.shape().contains(&0)
    }

    /// Whether the layout is C-contiguous (see [`Layout::is_c_contiguous`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::layout::DynLayout;
    ///
    /// assert!(DynLayout::row_major(&[2, 3]).unwrap().is_c_contiguous());
    /// ```
    #[must_use]
    pub fn is_c_contiguous(&self) -> bool {
        parts::is_contiguous(self.shape(), self.strides(), false)
    }

    /// Whether the layout is F-contiguous (see [`Layout::is_f_contiguous`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::layout::DynLayout;
    ///
    /// assert!(DynLayout::column_major(&[2, 3]).unwrap().is_f_contiguous());
    /// ```
    #[must_use]
    pub fn is_f_contiguous(&self) -> bool {
        parts::is_contiguous(self.shape(), self.strides(), true)
    }

    /// Which contiguity the layout has.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{LayoutKind, layout::DynLayout};
    ///
    /// assert_eq!(DynLayout::row_major(&[2, 3]).unwrap().kind(), LayoutKind::RowMajor);
    /// ```
    #[must_use]
    pub fn kind(&self) -> LayoutKind {
        LayoutKind::from_flags(self.is_c_contiguous(), self.is_f_contiguous())
    }

    /// The memory offset of `index`, checked.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::RankMismatch`] for a wrong number of indices; otherwise as
    /// [`Layout::try_offset_of`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::layout::DynLayout;
    ///
    /// let l = DynLayout::row_major(&[2, 3]).unwrap();
    /// assert_eq!(l.try_offset_of(&[1, 2]).unwrap(), 5);
    /// assert!(l.try_offset_of(&[1]).is_err());
    /// ```
    pub fn try_offset_of(&self, index: &[usize]) -> Result<usize, ShapeError> {
        self.check_index_count(index.len())?;
        parts::try_offset_of(self.parts(), index)
    }

    pub(crate) fn check_index_count(&self, count: usize) -> Result<(), ShapeError> {
        if count != self.rank {
            return Err(ShapeError::sizes(
                ErrorKind::RankMismatch,
                None,
                self.rank,
                count,
            ));
        }
        Ok(())
    }

    /// Checks that the layout is valid for a storage of `storage_len` elements (see
    /// [`Layout::validate`]).
    ///
    /// # Errors
    ///
    /// As [`Layout::validate`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::layout::DynLayout;
    ///
    /// assert!(DynLayout::row_major(&[2, 3]).unwrap().validate(5).is_err());
    /// ```
    pub fn validate(&self, storage_len: usize) -> Result<(), ShapeError> {
        parts::validate(self.parts(), storage_len)
    }

    /// Checks that no two indices share an element (see [`Layout::check_unique`]).
    ///
    /// # Errors
    ///
    /// As [`Layout::check_unique`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::layout::DynLayout;
    ///
    /// assert!(DynLayout::from_parts(&[2, 2], &[0, 1], 0).unwrap().check_unique().is_err());
    /// ```
    pub fn check_unique(&self) -> Result<(), ShapeError> {
        parts::check_unique(self.shape(), self.strides())
    }

    /// Reorders the axes: axis `i` of the result is axis `axes[i]`. Rank unchanged.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::RankMismatch`] for a wrong number of axes; [`ErrorKind::InvalidAxis`],
    /// [`ErrorKind::RepeatedAxis`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::layout::DynLayout;
    ///
    /// let l = DynLayout::row_major(&[2, 3, 4]).unwrap().permute(&[2, 0, 1]).unwrap();
    /// assert_eq!((l.shape(), l.strides()), (&[4, 2, 3][..], &[1, 12, 4][..]));
    /// ```
    pub fn permute(&self, axes: &[usize]) -> Result<Self, ShapeError> {
        Self::build(self.rank, |sh, st| {
            parts::permute(self.parts(), axes, sh, st)
        })
    }

    /// Swaps two axes. Rank unchanged.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::InvalidAxis`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::layout::DynLayout;
    ///
    /// assert_eq!(DynLayout::row_major(&[2, 3]).unwrap().swap_axes(0, 1).unwrap().shape(), &[3, 2]);
    /// ```
    pub fn swap_axes(&self, i: usize, j: usize) -> Result<Self, ShapeError> {
        check_axis(self.rank, i)?;
        check_axis(self.rank, j)?;
        let mut out = *self;
        out.shape.swap(i, j);
        out.strides.swap(i, j);
        Ok(out)
    }

    /// Reverses the order of the axes. Rank unchanged.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::layout::DynLayout;
    ///
    /// assert_eq!(DynLayout::row_major(&[2, 3, 4]).unwrap().reversed_axes().strides(), &[1, 4, 12]);
    /// ```
    #[must_use]
    pub fn reversed_axes(&self) -> Self {
        let mut out = *self;
        out.shape[..self.rank].reverse();
        out.strides[..self.rank].reverse();
        out
    }

    /// Removes `axis`, which must have size 1. Rank − 1.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::InvalidAxis`]; [`ErrorKind::SizeMismatch`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::layout::DynLayout;
    ///
    /// assert_eq!(DynLayout::row_major(&[2, 1]).unwrap().squeeze(1).unwrap().shape(), &[2]);
    /// ```
    pub fn squeeze(&self, axis: usize) -> Result<Self, ShapeError> {
        check_axis(self.rank, axis)?;
        Self::build(self.rank - 1, |sh, st| {
            parts::squeeze(self.parts(), axis, sh, st)
        })
    }

    /// Inserts a size-1 axis before `axis` (`axis == rank` appends). Rank + 1.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::InvalidAxis`] if `axis > rank`; [`ErrorKind::TooManyAxes`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::layout::DynLayout;
    ///
    /// assert_eq!(DynLayout::row_major(&[2, 3]).unwrap().unsqueeze(2).unwrap().shape(), &[2, 3, 1]);
    /// ```
    pub fn unsqueeze(&self, axis: usize) -> Result<Self, ShapeError> {
        check_axis(self.rank + 1, axis)?;
        Self::build(self.rank + 1, |sh, st| {
            Ok(parts::unsqueeze(self.parts(), axis, sh, st))
        })
    }

    /// Fixes `axis` at `index` and removes it. Rank − 1.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::InvalidAxis`]; [`ErrorKind::IndexOutOfBounds`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::layout::DynLayout;
    ///
    /// let l = DynLayout::row_major(&[2, 3]).unwrap().select(1, 2).unwrap();
    /// assert_eq!((l.shape(), l.offset()), (&[2][..], 2));
    /// ```
    pub fn select(&self, axis: usize, index: usize) -> Result<Self, ShapeError> {
        check_axis(self.rank, axis)?;
        Self::build(self.rank - 1, |sh, st| {
            parts::select(self.parts(), axis, index, sh, st)
        })
    }

    /// Merges axes `start..=end` into one, without copying. Rank − (end − start).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::InvalidAxis`]; [`ErrorKind::InvalidRange`] if `start > end`;
    /// [`ErrorKind::NotContiguous`] naming the adjacent pair (see [`Layout::merge`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::layout::DynLayout;
    ///
    /// assert_eq!(DynLayout::row_major(&[3, 4, 5]).unwrap().merge(1, 2).unwrap().shape(), &[3, 20]);
    /// ```
    pub fn merge(&self, start: usize, end: usize) -> Result<Self, ShapeError> {
        check_axis_range(self.rank, start, end)?;
        Self::build(self.rank - (end - start), |sh, st| {
            parts::merge(self.parts(), start, end, sh, st)
        })
    }

    /// Splits `axis` into the given sizes (at most one [`INFER`](crate::INFER)). Rank + N − 1.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::InvalidAxis`]; [`ErrorKind::RankMismatch`] for no sizes;
    /// [`ErrorKind::TooManyAxes`]; otherwise as [`Layout::split`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{INFER, layout::DynLayout};
    ///
    /// let l = DynLayout::row_major(&[3, 20]).unwrap().split(1, &[INFER, 5]).unwrap();
    /// assert_eq!((l.shape(), l.strides()), (&[3, 4, 5][..], &[20, 5, 1][..]));
    /// ```
    pub fn split(&self, axis: usize, sizes: &[usize]) -> Result<Self, ShapeError> {
        check_axis(self.rank, axis)?;
        if sizes.is_empty() {
            return Err(ShapeError::sizes(ErrorKind::RankMismatch, Some(axis), 1, 0));
        }
        Self::build(self.rank + sizes.len() - 1, |sh, st| {
            parts::split(self.parts(), axis, sizes, sh, st)
        })
    }

    /// Keeps `start..end` of `axis` with a step (negative walks backwards). Rank unchanged.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::InvalidAxis`]; otherwise as [`Layout::slice_axis`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::layout::DynLayout;
    ///
    /// let l = DynLayout::row_major(&[10]).unwrap().slice_axis(0, 1, 8, -3).unwrap();
    /// assert_eq!((l.shape(), l.strides(), l.offset()), (&[3][..], &[-3][..], 7));
    /// ```
    pub fn slice_axis(
        &self,
        axis: usize,
        start: usize,
        end: usize,
        step: isize,
    ) -> Result<Self, ShapeError> {
        check_axis(self.rank, axis)?;
        let mut out = *self;
        let rank = self.rank;
        out.offset = parts::slice_axis(
            &mut out.shape[..rank],
            &mut out.strides[..rank],
            self.offset,
            axis,
            (start, end, step),
        )?;
        Ok(out)
    }

    /// Keeps `len` elements of `axis` from `start`. Rank unchanged.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::InvalidAxis`]; [`ErrorKind::RangeOutOfBounds`]; [`ErrorKind::Overflow`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::layout::DynLayout;
    ///
    /// assert_eq!(DynLayout::row_major(&[4, 5]).unwrap().narrow(1, 1, 3).unwrap().offset(), 1);
    /// ```
    pub fn narrow(&self, axis: usize, start: usize, len: usize) -> Result<Self, ShapeError> {
        let (start, end) = parts::narrow_range(axis, start, len)?;
        self.slice_axis(axis, start, end, 1)
    }

    /// Keeps every `k`-th element of `axis`. Rank unchanged.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::InvalidAxis`]; [`ErrorKind::ZeroStep`]; [`ErrorKind::Overflow`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::layout::DynLayout;
    ///
    /// assert_eq!(DynLayout::row_major(&[4, 5, 6]).unwrap().step(1, 2).unwrap().strides(), &[30, 12, 1]);
    /// ```
    pub fn step(&self, axis: usize, k: usize) -> Result<Self, ShapeError> {
        check_axis(self.rank, axis)?;
        let k = parts::step_of(axis, k)?;
        self.slice_axis(axis, 0, self.shape[axis], k)
    }

    /// Reverses `axis`. Rank unchanged.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::InvalidAxis`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::layout::DynLayout;
    ///
    /// let l = DynLayout::row_major(&[6]).unwrap().flip(0).unwrap();
    /// assert_eq!((l.strides(), l.offset()), (&[-1][..], 5));
    /// ```
    pub fn flip(&self, axis: usize) -> Result<Self, ShapeError> {
        check_axis(self.rank, axis)?;
        let mut out = *self;
        out.offset = parts::flip(
            self.shape(),
            &mut out.strides[..self.rank],
            self.offset,
            axis,
        );
        Ok(out)
    }

    /// Applies `s![]` items (integers drop axes, `NewAxis` inserts them, `...` keeps the axes
    /// the others leave). The result's rank is computed from the items.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::RankMismatch`] if the items other than `NewAxis` and `...` do not number the
    /// rank (or exceed it, with `...`); [`ErrorKind::RepeatedEllipsis`] for more than one `...`;
    /// otherwise as [`Layout::slice_items`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{NewAxis, layout::DynLayout, s};
    ///
    /// let l = DynLayout::row_major(&[4, 5]).unwrap();
    /// let v = l.slice_items(s![1..;2, NewAxis, -1].items()).unwrap();
    /// assert_eq!((v.shape(), v.offset()), (&[2, 1][..], 9));
    /// let w = DynLayout::row_major(&[2, 3, 4]).unwrap().slice_items(s![..., 1].items()).unwrap();
    /// assert_eq!((w.shape(), w.offset()), (&[2, 3][..], 1));
    /// ```
    pub fn slice_items(&self, items: &[SliceItem]) -> Result<Self, ShapeError> {
        let (_, out_rank) = parts::slice_ranks(self.rank(), items)?;
        Self::build(out_rank, |sh, st| {
            parts::slice_items(self.parts(), items, sh, st)
        })
    }

    /// Broadcasts to `shape` (NumPy rules); the result aliases, so only read-only tensors use
    /// it.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::RankMismatch`] if `shape` has fewer axes; otherwise as
    /// [`Layout::broadcast_to`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::layout::DynLayout;
    ///
    /// let l = DynLayout::row_major(&[3, 1, 4]).unwrap().broadcast_to(&[2, 3, 2, 4]).unwrap();
    /// assert_eq!(l.strides(), &[0, 4, 0, 1]);
    /// ```
    pub fn broadcast_to(&self, shape: &[usize]) -> Result<Self, ShapeError> {
        Self::build(shape.len(), |sh, st| {
            parts::broadcast(self.parts(), shape, sh, st)
        })
    }

    /// The diagonal over two different axes with an offset (see [`Layout::diagonal`]).
    /// Rank − 1.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::InvalidAxis`]; [`ErrorKind::RepeatedAxis`] if `d1 == d2`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::layout::DynLayout;
    ///
    /// let l = DynLayout::row_major(&[2, 4, 4]).unwrap().diagonal(-1, 1, 2).unwrap();
    /// assert_eq!((l.shape(), l.strides(), l.offset()), (&[2, 3][..], &[16, 5][..], 4));
    /// ```
    pub fn diagonal(&self, offset: isize, d1: usize, d2: usize) -> Result<Self, ShapeError> {
        check_axis(self.rank, d1)?;
        check_axis(self.rank, d2)?;
        if d1 == d2 {
            return Err(ShapeError::sizes(ErrorKind::RepeatedAxis, Some(1), 1, d2));
        }
        Self::build(self.rank - 1, |sh, st| {
            Ok(parts::diagonal(self.parts(), offset, d1, d2, sh, st))
        })
    }

    /// Reshapes to `shape` without copying, if the layout allows it (see
    /// [`Layout::reshape_view`]). One size may be [`INFER`](crate::INFER).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::TooManyAxes`]; otherwise as [`Layout::reshape_view`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::layout::DynLayout;
    ///
    /// let l = DynLayout::row_major(&[6, 20]).unwrap().reshape(&[2, 3, 4, 5]).unwrap();
    /// assert_eq!(l.strides(), &[60, 20, 5, 1]);
    /// ```
    pub fn reshape(&self, shape: &[usize]) -> Result<Self, ShapeError> {
        Self::build(shape.len(), |sh, st| {
            sh.copy_from_slice(shape);
            super::reshape::reshape(self.parts(), sh, st)
        })
    }

    /// Explains a reshape (see [`Layout::plan_reshape`]).
    ///
    /// # Errors
    ///
    /// As [`Layout::plan_reshape`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::layout::DynLayout;
    ///
    /// let plan = DynLayout::row_major(&[6, 20]).unwrap().plan_reshape(&[2, 3, 4, 5]).unwrap();
    /// assert!(plan.is_view());
    /// ```
    pub fn plan_reshape(&self, shape: &[usize]) -> Result<super::ReshapePlan, ShapeError> {
        super::reshape::explain(self.parts(), shape)
    }

    /// Sliding windows along `axis` (see [`Layout::unfold`]); overlapping windows alias, so only
    /// read-only tensors use it. Rank + 1.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::InvalidAxis`]; [`ErrorKind::TooManyAxes`]; otherwise as
    /// [`Layout::unfold`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::layout::DynLayout;
    ///
    /// let l = DynLayout::row_major(&[2, 3, 4]).unwrap().unfold(1, 2, 1).unwrap();
    /// assert_eq!((l.shape(), l.strides()), (&[2, 2, 4, 2][..], &[12, 4, 1, 4][..]));
    /// ```
    pub fn unfold(&self, axis: usize, size: usize, step: usize) -> Result<Self, ShapeError> {
        check_axis(self.rank, axis)?;
        Self::build(self.rank + 1, |sh, st| {
            parts::unfold(self.parts(), axis, size, step, sh, st)
        })
    }
}
