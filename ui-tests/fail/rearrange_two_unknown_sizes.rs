//! Rejected: a `rearrange!` input group with two sizes left to infer (`h` and `w`).
use ranked::{Tensor, rearrange};

fn main() {
    let t: Tensor<f32, 3> = Tensor::zeros([2, 784, 3]);
    let _r = rearrange!(&t, "b (h w) c -> b c h w");
}
