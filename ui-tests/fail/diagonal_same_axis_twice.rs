//! Rejected: `diagonal` over axis 1 and axis 1; a diagonal needs two different axes.
use ranked::{Axis, Tensor};

fn main() {
    let t: Tensor<u8, 3> = Tensor::zeros([2, 4, 4]);
    let _d = t.diagonal(0, Axis::<1>, Axis::<1>);
}
