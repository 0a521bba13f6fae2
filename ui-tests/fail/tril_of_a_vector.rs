//! Rejected: `tril` of a vector; the triangles are of the matrices in the last two axes.
use ranked::tensor;

fn main() {
    let v = tensor![1.0, 2.0, 3.0];
    let _ = v.tril(0);
}
