//! Rejected: stacking rank-2 tensors gives a rank-3 tensor, not a rank-2 one.
use ranked::{Axis, Tensor, stack};

fn main() {
    let a: Tensor<f32, 2> = Tensor::zeros([2, 3]);
    let _s: Tensor<f32, 2> = stack(Axis::<0>, &[a.view(), a.view()]).unwrap();
}
