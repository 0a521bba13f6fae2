//! `astype` against NumPy's `astype` (`tests/data/cast/expected.json`, written by
//! `make_expected.py` beside it) between the ten primitive number types, for every conversion
//! NumPy defines; the rule where NumPy leaves it undefined (out-of-range floats to integers
//! saturate, NaN → 0); `try_astype`'s refusals; `astype_into` with broadcasting.
//! `RANKED_CAST_EXPECTED` names another results file (CI points it at one NumPy has just
//! written).

use std::sync::OnceLock;

use ranked::{ErrorKind, Tensor, TensorView, tensor};
use serde_json::Value;

fn expected() -> &'static Value {
    static DATA: OnceLock<Value> = OnceLock::new();
    DATA.get_or_init(|| {
        let path = std::env::var("RANKED_CAST_EXPECTED").unwrap_or_else(|_| {
            concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/cast/expected.json").into()
        });
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
    })
}

/// A value of the fixture as type `T`: floats by their bits, integers as written.
trait FromJson: Sized {
    fn from_json(v: &Value, float: bool) -> Self;
}

macro_rules! from_json {
    ($($t:ty),*) => {$(
        impl FromJson for $t {
            fn from_json(v: &Value, float: bool) -> Self {
                if float {
                    f64::from_bits(v.as_u64().unwrap()) as $t
                } else if let Some(i) = v.as_i64() {
                    i as $t
                } else {
                    v.as_u64().unwrap() as $t
                }
            }
        }
    )*};
}
from_json!(i8, i16, i32, i64, u8, u16, u32, u64, f32, f64);

/// Bitwise equality for floats (NaN to NaN, -0.0 apart from 0.0), `==` otherwise.
trait Same {
    fn same(&self, other: &Self) -> bool;
}
macro_rules! same_int {
    ($($t:ty),*) => {$(impl Same for $t { fn same(&self, o: &Self) -> bool { self == o } })*};
}
same_int!(i8, i16, i32, i64, u8, u16, u32, u64);
impl Same for f32 {
    fn same(&self, o: &Self) -> bool {
        self.to_bits() == o.to_bits() || (self.is_nan() && o.is_nan())
    }
}
impl Same for f64 {
    fn same(&self, o: &Self) -> bool {
        self.to_bits() == o.to_bits() || (self.is_nan() && o.is_nan())
    }
}

fn check<A, B>(case: &Value) -> usize
where
    A: FromJson + Copy + num_traits::AsPrimitive<B>,
    B: FromJson + Copy + Same + std::fmt::Debug + 'static,
{
    let float = |k: &str| case[k].as_str().unwrap().starts_with('f');
    let input: Vec<A> = (case["input"].as_array().unwrap().iter())
        .map(|v| A::from_json(v, float("from")))
        .collect();
    let want: Vec<B> = (case["expected"].as_array().unwrap().iter())
        .map(|v| B::from_json(v, float("to")))
        .collect();
    let n = input.len();
    // Reversed, so the conversion runs over a negatively strided view.
    let reversed: Vec<A> = input.iter().rev().copied().collect();
    let view = TensorView::from_slice(&reversed, [n])
        .unwrap()
        .flip(ranked::Axis::<0>);
    let got = view.astype::<B>().to_vec();
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        assert!(
            g.same(w),
            "{} → {} element {i}: {g:?}, NumPy {w:?}",
            case["from"],
            case["to"]
        );
    }
    n
}

macro_rules! dispatch {
    ($case:expr, $from:expr, $to:expr; $($a:ident)*) => {
        match $from {
            $(stringify!($a) => dispatch!(@to $case, $to, $a; i8 i16 i32 i64 u8 u16 u32 u64 f32 f64),)*
            other => panic!("type {other}"),
        }
    };
    (@to $case:expr, $to:expr, $a:ident; $($b:ident)*) => {
        match $to {
            $(stringify!($b) => check::<$a, $b>($case),)*
            other => panic!("type {other}"),
        }
    };
}

#[test]
fn astype_matches_numpy_where_numpy_defines_it() {
    let mut checked = 0;
    for case in expected()["cases"].as_array().unwrap() {
        let (from, to) = (case["from"].as_str().unwrap(), case["to"].as_str().unwrap());
        checked += dispatch!(case, from, to; i8 i16 i32 i64 u8 u16 u32 u64 f32 f64);
    }
    assert!(checked >= 1000, "{checked} values");
}

#[test]
fn out_of_range_floats_saturate_and_nan_becomes_zero() {
    let x = tensor![
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
        1e300,
        -1e300,
        -0.9,
        255.9
    ];
    assert_eq!(x.astype::<u8>().to_vec(), [0, 255, 0, 255, 0, 0, 255]);
    assert_eq!(x.astype::<i8>().to_vec(), [0, 127, -128, 127, -128, 0, 127]);
    assert_eq!(x.astype::<f32>().to_vec()[3], f32::INFINITY); // beyond f32: ±∞
}

#[test]
fn try_astype_refuses_what_does_not_fit_and_names_the_element() {
    let x = tensor![[0.5f64, 1.5], [f64::NAN, 2.0]];
    let err = x.try_astype::<i32>().unwrap_err();
    assert_eq!((err.kind(), err.found()), (ErrorKind::NotRepresentable, 2));
    assert_eq!(
        err.to_string(),
        "element 2 (in row-major order) cannot be represented in the target type"
    );
    // Transposed: the row-major order is the view's.
    let err = x.view().t().try_astype::<i32>().unwrap_err();
    assert_eq!(err.found(), 1);
    assert_eq!(
        tensor![255i64, 0].try_astype::<u8>().unwrap().to_vec(),
        [255, 0]
    );
    assert!(tensor![256i64].try_astype::<u8>().is_err());
    assert!(tensor![-1i8].try_astype::<u64>().is_err());
    assert!(tensor![f64::INFINITY].try_astype::<i64>().is_err());
    assert_eq!(tensor![-2.9f32].try_astype::<i16>().unwrap().to_vec(), [-2]);
    let empty: Tensor<f64, 2> = Tensor::zeros([0, 3]);
    assert_eq!(empty.try_astype::<u8>().unwrap().shape(), &[0, 3]);
}

#[test]
fn astype_into_broadcasts_and_checks_the_shape() {
    let row = tensor![1.9f32, -1.9, 300.0];
    let mut out: Tensor<i16, 2> = Tensor::zeros([2, 3]);
    row.astype_into(&mut out).unwrap();
    assert_eq!(out.to_vec(), [1, -1, 300, 1, -1, 300]);
    let mut wrong: Tensor<i16, 2> = Tensor::zeros([2, 2]);
    let err = row.astype_into(&mut wrong).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::BroadcastMismatch);
    assert_eq!(wrong.to_vec(), [0; 4]);
}
