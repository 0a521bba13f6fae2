//! Rejected: `var` with an `i32` for its degrees of freedom (an integer `ddof` is a `usize`;
//! a float one is the element's float type).
use ranked::Tensor;

fn main() {
    let t: Tensor<f64, 1> = Tensor::zeros([5]);
    let removed: i32 = 1;
    let _v = t.var(removed);
}
