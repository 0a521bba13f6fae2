//! Rejected: rows of different lengths in `tensor!`; every row of a rank-2 tensor has the same
//! length, and the macro checks it through the type of a nested array.
use ranked::tensor;

fn main() {
    let _t = tensor![[1, 2, 3], [4, 5]];
}
