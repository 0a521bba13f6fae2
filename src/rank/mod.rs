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
//! | [`RemoveAxes<(Axis<A>, Axis<B>, …)>`](RemoveAxes) | K different axes, each < R | R − K | `sum_axes`, `mean_axes`, `var_axes`, `all_axes`, … `squeeze_axes` |
//! | [`HasAxisSet<(Axis<A>, Axis<B>, …)>`](HasAxisSet) | K different axes, each < R | R | `flip_axes` |
//! | [`InsertAxes<(Axis<A>, Axis<B>, …)>`](InsertAxes) | K different positions, each < R + K ≤ 16 | R + K | `expand_dims` |
//! | [`MoveAxes<(…), (…)>`](MoveAxes) | two tuples of K different axes, each < R | R | `moveaxes` |
//! | [`WindowAxis<Axis<A>>`](WindowAxis) | A < R | R + 1 | `unfold` |
//! | [`BroadcastTo<N>`] | N ≥ R | N | `broadcast_to` |
//! | [`BroadcastRanks<R2>`] | — | max(R, R2) | [`broadcast_shapes`](crate::layout::broadcast_shapes) |
//! | [`SpecRank<N>`] | R = N | — | `rearrange!` |
//! | [`SpecTerm<K, MODE>`](SpecTerm) | R = K, or R ≥ K with `...` | R − K with `...` (the axes it stands for), else 0 | `einsum!`, `rearrange!`, `reduce!`, `repeat!` |
//! | [`SpecOutput<K, MODE>`](SpecOutput) (on the rank of `...`) | no `...` in the output: E = 0 | K + E with `...`, else K | `einsum!`, `rearrange!`, `reduce!`, `repeat!` |
//! | [`MatmulRanks<R2>`] | R ≥ 1, R2 ≥ 1 | R − 1 if R2 = 1, R2 − 1 if R = 1, else max(R, R2) | `matmul`, `matmul_into` |
//! | [`SliceArity<R>`] | items without `NewAxis` = R, or ≤ R with one `...` | R − integers + `NewAxis` items | `slice` with [`s![]`](crate::s) |
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
//! | `sum_axes`, `prod_axes`, `mean_axes`, `max_axes`, `min_axes`, `var_axes`, `std_axes`, `all_axes`, `any_axes`, `squeeze_axes` (the tuple's axes go) | `Rank<R>: RemoveAxes<(Axis<A>, Axis<B>), Out = Rank<O>>` |
//! | `flip_axes` | `Rank<R>: HasAxisSet<(Axis<A>, Axis<B>)>` |
//! | `expand_dims` | `Rank<R>: InsertAxes<(Axis<A>, Axis<B>), Out = Rank<O>>` |
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
//!     Axis, BroadcastRanks, BroadcastTo, DiagonalAxes, HasAxes, HasAxis, HasAxisSet, InsertAxes,
//!     InsertAxis, MatmulRanks, MergeAxes, Rank, RemoveAxes, RemoveAxis, SliceArity, SplitAxis,
//!     Tensor, TensorView, WindowAxis, s,
//! };
//! type V<'a, const R: usize> = TensorView<'a, f32, R>;
//!
//! fn remove<const R: usize, const O: usize, const A: usize>(t: &Tensor<f32, R>, a: Axis<A>) -> Tensor<f32, O>
//! where Rank<R>: RemoveAxis<Axis<A>, Out = Rank<O>> { t.sum_axis(a) }
//! fn remove_set<const R: usize, const O: usize, const A: usize, const B: usize>(t: &Tensor<f32, R>, a: Axis<A>, b: Axis<B>) -> Tensor<f32, O>
//! where Rank<R>: RemoveAxes<(Axis<A>, Axis<B>), Out = Rank<O>> { t.sum_axes((a, b)) }
//! fn flip_set<const R: usize, const A: usize, const B: usize>(t: V<'_, R>, a: Axis<A>, b: Axis<B>) -> V<'_, R>
//! where Rank<R>: HasAxisSet<(Axis<A>, Axis<B>)> { t.flip_axes((a, b)) }
//! fn insert_set<const R: usize, const O: usize, const A: usize, const B: usize>(t: V<'_, R>, a: Axis<A>, b: Axis<B>) -> V<'_, O>
//! where Rank<R>: InsertAxes<(Axis<A>, Axis<B>), Out = Rank<O>> { t.expand_dims((a, b)) }
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
//! assert_eq!(remove_set(&t, Axis::<2>, Axis::<0>).shape(), &[3]);
//! assert_eq!(flip_set(t.view(), Axis::<0>, Axis::<2>).shape(), &[2, 3, 4]);
//! assert_eq!(insert_set(t.view(), Axis::<4>, Axis::<0>).shape(), &[1, 2, 3, 4, 1]);
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

/// The impls every rule on axes has beside its real one, so that a mistake fails on the right
/// message: [`Undecided`] in place of the axes (a second candidate, which keeps rustc from
/// committing to the real impl before the axis is known), and a plain integer written where an
/// axis belongs (`squeeze(1)`), which then fails on [`IsAxis`], whose message says how axes are
/// written. A rule of two axes also gets the impl for an axis followed by an integer. Written
/// once here; each rule names its associated items.
macro_rules! axis_fallbacks {
    ($rule:ident<_, _> { $($items:tt)* }) => {
        #[doc(hidden)]
        #[diagnostic::do_not_recommend]
        impl<const R: usize> $rule<Undecided, Undecided> for Rank<R> {
            $($items)*
        }

        #[doc(hidden)]
        #[diagnostic::do_not_recommend]
        impl<const R: usize, I, J> $rule<I, J> for Rank<R>
        where
            I: PlainInteger + IsAxis,
        {
            $($items)*
        }

        #[doc(hidden)]
        #[diagnostic::do_not_recommend]
        impl<const R: usize, const A: usize, J> $rule<Axis<A>, J> for Rank<R>
        where
            J: PlainInteger + IsAxis,
        {
            $($items)*
        }
    };
    ($rule:ident<_ $(, const $n:ident)?> { $($items:tt)* }) => {
        #[doc(hidden)]
        #[diagnostic::do_not_recommend]
        impl<const R: usize $(, const $n: usize)?> $rule<Undecided $(, $n)?> for Rank<R> {
            $($items)*
        }

        #[doc(hidden)]
        #[diagnostic::do_not_recommend]
        impl<const R: usize, I $(, const $n: usize)?> $rule<I $(, $n)?> for Rank<R>
        where
            I: PlainInteger + IsAxis,
        {
            $($items)*
        }
    };
}

mod axis_rules;
mod group_rules;
mod operand_rules;
mod set_rules;
mod stack_rules;
#[cfg(test)]
mod tests;

pub use axis_rules::*;
pub use group_rules::*;
pub use operand_rules::*;
pub use set_rules::*;
pub use stack_rules::*;

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
    type Rank: Default;
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

/// The compile-time check behind every rule below: `Rank<R>: RankRule<B>` holds only when the
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
pub trait RankRule<B> {}
impl<const R: usize> RankRule<True> for Rank<R> {}
impl<const R: usize> RankRule<Undecided> for Rank<R> {}

/// Never constructed: the second candidate of [`RankRule`].
#[doc(hidden)]
#[derive(Clone, Copy)]
pub enum Undecided {}

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
impl IsAxis for Undecided {}
impl sealed::Sealed for Undecided {}

// Every rule below has two hidden impls besides the one for `Axis<A>`, both marked
// `do_not_recommend` (so rustc never shows them):
// - one for `Undecided` in place of an axis. No value of that type exists, so the impl is never
//   used; it has no bounds, so it stays a candidate while the axis of a method call is still
//   being inferred from its argument;
// - one for plain integers, bounded by `IsAxis`, which they never meet. While the axis type is
//   unknown its bound is undecided, so it stays a candidate too.
// With two candidates left, rustc waits until the argument's type is known instead of committing
// early, and then reports the rule's own message naming the axis it was given (`Axis<3>`, or
// `Axis<0>` in rank-generic code that lacks its where-clause) rather than an unknown `_`. A plain
// integer (`squeeze(1)`) fails first on the method's own `IsAxis` bound, whose message says how
// axes are written.
