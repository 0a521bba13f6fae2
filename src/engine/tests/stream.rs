//! Tests of the engine's streamed paths (written with non-temporal stores): transpositions,
//! runs, planes, element-wise values and tiles far apart, each against the logical order.

use super::*;

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
/// are not streamed. The same copies into new memory (`CloneInto`, whose runs are not
/// streamed) agree. Nothing outside the destination is written.
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
                // SAFETY: `l` is valid for `data`; `to` is row-major (unique).
                unsafe { assert_streamed_both_ways(&to, &data, &l, &expected, shift, blank) };
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
            #[cfg(not(miri))]
            let shifts = [0, 1, 16 / size, 48 / size];
            #[cfg(miri)]
            let shifts = [1, 48 / size];
            for shift in shifts {
                // SAFETY: `l` is valid for `data`; `to` is row-major (unique).
                unsafe { assert_streamed_both_ways(&to, &data, &l, &expected, shift, blank) };
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

/// Planes walked across an outer axis ([`LoopPlan::fold_planes_across`]) visit every run of
/// the plan once, as `fold_planes` does, in chunks of the planes' axis with the planes along
/// the axis across one after the other; and `planes_across` chooses that walk only for runs
/// of at most 1 KiB whose source runs are adjacent along an outer axis.
#[cfg(feature = "alloc")]
#[test]
fn planes_walked_across_visit_every_run_once() {
    // The source row-major [4, 3, 7, 16] read as its permutation [2, 1, 0, 3]: runs of 16
    // elements, the planes' axis (7 runs) far apart in the source, adjacent along axis 0.
    let n = 16;
    let shape = [7, 3, 4, n];
    let dst = [3 * 4 * n as isize, 4 * n as isize, n as isize, 1];
    let src = [n as isize, 7 * n as isize, 3 * 7 * n as isize, 1];
    let ops = [
        Operand {
            strides: &dst,
            offset: 0,
        },
        Operand {
            strides: &src,
            offset: 5,
        },
    ];
    let plan = LoopPlan::<2, 4>::new(&shape, ops, 0).unwrap();
    assert_eq!(
        plan.planes_across(4),
        Some((0, ACROSS_CHUNK_BYTES / (4 * n)))
    );
    assert_eq!(plan.planes_across(1 << 7), None, "runs of 2 KiB");
    let runs = |across: Option<usize>| {
        let mut seen = alloc::vec::Vec::new();
        let mut each = |(),
                        mut at: [usize; 2],
                        (len, _): (usize, [isize; 2]),
                        (m, step): (usize, [isize; 2])| {
            assert_eq!(len, n);
            for _ in 0..m {
                seen.push(at);
                for (p, s) in at.iter_mut().zip(step) {
                    *p = p.wrapping_add_signed(s);
                }
            }
        };
        match across {
            Some(a) => plan.fold_planes_across(a, 3, (), &mut each),
            None => plan.fold_planes((), &mut each),
        }
        seen
    };
    let (mut plain, mut across) = (runs(None), runs(Some(0)));
    // Each plane's 4 runs in chunks of 3 and 1, the 7 planes along axis 0 in turn for each
    // chunk: the first three planes' runs, in the source.
    let row = 3 * 7 * n;
    let first: alloc::vec::Vec<usize> = across.iter().take(9).map(|r| r[1] - 5).collect();
    let expected = [
        0,
        row,
        2 * row,
        n,
        n + row,
        n + 2 * row,
        2 * n,
        2 * n + row,
        2 * n + 2 * row,
    ];
    assert_eq!(first, expected);
    assert_eq!(plain.len(), 7 * 3 * 4);
    plain.sort();
    across.sort();
    assert_eq!(plain, across);
}

/// Streamed planes walked across an outer axis (threshold 0 so small ones stream) copy the
/// logical order, into an existing destination (`CloneTo`) and into new memory
/// (`CloneInto`): the permutation `[2, 1, 0, 3]` of a row-major source, with runs of 64
/// bytes (one chunk of the planes' axis) and of 1 KiB (40 runs a plane, chunks of 16),
/// at every 16 bytes of a line. Nothing outside the destination is written.
#[cfg(feature = "alloc")]
#[test]
fn streamed_planes_across_match_the_logical_order() {
    use crate::Layout;
    fn check<T: Copy + PartialEq + core::fmt::Debug>(make: impl Fn(usize) -> T, big: bool) {
        let size = core::mem::size_of::<T>();
        let blank = make(usize::MAX);
        let mut cases = alloc::vec![[5, 3, 4, 64 / size]];
        if big {
            cases.push([40, 2, 3, 1024 / size]);
        }
        for [a, b, c, n] in cases {
            let data: alloc::vec::Vec<T> = (0..a * b * c * n).map(&make).collect();
            let (nb, nc, nn) = (b as isize, c as isize, n as isize);
            let l = Layout::from_parts([c, b, a, n], [nn, nc * nn, nb * nc * nn, 1], 0);
            let to = Layout::row_major(*l.shape()).unwrap();
            let plan = LoopPlan::<2, 4>::new(l.shape(), [to.operand(), l.operand()], 0).unwrap();
            assert!(plan.streams_planes(size, 0), "{l:?}");
            assert_eq!(
                plan.planes_across(size).map(|(axis, _)| axis),
                Some(0),
                "{l:?}"
            );
            let expected = logical(&data, l.parts());
            for shift in [0, 1, 16 / size, 48 / size] {
                // SAFETY: `l` is valid for `data`; `to` is row-major (unique).
                unsafe { assert_streamed_both_ways(&to, &data, &l, &expected, shift, blank) };
            }
        }
    }
    check(|i| i as f32, cfg!(not(miri)));
    #[cfg(not(miri))]
    {
        check(|i| (i % 251) as u8, true);
        check(|i| i as f64, true);
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

/// Streamed transpositions whose source rows lie a page or more apart, whose tiles run one
/// behind the walk (their source rows prefetched a tile ahead): the logical order, into an
/// existing destination and into new memory at several shifts from a line, with tiles alone
/// (6 columns) and with bands and a last narrower tile (70 columns), source rows one element
/// short of a page and just past one. Nothing outside the destination is written.
#[cfg(feature = "alloc")]
#[test]
fn streamed_tiles_far_apart_match_the_logical_order() {
    use crate::Layout;
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
                for shift in [0, 1, 16 / size] {
                    // SAFETY: `l` is valid for `data`; `to` is row-major (unique).
                    unsafe { assert_streamed_both_ways(&to, &data, &l, &expected, shift, blank) };
                }
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

/// Streamed transpositions whose tiles carry partial lines in groups (see `CARRY_GROUPS`): the
/// reversal `[3, 2, 1, 0]` (tiles grouped along the axis on which the source's rows follow
/// each other) and `[2, 3, 1, 0]`, whose first two axes merge into a transposed axis longer
/// than a tile (tiles grouped along it), each with a last group shorter than the others. The
/// walk gives every group its place, and the copies the logical order, into an existing
/// destination and into new memory at several shifts from a line, with nothing written outside
/// the destination.
#[cfg(feature = "alloc")]
#[test]
fn streamed_groups_match_the_logical_order() {
    fn check<T: Copy + PartialEq + core::fmt::Debug>(make: impl Fn(usize) -> T) {
        let (size, blank) = (core::mem::size_of::<T>(), make(usize::MAX));
        let lanes = 64 / size;
        // Row-major sources, the permutation each is read in, and the last place in a group:
        // 10 or 19 source rows along the grouped axis (groups of 8 and 2, or 8, 8 and 3); a
        // transposed axis of 600 elements (ten tiles: groups of 8 and 2), or 65 (one group of
        // two tiles).
        #[cfg(not(miri))]
        let cases = [
            ([5, 3, 19, 7], [3, 2, 1, 0], CARRY_GROUPS - 1),
            ([3, 2, 40, 15], [2, 3, 1, 0], CARRY_GROUPS - 1),
        ];
        #[cfg(miri)]
        let cases = [
            ([3, 2, 10, 5], [3, 2, 1, 0], CARRY_GROUPS - 1),
            ([2, 2, 5, 13], [2, 3, 1, 0], 1),
        ];
        for (source, perm, last) in cases {
            let l = permuted(source, perm);
            let (to, data, expected, plan) = row_major_case(&l, &make);
            let unit = plan.transposed_axis().unwrap();
            let cut = plan.stream_plan(unit, size, 64 + size, 0).unwrap();
            assert!(cut.carry, "{perm:?}");
            let mut tiles = alloc::vec::Vec::new();
            plan.tiled_stream(unit, cut, &mut |block, _| tiles.push(*block));
            let groups = tiles.iter().map(|t| t.group);
            assert_eq!(groups.max(), Some(last), "{perm:?}");
            // Each tile after the first of its group reads the source rows that follow the
            // tile's before it; each tile but those of the chain axis's first step writes the
            // destination rows that follow those of the last tile of its group.
            let mut continued = 0;
            for (i, t) in tiles.iter().enumerate() {
                let before = tiles.get(..i).unwrap_or(&[]);
                if let (Some(p), true) = (before.last(), t.group > 0) {
                    let step = p.nu as isize * p.su[1];
                    assert_eq!(t.start[1] as isize, p.start[1] as isize + step, "{perm:?}");
                }
                let mine = before.iter().rev().find(|p| p.group == t.group);
                continued += usize::from(mine.is_some_and(|p| p.start[0] + p.nl == t.start[0]));
            }
            let chain = source[1];
            assert_eq!(continued, tiles.len() / chain * (chain - 1), "{perm:?}");
            for shift in [0, 1, 16 / size, lanes - 1] {
                // SAFETY: `l` is valid for `data`; `to` is row-major (unique).
                unsafe { assert_streamed_both_ways(&to, &data, &l, &expected, shift, blank) };
            }
        }
    }
    check(|i| i as f32);
    check(|i| (i % 251) as u8);
    #[cfg(not(miri))]
    check(|i| i as f64);
}

/// Rows longer than the staging buffer holds at its full height, up to twice as long, carry
/// their partial lines in tiles half as tall (as `[3, 1, 0, 2]` of 48 × 56 × 64 × 40 `f64`,
/// whose rows of 512 bytes start 48 bytes past a line): rows a whole number of lines apart,
/// rows that are not, rows exactly twice as long, and longer rows, which do not carry. The
/// plan, its tiles (whole rows, up to half the staging buffer's rows, two in a group), and the
/// copies into an existing destination and into new memory at several shifts from a line.
#[cfg(feature = "alloc")]
#[test]
fn rows_up_to_twice_as_long_carry_in_half_height_tiles() {
    fn check<T: Copy + PartialEq + core::fmt::Debug>(make: impl Fn(usize) -> T) {
        let (size, blank) = (core::mem::size_of::<T>(), make(usize::MAX));
        let lanes = 64 / size;
        let (width, rows) = (
            kernel::STAGE_BYTES / kernel::STAGE_ROWS / size,
            kernel::STAGE_ROWS / 2,
        );
        // `nu` rows along the transposed axis: two tiles, or one under Miri. Three steps along
        // the chain axis keep the chained rows shorter than a chained band needs.
        let (nu, lengths) = if cfg!(miri) {
            (5, &[width + lanes][..])
        } else {
            (
                rows + 5,
                &[width + lanes, width + 3, 2 * width, 2 * width + lanes][..],
            )
        };
        for &nl in lengths {
            let l = permuted([3, 2, nl, nu], [3, 1, 0, 2]);
            let (to, data, expected, plan) = row_major_case(&l, &make);
            let unit = plan.transposed_axis().unwrap();
            assert_eq!((unit, plan.chain_axis(unit)), (0, Some(2)));
            let cut = plan.stream_plan(unit, size, 64 + size, 0);
            if nl > 2 * width {
                assert!(cut.is_none_or(|cut| !cut.carry), "{size} {nl}");
            } else {
                let cut = cut.unwrap();
                let kind = (cut.carry, cut.bands, cut.head, cut.rows, cut.width);
                assert_eq!(kind, (true, false, 0, rows, 2 * width), "{size} {nl}");
                let mut tiles = alloc::vec::Vec::new();
                plan.tiled_stream(unit, cut, &mut |block, _| tiles.push(*block));
                assert!(
                    tiles.iter().all(|t| t.nl == nl && t.nu <= rows),
                    "{size} {nl}"
                );
                let last = usize::from(nu > rows);
                assert_eq!(
                    tiles.iter().map(|t| t.group).max(),
                    Some(last),
                    "{size} {nl}"
                );
            }
            for shift in [0, 1, 16 / size, lanes - 1] {
                // SAFETY: `l` is valid for `data`; `to` is row-major (unique).
                unsafe { assert_streamed_both_ways(&to, &data, &l, &expected, shift, blank) };
            }
        }
    }
    check(|i| i as f32);
    #[cfg(not(miri))]
    {
        check(|i| i as f64);
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
pub(super) unsafe fn streamed_to<const N: usize, T: Clone>(
    out: &mut [T],
    to: &crate::Layout<N>,
    data: &[T],
    l: &crate::Layout<N>,
) {
    let (d, s) = (ViewReprMut::from_slice(out), ViewRepr::from_slice(data));
    // SAFETY: the caller's contract.
    unsafe {
        zip_mut_streaming::<N, _, _>(
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
pub(super) unsafe fn streamed_into<const N: usize, T: Clone>(
    out: &mut [core::mem::MaybeUninit<T>],
    to: &crate::Layout<N>,
    data: &[T],
    l: &crate::Layout<N>,
) {
    let (d, s) = (ViewReprMut::from_slice(out), ViewRepr::from_slice(data));
    // SAFETY: the caller's contract.
    unsafe {
        zip_mut_streaming::<N, _, _>(
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

/// Copies `data` read as `l` into a row-major `to` at `shift` elements into a padded buffer,
/// both into an existing destination ([`streamed_to`]) and into new memory
/// ([`streamed_into`]), and asserts that each holds `expected` there and `blank` around it.
///
/// # Safety
///
/// As [`streamed_to`].
#[cfg(feature = "alloc")]
pub(super) unsafe fn assert_streamed_both_ways<
    const N: usize,
    T: Copy + PartialEq + core::fmt::Debug,
>(
    to: &crate::Layout<N>,
    data: &[T],
    l: &crate::Layout<N>,
    expected: &[T],
    shift: usize,
    blank: T,
) {
    let len = expected.len();
    let mut out = alloc::vec![blank; shift + len + 64];
    // SAFETY: the caller's contract; the destination slice holds `len` elements.
    unsafe { streamed_to(&mut out[shift..shift + len], to, data, l) };
    // The destination's slots uninitialised (so that Miri reports any that `CloneInto`
    // leaves unwritten), the slots around it `blank`.
    let mut new: alloc::vec::Vec<_> = (0..shift + len + 64)
        .map(|i| {
            if (shift..shift + len).contains(&i) {
                core::mem::MaybeUninit::uninit()
            } else {
                core::mem::MaybeUninit::new(blank)
            }
        })
        .collect();
    // SAFETY: as above; the slots around the destination hold `blank`, and `CloneInto`
    // writes every element it is given.
    let new: alloc::vec::Vec<T> = unsafe {
        streamed_into(&mut new[shift..shift + len], to, data, l);
        new.iter().map(|x| x.assume_init()).collect()
    };
    for out in [&out, &new] {
        assert_eq!(&out[shift..shift + len], expected, "{l:?} {shift}");
        let rest = out[..shift].iter().chain(&out[shift + len..]);
        assert!(rest.into_iter().all(|x| *x == blank), "{l:?} {shift}");
    }
}
