//! Rejected: reducing a rank-3 tensor over two axes gives rank 1, not rank 2.
use ranked::{Axis, Tensor};

fn main() {
    let t: Tensor<f32, 3> = Tensor::zeros([2, 3, 4]);
    let _m: Tensor<f32, 2> = t.mean_axes((Axis::<0>, Axis::<2>));
}
