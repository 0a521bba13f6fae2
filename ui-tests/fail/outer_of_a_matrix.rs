//! Rejected: `outer` of a matrix; `outer` takes two vectors.
use ranked::Tensor;

fn main() {
    let m: Tensor<f32, 2> = Tensor::zeros([2, 3]);
    let v: Tensor<f32, 1> = Tensor::zeros([3]);
    let _o = m.outer(&v);
}
