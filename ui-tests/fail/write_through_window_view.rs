//! Rejected: writing through the windows of `unfold`. Overlapping windows share elements, so
//! the window view is read-only.
use ranked::{Axis, tensor};

fn main() {
    let t = tensor![1, 2, 3, 4];
    let w = t.view().unfold(Axis::<0>, 2, 1).unwrap();
    for x in w.iter_mut() {
        *x = 0;
    }
}
