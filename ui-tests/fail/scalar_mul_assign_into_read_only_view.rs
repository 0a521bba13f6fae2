//! Rejected: `*=` by a scalar through a `TensorView`, which is read-only; scale the owner, or a
//! `view_mut()` of it.
use ranked::Tensor;

fn main() {
    let t: Tensor<f32, 2> = Tensor::zeros([2, 3]);
    let mut v = t.view();
    v *= 2.0;
}
