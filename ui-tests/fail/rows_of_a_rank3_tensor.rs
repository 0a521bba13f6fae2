//! Rejected: `rows` exists for matrices (rank 2) only.
use ranked::Tensor;

fn main() {
    let t: Tensor<f32, 3> = Tensor::zeros([2, 3, 4]);
    for _row in t.rows() {}
}
