//! Rejected: without the `alloc` feature, `to_vec` makes a `Vec`. The error names the feature and
//! the allocation-free ways to get the elements out.
use ranked::TensorView;

fn main() {
    let data = [1.0f32, 2.0, 3.0];
    let t = TensorView::from_slice(&data, [3]).unwrap();
    let _v = t.to_vec();
}
