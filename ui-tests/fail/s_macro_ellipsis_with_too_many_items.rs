//! Rejected: `s![]` with `...` and three axis items for a rank-2 tensor; `...` may stand for
//! no axes, never for fewer than none.
use ranked::{Tensor, s};

fn main() {
    let t: Tensor<u8, 2> = Tensor::zeros([4, 5]);
    let _v = t.view().slice(s![0, ..., 1..3, 0]);
}
