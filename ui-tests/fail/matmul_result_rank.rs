//! Rejected: the result of matrix · vector stored as a matrix; its rank is 1.
use ranked::Tensor;

fn main() {
    let m: Tensor<f32, 2> = Tensor::zeros([2, 3]);
    let v: Tensor<f32, 1> = Tensor::zeros([3]);
    let _y: Tensor<f32, 2> = m.matmul(&v).unwrap();
}
