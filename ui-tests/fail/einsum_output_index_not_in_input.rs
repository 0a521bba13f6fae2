//! Rejected: an `einsum!` output index (`l`) that no input term has.
use ranked::{Tensor, einsum};

fn main() {
    let a: Tensor<f32, 2> = Tensor::zeros([4, 5]);
    let _c = einsum!("ij,jk->il", a, a);
}
