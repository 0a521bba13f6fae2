//! Rejected: the indices of `take_along_axis` have the data's rank (NumPy's rule); a rank-1
//! index vector for a matrix needs `unsqueeze` to say which axis it runs along.
use ranked::{Axis, Tensor};

fn main() {
    let t: Tensor<f32, 2> = Tensor::zeros([2, 3]);
    let idx: Tensor<usize, 1> = Tensor::zeros([2]);
    let _ = t.take_along_axis(Axis::<1>, &idx);
}
