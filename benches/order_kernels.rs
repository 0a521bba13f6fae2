//! The benchmark kernels of ordering, indexing and masks (B24–B28), shared by the criterion
//! suite and the report program. Each is measured against what a Rust user writes by hand
//! with the standard library (a sort of each row's copy, an index sort by key, a
//! filter-and-collect loop) or against `memcpy` of the result's bytes, the physical limit of a
//! copy that writes them.

use std::hint::black_box;

use ranked::ops::PadMode;
use ranked::{Axis, Tensor};

use crate::kernels::{Case, contender, flat_buffer, lcg};

/// `n` pseudo-random `f32` in `[0, 1000)`, with many distinct values.
fn floats(n: usize, seed: u64) -> Vec<f32> {
    let mut next = lcg(seed);
    (0..n)
        .map(|_| (next() % 1_000_000) as f32 / 1000.0)
        .collect()
}

/// B24: sorting each lane of a `[side, side]` `f32` tensor into a new tensor, along the rows
/// (axis 1) and down the columns (axis 0), against copying the data and sorting each row of
/// the copy with `sort_unstable_by(f32::total_cmp)`: the same number of lanes of the same
/// length, all contiguous for the baseline.
pub fn b24(side: usize) -> Vec<Case<'static>> {
    let t = Tensor::from_vec(floats(side * side, 24), [side, side]).unwrap();
    let data = t.to_vec();
    let baseline = move || {
        let mut copy = data.clone();
        for row in copy.chunks_exact_mut(side) {
            row.sort_unstable_by(f32::total_cmp);
        }
        black_box(copy);
    };
    let (rows, columns) = (t.clone(), t);
    vec![
        Case {
            id: format!("B24 sort each row of [{side}, {side}] f32"),
            contenders: vec![
                contender("ranked", move || {
                    black_box(rows.sort_unstable_axis(Axis::<1>));
                }),
                contender("rows sort_unstable_by", baseline.clone()),
            ],
        },
        Case {
            id: format!("B24 sort each column (axis 0) of [{side}, {side}] f32"),
            contenders: vec![
                contender("ranked", move || {
                    black_box(columns.sort_unstable_axis(Axis::<0>));
                }),
                contender("rows sort_unstable_by", baseline),
            ],
        },
    ]
}

/// B25: `argsort` of `n` `f32` (stable), against sorting a vector of indices by their values
/// with the standard library's stable `sort_by` and unstable `sort_unstable_by`.
pub fn b25(n: usize) -> Case<'static> {
    let t = Tensor::from_vec(floats(n, 25), [n]).unwrap();
    let (v1, v2) = (t.to_vec(), t.to_vec());
    Case {
        id: format!("B25 argsort of {n} f32"),
        contenders: vec![
            contender("ranked", move || {
                black_box(t.argsort_axis(Axis::<0>));
            }),
            contender("index sort_by", move || {
                let mut idx: Vec<usize> = (0..n).collect();
                idx.sort_by(|&a, &b| v1[a].total_cmp(&v1[b]));
                black_box(idx);
            }),
            contender("index sort_unstable_by", move || {
                let mut idx: Vec<usize> = (0..n).collect();
                idx.sort_unstable_by(|&a, &b| v2[a].total_cmp(&v2[b]));
                black_box(idx);
            }),
        ],
    }
}

/// B26: `take_along_axis` of a `[rows, 1024]` `f32` tensor with random indices along the last
/// axis (as many as the data), against `memcpy` of the result's bytes and against the loop a
/// user writes over the slices (`row[idx[i]]`, its bounds checked by the indexing): into a new
/// tensor against the loop collecting a new `Vec`, and `take_along_axis_into` an existing
/// tensor against the loop writing an existing buffer.
pub fn b26(rows: usize) -> Vec<Case<'static>> {
    let cols = 1024;
    let t = Tensor::from_vec(floats(rows * cols, 26), [rows, cols]).unwrap();
    let mut next = lcg(261);
    let idx: Tensor<usize, 2> = Tensor::from_fn([rows, cols], |_| next() as usize % cols);
    let src = t.to_vec();
    let (raw_src, raw_idx) = (t.to_vec(), idx.to_vec());
    let (into_src, into_idx) = (raw_src.clone(), raw_idx.clone());
    let (t_into, idx_into) = (t.clone(), idx.clone());
    let mut into = Tensor::<f32, 2>::zeros([rows, cols]);
    let mut raw_dst = flat_buffer(rows * cols);
    let (mut dst, mut dst_into) = (flat_buffer(rows * cols), flat_buffer(rows * cols));
    let src_into = src.clone();
    let new = Case {
        id: format!("B26 take_along_axis (random, last axis) of [{rows}, {cols}] f32"),
        contenders: vec![
            contender("ranked", move || {
                black_box(t.take_along_axis(Axis::<1>, &idx).unwrap());
            }),
            contender("memcpy", move || {
                dst.copy_from_slice(black_box(&src));
                black_box(&dst);
            }),
            contender("indexing loop", move || {
                let mut out = Vec::with_capacity(rows * cols);
                let rows = raw_idx.chunks_exact(cols).zip(raw_src.chunks_exact(cols));
                for (idx, row) in rows {
                    out.extend(idx.iter().map(|&j| row[j]));
                }
                black_box(out);
            }),
        ],
    };
    let existing = Case {
        id: format!("B26 take_along_axis_into (random, last axis) of [{rows}, {cols}] f32"),
        contenders: vec![
            contender("ranked", move || {
                t_into
                    .take_along_axis_into(Axis::<1>, &idx_into, &mut into)
                    .unwrap();
                black_box(&into);
            }),
            contender("memcpy", move || {
                dst_into.copy_from_slice(black_box(&src_into));
                black_box(&dst_into);
            }),
            contender("indexing loop", move || {
                let rows = raw_dst
                    .chunks_exact_mut(cols)
                    .zip(into_idx.chunks_exact(cols))
                    .zip(into_src.chunks_exact(cols));
                for ((out, idx), row) in rows {
                    for (o, &j) in out.iter_mut().zip(idx) {
                        *o = row[j];
                    }
                }
                black_box(&raw_dst);
            }),
        ],
    };
    vec![new, existing]
}

/// B27: `masked_select` of `n` `f32` by a random mask that keeps about half, against a
/// filter-and-collect loop over the same slices.
pub fn b27(n: usize) -> Case<'static> {
    let t = Tensor::from_vec(floats(n, 27), [n]).unwrap();
    let mut next = lcg(271);
    let mask: Tensor<bool, 1> = Tensor::from_fn([n], |_| next().is_multiple_of(2));
    let (data, bits) = (t.to_vec(), mask.to_vec());
    Case {
        id: format!("B27 masked_select of half of {}M f32", n >> 20),
        contenders: vec![
            contender("ranked", move || {
                black_box(t.masked_select(&mask).unwrap());
            }),
            contender("filter-collect", move || {
                let kept: Vec<f32> = data
                    .iter()
                    .zip(&bits)
                    .filter(|(_, m)| **m)
                    .map(|(x, _)| *x)
                    .collect();
                black_box(kept);
            }),
        ],
    }
}

/// B28: `pad` of a `[side, side]` `f32` tensor by 8 on every side, with a constant and by
/// reflection, against `memcpy` of the result's bytes.
pub fn b28(side: usize) -> Vec<Case<'static>> {
    let t = Tensor::from_vec(floats(side * side, 28), [side, side]).unwrap();
    let out = (side + 16) * (side + 16);
    [
        ("constant", PadMode::Constant(0.0)),
        ("reflect", PadMode::Reflect),
    ]
    .into_iter()
    .map(|(name, mode)| {
        let t = t.clone();
        let src = flat_buffer(out);
        let mut dst = flat_buffer(out);
        Case {
            id: format!("B28 pad ({name}) [{side}, {side}] f32 by 8"),
            contenders: vec![
                contender("ranked", move || {
                    black_box(t.pad([(8, 8), (8, 8)], mode).unwrap());
                }),
                contender("memcpy", move || {
                    dst.copy_from_slice(black_box(&src));
                    black_box(&dst);
                }),
            ],
        }
    })
    .collect()
}
