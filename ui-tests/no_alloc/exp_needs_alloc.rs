//! Rejected: without the `alloc` feature, `exp` returns a new tensor; `exp_inplace` does not
//! allocate.
use ranked::TensorView;

fn main() {
    let data = [1.0f32, 2.0, 3.0, 4.0];
    let t = TensorView::from_slice(&data, [2, 2]).unwrap();
    let _e = t.exp();
}
