//! Rejected: `split` of axis 2 of a rank-2 tensor.
use ranked::{Axis, INFER, Tensor};

fn main() {
    let t: Tensor<f32, 2> = Tensor::zeros([3, 20]);
    let _s = t.split(Axis::<2>, [INFER, 5]);
}
