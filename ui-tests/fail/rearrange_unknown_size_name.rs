//! Rejected: a size given for an axis (`k`) that the `rearrange!` spec does not name.
use ranked::{Tensor, rearrange};

fn main() {
    let t: Tensor<f32, 3> = Tensor::zeros([2, 784, 3]);
    let _r = rearrange!(&t, "b (h w) c -> b c h w", k = 28);
}
