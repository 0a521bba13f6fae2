//! The criterion suite: every benchmark of `benches/kernels.rs`, each contender on identical
//! data in the same run (ours, ndarray, and `memcpy` or a contiguous fold where bytes are
//! copied or read). `cargo run --release -p ranked-bench --example bench_report` prints the ratios as a table.

mod copy_kernels;
mod fft_kernels;
mod io_kernels;
mod kernels;
mod linalg_kernels;
mod notation_kernels;
mod order_kernels;
mod peak;
mod peers;

use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use kernels::{Case, data4};

fn run(c: &mut Criterion, case: Case<'_>, big: bool) {
    let mut g = c.benchmark_group(case.id.clone());
    if big {
        g.sample_size(10).measurement_time(Duration::from_secs(3));
    }
    for mut contender in case.contenders {
        g.bench_function(contender.name, |b| b.iter(&mut contender.run));
    }
    g.finish();
}

fn access(c: &mut Criterion) {
    let d16 = data4([16; 4]);
    run(c, kernels::b1(&d16), false);
    let d32 = data4([32; 4]);
    run(c, kernels::b2(&d32), false);
    run(c, kernels::b9(&d16), false);
}

fn copies(c: &mut Criterion) {
    let big = data4([64; 4]);
    run(c, kernels::b3(&big), true);
    for perm in copy_kernels::B4_PERMUTATIONS {
        run(c, copy_kernels::permuted_copy(&big, perm, "B4"), true);
    }
    let odd = data4([61, 59, 63, 57]);
    // The odd shape beside the power-of-two one, for the layout-friendliest and the worst
    // permutation: power-of-two strides must not make a transposition collapse.
    for perm in [[0, 2, 3, 1], [3, 2, 1, 0]] {
        run(c, copy_kernels::permuted_copy(&odd, perm, "B4"), true);
    }
    let small = data4([16; 4]);
    for perm in [[0, 2, 3, 1], [3, 2, 1, 0], [0, 1, 3, 2], [1, 0, 2, 3]] {
        run(c, copy_kernels::permuted_copy(&small, perm, "B5"), false);
    }
    run(c, kernels::b6(&big), true);
    for perm in copy_kernels::all_permutations() {
        run(c, copy_kernels::permuted_copy(&big, perm, "B19"), true);
    }
    run(c, copy_kernels::b19::<f32>([4096; 2], "f32"), true);
    run(c, copy_kernels::b19::<f64>([4096; 2], "f64"), true);
    run(c, copy_kernels::b19::<u16>([4096; 2], "u16"), true);
    run(c, copy_kernels::b19::<u8>([4096; 2], "u8"), true);
    for (shape, f64_too) in copy_kernels::B19_ODD {
        run(c, copy_kernels::b19::<f32>(shape, "f32"), true);
        if f64_too {
            run(c, copy_kernels::b19::<f64>(shape, "f64"), true);
        }
    }
    run(
        c,
        copy_kernels::b19_rank4([48, 56, 64, 40], [3, 1, 0, 2]),
        true,
    );
}

fn maths(c: &mut Criterion) {
    let a = data4([64; 4]);
    let b = data4([64; 4]);
    for case in kernels::b7(&a, &b) {
        run(c, case, true);
    }
    for case in kernels::b8(&a) {
        run(c, case, true);
    }
}

fn breadth(c: &mut Criterion) {
    let a = data4([64; 4]);
    let b = data4([64; 4]);
    run(c, kernels::b10(&a), true);
    run(c, kernels::b11(&a, &b), true);
    run(c, kernels::b12(), true);
    for case in kernels::b13(&a) {
        run(c, case, true);
    }
    run(c, kernels::b14(&a), true);
}

fn products(c: &mut Criterion) {
    for n in [64, 256, 512, 1024] {
        for case in kernels::b15(n) {
            run(c, case, n >= 512);
        }
    }
    for case in kernels::b16() {
        run(c, case, false);
    }
    let big = data4([64; 4]);
    for case in kernels::b17(&big) {
        run(c, case, true);
    }
}

/// B20, reductions down the columns of tall, narrow tables.
fn tables(c: &mut Criterion) {
    for case in kernels::b20() {
        run(c, case, false);
    }
    for case in io_kernels::b21(256 << 20) {
        run(c, case, true);
    }
    run(c, io_kernels::b22(1 << 30), true);
    run(c, io_kernels::b23(200_000), true);
}

/// B24–B28: sorting, argsort, gathering by index, selecting by mask, padding.
fn ordering(c: &mut Criterion) {
    for case in order_kernels::b24(1000) {
        run(c, case, false);
    }
    run(c, order_kernels::b25(1_000_000), false);
    for case in order_kernels::b26(4096) {
        run(c, case, true);
    }
    run(c, order_kernels::b27(16 << 20), true);
    for case in order_kernels::b28(2048) {
        run(c, case, true);
    }
}

/// B29–B31: einsum of three operands, reduce! pooling, repeat!.
fn notation(c: &mut Criterion) {
    run(c, notation_kernels::b29(1000), false);
    for case in notation_kernels::b30(32) {
        run(c, case, true);
    }
    run(c, notation_kernels::b31(32), true);
}

/// B32–B38, B43: solve and inv of a large matrix, inv and det of a stack of 3 × 3 matrices,
/// matmul against faer (square, half precision, tall and skinny), and qr and eig of stacks.
fn linear_algebra(c: &mut Criterion) {
    for case in linalg_kernels::b32_b33(1000) {
        run(c, case, true);
    }
    for case in linalg_kernels::b34_b35(100_000) {
        run(c, case, true);
    }
    for case in linalg_kernels::b43(200, 10) {
        run(c, case, true);
    }
    for case in linalg_kernels::b36(&[16, 64, 256, 1024, 2048]) {
        run(c, case, false);
    }
    for case in linalg_kernels::b37(512) {
        run(c, case, true);
    }
    for case in linalg_kernels::b38(&linalg_kernels::TALL_AND_SKINNY) {
        run(c, case, false);
    }
}

/// B39–B41, the Fourier transforms against rustfft and realfft called directly.
fn fourier(c: &mut Criterion) {
    for case in fft_kernels::b39(1 << 20) {
        run(c, case, true);
    }
    for case in fft_kernels::b40_b41(512, 4096) {
        run(c, case, true);
    }
}

/// B18, the parallel forms against the sequential ones (with `--features rayon`).
fn parallel(c: &mut Criterion) {
    #[cfg(feature = "rayon")]
    {
        let big = data4([64; 4]);
        for case in copy_kernels::b18(&big) {
            run(c, case, true);
        }
    }
    #[cfg(not(feature = "rayon"))]
    let _ = c;
}

criterion_group!(
    benches,
    access,
    copies,
    maths,
    breadth,
    products,
    tables,
    ordering,
    notation,
    linear_algebra,
    fourier,
    parallel
);
criterion_main!(benches);
