//! Rejected: `matmul` in rank-generic code without stating the rank rule.
use ranked::Tensor;

fn product<const R: usize, const R2: usize, const O: usize>(
    a: &Tensor<f32, R>,
    b: &Tensor<f32, R2>,
) -> Tensor<f32, O> {
    a.matmul(b).unwrap()
}

fn main() {}
