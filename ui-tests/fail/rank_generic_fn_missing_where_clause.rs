//! Rejected: a rank-generic function that squeezes without stating it may. The compiler cannot
//! know that a tensor of unknown rank `R` has an axis 0; the where-clause
//! `Rank<R>: RemoveAxis<Axis<0>, Out = Rank<O>>` says so (see `ui-tests/pass/rank_generic_code.rs`).
use ranked::{Axis, TensorView};

fn drop_first<const R: usize, const O: usize>(t: TensorView<'_, f32, R>) -> TensorView<'_, f32, O> {
    t.squeeze(Axis::<0>).unwrap()
}

fn main() {
    let data = [1.0f32, 2.0];
    let t = TensorView::from_slice(&data, [1, 2]).unwrap();
    let _v: TensorView<'_, f32, 1> = drop_first(t);
}
