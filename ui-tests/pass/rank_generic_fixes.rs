//! Accepted: the fixed forms of the rejected rank-generic functions in `ui-tests/fail/`
//! (`rank_generic_*_missing_bound.rs`): each states the rule it uses in a where-clause, exactly
//! as the error message suggests.
use ranked::{Axis, BroadcastRanks, InsertAxis, Rank, RemoveAxis, Tensor, TensorView};

/// `a + b` for two tensors of one rank R: the sum has rank R.
fn add<const R: usize>(a: &Tensor<f32, R>, b: &Tensor<f32, R>) -> Tensor<f32, R>
where
    Rank<R>: BroadcastRanks<R, Out = Rank<R>>,
{
    a + b
}

/// `a * b` for any two ranks: the product has the larger one.
fn mul<const R: usize, const R2: usize, const O: usize>(
    a: &Tensor<f32, R>,
    b: &Tensor<f32, R2>,
) -> Tensor<f32, O>
where
    Rank<R>: BroadcastRanks<R2, Out = Rank<O>>,
{
    a * b
}

fn batch<const R: usize, const O: usize>(t: TensorView<'_, f32, R>) -> TensorView<'_, f32, O>
where
    Rank<R>: InsertAxis<Axis<0>, Out = Rank<O>>,
{
    t.unsqueeze(Axis::<0>)
}

fn row_sums<const R: usize, const O: usize>(t: &Tensor<f32, R>) -> Tensor<f32, O>
where
    Rank<R>: RemoveAxis<Axis<1>, Out = Rank<O>>,
{
    t.sum_axis(Axis::<1>)
}

fn main() {
    let a = Tensor::from_fn([2, 3], |[i, j]| (3 * i + j) as f32);
    assert_eq!(add(&a, &a).to_vec(), [0.0, 2.0, 4.0, 6.0, 8.0, 10.0]);
    let row = Tensor::from_fn([3], |[j]| j as f32);
    let p: Tensor<f32, 2> = mul(&a, &row);
    assert_eq!(p.to_vec(), [0.0, 1.0, 4.0, 0.0, 4.0, 10.0]);
    let b: TensorView<'_, f32, 3> = batch(a.view());
    assert_eq!(b.shape(), &[1, 2, 3]);
    let s: Tensor<f32, 1> = row_sums(&a);
    assert_eq!(s.to_vec(), [3.0, 12.0]);
}
