//! Rejected: `where_` of a rank-2 condition and rank-1 values is rank 2, not rank 1.
use ranked::{Tensor, tensor, where_};

fn main() {
    let mask: Tensor<bool, 2> = Tensor::full([2, 3], true);
    let _w: Tensor<i32, 1> = where_(&mask, &tensor![1, 2, 3], &tensor![0]).unwrap();
}
