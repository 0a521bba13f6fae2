//! Rejected: `get` on a rank-3 tensor takes exactly three indices (`[usize; 3]`).
use ranked::Tensor;

fn main() {
    let t: Tensor<i32, 3> = Tensor::zeros([2, 2, 2]);
    let _x = t.get([1, 1]);
}
