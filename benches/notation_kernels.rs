//! The benchmark kernels of the index notation (B29–B31), shared by the criterion suite and
//! the report program: `einsum!` of three operands against the best hand-ordered pair of
//! `matmul`s, `reduce!` pooling against the same reduction written with `ranked`'s own view
//! operations and `max_axes`/`mean_axes`, and `repeat!` against `memcpy` of its output.

use std::hint::black_box;

use ranked::{Axis, Tensor, TensorView, einsum, reduce, repeat};

use crate::kernels::{Case, contender, flat_buffer, lcg};

/// `[b, c, 112, 112]` as `[b, c, 56, 2, 56, 2]`: both image axes split in halves, a view.
fn split(x: &Tensor<f32, 4>) -> TensorView<'_, f32, 6> {
    x.view()
        .split(Axis::<2>, [56, 2])
        .unwrap()
        .split(Axis::<4>, [56, 2])
        .unwrap()
}

/// A tensor of pseudo-random `f32` in `[-1, 1)`.
fn random<const R: usize>(shape: [usize; R], seed: u64) -> Tensor<f32, R> {
    let mut next = lcg(seed);
    Tensor::from_fn(shape, |_| (next() % 2000) as f32 / 1000.0 - 1.0)
}

/// B29: `einsum!("ij,jk,kl->il")` of `[n, 10]`, `[10, n]` and `[n, 10]` `f32`, where the order
/// matters (`a·b` first makes an n × n intermediate), against the best hand-ordered pair of
/// `matmul`s, `a·(b·c)`. The other order is not a contender: run between the two, its n × n
/// intermediate would evict the operands from the cache before each run of ours.
pub fn b29(n: usize) -> Case<'static> {
    let (a, b, c) = (
        random([n, 10], 291),
        random([10, n], 292),
        random([n, 10], 293),
    );
    let (a2, b2, c2) = (a.clone(), b.clone(), c.clone());
    Case {
        id: format!("B29 einsum ij,jk,kl->il of [{n}, 10], [10, {n}], [{n}, 10] f32"),
        contenders: vec![
            contender("ranked", move || {
                black_box(einsum!("ij,jk,kl->il", a, b, c).unwrap());
            }),
            contender("matmul a·(b·c)", move || {
                black_box(a2.matmul(&b2.matmul(&c2).unwrap()).unwrap());
            }),
        ],
    }
}

/// B30: `reduce!` 2×2 max-pool and mean-pool of a `[batch, 64, 112, 112]` `f32` tensor
/// (`"b c (h 2) (w 2) -> b c h w"`), against the same reduction written with view operations
/// (`split` both axes) and `max_axes`/`mean_axes` over the two inner halves.
pub fn b30(batch: usize) -> Vec<Case<'static>> {
    let x = random([batch, 64, 112, 112], 30);
    let (x1, x2, x3) = (x.clone(), x.clone(), x.clone());
    vec![
        Case {
            id: format!("B30 reduce! max 2x2 pool of [{batch}, 64, 112, 112] f32"),
            contenders: vec![
                contender("ranked", move || {
                    black_box(reduce!(x, "b c (h 2) (w 2) -> b c h w", max).unwrap());
                }),
                contender("split + max_axes", move || {
                    black_box(split(&x1).max_axes((Axis::<3>, Axis::<5>)));
                }),
            ],
        },
        Case {
            id: format!("B30 reduce! mean 2x2 pool of [{batch}, 64, 112, 112] f32"),
            contenders: vec![
                contender("ranked", move || {
                    black_box(reduce!(x2, "b c (h 2) (w 2) -> b c h w", mean).unwrap());
                }),
                contender("split + mean_axes", move || {
                    black_box(split(&x3).mean_axes((Axis::<3>, Axis::<5>)));
                }),
            ],
        },
    ]
}

/// B31: `repeat!` of a `[batch, 64, 56, 56]` `f32` tensor into `"b c (h 2) (w 2)"` (each
/// pixel twice in each direction: one copy of 4× the input), against copies of the output's
/// bytes: `to_vec` (a new buffer, as `repeat!` makes one) and `memcpy` into an existing one.
pub fn b31(batch: usize) -> Case<'static> {
    let x = random([batch, 64, 56, 56], 31);
    let len = batch * 64 * 112 * 112;
    let (src, mut dst) = (vec![0.5f32; len], flat_buffer(len));
    let bytes = src.clone();
    Case {
        id: format!("B31 repeat! h w -> (h 2) (w 2) of [{batch}, 64, 56, 56] f32"),
        contenders: vec![
            contender("ranked", move || {
                black_box(repeat!(x, "b c h w -> b c (h 2) (w 2)").unwrap());
            }),
            contender("to_vec", move || {
                black_box(black_box(&bytes).to_vec());
            }),
            contender("memcpy", move || {
                dst.copy_from_slice(black_box(&src));
                black_box(&dst);
            }),
        ],
    }
}
