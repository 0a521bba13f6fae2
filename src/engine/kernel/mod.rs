//! Element kernels of the two-operand loops: what is done to one pair of elements, how a
//! `MICRO × MICRO` transposed block is done at once, and how the blocks of a tile are walked.
//!
//! Every closure `FnMut(&mut T, &U)` is a [`Kernel`]; its block form is a fully unrolled loop
//! with constant unit strides (the compiler keeps the 8 source and destination lines in
//! registers and drops the index arithmetic). The copy kernels [`CloneTo`] and [`CloneInto`]
//! go further for the primitive numbers of 1, 2, 4 and 8 bytes (`u8`, `i8`, `u16`, `i16`,
//! `f32`, `i32`, `u32`, `f64`, `i64`, `u64`), whose `clone` is a bit copy: on x86-64 they
//! transpose blocks in SIMD registers, HPTT's micro-kernel. SSE2 (part of the x86-64 baseline)
//! serves every size: byte and word interleaving for 1 and 2 bytes, 4 × 4 `f32`-sized or
//! 2 × 2 `f64`-sized shuffles. For 4- and 8-byte numbers a tile goes to AVX kernels (8 × 8 or
//! 4 × 4 in 256-bit registers) when the CPU has AVX: known at compile time when the build
//! enables it, otherwise asked at run time with `std` (`is_x86_feature_detected!`, which caches
//! the answer), once per tile. On aarch64 (where the target has NEON, as its Linux, macOS and
//! Windows targets do) NEON kernels serve every size, 8 × 8 blocks in `trn1`/`trn2` rounds;
//! other targets keep the unrolled loop. Which element type is in hand is decided by its
//! `TypeId` (the `typeid` crate gives one for any type, `'static` or not); the test folds to a
//! constant after monomorphisation.
//!
//! The copy kernels also stream: [`Kernel::stream_tile`] transposes a whole tile into a
//! staging buffer and writes it out front to back, its whole cache lines with non-temporal
//! stores (SSE2 `movntdq`), the partial lines at its ends with ordinary ones;
//! [`Kernel::stream_lines`] does a band one destination line wide over any number of rows,
//! a few rows at a time through a buffer of lines, each line written whole at once; and
//! [`Carry`] keeps the partial line a tile's row ends in until the next tile's row completes
//! it; [`Kernel::stream_run`] does the same for a run (`CloneTo` only); [`Kernel::stream_plane`]
//! writes short runs whose destinations follow each other as one range, straight from the
//! source, so that no line of it is written in parts by ordinary stores; the engine calls
//! [`stream_fence`] once after such a walk.
//!
//! Files: this one holds the [`Kernel`] trait, the copy kernels and the portable block walks;
//! `stores` the staging constants and the line writers ([`Carry`], [`stream_fence`]); `simd`
//! the dispatch by element size, with `simd/x86` (SSE2 and the non-temporal stores),
//! `simd/x86/avx` and `simd/neon`.
//!
//! The blocks handed to a kernel come from layouts valid for their storage (invariant 1 of
//! `TensorBase`), and the engine checks each tile's corners against the slices before it cuts
//! the tile into blocks, so a kernel's pointer arithmetic stays inside its slices.

#[cfg(feature = "alloc")]
use core::mem::MaybeUninit;

/// Side of the transposed block a kernel handles at once.
pub(crate) const MICRO: usize = 8;

/// The destination rows of a shifted band ([`Kernel::stream_shifted`]), one for each of the
/// band's source columns `u < len()`: `sets` sets of `n` rows, `step` elements apart within a
/// set and `next` from one set to the next, so that column `u`'s row starts
/// [`offset(u)`](Self::offset) elements from the band's. One set is an ordinary band; more
/// serve a source whose columns along the transposed axis continue along another axis, which
/// the destination lays out elsewhere (the engine's `StreamCut::sets`).
#[derive(Clone, Copy, Debug)]
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(crate) struct ShiftedRows {
    /// The rows of one set.
    pub(crate) n: usize,
    /// The distance between consecutive rows of a set, in elements.
    pub(crate) step: isize,
    /// The sets.
    pub(crate) sets: usize,
    /// The distance between the first rows of consecutive sets, in elements.
    pub(crate) next: isize,
}

#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
impl ShiftedRows {
    /// One set of `n` rows `step` elements apart.
    pub(crate) fn one(n: usize, step: isize) -> Self {
        Self {
            n,
            step,
            sets: 1,
            next: 0,
        }
    }

    /// The rows in all (`None` if their number overflows).
    #[inline(always)]
    pub(crate) fn len(&self) -> Option<usize> {
        self.n.checked_mul(self.sets)
    }

    /// Where row `u` starts, in elements from the band's first (wrapping): `(u % n)·step +
    /// (u / n)·next`, with `n` read as 1 when it is 0 (no row then exists).
    #[inline(always)]
    pub(crate) fn offset(&self, u: usize) -> isize {
        let n = self.n.max(1);
        ((u % n) as isize)
            .wrapping_mul(self.step)
            .wrapping_add(((u / n) as isize).wrapping_mul(self.next))
    }

    /// Where rows `u, u + 1, …` start, as [`offset`](Self::offset) gives them, counted
    /// through the sets: one division for the first row, none after it.
    #[inline(always)]
    pub(crate) fn offsets(&self, u: usize) -> impl Iterator<Item = isize> {
        let n = self.n.max(1);
        let (mut r, mut at) = (u % n, self.offset(u));
        let back = ((n - 1) as isize).wrapping_mul(self.step);
        core::iter::repeat_with(move || {
            let this = at;
            // The next row: one step on within the set, or the next set's first row.
            r += 1;
            at = if r == n {
                r = 0;
                at.wrapping_sub(back).wrapping_add(self.next)
            } else {
                at.wrapping_add(self.step)
            };
            this
        })
    }
}

/// What a two-operand loop does to one pair of elements (`dst` written, `src` read), and to a
/// transposed `MICRO × MICRO` block of pairs.
pub(crate) trait Kernel<T, U> {
    /// Applies the operation to one pair.
    fn apply(&mut self, dst: &mut T, src: &U);

    /// Applies the operation to the pairs `(dst + u·ds + l, src + u + l·ss)` for
    /// `u, l < MICRO`: the destination is unit-stride along `l`, the source along `u`.
    ///
    /// # Safety
    ///
    /// Each of those 64 destination positions must be valid for writes and each source position
    /// valid for reads, inside the allocations the pointers came from (a `&mut` slice and a `&`
    /// slice, so no destination position is a source position).
    #[inline(always)]
    unsafe fn transpose(&mut self, dst: *mut T, ds: isize, src: *const U, ss: isize) {
        // SAFETY: the caller's contract (the block's positions inside the slices, invariant 1)
        // is `transpose_each`'s.
        unsafe { transpose_each(self, dst, ds, src, ss) }
    }

    /// Applies the operation to the pairs `(dst + u·ds + l, src + u + l·ss)` for `u < fu`,
    /// `l < fl` (both multiples of `MICRO`): the kernel part of a tile, block by block.
    ///
    /// # Safety
    ///
    /// As for [`transpose`](Self::transpose), for each of those `fu × fl` positions.
    #[inline(always)]
    unsafe fn transpose_tile(
        &mut self,
        dst: *mut T,
        ds: isize,
        src: *const U,
        ss: isize,
        tile: (usize, usize),
    ) {
        // SAFETY: the blocks cover the tile's positions (the caller's contract).
        unsafe { blocks(dst, ds, src, ss, tile, |d, s| self.transpose(d, ds, s, ss)) }
    }

    /// The size in bytes of the elements that this kernel can write with non-temporal stores
    /// ([`stream_tile`](Self::stream_tile), [`stream_run`](Self::stream_run)); 0 when it
    /// cannot (the default: only a pure bit copy may, as nothing is read from the destination).
    #[inline(always)]
    fn stream_size(&self) -> usize {
        0
    }

    /// Applies the operation to the pairs `(dst + u·ds + l, src + u + l·ss)` for `u < nu`,
    /// `l < nl` — a whole tile — by transposing them into a staging buffer and writing each
    /// destination row from it front to back, its whole cache lines with non-temporal stores
    /// (one range when the rows are adjacent, `ds == nl`); returns whether it did (otherwise
    /// nothing was touched). With a `carry`, a row's partial last line is kept there, and
    /// written whole with the next tile's row `u` when that row begins where it ends (see
    /// [`Carry`]). The caller issues [`stream_fence`] before anything else reads or writes
    /// the destination, after [`Carry::flush`].
    ///
    /// # Safety
    ///
    /// As for [`transpose`](Self::transpose), for each of those positions; the carry's lines
    /// (invariant 1 of [`Carry`]) are in the same destination, outside the tile.
    #[inline(always)]
    unsafe fn stream_tile(
        &mut self,
        dst: *mut T,
        ds: isize,
        src: *const U,
        ss: isize,
        tile: (usize, usize),
        carry: Option<&mut Carry>,
    ) -> bool {
        let _ = (dst, ds, src, ss, tile, carry);
        false
    }

    /// Applies the operation to the pairs `(dst + u·ds + l, src + u + l·ss)` for `u < nu`,
    /// `l < nl`, through a staging buffer (see `simd::stage_tile`), with ordinary stores;
    /// returns whether it did (otherwise nothing was touched).
    ///
    /// # Safety
    ///
    /// As for [`transpose`](Self::transpose), for each of those positions.
    #[inline(always)]
    unsafe fn stage_tile(
        &mut self,
        dst: *mut T,
        ds: isize,
        src: *const U,
        ss: isize,
        tile: (usize, usize),
    ) -> bool {
        let _ = (dst, ds, src, ss, tile);
        false
    }

    /// Applies the operation to the pairs `(dst + u·ds + l, src + u + l·ss)` for `u < nu` and
    /// `l < LINE / size` — a band of `nu` destination rows, one cache line of each — where
    /// every destination row's line starts on a line (`dst` and `ds` line-aligned), writing
    /// each line whole with non-temporal stores as soon as it is transposed; returns whether
    /// it did (otherwise nothing was touched: the kernel cannot stream, or the lines are not
    /// aligned). The band reads its `LINE / size` source rows front to back, so the hardware
    /// prefetcher follows as few streams as a line needs (see the engine's `StreamCut`). The caller
    /// issues [`stream_fence`] before anything else reads or writes the destination.
    ///
    /// # Safety
    ///
    /// As for [`transpose`](Self::transpose), for each of those positions.
    #[inline(always)]
    unsafe fn stream_lines(
        &mut self,
        dst: *mut T,
        ds: isize,
        src: *const U,
        ss: isize,
        nu: usize,
    ) -> bool {
        let _ = (dst, ds, src, ss, nu);
        false
    }

    /// Applies the operation to the pairs `(dst + rows.offset(u) + l, src + u + l·ss)` for
    /// `u < rows.len()` and `l < blocks · LINE / size`, writing each destination row's whole
    /// lines from its first line boundary on whole with non-temporal stores (the partial lines
    /// at its two ends with ordinary ones): a shifted band, for rows that each start at their
    /// own place in a line (see the engine's `StreamCut`).
    /// Returns whether it did (otherwise nothing was touched). The caller issues
    /// [`stream_fence`] before anything else reads or writes the destination.
    ///
    /// # Safety
    ///
    /// As for [`transpose`](Self::transpose), for each position `u < rows.len()`,
    /// `l < blocks · LINE / size`.
    #[inline(always)]
    unsafe fn stream_shifted(
        &mut self,
        dst: *mut T,
        rows: ShiftedRows,
        src: *const U,
        ss: isize,
        blocks: usize,
    ) -> bool {
        let _ = (dst, rows, src, ss, blocks);
        false
    }

    /// Applies the operation to the pairs `(dst + rows.offset(u) + l, src + u +
    /// cols.offset(l))` for `u < rows.len()` and `l < blocks · LINE / size`, as
    /// [`stream_shifted`](Self::stream_shifted) does with source rows `l·ss`: a shifted band
    /// whose source rows come in sets (`cols`), for destination rows that continue along
    /// another axis (see the engine's `StreamCut::chained`). Returns whether it did
    /// (otherwise nothing was touched). The caller issues [`stream_fence`] before anything
    /// else reads or writes the destination.
    ///
    /// # Safety
    ///
    /// As for [`transpose`](Self::transpose), for each position `u < rows.len()`,
    /// `l < blocks · LINE / size`.
    #[inline(always)]
    unsafe fn stream_chained(
        &mut self,
        dst: *mut T,
        rows: ShiftedRows,
        src: *const U,
        cols: ShiftedRows,
        blocks: usize,
    ) -> bool {
        let _ = (dst, rows, src, cols, blocks);
        false
    }

    /// Applies the operation to the pairs `(dst + k, src + k·ss)` for `k < n` — a run of an
    /// existing destination — writing the destination's whole cache lines with non-temporal
    /// stores (a strided source through a staging buffer); returns whether it did (otherwise
    /// nothing was touched). Only [`CloneTo`] does, for primitive numbers on x86-64: new
    /// memory is filled with ordinary stores, since the page faults of its first write
    /// dominate. The caller issues
    /// [`stream_fence`] before anything else reads or writes the destination.
    ///
    /// # Safety
    ///
    /// Each of those positions is valid for writes (`dst`) and reads (`src`), inside the
    /// allocations the pointers came from (a `&mut` slice and a `&` slice).
    #[inline(always)]
    unsafe fn stream_run(&mut self, dst: *mut T, src: *const U, ss: isize, n: usize) -> bool {
        let _ = (dst, src, ss, n);
        false
    }

    /// Applies the operation to the pairs `(dst + k, src + k)` for `k < n` — two unit-stride
    /// runs — as one `memcpy` when it is a bit copy of primitive numbers; returns whether it
    /// did (otherwise nothing was touched). [`CloneTo`] and [`CloneInto`] do: the library's
    /// `memcpy` reads memory at full width (AVX-512 where the processor has it), where the
    /// element loop is compiled for the build's baseline (SSE2 on x86-64).
    ///
    /// # Safety
    ///
    /// `dst` is valid for writes and `src` for reads of `n` elements, in distinct allocations.
    #[inline(always)]
    unsafe fn copy_run(&mut self, dst: *mut T, src: *const U, n: usize) -> bool {
        let _ = (dst, src, n);
        false
    }

    /// Applies the operation to the pairs `(dst + j·n + i, src + j·sm + i)` for `i < n`,
    /// `j < m` — a plane of `m` unit-stride runs of `n` elements whose destinations are
    /// adjacent, so one range of `m·n` — writing the range's whole cache lines with
    /// non-temporal stores straight from the source; returns whether it did (otherwise nothing
    /// was touched: the kernel cannot stream, or the runs are short and not a whole number
    /// of 16 bytes). [`CloneTo`]
    /// and [`CloneInto`] do, for primitive numbers on x86-64: unlike runs streamed one at a
    /// time, whose partial lines at both ends are written by ordinary stores, a plane writes
    /// only the range's two ends partially. The caller issues [`stream_fence`] before anything
    /// else reads or writes the destination.
    ///
    /// # Safety
    ///
    /// As for [`transpose`](Self::transpose), for each of those positions.
    #[inline(always)]
    unsafe fn stream_plane(
        &mut self,
        dst: *mut T,
        src: *const U,
        n: usize,
        sm: isize,
        m: usize,
    ) -> bool {
        let _ = (dst, src, n, sm, m);
        false
    }
}

/// Calls `f` with the corner of every `MICRO × MICRO` block of the `fu × fl` tile at
/// `(dst, src)` (element `(u, l)` at `dst + u·ds + l` and `src + u + l·ss`), `l` outermost: a
/// row of blocks reads only `MICRO` source lines, each whole before the next row starts, so
/// power-of-two source strides — whose lines all fall into one cache set — do not evict lines
/// in use from an 8-way L1.
///
/// # Safety
///
/// `fu` and `fl` are multiples of `MICRO`, and every position of the tile is inside the
/// allocation its pointer came from (so the corners are).
#[inline(always)]
unsafe fn blocks<T, U>(
    dst: *mut T,
    ds: isize,
    src: *const U,
    ss: isize,
    (fu, fl): (usize, usize),
    mut f: impl FnMut(*mut T, *const U),
) {
    for l0 in (0..fl).step_by(MICRO) {
        for u0 in (0..fu).step_by(MICRO) {
            let (u, l) = (u0 as isize, l0 as isize);
            // SAFETY: `(u0, l0)` is a position of the tile, inside the allocations (the
            // caller's contract).
            f(unsafe { dst.offset(u * ds + l) }, unsafe {
                src.offset(u + l * ss)
            });
        }
    }
}

/// Calls `f` with the corner of every `step × step` block of the `fu × fl` tile at
/// `(dst, src)` (element `(u, l)` at `dst + u·ds + l` and `src + u + l·ss`), `u` outermost:
/// each destination row of a step along `u` gets all `fl` of its lanes before the walk moves
/// on. For narrow elements, whose blocks give a destination row only 8 or 16 bytes, this
/// writes destination lines whole where `blocks` would leave them half written across the
/// tile.
///
/// # Safety
///
/// `fu` and `fl` are multiples of `step`, and every position of the tile is inside the
/// allocation its pointer came from (so the corners are).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn blocks_rows_first<T, U>(
    dst: *mut T,
    ds: isize,
    src: *const U,
    ss: isize,
    (fu, fl): (usize, usize),
    step: usize,
    mut f: impl FnMut(*mut T, *const U),
) {
    for u0 in (0..fu).step_by(step) {
        for l0 in (0..fl).step_by(step) {
            let (u, l) = (u0 as isize, l0 as isize);
            // SAFETY: `(u0, l0)` is a position of the tile, inside the allocations (the
            // caller's contract).
            f(unsafe { dst.offset(u * ds + l) }, unsafe {
                src.offset(u + l * ss)
            });
        }
    }
}

impl<T, U, F: FnMut(&mut T, &U)> Kernel<T, U> for F {
    #[inline(always)]
    fn apply(&mut self, dst: &mut T, src: &U) {
        self(dst, src)
    }
}

/// The block form of any kernel: `apply` on every pair, unrolled with constant unit strides.
///
/// # Safety
///
/// As for [`Kernel::transpose`].
#[inline(always)]
unsafe fn transpose_each<T, U, K: Kernel<T, U> + ?Sized>(
    k: &mut K,
    dst: *mut T,
    ds: isize,
    src: *const U,
    ss: isize,
) {
    const M: isize = MICRO as isize;
    for u in 0..M {
        for l in 0..M {
            // SAFETY: `(u, l)` lies in the block, so by the caller's contract (positions of
            // layouts valid for their storage, invariant 1) both positions are inside their
            // allocations and valid; they belong to different slices, so the `&mut` and the `&`
            // do not alias, and each lives only for this call.
            unsafe { k.apply(&mut *dst.offset(u * ds + l), &*src.offset(u + l * ss)) };
        }
    }
}

/// Assignment: `dst.clone_from(src)`.
pub(crate) struct CloneTo;

impl<T: Clone> Kernel<T, T> for CloneTo {
    #[inline(always)]
    fn apply(&mut self, dst: &mut T, src: &T) {
        dst.clone_from(src);
    }

    #[inline(always)]
    unsafe fn transpose(&mut self, dst: *mut T, ds: isize, src: *const T, ss: isize) {
        // SAFETY: the caller's contract (the block's positions inside the slices, invariant 1)
        // is the one `simd::transpose` and `transpose_each` need; `simd::transpose` copies bits
        // only for types whose `clone` is a bit copy.
        unsafe {
            if !simd::transpose(dst, ds, src, ss) {
                transpose_each(self, dst, ds, src, ss);
            }
        }
    }

    #[inline(always)]
    unsafe fn transpose_tile(
        &mut self,
        dst: *mut T,
        ds: isize,
        src: *const T,
        ss: isize,
        tile: (usize, usize),
    ) {
        // SAFETY: as in `transpose`, for every block of the tile (the caller's contract).
        unsafe {
            if !simd::transpose_tile(dst, ds, src, ss, tile) {
                blocks(dst, ds, src, ss, tile, |d, s| {
                    transpose_each(self, d, ds, s, ss)
                });
            }
        }
    }

    #[inline(always)]
    fn stream_size(&self) -> usize {
        simd::stream_size::<T>()
    }

    #[inline(always)]
    unsafe fn stream_tile(
        &mut self,
        dst: *mut T,
        ds: isize,
        src: *const T,
        ss: isize,
        tile: (usize, usize),
        carry: Option<&mut Carry>,
    ) -> bool {
        // SAFETY: the caller's contract is `simd::stream_tile`'s, which copies bits only for
        // types whose `clone` is a bit copy; overwriting a destination element without
        // dropping it is right for those (`Copy`, no drop glue).
        unsafe { simd::stream_tile(dst, ds, src, ss, tile, carry) }
    }

    #[inline(always)]
    unsafe fn stage_tile(
        &mut self,
        dst: *mut T,
        ds: isize,
        src: *const T,
        ss: isize,
        tile: (usize, usize),
    ) -> bool {
        // SAFETY: as in `stream_tile` (the caller's contract).
        unsafe { simd::stage_tile(dst, ds, src, ss, tile) }
    }

    #[inline(always)]
    unsafe fn stream_lines(
        &mut self,
        dst: *mut T,
        ds: isize,
        src: *const T,
        ss: isize,
        nu: usize,
    ) -> bool {
        // SAFETY: as in `stream_tile`, for the band's positions (the caller's contract).
        unsafe { simd::stream_lines(dst, ds, src, ss, nu) }
    }

    #[inline(always)]
    unsafe fn stream_shifted(
        &mut self,
        dst: *mut T,
        rows: ShiftedRows,
        src: *const T,
        ss: isize,
        blocks: usize,
    ) -> bool {
        // SAFETY: as in `stream_tile`, for the band's positions (the caller's contract).
        unsafe { simd::stream_shifted(dst, rows, src, ss, blocks) }
    }

    #[inline(always)]
    unsafe fn stream_chained(
        &mut self,
        dst: *mut T,
        rows: ShiftedRows,
        src: *const T,
        cols: ShiftedRows,
        blocks: usize,
    ) -> bool {
        // SAFETY: as in `stream_tile`, for the band's positions (the caller's contract).
        unsafe { simd::stream_chained(dst, rows, src, cols, blocks) }
    }

    #[inline(always)]
    unsafe fn stream_run(&mut self, dst: *mut T, src: *const T, ss: isize, n: usize) -> bool {
        // SAFETY: as in `stream_tile`, for the run's positions (the caller's contract).
        unsafe { simd::stream_run(dst, src, ss, n) }
    }

    #[inline(always)]
    unsafe fn copy_run(&mut self, dst: *mut T, src: *const T, n: usize) -> bool {
        // SAFETY: the caller's contract is `simd::copy_run`'s.
        unsafe { simd::copy_run(dst, src, n) }
    }

    #[inline(always)]
    unsafe fn stream_plane(
        &mut self,
        dst: *mut T,
        src: *const T,
        n: usize,
        sm: isize,
        m: usize,
    ) -> bool {
        // SAFETY: as in `stream_tile`, for the plane's positions (the caller's contract).
        unsafe { simd::stream_plane(dst, src, n, sm, m) }
    }
}

/// Filling new memory: `dst.write(src.clone())`.
#[cfg(feature = "alloc")]
pub(crate) struct CloneInto;

#[cfg(feature = "alloc")]
impl<T: Clone> Kernel<MaybeUninit<T>, T> for CloneInto {
    #[inline(always)]
    fn apply(&mut self, dst: &mut MaybeUninit<T>, src: &T) {
        dst.write(src.clone());
    }

    #[inline(always)]
    unsafe fn transpose(&mut self, dst: *mut MaybeUninit<T>, ds: isize, src: *const T, ss: isize) {
        // SAFETY: as in `CloneTo::transpose`; `MaybeUninit<T>` has the layout of `T`, and
        // `simd::transpose` only writes through the destination pointer, never reads it.
        unsafe {
            if !simd::transpose(dst.cast::<T>(), ds, src, ss) {
                transpose_each(self, dst, ds, src, ss);
            }
        }
    }

    #[inline(always)]
    unsafe fn transpose_tile(
        &mut self,
        dst: *mut MaybeUninit<T>,
        ds: isize,
        src: *const T,
        ss: isize,
        tile: (usize, usize),
    ) {
        // SAFETY: as in `transpose`, for every block of the tile (the caller's contract).
        unsafe {
            if !simd::transpose_tile(dst.cast::<T>(), ds, src, ss, tile) {
                blocks(dst, ds, src, ss, tile, |d, s| {
                    transpose_each(self, d, ds, s, ss)
                });
            }
        }
    }

    #[inline(always)]
    fn stream_size(&self) -> usize {
        simd::stream_size::<T>()
    }

    #[inline(always)]
    unsafe fn stream_tile(
        &mut self,
        dst: *mut MaybeUninit<T>,
        ds: isize,
        src: *const T,
        ss: isize,
        tile: (usize, usize),
        carry: Option<&mut Carry>,
    ) -> bool {
        // SAFETY: as in `CloneTo::stream_tile`; `MaybeUninit<T>` has the layout of `T`, and
        // the destination is only written.
        unsafe { simd::stream_tile(dst.cast::<T>(), ds, src, ss, tile, carry) }
    }

    #[inline(always)]
    unsafe fn stage_tile(
        &mut self,
        dst: *mut MaybeUninit<T>,
        ds: isize,
        src: *const T,
        ss: isize,
        tile: (usize, usize),
    ) -> bool {
        // SAFETY: as in `stream_tile`.
        unsafe { simd::stage_tile(dst.cast::<T>(), ds, src, ss, tile) }
    }

    #[inline(always)]
    unsafe fn stream_lines(
        &mut self,
        dst: *mut MaybeUninit<T>,
        ds: isize,
        src: *const T,
        ss: isize,
        nu: usize,
    ) -> bool {
        // SAFETY: as in `stream_tile`.
        unsafe { simd::stream_lines(dst.cast::<T>(), ds, src, ss, nu) }
    }

    #[inline(always)]
    unsafe fn stream_shifted(
        &mut self,
        dst: *mut MaybeUninit<T>,
        rows: ShiftedRows,
        src: *const T,
        ss: isize,
        blocks: usize,
    ) -> bool {
        // SAFETY: as in `stream_tile`.
        unsafe { simd::stream_shifted(dst.cast::<T>(), rows, src, ss, blocks) }
    }

    #[inline(always)]
    unsafe fn stream_chained(
        &mut self,
        dst: *mut MaybeUninit<T>,
        rows: ShiftedRows,
        src: *const T,
        cols: ShiftedRows,
        blocks: usize,
    ) -> bool {
        // SAFETY: as in `stream_tile`.
        unsafe { simd::stream_chained(dst.cast::<T>(), rows, src, cols, blocks) }
    }

    #[inline(always)]
    unsafe fn stream_plane(
        &mut self,
        dst: *mut MaybeUninit<T>,
        src: *const T,
        n: usize,
        sm: isize,
        m: usize,
    ) -> bool {
        // SAFETY: as in `stream_tile`.
        unsafe { simd::stream_plane(dst.cast::<T>(), src, n, sm, m) }
    }

    #[inline(always)]
    unsafe fn copy_run(&mut self, dst: *mut MaybeUninit<T>, src: *const T, n: usize) -> bool {
        // SAFETY: as in `CloneTo::copy_run`; `MaybeUninit<T>` has the layout of `T`, and its
        // slots are only written.
        unsafe { simd::copy_run(dst.cast::<T>(), src, n) }
    }
}

/// Runs `f(acc, x)` compiled for AVX when the CPU has it (x86-64 with `std`, which detects it
/// once; what `f` calls is compiled with it where the compiler inlines it, which `f`'s own
/// `#[inline(always)]` helpers ensure), so that loops over `f32` and `f64` work 256 bits at a
/// time instead of SSE2's 128: the same operations in the same order, so the same results to
/// the bit. Each call is a call the compiler cannot inline, so the sums use it for whole runs
/// longer than a chunk, and the element-wise maps into new tensors for dense loops of 64
/// elements or more (`collect::WIDE_MIN`). A body too large for the compiler to inline into
/// it (which would then run without AVX) gets a `#[target_feature]` function of its own
/// behind [`has_avx`], as `ops::reduce`'s extremes do.
#[inline(always)]
pub(crate) fn with_avx<A: ?Sized, X>(acc: &mut A, x: X, f: impl Fn(&mut A, X)) {
    #[cfg(target_arch = "x86_64")]
    {
        /// `f(acc, x)` with AVX enabled (inlined here, so compiled for it).
        #[target_feature(enable = "avx")]
        fn avx<A: ?Sized, X>(acc: &mut A, x: X, f: impl Fn(&mut A, X)) {
            f(acc, x)
        }
        if has_avx() {
            // SAFETY: the CPU has AVX.
            return unsafe { avx(acc, x, f) };
        }
    }
    f(acc, x)
}

pub(crate) use simd::transpose as transpose_bits;
#[cfg(target_arch = "x86_64")]
pub(crate) use simd::x86::has_avx;
#[cfg(feature = "half")]
pub(crate) use simd::{narrow_f16, widen_f16};
pub(crate) use simd::{shifts_chained, shifts_sets, shifts_short_runs, streams_early};

mod simd;
mod stores;
#[cfg(test)]
mod tests;

pub(crate) use stores::*;
