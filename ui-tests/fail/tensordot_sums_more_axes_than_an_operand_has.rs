//! Rejected: `tensordot` summing two axes of a vector, which has one.
use ranked::{Tensor, linalg::tensordot, tensor};

fn main() {
    let v = tensor![1.0, 2.0];
    let m: Tensor<f64, 2> = Tensor::zeros([2, 2]);
    let _ = tensordot(&v, &m, [[0, 0], [0, 1]]);
}
