//! Accepted: the everyday API compiles and behaves — construction, indexing, views, iteration,
//! conversions — for owned, borrowed and array storage.
use ranked::{inline_tensor, tensor, ArrayTensor, Tensor, TensorView};

fn total<const R: usize>(t: TensorView<'_, i32, R>) -> i32 {
    t.iter().sum()
}

fn main() {
    let mut t: Tensor<i32, 2> = tensor![[1, 2], [3, 4]];
    t[[0, 0]] = 10;
    assert_eq!(total(t.view()), 19);
    let a: ArrayTensor<i32, 4, 2> = inline_tensor![[1, 2], [3, 4]];
    assert_eq!(total(a.view()), 10);
    let scalar: Tensor<i32, 0> = Tensor::full([], 5);
    assert_eq!(scalar[[]], 5);
    assert_eq!(t.into_vec(), vec![10, 2, 3, 4]);
}
