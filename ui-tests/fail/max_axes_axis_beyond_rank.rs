//! Rejected: `max_axes` over an axis the tensor does not have.
use ranked::{Axis, Tensor};

fn main() {
    let t: Tensor<f32, 2> = Tensor::zeros([2, 3]);
    let _m = t.max_axes((Axis::<0>, Axis::<2>));
}
