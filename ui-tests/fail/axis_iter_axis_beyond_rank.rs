//! Rejected: `axis_iter` along axis 2 of a rank-2 tensor; the axis is checked against the rank
//! at compile time.
use ranked::{Axis, Tensor};

fn main() {
    let t: Tensor<f32, 2> = Tensor::zeros([2, 3]);
    for _col in t.axis_iter(Axis::<2>) {}
}
