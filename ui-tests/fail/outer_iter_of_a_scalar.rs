//! Rejected: `outer_iter` of a rank-0 tensor, which has no first axis to iterate along.
use ranked::Tensor;

fn main() {
    let t: Tensor<f32, 0> = Tensor::zeros([]);
    for _x in t.outer_iter() {}
}
