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
//! | `...` ([`Ellipsis`]) | keep whole every axis the other items leave; at most one | R − the others' | the same |
//!
//! Integers and range bounds may be negative (`isize`, `i32`, `i64`): `-1` is the last
//! element, `-k` is `len − k`. Bounds are never clamped: a bound beyond the axis is an error.

use core::ops::{Add, Range, RangeFrom, RangeFull, RangeInclusive, RangeTo, RangeToInclusive};

use core::fmt;
use core::marker::PhantomData;

use generic_array::sequence::Lengthen;
use generic_array::{ArrayLength, GenericArray};
use typenum::{Add1, B1, Sum, U0, U1, Unsigned};

use crate::rank::SliceCounts;

pub(crate) mod item;

pub use item::{Bound, End, SliceItem};

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

/// Stands for every axis the other items of [`s![]`](crate::s) leave, kept whole (NumPy's
/// `...`); written `...` in the macro.
///
/// # Examples
///
/// ```
/// use ranked::{Ellipsis, Tensor, s, slice::SliceInfo};
///
/// let t: Tensor<u8, 4> = Tensor::zeros([2, 3, 4, 5]);
/// assert_eq!(t.view().slice(s![..., 0]).unwrap().shape(), &[2, 3, 4]);
/// let same = SliceInfo::new().push(Ellipsis).push(0usize);
/// assert_eq!(t.view().slice(same).unwrap().shape(), &[2, 3, 4]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Ellipsis;

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
    /// `...` items: 1 for [`Ellipsis`], else 0.
    type Dots: Unsigned;
    /// The item as data.
    fn into_item(self) -> SliceItem;
}

impl<I: IndexValue> SliceArg for I {
    type In = U1;
    type Out = U0;
    type Dots = U0;
    #[inline]
    fn into_item(self) -> SliceItem {
        SliceItem::Index(self.to_bound())
    }
}

impl SliceArg for Ellipsis {
    type In = U0;
    type Out = U0;
    type Dots = U1;
    #[inline]
    fn into_item(self) -> SliceItem {
        SliceItem::Ellipsis
    }
}

impl SliceArg for NewAxis {
    type In = U0;
    type Out = U1;
    type Dots = U0;
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
            type Dots = U0;
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
    type Dots = U0;
    #[inline]
    fn into_item(self) -> SliceItem {
        Stepped(self, 1).into_item()
    }
}

impl<Rg: AxisRange> SliceArg for Stepped<Rg> {
    type In = U1;
    type Out = U1;
    type Dots = U0;
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

/// A slicing description built by [`s![]`](crate::s): the items as data, and in the type
/// parameter `Items` the tuple of the types the user wrote, in order — so a description that
/// does not fit a tensor is reported as, say, `SliceInfo<(RangeFrom<i32>, NewAxis)>`.
///
/// From `Items` the compiler counts the input axes the items consume and the output axes they
/// produce (see the table in the [module docs](self)).
///
/// # Examples
///
/// ```
/// use core::ops::RangeFull;
/// use ranked::{NewAxis, s, slice::SliceInfo};
///
/// let info: SliceInfo<(RangeFull, usize, NewAxis)> = s![.., 2usize, NewAxis];
/// assert_eq!(info.items().len(), 3);
/// ```
pub struct SliceInfo<Items: SliceList> {
    items: GenericArray<SliceItem, Items::Len>,
    marker: PhantomData<fn() -> Items>,
}

impl<Items: SliceList> Clone for SliceInfo<Items> {
    fn clone(&self) -> Self {
        Self {
            items: self.items.clone(),
            marker: PhantomData,
        }
    }
}

impl<Items: SliceList> fmt::Debug for SliceInfo<Items> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("SliceInfo").field(&self.items()).finish()
    }
}

impl<Items: SliceList> PartialEq for SliceInfo<Items> {
    fn eq(&self, other: &Self) -> bool {
        self.items() == other.items()
    }
}

impl<Items: SliceList> Eq for SliceInfo<Items> {}

impl SliceInfo<()> {
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
            marker: PhantomData,
        }
    }
}

impl Default for SliceInfo<()> {
    fn default() -> Self {
        Self::new()
    }
}

impl<Items: SliceList> SliceInfo<Items> {
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

    /// Appends one item; its type joins the tuple `Items`.
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
    #[inline(always)]
    pub fn push<A: SliceArg>(self, item: A) -> SliceInfo<Items::Pushed>
    where
        Items: Push<A>,
        GenericArray<SliceItem, Items::Len>: Lengthen<SliceItem, Longer = GenericArray<SliceItem, <Items::Pushed as SliceList>::Len>>,
    {
        SliceInfo {
            items: self.items.append(item.into_item()),
            marker: PhantomData,
        }
    }
}

impl<Items: SliceList> SliceCounts for SliceInfo<Items> {
    type In = Items::In;
    type Out = Items::Out;
    type Dots = Items::Dots;
    #[inline]
    fn items(&self) -> &[SliceItem] {
        &self.items
    }
}

/// The tuple of item types of a [`SliceInfo`], and what the compiler counts from it: input axes
/// consumed (`In`), output axes produced (`Out`) and items (`Len`), as `typenum` numbers.
/// Implemented for tuples of up to 32 [`SliceArg`]s.
#[doc(hidden)]
pub trait SliceList {
    type In: Unsigned;
    type Out: Unsigned;
    type Dots: Unsigned;
    type Len: ArrayLength;
}

/// Appending one item type to a [`SliceList`] tuple.
#[doc(hidden)]
pub trait Push<A>: SliceList {
    type Pushed: SliceList;
}

/// The same items as a cons list `(A, (B, ()))`, which the counts recurse over.
#[doc(hidden)]
pub trait Counted {
    type In: Unsigned;
    type Out: Unsigned;
    type Dots: Unsigned;
    type Len: ArrayLength;
}

impl Counted for () {
    type In = U0;
    type Out = U0;
    type Dots = U0;
    type Len = U0;
}

impl<H: SliceArg, T: Counted> Counted for (H, T)
where
    H::In: Add<T::In>,
    H::Out: Add<T::Out>,
    H::Dots: Add<T::Dots>,
    T::Len: Add<B1>,
    Sum<H::In, T::In>: Unsigned,
    Sum<H::Out, T::Out>: Unsigned,
    Sum<H::Dots, T::Dots>: Unsigned,
    Add1<T::Len>: ArrayLength,
{
    type In = Sum<H::In, T::In>;
    type Out = Sum<H::Out, T::Out>;
    type Dots = Sum<H::Dots, T::Dots>;
    type Len = Add1<T::Len>;
}

/// The cons list of a flat tuple of item types.
macro_rules! cons {
    () => { () };
    ($head:ident $($rest:ident)*) => { ($head, cons!($($rest)*)) };
}

/// `SliceList` for the tuple of `$x…`, and `Push` onto every shorter prefix.
macro_rules! slice_lists {
    ($($x:ident)*) => {
        slice_lists!(@list $($x)*);
        slice_lists!(@shorter [] $($x)*);
    };
    (@list $($x:ident)*) => {
        impl<$($x),*> SliceList for ($($x,)*)
        where
            cons!($($x)*): Counted,
        {
            type In = <cons!($($x)*) as Counted>::In;
            type Out = <cons!($($x)*) as Counted>::Out;
            type Dots = <cons!($($x)*) as Counted>::Dots;
            type Len = <cons!($($x)*) as Counted>::Len;
        }
    };
    (@shorter [$($done:ident)*]) => {};
    (@shorter [$($done:ident)*] $next:ident $($rest:ident)*) => {
        slice_lists!(@list $($done)*);
        impl<$($done,)* $next> Push<$next> for ($($done,)*)
        where
            ($($done,)*): SliceList,
            ($($done,)* $next,): SliceList,
        {
            type Pushed = ($($done,)* $next,);
        }
        slice_lists!(@shorter [$($done)* $next] $($rest)*);
    };
}

slice_lists!(
    A0 A1 A2 A3 A4 A5 A6 A7 A8 A9 A10 A11 A12 A13 A14 A15
    A16 A17 A18 A19 A20 A21 A22 A23 A24 A25 A26 A27 A28 A29 A30 A31
);

/// Builds a slicing description for [`TensorBase::slice`](crate::TensorBase::slice).
///
/// One item per axis: a range (`..`, `a..b`, `a..`, `..b`, `a..=b`, `..=b`), optionally
/// followed by `;step` (negative steps walk backwards), or an integer (selects and drops the
/// axis; negative counts from the end); plus any number of [`NewAxis`] items,
/// each inserting an axis of size 1; plus at most one `...`, which keeps whole every axis the
/// other items leave, as NumPy's `...` does (`s![..., 0]` is the first element along the last
/// axis, whatever the rank). The result's rank is computed at compile time, and a description
/// whose items (other than `NewAxis` and `...`) do not number exactly the tensor's rank (at
/// most the rank, with `...`), or that holds two `...`, does not compile.
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
///
/// // `...` stands for the axes the other items leave: here the first two.
/// let last = t.view().slice(s![..., 2]).unwrap(); // rank 3 → 2
/// assert_eq!(last, t.view().slice(s![.., .., 2]).unwrap());
/// let first = t.view().slice(s![1, ..., NewAxis]).unwrap(); // rank 3 → 3
/// assert_eq!(first.shape(), &[5, 6, 1]);
/// ```
#[macro_export]
macro_rules! s {
    (@parse $info:expr ;) => {
        $info
    };
    (@parse $info:expr ; ... , $($rest:tt)*) => {
        $crate::s!(@parse $info.push($crate::slice::Ellipsis) ; $($rest)*)
    };
    (@parse $info:expr ; ...) => {
        $info.push($crate::slice::Ellipsis)
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
    // Items that do not parse: Python's `start:stop:step` gets its Rust spelling, anything
    // else the list of what an item can be.
    (@parse $info:expr ; $($rest:tt)*) => {
        $crate::s!(@malformed $($rest)*)
    };
    (@malformed) => {
        ::core::compile_error!(
            "each item of `s![]` is a range (`a..b`, `a..`, `..`, optionally followed by `;step`), an index or `NewAxis`, separated by commas"
        )
    };
    (@malformed : $($rest:tt)*) => {
        ::core::compile_error!(
            "`s![]` takes Rust ranges, not Python slices: write `0..10;2` for `0:10:2`, `..;-1` for `::-1` and `1..` for `1:`"
        )
    };
    (@malformed $first:tt $($rest:tt)*) => {
        $crate::s!(@malformed $($rest)*)
    };
    ($($t:tt)*) => {
        $crate::s!(@parse $crate::slice::SliceInfo::new() ; $($t)*)
    };
}
