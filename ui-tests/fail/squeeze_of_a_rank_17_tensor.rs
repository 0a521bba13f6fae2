//! Rejected: a rank-generic-looking function over a rank-17 tensor; ranks go up to 16, and the
//! label says so rather than blaming the axis alone.
use ranked::{Axis, Tensor};

fn squeeze_first(t: Tensor<f32, 17>) -> Tensor<f32, 16> {
    t.squeeze(Axis::<0>).unwrap()
}

fn main() {}
