//! Rejected: a written operand of rank 1 added after a read operand of rank 2.
use ranked::{Tensor, Zip};

fn main() {
    let m: Tensor<f32, 2> = Tensor::zeros([2, 3]);
    let mut out: Tensor<f32, 1> = Tensor::zeros([3]);
    let _ = Zip::from(&m).and_mut(&mut out);
}
