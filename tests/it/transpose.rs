//! Transposing copies (`to_contiguous`, `assign`, `copy_from`, `into_vec`, `assign_zip` of a
//! permuted operand) against the logical-order iterator, for every permutation of four axes,
//! with odd sizes, size-1 and size-0 axes and a flipped axis, for element types the kernels
//! copy as bits (`f32`, `f64`, `i32`, `u64`) and types they clone one by one (`u8`, `String`).

use std::fmt::Debug;

use ranked::{Axis, Tensor};

/// Every permutation of `0..4` (under Miri: the identity, a swap of the two inner axes, which
/// takes the transposition kernels, and the full reversal).
fn permutations() -> Vec<[usize; 4]> {
    if cfg!(miri) {
        return vec![[0, 1, 2, 3], [0, 3, 2, 1], [3, 2, 1, 0]];
    }
    let mut out = Vec::new();
    for a in 0..4 {
        for b in 0..4 {
            for c in 0..4 {
                for d in 0..4 {
                    let p = [a, b, c, d];
                    if (0..4).all(|x| p.contains(&x)) {
                        out.push(p);
                    }
                }
            }
        }
    }
    out
}

/// Shapes that cross kernel blocks (8) and tiles (64) with ragged edges, hold whole kernel
/// blocks only, have size-1 axes, or have no elements.
#[cfg(not(miri))]
const SHAPES: [[usize; 4]; 5] = [
    [3, 17, 9, 70],
    [16, 8, 2, 24],
    [1, 33, 1, 19],
    [9, 1, 11, 1],
    [4, 0, 9, 12],
];

/// Under Miri: shapes that still cross a kernel block (8) with ragged edges, have size-1 axes
/// or have no elements, small enough to interpret.
#[cfg(miri)]
const SHAPES: [[usize; 4]; 2] = [[1, 9, 1, 10], [2, 0, 3, 1]];

fn check<T: Clone + PartialEq + Debug>(make: impl Fn(usize) -> T, fill: T) {
    for shape in SHAPES {
        let t = Tensor::from_fn(shape, |[a, b, c, d]| {
            make(((a * shape[1] + b) * shape[2] + c) * shape[3] + d)
        });
        for perm in permutations() {
            for flipped in [false, true] {
                let v = t.view().permute(perm).unwrap();
                let v = if flipped { v.flip(Axis::<2>) } else { v };
                let expected: Vec<T> = v.iter().cloned().collect();
                let what = format!("{shape:?} permuted {perm:?}, flipped {flipped}");

                assert_eq!(
                    v.to_contiguous().to_vec(),
                    expected,
                    "to_contiguous of {what}"
                );
                assert_eq!(v.to_vec(), expected, "to_vec of {what}");

                let mut out = Tensor::full(*v.shape(), fill.clone());
                out.assign(&v);
                assert_eq!(out.to_vec(), expected, "assign of {what}");

                let mut out = Tensor::full(*v.shape(), fill.clone());
                out.copy_from(&v).unwrap();
                assert_eq!(out.to_vec(), expected, "copy_from of {what}");

                // An owned permuted tensor gives its elements up in logical order.
                let owned = t.clone().permute(perm).unwrap();
                let owned = if flipped {
                    owned.flip(Axis::<2>)
                } else {
                    owned
                };
                assert_eq!(owned.into_vec(), expected, "into_vec of {what}");

                // Three operands: the permuted view beside a broadcast row, pairs out.
                let last = v.shape()[3];
                let row = Tensor::from_fn([last], |[i]| make(1000 + i));
                let mut pairs = Tensor::full(*v.shape(), (fill.clone(), fill.clone()));
                pairs.assign_zip(&v, &row, |x, y| (x.clone(), y.clone()));
                let rows: Vec<T> = (0..expected.len())
                    .map(|i| make(1000 + i % last.max(1)))
                    .collect();
                let expected_pairs: Vec<(T, T)> = expected.iter().cloned().zip(rows).collect();
                assert_eq!(pairs.to_vec(), expected_pairs, "assign_zip of {what}");
            }
        }
    }
}

#[test]
fn f32_transpositions_match_the_logical_order() {
    check(|i| i as f32 + 0.25, -1.0);
}

#[test]
#[cfg_attr(miri, ignore = "the same kernel as u64 or f32; runs natively")]
fn f64_transpositions_match_the_logical_order() {
    check(|i| i as f64 - 0.5, -1.0);
}

#[test]
#[cfg_attr(miri, ignore = "the same kernel as u64 or f32; runs natively")]
fn i32_transpositions_match_the_logical_order() {
    check(|i| i as i32 * -3, 7);
}

#[test]
fn u64_transpositions_match_the_logical_order() {
    check(|i| i as u64 * 0x1_0000_0001, 7);
}

#[test]
fn u8_transpositions_match_the_logical_order() {
    check(|i| (i % 251) as u8, 255);
}

#[test]
fn string_transpositions_match_the_logical_order() {
    check(|i| format!("s{i}"), String::from("-"));
}

/// Transposes `shape` (row-major) forwards and with one axis of the result flipped (`flip_rows`
/// picks axis 0, otherwise axis 1), into an existing tensor and a new one, against the
/// logical-order iterator.
fn check_transposed<T: Copy + PartialEq + Debug + Default>(
    shape: [usize; 2],
    flip_rows: bool,
    make: impl Fn(usize) -> T,
) {
    let t = Tensor::from_fn(shape, |[i, j]| make(i * shape[1] + j));
    for flipped in [false, true] {
        let v = t.view().t();
        let v = match (flipped, flip_rows) {
            (false, _) => v,
            (true, true) => v.flip(Axis::<0>),
            (true, false) => v.flip(Axis::<1>),
        };
        let expected: Vec<T> = v.iter().copied().collect();
        let what = format!("{shape:?} transposed, flipped {flipped}");
        let mut out = Tensor::full(*v.shape(), T::default());
        out.assign(&v);
        assert!(out.to_vec() == expected, "assign of {what}");
        assert!(
            v.to_contiguous().to_vec() == expected,
            "to_contiguous of {what}"
        );
    }
}

/// Large transposes of odd sizes, whose destination rows are not a whole number of cache lines
/// apart (each starts at its own place in a line), into existing and new tensors, forwards and
/// flipped: 8 MiB or more, so they are written with non-temporal stores a line at a time, the
/// partial lines at each row's two ends with ordinary ones.
#[test]
#[cfg_attr(miri, ignore = "tens of millions of elements")]
fn large_odd_transposes_match_the_logical_order() {
    check_transposed([1501, 1499], true, |i| i as f32);
    check_transposed([1024 + 3, 1024 + 5], true, |i| i as f32);
    check_transposed([1001, 1021], true, |i| i as f64);
    check_transposed([1001, 1021], true, |i| i as u64);
}

/// Transposes of 1 MiB or more whose result's rows lie a large power of two apart (2 KiB or
/// more), so that they crowd a few sets of the L1 cache: staged through a buffer for 4- and
/// 8-byte elements, forwards and flipped, into existing and new tensors.
#[test]
#[cfg_attr(miri, ignore = "millions of elements")]
fn crowded_transposes_match_the_logical_order() {
    check_transposed([1024, 1024], false, |i| i as f32);
    check_transposed([517, 1024], false, |i| i as f32);
    check_transposed([512, 515], false, |i| i as f64);
    check_transposed([1024, 1027], false, |i| i as u16);
    check_transposed([1024, 1024], false, |i| i as i32);
}
