//! Rejected: `matvec` called on a vector; the error names the products meant.
use ranked::tensor;

fn main() {
    let v = tensor![1.0, 2.0];
    let m = tensor![[1.0, 0.0], [0.0, 1.0]];
    let _ = v.matvec(&m);
}
