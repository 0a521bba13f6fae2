//! Rejected: `exp` and the other floating-point functions need a float element type.
use ranked::tensor;

fn main() {
    let t = tensor![1, 2, 3];
    let _e = t.exp();
}
