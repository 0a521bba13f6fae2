//! Rejected: binding the result of `merge` over axes 0..=2 of a rank-4 tensor (rank 4 → 2) to a
//! rank-3 type.
use ranked::{Axis, Tensor};

fn main() {
    let t: Tensor<f32, 4> = Tensor::zeros([2, 3, 4, 5]);
    let _m: Tensor<f32, 3> = t.merge(Axis::<0>, Axis::<2>).unwrap();
}
