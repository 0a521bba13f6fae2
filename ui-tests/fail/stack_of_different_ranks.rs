//! Rejected: `stack` joins tensors of one rank; a vector and a matrix cannot be stacked.
use ranked::{Axis, Tensor, stack};

fn main() {
    let v: Tensor<f32, 1> = Tensor::zeros([3]);
    let m: Tensor<f32, 2> = Tensor::zeros([2, 3]);
    let _s = stack(Axis::<0>, &[v.view(), m.view()]);
}
