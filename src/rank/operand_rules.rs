//! The rules between operands and specs: broadcasting, matrix products, the index notation's
//! terms and the arity of `s![]`.

use super::*;
use typenum::{U0, U1};

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
    Rank<R>: RankRule<GrEq<Num<N>, Num<R>>>,
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
pub(super) type MatmulValid<const R: usize, const R2: usize> =
    GrEq<Minimum<Num<R2>, Num<R>>, typenum::U1>;

#[diagnostic::do_not_recommend]
impl<const R: usize, const R2: usize> MatmulRanks<R2> for Rank<R>
where
    Rank<R>: KnownRank,
    Rank<R2>: KnownRank,
    Num<R2>: Min<Num<R>>,
    Minimum<Num<R2>, Num<R>>: IsGreaterOrEqual<typenum::U1>,
    Rank<R>: RankRule<MatmulValid<R, R2>> + MatmulRanksIf<R2, MatmulValid<R, R2>>,
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
pub(super) type HasVector<const R: usize, const R2: usize> =
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
    Rank<R>: RankRule<Eq<Num<R>, Num<N>>>,
{
}

/// An `s![]` slice description that fits a rank-`R` tensor: its axis items (everything but
/// `NewAxis` and `...`) number `R`, or at most `R` with one `...`, which stands for the rest.
/// `Out` is the rank of the result: R, minus one per integer item, plus one per `NewAxis`.
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
/// assert_eq!(t.view().slice(s![..., 1..;2]).unwrap().shape(), &[2, 3, 2]);
/// ```
#[diagnostic::on_unimplemented(
    message = "this `s![..]` does not fit a rank-{R} tensor",
    label = "needs exactly {R} items besides `NewAxis`, or at most {R} beside a single `...`; and a result of rank 16 at most",
    note = "write one item per axis (`..` keeps an axis whole, `...` all the axes the other items leave); `NewAxis` items come on top"
)]
pub trait SliceArity<const R: usize>: SliceCounts {
    /// The output rank.
    type Out;
}

#[doc(hidden)]
pub trait SliceArityIf<Total, Valid> {
    type Out;
}

/// The `typenum` counts carried by a slice description (items consuming an input axis, output
/// axes, and `...` items), and its items.
#[doc(hidden)]
pub trait SliceCounts {
    type In: Unsigned;
    type Out: Unsigned;
    type Dots: Unsigned;
    fn items(&self) -> &[crate::slice::item::SliceItem];
}

/// Without `...`, one item per axis (`In = R`); with one, at most one per axis (`In ≤ R`).
type SliceFits<L, const R: usize> = Or<
    And<Eq<<L as SliceCounts>::Dots, U0>, Eq<<L as SliceCounts>::In, Num<R>>>,
    And<Eq<<L as SliceCounts>::Dots, U1>, LeEq<<L as SliceCounts>::In, Num<R>>>,
>;

/// The result's rank: the description's own output axes and those `...` stands for, R − In
/// (0 without `...`). Written R − min(In, R) so that it exists, and is ignored, when the
/// description does not fit.
type SliceTotal<L, const R: usize> =
    Sum<<L as SliceCounts>::Out, Diff<Num<R>, Minimum<<L as SliceCounts>::In, Num<R>>>>;

/// The description fits, and the result has rank 16 at most, as one `typenum` boolean.
type SliceValid<L, const R: usize> = And<SliceFits<L, R>, LeEq<SliceTotal<L, R>, typenum::U16>>;

#[diagnostic::do_not_recommend]
impl<const R: usize, L> SliceArity<R> for L
where
    L: SliceCounts,
    Rank<R>: KnownRank,
    L::Dots: IsEqual<U0> + IsEqual<U1>,
    L::In: IsEqual<Num<R>> + IsLessOrEqual<Num<R>> + Min<Num<R>>,
    Eq<L::Dots, U0>: BitAnd<Eq<L::In, Num<R>>>,
    Eq<L::Dots, U1>: BitAnd<LeEq<L::In, Num<R>>>,
    And<Eq<L::Dots, U0>, Eq<L::In, Num<R>>>: BitOr<And<Eq<L::Dots, U1>, LeEq<L::In, Num<R>>>>,
    Num<R>: Sub<Minimum<L::In, Num<R>>>,
    <L as SliceCounts>::Out: Add<Diff<Num<R>, Minimum<L::In, Num<R>>>>,
    SliceTotal<L, R>: IsLessOrEqual<typenum::U16>,
    SliceFits<L, R>: BitAnd<LeEq<SliceTotal<L, R>, typenum::U16>>,
    L: SliceArityIf<SliceTotal<L, R>, SliceValid<L, R>>,
{
    type Out = <L as SliceArityIf<SliceTotal<L, R>, SliceValid<L, R>>>::Out;
}

impl<L, Total: NumToRank> SliceArityIf<Total, True> for L {
    type Out = RankOf<Total>;
}

// ---------------------------------------------------------------------------------------------

/// How an index-notation term fits its operand, as [`SpecTerm`] and [`SpecOutput`] read it.
#[doc(hidden)]
pub mod term_mode {
    /// One index per axis: the rank is the number of indices.
    pub const EXACT: u8 = 0;
    /// The term has `...`: the rank is at least the number of indices, and `...` stands for
    /// the rest.
    pub const ELLIPSIS: u8 = 1;
    /// The spec has a problem, which is the one error reported: any rank is accepted.
    pub const UNCHECKED: u8 = 2;
    /// An output whose rank is its number of axes whatever `...` stands for: `...` merged into
    /// one axis (`(...)`), or reduced away.
    pub const ANY: u8 = 3;
}

/// A tensor of rank `R` given for a part of an index-notation spec (an [`einsum!`](crate::einsum)
/// term, the input of an einops macro such as [`rearrange!`](crate::rearrange)) that names `K`
/// axes (`MODE` says whether the part has `...`). Without `...`, `R = K`; with it, `R ≥ K`, and
/// `...` stands for `R − K` axes. `Out` is the rank of this operand's `...`: `R − K`, or 0.
///
/// # Examples
///
/// ```
/// use ranked::{SpecTerm, Rank};
///
/// // "...ij" over a rank-4 tensor: `...` stands for 2 axes.
/// fn batch<const R: usize, const E: usize>() -> usize
/// where
///     Rank<R>: SpecTerm<2, 1, Out = Rank<E>>,
/// {
///     E
/// }
/// assert_eq!(batch::<4, _>(), 2);
/// ```
#[diagnostic::on_unimplemented(
    message = "this operand is a tensor of `{Self}`, but its part of the spec names {K} axes",
    label = "a part of the spec without `...` names every axis; with `...`, at most the operand's rank",
    note = "write one name per axis of the operand, or `...` for the axes not named (in `SpecTerm<K, M>`, K counts the named axes and M is 1 if there is `...`)"
)]
pub trait SpecTerm<const K: usize, const MODE: u8> {
    /// The rank of this operand's `...`.
    type Out;

    /// Does nothing: the macro calls it on each operand's rank, so that a rank that does not
    /// fit its term is reported at the macro, in the words above (and once).
    #[doc(hidden)]
    fn check(self)
    where
        Self: Sized,
    {
    }
}

/// The rank of an operand's `...` ([`SpecTerm`]'s `Out`), for every rank, fitting or not:
/// the macro computes with it, so that a rank that does not fit is one error (the check's),
/// not one more for each use of the result.
#[doc(hidden)]
pub trait SpecTermRank<const K: usize, const MODE: u8> {
    type Out: Default;

    fn ellipsis(self) -> Self::Out
    where
        Self: Sized,
    {
        Self::Out::default()
    }
}

#[doc(hidden)]
pub trait SpecTermIf<const K: usize, Valid> {
    type Out: Default;
}

#[diagnostic::do_not_recommend]
impl<const R: usize, const K: usize> SpecTerm<K, { term_mode::EXACT }> for Rank<R>
where
    Rank<R>: KnownRank,
    Rank<K>: KnownRank,
    Num<R>: IsEqual<Num<K>>,
    Rank<R>: RankRule<Eq<Num<R>, Num<K>>>,
{
    type Out = Rank<0>;
}

#[diagnostic::do_not_recommend]
impl<const R: usize, const K: usize> SpecTerm<K, { term_mode::ELLIPSIS }> for Rank<R>
where
    Rank<R>: KnownRank,
    Rank<K>: KnownRank,
    Num<R>: IsGreaterOrEqual<Num<K>>,
    Rank<R>: RankRule<GrEq<Num<R>, Num<K>>> + SpecTermRank<K, { term_mode::ELLIPSIS }>,
{
    type Out = <Rank<R> as SpecTermRank<K, { term_mode::ELLIPSIS }>>::Out;
}

#[diagnostic::do_not_recommend]
impl<const R: usize, const K: usize> SpecTerm<K, { term_mode::UNCHECKED }> for Rank<R> {
    type Out = Rank<0>;
}

impl<const R: usize, const K: usize> SpecTermRank<K, { term_mode::EXACT }> for Rank<R> {
    type Out = Rank<0>;
}

impl<const R: usize, const K: usize> SpecTermRank<K, { term_mode::ELLIPSIS }> for Rank<R>
where
    Rank<R>: KnownRank,
    Rank<K>: KnownRank,
    Num<R>: IsGreaterOrEqual<Num<K>>,
    Rank<R>: SpecTermIf<K, GrEq<Num<R>, Num<K>>>,
{
    type Out = <Rank<R> as SpecTermIf<K, GrEq<Num<R>, Num<K>>>>::Out;
}

impl<const R: usize, const K: usize> SpecTermRank<K, { term_mode::UNCHECKED }> for Rank<R> {
    type Out = Rank<0>;
}

/// R − K, asked only once R ≥ K is known.
impl<const R: usize, const K: usize> SpecTermIf<K, True> for Rank<R>
where
    Rank<R>: KnownRank,
    Rank<K>: KnownRank,
    Num<R>: Sub<Num<K>>,
    Diff<Num<R>, Num<K>>: NumToRank,
{
    type Out = RankOf<Diff<Num<R>, Num<K>>>;
}

/// With a term longer than its operand (an error already), no axes.
impl<const R: usize, const K: usize> SpecTermIf<K, False> for Rank<R> {
    type Out = Rank<0>;
}

/// The rank of the result of an index-notation macro whose output names `K` axes (`MODE` says
/// whether it has `...`), when the operands' `...` stands for `E` axes (`Self` is `Rank<E>`):
/// `K + E` with `...` in the output, `K` without — where NumPy and einops, too, require that
/// `...` stand for no axis — and `K` when `...` is merged into one axis or reduced away (mode
/// 3, einops' `(...)` and `reduce`).
///
/// # Examples
///
/// ```
/// use ranked::{SpecOutput, Rank};
///
/// fn out<const E: usize, const O: usize>() -> usize
/// where
///     Rank<E>: SpecOutput<2, 1, Out = Rank<O>>,
/// {
///     O
/// }
/// assert_eq!(out::<3, _>(), 5); // "...ik" with three batch axes
/// ```
#[diagnostic::on_unimplemented(
    message = "the operands' `...` stands for axes (`{Self}`), but the output has no `...` for them",
    label = "NumPy and einops refuse this too: write `...` in the output, or name those axes",
    note = "with `...` in the output, the result has the broadcast `...` axes where it is written"
)]
pub trait SpecOutput<const K: usize, const MODE: u8> {
    /// The rank of the result.
    type Out;

    /// Does nothing: the macro calls it on the rank of `...`, so that an output without room
    /// for it is reported at the macro, in the words above (and once).
    #[doc(hidden)]
    fn check(self)
    where
        Self: Sized,
    {
    }
}

/// The rank of the result ([`SpecOutput`]'s `Out`), for every rank of `...`, with room in
/// the output or not (see [`SpecTermRank`]).
#[doc(hidden)]
pub trait SpecOutputRank<const K: usize, const MODE: u8> {
    type Out: Default;

    fn result(self) -> Self::Out
    where
        Self: Sized,
    {
        Self::Out::default()
    }
}

#[diagnostic::do_not_recommend]
impl<const E: usize, const K: usize> SpecOutput<K, { term_mode::EXACT }> for Rank<E>
where
    Rank<E>: KnownRank,
    Num<E>: IsEqual<typenum::U0>,
    Rank<E>: RankRule<Eq<Num<E>, typenum::U0>>,
{
    type Out = Rank<K>;
}

#[diagnostic::do_not_recommend]
impl<const E: usize, const K: usize> SpecOutput<K, { term_mode::ELLIPSIS }> for Rank<E>
where
    Rank<E>: SpecOutputRank<K, { term_mode::ELLIPSIS }>,
{
    type Out = <Rank<E> as SpecOutputRank<K, { term_mode::ELLIPSIS }>>::Out;
}

#[diagnostic::do_not_recommend]
impl<const E: usize, const K: usize> SpecOutput<K, { term_mode::UNCHECKED }> for Rank<E> {
    type Out = Rank<K>;
}

#[diagnostic::do_not_recommend]
impl<const E: usize, const K: usize> SpecOutput<K, { term_mode::ANY }> for Rank<E> {
    type Out = Rank<K>;
}

impl<const E: usize, const K: usize> SpecOutputRank<K, { term_mode::EXACT }> for Rank<E> {
    type Out = Rank<K>;
}

impl<const E: usize, const K: usize> SpecOutputRank<K, { term_mode::ELLIPSIS }> for Rank<E>
where
    Rank<E>: KnownRank,
    Rank<K>: KnownRank,
    Num<E>: Add<Num<K>>,
    Sum<Num<E>, Num<K>>: NumToRank,
{
    type Out = RankOf<Sum<Num<E>, Num<K>>>;
}

impl<const E: usize, const K: usize> SpecOutputRank<K, { term_mode::UNCHECKED }> for Rank<E> {
    type Out = Rank<K>;
}

impl<const E: usize, const K: usize> SpecOutputRank<K, { term_mode::ANY }> for Rank<E> {
    type Out = Rank<K>;
}
