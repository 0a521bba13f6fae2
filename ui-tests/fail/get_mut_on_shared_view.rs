//! Rejected: `get_mut` needs writable storage; a `TensorView` over `&[T]` is read-only.
use ranked::tensor;

fn main() {
    let t = tensor![1, 2, 3];
    let mut v = t.view();
    let _x = v.get_mut([0]);
}
