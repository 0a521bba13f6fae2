//! Rejected: an `einsum!` spec with two input terms and one operand.
use ranked::{Tensor, einsum};

fn main() {
    let a: Tensor<f32, 2> = Tensor::zeros([4, 4]);
    let _c = einsum!("ij,jk->ik", a);
}
