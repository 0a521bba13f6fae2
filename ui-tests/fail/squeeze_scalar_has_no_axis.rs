//! Rejected: a rank-0 tensor (a scalar) has no axis to squeeze.
use ranked::{Axis, Tensor};

fn main() {
    let t: Tensor<f32, 0> = Tensor::zeros([]);
    let _s = t.squeeze(Axis::<0>);
}
