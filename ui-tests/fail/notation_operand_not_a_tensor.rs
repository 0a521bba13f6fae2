//! Rejected: an operand that is not a tensor (a `Vec`); the message says what is accepted.
use ranked::{Tensor, einsum};

fn main() {
    let a: Tensor<f32, 1> = Tensor::ones([3]);
    let v = vec![1.0f32, 2.0, 3.0];
    let _ = einsum!("i,i->", a, v);
}
