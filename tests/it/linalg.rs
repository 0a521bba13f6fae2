//! Matrix products against a naive triple loop: every stride sign and transposition, broadcast
//! (stride-0) operands, empty and 1×1 shapes, `f32`, `f64`, `i32` and a user numeric type;
//! `gemm`'s α and β; errors that name the operand.

use crate::common;

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
            // Short shared dimensions with narrow or short results (the unpacked AVX-512
            // kernel, where the processor has it): one register wide, two, and a short wide
            // result; and a longer shared dimension with `f32` results one and two registers
            // wide (the same kernel through a copied chunk of A).
            (16, 16, 16),
            (21, 32, 32),
            (40, 5, 16),
            (16, 8, 40),
            (16, 40, 16),
            (9, 40, 20),
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

/// `a · b` of two matrices by [`naive`], as rows.
fn naive_of<T: LinalgScalar, S1, S2>(
    a: &ranked::TensorBase<S1, 2>,
    b: &ranked::TensorBase<S2, 2>,
) -> Vec<T>
where
    S1: ranked::storage::Storage<Elem = T>,
    S2: ranked::storage::Storage<Elem = T>,
{
    let zeros = vec![vec![T::zero(); b.shape()[1]]; a.shape()[0]];
    naive(T::one(), &rows(a), &rows(b), T::zero(), &zeros)
}

fn batched_against_numpy_rules<T: LinalgScalar + std::fmt::Debug>(make: impl Fn(usize) -> T) {
    // (3, 2, 4) @ (4, 5) → (3, 2, 5): the matrix is reused for every batch item; `a` is a
    // transposed, reversed view.
    let base: Tensor<T, 3> = Tensor::from_fn([3, 4, 2], |[i, j, k]| make(i * 11 + j * 3 + k));
    let a = base.view().swap_axes(Axis::<1>, Axis::<2>).flip(Axis::<0>);
    let w: Tensor<T, 2> = Tensor::from_fn([4, 5], |[i, j]| make(i * 2 + j * 5 + 1));
    let y: Tensor<T, 3> = a.matmul(&w).unwrap();
    assert_eq!(y.shape(), &[3, 2, 5]);
    for i in 0..3 {
        let ai = a.select(Axis::<0>, i).unwrap();
        assert_eq!(
            y.view().select(Axis::<0>, i).unwrap().to_vec(),
            naive_of(&ai, &w)
        );
    }
    // (2, 1, 2, 3) @ (4, 3, 2) → (2, 4, 2, 2): size-1 and missing batch axes broadcast.
    let p: Tensor<T, 4> = Tensor::from_fn([2, 1, 2, 3], |[i, _, k, l]| make(i * 7 + k * 3 + l));
    let q: Tensor<T, 3> = Tensor::from_fn([4, 3, 2], |[i, j, k]| make(i + j * 4 + k * 9));
    let r: Tensor<T, 4> = p.matmul(&q).unwrap();
    assert_eq!(r.shape(), &[2, 4, 2, 2]);
    for i in 0..2 {
        for j in 0..4 {
            let pi = p
                .view()
                .select(Axis::<0>, i)
                .unwrap()
                .select(Axis::<0>, 0)
                .unwrap();
            let qj = q.view().select(Axis::<0>, j).unwrap();
            let rij = r
                .view()
                .select(Axis::<0>, i)
                .unwrap()
                .select(Axis::<0>, j)
                .unwrap();
            assert_eq!(rij.to_vec(), naive_of(&pi, &qj));
        }
    }
    // Vectors: (4) @ (3, 4, 5) → (3, 5); (3, 2, 4) @ (4) → (3, 2); (4) @ (4) → rank 0.
    let v: Tensor<T, 1> = Tensor::from_fn([4], |[i]| make(i + 1));
    let q: Tensor<T, 3> = Tensor::from_fn([3, 4, 5], |[i, j, k]| make(i * 3 + j + k * 2));
    let vq: Tensor<T, 2> = v.matmul(&q).unwrap();
    let av: Tensor<T, 2> = a.matmul(&v).unwrap();
    let vv: Tensor<T, 0> = v.matmul(&v).unwrap();
    let row = v.view().unsqueeze(Axis::<0>);
    let column = v.view().unsqueeze(Axis::<1>);
    for i in 0..3 {
        let qi = q.view().select(Axis::<0>, i).unwrap();
        assert_eq!(
            vq.view().select(Axis::<0>, i).unwrap().to_vec(),
            naive_of(&row, &qi)
        );
        let ai = a.select(Axis::<0>, i).unwrap();
        assert_eq!(
            av.view().select(Axis::<0>, i).unwrap().to_vec(),
            naive_of(&ai, &column)
        );
    }
    assert_eq!(vv.to_vec(), naive_of(&row, &column));
    // The named shorthands agree with `matmul`.
    let m = q.view().select(Axis::<0>, 1).unwrap(); // 4 × 5
    assert_eq!(
        m.t().matvec(&v).unwrap().to_vec(),
        naive_of(&m.t(), &column)
    );
    assert_eq!(v.dot(&m).unwrap().to_vec(), naive_of(&row, &m));
    assert_eq!(m.t().dot(&v).unwrap().to_vec(), naive_of(&m.t(), &column));
    assert_eq!(m.t().dot(&m).unwrap().to_vec(), naive_of(&m.t(), &m));
    assert_eq!(vec![v.dot(&v).unwrap()], naive_of(&row, &column));
    let u: Tensor<T, 1> = Tensor::from_fn([2], |[i]| make(i + 3));
    assert_eq!(
        v.outer(&u).unwrap().to_vec(),
        naive_of(&column, &u.view().unsqueeze(Axis::<0>))
    );
    // Empty batches and empty shared sizes.
    let e: Tensor<T, 3> = Tensor::zeros([0, 2, 4]);
    assert_eq!(e.matmul(&w).unwrap().shape(), &[0, 2, 5]);
    let k0: Tensor<T, 3> = Tensor::from_fn([2, 3, 0], |_| make(1));
    let z: Tensor<T, 2> = Tensor::zeros([0, 4]);
    let out = k0.matmul(&z).unwrap();
    assert_eq!(out.shape(), &[2, 3, 4]);
    assert!(out.iter().all(|&x| x == T::zero()));
    // Into existing storage: a batch into a transposed output.
    let mut c: Tensor<T, 3> = Tensor::zeros([5, 2, 3]);
    a.matmul_into(&w, &mut c.view_mut().permute([2, 1, 0]).unwrap())
        .unwrap();
    assert_eq!(c.view().permute([2, 1, 0]).unwrap().to_contiguous(), y);
}

#[test]
fn batched_products_follow_numpy_matmul_rules() {
    batched_against_numpy_rules(|x| x as f32 * 0.25);
    batched_against_numpy_rules(|x| x as f64 * 0.5 - 3.0);
    batched_against_numpy_rules(|x| x as i32 - 20);
    batched_against_numpy_rules(|x| Mod7((x % 7) as u8));
}

#[test]
fn batched_shape_errors_name_the_operand_and_axis() {
    let a: Tensor<f32, 3> = Tensor::zeros([2, 3, 4]);
    let b: Tensor<f32, 3> = Tensor::zeros([3, 4, 5]);
    let err = a.matmul(&b).unwrap_err();
    assert_eq!(
        (
            err.kind(),
            err.operand(),
            err.axis(),
            err.expected(),
            err.found()
        ),
        (ErrorKind::BroadcastMismatch, Some(1), Some(0), 2, 3)
    );
    let v: Tensor<f32, 1> = Tensor::zeros([3]);
    let err = a.matmul(&v).unwrap_err();
    assert_eq!(
        (
            err.kind(),
            err.operand(),
            err.axis(),
            err.expected(),
            err.found()
        ),
        (ErrorKind::SizeMismatch, Some(1), Some(0), 4, 3)
    );
    let w: Tensor<f32, 2> = Tensor::zeros([4, 5]);
    let mut out: Tensor<f32, 3> = Tensor::from_elem([2, 3, 6], 7.0);
    let err = a.matmul_into(&w, &mut out).unwrap_err();
    assert_eq!(
        (
            err.kind(),
            err.operand(),
            err.axis(),
            err.expected(),
            err.found()
        ),
        (ErrorKind::SizeMismatch, Some(2), Some(2), 5, 6)
    );
    assert!(out.iter().all(|&x| x == 7.0));
    // Sizes whose product overflows are an error, not a panic.
    let big = usize::MAX / 4;
    let one = tensor![1.0f32];
    let tall = one.view().broadcast_to([big, 1]).unwrap();
    let wide = one.view().broadcast_to([1, big]).unwrap();
    assert_eq!(tall.matmul(&wide).unwrap_err().kind(), ErrorKind::Overflow);
}

/// Large products whose operands faer reads slowly in their order (a column-major left operand
/// into a row-major result; a row-major right operand into a column-major result) copy that
/// operand first; the results agree with the same product of row-major operands, and with α and
/// β = 1 (faer's `Add`).
#[cfg(feature = "faer")]
#[test]
#[cfg_attr(miri, ignore = "512³ multiply-adds")]
fn large_products_reorder_an_operand_and_agree() {
    let n = 512;
    let mut next = 1u64;
    let mut value = move |_: [usize; 2]| {
        next = next
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (next >> 40) as f32 / (1u64 << 24) as f32 - 0.5
    };
    let a: Tensor<f32, 2> = Tensor::from_fn([n, n], &mut value);
    let b: Tensor<f32, 2> = Tensor::from_fn([n, n], &mut value);
    let want = a.matmul(&b).unwrap().to_vec();
    let close = |got: &[f32]| {
        got.iter()
            .zip(&want)
            .all(|(x, y)| (x - y).abs() <= 1e-3 * y.abs().max(1.0))
    };
    // A column-major: its transpose's transpose.
    let a_cm = a.view().t().to_contiguous();
    let got = a_cm.view().t().matmul(&b).unwrap();
    assert!(close(&got.to_vec()), "column-major a");
    // A column-major result: written through a transposed view; `b` row-major.
    let mut c_cm: Tensor<f32, 2> = Tensor::zeros([n, n]);
    a.matmul_into(&b, &mut c_cm.view_mut().t()).unwrap();
    let got = c_cm.view().t().to_contiguous();
    assert!(close(&got.to_vec()), "column-major c");
    // β = 1 into that result: twice the product.
    gemm(1.0, &a, &b, 1.0, &mut c_cm.view_mut().t()).unwrap();
    let twice: Vec<f32> = c_cm.view().t().to_vec().iter().map(|x| x / 2.0).collect();
    assert!(close(&twice), "β = 1");
}

/// `tensordot` against `einsum!` over transposed operands, and its errors naming the operand.
#[test]
fn tensordot_agrees_with_einsum_and_names_bad_axes() {
    use ranked::{einsum, linalg::tensordot};
    let a: Tensor<i64, 3> = Tensor::from_fn([2, 3, 4], |[i, j, k]| (i * 12 + j * 4 + k) as i64);
    let b: Tensor<i64, 3> = Tensor::from_fn([4, 3, 5], |[i, j, k]| (i * 15 + j * 5 + k) as i64 - 7);
    let bt = b.view().permute([2, 1, 0]).unwrap(); // [5, 3, 4]
    let got = tensordot(&a, &bt, [[1, 2], [1, 2]]).unwrap();
    assert_eq!(got, einsum!("ijk,ljk->il", a, bt).unwrap());
    let at = a.view().reversed_axes(); // [4, 3, 2]
    let got = tensordot(&at, &b, [[0], [0]]).unwrap();
    assert_eq!(got.shape(), &[3, 2, 3, 5]);
    assert_eq!(got, einsum!("ijk,kmn->jimn", a, b).unwrap());
    let err = tensordot(&a, &b, [[3], [0]]).unwrap_err();
    assert_eq!(
        (err.kind(), err.operand(), err.found()),
        (ErrorKind::InvalidAxis, Some(0), 3)
    );
    let err = tensordot(&a, &b, [[1, 2], [1, 1]]).unwrap_err();
    assert_eq!(
        (err.kind(), err.operand(), err.axis()),
        (ErrorKind::RepeatedAxis, Some(1), Some(1))
    );
    let err = tensordot(&a, &b, [[1], [0]]).unwrap_err();
    assert_eq!(
        (
            err.kind(),
            err.operand(),
            err.axis(),
            err.expected(),
            err.found()
        ),
        (ErrorKind::SizeMismatch, Some(1), Some(0), 3, 4)
    );
}
