//! Rejected: a `rearrange!` output that drops an input axis (`c`).
use ranked::{Tensor, rearrange};

fn main() {
    let t: Tensor<f32, 3> = Tensor::zeros([2, 3, 4]);
    let _r = rearrange!(&t, "a b c -> b a");
}
