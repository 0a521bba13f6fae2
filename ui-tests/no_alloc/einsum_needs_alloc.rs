//! Rejected: without the `alloc` feature, `einsum!` returns a new tensor (`einsum_into!` writes
//! one or two operands into storage of your own).
use ranked::{TensorView, einsum};

fn main() {
    let data = [1.0f32, 2.0, 3.0, 4.0];
    let a = TensorView::from_slice(&data, [2, 2]).unwrap();
    let _t = einsum!("ij->ji", a);
}
