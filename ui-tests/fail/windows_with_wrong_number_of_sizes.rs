//! Rejected: `windows` takes one window size per axis.
use ranked::Tensor;

fn main() {
    let t: Tensor<f32, 2> = Tensor::zeros([4, 4]);
    let _n = t.windows([2]).len();
}
