//! Rejected: `a + b` in a function generic over the rank, without the bound that says what rank
//! the sum has. The fix is `Rank<R>: BroadcastRanks<R, Out = Rank<R>>` (see
//! `ui-tests/pass/rank_generic_fixes.rs`).
use ranked::Tensor;

fn add<const R: usize>(a: &Tensor<f32, R>, b: &Tensor<f32, R>) -> Tensor<f32, R> {
    a + b
}

fn main() {
    let a: Tensor<f32, 2> = Tensor::zeros([2, 3]);
    let _c = add(&a, &a);
}
