//! Type-level rank arithmetic: [`Rank<N>`], [`Axis<A>`] and the traits that compute the rank of
//! every rank-changing operation.
//!
//! This is the only module that knows about `typenum`. Ranks and axes are plain const generics
//! in every public signature; behind each trait below, a small table ([`KnownRank`] and
//! [`NumToRank`]) maps a rank to its `typenum` number and back, and `typenum` does the
//! comparisons and arithmetic. Each trait checks first (dispatching on the comparison's result)
//! and only then computes, so an out-of-range axis is reported in our words — never as a failed
//! `typenum` subtraction — and the output rank is inferred through the associated type `Out`.
//!
//! | trait | rule | output rank | used by |
//! |---|---|---|---|
//! | [`HasAxis<Axis<A>>`](HasAxis) | A < R | R | `slice_axis`, `narrow`, `step`, `flip` |
//! | [`HasAxes<Axis<I>, Axis<J>>`](HasAxes) | I < R, J < R | R | `swap_axes` |
//! | [`RemoveAxis<Axis<A>>`](RemoveAxis) | A < R | R − 1 | `squeeze`, `select` |
//! | [`InsertAxis<Axis<A>>`](InsertAxis) | A ≤ R | R + 1 | `unsqueeze` |
//! | [`MergeAxes<Axis<S>, Axis<E>>`](MergeAxes) | S ≤ E < R | R − (E − S) | `merge` |
//! | [`SplitAxis<Axis<A>, N>`](SplitAxis) | A < R, N ≥ 1 | R + N − 1 | `split` |
//! | [`DiagonalAxes<Axis<D1>, Axis<D2>>`](DiagonalAxes) | D1 < R, D2 < R, D1 ≠ D2 | R − 1 | `diagonal` |
//! | [`RemoveAxes<Axis<A>, Axis<B>>`](RemoveAxes) | A < R, B < R, A ≠ B | R − 2 | `sum_axes`, `mean_axes`, `max_axes`, `min_axes` |
//! | [`WindowAxis<Axis<A>>`](WindowAxis) | A < R | R + 1 | `unfold` |
//! | [`BroadcastTo<N>`] | N ≥ R | N | `broadcast_to` |
//! | [`BroadcastRanks<R2>`] | — | max(R, R2) | [`broadcast_shapes`](crate::layout::broadcast_shapes) |
//! | [`SpecRank<N>`] | R = N | — | `einsum!`, `rearrange!` |
//! | [`MatmulRanks<R2>`] | R ≥ 1, R2 ≥ 1 | R − 1 if R2 = 1, R2 − 1 if R = 1, else max(R, R2) | `matmul`, `matmul_into` |
//! | [`SliceArity<R>`] | items without `NewAxis` = R | R − integers + `NewAxis` items | `slice` with [`s![]`](crate::s) |
//!
//! Ranks up to [`MAX_RANK`] are supported.
//!
//! # Writing rank-generic functions
//!
//! A function that is generic over the rank states the operation it needs in one where-clause,
//! with the output rank as another const parameter; the compiler infers it at each call site:
//!
//! ```
//! use ranked::{Axis, Rank, RemoveAxis, TensorView, tensor};
//!
//! /// Drops a leading axis of size 1, whatever the rank.
//! fn drop_batch<'a, const R: usize, const O: usize>(t: TensorView<'a, f32, R>) -> TensorView<'a, f32, O>
//! where
//!     Rank<R>: RemoveAxis<Axis<0>, Out = Rank<O>>,
//! {
//!     t.squeeze(Axis::<0>).expect("batch of one")
//! }
//!
//! let t = tensor![[[1.0f32, 2.0], [3.0, 4.0]]];
//! let m = drop_batch(t.view()); // rank 3 → rank 2, inferred
//! assert_eq!(m.shape(), &[2, 2]);
//! ```
//!
//! The bound each operation needs, to copy into a where-clause (`R` is the input rank, `O` the
//! output rank, `A`, `I`, `J`, `S`, `E`, `D1`, `D2` axis numbers; axes are `Axis<N>` types):
//!
//! | operation | where-clause |
//! |---|---|
//! | `squeeze`, `select`, `sum_axis`, `mean_axis`, `try_max_axis`, `var_axis`, `argmax_axis`, `axis_iter`, `lanes`, … (the axis goes) | `Rank<R>: RemoveAxis<Axis<A>, Out = Rank<O>>` |
//! | `sum_axes`, `mean_axes`, `max_axes`, `min_axes` (both axes go) | `Rank<R>: RemoveAxes<Axis<A>, Axis<B>, Out = Rank<O>>` |
//! | `slice_axis`, `narrow`, `step`, `flip`, `*_axis_keepdims`, `axis_chunks_iter`, `cumsum`, `concatenate`, `split_at` (the axis stays) | `Rank<R>: HasAxis<Axis<A>>` |
//! | `stack` of rank-`R` tensors | `Rank<R>: InsertAxis<Axis<A>, Out = Rank<O>>` |
//! | `swap_axes` | `Rank<R>: HasAxes<Axis<I>, Axis<J>>` |
//! | `unsqueeze` | `Rank<R>: InsertAxis<Axis<A>, Out = Rank<O>>` |
//! | `merge` | `Rank<R>: MergeAxes<Axis<S>, Axis<E>, Out = Rank<O>>` |
//! | `split` into `N` sizes | `Rank<R>: SplitAxis<Axis<A>, N, Out = Rank<O>>` |
//! | `diagonal` | `Rank<R>: DiagonalAxes<Axis<D1>, Axis<D2>, Out = Rank<O>>` |
//! | `unfold` | `Rank<R>: WindowAxis<Axis<A>, Out = Rank<O>>` |
//! | `broadcast_to` a rank-`N` shape | `Rank<R>: BroadcastTo<N>` |
//! | `a + b` and the other operators, `try_add`, …, ranks `R` and `R2` | `Rank<R>: BroadcastRanks<R2, Out = Rank<O>>` (same ranks: `Rank<R>: BroadcastRanks<R, Out = Rank<R>>`) |
//! | `a += b` and the other compound operators, `assign`, `try_assign` | `Rank<R2>: BroadcastTo<R>` |
//! | `slice` with a description type `L` | `L: SliceArity<R, Out = Rank<O>>` |
//! | `matmul`, `matmul_into` of ranks `R` and `R2` | `Rank<R>: MatmulRanks<R2, Out = Rank<O>>` |
//! | `permute`, `reversed_axes`, `iter`, `map`, `sum`, `get`, … | nothing: the rank does not change |
//!
//! When one is missing, the error names the rule and the axis (``cannot remove `Axis<0>` from
//! a tensor of `Rank<R>` ``) and its note gives the where-clause. Every bound of the table,
//! exactly as written, in use:
//!
//! ```
//! use ranked::{
//!     Axis, BroadcastRanks, BroadcastTo, DiagonalAxes, HasAxes, HasAxis, InsertAxis, MatmulRanks,
//!     MergeAxes, Rank, RemoveAxis, SliceArity, SplitAxis, Tensor, TensorView, WindowAxis, s,
//! };
//! type V<'a, const R: usize> = TensorView<'a, f32, R>;
//!
//! fn remove<const R: usize, const O: usize, const A: usize>(t: &Tensor<f32, R>, a: Axis<A>) -> Tensor<f32, O>
//! where Rank<R>: RemoveAxis<Axis<A>, Out = Rank<O>> { t.sum_axis(a) }
//! fn keep<const R: usize, const A: usize>(t: V<'_, R>, a: Axis<A>) -> V<'_, R>
//! where Rank<R>: HasAxis<Axis<A>> { t.flip(a) }
//! fn swap<const R: usize, const I: usize, const J: usize>(t: V<'_, R>, i: Axis<I>, j: Axis<J>) -> V<'_, R>
//! where Rank<R>: HasAxes<Axis<I>, Axis<J>> { t.swap_axes(i, j) }
//! fn insert<const R: usize, const O: usize, const A: usize>(t: V<'_, R>, a: Axis<A>) -> V<'_, O>
//! where Rank<R>: InsertAxis<Axis<A>, Out = Rank<O>> { t.unsqueeze(a) }
//! fn merge<const R: usize, const O: usize, const S: usize, const E: usize>(t: V<'_, R>, s: Axis<S>, e: Axis<E>) -> V<'_, O>
//! where Rank<R>: MergeAxes<Axis<S>, Axis<E>, Out = Rank<O>> { t.merge(s, e).unwrap() }
//! fn split<const R: usize, const O: usize, const A: usize, const N: usize>(t: V<'_, R>, a: Axis<A>, n: [usize; N]) -> V<'_, O>
//! where Rank<R>: SplitAxis<Axis<A>, N, Out = Rank<O>> { t.split(a, n).unwrap() }
//! fn diag<const R: usize, const O: usize, const D1: usize, const D2: usize>(t: V<'_, R>, x: Axis<D1>, y: Axis<D2>) -> V<'_, O>
//! where Rank<R>: DiagonalAxes<Axis<D1>, Axis<D2>, Out = Rank<O>> { t.diagonal(0, x, y) }
//! fn windows<const R: usize, const O: usize, const A: usize>(t: V<'_, R>, a: Axis<A>) -> V<'_, O>
//! where Rank<R>: WindowAxis<Axis<A>, Out = Rank<O>> { t.unfold(a, 2, 1).unwrap() }
//! fn to<const R: usize, const N: usize>(t: V<'_, R>, shape: [usize; N]) -> V<'_, N>
//! where Rank<R>: BroadcastTo<N> { t.broadcast_to(shape).unwrap() }
//! fn add<const R: usize, const R2: usize, const O: usize>(a: &Tensor<f32, R>, b: &Tensor<f32, R2>) -> Tensor<f32, O>
//! where Rank<R>: BroadcastRanks<R2, Out = Rank<O>> { a + b }
//! fn add_same<const R: usize>(a: &Tensor<f32, R>, b: &Tensor<f32, R>) -> Tensor<f32, R>
//! where Rank<R>: BroadcastRanks<R, Out = Rank<R>> { a + b }
//! fn add_into<const R: usize, const R2: usize>(a: &mut Tensor<f32, R>, b: &Tensor<f32, R2>)
//! where Rank<R2>: BroadcastTo<R> { *a += b; }
//! fn slice<const R: usize, const O: usize, L>(t: V<'_, R>, l: L) -> V<'_, O>
//! where L: SliceArity<R, Out = Rank<O>> { t.slice(l).unwrap() }
//! fn product<const R: usize, const R2: usize, const O: usize>(a: &Tensor<f32, R>, b: &Tensor<f32, R2>) -> Tensor<f32, O>
//! where Rank<R>: MatmulRanks<R2, Out = Rank<O>> { a.matmul(b).unwrap() }
//!
//! let t = Tensor::from_fn([2, 3, 4], |[i, j, k]| (i + j + k) as f32);
//! let m = Tensor::from_fn([3, 3], |[i, j]| (i * j) as f32);
//! assert_eq!(remove(&t, Axis::<1>).shape(), &[2, 4]);
//! assert_eq!(keep(t.view(), Axis::<2>).shape(), &[2, 3, 4]);
//! assert_eq!(swap(t.view(), Axis::<0>, Axis::<2>).shape(), &[4, 3, 2]);
//! assert_eq!(insert(t.view(), Axis::<3>).shape(), &[2, 3, 4, 1]);
//! assert_eq!(merge(t.view(), Axis::<1>, Axis::<2>).shape(), &[2, 12]);
//! assert_eq!(split(t.view(), Axis::<2>, [2, 2]).shape(), &[2, 3, 2, 2]);
//! assert_eq!(diag(m.view(), Axis::<0>, Axis::<1>).shape(), &[3]);
//! assert_eq!(windows(t.view(), Axis::<2>).shape(), &[2, 3, 3, 2]);
//! assert_eq!(to(m.view(), [2, 3, 3]).shape(), &[2, 3, 3]);
//! assert_eq!(add(&t, &m.view().narrow(Axis::<1>, 0, 1).unwrap().broadcast_to([3, 4]).unwrap().to_contiguous()).shape(), &[2, 3, 4]);
//! assert_eq!(add_same(&m, &m).shape(), &[3, 3]);
//! let mut u = t.clone();
//! add_into(&mut u, &Tensor::<f32, 1>::ones([4]));
//! assert_eq!(u[[0, 0, 0]], 1.0);
//! assert_eq!(slice(t.view(), s![.., 1, ..]).shape(), &[2, 4]);
//! assert_eq!(product(&m, &m).shape(), &[3, 3]);
//! ```

use core::ops::{Add, BitAnd, BitOr, Sub};

use typenum::operator_aliases::{And, Or};

use typenum::{
    Add1, B1, Diff, Eq, False, GrEq, IsEqual, IsGreaterOrEqual, IsLess, IsLessOrEqual, IsNotEqual,
    Le, LeEq, Max, Maximum, Min, Minimum, NotEq, Sub1, Sum, True, Unsigned,
};

/// The largest rank the type-level arithmetic supports.
pub const MAX_RANK: usize = 16;

/// The rank `N` as a type: the `Self` of every rank-arithmetic trait.
///
/// Users only name it in where-clauses of rank-generic code, such as
/// `where Rank<R>: RemoveAxis<Axis<0>, Out = Rank<O>>`.
///
/// # Examples
///
/// ```
/// use ranked::{Axis, InsertAxis, Rank};
///
/// fn rank_after_unsqueeze<const R: usize, const O: usize>(_: Rank<R>) -> usize
/// where
///     Rank<R>: InsertAxis<Axis<0>, Out = Rank<O>>,
/// {
///     O
/// }
/// assert_eq!(rank_after_unsqueeze(Rank::<3>), 4);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rank<const N: usize>;

/// An axis as a value whose number is part of its type: `t.squeeze(Axis::<1>)`.
///
/// Passing the axis as a type lets the compiler check it against the rank and compute the
/// output rank.
///
/// # Examples
///
/// ```
/// use ranked::{Axis, Tensor};
///
/// let t: Tensor<u8, 3> = Tensor::zeros([2, 1, 3]);
/// let s = t.squeeze(Axis::<1>).unwrap();
/// assert_eq!(s.shape(), &[2, 3]);
/// assert_eq!(Axis::<1>.index(), 1);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Axis<const A: usize>;

impl<const A: usize> Axis<A> {
    /// The axis number, `A`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Axis;
    ///
    /// assert_eq!(Axis::<2>.index(), 2);
    /// ```
    #[must_use]
    pub const fn index(self) -> usize {
        A
    }
}

mod sealed {
    pub trait Sealed {}
}

/// Maps a rank to its `typenum` number (a table for ranks `0..=MAX_RANK`).
///
/// Sealed; it exists for the where-clauses of this module.
///
/// # Examples
///
/// ```
/// use ranked::{KnownRank, Rank, typenum::Unsigned};
///
/// assert_eq!(<Rank<5> as KnownRank>::Num::USIZE, 5);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a rank this crate computes with",
    label = "ranks 0 to 16 are supported",
    note = "in rank-generic code, require the operation itself, e.g. `where Rank<R>: RemoveAxis<Axis<0>, Out = Rank<O>>`"
)]
pub trait KnownRank: sealed::Sealed {
    /// The rank as a `typenum` unsigned integer.
    type Num: Unsigned;
}

/// Maps a `typenum` number back to a rank (the inverse table of [`KnownRank`]).
///
/// # Examples
///
/// ```
/// use ranked::{NumToRank, Rank, typenum::U3};
///
/// let _: <U3 as NumToRank>::Rank = Rank::<3>;
/// ```
pub trait NumToRank {
    /// The rank `Rank<N>`.
    type Rank;
}

macro_rules! rank_table {
    ($($n:literal => $u:ident),* $(,)?) => {$(
        impl sealed::Sealed for Rank<$n> {}
        impl KnownRank for Rank<$n> {
            type Num = typenum::$u;
        }
        impl NumToRank for typenum::$u {
            type Rank = Rank<$n>;
        }
    )*};
}

rank_table!(
    0 => U0, 1 => U1, 2 => U2, 3 => U3, 4 => U4, 5 => U5, 6 => U6, 7 => U7, 8 => U8,
    9 => U9, 10 => U10, 11 => U11, 12 => U12, 13 => U13, 14 => U14, 15 => U15, 16 => U16,
);

/// The `typenum` number of rank `N`.
type Num<const N: usize> = <Rank<N> as KnownRank>::Num;

/// The rank of `typenum` number `U`.
type RankOf<U> = <U as NumToRank>::Rank;

/// The compile-time check behind every rule below: `Rank<R>: Check<B>` holds only when the
/// `typenum` boolean `B` is `True`.
///
/// How it keeps errors readable:
/// - its `Self` is the rule's own `Self` (`Rank<R>`), so when it fails rustc reports the
///   rule's `on_unimplemented` message (our words), not this trait's;
/// - besides `True` it is implemented for one private, uninhabited type, so that while `B` is
///   still being inferred (the axis comes from a method argument) rustc sees two candidates and
///   waits, instead of committing to `True` early and later reporting a `typenum` type
///   mismatch;
/// - the arithmetic traits (`…If<B>`) have impls for `True` and `False` alike, so they never
///   fail first.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "the ranks do not fit: a rank rule fails for a tensor of `{Self}`",
    label = "a rank rule of this operation fails here",
    note = "the `required for` notes below name the rule (`BroadcastTo`, `RemoveAxis`, …)"
)]
pub trait Check<B> {}
impl<const R: usize> Check<True> for Rank<R> {}
impl<const R: usize> Check<Unreachable> for Rank<R> {}

/// Never constructed: the second candidate of [`Check`].
#[doc(hidden)]
#[derive(Clone, Copy)]
pub enum Unreachable {}

/// An axis type the rank traits accept: [`Axis<A>`], whose number is `INDEX`.
///
/// Sealed. The rank traits take the axis as a type parameter (`RemoveAxis<Axis<1>>`), as the
/// view methods take it as a value (`squeeze(Axis::<1>)`).
///
/// # Examples
///
/// ```
/// use ranked::{Axis, rank::AxisIndex};
///
/// assert_eq!(<Axis<4> as AxisIndex>::INDEX, 4);
/// ```
pub trait AxisIndex: sealed::Sealed {
    /// The axis number.
    const INDEX: usize;
}

impl<const A: usize> sealed::Sealed for Axis<A> {}
impl<const A: usize> AxisIndex for Axis<A> {
    const INDEX: usize = A;
}

/// Axes written as plain integers (`squeeze(1)`, the PyTorch and ndarray habit).
///
/// Every method that takes an axis requires `IsAxis` of it, so `squeeze(1)` fails there, with a
/// message that says how to write the axis, instead of reading as an axis out of range. The
/// rules' hidden impls for integers (see below) keep that the only error.
#[doc(hidden)]
pub trait PlainInteger {}

macro_rules! plain_integers {
    ($($t:ty),*) => {$(impl PlainInteger for $t {})*};
}
plain_integers!(
    i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize
);

/// What an axis argument must be: an [`Axis<A>`], not a plain integer. Every method that takes an
/// axis requires it, so `t.squeeze(1)` is answered with how to write the axis (`Axis::<1>`).
///
/// Every axis is `Copy`, so rank-generic code can use one axis argument more than once.
///
/// # Examples
///
/// ```
/// use ranked::{Axis, Tensor, rank::{IsAxis, RemoveAxis, Rank}};
///
/// fn takes_an_axis<A: IsAxis>(_: A) {}
/// takes_an_axis(Axis::<2>);
///
/// // One axis, used twice: the sums and the maxima along it.
/// fn spread<A: IsAxis, const R: usize, const O: usize>(
///     t: &Tensor<f64, R>,
///     axis: A,
/// ) -> (Tensor<f64, O>, Tensor<f64, O>)
/// where
///     Rank<R>: RemoveAxis<A, Out = Rank<O>>,
/// {
///     (t.sum_axis(axis), t.max_axis(axis))
/// }
/// let (sums, maxima) = spread(&Tensor::from_fn([2, 3], |[i, j]| (i * 3 + j) as f64), Axis::<1>);
/// assert_eq!((sums.to_vec(), maxima.to_vec()), (vec![3.0, 12.0], vec![2.0, 5.0]));
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an axis: axes are written `Axis::<N>`",
    label = "write `Axis::<N>` here, e.g. `Axis::<1>`",
    note = "the axis is part of the type, so the compiler can check it against the rank; in \
            rank-generic code, a type parameter used as an axis needs the bound `{Self}: IsAxis`"
)]
pub trait IsAxis: Copy + sealed::Sealed {}

#[diagnostic::do_not_recommend]
impl<const A: usize> IsAxis for Axis<A> {}

/// Two axes, for the methods that take a pair (`swap_axes`, `merge`, `diagonal`): one bound on
/// the pair gives one error for `swap_axes(0, 1)`, not one per number.
#[diagnostic::do_not_recommend]
impl<A: IsAxis, B: IsAxis> IsAxis for (A, B) {}
impl<A, B> sealed::Sealed for (A, B) {}
#[doc(hidden)]
#[diagnostic::do_not_recommend]
impl IsAxis for Unreachable {}
impl sealed::Sealed for Unreachable {}

// Every rule below has two hidden impls besides the one for `Axis<A>`, both marked
// `do_not_recommend` (so rustc never shows them):
// - one for `Unreachable` in place of an axis. No value of that type exists, so the impl is never
//   used; it has no bounds, so it stays a candidate while the axis of a method call is still
//   being inferred from its argument;
// - one for plain integers, bounded by `IsAxis`, which they never meet. While the axis type is
//   unknown its bound is undecided, so it stays a candidate too.
// With two candidates left, rustc waits until the argument's type is known instead of committing
// early, and then reports the rule's own message naming the axis it was given (`Axis<3>`, or
// `Axis<0>` in rank-generic code that lacks its where-clause) rather than an unknown `_`. A plain
// integer (`squeeze(1)`) fails first on the method's own `IsAxis` bound, whose message says how
// axes are written.

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
    Rank<R>: Check<Le<Num<A>, Num<R>>>,
{
    const AXIS: usize = A;
}

#[doc(hidden)]
#[diagnostic::do_not_recommend]
impl<const R: usize> HasAxis<Unreachable> for Rank<R> {
    const AXIS: usize = usize::MAX;
}

/// An integer where an axis belongs: fails on [`IsAxis`], whose message says how to write it.
#[doc(hidden)]
#[diagnostic::do_not_recommend]
impl<const R: usize, I> HasAxis<I> for Rank<R>
where
    I: PlainInteger + IsAxis,
{
    const AXIS: usize = usize::MAX;
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
    Rank<R>: Check<And<Le<Num<I>, Num<R>>, Le<Num<J>, Num<R>>>>,
{
    const AXES: (usize, usize) = (I, J);
}

#[doc(hidden)]
#[diagnostic::do_not_recommend]
impl<const R: usize> HasAxes<Unreachable, Unreachable> for Rank<R> {
    const AXES: (usize, usize) = (usize::MAX, usize::MAX);
}

/// An integer where an axis belongs: fails on [`IsAxis`], whose message says how to write it.
#[doc(hidden)]
#[diagnostic::do_not_recommend]
impl<const R: usize, I, J> HasAxes<I, J> for Rank<R>
where
    I: PlainInteger + IsAxis,
{
    const AXES: (usize, usize) = (usize::MAX, usize::MAX);
}

/// An axis and then an integer: fails on [`IsAxis`] as well.
#[doc(hidden)]
#[diagnostic::do_not_recommend]
impl<const R: usize, const A: usize, J> HasAxes<Axis<A>, J> for Rank<R>
where
    J: PlainInteger + IsAxis,
{
    const AXES: (usize, usize) = (usize::MAX, usize::MAX);
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
    Rank<R>: Check<Le<Num<A>, Num<R>>> + RemoveAxisIf<Le<Num<A>, Num<R>>>,
{
    type Out = <Rank<R> as RemoveAxisIf<Le<Num<A>, Num<R>>>>::Out;
    const AXIS: usize = A;
}

#[doc(hidden)]
#[diagnostic::do_not_recommend]
impl<const R: usize> RemoveAxis<Unreachable> for Rank<R> {
    type Out = Rank<R>;
    const AXIS: usize = usize::MAX;
}

/// An integer where an axis belongs: fails on [`IsAxis`], whose message says how to write it.
#[doc(hidden)]
#[diagnostic::do_not_recommend]
impl<const R: usize, I> RemoveAxis<I> for Rank<R>
where
    I: PlainInteger + IsAxis,
{
    type Out = Rank<R>;
    const AXIS: usize = usize::MAX;
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
    Rank<R>: Check<InsertValid<R, A>> + GrowIf<InsertValid<R, A>>,
{
    type Out = <Rank<R> as GrowIf<InsertValid<R, A>>>::Out;
    const AXIS: usize = A;
}

/// `A ≤ R` and `R < 16` (room for one more axis), as one `typenum` boolean.
type InsertValid<const R: usize, const A: usize> =
    And<LeEq<Num<A>, Num<R>>, Le<Num<R>, typenum::U16>>;

#[doc(hidden)]
#[diagnostic::do_not_recommend]
impl<const R: usize> InsertAxis<Unreachable> for Rank<R> {
    type Out = Rank<R>;
    const AXIS: usize = usize::MAX;
}

/// An integer where an axis belongs: fails on [`IsAxis`], whose message says how to write it.
#[doc(hidden)]
#[diagnostic::do_not_recommend]
impl<const R: usize, I> InsertAxis<I> for Rank<R>
where
    I: PlainInteger + IsAxis,
{
    type Out = Rank<R>;
    const AXIS: usize = usize::MAX;
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
    Rank<R>: Check<WindowValid<R, A>> + GrowIf<WindowValid<R, A>>,
{
    type Out = <Rank<R> as GrowIf<WindowValid<R, A>>>::Out;
    const AXIS: usize = A;
}

/// `A < R` and `R < 16` (room for the window axis), as one `typenum` boolean.
type WindowValid<const R: usize, const A: usize> =
    And<Le<Num<A>, Num<R>>, Le<Num<R>, typenum::U16>>;

#[doc(hidden)]
#[diagnostic::do_not_recommend]
impl<const R: usize> WindowAxis<Unreachable> for Rank<R> {
    type Out = Rank<R>;
    const AXIS: usize = usize::MAX;
}

/// An integer where an axis belongs: fails on [`IsAxis`], whose message says how to write it.
#[doc(hidden)]
#[diagnostic::do_not_recommend]
impl<const R: usize, I> WindowAxis<I> for Rank<R>
where
    I: PlainInteger + IsAxis,
{
    type Out = Rank<R>;
    const AXIS: usize = usize::MAX;
}

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
type MergeValid<const R: usize, const S: usize, const E: usize> =
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
    Rank<R>: Check<MergeValid<R, S, E>> + MergeAxesIf<S, E, MergeValid<R, S, E>>,
{
    type Out = <Rank<R> as MergeAxesIf<S, E, MergeValid<R, S, E>>>::Out;
    const AXES: (usize, usize) = (S, E);
}

#[doc(hidden)]
#[diagnostic::do_not_recommend]
impl<const R: usize> MergeAxes<Unreachable, Unreachable> for Rank<R> {
    type Out = Rank<R>;
    const AXES: (usize, usize) = (usize::MAX, usize::MAX);
}

/// An integer where an axis belongs: fails on [`IsAxis`], whose message says how to write it.
#[doc(hidden)]
#[diagnostic::do_not_recommend]
impl<const R: usize, I, J> MergeAxes<I, J> for Rank<R>
where
    I: PlainInteger + IsAxis,
{
    type Out = Rank<R>;
    const AXES: (usize, usize) = (usize::MAX, usize::MAX);
}

/// An axis and then an integer: fails on [`IsAxis`] as well.
#[doc(hidden)]
#[diagnostic::do_not_recommend]
impl<const R: usize, const A: usize, J> MergeAxes<Axis<A>, J> for Rank<R>
where
    J: PlainInteger + IsAxis,
{
    type Out = Rank<R>;
    const AXES: (usize, usize) = (usize::MAX, usize::MAX);
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
type SplitValid<const R: usize, const A: usize, const N: usize> = And<
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
    Rank<R>: Check<SplitValid<R, A, N>> + SplitAxisIf<N, SplitValid<R, A, N>>,
{
    type Out = <Rank<R> as SplitAxisIf<N, SplitValid<R, A, N>>>::Out;
    const AXIS: usize = A;
}

#[doc(hidden)]
#[diagnostic::do_not_recommend]
impl<const R: usize, const N: usize> SplitAxis<Unreachable, N> for Rank<R> {
    type Out = Rank<R>;
    const AXIS: usize = usize::MAX;
}

/// An integer where an axis belongs: fails on [`IsAxis`], whose message says how to write it.
#[doc(hidden)]
#[diagnostic::do_not_recommend]
impl<const R: usize, I, const N: usize> SplitAxis<I, N> for Rank<R>
where
    I: PlainInteger + IsAxis,
{
    type Out = Rank<R>;
    const AXIS: usize = usize::MAX;
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
type DiagonalValid<const R: usize, const D1: usize, const D2: usize> =
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
    Rank<R>: Check<DiagonalValid<R, D1, D2>> + RemoveAxisIf<DiagonalValid<R, D1, D2>>,
{
    type Out = <Rank<R> as RemoveAxisIf<DiagonalValid<R, D1, D2>>>::Out;
    const AXES: (usize, usize) = (D1, D2);
}

#[doc(hidden)]
#[diagnostic::do_not_recommend]
impl<const R: usize> DiagonalAxes<Unreachable, Unreachable> for Rank<R> {
    type Out = Rank<R>;
    const AXES: (usize, usize) = (usize::MAX, usize::MAX);
}

/// An integer where an axis belongs: fails on [`IsAxis`], whose message says how to write it.
#[doc(hidden)]
#[diagnostic::do_not_recommend]
impl<const R: usize, I, J> DiagonalAxes<I, J> for Rank<R>
where
    I: PlainInteger + IsAxis,
{
    type Out = Rank<R>;
    const AXES: (usize, usize) = (usize::MAX, usize::MAX);
}

/// An axis and then an integer: fails on [`IsAxis`] as well.
#[doc(hidden)]
#[diagnostic::do_not_recommend]
impl<const R: usize, const A: usize, J> DiagonalAxes<Axis<A>, J> for Rank<R>
where
    J: PlainInteger + IsAxis,
{
    type Out = Rank<R>;
    const AXES: (usize, usize) = (usize::MAX, usize::MAX);
}

// ---------------------------------------------------------------------------------------------

/// Removing two different axes `A1` and `A2` of a rank-`R` tensor (a reduction over both at
/// once, such as [`sum_axes`](crate::TensorBase::sum_axes)): both below R and different; output
/// rank R − 2.
///
/// # Examples
///
/// ```
/// use ranked::{Axis, Tensor};
///
/// let t: Tensor<f32, 3> = Tensor::ones([2, 3, 4]);
/// let s: Tensor<f32, 1> = t.sum_axes((Axis::<0>, Axis::<2>));
/// assert_eq!(s.to_vec(), [8.0, 8.0, 8.0]);
/// ```
#[diagnostic::on_unimplemented(
    message = "cannot reduce over `{A1}` and `{A2}` of a tensor of `{Self}`",
    label = "needs two different axes below the rank",
    note = "in rank-generic code, state it in a where-clause, e.g. `Rank<R>: RemoveAxes<Axis<0>, Axis<1>, Out = Rank<O>>`"
)]
pub trait RemoveAxes<A1, A2> {
    /// The output rank, `Rank<R - 2>`.
    type Out;
    /// The two axis numbers.
    const AXES: (usize, usize);
}

#[diagnostic::do_not_recommend]
impl<const R: usize, const D1: usize, const D2: usize> RemoveAxes<Axis<D1>, Axis<D2>> for Rank<R>
where
    Rank<R>: KnownRank,
    Rank<D1>: KnownRank,
    Rank<D2>: KnownRank,
    Num<D1>: IsLess<Num<R>> + IsNotEqual<Num<D2>>,
    Num<D2>: IsLess<Num<R>>,
    Le<Num<D1>, Num<R>>: BitAnd<Le<Num<D2>, Num<R>>>,
    And<Le<Num<D1>, Num<R>>, Le<Num<D2>, Num<R>>>: BitAnd<NotEq<Num<D1>, Num<D2>>>,
    Rank<R>: Check<DiagonalValid<R, D1, D2>> + RemoveAxisIf<DiagonalValid<R, D1, D2>>,
    <Rank<R> as RemoveAxisIf<DiagonalValid<R, D1, D2>>>::Out:
        RemoveAxisIf<DiagonalValid<R, D1, D2>>,
{
    type Out = <<Rank<R> as RemoveAxisIf<DiagonalValid<R, D1, D2>>>::Out as RemoveAxisIf<
        DiagonalValid<R, D1, D2>,
    >>::Out;
    const AXES: (usize, usize) = (D1, D2);
}

#[doc(hidden)]
#[diagnostic::do_not_recommend]
impl<const R: usize> RemoveAxes<Unreachable, Unreachable> for Rank<R> {
    type Out = Rank<R>;
    const AXES: (usize, usize) = (usize::MAX, usize::MAX);
}

/// An integer where an axis belongs: fails on [`IsAxis`], whose message says how to write it.
#[doc(hidden)]
#[diagnostic::do_not_recommend]
impl<const R: usize, I, J> RemoveAxes<I, J> for Rank<R>
where
    I: PlainInteger + IsAxis,
{
    type Out = Rank<R>;
    const AXES: (usize, usize) = (usize::MAX, usize::MAX);
}

/// An axis and then an integer: fails on [`IsAxis`] as well.
#[doc(hidden)]
#[diagnostic::do_not_recommend]
impl<const R: usize, const A: usize, J> RemoveAxes<Axis<A>, J> for Rank<R>
where
    J: PlainInteger + IsAxis,
{
    type Out = Rank<R>;
    const AXES: (usize, usize) = (usize::MAX, usize::MAX);
}

// ---------------------------------------------------------------------------------------------

/// Broadcasting a rank-`R` tensor to rank `N`: `N ≥ R` (new axes are added in front).
///
/// # Examples
///
/// ```
/// use ranked::Tensor;
///
/// let t: Tensor<u8, 1> = Tensor::zeros([3]);
/// assert_eq!(t.view().broadcast_to([2, 3]).unwrap().strides(), &[0, 1]);
/// ```
#[diagnostic::on_unimplemented(
    message = "cannot broadcast a tensor of `{Self}` to rank {N}: broadcasting never removes axes",
    label = "the target rank must be at least the tensor's rank, and at most 16",
    note = "in rank-generic code, state it in a where-clause, e.g. `Rank<R>: BroadcastTo<4>`"
)]
pub trait BroadcastTo<const N: usize> {}

#[diagnostic::do_not_recommend]
impl<const R: usize, const N: usize> BroadcastTo<N> for Rank<R>
where
    Rank<R>: KnownRank,
    Rank<N>: KnownRank,
    Num<N>: IsGreaterOrEqual<Num<R>>,
    Rank<R>: Check<GrEq<Num<N>, Num<R>>>,
{
}

/// The rank of the broadcast of a rank-`R` and a rank-`R2` shape: max(R, R2).
///
/// # Examples
///
/// ```
/// use ranked::layout::broadcast_shapes;
///
/// let s = broadcast_shapes([3, 1], [2, 1, 4]).unwrap();
/// assert_eq!(s, [2, 3, 4]);
/// ```
#[diagnostic::on_unimplemented(
    message = "cannot broadcast a tensor of `{Self}` with a tensor of rank {R2}: the rank of the result is not known here",
    label = "ranks 0 to 16 are supported, and rank-generic code must state the rule",
    note = "in rank-generic code, state it in a where-clause: `Rank<R>: BroadcastRanks<R2, Out = Rank<O>>`, or for two operands of rank R, `Rank<R>: BroadcastRanks<R, Out = Rank<R>>`"
)]
pub trait BroadcastRanks<const R2: usize> {
    /// The output rank, `Rank<max(R, R2)>`.
    type Out;
}

#[diagnostic::do_not_recommend]
impl<const R: usize, const R2: usize> BroadcastRanks<R2> for Rank<R>
where
    Rank<R>: KnownRank,
    Rank<R2>: KnownRank,
    Num<R>: Max<Num<R2>>,
    Maximum<Num<R>, Num<R2>>: NumToRank,
{
    type Out = RankOf<Maximum<Num<R>, Num<R2>>>;
}

// ---------------------------------------------------------------------------------------------

/// The rank of NumPy's `matmul` of a rank-`R` and a rank-`R2` tensor: both at least 1; a
/// vector on either side is promoted to a matrix and its axis removed again, and the batch axes
/// broadcast. Output rank: `R − 1` if `R2 = 1` (matrix · vector, vector · vector = rank 0),
/// `R2 − 1` if `R = 1` (vector · matrix), `max(R, R2)` otherwise.
///
/// # Examples
///
/// ```
/// use ranked::{MatmulRanks, Rank};
///
/// fn out<const R: usize, const R2: usize, const O: usize>() -> usize
/// where
///     Rank<R>: MatmulRanks<R2, Out = Rank<O>>,
/// {
///     O
/// }
/// assert_eq!(out::<3, 2, _>(), 3); // a batch of matrices times one matrix
/// assert_eq!(out::<2, 1, _>(), 1); // matrix · vector
/// assert_eq!(out::<1, 1, _>(), 0); // vector · vector
/// assert_eq!(out::<1, 4, _>(), 3); // vector · a batch of matrices
/// ```
#[diagnostic::on_unimplemented(
    message = "`matmul` cannot multiply a tensor of `{Self}` by a tensor of rank {R2} here",
    label = "`matmul` needs both ranks known here, and each at least 1",
    note = "in rank-generic code, add the rule to the function's where-clause: \
            `Rank<R>: MatmulRanks<R2, Out = Rank<O>>` (with its own names); a rank-0 tensor is \
            a scalar: multiply with `*`"
)]
pub trait MatmulRanks<const R2: usize> {
    /// The output rank.
    type Out;
}

#[doc(hidden)]
pub trait MatmulRanksIf<const R2: usize, Valid> {
    type Out;
}

/// Both ranks at least 1, as one `typenum` boolean: min(R2, R) ≥ 1, which (unlike a
/// conjunction, and unlike min(R, R2) with `R` = 0) rustc evaluates only once the right-hand
/// rank is known, so that an error names both ranks.
type MatmulValid<const R: usize, const R2: usize> = GrEq<Minimum<Num<R2>, Num<R>>, typenum::U1>;

#[diagnostic::do_not_recommend]
impl<const R: usize, const R2: usize> MatmulRanks<R2> for Rank<R>
where
    Rank<R>: KnownRank,
    Rank<R2>: KnownRank,
    Num<R2>: Min<Num<R>>,
    Minimum<Num<R2>, Num<R>>: IsGreaterOrEqual<typenum::U1>,
    Rank<R>: Check<MatmulValid<R, R2>> + MatmulRanksIf<R2, MatmulValid<R, R2>>,
{
    type Out = <Rank<R> as MatmulRanksIf<R2, MatmulValid<R, R2>>>::Out;
}

/// max(R, R2) − 1 if either is 1 (a promoted vector loses its axis again), max(R, R2)
/// otherwise; asked only once both are known to be at least 1.
impl<const R: usize, const R2: usize> MatmulRanksIf<R2, True> for Rank<R>
where
    Rank<R>: KnownRank,
    Rank<R2>: KnownRank,
    Num<R>: Max<Num<R2>> + IsLess<typenum::U2>,
    Num<R2>: IsLess<typenum::U2>,
    Le<Num<R>, typenum::U2>: BitOr<Le<Num<R2>, typenum::U2>>,
    Maximum<Num<R>, Num<R2>>: Sub<HasVector<R, R2>>,
    Diff<Maximum<Num<R>, Num<R2>>, HasVector<R, R2>>: NumToRank,
{
    type Out = RankOf<Diff<Maximum<Num<R>, Num<R2>>, HasVector<R, R2>>>;
}

/// With a scalar operand (an error already), the rank `*` would give, so that no second error
/// follows from the first.
impl<const R: usize, const R2: usize> MatmulRanksIf<R2, False> for Rank<R>
where
    Rank<R>: KnownRank,
    Rank<R2>: KnownRank,
    Num<R>: Max<Num<R2>>,
    Maximum<Num<R>, Num<R2>>: NumToRank,
{
    type Out = RankOf<Maximum<Num<R>, Num<R2>>>;
}

/// Whether either rank is 1 (both being at least 1), as a `typenum` bit.
type HasVector<const R: usize, const R2: usize> =
    Or<Le<Num<R>, typenum::U2>, Le<Num<R2>, typenum::U2>>;

/// A tensor of rank `R` given where an index-notation spec names `N` axes (a term of
/// [`einsum!`](crate::einsum), the input of [`rearrange!`](crate::rearrange)): `R = N`.
///
/// # Examples
///
/// ```
/// use ranked::{Rank, SpecRank};
///
/// fn fits<const R: usize, const N: usize>() where Rank<R>: SpecRank<N> {}
/// fits::<3, 3>();
/// ```
#[diagnostic::on_unimplemented(
    message = "this operand is a tensor of `{Self}`, but its part of the spec names {N} axes",
    label = "the spec gives this operand {N} axes",
    note = "write one name per axis of the operand, in order"
)]
pub trait SpecRank<const N: usize> {
    /// Does nothing: the notation macros call it on each operand's rank, so that a rank that
    /// does not fit the spec is reported at the macro, in the words above.
    #[doc(hidden)]
    fn check(self)
    where
        Self: Sized,
    {
    }
}

#[diagnostic::do_not_recommend]
impl<const R: usize, const N: usize> SpecRank<N> for Rank<R>
where
    Rank<R>: KnownRank,
    Rank<N>: KnownRank,
    Num<R>: IsEqual<Num<N>>,
    Rank<R>: Check<Eq<Num<R>, Num<N>>>,
{
}

/// An `s![]` slice description whose axis items (everything but `NewAxis`) number `R`, for a
/// rank-`R` tensor. `Out` is the rank of the result: R, minus one per integer item, plus one per
/// `NewAxis`.
///
/// Implemented by [`SliceInfo`](crate::slice::SliceInfo); users meet it only in where-clauses of
/// rank-generic code.
///
/// # Examples
///
/// ```
/// use ranked::{Tensor, s};
///
/// let t: Tensor<u8, 3> = Tensor::zeros([2, 3, 4]);
/// let v = t.view().slice(s![.., 1, 1..;2]).unwrap();
/// assert_eq!(v.shape(), &[2, 2]);
/// ```
#[diagnostic::on_unimplemented(
    message = "this `s![..]` does not fit a rank-{R} tensor",
    label = "needs exactly {R} items besides `NewAxis`, and a result of rank 16 at most",
    note = "write one item per axis (`..` keeps an axis whole); `NewAxis` items come on top"
)]
pub trait SliceArity<const R: usize>: SliceCounts {
    /// The output rank.
    type Out;
}

#[doc(hidden)]
pub trait SliceArityIf<Matches> {
    type Out;
}

/// The `typenum` counts carried by a slice description (items consuming an input axis, and
/// output axes), and its items.
#[doc(hidden)]
pub trait SliceCounts {
    type In: Unsigned;
    type Out: Unsigned;
    fn items(&self) -> &[crate::slice::item::SliceItem];
}

#[diagnostic::do_not_recommend]
impl<const R: usize, L> SliceArity<R> for L
where
    L: SliceCounts,
    Rank<R>: KnownRank,
    L::In: IsEqual<Num<R>>,
    <L as SliceCounts>::Out: IsLessOrEqual<typenum::U16>,
    Eq<L::In, Num<R>>: BitAnd<LeEq<<L as SliceCounts>::Out, typenum::U16>>,
    L: SliceArityIf<SliceValid<L, R>>,
{
    type Out = <L as SliceArityIf<SliceValid<L, R>>>::Out;
}

/// One item per axis (`In = R`) and a result of rank 16 at most, as one `typenum` boolean.
type SliceValid<L, const R: usize> =
    And<Eq<<L as SliceCounts>::In, Num<R>>, LeEq<<L as SliceCounts>::Out, typenum::U16>>;

impl<L> SliceArityIf<True> for L
where
    L: SliceCounts,
    L::Out: NumToRank,
{
    type Out = RankOf<L::Out>;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Asserts at compile time that `A` and `B` are the same type.
    fn same<A, B>()
    where
        A: Is<B>,
    {
    }
    trait Is<T> {}
    impl<T> Is<T> for T {}

    #[test]
    fn equations() {
        same::<<Rank<3> as RemoveAxis<Axis<2>>>::Out, Rank<2>>();
        same::<<Rank<1> as RemoveAxis<Axis<0>>>::Out, Rank<0>>();
        same::<<Rank<0> as InsertAxis<Axis<0>>>::Out, Rank<1>>();
        same::<<Rank<3> as InsertAxis<Axis<3>>>::Out, Rank<4>>();
        same::<<Rank<3> as WindowAxis<Axis<1>>>::Out, Rank<4>>();
        same::<<Rank<3> as MergeAxes<Axis<1>, Axis<2>>>::Out, Rank<2>>();
        same::<<Rank<4> as MergeAxes<Axis<0>, Axis<3>>>::Out, Rank<1>>();
        same::<<Rank<4> as MergeAxes<Axis<2>, Axis<2>>>::Out, Rank<4>>();
        same::<<Rank<2> as SplitAxis<Axis<1>, 2>>::Out, Rank<3>>();
        same::<<Rank<2> as SplitAxis<Axis<0>, 1>>::Out, Rank<2>>();
        same::<<Rank<1> as SplitAxis<Axis<0>, 4>>::Out, Rank<4>>();
        same::<<Rank<3> as DiagonalAxes<Axis<1>, Axis<2>>>::Out, Rank<2>>();
        same::<<Rank<2> as DiagonalAxes<Axis<1>, Axis<0>>>::Out, Rank<1>>();
        assert_eq!(<Rank<3> as RemoveAxis<Axis<2>>>::AXIS, 2);
        assert_eq!(<Rank<3> as MergeAxes<Axis<0>, Axis<2>>>::AXES, (0, 2));
        same::<<Rank<2> as BroadcastRanks<3>>::Out, Rank<3>>();
        same::<<Rank<4> as BroadcastRanks<0>>::Out, Rank<4>>();
        same::<<Rank<1> as MatmulRanks<1>>::Out, Rank<0>>();
        same::<<Rank<2> as MatmulRanks<1>>::Out, Rank<1>>();
        same::<<Rank<1> as MatmulRanks<2>>::Out, Rank<1>>();
        same::<<Rank<2> as MatmulRanks<2>>::Out, Rank<2>>();
        same::<<Rank<3> as MatmulRanks<2>>::Out, Rank<3>>();
        same::<<Rank<2> as MatmulRanks<5>>::Out, Rank<5>>();
        same::<<Rank<4> as MatmulRanks<1>>::Out, Rank<3>>();
        same::<<Rank<1> as MatmulRanks<16>>::Out, Rank<15>>();
        same::<<Rank<16> as MatmulRanks<16>>::Out, Rank<16>>();
        fn has<const R: usize, const A: usize>()
        where
            Rank<R>: HasAxis<Axis<A>>,
        {
        }
        has::<1, 0>();
        has::<16, 15>();
        fn bcast<const R: usize, const N: usize>()
        where
            Rank<R>: BroadcastTo<N>,
        {
        }
        bcast::<2, 2>();
        bcast::<0, 4>();
        assert_eq!(Axis::<7>.index(), 7);
    }
}
