//! Rejected: `split` into zero axes; an axis is split into at least one size.
use ranked::{Axis, Tensor};

fn main() {
    let t: Tensor<f32, 2> = Tensor::zeros([3, 20]);
    let _s = t.split(Axis::<1>, []);
}
