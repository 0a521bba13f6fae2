//! Rejected: `nonzero` of a rank-3 mask gives three index vectors, one per axis, not two.
use ranked::Tensor;

fn main() {
    let mask: Tensor<bool, 3> = Tensor::full([2, 2, 2], true);
    let [_rows, _cols] = mask.nonzero();
}
