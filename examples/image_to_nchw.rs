//! Images as a vision model wants them: a batch of 8-bit HWC images (height, width, channel —
//! how image files and cameras store pixels) becomes a normalised `f32` NCHW batch (batch,
//! channel, height, width — what PyTorch's convolutions take), with each channel shifted by
//! its mean and scaled by its standard deviation (torchvision's `Normalize`).
//!
//! The layout change is a view (`rearrange!`, no copy); the conversion to `f32` makes the one
//! new tensor; the normalisation broadcasts a `[3, 1, 1]` mean and deviation over the batch
//! and writes in place.
//!
//! Run with `cargo run --example image_to_nchw`.

use ranked::{Tensor, TensorView, rearrange};

/// ImageNet's per-channel statistics (of pixels scaled to `0..=1`), as torchvision uses them.
const MEAN: [f32; 3] = [0.485, 0.456, 0.406];
const STD: [f32; 3] = [0.229, 0.224, 0.225];

fn main() -> Result<(), ranked::ShapeError> {
    let (n, h, w) = (2, 48, 64);
    // A batch of synthetic images, as a decoder would hand them over: HWC, 8 bits per channel.
    let pixels: Vec<u8> = (0..n * h * w * 3)
        .map(|k| ((k * 37 + k / 7) % 256) as u8)
        .collect();
    let hwc = TensorView::from_slice(&pixels, [n, h, w, 3])?;

    // NCHW as a view of the same bytes: no copy.
    let nchw = rearrange!(hwc, "n h w c -> n c h w")?;
    assert!(nchw.is_view());
    // One pass into `f32`, scaled to 0..=1 (a new C-contiguous NCHW tensor).
    let mut x: Tensor<f32, 4> = nchw.view().mapv(|p| f32::from(p) / 255.0);
    // Per-channel normalisation: [3, 1, 1] broadcast over [n, 3, h, w], in place.
    let mean = Tensor::from_vec(MEAN.to_vec(), [3, 1, 1])?;
    let std = Tensor::from_vec(STD.to_vec(), [3, 1, 1])?;
    x -= &mean;
    x /= &std;

    // Check against the definition, pixel by pixel.
    let mut worst = 0f32;
    for ([b, c, i, j], &v) in x.indexed_iter() {
        let raw = f32::from(hwc[[b, i, j, c]]) / 255.0;
        worst = worst.max((v - (raw - MEAN[c]) / STD[c]).abs());
    }
    assert!(
        worst < 1e-6,
        "largest deviation from the definition: {worst}"
    );
    println!(
        "{n} images {h}×{w}×3 (HWC, u8) → {:?} (NCHW, f32), C-contiguous: {}",
        x.shape(),
        x.layout().is_c_contiguous()
    );
    for c in 0..3 {
        let channel = x.view().select(ranked::Axis::<1>, c)?;
        println!(
            "channel {c}: mean {:+.4}, std {:.4}",
            channel.mean(),
            channel.std(0).unwrap_or(f32::NAN)
        );
    }
    println!("largest deviation from (x/255 − mean) / std: {worst:.1e}");
    Ok(())
}
