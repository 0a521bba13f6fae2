//! Complex numbers against NumPy (`tests/data/complex/expected.json`, written by
//! `make_expected.py` beside it): `re`/`im` views (NumPy's `.real`/`.imag`) over four layouts
//! and writes through them, `conj`, `norm` (NumPy's `abs`) and `arg` (NumPy's `angle`) over
//! ±0.0, infinities, NaN, huge and subnormal parts; complex `matmul` and `einsum!`.
//! `RANKED_COMPLEX_EXPECTED` names another results file.

#![cfg(feature = "complex")]

use std::sync::OnceLock;

use ranked::linalg::Complex;
use ranked::{ArrayTensor, Layout, Tensor, TensorView, einsum};
use serde_json::Value;

use crate::common::fixture::layouts_of;

fn expected() -> &'static Value {
    static DATA: OnceLock<Value> = OnceLock::new();
    DATA.get_or_init(|| {
        let path = std::env::var("RANKED_COMPLEX_EXPECTED").unwrap_or_else(|_| {
            concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/tests/data/complex/expected.json"
            )
            .into()
        });
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
    })
}

fn floats(key: &str) -> (Vec<usize>, Vec<f64>) {
    let v = &expected()[key];
    let shape = (v["shape"].as_array().unwrap().iter())
        .map(|x| x.as_u64().unwrap() as usize)
        .collect();
    let values = (v["values"].as_array().unwrap().iter())
        .map(|x| f64::from_bits(x.as_u64().unwrap()))
        .collect();
    (shape, values)
}

/// A complex array of the fixture (a trailing axis of `(re, im)`), with its shape.
fn complex<const R: usize>(key: &str) -> ([usize; R], Vec<Complex<f64>>) {
    let (shape, v) = floats(key);
    let shape: [usize; R] = shape[..R].try_into().unwrap();
    (
        shape,
        v.chunks(2).map(|p| Complex::new(p[0], p[1])).collect(),
    )
}

/// Equal to the bit (NaN to any NaN).
fn same(got: &[f64], want: &[f64]) -> bool {
    got.len() == want.len()
        && got
            .iter()
            .zip(want)
            .all(|(a, b)| a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan()))
}

/// Within 2 units in the last place (NumPy's `abs` scales its `hypot` differently from the C
/// library's, which rounds the other way at 3e300 + 3e300i; Miri adds errors of its own to
/// these functions, relative ones, so within 1e-12 there, subnormal results included);
/// infinities and NaN exactly.
fn ulps(got: &[f64], want: &[f64]) -> bool {
    let tol = if cfg!(miri) {
        1e-12
    } else {
        2.0 * f64::EPSILON
    };
    got.len() == want.len()
        && got
            .iter()
            .zip(want)
            .all(|(a, b)| same(&[*a], &[*b]) || (b.is_finite() && (a - b).abs() <= tol * b.abs()))
}

fn flat(z: &[Complex<f64>]) -> Vec<f64> {
    z.iter().flat_map(|z| [z.re, z.im]).collect()
}

#[test]
fn parts_and_element_functions_match_numpy_in_every_layout() {
    let (shape, z) = complex::<2>("z");
    let nan = Complex::new(f64::NAN, f64::NAN);
    for (layout, buf, strides, offset) in layouts_of(shape, &z, nan) {
        let t = TensorView::from_raw_parts(&buf[..], Layout::from_parts(shape, strides, offset))
            .unwrap();
        let what = |f: &str| format!("{f} ({layout})");
        assert!(same(&t.re().to_vec(), &floats("real").1), "{}", what("re"));
        assert!(same(&t.im().to_vec(), &floats("imag").1), "{}", what("im"));
        assert!(
            same(&flat(&t.conj().to_vec()), &floats("conj").1),
            "{}",
            what("conj")
        );
        assert!(
            ulps(&t.norm().to_vec(), &floats("abs").1),
            "{}",
            what("norm")
        );
        // Miri's `atan2` of an infinity and NaN is not NaN: there, inputs with NaN are skipped.
        let keep = |i: &usize| !cfg!(miri) || !z[*i].is_nan();
        let pick = |v: Vec<f64>| (0..v.len()).filter(keep).map(|i| v[i]).collect::<Vec<_>>();
        let (got, want) = (pick(t.arg().to_vec()), pick(floats("angle").1));
        assert!(ulps(&got, &want), "{}", what("arg"));
        // The parts' strides are the tensor's, doubled, in units of `f64`.
        assert_eq!(t.re().strides(), &t.strides().map(|s| 2 * s), "{layout}");
    }
}

#[test]
fn writes_through_the_parts_reach_the_complex_numbers() {
    let (shape, z) = complex::<2>("z");
    let mut t = Tensor::from_vec(z.clone(), shape).unwrap();
    // Through a transposed view of it: the real parts of column 0 become their row's index.
    let mut tt = t.view_mut().t();
    let re = tt.re_mut();
    re.narrow(ranked::Axis::<0>, 0, 1)
        .unwrap()
        .iter_mut()
        .enumerate()
        .for_each(|(i, x)| *x = i as f64);
    t.im_mut().fill(7.0);
    for (i, row) in t.to_vec().chunks(10).enumerate() {
        assert_eq!(row[0].re, i as f64);
        assert!(row.iter().all(|z| z.im == 7.0));
        assert!(same(&[row[1].re], &[z[i * 10 + 1].re])); // the other real parts kept
    }
    // Fixed storage, without an allocator.
    let mut fixed: ArrayTensor<Complex<f32>, 2, 1> =
        ArrayTensor::from_storage([Complex::new(1.0, 2.0), Complex::new(3.0, 4.0)], [2]).unwrap();
    fixed.re_mut().mapv_inplace(|x| x * 10.0);
    fixed.conj_inplace();
    assert!(
        fixed
            .iter()
            .copied()
            .eq([Complex::new(10.0, -2.0), Complex::new(30.0, -4.0)])
    );
    // Empty and broadcast tensors.
    let empty: Tensor<Complex<f64>, 2> = Tensor::zeros([0, 3]);
    assert_eq!(empty.im().shape(), &[0, 3]);
    let one = Tensor::from_vec(vec![Complex::new(1.5, -1.0)], [1]).unwrap();
    let wide = one.view().broadcast_to([4, 3]).unwrap();
    assert_eq!(
        (wide.im().to_vec(), wide.re().strides()),
        (vec![-1.0; 12], &[0, 0])
    );
}

#[test]
fn complex_products_match_numpy() {
    let (sa, a) = complex::<3>("a");
    let (sb, b) = complex::<3>("b");
    let (a, b) = (
        Tensor::from_vec(a, sa).unwrap(),
        Tensor::from_vec(b, sb).unwrap(),
    );
    let close = |got: Vec<Complex<f64>>, key: &str| {
        let want = floats(key).1;
        let got = flat(&got);
        assert_eq!(got.len(), want.len(), "{key}");
        for (x, y) in got.iter().zip(&want) {
            assert!(
                (x - y).abs() <= 1e-12 * y.abs().max(1.0),
                "{key}: {x} vs {y}"
            );
        }
    };
    close(a.matmul(&b).unwrap().to_vec(), "matmul");
    // Transposed operands: the same products.
    let at = a.view().permute([0, 2, 1]).unwrap().to_contiguous();
    close(
        at.view()
            .permute([0, 2, 1])
            .unwrap()
            .matmul(&b)
            .unwrap()
            .to_vec(),
        "matmul",
    );
    close(einsum!("bij,bjk->ik", a, b).unwrap().to_vec(), "einsum");
}

/// `inv`, `det`, `solve` and `matrix_power` of complex stacks (closed forms at 3 × 3, LU at
/// 5 × 5), transposed in memory, within `1e-10` of NumPy's (the matrices are well conditioned:
/// `2·I` plus a random complex matrix).
#[cfg(feature = "linalg")]
#[test]
fn complex_linalg_matches_numpy() {
    use ranked::linalg;
    let close = |got: Vec<Complex<f64>>, key: &str| {
        let want = floats(key).1;
        let got = flat(&got);
        assert_eq!(got.len(), want.len(), "{key}");
        let scale = want.iter().fold(1.0f64, |m, x| m.max(x.abs()));
        for (x, y) in got.iter().zip(&want) {
            assert!((x - y).abs() <= 1e-10 * scale, "{key}: {x} vs {y}");
        }
    };
    for n in [3, 5] {
        let (sm, m) = complex::<3>(&format!("m{n}"));
        let (sr, rhs) = complex::<3>(&format!("rhs{n}"));
        let m = Tensor::from_vec(m, sm).unwrap();
        // The same matrices stored column-major.
        let mt = m.view().permute([0, 2, 1]).unwrap().to_contiguous();
        let m = mt.view().permute([0, 2, 1]).unwrap();
        let rhs = Tensor::from_vec(rhs, sr).unwrap();
        close(linalg::inv(&m).unwrap().to_vec(), &format!("inv{n}"));
        close(linalg::det(&m).unwrap().to_vec(), &format!("det{n}"));
        close(
            linalg::solve(&m, &rhs).unwrap().to_vec(),
            &format!("solve{n}"),
        );
        close(
            linalg::matrix_power(&m, -2).unwrap().to_vec(),
            &format!("power{n}"),
        );
    }
}

/// The decompositions and the functions of singular values on complex stacks, row-major and
/// column-major, against NumPy: `slogdet`, `cholesky`, `qr`'s `r` (its diagonal's phases
/// divided out: the unique form), `svdvals`, `eigvalsh`, `eigvals`, `pinv`, `matrix_rank`,
/// the norms, `cond` and `lstsq` within `1e-10` relative to the largest value (the matrices
/// are random, condition numbers under 100); and the identities of the factors NumPy's do
/// not fix (`u·diag(s)·vh = a`, `q·r = a`, `a·v = v·diag(w)` for `eigh` and `eig`).
#[cfg(feature = "linalg")]
#[test]
fn complex_decompositions_match_numpy() {
    use ranked::linalg::{self, MatrixOrd, QrMode};
    fn close(got: &[f64], want: &[f64], what: &str) {
        assert_eq!(got.len(), want.len(), "{what}");
        let scale = want.iter().fold(1.0f64, |m, x| m.max(x.abs()));
        for (x, y) in got.iter().zip(want) {
            assert!((x - y).abs() <= 1e-10 * scale, "{what}: {x} vs {y}");
        }
    }
    let reals = |key: &str| floats(key).1;
    let cplx = |key: &str| flat(&complex::<1>(key).1);
    // Each stack row-major and column-major (per matrix).
    let stacks = |key: &str| {
        let (s, v) = complex::<3>(key);
        let m = Tensor::from_vec(v, s).unwrap();
        let t = m.view().permute([0, 2, 1]).unwrap().to_contiguous();
        [m.clone(), t.permute([0, 2, 1]).unwrap()]
    };
    for (layout, g) in stacks("g").into_iter().enumerate() {
        let what = |f: &str| format!("{f} (layout {layout})");
        let (sign, log) = linalg::slogdet(&g).unwrap();
        close(
            &flat(&sign.to_vec()),
            &cplx("slogdet_sign"),
            &what("slogdet sign"),
        );
        close(&log.to_vec(), &reals("slogdet_log"), &what("slogdet log"));
        let mut w = linalg::eigvals(&g).unwrap().to_vec();
        for lane in w.chunks_mut(4) {
            // NumPy's sort_complex: by real part, then imaginary.
            lane.sort_by(|a, b| a.re.total_cmp(&b.re).then(a.im.total_cmp(&b.im)));
        }
        close(&flat(&w), &cplx("eigvals"), &what("eigvals"));
        close(
            &linalg::cond(&g, None).unwrap().to_vec(),
            &reals("cond_g"),
            &what("cond"),
        );
        let fro = linalg::cond(&g, Some(MatrixOrd::Fro)).unwrap().to_vec();
        close(&fro, &reals("cond_g_fro"), &what("cond fro"));
        let e = linalg::eig(&g).unwrap();
        for b in 0..2 {
            for i in 0..4 {
                for row in 0..4 {
                    let lhs: Complex<f64> = (0..4)
                        .map(|k| g[[b, row, k]] * e.eigenvectors[[b, k, i]])
                        .sum();
                    let rhs = e.eigenvectors[[b, row, i]] * e.eigenvalues[[b, i]];
                    assert!((lhs - rhs).norm() < 1e-9, "{}", what("eig"));
                }
            }
        }
        let ords = [
            ("fro", MatrixOrd::Fro),
            ("nuc", MatrixOrd::Nuc),
            ("1", MatrixOrd::One),
            ("-1", MatrixOrd::NegOne),
            ("2", MatrixOrd::Two),
            ("-2", MatrixOrd::NegTwo),
            ("inf", MatrixOrd::Inf),
            ("-inf", MatrixOrd::NegInf),
        ];
        for (ord, o) in [
            ("2", 2.0),
            ("1", 1.0),
            ("inf", f64::INFINITY),
            ("0", 0.0),
            ("3", 3.0),
        ] {
            let whole = linalg::vector_norm(&g, o).unwrap();
            close(
                &[whole],
                &reals(&format!("vector_norm_{ord}")),
                &what("vector_norm"),
            );
            let along = linalg::vector_norm_axis(&g, ranked::Axis::<1>, o).unwrap();
            let key = format!("vector_norm_axis_{ord}");
            close(&along.to_vec(), &reals(&key), &what(&key));
        }
        for name in ["g", "tall"] {
            let a = if name == "g" {
                g.clone()
            } else {
                stacks("tall")[layout].clone()
            };
            let (m, n) = (a.shape()[1], a.shape()[2]);
            let qr = linalg::qr(&a, QrMode::Reduced).unwrap();
            let mut r = qr.r.clone();
            for b in 0..2 {
                for i in 0..n {
                    let d = r[[b, i, i]];
                    let phase = d.conj() / d.norm();
                    for j in 0..n {
                        r[[b, i, j]] *= phase;
                    }
                }
            }
            close(
                &flat(&r.to_vec()),
                &cplx(&format!("qr_r_{name}")),
                &what("qr r"),
            );
            let back = qr.q.matmul(&qr.r).unwrap();
            close(&flat(&back.to_vec()), &flat(&a.to_vec()), &what("q r = a"));
            let s = linalg::svdvals(&a).unwrap().to_vec();
            close(&s, &reals(&format!("svdvals_{name}")), &what("svdvals"));
            let svd = linalg::svd(&a, false).unwrap();
            close(&svd.s.to_vec(), &s, &what("svd s"));
            let us = Tensor::from_fn([2, m, n], |[b, i, j]| svd.u[[b, i, j]] * svd.s[[b, j]]);
            let back = us.matmul(&svd.vh).unwrap();
            close(
                &flat(&back.to_vec()),
                &flat(&a.to_vec()),
                &what("u s vh = a"),
            );
            let p = linalg::pinv(&a, None).unwrap();
            close(
                &flat(&p.to_vec()),
                &cplx(&format!("pinv_{name}")),
                &what("pinv"),
            );
            for (ord, o) in ords {
                let key = format!("norm_{name}_{ord}");
                close(
                    &linalg::matrix_norm(&a, o).unwrap().to_vec(),
                    &reals(&key),
                    &what(&key),
                );
            }
        }
    }
    // Complex<f32> takes the same paths, within f32's rounding.
    let g32 = stacks("g")[1].map(|z| Complex::new(z.re as f32, z.im as f32));
    let s32: Vec<f64> = linalg::svdvals(&g32)
        .unwrap()
        .iter()
        .map(|&x| x as f64)
        .collect();
    let s64 = reals("svdvals_g");
    assert!(
        s32.iter()
            .zip(&s64)
            .all(|(x, y)| (x - y).abs() < 1e-4 * s64[0])
    );
    for (layout, hpd) in stacks("hpd").into_iter().enumerate() {
        let l = linalg::cholesky(&hpd).unwrap();
        close(
            &flat(&l.to_vec()),
            &cplx("cholesky"),
            &format!("cholesky {layout}"),
        );
    }
    for (layout, h) in stacks("herm").into_iter().enumerate() {
        let w = linalg::eigvalsh(&h).unwrap();
        close(
            &w.to_vec(),
            &reals("eigvalsh"),
            &format!("eigvalsh {layout}"),
        );
        let e = linalg::eigh(&h).unwrap();
        close(&e.eigenvalues.to_vec(), &w.to_vec(), "eigh values");
        let av = h.matmul(&e.eigenvectors).unwrap();
        let vw = Tensor::from_fn([2, 5, 5], |[b, i, j]| {
            e.eigenvectors[[b, i, j]] * e.eigenvalues[[b, j]]
        });
        close(&flat(&av.to_vec()), &flat(&vw.to_vec()), "eigh: a v = v w");
    }
    for (layout, d) in stacks("deficient").into_iter().enumerate() {
        let rank = linalg::matrix_rank(&d, None).unwrap().map(|&r| r as f64);
        assert_eq!(
            rank.to_vec(),
            reals("rank_deficient"),
            "matrix_rank {layout}"
        );
    }
    let tall = stacks("tall")[0].clone();
    let a = tall.view().select(ranked::Axis::<0>, 0).unwrap();
    let bv: Tensor<Complex<f64>, 1> = {
        let (s, v) = complex::<1>("lstsq_v_b");
        Tensor::from_vec(v, s).unwrap()
    };
    let fit = linalg::lstsq(&a, &bv, None).unwrap();
    close(&flat(&fit.x.to_vec()), &cplx("lstsq_v_x"), "lstsq x");
    close(
        &fit.residuals.to_vec(),
        &reals("lstsq_v_res"),
        "lstsq residuals",
    );
    close(
        &fit.singular_values.to_vec(),
        &reals("lstsq_v_s"),
        "lstsq s",
    );
    assert_eq!(fit.rank as f64, reals("lstsq_v_rank")[0]);
    let bm: Tensor<Complex<f64>, 2> = {
        let (s, v) = complex::<2>("lstsq_m_b");
        Tensor::from_vec(v, s).unwrap()
    };
    let fit = linalg::lstsq(&a, &bm, None).unwrap();
    close(
        &flat(&fit.x.to_vec()),
        &cplx("lstsq_m_x"),
        "lstsq x (matrix)",
    );
    close(
        &fit.residuals.to_vec(),
        &reals("lstsq_m_res"),
        "lstsq residuals (matrix)",
    );
}

/// The mean of lanes of no elements, into caller storage, is NaN + NaN·i, as NumPy's
/// `mean(zeros((2, 0), complex), axis=1)`.
#[test]
fn mean_of_empty_lanes_into_storage_is_nan_in_both_parts() {
    let none: [Complex<f64>; 0] = [];
    let e = TensorView::from_slice(&none, [2, 0]).unwrap();
    let mut out = ArrayTensor::<Complex<f64>, 2, 1>::zeros([2]).unwrap();
    e.mean_axis_into(ranked::Axis::<1>, &mut out).unwrap();
    assert!(out.iter().all(|z| z.re.is_nan() && z.im.is_nan()));
}
