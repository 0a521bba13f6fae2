//! Rejected: `rearrange!` of a rank-3 tensor with a spec for rank 4.
use ranked::{Tensor, rearrange};

fn main() {
    let t: Tensor<f32, 3> = Tensor::zeros([2, 3, 4]);
    let _r = rearrange!(&t, "b c h w -> b (h w) c");
}
