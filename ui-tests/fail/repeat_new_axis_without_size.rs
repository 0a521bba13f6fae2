//! Rejected: a new axis of `repeat!` (`c`) without a size.
use ranked::{Tensor, repeat};

fn main() {
    let t: Tensor<f32, 2> = Tensor::zeros([4, 6]);
    let _r = repeat!(&t, "h w -> h w c");
}
