//! Rejected: `broadcast_to` on a tensor that can be written through (an owned `Tensor`). The
//! result would alias, so broadcasting needs a read-only tensor: take `.view()` first.
use ranked::tensor;

fn main() {
    let t = tensor![1, 2, 3];
    let _b = t.broadcast_to([2, 3]);
}
