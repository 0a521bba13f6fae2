//! Rejected: an `s![]` whose `NewAxis` would lift a rank-16 tensor to rank 17.
use ranked::{NewAxis, Tensor, s};

fn main() {
    let t: Tensor<f32, 16> = Tensor::zeros([1; 16]);
    let _v = t
        .view()
        .slice(s![NewAxis, .., .., .., .., .., .., .., .., .., .., .., .., .., .., .., ..]);
}
