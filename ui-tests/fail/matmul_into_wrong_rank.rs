//! Rejected: `matmul_into` a rank-2 output for a batch of matrices times a matrix, whose
//! product is rank 3.
use ranked::Tensor;

fn main() {
    let batch: Tensor<f32, 3> = Tensor::zeros([4, 2, 3]);
    let w: Tensor<f32, 2> = Tensor::zeros([3, 5]);
    let mut out: Tensor<f32, 2> = Tensor::zeros([2, 5]);
    batch.matmul_into(&w, &mut out).unwrap();
}
