//! Rejected: a `rearrange!` output that uses an axis twice.
use ranked::{Tensor, rearrange};

fn main() {
    let t: Tensor<f32, 2> = Tensor::zeros([2, 3]);
    let _r = rearrange!(&t, "a b -> a a");
}
