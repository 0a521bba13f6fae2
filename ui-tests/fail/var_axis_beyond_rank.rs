//! Rejected: `var_axis` along axis 1 of a vector.
use ranked::Tensor;

fn main() {
    let t: Tensor<f64, 1> = Tensor::zeros([5]);
    let _v = t.var_axis(ranked::Axis::<1>, 1);
}
