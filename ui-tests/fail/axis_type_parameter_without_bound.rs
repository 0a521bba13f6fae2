//! Rejected: rank-generic code passing a type parameter `A` as an axis without the bound
//! `A: IsAxis`; the error names the bound to add.
use ranked::{Rank, RemoveAxis, Tensor};

fn sums<A, const R: usize, const O: usize>(t: &Tensor<f32, R>, axis: A) -> Tensor<f32, O>
where
    Rank<R>: RemoveAxis<A, Out = Rank<O>>,
{
    t.sum_axis(axis)
}

fn main() {}
