//! Rejected: `det` of a vector; linear algebra reads the last two axes as matrices.
use ranked::{linalg, tensor};

fn main() {
    let v = tensor![1.0, 2.0, 3.0];
    let _ = linalg::det(&v);
}
