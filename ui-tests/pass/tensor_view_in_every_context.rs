//! `tensor_view!` in a `static`, a `const` and a `let`, of rank 0 to 3.
use ranked::{TensorView, tensor_view};

static WEIGHTS: [f32; 12] = [0.5; 12];
static W: TensorView<'static, f32, 2> = tensor_view!(&WEIGHTS, [3, 4]);
const ROWS: usize = 2;
const C: TensorView<'static, i32, 3> = tensor_view!(&[1, 2, 3, 4, 5, 6], [ROWS, 3, 1]);

fn main() {
    let data = [1u8, 2, 3, 4, 5, 6];
    let v = tensor_view!(&data, [2, 3]);
    let s: TensorView<'_, f64, 0> = tensor_view!(&[7.0], []);
    let e: TensorView<'_, f64, 2> = tensor_view!(&[], [0, 5]);
    assert_eq!((W.shape(), C.shape(), v.shape()), (&[3, 4], &[2, 3, 1], &[2, 3]));
    assert_eq!((v[[1, 2]], C[[1, 0, 0]], s[[]]), (6, 4, 7.0));
    assert_eq!(e.len(), 0);
}
