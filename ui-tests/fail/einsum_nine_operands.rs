//! Rejected: nine input terms; `einsum!` takes at most eight operands.
use ranked::{Tensor, einsum};

fn main() {
    let a: Tensor<f32, 1> = Tensor::zeros([2]);
    let _c = einsum!("a,a,a,a,a,a,a,a,a->a", a, a, a, a, a, a, a, a, a);
}
