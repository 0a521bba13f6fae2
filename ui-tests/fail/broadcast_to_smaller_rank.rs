//! Rejected: broadcasting a rank-3 tensor to rank 2; broadcasting adds axes, never removes them.
use ranked::Tensor;

fn main() {
    let t: Tensor<u8, 3> = Tensor::zeros([3, 1, 4]);
    let _b = t.view().broadcast_to([3, 4]);
}
