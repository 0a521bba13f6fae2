//! Tests of the reductions' internals.

use crate::TensorView;

#[test]
fn blocked_pairwise_sum_beats_a_running_sum() {
    // 0.1 (not exact in binary) 20 000 times, through a broadcast view of one element.
    let data = [0.1f32];
    let t = TensorView::from_slice_with_strides(&data, [100, 200], [0, 0], 0).unwrap();
    let exact = 20_000.0 * f64::from(0.1f32);
    let naive = (0..20_000).fold(0.0f32, |acc, _| acc + 0.1);
    let ours = t.sum();
    let (err, naive_err) = (
        (f64::from(ours) - exact).abs(),
        (f64::from(naive) - exact).abs(),
    );
    assert!(err < 1e-3, "pairwise error {err}");
    assert!(
        err * 10.0 < naive_err,
        "pairwise {err} vs running {naive_err}"
    );
}

/// A unit-stride run (the vectorised slice loop) and a strided run of the same values (the
/// element-by-element loop, which firmware uses for both) sum to the same bits, at lengths
/// around the lane width and the chunk size; and both match the cascade's definition: each
/// chunk's 8 lanes added pairwise, the chunk sums pairwise by binary counter.
#[test]
fn unit_stride_and_strided_runs_sum_to_the_same_bits() {
    let mut data = [0.0f32; 2 * 700];
    for (k, x) in data.iter_mut().enumerate() {
        // Values of mixed sign and magnitude, so that the order of additions shows.
        *x = ((k * 7919) % 1009) as f32 * if k % 3 == 0 { -1.37e-3 } else { 2.9e-2 };
    }
    for n in [
        1, 7, 8, 9, 15, 127, 128, 129, 255, 256, 257, 383, 384, 385, 700,
    ] {
        let flat = TensorView::from_slice(&data[..n], [n]).unwrap();
        let strided = TensorView::from_slice_with_strides(&data[..2 * n - 1], [n], [2], 0).unwrap();
        // The strided view holds every other element: the same values, spaced out.
        let spaced: [f32; 700] = core::array::from_fn(|k| if k < n { data[2 * k] } else { 0.0 });
        let packed = TensorView::from_slice(&spaced[..n], [n]).unwrap();
        assert_eq!(
            packed.sum().to_bits(),
            strided.sum().to_bits(),
            "{n} elements"
        );
        // The definition, written out for the flat run.
        let chunks = data[..n].chunks(crate::ops::sum::SUM_CHUNK).map(|c| {
            let mut lanes = [0.0f32; 8];
            for (k, &x) in c.iter().enumerate() {
                lanes[k % 8] += x;
            }
            crate::ops::sum::horizontal(lanes)
        });
        let mut levels: [Option<f32>; 8] = [None; 8];
        for mut x in chunks {
            for level in &mut levels {
                match level.take() {
                    Some(s) => x += s,
                    None => {
                        *level = Some(x);
                        break;
                    }
                }
            }
        }
        let want = levels.iter().flatten().fold(0.0f32, |acc, &s| acc + s);
        assert_eq!(flat.sum().to_bits(), want.to_bits(), "{n} elements");
    }
}

/// The pairwise cascade keeps every chunk: integer sums over many chunks (79 here,
/// carrying through seven slots) are exact, forwards, reversed and through a transposed view.
#[cfg(feature = "alloc")]
#[test]
fn pairwise_sum_keeps_every_chunk() {
    let data: alloc::vec::Vec<i64> = (0..=10_000).collect();
    let exact = 10_000 * 10_001 / 2;
    let t = TensorView::from_slice(&data, [10_001]).unwrap();
    assert_eq!(t.sum(), exact);
    assert_eq!(t.flip(crate::Axis::<0>).sum(), exact);
    let m = TensorView::from_slice(&data[1..], [100, 100]).unwrap();
    assert_eq!(m.t().sum(), exact);
}

/// Sums along every axis, exact for integers, through each path: lanes summed one by one
/// (last axis), slices streamed into accumulator blocks eight (blocks of `EIGHT_WAY_MIN_LEN` or
/// more), four and one at a time (13 = 8 + 4 + 1 and 19 = 4 · 4 + 1 + 1 + 1 slices), and
/// the general streaming path (a permuted layout), against a naive sum in logical order.
#[cfg(feature = "alloc")]
#[test]
fn axis_sums_match_naive_sums_on_every_path() {
    use crate::{Axis, Tensor};
    let naive = |t: &TensorView<'_, i64, 3>, axis: usize| {
        let [a, b, c] = *t.shape();
        let shape = [a, b, c];
        let mut out = alloc::vec::Vec::new();
        let mut idx = [0usize; 3];
        let others: alloc::vec::Vec<usize> = (0..3).filter(|&k| k != axis).collect();
        for i in 0..shape[others[0]] {
            for j in 0..shape[others[1]] {
                idx[others[0]] = i;
                idx[others[1]] = j;
                let mut sum = 0;
                for k in 0..shape[axis] {
                    idx[axis] = k;
                    sum += t[idx];
                }
                out.push(sum);
            }
        }
        out
    };
    // The shapes with long blocks (the eight-at-a-time path, safe code; with 17 slices
    // of one piece each along axis 0, two groups that take every other slice) are skipped
    // under Miri, where their naive sums take minutes.
    let shapes: &[[usize; 3]] = if cfg!(miri) {
        &[[13, 3, 5], [2, 19, 6], [19, 13, 3]]
    } else {
        &[
            [13, 3, 5],
            [2, 19, 6],
            [19, 13, 3],
            [13, 2, 300],
            [17, 2, 300],
        ]
    };
    for &shape in shapes {
        let t: Tensor<i64, 3> = Tensor::from_fn(shape, |[i, j, k]| {
            (i * 7919 + j * 104_729 + k * 13) as i64 % 1001 - 500
        });
        for v in [t.view(), t.view().permute([2, 0, 1]).unwrap()] {
            assert_eq!(
                v.sum_axis(Axis::<0>).to_vec(),
                naive(&v, 0),
                "{:?}",
                v.shape()
            );
            assert_eq!(
                v.sum_axis(Axis::<1>).to_vec(),
                naive(&v, 1),
                "{:?}",
                v.shape()
            );
            assert_eq!(
                v.sum_axis(Axis::<2>).to_vec(),
                naive(&v, 2),
                "{:?}",
                v.shape()
            );
        }
    }
}

#[test]
fn nan_propagates() {
    let data = [1.0, f64::NAN, -3.0];
    let t = TensorView::from_slice(&data, [3]).unwrap();
    assert!(t.try_min().unwrap().is_nan());
    assert!(t.try_max().unwrap().is_nan());
    assert_eq!(t.try_argmin(), Ok([1]));
    assert_eq!(t.try_argmax(), Ok([1]));
}
