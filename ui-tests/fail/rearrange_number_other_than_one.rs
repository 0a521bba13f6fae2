//! Rejected: a number other than 1 in a `rearrange!` spec (einops' `rearrange` has no
//! anonymous axes of other sizes; `reduce!` and `repeat!` have them).
use ranked::{Tensor, rearrange};

fn main() {
    let t: Tensor<f32, 2> = Tensor::zeros([4, 6]);
    let _r = rearrange!(&t, "(h 2) w -> h w");
}
