//! Rejected: `unsqueeze` can insert an axis at positions 0 to R (R appends); position 3 of a
//! rank-2 tensor does not exist.
use ranked::{Axis, Tensor};

fn main() {
    let t: Tensor<f32, 2> = Tensor::zeros([2, 3]);
    let _u = t.unsqueeze(Axis::<3>);
}
