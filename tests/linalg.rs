//! Matrix products against a naive triple loop: every stride sign and transposition, broadcast
//! (stride-0) operands, empty and 1×1 shapes, `f32`, `f64`, `i32` and a user numeric type;
//! `gemm`'s α and β; errors that name the operand.

mod common;

use std::ops::{Add, Mul};

use common::{Spec, spec_for};
use num_traits::{One, Zero};
use proptest::prelude::*;
use ranked::linalg::{LinalgScalar, gemm};
use ranked::{Axis, ErrorKind, Layout, Tensor, TensorView, TensorViewMut, tensor};

/// `α·a·b + β·c`, the slow, obvious way.
fn naive<T: LinalgScalar>(alpha: T, a: &[Vec<T>], b: &[Vec<T>], beta: T, c: &[Vec<T>]) -> Vec<T> {
    let (m, k, n) = (a.len(), b.len(), c.first().map_or(0, Vec::len));
    let mut out = Vec::new();
    for i in 0..m {
        for j in 0..n {
            let mut s = T::zero();
            for kk in 0..k {
                s = s + a[i][kk] * b[kk][j];
            }
            let old = if beta == T::zero() {
                T::zero()
            } else {
                beta * c[i][j]
            };
            out.push(alpha * s + old);
        }
    }
    out
}

fn rows<T: Copy, S: ranked::storage::Storage<Elem = T>>(
    t: &ranked::TensorBase<S, 2>,
) -> Vec<Vec<T>> {
    t.outer_iter().map(|r| r.to_vec()).collect()
}

/// A number modulo 7: a user type with no `matrixmultiply` kernel.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Mod7(u8);
impl Add for Mod7 {
    type Output = Self;
    fn add(self, o: Self) -> Self {
        Mod7((self.0 + o.0) % 7)
    }
}
impl Mul for Mod7 {
    type Output = Self;
    fn mul(self, o: Self) -> Self {
        Mod7((self.0 * o.0) % 7)
    }
}
impl Zero for Mod7 {
    fn zero() -> Self {
        Mod7(0)
    }
    fn is_zero(&self) -> bool {
        self.0 == 0
    }
}
impl One for Mod7 {
    fn one() -> Self {
        Mod7(1)
    }
}

fn check_all<T: LinalgScalar + std::fmt::Debug>(make: impl Fn(usize) -> T) {
    let shapes: &[(usize, usize, usize)] = if cfg!(miri) {
        &[(0, 3, 2), (2, 0, 3), (1, 1, 1), (3, 4, 5)]
    } else {
        &[
            (0, 3, 2),
            (2, 0, 3),
            (3, 2, 0),
            (1, 1, 1),
            (3, 4, 5),
            (7, 9, 6),
            (33, 17, 40),
        ]
    };
    for &(m, k, n) in shapes {
        let a: Tensor<T, 2> = Tensor::from_fn([m, k], |[i, j]| make(i * 7 + j * 3 + 1));
        let b: Tensor<T, 2> = Tensor::from_fn([k, n], |[i, j]| make(i * 5 + j * 2 + 2));
        let at: Tensor<T, 2> = a.view().t().to_contiguous(); // k × m, so `at.t()` is a
        let bt: Tensor<T, 2> = b.view().t().to_contiguous();
        for a_view in [a.view(), at.view().t(), a.view().flip(Axis::<0>)] {
            for b_view in [b.view(), bt.view().t(), b.view().flip(Axis::<1>)] {
                let expected = naive(
                    T::one(),
                    &rows(&a_view),
                    &rows(&b_view),
                    T::zero(),
                    &vec![vec![T::zero(); n]; m],
                );
                let got = a_view.matmul(&b_view).unwrap();
                assert_eq!(got.to_vec(), expected, "{m}×{k}×{n}");
                // Into a transposed (column-major) output.
                let mut c: Tensor<T, 2> = Tensor::zeros([n, m]);
                a_view.matmul_into(&b_view, &mut c.view_mut().t()).unwrap();
                assert_eq!(c.view().t().to_vec(), expected);
            }
        }
    }
}

#[test]
fn f32_f64_i32_and_a_user_type_against_the_naive_product() {
    check_all(|x| x as f32 * 0.25);
    check_all(|x| x as f64 * 0.5 - 3.0);
    check_all(|x| x as i32 - 20);
    check_all(|x| Mod7((x % 7) as u8));
}

#[test]
fn broadcast_operands_multiply_without_a_copy() {
    let row = tensor![1.0f32, 2.0, 3.0];
    let a = row.view().broadcast_to([4, 3]).unwrap(); // stride 0 along the rows
    let b: Tensor<f32, 2> = Tensor::from_fn([3, 2], |[i, j]| (i + j) as f32);
    let expected = naive(1.0, &rows(&a), &rows(&b), 0.0, &vec![vec![0.0; 2]; 4]);
    assert_eq!(a.matmul(&b).unwrap().to_vec(), expected);
    let col = tensor![2.0f64];
    let ones = col.view().broadcast_to([3, 3]).unwrap(); // stride 0 on both axes
    let i: Tensor<f64, 2> = Tensor::eye(3);
    assert_eq!(ones.matmul(&i).unwrap().to_vec(), vec![2.0; 9]);
}

#[test]
fn gemm_alpha_beta_and_nan_in_the_output() {
    let a = tensor![[1.0, 2.0], [3.0, 4.0]];
    let b = tensor![[0.5, 0.0], [0.0, 0.5]];
    let mut c = tensor![[f64::NAN, 1.0], [1.0, f64::NAN]];
    // β = 0: the old values (NaN) are not read.
    gemm(2.0, &a, &b, 0.0, &mut c).unwrap();
    assert_eq!(c.to_vec(), [1.0, 2.0, 3.0, 4.0]);
    gemm(1.0, &a, &b, -1.0, &mut c).unwrap();
    assert_eq!(c.to_vec(), [-0.5, -1.0, -1.5, -2.0]);
    let mut ci = tensor![[1, 1], [1, 1]];
    gemm(
        3,
        &tensor![[1, 0], [0, 1]],
        &tensor![[1, 2], [3, 4]],
        10,
        &mut ci,
    )
    .unwrap();
    assert_eq!(ci.to_vec(), [13, 16, 19, 22]);
    // k = 0: c ← β·c.
    let empty: Tensor<f32, 2> = Tensor::zeros([2, 0]);
    let empty_b: Tensor<f32, 2> = Tensor::zeros([0, 2]);
    let mut c2 = tensor![[1.0f32, 2.0], [3.0, 4.0]];
    gemm(1.0, &empty, &empty_b, 2.0, &mut c2).unwrap();
    assert_eq!(c2.to_vec(), [2.0, 4.0, 6.0, 8.0]);
}

#[test]
fn shape_errors_name_the_operand_and_leave_the_output() {
    let a: Tensor<f32, 2> = Tensor::ones([2, 3]);
    let b: Tensor<f32, 2> = Tensor::ones([3, 4]);
    let mut c: Tensor<f32, 2> = Tensor::full([2, 5], 7.0);
    let err = a.matmul_into(&b, &mut c).unwrap_err();
    assert_eq!(
        (
            err.kind(),
            err.operand(),
            err.axis(),
            err.expected(),
            err.found()
        ),
        (ErrorKind::SizeMismatch, Some(2), Some(1), 4, 5)
    );
    assert!(c.iter().all(|&x| x == 7.0));
    let err = a.matmul_into(&a, &mut c).unwrap_err();
    assert_eq!(
        (err.operand(), err.axis(), err.expected(), err.found()),
        (Some(1), Some(0), 3, 2)
    );
    let mut c3: Tensor<f32, 2> = Tensor::zeros([3, 4]);
    let err = a.matmul_into(&b, &mut c3).unwrap_err();
    assert_eq!((err.operand(), err.axis()), (Some(2), Some(0)));
    assert_eq!(a.matmul(&a).unwrap_err().kind(), ErrorKind::SizeMismatch);
}

fn view_of<'a, T>(s: &Spec, data: &'a [T]) -> TensorView<'a, T, 2> {
    let shape: [usize; 2] = s.shape.clone().try_into().unwrap();
    let strides: [isize; 2] = s.strides().try_into().unwrap();
    TensorView::from_raw_parts(data, Layout::from_parts(shape, strides, s.offset)).unwrap()
}

fn product_specs() -> impl Strategy<Value = (Spec, Spec, Spec)> {
    (0usize..6, 0usize..6, 0usize..6).prop_flat_map(|(m, k, n)| {
        (
            spec_for(vec![m, k]),
            spec_for(vec![k, n]),
            spec_for(vec![m, n]),
        )
    })
}

fn cases() -> u32 {
    if cfg!(miri) { 4 } else { 256 }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

    /// `gemm` on random strided layouts (any axis order, gaps, negative strides, size-0 axes)
    /// for `f64` (the `matrixmultiply` path) and `i64` (the generic kernel).
    #[test]
    fn gemm_on_random_layouts((sa, sb, sc) in product_specs(), alpha in -3i64..3, beta in -2i64..2) {
        let da: Vec<f64> = (0..sa.len).map(|x| x as f64 - 4.0).collect();
        let db: Vec<f64> = (0..sb.len).map(|x| (x % 5) as f64).collect();
        let mut dc: Vec<f64> = (0..sc.len).map(|x| x as f64 * 0.5).collect();
        let (a, b) = (view_of(&sa, &da), view_of(&sb, &db));
        let expected = {
            let c = view_of(&sc, &dc);
            naive(alpha as f64, &rows(&a), &rows(&b), beta as f64, &rows(&c))
        };
        let shape: [usize; 2] = sc.shape.clone().try_into().unwrap();
        let strides: [isize; 2] = sc.strides().try_into().unwrap();
        let mut c = TensorViewMut::from_raw_parts(&mut dc[..], Layout::from_parts(shape, strides, sc.offset)).unwrap();
        gemm(alpha as f64, &a, &b, beta as f64, &mut c).unwrap();
        prop_assert_eq!(c.to_vec(), expected);

        let ia: Vec<i64> = da.iter().map(|&x| x as i64).collect();
        let ib: Vec<i64> = db.iter().map(|&x| x as i64).collect();
        let mut ic: Vec<i64> = (0..sc.len as i64).collect();
        let (a, b) = (view_of(&sa, &ia), view_of(&sb, &ib));
        let expected = naive(alpha, &rows(&a), &rows(&b), beta, &rows(&view_of(&sc, &ic)));
        let mut c = TensorViewMut::from_raw_parts(&mut ic[..], Layout::from_parts(shape, strides, sc.offset)).unwrap();
        gemm(alpha, &a, &b, beta, &mut c).unwrap();
        prop_assert_eq!(c.to_vec(), expected);
    }
}
