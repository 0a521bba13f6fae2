//! Rejected: `matmul` of a matrix and a vector; `matmul` takes two matrices, and a matrix times
//! a vector is `dot`.
use ranked::Tensor;

fn main() {
    let a: Tensor<f32, 2> = Tensor::zeros([2, 3]);
    let v: Tensor<f32, 1> = Tensor::zeros([3]);
    let _c = a.matmul(&v);
}
