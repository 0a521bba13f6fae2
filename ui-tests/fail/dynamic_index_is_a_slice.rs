//! Rejected: a dynamic-rank tensor is indexed with a slice of run-time length, not a
//! fixed-size array; the number of indices is checked at run time (`get` returns `None`).
use ranked::DynTensorView;

fn main() {
    let data = [1, 2, 3, 4];
    let d = DynTensorView::from_slice(&data, &[2, 2]).unwrap();
    let _x = d[[1, 1]];
}
