//! Rejected: `unsqueeze` of a rank-16 tensor would make a rank-17 tensor; ranks stop at 16.
use ranked::{Axis, Tensor};

fn main() {
    let t: Tensor<f32, 16> = Tensor::zeros([1; 16]);
    let _u = t.view().unsqueeze(Axis::<0>);
}
