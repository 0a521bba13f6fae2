//! Rejected: `dot` of two matrices; `dot` is vector · vector or matrix · vector, and a matrix
//! times a matrix is `matmul`.
use ranked::Tensor;

fn main() {
    let a: Tensor<f32, 2> = Tensor::zeros([2, 3]);
    let b: Tensor<f32, 2> = Tensor::zeros([3, 2]);
    let _c = a.dot(&b);
}
