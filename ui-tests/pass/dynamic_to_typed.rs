//! Accepted: a reshape whose rank is known only at run time gives a dynamic-rank tensor, and the
//! checked conversion `try_into_rank` brings the rank back into the type.
use ranked::{Axis, DynTensorView, Tensor, TensorView};

fn trace(m: TensorView<'_, f64, 2>) -> f64 {
    m.diagonal(0, Axis::<0>, Axis::<1>).iter().sum()
}

fn main() {
    let t: Tensor<f64, 1> = Tensor::from_fn([4], |[i]| i as f64);
    let side = 2; // known at run time
    let d: DynTensorView<'_, f64> = t.view().reshape_dyn(&[side, side]).unwrap();
    assert!(d.try_into_rank::<3>().is_err());
    let m: TensorView<'_, f64, 2> = d.try_into_rank().unwrap();
    assert_eq!(trace(m), 3.0);
}
