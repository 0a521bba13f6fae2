//! Rejected: `matrix_transpose` of a vector; it swaps the last two axes, so it needs rank 2 or
//! more, as NumPy's `matrix_transpose` (which raises for a 1-D array).
use ranked::tensor;

fn main() {
    let v = tensor![1.0, 2.0, 3.0];
    let _t = v.matrix_transpose();
}
