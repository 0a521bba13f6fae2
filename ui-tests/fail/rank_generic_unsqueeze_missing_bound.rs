//! Rejected: a rank-generic function that adds a leading axis without the where-clause
//! `Rank<R>: InsertAxis<Axis<0>, Out = Rank<O>>` (see `ui-tests/pass/rank_generic_fixes.rs`).
use ranked::{Axis, TensorView};

fn batch<const R: usize, const O: usize>(t: TensorView<'_, f32, R>) -> TensorView<'_, f32, O> {
    t.unsqueeze(Axis::<0>)
}

fn main() {
    let data = [1.0f32, 2.0];
    let t = TensorView::from_slice(&data, [2]).unwrap();
    let _b: TensorView<'_, f32, 2> = batch(t);
}
