//! Rejected: `expand_dims` at position 4 of a rank-2 tensor with two new axes; positions name
//! axes of the result, which has rank 4 (positions 0 to 3).
use ranked::{Axis, Tensor};

fn main() {
    let t: Tensor<f32, 2> = Tensor::zeros([3, 4]);
    let _e = t.expand_dims((Axis::<0>, Axis::<4>));
}
