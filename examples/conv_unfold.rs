//! A 2-D convolution the way deep-learning libraries lower it (im2col): the input's sliding
//! patches become the rows of a matrix — `unfold` makes them a view, without copying — and one
//! matrix product with the flattened kernels computes every output at once. Checked against
//! the direct six-loop definition.
//!
//! Shapes: input `[C, H, W]`, kernels `[K, C, KH, KW]`, output `[K, H − KH + 1, W − KW + 1]`
//! (stride 1, no padding: PyTorch's `conv2d` with the defaults).
//!
//! Run with `cargo run --example conv_unfold`.

use ranked::{Axis, Tensor, einsum};

fn main() -> Result<(), ranked::ShapeError> {
    let (c, h, w) = (3, 32, 40);
    let (k, kh, kw) = (8, 3, 5);
    let (oh, ow) = (h - kh + 1, w - kw + 1);
    let input = Tensor::from_fn([c, h, w], |[ch, i, j]| {
        ((ch * 7 + i * 3 + j) % 11) as f32 / 11.0 - 0.5
    });
    let kernels = Tensor::from_fn([k, c, kh, kw], |[o, ch, i, j]| {
        ((o * 5 + ch * 3 + i * 2 + j) % 7) as f32 / 7.0 - 0.4
    });

    // Patches: [C, OH, OW, KH, KW], a view whose windows overlap (no copy).
    let patches = input
        .view()
        .unfold(Axis::<1>, kh, 1)?
        .unfold(Axis::<2>, kw, 1)?;
    assert_eq!(patches.shape(), &[c, oh, ow, kh, kw]);
    // im2col: one row per output position, [OH·OW, C·KH·KW]. The windows overlap, so this
    // reshape copies (`reshape` says so by returning an owned tensor).
    let cols = patches
        .permute([1, 2, 0, 3, 4])?
        .reshape([oh * ow, c * kh * kw])?
        .into_owned();
    // Kernels as a [C·KH·KW, K] matrix: a view (the kernels are contiguous).
    let weights = kernels.view().reshape_view([k, c * kh * kw])?.t();
    // One product computes every output, then [OH, OW, K] → [K, OH, OW] as a view.
    let out = cols.matmul(&weights)?;
    let out = out.view().reshape_view([oh, ow, k])?.permute([2, 0, 1])?;

    // The same convolution as one einsum over the patch view.
    let by_einsum: Tensor<f32, 3> = einsum!("chwij,kcij->khw", patches, kernels)?;

    // The definition: out[o, y, x] = Σ_ch Σ_i Σ_j input[ch, y + i, x + j] · kernel[o, ch, i, j].
    let mut worst = 0f32;
    for o in 0..k {
        for y in 0..oh {
            for x in 0..ow {
                let mut acc = 0f32;
                for ch in 0..c {
                    for i in 0..kh {
                        for j in 0..kw {
                            acc += input[[ch, y + i, x + j]] * kernels[[o, ch, i, j]];
                        }
                    }
                }
                worst = worst
                    .max((out[[o, y, x]] - acc).abs())
                    .max((by_einsum[[o, y, x]] - acc).abs());
            }
        }
    }
    assert!(
        worst < 1e-4,
        "largest deviation from the definition: {worst}"
    );
    println!(
        "input {:?} * kernels {:?} → output {:?} via a [{}, {}] · [{}, {}] product",
        input.shape(),
        kernels.shape(),
        out.shape(),
        oh * ow,
        c * kh * kw,
        c * kh * kw,
        k
    );
    println!("largest deviation from the direct loops (matmul and einsum): {worst:.1e}");
    Ok(())
}
