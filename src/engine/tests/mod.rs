//! Tests of the engine's internals: walks, plans, tiles and collection; the streamed paths
//! in [`stream`], the bands in sets in [`bands`].

use super::*;

#[cfg(feature = "alloc")]
mod bands;
mod stream;

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

/// A copy of `l` into a row-major destination: that destination, data for all of `l`'s
/// shape made by `make` (`l` reads it), the data in `l`'s logical order, and the copy's plan.
#[cfg(feature = "alloc")]
fn row_major_case<T: Clone, const N: usize>(
    l: &crate::Layout<N>,
    make: impl Fn(usize) -> T,
) -> (
    crate::Layout<N>,
    alloc::vec::Vec<T>,
    alloc::vec::Vec<T>,
    LoopPlan<2, N>,
) {
    let to = crate::Layout::row_major(*l.shape()).unwrap();
    let data: alloc::vec::Vec<T> = (0..l.shape().iter().product()).map(make).collect();
    let expected = logical(&data, l.parts());
    let plan = LoopPlan::<2, N>::new(l.shape(), [to.operand(), l.operand()], 0).unwrap();
    (to, data, expected, plan)
}

/// The row-major `source` read in the order of `perm`.
#[cfg(feature = "alloc")]
fn permuted<const N: usize>(source: [usize; N], perm: [usize; N]) -> crate::Layout<N> {
    crate::Layout::row_major(source)
        .unwrap()
        .permute(perm)
        .unwrap()
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
