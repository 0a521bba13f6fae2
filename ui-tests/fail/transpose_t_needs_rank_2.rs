//! Rejected: `t()` is the matrix transpose and exists only for rank 2; use `reversed_axes` or
//! `permute` for other ranks.
use ranked::Tensor;

fn main() {
    let t: Tensor<f32, 3> = Tensor::zeros([2, 3, 4]);
    let _x = t.t();
}
