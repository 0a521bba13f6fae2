//! Rejected: mutable iteration over a read-only view.
use ranked::{Axis, Tensor};

fn main() {
    let t: Tensor<f32, 2> = Tensor::zeros([2, 3]);
    let mut v = t.view();
    for _row in v.axis_iter_mut(Axis::<0>) {}
}
