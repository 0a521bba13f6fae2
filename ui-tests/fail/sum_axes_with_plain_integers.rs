//! Rejected: `sum_axes((0, 2))`, NumPy's spelling; the axes of a tuple are written `Axis::<N>`
//! so that the compiler can check them and compute the result's rank.
use ranked::Tensor;

fn main() {
    let t: Tensor<f32, 3> = Tensor::zeros([2, 3, 4]);
    let _s = t.sum_axes((0, 2));
}
