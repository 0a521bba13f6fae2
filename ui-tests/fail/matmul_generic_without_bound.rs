//! Rejected: `matmul` in rank-generic code without stating the rank rule.
use ranked::Tensor;

fn apply_weights<const R: usize, const O: usize>(
    batch: &Tensor<f32, R>,
    w: &Tensor<f32, 2>,
) -> Tensor<f32, O> {
    batch.matmul(w).unwrap()
}

fn main() {}
