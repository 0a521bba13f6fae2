//! Rejected: without the `alloc` feature, `einsum_into!` contracts one or two operands; a third
//! needs an intermediate result, which is allocated.
use ranked::{TensorView, TensorViewMut, einsum_into};

fn main() {
    let data = [1.0f32, 2.0, 3.0, 4.0];
    let a = TensorView::from_slice(&data, [2, 2]).unwrap();
    let mut room = [0.0f32; 4];
    let mut out = TensorViewMut::from_slice_mut(&mut room, [2, 2]).unwrap();
    let _ = einsum_into!(&mut out, "ij,jk,kl->il", a, a, a);
}
