//! Rejected: without the `alloc` feature, `sort_axis` returns a new tensor;
//! `sort_unstable_axis_inplace` sorts where the data lies.
use ranked::{Axis, TensorViewMut};

fn main() {
    let mut data = [3.0f32, 1.0, 2.0];
    let v = TensorViewMut::from_slice_mut(&mut data, [3]).unwrap();
    let _ = v.sort_axis(Axis::<0>);
}
