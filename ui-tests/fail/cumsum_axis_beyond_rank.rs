//! Rejected: `cumsum` along an axis the tensor does not have.
use ranked::{Axis, Tensor};

fn main() {
    let t: Tensor<i32, 2> = Tensor::zeros([2, 5]);
    let _c = t.cumsum(Axis::<2>);
}
