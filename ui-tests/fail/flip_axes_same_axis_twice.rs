//! Rejected: `flip_axes` naming axis 1 twice; as in NumPy, each axis of the tuple appears once.
use ranked::{Axis, Tensor};

fn main() {
    let t: Tensor<f32, 3> = Tensor::zeros([2, 3, 4]);
    let _f = t.flip_axes((Axis::<1>, Axis::<2>, Axis::<1>));
}
