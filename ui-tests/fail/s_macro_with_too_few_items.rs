//! Rejected: `s![]` with one axis item for a rank-3 tensor; write `..` for axes kept whole.
use ranked::{NewAxis, Tensor, s};

fn main() {
    let t: Tensor<u8, 3> = Tensor::zeros([2, 3, 4]);
    let _v = t.view().slice(s![1.., NewAxis]);
}
