//! Rejected: `...` stands for an axis of `a`, but the output has no `...` (NumPy refuses
//! this too).
use ranked::{Tensor, einsum};

fn main() {
    let a: Tensor<f32, 3> = Tensor::zeros([2, 3, 4]);
    let _c = einsum!("...ij->ij", a);
}
