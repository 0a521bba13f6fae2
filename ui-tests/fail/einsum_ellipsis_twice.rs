//! Rejected: two `...` in one `einsum!` term.
use ranked::{Tensor, einsum};

fn main() {
    let a: Tensor<f32, 3> = Tensor::zeros([2, 3, 4]);
    let _c = einsum!("...i...->i", a);
}
