//! Rejected: `axis_chunks_iter` along an axis the tensor does not have.
use ranked::{Axis, Tensor};

fn main() {
    let t: Tensor<f32, 1> = Tensor::zeros([10]);
    let _n = t.axis_chunks_iter(Axis::<1>, 3).len();
}
