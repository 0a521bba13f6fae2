//! Rejected: `solve` with a rank-0 right-hand side, which cannot hold one vector.
use ranked::{Tensor, linalg};

fn main() {
    let a: Tensor<f64, 2> = Tensor::zeros([3, 3]);
    let b: Tensor<f64, 0> = Tensor::zeros([]);
    let _ = linalg::solve(&a, &b);
}
