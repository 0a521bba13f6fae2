//! Float maths, comparisons and masks: every function against the scalar function on strided
//! views (negative strides, broadcast operands, empty tensors), NaN behaviour, and the in-place
//! forms on fixed-size storage.

use ranked::{Axis, ErrorKind, Tensor, TensorView, inline_tensor, tensor, where_};

fn strided() -> Tensor<f64, 2> {
    Tensor::from_fn([3, 4], |[i, j]| 0.1 + (i * 4 + j) as f64 / 16.0)
}

#[test]
fn unary_functions_match_the_scalar_ones_on_strided_views() {
    let t = strided();
    let v = t.view().flip(Axis::<1>).t(); // negative strides, transposed
    type F = fn(f64) -> f64;
    let cases: [(&str, Tensor<f64, 2>, F); 14] = [
        ("exp", v.exp(), f64::exp),
        ("ln", v.ln(), f64::ln),
        ("log2", v.log2(), f64::log2),
        ("log10", v.log10(), f64::log10),
        ("sqrt", v.sqrt(), f64::sqrt),
        ("cbrt", v.cbrt(), f64::cbrt),
        ("sin", v.sin(), f64::sin),
        ("cos", v.cos(), f64::cos),
        ("tanh", v.tanh(), f64::tanh),
        ("asin", v.asin(), f64::asin),
        ("acos", v.acos(), f64::acos),
        ("atan", v.atan(), f64::atan),
        ("round", v.mapv(|x| x * 10.0).round(), |x| {
            (x * 10.0).round()
        }),
        ("recip", v.recip(), f64::recip),
    ];
    for (name, got, f) in cases {
        assert_eq!(got.shape(), &[4, 3], "{name}");
        let expected: Vec<f64> = v.iter().map(|&x| f(x)).collect();
        assert_eq!(got.to_vec(), expected, "{name}");
    }
    assert_eq!(
        v.powi(3).to_vec(),
        v.iter().map(|x| x.powi(3)).collect::<Vec<_>>()
    );
    assert_eq!(
        v.powf(1.5).to_vec(),
        v.iter().map(|x| x.powf(1.5)).collect::<Vec<_>>()
    );
}

#[test]
fn in_place_forms_write_through_views() {
    let mut t = strided();
    let before = t.clone();
    t.view_mut().flip(Axis::<0>).sqrt_inplace();
    assert_eq!(
        t.to_vec(),
        before.iter().map(|x| x.sqrt()).collect::<Vec<_>>()
    );
    let mut a = inline_tensor![[1.0f32, -2.0], [3.5, -0.5]];
    a.abs_inplace();
    a.floor_inplace();
    assert_eq!(a.iter().copied().collect::<Vec<_>>(), [1.0, 2.0, 3.0, 0.0]);
    a.clamp_inplace(1.0, 2.0);
    assert_eq!(a.iter().copied().collect::<Vec<_>>(), [1.0, 2.0, 2.0, 1.0]);
    a.mapv_inplace(|x| x * 2.0);
    assert_eq!(a.iter().copied().collect::<Vec<_>>(), [2.0, 4.0, 4.0, 2.0]);
}

#[test]
fn nan_and_empty() {
    let t = tensor![f64::NAN, -0.0, f64::INFINITY];
    assert!(t.exp()[[0]].is_nan());
    assert_eq!(t.signum().to_vec()[1], -1.0);
    let e: Tensor<f32, 3> = Tensor::zeros([2, 0, 3]);
    assert_eq!(e.exp().shape(), &[2, 0, 3]);
    assert_eq!(e.gt(0.0).shape(), &[2, 0, 3]);
    assert!(e.gt(0.0).all() && !e.gt(0.0).any());
    assert_eq!(e.gt(0.0).count(), 0);
}

#[test]
fn clamp_follows_numpy_clip() {
    let t = tensor![1, 5, 9];
    assert_eq!(t.clamp(2, 6).to_vec(), [2, 5, 6]);
    // `low > high`: everything becomes `high`, as in NumPy.
    assert_eq!(t.clamp(7, 3).to_vec(), [3, 3, 3]);
}

#[test]
fn maximum_minimum_atan2_broadcast() {
    let a = tensor![[1.0, 5.0, f64::NAN], [4.0, 2.0, 0.0]];
    let b = tensor![3.0, f64::NAN, 1.0];
    let hi = a.maximum(&b).unwrap();
    let lo = a.minimum(&b).unwrap();
    assert_eq!(hi[[0, 0]], 3.0);
    assert!(hi[[0, 1]].is_nan() && hi[[0, 2]].is_nan() && lo[[0, 1]].is_nan());
    assert_eq!(
        (hi[[1, 0]], hi[[1, 2]], lo[[1, 0]], lo[[1, 2]]),
        (4.0, 1.0, 3.0, 0.0)
    );
    let err = a.maximum(&tensor![1.0, 2.0]).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::BroadcastMismatch);
    let y = tensor![[1.0], [-1.0]];
    let x = tensor![1.0, -1.0];
    let ang = y.atan2(&x).unwrap();
    assert_eq!(
        ang.to_vec(),
        [
            1f64.atan2(1.0),
            1f64.atan2(-1.0),
            (-1f64).atan2(1.0),
            (-1f64).atan2(-1.0)
        ]
    );
}

#[test]
fn comparisons_broadcast_and_take_scalars() {
    let t: Tensor<i32, 2> = Tensor::from_fn([2, 3], |[i, j]| (i * 3 + j) as i32);
    let col = tensor![[1], [4]];
    assert_eq!(
        t.gt(&col).unwrap().to_vec(),
        [false, false, true, false, false, true]
    );
    assert_eq!(t.le(2).to_vec(), [true, true, true, false, false, false]);
    assert_eq!(t.ne(&t).unwrap().count(), 0);
    assert!(t.eq(&t.view().flip(Axis::<0>)).unwrap().count() == 0);
    let f = tensor![1.0, f64::NAN];
    assert_eq!(f.eq(&f).unwrap().to_vec(), [true, false]);
    assert_eq!(f.ne(f64::NAN).to_vec(), [true, true]);
    let err = t.lt(&tensor![1, 2]).unwrap_err();
    assert_eq!(
        (err.kind(), err.axis()),
        (ErrorKind::BroadcastMismatch, Some(1))
    );
}

#[test]
fn where_broadcasts_three_ways() {
    let mask = tensor![true, false, true];
    let a = tensor![[1, 2, 3], [4, 5, 6]];
    let b = tensor![[0], [-1]];
    let w = where_(&mask, &a, &b).unwrap();
    assert_eq!(w.to_vec(), [1, 0, 3, 4, -1, 6]);
    // Reversed operand and a transposed one.
    let w = where_(&a.gt(3), a.view().flip(Axis::<1>), a.view().t().t()).unwrap();
    assert_eq!(w.to_vec(), [1, 2, 3, 6, 5, 4]);
    assert!(where_(&tensor![true, false], &a, &b).is_err());
    // Owned elements that are not `Copy`.
    let names = tensor![String::from("a"), String::from("b")];
    let blank = tensor![String::new()];
    assert_eq!(
        where_(&tensor![false, true], &names, &blank)
            .unwrap()
            .to_vec(),
        ["", "b"]
    );
}

#[test]
fn fill_where_and_mask_reductions_without_allocating() {
    let mut data = [1.0f32, f32::NAN, 3.0, f32::INFINITY];
    let mut v = ranked::TensorViewMut::from_slice_mut(&mut data, [2, 2]).unwrap();
    let mask_data = [false, true, false, true];
    let mask = TensorView::from_slice(&mask_data, [2, 2]).unwrap();
    v.fill_where(&mask, 0.0).unwrap();
    assert_eq!(data, [1.0, 0.0, 3.0, 0.0]);
    assert!(mask.any() && !mask.all() && mask.count() == 2);
    let mut a = inline_tensor![[1, 2], [3, 4]];
    let wrong = inline_tensor![true, false, true];
    let err = a.fill_where(&wrong, 0).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::BroadcastMismatch);
    assert_eq!(a.iter().copied().collect::<Vec<_>>(), [1, 2, 3, 4]);
}

#[test]
fn allclose_follows_numpy() {
    let a = tensor![1.0, 1e10, f64::NAN];
    assert!(!a.allclose(&a, 1e-5, 1e-8).unwrap()); // NaN is close to nothing
    let b = tensor![1.0 + 1e-9, 1.00001e10];
    let a2 = tensor![1.0, 1e10];
    assert!(a2.allclose(&b, 1e-5, 1e-8).unwrap());
    assert!(!a2.allclose(&b, 1e-7, 1e-8).unwrap());
    assert!(
        a2.allclose(&tensor![[1.0, 1e10], [1.0, 1e10]], 0.0, 0.0)
            .unwrap()
    );
    assert!(a2.allclose(&tensor![1.0, 2.0, 3.0], 0.0, 0.0).is_err());
    assert!(tensor![1.0, f64::INFINITY].is_finite().to_vec() == [true, false]);
}
