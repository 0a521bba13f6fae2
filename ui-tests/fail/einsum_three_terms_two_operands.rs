//! Rejected: an `einsum!` spec with three input terms and two operands.
use ranked::{Tensor, einsum};

fn main() {
    let a: Tensor<f32, 2> = Tensor::zeros([4, 4]);
    let _c = einsum!("ij,jk,kl->il", a, a);
}
