//! Rejected: `dot` of a rank-2 and a rank-3 tensor; `dot` is vector · vector or
//! matrix · vector.
use ranked::Tensor;

fn main() {
    let m: Tensor<f32, 2> = Tensor::zeros([2, 3]);
    let t: Tensor<f32, 3> = Tensor::zeros([3, 2, 2]);
    let _d = m.dot(&t);
}
