//! Rejected: `squeeze_axes` of three axes of a rank-4 tensor bound to a rank-2 tensor; the
//! result has rank 1.
use ranked::{Axis, Tensor};

fn main() {
    let t: Tensor<f32, 4> = Tensor::zeros([1, 3, 1, 1]);
    let _s: Tensor<f32, 2> = t.squeeze_axes((Axis::<0>, Axis::<2>, Axis::<3>)).unwrap();
}
