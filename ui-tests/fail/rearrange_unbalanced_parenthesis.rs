//! Rejected: a `(` that is not closed before `->` in a `rearrange!` spec.
use ranked::{Tensor, rearrange};

fn main() {
    let t: Tensor<f32, 2> = Tensor::zeros([2, 6]);
    let _r = rearrange!(&t, "a (b c -> a b c", b = 2);
}
