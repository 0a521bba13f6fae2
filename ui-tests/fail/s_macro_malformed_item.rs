//! Rejected: an `s![]` item that is neither a range, an index nor `NewAxis` (two tokens without
//! a comma between them). The error lists what an item can be.
use ranked::{Tensor, s};

fn main() {
    let t: Tensor<u8, 2> = Tensor::zeros([4, 5]);
    let _v = t.view().slice(s![1 2, ..]);
}
