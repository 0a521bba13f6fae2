//! Rejected: `slice_axis` on axis 1 of a rank-1 tensor.
use ranked::{Axis, tensor};

fn main() {
    let t = tensor![1, 2, 3];
    let _s = t.slice_axis(Axis::<1>, 0..2, 1);
}
