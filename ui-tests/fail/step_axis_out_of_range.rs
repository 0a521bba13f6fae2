//! Rejected: `step` on axis 3 of a rank-3 tensor.
use ranked::{Axis, Tensor};

fn main() {
    let t: Tensor<u8, 3> = Tensor::zeros([4, 5, 6]);
    let _s = t.step(Axis::<3>, 2);
}
