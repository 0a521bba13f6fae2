//! Rejected: a rank-generic function that sums along the last axis it names without the
//! where-clause `Rank<R>: RemoveAxis<Axis<1>, Out = Rank<O>>` (see
//! `ui-tests/pass/rank_generic_fixes.rs`).
use ranked::{Axis, Tensor};

fn row_sums<const R: usize, const O: usize>(t: &Tensor<f32, R>) -> Tensor<f32, O> {
    t.sum_axis(Axis::<1>)
}

fn main() {
    let t: Tensor<f32, 2> = Tensor::zeros([2, 3]);
    let _s: Tensor<f32, 1> = row_sums(&t);
}
