//! Rejected: `+=` of a rank-3 tensor into a rank-2 one; the right side is broadcast to the left
//! side's shape, and broadcasting never removes axes.
use ranked::Tensor;

fn main() {
    let mut a: Tensor<f32, 2> = Tensor::zeros([2, 3]);
    let b: Tensor<f32, 3> = Tensor::zeros([1, 2, 3]);
    a += &b;
}
