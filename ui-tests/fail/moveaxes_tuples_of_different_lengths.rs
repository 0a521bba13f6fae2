//! Rejected: `moveaxes` with two axes to move and one place to put them; as in NumPy, the
//! tuples name as many axes each.
use ranked::{Axis, Tensor};

fn main() {
    let t: Tensor<u8, 3> = Tensor::zeros([2, 3, 4]);
    let _m = t.moveaxes((Axis::<0>, Axis::<1>), (Axis::<2>,));
}
