//! A firmware-style program: `ranked` without `std` or an allocator, on fixed storage.
//!
//! It multiplies a 2 × 3 weight matrix by a 3 × 2 matrix and by a vector with `matmul_into`,
//! and a batch of two matrices by one, and sums the weights' rows with `sum_axis_into`, each
//! into an output it owns (`ArrayTensor::zeros`), reading the inputs through
//! `read_volatile` so that the optimiser cannot fold the products away. CI builds it for
//! `thumbv7em-none-eabihf`, `thumbv6m-none-eabi` and `riscv32imc-unknown-none-elf`
//! (`cargo build --release --target thumbv7em-none-eabihf` in this directory) and runs it on
//! QEMU, here on the `mps2-an386` board (a Cortex-M4; see the firmware guide for the others):
//!
//! ```sh
//! qemu-system-arm -M mps2-an386 -nographic -semihosting-config enable=on,target=native \
//!     -kernel target/thumbv7em-none-eabihf/release/ranked-firmware
//! ```
//!
//! It prints one line and exits with status 0 when every product is the expected one, 1
//! otherwise (a panic included).
#![no_std]
#![no_main]

mod board;

use core::ptr::{read_volatile, write_volatile};

use ranked::{ArrayTensor, TensorView, TensorViewMut};

static WEIGHTS: [f32; 6] = [1.0, 0.5, 0.0, -1.0, 2.0, 1.0];
static INPUT: [f32; 6] = [2.0, 1.0, 4.0, 0.0, 6.0, -1.0];
static mut OUTPUT: [f32; 12] = [0.0; 12];
static mut FAILURES: u32 = 0;

/// `N` values read through volatile loads, so their values are unknown to the optimiser.
fn load<const N: usize>(from: &[f32; N]) -> [f32; N] {
    // SAFETY: `from` is a valid, aligned reference to `N` initialised `f32`s.
    core::array::from_fn(|i| unsafe { read_volatile(&from[i]) })
}

/// Runs the products; the count of failed calls is the return value (0 when all fit).
fn run(out: &mut [f32; 12]) -> u32 {
    let (w, x) = (load(&WEIGHTS), load(&INPUT));
    let mut failures = 0;
    let (Ok(w), Ok(x)) = (
        TensorView::from_slice(&w, [2, 3]),
        TensorView::from_slice(&x, [3, 2]),
    ) else {
        return u32::MAX;
    };
    let (product, rest) = out.split_at_mut(4);
    let (vector, rest) = rest.split_at_mut(2);
    let (batch, sums) = rest.split_at_mut(4);
    // Matrix · matrix into a caller-provided 2 × 2 view.
    match TensorViewMut::from_slice_mut(product, [2, 2]) {
        Ok(mut c) => failures += u32::from(w.matmul_into(&x, &mut c).is_err()),
        Err(_) => failures += 1,
    }
    // Matrix · vector (a column of `x`) into a 2-vector.
    let column = x.t();
    if let (Ok(v), Ok(mut y)) = (
        column.select(ranked::Axis::<0>, 0),
        TensorViewMut::from_slice_mut(vector, [2]),
    ) {
        failures += u32::from(w.matmul_into(&v, &mut y).is_err());
    }
    // A batch of two 2 × 1 matrices (stride-0 broadcast of one) times a 1 × 2 row, into fixed
    // storage of rank 3 held by value.
    let Ok(mut stacked) = ArrayTensor::<f32, 4, 3>::zeros([2, 2, 1]) else {
        return u32::MAX;
    };
    let lhs = w
        .narrow(ranked::Axis::<1>, 0, 1)
        .and_then(|l| l.broadcast_to([2, 2, 1]));
    let rhs = x
        .narrow(ranked::Axis::<0>, 0, 1)
        .and_then(|r| r.narrow(ranked::Axis::<1>, 0, 1));
    match (lhs, rhs) {
        (Ok(lhs), Ok(rhs)) => failures += u32::from(lhs.matmul_into(&rhs, &mut stacked).is_err()),
        _ => failures += 1,
    }
    for (slot, &v) in batch.iter_mut().zip(stacked.iter()) {
        *slot = v;
    }
    // The row sums of `W`, into fixed storage.
    let Ok(mut row_sums) = ArrayTensor::<f32, 2, 1>::zeros([2]) else {
        return u32::MAX;
    };
    failures += u32::from(w.sum_axis_into(ranked::Axis::<1>, &mut row_sums).is_err());
    for (slot, &v) in sums.iter_mut().zip(row_sums.iter()) {
        *slot = v;
    }
    failures
}

/// What `run` writes: `W·X` (2 × 2), `W·x₀` (2), the batch product (2 × 2 × 1), then the row
/// sums of `W` (2). Every value is exact in `f32`.
const EXPECTED: [f32; 12] = [
    4.0, 1.0, 12.0, -2.0, 4.0, 12.0, 2.0, -2.0, 2.0, -2.0, 1.5, 2.0,
];

board::entry!(
    b"ranked firmware: products ok\n\0",
    b"ranked firmware: WRONG RESULT\n\0",
    checked
);

/// Runs the products and compares them with [`EXPECTED`]. Out of line, so that nothing in it is
/// scheduled before the FPU is on.
#[inline(never)]
fn checked() -> bool {
    let mut out = [0.0f32; 12];
    let failures = run(&mut out);
    // SAFETY: the only accesses to `OUTPUT` and `FAILURES`, from the one thread of this
    // program, through raw pointers to the statics.
    unsafe {
        write_volatile(&raw mut OUTPUT, out);
        write_volatile(&raw mut FAILURES, failures);
    }
    failures == 0 && out == EXPECTED
}

board::panic_exits!();
