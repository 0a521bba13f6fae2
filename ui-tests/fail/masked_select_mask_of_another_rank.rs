//! Rejected: `a[mask]` needs a mask of the tensor's own shape, so of its rank; a mask along
//! one axis is `compress`.
use ranked::Tensor;

fn main() {
    let t: Tensor<f32, 2> = Tensor::zeros([2, 3]);
    let mask: Tensor<bool, 1> = Tensor::full([3], true);
    let _ = t.masked_select(&mask);
}
