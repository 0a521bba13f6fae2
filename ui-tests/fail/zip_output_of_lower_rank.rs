//! Rejected: a zip that writes a rank-1 tensor and reads a rank-2 one; the output would have to
//! be broadcast, which a written tensor never is (ndarray rejects the same at compile time).
use ranked::{Tensor, Zip};

fn main() {
    let mut out: Tensor<f32, 1> = Tensor::zeros([3]);
    let m: Tensor<f32, 2> = Tensor::zeros([2, 3]);
    let _ = Zip::from_mut(&mut out).and(&m);
}
