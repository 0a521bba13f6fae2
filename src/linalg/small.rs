//! Products with a short shared dimension, or a narrow result, on AVX-512: `C ← α·A·B + β·C`
//! with `A: m × k` and C's and B's rows contiguous.
//!
//! C is cut into panels one register wide (16 `f32` or 8 `f64` columns, the last one masked).
//! Sixteen rows of a single panel, or eight rows of a pair of panels, are accumulated in registers
//! at a time: for each `kk`, a load of B's row `kk` per panel and a fused multiply-add per row and
//! panel, with A's elements broadcast. Nothing is packed and nothing is allocated, which is what
//! the general kernels pay at these sizes: measured on an AVX-512 EPYC through `matmul_into`, 16 ×
//! 16 · 16 × 16 `f32` took 0.51–0.55× faer's time and 2048 × 16 · 16 × 16 0.84–0.89× (0.74–0.83×
//! and 0.92× in the benchmark report's warmed-up, shuffled rounds). With a shared dimension of 64
//! faer's packed kernels are as fast as this, and ahead beyond it: a longer shared dimension is
//! taken only for narrow `f32` results, in chunks, each chunk of A's rows copied into a small
//! buffer (rows of A a power of two apart share first-level cache sets, and would be fetched again
//! for every column of the chunk); see [`LONG_ROWS`]. Two buffers take turns, and the kernel copies
//! the next chunk a register at a time among the current chunk's multiply-adds, so that the copy's
//! reads overlap them. Rows left over after the blocks of sixteen and eight go in one block of one
//! to seven rows, its accumulators split over alternate steps of the shared dimension so that
//! enough multiply-adds run at once.
//!
//! Wider results, up to 64 columns with a shared dimension up to 64 (such as 64 × 64 · 64 × 64),
//! are taken in tiles of five rows by four panels, which keep 20 accumulators in registers:
//! see [`TILE_SHARED`]. Results of sixteen rows wider than that (`f64`, and `f32` whose B
//! outgrows the first-level cache) are walked one panel of all sixteen rows at a time, C's
//! stores on whole lines: see [`WIDE_ROWS`].
//!
//! A result with contiguous columns instead (column-major C, and A) is the transposed product
//! `Cᵀ = Bᵀ·Aᵀ`, which takes the same kernel.
//!
//! Used on x86-64 with `std` (AVX-512F detected at run time, once), not under Miri.
//!
//! Every product here runs on 512-bit registers, the smallest included, where faer runs
//! products of at most 16³ multiply-adds on 256-bit ones. On a 2-vCPU Intel Xeon, 16 × 16 ·
//! 16 × 16 `f64` took 0.62–0.71× faer's time one call after another and 0.63–0.71× one call
//! at a time among other products, but 1.6–1.8× in spells of a few hundred such calls (under
//! 1 ms), most often right after other work: the processor then runs 512-bit multiply-adds
//! issued in short, sparse bursts at under half their speed. The same kernels on 256-bit
//! registers took 0.97–1.03× faer's time (they issue as many multiply-adds as faer's), so the
//! 512-bit ones are kept (B36 in the benchmark notes).

use super::kernel::MatRef;
#[cfg(all(target_arch = "x86_64", feature = "std", not(miri)))]
use super::kernel::PACKED_WORK;

/// The longest shared dimension taken straight from A.
#[cfg(all(target_arch = "x86_64", feature = "std", not(miri)))]
const MAX_SHARED: usize = 32;

/// The most of A's rows a chunk along a longer shared dimension copies into a buffer.
#[cfg(all(target_arch = "x86_64", feature = "std", not(miri)))]
const CHUNK_BYTES: usize = 8 << 10;

/// A shared dimension longer than [`MAX_SHARED`] is taken in chunks of A's rows copied into a
/// buffer of [`CHUNK_BYTES`], for `f32` results one register wide, or two with at most this
/// many rows, when A's rows (in the orientation taken) are contiguous (gathered element by
/// element from columns, 16 × 2048 · 2048 × 16 took 1.23× faer's time). On an AVX-512 EPYC,
/// through `matmul_into` against faer's kernels on the same row-major memory, shared
/// dimensions 64 to 2048: one register wide, 0.69–0.90× faer's time (16 × 2048 · 2048 × 16:
/// 0.74–0.79×); two registers, 0.85–0.97× with 8 or 16 rows but 0.98–1.03× with 64 or more.
/// `f64` results took 1.2–1.6× faer's time at most shapes and are left to it. In the
/// benchmark report's warmed-up, shuffled rounds, 16 × 2048 · 2048 × 16 took 0.77× faer's
/// time on an Intel Xeon, but 0.99–1.13× on the same EPYC (Zen 4), alternated four times with
/// a build that leaves it to faer (0.99–1.00×, the best times of the two within 2 %); kept
/// for the former.
#[cfg(all(target_arch = "x86_64", feature = "std", not(miri)))]
const LONG_ROWS: usize = 16;

/// Results more than this many registers wide (in the orientation taken) go to the general
/// kernels unless they have at most one register's worth of rows (16 `f32`, 8 `f64`): at
/// 64 × 16 · 16 × 64 `f32` and wider, with 64 rows or more, faer's kernels on the same
/// row-major memory took 0.90–1.0× this kernel's time; with 16 rows, or 32 columns, this one
/// took 0.5–0.94× theirs.
#[cfg(all(target_arch = "x86_64", feature = "std", not(miri)))]
const MAX_PANELS: usize = 2;

/// Results wider than [`MAX_PANELS`] registers go to the general kernels when B (in the
/// orientation taken) is larger than this, unless they are wide results of [`WIDE_ROWS`]
/// rows: in the benchmark report, which runs other products between calls, 16 × 16 ·
/// 16 × 2048 `f32` (B of 128 KiB) took 1.47× the time of faer's kernels on the same memory
/// on this kernel's blocks of rows and panels (`$rows`). Up to this size the wide path was
/// not faster than those blocks, which keep these products: on the AVX-512 EPYC, 16 × 16 ·
/// 16 × 128 and 16 × 32 · 32 × 128 `f32` took 0.95–1.27× their time back to back and
/// 0.79–1.24× after other writes (medians of four runs on a noisy host).
#[cfg(all(target_arch = "x86_64", feature = "std", not(miri)))]
const MAX_B_BYTES: usize = 32 << 10;

/// `f64` results of this many rows and at least [`WIDE_MIN_COLS`] columns are taken whatever B's
/// size, and `f32` ones with more than [`MAX_B_BYTES`] of B (up to [`WIDE_MAX_B_BYTES`]), when the
/// shared dimension is at least [`WIDE_MIN_SHARED`]: one panel of all 16 rows at a time, C's stores
/// on whole lines (`$wide` in the kernel). On faer's kernels, a row-major B and C whose rows are a
/// power of two apart put each panel's sixteen lines of each in one set of the first-level cache:
/// on a 2-vCPU Intel Xeon (AVX-512), 16 × 16 · 16 × 2048 `f64` took 1.6–1.7× faer's time on
/// column-major matrices through faer on the same row-major memory, and 0.93–0.94× here. From 16 ×
/// 8 · 8 × 128 to 16 × 32 · 32 × 2048 this path took 0.57–1.00× the time of faer's kernels on the
/// same memory with each call after 2 MiB of other writes, 0.50–0.88× back to back. On the 2-vCPU
/// AVX-512 EPYC (Zen 4), `f32` through `matmul_into` against faer's kernels on the same memory (the
/// path before), 20 calls back to back / each call after 2 MiB of other writes, best of 301 rounds,
/// four runs alternated: 16 × 16 · 16 × 2048 0.69–0.87 / 0.79–0.83, 16 × 8 · 8 × 2048 0.80–1.00 /
/// 0.74–0.77, 16 × 32 · 32 × 2048 0.84–0.86 / 0.82–0.84, 16 × 16 · 16 × 1024 0.77–0.93 / 0.80–0.85,
/// 16 × 32 · 32 × 300 0.87–0.91 / 0.80–0.85.
const WIDE_ROWS: usize = 16;

/// The most of B that wide `f32` results ([`WIDE_ROWS`]) take: past it they stay on faer's
/// kernels. B's rows of a wide result are a power of two apart when its width is, and with a
/// long shared dimension the panel's lines of B and C share sets of the second-level cache
/// as well as the first: on the AVX-512 EPYC, each call after 2 MiB of other writes, against
/// faer's kernels on the same memory, 16 × 32 · 32 × 32768 (B of 4 MiB) took 1.20–1.36× and
/// 16 × 32 · 32 × 131072 1.22–1.30× their time, where 16 × 32 · 32 × 16384 (2 MiB) took
/// 0.86–0.91× (and 16 × 16 · 16 × 65536 and 16 × 8 · 8 × 131072, 4 MiB, 0.50–0.76×).
#[cfg(all(target_arch = "x86_64", feature = "std", not(miri)))]
const WIDE_MAX_B_BYTES: usize = 2 << 20;

/// The fewest columns of the wide `f64` results taken ([`WIDE_ROWS`]): with each call after
/// 2 MiB of other writes, 16 × 16 · 16 × 17 and 16 × 16 · 16 × 24 took up to 1.31× the time
/// of faer's kernels (0.61–0.73× back to back), 16 × 8 · 8 × 100 up to 1.08×.
const WIDE_MIN_COLS: usize = 128;

/// The shortest shared dimension of the wide `f64` results taken ([`WIDE_ROWS`]): with fewer
/// steps, each panel's sixteen stores outweigh its multiply-adds, and rows written sixteen
/// lines apart were slower than faer's (16 × 1 · 1 × 2048 1.4–2.3× its time, 16 × 4 · 4 × 4096
/// 0.83–1.03×, from 5 steps 0.66–0.98×).
const WIDE_MIN_SHARED: usize = 8;

/// Products of this many multiply-adds or more are split by rows across rayon's threads (with
/// the `rayon` feature). On the 2-vCPU AVX-512 EPYC, `f32` in two threads against one:
/// 65536 × 32 · 32 × 16 (2²⁵) 338 → 194 µs and 16384 × 32 · 32 × 32 (2²⁴) 149 → 95 µs, but at
/// 2²¹ the threads' start cost more than they saved (2048 × 32 · 32 × 32: 17 → 18–28 µs) and
/// at 2²² they were level or slower (4096 × 32 · 32 × 32: 35 → 24–38 µs).
#[cfg(all(target_arch = "x86_64", feature = "rayon", not(miri)))]
const SPLIT_WORK: usize = 1 << 23;

/// Products the kernels above leave, wider than [`MAX_PANELS`] registers, with a shared dimension
/// of at most this, at most [`TILE_COLS`] columns and [`TILE_WORK`] multiply-adds, are taken in
/// tiles of [`TILE_ROWS`] rows by four panels (`$tiles` in the kernel): 20 accumulators, four loads
/// of B and five broadcasts of A per step, so that the multiply-adds, not the loads, set the pace.
/// On a 2-vCPU Intel Xeon (AVX-512), with tiles of six rows, `matmul_into` against faer's `matmul`
/// on its own column-major matrices (median of 301 rounds of 20 calls each): at 64 × 64 · 64 × 64
/// `f32` 0.89–0.99× its time, `f64` 0.89–0.93× (faer on the same row-major memory as ours, where
/// the product went before: 0.99–1.04×, 1.02–1.13×); 48³ `f32` 0.77–0.84×, `f64` 0.97×; 256 × 64 ·
/// 64 × 64 0.92–0.96× (0.94–1.00×). Called once after other products instead, as the benchmark
/// report does, 64³ `f32` took 0.86–1.01× faer's time and `f64` 0.87–0.95× (`f32` 1.01–1.04× while
/// the report timed ours for the state faer's product leaves in the vector registers: B36 in the
/// benchmark notes). With a longer shared dimension or a wider result, faer's packed kernels come
/// out ahead where C's rows are off a line (a kernel of this shape in a program of its own: 64 ×
/// 128 · 128 × 64 `f64` 1.02–1.03× faer's time, against 1.01× for faer on the same memory; 128³
/// 1.07–1.15×; 64 × 64 · 64 × 1024 1.28–1.31×).
#[cfg(all(target_arch = "x86_64", feature = "std", not(miri)))]
const TILE_SHARED: usize = 64;

/// The rows of a tile (see [`TILE_SHARED`]). On the 2-vCPU AVX-512 EPYC (Zen 4), in the
/// benchmark report, builds alternated four times: 64 × 64 · 64 × 64 `f32` took 4.80–4.87 µs
/// with five rows against 4.95–5.42 µs with six (0.97–1.01× faer's time against 0.98–1.03×),
/// `f64` 9.54–9.66 µs against 9.88–10.25 µs (0.98–0.99× against 1.00–1.02×); with four rows
/// 4.85–4.91 µs and 9.57–9.79 µs. The Intel Xeon's figures above, with six, were not measured
/// again with five.
#[cfg(all(target_arch = "x86_64", feature = "std", not(miri)))]
const TILE_ROWS: usize = 5;

/// The widest result taken in tiles (see [`TILE_SHARED`]): 64 columns, four `f32` panels or
/// two rows of four `f64` ones.
#[cfg(all(target_arch = "x86_64", feature = "std", not(miri)))]
const TILE_COLS: usize = 64;

/// The most multiply-adds taken in tiles (see [`TILE_SHARED`]): 256 × 64 · 64 × 64. With
/// more rows the tiles and faer's kernels on the same memory were level: 1024 × 64 · 64 × 64
/// 0.88–0.94× faer's time on its own matrices against 0.88–0.93×, 2048 × 32 · 32 × 64
/// 0.91–0.97× against 0.89–0.95×.
#[cfg(all(target_arch = "x86_64", feature = "std", not(miri)))]
const TILE_WORK: usize = 1 << 20;

/// `C ← α·A·B + β·C` when `T` is `f32` or `f64`, the CPU has AVX-512F, the product is narrow or
/// short enough ([`MAX_PANELS`]) or a wide result of [`WIDE_ROWS`] rows, and either C's and B's
/// rows are contiguous or C's and A's columns are, and either the shared dimension is at most
/// [`MAX_SHARED`] or the product is narrow `f32` with fewer multiply-adds than [`PACKED_WORK`] (see
/// [`LONG_ROWS`]), or the product fits the tiles ([`TILE_SHARED`]); returns `true`. Otherwise
/// returns `false`, touching nothing. With `β = 0`, C is only written. Products of [`SPLIT_WORK`]
/// multiply-adds or more run on several threads with `rayon`.
///
/// Large products with a short shared dimension stay here, as they read A and write C once
/// each: on the EPYC, one thread, against faer's kernels on the same row-major memory (where
/// they went before), 65536 × 32 · 32 × 16 `f32` took 338 µs against 481 µs (faer 451 µs on
/// column-major matrices), 16384 × 16 · 16 × 16 47 µs against 75 µs, and
/// 131072 × 8 · 8 × 4 201 µs against 444 µs (but faer's 75 µs on column-major matrices: a
/// result narrower than a register leaves lanes idle).
///
/// # Safety
///
/// The shapes agree and are non-zero (`A: m × k`, `B: k × n`); `A`'s and `B`'s layouts are
/// valid for their data; `c + i·rs + j·cs` is valid for writes (and for reads unless `β = 0`)
/// for every `i < m`, `j < n`, those positions being distinct and not aliased by `A` or `B`.
#[inline]
pub(super) unsafe fn product<T: Copy>(
    alpha: T,
    a: MatRef<'_, T>,
    b: MatRef<'_, T>,
    beta: T,
    c: *mut T,
    rs: isize,
    cs: isize,
) -> bool {
    #[cfg(all(target_arch = "x86_64", feature = "std", not(miri)))]
    {
        let (m, k, n) = (a.rows, a.cols, b.cols);
        let work = m.saturating_mul(k).saturating_mul(n);
        if work >= PACKED_WORK && k > MAX_SHARED {
            return false;
        }
        let single = typeid::of::<T>() == typeid::of::<f32>();
        if !single && typeid::of::<T>() != typeid::of::<f64>() {
            return false;
        }
        let pa = a.data.as_ptr().wrapping_add(a.offset);
        let pb = b.data.as_ptr().wrapping_add(b.offset);
        // As `Narrow`: rows of C and of B contiguous.
        let job = if cs == 1 && b.cs == 1 {
            Narrow {
                rows: m,
                shared: k,
                cols: n,
                a: (pa, a.rs, a.cs),
                b: (pb, b.rs),
                c: (c, rs),
            }
        } else if rs == 1 && a.rs == 1 {
            // `Cᵀ = Bᵀ·Aᵀ`: `Bᵀ[j, kk]` is `B[kk, j]`, `Aᵀ[kk, i]` is `A[i, kk]`.
            Narrow {
                rows: n,
                shared: k,
                cols: m,
                a: (pb, b.cs, b.rs),
                b: (pa, a.cs),
                c: (c, cs),
            }
        } else {
            return false;
        };
        // Wider results on more rows, or with more of B than the first-level cache holds,
        // are as fast or faster on faer's and matrixmultiply's packed kernels (see
        // `MAX_PANELS` and `MAX_B_BYTES`), but for wide results of 16 rows (`WIDE_ROWS`).
        let width = if single { 16 } else { 8 };
        let b_bytes = k * job.cols * size_of::<T>();
        let narrow = job.cols <= MAX_PANELS * width;
        let taken = if k <= MAX_SHARED {
            narrow || job.rows <= width && b_bytes <= MAX_B_BYTES || job.wide()
        } else {
            // Chunks of A's rows, copied (see `LONG_ROWS`).
            single && job.a.2 == 1 && (job.cols <= width || narrow && job.rows <= LONG_ROWS)
        };
        // What the kernels above leave, in tiles (see `TILE_SHARED`).
        let tiled =
            !taken && !narrow && k <= TILE_SHARED && job.cols <= TILE_COLS && work <= TILE_WORK;
        if !taken && !tiled {
            return false;
        }
        if !std::arch::is_x86_feature_detected!("avx512f") {
            return false;
        }
        // `T` is `f32` or `f64`, by its type id; the CPU has AVX-512F; `job` is the product in
        // the caller's contract, oriented so that its rows of B and C are contiguous: it keeps
        // invariant 1 of `Narrow`, and invariant 2 unless `tiled` (`taken` requires `a.2 = 1`
        // past `MAX_SHARED`).
        #[cfg(feature = "rayon")]
        if work >= SPLIT_WORK {
            // SAFETY: as just stated; `tiled` is false, as `TILE_WORK < SPLIT_WORK`.
            unsafe { par::run(job, alpha, beta) };
            return true;
        }
        // SAFETY: as just stated.
        unsafe { run(job, alpha, beta, tiled) };
        true
    }
    #[cfg(not(all(target_arch = "x86_64", feature = "std", not(miri))))]
    {
        let _ = (alpha, a, b, beta, c, rs, cs);
        false
    }
}

/// Runs `job` on the kernel of its element type.
///
/// # Safety
///
/// `T` is `f32` or `f64`; the CPU has AVX-512F; `job` keeps invariant 1 of `Narrow`, and
/// invariant 2 unless `tiled` (the tiles need invariant 1 alone).
#[cfg(all(target_arch = "x86_64", feature = "std", not(miri)))]
#[inline]
unsafe fn run<T: Copy>(job: Narrow<T>, alpha: T, beta: T, tiled: bool) {
    if typeid::of::<T>() == typeid::of::<f32>() {
        // SAFETY: `T` is `f32` (same type id), so the casts are identities; the rest is the
        // caller's contract.
        let scalars = unsafe { core::mem::transmute_copy(&(alpha, beta)) };
        if tiled {
            // SAFETY: as above.
            unsafe { x86::f32_tiles(job.cast(), scalars) };
        } else {
            // SAFETY: as above.
            unsafe { x86::f32s(job.cast(), scalars) };
        }
    } else {
        // SAFETY: as above, with `T` = `f64` (the only other type the caller passes).
        let scalars = unsafe { core::mem::transmute_copy(&(alpha, beta)) };
        if tiled {
            // SAFETY: as above.
            unsafe { x86::f64_tiles(job.cast(), scalars) };
        } else {
            // SAFETY: as above.
            unsafe { x86::f64s(job.cast(), scalars) };
        }
    }
}

/// Products of [`SPLIT_WORK`] multiply-adds or more, split by rows of C across rayon's
/// threads.
#[cfg(all(target_arch = "x86_64", feature = "rayon", not(miri)))]
mod par {
    use rayon::prelude::*;

    use super::Narrow;

    /// A product and its `α` and `β`, shared by the threads that run its pieces.
    struct Shared<T>(Narrow<T>, T, T);

    // SAFETY: the threads only read a `Shared` (copies of its fields); each runs the rows of
    // C of its own piece (`run` cuts them apart, and C's positions are distinct: invariant 1
    // of `Narrow`), A and B are only read, and `T` is `f32` or `f64` (the caller's contract).
    unsafe impl<T> Sync for Shared<T> {}

    /// `job` cut into one piece of whole 16-row blocks per thread (the last piece takes the
    /// rest), each run on the kernel.
    ///
    /// # Safety
    ///
    /// As [`super::run`].
    pub(super) unsafe fn run<T: Copy>(job: Narrow<T>, alpha: T, beta: T) {
        let pieces = rayon::current_num_threads().clamp(1, job.rows.div_ceil(16));
        let step = job.rows.div_ceil(pieces).next_multiple_of(16);
        let shared = Shared(job, alpha, beta);
        let shared = &shared;
        (0..job.rows.div_ceil(step)).into_par_iter().for_each(|p| {
            let Shared(job, alpha, beta) = *shared;
            // SAFETY: rows `p·step..` of `job`, `p·step < job.rows` (`rows_from` keeps
            // its invariants); the rest is the caller's contract.
            unsafe { super::run(job.rows_from(p * step, step), alpha, beta, false) }
        });
    }
}

/// A product `C ← α·A·B + β·C` of `rows × shared` by `shared × cols` matrices whose rows of B
/// and C are contiguous: A at `a.0 + i·a.1 + kk·a.2`, B at `b.0 + kk·b.1 + j`, C at
/// `c.0 + i·c.1 + j`.
///
/// Invariant 1: `rows`, `shared` and `cols` are non-zero, each of those positions is valid
/// (A's and B's for reads, C's for writes, and for reads when `β ≠ 0`), and C's are distinct
/// and not aliased by A or B.
///
/// Invariant 2: when `shared` is larger than [`MAX_SHARED`], A's rows are contiguous
/// (`a.2 = 1`). Products taken in tiles (see [`TILE_SHARED`]) need only invariant 1: they
/// read A element by element.
#[cfg(all(target_arch = "x86_64", feature = "std", not(miri)))]
#[derive(Clone, Copy)]
struct Narrow<T> {
    rows: usize,
    shared: usize,
    cols: usize,
    a: (*const T, isize, isize),
    b: (*const T, isize),
    c: (*mut T, isize),
}

#[cfg(all(target_arch = "x86_64", feature = "std", not(miri)))]
impl<T> Narrow<T> {
    /// Rows `start..start + count` of the product (fewer at its end): the same B, A's and C's
    /// pointers moved to row `start`. It keeps invariants 1 and 2 when `start < rows`.
    #[cfg(feature = "rayon")]
    fn rows_from(self, start: usize, count: usize) -> Self {
        Self {
            rows: count.min(self.rows - start),
            a: (
                self.a.0.wrapping_offset(self.a.1 * start as isize),
                self.a.1,
                self.a.2,
            ),
            c: (
                self.c.0.wrapping_offset(self.c.1 * start as isize),
                self.c.1,
            ),
            ..self
        }
    }

    /// Whether the product is a wide one ([`WIDE_ROWS`] rows, at least [`WIDE_MIN_COLS`]
    /// columns, a shared dimension from [`WIDE_MIN_SHARED`] to [`MAX_SHARED`]; `f64`, or
    /// `f32` with more than [`MAX_B_BYTES`] of B and at most [`WIDE_MAX_B_BYTES`]): taken
    /// whatever B's size up to that, and run one panel of all its rows at a time.
    fn wide(&self) -> bool {
        let b_bytes = self
            .shared
            .saturating_mul(self.cols)
            .saturating_mul(size_of::<T>());
        self.rows == WIDE_ROWS
            && self.cols >= WIDE_MIN_COLS
            && (WIDE_MIN_SHARED..=MAX_SHARED).contains(&self.shared)
            && (size_of::<T>() == 8 || (MAX_B_BYTES + 1..=WIDE_MAX_B_BYTES).contains(&b_bytes))
    }

    /// The same product with the pointers cast to `U` (of the same type, for the callers).
    fn cast<U>(self) -> Narrow<U> {
        Narrow {
            rows: self.rows,
            shared: self.shared,
            cols: self.cols,
            a: (self.a.0.cast(), self.a.1, self.a.2),
            b: (self.b.0.cast(), self.b.1),
            c: (self.c.0.cast(), self.c.1),
        }
    }
}

#[cfg(all(target_arch = "x86_64", feature = "std", not(miri)))]
mod x86;

#[cfg(all(test, target_arch = "x86_64", feature = "std", not(miri)))]
mod tests;
