//! NumPy's `linalg` against `ranked::linalg` (`tests/data/linalg/expected.json`, written by
//! `make_expected.py` beside it): every input read in four layouts (row-major, column-major,
//! reversed along every axis, strided), results compared within tolerances stated in terms of
//! each input's condition number κ (`c · n · κ · ε`, norm-wise), and the factors that are
//! unique only up to signs checked by their identities (`q @ r = a`, orthonormal columns,
//! `a @ v = v @ diag(w)`). `RANKED_LINALG_EXPECTED` names another results file (CI points it at
//! one NumPy has just written). Also property tests of the identities on random stacks.

#![cfg(feature = "linalg")]

use std::sync::OnceLock;

use proptest::prelude::*;
use ranked::linalg::{self, Complex, MatrixOrd, QrMode};
use ranked::{
    Axis, ErrorKind, Layout, LstsqRhs, MatmulRanks, MatrixStack, Rank, RemoveAxes, RemoveAxis,
    SolveRanks, Tensor, TensorView,
};
use serde_json::Value;

use crate::common::fixture::{Arr, arr, layouts};

fn expected() -> &'static Value {
    static DATA: OnceLock<Value> = OnceLock::new();
    DATA.get_or_init(|| {
        let path = std::env::var("RANKED_LINALG_EXPECTED").unwrap_or_else(|_| {
            concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/tests/data/linalg/expected.json"
            )
            .into()
        });
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
    })
}

const EPS: f64 = f64::EPSILON;

/// `got` within `tol · max(1, max |want|)` of `want`, element by element (a norm-wise
/// bound); infinities and NaN must match exactly.
fn assert_close(got: &[f64], want: &[f64], tol: f64, what: &str) {
    assert_eq!(got.len(), want.len(), "{what}: length");
    let scale = want
        .iter()
        .filter(|x| x.is_finite())
        .fold(1.0f64, |m, x| m.max(x.abs()));
    for (i, (a, b)) in got.iter().zip(want).enumerate() {
        let ok = if b.is_finite() {
            (a - b).abs() <= tol * scale
        } else {
            a == b || (a.is_nan() && b.is_nan())
        };
        assert!(
            ok,
            "{what}: element {i}: got {a}, NumPy {b} (tolerance {tol} · {scale})"
        );
    }
}

/// The tolerance for an input: `64 · n · κ · ε`, κ the largest 2-norm condition number of
/// its matrices (capped, so that a rank-deficient input still has a finite bound).
fn tol_for(name: &str, n: usize) -> f64 {
    let kappa = expected()["cond"]
        .get(name)
        .map(|c| arr(c).f.iter().fold(1.0f64, |m, &x| m.max(x)))
        .unwrap_or(1.0)
        .min(1e8);
    64.0 * n.max(1) as f64 * kappa * EPS
}

/// Each layout of input `name` as a view of rank `R`, handed to `f` with the layout's name.
fn each_layout<const R: usize>(name: &str, mut f: impl FnMut(&str, TensorView<'_, f64, R>)) {
    let a = arr(&expected()["inputs"][name]);
    let shape: [usize; R] = a.shape.clone().try_into().unwrap();
    for (layout, buf, strides, offset) in layouts(shape, &a.f) {
        let view = TensorView::from_raw_parts(&buf[..], Layout::from_parts(shape, strides, offset))
            .unwrap();
        f(layout, view);
    }
}

fn want(case: &Value, key: &str) -> Arr {
    arr(&case["expected"][key])
}

/// The matrix product of two stacks, through `matmul`.
fn mm<const R: usize>(a: &Tensor<f64, R>, b: &Tensor<f64, R>) -> Tensor<f64, R>
where
    Rank<R>: MatmulRanks<R, Out = Rank<R>>,
{
    a.matmul(b).unwrap()
}

/// The transpose of each matrix of a stack (a copy).
fn mt<const R: usize>(a: &Tensor<f64, R>) -> Tensor<f64, R> {
    let mut axes: [usize; R] = std::array::from_fn(|i| i);
    axes.swap(R - 2, R - 1);
    a.view().permute(axes).unwrap().to_contiguous()
}

/// Identities of a stack: an identity matrix of order `n` per matrix.
fn eye_like<const R: usize>(shape: [usize; R]) -> Vec<f64> {
    let n = shape[R - 1];
    let count: usize = shape.iter().product();
    (0..count)
        .map(|p| if (p / n) % n == p % n { 1.0 } else { 0.0 })
        .collect()
}

/// Columns of each matrix orthonormal: `aᵀ a = I`.
fn assert_orthonormal<const R: usize>(a: &Tensor<f64, R>, tol: f64, what: &str)
where
    Rank<R>: MatmulRanks<R, Out = Rank<R>>,
{
    let g = mm(&mt(a), a);
    assert_close(&g.to_vec(), &eye_like(*g.shape()), tol, what);
}

/// The cases of one rank: every operation whose input has rank `R`.
fn run_rank<const R: usize, const V: usize, const S: usize>(case: &Value)
where
    Rank<R>: MatrixStack<Vectors = Rank<V>, Scalars = Rank<S>>
        + MatmulRanks<R, Out = Rank<R>>
        + SolveRanks<R, Out = Rank<R>>
        + RemoveAxis<Axis<1>, Out = Rank<V>>
        + RemoveAxes<(Axis<0>, Axis<1>), Out = Rank<S>>,
{
    let name = case["input"].as_str().unwrap();
    let op = case["op"].as_str().unwrap();
    let input = arr(&expected()["inputs"][name]);
    let n = input.shape[R - 1].max(input.shape[R - 2]);
    let tol = tol_for(name, n);
    let ord = |c: &Value| match c["args"]["ord"].as_str().unwrap() {
        "fro" => MatrixOrd::Fro,
        "nuc" => MatrixOrd::Nuc,
        "1" => MatrixOrd::One,
        "-1" => MatrixOrd::NegOne,
        "2" => MatrixOrd::Two,
        "-2" => MatrixOrd::NegTwo,
        "inf" => MatrixOrd::Inf,
        "-inf" => MatrixOrd::NegInf,
        other => panic!("ord {other}"),
    };
    each_layout::<R>(name, |layout, a| {
        let what = format!("{op} of {name} ({layout})");
        match op {
            "inv" => {
                let i = linalg::inv(&a).unwrap();
                assert_close(&i.to_vec(), &want(case, "out").f, tol, &what);
                if !i.is_empty() {
                    let back = mm(&a.to_contiguous(), &i);
                    assert_close(&back.to_vec(), &eye_like(*back.shape()), tol, &what);
                }
            }
            "det" => {
                let d: Tensor<f64, S> = linalg::det(&a).unwrap();
                // Hadamard's bound scales the determinant's rounding.
                let hadamard = input
                    .f
                    .chunks(n.max(1))
                    .map(|r| r.iter().map(|x| x * x).sum::<f64>().sqrt())
                    .fold(1.0f64, |m, x| m.max(x))
                    .powi(n as i32);
                assert_close(&d.to_vec(), &want(case, "out").f, tol * hadamard, &what);
            }
            "slogdet" => {
                let (sign, log): (Tensor<f64, S>, Tensor<f64, S>) = linalg::slogdet(&a).unwrap();
                assert_eq!(sign.to_vec(), want(case, "sign").f, "{what}: sign");
                assert_close(&log.to_vec(), &want(case, "logabsdet").f, tol, &what);
            }
            "matrix_power" => {
                let p = case["args"]["n"].as_i64().unwrap() as i32;
                let got = linalg::matrix_power(&a, p).unwrap();
                let w = want(case, "out").f;
                // |p| − 1 products, each adding its rounding; a negative power inverts first.
                let t = tol * (p.unsigned_abs().max(1) as f64) * if p < 0 { 64.0 } else { 1.0 };
                assert_close(&got.to_vec(), &w, t, &what);
            }
            "eigvals" => {
                let w: Tensor<Complex<f64>, V> = linalg::eigvals(&a).unwrap();
                let mut got: Vec<Complex<f64>> = w.to_vec();
                for row in got.chunks_mut(input.shape[R - 1].max(1)) {
                    row.sort_by(|x, y| x.re.total_cmp(&y.re).then(x.im.total_cmp(&y.im)));
                }
                let flat: Vec<f64> = got.iter().flat_map(|z| [z.re, z.im]).collect();
                // Eigenvalues of a general matrix are as sensitive as its eigenvectors are far
                // from orthogonal: a looser bound than κ's.
                assert_close(&flat, &want(case, "out").f, 1e-9, &what);
                let e = linalg::eig(&a).unwrap();
                check_eig(&a.to_contiguous(), &e, &what);
            }
            "cholesky" => {
                let l = linalg::cholesky(&a).unwrap();
                assert_close(&l.to_vec(), &want(case, "out").f, tol, &what);
                let u = linalg::cholesky_upper(&a).unwrap();
                assert_close(&u.to_vec(), &want(case, "upper").f, tol, &what);
            }
            "eigvalsh" => {
                let w: Tensor<f64, V> = linalg::eigvalsh(&a).unwrap();
                assert_close(&w.to_vec(), &want(case, "out").f, tol, &what);
                let e = linalg::eigh(&a).unwrap();
                assert_close(&e.eigenvalues.to_vec(), &want(case, "out").f, tol, &what);
                assert_orthonormal(&e.eigenvectors, tol, &what);
                // a v = v diag(w)
                let av = mm(&a.to_contiguous(), &e.eigenvectors);
                let k = input.shape[R - 1];
                let vw: Vec<f64> = e
                    .eigenvectors
                    .to_vec()
                    .iter()
                    .enumerate()
                    .map(|(p, x)| {
                        let (batch, col) = (p / (k * k), p % k);
                        x * e.eigenvalues.to_vec()[batch * k + col]
                    })
                    .collect();
                assert_close(&av.to_vec(), &vw, tol, &what);
            }
            "qr_r" => {
                for mode in [QrMode::Reduced, QrMode::Complete] {
                    let f = linalg::qr(&a, mode).unwrap();
                    let back = mm(&f.q, &f.r);
                    assert_close(&back.to_vec(), &a.to_vec(), tol, &what);
                    assert_orthonormal(&f.q, tol, &what);
                    let [rr, rc] = [f.r.shape()[R - 2], f.r.shape()[R - 1]];
                    for (p, x) in f.r.iter().enumerate() {
                        let (i, j) = ((p / rc) % rr, p % rc);
                        assert!(i <= j || *x == 0.0, "{what}: r below its diagonal");
                    }
                    if mode == QrMode::Reduced {
                        // r with a non-negative diagonal is unique for a full-rank matrix.
                        let k = rr;
                        let mut r = f.r.to_vec();
                        for m in r.chunks_mut(rr * rc) {
                            for i in 0..k {
                                if m[i * rc + i] < 0.0 {
                                    m[i * rc..(i + 1) * rc].iter_mut().for_each(|x| *x = -*x);
                                }
                            }
                        }
                        assert_close(&r, &want(case, "out").f, tol, &what);
                    }
                }
            }
            "svdvals" => {
                let s: Tensor<f64, V> = linalg::svdvals(&a).unwrap();
                let w = want(case, "out").f;
                assert_close(&s.to_vec(), &w, tol, &what);
                for full in [false, true] {
                    let f = linalg::svd(&a, full).unwrap();
                    assert_close(&f.s.to_vec(), &w, tol, &what);
                    assert_orthonormal(&f.u, tol, &what);
                    assert_orthonormal(&mt(&f.vh), tol, &what);
                    // u · diag(s) · vh over the first k columns and rows.
                    let (m, nn) = (input.shape[R - 2], input.shape[R - 1]);
                    let k = m.min(nn);
                    let (u, vh, s) = (f.u.to_vec(), f.vh.to_vec(), f.s.to_vec());
                    let (uc, vr) = (f.u.shape()[R - 1], f.vh.shape()[R - 2]);
                    let batches = s.len() / k.max(1);
                    let mut back = Vec::new();
                    for b in 0..batches {
                        for i in 0..m {
                            for j in 0..nn {
                                back.push(
                                    (0..k)
                                        .map(|l| {
                                            u[b * m * uc + i * uc + l]
                                                * s[b * k + l]
                                                * vh[b * vr * nn + l * nn + j]
                                        })
                                        .sum::<f64>(),
                                );
                            }
                        }
                    }
                    assert_close(&back, &a.to_vec(), tol, &what);
                }
            }
            "pinv" => {
                let p = linalg::pinv(&a, None).unwrap();
                assert_close(&p.to_vec(), &want(case, "out").f, tol, &what);
            }
            "matrix_rank" => {
                let r: Tensor<usize, S> = linalg::matrix_rank(&a, None).unwrap();
                let w: Vec<usize> = want(case, "out").i.iter().map(|&x| x as usize).collect();
                assert_eq!(r.to_vec(), w, "{what}");
            }
            "matrix_norm" => {
                let got: Tensor<f64, S> = linalg::matrix_norm(&a, ord(case)).unwrap();
                assert_close(&got.to_vec(), &want(case, "out").f, tol, &what);
            }
            "cond" => {
                let p = match case["args"]["ord"].as_str().unwrap() {
                    "none" => None,
                    _ => Some(ord(case)),
                };
                let got: Tensor<f64, S> = linalg::cond(&a, p).unwrap();
                assert_close(&got.to_vec(), &want(case, "out").f, tol, &what);
            }
            "vector_norm" => {
                let o = case["args"]["ord"].as_f64().unwrap_or_else(|| {
                    // JSON has no infinities: the script writes them as strings.
                    case["args"]["ord"].as_str().unwrap().parse().unwrap()
                });
                let w = want(case, "out").f;
                if case["args"]["axis"].as_i64() == Some(-1) {
                    let got = linalg::vector_norm(&a, o).unwrap();
                    assert_close(&[got], &w, 1e-13, &what);
                } else if case["args"]["axis"].is_array() {
                    let got: Tensor<f64, S> =
                        linalg::vector_norm_axes(&a, (Axis::<0>, Axis::<1>), o).unwrap();
                    assert_close(&got.to_vec(), &w, 1e-13, &what);
                } else {
                    let got: Tensor<f64, V> = linalg::vector_norm_axis(&a, Axis::<1>, o).unwrap();
                    assert_close(&got.to_vec(), &w, 1e-13, &what);
                }
            }
            "singular" => {
                let err = linalg::inv(&a).unwrap_err();
                let index = case["args"]["index"].as_u64().unwrap() as usize;
                assert_eq!(
                    (err.kind(), err.found()),
                    (ErrorKind::Singular, index as i128),
                    "{what}"
                );
                let err = linalg::solve(&a, &a).unwrap_err();
                assert_eq!(
                    (err.kind(), err.found()),
                    (ErrorKind::Singular, index as i128),
                    "{what}"
                );
            }
            "not_positive_definite" => {
                let err = linalg::cholesky(&a).unwrap_err();
                let index = case["args"]["index"].as_u64().unwrap() as usize;
                assert_eq!(
                    (err.kind(), err.found()),
                    (ErrorKind::NotPositiveDefinite, index as i128),
                    "{what}"
                );
            }
            "solve" | "lstsq" => {}
            other => panic!("unknown op {other}"),
        }
    });
}

/// `a v = v diag(w)` for each complex eigenpair of each matrix, within `1e-9 · ‖a‖`.
fn check_eig<const R: usize, const V: usize>(
    a: &Tensor<f64, R>,
    e: &linalg::Eig<f64, R, V>,
    what: &str,
) {
    let n = a.shape()[R - 1];
    let (av, v, w) = (a.to_vec(), e.eigenvectors.to_vec(), e.eigenvalues.to_vec());
    let scale = av.iter().fold(1.0f64, |m, x| m.max(x.abs()));
    for b in 0..w.len() / n.max(1) {
        for col in 0..n {
            for i in 0..n {
                let lhs: Complex<f64> = (0..n)
                    .map(|k| v[b * n * n + k * n + col] * av[b * n * n + i * n + k])
                    .sum();
                let rhs = v[b * n * n + i * n + col] * w[b * n + col];
                assert!(
                    (lhs - rhs).norm() <= 1e-9 * scale * n as f64,
                    "{what}: a v ≠ v w"
                );
            }
        }
    }
}

/// `solve` of input `a` (rank `R`) with right-hand side `b` of rank `R2`.
fn run_solve<const R: usize, const R2: usize, const O: usize>(case: &Value)
where
    Rank<R>: SolveRanks<R2, Out = Rank<O>>,
{
    let name = case["input"].as_str().unwrap();
    let b = arr(&case["b"]);
    let b_shape: [usize; R2] = b.shape.clone().try_into().unwrap();
    let b_layouts = layouts(b_shape, &b.f);
    let n = arr(&expected()["inputs"][name]).shape[R - 1];
    let tol = tol_for(name, n);
    let mut k = 0;
    each_layout::<R>(name, |layout, a| {
        // `b` in a layout of its own: the same kind as `a`'s, cycling.
        let (_, buf, strides, offset) = &b_layouts[k % b_layouts.len()];
        k += 1;
        let b =
            TensorView::from_raw_parts(&buf[..], Layout::from_parts(b_shape, *strides, *offset))
                .unwrap();
        let x = linalg::solve(&a, &b).unwrap();
        assert_close(
            &x.to_vec(),
            &want(case, "out").f,
            tol,
            &format!("solve {name} ({layout})"),
        );
    });
}

/// `lstsq` of one matrix with right-hand side `b` of rank `R2`.
fn run_lstsq<const R2: usize>(case: &Value)
where
    Rank<R2>: LstsqRhs,
{
    let (a, b) = (arr(&case["a"]), arr(&case["b"]));
    let a_shape: [usize; 2] = a.shape.clone().try_into().unwrap();
    let b_shape: [usize; R2] = b.shape.clone().try_into().unwrap();
    let b_layouts = layouts(b_shape, &b.f);
    for (k, (layout, buf, strides, offset)) in layouts(a_shape, &a.f).into_iter().enumerate() {
        let a = TensorView::from_raw_parts(&buf[..], Layout::from_parts(a_shape, strides, offset))
            .unwrap();
        let (_, bb, bs, bo) = &b_layouts[k % b_layouts.len()];
        let b = TensorView::from_raw_parts(&bb[..], Layout::from_parts(b_shape, *bs, *bo)).unwrap();
        let fit = linalg::lstsq(&a, &b, None).unwrap();
        let tol = 1e-10;
        assert_close(&fit.x.to_vec(), &want(case, "x").f, tol, layout);
        assert_close(
            &fit.residuals.to_vec(),
            &want(case, "residuals").f,
            tol,
            layout,
        );
        assert_close(
            &fit.singular_values.to_vec(),
            &want(case, "s").f,
            tol,
            layout,
        );
        assert_eq!(fit.rank as i64, want(case, "rank").i[0], "{layout}: rank");
    }
}

/// `tensordot` of a rank-3 and a rank-4 tensor over the axes of the case, in two layouts.
fn check_tensordot(case: &Value) {
    let (a, b) = (arr(&case["t3"]), arr(&case["t4"]));
    let axes: Vec<Vec<usize>> = (case["args"]["axes"].as_array().unwrap().iter())
        .map(|l| {
            l.as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_u64().unwrap() as usize)
                .collect()
        })
        .collect();
    let sa: [usize; 3] = a.shape.clone().try_into().unwrap();
    let sb: [usize; 4] = b.shape.clone().try_into().unwrap();
    let want = want(case, "out").f;
    for ((la, ba, ta, oa), (_, bb, tb, ob)) in layouts(sa, &a.f).into_iter().zip(layouts(sb, &b.f))
    {
        let va = TensorView::from_raw_parts(&ba[..], Layout::from_parts(sa, ta, oa)).unwrap();
        let vb = TensorView::from_raw_parts(&bb[..], Layout::from_parts(sb, tb, ob)).unwrap();
        let got = match axes[0].len() {
            0 => linalg::tensordot::<_, _, _, 0, 3, 4, 7>(&va, &vb, [[], []])
                .unwrap()
                .to_vec(),
            1 => linalg::tensordot::<_, _, _, 1, 3, 4, 5>(&va, &vb, [[axes[0][0]], [axes[1][0]]])
                .unwrap()
                .to_vec(),
            2 => linalg::tensordot::<_, _, _, 2, 3, 4, 3>(
                &va,
                &vb,
                [[axes[0][0], axes[0][1]], [axes[1][0], axes[1][1]]],
            )
            .unwrap()
            .to_vec(),
            _ => linalg::tensordot::<_, _, _, 3, 3, 4, 1>(
                &va,
                &vb,
                [
                    [axes[0][0], axes[0][1], axes[0][2]],
                    [axes[1][0], axes[1][1], axes[1][2]],
                ],
            )
            .unwrap()
            .to_vec(),
        };
        assert_close(&got, &want, 1e-12, &format!("tensordot {axes:?} ({la})"));
    }
}

#[test]
fn every_case_matches_numpy_in_every_layout() {
    let cases = expected()["cases"].as_array().unwrap();
    assert!(cases.len() >= 250, "{} cases", cases.len());
    for case in cases {
        let name = case["input"].as_str().unwrap();
        let rank = arr(&expected()["inputs"][name]).shape.len();
        match case["op"].as_str().unwrap() {
            "solve" => match (rank, arr(&case["b"]).shape.len()) {
                (2, 1) => run_solve::<2, 1, 1>(case),
                (2, 2) => run_solve::<2, 2, 2>(case),
                (3, 1) => run_solve::<3, 1, 2>(case),
                (3, 3) => run_solve::<3, 3, 3>(case),
                (4, 1) => run_solve::<4, 1, 3>(case),
                (4, 3) => run_solve::<4, 3, 4>(case),
                (4, 4) => run_solve::<4, 4, 4>(case),
                other => panic!("solve ranks {other:?}"),
            },
            "tensordot" => check_tensordot(case),
            "lstsq" => match arr(&case["b"]).shape.len() {
                1 => run_lstsq::<1>(case),
                _ => run_lstsq::<2>(case),
            },
            _ => match rank {
                2 => run_rank::<2, 1, 0>(case),
                3 => run_rank::<3, 2, 1>(case),
                4 => run_rank::<4, 3, 2>(case),
                other => panic!("rank {other}"),
            },
        }
    }
}

/// The `f32` forms against NumPy's `f64` results, within `64 · n · κ · ε(f32)`.
#[test]
fn f32_matches_numpy() {
    let scale = f64::from(f32::EPSILON) / EPS;
    let mut checked = 0;
    for case in expected()["cases"].as_array().unwrap() {
        let name = case["input"].as_str().unwrap();
        let input = arr(&expected()["inputs"][name]);
        if input.shape.len() != 3 || input.f.is_empty() {
            continue;
        }
        let shape: [usize; 3] = input.shape.clone().try_into().unwrap();
        let a: Tensor<f32, 3> =
            Tensor::from_vec(input.f.iter().map(|&x| x as f32).collect(), shape).unwrap();
        let a = a.view().permute([0, 2, 1]).unwrap().to_contiguous();
        let a = a.view().permute([0, 2, 1]).unwrap(); // column-major matrices
        let tol = tol_for(name, shape[1].max(shape[2])) * scale;
        let f64s = |v: Vec<f32>| v.into_iter().map(f64::from).collect::<Vec<_>>();
        let what = format!("{} of {name} in f32", case["op"]);
        match case["op"].as_str().unwrap() {
            "inv" => assert_close(
                &f64s(linalg::inv(&a).unwrap().to_vec()),
                &want(case, "out").f,
                tol,
                &what,
            ),
            "svdvals" => assert_close(
                &f64s(linalg::svdvals(&a).unwrap().to_vec()),
                &want(case, "out").f,
                tol,
                &what,
            ),
            "eigvalsh" => assert_close(
                &f64s(linalg::eigvalsh(&a).unwrap().to_vec()),
                &want(case, "out").f,
                tol,
                &what,
            ),
            "cholesky" => assert_close(
                &f64s(linalg::cholesky(&a).unwrap().to_vec()),
                &want(case, "out").f,
                tol,
                &what,
            ),
            "pinv" => assert_close(
                &f64s(linalg::pinv(&a, None).unwrap().to_vec()),
                &want(case, "out").f,
                tol,
                &what,
            ),
            "solve" if arr(&case["b"]).shape.len() == 3 => {
                let b = arr(&case["b"]);
                let b: Tensor<f32, 3> = Tensor::from_vec(
                    b.f.iter().map(|&x| x as f32).collect(),
                    b.shape.clone().try_into().unwrap(),
                )
                .unwrap();
                let x = linalg::solve(&a, &b).unwrap();
                assert_close(&f64s(x.to_vec()), &want(case, "out").f, tol, &what);
            }
            _ => continue,
        }
        checked += 1;
    }
    assert!(checked >= 15, "{checked} f32 cases");
}

/// The tolerance of an identity over a matrix of order `n` and condition number `kappa`.
fn identity_tol(n: usize, kappa: f64) -> f64 {
    64.0 * n as f64 * kappa * EPS
}

/// A random stack of `b` matrices of `m × n`, as a view of the transposed buffer when
/// `transposed` (column-major matrices).
fn stack_strategy() -> impl Strategy<Value = (Vec<f64>, [usize; 3], bool)> {
    (0usize..3, 1usize..7, 1usize..7, any::<bool>()).prop_flat_map(|(b, m, n, t)| {
        (
            proptest::collection::vec(-1.0f64..1.0, b * m * n),
            Just([b, m, n]),
            Just(t),
        )
    })
}

fn view_of(data: &[f64], shape: [usize; 3], transposed: bool) -> Tensor<f64, 3> {
    if transposed {
        let [b, m, n] = shape;
        let t = TensorView::from_slice(data, [b, n, m]).unwrap();
        t.permute([0, 2, 1]).unwrap().to_contiguous()
    } else {
        Tensor::from_vec(data.to_vec(), shape).unwrap()
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(miri) { 4 } else { 96 }))]

    /// `q @ r = a`, `u @ diag(s) @ vh = a` and orthonormal factors, within `64 · n · ε · ‖a‖`
    /// (both are backward stable: no condition number enters).
    #[test]
    fn factorisations_reconstruct((data, shape, t) in stack_strategy()) {
        let a = view_of(&data, shape, t);
        let [_, m, n] = shape;
        let tol = identity_tol(m.max(n), 1.0);
        for mode in [QrMode::Reduced, QrMode::Complete] {
            let f = linalg::qr(&a.view(), mode).unwrap();
            assert_close(&mm(&f.q, &f.r).to_vec(), &a.to_vec(), tol, "q @ r");
            assert_orthonormal(&f.q, tol, "q");
        }
        let f = linalg::svd(&a, false).unwrap();
        let k = m.min(n);
        let s3: Tensor<f64, 3> = Tensor::from_vec(
            (0..shape[0] * k * k).map(|p| {
                let (b, i, j) = (p / (k * k), (p / k) % k, p % k);
                if i == j { f.s.to_vec()[b * k + i] } else { 0.0 }
            }).collect(),
            [shape[0], k, k],
        ).unwrap();
        assert_close(&mm(&mm(&f.u, &s3), &f.vh).to_vec(), &a.to_vec(), tol, "u s vh");
        assert_orthonormal(&f.u, tol, "u");
        assert_orthonormal(&mt(&f.vh), tol, "vh");
        let s = f.s.to_vec();
        for row in s.chunks(k) {
            prop_assert!(row.windows(2).all(|w| w[0] >= w[1]), "descending: {row:?}");
        }
    }

    /// `a @ inv(a) = I` and `a @ solve(a, b) = b` within `64 · n · κ · ε`, κ from the
    /// singular values; `eigh` of the symmetric part and `cholesky` of `a aᵀ + I` rebuild
    /// their matrices.
    #[test]
    fn inverses_and_symmetric_factors((data, shape, t) in stack_strategy()) {
        let [b, m, n] = shape;
        let n = m.min(n);
        let sq = view_of(&data[..b * n * n], [b, n, n], t);
        let s = linalg::svdvals(&sq).unwrap().to_vec();
        let kappa = s.chunks(n).map(|r| r[0] / r[n - 1]).fold(1.0f64, f64::max);
        prop_assume!(kappa < 1e8);
        let tol = identity_tol(n, kappa);
        let inv = linalg::inv(&sq).unwrap();
        let eye = eye_like(*sq.shape());
        assert_close(&mm(&sq, &inv).to_vec(), &eye, tol, "a @ inv(a)");
        let x = linalg::solve(&sq, &inv).unwrap(); // b = inv(a), so x = inv(a)²
        assert_close(&mm(&sq, &x).to_vec(), &inv.to_vec(), tol * kappa.max(1.0), "a @ x");
        let sym = {
            let st = mt(&sq);
            Tensor::from_vec(sq.iter().zip(st.iter()).map(|(x, y)| x + y).collect(), *sq.shape()).unwrap()
        };
        let e = linalg::eigh(&sym).unwrap();
        assert_orthonormal(&e.eigenvectors, identity_tol(n, 1.0), "eigh vectors");
        let w = e.eigenvalues.to_vec();
        let vw = Tensor::from_vec(
            e.eigenvectors.to_vec().iter().enumerate().map(|(p, x)| x * w[(p / (n * n)) * n + p % n]).collect(),
            *sq.shape(),
        ).unwrap();
        assert_close(&mm(&vw, &mt(&e.eigenvectors)).to_vec(), &sym.to_vec(), identity_tol(n, 1.0), "v w vᵀ");
        let spd = {
            let g = mm(&sq, &mt(&sq));
            Tensor::from_vec(g.iter().zip(&eye).map(|(x, i)| x + i).collect(), *sq.shape()).unwrap()
        };
        let l = linalg::cholesky(&spd).unwrap();
        assert_close(&mm(&l, &mt(&l)).to_vec(), &spd.to_vec(), identity_tol(n, 1.0), "l lᵀ");
    }
}

/// Every function over empty stacks, empty matrices (0 × 0, 0 × 3, 3 × 0) and matrices of NaN:
/// a result or an error, never a panic (faer's eigensolvers refuse 0 × 0 matrices, so the
/// functions skip them), with NumPy's shapes where NumPy gives a result.
#[test]
fn empty_and_nan_inputs_give_results_or_errors() {
    for shape in [[2usize, 0, 0], [0, 3, 3], [2, 0, 3], [2, 3, 0]] {
        let a: Tensor<f64, 3> = Tensor::zeros(shape);
        let square = shape[1] == shape[2];
        assert_eq!(linalg::inv(&a).is_ok(), square, "{shape:?}");
        assert_eq!(linalg::det(&a).is_ok(), square);
        assert_eq!(linalg::slogdet(&a).is_ok(), square);
        assert_eq!(linalg::matrix_power(&a, -1).is_ok(), square);
        assert_eq!(linalg::cholesky(&a).is_ok(), square);
        assert_eq!(
            linalg::eigh(&a).map(|e| *e.eigenvalues.shape()).ok(),
            square.then_some([shape[0], shape[1]])
        );
        assert_eq!(linalg::eigvalsh(&a).is_ok(), square);
        assert_eq!(linalg::eig(&a).is_ok(), square);
        assert_eq!(linalg::eigvals(&a).is_ok(), square);
        let k = shape[1].min(shape[2]);
        assert_eq!(
            linalg::qr(&a, QrMode::Reduced).unwrap().r.shape(),
            &[shape[0], k, shape[2]]
        );
        assert_eq!(
            linalg::qr(&a, QrMode::Complete).unwrap().q.shape(),
            &[shape[0], shape[1], shape[1]]
        );
        assert_eq!(
            linalg::svd(&a, true).unwrap().vh.shape(),
            &[shape[0], shape[2], shape[2]]
        );
        assert_eq!(linalg::svdvals(&a).unwrap().shape(), &[shape[0], k]);
        assert_eq!(
            linalg::pinv(&a, None).unwrap().shape(),
            &[shape[0], shape[2], shape[1]]
        );
        assert_eq!(
            linalg::matrix_rank(&a, None).unwrap().to_vec(),
            vec![0; shape[0]]
        );
        for o in [
            MatrixOrd::Fro,
            MatrixOrd::Nuc,
            MatrixOrd::One,
            MatrixOrd::Two,
            MatrixOrd::Inf,
        ] {
            let _ = linalg::matrix_norm(&a, o);
            let _ = linalg::cond(&a, Some(o));
        }
        let b: Tensor<f64, 3> = Tensor::zeros([shape[0], shape[1], 2]);
        assert_eq!(linalg::solve(&a, &b).is_ok(), square);
        let (a2, b2): (Tensor<f64, 2>, Tensor<f64, 1>) = (
            Tensor::zeros([shape[1], shape[2]]),
            Tensor::zeros([shape[1]]),
        );
        assert_eq!(
            linalg::lstsq(&a2, &b2, None).unwrap().x.shape(),
            &[shape[2]]
        );
    }
    let det: Tensor<f64, 1> = linalg::det(&Tensor::<f64, 3>::zeros([2, 0, 0])).unwrap();
    assert_eq!(det.to_vec(), [1.0, 1.0]); // NumPy's determinant of a 0 × 0 matrix
    for n in [3, 5] {
        let nan: Tensor<f64, 2> = Tensor::from_vec(vec![f64::NAN; n * n], [n, n]).unwrap();
        assert!(linalg::inv(&nan).unwrap().iter().all(|x| x.is_nan()));
        let _ = (
            linalg::svdvals(&nan),
            linalg::eigvalsh(&nan),
            linalg::eigvals(&nan),
        );
        let _ = (
            linalg::cholesky(&nan),
            linalg::pinv(&nan, None),
            linalg::cond(&nan, None),
        );
        let _ = linalg::lstsq(&nan, &Tensor::<f64, 1>::zeros([n]), None);
        assert_eq!(
            linalg::svdvals(&nan).unwrap_err().kind(),
            ErrorKind::NoConvergence
        );
    }
}

/// `inv` solves `a·x = I` up to order 48 and uses faer's inverse from order 49: on either side
/// of that boundary, and for a stack read through a transposed layout, `a @ inv(a) = I` and
/// `inv(a)` agrees with `solve(a, I)`, a singular matrix is reported at its batch index, and a
/// 5 × 5 `f32` stack follows the same path.
#[test]
fn inverses_on_both_sides_of_the_solve_order() {
    for n in [5, 47, 48, 49, 64] {
        // Diagonally dominant: κ ≤ 3, so 64 · n · κ · ε bounds the error.
        let a: Tensor<f64, 3> = Tensor::from_fn([2, n, n], |[b, i, j]| {
            let x = (((b * 31 + i * 7 + j * 13) % 17) as f64 - 8.0) / (8.0 * n as f64);
            if i == j { 2.0 + x } else { x }
        });
        let tol = identity_tol(n, 3.0);
        let eye = Tensor::<f64, 3>::from_vec(eye_like([2, n, n]), [2, n, n]).unwrap();
        for a in [a.clone(), mt(&a)] {
            let inv = linalg::inv(&a).unwrap();
            assert_close(&mm(&a, &inv).to_vec(), &eye.to_vec(), tol, "a @ inv(a)");
            let x = linalg::solve(&a, &eye).unwrap();
            assert_close(
                &inv.to_vec(),
                &x.to_vec(),
                tol,
                "inv(a) against solve(a, I)",
            );
            let t = a.view().permute([0, 2, 1]).unwrap();
            let inv_t = linalg::inv(&t).unwrap();
            assert_close(
                &inv_t.to_vec(),
                &mt(&inv).to_vec(),
                tol,
                "inv(aᵀ) = inv(a)ᵀ",
            );
        }
        // Row n - 1 of matrix 1 twice row 0: every elimination step keeps the two rows exact
        // multiples (scaling by 2 rounds exactly), so a pivot is exactly zero.
        let mut sing = a.clone();
        for j in 0..n {
            sing[[1, 0, j]] = 1.0;
            sing[[1, n - 1, j]] = 2.0;
        }
        let err = linalg::inv(&sing).unwrap_err();
        assert_eq!(
            (err.kind(), err.found()),
            (ErrorKind::Singular, 1),
            "order {n}"
        );
    }
    let a32: Tensor<f32, 3> =
        Tensor::from_fn(
            [3, 5, 5],
            |[b, i, j]| if i == j { 2.0 + b as f32 } else { 0.25 },
        );
    let inv32 = linalg::inv(&a32).unwrap();
    let back = a32.matmul(&inv32).unwrap();
    for ([_, i, j], x) in back.indexed_iter() {
        let want = if i == j { 1.0 } else { 0.0 };
        assert!((x - want).abs() < 1e-5, "f32 [{i}, {j}]: {x}");
    }
}
