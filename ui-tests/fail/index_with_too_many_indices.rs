//! Rejected: indexing a rank-2 tensor with three indices; the rank is part of the type.
use ranked::tensor;

fn main() {
    let t = tensor![[1, 2], [3, 4]];
    let _x = t[[0, 1, 0]];
}
