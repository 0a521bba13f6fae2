//! Rejected: a term with `...` that names more indices (3) than its operand has axes (2).
use ranked::{Tensor, einsum};

fn main() {
    let a: Tensor<f32, 2> = Tensor::zeros([3, 4]);
    let _c = einsum!("...ijk->...", a);
}
