//! The operations that never panic (the crate docs' "Firmware: the subset that never panics"),
//! driven on the host through adversarial inputs: empty shapes, sizes at and past `isize::MAX`,
//! products that overflow `usize`, indices and axes out of range, mismatched shapes. Every call
//! must return (a panic fails the test), each `Err` must be of the kind the inputs call for, and
//! each `Ok` must be right: views valid for their storage, with the elements they should have.
//! (`firmware/src/bin/panic_free.rs` proves at link time that no panic path is left; this file
//! checks the answers over many more inputs.)

use ranked::{ArrayTensor, Axis, ErrorKind, INFER, ShapeError, TensorView, TensorViewMut, s};

/// Sizes, indices and offsets that break careless arithmetic.
const NUMBERS: [usize; 10] = [
    0,
    1,
    2,
    3,
    7,
    isize::MAX as usize,
    isize::MAX as usize + 1,
    usize::MAX / 2 + 7,
    usize::MAX - 1,
    usize::MAX,
];

/// The element count of `shape`, `None` if it overflows (`Some(0)` with a zero anywhere).
fn count(shape: &[usize]) -> Option<usize> {
    if shape.contains(&0) {
        return Some(0);
    }
    shape.iter().try_fold(1usize, |n, &d| n.checked_mul(d))
}

fn none_f32() -> [f32; 0] {
    []
}

fn data() -> [f32; 24] {
    core::array::from_fn(|i| i as f32)
}

/// `v`'s layout is valid for a storage of `len` elements (invariant 1).
fn valid<const R: usize>(v: &TensorView<'_, f32, R>, len: usize) -> bool {
    v.layout().validate(len).is_ok()
}

fn kind<T>(r: &Result<T, ShapeError>) -> Option<ErrorKind> {
    r.as_ref().err().map(|e| e.kind())
}

#[test]
fn views_over_slices_fit_exactly_or_fail() {
    let d = data();
    for a in NUMBERS {
        for b in NUMBERS {
            for c in NUMBERS {
                let r = TensorView::from_slice(&d, [a, b, c]);
                // `INFER` (`usize::MAX`) in a shape without a size 0 is the size that makes
                // the shape hold the 24 elements.
                let inferred = [a, b, c].iter().filter(|&&n| n == INFER).count();
                if inferred > 0 && ![a, b, c].contains(&0) {
                    let others = count(&[a, b, c].map(|n| if n == INFER { 1 } else { n }));
                    let want = match (inferred, others) {
                        (1, Some(k)) if 24 % k == 0 => None,
                        (1, Some(_)) => Some(ErrorKind::NotDivisible),
                        (1, None) => Some(ErrorKind::Overflow),
                        _ => Some(ErrorKind::MultipleInferred),
                    };
                    assert_eq!(kind(&r), want, "{:?}", [a, b, c]);
                    if let Ok(v) = r {
                        assert!(valid(&v, 24) && v.len() == 24, "{:?}", [a, b, c]);
                    }
                    continue;
                }
                let fits = count(&[a, b, c]) == Some(24);
                assert_eq!(r.is_ok(), fits, "{:?}", [a, b, c]);
                // Element counts and axes past `isize::MAX` are overflow, whatever the length.
                let huge_axis = [a, b, c].iter().any(|&n| n > isize::MAX as usize);
                match count(&[a, b, c]) {
                    Some(24) => assert!(valid(&r.unwrap(), 24)),
                    Some(n) if n <= isize::MAX as usize && !huge_axis => {
                        assert_eq!(kind(&r), Some(ErrorKind::LengthMismatch))
                    }
                    Some(n) if n <= isize::MAX as usize => assert!(matches!(
                        kind(&r),
                        Some(ErrorKind::LengthMismatch | ErrorKind::Overflow)
                    )),
                    _ => assert_eq!(kind(&r), Some(ErrorKind::Overflow), "{:?}", [a, b, c]),
                }
                let mut m = d;
                let r = TensorViewMut::from_slice_mut(&mut m, [a, b, c]);
                assert_eq!(r.is_ok(), fits);
            }
        }
    }
}

#[test]
fn fixed_storage_fits_exactly_or_fails() {
    for a in NUMBERS {
        for b in NUMBERS {
            let fits = count(&[a, b]) == Some(6);
            let z = ArrayTensor::<f32, 6, 2>::zeros([a, b]);
            assert_eq!(z.is_ok(), fits, "{a} {b}");
            let f = ArrayTensor::<f32, 6, 2>::full([a, b], 2.0);
            assert_eq!(f.as_ref().map(|t| t.sum()).ok(), fits.then_some(12.0));
            let mut calls = 0;
            let g = ArrayTensor::<usize, 6, 2>::from_fn([a, b], |[i, j]| {
                calls += 1;
                i * 10 + j
            });
            assert_eq!(g.is_ok(), fits);
            assert_eq!(calls, if fits { 6 } else { 0 });
            if count(&[a, b]).is_none() {
                assert_eq!(kind(&z), Some(ErrorKind::Overflow));
            }
        }
    }
}

#[test]
fn element_access_is_some_exactly_in_bounds() {
    let mut d = data();
    let shape = [2, 3, 4];
    for i in NUMBERS {
        for j in NUMBERS {
            for k in NUMBERS {
                let inside = i < 2 && j < 3 && k < 4;
                let v = TensorView::from_slice(&d, shape).unwrap();
                let want = inside.then(|| (12 * i + 4 * j + k) as f32);
                assert_eq!(v.get([i, j, k]).copied(), want);
                // The same through views that walk backwards and skip.
                let f = v.flip(Axis::<0>).reversed_axes();
                assert_eq!(
                    f.get([k, j, i]).copied(),
                    inside.then(|| (12 * (1 - i) + 4 * j + k) as f32)
                );
                let mut m = TensorViewMut::from_slice_mut(&mut d, shape).unwrap();
                assert_eq!(m.get_mut([i, j, k]).is_some(), inside);
            }
        }
    }
}

#[test]
fn view_operations_reject_what_they_cannot_do() {
    let d = data();
    let a = TensorView::from_slice(&d, [2, 3, 4]).unwrap();
    let axes = [0, 1, 2, 3, usize::MAX];
    for x in axes {
        for y in axes {
            for z in axes {
                let r = a.permute([x, y, z]);
                let is_perm = x < 3 && y < 3 && z < 3 && x != y && y != z && x != z;
                assert_eq!(r.is_ok(), is_perm);
                match r {
                    Ok(p) => assert!(valid(&p, 24) && p.sum() == 276.0),
                    Err(e) => assert!(matches!(
                        e.kind(),
                        ErrorKind::InvalidAxis | ErrorKind::RepeatedAxis
                    )),
                }
            }
        }
    }
    for n in NUMBERS {
        let selected = a.select(Axis::<2>, n);
        assert_eq!(selected.is_ok(), n < 4);
        if n >= 4 {
            assert_eq!(kind(&selected), Some(ErrorKind::IndexOutOfBounds));
        }
        let split = a.split_at(Axis::<1>, n);
        assert_eq!(split.is_ok(), n <= 3);
        if let Ok((x, y)) = split {
            assert!(valid(&x, 24) && valid(&y, 24));
            assert_eq!(x.sum() + y.sum(), 276.0);
        }
        for len in NUMBERS {
            let r = a.narrow(Axis::<2>, n, len);
            let fits = n.checked_add(len).is_some_and(|end| end <= 4);
            assert_eq!(r.is_ok(), fits, "narrow {n} {len}");
            if let Ok(v) = r {
                assert!(valid(&v, 24));
                assert_eq!(v.shape(), &[2, 3, len]);
            }
        }
    }
    // Squeezing an axis longer than 1, broadcasting to sizes that do not fit or overflow.
    assert_eq!(kind(&a.squeeze(Axis::<0>)), Some(ErrorKind::SizeMismatch));
    let u = a.unsqueeze(Axis::<3>);
    assert!(u.squeeze(Axis::<3>).is_ok_and(|v| v.shape() == &[2, 3, 4]));
    for x in NUMBERS {
        for y in NUMBERS {
            let r = a.broadcast_to([x, y, 3, 4]);
            let want = count(&[x, 2, 3, 4]).filter(|_| y == 2);
            assert_eq!(
                r.as_ref().ok().map(|v| v.len()),
                want,
                "broadcast to [{x}, {y}, 3, 4]"
            );
            match r {
                Ok(v) => assert!(valid(&v, 24)),
                Err(e) => assert!(matches!(
                    e.kind(),
                    ErrorKind::BroadcastMismatch | ErrorKind::Overflow
                )),
            }
        }
    }
    // Diagonals with offsets far beyond the axes are empty, never out of bounds.
    for offset in [isize::MIN, -5, -1, 0, 1, 3, 4, isize::MAX] {
        let v = a.diagonal(offset, Axis::<1>, Axis::<2>);
        assert!(valid(&v, 24));
        let want = if offset >= 0 {
            3.min(4usize.saturating_sub(offset.unsigned_abs()))
        } else {
            3usize.saturating_sub(offset.unsigned_abs()).min(4)
        };
        assert_eq!(v.shape(), &[2, want]);
    }
}

#[test]
fn slicing_and_reshaping_check_every_bound() {
    let d = data();
    let a = TensorView::from_slice(&d, [2, 3, 4]).unwrap();
    for lo in NUMBERS {
        for hi in NUMBERS {
            let r = a.slice(s![.., lo..hi, ..]);
            assert_eq!(r.is_ok(), lo <= hi && hi <= 3, "{lo}..{hi}");
            if let Ok(v) = r {
                assert!(valid(&v, 24));
            }
            let r = a.slice(s![.., .., lo..;-1]);
            if let Ok(v) = r {
                assert!(valid(&v, 24));
            }
        }
    }
    assert_eq!(kind(&a.slice(s![.., .., ..;0])), Some(ErrorKind::ZeroStep));
    for x in NUMBERS {
        for y in NUMBERS {
            let r = a.reshape_view([x, y]);
            let inferred = [x, y].iter().filter(|&&n| n == INFER).count();
            let ok = match inferred {
                0 => count(&[x, y]) == Some(24),
                1 => {
                    let known = if x == INFER { y } else { x };
                    known != 0 && 24 % known == 0
                }
                _ => false,
            };
            assert_eq!(r.is_ok(), ok, "reshape to [{x}, {y}]");
            match r {
                Ok(v) => assert!(valid(&v, 24) && v.len() == 24),
                Err(e) => assert!(matches!(
                    e.kind(),
                    ErrorKind::CountMismatch
                        | ErrorKind::Overflow
                        | ErrorKind::MultipleInferred
                        | ErrorKind::CannotInfer
                )),
            }
            // No rank-2 shape is a view of the transposed tensor: always an error.
            assert!(a.reversed_axes().reshape_view([x, y]).is_err());
        }
    }
}

#[test]
fn writes_check_shapes_and_leave_the_target_alone_on_error() {
    let d = data();
    let a = TensorView::from_slice(&d, [2, 3, 4]).unwrap();
    let mut out = [9.0f32; 24];
    let mut o = TensorViewMut::from_slice_mut(&mut out, [2, 3, 4]).unwrap();
    let wrong = TensorView::from_slice(&d[..12], [3, 4, 1]).unwrap();
    assert_eq!(kind(&o.copy_from(&wrong)), Some(ErrorKind::SizeMismatch));
    assert_eq!(
        kind(&o.try_assign(&wrong)),
        Some(ErrorKind::BroadcastMismatch)
    );
    assert_eq!(
        kind(&o.try_assign_zip(&a, &wrong, |x, y| x + y)),
        Some(ErrorKind::BroadcastMismatch)
    );
    assert_eq!(o.sum(), 9.0 * 24.0);
    let empty = a.narrow(Axis::<1>, 3, 0).unwrap();
    assert_eq!(kind(&o.copy_from(&empty)), Some(ErrorKind::SizeMismatch));
    // Writes through empty views are no-ops.
    let mut nothing: [f32; 0] = [];
    let mut e = TensorViewMut::from_slice_mut(&mut nothing, [0, usize::MAX, 3]).unwrap();
    e.fill(1.0);
    e.map_inplace(|x| *x += 1.0);
    e *= 2.0;
    let no_data = none_f32();
    let source = TensorView::from_slice(&no_data, [0, usize::MAX, 3]).unwrap();
    assert!(e.copy_from(&source).is_ok());
    assert_eq!(kind(&e.copy_from(&empty)), Some(ErrorKind::SizeMismatch));
    assert_eq!(e.sum(), 0.0);
    // The in-place forms over a view that walks backwards.
    o.copy_from(&a.flip(Axis::<2>)).unwrap();
    o -= 1.0;
    o /= 2.0;
    assert_eq!(o.get([0, 0, 0]), Some(&1.0));
    o.mapv_inplace(|x| 2.0 * x + 1.0);
    for x in o.iter_mut() {
        *x -= 1.0;
    }
    assert_eq!(o.iter().copied().sum::<f32>(), 276.0 - 24.0);
    // Infallible view operations keep every element in place.
    let m = TensorView::from_slice(&d[..6], [2, 3]).unwrap();
    assert_eq!(m.t().get([2, 1]), Some(&5.0));
    assert_eq!(
        a.swap_axes(Axis::<0>, Axis::<2>).get([3, 2, 1]),
        Some(&23.0)
    );
    assert_eq!(a.unsqueeze(Axis::<1>).shape(), &[2, 1, 3, 4]);
}

#[test]
fn reductions_of_nothing_are_errors_or_identities() {
    let none: [f32; 0] = [];
    for shape in [[0, 3, 4], [2, 0, 4], [usize::MAX, 0, 7]] {
        let e = TensorView::from_slice(&none, shape).unwrap();
        assert_eq!((e.sum(), e.product()), (0.0, 1.0));
        assert_eq!(e.fold(5.0, |a, &x| a + x), 5.0);
        assert_eq!(kind(&e.try_min()), Some(ErrorKind::Empty));
        assert_eq!(kind(&e.try_max()), Some(ErrorKind::Empty));
        assert!(e.try_mean().unwrap().is_nan());
        let ints = TensorView::from_slice(&[0u16; 0], shape).unwrap();
        assert_eq!(kind(&ints.try_mean()), Some(ErrorKind::Empty));
        assert_eq!(kind(&e.try_argmin()), Some(ErrorKind::Empty));
        assert_eq!(kind(&e.try_argmax()), Some(ErrorKind::Empty));
    }
    // NaN propagates through min and max, whichever run holds it.
    let mut d = data();
    d[17] = f32::NAN;
    let a = TensorView::from_slice(&d, [2, 3, 4]).unwrap();
    assert!(a.try_max().unwrap().is_nan() && a.flip(Axis::<0>).try_min().unwrap().is_nan());
}

/// Variances and standard deviations along an axis into caller storage: as the allocating
/// `var_axis`/`std_axis` over every axis of a permuted, reversed layout, NaN where `n − ddof`
/// is not positive, NaN for lanes of no elements, and a wrong `out` refused and left alone.
#[test]
fn variances_along_an_axis_into_storage_match_the_allocating_forms() {
    let mut d = [0.0f64; 24];
    d.iter_mut()
        .enumerate()
        .for_each(|(i, x)| *x = ((i * 7) % 11) as f64 - 3.5);
    let a = TensorView::from_slice(&d, [2, 3, 4]).unwrap();
    let p = a.permute([2, 0, 1]).unwrap().flip(Axis::<1>);
    for ddof in [0, 1, 2, 3, 4, usize::MAX] {
        let mut out = ArrayTensor::<f64, 8, 2>::zeros([4, 2]).unwrap();
        p.var_axis_into(Axis::<2>, ddof, &mut out).unwrap();
        let want = p.var_axis(Axis::<2>, ddof).unwrap();
        for (x, y) in out.iter().zip(want.iter()) {
            assert!(x == y || (x.is_nan() && y.is_nan()), "{ddof}: {x} {y}");
        }
        let mut out = ArrayTensor::<f64, 6, 2>::zeros([2, 3]).unwrap();
        a.std_axis_into(Axis::<2>, ddof, &mut out).unwrap();
        let want = a.std_axis(Axis::<2>, ddof).unwrap();
        for (x, y) in out.iter().zip(want.iter()) {
            assert!(
                (x - y).abs() < 1e-12 || (x.is_nan() && y.is_nan()),
                "{ddof}: {x} {y}"
            );
        }
    }
    let mut wrong = ArrayTensor::<f64, 8, 2>::full([2, 4], 9.0).unwrap();
    let err = a.var_axis_into(Axis::<2>, 0, &mut wrong).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::SizeMismatch);
    assert!(wrong.iter().all(|&x| x == 9.0));
    let none: [f64; 0] = [];
    let e = TensorView::from_slice(&none, [2, 0, 3]).unwrap();
    let mut out = ArrayTensor::<f64, 6, 2>::zeros([2, 3]).unwrap();
    e.std_axis_into(Axis::<1>, 0, &mut out).unwrap();
    assert!(out.iter().all(|x| x.is_nan()));
}

/// `copy_where` (NumPy's `copyto(dst, src, where=mask)`): masks and sources broadcast from
/// every lower rank, over a reversed destination; shapes that do not broadcast are refused and
/// leave the destination alone.
#[test]
fn masked_copies_broadcast_or_leave_the_target_alone() {
    let d = data();
    let a = TensorView::from_slice(&d, [2, 3, 4]).unwrap();
    let bits: [bool; 4] = [true, false, false, true];
    let columns = TensorView::from_slice(&bits, [4]).unwrap();
    let mut out = [-1.0f32; 24];
    let mut o = TensorViewMut::from_slice_mut(&mut out, [2, 3, 4]).unwrap();
    o.view_mut()
        .flip(Axis::<0>)
        .copy_where(&a.flip(Axis::<0>), &columns)
        .unwrap();
    for (i, &x) in o.iter().enumerate() {
        let want = if bits[i % 4] { i as f32 } else { -1.0 };
        assert_eq!(x, want, "{i}");
    }
    // A scalar source (rank 0) where a full mask holds.
    let seven = [7.0f32];
    let scalar = TensorView::from_slice(&seven, []).unwrap();
    let mut full = [false; 24];
    full[5] = true;
    let m = TensorView::from_slice(&full, [2, 3, 4]).unwrap();
    o.copy_where(&scalar, &m).unwrap();
    assert_eq!(o.get([0, 1, 1]), Some(&7.0));
    let before: Vec<f32> = o.iter().copied().collect();
    let wrong_mask = TensorView::from_slice(&bits[..3], [3]).unwrap();
    assert_eq!(
        kind(&o.copy_where(&a, &wrong_mask)),
        Some(ErrorKind::BroadcastMismatch)
    );
    let wrong_src = TensorView::from_slice(&d[..12], [3, 4, 1]).unwrap();
    assert_eq!(
        kind(&o.copy_where(&wrong_src, &m)),
        Some(ErrorKind::BroadcastMismatch)
    );
    assert_eq!(o.iter().copied().collect::<Vec<_>>(), before);
}

/// Windows of every size and step, variances with every `ddof`, and clipping with bounds in
/// either order or NaN: errors of the right kind, never a panic, and values as NumPy's
/// (`sliding_window_view`, `var`, `clip`).
#[test]
fn windows_variances_and_clipping_take_any_input() {
    let d = data();
    let a = TensorView::from_slice(&d, [2, 3, 4]).unwrap();
    for size in NUMBERS {
        for step in NUMBERS {
            let r = a.unfold(Axis::<2>, size, step);
            match (size, step) {
                (_, 0) => assert_eq!(kind(&r), Some(ErrorKind::ZeroStep)),
                (s, _) if s > 4 => assert_eq!(kind(&r), Some(ErrorKind::RangeOutOfBounds)),
                (s, t) => {
                    let w = r.unwrap();
                    // As NumPy, windows of size 0 number one more than the axis is long.
                    let windows = (4 - s) / t + 1;
                    assert!(w.layout().validate(24).is_ok(), "{s} {t}");
                    assert_eq!(w.shape(), &[2, 3, windows, s], "{s} {t}");
                    // Window k of row (i, j) starts at element 12i + 4j + kt.
                    for (idx, &x) in w.indexed_iter() {
                        let [i, j, k, e] = idx;
                        assert_eq!(x, (12 * i + 4 * j + k * t + e) as f32);
                    }
                }
            }
        }
    }
    // 0, …, 23: a population variance of 575 / 12; NaN where n − ddof is not positive.
    for ddof in NUMBERS {
        let v = a.var(ddof).unwrap();
        match 24usize.checked_sub(ddof).filter(|&n| n > 0) {
            Some(n) => assert!((v - 575.0 / 12.0 * 24.0 / n as f32).abs() < 1e-3, "{ddof}"),
            None => assert!(v.is_nan(), "{ddof}"),
        }
    }
    for ddof in [f64::NAN, f64::INFINITY, -1.0, 23.5, 24.0] {
        let s = a.std(ddof).unwrap();
        assert_eq!(s.is_nan(), ddof.is_nan() || ddof >= 24.0, "{ddof}");
    }
    assert!(
        TensorView::from_slice(&none_f32(), [0, 3])
            .unwrap()
            .var(0)
            .unwrap()
            .is_nan()
    );
    // Bounds in either order (the upper one wins, as NumPy's), one bound, a NaN bound.
    let mut out = d;
    let mut o = TensorViewMut::from_slice_mut(&mut out, [2, 3, 4]).unwrap();
    o.clamp_inplace(10.0, 5.0);
    assert!(o.iter().all(|&x| x == 5.0));
    o.copy_from(&a).unwrap();
    o.clip_inplace(Some(20.0), None);
    assert_eq!(o.sum(), 20.0 * 21.0 + 21.0 + 22.0 + 23.0);
    o.clamp_inplace(f32::NAN, 1.0);
    assert!(o.iter().all(|x| x.is_nan()));
}

#[test]
fn reductions_and_products_into_caller_storage_check_the_output() {
    let d = data();
    let a = TensorView::from_slice(&d, [2, 3, 4]).unwrap();
    let mut sums = ArrayTensor::<f32, 6, 2>::zeros([2, 3]).unwrap();
    a.sum_axis_into(Axis::<2>, &mut sums).unwrap();
    assert_eq!(sums.get([1, 2]), Some(&86.0));
    let mut wrong = ArrayTensor::<f32, 6, 2>::zeros([3, 2]).unwrap();
    let err = a.sum_axis_into(Axis::<2>, &mut wrong).unwrap_err();
    assert_eq!(
        (err.kind(), err.operand()),
        (ErrorKind::SizeMismatch, Some(1))
    );
    assert_eq!(wrong.sum(), 0.0);
    let err = a
        .fold_axis_into(Axis::<0>, 0.0, |m, &x| m + x, &mut wrong)
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::SizeMismatch);
    // An empty reduced axis gives the initial value (sum 0) in every output element.
    let none: [f32; 0] = [];
    let e = TensorView::from_slice(&none, [2, 3, 0]).unwrap();
    sums.fill(7.0);
    e.sum_axis_into(Axis::<2>, &mut sums).unwrap();
    assert_eq!(sums.sum(), 0.0);

    let w = TensorView::from_slice(&d[..6], [2, 3]).unwrap();
    let x = TensorView::from_slice(&d[..12], [3, 4]).unwrap();
    let mut c = [0.0f32; 8];
    let mut cv = TensorViewMut::from_slice_mut(&mut c, [2, 4]).unwrap();
    w.matmul_into(&x, &mut cv).unwrap();
    assert_eq!(cv.get([1, 3]), Some(&(3.0 * 3.0 + 4.0 * 7.0 + 5.0 * 11.0)));
    assert_eq!(
        kind(&x.matmul_into(&w, &mut cv)),
        Some(ErrorKind::SizeMismatch)
    );
    let mut small = [0.0f32; 2];
    let mut sv = TensorViewMut::from_slice_mut(&mut small, [2, 1]).unwrap();
    let err = w.matmul_into(&x, &mut sv).unwrap_err();
    assert_eq!(
        (err.kind(), err.operand()),
        (ErrorKind::SizeMismatch, Some(2))
    );
    // Matrix · vector, and products of empty operands (all zeros).
    let v = TensorView::from_slice(&d[..3], [3]).unwrap();
    let mut y = [9.0f32; 2];
    let mut yv = TensorViewMut::from_slice_mut(&mut y, [2]).unwrap();
    w.matmul_into(&v, &mut yv).unwrap();
    assert_eq!(yv.get([0]), Some(&5.0));
    let e0 = TensorView::from_slice(&none, [2, 0]).unwrap();
    let e1 = TensorView::from_slice(&none, [0, 4]).unwrap();
    cv.fill(1.0);
    e0.matmul_into(&e1, &mut cv).unwrap();
    assert_eq!(cv.sum(), 0.0);
}

#[test]
fn axis_iteration_refuses_interleaved_mutable_pieces() {
    let d = data();
    let a = TensorView::from_slice(&d, [2, 3, 4]).unwrap();
    assert_eq!(a.outer_iter().map(|m| m.sum()).sum::<f32>(), 276.0);
    assert_eq!(a.axis_iter(Axis::<2>).len(), 4);
    assert_eq!(a.try_lanes(Axis::<1>).unwrap().len(), 8);
    let mut m = data();
    let mut o = TensorViewMut::from_slice_mut(&mut m, [2, 3, 4]).unwrap();
    assert_eq!(
        o.try_axis_iter_mut(Axis::<2>).err().map(|e| e.kind()),
        Some(ErrorKind::Interleaved)
    );
    for mut block in o.try_outer_iter_mut().unwrap() {
        block.fill(1.0);
    }
    assert_eq!(o.sum(), 24.0);
    // Size-0 axes: no pieces, no panics.
    let none: [f32; 0] = [];
    let e = TensorView::from_slice(&none, [0, usize::MAX, 2]).unwrap();
    assert_eq!(e.outer_iter().len(), 0);
    assert_eq!(e.axis_iter(Axis::<1>).len(), usize::MAX);
}

#[test]
fn axis_reductions_into_match_the_allocating_forms() {
    use ranked::Tensor;
    let t = Tensor::from_fn([3, 4, 5], |[i, j, k]| {
        ((7 * i + 3 * j + k) % 11) as f64 - 4.0
    });
    // A permuted view that walks one axis backwards, so lanes are strided both ways.
    let v = t.view().permute([2, 0, 1]).unwrap().flip(Axis::<1>);
    let mut out = ArrayTensor::<f64, 20, 2>::zeros([5, 4]).unwrap();
    v.mean_axis_into(Axis::<1>, &mut out).unwrap();
    assert!(out.iter().eq(v.mean_axis(Axis::<1>).iter()));
    v.min_axis_into(Axis::<1>, &mut out).unwrap();
    assert!(out.iter().eq(v.try_min_axis(Axis::<1>).unwrap().iter()));
    v.max_axis_into(Axis::<1>, &mut out).unwrap();
    assert!(out.iter().eq(v.try_max_axis(Axis::<1>).unwrap().iter()));
    v.prod_axis_into(Axis::<1>, &mut out).unwrap();
    let products = v.fold_axis(Axis::<1>, 1.0, |a, &x| a * x);
    assert!(out.iter().eq(products.iter()));
    // Into a transposed output view.
    let mut buffer = [0.0f64; 20];
    let mut transposed = TensorViewMut::from_slice_mut(&mut buffer, [4, 5])
        .unwrap()
        .t();
    v.max_axis_into(Axis::<1>, &mut transposed).unwrap();
    assert!(
        transposed
            .iter()
            .eq(v.try_max_axis(Axis::<1>).unwrap().iter())
    );

    // Wrong outputs are errors naming operand 1, and leave the output alone.
    let mut wrong = ArrayTensor::<f64, 20, 2>::full([4, 5], 9.0).unwrap();
    for r in [
        v.mean_axis_into(Axis::<1>, &mut wrong),
        v.min_axis_into(Axis::<1>, &mut wrong),
        v.max_axis_into(Axis::<1>, &mut wrong),
        v.prod_axis_into(Axis::<1>, &mut wrong),
    ] {
        let e = r.unwrap_err();
        assert_eq!((e.kind(), e.operand()), (ErrorKind::SizeMismatch, Some(1)));
    }
    assert_eq!(wrong.sum(), 9.0 * 20.0);

    // An empty reduced axis with lanes to fill: min, max and the mean of integers are errors
    // naming the axis; the mean of floats is NaN and the product 1 in every element. With no
    // lanes at all there is nothing to do.
    let none: [f64; 0] = [];
    let e = TensorView::from_slice(&none, [2, 0, 3]).unwrap();
    let mut out = ArrayTensor::<f64, 6, 2>::full([2, 3], 9.0).unwrap();
    for r in [
        e.min_axis_into(Axis::<1>, &mut out),
        e.max_axis_into(Axis::<1>, &mut out),
    ] {
        let err = r.unwrap_err();
        assert_eq!((err.kind(), err.axis()), (ErrorKind::Empty, Some(1)));
    }
    assert_eq!(out.sum(), 54.0);
    let ints = TensorView::from_slice(&[0i8; 0], [2, 0, 3]).unwrap();
    let mut int_out = ArrayTensor::<i8, 6, 2>::full([2, 3], 9).unwrap();
    let err = ints.mean_axis_into(Axis::<1>, &mut int_out).unwrap_err();
    assert_eq!((err.kind(), err.axis()), (ErrorKind::Empty, Some(1)));
    assert!(int_out.iter().all(|&x| x == 9));
    e.mean_axis_into(Axis::<1>, &mut out).unwrap();
    assert!(out.iter().all(|x| x.is_nan()));
    e.prod_axis_into(Axis::<1>, &mut out).unwrap();
    assert_eq!(out.sum(), 6.0);
    let mut nothing = ArrayTensor::<f64, 0, 2>::zeros([0, 3]).unwrap();
    let lanes_none = TensorView::from_slice(&none, [0, usize::MAX, 3]).unwrap();
    assert!(lanes_none.max_axis_into(Axis::<1>, &mut nothing).is_ok());
    assert!(lanes_none.mean_axis_into(Axis::<1>, &mut nothing).is_ok());
    // NaN propagates along every lane that holds one.
    let d = [1.0, f64::NAN, 3.0, 4.0];
    let m = TensorView::from_slice(&d, [2, 2]).unwrap();
    let mut out = ArrayTensor::<f64, 2, 1>::zeros([2]).unwrap();
    m.max_axis_into(Axis::<1>, &mut out).unwrap();
    assert!(out.get([0]).unwrap().is_nan() && out.get([1]) == Some(&4.0));
    m.min_axis_into(Axis::<0>, &mut out).unwrap();
    assert!(out.get([0]) == Some(&1.0) && out.get([1]).unwrap().is_nan());
}

/// `einsum_into!` with one or two operands over every combination of small sizes, including
/// 0 and the size 1 that broadcasts: each result is the product computed here element by
/// element, each error leaves the output as it was; views of sizes past `isize::MAX` (by
/// broadcasting) are refused, never a panic.
#[test]
fn einsum_into_storage_contracts_or_leaves_the_output_alone() {
    let d = data();
    // Every size of m, k, k2, n in 0..4.
    for c in 0..256 {
        let (m, k, k2, n) = (c / 64, c / 16 % 4, c / 4 % 4, c % 4);
        let a = TensorView::from_slice(&d[..m * k], [m, k]).unwrap();
        let b = TensorView::from_slice(&d[..k2 * n], [k2, n]).unwrap();
        for (rows, cols) in [(m, n), (m + 1, n), (m, n + 1)] {
            let mut room = [-7.0f32; 16];
            let mut out =
                TensorViewMut::from_slice_mut(&mut room[..rows * cols], [rows, cols]).unwrap();
            let r = ranked::einsum_into!(&mut out, "ij,jk->ik", a, b);
            // NumPy: an index of size 1 broadcasts against another size; the output's shape
            // is the spec's exactly.
            let inner_fits = k == k2 || k == 1 || k2 == 1;
            let sum_len = if k == 1 { k2 } else { k };
            if inner_fits && (rows, cols) == (m, n) {
                r.unwrap();
                for i in 0..m {
                    for j in 0..n {
                        let want: f32 = (0..sum_len)
                            .map(|l| {
                                let x = a.get([i, if k == 1 { 0 } else { l }]).unwrap();
                                let y = b.get([if k2 == 1 { 0 } else { l }, j]).unwrap();
                                x * y
                            })
                            .sum();
                        assert_eq!(out.get([i, j]), Some(&want), "{m} {k} {k2} {n}");
                    }
                }
            } else {
                assert_eq!(kind(&r), Some(ErrorKind::SizeMismatch), "{m} {k} {k2} {n}");
                assert!(room.iter().all(|&x| x == -7.0), "{m} {k} {k2} {n}");
            }
        }
    }
    // A trace needs a square; a sum over an axis any shape.
    let a = TensorView::from_slice(&d, [4, 6]).unwrap();
    let mut trace = [0.0f32];
    let mut t = TensorViewMut::from_slice_mut(&mut trace, []).unwrap();
    assert_eq!(
        kind(&ranked::einsum_into!(&mut t, "ii->", a)),
        Some(ErrorKind::SizeMismatch)
    );
    let square = a.narrow(Axis::<1>, 0, 4).unwrap();
    ranked::einsum_into!(&mut t, "ii->", square).unwrap();
    assert_eq!(trace, [0.0 + 7.0 + 14.0 + 21.0]);
    // Sizes past `isize::MAX` by broadcasting: refused where made, and never contracted.
    let row = TensorView::from_slice(&d[..3], [1, 3]).unwrap();
    for huge in NUMBERS {
        let Ok(tall) = row.broadcast_to([huge, 3]) else {
            continue;
        };
        let mut room = [0.0f32; 6];
        let mut out = TensorViewMut::from_slice_mut(&mut room, [2, 3]).unwrap();
        let r = ranked::einsum_into!(&mut out, "ij,ij->ij", tall, tall);
        assert_eq!(r.is_ok(), huge == 2, "{huge}");
        let mut sums = [0.0f32; 3];
        let mut s = TensorViewMut::from_slice_mut(&mut sums, [3]).unwrap();
        let r = ranked::einsum_into!(&mut s, "ij->j", tall);
        if huge <= 7 {
            r.unwrap();
            assert_eq!(sums, [0.0, huge as f32, 2.0 * huge as f32]);
        }
    }
}

/// The operations named in a row of the never-panic table (the crate docs' "Firmware: the subset
/// that never panics"): every code span of its second column.
fn table_operations(crate_docs: &str) -> Vec<String> {
    let rows = crate_docs
        .lines()
        .map(|l| l.trim_start_matches("//!").trim())
        .skip_while(|l| !l.starts_with("| need | operations |"))
        .skip(2)
        .take_while(|l| l.starts_with('|'));
    let mut names = Vec::new();
    for row in rows {
        let operations = row.split('|').nth(2).expect("a row has two columns");
        for (i, span) in operations.split('`').enumerate() {
            // Code spans, but not the keywords of "in a `const` or `static`".
            if i % 2 == 1 && span != "const" && span != "static" {
                names.push(span.to_string());
            }
        }
    }
    names
}

/// How the proof calls `name`: `name!(`, `Type::method(` (or `Type::<…>::method(`), ` op ` for
/// an operator, `.name(`.
fn called(proof: &str, name: &str) -> bool {
    if let Some(mac) = name.strip_suffix('!') {
        proof.contains(&format!("{mac}!(")) || proof.contains(&format!("{mac}!["))
    } else if let Some((ty, method)) = name.split_once("::") {
        proof.contains(&format!("{name}("))
            || proof.match_indices(&format!("{ty}::<")).any(|(at, _)| {
                proof[at..]
                    .lines()
                    .next()
                    .is_some_and(|l| l.contains(&format!(">::{method}(")))
            })
    } else if name.chars().all(|c| "+-*/=".contains(c)) {
        proof.contains(&format!(" {name} "))
    } else {
        proof.contains(&format!(".{name}("))
    }
}

/// The table of the subset that never panics promises no more than the link-time proof shows:
/// `firmware/src/bin/panic_free.rs` calls every operation the table names.
#[test]
fn the_never_panic_table_is_what_the_proof_calls() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let docs = std::fs::read_to_string(root.join("src/lib.rs")).expect("readable crate docs");
    let proof = std::fs::read_to_string(root.join("firmware/src/bin/panic_free.rs"))
        .expect("readable proof");
    let names = table_operations(&docs);
    assert!(
        names.len() > 50 && names.iter().any(|n| n == "matmul_into"),
        "the table was read: {names:?}"
    );
    let missing: Vec<&String> = names.iter().filter(|n| !called(&proof, n)).collect();
    assert!(
        missing.is_empty(),
        "the never-panic table names operations the proof does not call: {missing:?}"
    );
    assert!(!called("x.sum_axis(a)", "sum_axis_into"));
    assert!(called("v.slice(s![.., 1])", "s!"));
    assert!(called(
        "ArrayTensor::<f32, 6, 2>::zeros([2, 3])",
        "ArrayTensor::zeros"
    ));
    assert!(!called(
        "ArrayTensor::<f32, 6, 2>::full([2, 3])",
        "ArrayTensor::zeros"
    ));
}

/// The firmware guide's table of sizes covers the whole never-panic table:
/// `firmware/src/bin/op_size.rs` has a probe for every operation the table names (a line
/// `"name" =>` or `"a" | "name" =>` of its `probes!`, or a `size_op = "name"` of its own).
#[test]
fn every_table_operation_has_a_size_probe() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let docs = std::fs::read_to_string(root.join("src/lib.rs")).expect("readable crate docs");
    let probes =
        std::fs::read_to_string(root.join("firmware/src/bin/op_size.rs")).expect("readable probes");
    let probed = |name: &str| {
        let quoted = format!("\"{name}\"");
        probes.contains(&format!("#[cfg(size_op = {quoted})]"))
            || probes.lines().any(|l| {
                let l = l.trim_start();
                l.starts_with('"')
                    && l.split_once(" =>")
                        .is_some_and(|(names, _)| names.split(" | ").any(|n| n == quoted))
            })
    };
    let names = table_operations(&docs);
    let missing: Vec<&String> = names.iter().filter(|n| !probed(n)).collect();
    assert!(
        missing.is_empty(),
        "operations of the never-panic table without a size probe: {missing:?}"
    );
    assert!(probed("matmul_into") && probed("s!") && probed("TensorView::from_slice"));
    assert!(!probed("sum_axis"));
}
