//! Runs the benchmark kernels of `benches/kernels.rs` briefly and prints one table of ratios:
//! ours / peer (time; below 1 is faster) and, where bytes are copied, the fraction of `memcpy`
//! throughput we reach, or, for the matrix products, of the processor's multiply-add peak.
//! `cargo bench -p ranked-bench` runs the same kernels under criterion.
//! The transpositions run against strided-perm, and with `--features hptt` against HPTT too
//! (built with cmake).
//!
//! Run with `cargo run --release -p ranked-bench --example bench_report` (`-- --quick` for smaller data and
//! shorter timing, `-- --only B4` for the benchmarks whose name contains `B4`). With
//! `--features rayon` it also measures the parallel forms against the sequential ones (B18).
//! `-- --write benches/RESULTS.md` also writes the table, with the date, the machine and the
//! options of the run, into that file, the chart of every ratio beside it (`RESULTS.svg`), and
//! (for a full run) the README's performance summary: all written by this program, never by
//! hand. `-- --summary-from benches/RESULTS.md`
//! rewrites the README's summary from a results file without measuring anything.

#[path = "chart.rs"]
mod chart;
#[path = "copy_kernels.rs"]
mod copy_kernels;
#[path = "fft_kernels.rs"]
mod fft_kernels;
#[path = "io_kernels.rs"]
mod io_kernels;
#[path = "kernels.rs"]
mod kernels;
#[path = "linalg_kernels.rs"]
mod linalg_kernels;
#[path = "notation_kernels.rs"]
mod notation_kernels;
#[path = "order_kernels.rs"]
mod order_kernels;
#[path = "peak.rs"]
mod peak;
#[path = "peers.rs"]
mod peers;

use std::cell::RefCell;
use std::time::{Duration, Instant, SystemTime};

thread_local! {
    /// The rows printed so far, for `--write`.
    static ROWS: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

/// Prints a row of the table and keeps it for `--write`.
fn emit(row: String) {
    println!("{row}");
    ROWS.with(|rows| rows.borrow_mut().push(row));
}

/// The value of option `name` (`--name VALUE`), if given.
fn option(name: &str) -> Option<String> {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .cloned()
}

/// The civil date (UTC) of a count of days since 1970-01-01 (Howard Hinnant's algorithm).
fn civil_date(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// The processor as Linux reports it — its model name, and on x86 its family and model
/// numbers, which tell apart generations sold under one name — and the widest vector
/// instructions the kernels use on it.
fn cpu_model() -> String {
    let info = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let field = |name: &str| {
        info.lines()
            .find(|l| l.split(':').next().is_some_and(|key| key.trim() == name))
            .and_then(|l| l.split(':').nth(1))
            .map(|value| value.trim().to_string())
    };
    let mut text = field("model name").unwrap_or_else(|| "unknown".to_string());
    if let (Some(family), Some(model)) = (field("cpu family"), field("model")) {
        text.push_str(&format!(", family {family} model {model}"));
    }
    format!("{text}; {}", vector_isa())
}

/// The widest vector instructions this processor offers to the kernels.
fn vector_isa() -> &'static str {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx512f") {
            "AVX-512F"
        } else if std::arch::is_x86_feature_detected!("avx2") {
            "AVX2, no AVX-512"
        } else {
            "SSE2, no AVX2"
        }
    }
    #[cfg(target_arch = "aarch64")]
    {
        "NEON"
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    {
        "no vector kernels"
    }
}

/// The rows of the README's performance summary, by the start of their benchmark's name: one
/// or two per kind of work, the rest stays in the results file.
const SUMMARY: &[&str] = &[
    "B4 permute [0, 2, 3, 1] of [64",
    "B19 all 23 permutations of [64",
    "B19 transpose 4095x4097 f32",
    "B18 par_to_contiguous permute [3, 2, 1, 0]",
    "B7 out = a + b, contiguous + broadcast",
    "B8 sum along axis 1",
    "B21 read_npy",
    "B29 einsum",
    "B32 linalg::solve",
    "B36 matmul_into f32 16x16",
    "B38 matmul_into f32 2048x16 ",
    "B39 fft of 1048576 points, complex f64",
    "B42 map x * 2",
];

/// Replaces the README's performance summary (the lines between its two `bench-summary`
/// markers) with the rows of [`SUMMARY`] from this run.
fn write_summary(readme: &std::path::Path) -> std::io::Result<()> {
    let text = std::fs::read_to_string(readme)?;
    let (start, end) = ("<!-- bench-summary:start -->", "<!-- bench-summary:end -->");
    let (Some(a), Some(b)) = (text.find(start), text.find(end)) else {
        return Err(std::io::Error::other("the summary markers are missing"));
    };
    let mut table = String::from("\n| benchmark | ours (median) | ratios |\n|---|---|---|\n");
    ROWS.with(|rows| {
        for row in rows.borrow().iter() {
            if SUMMARY.iter().any(|id| row.starts_with(&format!("| {id}"))) {
                table.push_str(row);
                table.push('\n');
            }
        }
    });
    let updated = format!("{}{start}{table}{}", &text[..a], &text[b..]);
    std::fs::write(readme, updated)
}

/// What this machine cannot show, said in the header rather than guessed: the parallel rows'
/// scaling beyond its own threads, and the speed of the kernels of the other architecture.
fn unmeasured(threads: usize) -> String {
    let other = if cfg!(target_arch = "aarch64") {
        "the x86-64 (AVX2, AVX-512) kernels"
    } else {
        "the aarch64 (NEON) kernels"
    };
    format!(
        "the parallel forms' scaling beyond {threads} thread{} (the `par_` rows compare with \
         `memcpy` on as many threads); the speed of {other}, which CI runs but no row times",
        if threads == 1 { "" } else { "s" }
    )
}

/// Writes the rows printed so far into `path`, under a header that says how they were made.
fn write_results(path: &str, quick: bool) -> std::io::Result<()> {
    let days = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400) as i64;
    let (year, month, day) = civil_date(days);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut text = format!(
        "# Benchmark results\n\n\
         Written by `cargo run --release -p ranked-bench --example bench_report -- --write \
         benches/RESULTS.md`{}; not edited by hand. How to read it: `ours/peer` is a ratio of \
         times (below 1, ours is faster); `memcpy: 0.80x its throughput` is the fraction of \
         `memcpy`'s speed on the same bytes, and `multiply-add peak: 0.95x its throughput` that \
         of the processor's fused multiply-adds (as many as the product has, on the widest \
         registers, nothing else run). All contenders of a row run in one process, in \
         rounds that run the contenders in a new shuffled order each time. `benches/NOTES.md` explains what the benchmarks measure and what \
         limits them.\n\n\
         - date: {year}-{month:02}-{day:02}\n\
         - processor: {} ({threads} threads available)\n\
         - ranked's features: `mmap`, `safetensors`, `csv`, `linalg`, `half`{} (so `f32`/`f64` products \
         run on faer's kernels, not `matrixmultiply`'s)\n\
         - data: {}\n\
         - chart of every ratio: `benches/RESULTS.svg`{}\n\
         - not measured here: {}\n\n",
        match (cfg!(feature = "rayon"), cfg!(feature = "hptt")) {
            (true, true) => " with `--features rayon,hptt`",
            (true, false) => " with `--features rayon`",
            (false, true) => " with `--features hptt`",
            (false, false) => "",
        },
        cpu_model(),
        if cfg!(feature = "rayon") {
            ", `rayon`"
        } else {
            ""
        },
        if quick {
            "`--quick` (smaller tensors, shorter timing)"
        } else {
            "full size (64⁴ `f32` unless the row says otherwise)"
        },
        if cfg!(feature = "hptt") {
            ""
        } else {
            "\n- HPTT: not built (`--features hptt` adds it to the transpositions)"
        },
        unmeasured(threads),
    );
    ROWS.with(|rows| {
        for row in rows.borrow().iter() {
            text.push_str(row);
            text.push('\n');
        }
    });
    std::fs::write(path, text)
}

use kernels::{Case, Contender, data4};

/// How long each row runs its contenders in rounds, untimed, before the rounds it times: the
/// slow spells described at [`MIN_SPAN`] come most often in a row's first rounds.
const WARM_UP: Duration = Duration::from_millis(10);

/// The least time a row's timed rounds span (within its budget), even where 200 rounds take
/// less. On the Intel Xeon of `benches/NOTES.md` a product on 512-bit registers has spells
/// of a few hundred rounds (under 1 ms) at under half its speed; 200 rounds of the smallest
/// products take about 0.5 ms, so a single spell could decide their median.
const MIN_SPAN: Duration = Duration::from_millis(20);

/// The median time of one run of each contender. The contenders run in rounds — one run of
/// each per round, after [`WARM_UP`] of the same rounds untimed (at least one) — so a burst
/// of load on a shared machine hits them all alike and the ratios stay comparable. At least
/// 5 rounds are timed, and then as many as `budget` allows, up to 200 rounds or
/// [`MIN_SPAN`], whichever comes later.
fn medians(runs: &mut [Contender<'_>], budget: Duration) -> Vec<Duration> {
    let count = runs.len();
    let mut order: Vec<usize> = (0..count).collect();
    let mut next = kernels::lcg(count as u64);
    let mut times = vec![Vec::new(); count];
    let warm = Instant::now();
    loop {
        round(runs, &mut order, &mut next, None);
        if warm.elapsed() >= WARM_UP {
            break;
        }
    }
    let start = Instant::now();
    loop {
        let (rounds, spent) = (times[0].len(), start.elapsed());
        if rounds >= 5 && (spent >= budget || rounds >= 200 && spent >= MIN_SPAN) {
            break;
        }
        round(runs, &mut order, &mut next, Some(&mut times));
    }
    times
        .into_iter()
        .map(|mut t| {
            t.sort();
            t[t.len() / 2]
        })
        .collect()
}

/// One run of each contender, in a new shuffled order, each run's time pushed to its entry
/// of `times` when given.
fn round(
    runs: &mut [Contender<'_>],
    order: &mut [usize],
    next: &mut impl FnMut() -> u64,
    mut times: Option<&mut Vec<Vec<Duration>>>,
) {
    // Each round runs the contenders in a new order (shuffled), so that each follows every
    // other about equally often: a contender run right after another on the same data finds
    // it in cache, one run after a contender with data of its own does not, and one run
    // right after a parallel contender shares the machine with its threads while they wind
    // down. (Turning one order round by round kept each contender behind the same one:
    // `ranked` always followed "faer parallel".)
    for i in (1..order.len()).rev() {
        order.swap(i, (next() % (i as u64 + 1)) as usize);
    }
    for &k in order.iter() {
        clear_vector_state();
        let at = Instant::now();
        (runs[k].run)();
        let time = at.elapsed();
        if let Some(times) = times.as_deref_mut() {
            times[k].push(time);
        }
    }
}

/// Clears the upper halves of the vector registers (`vzeroupper`) where the CPU has AVX, so
/// that no contender is timed for the state the one before it left. Code that returns with
/// them in use (faer's products at 64 × 64 do) makes the first legacy-SSE instruction after
/// it wait, about 0.4 µs on the Intel Xeon; without this, that wait fell in the next
/// contender's time. Cleared between the timers, it is charged to no one, though a program
/// built for the x86-64 baseline would pay it at its next SSE instruction.
fn clear_vector_state() {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx") {
        #[target_feature(enable = "avx")]
        fn zero_upper() {
            std::arch::x86_64::_mm256_zeroupper();
        }
        // SAFETY: the CPU has AVX (detected above), what a function compiled for it needs.
        unsafe { zero_upper() };
    }
}

/// A ratio of times with two decimals, or with two significant digits below 0.01, so that a
/// row far ahead of its peer shows by how much rather than as `0.00`.
fn ratio_text(ratio: f64) -> String {
    if ratio > 0.0 && ratio < 0.01 {
        // Decimals that keep two significant digits: 0.0041 needs four.
        let decimals = 1 - ratio.log10().floor() as i32;
        format!("{ratio:.*}", usize::try_from(decimals).unwrap_or(2))
    } else {
        format!("{ratio:.2}")
    }
}

fn report(case: Case<'_>, budget: Duration) {
    // `--only TEXT` keeps the benchmarks whose name contains TEXT.
    if option("--only").is_some_and(|only| !case.id.contains(only.as_str())) {
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
                || name.contains("peak")
            {
                format!("{name}: {:.2}x its throughput", 1.0 / ratio)
            } else {
                format!("ours/{name} = {}", ratio_text(ratio))
            }
        })
        .collect();
    emit(format!(
        "| {} | {} | {} |",
        case.id,
        readable(ours),
        cells.join("; ")
    ));
}

/// The transposition libraries a family of copies is compared with, where its cases have them.
const COPY_PEERS: [&str; 2] = ["HPTT", "strided-perm"];

/// One row for a family of copies: the median and the worst fraction of `memcpy` throughput
/// over `cases` (each with a `memcpy` contender), and which case was worst; for each of
/// [`COPY_PEERS`] the cases have, the median and the range of ours/peer. Other contenders are
/// not run. `cases` is called only when `--only` keeps the row: a family's cases hold their
/// own tensors, and building them costs more than a filtered run's timings.
fn report_spread<'a>(label: &str, cases: impl FnOnce() -> Vec<Case<'a>>, budget: Duration) {
    if option("--only").is_some_and(|only| !label.contains(only.as_str())) {
        return;
    }
    // (fraction of memcpy, our time, the case, ours/peer for each of COPY_PEERS)
    let mut rows: Vec<(f64, f64, String, [Option<f64>; 2])> = cases()
        .into_iter()
        .map(|case| {
            let mut contenders: Vec<Contender<'_>> = case
                .contenders
                .into_iter()
                .enumerate()
                .filter(|(i, c)| *i == 0 || c.name == "memcpy" || COPY_PEERS.contains(&c.name))
                .map(|(_, c)| c)
                .collect();
            let names: Vec<&str> = contenders.iter().map(|c| c.name).collect();
            let times = medians(&mut contenders, budget);
            let time_of = |name: &str| {
                names
                    .iter()
                    .position(|n| *n == name)
                    .map(|i| times[i].as_secs_f64())
            };
            let ours = times[0].as_secs_f64();
            let memcpy = time_of("memcpy").expect("a copy family has a memcpy contender");
            let peers = COPY_PEERS.map(|peer| time_of(peer).map(|t| ours / t));
            (memcpy / ours, ours, case.id, peers)
        })
        .collect();
    rows.sort_by(|a, b| a.0.total_cmp(&b.0));
    let (worst, median) = (&rows[0], &rows[rows.len() / 2]);
    let mut against = String::new();
    for (k, peer) in COPY_PEERS.iter().enumerate() {
        let mut ratios: Vec<f64> = rows.iter().filter_map(|r| r.3[k]).collect();
        ratios.sort_by(f64::total_cmp);
        if let (Some(low), Some(high)) = (ratios.first(), ratios.last()) {
            against += &format!(
                "; ours/{peer}: median {:.2}, from {low:.2} to {high:.2}",
                ratios[ratios.len() / 2]
            );
        }
    }
    emit(format!(
        "| {label} | {} (median case) | memcpy: median {:.2}x its throughput, worst {:.2}x ({}){against} |",
        readable(median.1),
        median.0,
        worst.0,
        worst.2
    ));
}

/// Draws the chart of the rows kept so far beside the results file `results` (its name with
/// `.svg` for its extension).
fn write_chart(results: &str) {
    let svg = std::path::Path::new(results).with_extension("svg");
    let rows = ROWS.with(|rows| rows.borrow().clone());
    if let Err(err) = chart::write(&rows, &svg) {
        eprintln!("bench_report: cannot draw {}: {err}", svg.display());
        std::process::exit(1);
    }
    println!("chart written to {}", svg.display());
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

/// HPTT's threads are OpenMP's, which by default keep spinning on their cores for a while after
/// each call: on a machine with few cores that takes the cores from the next contender's
/// threads (on 2 vCPUs, `par_assign` of a 64⁴ permutation took 1.6× its time run right after
/// HPTT). OpenMP reads `OMP_WAIT_POLICY` when it loads, before `main`, so the report runs itself
/// again with `passive` (its threads sleep when idle) unless the variable is already set.
#[cfg(all(feature = "hptt", unix))]
fn with_passive_openmp() {
    use std::os::unix::process::CommandExt;
    if std::env::var_os("OMP_WAIT_POLICY").is_some() {
        return;
    }
    let Ok(exe) = std::env::current_exe() else {
        return;
    };
    let err = std::process::Command::new(exe)
        .args(std::env::args_os().skip(1))
        .env("OMP_WAIT_POLICY", "passive")
        .exec();
    eprintln!("bench_report: cannot run again with OMP_WAIT_POLICY=passive: {err}");
}

fn main() {
    #[cfg(all(feature = "hptt", unix))]
    with_passive_openmp();
    if let Some(results) = option("--summary-from") {
        let readme = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../README.md");
        let rows = std::fs::read_to_string(&results).unwrap_or_else(|err| {
            eprintln!("bench_report: cannot read {results}: {err}");
            std::process::exit(1);
        });
        ROWS.with(|r| {
            r.borrow_mut().extend(
                rows.lines()
                    .filter(|l| l.starts_with("| B"))
                    .map(String::from),
            )
        });
        if let Err(err) = write_summary(&readme) {
            eprintln!("bench_report: cannot update {}: {err}", readme.display());
            std::process::exit(1);
        }
        println!("summary written to {}", readme.display());
        write_chart(&results);
        return;
    }
    let quick = std::env::args().any(|a| a == "--quick");
    if option("--write").is_some() && option("--only").is_some() {
        eprintln!("bench_report: --write records a whole run; it cannot be used with --only");
        std::process::exit(2);
    }
    let budget = Duration::from_millis(if quick { 150 } else { 1200 });
    let big = if quick { 32 } else { 64 };
    emit("| benchmark | ours (median) | ratios |".to_string());
    emit("|---|---|---|".to_string());
    let d16 = data4([16; 4]);
    report(kernels::b1(&d16), budget);
    let d32 = data4([32; 4]);
    report(kernels::b2(&d32), budget);
    let big_data = data4([big; 4]);
    report(kernels::b3(&big_data), budget);
    for perm in copy_kernels::B4_PERMUTATIONS {
        report(copy_kernels::permuted_copy(&big_data, perm, "B4"), budget);
    }
    let odd = data4([61, 59, 63, 57]);
    // The odd shape beside the power-of-two one, for the layout-friendliest and the worst
    // permutation: power-of-two strides must not make a transposition collapse.
    for perm in [[0, 2, 3, 1], [3, 2, 1, 0], [2, 3, 1, 0]] {
        report(copy_kernels::permuted_copy(&odd, perm, "B4"), budget);
    }
    for perm in [[0, 2, 3, 1], [3, 2, 1, 0], [0, 1, 3, 2], [1, 0, 2, 3]] {
        report(copy_kernels::permuted_copy(&d16, perm, "B5"), budget);
    }
    // Every permutation of the power-of-two shape and of the odd one, whose rows are not a
    // whole number of lines apart and whose permutations that keep the last axis copy runs
    // that are not a whole number of 16 bytes.
    for data in [&big_data, &odd] {
        report_spread(
            &format!("B19 all 23 permutations of {:?}", data.ours.shape()),
            || {
                copy_kernels::all_permutations()
                    .into_iter()
                    .map(|perm| copy_kernels::permuted_copy(data, perm, "B19"))
                    .collect()
            },
            budget / 3,
        );
    }
    let side = if quick { 1024 } else { 4096 };
    report(copy_kernels::b19::<f32>([side; 2], "f32"), budget);
    report(copy_kernels::b19::<f64>([side; 2], "f64"), budget);
    report(copy_kernels::b19::<u16>([side; 2], "u16"), budget);
    report(copy_kernels::b19::<u8>([side; 2], "u8"), budget);
    // Sizes that are not powers of two: the tiles meet partial edges.
    for (shape, f64_too) in copy_kernels::B19_ODD {
        let shape = if quick { shape.map(|n| n / 4) } else { shape };
        report(copy_kernels::b19::<f32>(shape, "f32"), budget);
        if f64_too {
            report(copy_kernels::b19::<f64>(shape, "f64"), budget);
        }
    }
    // A rank-4 permutation of `f64` of sizes that are not powers of two, the result's rows
    // 64 elements (whole lines) and their source runs 320 bytes.
    let rank4 = if quick {
        [12, 14, 16, 10]
    } else {
        [48, 56, 64, 40]
    };
    report(copy_kernels::b19_rank4(rank4, [3, 1, 0, 2]), budget);
    // In the caches, with the result's rows a large power of two apart (4 KiB): they crowd a
    // few of the L1's sets.
    let cached = if quick { 256 } else { 1024 };
    report(copy_kernels::b19::<f32>([cached; 2], "f32"), budget);
    report(copy_kernels::b19::<f64>([cached / 2; 2], "f64"), budget);
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
    for case in kernels::b42() {
        report(case, budget);
    }
    for case in io_kernels::b21(if quick { 16 << 20 } else { 256 << 20 }) {
        report(case, budget);
    }
    report(
        io_kernels::b22(if quick { 64 << 20 } else { 1 << 30 }),
        budget,
    );
    report(
        io_kernels::b23(if quick { 10_000 } else { 200_000 }),
        budget,
    );
    for case in order_kernels::b24(1000) {
        report(case, budget);
    }
    report(order_kernels::b25(1_000_000), budget);
    for case in order_kernels::b26(if quick { 1024 } else { 4096 }) {
        report(case, budget);
    }
    report(
        order_kernels::b27(if quick { 4 << 20 } else { 16 << 20 }),
        budget,
    );
    for case in order_kernels::b28(if quick { 1024 } else { 2048 }) {
        report(case, budget);
    }
    report(notation_kernels::b29(1000), budget);
    for case in notation_kernels::b30(if quick { 4 } else { 32 }) {
        report(case, budget);
    }
    report(notation_kernels::b31(if quick { 4 } else { 32 }), budget);
    for case in linalg_kernels::b32_b33(if quick { 200 } else { 1000 }) {
        report(case, budget);
    }
    for case in linalg_kernels::b34_b35(if quick { 10_000 } else { 100_000 }) {
        report(case, budget);
    }
    for case in linalg_kernels::b43(if quick { 20 } else { 200 }, if quick { 2 } else { 10 }) {
        report(case, budget);
    }
    for case in linalg_kernels::b36(if quick {
        &[16, 64]
    } else {
        &[16, 64, 256, 1024, 2048]
    }) {
        report(case, budget);
    }
    for case in linalg_kernels::b37(if quick { 128 } else { 512 }) {
        report(case, budget);
    }
    for case in linalg_kernels::b38(if quick {
        &[[256, 16, 16], [16, 256, 16]]
    } else {
        &linalg_kernels::TALL_AND_SKINNY
    }) {
        report(case, budget);
    }
    for case in fft_kernels::b39(if quick { 1 << 16 } else { 1 << 20 }) {
        report(case, budget);
    }
    for case in fft_kernels::b40_b41(
        if quick { 128 } else { 512 },
        if quick { 1024 } else { 4096 },
    ) {
        report(case, budget);
    }
    #[cfg(feature = "rayon")]
    for case in copy_kernels::b18(&big_data) {
        report(case, budget);
    }
    if let Some(path) = option("--write") {
        if let Err(err) = write_results(&path, quick) {
            eprintln!("bench_report: cannot write {path}: {err}");
            std::process::exit(1);
        }
        println!("written to {path}");
        write_chart(&path);
        // A full run also refreshes the README's summary; a partial one (`--only`, `--quick`)
        // leaves it as it is.
        if option("--only").is_none() && !quick {
            let readme = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../README.md");
            if let Err(err) = write_summary(&readme) {
                eprintln!("bench_report: cannot update {}: {err}", readme.display());
                std::process::exit(1);
            }
            println!("summary written to {}", readme.display());
        }
    }
}
