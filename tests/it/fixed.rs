//! Fixed-point elements (feature `fixed`): the operations of the firmware subset on the `fixed`
//! crate's `I16F16`, without an allocator, against the same computation in `f64` (every value
//! below is exact in both: halves and quarters of small integers).
#![cfg(feature = "fixed")]

use ranked::fixed::types::I16F16;
use ranked::{ArrayTensor, Axis, ErrorKind, TensorView, TensorViewMut};

/// `0, 0.5, 1, …` as `I16F16` and as `f64`.
fn halves<const N: usize>() -> ([I16F16; N], [f64; N]) {
    (
        core::array::from_fn(|i| I16F16::from_num(i) / 2),
        core::array::from_fn(|i| i as f64 / 2.0),
    )
}

fn fx(x: f64) -> I16F16 {
    I16F16::from_num(x)
}

#[test]
fn reductions_of_fixed_point_numbers_match_f64() {
    let (d, f) = halves::<24>();
    let a = TensorView::from_slice(&d, [2, 3, 4]).unwrap();
    let af = TensorView::from_slice(&f, [2, 3, 4]).unwrap();
    assert_eq!(a.sum(), fx(af.sum()));
    assert_eq!(a.try_mean(), Ok(fx(af.try_mean().unwrap())));
    assert_eq!(a.try_max(), Ok(fx(af.try_max().unwrap())));
    assert_eq!(a.try_min(), Ok(fx(af.try_min().unwrap())));
    assert_eq!(a.try_argmax(), af.try_argmax());
    let small = a.narrow(Axis::<2>, 0, 2).unwrap();
    let small_f = af.narrow(Axis::<2>, 0, 2).unwrap();
    assert_eq!(small.product(), fx(small_f.product()));
    // Along an axis, into fixed storage.
    let mut out = ArrayTensor::<I16F16, 6, 2>::zeros([2, 3]).unwrap();
    let mut out_f = ArrayTensor::<f64, 6, 2>::zeros([2, 3]).unwrap();
    a.sum_axis_into(Axis::<2>, &mut out).unwrap();
    af.sum_axis_into(Axis::<2>, &mut out_f).unwrap();
    assert!(out.iter().zip(out_f.iter()).all(|(x, &y)| *x == fx(y)));
    a.mean_axis_into(Axis::<2>, &mut out).unwrap();
    af.mean_axis_into(Axis::<2>, &mut out_f).unwrap();
    assert!(out.iter().zip(out_f.iter()).all(|(x, &y)| *x == fx(y)));
    a.max_axis_into(Axis::<2>, &mut out).unwrap();
    af.max_axis_into(Axis::<2>, &mut out_f).unwrap();
    assert!(out.iter().zip(out_f.iter()).all(|(x, &y)| *x == fx(y)));
    let empty = a.narrow(Axis::<1>, 0, 0).unwrap();
    assert_eq!(empty.try_max().unwrap_err().kind(), ErrorKind::Empty);
    assert_eq!(empty.sum(), I16F16::ZERO);
}

#[test]
fn products_and_writes_of_fixed_point_numbers_match_f64() {
    let (d, f) = halves::<12>();
    let a = TensorView::from_slice(&d, [3, 4]).unwrap();
    let af = TensorView::from_slice(&f, [3, 4]).unwrap();
    // Matrix · matrix (with a transposed operand) and matrix · vector, into fixed storage.
    let mut c = ArrayTensor::<I16F16, 9, 2>::zeros([3, 3]).unwrap();
    let mut cf = ArrayTensor::<f64, 9, 2>::zeros([3, 3]).unwrap();
    a.matmul_into(&a.t(), &mut c).unwrap();
    af.matmul_into(&af.t(), &mut cf).unwrap();
    assert!(c.iter().zip(cf.iter()).all(|(x, &y)| *x == fx(y)));
    let column = a.select(Axis::<1>, 1).unwrap();
    let mut y = ArrayTensor::<I16F16, 4, 1>::zeros([4]).unwrap();
    let mut yf = ArrayTensor::<f64, 4, 1>::zeros([4]).unwrap();
    a.t().matmul_into(&column, &mut y).unwrap();
    af.t()
        .matmul_into(&af.select(Axis::<1>, 1).unwrap(), &mut yf)
        .unwrap();
    assert!(y.iter().zip(yf.iter()).all(|(x, &y)| *x == fx(y)));
    assert_eq!(
        a.matmul_into(&a, &mut c).unwrap_err().kind(),
        ErrorKind::SizeMismatch
    );
    // Element-wise maths in place, clipping, comparisons into a `bool` mask, sorting.
    let mut m = d;
    let mut v = TensorViewMut::from_slice_mut(&mut m, [3, 4]).unwrap();
    v.map_inplace(|x| *x = *x * 3 - fx(2.0));
    v.clamp_inplace(fx(0.0), fx(10.0));
    let want = f.map(|x| (x * 3.0 - 2.0).clamp(0.0, 10.0));
    assert!(v.iter().zip(&want).all(|(x, &y)| *x == fx(y)));
    let mut mask = ArrayTensor::<bool, 12, 2>::full([3, 4], false).unwrap();
    mask.try_assign_zip(&v, &a, |x, y| x > y).unwrap();
    let mask_f: Vec<bool> = want.iter().zip(&f).map(|(x, y)| x > y).collect();
    assert_eq!(mask.iter().copied().collect::<Vec<_>>(), mask_f);
    v.view_mut()
        .flip(Axis::<1>)
        .sort_unstable_axis_inplace(Axis::<1>);
    for row in v.outer_iter() {
        let row: Vec<I16F16> = row.iter().copied().collect();
        assert!(row.windows(2).all(|w| w[0] >= w[1]), "{row:?}");
    }
}
