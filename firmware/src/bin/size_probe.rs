//! The code-size probe: the smallest useful program, views + `sum` + `matmul_into`. CI prints
//! its `.text` next to the empty program's (`empty.rs`, the same start-up code); the difference
//! is what those three cost. It runs on QEMU like the others (`size_probe: ok`).
#![no_std]
#![no_main]

#[path = "../board.rs"]
mod board;

use core::ptr::read_volatile;

use ranked::{TensorView, TensorViewMut};

static WEIGHTS: [f32; 6] = [1.0, 0.5, 0.0, -1.0, 2.0, 1.0];
static INPUT: [f32; 6] = [2.0, 1.0, 4.0, 0.0, 6.0, -1.0];

board::entry!(
    b"size_probe: ok\n\0",
    b"size_probe: WRONG RESULT\n\0",
    checked
);

/// `W·X` of two 2 × 3 and 3 × 2 matrices read through `read_volatile`, and two sums:
/// `sum(W·X) + sum(W) = 15 + 3.5`, exact in `f32`.
#[inline(never)]
fn checked() -> bool {
    // SAFETY: valid, aligned references to initialised statics.
    let (w, x) = unsafe { (read_volatile(&WEIGHTS), read_volatile(&INPUT)) };
    let (Ok(w), Ok(x)) = (
        TensorView::from_slice(&w, [2, 3]),
        TensorView::from_slice(&x, [3, 2]),
    ) else {
        return false;
    };
    let mut out = [0.0f32; 4];
    let Ok(mut c) = TensorViewMut::from_slice_mut(&mut out, [2, 2]) else {
        return false;
    };
    w.matmul_into(&x, &mut c).is_ok() && c.sum() + w.sum() == 18.5
}

board::panic_exits!();
