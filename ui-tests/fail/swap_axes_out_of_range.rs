//! Rejected: `swap_axes` with an axis beyond the rank.
use ranked::{Axis, Tensor};

fn main() {
    let t: Tensor<f32, 2> = Tensor::zeros([2, 3]);
    let _s = t.swap_axes(Axis::<0>, Axis::<2>);
}
