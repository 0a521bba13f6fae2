//! Rejected: `+=` into a `TensorView`, which borrows its elements read-only; use `view_mut()`.
use ranked::{Tensor, tensor};

fn main() {
    let t: Tensor<i32, 1> = tensor![1, 2, 3];
    let mut v = t.view();
    v += &tensor![1, 1, 1];
}
