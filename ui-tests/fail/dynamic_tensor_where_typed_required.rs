//! Rejected: a function that takes a rank-2 `TensorView` cannot be given a dynamic-rank tensor;
//! its rank is a run-time value. The checked conversion `try_into_rank::<2>()` brings the rank
//! back into the type (see `ui-tests/pass/dynamic_to_typed.rs`).
use ranked::{DynTensorView, TensorView};

fn trace(m: TensorView<'_, f64, 2>) -> f64 {
    m.view().diagonal(0, ranked::Axis::<0>, ranked::Axis::<1>).iter().sum()
}

fn main() {
    let data = [1.0, 2.0, 3.0, 4.0];
    let d = DynTensorView::from_slice(&data, &[2, 2]).unwrap();
    let _t = trace(d);
}
