//! Rejected: `lanes` along axis 3 of a rank-3 tensor.
use ranked::{Axis, Tensor};

fn main() {
    let t: Tensor<f32, 3> = Tensor::zeros([2, 3, 4]);
    let _n = t.lanes(Axis::<3>).len();
}
