//! Rejected: a `Zip` operand written in place must be writable; a `TensorView` is read-only.
use ranked::{Tensor, Zip};

fn main() {
    let a: Tensor<f32, 2> = Tensor::zeros([2, 3]);
    let mut v = a.view();
    let _z = Zip::from_mut(&mut v);
}
