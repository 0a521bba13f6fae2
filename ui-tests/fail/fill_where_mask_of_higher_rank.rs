//! Rejected: a mask broadcasts to the tensor it fills, so it cannot have a higher rank.
use ranked::Tensor;

fn main() {
    let mut t: Tensor<f32, 2> = Tensor::zeros([2, 3]);
    let mask: Tensor<bool, 3> = Tensor::full([1, 2, 3], true);
    let _ = t.fill_where(&mask, 1.0);
}
