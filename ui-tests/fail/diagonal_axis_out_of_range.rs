//! Rejected: `diagonal` over axes 0 and 2 of a rank-2 tensor.
use ranked::{Axis, Tensor};

fn main() {
    let t: Tensor<u8, 2> = Tensor::zeros([3, 3]);
    let _d = t.diagonal(0, Axis::<0>, Axis::<2>);
}
