//! The rules of operations on one axis: the axis exists, is removed (`squeeze`, `select`),
//! inserted (`unsqueeze`) or windowed (`unfold`).

use super::*;

// ---------------------------------------------------------------------------------------------

/// Axis `Ax` exists in a rank-`R` tensor: `A < R`. Output rank: R (unchanged).
///
/// # Examples
///
/// ```
/// use ranked::{Axis, Tensor};
///
/// let t: Tensor<u8, 2> = Tensor::zeros([4, 6]);
/// assert_eq!(t.step(Axis::<1>, 2).unwrap().shape(), &[4, 3]);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Ax}` does not exist in a tensor of `{Self}`",
    label = "the axis must be below the rank",
    note = "in rank-generic code, state it in a where-clause, e.g. `Rank<R>: HasAxis<Axis<0>>`"
)]
pub trait HasAxis<Ax> {
    /// The axis number.
    const AXIS: usize;
}

#[diagnostic::do_not_recommend]
impl<const R: usize, const A: usize> HasAxis<Axis<A>> for Rank<R>
where
    Rank<R>: KnownRank,
    Rank<A>: KnownRank,
    Num<A>: IsLess<Num<R>>,
    Rank<R>: RankRule<Le<Num<A>, Num<R>>>,
{
    const AXIS: usize = A;
}

axis_fallbacks! {
    HasAxis<_> {
        const AXIS: usize = usize::MAX;
    }
}

/// Axes `I` and `J` both exist in a rank-`R` tensor. Output rank: R (unchanged).
///
/// # Examples
///
/// ```
/// use ranked::{Axis, Tensor};
///
/// let t: Tensor<u8, 3> = Tensor::zeros([2, 3, 4]);
/// assert_eq!(t.swap_axes(Axis::<0>, Axis::<2>).shape(), &[4, 3, 2]);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{I}` and `{J}` must both exist in a tensor of `{Self}`",
    label = "both axes must be below the rank",
    note = "in rank-generic code, state it in a where-clause, e.g. `Rank<R>: HasAxes<Axis<0>, Axis<1>>`"
)]
pub trait HasAxes<I, J> {
    /// The two axis numbers.
    const AXES: (usize, usize);
}

#[diagnostic::do_not_recommend]
impl<const R: usize, const I: usize, const J: usize> HasAxes<Axis<I>, Axis<J>> for Rank<R>
where
    Rank<R>: KnownRank,
    Rank<I>: KnownRank,
    Rank<J>: KnownRank,
    Num<I>: IsLess<Num<R>>,
    Num<J>: IsLess<Num<R>>,
    Le<Num<I>, Num<R>>: BitAnd<Le<Num<J>, Num<R>>>,
    Rank<R>: RankRule<And<Le<Num<I>, Num<R>>, Le<Num<J>, Num<R>>>>,
{
    const AXES: (usize, usize) = (I, J);
}

axis_fallbacks! {
    HasAxes<_, _> {
        const AXES: (usize, usize) = (usize::MAX, usize::MAX);
    }
}

// ---------------------------------------------------------------------------------------------

/// Removing axis `Ax` of a rank-`R` tensor: `A < R`; output rank R − 1.
///
/// # Examples
///
/// ```
/// use ranked::{Axis, Tensor};
///
/// let t: Tensor<u8, 3> = Tensor::zeros([2, 3, 4]);
/// let s = t.select(Axis::<1>, 2).unwrap(); // rank 3 → 2
/// assert_eq!(s.shape(), &[2, 4]);
/// ```
#[diagnostic::on_unimplemented(
    message = "cannot remove `{Ax}` from a tensor of `{Self}`: no such axis, or the rank is not known here",
    label = "the axis must be below the rank, and the rank at most 16",
    note = "in rank-generic code, state it in a where-clause, e.g. `Rank<R>: RemoveAxis<Axis<0>, Out = Rank<O>>`"
)]
pub trait RemoveAxis<Ax> {
    /// The output rank, `Rank<R - 1>`.
    type Out;
    /// The axis number.
    const AXIS: usize;
}

#[doc(hidden)]
pub trait RemoveAxisIf<Valid> {
    type Out;
}

#[diagnostic::do_not_recommend]
impl<const R: usize, const A: usize> RemoveAxis<Axis<A>> for Rank<R>
where
    Rank<R>: KnownRank,
    Rank<A>: KnownRank,
    Num<A>: IsLess<Num<R>>,
    Rank<R>: RankRule<Le<Num<A>, Num<R>>> + RemoveAxisIf<Le<Num<A>, Num<R>>>,
{
    type Out = <Rank<R> as RemoveAxisIf<Le<Num<A>, Num<R>>>>::Out;
    const AXIS: usize = A;
}

axis_fallbacks! {
    RemoveAxis<_> {
        type Out = Rank<R>;
        const AXIS: usize = usize::MAX;
    }
}

/// R − 1, asked only once `A < R` (so `R ≥ 1`) is known.
impl<const R: usize> RemoveAxisIf<True> for Rank<R>
where
    Rank<R>: KnownRank,
    Num<R>: Sub<B1>,
    Sub1<Num<R>>: NumToRank,
{
    type Out = RankOf<Sub1<Num<R>>>;
}

impl<const R: usize> RemoveAxisIf<False> for Rank<R> {
    type Out = Rank<0>;
}

// ---------------------------------------------------------------------------------------------

/// Inserting a new axis at position `Ax` of a rank-`R` tensor: `A ≤ R`; output rank R + 1.
///
/// # Examples
///
/// ```
/// use ranked::{Axis, Tensor};
///
/// let t: Tensor<u8, 2> = Tensor::zeros([2, 3]);
/// assert_eq!(t.unsqueeze(Axis::<2>).shape(), &[2, 3, 1]);
/// ```
#[diagnostic::on_unimplemented(
    message = "cannot insert `{Ax}` into a tensor of `{Self}`",
    label = "the new axis must be at most the rank, and the result at most rank 16",
    note = "ranks 0 to 16 are supported: a tensor of rank 16 has no room for another axis",
    note = "in rank-generic code, state it in a where-clause, e.g. `Rank<R>: InsertAxis<Axis<0>, Out = Rank<O>>`"
)]
pub trait InsertAxis<Ax> {
    /// The output rank, `Rank<R + 1>`.
    type Out;
    /// The position of the new axis.
    const AXIS: usize;
}

#[doc(hidden)]
pub trait GrowIf<Valid> {
    type Out;
}

#[diagnostic::do_not_recommend]
impl<const R: usize, const A: usize> InsertAxis<Axis<A>> for Rank<R>
where
    Rank<R>: KnownRank,
    Rank<A>: KnownRank,
    Num<A>: IsLessOrEqual<Num<R>>,
    Num<R>: IsLess<typenum::U16>,
    LeEq<Num<A>, Num<R>>: BitAnd<Le<Num<R>, typenum::U16>>,
    Rank<R>: RankRule<InsertValid<R, A>> + GrowIf<InsertValid<R, A>>,
{
    type Out = <Rank<R> as GrowIf<InsertValid<R, A>>>::Out;
    const AXIS: usize = A;
}

/// `A ≤ R` and `R < 16` (room for one more axis), as one `typenum` boolean.
pub(super) type InsertValid<const R: usize, const A: usize> =
    And<LeEq<Num<A>, Num<R>>, Le<Num<R>, typenum::U16>>;

axis_fallbacks! {
    InsertAxis<_> {
        type Out = Rank<R>;
        const AXIS: usize = usize::MAX;
    }
}

/// R + 1, asked only once the rule holds.
impl<const R: usize> GrowIf<True> for Rank<R>
where
    Rank<R>: KnownRank,
    Num<R>: Add<B1>,
    Add1<Num<R>>: NumToRank,
{
    type Out = RankOf<Add1<Num<R>>>;
}

impl<const R: usize> GrowIf<False> for Rank<R> {
    type Out = Rank<0>;
}

// ---------------------------------------------------------------------------------------------

/// Sliding windows along axis `Ax` of a rank-`R` tensor: `A < R`; output rank R + 1 (the
/// window axis is appended).
///
/// # Examples
///
/// ```
/// use ranked::{Axis, Tensor};
///
/// let t: Tensor<u8, 1> = Tensor::zeros([5]);
/// assert_eq!(t.view().unfold(Axis::<0>, 2, 1).unwrap().shape(), &[4, 2]);
/// ```
#[diagnostic::on_unimplemented(
    message = "cannot take windows along `{Ax}` of a tensor of `{Self}`",
    label = "the axis must be below the rank, and the result (one more axis) at most rank 16",
    note = "ranks 0 to 16 are supported: a tensor of rank 16 has no room for the window axis",
    note = "in rank-generic code, state it in a where-clause, e.g. `Rank<R>: WindowAxis<Axis<0>, Out = Rank<O>>`"
)]
pub trait WindowAxis<Ax> {
    /// The output rank, `Rank<R + 1>`.
    type Out;
    /// The axis number.
    const AXIS: usize;
}

#[diagnostic::do_not_recommend]
impl<const R: usize, const A: usize> WindowAxis<Axis<A>> for Rank<R>
where
    Rank<R>: KnownRank,
    Rank<A>: KnownRank,
    Num<A>: IsLess<Num<R>>,
    Num<R>: IsLess<typenum::U16>,
    Le<Num<A>, Num<R>>: BitAnd<Le<Num<R>, typenum::U16>>,
    Rank<R>: RankRule<WindowValid<R, A>> + GrowIf<WindowValid<R, A>>,
{
    type Out = <Rank<R> as GrowIf<WindowValid<R, A>>>::Out;
    const AXIS: usize = A;
}

/// `A < R` and `R < 16` (room for the window axis), as one `typenum` boolean.
pub(super) type WindowValid<const R: usize, const A: usize> =
    And<Le<Num<A>, Num<R>>, Le<Num<R>, typenum::U16>>;

axis_fallbacks! {
    WindowAxis<_> {
        type Out = Rank<R>;
        const AXIS: usize = usize::MAX;
    }
}
