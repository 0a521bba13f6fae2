//! Rejected: the determinants of a stack of matrices (rank 3) bound at rank 2; they have
//! rank 1, one per matrix.
use ranked::{Tensor, linalg};

fn main() {
    let a: Tensor<f64, 3> = Tensor::zeros([4, 3, 3]);
    let d: Tensor<f64, 2> = linalg::det(&a).unwrap();
    drop(d);
}
