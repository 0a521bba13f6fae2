//! Rejected: binding the result of `squeeze` (rank 3 → 2) to a rank-3 type.
use ranked::{Axis, Tensor};

fn main() {
    let t: Tensor<f32, 3> = Tensor::zeros([2, 1, 3]);
    let _s: Tensor<f32, 3> = t.squeeze(Axis::<1>).unwrap();
}
