//! Rejected: a tensor of rank 17. Ranks 0 to 16 are supported; a larger rank is refused where
//! the tensor is built, not later by an unrelated operation. (This error comes from `cargo
//! build`, as it is found when the code is compiled for rank 17.)
use ranked::Tensor;

fn main() {
    let a: Tensor<f32, 17> = Tensor::zeros([1; 17]);
    println!("{}", a.len());
}
