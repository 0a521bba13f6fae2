//! The benchmark kernels of the Fourier transforms (B39–B41), shared by the criterion suite
//! and the report program: `ranked::fft` against `rustfft` and `realfft` called directly on
//! contiguous buffers with the plan made once, in two ways: into buffers allocated once (the
//! fastest way to call them, the floor), and into a new output buffer per call (the same work
//! as ours, which returns a new tensor).

use std::hint::black_box;

use ranked::fft::{self, Complex, Norm};
use ranked::{Axis, Tensor};
use realfft::RealFftPlanner;
use rustfft::FftPlanner;

use crate::kernels::{Case, contender, lcg};

/// Pseudo-random numbers in `[-1, 1)`.
fn noise(len: usize, seed: u64) -> Vec<f64> {
    let mut next = lcg(seed);
    (0..len)
        .map(|_| (next() % 2000) as f64 / 1000.0 - 1.0)
        .collect()
}

/// B39: the complex transform of `n` points (`f64` and `f32`), against rustfft's in-place
/// transform of a copy of the input (the input is kept, as ours keeps it): `fft` against a
/// new buffer per call and against one allocated once, and `fft_into` an output tensor
/// allocated once against the buffer allocated once.
pub fn b39(n: usize) -> Vec<Case<'static>> {
    let re = noise(n, 39);
    let im = noise(n, 40);
    let z: Vec<Complex<f64>> = re
        .iter()
        .zip(&im)
        .map(|(&a, &b)| Complex::new(a, b))
        .collect();
    let z32: Vec<Complex<f32>> = z
        .iter()
        .map(|w| Complex::new(w.re as f32, w.im as f32))
        .collect();
    let mut cases = complex_cases(n, "f64", z);
    cases.extend(complex_cases(n, "f32", z32));
    cases
}

fn complex_cases<T: fft::FftFloat>(n: usize, name: &str, z: Vec<Complex<T>>) -> Vec<Case<'static>> {
    let ours = Tensor::from_vec(z.clone(), [n]).unwrap();
    let ours2 = ours.clone();
    let zero = Complex::new(T::zero(), T::zero());
    let mut out = Tensor::from_fn([n], |_| zero);
    // rustfft on a copy of the input: into a new buffer per call (`fresh`) or one allocated
    // once.
    let direct = |fresh: bool| {
        let plan = FftPlanner::<T>::new().plan_fft_forward(n);
        let mut scratch = vec![zero; plan.get_inplace_scratch_len()];
        let mut buf = z.clone();
        let z = z.clone();
        move || {
            if fresh {
                let mut fresh = z.clone();
                plan.process_with_scratch(&mut fresh, &mut scratch);
                black_box(fresh);
            } else {
                buf.copy_from_slice(&z);
                plan.process_with_scratch(&mut buf, &mut scratch);
                black_box(&buf);
            }
        }
    };
    vec![
        Case {
            id: format!("B39 fft of {n} points, complex {name}"),
            contenders: vec![
                contender("ranked", move || {
                    black_box(fft::fft(&ours, Axis::<0>, None, Norm::Backward).unwrap());
                }),
                contender("rustfft, new buffer", direct(true)),
                contender("rustfft, buffer reused", direct(false)),
            ],
        },
        Case {
            id: format!("B39 fft_into of {n} points, complex {name}, output reused"),
            contenders: vec![
                contender("ranked", move || {
                    fft::fft_into(&ours2, Axis::<0>, None, Norm::Backward, &mut out).unwrap();
                    black_box(&out);
                }),
                contender("rustfft, buffer reused", direct(false)),
            ],
        },
    ]
}

/// B40, B41: `rfft` of a `[rows, cols]` `f64` matrix along the last axis (contiguous lanes)
/// and along axis 0 (strided lanes), each against realfft called directly on contiguous lanes
/// of the same length (a copy of each lane, then the transform into a preallocated output);
/// and `rfft_into` an output tensor allocated once against realfft's output reused.
pub fn b40_b41(rows: usize, cols: usize) -> Vec<Case<'static>> {
    let data = noise(rows * cols, 41);
    let t = Tensor::from_vec(data.clone(), [rows, cols]).unwrap();
    let (t2, t3, t4) = (t.clone(), t.clone(), t.clone());
    let zero = Complex::new(0.0, 0.0);
    let mut rows_out: Tensor<Complex<f64>, 2> = Tensor::from_fn([rows, cols / 2 + 1], |_| zero);
    let mut cols_out: Tensor<Complex<f64>, 2> = Tensor::from_fn([rows / 2 + 1, cols], |_| zero);
    // The lanes of axis 0, contiguous (the transpose), for the direct calls of B41.
    let columns = t.view().t().to_contiguous().into_vec();
    // realfft on contiguous lanes of `len`, into one output buffer: a new one per call
    // (`fresh`) or one allocated once.
    let direct = |lanes: Vec<f64>, len: usize, fresh: bool| {
        let plan = RealFftPlanner::<f64>::new().plan_fft_forward(len);
        let mut input = vec![0.0; len];
        let size = lanes.len() / len * (len / 2 + 1);
        let mut out = vec![Complex::new(0.0, 0.0); size];
        let mut scratch = plan.make_scratch_vec();
        move || {
            if fresh {
                out = vec![Complex::new(0.0, 0.0); size];
            }
            for (lane, y) in lanes
                .chunks_exact(len)
                .zip(out.chunks_exact_mut(len / 2 + 1))
            {
                input.copy_from_slice(lane);
                plan.process_with_scratch(&mut input, y, &mut scratch)
                    .unwrap();
            }
            black_box(&out);
        }
    };
    vec![
        Case {
            id: format!("B40 rfft along the last axis of [{rows}, {cols}] f64"),
            contenders: vec![
                contender("ranked", move || {
                    black_box(fft::rfft(&t, Axis::<1>, None, Norm::Backward).unwrap());
                }),
                contender("realfft, new output", direct(data.clone(), cols, true)),
                contender("realfft, output reused", direct(data.clone(), cols, false)),
            ],
        },
        Case {
            id: format!("B40 rfft_into along the last axis of [{rows}, {cols}] f64, output reused"),
            contenders: vec![
                contender("ranked", move || {
                    fft::rfft_into(&t3, Axis::<1>, None, Norm::Backward, &mut rows_out).unwrap();
                    black_box(&rows_out);
                }),
                contender("realfft, output reused", direct(data, cols, false)),
            ],
        },
        Case {
            id: format!("B41 rfft along axis 0 (strided) of [{rows}, {cols}] f64"),
            contenders: vec![
                contender("ranked", move || {
                    black_box(fft::rfft(&t2, Axis::<0>, None, Norm::Backward).unwrap());
                }),
                contender("realfft, new output", direct(columns.clone(), rows, true)),
                contender(
                    "realfft, output reused",
                    direct(columns.clone(), rows, false),
                ),
            ],
        },
        Case {
            id: format!(
                "B41 rfft_into along axis 0 (strided) of [{rows}, {cols}] f64, output reused"
            ),
            contenders: vec![
                contender("ranked", move || {
                    fft::rfft_into(&t4, Axis::<0>, None, Norm::Backward, &mut cols_out).unwrap();
                    black_box(&cols_out);
                }),
                contender("realfft, output reused", direct(columns, rows, false)),
            ],
        },
    ]
}
