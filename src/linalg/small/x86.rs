//! The AVX-512 kernels of the products in [`small`](super): the narrow and short ones,
//! the wide ones of sixteen rows and the tiles, for `f32` and `f64`.

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

/// The mask of panel `p` of `P`: every lane for the panels before the last, and for the last
/// when it is `WHOLE`; `last` otherwise. Once the loop over panels is unrolled, the full
/// masks are constants, which the compiler turns into plain loads and stores. Under masks
/// taken from registers, the tiles of four panels took 1.08–1.09× faer's time at 64 × 64 ·
/// 64 × 64 `f32`; with the last panel's alone, 0.98×; with none, 0.93–0.95× (six rows a tile,
/// on an Intel Xeon).
#[inline(always)]
fn whole_but_last<const P: usize, const WHOLE: bool, M: num_traits::Bounded>(
    p: usize,
    last: M,
) -> M {
    if p + 1 < P || WHOLE {
        M::max_value()
    } else {
        last
    }
}

/// The bits of an address by which a load is first matched against the older stores still
/// waiting to be written: a load whose address agrees with such a store's in these bits
/// waits for it, although the two lie in different places.
pub(super) const ALIAS_BYTES: usize = 4096;

/// Whether B's panel at a column starts less than two lines before C's at the same column,
/// modulo [`ALIAS_BYTES`] (`b` and `c` are the two at column 0): walked from the first panel to
/// the last, each panel's loads of B would then agree in those bits with the stores of C's
/// previous panel, just issued, and wait for them. On the AVX-512 EPYC (Zen 4), with B's and
/// C's rows a multiple of 4 KiB apart, that made 16 × 16 · 16 × 4096 `f64` 1.4× slower
/// (56–60 µs against 40–41 µs at every other placement of B, in steps of 16 bytes), `f32`
/// 1.3–1.4× (28–29 µs against 20–21 µs); 16 × 12 · 12 × 2560 `f64` took 1.33–1.37× the time of
/// faer's kernels on the same memory, against 0.84–0.90× elsewhere. Walked from the last panel
/// to the first, the loads follow stores to the panel after theirs, and these placements take
/// the time of the others; walked so, a B that starts less than two lines after C would be as
/// slow, so the direction follows the placement.
#[inline(always)]
pub(super) fn aliases_behind(b: *const u8, c: *const u8) -> bool {
    let gap = (b as usize).wrapping_sub(c as usize) % ALIAS_BYTES;
    gap > ALIAS_BYTES - 2 * 64
}

/// The kernel for one element type: `$run` walks the rows sixteen, then eight at a time,
/// and the rest in one block; `$wide` walks a wide result's sixteen rows one panel at
/// a time; `$panels` walks those rows' panels of one register's width, two at a time and a
/// last one alone; `$tiles` walks a result in tiles of five rows and up to four panels, each
/// run by `$tile`; `$block` accumulates `R` rows of `P` panels, in `U` sets over alternate
/// steps of the shared dimension. Masked loads and stores touch only the panels' lanes of
/// each row (AVX-512 suppresses faults on masked-out lanes).
macro_rules! narrow_kernel {
    ($run:ident, $rows:ident, $chunks:ident, $panels:ident, $wide:ident, $block:ident,
     $tiles:ident, $tile:ident,
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
            // Wide results, whose A fits `$wide`'s buffer.
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

        /// `C ← α·A·B + β·C` for `job` in tiles (see
        /// [`TILE_SHARED`](super::TILE_SHARED)): blocks of [`TILE_ROWS`](super::TILE_ROWS)
        /// rows and one of the rest, each across all columns in blocks of four panels (64
        /// `f32` or 32 `f64` columns; the last block narrower, its last panel masked).
        ///
        /// # Safety
        ///
        /// The CPU has AVX-512F; `job` keeps invariant 1 of `Narrow`.
        #[target_feature(enable = "avx512f")]
        pub(super) unsafe fn $tiles(job: Narrow<$t>, (alpha, beta): ($t, $t)) {
            const WIDTH: usize = 64 / size_of::<$t>();
            const {
                assert!(
                    super::TILE_ROWS == 5,
                    "the arms below take one to five rows"
                );
            }
            let mut i = 0;
            while i < job.rows {
                let rows = (job.rows - i).min(super::TILE_ROWS);
                // Each block of rows across all columns, so that its rows of A are read from
                // memory once: with the column blocks outermost instead, 4096 × 16 · 16 × 64
                // `f64` took 1.21–1.23× faer's time, and 0.94× this way.
                let mut j = 0;
                while j < job.cols {
                    let cols = (job.cols - j).min(4 * WIDTH);
                    let panels = cols.div_ceil(WIDTH);
                    let last = ((1u32 << (cols - (panels - 1) * WIDTH)) - 1) as $mask;
                    // Columns `j..j + cols`: B's and C's pointers moved `j` along their rows.
                    let part = Narrow {
                        b: (job.b.0.wrapping_add(j), job.b.1),
                        c: (job.c.0.wrapping_add(j), job.c.1),
                        ..job
                    };
                    // SAFETY: in each arm, rows `i..i + rows` and columns `j..j + cols` are
                    // in the product (`$tile`'s contract, `panels` of them); the last arm's
                    // `rows` is `TILE_ROWS`, 5 (asserted above).
                    unsafe {
                        match rows {
                            1 => $tile::<1>(&part, i, panels, last, alpha, beta),
                            2 => $tile::<2>(&part, i, panels, last, alpha, beta),
                            3 => $tile::<3>(&part, i, panels, last, alpha, beta),
                            4 => $tile::<4>(&part, i, panels, last, alpha, beta),
                            _ => $tile::<5>(&part, i, panels, last, alpha, beta),
                        }
                    }
                    j += cols;
                }
                i += rows;
            }
        }

        /// Rows `i..i + R` of `panels` panels (one to four) of `job`'s C, the last under
        /// `last`. Blocks of fewer than eight accumulators keep them in two sets over
        /// alternate steps of the shared dimension (see `$rows`).
        ///
        /// # Safety
        ///
        /// The CPU has AVX-512F; `job` and `last` are as `$block` requires, for
        /// `panels` panels from column 0 of `job` and rows `i..i + R`.
        #[target_feature(enable = "avx512f")]
        #[inline]
        unsafe fn $tile<const R: usize>(
            job: &Narrow<$t>,
            i: usize,
            panels: usize,
            last: $mask,
            alpha: $t,
            beta: $t,
        ) {
            let none = Fill::NONE;
            let two = R * panels < 8;
            // SAFETY: the caller's contract, for the arm of its `panels`.
            unsafe {
                match (panels, two) {
                    (1, _) => {
                        $block::<R, 1, false, 2, false, false>(job, i, last, alpha, beta, none)
                    }
                    (2, true) => {
                        $block::<R, 2, false, 2, false, false>(job, i, last, alpha, beta, none)
                    }
                    (2, false) => {
                        $block::<R, 2, false, 1, false, false>(job, i, last, alpha, beta, none)
                    }
                    (3, true) => {
                        $block::<R, 3, false, 2, false, false>(job, i, last, alpha, beta, none)
                    }
                    (3, false) => {
                        $block::<R, 3, false, 1, false, false>(job, i, last, alpha, beta, none)
                    }
                    (_, true) => {
                        $block::<R, 4, false, 2, false, false>(job, i, last, alpha, beta, none)
                    }
                    _ if last == <$mask>::MAX => {
                        $block::<R, 4, false, 1, false, true>(job, i, last, alpha, beta, none)
                    }
                    _ => $block::<R, 4, false, 1, false, false>(job, i, last, alpha, beta, none),
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
            let mut buffers = core::mem::MaybeUninit::<Lines<[[[$t; CHUNK]; R]; TURNS]>>::uninit();
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
                let last = mask(second);
                let mut r = 0;
                while r < R {
                    let (part, at) = (from(j), i + r);
                    // SAFETY: rows `i + r..i + r + H` (within `i..i + R`) and columns
                    // `j..j + WIDTH + second` are in the product, whose positions are
                    // valid, and `fill` keeps the invariants of `Fill` (the caller's
                    // contract); the first block alone carries it out.
                    unsafe {
                        if first {
                            $block::<H, 2, true, UP, false, false>(
                                &part, at, last, alpha, beta, fill,
                            );
                        } else {
                            $block::<H, 2, false, UP, false, false>(
                                &part, at, last, alpha, beta, fill,
                            );
                        }
                    }
                    first = false;
                    r += H;
                }
                j += WIDTH + second;
            }
            if j < job.cols {
                let last = mask(job.cols - j);
                // SAFETY: rows `i..i + R` and columns `j..cols` are in the product; `fill`
                // keeps the invariants of `Fill` (the caller's contract), and is carried
                // out once.
                unsafe {
                    if first {
                        $block::<R, 1, true, US, false, false>(
                            &from(j),
                            i,
                            last,
                            alpha,
                            beta,
                            fill,
                        );
                    } else {
                        $block::<R, 1, false, US, false, false>(
                            &from(j),
                            i,
                            last,
                            alpha,
                            beta,
                            fill,
                        );
                    }
                }
            }
        }

        /// Rows `i..i + R` of a result wider than [`MAX_PANELS`](super::MAX_PANELS)
        /// registers, one panel at a time in blocks of all `R` rows, so that each line of
        /// B is read once for all of them. The panels start on C's 64-byte lines: the
        /// first is cut short at the first boundary of C's row `i` (a store that splits
        /// a line costs far more than a load that does, so B's loads are left where they
        /// fall). They are walked from the first to the last, or from the last to the
        /// first where B's loads would wait for C's stores ([`aliases_behind`]).
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
                            *pa.wrapping_offset(at.wrapping_add((kk as isize).wrapping_mul(acs))),
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
                    $block::<R, 1, false, 1, true, false>(
                        &from(j),
                        0,
                        mask(cols),
                        alpha,
                        beta,
                        Fill::NONE,
                    )
                }
            };
            let lead = ((row as usize).wrapping_neg() % 64 / size_of::<$t>()).min(job.cols);
            // The whole panels lie between the first one (`lead` columns, up to C's first
            // line boundary) and the last (fewer columns than a register holds, if any).
            let tail = lead + (job.cols - lead) / WIDTH * WIDTH;
            if aliases_behind(job.b.0.cast(), row.cast_const().cast()) {
                // From the last panel to the first: B's loads now follow stores to the
                // panel after theirs, which they do not alias.
                if tail < job.cols {
                    run(tail, job.cols - tail);
                }
                let mut j = tail;
                while j > lead {
                    j -= WIDTH;
                    run(j, WIDTH);
                }
                if lead > 0 {
                    run(0, lead);
                }
            } else {
                if lead > 0 {
                    run(0, lead);
                }
                let mut j = lead;
                while j < tail {
                    run(j, WIDTH);
                    j += WIDTH;
                }
                if tail < job.cols {
                    run(tail, job.cols - tail);
                }
            }
        }

        /// Rows `i..i + R` of `P` adjacent panels of C: `U` sets of `R · P` accumulators,
        /// step `kk` of the shared dimension into set `kk mod U` (`U` times as many
        /// independent chains of multiply-adds), the sets added together in order, then
        /// scaled and stored (panel `p` at column `p · WIDTH` of `job`), the last panel under
        /// `last` ([`whole_but_last`]).
        /// With `FILL`, one piece of `fill` is copied after each step of the shared
        /// dimension, and the pieces left after the last step then; without, `fill` is not
        /// used. With `PACKED`, A's strides are taken to be `(1, R)`, whatever `job` says.
        /// With `WHOLE`, the last panel is whole as well, and `last` is all ones.
        ///
        /// # Safety
        ///
        /// The CPU has AVX-512F; `job`'s pointers are those of a product that keeps
        /// invariant 1 of `Narrow`, moved along the rows of B and C to a column `j`; the set
        /// bits of `last` are its lowest, and panel `p`'s columns `j + p · WIDTH + (0..bits)`
        /// are columns of that product, `bits` being a register's lanes for the panels
        /// before the last and `last`'s for the last; `i + R ≤ job.rows`;
        /// `fill` keeps the invariants of `Fill`; with `PACKED`, `job.a` is `(_, 1, R)`.
        #[target_feature(enable = "avx512f")]
        #[inline]
        unsafe fn $block<
            const R: usize,
            const P: usize,
            const FILL: bool,
            const U: usize,
            const PACKED: bool,
            const WHOLE: bool,
        >(
            job: &Narrow<$t>,
            i: usize,
            last: $mask,
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
                    for (p, to) in rows.iter_mut().enumerate() {
                        // SAFETY: `kk < shared`: the masked lanes of panel `p` of B's row `kk`
                        // are elements of B, valid (invariant 1 of `Narrow`); the rest are not
                        // touched.
                        *to = unsafe {
                            $load(
                                whole_but_last::<P, WHOLE, _>(p, last),
                                row.wrapping_add(p * WIDTH),
                            )
                        };
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
                            $fmadd(
                                $set1(beta),
                                $load(whole_but_last::<P, WHOLE, _>(p, last), out),
                                acc,
                            )
                        };
                        $store(out, whole_but_last::<P, WHOLE, _>(p, last), value);
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
    f32_tiles,
    f32_tile,
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
    f64_tiles,
    f64_tile,
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
