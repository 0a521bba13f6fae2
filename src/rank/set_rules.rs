//! The rules of operations on a set of axes written as a tuple, `(Axis::<0>, Axis::<2>, …)`:
//! reductions over several axes and `squeeze_axes` (the axes go), `flip_axes` (they stay),
//! `expand_dims` (they are new) and `moveaxes` (two tuples: where from, where to). NumPy and the Python Array API take a tuple of axes in the same
//! places.

use super::*;

/// A tuple of 1 to 16 axes (as many as a rank has), `(Axis<A>, Axis<B>, …)`, as the rules below read it: its axis
/// numbers in the order written, and the same axes as a cons list for the type-level checks.
#[doc(hidden)]
pub trait AxisTuple {
    /// The axes as `(Axis<A>, (Axis<B>, ()))`.
    type List;
    /// The axis numbers, in the order written.
    const AXES: &'static [usize];
}

/// How many axes a cons list holds, as a `typenum` number.
#[doc(hidden)]
pub trait AxisCount {
    type Count: Unsigned;
}

impl AxisCount for () {
    type Count = typenum::U0;
}

impl<const A: usize, T: AxisCount> AxisCount for (Axis<A>, T)
where
    T::Count: Add<B1>,
    Add1<T::Count>: Unsigned,
{
    type Count = Add1<T::Count>;
}

/// Whether every axis of a cons list lies below `Bound` and no two are equal, as a `typenum`
/// boolean.
#[doc(hidden)]
pub trait AxesBelow<Bound> {
    type Valid;
}

impl<Bound> AxesBelow<Bound> for () {
    type Valid = True;
}

impl<const A: usize, T, Bound> AxesBelow<Bound> for (Axis<A>, T)
where
    Rank<A>: KnownRank,
    Num<A>: IsLess<Bound>,
    T: AxesBelow<Bound> + Excludes<Num<A>>,
    Le<Num<A>, Bound>: BitAnd<<T as Excludes<Num<A>>>::Valid>,
    And<Le<Num<A>, Bound>, <T as Excludes<Num<A>>>::Valid>: BitAnd<<T as AxesBelow<Bound>>::Valid>,
{
    type Valid =
        And<And<Le<Num<A>, Bound>, <T as Excludes<Num<A>>>::Valid>, <T as AxesBelow<Bound>>::Valid>;
}

/// Whether no axis of a cons list is axis `N` (a `typenum` number), as a `typenum` boolean.
#[doc(hidden)]
pub trait Excludes<N> {
    type Valid;
}

impl<N> Excludes<N> for () {
    type Valid = True;
}

impl<const A: usize, T, N> Excludes<N> for (Axis<A>, T)
where
    Rank<A>: KnownRank,
    Num<A>: IsNotEqual<N>,
    T: Excludes<N>,
    NotEq<Num<A>, N>: BitAnd<T::Valid>,
{
    type Valid = And<NotEq<Num<A>, N>, T::Valid>;
}

/// `AxisTuple` for the tuple of `$x…` and every shorter non-empty prefix, shortest first.
macro_rules! axis_tuples {
    ([$($done:ident)*]) => {};
    ([$($done:ident)*] $next:ident $($rest:ident)*) => {
        impl<$(const $done: usize,)* const $next: usize> AxisTuple for ($(Axis<$done>,)* Axis<$next>,) {
            type List = axis_cons!($($done)* $next);
            const AXES: &'static [usize] = &[$($done,)* $next];
        }
        axis_tuples!([$($done)* $next] $($rest)*);
    };
}

/// The cons list of axes `Axis<$x>…`.
macro_rules! axis_cons {
    () => { () };
    ($head:ident $($rest:ident)*) => { (Axis<$head>, axis_cons!($($rest)*)) };
}

axis_tuples!([] A0 A1 A2 A3 A4 A5 A6 A7 A8 A9 A10 A11 A12 A13 A14 A15);

/// The count and validity of a tuple of axes against a bound, for the where-clauses below.
type CountOf<Axes> = <<Axes as AxisTuple>::List as AxisCount>::Count;
type BelowOf<Axes, Bound> = <<Axes as AxisTuple>::List as AxesBelow<Bound>>::Valid;

// ---------------------------------------------------------------------------------------------

/// Removing a set of `K` different axes of a rank-`R` tensor, written as a tuple (a reduction
/// over several axes, such as [`sum_axes`](crate::TensorBase::sum_axes), or
/// [`squeeze_axes`](crate::TensorBase::squeeze_axes)): every axis below R, no axis twice;
/// output rank R − K.
///
/// # Examples
///
/// ```
/// use ranked::{Axis, Tensor};
///
/// let t: Tensor<f32, 4> = Tensor::ones([2, 3, 4, 5]);
/// let s: Tensor<f32, 1> = t.sum_axes((Axis::<0>, Axis::<3>, Axis::<2>));
/// assert_eq!(s.to_vec(), [40.0, 40.0, 40.0]);
/// ```
#[diagnostic::on_unimplemented(
    message = "cannot remove the axes `{Axes}` from a tensor of `{Self}`",
    label = "needs a tuple of 1 to 16 different axes, each below the rank",
    note = "axes are written `Axis::<N>`, several as a tuple: `(Axis::<0>, Axis::<2>)`",
    note = "in rank-generic code, state it in a where-clause, e.g. `Rank<R>: RemoveAxes<(Axis<0>, Axis<1>), Out = Rank<O>>`"
)]
pub trait RemoveAxes<Axes> {
    /// The output rank, `Rank<R - K>`.
    type Out;
    /// The axis numbers, in the order written.
    const AXES: &'static [usize];
}

#[doc(hidden)]
pub trait RemoveAxesIf<K, Valid> {
    type Out;
}

#[diagnostic::do_not_recommend]
impl<const R: usize, Axes> RemoveAxes<Axes> for Rank<R>
where
    Rank<R>: KnownRank,
    Axes: AxisTuple,
    Axes::List: AxisCount + AxesBelow<Num<R>>,
    Rank<R>: RankRule<BelowOf<Axes, Num<R>>> + RemoveAxesIf<CountOf<Axes>, BelowOf<Axes, Num<R>>>,
{
    type Out = <Rank<R> as RemoveAxesIf<CountOf<Axes>, BelowOf<Axes, Num<R>>>>::Out;
    const AXES: &'static [usize] = Axes::AXES;
}

#[doc(hidden)]
#[diagnostic::do_not_recommend]
impl<const R: usize> RemoveAxes<Undecided> for Rank<R> {
    type Out = Rank<R>;
    const AXES: &'static [usize] = &[];
}

/// R − K, asked only once the K axes are known to be different and below R (so K ≤ R).
impl<const R: usize, K> RemoveAxesIf<K, True> for Rank<R>
where
    Rank<R>: KnownRank,
    Num<R>: Sub<K>,
    Diff<Num<R>, K>: NumToRank,
{
    type Out = RankOf<Diff<Num<R>, K>>;
}

impl<const R: usize, K> RemoveAxesIf<K, False> for Rank<R> {
    type Out = Rank<0>;
}

// ---------------------------------------------------------------------------------------------

/// A set of different axes of a rank-`R` tensor, written as a tuple, that an operation uses
/// without changing the rank (such as [`flip_axes`](crate::TensorBase::flip_axes)): every axis
/// below R, no axis twice.
///
/// # Examples
///
/// ```
/// use ranked::{Axis, Tensor};
///
/// let t = Tensor::from_fn([2, 3], |[i, j]| 3 * i + j);
/// assert_eq!(t.view().flip_axes((Axis::<0>, Axis::<1>)).to_vec(), [5, 4, 3, 2, 1, 0]);
/// ```
#[diagnostic::on_unimplemented(
    message = "cannot use the axes `{Axes}` of a tensor of `{Self}`",
    label = "needs a tuple of 1 to 16 different axes, each below the rank",
    note = "axes are written `Axis::<N>`, several as a tuple: `(Axis::<0>, Axis::<2>)`",
    note = "in rank-generic code, state it in a where-clause, e.g. `Rank<R>: HasAxisSet<(Axis<0>, Axis<1>)>`"
)]
pub trait HasAxisSet<Axes> {
    /// The axis numbers, in the order written.
    const AXES: &'static [usize];
}

#[diagnostic::do_not_recommend]
impl<const R: usize, Axes> HasAxisSet<Axes> for Rank<R>
where
    Rank<R>: KnownRank,
    Axes: AxisTuple,
    Axes::List: AxesBelow<Num<R>>,
    Rank<R>: RankRule<BelowOf<Axes, Num<R>>>,
{
    const AXES: &'static [usize] = Axes::AXES;
}

#[doc(hidden)]
#[diagnostic::do_not_recommend]
impl<const R: usize> HasAxisSet<Undecided> for Rank<R> {
    const AXES: &'static [usize] = &[];
}

// ---------------------------------------------------------------------------------------------

/// Inserting `K` new axes of size 1 into a rank-`R` tensor at the positions a tuple names, as
/// positions of the result ([`expand_dims`](crate::TensorBase::expand_dims)): every position
/// below R + K, no position twice, R + K at most 16; output rank R + K.
///
/// # Examples
///
/// ```
/// use ranked::{Axis, Tensor};
///
/// let t: Tensor<u8, 2> = Tensor::zeros([2, 3]);
/// let e: Tensor<u8, 4> = t.expand_dims((Axis::<0>, Axis::<3>));
/// assert_eq!(e.shape(), &[1, 2, 3, 1]);
/// ```
#[diagnostic::on_unimplemented(
    message = "cannot insert new axes at `{Axes}` into a tensor of `{Self}`",
    label = "needs a tuple of 1 to 16 different positions, each below the result's rank (the rank plus their number), and a result of rank 16 at most",
    note = "axes are written `Axis::<N>`, several as a tuple: `(Axis::<0>, Axis::<2>)`",
    note = "in rank-generic code, state it in a where-clause, e.g. `Rank<R>: InsertAxes<(Axis<0>, Axis<1>), Out = Rank<O>>`"
)]
pub trait InsertAxes<Axes> {
    /// The output rank, `Rank<R + K>`.
    type Out;
    /// The positions, in the order written.
    const AXES: &'static [usize];
}

#[doc(hidden)]
pub trait InsertAxesIf<Total, Valid> {
    type Out;
}

/// The result's rank, R + K.
type WithAxes<const R: usize, Axes> = Sum<Num<R>, CountOf<Axes>>;

/// Every position below R + K, no position twice, and R + K at most 16, as one boolean.
type InsertValid<const R: usize, Axes> =
    And<BelowOf<Axes, WithAxes<R, Axes>>, LeEq<WithAxes<R, Axes>, typenum::U16>>;

#[diagnostic::do_not_recommend]
impl<const R: usize, Axes> InsertAxes<Axes> for Rank<R>
where
    Rank<R>: KnownRank,
    Axes: AxisTuple,
    Axes::List: AxisCount,
    Num<R>: Add<CountOf<Axes>>,
    Axes::List: AxesBelow<WithAxes<R, Axes>>,
    WithAxes<R, Axes>: IsLessOrEqual<typenum::U16>,
    BelowOf<Axes, WithAxes<R, Axes>>: BitAnd<LeEq<WithAxes<R, Axes>, typenum::U16>>,
    Rank<R>: RankRule<InsertValid<R, Axes>> + InsertAxesIf<WithAxes<R, Axes>, InsertValid<R, Axes>>,
{
    type Out = <Rank<R> as InsertAxesIf<WithAxes<R, Axes>, InsertValid<R, Axes>>>::Out;
    const AXES: &'static [usize] = Axes::AXES;
}

#[doc(hidden)]
#[diagnostic::do_not_recommend]
impl<const R: usize> InsertAxes<Undecided> for Rank<R> {
    type Out = Rank<R>;
    const AXES: &'static [usize] = &[];
}

impl<const R: usize, Total: NumToRank> InsertAxesIf<Total, True> for Rank<R> {
    type Out = RankOf<Total>;
}

impl<const R: usize, Total> InsertAxesIf<Total, False> for Rank<R> {
    type Out = Rank<0>;
}

// ---------------------------------------------------------------------------------------------

/// Moving the axes of one tuple of a rank-`R` tensor to the positions of another
/// ([`moveaxes`](crate::TensorBase::moveaxes), NumPy's `moveaxis` with tuples): each tuple of
/// different axes below R, both of the same length; the rank stays R.
///
/// # Examples
///
/// ```
/// use ranked::{Axis, Tensor};
///
/// let t: Tensor<u8, 4> = Tensor::zeros([2, 3, 4, 5]);
/// let m = t.view().moveaxes((Axis::<0>, Axis::<1>), (Axis::<3>, Axis::<2>));
/// assert_eq!(m.shape(), &[4, 5, 3, 2]);
/// ```
#[diagnostic::on_unimplemented(
    message = "cannot move the axes `{From}` to `{To}` in a tensor of `{Self}`",
    label = "needs two tuples of as many different axes, each below the rank",
    note = "axes are written `Axis::<N>`, several as a tuple: `(Axis::<0>, Axis::<2>)`",
    note = "in rank-generic code, state it in a where-clause, e.g. `Rank<R>: MoveAxes<(Axis<0>,), (Axis<1>,)>`"
)]
pub trait MoveAxes<From, To> {
    /// The axes moved, in the order written.
    const FROM: &'static [usize];
    /// Where each goes, in the same order.
    const TO: &'static [usize];
}

/// Both tuples valid, and of one length, as one boolean.
type MoveValid<const R: usize, From, To> =
    And<And<BelowOf<From, Num<R>>, BelowOf<To, Num<R>>>, Eq<CountOf<From>, CountOf<To>>>;

#[diagnostic::do_not_recommend]
impl<const R: usize, From, To> MoveAxes<From, To> for Rank<R>
where
    Rank<R>: KnownRank,
    From: AxisTuple,
    To: AxisTuple,
    From::List: AxisCount + AxesBelow<Num<R>>,
    To::List: AxisCount + AxesBelow<Num<R>>,
    BelowOf<From, Num<R>>: BitAnd<BelowOf<To, Num<R>>>,
    CountOf<From>: IsEqual<CountOf<To>>,
    And<BelowOf<From, Num<R>>, BelowOf<To, Num<R>>>: BitAnd<Eq<CountOf<From>, CountOf<To>>>,
    Rank<R>: RankRule<MoveValid<R, From, To>>,
{
    const FROM: &'static [usize] = From::AXES;
    const TO: &'static [usize] = To::AXES;
}

#[doc(hidden)]
#[diagnostic::do_not_recommend]
impl<const R: usize> MoveAxes<Undecided, Undecided> for Rank<R> {
    const FROM: &'static [usize] = &[];
    const TO: &'static [usize] = &[];
}
