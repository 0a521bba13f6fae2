//! Unit tests of the rank rules.

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
