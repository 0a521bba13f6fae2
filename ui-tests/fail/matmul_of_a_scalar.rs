//! Rejected: `matmul` with a rank-0 tensor (a scalar) on the left; NumPy's `matmul` takes
//! vectors, matrices and batches of matrices, and a scalar is multiplied with `*`.
use ranked::Tensor;

fn main() {
    let s: Tensor<f32, 0> = Tensor::zeros([]);
    let m: Tensor<f32, 2> = Tensor::zeros([2, 2]);
    let _p = s.matmul(&m);
}
