//! Half precision against NumPy's `float16` (`tests/data/half/expected.json`, written by
//! `make_expected.py` beside it): products on the `f32` kernels, sums, means, variances and
//! standard deviations (whole and along axes) accumulated in `f32`, `exp` and `sqrt`; `bf16`
//! products against a product in `f64`. `RANKED_HALF_EXPECTED` names another results file.

#![cfg(feature = "half")]

use std::sync::OnceLock;

use ranked::half::{bf16, f16};
use ranked::{Tensor, TensorView};
use serde_json::Value;

fn expected() -> &'static Value {
    static DATA: OnceLock<Value> = OnceLock::new();
    DATA.get_or_init(|| {
        let path = std::env::var("RANKED_HALF_EXPECTED").unwrap_or_else(|_| {
            concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/half/expected.json").into()
        });
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
    })
}

fn array<const R: usize>(key: &str) -> Tensor<f16, R> {
    let v = &expected()[key];
    let shape: Vec<usize> = (v["shape"].as_array().unwrap().iter())
        .map(|x| x.as_u64().unwrap() as usize)
        .collect();
    let bits = (v["bits"].as_array().unwrap().iter())
        .map(|x| f16::from_bits(x.as_u64().unwrap() as u16))
        .collect();
    Tensor::from_vec(bits, shape.try_into().unwrap()).unwrap()
}

/// Within one unit in the last place of `f16` (the products' sums run in another order than
/// NumPy's, and a result near a rounding boundary may round the other way).
fn within_one_ulp(got: &[f16], want: &[f16], what: &str) {
    assert_eq!(got.len(), want.len(), "{what}");
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        let apart = (i32::from(g.to_bits() as i16) - i32::from(w.to_bits() as i16)).abs();
        assert!(
            g == w || apart <= 1,
            "{what}: element {i}: {g} against NumPy's {w}"
        );
    }
}

#[test]
fn f16_products_sums_and_maths_match_numpy() {
    let (a, b) = (array::<3>("a"), array::<2>("b"));
    within_one_ulp(
        &a.matmul(&b).unwrap().to_vec(),
        &array::<3>("matmul").to_vec(),
        "matmul",
    );
    // A transposed left operand, and a product into existing storage.
    let at = a.view().permute([0, 2, 1]).unwrap().to_contiguous();
    let mut out: Tensor<f16, 3> = Tensor::zeros([2, 5, 3]);
    at.view()
        .permute([0, 2, 1])
        .unwrap()
        .matmul_into(&b, &mut out)
        .unwrap();
    within_one_ulp(
        &out.to_vec(),
        &array::<3>("matmul_t").to_vec(),
        "matmul_into",
    );
    let x = array::<1>("x");
    assert_eq!(x.sum(), array::<0>("sum_x")[[]], "sum");
    assert_eq!(x.mean(), array::<0>("mean_x")[[]], "mean");
    // 100 000 ones: the sum overflows f16 (NumPy's too), the mean is exact (divided in f32).
    let ones: Tensor<f16, 1> = Tensor::ones([100_000]);
    assert_eq!(ones.sum(), array::<0>("sum_ones")[[]]);
    assert_eq!(ones.mean(), array::<0>("mean_ones")[[]]);
    // Reversed, so the sum runs over a negatively strided view.
    let mut data = x.to_vec();
    data.reverse();
    let reversed = TensorView::from_slice(&data, [data.len()])
        .unwrap()
        .flip(ranked::Axis::<0>);
    assert_eq!(reversed.sum(), array::<0>("sum_x")[[]], "sum, reversed");
    let y = array::<1>("y");
    assert_eq!(y.exp().to_vec(), array::<1>("exp_y").to_vec(), "exp");
    assert_eq!(y.sqrt().to_vec(), array::<1>("sqrt_y").to_vec(), "sqrt");
}

/// Sums, means, variances and standard deviations along each axis (row-major, and the same
/// matrix stored column-major), whole variances and standard deviations, and two-axis means,
/// accumulated in `f32` and rounded once (NumPy's `float32` results rounded to `float16`);
/// 5 000 ones summed along either axis give 5 000, where a half-precision accumulator stops
/// at 2 048 (2 048 + 1 rounds back to 2 048). The `_into` forms (no allocation) too.
#[test]
fn f16_reductions_accumulate_in_f32() {
    use ranked::Axis;
    let z = array::<2>("z");
    let zt = z.view().t().to_contiguous();
    for (layout, z) in [z.view(), zt.view().t()].into_iter().enumerate() {
        let what = |f: &str| format!("{f} (layout {layout})");
        let check = |got: Tensor<f16, 1>, key: &str| {
            within_one_ulp(&got.to_vec(), &array::<1>(key).to_vec(), &what(key));
        };
        check(z.sum_axis(Axis::<0>), "sum_axis0");
        check(z.sum_axis(Axis::<1>), "sum_axis1");
        check(z.mean_axis(Axis::<0>), "mean_axis0");
        check(z.mean_axis(Axis::<1>), "mean_axis1");
        check(z.var_axis(Axis::<0>, 1).unwrap(), "var_axis0");
        check(z.var_axis(Axis::<1>, 1).unwrap(), "var_axis1");
        check(z.std_axis(Axis::<0>, 0).unwrap(), "std_axis0");
        check(z.std_axis(Axis::<1>, 0).unwrap(), "std_axis1");
        // The same into caller storage (no allocation, no f32 copy).
        let (mut rows, mut columns) =
            (Tensor::<f16, 1>::zeros([40]), Tensor::zeros([z.shape()[1]]));
        z.sum_axis_into(Axis::<0>, &mut columns).unwrap();
        check(columns.clone(), "sum_axis0");
        z.sum_axis_into(Axis::<1>, &mut rows).unwrap();
        check(rows.clone(), "sum_axis1");
        z.mean_axis_into(Axis::<0>, &mut columns).unwrap();
        check(columns.clone(), "mean_axis0");
        z.mean_axis_into(Axis::<1>, &mut rows).unwrap();
        check(rows.clone(), "mean_axis1");
        z.var_axis_into(Axis::<0>, 1, &mut columns).unwrap();
        check(columns.clone(), "var_axis0");
        z.var_axis_into(Axis::<1>, 1, &mut rows).unwrap();
        check(rows.clone(), "var_axis1");
        z.std_axis_into(Axis::<0>, 0, &mut columns).unwrap();
        check(columns.clone(), "std_axis0");
        z.std_axis_into(Axis::<1>, 0, &mut rows).unwrap();
        check(rows.clone(), "std_axis1");
        let keep = z.sum_axis_keepdims(Axis::<1>);
        assert_eq!(keep.shape(), &[40, 1]);
        within_one_ulp(
            &keep.to_vec(),
            &array::<1>("sum_axis1").to_vec(),
            "keepdims",
        );
        let whole = [z.var(1).unwrap(), z.std(0).unwrap()];
        let want = [array::<0>("var_z")[[]], array::<0>("std_z")[[]]];
        within_one_ulp(&whole, &want, &what("var and std"));
        let both: Tensor<f16, 0> = z.mean_axes((Axis::<0>, Axis::<1>));
        within_one_ulp(
            &both.to_vec(),
            &array::<0>("mean_axes").to_vec(),
            "mean_axes",
        );
    }
    let five_thousand = f16::from_f32(5000.0);
    let ones: Tensor<f16, 2> = Tensor::ones([3, 5000]);
    assert_eq!(ones.sum_axis(Axis::<1>).to_vec(), [five_thousand; 3]);
    assert_eq!(
        ones.view().t().sum_axis(Axis::<0>).to_vec(),
        [five_thousand; 3]
    );
    let mut sums = Tensor::<f16, 1>::zeros([3]);
    ones.sum_axis_into(Axis::<1>, &mut sums).unwrap();
    assert_eq!(sums.to_vec(), [five_thousand; 3], "sum_axis_into");
    // Lanes longer than f16's largest number (65 504): divided in f32, not an overflow.
    let long: Tensor<f16, 2> = Tensor::ones([2, 70_000]);
    let mut means = Tensor::<f16, 1>::zeros([2]);
    long.mean_axis_into(Axis::<1>, &mut means).unwrap();
    assert_eq!(means.to_vec(), [f16::ONE; 2], "mean_axis_into");
    long.var_axis_into(Axis::<1>, 1, &mut means).unwrap();
    assert_eq!(means.to_vec(), [f16::ZERO; 2], "var_axis_into");
    let ones_b: Tensor<bf16, 2> = Tensor::ones([3, 5000]);
    assert_eq!(
        ones_b.sum_axis(Axis::<1>).to_vec(),
        [bf16::from_f32(5000.0); 3]
    );
    assert_eq!(
        ones_b.var_axis(Axis::<1>, 1).unwrap().to_vec(),
        [bf16::ZERO; 3]
    );
}

#[test]
fn bf16_products_round_the_f32_product_once() {
    let a: Tensor<bf16, 2> = Tensor::from_fn([9, 13], |[i, j]| {
        bf16::from_f32((i * 13 + j) as f32 / 7.0 - 8.0)
    });
    let b: Tensor<bf16, 2> = Tensor::from_fn([13, 4], |[i, j]| {
        bf16::from_f32(1.0 / (1.0 + (i + 2 * j) as f32))
    });
    let got = a.matmul(&b.view().t().to_contiguous().view().t()).unwrap();
    for i in 0..9 {
        for j in 0..4 {
            let exact: f64 = (0..13)
                .map(|k| f64::from(a[[i, k]].to_f32()) * f64::from(b[[k, j]].to_f32()))
                .sum();
            let want = bf16::from_f64(exact);
            let apart =
                (i32::from(got[[i, j]].to_bits() as i16) - i32::from(want.to_bits() as i16)).abs();
            assert!(apart <= 1, "[{i}, {j}]: {} against {want}", got[[i, j]]);
        }
    }
    // α and β through `gemm`: c ← 2·a·b + c.
    let mut c = got.clone();
    ranked::linalg::gemm(bf16::from_f32(2.0), &a, &b, bf16::ONE, &mut c).unwrap();
    for (x, y) in c.iter().zip(got.iter()) {
        let three = y.to_f32() * 3.0;
        assert!(
            (x.to_f32() - three).abs() <= three.abs() / 64.0 + 1e-2,
            "{x} vs {three}"
        );
    }
}

/// `gemm` on `f16` with α and β, into a row-major result (rows written slice by slice) and a
/// transposed one (element by element): `α·(a·b) + β·c` computed in `f32` and rounded once,
/// against the same formula in `f64`; with β = 0 a NaN in `c` is not read. Lengths of 11
/// leave a remainder after the blocks of eight of the slice conversions.
#[test]
fn f16_gemm_scales_and_accumulates_in_f32() {
    let a: Tensor<f16, 2> = Tensor::from_fn([7, 5], |[i, j]| {
        f16::from_f32((i * 5 + j) as f32 / 8.0 - 2.0)
    });
    let b: Tensor<f16, 2> = Tensor::from_fn([5, 11], |[i, j]| {
        f16::from_f32(1.0 / (1.0 + (i + 3 * j) as f32))
    });
    let c0: Tensor<f16, 2> = Tensor::from_fn([7, 11], |[i, j]| f16::from_f32((i + j) as f32 / 4.0));
    let want = |i: usize, j: usize, beta: f64| {
        let ab: f64 = (0..5)
            .map(|k| f64::from(a[[i, k]].to_f32()) * f64::from(b[[k, j]].to_f32()))
            .sum();
        let old = if beta == 0.0 {
            0.0
        } else {
            beta * f64::from(c0[[i, j]].to_f32())
        };
        f16::from_f64(2.0 * ab + old)
    };
    let check = |got: TensorView<'_, f16, 2>, beta: f64, what: &str| {
        for i in 0..7 {
            for j in 0..11 {
                let (g, w) = (got[[i, j]], want(i, j, beta));
                let apart = (i32::from(g.to_bits() as i16) - i32::from(w.to_bits() as i16)).abs();
                assert!(apart <= 1, "{what} [{i}, {j}]: {g} against {w}");
            }
        }
    };
    let two = f16::from_f32(2.0);
    let mut c = c0.clone();
    ranked::linalg::gemm(two, &a, &b, f16::from_f32(0.5), &mut c).unwrap();
    check(c.view(), 0.5, "row-major, β = 0.5");
    let mut ct = c0.view().t().to_contiguous();
    ranked::linalg::gemm(two, &a, &b, f16::from_f32(0.5), &mut ct.view_mut().t()).unwrap();
    check(ct.view().t(), 0.5, "transposed, β = 0.5");
    let mut nan = Tensor::<f16, 2>::from_fn([7, 11], |_| f16::NAN);
    ranked::linalg::gemm(two, &a, &b, f16::ZERO, &mut nan).unwrap();
    check(nan.view(), 0.0, "row-major, β = 0");
}
