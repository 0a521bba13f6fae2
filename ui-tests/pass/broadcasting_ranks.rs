//! Accepted: operators between tensors of different ranks; the result's rank is the larger one,
//! computed by the compiler.
use ranked::{Tensor, tensor};

fn main() {
    let a: Tensor<f32, 2> = Tensor::ones([2, 3]);
    let b: Tensor<f32, 3> = Tensor::ones([4, 1, 3]);
    let c: Tensor<f32, 3> = &a + &b;
    assert_eq!(c.shape(), &[4, 2, 3]);
    let d: Tensor<f32, 3> = &b * &a;
    assert_eq!(d.sum(), 24.0);
    let v: Tensor<f32, 1> = tensor![1.0, 2.0, 3.0];
    let mut m = a.clone();
    m += &v;
    assert_eq!(m.to_vec(), [2.0, 3.0, 4.0, 2.0, 3.0, 4.0]);
}
