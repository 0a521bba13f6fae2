//! Rejected: `lstsq` with a stack of right-hand sides (rank 3); NumPy's `lstsq` solves one
//! system, with a vector or a matrix of right-hand sides.
use ranked::{Tensor, linalg};

fn main() {
    let a: Tensor<f64, 2> = Tensor::zeros([5, 3]);
    let b: Tensor<f64, 3> = Tensor::zeros([2, 5, 1]);
    let _ = linalg::lstsq(&a, &b, None);
}
