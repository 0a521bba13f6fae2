//! Rejected: `squeeze` of axis 3 on a rank-3 tensor. Axes are numbered 0 to R − 1, and the axis
//! is part of the type, so the compiler checks it.
use ranked::{Axis, Tensor};

fn main() {
    let t: Tensor<f32, 3> = Tensor::zeros([2, 1, 3]);
    let _s = t.squeeze(Axis::<3>);
}
