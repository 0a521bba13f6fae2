//! Rejected: an `einsum!` operand whose rank is not its term's length (`bij` names 3 axes,
//! `a` has 2).
use ranked::{Tensor, einsum};

fn main() {
    let a: Tensor<f32, 2> = Tensor::zeros([4, 5]);
    let b: Tensor<f32, 3> = Tensor::zeros([8, 5, 6]);
    let _c = einsum!("bij,bjk->bik", a, b);
}
