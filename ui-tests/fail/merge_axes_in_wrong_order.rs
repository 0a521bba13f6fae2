//! Rejected: `merge` takes the first and the last axis of the range to flatten, in that order;
//! `merge(Axis::<2>, Axis::<1>)` names an empty range.
use ranked::{Axis, Tensor};

fn main() {
    let t: Tensor<f32, 3> = Tensor::zeros([3, 4, 5]);
    let _m = t.merge(Axis::<2>, Axis::<1>);
}
