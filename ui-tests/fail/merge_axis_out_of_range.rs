//! Rejected: `merge` up to axis 3 of a rank-3 tensor.
use ranked::{Axis, Tensor};

fn main() {
    let t: Tensor<f32, 3> = Tensor::zeros([3, 4, 5]);
    let _m = t.merge(Axis::<1>, Axis::<3>);
}
