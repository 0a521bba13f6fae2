//! Rejected: a rank-3 tensor cannot be bound to a rank-2 type; the shape `[2, 3, 4]` fixes the
//! rank of `zeros` at 3.
use ranked::Tensor;

fn main() {
    let _t: Tensor<f32, 2> = Tensor::zeros([2, 3, 4]);
}
