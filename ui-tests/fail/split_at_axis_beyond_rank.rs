//! Rejected: `split_at` along an axis the view does not have.
use ranked::{Axis, Tensor};

fn main() {
    let a: Tensor<f32, 2> = Tensor::zeros([2, 3]);
    let _halves = a.view().split_at(Axis::<2>, 1);
}
