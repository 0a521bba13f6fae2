//! Rejected: `matmul_into` with a rank-0 tensor on the right, into fixed storage.
use ranked::{ArrayTensor, inline_tensor};

fn main() {
    let m = inline_tensor![[1.0f32, 2.0], [3.0, 4.0]];
    let s = inline_tensor![2.0f32];
    let s = s.view().squeeze(ranked::Axis::<0>).unwrap();
    let mut out: ArrayTensor<f32, 4, 2> = ArrayTensor::from_storage([0.0; 4], [2, 2]).unwrap();
    m.matmul_into(&s, &mut out).unwrap();
}
