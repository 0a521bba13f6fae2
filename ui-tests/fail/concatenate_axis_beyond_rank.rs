//! Rejected: `concatenate` along axis 2 of rank-2 tensors; joining along a new axis is `stack`.
use ranked::{Axis, Tensor, concatenate};

fn main() {
    let a: Tensor<f32, 2> = Tensor::zeros([2, 3]);
    let _c = concatenate(Axis::<2>, &[a.view(), a.view()]);
}
