//! Rejected: `s![]` with three axis items for a rank-2 tensor; every item other than `NewAxis`
//! stands for one axis.
use ranked::{Tensor, s};

fn main() {
    let t: Tensor<u8, 2> = Tensor::zeros([4, 5]);
    let _v = t.view().slice(s![.., 1..3, 0]);
}
