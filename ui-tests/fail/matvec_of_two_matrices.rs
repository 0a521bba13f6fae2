//! Rejected: `matvec` with a matrix on the right; it is matrix · vector (use `matmul`).
use ranked::Tensor;

fn main() {
    let a: Tensor<f32, 2> = Tensor::zeros([2, 3]);
    let b: Tensor<f32, 2> = Tensor::zeros([3, 2]);
    let _c = a.matvec(&b);
}
