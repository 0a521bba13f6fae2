//! Rejected: a `TensorView` borrows its elements read-only, so assigning through it does not
//! compile; `view_mut()` gives a writable view.
use ranked::tensor;

fn main() {
    let t = tensor![[1, 2], [3, 4]];
    let v = t.view();
    v[[0, 0]] = 10;
}
