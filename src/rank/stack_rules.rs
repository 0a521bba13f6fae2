//! The rank rule of linear algebra on stacks of matrices, as NumPy's `linalg` reads its
//! arguments: the last two axes are the matrices, the axes before them the batch.

use super::*;

/// A tensor of `Self` read as a stack of matrices (NumPy's `linalg` functions): rank `R ≥ 2`,
/// with one vector per matrix at rank `R − 1` (singular values, eigenvalues) and one number per
/// matrix at rank `R − 2` (determinants, norms).
///
/// # Examples
///
/// ```
/// use ranked::{MatrixStack, Rank};
///
/// fn ranks<const R: usize, const V: usize, const S: usize>() -> (usize, usize)
/// where
///     Rank<R>: MatrixStack<Vectors = Rank<V>, Scalars = Rank<S>>,
/// {
///     (V, S)
/// }
/// assert_eq!(ranks::<3, _, _>(), (2, 1)); // a batch of matrices
/// assert_eq!(ranks::<2, _, _>(), (1, 0)); // one matrix
/// ```
#[diagnostic::on_unimplemented(
    message = "this function works on a stack of matrices, but this is a tensor of `{Self}`",
    label = "a matrix has two axes: this function needs rank 2 or more",
    note = "a vector becomes a one-row matrix with `unsqueeze(Axis::<0>)`; in rank-generic \
            code, add `Rank<R>: MatrixStack<Vectors = Rank<V>, Scalars = Rank<S>>` to the \
            where-clause (with its own names)"
)]
pub trait MatrixStack {
    /// `Rank<R − 1>`: one vector per matrix.
    type Vectors;
    /// `Rank<R − 2>`: one number per matrix.
    type Scalars;
}

#[doc(hidden)]
pub trait MatrixStackIf<Valid> {
    type Vectors;
    type Scalars;
}

#[diagnostic::do_not_recommend]
impl<const R: usize> MatrixStack for Rank<R>
where
    Rank<R>: KnownRank,
    Num<R>: IsGreaterOrEqual<typenum::U2>,
    Rank<R>: RankRule<GrEq<Num<R>, typenum::U2>> + MatrixStackIf<GrEq<Num<R>, typenum::U2>>,
{
    type Vectors = <Rank<R> as MatrixStackIf<GrEq<Num<R>, typenum::U2>>>::Vectors;
    type Scalars = <Rank<R> as MatrixStackIf<GrEq<Num<R>, typenum::U2>>>::Scalars;
}

/// R − 1 and R − 2, asked only once R ≥ 2 is known.
impl<const R: usize> MatrixStackIf<True> for Rank<R>
where
    Rank<R>: KnownRank,
    Num<R>: Sub<B1> + Sub<typenum::U2>,
    Sub1<Num<R>>: NumToRank,
    Diff<Num<R>, typenum::U2>: NumToRank,
{
    type Vectors = RankOf<Sub1<Num<R>>>;
    type Scalars = RankOf<Diff<Num<R>, typenum::U2>>;
}

/// Below rank 2 (an error already): rank 0, so that no second error follows from the first.
impl<const R: usize> MatrixStackIf<False> for Rank<R> {
    type Vectors = Rank<0>;
    type Scalars = Rank<0>;
}

/// The rank of a right-hand side of [`lstsq`](crate::linalg::lstsq): 1 (one vector) or 2 (the
/// columns of a matrix), as NumPy's `lstsq` takes.
///
/// # Examples
///
/// ```
/// use ranked::{LstsqRhs, Rank};
///
/// fn fits<const R: usize>() where Rank<R>: LstsqRhs {}
/// fits::<1>();
/// fits::<2>();
/// ```
#[diagnostic::on_unimplemented(
    message = "`lstsq` takes a right-hand side of rank 1 or 2, not a tensor of `{Self}`",
    label = "one vector, or one matrix whose columns are the right-hand sides",
    note = "`lstsq` solves one system, as NumPy's; `solve` takes stacks of square systems"
)]
pub trait LstsqRhs {}

#[diagnostic::do_not_recommend]
impl LstsqRhs for Rank<1> {}
#[diagnostic::do_not_recommend]
impl LstsqRhs for Rank<2> {}

/// The ranks of [`solve`](crate::linalg::solve): a stack of matrices of rank `R` and a
/// right-hand side of rank `R2` — one vector (rank 1) or a stack of matrices whose batch axes
/// broadcast with the first's — give a solution of `matmul`'s rank ([`MatmulRanks`]).
///
/// # Examples
///
/// ```
/// use ranked::{Rank, SolveRanks};
///
/// fn out<const R: usize, const R2: usize, const O: usize>() -> usize
/// where
///     Rank<R>: SolveRanks<R2, Out = Rank<O>>,
/// {
///     O
/// }
/// assert_eq!(out::<3, 1, _>(), 2); // one vector for every matrix of the stack
/// assert_eq!(out::<2, 3, _>(), 3); // a stack of right-hand sides
/// ```
#[diagnostic::on_unimplemented(
    message = "`solve` cannot take a right-hand side of rank {R2} for a tensor of `{Self}`",
    label = "`a` must have rank 2 or more, and `b` rank 1 (one vector) or 2 or more (matrices)",
    note = "in rank-generic code, add `Rank<R>: SolveRanks<R2, Out = Rank<O>>` to the \
            where-clause (with its own names)"
)]
pub trait SolveRanks<const R2: usize> {
    /// The solution's rank.
    type Out;
}

/// `a` of rank at least 2 and `b` of rank at least 1, as one `typenum` boolean.
type SolveValid<const R: usize, const R2: usize> =
    And<GrEq<Num<R>, typenum::U2>, GrEq<Num<R2>, typenum::U1>>;

#[diagnostic::do_not_recommend]
impl<const R: usize, const R2: usize> SolveRanks<R2> for Rank<R>
where
    Rank<R>: KnownRank,
    Rank<R2>: KnownRank,
    Num<R>: IsGreaterOrEqual<typenum::U2>,
    Num<R2>: IsGreaterOrEqual<typenum::U1>,
    GrEq<Num<R>, typenum::U2>: BitAnd<GrEq<Num<R2>, typenum::U1>>,
    Rank<R>: RankRule<SolveValid<R, R2>> + MatmulRanksIf<R2, SolveValid<R, R2>>,
{
    type Out = <Rank<R> as MatmulRanksIf<R2, SolveValid<R, R2>>>::Out;
}

/// The ranks of [`tensordot`](crate::linalg::tensordot): `K` axes of a tensor of rank `R` summed
/// against `K` axes of one of rank `R2` leave `R + R2 − 2K` axes (`K` at most either rank).
///
/// # Examples
///
/// ```
/// use ranked::{Rank, TensordotRanks};
///
/// fn out<const R: usize, const R2: usize, const K: usize, const O: usize>() -> usize
/// where
///     Rank<R>: TensordotRanks<R2, K, Out = Rank<O>>,
/// {
///     O
/// }
/// assert_eq!(out::<3, 4, 2, _>(), 3);
/// assert_eq!(out::<2, 2, 0, _>(), 4); // no axes summed: the outer product
/// ```
#[diagnostic::on_unimplemented(
    message = "`tensordot` cannot sum {K} axes of a tensor of `{Self}` against a tensor of rank {R2}",
    label = "each operand needs at least as many axes as are summed",
    note = "in rank-generic code, add `Rank<R>: TensordotRanks<R2, K, Out = Rank<O>>` to the \
            where-clause (with its own names)"
)]
pub trait TensordotRanks<const R2: usize, const K: usize> {
    /// The result's rank.
    type Out;
}

#[doc(hidden)]
pub trait TensordotRanksIf<const R2: usize, const K: usize, Valid> {
    type Out;
}

/// `K ≤ min(R, R2)`, as one `typenum` boolean.
type TensordotValid<const R: usize, const R2: usize, const K: usize> =
    GrEq<Minimum<Num<R>, Num<R2>>, Num<K>>;

#[diagnostic::do_not_recommend]
impl<const R: usize, const R2: usize, const K: usize> TensordotRanks<R2, K> for Rank<R>
where
    Rank<R>: KnownRank,
    Rank<R2>: KnownRank,
    Rank<K>: KnownRank,
    Num<R>: Min<Num<R2>>,
    Minimum<Num<R>, Num<R2>>: IsGreaterOrEqual<Num<K>>,
    Rank<R>: RankRule<TensordotValid<R, R2, K>> + TensordotRanksIf<R2, K, TensordotValid<R, R2, K>>,
{
    type Out = <Rank<R> as TensordotRanksIf<R2, K, TensordotValid<R, R2, K>>>::Out;
}

/// R + R2 − 2K, asked only once `K ≤ min(R, R2)` is known.
impl<const R: usize, const R2: usize, const K: usize> TensordotRanksIf<R2, K, True> for Rank<R>
where
    Rank<R>: KnownRank,
    Rank<R2>: KnownRank,
    Rank<K>: KnownRank,
    Num<R>: Add<Num<R2>>,
    Num<K>: Add<Num<K>>,
    Sum<Num<R>, Num<R2>>: Sub<Sum<Num<K>, Num<K>>>,
    Diff<Sum<Num<R>, Num<R2>>, Sum<Num<K>, Num<K>>>: NumToRank,
{
    type Out = RankOf<Diff<Sum<Num<R>, Num<R2>>, Sum<Num<K>, Num<K>>>>;
}

/// With too many axes summed (an error already): rank 0, so that no second error follows.
impl<const R: usize, const R2: usize, const K: usize> TensordotRanksIf<R2, K, False> for Rank<R> {
    type Out = Rank<0>;
}
