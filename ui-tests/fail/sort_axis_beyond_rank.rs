//! Rejected: a matrix has no axis 2 to sort along.
use ranked::{Axis, Tensor};

fn main() {
    let t: Tensor<f32, 2> = Tensor::zeros([2, 3]);
    let _ = t.sort_axis(Axis::<2>);
}
