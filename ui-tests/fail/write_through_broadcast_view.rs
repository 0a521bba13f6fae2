//! Rejected: writing through a broadcast view. Its stride-0 axes map many indices to one
//! element, so the view is read-only.
use ranked::tensor;

fn main() {
    let t = tensor![1, 2, 3];
    let mut b = t.view().broadcast_to([2, 3]).unwrap();
    b[[0, 0]] = 10;
}
