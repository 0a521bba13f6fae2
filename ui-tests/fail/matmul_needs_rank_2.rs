//! Rejected: `matmul` of a rank-3 tensor; the matrix product is defined for rank 2 only (use
//! `select` or `merge` to get a matrix first).
use ranked::Tensor;

fn main() {
    let a: Tensor<f32, 3> = Tensor::zeros([2, 3, 4]);
    let b: Tensor<f32, 2> = Tensor::zeros([4, 5]);
    let _c = a.matmul(&b);
}
