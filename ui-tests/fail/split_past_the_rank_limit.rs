//! Rejected: splitting one axis of a rank-15 tensor into three makes rank 17; ranks stop at 16.
use ranked::{Axis, INFER, Tensor};

fn main() {
    let t: Tensor<f32, 15> = Tensor::zeros([1; 15]);
    let _s = t.view().split(Axis::<0>, [1, 1, INFER]);
}
