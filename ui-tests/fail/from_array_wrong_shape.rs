//! Rejected: a `static` view of 12 weights given the shape [3, 5] (15 elements).
use ranked::TensorView;

static WEIGHTS: [f32; 12] = [0.5; 12];
static W: TensorView<'static, f32, 2> = TensorView::from_array(&WEIGHTS, [3, 5]);

fn main() {
    let _ = W.shape();
}
