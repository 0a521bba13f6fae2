//! Rejected: a reduction over several axes names each axis once, as in NumPy.
use ranked::{Axis, Tensor};

fn main() {
    let t: Tensor<f32, 3> = Tensor::zeros([2, 3, 4]);
    let _s = t.sum_axes((Axis::<1>, Axis::<1>));
}
