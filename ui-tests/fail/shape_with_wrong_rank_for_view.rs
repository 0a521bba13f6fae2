//! Rejected: the shape given to `from_slice` fixes the view's rank; binding it to a rank-1 view
//! type does not compile.
use ranked::TensorView;

fn main() {
    let data = [1, 2, 3, 4];
    let _v: TensorView<'_, i32, 1> = TensorView::from_slice(&data, [2, 2]).unwrap();
}
