//! Rejected: `swap_axes(0, 1)` with plain integers; write `swap_axes(Axis::<0>, Axis::<1>)`.
use ranked::Tensor;

fn main() {
    let t: Tensor<f32, 2> = Tensor::zeros([2, 3]);
    let _s = t.swap_axes(0, 1);
}
