//! Rejected: without the `alloc` feature, `sum_axis` returns a new tensor of sums.
use ranked::{Axis, TensorView};

fn main() {
    let data = [1.0f32, 2.0, 3.0, 4.0];
    let t = TensorView::from_slice(&data, [2, 2]).unwrap();
    let _s = t.sum_axis(Axis::<0>);
}
