//! Accepted: rank-generic code calls every rank-changing view operation with one where-clause
//! each, and the compiler infers the output ranks at the call sites.
use core::ops::{Range, RangeFull};

use ranked::{
    Axis, BroadcastTo, DiagonalAxes, HasAxis, InsertAxis, MergeAxes, NewAxis, Rank, RemoveAxis,
    SliceArity, SplitAxis, TensorView, WindowAxis, s, slice::SliceInfo, slice::Stepped,
};

fn squeeze_first<const R: usize, const O: usize>(t: TensorView<'_, f32, R>) -> TensorView<'_, f32, O>
where
    Rank<R>: RemoveAxis<Axis<0>, Out = Rank<O>>,
{
    t.squeeze(Axis::<0>).unwrap()
}

fn batch<const R: usize, const O: usize>(t: TensorView<'_, f32, R>) -> TensorView<'_, f32, O>
where
    Rank<R>: InsertAxis<Axis<0>, Out = Rank<O>>,
{
    t.unsqueeze(Axis::<0>)
}

fn first_row<const R: usize, const O: usize>(t: TensorView<'_, f32, R>) -> TensorView<'_, f32, O>
where
    Rank<R>: RemoveAxis<Axis<0>, Out = Rank<O>>,
{
    t.select(Axis::<0>, 0).unwrap()
}

fn flatten_front<const R: usize, const O: usize>(t: TensorView<'_, f32, R>) -> TensorView<'_, f32, O>
where
    Rank<R>: MergeAxes<Axis<0>, Axis<1>, Out = Rank<O>>,
{
    t.merge(Axis::<0>, Axis::<1>).unwrap()
}

fn halve_front<const R: usize, const O: usize>(t: TensorView<'_, f32, R>) -> TensorView<'_, f32, O>
where
    Rank<R>: SplitAxis<Axis<0>, 2, Out = Rank<O>>,
{
    t.split(Axis::<0>, [2, ranked::INFER]).unwrap()
}

fn main_diagonal<const R: usize, const O: usize>(t: TensorView<'_, f32, R>) -> TensorView<'_, f32, O>
where
    Rank<R>: DiagonalAxes<Axis<0>, Axis<1>, Out = Rank<O>>,
{
    t.diagonal(0, Axis::<0>, Axis::<1>)
}

fn pairs<const R: usize, const O: usize>(t: TensorView<'_, f32, R>) -> TensorView<'_, f32, O>
where
    Rank<R>: WindowAxis<Axis<0>, Out = Rank<O>>,
{
    t.unfold(Axis::<0>, 2, 1).unwrap()
}

fn reverse_first<const R: usize>(t: TensorView<'_, f32, R>) -> TensorView<'_, f32, R>
where
    Rank<R>: HasAxis<Axis<0>>,
{
    t.flip(Axis::<0>)
}

fn to_rank_4<const R: usize>(t: TensorView<'_, f32, R>, shape: [usize; 4]) -> TensorView<'_, f32, 4>
where
    Rank<R>: BroadcastTo<4>,
{
    t.broadcast_to(shape).unwrap()
}

type Info = SliceInfo<(Range<i32>, NewAxis, Stepped<RangeFull>)>;

fn slice_with<const R: usize, const O: usize>(t: TensorView<'_, f32, R>, info: Info) -> TensorView<'_, f32, O>
where
    Info: SliceArity<R, Out = Rank<O>>,
{
    t.slice(info).unwrap()
}

fn main() {
    let data: Vec<f32> = (0..24).map(|x| x as f32).collect();
    let t = TensorView::from_slice(&data, [4, 6]).unwrap();
    let a = batch(t); // 2 → 3
    assert_eq!(a.shape(), &[1, 4, 6]);
    let b = squeeze_first(a); // 3 → 2
    assert_eq!(b.shape(), &[4, 6]);
    let c = first_row(b); // 2 → 1
    assert_eq!(c.shape(), &[6]);
    let d = flatten_front(t); // 2 → 1
    assert_eq!(d.shape(), &[24]);
    let e = halve_front(t); // 2 → 3
    assert_eq!(e.shape(), &[2, 2, 6]);
    let f = main_diagonal(t); // 2 → 1
    assert_eq!(f.shape(), &[4]);
    let g = pairs(t); // 2 → 3
    assert_eq!(g.shape(), &[3, 6, 2]);
    let h = reverse_first(t);
    assert_eq!(h[[0, 0]], 18.0);
    let i = to_rank_4(t, [2, 3, 4, 6]);
    assert_eq!(i.shape(), &[2, 3, 4, 6]);
    let j = slice_with(t, s![1..3, NewAxis, ..;2]); // 2 → 3
    assert_eq!(j.shape(), &[2, 1, 3]);
}
