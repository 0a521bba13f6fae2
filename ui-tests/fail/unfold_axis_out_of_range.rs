//! Rejected: `unfold` along axis 1 of a rank-1 tensor.
use ranked::{Axis, tensor};

fn main() {
    let t = tensor![1, 2, 3, 4];
    let _w = t.view().unfold(Axis::<1>, 2, 1);
}
