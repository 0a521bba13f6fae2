//! Rejected: einops does not take `_b` as an axis name (no `_` at either end of a name).
use ranked::{Tensor, rearrange};

fn main() {
    let t: Tensor<f32, 2> = Tensor::zeros([2, 3]);
    let _r = rearrange!(&t, "_b h -> h _b");
}
