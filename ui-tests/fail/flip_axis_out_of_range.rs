//! Rejected: `flip` of axis 1 of a rank-1 tensor.
use ranked::{Axis, tensor};

fn main() {
    let t = tensor![1, 2, 3];
    let _f = t.flip(Axis::<1>);
}
