//! Rejected: an index twice in the output of an `einsum!` spec.
use ranked::{Tensor, einsum};

fn main() {
    let a: Tensor<f32, 2> = Tensor::zeros([4, 4]);
    let _c = einsum!("ij,jk->iki", a, a);
}
