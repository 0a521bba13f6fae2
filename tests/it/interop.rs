//! The optional bridges: `serde` round trips over every layout and malformed input that must be
//! an error (never a panic); `approx` comparisons across layouts and shapes.
#![cfg(all(feature = "serde", feature = "approx"))]

use approx::{abs_diff_eq, assert_relative_eq, assert_ulps_eq, relative_eq, ulps_eq};
use ranked::{Axis, Tensor, TensorView, s, tensor};

fn sample() -> Tensor<f64, 3> {
    Tensor::from_fn([2, 3, 4], |[i, j, k]| {
        (i * 12 + j * 4 + k) as f64 * 0.5 - 3.0
    })
}

#[test]
fn serde_round_trips_through_every_layout() {
    let t = sample();
    let views = [
        t.view(),
        t.view().permute([2, 0, 1]).unwrap(),
        t.view().flip(Axis::<1>),
        t.view().slice(s![.., 1.., ..;2]).unwrap(),
        t.view().slice(s![.., 3.., ..]).unwrap(), // empty
        t.view()
            .slice(s![1.., ..1, ..])
            .unwrap()
            .broadcast_to([2, 3, 4])
            .unwrap(),
    ];
    for v in views {
        let json = serde_json::to_string(&v).unwrap();
        let back: Tensor<f64, 3> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, v, "{json}");
        assert!(back.layout().is_c_contiguous());
    }
    // The form: shape, then data in logical order.
    let m = tensor![[1u8, 2], [3, 4]];
    assert_eq!(
        serde_json::to_string(&m.view().t()).unwrap(),
        r#"{"shape":[2,2],"data":[1,3,2,4]}"#
    );
    // A two-element sequence is accepted too (the form of non-self-describing formats).
    let back: Tensor<u8, 2> = serde_json::from_str("[[2,2],[1,3,2,4]]").unwrap();
    assert_eq!(back, m.view().t());
    let scalar: Tensor<i32, 0> = serde_json::from_str(r#"{"shape":[],"data":[7]}"#).unwrap();
    assert_eq!(scalar[[]], 7);
}

#[test]
fn serde_rejects_malformed_input_without_panicking() {
    let bad = [
        r#"{"shape":[2,2],"data":[1,2,3]}"#,               // too short
        r#"{"shape":[2,2],"data":[1,2,3,4,5]}"#,           // too long
        r#"{"shape":[4],"data":[1,2,3,4]}"#,               // wrong rank
        r#"{"shape":[2,2,1],"data":[1,2,3,4]}"#,           // wrong rank
        r#"{"shape":[-2,2],"data":[]}"#,                   // negative size
        r#"{"shape":[2.5,2],"data":[]}"#,                  // not an integer
        r#"{"shape":[18446744073709551615,2],"data":[]}"#, // overflowing product
        r#"{"shape":[4294967296,4294967296],"data":[1]}"#,
        r#"{"shape":[2,2]}"#,    // missing data
        r#"{"data":[1,2,3,4]}"#, // missing shape
        r#"{"shape":[2,2],"shape":[2,2],"data":[1,2,3,4]}"#,
        r#"{"shape":[2,2],"data":[1,2,3,"x"]}"#,
        r#"{"shape":[2,2],"data":[1,2,3,4],"strides":[2,1]}"#,
        r#"[[2,2]]"#,
        r#"17"#,
    ];
    for json in bad {
        let result = serde_json::from_str::<Tensor<i64, 2>>(json);
        assert!(result.is_err(), "{json} was accepted");
    }
    let err = serde_json::from_str::<Tensor<i64, 2>>(r#"{"shape":[2,2],"data":[1,2,3]}"#)
        .unwrap_err()
        .to_string();
    assert!(err.contains('4') && err.contains('3'), "{err}");
    // A huge size beside a size of 0 has no elements: a valid empty tensor.
    let empty: Tensor<i64, 2> =
        serde_json::from_str(r#"{"shape":[9223372036854775807,0],"data":[]}"#).unwrap();
    assert_eq!(empty.shape(), &[9_223_372_036_854_775_807, 0]);
}

#[test]
fn approx_compares_elements_in_logical_order() {
    let t = sample();
    let nudged = t.map(|x| x + 1e-13);
    assert_relative_eq!(t, nudged, epsilon = 1e-12);
    assert!(!relative_eq!(t, nudged)); // beyond the default epsilon at 0.0
    // One unit in the last place away, element by element.
    let next = t.map(|x| f64::from_bits(x.to_bits() + 1));
    assert_ulps_eq!(
        t.view().flip(Axis::<2>),
        next.view().flip(Axis::<2>),
        max_ulps = 1
    );
    assert!(!ulps_eq!(t, next, max_ulps = 0));
    // Across layouts: a transposed copy compared through a transposed view.
    let tt = t.view().permute([2, 1, 0]).unwrap().to_contiguous();
    assert!(abs_diff_eq!(
        tt.view().permute([2, 1, 0]).unwrap(),
        t,
        epsilon = 0.0
    ));
    // Different values, different shapes: unequal.
    assert!(!relative_eq!(t, t.map(|x| x * 1.001)));
    let short = t.view().narrow(Axis::<2>, 0, 3).unwrap();
    assert!(!abs_diff_eq!(short, t.view(), epsilon = 100.0));
    assert!(!ulps_eq!(t.view(), short));
    // NaN is never approximately equal.
    let data = [f64::NAN];
    let nan = TensorView::from_slice(&data, [1]).unwrap();
    assert!(!relative_eq!(nan, nan));
}
