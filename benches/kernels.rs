//! The benchmark kernels, shared by the criterion suite (`benches/suite.rs`) and the report
//! program (`benches/report.rs`), so both measure exactly the same work.
//!
//! Every kernel returns a [`Case`]: named contenders that do the same work on identical data,
//! one of them the baseline the others are compared with.

#![allow(dead_code)] // each user picks its own subset

use std::hint::black_box;
use std::ops::Index;

use ndarray::{Array, ArrayD, Axis as NdAxis, Ix4, IxDyn, ShapeBuilder};
use ranked::{Axis, INFER, Tensor, TensorView, s};

/// One contender: a name and the work to time (`FnMut` so it can reuse buffers).
pub struct Contender<'a> {
    /// Who runs: `ranked`, a peer, or the baseline.
    pub name: &'static str,
    /// One run of the work.
    pub run: Box<dyn FnMut() + 'a>,
}

/// A benchmark: its name, what it measures, and the contenders (the first is ours).
pub struct Case<'a> {
    /// The benchmark's name (B1 … B19 and what it measures).
    pub id: String,
    /// The contenders, ours first.
    pub contenders: Vec<Contender<'a>>,
}

pub fn contender<'a>(name: &'static str, run: impl FnMut() + 'a) -> Contender<'a> {
    Contender {
        name,
        run: Box::new(run),
    }
}

/// Deterministic pseudo-random numbers (64-bit LCG), identical for every contender.
pub fn lcg(seed: u64) -> impl FnMut() -> u64 {
    let mut state = seed;
    move || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        state >> 33
    }
}

/// Shared data of a 4-D f32 benchmark: ours and ndarray's copy of the same elements.
pub struct Data4 {
    /// Ours, row-major.
    pub ours: Tensor<f32, 4>,
    /// ndarray's, row-major, same elements.
    pub nd: Array<f32, Ix4>,
}

/// Pseudo-random data of the given shape for both libraries.
pub fn data4(shape: [usize; 4]) -> Data4 {
    let mut next = lcg(7);
    let ours = Tensor::from_fn(shape, |_| (next() % 1000) as f32 / 7.0);
    let nd = Array::from_shape_vec(shape.f().set_f(false), ours.to_vec()).unwrap();
    Data4 { ours, nd }
}

/// The destination of a `memcpy` baseline: `n` zeros in a buffer that `ranked` allocated, so
/// that it is backed by the same kind of pages (huge pages on Linux) as the tensors it is
/// compared with, and the baseline measures the copy, not the memory.
pub fn flat_buffer(n: usize) -> Vec<f32> {
    Tensor::<f32, 1>::zeros([n]).into_vec()
}

/// A naive dynamic-rank tensor as in the seeds: shape and strides in `Vec`s.
pub struct Naive {
    /// The elements, row-major.
    pub data: Vec<f32>,
    /// The shape.
    pub shape: Vec<usize>,
    /// The row-major strides.
    pub strides: Vec<usize>,
}

impl Naive {
    /// Checked element access, as in the seeds.
    pub fn get(&self, index: &[usize]) -> Option<&f32> {
        if index.len() != self.shape.len() || index.iter().zip(&self.shape).any(|(i, d)| i >= d) {
            return None;
        }
        let at: usize = index.iter().zip(&self.strides).map(|(i, s)| i * s).sum();
        self.data.get(at)
    }
}

/// B1: checked `get` at 4096 pseudo-random indices of a 16⁴ f32 tensor. As in B2, each
/// contender is a function taking references.
pub fn b1(d: &Data4) -> Case<'_> {
    let mut next = lcg(11);
    let idx: Vec<[usize; 4]> = (0..4096)
        .map(|_| [0; 4].map(|_| (next() % 16) as usize))
        .collect();
    let dynamic: ArrayD<f32> = d.nd.clone().into_dyn();
    let naive = Naive {
        data: d.ours.to_vec(),
        shape: d.ours.shape().to_vec(),
        strides: d.ours.strides().iter().map(|&s| s as usize).collect(),
    };
    let (i1, i2, i3, i4) = (idx.clone(), idx.clone(), idx.clone(), idx);
    Case {
        id: "B1 random get 16^4".into(),
        contenders: vec![
            contender("ranked", move || {
                black_box(gets(black_box(&d.ours), black_box(&i1)));
            }),
            contender("ndarray Ix4", move || {
                black_box(gets_nd(black_box(&d.nd), black_box(&i2)));
            }),
            contender("ndarray IxDyn", move || {
                black_box(gets_nd_dyn(black_box(&dynamic), black_box(&i3)));
            }),
            contender("naive Vec", move || {
                black_box(gets_naive(black_box(&naive), black_box(&i4)));
            }),
        ],
    }
}

/// B1's loop over our tensor.
#[inline(never)]
pub fn gets(t: &Tensor<f32, 4>, idx: &[[usize; 4]]) -> f32 {
    idx.iter().map(|&i| *t.get(i).unwrap()).sum()
}

/// B1's loop over ndarray's `Ix4` array.
#[inline(never)]
pub fn gets_nd(t: &Array<f32, Ix4>, idx: &[[usize; 4]]) -> f32 {
    idx.iter().map(|&i| *t.get(i).unwrap()).sum()
}

/// B1's loop over ndarray's `IxDyn` array.
#[inline(never)]
pub fn gets_nd_dyn(t: &ArrayD<f32>, idx: &[[usize; 4]]) -> f32 {
    idx.iter().map(|i| *t.get(&i[..]).unwrap()).sum()
}

/// B1's loop over the naive dynamic-rank tensor.
#[inline(never)]
pub fn gets_naive(t: &Naive, idx: &[[usize; 4]]) -> f32 {
    idx.iter().map(|i| *t.get(&i[..]).unwrap()).sum()
}

/// B2: nested-loop `t[[i, j, k, l]]` sum over 32⁴, against a fold of the contiguous slice.
/// Each contender is a function taking a reference, as user code would be (a reference from
/// `black_box` is not known to be dereferenceable, which would stop the compiler from keeping
/// the layout in registers — for ndarray as for us).
pub fn b2(d: &Data4) -> Case<'_> {
    let n = d.ours.shape()[0];
    Case {
        id: "B2 nested index sum 32^4".into(),
        contenders: vec![
            contender("ranked", move || {
                black_box(nested_sum(black_box(&d.ours), black_box(n)));
            }),
            contender("ndarray Ix4", move || {
                black_box(nested_sum(black_box(&d.nd), black_box(n)));
            }),
            contender("slice fold", move || {
                black_box(slice_sum(black_box(d.ours.as_slice().unwrap())));
            }),
        ],
    }
}

/// B2's loop, the same code for both libraries (each instantiates it for its own type).
#[inline(never)]
pub fn nested_sum<T: Index<[usize; 4], Output = f32>>(t: &T, n: usize) -> f32 {
    let mut s = 0.0f32;
    for i in 0..n {
        for j in 0..n {
            for k in 0..n {
                for l in 0..n {
                    s += t[[i, j, k, l]];
                }
            }
        }
    }
    s
}

/// B2's baseline: a fold of the contiguous elements, in order.
#[inline(never)]
pub fn slice_sum(t: &[f32]) -> f32 {
    t.iter().fold(0.0f32, |s, &x| s + x)
}

/// B3: `fold` over a permuted view, against ndarray's `fold` and a contiguous slice fold.
pub fn b3(d: &Data4) -> Case<'_> {
    let perm = [3, 1, 0, 2];
    Case {
        id: "B3 fold over permuted view".into(),
        contenders: vec![
            contender("ranked", move || {
                let v = d.ours.view().permute(perm).unwrap();
                black_box(v.fold(0.0f32, |s, &x| s + x));
            }),
            contender("ndarray Ix4", move || {
                let v = d.nd.view().permuted_axes(perm);
                black_box(v.fold(0.0f32, |s, &x| s + x));
            }),
            contender("slice fold", move || {
                black_box(
                    d.ours
                        .as_slice()
                        .unwrap()
                        .iter()
                        .fold(0.0f32, |s, &x| s + x),
                );
            }),
        ],
    }
}

/// B6: allocating `to_contiguous` of a permuted view, against `to_vec` of the same bytes
/// (contiguous, into a buffer allocated by `ranked`) and ndarray's `as_standard_layout`.
pub fn b6(d: &Data4) -> Case<'_> {
    let perm = [0, 2, 3, 1];
    Case {
        id: "B6 allocating to_contiguous".into(),
        contenders: vec![
            contender("ranked", move || {
                black_box(d.ours.view().permute(perm).unwrap().to_contiguous());
            }),
            contender("ndarray std layout", move || {
                black_box(
                    d.nd.view()
                        .permuted_axes(perm)
                        .as_standard_layout()
                        .into_owned(),
                );
            }),
            // The same bytes copied in order into a new buffer that `ranked` allocates (so with
            // the same kind of pages as ours): what allocating and writing 64 MiB costs.
            contender("to_vec", move || {
                black_box(black_box(&d.ours).to_vec());
            }),
        ],
    }
}

/// B7: `out = a + b` into a preallocated output, for a contiguous + broadcast, a permuted +
/// broadcast, and two contiguous operands, against ndarray's `Zip` and a `memcpy` of the
/// output's bytes.
pub fn b7<'a>(d: &'a Data4, e: &'a Data4) -> Vec<Case<'a>> {
    let shape = *d.ours.shape();
    let last = shape[3];
    let row: Tensor<f32, 1> = Tensor::from_fn([last], |[i]| i as f32);
    let nd_row = Array::from_shape_vec(last, row.to_vec()).unwrap();
    let mut cases = Vec::new();
    for (name, permuted) in [
        ("contiguous + broadcast", false),
        ("permuted + broadcast", true),
    ] {
        let (row, nd_row) = (row.clone(), nd_row.clone());
        let perm = if permuted { [3, 2, 1, 0] } else { [0, 1, 2, 3] };
        let out_shape = *d.ours.view().permute(perm).unwrap().shape();
        let mut out: Tensor<f32, 4> = Tensor::zeros(out_shape);
        let mut nd_out: Array<f32, Ix4> = Array::zeros(out_shape);
        let mut flat = flat_buffer(d.ours.len());
        cases.push(Case {
            id: format!("B7 out = a + b, {name}"),
            contenders: vec![
                contender("ranked", move || {
                    out.assign_zip(&d.ours.view().permute(perm).unwrap(), &row, |&x, &y| x + y);
                    black_box(&out);
                }),
                contender("ndarray Ix4", move || {
                    ndarray::Zip::from(&mut nd_out)
                        .and(&d.nd.view().permuted_axes(perm))
                        .and_broadcast(&nd_row)
                        .for_each(|o, &x, &y| *o = x + y);
                    black_box(&nd_out);
                }),
                contender("memcpy", move || {
                    flat.copy_from_slice(black_box(d.ours.as_slice().unwrap()));
                    black_box(&flat);
                }),
            ],
        });
    }
    let mut out: Tensor<f32, 4> = Tensor::zeros(shape);
    let mut nd_out: Array<f32, Ix4> = Array::zeros(shape);
    let mut flat = flat_buffer(d.ours.len());
    cases.push(Case {
        id: "B7 out = a + b, three contiguous".into(),
        contenders: vec![
            contender("ranked", move || {
                out.assign_zip(&d.ours, &e.ours, |&x, &y| x + y);
                black_box(&out);
            }),
            contender("ndarray Ix4", move || {
                ndarray::Zip::from(&mut nd_out)
                    .and(&d.nd)
                    .and(&e.nd)
                    .for_each(|o, &x, &y| *o = x + y);
                black_box(&nd_out);
            }),
            contender("memcpy", move || {
                flat.copy_from_slice(black_box(d.ours.as_slice().unwrap()));
                black_box(&flat);
            }),
        ],
    });
    cases
}

/// B8: sum along each axis of a 4-D tensor, against a read-only sum of the same bytes (the
/// whole contiguous tensor summed in memory order, vectorised) and ndarray's `sum_axis`.
pub fn b8(d: &Data4) -> Vec<Case<'_>> {
    (0..4)
        .map(|axis| Case {
            id: format!("B8 sum along axis {axis}"),
            contenders: vec![
                contender("ranked", move || {
                    let s = match axis {
                        0 => d.ours.sum_axis(Axis::<0>),
                        1 => d.ours.sum_axis(Axis::<1>),
                        2 => d.ours.sum_axis(Axis::<2>),
                        _ => d.ours.sum_axis(Axis::<3>),
                    };
                    black_box(s);
                }),
                contender("ndarray Ix4", move || {
                    black_box(d.nd.sum_axis(NdAxis(axis)));
                }),
                contender("contiguous sum", move || {
                    black_box(black_box(&d.ours).sum());
                }),
            ],
        })
        .collect()
}

/// Chains per B9 run: one chain takes well under a microsecond, about what reading the clock
/// costs, so a run times a batch of them. Each chain is a function taking a reference, as in B2.
pub const CHAINS: usize = 1000;

/// B9: a chain of view operations starting at rank 4 and ending at rank 6 — permute, slice,
/// reshape_view (split), unsqueeze, broadcast — against the same chain in ndarray with fixed
/// dimensions (`Ix4` … `Ix6`) and with `IxDyn`; each run does [`CHAINS`] chains.
pub fn b9(d: &Data4) -> Case<'_> {
    let dyn_nd: ArrayD<f32> = d.nd.clone().into_dyn();
    Case {
        id: format!("B9 view chain rank 4 -> 6 (x{CHAINS})"),
        contenders: vec![
            contender("ranked", move || {
                for _ in 0..CHAINS {
                    black_box(view_chain(black_box(&d.ours)));
                }
            }),
            contender("ndarray Ix4", move || {
                for _ in 0..CHAINS {
                    black_box(nd_chain(black_box(&d.nd)));
                }
            }),
            contender("ndarray IxDyn", move || {
                for _ in 0..CHAINS {
                    black_box(nd_dyn_chain(black_box(&dyn_nd)));
                }
            }),
        ],
    }
}

/// The B9 chain in ndarray with fixed dimensions.
#[inline(never)]
pub fn nd_chain(t: &Array<f32, Ix4>) -> usize {
    let v = t.view().permuted_axes([1, 0, 2, 3]);
    let v = v.slice_move(ndarray::s![1.., ..;2, .., ..]);
    let [a, b, c, e] = [v.shape()[0], v.shape()[1], v.shape()[2], v.shape()[3]];
    let v = v.to_shape((a, b, c, 2, e / 2)).unwrap();
    let v = v.view().insert_axis(NdAxis(0));
    let out = v.broadcast((3, a, b, c, 2, e / 2)).unwrap();
    out.len()
}

/// The B9 chain in ndarray with `IxDyn`.
#[inline(never)]
pub fn nd_dyn_chain(t: &ArrayD<f32>) -> usize {
    let v = t.view().permuted_axes(IxDyn(&[1, 0, 2, 3]));
    let v = v.slice_move(ndarray::s![1.., ..;2, .., ..]);
    let sh = v.shape().to_vec();
    let v = v
        .to_shape(IxDyn(&[sh[0], sh[1], sh[2], 2, sh[3] / 2]))
        .unwrap();
    let v = v.view().insert_axis(NdAxis(0));
    let out = v
        .broadcast(IxDyn(&[3, sh[0], sh[1], sh[2], 2, sh[3] / 2]))
        .unwrap();
    out.len()
}

/// The B9 chain: rank 4 → permute → slice → reshape_view (split the last axis) → rank 5 →
/// unsqueeze → rank 6 → broadcast; returns the element count. No step allocates.
#[inline(never)]
pub fn view_chain(t: &Tensor<f32, 4>) -> usize {
    let v = t.view().permute([1, 0, 2, 3]).unwrap();
    let v = v.slice(s![1.., ..;2, .., ..]).unwrap();
    let [a, b, c, e] = *v.shape();
    let v: TensorView<'_, f32, 5> = v.reshape_view([a, b, c, 2, INFER]).unwrap();
    let v = v.unsqueeze(Axis::<0>);
    let out: TensorView<'_, f32, 6> = v.broadcast_to([3, a, b, c, 2, e / 2]).unwrap();
    out.len()
}

/// B10: sum of the sums of the sub-views along the first axis (`outer_iter`).
pub fn b10(d: &Data4) -> Case<'_> {
    Case {
        id: "B10 sum over outer_iter".to_string(),
        contenders: vec![
            contender("ranked", move || {
                let s: f32 = black_box(&d.ours).outer_iter().map(|v| v.sum()).sum();
                black_box(s);
            }),
            contender("ndarray Ix4", move || {
                let s: f32 = black_box(&d.nd).outer_iter().map(|v| v.sum()).sum();
                black_box(s);
            }),
        ],
    }
}

/// B11: a three-operand Zip writing `out = a · b + 1`.
pub fn b11<'a>(d: &'a Data4, e: &'a Data4) -> Case<'a> {
    let shape = *d.ours.shape();
    let mut out: Tensor<f32, 4> = Tensor::zeros(shape);
    let mut nd_out: Array<f32, Ix4> = Array::zeros(shape);
    Case {
        id: "B11 Zip of three operands".to_string(),
        contenders: vec![
            contender("ranked", move || {
                ranked::Zip::from_mut(&mut out)
                    .and(&d.ours)
                    .and(&e.ours)
                    .for_each(|o, &x, &y| *o = x * y + 1.0)
                    .unwrap();
                black_box(&out);
            }),
            contender("ndarray Ix4", move || {
                ndarray::Zip::from(&mut nd_out)
                    .and(&d.nd)
                    .and(&e.nd)
                    .for_each(|o, &x, &y| *o = x * y + 1.0);
                black_box(&nd_out);
            }),
        ],
    }
}

/// B12: `concatenate` of four 16 MiB blocks (1024 × 4096 f32 each) along the first axis.
pub fn b12() -> Case<'static> {
    let blocks: Vec<Tensor<f32, 2>> = (0..4)
        .map(|b| Tensor::from_fn([1024, 4096], |[i, j]| (b * 7 + i + j) as f32))
        .collect();
    let nd_blocks: Vec<Array<f32, ndarray::Ix2>> = blocks
        .iter()
        .map(|t| Array::from_shape_vec((1024, 4096), t.to_vec()).unwrap())
        .collect();
    Case {
        id: "B12 concatenate four 16 MiB blocks".to_string(),
        contenders: vec![
            contender("ranked", move || {
                let views: Vec<TensorView<'_, f32, 2>> = blocks.iter().map(|b| b.view()).collect();
                black_box(ranked::concatenate(Axis::<0>, &views).unwrap());
            }),
            contender("ndarray Ix2", move || {
                let views: Vec<_> = nd_blocks.iter().map(|b| b.view()).collect();
                black_box(ndarray::concatenate(NdAxis(0), &views).unwrap());
            }),
        ],
    }
}

/// B13: `var_axis` (population variance) along each axis.
pub fn b13(d: &Data4) -> Vec<Case<'_>> {
    (0..4)
        .map(|axis| Case {
            id: format!("B13 var along axis {axis}"),
            contenders: vec![
                contender("ranked", move || {
                    let v = match axis {
                        0 => d.ours.var_axis(Axis::<0>, 0),
                        1 => d.ours.var_axis(Axis::<1>, 0),
                        2 => d.ours.var_axis(Axis::<2>, 0),
                        _ => d.ours.var_axis(Axis::<3>, 0),
                    };
                    black_box(v.unwrap());
                }),
                contender("ndarray Ix4", move || {
                    black_box(d.nd.var_axis(NdAxis(axis), 0.0));
                }),
            ],
        })
        .collect()
}

/// B14: `exp` of every element into a new tensor.
pub fn b14(d: &Data4) -> Case<'_> {
    Case {
        id: format!("B14 exp of {} elements", d.ours.len()),
        contenders: vec![
            contender("ranked", move || {
                black_box(black_box(&d.ours).exp());
            }),
            contender("ndarray Ix4", move || {
                black_box(black_box(&d.nd).mapv(f32::exp));
            }),
        ],
    }
}

/// B15: square matrix products `a · b` into a new matrix, against ndarray's `dot` (both on
/// `matrixmultiply`), for `f32` and `f64`; and the same `f32` product with the left operand a
/// transposed view (column-major strides) against our own contiguous case.
pub fn b15(n: usize) -> Vec<Case<'static>> {
    let mut next = lcg(11);
    let a32: Tensor<f32, 2> = Tensor::from_fn([n, n], |_| (next() % 100) as f32 / 10.0);
    let b32: Tensor<f32, 2> = Tensor::from_fn([n, n], |_| (next() % 100) as f32 / 10.0);
    let a64: Tensor<f64, 2> = a32.map(|&x| f64::from(x));
    let b64: Tensor<f64, 2> = b32.map(|&x| f64::from(x));
    let nd = |t: &Tensor<f32, 2>| Array::from_shape_vec((n, n), t.to_vec()).unwrap();
    let (na32, nb32) = (nd(&a32), nd(&b32));
    let (na64, nb64) = (na32.mapv(f64::from), nb32.mapv(f64::from));
    let at32: Tensor<f32, 2> = a32.view().t().to_contiguous();
    let (a32b, b32b, b32c) = (a32.clone(), b32.clone(), b32.clone());
    vec![
        Case {
            id: format!("B15 matmul f32 {n}x{n}"),
            contenders: vec![
                contender("ranked", move || {
                    black_box(black_box(&a32).matmul(&b32).unwrap());
                }),
                contender("ndarray dot", move || {
                    black_box(black_box(&na32).dot(&nb32));
                }),
            ],
        },
        Case {
            id: format!("B15 matmul f64 {n}x{n}"),
            contenders: vec![
                contender("ranked", move || {
                    black_box(black_box(&a64).matmul(&b64).unwrap());
                }),
                contender("ndarray dot", move || {
                    black_box(black_box(&na64).dot(&nb64));
                }),
            ],
        },
        Case {
            id: format!("B15 matmul f32 {n}x{n}, left operand transposed"),
            contenders: vec![
                contender("ranked", move || {
                    black_box(black_box(&at32).view().t().matmul(&b32b).unwrap());
                }),
                contender("ranked contiguous", move || {
                    black_box(black_box(&a32b).matmul(&b32c).unwrap());
                }),
            ],
        },
    ]
}

/// B16: a batch of 64 products of 64 × 64 f32 matrices: the batched `matmul` (rank 3 @ rank 3)
/// against a loop of ndarray `dot`s, and `einsum!("bij,bjk->bik")` against the batched
/// `matmul` it lowers to.
pub fn b16() -> Vec<Case<'static>> {
    const B: usize = 64;
    const N: usize = 64;
    let mut next = lcg(17);
    let a: Tensor<f32, 3> = Tensor::from_fn([B, N, N], |_| (next() % 100) as f32 / 10.0);
    let b: Tensor<f32, 3> = Tensor::from_fn([B, N, N], |_| (next() % 100) as f32 / 10.0);
    let nd = |t: &Tensor<f32, 3>| {
        (0..B)
            .map(|i| {
                let m = t.view().select(Axis::<0>, i).unwrap().to_vec();
                Array::from_shape_vec((N, N), m).unwrap()
            })
            .collect::<Vec<_>>()
    };
    let (na, nb) = (nd(&a), nd(&b));
    let (a2, b2) = (a.clone(), b.clone());
    let (a3, b3) = (a.clone(), b.clone());
    vec![
        Case {
            id: format!("B16 batched matmul {B} x ({N}x{N}) f32"),
            contenders: vec![
                contender("ranked", move || {
                    black_box(black_box(&a).matmul(&b).unwrap());
                }),
                contender("loop of ndarray dot", move || {
                    for (x, y) in black_box(&na).iter().zip(&nb) {
                        black_box(x.dot(y));
                    }
                }),
            ],
        },
        Case {
            id: format!("B16 einsum bij,bjk->bik {B} x ({N}x{N}) f32"),
            contenders: vec![
                contender("ranked", move || {
                    black_box(ranked::einsum!("bij,bjk->bik", *black_box(&a2), b2).unwrap());
                }),
                contender("ranked batched matmul", move || {
                    black_box(black_box(&a3).matmul(&b3).unwrap());
                }),
            ],
        },
    ]
}

/// B17: `&a + &b` into a new tensor, with `b` of size 1 along one axis (broadcast along it), for
/// each axis; against ndarray's `&a + &b` and `memcpy` of `a`'s bytes (the result is as large).
pub fn b17(d: &Data4) -> Vec<Case<'_>> {
    let shape = *d.ours.shape();
    (0..4)
        .map(|axis| {
            let mut b_shape = shape;
            b_shape[axis] = 1;
            let mut next = lcg(23 + axis as u64);
            let b: Tensor<f32, 4> = Tensor::from_fn(b_shape, |_| (next() % 100) as f32 / 10.0);
            let nd_b = Array::from_shape_vec(b_shape, b.to_vec()).unwrap();
            let mut flat = flat_buffer(d.ours.len());
            Case {
                id: format!("B17 a + b into a new tensor, b broadcast along axis {axis}"),
                contenders: vec![
                    contender("ranked", move || {
                        black_box(black_box(&d.ours) + &b);
                    }),
                    contender("ndarray Ix4", move || {
                        black_box(black_box(&d.nd) + &nd_b);
                    }),
                    contender("memcpy", move || {
                        flat.copy_from_slice(black_box(d.ours.as_slice().unwrap()));
                        black_box(&flat);
                    }),
                ],
            }
        })
        .collect()
}

/// B20: reductions along the long axis (axis 0) of tall, narrow `f32` tables, `[10000, 5]` and
/// `[1000000, 3]` (a few columns of many rows: the column statistics of a table), against
/// ndarray's same reduction in the same run. ndarray has no `min_axis`/`max_axis`: its
/// `fold_axis` with `f32::min`/`f32::max` stands in.
pub fn b20() -> Vec<Case<'static>> {
    let mut cases = Vec::new();
    for shape in [[10_000, 5], [1_000_000, 3]] {
        let mut next = lcg(31);
        let ours: Tensor<f32, 2> =
            Tensor::from_fn(shape, |_| 1000.0 + (next() % 10_000) as f32 / 997.0);
        let nd = Array::from_shape_vec(shape, ours.to_vec()).unwrap();
        let tables = std::rc::Rc::new((ours, nd));
        type Pair = (Tensor<f32, 2>, Array<f32, ndarray::Ix2>);
        type Op = (&'static str, fn(&Pair), fn(&Pair));
        let ops: [Op; 6] = [
            (
                "sum_axis",
                |p| drop(black_box(black_box(&p.0).sum_axis(Axis::<0>))),
                |p| drop(black_box(black_box(&p.1).sum_axis(NdAxis(0)))),
            ),
            (
                "mean_axis",
                |p| drop(black_box(black_box(&p.0).mean_axis(Axis::<0>))),
                |p| drop(black_box(black_box(&p.1).mean_axis(NdAxis(0)))),
            ),
            (
                "var_axis",
                |p| drop(black_box(black_box(&p.0).var_axis(Axis::<0>, 0))),
                |p| drop(black_box(black_box(&p.1).var_axis(NdAxis(0), 0.0))),
            ),
            (
                "std_axis",
                |p| drop(black_box(black_box(&p.0).std_axis(Axis::<0>, 0))),
                |p| drop(black_box(black_box(&p.1).std_axis(NdAxis(0), 0.0))),
            ),
            (
                "min_axis",
                |p| drop(black_box(black_box(&p.0).min_axis(Axis::<0>))),
                |p| {
                    drop(black_box(black_box(&p.1).fold_axis(
                        NdAxis(0),
                        f32::INFINITY,
                        |a, &x| a.min(x),
                    )))
                },
            ),
            (
                "max_axis",
                |p| drop(black_box(black_box(&p.0).max_axis(Axis::<0>))),
                |p| {
                    drop(black_box(black_box(&p.1).fold_axis(
                        NdAxis(0),
                        f32::NEG_INFINITY,
                        |a, &x| a.max(x),
                    )))
                },
            ),
        ];
        for (name, ranked_op, nd_op) in ops {
            let (a, b) = (tables.clone(), tables.clone());
            cases.push(Case {
                id: format!(
                    "B20 {name}(Axis 0) of a [{}, {}] f32 table",
                    shape[0], shape[1]
                ),
                contenders: vec![
                    contender("ranked", move || ranked_op(&a)),
                    contender("ndarray", move || nd_op(&b)),
                ],
            });
        }
    }
    cases
}

/// Calls per run in B42: tiny operations take tens of nanoseconds, below what one timer
/// reading resolves.
const TINY_CALLS: usize = 1000;

/// B42: the fixed cost per call on tiny tensors (1 to 256 `f32`), against ndarray's same
/// operation: `&a + &b` into a new tensor, a whole `sum` and `max`, `map` into a new tensor,
/// three views (a stepped slice, a reshape, a rank-4 permutation) and a transposed `assign`,
/// each run [`TINY_CALLS`] times.
pub fn b42() -> Vec<Case<'static>> {
    let pair = |n: usize| {
        let ours = Tensor::<f32, 1>::from_fn([n], |[i]| i as f32 * 0.5);
        let nd = Array::from_shape_vec(n, ours.to_vec()).unwrap();
        (ours, nd)
    };
    let mut cases = Vec::new();
    for n in [1, 4, 256] {
        let (a, na) = pair(n);
        cases.push(Case {
            id: format!("B42 &a + &b of two [{n}] f32 ({TINY_CALLS} calls)"),
            contenders: vec![
                contender("ranked", move || {
                    for _ in 0..TINY_CALLS {
                        black_box(black_box(&a) + black_box(&a));
                    }
                }),
                contender("ndarray", move || {
                    for _ in 0..TINY_CALLS {
                        black_box(black_box(&na) + black_box(&na));
                    }
                }),
            ],
        });
    }
    let square = Tensor::<f32, 2>::from_fn([16, 16], |[i, j]| (i * 16 + j) as f32 * 0.25);
    let nd_square = Array::from_shape_vec((16, 16), square.to_vec()).unwrap();
    let (m, nm) = (square.clone(), nd_square.clone());
    cases.push(Case {
        id: format!("B42 sum of [16, 16] f32 ({TINY_CALLS} calls)"),
        contenders: vec![
            contender("ranked", move || {
                for _ in 0..TINY_CALLS {
                    black_box(black_box(&m).sum());
                }
            }),
            contender("ndarray", move || {
                for _ in 0..TINY_CALLS {
                    black_box(black_box(&nm).sum());
                }
            }),
        ],
    });
    // ndarray has no `max`; its stand-in is a fold with `f32::max`, which skips NaN where ours
    // propagates it.
    let (m, nm) = (square.clone(), nd_square.clone());
    cases.push(Case {
        id: format!("B42 max of [16, 16] f32 ({TINY_CALLS} calls)"),
        contenders: vec![
            contender("ranked", move || {
                for _ in 0..TINY_CALLS {
                    black_box(black_box(&m).max());
                }
            }),
            contender("ndarray", move || {
                for _ in 0..TINY_CALLS {
                    black_box(black_box(&nm).fold(f32::NEG_INFINITY, |a, &b| a.max(b)));
                }
            }),
        ],
    });
    let (m, nm) = (square.clone(), nd_square.clone());
    cases.push(Case {
        id: format!("B42 map x * 2 of [16, 16] f32 ({TINY_CALLS} calls)"),
        contenders: vec![
            contender("ranked", move || {
                for _ in 0..TINY_CALLS {
                    black_box(black_box(&m).map(|x| x * 2.0));
                }
            }),
            contender("ndarray", move || {
                for _ in 0..TINY_CALLS {
                    black_box(black_box(&nm).map(|x| x * 2.0));
                }
            }),
        ],
    });
    // Views: each call builds a view of a tiny tensor (its layout checked, as every view of
    // both libraries is) and hands it on; no element moves.
    let (m, nm) = (square.clone(), nd_square.clone());
    cases.push(Case {
        id: format!("B42 view slice [2..10, 1..;2] of [16, 16] f32 ({TINY_CALLS} calls)"),
        contenders: vec![
            contender("ranked", move || {
                for _ in 0..TINY_CALLS {
                    black_box(black_box(&m).view().slice(s![2..10, 1..;2]).unwrap());
                }
            }),
            contender("ndarray", move || {
                for _ in 0..TINY_CALLS {
                    black_box(black_box(&nm).slice(ndarray::s![2..10, 1..;2]));
                }
            }),
        ],
    });
    let (m, nm) = (square.clone(), nd_square.clone());
    cases.push(Case {
        id: format!("B42 view reshape [16, 16] to [4, 64] f32 ({TINY_CALLS} calls)"),
        contenders: vec![
            contender("ranked", move || {
                for _ in 0..TINY_CALLS {
                    black_box(black_box(&m).view().reshape_view([4, 64]).unwrap());
                }
            }),
            contender("ndarray", move || {
                for _ in 0..TINY_CALLS {
                    black_box(
                        black_box(&nm)
                            .view()
                            .into_shape_with_order((4, 64))
                            .unwrap(),
                    );
                }
            }),
        ],
    });
    let cube = Tensor::<f32, 4>::from_fn([4, 4, 4, 4], |[i, j, k, l]| (i + j + k + l) as f32);
    let nd_cube = Array::from_shape_vec((4, 4, 4, 4), cube.to_vec()).unwrap();
    cases.push(Case {
        id: format!("B42 view permute [3, 1, 0, 2] of [4, 4, 4, 4] f32 ({TINY_CALLS} calls)"),
        contenders: vec![
            contender("ranked", move || {
                for _ in 0..TINY_CALLS {
                    black_box(black_box(&cube).view().permute([3, 1, 0, 2]).unwrap());
                }
            }),
            contender("ndarray", move || {
                for _ in 0..TINY_CALLS {
                    black_box(black_box(&nd_cube).view().permuted_axes([3, 1, 0, 2]));
                }
            }),
        ],
    });
    let (m, nm) = (square, nd_square);
    let (mut out, mut nd_out) = (m.clone(), nm.clone());
    cases.push(Case {
        id: format!("B42 assign the transpose of [16, 16] f32 ({TINY_CALLS} calls)"),
        contenders: vec![
            contender("ranked", move || {
                for _ in 0..TINY_CALLS {
                    out.assign(&black_box(&m).view().t());
                    black_box(&out);
                }
            }),
            contender("ndarray", move || {
                for _ in 0..TINY_CALLS {
                    nd_out.assign(&black_box(&nm).t());
                    black_box(&nd_out);
                }
            }),
        ],
    });
    cases
}
