//! Rejected: `s![1, ..]` selects along axis 0 and keeps axis 1, so it turns a rank-2 tensor into
//! rank 1; binding the result to a rank-2 type does not compile.
use ranked::{Tensor, TensorView, s};

fn main() {
    let t: Tensor<u8, 2> = Tensor::zeros([4, 5]);
    let _v: TensorView<'_, u8, 2> = t.view().slice(s![1, ..]).unwrap();
}
