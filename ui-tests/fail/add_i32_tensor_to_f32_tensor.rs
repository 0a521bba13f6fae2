//! Rejected: adding a tensor of `i32` to a tensor of `f32`; operators need one element type
//! (convert with `map(|&x| x as f32)` first).
use ranked::{Tensor, tensor};

fn main() {
    let a: Tensor<f32, 1> = tensor![1.0, 2.0];
    let b: Tensor<i32, 1> = tensor![1, 2];
    let _c = &a + &b;
}
