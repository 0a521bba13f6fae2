//! Element access, measured against ndarray on identical data in the same run.
//!
//! - `get_random_16^4`: checked `get` at 4096 pseudo-random indices of a 16⁴ f32 tensor, against
//!   ndarray's `get` with a fixed-rank `Ix4` array and a dynamic-rank `IxDyn` array.
//! - `index_sum_32^4`: nested-loop `t[[i, j, k, l]]` sum over a 32⁴ f32 tensor, against ndarray
//!   `Ix4` indexing and a plain fold over the contiguous slice (the floor).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use ndarray::{Array, Ix4, IxDyn};
use ranked::Tensor;

/// Deterministic pseudo-random indices (64-bit LCG), identical for every contender.
fn random_indices(n: usize, dim: usize) -> Vec<[usize; 4]> {
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((state >> 33) as usize) % dim
    };
    (0..n).map(|_| [next(), next(), next(), next()]).collect()
}

fn get_random(c: &mut Criterion) {
    const D: usize = 16;
    let ours = Tensor::from_fn([D; 4], |[i, j, k, l]| {
        (i * 4096 + j * 256 + k * 16 + l) as f32
    });
    let fixed: Array<f32, Ix4> = Array::from_shape_vec((D, D, D, D), ours.to_vec()).unwrap();
    let dynamic: Array<f32, IxDyn> = fixed.clone().into_dyn();
    let idx = random_indices(4096, D);

    let mut g = c.benchmark_group("get_random_16^4");
    g.bench_function("ranked", |b| {
        b.iter(|| {
            let mut s = 0.0f32;
            for &i in black_box(&idx) {
                s += *ours.get(i).unwrap();
            }
            s
        })
    });
    g.bench_function("ndarray_Ix4", |b| {
        b.iter(|| {
            let mut s = 0.0f32;
            for &i in black_box(&idx) {
                s += *fixed.get(i).unwrap();
            }
            s
        })
    });
    g.bench_function("ndarray_IxDyn", |b| {
        b.iter(|| {
            let mut s = 0.0f32;
            for i in black_box(&idx) {
                s += *dynamic.get(&i[..]).unwrap();
            }
            s
        })
    });
    g.finish();
}

fn index_sum(c: &mut Criterion) {
    const D: usize = 32;
    let ours = Tensor::from_fn([D; 4], |[i, j, k, l]| ((i + j + k + l) % 7) as f32);
    let fixed: Array<f32, Ix4> = Array::from_shape_vec((D, D, D, D), ours.to_vec()).unwrap();

    let mut g = c.benchmark_group("index_sum_32^4");
    g.bench_function("ranked", |b| {
        b.iter(|| {
            let t = black_box(&ours);
            let mut s = 0.0f32;
            for i in 0..D {
                for j in 0..D {
                    for k in 0..D {
                        for l in 0..D {
                            s += t[[i, j, k, l]];
                        }
                    }
                }
            }
            s
        })
    });
    g.bench_function("ndarray_Ix4", |b| {
        b.iter(|| {
            let t = black_box(&fixed);
            let mut s = 0.0f32;
            for i in 0..D {
                for j in 0..D {
                    for k in 0..D {
                        for l in 0..D {
                            s += t[[i, j, k, l]];
                        }
                    }
                }
            }
            s
        })
    });
    g.bench_function("slice_fold", |b| {
        b.iter(|| {
            black_box(ours.as_slice().unwrap())
                .iter()
                .fold(0.0f32, |s, &x| s + x)
        })
    });
    g.finish();
}

criterion_group!(benches, get_random, index_sum);
criterion_main!(benches);
