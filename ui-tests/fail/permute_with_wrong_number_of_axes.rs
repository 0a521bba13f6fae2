//! Rejected: `permute` of a rank-3 tensor takes exactly three axes (`[usize; 3]`).
use ranked::Tensor;

fn main() {
    let t: Tensor<f32, 3> = Tensor::zeros([2, 3, 4]);
    let _p = t.permute([1, 0]);
}
