//! Rejected: indexing a rank-3 tensor with two indices. The index type is `[usize; R]`, so the
//! number of indices is checked by the compiler, not at run time.
use ranked::Tensor;

fn main() {
    let t: Tensor<f32, 3> = Tensor::zeros([2, 3, 4]);
    let _x = t[[0, 1]];
}
