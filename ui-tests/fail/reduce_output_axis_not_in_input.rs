//! Rejected: an output axis of `reduce!` (`c`) that the input does not have.
use ranked::{Tensor, reduce};

fn main() {
    let t: Tensor<f32, 2> = Tensor::zeros([4, 6]);
    let _r = reduce!(&t, "a b -> a c", max);
}
