//! Rejected: `rearrange!` of an owned tensor by value; the result may borrow it, so it takes
//! `&t` or a view.
use ranked::{Tensor, rearrange};

fn main() {
    let t: Tensor<f32, 2> = Tensor::zeros([2, 3]);
    let _r = rearrange!(t, "a b -> b a");
}
