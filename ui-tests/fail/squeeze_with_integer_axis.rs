//! Rejected: an axis written as a plain integer, the PyTorch and ndarray habit. Axes are
//! `Axis::<N>` values, so that the compiler can check them against the rank.
use ranked::Tensor;

fn main() {
    let t: Tensor<f32, 3> = Tensor::zeros([2, 1, 3]);
    let _s = t.squeeze(1);
}
