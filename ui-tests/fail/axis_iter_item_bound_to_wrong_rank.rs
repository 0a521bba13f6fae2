//! Rejected: the items of `outer_iter` of a rank-3 tensor are rank-2 views, not rank-3 ones.
use ranked::{Tensor, TensorView};

fn main() {
    let t: Tensor<f32, 3> = Tensor::zeros([2, 3, 4]);
    for plane in t.outer_iter() {
        let _p: TensorView<'_, f32, 3> = plane;
    }
}
