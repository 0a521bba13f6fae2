//! Rejected: `unfold` appends a window axis, so on a rank-16 tensor it would make rank 17.
use ranked::{Axis, Tensor};

fn main() {
    let t: Tensor<f32, 16> = Tensor::zeros([1; 16]);
    let _w = t.view().unfold(Axis::<0>, 1, 1);
}
