use super::*;
use alloc::vec;

/// A buffer, strides and offset holding the tensor `x[i][j][k] = 100 i + 10 j + k` of
/// `shape`, its axes in memory in `order` (outermost first), axis 1 reversed if `reverse`.
fn laid(shape: [usize; 3], order: [usize; 3], reverse: bool) -> (Vec<f64>, [isize; 3], usize) {
    let mut strides = [0isize; 3];
    let mut step = 1isize;
    for &a in order.iter().rev() {
        strides[a] = step;
        step *= shape[a] as isize;
    }
    let len = step as usize;
    let mut buf = vec![f64::NAN; len];
    let mut offset = 0usize;
    if reverse {
        offset = (shape[1] - 1) * strides[1] as usize;
        strides[1] = -strides[1];
    }
    for i in 0..shape[0] {
        for j in 0..shape[1] {
            for k in 0..shape[2] {
                let p = offset as isize
                    + i as isize * strides[0]
                    + j as isize * strides[1]
                    + k as isize * strides[2];
                buf[p as usize] = (100 * i + 10 * j + k) as f64;
            }
        }
    }
    (buf, strides, offset)
}

/// `stream_out` puts a block's results where `copy_out` does, for elements of 16 and 8
/// bytes, from a block that starts inside a row, with rows of results side by side and
/// two slots apart (Miri runs it over the gather and the stores).
#[test]
fn streamed_results_land_where_copied_ones_do() {
    for gap in [0, 2] {
        check(gap, |i| (i as u128) << 64 | 7);
        check(gap, |i| i as u64 * 3);
    }
    fn check<U: Copy + PartialEq + core::fmt::Debug>(gap: usize, make: impl Fn(usize) -> U) {
        // Lanes along axis 0, 70 of them side by side; results of 3 each.
        let (shape, strides, len) = ([4usize, 70], [70isize, 1], 3);
        let stride = len + gap;
        let src = Operand {
            strides: &strides,
            offset: 0,
        };
        let blocks = Blocks::new(&shape, &src, 0, len, 4).unwrap();
        let b = blocks.block.min(60);
        // Row `r`'s result `j` is `make(r · len + j)`; the gaps hold other values.
        let rows: Vec<U> = (0..b * stride)
            .map(|p| match (p / stride, p % stride) {
                (r, j) if j < len => make(r * len + j),
                _ => make(1000 + p),
            })
            .collect();
        let mut streamed = vec![MaybeUninit::<U>::uninit(); blocks.total];
        let mut copied = vec![MaybeUninit::<U>::uninit(); blocks.total];
        stream_out(&mut streamed, &blocks, 5, (&rows, len, stride)).unwrap();
        kernel::stream_fence();
        copy_out(&mut copied, &blocks, 5, &rows, (len, stride));
        for j in 0..len {
            for l in 5..5 + b {
                let at = j * 70 + l;
                // SAFETY: both wrote the block's `b` lanes, from lane 5, in each row.
                let (s, c) = unsafe { (streamed[at].assume_init(), copied[at].assume_init()) };
                assert_eq!((s, c), (c, make((l - 5) * len + j)), "row {j}, lane {l}");
            }
        }
    }
}

/// Lanes spanning 512 bytes (64 `f64`) lie a line apart in the block buffers; the
/// results are those of lanes read one index at a time, through `map_lanes` (input and
/// output lanes padded, a result lane one longer), its `_into` form and
/// `map_lanes_in_place`, along axis 0 of a row-major `[64, 70]` (blocks of lanes across
/// memory) and along its last axis when transposed.
#[test]
fn lanes_a_line_apart_give_the_same_results() {
    assert_eq!(lane_stride::<f64>(64), 72);
    assert_eq!(lane_stride::<[f64; 2]>(32), 36);
    assert_eq!(lane_stride::<f64>(63), 63);
    let (rows, cols) = (64usize, 70usize);
    let buf: Vec<f64> = (0..rows * cols).map(|p| p as f64).collect();
    for (shape, strides) in [
        ([rows, cols], [cols as isize, 1]),
        ([cols, rows], [1, cols as isize]),
    ] {
        let axis = if strides[0] == 1 { 1 } else { 0 };
        let lane = |l: usize| -> Vec<f64> { (0..rows).map(|p| buf[p * cols + l]).collect() };
        let src = || Operand {
            strides: &strides,
            offset: 0,
        };
        let lens = || LaneLens {
            keep: rows,
            in_len: rows,
            in_zero: 0.0,
            out_len: rows + 1,
            out_zero: 0.0,
        };
        // Each output lane: the input lane reversed, then its first element.
        let mut f = |x: &mut [f64], y: &mut [f64]| {
            assert_eq!((x.len(), y.len()), (rows, rows + 1));
            for (o, v) in y.iter_mut().zip(x.iter().rev()) {
                *o = *v;
            }
            y[rows] = x[0];
            Ok(())
        };
        let copy = || {
            as_kernel(|d: &mut MaybeUninit<f64>, s: &f64| {
                d.write(*s);
            })
        };
        // SAFETY: `buf` holds every position of the row-major (or transposed) layout.
        let got = unsafe {
            map_lanes(
                ViewRepr::from_slice(&buf),
                &shape,
                src(),
                axis,
                lens(),
                &mut copy(),
                &mut f,
            )
        }
        .unwrap();
        let mut into = vec![f64::NAN; got.len()];
        // SAFETY: as above.
        unsafe {
            map_lanes_into(
                ViewRepr::from_slice(&buf),
                &shape,
                src(),
                axis,
                lens(),
                &mut copy(),
                &mut f,
                &mut into,
            )
        }
        .unwrap();
        // SAFETY: as above.
        let negated = unsafe {
            map_lanes_in_place(
                ViewRepr::from_slice(&buf),
                &shape,
                src(),
                axis,
                (rows, rows, 0.0),
                &mut CloneInto,
                &mut |x: &mut [f64]| {
                    // Whole lanes: one where they lie a line apart (axis 0), a block of
                    // them back to back otherwise.
                    assert_eq!(x.len() % rows, 0);
                    assert!(axis == 1 || x.len() == rows);
                    x.iter_mut().for_each(|v| *v = -*v);
                    Ok(())
                },
            )
        }
        .unwrap();
        // The result's lanes lie along `axis`, row-major.
        let at =
            |l: usize, p: usize, len: usize| if axis == 0 { p * cols + l } else { l * len + p };
        for l in 0..cols {
            let want = lane(l);
            for p in 0..rows {
                assert_eq!(got[at(l, p, rows + 1)], want[rows - 1 - p], "lane {l}, {p}");
                assert_eq!(negated[at(l, p, rows)], -want[p], "lane {l}, {p} in place");
            }
            assert_eq!(got[at(l, rows, rows + 1)], want[0], "lane {l}, last");
        }
        assert_eq!(into, got);
    }
}

/// `map_lanes` and `map_lanes_in_place` along each axis of transposed and reversed
/// layouts, with lanes cropped and padded, against the lanes read one index at a time
/// (Miri runs this over the engine's unsafe copies and `set_len`).
#[test]
fn lanes_through_buffers_match_the_logical_lanes() {
    let shape = [5usize, 7, 3];
    let value = |idx: [usize; 3]| (100 * idx[0] + 10 * idx[1] + idx[2]) as f64;
    // Under Miri (slow), one transposed order, forwards and reversed.
    let orders: &[[usize; 3]] = if cfg!(miri) {
        &[[2, 0, 1]]
    } else {
        &[[0, 1, 2], [2, 0, 1], [1, 2, 0]]
    };
    for &order in orders {
        for reverse in [false, true] {
            let (buf, strides, offset) = laid(shape, order, reverse);
            for axis in 0..3 {
                let m = shape[axis];
                for (keep, len) in [(m, m), (m - 1, m - 1), (m, m + 2), (0, 2)] {
                    let out_len = len + 1;
                    let lens = LaneLens {
                        keep,
                        in_len: len,
                        in_zero: 0.0,
                        out_len,
                        out_zero: -1.0,
                    };
                    // Each output lane: its input lane's values times their position,
                    // then the lane's sum.
                    let mut f = |rows: &mut [f64], outs: &mut [f64]| {
                        for (r, o) in rows.chunks_exact(len).zip(outs.chunks_exact_mut(out_len)) {
                            for (p, x) in r.iter().enumerate() {
                                o[p] = x * (p + 1) as f64;
                            }
                            o[len] = r.iter().sum();
                        }
                        Ok(())
                    };
                    let src = Operand {
                        strides: &strides,
                        offset,
                    };
                    // SAFETY: `laid` builds a buffer that every index of `shape` reaches
                    // through `strides` and `offset` (invariant 1); `keep ≤` the axis.
                    let got = unsafe {
                        map_lanes(
                            ViewRepr::from_slice(&buf),
                            &shape,
                            src,
                            axis,
                            lens,
                            &mut as_kernel(|d: &mut MaybeUninit<f64>, s: &f64| {
                                d.write(*s);
                            }),
                            &mut f,
                        )
                    }
                    .unwrap();
                    let src = Operand {
                        strides: &strides,
                        offset,
                    };
                    // SAFETY: as above.
                    let in_place = unsafe {
                        map_lanes_in_place(
                            ViewRepr::from_slice(&buf),
                            &shape,
                            src,
                            axis,
                            (keep, len, 0.0),
                            &mut CloneInto,
                            &mut |lanes: &mut [f64]| {
                                lanes.iter_mut().for_each(|x| *x = -*x);
                                Ok(())
                            },
                        )
                    }
                    .unwrap();
                    let (mut out_shape, mut pad_shape) = (shape, shape);
                    out_shape[axis] = out_len;
                    pad_shape[axis] = len;
                    let mut want = Vec::new();
                    let mut want_in_place = Vec::new();
                    let lane_of = |idx: [usize; 3]| -> Vec<f64> {
                        (0..len)
                            .map(|p| {
                                let mut at = idx;
                                at[axis] = p;
                                if p < keep { value(at) } else { 0.0 }
                            })
                            .collect()
                    };
                    for i in 0..out_shape[0] {
                        for j in 0..out_shape[1] {
                            for k in 0..out_shape[2] {
                                let idx = [i, j, k];
                                let lane = lane_of(idx);
                                let p = idx[axis];
                                want.push(if p < len {
                                    lane[p] * (p + 1) as f64
                                } else {
                                    lane.iter().sum()
                                });
                            }
                        }
                    }
                    for i in 0..pad_shape[0] {
                        for j in 0..pad_shape[1] {
                            for k in 0..pad_shape[2] {
                                let idx = [i, j, k];
                                want_in_place.push(-lane_of(idx)[idx[axis]]);
                            }
                        }
                    }
                    let what = (order, reverse, axis, keep, len);
                    assert_eq!(got, want, "{what:?}");
                    assert_eq!(in_place, want_in_place, "{what:?} in place");
                    // The same into buffers the caller holds, written over.
                    let mut into = vec![f64::NAN; want.len()];
                    let mut into_in_place = vec![f64::NAN; want_in_place.len()];
                    let src = || Operand {
                        strides: &strides,
                        offset,
                    };
                    // SAFETY: as above.
                    unsafe {
                        map_lanes_into(
                            ViewRepr::from_slice(&buf),
                            &shape,
                            src(),
                            axis,
                            LaneLens {
                                keep,
                                in_len: len,
                                in_zero: 0.0,
                                out_len,
                                out_zero: -1.0,
                            },
                            &mut CloneInto,
                            &mut f,
                            &mut into,
                        )
                    }
                    .unwrap();
                    // SAFETY: as above.
                    unsafe {
                        map_lanes_in_place_into(
                            ViewRepr::from_slice(&buf),
                            &shape,
                            src(),
                            axis,
                            (keep, len, 0.0),
                            &mut CloneInto,
                            &mut |lanes: &mut [f64]| {
                                lanes.iter_mut().for_each(|x| *x = -*x);
                                Ok(())
                            },
                            &mut into_in_place,
                        )
                    }
                    .unwrap();
                    assert_eq!(into, want, "{what:?} into");
                    assert_eq!(into_in_place, want_in_place, "{what:?} in place, into");
                    // An output of another length is an error, and nothing is written.
                    let mut short = vec![f64::NAN; want_in_place.len() - 1];
                    // SAFETY: as above.
                    let err = unsafe {
                        map_lanes_in_place_into(
                            ViewRepr::from_slice(&buf),
                            &shape,
                            src(),
                            axis,
                            (keep, len, 0.0),
                            &mut CloneInto,
                            &mut |_: &mut [f64]| Ok(()),
                            &mut short,
                        )
                    }
                    .unwrap_err();
                    assert_eq!(err.kind(), crate::ErrorKind::LengthMismatch);
                    assert!(short.iter().all(|x| x.is_nan()));
                }
            }
        }
    }
}

/// An error of `f` stops the walk and is returned; no lanes at all call nothing.
#[test]
fn errors_stop_the_walk_and_empty_shapes_call_nothing() {
    let buf = [1.0f64; 12];
    let strides = [4isize, 1];
    let lens = || LaneLens {
        keep: 4,
        in_len: 4,
        in_zero: 0.0,
        out_len: 4,
        out_zero: 0.0,
    };
    let mut calls = 0;
    let src = Operand {
        strides: &strides,
        offset: 0,
    };
    // SAFETY: a row-major `[3, 4]` layout over 12 elements.
    let err = unsafe {
        map_lanes(
            ViewRepr::from_slice(&buf),
            &[3, 4],
            src,
            0,
            LaneLens {
                keep: 3,
                in_len: 3,
                ..lens()
            },
            &mut CloneInto,
            &mut |_: &mut [f64], _: &mut [f64]| {
                calls += 1;
                Err(crate::ShapeError::overflow(None))
            },
        )
    }
    .unwrap_err();
    assert_eq!((err.kind(), calls), (crate::ErrorKind::Overflow, 1));
    let src = Operand {
        strides: &strides,
        offset: 0,
    };
    // SAFETY: an empty `[0, 4]` layout reaches nothing.
    let none = unsafe {
        map_lanes(
            ViewRepr::from_slice(&buf),
            &[0, 4],
            src,
            1,
            lens(),
            &mut CloneInto,
            &mut |_: &mut [f64], _: &mut [f64]| unreachable!("no lanes"),
        )
    }
    .unwrap();
    assert!(none.is_empty());
}
