//! Rejected: axes are written `Axis::<N>`, not as plain numbers, for `argmax_axis` too.
use ranked::Tensor;

fn main() {
    let t: Tensor<f64, 2> = Tensor::zeros([2, 5]);
    let _i = t.argmax_axis(1);
}
