//! Products with a short shared dimension, or a narrow result, on AVX-512: `C ← α·A·B + β·C`
//! with `A: m × k` and C's and B's rows contiguous.
//!
//! C is cut into panels one register wide (16 `f32` or 8 `f64` columns, the last one masked).
//! Sixteen rows of a single panel, or eight rows of a pair of panels, are accumulated in
//! registers at a time: for each `kk`, a load of B's row `kk` per panel and a fused
//! multiply-add per row and panel, with A's elements broadcast. Nothing is packed and nothing
//! is allocated, which is what the general kernels pay at these sizes: measured on an AVX-512
//! EPYC through `matmul_into`, 16 × 16 · 16 × 16 `f32` took 0.51–0.55× faer's time and
//! 2048 × 16 · 16 × 16 0.84–0.89×. With a shared dimension of 64 faer's packed kernels are as
//! fast as this, and ahead beyond it: a longer shared dimension is taken only for narrow
//! `f32` results, in chunks, each chunk of A's rows copied into a small buffer (rows of A a
//! power of two apart share first-level cache sets, and would be fetched again for every
//! column of the chunk); see [`LONG_ROWS`]. Two buffers take turns, and the kernel copies the
//! next chunk a register at a time among the current chunk's multiply-adds, so that the
//! copy's reads overlap them. Rows left over after the blocks of sixteen and eight go in one
//! block of one to seven rows, its accumulators split over alternate steps of the shared
//! dimension so that enough multiply-adds run at once.
//!
//! A result with contiguous columns instead (column-major C, and A) is the transposed product
//! `Cᵀ = Bᵀ·Aᵀ`, which takes the same kernel.
//!
//! Used on x86-64 with `std` (AVX-512F detected at run time, once), not under Miri.

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
/// `f64` results took 1.2–1.6× faer's time at most shapes and are left to it.
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
/// orientation taken) is larger than this: in the benchmark report, which runs other
/// products between calls, 16 × 16 · 16 × 2048 `f32` (B of 128 KiB) took 1.47× the time of
/// faer's kernels on the same memory here.
#[cfg(all(target_arch = "x86_64", feature = "std", not(miri)))]
const MAX_B_BYTES: usize = 32 << 10;

/// `f64` results of this many rows and at least [`WIDE_MIN_COLS`] columns are taken whatever
/// B's size, when the shared dimension is at least [`WIDE_MIN_SHARED`]: one panel of all 16
/// rows at a time, C's stores on whole lines (`$wide` in the kernel). On faer's kernels, a
/// row-major B and C whose rows are a power of two apart put each panel's sixteen lines of
/// each in one set of the first-level cache: on a 2-vCPU Intel Xeon (AVX-512), 16 × 16 ·
/// 16 × 2048 took 1.6–1.7× faer's time on column-major matrices through faer on the same
/// row-major memory, and 0.93–0.94× here. From 16 × 8 · 8 × 128 to 16 × 32 · 32 × 2048 this
/// path took 0.57–1.00× the time of faer's kernels on the same memory with each call after
/// 2 MiB of other writes, 0.50–0.88× back to back.
const WIDE_ROWS: usize = 16;

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

/// `C ← α·A·B + β·C` when `T` is `f32` or `f64`, the CPU has AVX-512F, the product is narrow
/// or short enough ([`MAX_PANELS`]) or a wide `f64` result of [`WIDE_ROWS`] rows, and either
/// C's and B's rows are contiguous or C's and A's columns are, and either the shared dimension
/// is at most [`MAX_SHARED`] or the product is narrow `f32` with fewer multiply-adds than
/// [`PACKED_WORK`] (see [`LONG_ROWS`]); returns `true`. Otherwise returns `false`, touching
/// nothing. With `β = 0`, C is only written.
/// Products of [`SPLIT_WORK`] multiply-adds or more run on several threads with `rayon`.
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
        // `MAX_PANELS` and `MAX_B_BYTES`), but for `f64` results of 16 rows (`WIDE_ROWS`).
        let width = if single { 16 } else { 8 };
        let b_bytes = k * job.cols * size_of::<T>();
        let narrow = job.cols <= MAX_PANELS * width;
        let taken = if k <= MAX_SHARED {
            narrow || job.rows <= width && b_bytes <= MAX_B_BYTES || job.wide()
        } else {
            // Chunks of A's rows, copied (see `LONG_ROWS`).
            single && job.a.2 == 1 && (job.cols <= width || narrow && job.rows <= LONG_ROWS)
        };
        if !taken {
            return false;
        }
        if !std::arch::is_x86_feature_detected!("avx512f") {
            return false;
        }
        // `T` is `f32` or `f64`, by its type id; the CPU has AVX-512F; `job` is the product in
        // the caller's contract, oriented so that its rows of B and C are contiguous: it keeps
        // invariant 1 of `Narrow`, and invariant 2 (`taken` requires `a.2 = 1` past
        // `MAX_SHARED`).
        #[cfg(feature = "rayon")]
        if work >= SPLIT_WORK {
            // SAFETY: as just stated.
            unsafe { par::run(job, alpha, beta) };
            return true;
        }
        // SAFETY: as just stated.
        unsafe { run(job, alpha, beta) };
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
/// `T` is `f32` or `f64`; the CPU has AVX-512F; `job` keeps invariants 1 and 2 of `Narrow`.
#[cfg(all(target_arch = "x86_64", feature = "std", not(miri)))]
#[inline]
unsafe fn run<T: Copy>(job: Narrow<T>, alpha: T, beta: T) {
    if typeid::of::<T>() == typeid::of::<f32>() {
        // SAFETY: `T` is `f32` (same type id), so the casts are identities; the rest is the
        // caller's contract.
        unsafe { x86::f32s(job.cast(), core::mem::transmute_copy(&(alpha, beta))) };
    } else {
        // SAFETY: as above, with `T` = `f64` (the only other type the caller passes).
        unsafe { x86::f64s(job.cast(), core::mem::transmute_copy(&(alpha, beta))) };
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
            unsafe { super::run(job.rows_from(p * step, step), alpha, beta) }
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
/// (`a.2 = 1`).
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

    /// Whether the product is a wide `f64` one ([`WIDE_ROWS`] rows, at least
    /// [`WIDE_MIN_COLS`] columns, a shared dimension from [`WIDE_MIN_SHARED`] to
    /// [`MAX_SHARED`]): taken whatever B's size, and run one panel of all its rows at a time.
    fn wide(&self) -> bool {
        size_of::<T>() == 8
            && self.rows == WIDE_ROWS
            && self.cols >= WIDE_MIN_COLS
            && (WIDE_MIN_SHARED..=MAX_SHARED).contains(&self.shared)
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
mod x86 {
    use core::arch::x86_64::*;

    use super::Narrow;

    /// A copy of `rows` rows of `per_row` pieces one register wide, piece `q` of row `r` from
    /// `from + r·rs + q·WIDTH` to `to + r·to_rs + q·WIDTH`, under a full mask but for the last
    /// piece of each row (`last`): A's next chunk, copied into a buffer a piece at a time by
    /// the kernel working on the current one ([`Fill::step`]). `at` is the next piece (row,
    /// piece); [`Fill::NONE`] copies nothing.
    ///
    /// Invariants, for each piece `q < per_row` of each row `at.0 ≤ r < rows` not yet copied
    /// (`q ≥ at.1` when `r = at.0`):
    ///
    /// 1. The piece's lanes (all of them, or `last`'s for the last piece of a row) are valid
    ///    for reads at `from` and for writes at `to`.
    /// 2. Its lanes at `to` are not read or written by anything else while the copy runs (the
    ///    kernel reads the other buffer, B and C).
    /// 3. `last`'s set bits are its lowest, at most a register's lanes.
    #[derive(Clone, Copy)]
    struct Fill<T> {
        from: *const T,
        rs: isize,
        to: *mut T,
        to_rs: usize,
        per_row: usize,
        rows: usize,
        last: u32,
        at: (usize, usize),
    }

    /// A value aligned to a cache line of 64 bytes.
    #[repr(C, align(64))]
    struct Lines<T>(T);

    impl<T> Fill<T> {
        /// No copy.
        const NONE: Self = Self {
            from: core::ptr::null(),
            rs: 0,
            to: core::ptr::null_mut(),
            to_rs: 0,
            per_row: 1,
            rows: 0,
            last: 0,
            at: (0, 0),
        };
    }

    /// The kernel for one element type: `$run` walks the rows sixteen, then eight at a time,
    /// and the rest in one block; `$wide` walks a wide `f64` result's sixteen rows one panel at
    /// a time; `$panels` walks those rows' panels of one register's width, two at a time and a
    /// last one alone; `$block` accumulates `R` rows of `P` panels, in `U` sets over alternate
    /// steps of the shared dimension. Masked loads and stores touch only the panels' lanes of
    /// each row (AVX-512 suppresses faults on masked-out lanes).
    macro_rules! narrow_kernel {
        ($run:ident, $rows:ident, $chunks:ident, $panels:ident, $wide:ident, $block:ident,
         $t:ty, $mask:ty, $vec:ty, $zero:ident, $set1:ident,
         $load:ident, $store:ident, $fmadd:ident, $mul:ident, $add:ident) => {
            impl Fill<$t> {
                /// Copies piece `q` of row `r`.
                ///
                /// # Safety
                ///
                /// The CPU has AVX-512F; `self` keeps the invariants of `Fill`; the piece is
                /// not yet copied: `at.0 ≤ r < rows`, `q < per_row`, and `q ≥ at.1` when
                /// `r = at.0`.
                #[target_feature(enable = "avx512f")]
                #[inline]
                unsafe fn piece(&self, r: usize, q: usize) {
                    const WIDTH: usize = 64 / size_of::<$t>();
                    let from = self
                        .from
                        .wrapping_offset((r as isize).wrapping_mul(self.rs))
                        .wrapping_add(q * WIDTH);
                    let to = self.to.wrapping_add(r * self.to_rs + q * WIDTH);
                    // SAFETY: the piece's masked lanes are valid at both ends (invariant 1 of
                    // `Fill`, with `last` a register's lowest lanes by invariant 3), those at
                    // `to` not touched by anything else (invariant 2). A full mask is a
                    // constant, which the compiler turns into plain moves (masked stores into
                    // the buffer made the copy slower than the multiply-adds it runs among,
                    // on a Zen 4).
                    unsafe {
                        if q + 1 < self.per_row || self.last == u32::from(<$mask>::MAX) {
                            $store(to, <$mask>::MAX, $load(<$mask>::MAX, from));
                        } else {
                            let mask = self.last as $mask;
                            $store(to, mask, $load(mask, from));
                        }
                    }
                }

                /// Copies the next piece, if any is left.
                ///
                /// # Safety
                ///
                /// The CPU has AVX-512F; `self` keeps the invariants of `Fill`.
                #[target_feature(enable = "avx512f")]
                #[inline]
                unsafe fn step(&mut self) {
                    let (r, q) = self.at;
                    if r < self.rows {
                        // SAFETY: `(r, q)` is the next piece (the caller's contract).
                        unsafe { self.piece(r, q) };
                        self.at = if q + 1 == self.per_row {
                            (r + 1, 0)
                        } else {
                            (r, q + 1)
                        };
                    }
                }

                /// Copies the pieces left: the rest of the current row, then each row whole
                /// in a loop over rows and pieces (faster than repeated steps when nothing
                /// else runs).
                ///
                /// # Safety
                ///
                /// As [`step`](Self::step).
                #[target_feature(enable = "avx512f")]
                #[inline]
                unsafe fn rest(&mut self) {
                    while self.at.0 < self.rows && self.at.1 != 0 {
                        // SAFETY: the caller's contract; `step` keeps the invariants.
                        unsafe { self.step() };
                    }
                    for r in self.at.0..self.rows {
                        for q in 0..self.per_row {
                            // SAFETY: piece `q` of row `r` is not yet copied (`at.1 = 0`).
                            unsafe { self.piece(r, q) };
                        }
                    }
                    self.at = (self.rows, 0);
                }
            }

            /// `C ← α·A·B + β·C` for `job`.
            ///
            /// # Safety
            ///
            /// The CPU has AVX-512F; `job` keeps invariants 1 and 2 of `Narrow`.
            #[target_feature(enable = "avx512f")]
            pub(super) unsafe fn $run(job: Narrow<$t>, (alpha, beta): ($t, $t)) {
                // Wide `f64` results, whose A fits `$wide`'s buffer.
                let wide = job.wide();
                let mut i = 0;
                while i + 16 <= job.rows {
                    // SAFETY: rows `i..i + 16` are in the product (the caller's contract), and
                    // `$wide` is called only when `shared ≤ MAX_SHARED` (`wide`).
                    unsafe {
                        if wide {
                            $wide::<16>(&job, i, alpha, beta)
                        } else {
                            $rows::<16, 8, 1, 1>(&job, i, alpha, beta)
                        }
                    };
                    i += 16;
                }
                while i + 8 <= job.rows {
                    // SAFETY: rows `i..i + 8` are in the product (the caller's contract).
                    unsafe { $rows::<8, 8, 1, 1>(&job, i, alpha, beta) };
                    i += 8;
                }
                // The rest, fewer than eight rows, in one block, which reads B once. A block's
                // accumulators are as many independent chains of multiply-adds, each waiting
                // on its last one's latency: blocks of three to seven rows keep each
                // accumulator in two or three sets, over alternate steps of the shared
                // dimension, so that they run at least eight chains (`UP` for a block of two
                // panels, `US` for one). One or two rows are bound by reading B (a row of it
                // for every one or two multiply-adds), and more sets made them slower.
                // SAFETY: in each arm, rows `i..job.rows` are in the product (the caller's
                // contract), `job.rows - i` of them.
                unsafe {
                    match job.rows - i {
                        1 => $rows::<1, 1, 1, 1>(&job, i, alpha, beta),
                        2 => $rows::<2, 2, 1, 1>(&job, i, alpha, beta),
                        3 => $rows::<3, 3, 2, 3>(&job, i, alpha, beta),
                        4 => $rows::<4, 4, 1, 2>(&job, i, alpha, beta),
                        5 => $rows::<5, 5, 1, 2>(&job, i, alpha, beta),
                        6 => $rows::<6, 6, 1, 2>(&job, i, alpha, beta),
                        7 => $rows::<7, 7, 1, 2>(&job, i, alpha, beta),
                        _ => {}
                    }
                }
            }

            /// Rows `i..i + R` of `job`'s C: straight from A when the shared dimension is at
            /// most [`MAX_SHARED`](super::MAX_SHARED), otherwise in chunks; the blocks of two
            /// panels in `UP` sets of accumulators, those of one in `US` (see `$block`).
            ///
            /// # Safety
            ///
            /// The CPU has AVX-512F; `job` keeps invariants 1 and 2 of `Narrow`; `i + R ≤
            /// job.rows`; `H` divides `R`.
            #[target_feature(enable = "avx512f")]
            #[inline]
            unsafe fn $rows<const R: usize, const H: usize, const UP: usize, const US: usize>(
                job: &Narrow<$t>,
                i: usize,
                alpha: $t,
                beta: $t,
            ) {
                // SAFETY: the caller's contract.
                unsafe {
                    if job.shared <= super::MAX_SHARED {
                        $panels::<R, H, false, UP, US>(job, i, alpha, beta, Fill::NONE)
                    } else if job.shared <= super::CHUNK_BYTES / (16 * size_of::<$t>()) {
                        $chunks::<R, H, 1, UP, US>(job, i, alpha, beta)
                    } else {
                        $chunks::<R, H, 2, UP, US>(job, i, alpha, beta)
                    }
                }
            }

            /// Rows `i..i + R` of `job`'s C in chunks along the shared dimension, each chunk of
            /// A's rows first copied into a buffer of [`CHUNK_BYTES`](super::CHUNK_BYTES) at
            /// most (rows a power of two apart would share first-level cache sets and be read
            /// again from the next level for every column of the chunk), and each chunk after
            /// the first added to C. Two buffers take turns: while the kernel reads one chunk,
            /// it copies the next into the other, a register's worth per step of the shared
            /// dimension, so that the copy's reads from the next cache level overlap the
            /// multiply-adds instead of running between them (see [`Fill`]). Not inlined, so
            /// that the buffers are on the stack only here.
            ///
            /// # Safety
            ///
            /// The CPU has AVX-512F; `job` keeps invariants 1 and 2 of `Narrow`; `i + R ≤
            /// job.rows`; `H` divides `R`.
            #[target_feature(enable = "avx512f")]
            #[inline(never)]
            unsafe fn $chunks<
                const R: usize,
                const H: usize,
                const TURNS: usize,
                const UP: usize,
                const US: usize,
            >(
                job: &Narrow<$t>,
                i: usize,
                alpha: $t,
                beta: $t,
            ) {
                const CHUNK: usize = super::CHUNK_BYTES / (16 * size_of::<$t>());
                const WIDTH: usize = 64 / size_of::<$t>();
                // Aligned to a cache line, as each row of the buffers is (`CHUNK` elements are
                // whole lines), so that no store of the copy splits a line.
                let mut buffers =
                    core::mem::MaybeUninit::<Lines<[[[$t; CHUNK]; R]; TURNS]>>::uninit();
                let packed = buffers.as_mut_ptr().cast::<$t>();
                let (pa, ars, _) = job.a;
                // The copy of A's rows `i..i + R`, columns `k0..k0 + len` (`len ≤ CHUNK`), into
                // buffer `turn`: each row in pieces of a register's width, the last masked.
                let fill = |k0: usize, turn: usize| {
                    let len = CHUNK.min(job.shared - k0);
                    let per_row = len.div_ceil(WIDTH);
                    Fill {
                        from: pa
                            .wrapping_offset((i as isize).wrapping_mul(ars))
                            .wrapping_add(k0),
                        rs: ars,
                        to: packed.wrapping_add(turn * R * CHUNK),
                        to_rs: CHUNK,
                        per_row,
                        rows: R,
                        last: (1u32 << (len - (per_row - 1) * WIDTH)) - 1,
                        at: (0, 0),
                    }
                };
                // SAFETY: `fill(0, 0)` keeps the invariants of `Fill`. 1: its pieces are
                // elements of A's rows `i..i + R` (`i + R ≤ rows`) up to column `len ≤ shared`,
                // valid for reads (invariant 1 of `Narrow`) and next to each other along each
                // row (invariant 2: `acs = 1`), copied to the same places of buffer 0
                // (`len ≤ CHUNK`). 2: the buffer is not A, and nothing else runs. 3: `last`
                // has `len - (per_row - 1) · WIDTH` bits, one to `WIDTH`.
                unsafe { fill(0, 0).rest() };
                let (mut k0, mut turn) = (0, 0);
                while k0 < job.shared {
                    let len = CHUNK.min(job.shared - k0);
                    let next = k0 + len;
                    // Rows `0..R` of buffer `turn` stand for A's rows `i..i + R`, and C's and
                    // B's pointers move to row `i` and row `k0`.
                    let part = Narrow {
                        rows: R,
                        shared: len,
                        a: (
                            packed.wrapping_add(turn * R * CHUNK).cast_const(),
                            CHUNK as isize,
                            1,
                        ),
                        b: (
                            job.b.0.wrapping_offset((k0 as isize).wrapping_mul(job.b.1)),
                            job.b.1,
                        ),
                        c: (
                            job.c.0.wrapping_offset((i as isize).wrapping_mul(job.c.1)),
                            job.c.1,
                        ),
                        ..*job
                    };
                    let beta = if k0 == 0 { beta } else { 1.0 };
                    // SAFETY: `part` keeps invariant 1 of `Narrow`: its A is the buffer's
                    // `R × len` elements written by the last fill, its B rows `k0..k0 + len`
                    // of `job`'s, its C rows `i..i + R` of `job`'s (read back, once written
                    // by the first chunk, with β = 1); and invariant 2, its A's rows being
                    // contiguous. The fill copies A's next chunk as `fill(0, 0)` did the
                    // first: with two buffers, into the other one, which `part` does not
                    // read; with one, into it once `part` is done.
                    unsafe {
                        if next < job.shared && TURNS == 2 {
                            let ahead = fill(next, 1 - turn);
                            $panels::<R, H, true, UP, US>(&part, 0, alpha, beta, ahead)
                        } else {
                            $panels::<R, H, false, UP, US>(&part, 0, alpha, beta, Fill::NONE);
                            if next < job.shared {
                                fill(next, turn).rest();
                            }
                        }
                    };
                    (k0, turn) = (next, if TURNS == 2 { 1 - turn } else { 0 });
                }
            }

            /// Rows `i..i + R` of `job`'s C, two panels at a time in blocks of `H` rows (each
            /// element of A broadcast once for both), and a last single panel in one block of
            /// `R` rows. B's rows are read along their length. With `FILL`, the first block
            /// also carries out `fill`.
            ///
            /// # Safety
            ///
            /// The CPU has AVX-512F; `job` keeps invariant 1 of `Narrow`; `i + R ≤ job.rows`;
            /// `H` divides `R`; `fill` keeps the invariants of `Fill`.
            #[target_feature(enable = "avx512f")]
            #[inline]
            unsafe fn $panels<
                const R: usize,
                const H: usize,
                const FILL: bool,
                const UP: usize,
                const US: usize,
            >(
                job: &Narrow<$t>,
                i: usize,
                alpha: $t,
                beta: $t,
                fill: Fill<$t>,
            ) {
                const WIDTH: usize = 64 / size_of::<$t>();
                let mask = |cols: usize| ((1u32 << cols) - 1) as $mask;
                let mut first = FILL;
                // Columns from `j`: B's and C's pointers moved `j` elements along their rows.
                let from = |j: usize| Narrow {
                    b: (job.b.0.wrapping_add(j), job.b.1),
                    c: (job.c.0.wrapping_add(j), job.c.1),
                    ..*job
                };
                let mut j = 0;
                while job.cols - j > WIDTH {
                    let second = WIDTH.min(job.cols - j - WIDTH);
                    let masks = [mask(WIDTH), mask(second)];
                    let mut r = 0;
                    while r < R {
                        let (part, at) = (from(j), i + r);
                        // SAFETY: rows `i + r..i + r + H` (within `i..i + R`) and columns
                        // `j..j + WIDTH + second` are in the product, whose positions are
                        // valid, and `fill` keeps the invariants of `Fill` (the caller's
                        // contract); the first block alone carries it out.
                        unsafe {
                            if first {
                                $block::<H, 2, true, UP, false>(
                                    &part, at, masks, alpha, beta, fill,
                                );
                            } else {
                                $block::<H, 2, false, UP, false>(
                                    &part, at, masks, alpha, beta, fill,
                                );
                            }
                        }
                        first = false;
                        r += H;
                    }
                    j += WIDTH + second;
                }
                if j < job.cols {
                    let masks = [mask(job.cols - j)];
                    // SAFETY: rows `i..i + R` and columns `j..cols` are in the product; `fill`
                    // keeps the invariants of `Fill` (the caller's contract), and is carried
                    // out once.
                    unsafe {
                        if first {
                            $block::<R, 1, true, US, false>(&from(j), i, masks, alpha, beta, fill);
                        } else {
                            $block::<R, 1, false, US, false>(&from(j), i, masks, alpha, beta, fill);
                        }
                    }
                }
            }

            /// Rows `i..i + R` of a result wider than [`MAX_PANELS`](super::MAX_PANELS)
            /// registers, one panel at a time in blocks of all `R` rows, so that each line of
            /// B is read once for all of them. The panels start on C's 64-byte lines: the
            /// first is cut short at the first boundary of C's row `i` (a store that splits
            /// a line costs far more than a load that does, so B's loads are left where they
            /// fall).
            ///
            /// # Safety
            ///
            /// The CPU has AVX-512F; `job` keeps invariant 1 of `Narrow`; `i + R ≤ job.rows`;
            /// `job.shared ≤ MAX_SHARED`.
            #[target_feature(enable = "avx512f")]
            #[inline]
            unsafe fn $wide<const R: usize>(job: &Narrow<$t>, i: usize, alpha: $t, beta: $t) {
                const WIDTH: usize = 64 / size_of::<$t>();
                let mask = |cols: usize| ((1u32 << cols) - 1) as $mask;
                // A's rows `i..i + R`, transposed into a buffer: step `kk` of the shared
                // dimension reads `R` elements next to each other, at displacements the
                // compiler knows (with A's own strides, each of the block's broadcasts
                // computed its address).
                let mut packed = core::mem::MaybeUninit::<[[$t; R]; super::MAX_SHARED]>::uninit();
                let to = packed.as_mut_ptr().cast::<$t>();
                let (pa, ars, acs) = job.a;
                for kk in 0..job.shared {
                    for r in 0..R {
                        let at = ((i + r) as isize).wrapping_mul(ars);
                        // SAFETY: `[i + r, kk]` is an element of A (`i + R ≤ rows`, `kk <
                        // shared`), valid for reads (invariant 1 of `Narrow`), copied to
                        // `[kk][r]` of the buffer (`shared ≤ MAX_SHARED`: the caller's
                        // contract).
                        unsafe {
                            to.add(kk * R + r).write(
                                *pa.wrapping_offset(
                                    at.wrapping_add((kk as isize).wrapping_mul(acs)),
                                ),
                            )
                        };
                    }
                }
                // Columns from `j` of the job of C's rows `i..i + R` (its rows `0..R`), A from
                // the buffer: B's and C's pointers moved `j` elements along their rows.
                let row = job.c.0.wrapping_offset((i as isize).wrapping_mul(job.c.1));
                let from = |j: usize| Narrow {
                    rows: R,
                    a: (to.cast_const(), 1, R as isize),
                    b: (job.b.0.wrapping_add(j), job.b.1),
                    c: (row.wrapping_add(j), job.c.1),
                    ..*job
                };
                let run = |j: usize, cols: usize| {
                    // SAFETY: `from(j)` keeps invariant 1 of `Narrow` for its rows `0..R` (C's
                    // rows `i..i + R`, `i + R ≤ rows`, and the buffer's `R × shared` elements
                    // written above, at strides `(1, R)`), and its columns `0..cols` are
                    // columns `j..j + cols` of the product (`j + cols ≤ cols` at each call
                    // below, `cols ≤ WIDTH`).
                    unsafe {
                        $block::<R, 1, false, 1, true>(
                            &from(j),
                            0,
                            [mask(cols)],
                            alpha,
                            beta,
                            Fill::NONE,
                        )
                    }
                };
                let lead = ((row as usize).wrapping_neg() % 64 / size_of::<$t>()).min(job.cols);
                if lead > 0 {
                    run(0, lead);
                }
                let mut j = lead;
                while j + WIDTH <= job.cols {
                    run(j, WIDTH);
                    j += WIDTH;
                }
                if j < job.cols {
                    run(j, job.cols - j);
                }
            }

            /// Rows `i..i + R` of `P` adjacent panels of C: `U` sets of `R · P` accumulators,
            /// step `kk` of the shared dimension into set `kk mod U` (`U` times as many
            /// independent chains of multiply-adds), the sets added together in order, then
            /// scaled and stored under `masks` (panel `p` at column `p · WIDTH` of `job`).
            /// With `FILL`, one piece of `fill` is copied after each step of the shared
            /// dimension, and the pieces left after the last step then; without, `fill` is not
            /// used. With `PACKED`, A's strides are taken to be `(1, R)`, whatever `job` says.
            ///
            /// # Safety
            ///
            /// The CPU has AVX-512F; `job`'s pointers are those of a product that keeps
            /// invariant 1 of `Narrow`, moved along the rows of B and C to a column `j`; the set
            /// bits of each mask are the lowest, and panel `p`'s columns
            /// `j + p · WIDTH + (0..bits)` are columns of that product; `i + R ≤ job.rows`;
            /// `fill` keeps the invariants of `Fill`; with `PACKED`, `job.a` is `(_, 1, R)`.
            #[target_feature(enable = "avx512f")]
            #[inline]
            unsafe fn $block<
                const R: usize,
                const P: usize,
                const FILL: bool,
                const U: usize,
                const PACKED: bool,
            >(
                job: &Narrow<$t>,
                i: usize,
                masks: [$mask; P],
                alpha: $t,
                beta: $t,
                mut fill: Fill<$t>,
            ) {
                const WIDTH: usize = 64 / size_of::<$t>();
                let (pa, ars, acs) = job.a;
                // A packed step by step (as `$wide` does): strides known to the compiler, so
                // that each broadcast's address is a constant displacement.
                let (ars, acs) = if PACKED { (1, R as isize) } else { (ars, acs) };
                let (pb, brs) = job.b;
                let (pc, crs) = job.c;
                let mut sets: [[[$vec; P]; R]; U] = [[[$zero(); P]; R]; U];
                let first = (i as isize).wrapping_mul(ars);
                let steps = job.shared as isize;
                // Step `kk0 + u` goes to set `u` (a loop of `U` steps, which the compiler
                // unrolls).
                let mut kk0 = 0;
                while kk0 < steps {
                    for (u, acc) in sets.iter_mut().enumerate() {
                        let kk = kk0 + u as isize;
                        if kk >= steps {
                            break;
                        }
                        let row = pb.wrapping_offset(kk * brs);
                        let mut rows = [$zero(); P];
                        for (p, (to, &mask)) in rows.iter_mut().zip(&masks).enumerate() {
                            // SAFETY: `kk < shared`: the masked lanes of panel `p` of B's row `kk`
                            // are elements of B, valid (invariant 1 of `Narrow`); the rest are not
                            // touched.
                            *to = unsafe { $load(mask, row.wrapping_add(p * WIDTH)) };
                        }
                        let ak = first.wrapping_add(kk.wrapping_mul(acs));
                        for (r, acc) in acc.iter_mut().enumerate() {
                            let at = ak.wrapping_add((r as isize).wrapping_mul(ars));
                            // SAFETY: `[i + r, kk]` is an element of A (`i + r < rows`, the
                            // caller's contract), valid (invariant 1 of `Narrow`).
                            let x = $set1(unsafe { *pa.wrapping_offset(at) });
                            for (acc, &row) in acc.iter_mut().zip(&rows) {
                                *acc = $fmadd(x, row, *acc);
                            }
                        }
                        if FILL {
                            // SAFETY: `fill` keeps the invariants of `Fill` (the caller's
                            // contract).
                            unsafe { fill.step() };
                        }
                    }
                    kk0 += U as isize;
                }
                // The sets added together, in order.
                let mut acc = sets[0];
                for set in &sets[1..] {
                    for (acc, set) in acc.iter_mut().zip(set) {
                        for (acc, &part) in acc.iter_mut().zip(set) {
                            *acc = $add(*acc, part);
                        }
                    }
                }
                if FILL {
                    // SAFETY: as above.
                    unsafe { fill.rest() };
                }
                let scaled = alpha != 1.0;
                for (r, acc) in acc.into_iter().enumerate() {
                    let line = pc.wrapping_offset(((i + r) as isize).wrapping_mul(crs));
                    for (p, acc) in acc.into_iter().enumerate() {
                        let acc = if scaled { $mul($set1(alpha), acc) } else { acc };
                        let out = line.wrapping_add(p * WIDTH);
                        // SAFETY: the masked lanes of C's row `i + r` are elements of the
                        // panels, valid for writes, and for reads when `β ≠ 0` (invariant 1
                        // of `Narrow`).
                        unsafe {
                            let value = if beta == 0.0 {
                                acc
                            } else {
                                $fmadd($set1(beta), $load(masks[p], out), acc)
                            };
                            $store(out, masks[p], value);
                        }
                    }
                }
            }
        };
    }

    narrow_kernel!(
        f32s,
        f32_rows,
        f32_chunks,
        f32_panels,
        f32_wide,
        f32_block,
        f32,
        __mmask16,
        __m512,
        _mm512_setzero_ps,
        _mm512_set1_ps,
        _mm512_maskz_loadu_ps,
        _mm512_mask_storeu_ps,
        _mm512_fmadd_ps,
        _mm512_mul_ps,
        _mm512_add_ps
    );
    narrow_kernel!(
        f64s,
        f64_rows,
        f64_chunks,
        f64_panels,
        f64_wide,
        f64_block,
        f64,
        __mmask8,
        __m512d,
        _mm512_setzero_pd,
        _mm512_set1_pd,
        _mm512_maskz_loadu_pd,
        _mm512_mask_storeu_pd,
        _mm512_fmadd_pd,
        _mm512_mul_pd,
        _mm512_add_pd
    );
}

#[cfg(all(test, target_arch = "x86_64", feature = "std", not(miri)))]
mod tests;
