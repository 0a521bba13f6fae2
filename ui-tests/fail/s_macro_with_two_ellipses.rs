//! Rejected: `s![]` with two `...`; as in NumPy, one `...` stands for all the axes the other
//! items leave, so a second one would be ambiguous.
use ranked::{Tensor, s};

fn main() {
    let t: Tensor<u8, 3> = Tensor::zeros([2, 4, 5]);
    let _v = t.view().slice(s![..., 0, ...]);
}
