//! Rejected: Python's `start:stop:step` inside `s![]`. Items are Rust ranges with an optional
//! `;step`, so `0:10:2` is written `0..10;2`; the error says so instead of hitting the macro
//! recursion limit.
use ranked::{Tensor, s};

fn main() {
    let t: Tensor<u8, 1> = Tensor::zeros([20]);
    let _v = t.view().slice(s![0:10:2]);
}
