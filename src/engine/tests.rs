//! Tests of the engine's internals: walks, plans, tiles, streaming and collection.

use super::*;

/// The engine's functions over slices, for the tests: every layout below is checked with
/// `validate` against its slice first.
#[cfg(feature = "alloc")]
fn to_vec<T: Clone>(data: &[T], p: crate::layout::parts::RawLayout<'_>) -> alloc::vec::Vec<T> {
    // SAFETY: the tests validate each layout for its slice.
    unsafe { super::to_vec(ViewRepr::from_slice(data), p) }
}

#[cfg(feature = "alloc")]
fn map2_to_vec<T, U, V>(
    shape: &[usize],
    a: (&[T], Operand<'_>),
    b: (&[U], Operand<'_>),
    f: &mut impl FnMut(&T, &U) -> V,
) -> Result<alloc::vec::Vec<V>, crate::ShapeError> {
    let (a, b) = (
        (ViewRepr::from_slice(a.0), a.1),
        (ViewRepr::from_slice(b.0), b.1),
    );
    // SAFETY: as in `to_vec`.
    unsafe { super::map2_to_vec(shape, a, b, f) }
}

#[cfg(feature = "alloc")]
fn zip_mut<T, U>(
    dst_data: &mut [T],
    dst: Operand<'_>,
    src_data: &[U],
    src: Operand<'_>,
    shape: &[usize],
    k: &mut impl Kernel<T, U>,
) {
    let (d, s) = (
        ViewReprMut::from_slice(dst_data),
        ViewRepr::from_slice(src_data),
    );
    // SAFETY: as in `to_vec` (the destinations are row-major, so unique).
    unsafe { super::zip_mut::<MAX_DYN_RANK, _, _>(d, dst, s, src, shape, k) }
}

#[cfg(feature = "alloc")]
fn zip3_mut<T, A, B>(
    dst_data: &mut [T],
    dst: Operand<'_>,
    a: (&[A], Operand<'_>),
    b: (&[B], Operand<'_>),
    shape: &[usize],
    f: &mut impl FnMut(&mut T, &A, &B),
) {
    let d = ViewReprMut::from_slice(dst_data);
    let (a, b) = (
        (ViewRepr::from_slice(a.0), a.1),
        (ViewRepr::from_slice(b.0), b.1),
    );
    // SAFETY: as in `zip_mut`.
    unsafe { super::zip3_mut::<MAX_DYN_RANK, _, _, _>(d, dst, a, b, shape, f) }
}

/// Logical-order elements of a layout, the slow way, for comparison.
#[cfg(feature = "alloc")]
fn logical<T: Clone>(data: &[T], p: crate::layout::parts::RawLayout<'_>) -> alloc::vec::Vec<T> {
    let mut out = alloc::vec::Vec::new();
    walk1(
        p.shape,
        Operand {
            strides: p.strides,
            offset: p.offset,
        },
        &mut |q| out.push(data[q].clone()),
    );
    out
}

/// A type whose `clone` is not known to be a bit copy: the kernels' generic path.
#[cfg(feature = "alloc")]
#[derive(Clone, Debug, PartialEq)]
struct Tagged(u16);

/// The tiled transposition path across tile and kernel-block boundaries, with odd sizes,
/// size-1 and size-0 axes and negative strides (small enough for Miri), for element types
/// of 1, 2, 4 and 8 bytes (the SIMD kernels on x86-64 and aarch64) and one the kernels treat
/// generically.
#[cfg(feature = "alloc")]
#[test]
fn tiled_copies_match_the_logical_order() {
    use crate::Layout;
    let cases: [Layout<3>; 8] = [
        // [19, 1, 21] stored as [21, 19] column-major: a transposition across kernel
        // blocks, with ragged edges along both tiled axes.
        Layout::from_parts([19, 1, 21], [1, 0, 19], 0),
        // The same, with the unit-stride axis walked backwards (not tiled: strided runs).
        Layout::from_parts([19, 1, 21], [-1, 0, 19], 18),
        // The same, with the destination's axis walked backwards in the source.
        Layout::from_parts([19, 1, 21], [1, 0, -19], 19 * 20),
        // Whole kernel blocks only, across a tile boundary: [16, 72] stored column-major.
        Layout::from_parts([16, 1, 72], [1, 0, 16], 0),
        // Across a tile boundary along the source's unit-stride axis (40 rows of the
        // destination, tiles of 32), with kernel blocks on both sides.
        Layout::from_parts([40, 1, 16], [1, 0, 40], 0),
        // Three axes permuted, odd sizes.
        Layout::from_parts([5, 33, 7], [1, 35, 5], 0),
        // An axis of size 0: nothing to copy.
        Layout::from_parts([33, 0, 40], [1, 40, 33], 0),
        // Already contiguous along the last axis: plain runs.
        Layout::from_parts([3, 1, 40], [-40, 7, 1], 80),
    ];
    let words: alloc::vec::Vec<u32> = (0..4000).collect();
    let wide: alloc::vec::Vec<f64> = (0..4000).map(|i| f64::from(i) + 0.5).collect();
    let tagged: alloc::vec::Vec<Tagged> = (0..4000).map(Tagged).collect();
    let halves: alloc::vec::Vec<i16> = (0..4000).map(|i| i as i16 - 2000).collect();
    let bytes: alloc::vec::Vec<u8> = (0..4000).map(|i| (i * 7) as u8).collect();
    // Elements that own memory: a clone too many or too few shows up as a leak or a double
    // free under Miri. Small transpositions (kernel blocks and edges, one walked
    // backwards) keep Miri's run short.
    let strings: alloc::vec::Vec<alloc::string::String> =
        (0..200).map(|i| alloc::format!("{i}")).collect();
    for l in [
        Layout::from_parts([17, 1, 10], [1, 0, 17], 0),
        Layout::from_parts([17, 1, 10], [1, 0, -17], 153),
    ] {
        check_copies(&strings, l);
    }
    for l in cases {
        check_copies(&words, l);
        check_copies(&wide, l);
        check_copies(&tagged, l);
        check_copies(&halves, l);
        check_copies(&bytes, l);
        let data = &words;
        assert!(l.validate(data.len()).is_ok());
        let row_major = Layout::row_major(*l.shape()).unwrap();
        let copied = to_vec(data, l.parts());
        let sums = map2_to_vec(
            l.shape(),
            (data, l.operand()),
            (data, row_major.operand()),
            &mut |a, b| a + b,
        )
        .unwrap();
        let expected: alloc::vec::Vec<u32> = copied.iter().zip(0..).map(|(a, i)| a + i).collect();
        assert_eq!(sums, expected);
    }
}

/// The dense paths of `map_to_vec` and `map2_to_vec` (C-contiguous operands, a loop compiled
/// for AVX from `WIDE_MIN` elements where the CPU has it): every element mapped once, in
/// place, on both sides of the threshold, for floats, bytes and elements that own memory,
/// from operands at an offset in their storage.
#[cfg(feature = "alloc")]
#[test]
fn dense_maps_apply_once_per_element_on_both_sides_of_the_wide_loop() {
    use crate::Layout;
    for len in [0, 1, WIDE_MIN - 1, WIDE_MIN, WIDE_MIN + 1, 4 * WIDE_MIN + 3] {
        let floats: alloc::vec::Vec<f32> = (0..len + 3).map(|i| i as f32 * 0.5 - 7.0).collect();
        let bytes: alloc::vec::Vec<u8> = (0..len + 3).map(|i| (i * 37) as u8).collect();
        let names: alloc::vec::Vec<alloc::string::String> =
            (0..len + 3).map(|i| alloc::format!("{i}")).collect();
        let l = Layout::from_parts([len], [1], 3);
        let mut calls = 0;
        // SAFETY: `l` reaches positions 3..len + 3 of each slice.
        let halves = unsafe {
            super::map_to_vec(ViewRepr::from_slice(&floats), l.parts(), &mut |&x| {
                calls += 1;
                x / 2.0
            })
        };
        assert_eq!(calls, len);
        let expected: alloc::vec::Vec<f32> = floats[3..].iter().map(|&x| x / 2.0).collect();
        assert_eq!(halves, expected);
        let mut calls = 0;
        let sums = map2_to_vec(
            l.shape(),
            (&bytes, l.operand()),
            (&floats, l.operand()),
            &mut |&b, &x| {
                calls += 1;
                f32::from(b.wrapping_mul(3)) - x
            },
        )
        .unwrap();
        assert_eq!(calls, len);
        let expected: alloc::vec::Vec<f32> = (3..len + 3)
            .map(|i| f32::from(bytes[i].wrapping_mul(3)) - floats[i])
            .collect();
        assert_eq!(sums, expected);
        // SAFETY: as above.
        let joined = unsafe {
            super::map_to_vec(ViewRepr::from_slice(&names), l.parts(), &mut |s| {
                s.clone() + "!"
            })
        };
        let expected: alloc::vec::Vec<alloc::string::String> =
            names[3..].iter().map(|s| s.clone() + "!").collect();
        assert_eq!(joined, expected);
    }
}

/// Streamed transpositions (threshold 0, so small ones stream) give the logical order,
/// with `CloneTo` and `CloneInto`, for every element size: rows a whole number of lines
/// apart (cut at the lines, at every alignment of the destination: bands one line wide
/// across more rows than a tile holds, partial lines in tiles), rows adjacent (each
/// tile one range) and rows neither (tiles cut anywhere), odd sizes,
/// negative strides, a permuted source whose other axes are walked in its memory order;
/// nothing outside the destination is written.
#[cfg(feature = "alloc")]
#[test]
fn streamed_copies_match_the_logical_order() {
    fn check<T: Copy + PartialEq + core::fmt::Debug>(make: impl Fn(usize) -> T) {
        use crate::Layout;
        use core::mem::MaybeUninit;
        let lanes = 64 / core::mem::size_of::<T>();
        // The two outer axes below coalesce into one transposed axis of `2 · rows`:
        // `long` rows make runs long enough for bands, and an odd number of rows over the
        // steps a band writes at once (too many elements for Miri).
        let size = core::mem::size_of::<T>();
        #[cfg(not(miri))]
        let long = BAND_MIN_RUN_BYTES / size / 2 + 3;
        let banded = |rows: usize| 2 * rows * size >= BAND_MIN_RUN_BYTES;
        #[cfg(not(miri))]
        let (len, rows, shifts) = (
            (10 * lanes * long.max(70) + 64)
                .max(20 * CUT_WIDE_ROW_BYTES / size + 64)
                .max(2 * (BAND_MIN_RUN_BYTES / 4 + 5) * (STREAM_PARTIAL_ROW_BYTES / 4 + 3)),
            70,
            alloc::vec![0, 1, 16 / size, lanes / 2, lanes - 1],
        );
        // Under Miri, for time: fewer rows than a tile holds, three alignments (one
        // carrying partial lines).
        #[cfg(miri)]
        let (len, rows, shifts) = (6_000, 9, alloc::vec![0, 16 / size, lanes - 1]);
        let data: alloc::vec::Vec<T> = (0..len).map(&make).collect();
        let blank = make(usize::MAX);
        // [2, rows, 5 lines] stored as [5 lines, 2, rows], forwards or backwards along
        // the last axis: destination rows a whole number of lines apart.
        let lines = |rows: usize, sign: isize| {
            let start = if sign > 0 {
                0
            } else {
                (5 * lanes - 1) * 2 * rows
            };
            let strides = [rows as isize, 1, sign * 2 * rows as isize];
            Layout::from_parts([2, rows, 5 * lanes], strides, start)
        };
        // [units, 3, 2 lines] stored as [3, 2 lines + 1, units]: the destination's rows
        // follow each other along the middle axis (partial lines carried from tile to
        // tile when they do not start on a line), the transposed axis walked in one tile
        // or (more than `STAGE_ROWS`) in several.
        let chained = |units: usize| {
            let strides = [1, ((2 * lanes + 1) * units) as isize, units as isize];
            Layout::from_parts([units, 3, 2 * lanes], strides, 0)
        };
        // The same with rows three elements short of two lines: rows that are not a whole
        // number of lines apart, each starting at its own place in a line, carried.
        let chained_odd = |units: usize| {
            let strides = [1, ((2 * lanes - 2) * units) as isize, units as isize];
            Layout::from_parts([units, 3, 2 * lanes - 3], strides, 0)
        };
        // Rows longer than a tile holds, not a whole number of lines.
        let odd = kernel::STAGE_BYTES / kernel::STAGE_ROWS / size + 3;
        // Each layout, whether it is streamed, and whether in bands one line wide.
        #[allow(unused_mut)]
        let mut cases: alloc::vec::Vec<(Layout<3>, bool, bool)> = alloc::vec![
            (chained(rows.min(9)), true, false),
            (chained_odd(rows.min(9)), true, false),
            // More rows than a tile holds (in bands only for 8-byte elements).
            (lines(rows, 1), true, banded(rows)),
            (lines(rows, -1), true, banded(rows)),
            // Rows of odd length (not whole lines), adjacent: one range per tile; the
            // source's outer axis is walked outside the tiles' columns.
            (
                Layout::from_parts([3, 37, 11], [407, 1, 37], 0),
                true,
                false
            ),
            // Rows adjacent, the source's middle axis walked inside the tiles' columns.
            (Layout::from_parts([5, 33, 7], [33, 1, 165], 0), true, false),
            // Rows neither whole lines nor adjacent in a tile, but following each other
            // along the middle axis: streamed, carried.
            (Layout::from_parts([5, 6, 9], [1, 5, 30], 0), true, false),
            // Rows neither whole lines nor following each other, longer than a tile holds
            // and their source rows close: not streamed, tiled as usual.
            (
                Layout::from_parts([3, 4, odd], [4 * odd as isize, 1, 4], 0),
                false,
                false
            ),
        ];
        // Runs long enough for bands (too many elements for Miri); in the chained layout,
        // tiles rather than bands off a line (carrying partial lines).
        #[cfg(not(miri))]
        cases.extend([
            (lines(long, 1), true, true),
            (lines(long, -1), true, true),
            (chained(rows), true, banded(rows / 2)),
            (chained_odd(rows), true, false),
        ]);
        // Rows of two lines, three lines apart along the transposed axis: a tile's whole
        // rows (not cut at the lines, see `StreamCut`), their source rows more than
        // `STREAM_PARTIAL_ROW_BYTES` apart (streamed at every alignment), the transposed
        // axis too short for bands.
        #[cfg(not(miri))]
        let far = STREAM_PARTIAL_ROW_BYTES / size + 7;
        #[cfg(not(miri))]
        let whole = Layout::from_parts([10, 3, 2 * lanes], [1, 10, far as isize], 0);
        #[cfg(not(miri))]
        cases.push((whole, true, false));
        // Rows neither whole lines nor following each other, longer than a tile holds, their
        // source rows as far apart: streamed in tiles cut anywhere, half as tall as the
        // default (two along the transposed axis).
        #[cfg(not(miri))]
        let units = kernel::STAGE_ROWS / 2 + 1;
        #[cfg(not(miri))]
        cases.push((
            Layout::from_parts([2, units, odd], [units as isize, 1, far as isize], 0),
            true,
            false,
        ));
        // The same with rows of `CUT_WIDE_ROW_BYTES` or more: tiles an eighth as tall.
        #[cfg(not(miri))]
        {
            let wide = CUT_WIDE_ROW_BYTES / size + 3;
            let l = Layout::from_parts([9, 2, wide], [1, 9, 19], 0);
            let to = Layout::row_major(*l.shape()).unwrap();
            let plan = LoopPlan::<2, 3>::new(l.shape(), [to.operand(), l.operand()], 0).unwrap();
            let cut = plan.stream_plan(0, size, 64, 0).unwrap();
            assert_eq!((cut.rows, cut.width * size), (kernel::STAGE_ROWS / 8, 2048));
            cases.push((l, true, false));
        }
        // Rows neither whole lines nor adjacent, of `STREAM_PARTIAL_ROW_BYTES` or more, and
        // source runs long enough for bands: one shifted band (4- and 8-byte elements), and
        // each row's fringe.
        #[cfg(not(miri))]
        if size >= 4 {
            let units = BAND_MIN_RUN_BYTES / size + 5;
            let (n, step) = (STREAM_PARTIAL_ROW_BYTES / size + 3, units as isize);
            let l = Layout::from_parts([units, 2, n], [1, step, 2 * step], 0);
            let to = Layout::row_major(*l.shape()).unwrap();
            let plan = LoopPlan::<2, 3>::new(l.shape(), [to.operand(), l.operand()], 0).unwrap();
            let cut = plan.stream_plan(0, size, 64, 0).unwrap();
            assert!(cut.shifted && cut.bands && cut.width * size == 64);
            // A kernel that cannot stream (a closure) writes the band as an ordinary tile.
            let mut out = alloc::vec![blank; units * 2 * n];
            let mut d = ViewReprMut::from_slice(&mut out[..]);
            let s = ViewRepr::from_slice(&data);
            let mut copy = |d: &mut T, s: &T| *d = *s;
            // SAFETY: both layouts are valid for their data; `to` is row-major (unique).
            plan.tiled_stream(0, cut, &mut |block, piece| unsafe {
                stream2(&mut d, s, block, &mut copy, None, piece)
            });
            assert_eq!(out, logical(&data, l.parts()), "{l:?}, element by element");
            cases.push((l, true, true));
        }
        // Rows as long, neither whole lines nor adjacent, whose source runs are shorter than
        // bands need but adjacent (each block of source rows one range of memory): one
        // shifted band where the kernel suits them (`kernel::shifts_short_runs`: 4-byte
        // elements with AVX-512F), tiles cut anywhere elsewhere. 19 rows: a whole step of
        // 16 and three more.
        #[cfg(not(miri))]
        {
            let (units, n) = (19, STREAM_PARTIAL_ROW_BYTES / size + 3);
            let strides = [1, (units * n) as isize, units as isize];
            let l = Layout::from_parts([units, 2, n], strides, 0);
            let to = Layout::row_major(*l.shape()).unwrap();
            let plan = LoopPlan::<2, 3>::new(l.shape(), [to.operand(), l.operand()], 0).unwrap();
            let cut = plan.stream_plan(0, size, 64, 0).unwrap();
            let shifted = kernel::shifts_short_runs(size);
            assert_eq!((cut.shifted, cut.bands), (shifted, shifted), "{l:?}");
            cases.push((l, true, shifted));
        }
        let (mut carried, mut short_tiles) = (0, 0);
        for (l, streamed, bands) in cases {
            assert!(l.validate(data.len()).is_ok(), "{l:?}");
            let expected = logical(&data, l.parts());
            let row_major = Layout::row_major(*l.shape()).unwrap();
            let n = expected.len();
            let plan =
                LoopPlan::<2, 3>::new(l.shape(), [row_major.operand(), l.operand()], 0).unwrap();
            let unit = plan.transposed_axis().unwrap();
            let plan_of = |base| plan.stream_plan(unit, size, base, 0);
            assert_eq!(plan_of(64).is_some(), streamed, "{l:?}");
            assert_eq!(plan_of(64).is_some_and(|cut| cut.bands), bands, "{l:?}");
            // Off a line, a band's rows are cut where the lines start, a tile's whole rows
            // are not.
            // Rows that are not a whole number of lines apart are cut anywhere.
            let lined = (l.shape()[2] * size).is_multiple_of(64);
            if let Some(cut) = plan_of(64 + size) {
                let whole = !cut.bands && l.shape()[2] <= cut.width;
                assert_eq!(cut.head == 0, whole || !lined, "{l:?}");
                short_tiles += usize::from(cut.rows < kernel::STAGE_ROWS);
            }
            // Partial lines are carried where the rows follow each other along an axis of
            // their own and a tile holds them whole: rows a whole number of lines apart when
            // they do not start on a line, other rows wherever they start; never in bands.
            let chain = plan.chain_axis(unit).is_some();
            let whole = l.shape()[2] * size <= kernel::STAGE_BYTES / kernel::STAGE_ROWS;
            assert_eq!(
                plan_of(64).is_some_and(|cut| cut.carry),
                !lined && chain && whole,
                "{l:?}"
            );
            for lead in [size, 16, 32, 48] {
                let cut = plan_of(64 + lead);
                assert_eq!(cut.is_some_and(|cut| cut.carry), chain && whole, "{l:?}");
                carried += usize::from(cut.is_some_and(|cut| cut.carry) && lead == 16);
                assert!(cut.is_none_or(|cut| !(cut.carry && cut.bands)), "{l:?}");
            }
            assert!(plan.stream_plan(unit, size, 64, usize::MAX).is_none());
            assert!(plan.stream_plan(unit, 0, 64, 0).is_none());
            for &shift in &shifts {
                let mut out = alloc::vec![blank; n + lanes + 1];
                let (d, s) = (
                    ViewReprMut::from_slice(&mut out[shift..shift + n]),
                    ViewRepr::from_slice(&data),
                );
                let (to, from) = (row_major.operand(), l.operand());
                // SAFETY: both layouts are valid for their data; the destination is
                // row-major (unique).
                unsafe {
                    zip_mut_streaming::<3, _, _>(
                        d,
                        to,
                        s,
                        from,
                        l.shape(),
                        &mut CloneTo,
                        StreamMin::ALL,
                    )
                };
                assert_eq!(&out[shift..shift + n], &expected[..], "{l:?} at {shift}");
                assert!(
                    out[..shift]
                        .iter()
                        .chain(&out[shift + n..])
                        .all(|x| *x == blank)
                );
                let mut new = alloc::vec![MaybeUninit::<T>::uninit(); n];
                let d = ViewReprMut::from_slice(&mut new[..]);
                let s = ViewRepr::from_slice(&data);
                // SAFETY: as above; `CloneInto` writes every destination slot.
                let new: alloc::vec::Vec<T> = unsafe {
                    zip_mut_streaming::<3, _, _>(
                        d,
                        to,
                        s,
                        from,
                        l.shape(),
                        &mut CloneInto,
                        StreamMin::ALL,
                    );
                    new.iter().map(|x| x.assume_init()).collect()
                };
                assert_eq!(new, expected, "{l:?} (new memory)");
            }
        }
        // The chained layouts and `whole` (two of them under Miri, one).
        assert!(carried >= if cfg!(miri) { 1 } else { 3 }, "{carried}");
        // The two layouts cut anywhere, and the short adjacent runs where they are not
        // shifted (none under Miri).
        let cut_anywhere = 2 + usize::from(!kernel::shifts_short_runs(size));
        assert_eq!(short_tiles, if cfg!(miri) { 0 } else { cut_anywhere });
    }
    check(|i| i as u8);
    check(|i| i as f64);
    // Under Miri, for time, the two sizes above (the kernel's own test has them all).
    #[cfg(not(miri))]
    {
        check(|i| i as u16);
        check(|i| i as f32);
    }
}

/// Streamed copies of runs (`CloneTo` into an existing destination, threshold 0 so small
/// ones stream) give the logical order: a contiguous source (one long run), rows of a
/// sliced source, a source walked backwards and one strided along its rows (gathered
/// through the buffer), at every alignment of the destination within a line; short runs
/// are not streamed. Nothing outside the destination is written.
#[cfg(feature = "alloc")]
#[test]
fn streamed_runs_match_the_logical_order() {
    use crate::Layout;
    fn check<T: Copy + PartialEq + core::fmt::Debug>(make: impl Fn(usize) -> T) {
        let size = core::mem::size_of::<T>();
        let long = kernel::RUN_STAGE_BYTES / size + 5;
        let data: alloc::vec::Vec<T> = (0..8 * long + 64).map(&make).collect();
        let blank = make(usize::MAX);
        let (n, m) = (long as isize, 2 * long as isize);
        let cases: [(Layout<2>, bool); 5] = [
            (Layout::row_major([3, long]).unwrap(), true),
            (Layout::from_parts([3, long], [m, 1], 3), true),
            (Layout::from_parts([3, long], [n, -1], long - 1), true),
            (Layout::from_parts([3, long], [m, 2], 1), true),
            (Layout::from_parts([long, 3], [4, 1], 0), false),
        ];
        for (l, streamed) in cases {
            let expected = logical(&data, l.parts());
            let to = Layout::row_major(*l.shape()).unwrap();
            let plan = LoopPlan::<2, 2>::new(l.shape(), [to.operand(), l.operand()], 0);
            let plan = plan.unwrap();
            assert_eq!(plan.streams_runs(size, 0), streamed, "{l:?}");
            #[cfg(not(miri))]
            let shifts = [0, 1, 64 / size - 1];
            #[cfg(miri)]
            let shifts = [64 / size - 1];
            for shift in shifts {
                let mut out = alloc::vec![blank; shift + expected.len() + 64];
                let d = ViewReprMut::from_slice(&mut out[shift..shift + expected.len()]);
                let s = ViewRepr::from_slice(&data);
                // SAFETY: both layouts are valid for their data; the destination is
                // row-major (unique).
                unsafe {
                    zip_mut_streaming::<2, _, _>(
                        d,
                        to.operand(),
                        s,
                        l.operand(),
                        l.shape(),
                        &mut CloneTo,
                        StreamMin::ALL,
                    )
                };
                assert_eq!(&out[shift..shift + expected.len()], &expected[..], "{l:?}");
                let rest = out[..shift].iter().chain(&out[shift + expected.len()..]);
                assert!(rest.into_iter().all(|x| *x == blank), "{l:?}");
            }
        }
    }
    check(|i| i as f64);
    #[cfg(not(miri))]
    {
        check(|i| (i % 251) as u8);
        check(|i| i as f32);
    }
}

/// Streamed planes (`zip_mut` of runs whose destinations follow each other, threshold 0 so
/// small ones stream) copy the logical order into an existing destination (`CloneTo`) and
/// into new memory (`CloneInto`): runs of 48, 64 and 256 bytes whose source rows lie apart,
/// walked forwards or backwards, runs of 1 KiB, runs of 24 bytes (declined by the kernel:
/// not a whole number of 16 bytes), at every 16 bytes of a line and one element off it;
/// and the layouts that are not planes (one contiguous range, long runs of a strided
/// source, short ones) are left to the other paths. Nothing outside the destination is
/// written.
#[cfg(feature = "alloc")]
#[test]
fn streamed_planes_match_the_logical_order() {
    use crate::Layout;
    use core::mem::MaybeUninit;
    fn check<T: Copy + PartialEq + core::fmt::Debug>(make: impl Fn(usize) -> T) {
        let size = core::mem::size_of::<T>();
        let data: alloc::vec::Vec<T> = (0..4096 + 64).map(&make).collect();
        let blank = make(usize::MAX);
        let plane = |bytes: usize, sign: isize| {
            let (p, m, n) = (3, 5, bytes / size);
            let row = (p * n + 7) as isize;
            let first = if sign > 0 { 0 } else { (m - 1) * row as usize };
            Layout::from_parts([p, m, n], [n as isize, sign * row, 1], first + 2)
        };
        let long = kernel::RUN_STAGE_BYTES / size;
        let cases: [(Layout<3>, bool); 9] = [
            (plane(48, 1), true),
            (plane(64, 1), true),
            (plane(64, -1), true),
            (plane(256, 1), true),
            (plane(24, 1), true),
            (Layout::row_major([2, 3, 64 / size]).unwrap(), false),
            (
                Layout::from_parts([2, 2, long], [long as isize, 2 * long as isize, 1], 0),
                true,
            ),
            (
                Layout::from_parts([1, 2, long], [1, 2 * long as isize, 2], 0),
                false,
            ),
            (Layout::from_parts([3, 5, 4], [4, 24, 2], 0), false),
        ];
        for (l, planes) in cases {
            let expected = logical(&data, l.parts());
            let to = Layout::row_major(*l.shape()).unwrap();
            let plan = LoopPlan::<2, 3>::new(l.shape(), [to.operand(), l.operand()], 0);
            assert_eq!(plan.unwrap().streams_planes(size, 0), planes, "{l:?}");
            let len = expected.len();
            #[cfg(not(miri))]
            let shifts = [0, 1, 16 / size, 48 / size];
            #[cfg(miri)]
            let shifts = [1, 48 / size];
            for shift in shifts {
                let mut out = alloc::vec![blank; shift + len + 64];
                // SAFETY: both layouts are valid for their data; the destination is
                // row-major (unique).
                unsafe { streamed_to(&mut out[shift..shift + len], &to, &data, &l) };
                let mut new = alloc::vec![MaybeUninit::new(blank); shift + len + 64];
                // SAFETY: as above; `CloneInto` writes every element it is given.
                let new: alloc::vec::Vec<T> = unsafe {
                    streamed_into(&mut new[shift..shift + len], &to, &data, &l);
                    new.iter().map(|x| x.assume_init()).collect()
                };
                for out in [&out, &new] {
                    assert_eq!(&out[shift..shift + len], &expected[..], "{l:?} {shift}");
                    let rest = out[..shift].iter().chain(&out[shift + len..]);
                    assert!(rest.into_iter().all(|x| *x == blank), "{l:?} {shift}");
                }
            }
        }
    }
    check(|i| i as f32);
    #[cfg(not(miri))]
    {
        check(|i| (i % 251) as u8);
        check(|i| i as u16);
        check(|i| i as f64);
    }
}

/// Streamed element-wise writes (`zip3_values`, threshold 0 so small ones stream) give
/// the same elements as the plain walk: one long run, runs of a broadcast operand (along an
/// outer axis, and splat along the last), an operand walked backwards, at every alignment
/// of the destination within a line; and the paths that are not streamed (short runs, a
/// strided destination, a transposed operand, a type with drop glue) too. Nothing outside
/// the destination is written.
#[cfg(feature = "alloc")]
#[test]
fn streamed_values_match_the_plain_walk() {
    use crate::Layout;
    fn check<T: Copy + PartialEq + core::fmt::Debug + core::ops::Add<Output = T>>(
        make: impl Fn(usize) -> T,
    ) {
        let size = core::mem::size_of::<T>();
        // Rows long enough to be streamed (`RUN_STAGE_BYTES` or more), and short ones.
        let long = kernel::RUN_STAGE_BYTES / size + 7;
        let data: alloc::vec::Vec<T> = (0..4 * long + 64).map(&make).collect();
        let blank = make(usize::MAX);
        let rows = |n: usize| Layout::<2>::row_major([3, n]).unwrap();
        // (dst layout, a, b, streamed)
        let cases: [(Layout<2>, Layout<2>, Layout<2>, bool); 7] = [
            (rows(long), rows(long), rows(long), true),
            (
                rows(long),
                rows(long),
                Layout::from_parts([3, long], [0, 1], 5),
                true,
            ),
            (
                rows(long),
                rows(long),
                Layout::from_parts([3, long], [1, 0], 2),
                true,
            ),
            (
                rows(long),
                Layout::from_parts([3, long], [long as isize, -1], long - 1),
                rows(long),
                true,
            ),
            (
                rows(3),
                rows(3),
                Layout::from_parts([3, 3], [0, 1], 0),
                false,
            ),
            (
                Layout::from_parts([3, long], [2 * long as isize, 2], 0),
                rows(long),
                rows(long),
                false,
            ),
            (
                rows(long),
                Layout::from_parts([3, long], [1, 3], 0),
                rows(long),
                false,
            ),
        ];
        for (d, a, b, streamed) in cases {
            let plan = LoopPlan::<3, 2>::new(d.shape(), [d.operand(), a.operand(), b.operand()], 0)
                .unwrap();
            assert_eq!(plan.streams_runs(size, 0), streamed, "{d:?} {a:?} {b:?}");
            let expected: alloc::vec::Vec<T> = logical(&data, a.parts())
                .into_iter()
                .zip(logical(&data, b.parts()))
                .map(|(x, y)| x + y)
                .collect();
            // The destinations reach at most `6 · long` positions. Alignments within a
            // line: none, one element, the last (under Miri, for time, the last only).
            #[cfg(not(miri))]
            let shifts = [0, 1, 64 / size - 1];
            #[cfg(miri)]
            let shifts = [64 / size - 1];
            for shift in shifts {
                let mut out = alloc::vec![blank; shift + 6 * long + 64];
                assert!(d.validate(out.len() - shift).is_ok());
                let view = ViewReprMut::from_slice(&mut out[shift..]);
                let (oa, ob) = (
                    (ViewRepr::from_slice(&data), a.operand()),
                    (ViewRepr::from_slice(&data), b.operand()),
                );
                // SAFETY: the layouts are valid for their data; `d` is unique.
                unsafe {
                    zip3_values_streaming::<2, _, _, _>(
                        view,
                        d.operand(),
                        oa,
                        ob,
                        d.shape(),
                        &mut |x: &T, y: &T| *x + *y,
                        0,
                    )
                };
                let got = logical(&out[shift..], d.parts());
                assert_eq!(got, expected, "{d:?} {a:?} {b:?} at {shift}");
                let mut inside = alloc::vec![false; out.len()];
                walk1(d.shape(), d.operand(), &mut |p| inside[shift + p] = true);
                assert!(
                    out.iter().zip(&inside).all(|(x, &i)| i || *x == blank),
                    "{d:?}: wrote outside the destination"
                );
            }
        }
    }
    check(|i| i as f64);
    // Under Miri, for time, only the shortest runs (the path is the same for every size).
    #[cfg(not(miri))]
    {
        check(|i| (i % 100) as u8);
        check(|i| i as f32);
    }
    // A type with drop glue is never overwritten bit by bit.
    let words: alloc::vec::Vec<alloc::string::String> =
        (0..9).map(|i| alloc::format!("{i}")).collect();
    let mut out = alloc::vec![alloc::string::String::new(); 9];
    let l = Layout::<1>::row_major([9]).unwrap();
    // SAFETY: the layouts are valid for their data; the destination is unique.
    unsafe {
        zip3_values_streaming::<1, _, _, _>(
            ViewReprMut::from_slice(&mut out),
            l.operand(),
            (ViewRepr::from_slice(&words), l.operand()),
            (ViewRepr::from_slice(&words), l.operand()),
            l.shape(),
            &mut |x: &alloc::string::String, y: &alloc::string::String| alloc::format!("{x}{y}"),
            0,
        )
    };
    assert_eq!(out[4], "44");
}

/// `to_vec` (the `CloneInto` kernel), `zip_mut` with `CloneTo` and with a closure all give
/// the logical order of layout `l` over `data`.
#[cfg(feature = "alloc")]
fn check_copies<T: Clone + PartialEq + core::fmt::Debug>(data: &[T], l: crate::Layout<3>) {
    assert!(l.validate(data.len()).is_ok());
    let p = l.parts();
    let copied = to_vec(data, p);
    assert_eq!(copied, logical(data, p), "{l:?}");
    let row_major = crate::Layout::row_major(*l.shape()).unwrap();
    let (to, from) = (row_major.operand(), l.operand());
    let mut dst = alloc::vec![data[0].clone(); copied.len()];
    zip_mut(&mut dst, to, data, from, l.shape(), &mut CloneTo);
    assert_eq!(dst, copied, "{l:?}");
    let mut dst = alloc::vec![data[0].clone(); copied.len()];
    let mut k = as_kernel(|d: &mut T, s: &T| *d = s.clone());
    zip_mut(&mut dst, to, data, from, l.shape(), &mut k);
    assert_eq!(dst, copied, "{l:?}");
    // Three operands (the tiled `block3` when `l` is a transposition): pairs of `l`'s
    // element and `b`'s, for `b` row-major over the same data and `b` a broadcast row.
    let shape = *l.shape();
    let row = crate::Layout::from_parts(shape, [0, 0, 1], 0);
    for b in [row_major, row] {
        let mut pairs = alloc::vec![(data[0].clone(), data[0].clone()); copied.len()];
        let operands = ((data, from), (data, b.operand()));
        zip3_mut(
            &mut pairs,
            to,
            operands.0,
            operands.1,
            &shape,
            &mut |d, x, y| *d = (x.clone(), y.clone()),
        );
        let expected: alloc::vec::Vec<(T, T)> = copied
            .iter()
            .cloned()
            .zip(logical(data, b.parts()))
            .collect();
        assert_eq!(pairs, expected, "{l:?} with {b:?}");
    }
}

#[test]
fn preparation_drops_coalesces_and_orders() {
    let shape = [2, 1, 3, 4];
    let strides = [12isize, 99, 4, 1];
    let plan = LoopPlan::<1, MAX_DYN_RANK>::new(
        &shape,
        [Operand {
            strides: &strides,
            offset: 0,
        }],
        0,
    )
    .unwrap();
    assert_eq!((plan.rank, plan.shape[0], plan.strides[0][0]), (1, 24, 1));
    let flipped = [-1isize, 0, 2, 6];
    let plan = LoopPlan::<1, MAX_DYN_RANK>::new(
        &[2, 1, 3, 4],
        [Operand {
            strides: &flipped,
            offset: 1,
        }],
        0,
    )
    .unwrap();
    // Axis 0 reversed (offset moves to its start), then ordered by stride: [4, 3, 2] with
    // strides [6, 2, 1] coalesce into one run of 24.
    assert_eq!(
        (
            plan.rank,
            plan.shape[0],
            plan.strides[0][0],
            plan.offsets[0]
        ),
        (1, 24, 1, 0)
    );
}

#[test]
fn walks_in_row_major_order() {
    let mut seen = [0usize; 6];
    let mut n = 0;
    walk1(
        &[2, 3],
        Operand {
            strides: &[1, 2],
            offset: 0,
        },
        &mut |p| {
            seen[n] = p;
            n += 1;
        },
    );
    assert_eq!(seen, [0, 2, 4, 1, 3, 5]);
    let mut pairs = [(0usize, 0usize); 6];
    let mut n = 0;
    walk2(
        &[2, 3],
        Operand {
            strides: &[3, 1],
            offset: 0,
        },
        Operand {
            strides: &[0, -1],
            offset: 2,
        },
        &mut |a, b| {
            pairs[n] = (a, b);
            n += 1;
        },
    );
    assert_eq!(pairs, [(0, 2), (1, 1), (2, 0), (3, 2), (4, 1), (5, 0)]);
    let mut count = 0;
    walk1(
        &[],
        Operand {
            strides: &[],
            offset: 4,
        },
        &mut |p| {
            assert_eq!(p, 4);
            count += 1;
        },
    );
    walk1(
        &[3, 0],
        Operand {
            strides: &[1, 1],
            offset: 0,
        },
        &mut |_| count += 10,
    );
    assert_eq!(count, 1);
    let runs = fold_runs1(
        &[2, 3],
        Operand {
            strides: &[3, 1],
            offset: 0,
        },
        0,
        &mut |runs, p, len, step| {
            assert_eq!((len, step), (3, 1));
            assert_eq!(p, 3 * runs);
            runs + 1
        },
    );
    assert_eq!(runs, 2);
}

/// The heap sort of the builds without an allocator sorts every lane where it lies, along
/// either axis and backwards, whatever the lengths (0, 1, 2, odd, even) and the ties.
#[test]
fn heap_sort_sorts_strided_lanes_in_place() {
    for (rows, cols) in [(0, 3), (3, 0), (1, 1), (2, 2), (3, 5), (7, 4), (16, 9)] {
        let len = rows * cols;
        let mut data = [0i32; 144];
        for (i, x) in data.iter_mut().enumerate().take(len) {
            *x = ((i * 37 + 11) % 13) as i32 - 6;
        }
        for axis in 0..2 {
            for reversed in [false, true] {
                let mut buf = data;
                let shape = [rows, cols];
                let (mut strides, mut offset) = ([cols as isize, 1], 0);
                if reversed && len > 0 {
                    strides = [-(cols as isize), -1];
                    offset = len - 1;
                }
                let op = Operand {
                    strides: &strides,
                    offset,
                };
                // SAFETY: a row-major (or fully reversed) layout of `buf[..len]`, unique.
                unsafe {
                    heap_sort_lanes(
                        ViewReprMut::from_slice(&mut buf[..len]),
                        &shape,
                        op,
                        axis,
                        &mut |a: &i32, b: &i32| a.cmp(b),
                    )
                };
                // Element `[r, c]` of the logical matrix, before and after.
                let pos = |r: usize, c: usize| {
                    (offset as isize + r as isize * strides[0] + c as isize * strides[1]) as usize
                };
                let lanes = if axis == 0 { cols } else { rows };
                for k in 0..lanes {
                    let n = shape[axis];
                    let rc = |i: usize| if axis == 0 { (i, k) } else { (k, i) };
                    let (mut got, mut want) = ([0i32; 16], [0i32; 16]);
                    for i in 0..n {
                        let (r, c) = rc(i);
                        got[i] = buf[pos(r, c)];
                        want[i] = data[pos(r, c)];
                    }
                    want[..n].sort_unstable();
                    assert_eq!(
                        got[..n],
                        want[..n],
                        "{rows}x{cols} axis {axis} reversed {reversed}"
                    );
                }
            }
        }
    }
}

/// Unit-stride runs of 1 KiB or more that a copy kernel copies as bits go through one
/// `memcpy` (`Kernel::copy_run`), shorter ones and other types through the element loop:
/// rows of 300 and 200 elements of a source whose rows are 7 elements longer, into a
/// row-major destination, for `f32`, `u8` and `String` (not a bit copy), with `CloneTo`
/// and `CloneInto`.
#[cfg(feature = "alloc")]
#[test]
fn long_runs_copied_as_bits_land_where_the_loop_puts_them() {
    use alloc::string::ToString;
    use alloc::vec::Vec;
    use core::mem::MaybeUninit;
    fn check<T: Clone + PartialEq + core::fmt::Debug>(make: impl Fn(usize) -> T, cols: usize) {
        let (rows, pitch) = (3, cols + 7);
        let src: Vec<T> = (0..rows * pitch).map(&make).collect();
        let from = Operand {
            strides: &[pitch as isize, 1],
            offset: 2,
        };
        let to = Operand {
            strides: &[cols as isize, 1],
            offset: 0,
        };
        let want: Vec<T> = (0..rows * cols)
            .map(|p| make(2 + p / cols * pitch + p % cols))
            .collect();
        let mut dst: Vec<T> = (0..rows * cols).map(|_| make(usize::MAX)).collect();
        zip_mut(&mut dst, to, &src, from, &[rows, cols], &mut CloneTo);
        assert_eq!(dst, want);
        let mut fresh: Vec<MaybeUninit<T>> =
            (0..rows * cols).map(|_| MaybeUninit::uninit()).collect();
        zip_mut(&mut fresh, to, &src, from, &[rows, cols], &mut CloneInto);
        // SAFETY: the copy wrote every slot of the row-major destination.
        let fresh: Vec<T> = fresh
            .into_iter()
            .map(|x| unsafe { x.assume_init() })
            .collect();
        assert_eq!(fresh, want);
    }
    for cols in [300, 200] {
        check(|p| p as f32, cols);
        check(|p| p as u8, cols * 4);
        check(|p| p.to_string(), cols);
    }
}

/// Streamed transpositions whose source rows lie a page or more apart, whose tiles run one
/// behind the walk (their source rows prefetched a tile ahead): the logical order, into an
/// existing destination at several shifts from a line and into new memory, with tiles alone
/// (6 columns) and with bands and a last narrower tile (70 columns), source rows one element
/// short of a page and just past one. Nothing outside the destination is written.
#[cfg(feature = "alloc")]
#[test]
fn streamed_tiles_far_apart_match_the_logical_order() {
    use crate::Layout;
    use core::mem::MaybeUninit;
    fn check<T: Copy + PartialEq + core::fmt::Debug>(make: impl Fn(usize) -> T) {
        let size = core::mem::size_of::<T>();
        let blank = make(usize::MAX);
        #[cfg(not(miri))]
        let (widths, fars) = ([6, 70], [4096 / size - 1, 4096 / size + 3]);
        #[cfg(miri)]
        let (widths, fars) = ([6], [4096 / size + 3]);
        for far in fars {
            for n in widths {
                // A row-major `[2, n, far]` source read as `[2, far, n]`.
                let data: alloc::vec::Vec<T> = (0..2 * n * far).map(&make).collect();
                let shape = [2, far, n];
                let l = Layout::from_parts(shape, [(n * far) as isize, 1, far as isize], 0);
                let to = Layout::row_major(shape).unwrap();
                let expected = logical(&data, l.parts());
                let len = expected.len();
                for shift in [0, 1, 16 / size] {
                    let mut out = alloc::vec![blank; shift + len + 64];
                    // SAFETY: both layouts are valid for their data; the destination is
                    // row-major (unique).
                    unsafe { streamed_to(&mut out[shift..shift + len], &to, &data, &l) };
                    assert_eq!(&out[shift..shift + len], &expected[..], "{l:?} {shift}");
                    let rest = out[..shift].iter().chain(&out[shift + len..]);
                    assert!(rest.into_iter().all(|x| *x == blank), "{l:?} {shift}");
                }
                let mut new = alloc::vec![MaybeUninit::<T>::uninit(); len];
                // SAFETY: as above; `CloneInto` writes every destination slot.
                let new: alloc::vec::Vec<T> = unsafe {
                    streamed_into(&mut new, &to, &data, &l);
                    new.iter().map(|x| x.assume_init()).collect()
                };
                assert_eq!(new, expected, "{l:?} (new memory)");
            }
        }
    }
    check(|i| i as f64);
    #[cfg(not(miri))]
    {
        check(|i| i as f32);
        check(|i| (i % 251) as u8);
    }
}

/// `zip_mut_streaming` copying `data` read as `l` into `out` laid out as `to`, streaming from
/// 0 bytes (so small copies stream too).
///
/// # Safety
///
/// `l` is valid for `data`, `to` for `out` and unique.
#[cfg(feature = "alloc")]
unsafe fn streamed_to<T: Clone>(
    out: &mut [T],
    to: &crate::Layout<3>,
    data: &[T],
    l: &crate::Layout<3>,
) {
    let (d, s) = (ViewReprMut::from_slice(out), ViewRepr::from_slice(data));
    // SAFETY: the caller's contract.
    unsafe {
        zip_mut_streaming::<3, _, _>(
            d,
            to.operand(),
            s,
            l.operand(),
            l.shape(),
            &mut CloneTo,
            StreamMin::ALL,
        )
    }
}

/// [`streamed_to`] into new memory (`CloneInto`, which writes every slot of `out`).
///
/// # Safety
///
/// As [`streamed_to`].
#[cfg(feature = "alloc")]
unsafe fn streamed_into<T: Clone>(
    out: &mut [core::mem::MaybeUninit<T>],
    to: &crate::Layout<3>,
    data: &[T],
    l: &crate::Layout<3>,
) {
    let (d, s) = (ViewReprMut::from_slice(out), ViewRepr::from_slice(data));
    // SAFETY: the caller's contract.
    unsafe {
        zip_mut_streaming::<3, _, _>(
            d,
            to.operand(),
            s,
            l.operand(),
            l.shape(),
            &mut CloneInto,
            StreamMin::ALL,
        )
    }
}
