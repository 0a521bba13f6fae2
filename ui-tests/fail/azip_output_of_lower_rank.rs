//! Rejected: `azip!` writing a rank-1 tensor from a rank-2 one.
use ranked::{Tensor, azip};

fn main() {
    let mut out: Tensor<f32, 1> = Tensor::zeros([3]);
    let m: Tensor<f32, 2> = Tensor::zeros([2, 3]);
    azip!((o in &mut out, &x in &m) *o += x);
}
