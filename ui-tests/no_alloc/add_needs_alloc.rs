//! Rejected: without the `alloc` feature, `&a + &b` makes a new tensor; `+=` into existing
//! storage works without an allocator.
use ranked::TensorView;

fn main() {
    let data = [1.0f32, 2.0, 3.0];
    let a = TensorView::from_slice(&data, [3]).unwrap();
    let _c = &a + &a;
}
