//! The benchmark kernels of NumPy's `linalg` (B32–B35), shared by the criterion suite and the
//! report program: `solve` and `inv` of one large matrix against calling faer directly on the
//! same memory, `inv` and `det` of a stack of 3 × 3 matrices against a loop of faer calls, and
//! `matmul` against faer's `matmul` from 16 to 1024, and half-precision products against
//! `f32` ones.

use std::cell::RefCell;
use std::hint::black_box;
use std::rc::Rc;

use faer::linalg::solvers::{DenseSolveCore, Solve};
use faer::{Accum, Mat, MatRef, Par};
use ranked::{Tensor, linalg};

use crate::kernels::{Case, contender, lcg};

/// A tensor of pseudo-random `f64` in `[-1, 1)`, plus `shift` on the diagonal of each matrix
/// (well conditioned).
fn random<const R: usize>(shape: [usize; R], seed: u64, shift: f64) -> Tensor<f64, R> {
    let mut next = lcg(seed);
    Tensor::from_fn(shape, |idx| {
        let x = (next() % 2000) as f64 / 1000.0 - 1.0;
        if idx[R - 1] == idx[R - 2] {
            x + shift
        } else {
            x
        }
    })
}

/// The same row-major matrix, as faer reads it.
fn faer_ref(t: &Tensor<f64, 2>) -> MatRef<'_, f64> {
    let [m, n] = *t.shape();
    MatRef::from_row_major_slice(t.as_slice().unwrap(), m, n)
}

/// B32, B33: `solve` (one right-hand side vector) and `inv` of an `n × n` `f64` matrix, against
/// faer's LU called directly on the same memory (for `inv`, faer's inverse copied into a
/// `Vec`, as ours is).
pub fn b32_b33(n: usize) -> Vec<Case<'static>> {
    let a = random([n, n], 32, n as f64 / 10.0);
    let b = random([n, 1], 33, 0.0);
    let (a2, b2, a3, a4) = (a.clone(), b.clone(), a.clone(), a.clone());
    let bv = b.to_vec();
    vec![
        Case {
            id: format!("B32 linalg::solve {n}x{n} f64, one right-hand side"),
            contenders: vec![
                contender("ranked", move || {
                    let bv = Tensor::from_vec(bv.clone(), [n]).unwrap();
                    black_box(linalg::solve(&a, &bv).unwrap());
                }),
                contender("faer", move || {
                    let lu = faer_ref(&a2).partial_piv_lu();
                    black_box(lu.solve(faer_ref(&b2)));
                }),
            ],
        },
        Case {
            id: format!("B33 linalg::inv {n}x{n} f64"),
            contenders: vec![
                contender("ranked", move || {
                    black_box(linalg::inv(&a3).unwrap());
                }),
                contender("faer", move || {
                    let inv = faer_ref(&a4).partial_piv_lu().inverse();
                    let mut out = Vec::with_capacity(n * n);
                    for i in 0..n {
                        out.extend((0..n).map(|j| inv[(i, j)]));
                    }
                    black_box(out);
                }),
            ],
        },
    ]
}

/// Calls `f` on each matrix of the stack `t` of `n × n` matrices, as faer reads it, on one
/// thread: faer's decompositions take its global parallelism, which with its `rayon` feature
/// is rayon's pool, started for every 3 × 3 matrix (tens of microseconds each) rather than
/// what a loop over small matrices would choose.
fn each_matrix(t: &Tensor<f64, 3>, n: usize, mut f: impl FnMut(MatRef<'_, f64>)) {
    let before = faer::get_global_parallelism();
    faer::set_global_parallelism(Par::Seq);
    for m in t.as_slice().unwrap().chunks_exact(n * n) {
        f(MatRef::from_row_major_slice(m, n, n));
    }
    faer::set_global_parallelism(before);
}

/// B34, B35: `inv` and `det` of `count` stacked 3 × 3 `f64` matrices, and `inv` of 4 × 4 ones,
/// against a loop of faer calls over the same memory (LU per matrix, one thread; results into
/// a `Vec`).
pub fn b34_b35(count: usize) -> Vec<Case<'static>> {
    let a = random([count, 3, 3], 34, 2.0);
    let (a2, a3, a4) = (a.clone(), a.clone(), a.clone());
    let q = random([count, 4, 4], 344, 2.0);
    let q2 = q.clone();
    vec![
        Case {
            id: format!("B34 linalg::inv of [{count}, 3, 3] f64"),
            contenders: vec![
                contender("ranked", move || {
                    black_box(linalg::inv(&a).unwrap());
                }),
                contender("faer loop", move || {
                    let mut out = Vec::with_capacity(count * 9);
                    each_matrix(&a2, 3, |m| {
                        let inv = m.partial_piv_lu().inverse();
                        for i in 0..3 {
                            out.extend((0..3).map(|j| inv[(i, j)]));
                        }
                    });
                    black_box(out);
                }),
            ],
        },
        Case {
            id: format!("B34 linalg::inv of [{count}, 4, 4] f64"),
            contenders: vec![
                contender("ranked", move || {
                    black_box(linalg::inv(&q).unwrap());
                }),
                contender("faer loop", move || {
                    let mut out = Vec::with_capacity(count * 16);
                    each_matrix(&q2, 4, |m| {
                        let inv = m.partial_piv_lu().inverse();
                        for i in 0..4 {
                            out.extend((0..4).map(|j| inv[(i, j)]));
                        }
                    });
                    black_box(out);
                }),
            ],
        },
        Case {
            id: format!("B35 linalg::det of [{count}, 3, 3] f64"),
            contenders: vec![
                contender("ranked", move || {
                    black_box(linalg::det(&a3).unwrap());
                }),
                contender("faer loop", move || {
                    let mut out = Vec::with_capacity(count);
                    each_matrix(&a4, 3, |m| out.push(m.determinant()));
                    black_box(out);
                }),
            ],
        },
    ]
}

/// B43: `qr` of `qr_count` stacked 48 × 48 `f64` matrices and `eig` of `eig_count` stacked
/// 128 × 128 ones, against a loop of faer calls over the same memory on one thread (results
/// into a `Vec`). Matrices this small take longer on two threads than on one; the row shows
/// that ours picks one thread for them with `rayon` too (faer's high-level calls would take
/// rayon's pool).
pub fn b43(qr_count: usize, eig_count: usize) -> Vec<Case<'static>> {
    let a = random([qr_count, 48, 48], 43, 1.0);
    let a2 = a.clone();
    let e = random([eig_count, 128, 128], 431, 1.0);
    let e2 = e.clone();
    vec![
        Case {
            id: format!("B43 linalg::qr of [{qr_count}, 48, 48] f64"),
            contenders: vec![
                contender("ranked", move || {
                    black_box(linalg::qr(&a, linalg::QrMode::Reduced).unwrap());
                }),
                contender("faer loop", move || {
                    let (mut q, mut r) = (Vec::new(), Vec::new());
                    each_matrix(&a2, 48, |m| {
                        let f = m.qr();
                        let (fq, fr) = (f.compute_thin_Q(), f.thin_R());
                        for i in 0..48 {
                            q.extend((0..48).map(|j| fq[(i, j)]));
                            r.extend((0..48).map(|j| fr[(i, j)]));
                        }
                    });
                    black_box((q, r));
                }),
            ],
        },
        Case {
            id: format!("B43 linalg::eig of [{eig_count}, 128, 128] f64"),
            contenders: vec![
                contender("ranked", move || {
                    black_box(linalg::eig(&e).unwrap());
                }),
                contender("faer loop", move || {
                    let (mut w, mut v) = (Vec::new(), Vec::new());
                    each_matrix(&e2, 128, |m| {
                        let f = m.eigen().unwrap();
                        w.extend(f.S().column_vector().iter().copied());
                        let u = f.U();
                        for i in 0..128 {
                            v.extend((0..128).map(|j| u[(i, j)]));
                        }
                    });
                    black_box((w, v));
                }),
            ],
        },
    ]
}

/// `matmul_into` of an `m × k` and a `k × n` matrix into an existing one (one thread), against
/// faer's `matmul` (on its own column-major matrices, and on the same row-major memory as
/// ours) and ndarray's `general_mat_mul`, all into an existing matrix. The benchmarks build
/// `ranked` with faer (feature `linalg`), so its products run on faer's kernels; without the
/// feature they run on `matrixmultiply`, ndarray's backend, so the ndarray column is also
/// what a build without faer gets. With `--features rayon`, ours splits large products
/// across threads, and "faer parallel" is faer's `matmul` on rayon's pool. Every row also
/// runs the processor's multiply-add peak for the same work (see `peak.rs`), and with `rayon`,
/// from `PARALLEL_PEAK_WORK`, the peak on every thread of rayon's pool.
fn product_case<T>(id: String, [m, k, n]: [usize; 3]) -> Case<'static>
where
    T: ranked::linalg::LinalgScalar
        + faer::traits::ComplexField
        + ndarray::LinalgScalar
        + From<f32>
        + Send
        + Sync
        + 'static,
{
    let mut next = lcg((m * 31 + k * 7 + n) as u64);
    let mut fill = move |_: [usize; 2]| T::from((next() % 2000) as f32 / 1000.0 - 1.0);
    let (a, b) = (
        Tensor::from_fn([m, k], &mut fill),
        Tensor::from_fn([k, n], &mut fill),
    );
    let (fa, fb) = (
        Mat::from_fn(m, k, |i, j| a[[i, j]]),
        Mat::from_fn(k, n, |i, j| b[[i, j]]),
    );
    let mut fc = Mat::<T>::zeros(m, n);
    let na = ndarray::Array2::from_shape_vec((m, k), a.to_vec()).unwrap();
    let nb = ndarray::Array2::from_shape_vec((k, n), b.to_vec()).unwrap();
    let mut nc = ndarray::Array2::<T>::zeros((m, n));
    // Ours and "faer row-major" share the same three tensors, so that the two differ only in
    // the code that runs: separate allocations alone moved their ratio by up to 15 % at these
    // sizes (alignment and placement), in either direction.
    let shared = Rc::new(RefCell::new((a, b, Tensor::<T, 2>::zeros([m, n]))));
    let mine = Rc::clone(&shared);
    #[cfg(feature = "rayon")]
    let (fa2, fb2, mut fc2) = (fa.clone(), fb.clone(), fc.clone());
    #[allow(unused_mut)]
    let mut contenders = vec![
        contender("ranked", move || {
            let (a, b, c) = &mut *mine.borrow_mut();
            a.matmul_into(b, c).unwrap();
            black_box(&c);
        }),
        contender("faer", move || {
            faer::linalg::matmul::matmul(
                fc.as_mut(),
                Accum::Replace,
                fa.as_ref(),
                fb.as_ref(),
                T::from(1.0),
                Par::Seq,
            );
            black_box(&fc);
        }),
        contender("faer row-major", move || {
            let (a, b, c) = &mut *shared.borrow_mut();
            let (sa, sb) = (a.as_slice().unwrap(), b.as_slice().unwrap());
            let sc = c.as_slice_mut().unwrap();
            faer::linalg::matmul::matmul(
                faer::MatMut::from_row_major_slice_mut(sc, m, n),
                Accum::Replace,
                MatRef::from_row_major_slice(sa, m, k),
                MatRef::from_row_major_slice(sb, k, n),
                T::from(1.0),
                Par::Seq,
            );
            black_box(&sc);
        }),
        contender("ndarray", move || {
            ndarray::linalg::general_mat_mul(T::from(1.0), &na, &nb, T::from(0.0), &mut nc);
            black_box(&nc);
        }),
    ];
    #[cfg(feature = "rayon")]
    contenders.push(contender("faer parallel", move || {
        faer::linalg::matmul::matmul(
            fc2.as_mut(),
            Accum::Replace,
            fa2.as_ref(),
            fb2.as_ref(),
            T::from(1.0),
            Par::rayon(0),
        );
        black_box(&fc2);
    }));
    let work = m * k * n;
    contenders.extend(crate::peak::one_thread::<T>(work));
    #[cfg(feature = "rayon")]
    if work >= PARALLEL_PEAK_WORK {
        contenders.extend(crate::peak::all_threads::<T>(work));
    }
    Case { id, contenders }
}

/// The products, from this many multiply-adds, whose rows also show the multiply-add peak
/// on as many threads: those that ours runs on rayon's pool whatever the type.
#[cfg(feature = "rayon")]
const PARALLEL_PEAK_WORK: usize = 1 << 24;

/// B36: `matmul_into` of two `n × n` matrices (`f32` and `f64`) at each size of `sizes`, as
/// [`product_case`].
pub fn b36(sizes: &[usize]) -> Vec<Case<'static>> {
    sizes
        .iter()
        .flat_map(|&n| {
            let id = |name: &str| format!("B36 matmul_into {name} {n}x{n}");
            [
                product_case::<f32>(id("f32"), [n, n, n]),
                product_case::<f64>(id("f64"), [n, n, n]),
            ]
        })
        .collect()
}

/// The shapes `[m, k, n]` of B38: tall × small, a long inner product, thin × wide and
/// wide × thin from 16 to 2048, and many rows times a small matrix (as per-pixel products).
pub const TALL_AND_SKINNY: [[usize; 3]; 5] = [
    [2048, 16, 16],
    [16, 2048, 16],
    [16, 16, 2048],
    [2048, 2048, 16],
    [65536, 32, 16],
];

/// B38: `matmul_into` of tall and skinny shapes `[m, k, n]` (`f32` and `f64`), as
/// [`product_case`]: a tall matrix times a small one, a long inner product of thin
/// matrices, a thin matrix times a wide one, and a wide matrix times a thin one.
pub fn b38(shapes: &[[usize; 3]]) -> Vec<Case<'static>> {
    shapes
        .iter()
        .flat_map(|&[m, k, n]| {
            let id = |name: &str| format!("B38 matmul_into {name} {m}x{k} @ {k}x{n}");
            [
                product_case::<f32>(id("f32"), [m, k, n]),
                product_case::<f64>(id("f64"), [m, k, n]),
            ]
        })
        .collect()
}

/// B37: `matmul` of two `n × n` `f16` matrices against the same product in `f32` (and `bf16`
/// likewise): half-precision products widen to `f32` once and run on the `f32` kernels.
pub fn b37(n: usize) -> Vec<Case<'static>> {
    use ranked::half::{bf16, f16};
    let mut next = lcg(37);
    let mut fill = move |_: [usize; 2]| (next() % 2000) as f32 / 1000.0 - 1.0;
    let (a, b): (Tensor<f32, 2>, Tensor<f32, 2>) = (
        Tensor::from_fn([n, n], &mut fill),
        Tensor::from_fn([n, n], &mut fill),
    );
    let (ha, hb) = (a.map(|&x| f16::from_f32(x)), b.map(|&x| f16::from_f32(x)));
    let (ba, bb) = (a.map(|&x| bf16::from_f32(x)), b.map(|&x| bf16::from_f32(x)));
    let (a2, b2) = (a.clone(), b.clone());
    vec![
        Case {
            id: format!("B37 matmul f16 {n}x{n}"),
            contenders: vec![
                contender("ranked", move || {
                    black_box(ha.matmul(&hb).unwrap());
                }),
                contender("ranked f32", move || {
                    black_box(a.matmul(&b).unwrap());
                }),
            ],
        },
        Case {
            id: format!("B37 matmul bf16 {n}x{n}"),
            contenders: vec![
                contender("ranked", move || {
                    black_box(ba.matmul(&bb).unwrap());
                }),
                contender("ranked f32", move || {
                    black_box(a2.matmul(&b2).unwrap());
                }),
            ],
        },
    ]
}
