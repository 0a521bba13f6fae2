//! Tests of the engine's streamed bands whose rows or columns come in sets: shifted bands in
//! sets and chained bands, each against the logical order, through the kernel and through a
//! closure that it declines.

use super::stream::assert_streamed_both_ways;
use super::*;

/// Streamed transpositions whose source runs along the transposed axis are short but continue
/// along another axis (`LoopPlan::continued_axis`), as in the `[3, 2, 0, 1]` permutation of an
/// odd rank-4 shape: where the kernel takes rows in sets (`kernel::shifts_sets`), the plan
/// makes one shifted band of all of them, whether the rows are a whole number of lines apart
/// or not, and otherwise tiles. The walk of such a band gives one piece in sets and each set's
/// last columns as a plain tile, and the copy gives the logical order whether the kernel takes
/// the band or declines it (a closure, or rows in sets where the kernel does not take them),
/// into existing and new memory at several shifts from a line, with nothing written outside
/// the destination.
#[cfg(feature = "alloc")]
#[test]
fn shifted_bands_in_sets_match_the_logical_order() {
    use crate::Layout;
    fn check<T: Copy + PartialEq + core::fmt::Debug>(make: impl Fn(usize) -> T) {
        let (size, blank) = (core::mem::size_of::<T>(), make(usize::MAX));
        let lanes = 64 / size;
        // `[units, sets, n]` read from a row-major `[n, sets, units]`: runs of `units` along
        // the transposed axis, continued along the middle one. The walk and the copies after
        // the plan's own take the cut by hand (under Miri, for time, on a smaller shape).
        #[cfg(not(miri))]
        let (units, sets, n) = (19, BAND_MIN_RUN_BYTES / 19 / size + 1, 2 * lanes + 5);
        #[cfg(miri)]
        let (units, sets, n) = (5, 3, 2 * lanes + 5);
        let step = (units * sets) as isize;
        let l = Layout::from_parts([units, sets, n], [1, units as isize, step], 0);
        let to = Layout::row_major(*l.shape()).unwrap();
        let data: alloc::vec::Vec<T> = (0..units * sets * n).map(&make).collect();
        let expected = logical(&data, l.parts());
        let plan = LoopPlan::<2, 3>::new(l.shape(), [to.operand(), l.operand()], 0).unwrap();
        let unit = plan.transposed_axis().unwrap();
        assert_eq!((unit, plan.continued_axis(unit)), (0, Some(1)));
        // Rows of 1 KiB and three elements (each starting at its own place in a line), and
        // of 1 KiB (a whole number of lines apart). Rows off the lines that continue along the
        // axis that continues the runs take one chained band instead (see
        // `chained_bands_match_the_logical_order`).
        #[cfg(not(miri))]
        for n_long in [
            STREAM_PARTIAL_ROW_BYTES / size + 3,
            STREAM_PARTIAL_ROW_BYTES / size,
        ] {
            let long = Layout::from_parts([units, sets, n_long], [1, units as isize, step], 0);
            let (to, data, expected, plan) = row_major_case(&long, &make);
            let cut = plan.stream_plan(0, size, 64 + size, 0).unwrap();
            let taken = kernel::shifts_sets(size);
            let chained = taken && n_long % lanes != 0;
            let kinds = (cut.shifted, cut.sets, cut.chained);
            assert_eq!(
                kinds,
                (taken, taken && !chained, chained),
                "{size} {n_long}"
            );
            for shift in [0, 1, lanes - 1] {
                // SAFETY: `long` is valid for `data`; `to` is row-major (unique).
                unsafe { assert_streamed_both_ways(&to, &data, &long, &expected, shift, blank) };
            }
        }
        // Rows off the lines that do not continue one another: `[sets, 2, units, n]` read
        // from a row-major `[n, 2, sets, units]`, the runs' axis outermost and another
        // between it and the transposed axis, so that the two do not merge. A band in sets.
        #[cfg(not(miri))]
        {
            let n_long = STREAM_PARTIAL_ROW_BYTES / size + 3;
            let strides = [units, units * sets, 1, 2 * units * sets].map(|s| s as isize);
            let long = Layout::from_parts([sets, 2, units, n_long], strides, 0);
            let (to, data, expected, plan) = row_major_case(&long, &make);
            let unit = plan.transposed_axis().unwrap();
            assert_eq!(
                (plan.continued_axis(unit), plan.chain_axis(unit)),
                (Some(0), None)
            );
            let cut = plan.stream_plan(unit, size, 64 + size, 0).unwrap();
            let taken = kernel::shifts_sets(size);
            let kinds = (cut.shifted, cut.sets, cut.chained);
            assert_eq!(kinds, (taken, taken, false), "{size}");
            for shift in [0, 1, lanes - 1] {
                // SAFETY: `long` is valid for `data`; `to` is row-major (unique).
                unsafe { assert_streamed_both_ways(&to, &data, &long, &expected, shift, blank) };
            }
        }
        let cut = StreamCut {
            head: 0,
            width: lanes,
            bands: true,
            shifted: true,
            carry: false,
            sets: true,
            chained: false,
            rows: kernel::STAGE_ROWS,
        };
        let mut pieces = alloc::vec::Vec::new();
        plan.tiled_stream(unit, cut, &mut |block, piece| pieces.push((*block, piece)));
        let (band, rest) = pieces.split_first().unwrap();
        let set_step = [n as isize, units as isize];
        assert_eq!(
            band.1,
            Piece::Shifted(Sets {
                n: sets,
                step: set_step
            })
        );
        assert_eq!((band.0.nu, band.0.nl), (units, n - 5));
        assert_eq!(rest.len(), sets);
        for (w, (tile, piece)) in rest.iter().enumerate() {
            assert!(*piece == Piece::Plain && tile.nl == 5);
            assert_eq!(
                tile.start,
                [w * n + n - 5, w * units + (n - 5) * step as usize]
            );
        }
        for shift in [0, 1, lanes - 1] {
            let mut copy = |d: &mut T, s: &T| *d = *s;
            let by_closure = walked(&plan, cut, &data, expected.len(), shift, blank, &mut copy);
            let by_kernel = walked(
                &plan,
                cut,
                &data,
                expected.len(),
                shift,
                blank,
                &mut CloneTo,
            );
            for out in [by_closure, by_kernel] {
                assert_in_place(&out, shift, &expected, blank);
            }
        }
    }
    check(|i| i as f32);
    check(|i| (i % 251) as u8);
    #[cfg(not(miri))]
    check(|i| i as f64);
}

/// Streamed transpositions whose destination rows continue along another axis
/// (`LoopPlan::chain_axis`) and whose source rows are adjacent at each step along it, as in
/// the `[1, 3, 0, 2]` permutation of an odd rank-4 shape: where the kernel takes chained bands
/// (`kernel::shifts_chained`), the plan makes one of each such set of rows, and otherwise
/// tiles that carry their partial lines. The walk of such a band gives one piece of all the
/// sets, then its last columns as plain tiles (one in each set they reach); the copy
/// gives the logical order whether the kernel takes the band or declines it (a closure),
/// into existing and new memory at several shifts from a line, with nothing written outside
/// the destination. Sets of 31 rows, and of 7 (a block of a line's elements spans three).
/// Where the source rows are far apart, bands whose rows are runs of 1 KiB or more, in one
/// set (as in the `[2, 3, 1, 0]` permutation, whose first two axes merge) or in sets along
/// the axis that continues them (as in `[3, 2, 1, 0]`), and short runs that continue along
/// the chain axis itself (as in `[0, 3, 2, 1]`).
#[cfg(feature = "alloc")]
#[test]
fn chained_bands_match_the_logical_order() {
    use crate::Layout;
    fn check<T: Copy + PartialEq + core::fmt::Debug>(make: impl Fn(usize) -> T) {
        let (size, blank) = (core::mem::size_of::<T>(), make(usize::MAX));
        let lanes = 64 / size;
        // `[units, sets, n]` with the source's rows of `units` elements adjacent along the
        // last axis and the sets apart: the destination's rows of `n` continue along the
        // middle axis, into `sets · n` elements (1 KiB and more), each row starting at its
        // own place in a line. With sets of 7, the last columns of `f32` and `u8` span two
        // sets or more.
        #[cfg(not(miri))]
        let cases = [(17, 1024 / 31 / size + 1, 31), (16, 160 / size, 7)];
        #[cfg(miri)]
        let cases = [(16, 3, 7)];
        for (units, sets, n) in cases {
            let step = (units * n + 3) as isize;
            let l = Layout::from_parts([units, sets, n], [1, step, units as isize], 0);
            let to = Layout::row_major(*l.shape()).unwrap();
            let data: alloc::vec::Vec<T> = (0..sets * step as usize).map(&make).collect();
            let expected = logical(&data, l.parts());
            let plan = LoopPlan::<2, 3>::new(l.shape(), [to.operand(), l.operand()], 0).unwrap();
            let unit = plan.transposed_axis().unwrap();
            assert_eq!((unit, plan.chain_axis(unit)), (0, Some(1)));
            let cut = plan.stream_plan(unit, size, 64 + size, 0).unwrap();
            #[cfg(not(miri))]
            {
                let chained = kernel::shifts_chained(size, units);
                assert_eq!((cut.chained, cut.carry), (chained, !chained), "{size}");
            }
            for shift in [0, 1, lanes - 1] {
                // SAFETY: `l` is valid for `data`; `to` is row-major (unique).
                unsafe { assert_streamed_both_ways(&to, &data, &l, &expected, shift, blank) };
            }
            // The band's walk and a copy through it by a closure, which the kernel declines.
            let cut = StreamCut::band_chained(size, false);
            let mut pieces = alloc::vec::Vec::new();
            plan.tiled_stream(unit, cut, &mut |block, piece| pieces.push((*block, piece)));
            let (band, rest) = pieces.split_first().unwrap();
            let set_step = [n as isize, step];
            assert_eq!(
                band.1,
                Piece::Chained {
                    rows: Sets::ONE,
                    cols: Sets {
                        n: sets,
                        step: set_step
                    }
                }
            );
            assert_eq!((band.0.nu, band.0.nl), (units, n));
            let columns = sets * n;
            let mut l0 = columns - columns % lanes;
            for (tile, piece) in rest {
                let (w, at) = (l0 / n, l0 % n);
                assert_eq!(*piece, Piece::Plain);
                assert_eq!(tile.start, [l0, w * step as usize + at * units]);
                assert!(at + tile.nl <= n && tile.nu == units);
                l0 += tile.nl;
            }
            assert_eq!(l0, columns);
            // One plain tile for each set the last columns reach (two for `f32` with sets of
            // 7, outside Miri).
            let first = columns - columns % lanes;
            let reached = if first == columns {
                0
            } else {
                (columns - 1) / n - first / n + 1
            };
            assert_eq!(rest.len(), reached);
            #[cfg(not(miri))]
            if n == 7 && size == 4 {
                assert_eq!(reached, 2);
            }
            for shift in [0, 1, lanes - 1] {
                let mut copy = |d: &mut T, s: &T| *d = *s;
                let by_closure = walked(&plan, cut, &data, expected.len(), shift, blank, &mut copy);
                assert_in_place(&by_closure, shift, &expected, blank);
            }
        }
        // `[2, 1, 0]` of a row-major `[n, sets, units]`: runs of `units` along the transposed
        // axis 1 KiB and more, the destination's rows of `n` continued along the middle axis,
        // their source rows far apart: where the kernel takes rows in sets, one chained band
        // (whole steps of 16 rows, then the rest element by element).
        #[cfg(not(miri))]
        {
            let (units, sets, n) = (1024 / size + 12, 5, 61);
            let strides = [1, units, units * sets].map(|s| s as isize);
            let l = Layout::from_parts([units, sets, n], strides, 0);
            let (to, data, expected, plan) = row_major_case(&l, &make);
            let cut = plan.stream_plan(0, size, 64 + size, 0).unwrap();
            let taken = kernel::shifts_sets(size);
            assert_eq!((cut.chained, cut.sets), (taken, false), "{size}");
            for shift in [0, 1, lanes - 1] {
                // SAFETY: `l` is valid for `data`; `to` is row-major (unique).
                unsafe { assert_streamed_both_ways(&to, &data, &l, &expected, shift, blank) };
            }
        }
        // `[2, 1, 0]` of a row-major `[n, sets, units]` with short runs of `units` (as in the
        // `[0, 3, 2, 1]` permutation of an odd rank-4 shape): the runs continue along the
        // middle axis, which the destination's rows of `n` continue along too, so each step's
        // source rows start one run after the last step's. Where the kernel takes chained
        // bands, one such band, every row in its short walk; otherwise tiles. Runs of 16
        // elements and more, whole steps of 16 or not.
        #[cfg(not(miri))]
        for (units, sets, n) in [(19, 9, 31), (37, 4, 67), (16, 3, 97)] {
            let strides = [1, units, units * sets].map(|s| s as isize);
            let l = Layout::from_parts([units, sets, n], strides, 0);
            let (to, data, expected, plan) = row_major_case(&l, &make);
            let unit = plan.transposed_axis().unwrap();
            let axes = (unit, plan.continued_axis(unit), plan.chain_axis(unit));
            assert_eq!(axes, (0, Some(1), Some(1)));
            let cut = plan.stream_plan(unit, size, 64 + size, 0);
            let long = sets * n * size >= STREAM_PARTIAL_ROW_BYTES;
            let chained = long && kernel::shifts_chained(size, units);
            let kinds = cut.map(|cut| (cut.chained, cut.sets));
            assert_eq!(
                kinds.unwrap_or_default(),
                (chained, false),
                "{size} {units}"
            );
            for shift in [0, 1, lanes - 1] {
                // SAFETY: `l` is valid for `data`; `to` is row-major (unique).
                unsafe { assert_streamed_both_ways(&to, &data, &l, &expected, shift, blank) };
            }
        }
        // `[3, 2, 1, 0]` of a row-major `[n, sets, rows, units]`: the source's runs of `units`
        // continue along the second axis (runs of 1 KiB and more), the destination's rows of
        // `n` along the third; their source rows lie far apart. Where the kernel takes rows in
        // sets, one chained band with its rows in sets, each set's last columns plain tiles.
        #[cfg(not(miri))]
        {
            let (units, rows, sets, n) = (19, 1024 / 19 / size + 1, 9, 31);
            let strides = [1, units, units * rows, units * rows * sets].map(|s| s as isize);
            let l = Layout::from_parts([units, rows, sets, n], strides, 0);
            let (to, data, expected, plan) = row_major_case(&l, &make);
            let unit = plan.transposed_axis().unwrap();
            let axes = (unit, plan.continued_axis(unit), plan.chain_axis(unit));
            assert_eq!(axes, (0, Some(1), Some(2)));
            let cut = plan.stream_plan(unit, size, 64 + size, 0).unwrap();
            let taken = kernel::shifts_sets(size);
            assert_eq!((cut.chained, cut.sets), (taken, taken), "{size}");
            for shift in [0, 1, lanes - 1] {
                // SAFETY: `l` is valid for `data`; `to` is row-major (unique).
                unsafe { assert_streamed_both_ways(&to, &data, &l, &expected, shift, blank) };
            }
            let cut = StreamCut::band_chained(size, true);
            let mut pieces = alloc::vec::Vec::new();
            plan.tiled_stream(unit, cut, &mut |block, piece| pieces.push((*block, piece)));
            let (band, rest) = pieces.split_first().unwrap();
            let row_sets = Sets {
                n: rows,
                step: [(sets * n) as isize, units as isize],
            };
            let col_sets = Sets {
                n: sets,
                step: [n as isize, (units * rows) as isize],
            };
            let whole = Piece::Chained {
                rows: row_sets,
                cols: col_sets,
            };
            assert_eq!((band.1, band.0.nu, band.0.nl), (whole, units, n));
            let tail = sets * n % lanes;
            assert!(
                rest.iter()
                    .all(|(tile, piece)| *piece == Piece::Plain && tile.nu == units)
            );
            assert_eq!(
                rest.iter().map(|(tile, _)| tile.nl).sum::<usize>(),
                rows * tail
            );
            for shift in [0, 1, lanes - 1] {
                let mut copy = |d: &mut T, s: &T| *d = *s;
                let by_closure = walked(&plan, cut, &data, expected.len(), shift, blank, &mut copy);
                assert_in_place(&by_closure, shift, &expected, blank);
            }
        }
    }
    check(|i| i as f32);
    check(|i| (i % 251) as u8);
    #[cfg(not(miri))]
    check(|i| i as f64);
}

/// Asserts that `out` holds `expected` from `shift` on, and `blank` around it.
#[cfg(feature = "alloc")]
fn assert_in_place<T: PartialEq + core::fmt::Debug>(
    out: &[T],
    shift: usize,
    expected: &[T],
    blank: T,
) {
    let end = shift + expected.len();
    assert_eq!(&out[shift..end], expected, "{shift}");
    let around = out[..shift].iter().chain(&out[end..]);
    assert!(around.into_iter().all(|x| *x == blank), "{shift}");
}

/// `data` copied by `k` through the streamed walk of `plan` cut as `cut`, into `len`
/// elements `shift` into a buffer of `blank` one line longer.
#[cfg(feature = "alloc")]
fn walked<const N: usize, T: Copy>(
    plan: &LoopPlan<2, N>,
    cut: StreamCut,
    data: &[T],
    len: usize,
    shift: usize,
    blank: T,
    k: &mut impl Kernel<T, T>,
) -> alloc::vec::Vec<T> {
    let mut out = alloc::vec![blank; shift + len + 64];
    let mut d = ViewReprMut::from_slice(&mut out[shift..shift + len]);
    let s = ViewRepr::from_slice(data);
    // SAFETY: the plan's layouts are valid for `data` and for the destination (row-major,
    // unique); the streamed stores are fenced before the buffer is read.
    plan.tiled_stream(0, cut, &mut |block, piece| unsafe {
        stream2(&mut d, s, block, k, None, piece)
    });
    kernel::stream_fence();
    out
}
