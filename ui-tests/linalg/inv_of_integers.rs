//! Rejected: `inv` of an integer matrix; the decompositions run on `f32` and `f64`.
use ranked::{linalg, tensor};

fn main() {
    let a = tensor![[1, 2], [3, 4]];
    let _ = linalg::inv(&a);
}
