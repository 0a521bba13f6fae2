//! The accuracy of the statistics against a reference computed in `f64` from the same `f32`
//! values: `mean`, `var` and `std`, whole and along an axis, over 10⁶–10⁷ values around 1000
//! (a large mean beside a unit spread, where a running sum of squares loses digits), for
//! contiguous, transposed and strided layouts. The relative error stays under 10⁻⁶, the bound
//! the docs state; a sequential sum of the squared deviations misses it by two orders.

use ranked::{Axis, Tensor, s};

/// `n` values `1000 + u`, `u` spread evenly over [-1, 1) in a pseudo-random order.
fn values(n: usize, seed: u64) -> Vec<f32> {
    let mut state = seed;
    (0..n)
        .map(|_| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            1000.0 + ((state >> 40) as f32 / (1u64 << 23) as f32 - 1.0)
        })
        .collect()
}

/// The mean and population variance in `f64` (two passes, each exact to about 10⁻¹³ here).
fn reference<'a>(xs: impl Iterator<Item = &'a f32> + Clone) -> (f64, f64) {
    let n = xs.clone().count() as f64;
    let mean = xs.clone().map(|&x| f64::from(x)).sum::<f64>() / n;
    let var = xs.map(|&x| (f64::from(x) - mean).powi(2)).sum::<f64>() / n;
    (mean, var)
}

fn relative(got: f32, want: f64) -> f64 {
    ((f64::from(got) - want) / want).abs()
}

const BOUND: f64 = 1e-6;

#[test]
fn whole_tensor_statistics_hold_the_bound() {
    for n in [1_000_000, 10_000_000] {
        let data = values(n, 5);
        let (mean, var) = reference(data.iter());
        let t = Tensor::from_vec(data, [n]).unwrap();
        let got = t.var(0).unwrap();
        assert!(relative(got, var) < BOUND, "var of {n}: {got} vs {var}");
        let got = t.std(0).unwrap();
        assert!(relative(got, var.sqrt()) < BOUND, "std of {n}");
        assert!(relative(t.mean(), mean) < BOUND, "mean of {n}");
        // The same elements as a transposed rank-2 view.
        let m = t.reshape([n / 1000, 1000]).unwrap();
        let got = m.view().t().var(0).unwrap();
        assert!(
            relative(got, var) < BOUND,
            "var of the transposed {n}: {got} vs {var}"
        );
    }
}

#[test]
fn per_axis_statistics_hold_the_bound_in_every_layout() {
    let (rows, cols) = (200_000, 10);
    let data = values(rows * cols, 9);
    let table = Tensor::from_vec(data.clone(), [rows, cols]).unwrap();
    let column = |j: usize| data.iter().skip(j).step_by(cols);

    // Down the columns of a row-major table (the lanes are strided).
    let var = table.var_axis(Axis::<0>, 0).unwrap();
    let std = table.std_axis(Axis::<0>, 0).unwrap();
    let mean = table.mean_axis(Axis::<0>);
    for j in 0..cols {
        let (m, v) = reference(column(j));
        assert!(
            relative(var[[j]], v) < BOUND,
            "column {j}: {} vs {v}",
            var[[j]]
        );
        assert!(relative(std[[j]], v.sqrt()) < BOUND, "column {j}");
        assert!(relative(mean[[j]], m) < BOUND, "column {j}");
    }

    // Transposed: the same columns as contiguous lanes along axis 1.
    let t = table.view().t();
    let var = t.var_axis(Axis::<1>, 0).unwrap();
    for j in 0..cols {
        let (_, v) = reference(column(j));
        assert!(relative(var[[j]], v) < BOUND, "transposed column {j}");
    }

    // Strided: every other column, so the rows are not contiguous.
    let every_other = table.view().slice(s![.., ..;2]).unwrap();
    let var = every_other.var_axis(Axis::<0>, 0).unwrap();
    let mean = every_other.mean_axis(Axis::<0>);
    for k in 0..cols / 2 {
        let (m, v) = reference(column(2 * k));
        assert!(relative(var[[k]], v) < BOUND, "strided column {}", 2 * k);
        assert!(relative(mean[[k]], m) < BOUND, "strided column {}", 2 * k);
    }
}

/// Sums down the columns of tables whose axis is longer than one chunk of slices (every count
/// of slices past it, in chunks and groups of eight and four), exact for integers: each slice
/// is added once, whatever the cascade.
#[test]
fn long_columns_sum_every_slice_once() {
    for (rows, cols) in [(129, 3), (1000, 5), (1031, 1), (4099, 700)] {
        let t = Tensor::from_fn([rows, cols], |[i, j]| (i * 31 + j * 7) as i64 - 5000);
        let sums = t.sum_axis(Axis::<0>);
        for j in 0..cols {
            let want: i64 = (0..rows).map(|i| (i * 31 + j * 7) as i64 - 5000).sum();
            assert_eq!(sums[[j]], want, "[{rows}, {cols}] column {j}");
        }
    }
}
