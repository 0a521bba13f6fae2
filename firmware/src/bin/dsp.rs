//! A signal-processing pipeline written in the subset that never panics, proven so at link time.
//!
//! A signal of 32 samples, read through `read_volatile` so that the optimiser cannot see it, goes
//! through a moving average (windows of 4 from `unfold`, averaged by `mean_axis_into`), a FIR
//! filter (the same windows times the reversed taps with `matmul_into`: NumPy's
//! `convolve(x, taps, "valid")`), a median filter (windows of 5, each copied into fixed storage
//! and reduced by `median_inplace`), statistics (`try_mean`, `var`, `std`, `try_min`,
//! `try_max`), a threshold mask (`try_assign_zip` into `bool` storage) and a matrix · vector
//! product of the statistics. Every result is compared with NumPy's, exactly
//! (`src/dsp_expected.rs`, written by `data/make_dsp_expected.py`). The moving average, the
//! FIR filter, the extremes and the mask run again in fixed point (`I16F16`, feature `fixed`),
//! where NumPy's values are exact too.
//!
//! As `panic_free`, its panic handler calls a function defined nowhere, so it links only if no
//! path to a panic is left. CI builds it for each target, runs it on QEMU (exit status 0 and
//! `ranked dsp: ok` when every result is right) and reports its `.text` above `empty`'s.
#![no_std]
#![no_main]

#[path = "../board.rs"]
mod board;
#[path = "../dsp_expected.rs"]
#[rustfmt::skip]
mod expected;

use core::ptr::{read_volatile, write_volatile};

use ranked::fixed::types::I16F16;
use ranked::{ArrayTensor, Axis, TensorView};

use expected::{
    FIR, MASK, MEDIAN, MOVING_AVERAGE, SCORES, SIGNAL, STATISTICS, TAPS, THRESHOLD, WEIGHTS,
};

/// The results, written out so that no computation is optimised away.
static mut OUTPUT: [f32; 29] = [0.0; 29];

board::panic_fails_link!();

/// `N` values read through volatile loads, so their values are unknown to the optimiser.
fn load<T: Copy, const N: usize>(from: &[T; N]) -> [T; N] {
    // SAFETY: `from` is a valid, aligned reference to `N` initialised values.
    core::array::from_fn(|i| unsafe { read_volatile(&from[i]) })
}

/// Hands `values` to the outside world.
fn keep(values: impl Iterator<Item = f32>) {
    for (i, v) in values.take(29).enumerate() {
        // SAFETY: the only accesses to `OUTPUT`, from the one thread of this program, through a
        // raw pointer to the static; `i < 29`.
        unsafe { write_volatile((&raw mut OUTPUT).cast::<f32>().add(i), v) };
    }
}

/// Whether `got` holds exactly `want`'s values.
fn same<'a>(got: impl Iterator<Item = &'a f32>, want: &[f32]) -> bool {
    let mut count = 0;
    got.zip(want).all(|(a, b)| {
        count += 1;
        a == b
    }) && count == want.len()
}

board::entry!(
    b"ranked dsp: ok\n\0",
    b"ranked dsp: WRONG RESULT\n\0",
    checked
);

/// Runs the pipeline and compares each stage with NumPy's result. Out of line, so that nothing
/// in it is scheduled before the FPU is on.
#[inline(never)]
fn checked() -> bool {
    let (signal, taps, weights) = (load(&SIGNAL), load(&TAPS), load(&WEIGHTS));
    let threshold = load(&[THRESHOLD])[0];
    let (Ok(x), Ok(h), Ok(w), Ok(t)) = (
        TensorView::from_slice(&signal, [32]),
        TensorView::from_slice(&taps, [4]),
        TensorView::from_slice(&weights, [3, 4]),
        TensorView::from_slice(core::slice::from_ref(&threshold), [1]),
    ) else {
        return false;
    };
    let mut ok = true;

    // Moving average and FIR filter over the same windows of 4 (a view: nothing is copied).
    let (Ok(windows), Ok(mut average), Ok(mut fir)) = (
        x.unfold(Axis::<0>, 4, 1),
        ArrayTensor::<f32, 29, 1>::zeros([29]),
        ArrayTensor::<f32, 29, 1>::zeros([29]),
    ) else {
        return false;
    };
    ok &= windows.mean_axis_into(Axis::<1>, &mut average).is_ok();
    ok &= same(average.iter(), &MOVING_AVERAGE);
    ok &= windows.matmul_into(&h.flip(Axis::<0>), &mut fir).is_ok();
    ok &= same(fir.iter(), &FIR);
    keep(fir.iter().copied());

    // Median filter: each window of 5 copied into fixed storage and reduced in place.
    let (Ok(windows), Ok(mut scratch)) = (
        x.unfold(Axis::<0>, 5, 1),
        ArrayTensor::<f32, 5, 1>::zeros([5]),
    ) else {
        return false;
    };
    let mut medians = 0;
    for (window, &want) in windows.outer_iter().zip(&MEDIAN) {
        ok &= scratch.copy_from(&window).is_ok();
        ok &= scratch.median_inplace() == Ok(want);
        medians += 1;
    }
    ok &= medians == MEDIAN.len();

    // Statistics, and a weighted sum of them (matrix · vector).
    let (Ok(mean), Ok(var), Ok(std), Ok(min), Ok(max)) =
        (x.try_mean(), x.var(0), x.std(0), x.try_min(), x.try_max())
    else {
        return false;
    };
    ok &= same([mean, var, std, min, max].iter(), &STATISTICS);
    let features = [mean, var, min, max];
    let (Ok(f), Ok(mut scores)) = (
        TensorView::from_slice(&features, [4]),
        ArrayTensor::<f32, 3, 1>::zeros([3]),
    ) else {
        return false;
    };
    ok &= w.matmul_into(&f, &mut scores).is_ok();
    ok &= same(scores.iter(), &SCORES);

    // Threshold mask: the threshold broadcast against every sample.
    let Ok(mut mask) = ArrayTensor::<bool, 32, 1>::full([32], false) else {
        return false;
    };
    ok &= mask.try_assign_zip(&x, &t, |&v, &t| v > t).is_ok();
    ok &= mask.iter().zip(&MASK).all(|(a, b)| a == b);
    keep(average.iter().copied());
    ok && fixed_point(&signal, &taps, threshold)
}

/// The moving average, the FIR filter, the extremes and the threshold mask in `I16F16`.
#[inline(never)]
fn fixed_point(signal: &[f32; 32], taps: &[f32; 4], threshold: f32) -> bool {
    // `from_num` panics on a value out of range; `checked_from_num` says so instead (a value
    // out of range becomes `MIN` here, which no expected value is). Every value below is
    // exact in `I16F16`: small integers and their halves to eighths.
    let fx = |v: f32| I16F16::checked_from_num(v).unwrap_or(I16F16::MIN);
    let (signal, taps, threshold) = (signal.map(fx), taps.map(fx), [fx(threshold)]);
    let (Ok(x), Ok(h), Ok(t)) = (
        TensorView::from_slice(&signal, [32]),
        TensorView::from_slice(&taps, [4]),
        TensorView::from_slice(&threshold, [1]),
    ) else {
        return false;
    };
    let (Ok(windows), Ok(mut average), Ok(mut fir), Ok(mut mask)) = (
        x.unfold(Axis::<0>, 4, 1),
        ArrayTensor::<I16F16, 29, 1>::zeros([29]),
        ArrayTensor::<I16F16, 29, 1>::zeros([29]),
        ArrayTensor::<bool, 32, 1>::full([32], false),
    ) else {
        return false;
    };
    let mut ok = windows.mean_axis_into(Axis::<1>, &mut average).is_ok();
    ok &= average
        .iter()
        .zip(&MOVING_AVERAGE)
        .all(|(a, &b)| *a == fx(b));
    ok &= windows.matmul_into(&h.flip(Axis::<0>), &mut fir).is_ok();
    ok &= fir.iter().zip(&FIR).all(|(a, &b)| *a == fx(b));
    ok &= x.try_min() == Ok(fx(STATISTICS[3])) && x.try_max() == Ok(fx(STATISTICS[4]));
    ok &= x.try_mean() == Ok(fx(STATISTICS[0]));
    ok &= mask.try_assign_zip(&x, &t, |v, t| v > t).is_ok();
    ok &= mask.iter().zip(&MASK).all(|(a, b)| a == b);
    keep(fir.iter().map(|v| v.to_num::<f32>()));
    ok
}
