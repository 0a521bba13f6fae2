//! Slicing descriptions: the [`s![]`](crate::s) macro and what it builds.
//!
//! `s![a..b, 3, NewAxis, ..;-1]` builds a [`SliceInfo`] that records one [`SliceItem`] per
//! entry and, in its type, how many input axes the items consume and how many output axes they
//! produce. [`TensorBase::slice`](crate::TensorBase::slice) checks the first count against the
//! tensor's rank at compile time and takes the second as the result's rank.
//!
//! | item | meaning | input axes | output axes |
//! |---|---|---|---|
//! | `..`, `a..b`, `a..`, `..b`, `a..=b`, `..=b` | keep that range | 1 | 1 |
//! | any of those `;step` | every `step`-th element; negative walks backwards from the range's end | 1 | 1 |
//! | an integer `i` | fix the axis at `i` and drop it | 1 | 0 |
//! | [`NewAxis`] | insert an axis of size 1 | 0 | 1 |
//!
//! Integers and range bounds may be negative (`isize`, `i32`, `i64`): `-1` is the last
//! element, `-k` is `len − k`. Bounds are never clamped: a bound beyond the axis is an error.

use core::ops::{Add, Range, RangeFrom, RangeFull, RangeInclusive, RangeTo, RangeToInclusive};

use generic_array::sequence::Lengthen;
use generic_array::{ArrayLength, GenericArray};
use typenum::{Add1, B1, Sum, U0, U1, Unsigned};

use crate::error::{ErrorKind, ShapeError};
use crate::rank::SliceCounts;

/// An index counted from the start of an axis, or from its end (`FromEnd(1)` is the last).
///
/// # Examples
///
/// ```
/// use ranked::slice::Bound;
///
/// assert_eq!(Bound::FromEnd(1).resolve(5), Some(4));
/// assert_eq!(Bound::FromStart(2).resolve(5), Some(2));
/// assert_eq!(Bound::FromEnd(6).resolve(5), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bound {
    /// `i` elements from the start.
    FromStart(usize),
    /// `k` elements before the end: position `len − k`.
    FromEnd(usize),
}

impl Bound {
    /// The position this bound names on an axis of size `len`, or `None` if it lies before the
    /// start. (Whether it may equal or exceed `len` is for the caller to decide.)
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::slice::Bound;
    ///
    /// assert_eq!(Bound::FromEnd(0).resolve(3), Some(3));
    /// ```
    #[must_use]
    #[inline]
    pub fn resolve(self, len: usize) -> Option<usize> {
        match self {
            Bound::FromStart(i) => Some(i),
            Bound::FromEnd(k) => len.checked_sub(k),
        }
    }

    /// The bound as the signed number a user wrote (for error messages).
    #[inline]
    pub(crate) fn signed(self) -> i128 {
        match self {
            Bound::FromStart(i) => i as i128,
            Bound::FromEnd(k) => -(k as i128),
        }
    }
}

/// The end of a range item.
///
/// # Examples
///
/// ```
/// use ranked::slice::{Bound, End};
///
/// let e = End::Inclusive(Bound::FromStart(3)); // `..=3`
/// assert_ne!(e, End::Open);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// No end: up to the end of the axis.
    Open,
    /// Up to, not including, the bound.
    Exclusive(Bound),
    /// Up to and including the bound.
    Inclusive(Bound),
}

/// One entry of an `s![]` description, as plain data.
///
/// # Examples
///
/// ```
/// use ranked::s;
/// use ranked::slice::{Bound, End, SliceItem};
///
/// let info = s![1..;2, -1];
/// assert_eq!(
///     info.items(),
///     &[
///         SliceItem::Range { start: Bound::FromStart(1), end: End::Open, step: 2 },
///         SliceItem::Index(Bound::FromEnd(1)),
///     ]
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SliceItem {
    /// Fix the axis at this index and drop it.
    Index(Bound),
    /// Keep a range of the axis, with a step (negative walks backwards from the range's end).
    Range {
        /// First position of the range.
        start: Bound,
        /// End of the range.
        end: End,
        /// Step; never 0 once applied (a 0 step is an error).
        step: isize,
    },
    /// Insert a new axis of size 1.
    NewAxis,
}

/// Resolves a range against an axis of size `dim` into `start..end` positions.
#[inline]
pub(crate) fn resolve_range(
    axis: usize,
    dim: usize,
    start: Bound,
    end: End,
) -> Result<(usize, usize), ShapeError> {
    let before = |b: Bound| {
        ShapeError::new(
            ErrorKind::RangeOutOfBounds,
            Some(axis),
            dim as i128,
            b.signed(),
        )
    };
    let s = start.resolve(dim).ok_or_else(|| before(start))?;
    let e = match end {
        End::Open => dim,
        End::Exclusive(b) => b.resolve(dim).ok_or_else(|| before(b))?,
        End::Inclusive(b) => b
            .resolve(dim)
            .ok_or_else(|| before(b))?
            .checked_add(1)
            .ok_or_else(|| ShapeError::overflow(Some(axis)))?,
    };
    if s > dim {
        return Err(ShapeError::range_out_of_bounds(axis, dim, s));
    }
    Ok((s, e))
}

/// Inserts a new axis of size 1 in [`s![]`](crate::s) (NumPy's `np.newaxis`).
///
/// # Examples
///
/// ```
/// use ranked::{NewAxis, Tensor, s};
///
/// let t: Tensor<u8, 1> = Tensor::zeros([3]);
/// assert_eq!(t.view().slice(s![NewAxis, ..]).unwrap().shape(), &[1, 3]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct NewAxis;

/// A range with a step, as written `range;step` in [`s![]`](crate::s).
///
/// # Examples
///
/// ```
/// use ranked::{Tensor, s};
/// use ranked::slice::Stepped;
///
/// let t = Tensor::from_fn([6], |[i]| i);
/// let a = t.view().slice(s![1..;2]).unwrap();
/// let b = t.view().slice(s![Stepped(1.., 2)]).unwrap();
/// assert_eq!(a.to_vec(), [1, 3, 5]);
/// assert_eq!(a, b);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stepped<Rg>(pub Rg, pub isize);

/// A value that can stand as an index or range bound in [`s![]`](crate::s): `usize`, and the
/// signed `isize`, `i32`, `i64` (negative counts from the end).
///
/// # Examples
///
/// ```
/// use ranked::slice::{Bound, IndexValue};
///
/// assert_eq!((-2i32).to_bound(), Bound::FromEnd(2));
/// assert_eq!(3usize.to_bound(), Bound::FromStart(3));
/// ```
pub trait IndexValue: Copy {
    /// The bound this value names.
    fn to_bound(self) -> Bound;
}

impl IndexValue for usize {
    #[inline]
    fn to_bound(self) -> Bound {
        Bound::FromStart(self)
    }
}

macro_rules! signed_index_value {
    ($($t:ty),*) => {$(
        impl IndexValue for $t {
            #[inline]
            fn to_bound(self) -> Bound {
                if self < 0 {
                    Bound::FromEnd(self.unsigned_abs() as usize)
                } else {
                    Bound::FromStart(self as usize)
                }
            }
        }
    )*};
}
signed_index_value!(isize, i32, i64);

/// One item of an `s![]` description: how it converts to a [`SliceItem`], and (as `typenum`
/// numbers) how many input axes it consumes and output axes it produces.
///
/// # Examples
///
/// ```
/// use ranked::slice::{SliceArg, SliceItem};
///
/// assert!(matches!(SliceArg::into_item(2usize), SliceItem::Index(_)));
/// ```
pub trait SliceArg {
    /// Input axes consumed: 0 or 1.
    type In: Unsigned;
    /// Output axes produced: 0 or 1.
    type Out: Unsigned;
    /// The item as data.
    fn into_item(self) -> SliceItem;
}

impl<I: IndexValue> SliceArg for I {
    type In = U1;
    type Out = U0;
    #[inline]
    fn into_item(self) -> SliceItem {
        SliceItem::Index(self.to_bound())
    }
}

impl SliceArg for NewAxis {
    type In = U0;
    type Out = U1;
    #[inline]
    fn into_item(self) -> SliceItem {
        SliceItem::NewAxis
    }
}

/// Ranges: `(start, end)` of each standard range type.
///
/// # Examples
///
/// ```
/// use ranked::slice::{AxisRange, Bound, End};
///
/// assert_eq!((2..).bounds(), (Bound::FromStart(2), End::Open));
/// assert_eq!((..=-1).bounds(), (Bound::FromStart(0), End::Inclusive(Bound::FromEnd(1))));
/// ```
pub trait AxisRange {
    /// The start and end of the range.
    fn bounds(&self) -> (Bound, End);
}

impl AxisRange for RangeFull {
    #[inline]
    fn bounds(&self) -> (Bound, End) {
        (Bound::FromStart(0), End::Open)
    }
}
impl<I: IndexValue> AxisRange for Range<I> {
    #[inline]
    fn bounds(&self) -> (Bound, End) {
        (self.start.to_bound(), End::Exclusive(self.end.to_bound()))
    }
}
impl<I: IndexValue> AxisRange for RangeFrom<I> {
    #[inline]
    fn bounds(&self) -> (Bound, End) {
        (self.start.to_bound(), End::Open)
    }
}
impl<I: IndexValue> AxisRange for RangeTo<I> {
    #[inline]
    fn bounds(&self) -> (Bound, End) {
        (Bound::FromStart(0), End::Exclusive(self.end.to_bound()))
    }
}
impl<I: IndexValue> AxisRange for RangeInclusive<I> {
    #[inline]
    fn bounds(&self) -> (Bound, End) {
        (
            self.start().to_bound(),
            End::Inclusive(self.end().to_bound()),
        )
    }
}
impl<I: IndexValue> AxisRange for RangeToInclusive<I> {
    #[inline]
    fn bounds(&self) -> (Bound, End) {
        (Bound::FromStart(0), End::Inclusive(self.end.to_bound()))
    }
}

macro_rules! range_slice_arg {
    ($($r:ty),*) => {$(
        impl<I: IndexValue> SliceArg for $r {
            type In = U1;
            type Out = U1;
            #[inline]
            fn into_item(self) -> SliceItem {
                Stepped(self, 1).into_item()
            }
        }
    )*};
}
range_slice_arg!(
    Range<I>,
    RangeFrom<I>,
    RangeTo<I>,
    RangeInclusive<I>,
    RangeToInclusive<I>
);

impl SliceArg for RangeFull {
    type In = U1;
    type Out = U1;
    #[inline]
    fn into_item(self) -> SliceItem {
        Stepped(self, 1).into_item()
    }
}

impl<Rg: AxisRange> SliceArg for Stepped<Rg> {
    type In = U1;
    type Out = U1;
    #[inline]
    fn into_item(self) -> SliceItem {
        let (start, end) = self.0.bounds();
        SliceItem::Range {
            start,
            end,
            step: self.1,
        }
    }
}

/// A slicing description built by [`s![]`](crate::s): the items, and in the type parameters the
/// count of input axes they consume (`In`), of output axes they produce (`Out`) and of items
/// (`Len`, which sizes the `GenericArray` holding them), all as `typenum` numbers.
///
/// # Examples
///
/// ```
/// use ranked::{NewAxis, s};
///
/// let info = s![.., 2, NewAxis];
/// assert_eq!(info.items().len(), 3);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SliceInfo<In, Out, Len: ArrayLength> {
    items: GenericArray<SliceItem, Len>,
    counts: core::marker::PhantomData<(In, Out)>,
}

impl SliceInfo<U0, U0, U0> {
    /// An empty description (what `s![]` starts from).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::slice::SliceInfo;
    ///
    /// assert!(SliceInfo::new().items().is_empty());
    /// ```
    #[must_use]
    #[inline]
    pub fn new() -> Self {
        Self {
            items: GenericArray::from_array([]),
            counts: core::marker::PhantomData,
        }
    }
}

impl Default for SliceInfo<U0, U0, U0> {
    fn default() -> Self {
        Self::new()
    }
}

impl<In, Out, Len: ArrayLength> SliceInfo<In, Out, Len> {
    /// The items, in order.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::s;
    ///
    /// assert_eq!(s![1, 2].items().len(), 2);
    /// ```
    #[must_use]
    #[inline]
    pub fn items(&self) -> &[SliceItem] {
        &self.items
    }

    /// Appends one item, updating the counts in the type.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{NewAxis, slice::SliceInfo};
    ///
    /// let info = SliceInfo::new().push(1..3).push(NewAxis);
    /// assert_eq!(info.items().len(), 2);
    /// ```
    #[must_use]
    #[allow(clippy::type_complexity)] // the counts are the point
    #[inline(always)]
    pub fn push<A: SliceArg>(
        self,
        item: A,
    ) -> SliceInfo<Sum<In, A::In>, Sum<Out, A::Out>, Add1<Len>>
    where
        In: Add<A::In>,
        Out: Add<A::Out>,
        Len: Add<B1>,
        Add1<Len>: ArrayLength,
        GenericArray<SliceItem, Len>:
            Lengthen<SliceItem, Longer = GenericArray<SliceItem, Add1<Len>>>,
    {
        SliceInfo {
            items: self.items.append(item.into_item()),
            counts: core::marker::PhantomData,
        }
    }
}

impl<In: Unsigned, Out: Unsigned, Len: ArrayLength> SliceCounts for SliceInfo<In, Out, Len> {
    type In = In;
    type Out = Out;
    #[inline]
    fn items(&self) -> &[SliceItem] {
        &self.items
    }
}

/// Builds a slicing description for [`TensorBase::slice`](crate::TensorBase::slice).
///
/// One item per axis: a range (`..`, `a..b`, `a..`, `..b`, `a..=b`, `..=b`), optionally
/// followed by `;step` (negative steps walk backwards), or an integer (selects and drops the
/// axis; negative counts from the end); plus any number of [`NewAxis`](crate::NewAxis) items,
/// each inserting an axis of size 1. The result's rank is computed at compile time, and a
/// description whose items (other than `NewAxis`) do not number exactly the tensor's rank does
/// not compile.
///
/// # Examples
///
/// ```
/// use ranked::{NewAxis, Tensor, s};
///
/// let t = Tensor::from_fn([4, 5, 6], |[i, j, k]| 100 * i + 10 * j + k);
/// let v = t.view().slice(s![1..3, -1, ..;-2, NewAxis]).unwrap(); // rank 3 → 3
/// assert_eq!(v.shape(), &[2, 3, 1]);
/// assert_eq!(v[[0, 0, 0]], 145);
/// assert_eq!(v[[1, 2, 0]], 241);
/// ```
#[macro_export]
macro_rules! s {
    (@parse $info:expr ;) => {
        $info
    };
    (@parse $info:expr ; $r:expr ; $step:expr , $($rest:tt)*) => {
        $crate::s!(@parse $info.push($crate::slice::Stepped($r, $step)) ; $($rest)*)
    };
    (@parse $info:expr ; $r:expr ; $step:expr) => {
        $info.push($crate::slice::Stepped($r, $step))
    };
    (@parse $info:expr ; $r:expr , $($rest:tt)*) => {
        $crate::s!(@parse $info.push($r) ; $($rest)*)
    };
    (@parse $info:expr ; $r:expr) => {
        $info.push($r)
    };
    ($($t:tt)*) => {
        $crate::s!(@parse $crate::slice::SliceInfo::new() ; $($t)*)
    };
}
