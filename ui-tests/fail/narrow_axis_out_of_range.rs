//! Rejected: `narrow` on axis 2 of a rank-2 tensor.
use ranked::{Axis, Tensor};

fn main() {
    let t: Tensor<u8, 2> = Tensor::zeros([4, 5]);
    let _n = t.narrow(Axis::<2>, 1, 2);
}
