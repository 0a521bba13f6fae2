//! Rejected: `tensor_view!` in a `let`, six elements given the shape [2, 4] (eight elements).
//! `TensorView::from_array` would panic here at run time; the macro checks at compile time.
use ranked::tensor_view;

fn main() {
    let data = [1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0];
    let v = tensor_view!(&data, [2, 4]);
    println!("{v:?}");
}
