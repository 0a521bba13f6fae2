extern crate std;
use std::prelude::rust_2024::*;
use std::{format, vec};

use super::x86::{ALIAS_BYTES, aliases_behind};
use super::*;

/// Small integers, so that every product and sum is exact in `f32` and `f64` whatever the
/// order and fusing of the operations.
fn value(i: usize, seed: usize) -> f64 {
    ((i * 7 + seed * 13) % 11) as f64 - 5.0
}

/// `C ← α·A·B + β·C` by `product` and by the definition, over every row count to 19 (two
/// blocks of eight and a rest), every width to two registers' and one more (a masked third
/// panel), shared dimensions 1, 5 and [`MAX_SHARED`], and past it one chunk (33) and two
/// (the second partial); A row-major and transposed; C
/// row-major (B row-major) and column-major (A column-major: the transposed product); `β`
/// 0 (C holding NaN, which must not leak), 1 and 2, `α` 1 and −3.
fn check<T: Copy + PartialEq + core::fmt::Debug>(width: usize, from: fn(f64) -> T) {
    let has = std::arch::is_x86_feature_detected!("avx512f");
    for m in 1..=19 {
        for n in 1..=2 * width + 1 {
            for k in [1, 5, MAX_SHARED, MAX_SHARED + 1, 133] {
                for (alpha, beta) in [(1.0, 0.0), (-3.0, 1.0), (1.0, 2.0)] {
                    for a_t in [false, true] {
                        for c_t in [false, true] {
                            one(m, k, n, (alpha, beta), (a_t, c_t), has, from);
                        }
                    }
                }
            }
        }
    }
}

fn one<T: Copy + PartialEq + core::fmt::Debug>(
    m: usize,
    k: usize,
    n: usize,
    (alpha, beta): (f64, f64),
    (a_t, c_t): (bool, bool),
    has: bool,
    from: fn(f64) -> T,
) {
    let av: Vec<f64> = (0..m * k).map(|i| value(i, 1)).collect();
    let bv: Vec<f64> = (0..k * n).map(|i| value(i, 2)).collect();
    let c0: Vec<f64> = (0..m * n).map(|i| value(i, 3)).collect();
    // A's strides: row-major, or the transpose of a column-major buffer. B is row-major
    // when C is, column-major when C is (so that one orientation applies).
    let (ars, acs) = if a_t || c_t {
        (1, m as isize)
    } else {
        (k as isize, 1)
    };
    let (brs, bcs) = if c_t {
        (1, k as isize)
    } else {
        (n as isize, 1)
    };
    let (crs, ccs) = if c_t {
        (1, m as isize)
    } else {
        (n as isize, 1)
    };
    let pos =
        |i: usize, j: usize, rs: isize, cs: isize| (i as isize * rs + j as isize * cs) as usize;
    let mut want = vec![0.0; m * n];
    for i in 0..m {
        for j in 0..n {
            let dot: f64 = (0..k)
                .map(|kk| av[pos(i, kk, ars, acs)] * bv[pos(kk, j, brs, bcs)])
                .sum();
            let before = c0[pos(i, j, crs, ccs)];
            let before = if beta == 0.0 { 0.0 } else { beta * before };
            want[pos(i, j, crs, ccs)] = alpha * dot + before;
        }
    }
    let (a32, b32): (Vec<T>, Vec<T>) = (av.iter().map(|&x| from(x)).collect(), {
        bv.iter().map(|&x| from(x)).collect()
    });
    let start = if beta == 0.0 { f64::NAN } else { 0.0 };
    let mut c: Vec<T> = (0..m * n).map(|i| from(c0[i] + start)).collect();
    let ma = MatRef {
        data: crate::storage::ViewRepr::from_slice(&a32),
        rows: m,
        cols: k,
        rs: ars,
        cs: acs,
        offset: 0,
    };
    let mb = MatRef {
        data: crate::storage::ViewRepr::from_slice(&b32),
        rows: k,
        cols: n,
        rs: brs,
        cs: bcs,
        offset: 0,
    };
    // SAFETY: the shapes agree, A's and B's layouts are valid for their buffers, and C's
    // positions `i·crs + j·ccs` are the distinct positions of `c`.
    let taken = unsafe { product(from(alpha), ma, mb, from(beta), c.as_mut_ptr(), crs, ccs) };
    let width = 64 / size_of::<T>();
    let shape = if ccs == 1 && bcs == 1 {
        Some((m, n))
    } else if crs == 1 && ars == 1 {
        Some((n, m))
    } else {
        None
    };
    // A's rows in the orientation taken: A's own, or B's columns.
    let a_rows_contiguous = if ccs == 1 { acs == 1 } else { brs == 1 };
    let fits = shape.is_some_and(|(rows, cols)| {
        let b_bytes = k * cols * size_of::<T>();
        let narrow = cols <= MAX_PANELS * width;
        let tiled =
            !narrow && k <= TILE_SHARED && cols <= TILE_COLS && rows * k * cols <= TILE_WORK;
        tiled
            || if k <= MAX_SHARED {
                narrow
                    || (rows <= width && b_bytes <= MAX_B_BYTES)
                    || (rows == WIDE_ROWS
                        && cols >= WIDE_MIN_COLS
                        && k >= WIDE_MIN_SHARED
                        && (size_of::<T>() == 8
                            || (MAX_B_BYTES + 1..=WIDE_MAX_B_BYTES).contains(&b_bytes)))
            } else {
                size_of::<T>() == 4
                    && a_rows_contiguous
                    && (cols <= width || narrow && rows <= LONG_ROWS)
            }
    });
    let what = format!("{m}×{k}×{n}, α {alpha}, β {beta}, A transposed {a_t}, C transposed {c_t}");
    assert_eq!(taken, has && fits, "taken: {what}");
    if taken {
        let want: Vec<T> = want.into_iter().map(from).collect();
        assert_eq!(c, want, "{what}");
    }
}

#[test]
fn narrow_products_match_the_definition() {
    check::<f32>(16, |x| x as f32);
    check::<f64>(8, |x| x);
}

/// Three chunks along the shared dimension (300 = 128 + 128 + 44 `f32` columns): the
/// second chunk is copied while the first is multiplied, the third into the first buffer
/// again while the second is; the whole chunks in plain moves, the last one's rows ending
/// in a masked piece. Blocks of 16 rows, of eight and of one; one and two panels; the
/// layouts and scalars of `check`.
#[test]
fn products_over_three_chunks_match_the_definition() {
    let has = std::arch::is_x86_feature_detected!("avx512f");
    for m in [1, 8, 16, 19] {
        for n in [1, 16, 17, 32] {
            for (alpha, beta) in [(1.0, 0.0), (-3.0, 1.0), (1.0, 2.0)] {
                for a_t in [false, true] {
                    for c_t in [false, true] {
                        one::<f32>(m, 300, n, (alpha, beta), (a_t, c_t), has, |x| x as f32);
                    }
                }
            }
        }
    }
}

/// Products of `SPLIT_WORK` (2²³) multiply-adds or more, split across threads with
/// `rayon` and whole on one thread without: a row count that leaves a partial block of
/// 16 rows in the last piece, C row-major and column-major (the transposed product, its
/// rows C's columns), `β` 0 and 2.
#[test]
fn large_products_match_the_definition() {
    let has = std::arch::is_x86_feature_detected!("avx512f");
    let long = (1 << 23) / (32 * 16) + 21;
    for (m, n, c_t) in [(long, 16, false), (16, long, true)] {
        for (alpha, beta) in [(1.0, 0.0), (-3.0, 2.0)] {
            one::<f32>(m, 32, n, (alpha, beta), (false, c_t), has, |x| x as f32);
            one::<f64>(m, 32, n, (alpha, beta), (false, c_t), has, |x| x);
        }
    }
}

/// A `rows × cols` row-major matrix over `data`.
fn row_major<T>(data: &[T], rows: usize, cols: usize) -> MatRef<'_, T> {
    MatRef {
        data: crate::storage::ViewRepr::from_slice(data),
        rows,
        cols,
        rs: cols as isize,
        cs: 1,
        offset: 0,
    }
}

/// Wide results of 16 rows (`f64` ones, and `f32` ones with more than `MAX_B_BYTES` of B): C
/// starting at each element of a line (the first panel cut short at C's first line boundary, or
/// not at all), C's rows a whole number of lines apart or not (then only row 0 starts the
/// panels on a line), results with and without a last partial panel, shared dimensions at and
/// past `WIDE_MIN_SHARED` up to `MAX_SHARED`; `β` 0 (C holding NaN), 1 and 2; B starting at C's
/// place modulo `ALIAS_BYTES`, or a line before it (the panels walked from the last to the
/// first). Elements of C's buffer outside the result must keep their values. A shorter shared
/// dimension, fewer columns than `WIDE_MIN_COLS`, or (`f32`) a smaller B is left to the general
/// kernels.
#[test]
fn wide_products_match_the_definition_at_every_offset_of_c() {
    wide(
        &[
            (WIDE_MIN_SHARED, WIDE_MIN_COLS),
            (16, 131),
            (MAX_SHARED, 203),
            (WIDE_MIN_SHARED - 1, 256),
            (16, WIDE_MIN_COLS - 1),
        ],
        |x| x,
    );
    // `f32`: B just past `MAX_B_BYTES` (`16 × 513`), and the shortest and longest shared
    // dimensions past it; a shared dimension too short, whatever B's size.
    let past = |k: usize| MAX_B_BYTES / (k * 4) + 1;
    wide::<f32>(
        &[
            (16, past(16)),
            (WIDE_MIN_SHARED, past(WIDE_MIN_SHARED) + 6),
            (MAX_SHARED, past(MAX_SHARED) + 7),
            (WIDE_MIN_SHARED - 1, 2 * past(WIDE_MIN_SHARED - 1)),
        ],
        |x| x as f32,
    );
}

/// The cases of [`wide_products_match_the_definition_at_every_offset_of_c`] for one element
/// type: each shared dimension and width of `shapes`, as a wide result or left to the general
/// kernels (none of the shapes fits the other kernels here).
fn wide<T: Copy + PartialEq + core::fmt::Debug>(shapes: &[(usize, usize)], from: fn(f64) -> T) {
    let has = std::arch::is_x86_feature_detected!("avx512f");
    let line = 64 / size_of::<T>();
    let m = WIDE_ROWS;
    for &(k, n) in shapes {
        let av: Vec<f64> = (0..m * k).map(|i| value(i, 1)).collect();
        let bv: Vec<f64> = (0..k * n).map(|i| value(i, 2)).collect();
        let (at, bt): (Vec<T>, Vec<T>) = (
            av.iter().map(|&x| from(x)).collect(),
            bv.iter().map(|&x| from(x)).collect(),
        );
        // B is placed in a buffer of its own, where it starts at C's place or a line before
        // it, modulo `ALIAS_BYTES`: the panels are walked first to last, or last to first.
        let mut b_room: Vec<T> = vec![from(0.0); k * n + ALIAS_BYTES / size_of::<T>()];
        let places = [n, n.next_multiple_of(line), n + 3]
            .into_iter()
            .flat_map(|rs| (0..line).map(move |skip| (rs, skip)));
        for (rs, skip) in places {
            for behind in [false, true] {
                for (alpha, beta) in [(1.0, 0.0), (-3.0, 1.0), (1.0, 2.0)] {
                    let before: Vec<f64> = (0..skip + m * rs + line).map(|i| value(i, 3)).collect();
                    let start = if beta == 0.0 { f64::NAN } else { 0.0 };
                    let mut buf: Vec<T> = before.iter().map(|&x| from(x)).collect();
                    for i in 0..m {
                        for j in 0..n {
                            buf[skip + i * rs + j] = from(before[skip + i * rs + j] + start);
                        }
                    }
                    let c = buf.as_mut_ptr().wrapping_add(skip);
                    let want_gap = if behind { ALIAS_BYTES - 64 } else { 0 };
                    let room = b_room.as_ptr() as usize;
                    let o =
                        (c as usize + want_gap).wrapping_sub(room) % ALIAS_BYTES / size_of::<T>();
                    let b = &mut b_room[o..o + k * n];
                    b.copy_from_slice(&bt);
                    assert_eq!(
                        aliases_behind(b.as_ptr().cast(), c.cast_const().cast()),
                        behind
                    );
                    // SAFETY: the shapes agree, A and B are row-major within their buffers,
                    // and C's positions `skip + i·rs + j` (`j < n ≤ rs`) are distinct and
                    // within `buf`.
                    let taken = unsafe {
                        product(
                            from(alpha),
                            row_major(&at, m, k),
                            row_major(b, k, n),
                            from(beta),
                            c,
                            rs as isize,
                            1,
                        )
                    };
                    let what = format!(
                        "16×{k}×{n}, C's rows {rs} apart from {skip}, β {beta}, B behind {behind}"
                    );
                    let fits = k >= WIDE_MIN_SHARED
                        && n >= WIDE_MIN_COLS
                        && (size_of::<T>() == 8 || k * n * size_of::<T>() > MAX_B_BYTES);
                    // (No shape here is past `WIDE_MAX_B_BYTES`: see the test of the products
                    // left to the general kernels.)
                    assert_eq!(taken, has && fits, "taken: {what}");
                    if !taken {
                        continue;
                    }
                    for (at, (&got, &old)) in buf.iter().zip(&before).enumerate() {
                        let (i, j) = ((at.wrapping_sub(skip)) / rs, (at.wrapping_sub(skip)) % rs);
                        let inside = at >= skip && i < m && j < n;
                        let want = if inside {
                            let dot: f64 = (0..k).map(|kk| av[i * k + kk] * bv[kk * n + j]).sum();
                            alpha * dot + if beta == 0.0 { 0.0 } else { beta * old }
                        } else {
                            old
                        };
                        assert_eq!(got, from(want), "{what}, at [{i}, {j}] (element {at})");
                    }
                }
            }
        }
    }
}

/// Products the kernels above leave, in tiles: every row count to 13 (two blocks of five and
/// a rest) and 64, widths of two to four panels and past them (a second block of panels for
/// `f64`, the general kernels for `f32` past 64 columns), each whole or with a masked last
/// panel, shared dimensions up to `TILE_SHARED` and one past it; A row-major and transposed,
/// C row-major and column-major; `β` 0 (C holding NaN), 1 and 2. Past `TILE_SHARED`,
/// `TILE_COLS` or `TILE_WORK` they are left to the general kernels (`one` checks which).
#[test]
fn tiled_products_match_the_definition() {
    let has = std::arch::is_x86_feature_detected!("avx512f");
    let ms = (1..=13).chain([64]);
    for m in ms {
        for n in [33, 47, 48, 64, 65, 81] {
            for k in [16, MAX_SHARED + 1, 47, TILE_SHARED, TILE_SHARED + 1] {
                for (alpha, beta) in [(1.0, 0.0), (-3.0, 1.0), (1.0, 2.0)] {
                    for a_t in [false, true] {
                        for c_t in [false, true] {
                            one::<f32>(m, k, n, (alpha, beta), (a_t, c_t), has, |x| x as f32);
                            one::<f64>(m, k, n, (alpha, beta), (a_t, c_t), has, |x| x);
                        }
                    }
                }
            }
        }
    }
    // Products at `TILE_WORK` and one row past it.
    let at = TILE_WORK / (TILE_SHARED * 64);
    for m in [at, at + 1] {
        let scalars = (1.0, 0.0);
        one::<f32>(m, TILE_SHARED, 64, scalars, (false, false), has, |x| {
            x as f32
        });
        one::<f64>(m, TILE_SHARED, 64, scalars, (false, false), has, |x| x);
    }
}

#[test]
fn long_or_large_or_strided_products_are_left_to_the_general_kernels() {
    let past = WIDE_MAX_B_BYTES / (WIDE_MIN_SHARED * 4) + 1;
    let (a, b) = (vec![1f32; 2048 * 64], vec![1f32; WIDE_MIN_SHARED * past]);
    let mut c = vec![0f32; WIDE_ROWS * past];
    // A shared dimension past `TILE_SHARED` with two registers' width of 64 rows, or with
    // `PACKED_WORK` multiply-adds; a wide result of more than `WIDE_ROWS` rows with more
    // than `MAX_B_BYTES` of B, and one of `WIDE_ROWS` rows with more than
    // `WIDE_MAX_B_BYTES`; columns of C two apart (neither its rows nor its columns
    // contiguous).
    for (m, k, n, cs) in [
        (64, TILE_SHARED + 1, 32, 1),
        (2048, 64, 16, 1),
        (WIDE_ROWS + 1, 16, 1024, 1),
        (WIDE_ROWS, WIDE_MIN_SHARED, past, 1),
        (16, 16, 8, 2),
    ] {
        // SAFETY: row-major operands within their buffers; C's positions `i·n·cs + j·cs`
        // are distinct and within `c`.
        let taken = unsafe {
            let (rs, cs) = (n as isize * cs, cs);
            product(
                1.0,
                row_major(&a, m, k),
                row_major(&b, k, n),
                0.0,
                c.as_mut_ptr(),
                rs,
                cs,
            )
        };
        assert!(!taken, "{m} × {k} × {n}, C's column stride {cs}");
    }
    assert!(c.iter().all(|&x| x == 0.0), "nothing written");
}
