//! The copies: permuted copies and transposes into existing tensors (B4, B5, B19) against
//! ndarray, HPTT, strided-perm and `memcpy`, and the parallel forms (B18) against the
//! sequential ones, HPTT and `memcpy` on as many threads.

use std::hint::black_box;
use std::rc::Rc;

use ndarray::{Array, Ix4};
use ranked::Tensor;

use crate::kernels::{Case, Contender, Data4, contender, flat_buffer};
use crate::peers::{self, Element};

/// B4/B5: copy a permuted view into a preallocated contiguous tensor, against ndarray's
/// `assign` and a `memcpy` of the same bytes.
pub fn permuted_copy<'a>(d: &'a Data4, perm: [usize; 4], label: &str) -> Case<'a> {
    let shape = d.ours.view().permute(perm).unwrap().shape().to_owned();
    let mut out: Tensor<f32, 4> = Tensor::zeros(shape);
    let mut nd_out: Array<f32, Ix4> = Array::zeros(shape);
    let mut flat = flat_buffer(d.ours.len());
    let src = d.ours.as_slice().unwrap();
    let expected = d.ours.view().permute(perm).unwrap().to_vec();
    let mut contenders = vec![
        contender("ranked", move || {
            out.assign(&d.ours.view().permute(perm).unwrap());
            black_box(&out);
        }),
        contender("ndarray Ix4", move || {
            nd_out.assign(&d.nd.view().permuted_axes(perm));
            black_box(&nd_out);
        }),
    ];
    if peers::checked(&perm, d.ours.shape(), src, &expected) {
        let mut hptt_out = flat_buffer(d.ours.len());
        contenders.push(contender("HPTT", move || {
            f32::hptt(&perm, d.ours.shape(), src, &mut hptt_out, 1);
            black_box(&hptt_out);
        }));
    }
    let mut strided = peers::strided_perm(&perm, d.ours.shape(), src, &expected);
    let mut strided_out = flat_buffer(d.ours.len());
    contenders.push(contender("strided-perm", move || {
        strided(black_box(src), &mut strided_out);
        black_box(&strided_out);
    }));
    contenders.push(contender("memcpy", move || {
        flat.copy_from_slice(black_box(src));
        black_box(&flat);
    }));
    Case {
        id: format!("{label} permute {perm:?} of {:?}", d.ours.shape()),
        contenders,
    }
}

/// The permutations B4 copies: the layout-friendliest transposition, the worst one, one whose
/// tiles read 16 KiB blocks, one copying 16 KiB runs, and `[0, 2, 1, 3]`, which keeps the last
/// axis (runs of 256 bytes, streamed a plane at a time): the heads-first transpose of
/// attention.
pub const B4_PERMUTATIONS: [[usize; 4]; 5] = [
    [0, 2, 3, 1],
    [3, 2, 1, 0],
    [0, 1, 3, 2],
    [1, 0, 2, 3],
    [0, 2, 1, 3],
];

/// The 23 permutations of four axes other than the identity, in lexicographic order (B19).
pub fn all_permutations() -> Vec<[usize; 4]> {
    let mut out = Vec::new();
    for code in 0..256usize {
        let p = [code & 3, (code >> 2) & 3, (code >> 4) & 3, code >> 6];
        let mut seen = [false; 4];
        p.iter().for_each(|&a| seen[a] = true);
        if seen.iter().all(|&s| s) && p != [0, 1, 2, 3] {
            out.push(p);
        }
    }
    out.sort();
    out
}

/// The shapes of B19 that are not powers of two, and whether B19 also copies them as `f64`.
pub const B19_ODD: [([usize; 2], bool); 3] = [
    ([1000, 1001], false),
    ([3000, 2999], false),
    ([4095, 4097], true),
];

/// B19: the transpose of an `rows × cols` matrix of `T` into a preallocated contiguous one,
/// against ndarray's `assign` and the peers of [`copy_peers`].
pub fn b19<T>([rows, cols]: [usize; 2], type_name: &str) -> Case<'static>
where
    T: Element + Default + From<u8> + Send + Sync,
{
    let a = Tensor::<T, 2>::from_fn([rows, cols], |[i, j]| {
        T::from(((i * 31 + j * 7) % 251) as u8)
    });
    let nd = Array::from_shape_vec((rows, cols), a.to_vec()).unwrap();
    let expected = a.view().t().to_vec();
    let a = Rc::new(a);
    let a2 = Rc::clone(&a);
    let mut out = Tensor::<T, 2>::full([cols, rows], T::default());
    let mut nd_out = Array::from_elem((cols, rows), T::default());
    let mut contenders = vec![
        contender("ranked", move || {
            out.assign(&a.view().t());
            black_box(&out);
        }),
        contender("ndarray", move || {
            nd_out.assign(&nd.t());
            black_box(&nd_out);
        }),
    ];
    contenders.extend(copy_peers(&a2, [1, 0], &expected));
    Case {
        id: format!("B19 transpose {rows}x{cols} {type_name}"),
        contenders,
    }
}

/// B19 of a rank-4 shape of `f64` whose sizes are not powers of two: `perm` into a
/// preallocated contiguous tensor, against ndarray's `assign` and the peers of
/// [`copy_peers`].
pub fn b19_rank4(shape: [usize; 4], perm: [usize; 4]) -> Case<'static> {
    let a = Tensor::<f64, 4>::from_fn(shape, |[i, j, k, l]| {
        ((i * 31 + j * 7 + k * 13 + l * 3) % 251) as f64
    });
    let nd = Array::from_shape_vec(shape, a.to_vec()).unwrap();
    let view = a.view().permute(perm).unwrap();
    let (expected, to) = (view.to_vec(), *view.shape());
    let a = Rc::new(a);
    let a2 = Rc::clone(&a);
    let mut out = Tensor::<f64, 4>::zeros(to);
    let mut nd_out = Array::<f64, Ix4>::zeros(to);
    let mut contenders = vec![
        contender("ranked", move || {
            out.assign(&a.view().permute(perm).unwrap());
            black_box(&out);
        }),
        contender("ndarray Ix4", move || {
            nd_out.assign(&nd.view().permuted_axes(perm));
            black_box(&nd_out);
        }),
    ];
    contenders.extend(copy_peers(&a2, perm, &expected));
    Case {
        id: format!("B19 permute {perm:?} of {shape:?} f64"),
        contenders,
    }
}

/// The peers of a copy of `perm` of the row-major `a` into contiguous memory, whose result is
/// `expected`: HPTT (where it takes `T`, checked against `expected`), strided-perm, and a
/// `memcpy` of the same bytes (into a buffer `ranked` allocated, so that both destinations
/// are backed by the same kind of pages).
fn copy_peers<T, const R: usize>(
    a: &Rc<Tensor<T, R>>,
    perm: [usize; R],
    expected: &[T],
) -> Vec<Contender<'static>>
where
    T: Element + Default + Send + Sync,
{
    let (shape, len) = (*a.shape(), a.len());
    let buffer = || Tensor::<T, 1>::full([len], T::default()).into_vec();
    let mut contenders = Vec::new();
    if peers::checked(&perm, &shape, a.as_slice().unwrap(), expected) {
        let (a, mut hptt_out) = (Rc::clone(a), buffer());
        contenders.push(contender("HPTT", move || {
            T::hptt(&perm, &shape, a.as_slice().unwrap(), &mut hptt_out, 1);
            black_box(&hptt_out);
        }));
    }
    let a1 = Rc::clone(a);
    let mut strided = peers::strided_perm(&perm, &shape, a1.as_slice().unwrap(), expected);
    let mut strided_out = buffer();
    contenders.push(contender("strided-perm", move || {
        strided(black_box(a1.as_slice().unwrap()), &mut strided_out);
        black_box(&strided_out);
    }));
    let (a, mut flat) = (Rc::clone(a), buffer());
    contenders.push(contender("memcpy", move || {
        flat.copy_from_slice(black_box(a.as_slice().unwrap()));
        black_box(&flat);
    }));
    contenders
}

/// B18 (feature `rayon`): the parallel forms against their sequential namesakes on the same
/// 64 MiB, all threads of rayon's global pool: `par_to_contiguous` of permuted views (a new
/// tensor, so page faults of the result are part of both; `[3, 2, 1, 0]` puts the source's
/// contiguous axis first in the result, where the work is cut), `par_map` into a new tensor,
/// and `par_sum` of a permuted view; and `par_assign` of the same permuted views into a tensor
/// allocated once, as HPTT and `memcpy` write. The ratio is the speed-up (sequential time /
/// parallel time); the copies are also measured against HPTT and `memcpy` on as many threads.
#[cfg(feature = "rayon")]
pub fn b18(d: &Data4) -> Vec<Case<'_>> {
    let perm = [0, 2, 3, 1];
    let copies = [[0, 2, 3, 1], [3, 2, 1, 0]].map(|perm| Case {
        id: format!(
            "B18 par_to_contiguous permute {perm:?} of {:?}",
            d.ours.shape()
        ),
        contenders: vec![
            contender("ranked par", move || {
                black_box(
                    black_box(&d.ours)
                        .view()
                        .permute(perm)
                        .unwrap()
                        .par_to_contiguous(),
                );
            }),
            contender("sequential", move || {
                black_box(
                    black_box(&d.ours)
                        .view()
                        .permute(perm)
                        .unwrap()
                        .to_contiguous(),
                );
            }),
        ]
        .into_iter()
        .chain(hptt_threads(d, perm, false))
        .chain(hptt_threads(d, perm, true))
        .chain([parallel_memcpy(d)])
        .collect(),
    });
    // The same copies into a tensor allocated once, as HPTT and `memcpy` write: the
    // like-for-like comparison with them, without the new tensor's page faults.
    let assigns = [[0, 2, 3, 1], [3, 2, 1, 0]].map(|perm| {
        let shape = *d.ours.view().permute(perm).unwrap().shape();
        let mut par_out = Tensor::<f32, 4>::full(shape, 0.0);
        let mut seq_out = Tensor::<f32, 4>::full(shape, 0.0);
        Case {
            id: format!(
                "B18 par_assign permute {perm:?} of {:?} into an existing tensor",
                d.ours.shape()
            ),
            contenders: vec![
                contender("ranked par", move || {
                    par_out.par_assign(&black_box(&d.ours).view().permute(perm).unwrap());
                    black_box(&par_out);
                }),
                contender("sequential", move || {
                    seq_out.assign(&black_box(&d.ours).view().permute(perm).unwrap());
                    black_box(&seq_out);
                }),
            ]
            .into_iter()
            .chain(hptt_threads(d, perm, false))
            .chain([parallel_memcpy(d)])
            .collect(),
        }
    });
    copies
        .into_iter()
        .chain(assigns)
        .chain([
            Case {
                id: format!("B18 par_map x * 2 + 1 of {:?}", d.ours.shape()),
                contenders: vec![
                    contender("ranked par", move || {
                        black_box(black_box(&d.ours).par_map(|x| x * 2.0 + 1.0));
                    }),
                    contender("sequential", move || {
                        black_box(black_box(&d.ours).map(|x| x * 2.0 + 1.0));
                    }),
                ],
            },
            Case {
                id: format!(
                    "B18 par_sum of the permute {perm:?} of {:?}",
                    d.ours.shape()
                ),
                contenders: vec![
                    contender("ranked par", move || {
                        black_box(black_box(&d.ours).view().permute(perm).unwrap().par_sum());
                    }),
                    contender("sequential", move || {
                        black_box(black_box(&d.ours).view().permute(perm).unwrap().sum());
                    }),
                ],
            },
        ])
        .collect()
}

/// HPTT writing the permuted copy of `d` with as many threads as rayon's global pool has (B18),
/// where it is built. Into a buffer allocated once, it pays no page faults where
/// `par_to_contiguous` (a new tensor) does, and compares with `par_assign`. With `new_buffer`,
/// into a new buffer at every call, as `par_to_contiguous` writes: zeros from `calloc` (fresh
/// pages, not yet touched, for a buffer this large), advised as huge pages as `ranked` advises
/// its own new buffers, so both pay the same first touch.
#[cfg(feature = "rayon")]
fn hptt_threads(
    d: &Data4,
    perm: [usize; 4],
    new_buffer: bool,
) -> Option<crate::kernels::Contender<'_>> {
    let src = d.ours.as_slice().unwrap();
    let expected = d.ours.view().permute(perm).unwrap().to_vec();
    let threads = peers::threads();
    peers::checked(&perm, d.ours.shape(), src, &expected).then(|| {
        if new_buffer {
            return contender("HPTT, as many threads, into a new buffer", move || {
                let mut out = vec![0.0f32; src.len()];
                advise_huge(&mut out);
                f32::hptt(&perm, black_box(&d.ours).shape(), src, &mut out, threads);
                black_box(&out);
            });
        }
        let mut out = flat_buffer(src.len());
        contender("HPTT, as many threads", move || {
            f32::hptt(&perm, black_box(&d.ours).shape(), src, &mut out, threads);
            black_box(&out);
        })
    })
}

/// Asks Linux for huge pages on the 2 MiB-aligned part of `v`, before it is written.
#[cfg(feature = "rayon")]
fn advise_huge(v: &mut [f32]) {
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let start = v.as_mut_ptr() as usize;
        let first = start.next_multiple_of(HUGE);
        let end = (start + size_of_val(v)) & !(HUGE - 1);
        if end > first {
            // SAFETY: the range lies inside `v`'s allocation, which this function borrows
            // exclusively; MADV_HUGEPAGE changes neither its contents nor its access rights.
            let _ = unsafe {
                libc::madvise(first as *mut libc::c_void, end - first, libc::MADV_HUGEPAGE)
            };
        }
    }
}

/// `memcpy` of `d`'s bytes, cut into one piece per thread of rayon's global pool, each copied on
/// a thread of its own (B18): what the machine's threads together get from memory, the
/// physical limit of the parallel copies. Like HPTT in B18, it writes into a buffer allocated
/// once, so it pays no page faults where `par_to_contiguous` (a new tensor) does.
#[cfg(feature = "rayon")]
fn parallel_memcpy(d: &Data4) -> crate::kernels::Contender<'_> {
    let threads = peers::threads();
    let mut out = flat_buffer(d.ours.len());
    contender("memcpy on as many threads", move || {
        let src = black_box(d.ours.as_slice().unwrap());
        let piece = src.len().div_ceil(threads).max(1);
        std::thread::scope(|scope| {
            for (to, from) in out.chunks_mut(piece).zip(src.chunks(piece)) {
                scope.spawn(move || to.copy_from_slice(from));
            }
        });
        black_box(&out);
    })
}
