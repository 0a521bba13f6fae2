//! Tests of the kernels: every element size, tile shape, place and stride sign, through every
//! instruction set the machine has.

// Tests link the standard library, so its allocator is there without the `alloc` feature.
extern crate alloc;

use super::{CloneTo, Kernel, LINE, STREAMS, simd};
use core::fmt::Debug;

/// Calls the generic test function `$run` with a maker of values for a primitive number of
/// each size (1, 2, 4 and 8 bytes), then with the other types of 4 and 8 bytes, which take
/// the same paths (not under Miri, for time).
macro_rules! each_plain_number {
    ($run:ident) => {
        $run(|i| i as u8);
        $run(|i| (i as i16).wrapping_neg());
        $run(|i| i as f32 + 0.5);
        $run(|i| i as f64 + 0.25);
        #[cfg(not(miri))]
        {
            $run(|i| i as u32);
            $run(|i| i as i64);
        }
    };
}

/// The tile shapes tried: single blocks, an odd number of blocks along `l` (the AVX
/// kernel's pairs leave one over), sides that are not multiples of 16 (the byte kernel's
/// 8-wide edges) and a whole 64 × 64 tile (under Miri, for time, only 24 × 24, which
/// still has all of those but the single blocks).
#[cfg(not(miri))]
const TILES: &[(usize, usize)] = &[(8, 8), (8, 24), (16, 8), (24, 40), (64, 64)];
#[cfg(miri)]
const TILES: &[(usize, usize)] = &[(24, 24)];

/// Where a tile of a test lies in its two buffers: destination rows `pad` elements longer
/// than the tile (0: adjacent), its origin `shift` elements into the buffer, and the signs
/// of the destination's and the source's strides.
#[derive(Clone, Copy)]
struct Place {
    pad: usize,
    shift: usize,
    sign_d: isize,
    sign_s: isize,
}

impl Place {
    const fn new(pad: usize, shift: usize, sign_d: isize, sign_s: isize) -> Self {
        Self {
            pad,
            shift,
            sign_d,
            sign_s,
        }
    }
}

/// Padded rows (`ds`, `ss` not multiples of the vector width), an odd start (no vector
/// alignment) and each sign of both strides.
const PLACES: [Place; 4] = [
    Place::new(3, 3, 1, 1),
    Place::new(3, 3, -1, 1),
    Place::new(3, 3, 1, -1),
    Place::new(3, 3, -1, -1),
];

/// Runs `run(dst, ds, src, ss, tile)` on each tile placed in two buffers at each of
/// `places` (source rows 5 longer than the tile), and checks that every position of the
/// tile holds its source element and that nothing else was written.
fn check_at<T: Copy + PartialEq + Debug>(
    make: impl Fn(usize) -> T,
    tiles: &[(usize, usize)],
    places: &[Place],
    run: &mut dyn FnMut(*mut T, isize, *const T, isize, (usize, usize)),
) {
    let blank = make(usize::MAX);
    for &(fu, fl) in tiles {
        for &Place {
            pad,
            shift,
            sign_d,
            sign_s,
        } in places
        {
            let (ds, ss) = (fl + pad, fu + 5);
            let (dlen, slen) = (shift + fu * ds, 3 + fl * ss);
            let src: alloc::vec::Vec<T> = (0..slen).map(&make).collect();
            let mut dst = alloc::vec![blank; dlen];
            // Origins so that walking a negative stride stays inside the buffer.
            let d0 = shift + if sign_d > 0 { 0 } else { (fu - 1) * ds };
            let s0 = if sign_s > 0 { 3 } else { 3 + (fl - 1) * ss };
            let (ds, ss) = (sign_d * ds as isize, sign_s * ss as isize);
            // Pointers into the whole buffers: negative strides reach before the origins.
            let (d, s) = (
                dst.as_mut_ptr().wrapping_add(d0),
                src.as_ptr().wrapping_add(s0),
            );
            run(d, ds, s, ss, (fu, fl));
            assert_transposed(&dst, &src, blank, (d0, ds), (s0, ss), (fu, fl));
        }
    }
}

/// Checks that `dst[d0 + u·ds + l] == src[s0 + u + l·ss]` for `u < nu`, `l < nl`, and that
/// every other position of `dst` still holds `blank`.
fn assert_transposed<T: Copy + PartialEq + Debug>(
    dst: &[T],
    src: &[T],
    blank: T,
    (d0, ds): (usize, isize),
    (s0, ss): (usize, isize),
    (nu, nl): (usize, usize),
) {
    let at = |o: usize, i: usize, s: isize, j: usize| o.wrapping_add_signed(i as isize * s) + j;
    let mut inside = alloc::vec![false; dst.len()];
    for u in 0..nu {
        for l in 0..nl {
            let (d, s) = (at(d0, u, ds, l), at(s0, l, ss, u));
            assert_eq!(dst[d], src[s], "({u}, {l}) of {nu} × {nl}, {ds}, {ss}");
            inside[d] = true;
        }
    }
    for (i, x) in dst.iter().enumerate().filter(|&(i, _)| !inside[i]) {
        assert_eq!(*x, blank, "position {i} outside {nu} × {nl}, {ds}, {ss}");
    }
}

/// [`check_at`] for the tiles of the tile kernels ([`TILES`]) at [`PLACES`].
fn check<T: Copy + PartialEq + Debug>(
    make: impl Fn(usize) -> T,
    run: &mut dyn FnMut(*mut T, isize, *const T, isize, (usize, usize)),
) {
    check_at(make, TILES, &PLACES, run);
}

/// Every path a tile of `T` can take: the copy kernel's (the SIMD kernels the machine
/// selects), a closure's (the generic unrolled blocks) and block by block.
fn check_paths<T: Copy + PartialEq + Debug>(make: impl Fn(usize) -> T + Copy) {
    // `check` hands over tiles whose every position is inside its buffers, with sizes that
    // are multiples of `MICRO`; the two buffers are distinct.
    check(make, &mut |d, ds, s, ss, t| {
        // SAFETY: as just said.
        unsafe { CloneTo.transpose_tile(d, ds, s, ss, t) }
    });
    check(make, &mut |d, ds, s, ss, t| {
        // SAFETY: as just said.
        unsafe { (|d: &mut T, s: &T| *d = *s).transpose_tile(d, ds, s, ss, t) }
    });
    check(make, &mut |d, ds, s, ss, t| {
        // SAFETY: as just said (each block is inside the tile).
        unsafe { super::blocks(d, ds, s, ss, t, |d, s| CloneTo.transpose(d, ds, s, ss)) }
    });
}

#[test]
fn tiles_of_every_element_size_land_transposed() {
    check_paths(|i| (i as i8).wrapping_mul(3));
    check_paths(|i| (i as i16).wrapping_neg());
    check_paths(|i| i as f32 + 0.5);
    check_paths(|i| i as f64 + 0.25);
    // The plain number types of one size share a kernel (only the test of the type
    // differs), so under Miri, for time, one type of each size runs.
    if !cfg!(miri) {
        check_paths(|i| i as u8);
        check_paths(|i| i as u16);
        check_paths(|i| i as u32);
        check_paths(|i| i as i32);
        check_paths(|i| i as u64);
        check_paths(|i| i as i64);
    }
    // Not a primitive number: the generic blocks.
    check_paths(|i| (i as u8, i as u16));
    assert!(!bits_copied::<(u8, u16)>());
}

/// Whether the copy kernel's tile form takes the SIMD path for `T` (copies its bits).
fn bits_copied<T: Copy>() -> bool {
    let mut out = [core::mem::MaybeUninit::<T>::zeroed(); 64];
    let src = [core::mem::MaybeUninit::<T>::zeroed(); 64];
    // SAFETY: an 8 × 8 tile inside both buffers (row strides 8), distinct; zeroed bits are
    // values of every type this is called with.
    unsafe {
        simd::transpose_tile(
            out.as_mut_ptr().cast::<T>(),
            8,
            src.as_ptr().cast::<T>(),
            8,
            (8, 8),
        )
    }
}

/// A streamed tile of every shape the engine hands over (odd sides, one row or column,
/// rows adjacent or apart, up to the staging buffer's limits), for every element size, at
/// every destination alignment within a line and with both signs of both strides, and the
/// same tiles staged with ordinary stores: every position holds its source element and
/// nothing else is written. The tile kernels
/// behind it are the ones this machine selects.
#[cfg(target_arch = "x86_64")]
#[test]
fn streamed_tiles_land_transposed() {
    fn run<T: Copy + PartialEq + Debug>(make: impl Fn(usize) -> T) {
        let size = core::mem::size_of::<T>();
        let widest = super::STAGE_BYTES / (super::STAGE_ROWS * size);
        #[cfg(not(miri))]
        let tiles = [
            (1, 1),
            (7, 3),
            (8, 16),
            (13, 21),
            (64, widest),
            (61, widest - 5),
        ];
        // Under Miri, for time: an odd tile with kernel blocks and one at the buffer's
        // width.
        #[cfg(miri)]
        let tiles = [(13, 21), (9, widest)];
        let blank = make(usize::MAX);
        // Rows padded or adjacent (`nl` apart: one range), and every alignment of the
        // destination within a line (two under Miri, for time).
        #[cfg(not(miri))]
        let shifts = 0..64 / size;
        #[cfg(miri)]
        let shifts = [0, 3];
        let fixed = [
            Place::new(3, 0, 1, 1),
            Place::new(0, 1, 1, -1),
            Place::new(0, 5, -1, 1),
        ];
        let places: alloc::vec::Vec<Place> = fixed
            .into_iter()
            .chain(shifts.into_iter().map(|k| Place::new(0, k, 1, 1)))
            .collect();
        check_at(&make, &tiles, &places, &mut |d, ds, s, ss, (nu, nl)| {
            // SAFETY: `check_at` hands over tiles inside its two distinct buffers.
            let streamed = unsafe { simd::stream_tile(d, ds, s, ss, (nu, nl), None) };
            super::stream_fence();
            assert!(streamed, "{nu} × {nl} of {size}-byte elements");
        });
        // The same tiles staged and written with ordinary stores.
        check_at(&make, &tiles, &places, &mut |d, ds, s, ss, (nu, nl)| {
            // SAFETY: `check_at` hands over tiles inside its two distinct buffers.
            let staged = unsafe { simd::stage_tile(d, ds, s, ss, (nu, nl)) };
            assert!(staged, "{nu} × {nl} of {size}-byte elements, staged");
        });
        // Source rows adjacent (`ss == nu`, the tile one range: copied first), at an
        // odd start.
        for &(nu, nl) in &tiles {
            let src: alloc::vec::Vec<T> = (0..nu * nl + 3).map(&make).collect();
            let ds = nl + 3;
            let mut dst = alloc::vec![blank; nu * ds];
            // SAFETY: the tile's positions are inside the two distinct buffers.
            let streamed = unsafe {
                simd::stream_tile(
                    dst.as_mut_ptr(),
                    ds as isize,
                    src[3..].as_ptr(),
                    nu as isize,
                    (nu, nl),
                    None,
                )
            };
            super::stream_fence();
            assert!(streamed);
            for (i, x) in dst.iter().enumerate() {
                let (u, l) = (i / ds, i % ds);
                let expected = if l < nl { src[3 + u + l * nu] } else { blank };
                assert_eq!(
                    *x, expected,
                    "({u}, {l}) of {nu} × {nl}, source rows adjacent"
                );
            }
        }
        // Tiles beyond the buffer are declined, untouched.
        let (src, mut dst) = ([make(1); 4], [blank; 4]);
        // SAFETY: declined before any access (too many rows).
        let streamed = unsafe {
            simd::stream_tile(
                dst.as_mut_ptr(),
                1,
                src.as_ptr(),
                1,
                (super::STAGE_ROWS + 1, 1),
                None,
            )
        };
        assert!(!streamed && dst == [blank; 4]);
    }
    each_plain_number!(run);
    // Not a primitive number: never streamed.
    let (src, mut dst) = ([(1u8, 2u16); 4], [(0u8, 0u16); 4]);
    // SAFETY: declined before any access (not a plain number).
    assert!(!unsafe { simd::stream_tile(dst.as_mut_ptr(), 2, src.as_ptr(), 2, (2, 2), None) });
    // SAFETY: as above.
    assert!(!unsafe { simd::stage_tile(dst.as_mut_ptr(), 2, src.as_ptr(), 2, (2, 2)) });
    assert_eq!(simd::stream_size::<(u8, u16)>(), 0);
    assert_eq!(simd::stream_size::<f64>(), 8);
}

/// Streamed bands ([`simd::stream_lines`]) land transposed for every element size: band
/// heights that are and are not multiples of the rows written at a time (the rest element
/// by element), destination rows adjacent or a line apart and walked either way, source
/// rows padded, starting off any vector alignment and walked either way; nothing outside
/// the band is written. A destination off a line, or rows not a whole number of lines
/// apart, or a type that is not a primitive number, is declined untouched.
#[cfg(target_arch = "x86_64")]
#[test]
fn streamed_bands_land_transposed() {
    fn run<T: Copy + PartialEq + Debug>(make: impl Fn(usize) -> T) {
        let size = core::mem::size_of::<T>();
        let nl = super::LINE / size;
        #[cfg(not(miri))]
        let heights = [1, 7, 8, 16, 17, 33, 70];
        // Under Miri, for time: heights with whole steps and a rest, for every step.
        #[cfg(miri)]
        let heights = [2 * super::BAND_ROWS + 3, super::LINE + 3];
        let blank = make(usize::MAX);
        for nu in heights {
            for (gap, sign_d, sign_s) in [(0, 1, 1), (1, 1, -1), (1, -1, 1), (0, -1, -1)] {
                let (ds, ss) = ((1 + gap) * nl, nu + 5);
                let slen = 3 + nl * ss;
                let src: alloc::vec::Vec<T> = (0..slen).map(&make).collect();
                // Room for the band and a line to align its first row.
                let dlen = nu * ds + nl;
                let mut dst = alloc::vec![blank; dlen];
                let align = (super::LINE - dst.as_ptr().addr() % super::LINE) % super::LINE;
                assert_eq!(align % size, 0);
                let first = align / size;
                let d0 = first + if sign_d > 0 { 0 } else { (nu - 1) * ds };
                let s0 = if sign_s > 0 { 3 } else { 3 + (nl - 1) * ss };
                let (ds, ss) = (sign_d * ds as isize, sign_s * ss as isize);
                let (d, s) = (
                    dst.as_mut_ptr().wrapping_add(d0),
                    src.as_ptr().wrapping_add(s0),
                );
                // SAFETY: every position of the band is inside the two distinct buffers,
                // and each destination row starts on a line.
                let streamed = unsafe { simd::stream_lines(d, ds, s, ss, nu) };
                super::stream_fence();
                assert!(streamed, "{nu} rows of {size}-byte elements, {ds}, {ss}");
                assert_transposed(&dst, &src, blank, (d0, ds), (s0, ss), (nu, nl));
            }
        }
        // Declined, untouched: a destination off a line, rows not whole lines apart.
        let src: alloc::vec::Vec<T> = (0..4 * nl).map(&make).collect();
        let mut dst = alloc::vec![blank; 4 * nl];
        let align = (super::LINE - dst.as_ptr().addr() % super::LINE) % super::LINE / size;
        let (s, ss) = (src.as_ptr(), 2 * nl as isize);
        for (first, ds) in [(align + 1, nl as isize), (align, nl as isize + 1)] {
            let d = dst.as_mut_ptr().wrapping_add(first);
            // SAFETY: declined before any access (checked alignment).
            assert!(!unsafe { simd::stream_lines(d, ds, s, ss, 1) });
            assert!(dst.iter().all(|x| *x == blank));
        }
    }
    each_plain_number!(run);
    // Not a primitive number: never streamed.
    let (src, mut dst) = ([(1u8, 2u16); 64], [(0u8, 0u16); 64]);
    // SAFETY: declined before any access (not a plain number).
    assert!(!unsafe { simd::stream_lines(dst.as_mut_ptr(), 16, src.as_ptr(), 1, 1) });
    // SAFETY: as above.
    assert!(!unsafe {
        simd::stream_shifted(
            dst.as_mut_ptr(),
            super::ShiftedRows::one(1, 17),
            src.as_ptr(),
            1,
            2,
        )
    });
}

/// Shifted bands ([`simd::stream_shifted`]) land transposed (each row's whole lines streamed,
/// its partial lines written with ordinary stores), and nothing else is written: rows not a
/// whole number of lines apart (so each starts at its own place in a line), walked either
/// way, one block or more, heights with and without a rest after the whole steps and beyond
/// [`simd::SHIFTED_ROWS`] and the AVX-512 kernel's own (where this machine has AVX-512F, the
/// 4- and 8-byte elements take it), source rows that spread over the L1's sets, rows 4 KiB
/// and 4 bytes apart, which crowd them (16 rows a step for 4-byte elements), and adjacent
/// rows (the AVX-512 kernel's short walk, whose last step reaches back over rows already
/// written: for 4-byte elements by 13 rows of 16 over 19, by 7 over 57; for 8-byte ones by
/// 5 of 8 over 19, by 7 over 57), 4- and 8-byte elements; 1- and 2-byte elements are
/// declined untouched.
#[cfg(target_arch = "x86_64")]
#[test]
fn shifted_bands_write_each_rows_whole_lines() {
    /// How far apart the source rows are.
    #[derive(Clone, Copy)]
    enum Rows {
        /// Over the L1's sets.
        Spread,
        /// 4 KiB and 4 bytes apart, in few sets.
        Crowded,
        /// Adjacent: a block of them is one range of memory.
        Adjacent,
    }
    fn run<T: Copy + PartialEq + Debug>(make: impl Fn(usize) -> T) {
        let size = core::mem::size_of::<T>();
        let line = super::LINE / size;
        let blank = make(usize::MAX);
        if size < 4 {
            // Declined untouched, whatever the band: one block of one row.
            let src: alloc::vec::Vec<T> = (0..line * 2).map(&make).collect();
            let mut dst = alloc::vec![blank; line];
            let (d, s) = (dst.as_mut_ptr(), src.as_ptr());
            // SAFETY: declined before any access (the element size); the band's positions
            // (`dst[l]`, `src[2·l]` for `l < line`) are inside the buffers anyway.
            assert!(!unsafe {
                simd::stream_shifted(d, super::ShiftedRows::one(1, line as isize + 1), s, 2, 1)
            });
            assert!(dst.iter().all(|x| *x == blank));
            return;
        }
        #[cfg(not(miri))]
        let (heights, bands) = (
            [
                1,
                8,
                19,
                57,
                simd::SHIFTED_ROWS + 11,
                simd::x86::avx512::SHIFTED_ROWS + 27,
            ],
            [(3, 1, 1, 1), (2, 3, -1, 1), (4, line - 1, 1, -1)],
        );
        // Under Miri, for time: whole steps of 16 rows (crowded 4-byte rows) and a rest; one
        // block and two, walked either way. (Miri runs no AVX-512 kernel.)
        #[cfg(miri)]
        let (heights, bands) = (
            [2 * super::BAND_ROWS + 3],
            [(1, 1, 1, 1), (2, 3, -1, 1), (2, line - 1, 1, -1)],
        );
        let rows = [Rows::Spread, Rows::Crowded, Rows::Adjacent];
        for (nu, rows) in heights.into_iter().flat_map(|nu| rows.map(|r| (nu, r))) {
            for (blocks, extra, sign_d, sign_s) in bands {
                let ss = match rows {
                    Rows::Spread => nu + 5,
                    Rows::Crowded => (4096 / size + 1).max(nu + 5),
                    Rows::Adjacent => nu,
                };
                let ds = blocks * line + extra;
                let src: alloc::vec::Vec<T> = (0..3 + blocks * line * ss).map(&make).collect();
                let mut dst = alloc::vec![blank; nu * ds + 2 * line];
                let d0 = if sign_d > 0 { 1 } else { 1 + (nu - 1) * ds };
                let s0 = if sign_s > 0 {
                    3
                } else {
                    3 + (blocks * line - 1) * ss
                };
                let (ds, ss) = (sign_d * ds as isize, sign_s * ss as isize);
                let d = dst.as_mut_ptr().wrapping_add(d0);
                let s = src.as_ptr().wrapping_add(s0);
                // SAFETY: every position of the band (`nu` rows by `blocks` lines' worth) is
                // inside the two distinct buffers.
                assert!(unsafe {
                    simd::stream_shifted(d, super::ShiftedRows::one(nu, ds), s, ss, blocks)
                });
                super::stream_fence();
                assert_transposed(&dst, &src, blank, (d0, ds), (s0, ss), (nu, blocks * line));
            }
        }
    }
    each_plain_number!(run);
}

/// [`super::ShiftedRows::offsets`] counts through the sets to the same starts as `offset`
/// gives row by row, from the first row and from rows inside a set, with sets ahead or
/// behind and with no rows (`n = 0`, read as one row a set).
#[test]
fn shifted_rows_count_through_their_sets() {
    for (n, step, next) in [(1, 7, 3), (3, 5, 100), (4, -9, 2), (5, 61, -400), (0, 4, 9)] {
        let rows = super::ShiftedRows {
            n,
            step,
            sets: 4,
            next,
        };
        for from in [0, 1, n, n + 2] {
            let counted: alloc::vec::Vec<isize> = rows.offsets(from).take(3 * n + 2).collect();
            let each: alloc::vec::Vec<isize> =
                (from..from + 3 * n + 2).map(|u| rows.offset(u)).collect();
            assert_eq!(counted, each, "{n} {step} {next} from {from}");
        }
    }
}

/// Shifted bands whose rows come in sets ([`super::ShiftedRows`]): source columns that run on
/// from one set to the next land in each set's rows, with nothing else written, where the
/// kernel takes such rows ([`super::shifts_sets`]: 4-byte elements with AVX-512F); elsewhere
/// they are declined untouched. Rows of 19 and 57 per set (whole steps of 16 that cross from
/// one set into the next, and a rest), sets interleaved in the destination (the rows of a set
/// every `sets` rows) or laid out backwards; one block and three.
#[cfg(target_arch = "x86_64")]
#[test]
fn shifted_bands_write_rows_in_sets() {
    fn run<T: Copy + PartialEq + Debug>(make: impl Fn(usize) -> T) {
        let size = core::mem::size_of::<T>();
        let line = super::LINE / size;
        let blank = make(usize::MAX);
        #[cfg(not(miri))]
        let cases = [(19, 3, 1, true), (57, 7, 3, true), (19, 5, 3, false)];
        #[cfg(miri)]
        let cases = [(5, 3, 1, true)];
        for (n, sets, blocks, interleaved) in cases {
            let nu = n * sets;
            let (nl, ss) = (blocks * line, nu + 3);
            // Destination rows of `nl + 5` elements, so that each starts at its own place in
            // a line.
            let ds = nl + 5;
            let src: alloc::vec::Vec<T> = (0..nl * ss).map(&make).collect();
            let mut dst = alloc::vec![blank; nu * ds + line];
            // Row `(u, w)` (column `w·n + u` of the source) is destination row `u·sets + w`
            // (interleaved) or `(sets − 1 − w)·n + u` (sets backwards).
            let (step, next, d0) = if interleaved {
                ((sets * ds) as isize, ds as isize, 1)
            } else {
                (ds as isize, -((n * ds) as isize), 1 + (sets - 1) * n * ds)
            };
            let rows = super::ShiftedRows {
                n,
                step,
                sets,
                next,
            };
            let d = dst.as_mut_ptr().wrapping_add(d0);
            // SAFETY: every position of the band (`nu` rows by `nl` columns, row `u` at
            // `d0 + rows.offset(u)`, source column `u` of row `l` at `u + l·ss`) is inside the
            // two distinct buffers.
            let taken = unsafe { simd::stream_shifted(d, rows, src.as_ptr(), ss as isize, blocks) };
            assert_eq!(taken, super::shifts_sets(size), "{n} × {sets}");
            if !taken {
                assert!(dst.iter().all(|x| *x == blank));
                continue;
            }
            super::stream_fence();
            let mut inside = alloc::vec![false; dst.len()];
            for u in 0..nu {
                let row = d0.wrapping_add_signed(rows.offset(u));
                for l in 0..nl {
                    assert_eq!(dst[row + l], src[u + l * ss], "({u}, {l}) of {n} × {sets}");
                    inside[row + l] = true;
                }
            }
            let outside = dst.iter().zip(&inside).filter(|&(_, &i)| !i);
            assert!(
                outside.into_iter().all(|(x, _)| *x == blank),
                "{n} × {sets}"
            );
        }
    }
    each_plain_number!(run);
}

/// Chained bands ([`simd::stream_chained`]): source rows in sets (`cols`), read across the
/// sets' boundaries into each destination row front to back, with nothing else written, where
/// the kernel takes them ([`super::shifts_sets`]: 4-byte elements with AVX-512F); elsewhere
/// they are declined untouched. Source rows of each set adjacent (the short walk: 16, 17 and
/// 57 destination rows) or not (the whole steps of 16, then the rest: 15, 40 and 256 rows),
/// destination rows in one set or in sets that continue the source's columns (interleaved);
/// sets of 7 source rows (a block of 16 spans three sets) and of 31, sets apart or laid out
/// backwards; each destination row starts at its own place in a line.
#[cfg(target_arch = "x86_64")]
#[test]
fn chained_bands_read_source_rows_in_sets() {
    fn run<T: Copy + PartialEq + Debug>(make: impl Fn(usize) -> T) {
        let size = core::mem::size_of::<T>();
        let line = super::LINE / size;
        let blank = make(usize::MAX);
        // (destination rows per set, their sets, source rows per set, their sets, source
        // rows adjacent, sets forwards)
        #[cfg(not(miri))]
        let cases = [
            (16, 1, 7, 9, true, true),
            (17, 1, 31, 3, true, true),
            (57, 1, 7, 5, true, false),
            (15, 1, 31, 2, false, true),
            (256, 1, 7, 3, false, false),
            (20, 2, 31, 2, false, true),
            (19, 3, 7, 5, true, false),
        ];
        #[cfg(miri)]
        let cases = [(16, 1, 7, 3, true, true)];
        for (n, row_sets, m, sets, adjacent, forwards) in cases {
            let nu = n * row_sets;
            let blocks = m * sets / line;
            let nl = blocks * line;
            // Each set's `m` source rows `ss` elements apart (`nu` when adjacent), the sets
            // `m·ss + 5` apart (or backwards).
            let ss = if adjacent { nu } else { nu + 2 };
            let apart = m * ss + 5;
            let (next, s0) = if forwards {
                (apart as isize, 0)
            } else {
                (-(apart as isize), (sets - 1) * apart)
            };
            let cols = super::ShiftedRows {
                n: m,
                step: ss as isize,
                sets,
                next,
            };
            let src: alloc::vec::Vec<T> = (0..sets * apart).map(&make).collect();
            // Destination rows of `nl + 3` elements; with sets of rows, the rows of a set
            // every `row_sets` rows (column `w·n + u` of the source is row `u·row_sets + w`).
            let ds = nl + 3;
            let mut dst = alloc::vec![blank; nu * ds + line];
            let rows = super::ShiftedRows {
                n,
                step: (row_sets * ds) as isize,
                sets: row_sets,
                next: ds as isize,
            };
            let (d, s) = (
                dst.as_mut_ptr().wrapping_add(1),
                src.as_ptr().wrapping_add(s0),
            );
            // SAFETY: every position of the band (`nu` rows of `nl` columns, row `u` at
            // `1 + rows.offset(u)`, source row `l` at `s0 + cols.offset(l)`, column `u`
            // within it, `u < nu ≤ ss`) is inside the two distinct buffers.
            let taken = unsafe { simd::stream_chained(d, rows, s, cols, blocks) };
            let case = (n, row_sets, m, sets);
            assert_eq!(taken, super::shifts_sets(size), "{case:?}");
            if !taken {
                assert!(dst.iter().all(|x| *x == blank));
                continue;
            }
            super::stream_fence();
            let mut inside = alloc::vec![false; dst.len()];
            for u in 0..nu {
                let row = 1 + rows.offset(u) as usize;
                for l in 0..nl {
                    let from = s0.wrapping_add_signed(cols.offset(l)) + u;
                    assert_eq!(dst[row + l], src[from], "({u}, {l}) of {case:?}");
                    inside[row + l] = true;
                }
            }
            let outside = dst.iter().zip(&inside).filter(|&(_, &i)| !i);
            assert!(outside.into_iter().all(|(x, _)| *x == blank), "{case:?}");
        }
    }
    each_plain_number!(run);
}

/// A streamed plane (`m` runs, `step` apart in the source, one range in the destination)
/// lands in order, for runs of one, three, sixteen and 65 times 16 bytes and of 136 and 232
/// bytes (pieces of 16 bytes spanning two runs), one to seven runs, runs apart, adjacent or
/// walked backwards, the destination starting at every 8 bytes of a line (so the range's
/// two ends are partial lines, or not, and off 16 bytes); nothing outside it is written.
/// Declined, touching nothing: a short run that is not a whole number of 16 bytes, a type
/// that is not a plain number.
#[test]
fn streamed_planes_land_in_order() {
    fn run<T: Copy + PartialEq + Debug>(make: impl Fn(usize) -> T) {
        let size = size_of::<T>();
        let blank = make(usize::MAX);
        #[cfg(not(miri))]
        let (runs, counts): (&[usize], &[usize]) = (&[16, 48, 136, 232, 256, 1040], &[1, 2, 7]);
        #[cfg(miri)]
        let (runs, counts): (&[usize], &[usize]) = (&[48, 136], &[7]);
        for &bytes in runs {
            let n = bytes / size;
            for &m in counts {
                for gap in [0, 3] {
                    for sign in [1isize, -1] {
                        let step = sign * (n + gap) as isize;
                        let src: alloc::vec::Vec<T> = (0..m * (n + gap)).map(&make).collect();
                        let first = if sign > 0 { 0 } else { (m - 1) * (n + gap) };
                        let at = |j: usize, i: usize| {
                            src[first.wrapping_add_signed(j as isize * step) + i]
                        };
                        let want: alloc::vec::Vec<T> =
                            (0..m * n).map(|e| at(e / n, e % n)).collect();
                        for lead in (0..LINE).step_by(size.max(8)) {
                            let mut out = Lines::<T>::new(blank, m * n + 2 * LINE);
                            let shift = out.shift(lead);
                            // SAFETY: the plane's runs lie in `src` (`first` is the run
                            // with the lowest start when walked backwards); `m·n`
                            // elements from `shift` lie in `out`, 16-byte aligned.
                            let done = unsafe {
                                let d = out.0.as_mut_ptr().add(shift);
                                simd::stream_plane(d, src.as_ptr().add(first), n, step, m)
                            };
                            super::stream_fence();
                            let what = (size, n, m, step, lead);
                            assert_eq!(done, STREAMS, "{what:?}");
                            if done {
                                assert_eq!(&out.0[shift..shift + m * n], &want[..], "{what:?}");
                                let rest = out.0[..shift].iter().chain(&out.0[shift + m * n..]);
                                assert!(rest.into_iter().all(|x| *x == blank), "{what:?}");
                            }
                        }
                    }
                }
            }
        }
        // Declined: runs of 8 and of 120 bytes.
        let src: alloc::vec::Vec<T> = (0..256).map(&make).collect();
        let mut out = Lines::<T>::new(blank, 5 * LINE);
        let shift = out.shift(0);
        let declines = [(shift, 8 / size), (shift, 120 / size)];
        for (at, n) in declines {
            // SAFETY: declined before any access (the run's bytes are checked first); were
            // it not, the two runs of `n ≤ 120` bytes, 16 elements apart, lie in `src`
            // (of at least 256 bytes) and their `2·n` in `out`.
            let done =
                unsafe { simd::stream_plane(out.0.as_mut_ptr().add(at), src.as_ptr(), n, 16, 2) };
            assert!(!done, "{size} {at} {n}");
            assert!(out.0.iter().all(|x| *x == blank));
        }
    }
    /// A buffer of `T` whose elements can start anywhere in a line.
    struct Lines<T>(alloc::vec::Vec<T>);
    impl<T: Copy> Lines<T> {
        fn new(blank: T, len: usize) -> Self {
            Self(alloc::vec![blank; len])
        }
        /// The index of the first element `lead` bytes past a line.
        fn shift(&self, lead: usize) -> usize {
            let size = size_of::<T>();
            let base = self.0.as_ptr().addr();
            (0..LINE / size)
                .find(|k| (base + k * size) % LINE == lead)
                .expect("the buffer is aligned to its element size")
        }
    }
    each_plain_number!(run);
    // Not a primitive number: never streamed.
    let (src, mut dst) = ([(1u8, 2u16); 64], [(0u8, 0u16); 64]);
    // SAFETY: declined before any access (not a plain number).
    assert!(!unsafe { simd::stream_plane(dst.as_mut_ptr(), src.as_ptr(), 16, 16, 2) });
}

/// The pieces of a staged run cover it in order, none longer than the room; when the
/// elements fall on the lines' boundaries (and a room of them is whole lines), every piece
/// after the first starts on a line; otherwise (12-byte elements) they are cut from the
/// run's start.
#[test]
fn staged_pieces_start_on_lines() {
    for size in [1, 2, 4, 8, 12] {
        let room = super::RUN_STAGE_BYTES / size;
        for lead in (0..LINE).step_by(4) {
            for n in [0, 1, 7, room - 1, room, room + 3, 5 * room + 17] {
                let to = 4 * LINE + lead;
                let pieces: alloc::vec::Vec<_> = super::staged_pieces(to, size, n, room).collect();
                let mut next = 0;
                for (i, &(start, len)) in pieces.iter().enumerate() {
                    assert_eq!(start, next, "{size} {lead} {n}");
                    assert!(len > 0 && len <= room, "{size} {lead} {n}");
                    let at = to + start * size;
                    if size == 12 {
                        assert_eq!(start % room, 0, "{size} {lead} {n}");
                    } else if i > 0 && lead % size == 0 {
                        assert_eq!(at % LINE, 0, "{size} {lead} {n}: piece {i}");
                    }
                    next = start + len;
                }
                assert_eq!(next, n, "{size} {lead} {n}");
            }
        }
    }
}

/// Rows written through a [`Carry`](super::Carry) (`write_rows` with one) land in place,
/// tile after tile: rows that continue the previous tile's row (their shared partial line
/// written whole from the carry), rows that do not (the carried line flushed first), rows
/// walked backwards, rows shorter than a line or not a whole number of 16 bytes, at every
/// 16 bytes of a line, 4 bytes past them and off them; after
/// [`Carry::flush`](super::Carry::flush) nothing is missing and nothing outside the rows is
/// written.
#[cfg(target_arch = "x86_64")]
#[test]
fn carried_lines_land_in_place() {
    use super::Carry;
    use simd::x86;
    #[repr(C, align(64))]
    struct Stage([u8; 4 * LINE * 8]);
    const TILES: usize = 4;
    #[cfg(not(miri))]
    let (widths, leads): (&[usize], &[usize]) = (
        &[16, 40, 44, 48, 64, 112, 228, 244, 256],
        &[0, 4, 8, 16, 32, 36, 48, 60],
    );
    #[cfg(miri)]
    let (widths, leads): (&[usize], &[usize]) = (&[48, 112, 244], &[16, 32, 36]);
    for &width in widths {
        for &lead in leads {
            for gap in [0, 4, 16] {
                for (rows, sign) in [(1, 1isize), (3, 1), (3, -1)] {
                    // Tile `t`'s row `u` at `first + u·ds + t·(width + gap)`.
                    let step = width + gap;
                    let ds = sign * (TILES * step + 64) as isize;
                    let span = (rows - 1) * ds.unsigned_abs() + TILES * step;
                    let mut out = alloc::vec![0u8; span + 2 * LINE];
                    let base = out.as_ptr().addr();
                    let origin = (0..LINE).find(|k| (base + k) % LINE == lead).unwrap();
                    let first = origin
                        + if sign > 0 {
                            0
                        } else {
                            (rows - 1) * ds.unsigned_abs()
                        };
                    let value =
                        |t: usize, u: usize, i: usize| (1 + (t * 7 + u * 31 + i) % 251) as u8;
                    let mut carry = Carry::new();
                    for t in 0..TILES {
                        let mut stage = Stage([0; 4 * LINE * 8]);
                        for u in 0..rows {
                            for i in 0..width {
                                stage.0[u * width + i] = value(t, u, i);
                            }
                        }
                        // SAFETY: `rows` rows of `width` bytes of the stage, written to
                        // rows inside `out` (`first + u·ds + t·step`, `u < rows`), which
                        // no two tiles share; the carry's lines lie in `out` too.
                        unsafe {
                            let to = out.as_mut_ptr().add(first + t * step);
                            x86::write_rows(
                                stage.0.as_ptr(),
                                to,
                                ds,
                                (rows, width),
                                Some(&mut carry),
                            );
                        }
                    }
                    carry.flush();
                    super::stream_fence();
                    let mut expected = alloc::vec![0u8; out.len()];
                    for t in 0..TILES {
                        for u in 0..rows {
                            let at = first.wrapping_add_signed(u as isize * ds) + t * step;
                            for i in 0..width {
                                expected[at + i] = value(t, u, i);
                            }
                        }
                    }
                    assert_eq!(
                        out, expected,
                        "width {width}, lead {lead}, gap {gap}, rows {rows}, ds {ds}"
                    );
                }
            }
        }
    }
}

/// The line writers of the bands, each on its own: SSE2 always, AVX where this machine
/// has it. Every line lands in its row, rows one or more lines apart and walked either
/// way, and (shifted bands) rows off the lines, each line taken from its own place in a
/// buffer row of two lines; nothing else is written.
#[cfg(target_arch = "x86_64")]
#[test]
fn each_band_line_writer_matches() {
    use super::LINE;
    use simd::x86;
    #[derive(Clone)]
    #[repr(C, align(64))]
    struct Lines([u8; 3 * LINE]);
    let mut buf = Lines([0; 3 * LINE]);
    buf.0
        .iter_mut()
        .enumerate()
        .for_each(|(i, x)| *x = i as u8 ^ 0x5a);
    for wide in [false, true] {
        if wide && !x86::has_avx() {
            continue;
        }
        for (gap, sign) in [(1, 1), (2, 1), (1, -1), (3, -1)] {
            let mut out = Lines([0; 3 * LINE]);
            let mut big = alloc::vec![Lines([0; 3 * LINE]); 3];
            let dst = big.as_mut_ptr().cast::<u8>();
            let ds = sign * (gap * LINE) as isize;
            let first = if sign > 0 { 0 } else { 2 * gap * LINE };
            // SAFETY: three aligned lines of `buf`, written to three aligned lines of
            // `big` (9 lines long), `gap` lines apart from line `first / LINE`.
            unsafe { x86::write_lines(buf.0.as_ptr(), LINE, dst.add(first), ds, 3, wide) };
            super::stream_fence();
            let all: alloc::vec::Vec<u8> = big.iter().flat_map(|l| l.0).collect();
            for u in 0..3 {
                let at = first.wrapping_add_signed(u as isize * ds);
                out.0[u * LINE..][..LINE].copy_from_slice(&all[at..at + LINE]);
            }
            assert_eq!(out.0, buf.0, "wide {wide}, {ds}");
            let written = all.iter().filter(|&&x| x != 0).count();
            let nonzero = buf.0.iter().filter(|&&x| x != 0).count();
            assert_eq!(
                written, nonzero,
                "wide {wide}, {ds}: written outside the lines"
            );
        }
        // Rows of a shifted band: buffer rows of two lines, destination rows starting off
        // the lines (`off` bytes past one, rows `gap` lines and `skew` bytes apart); each
        // row's line from its first line boundary comes from the same place of its buffer
        // row.
        let two: alloc::vec::Vec<u8> = (0..3 * 2 * LINE).map(|i| (i % 251) as u8 + 1).collect();
        #[repr(C, align(64))]
        struct Two([u8; 6 * LINE]);
        let mut pair = Two([0; 6 * LINE]);
        pair.0.copy_from_slice(&two);
        for (off, gap, skew, sign) in [(4, 1, 12, 1), (60, 2, 52, -1), (0, 1, 32, 1)] {
            let mut big = alloc::vec![Lines([0; 3 * LINE]); 4];
            let dst = big.as_mut_ptr().cast::<u8>();
            let ds = sign * (gap * LINE + skew) as isize;
            let first = off + if sign > 0 { 0 } else { 2 * (gap * LINE + skew) };
            // SAFETY: three buffer rows of two lines; each destination row's line from its
            // first boundary lies in `big` (12 lines): at most `first + 2·|ds| + 2·LINE`.
            unsafe { x86::write_lines(pair.0.as_ptr(), 2 * LINE, dst.add(first), ds, 3, wide) };
            super::stream_fence();
            let all: alloc::vec::Vec<u8> = big.iter().flat_map(|l| l.0).collect();
            let mut inside = alloc::vec![false; all.len()];
            for u in 0..3 {
                let at = first.wrapping_add_signed(u as isize * ds);
                let s = (dst.addr() + at).wrapping_neg() % LINE;
                let what = alloc::format!("wide {wide}, row {u} at {at}, {ds}");
                assert_eq!(
                    &all[at + s..][..LINE],
                    &two[u * 2 * LINE + s..][..LINE],
                    "{what}"
                );
                inside[at + s..at + s + LINE]
                    .iter_mut()
                    .for_each(|x| *x = true);
            }
            assert!(
                all.iter().zip(&inside).all(|(&x, &i)| i || x == 0),
                "wide {wide}, {ds}: written outside the lines"
            );
        }
    }
}

/// On aarch64 every primitive number takes the NEON kernels (whose tiles
/// `tiles_of_every_element_size_land_transposed` checks at every shape and place), and
/// they move bits, not values.
#[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
#[test]
fn neon_kernels_take_every_primitive_number() {
    // NaNs keep their payloads (the lanes are moved as integers).
    let src: [f32; 64] = core::array::from_fn(|i| f32::from_bits(0x7fc0_0000 | i as u32));
    let mut out = [0.0f32; 64];
    // SAFETY: an 8 × 8 tile inside both buffers (row strides 8), distinct.
    unsafe { CloneTo.transpose_tile(out.as_mut_ptr(), 8, src.as_ptr(), 8, (8, 8)) };
    for (i, x) in out.iter().enumerate() {
        assert_eq!(x.to_bits(), src[(i % 8) * 8 + i / 8].to_bits());
    }
    assert!(bits_copied::<u8>() && bits_copied::<i8>());
    assert!(bits_copied::<u16>() && bits_copied::<i16>());
    assert!(bits_copied::<f32>() && bits_copied::<u32>() && bits_copied::<i32>());
    assert!(bits_copied::<f64>() && bits_copied::<u64>() && bits_copied::<i64>());
}

/// The kernels selected at run time, each on its own: SSE2 always, AVX where this machine
/// has it (so on an AVX machine neither path goes untested), and every primitive number
/// has a SIMD kernel on x86-64.
#[cfg(target_arch = "x86_64")]
#[test]
fn each_x86_tile_kernel_matches() {
    use simd::x86;
    for wide in [false, true] {
        if wide && !x86::has_avx() {
            continue;
        }
        // `check` hands over tiles inside its distinct buffers; `wide` only when the CPU
        // has AVX.
        check(|i| i as f32, &mut |d, ds, s, ss, t| {
            // SAFETY: as just said.
            unsafe { x86::tile_32(wide, d, ds, s, ss, t) }
        });
        check(|i| i as f64, &mut |d, ds, s, ss, t| {
            // SAFETY: as just said.
            unsafe { x86::tile_64(wide, d, ds, s, ss, t) }
        });
    }
    // SSE2 only for narrow lanes: 16 × 16 blocks of bytes (with 8-wide edges in the odd
    // tiles) and 8 × 8 of 2-byte lanes.
    check(|i| i as u8, &mut |d, ds, s, ss, t| {
        // SAFETY: as above.
        unsafe { x86::tile_8(d, ds, s, ss, t) }
    });
    check(|i| i as u16, &mut |d, ds, s, ss, t| {
        // SAFETY: as above.
        unsafe { x86::tile_16(d, ds, s, ss, t) }
    });
    assert!(bits_copied::<u8>() && bits_copied::<i8>());
    assert!(bits_copied::<u16>() && bits_copied::<i16>());
    assert!(bits_copied::<f32>() && bits_copied::<u32>() && bits_copied::<i32>());
    assert!(bits_copied::<f64>() && bits_copied::<u64>() && bits_copied::<i64>());
}

/// The AVX kernels with destination rows whose starts share their offset from a 32-byte
/// boundary (row strides of whole 32-byte units), shifted by 0 to 7 elements: rows 16 bytes
/// past a boundary take the split stores (4, 8 and 4 lanes of `f32`, 2, 4 and 2 of `f64`),
/// the others whole registers. Both are checked to have been taken.
#[cfg(target_arch = "x86_64")]
#[test]
fn avx_tiles_land_transposed_at_every_offset_from_a_32_byte_boundary() {
    use simd::x86;
    if !x86::has_avx() {
        return;
    }
    let places: [Place; 32] = core::array::from_fn(|i| {
        let (shift, pad, signs) = (i % 8, if i % 16 < 8 { 0 } else { 8 }, i / 16);
        Place::new(pad, shift, [1, -1][signs], [1, -1][signs])
    });
    let tiles = &[(8, 16), (16, 40), (24, 32)];
    let (mut split, mut whole) = ([0; 2], [0; 2]);
    let mut count = |which: usize, d: usize, ds: isize, size: isize, fl: usize| {
        // `tile_32` splits pairs of blocks (16 lanes), `tile_64` single blocks.
        let lanes = if size == 4 { 16 } else { 8 };
        let takes = (ds * size) % 32 == 0 && d % 32 == 16 && fl >= lanes;
        if takes {
            split[which] += 1
        } else {
            whole[which] += 1
        }
    };
    check_at(
        |i| i as f32,
        tiles,
        &places,
        &mut |d: *mut f32, ds, s, ss, t| {
            count(0, d.addr(), ds, 4, t.1);
            // SAFETY: `check_at` hands over tiles inside its distinct buffers; the CPU has AVX.
            unsafe { x86::tile_32(true, d, ds, s, ss, t) }
        },
    );
    check_at(
        |i| i as f64,
        tiles,
        &places,
        &mut |d: *mut f64, ds, s, ss, t| {
            count(1, d.addr(), ds, 8, t.1);
            // SAFETY: as above.
            unsafe { x86::tile_64(true, d, ds, s, ss, t) }
        },
    );
    assert!(
        split.iter().chain(&whole).all(|&n| n > 0),
        "{split:?} {whole:?}"
    );
}

/// Rows crowd the L1's sets when 16 of them fall into fewer than 4 sets: strides near a
/// multiple of 2 KiB, either sign, but not 1 KiB (four sets) or strides that spread.
#[test]
fn rows_a_large_power_of_two_apart_crowd_the_l1() {
    for stride in [4096, -4096, 2048, 8192, 4100, 4092, 1 << 20, 0, 4] {
        assert!(super::crowds_l1(stride), "{stride}");
    }
    for stride in [1024, 4000, 4004, 12000, 64, 2048 + 256] {
        assert!(!super::crowds_l1(stride), "{stride}");
    }
}
