//! Runs the benchmark kernels of `benches/kernels.rs` briefly and prints one table of ratios:
//! ours / peer (time; below 1 is faster) and, where bytes are copied, the fraction of `memcpy`
//! throughput we reach. `cargo bench -p ranked-bench` runs the same kernels under criterion.
//!
//! Run with `cargo run --release -p ranked-bench --example bench_report` (`-- --quick` for smaller data and
//! shorter timing, `-- --only B4` for the benchmarks whose name contains `B4`). With
//! `--features rayon` it also measures the parallel forms against the sequential ones (B18).

#[path = "../benches/kernels.rs"]
mod kernels;

use std::time::{Duration, Instant};

use kernels::{Case, Contender, data4};

/// The median time of one run of each contender. The contenders run in rounds — one run of
/// each per round, at least 5 rounds and as many as `budget` allows (at most 200) — so a burst
/// of load on a shared machine hits them all alike and the ratios stay comparable.
fn medians(runs: &mut [Contender<'_>], budget: Duration) -> Vec<Duration> {
    for c in runs.iter_mut() {
        (c.run)(); // warm-up
    }
    let mut times = vec![Vec::new(); runs.len()];
    let start = Instant::now();
    while times[0].len() < 5 || (start.elapsed() < budget && times[0].len() < 200) {
        for (c, t) in runs.iter_mut().zip(&mut times) {
            let at = Instant::now();
            (c.run)();
            t.push(at.elapsed());
        }
    }
    times
        .into_iter()
        .map(|mut t| {
            t.sort();
            t[t.len() / 2]
        })
        .collect()
}

fn report(case: Case<'_>, budget: Duration) {
    // `--only TEXT` keeps the benchmarks whose name contains TEXT.
    let args: Vec<String> = std::env::args().collect();
    let only = args
        .iter()
        .position(|a| a == "--only")
        .and_then(|i| args.get(i + 1));
    if only.is_some_and(|only| !case.id.contains(only.as_str())) {
        return;
    }
    let mut contenders = case.contenders;
    let times = medians(&mut contenders, budget);
    let results: Vec<(&str, Duration)> = contenders.iter().map(|c| c.name).zip(times).collect();
    let ours = results[0].1.as_secs_f64();
    let cells: Vec<String> = results[1..]
        .iter()
        .map(|(name, t)| {
            let ratio = ours / t.as_secs_f64();
            if *name == "sequential" {
                format!("{:.2}x the speed of the {name} form", 1.0 / ratio)
            } else if name.starts_with("memcpy")
                || name.starts_with("to_vec")
                || name.contains("fold")
                || name.contains("sum")
            {
                format!("{name}: {:.2}x its throughput", 1.0 / ratio)
            } else {
                format!("ours/{name} = {ratio:.2}")
            }
        })
        .collect();
    println!(
        "| {} | {} | {} |",
        case.id,
        readable(ours),
        cells.join("; ")
    );
}

/// One row for a family of copies: the median and the worst fraction of `memcpy` throughput
/// over `cases` (each with a `memcpy` contender; contenders other than ours and memcpy are not
/// run), and which case was worst.
fn report_spread(label: &str, cases: Vec<Case<'_>>, budget: Duration) {
    let args: Vec<String> = std::env::args().collect();
    let only = args
        .iter()
        .position(|a| a == "--only")
        .and_then(|i| args.get(i + 1));
    if only.is_some_and(|only| !label.contains(only.as_str())) {
        return;
    }
    let mut rows: Vec<(f64, f64, String)> = cases
        .into_iter()
        .map(|case| {
            let mut contenders: Vec<Contender<'_>> = case
                .contenders
                .into_iter()
                .enumerate()
                .filter(|(i, c)| *i == 0 || c.name == "memcpy")
                .map(|(_, c)| c)
                .collect();
            let times = medians(&mut contenders, budget);
            let (ours, memcpy) = (times[0].as_secs_f64(), times[1].as_secs_f64());
            (memcpy / ours, ours, case.id)
        })
        .collect();
    rows.sort_by(|a, b| a.0.total_cmp(&b.0));
    let (worst, median) = (&rows[0], &rows[rows.len() / 2]);
    println!(
        "| {label} | {} (median case) | memcpy: median {:.2}x its throughput, worst {:.2}x ({}) |",
        readable(median.1),
        median.0,
        worst.0,
        worst.2
    );
}

/// Seconds in the unit that keeps three significant digits readable.
fn readable(seconds: f64) -> String {
    if seconds >= 1e-3 {
        format!("{:.3} ms", seconds * 1e3)
    } else if seconds >= 1e-6 {
        format!("{:.2} µs", seconds * 1e6)
    } else {
        format!("{:.1} ns", seconds * 1e9)
    }
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let budget = Duration::from_millis(if quick { 150 } else { 1200 });
    let big = if quick { 32 } else { 64 };
    println!("| benchmark | ours (median) | ratios |");
    println!("|---|---|---|");
    let d16 = data4([16; 4]);
    report(kernels::b1(&d16), budget);
    let d32 = data4([32; 4]);
    report(kernels::b2(&d32), budget);
    let big_data = data4([big; 4]);
    report(kernels::b3(&big_data), budget);
    for perm in kernels::B4_PERMUTATIONS {
        report(kernels::permuted_copy(&big_data, perm, "B4"), budget);
    }
    let odd = data4([61, 59, 63, 57]);
    // The odd shape beside the power-of-two one, for the layout-friendliest and the worst
    // permutation: power-of-two strides must not make a transposition collapse.
    for perm in [[0, 2, 3, 1], [3, 2, 1, 0]] {
        report(kernels::permuted_copy(&odd, perm, "B4"), budget);
    }
    for perm in [[0, 2, 3, 1], [3, 2, 1, 0], [0, 1, 3, 2], [1, 0, 2, 3]] {
        report(kernels::permuted_copy(&d16, perm, "B5"), budget);
    }
    let every: Vec<_> = kernels::all_permutations()
        .into_iter()
        .map(|perm| kernels::permuted_copy(&big_data, perm, "B19"))
        .collect();
    report_spread(
        &format!("B19 all 23 permutations of [{big}, {big}, {big}, {big}]"),
        every,
        budget / 3,
    );
    let side = if quick { 1024 } else { 4096 };
    report(kernels::b19::<f32>(side, "f32"), budget);
    report(kernels::b19::<f64>(side, "f64"), budget);
    report(kernels::b19::<u16>(side, "u16"), budget);
    report(kernels::b19::<u8>(side, "u8"), budget);
    report(kernels::b6(&big_data), budget);
    let other = data4([big; 4]);
    for case in kernels::b7(&big_data, &other) {
        report(case, budget);
    }
    for case in kernels::b8(&big_data) {
        report(case, budget);
    }
    report(kernels::b9(&d16), budget);
    report(kernels::b10(&big_data), budget);
    report(kernels::b11(&big_data, &other), budget);
    report(kernels::b12(), budget);
    for case in kernels::b13(&big_data) {
        report(case, budget);
    }
    report(kernels::b14(&big_data), budget);
    for n in if quick {
        vec![64, 256]
    } else {
        vec![64, 256, 512, 1024]
    } {
        for case in kernels::b15(n) {
            report(case, budget);
        }
    }
    for case in kernels::b16() {
        report(case, budget);
    }
    for case in kernels::b17(&big_data) {
        report(case, budget);
    }
    for case in kernels::b20() {
        report(case, budget);
    }
    #[cfg(feature = "rayon")]
    for case in kernels::b18(&big_data) {
        report(case, budget);
    }
}
