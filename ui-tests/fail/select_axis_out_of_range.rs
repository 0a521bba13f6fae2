//! Rejected: `select` on axis 2 of a rank-2 tensor.
use ranked::{Axis, tensor};

fn main() {
    let t = tensor![[1, 2], [3, 4]];
    let _row = t.select(Axis::<2>, 0);
}
