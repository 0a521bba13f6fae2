//! Rejected: comparing a tensor of `f64` with an integer literal of another type.
use ranked::tensor;

fn main() {
    let t = tensor![1.0f64, 2.0];
    let _m = t.gt(1u32);
}
