//! The rules of operations on two axes or a run of axes: `merge`, `split` and `diagonal`.

use super::*;

// ---------------------------------------------------------------------------------------------

/// Merging (flattening) axes `First..=Last` of a rank-`R` tensor into one:
/// `FIRST ≤ LAST < R`; output rank R − (LAST − FIRST).
///
/// # Examples
///
/// ```
/// use ranked::{Axis, Tensor};
///
/// let t: Tensor<u8, 3> = Tensor::zeros([3, 4, 5]);
/// assert_eq!(t.merge(Axis::<1>, Axis::<2>).unwrap().shape(), &[3, 20]);
/// ```
#[diagnostic::on_unimplemented(
    message = "cannot merge `{First}` through `{Last}` of a tensor of `{Self}`",
    label = "needs first axis <= last axis < rank",
    note = "merge takes the first and the last axis of the range, in that order",
    note = "in rank-generic code, state it in a where-clause, e.g. `Rank<R>: MergeAxes<Axis<0>, Axis<1>, Out = Rank<O>>`"
)]
pub trait MergeAxes<First, Last> {
    /// The output rank, `Rank<R - (LAST - FIRST)>`.
    type Out;
    /// The first and last axis numbers.
    const AXES: (usize, usize);
}

#[doc(hidden)]
pub trait MergeAxesIf<const S: usize, const E: usize, Valid> {
    type Out;
}

/// `S ≤ E` and `E < R`, as one `typenum` boolean.
pub(super) type MergeValid<const R: usize, const S: usize, const E: usize> =
    And<LeEq<Num<S>, Num<E>>, Le<Num<E>, Num<R>>>;

#[diagnostic::do_not_recommend]
impl<const R: usize, const S: usize, const E: usize> MergeAxes<Axis<S>, Axis<E>> for Rank<R>
where
    Rank<R>: KnownRank,
    Rank<S>: KnownRank,
    Rank<E>: KnownRank,
    Num<S>: IsLessOrEqual<Num<E>>,
    Num<E>: IsLess<Num<R>>,
    LeEq<Num<S>, Num<E>>: BitAnd<Le<Num<E>, Num<R>>>,
    Rank<R>: RankRule<MergeValid<R, S, E>> + MergeAxesIf<S, E, MergeValid<R, S, E>>,
{
    type Out = <Rank<R> as MergeAxesIf<S, E, MergeValid<R, S, E>>>::Out;
    const AXES: (usize, usize) = (S, E);
}

axis_fallbacks! {
    MergeAxes<_, _> {
        type Out = Rank<R>;
        const AXES: (usize, usize) = (usize::MAX, usize::MAX);
    }
}

/// R − (E − S), asked only once `S ≤ E < R` is known.
impl<const R: usize, const S: usize, const E: usize> MergeAxesIf<S, E, True> for Rank<R>
where
    Rank<R>: KnownRank,
    Rank<S>: KnownRank,
    Rank<E>: KnownRank,
    Num<E>: Sub<Num<S>>,
    Num<R>: Sub<Diff<Num<E>, Num<S>>>,
    Diff<Num<R>, Diff<Num<E>, Num<S>>>: NumToRank,
{
    type Out = RankOf<Diff<Num<R>, Diff<Num<E>, Num<S>>>>;
}

impl<const R: usize, const S: usize, const E: usize> MergeAxesIf<S, E, False> for Rank<R> {
    type Out = Rank<0>;
}

// ---------------------------------------------------------------------------------------------

/// Splitting axis `Ax` of a rank-`R` tensor into `N` axes: `A < R` and `N ≥ 1`; output rank
/// R + N − 1.
///
/// # Examples
///
/// ```
/// use ranked::{Axis, INFER, Tensor};
///
/// let t: Tensor<u8, 2> = Tensor::zeros([3, 20]);
/// assert_eq!(t.split(Axis::<1>, [INFER, 5]).unwrap().shape(), &[3, 4, 5]);
/// ```
#[diagnostic::on_unimplemented(
    message = "cannot split `{Ax}` of a tensor of `{Self}` into {N} sizes",
    label = "needs an axis below the rank, at least one size, and a result of rank R + N - 1 at most 16",
    note = "in rank-generic code, state it in a where-clause, e.g. `Rank<R>: SplitAxis<Axis<0>, 2, Out = Rank<O>>`"
)]
pub trait SplitAxis<Ax, const N: usize> {
    /// The output rank, `Rank<R + N - 1>`.
    type Out;
    /// The axis number.
    const AXIS: usize;
}

#[doc(hidden)]
pub trait SplitAxisIf<const N: usize, Valid> {
    type Out;
}

/// `A < R` and `N ≥ 1`, as one `typenum` boolean.
pub(super) type SplitValid<const R: usize, const A: usize, const N: usize> = And<
    And<Le<Num<A>, Num<R>>, GrEq<Num<N>, typenum::U1>>,
    LeEq<Sum<Num<R>, Num<N>>, typenum::U17>,
>;

#[diagnostic::do_not_recommend]
impl<const R: usize, const A: usize, const N: usize> SplitAxis<Axis<A>, N> for Rank<R>
where
    Rank<R>: KnownRank,
    Rank<A>: KnownRank,
    Rank<N>: KnownRank,
    Num<A>: IsLess<Num<R>>,
    Num<N>: IsGreaterOrEqual<typenum::U1>,
    Num<R>: Add<Num<N>>,
    Sum<Num<R>, Num<N>>: IsLessOrEqual<typenum::U17>,
    Le<Num<A>, Num<R>>: BitAnd<GrEq<Num<N>, typenum::U1>>,
    And<Le<Num<A>, Num<R>>, GrEq<Num<N>, typenum::U1>>:
        BitAnd<LeEq<Sum<Num<R>, Num<N>>, typenum::U17>>,
    Rank<R>: RankRule<SplitValid<R, A, N>> + SplitAxisIf<N, SplitValid<R, A, N>>,
{
    type Out = <Rank<R> as SplitAxisIf<N, SplitValid<R, A, N>>>::Out;
    const AXIS: usize = A;
}

axis_fallbacks! {
    SplitAxis<_, const N> {
        type Out = Rank<R>;
        const AXIS: usize = usize::MAX;
    }
}

/// R + N − 1, asked only once `N ≥ 1` is known.
impl<const R: usize, const N: usize> SplitAxisIf<N, True> for Rank<R>
where
    Rank<R>: KnownRank,
    Rank<N>: KnownRank,
    Num<N>: Sub<B1>,
    Num<R>: Add<Sub1<Num<N>>>,
    Sum<Num<R>, Sub1<Num<N>>>: NumToRank,
{
    type Out = RankOf<Sum<Num<R>, Sub1<Num<N>>>>;
}

impl<const R: usize, const N: usize> SplitAxisIf<N, False> for Rank<R> {
    type Out = Rank<0>;
}

// ---------------------------------------------------------------------------------------------

/// Taking a diagonal over axes `D1` and `D2` of a rank-`R` tensor: both below R and different;
/// output rank R − 1 (both axes go, the diagonal is appended).
///
/// # Examples
///
/// ```
/// use ranked::{Axis, Tensor};
///
/// let t: Tensor<u8, 3> = Tensor::zeros([2, 4, 4]);
/// assert_eq!(t.diagonal(0, Axis::<1>, Axis::<2>).shape(), &[2, 4]);
/// ```
#[diagnostic::on_unimplemented(
    message = "cannot take a diagonal over `{D1}` and `{D2}` of a tensor of `{Self}`",
    label = "needs two different axes below the rank",
    note = "in rank-generic code, state it in a where-clause, e.g. `Rank<R>: DiagonalAxes<Axis<0>, Axis<1>, Out = Rank<O>>`"
)]
pub trait DiagonalAxes<D1, D2> {
    /// The output rank, `Rank<R - 1>`.
    type Out;
    /// The two axis numbers.
    const AXES: (usize, usize);
}

/// `D1 < R`, `D2 < R` and `D1 ≠ D2`, as one `typenum` boolean.
pub(super) type DiagonalValid<const R: usize, const D1: usize, const D2: usize> =
    And<And<Le<Num<D1>, Num<R>>, Le<Num<D2>, Num<R>>>, NotEq<Num<D1>, Num<D2>>>;

#[diagnostic::do_not_recommend]
impl<const R: usize, const D1: usize, const D2: usize> DiagonalAxes<Axis<D1>, Axis<D2>> for Rank<R>
where
    Rank<R>: KnownRank,
    Rank<D1>: KnownRank,
    Rank<D2>: KnownRank,
    Num<D1>: IsLess<Num<R>> + IsNotEqual<Num<D2>>,
    Num<D2>: IsLess<Num<R>>,
    Le<Num<D1>, Num<R>>: BitAnd<Le<Num<D2>, Num<R>>>,
    And<Le<Num<D1>, Num<R>>, Le<Num<D2>, Num<R>>>: BitAnd<NotEq<Num<D1>, Num<D2>>>,
    Rank<R>: RankRule<DiagonalValid<R, D1, D2>> + RemoveAxisIf<DiagonalValid<R, D1, D2>>,
{
    type Out = <Rank<R> as RemoveAxisIf<DiagonalValid<R, D1, D2>>>::Out;
    const AXES: (usize, usize) = (D1, D2);
}

axis_fallbacks! {
    DiagonalAxes<_, _> {
        type Out = Rank<R>;
        const AXES: (usize, usize) = (usize::MAX, usize::MAX);
    }
}
