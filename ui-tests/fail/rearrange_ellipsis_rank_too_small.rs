//! Rejected: a `rearrange!` input that names three axes besides `...`, for a tensor of rank 2.
use ranked::{Tensor, rearrange};

fn main() {
    let t: Tensor<f32, 2> = Tensor::zeros([4, 6]);
    let _r = rearrange!(&t, "a b c ... -> ... c b a");
}
