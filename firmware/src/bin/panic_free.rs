//! The link-time proof that `ranked`'s firmware subset cannot panic.
//!
//! Its panic handler calls `ranked_subset_has_a_panic_path`, a function that is defined
//! nowhere. The optimiser removes the handler only when no panic is reachable, so this program
//! links only if no call below can panic. Every function of the subset (the table in the crate
//! docs, "Firmware: the subset that never panics"; `tests/firmware_subset.rs` checks that) is
//! called here, with shapes, indices, axes and data read through `read_volatile` from statics,
//! so the optimiser cannot see their values and must keep every error path — including the
//! calls that are expected to fail (an index out of bounds, a wrong shape, sizes that overflow).
//!
//! CI builds it in release for `thumbv7em-none-eabihf`, `thumbv6m-none-eabi` and
//! `riscv32imc-unknown-none-elf` (the build fails if a panic path survives on any of them) and
//! runs it on QEMU, where it checks the values and errors it got: exit status 0 and
//! `ranked panic-free subset: ok` when all are right.
//!
//! When the link fails, build with `--features find-panics` (a panic handler that links) and
//! look for the callers of `core::panicking` in the disassembly, for example with
//! `llvm-objdump -d --demangle` on `target/thumbv7em-none-eabihf/release/panic_free`; building
//! with `CARGO_PROFILE_RELEASE_DEBUG=line-tables-only` and `llvm-symbolizer --inlining` on the
//! call's address names the source line.
#![no_std]
#![no_main]

#[path = "../board.rs"]
mod board;

use core::ptr::{read_volatile, write_volatile};

use ranked::{
    ArrayTensor, Axis, ErrorKind, INFER, NewAxis, TensorView, TensorViewMut, einsum_into, s,
    tensor_view,
};

/// 0, 1, …, 23.
static DATA: [f32; 24] = {
    let mut d = [0.0; 24];
    let mut i = 0;
    while i < 24 {
        d[i] = i as f32;
        i += 1;
    }
    d
};

/// The numbers the calls take, unknown to the optimiser: sizes 2, 3, 4, indices, and the
/// out-of-range values that the error paths get (`usize::MAX`, which is also `INFER` in a
/// shape, and half of it, whose square overflows).
static NUMBERS: [usize; 7] = [2, 3, 4, 1, 0, usize::MAX, usize::MAX / 2];

/// A 2 × 3 matrix in a `static`, exposed as a view by a `const fn` (checked at compile time).
static WEIGHTS: [f32; 6] = [1.0, 0.5, 0.0, -1.0, 2.0, 1.0];
static W: TensorView<'static, f32, 2> = TensorView::from_array(&WEIGHTS, [2, 3]);

/// Where results go, so that no call is optimised away.
static mut SINK: f32 = 0.0;

board::panic_fails_link!();

board::entry!(
    b"ranked panic-free subset: ok\n\0",
    b"ranked panic-free subset: WRONG RESULT\n\0",
    checked
);

/// `NUMBERS[I]`, read so that the optimiser does not know it.
fn n<const I: usize>() -> usize {
    const { assert!(I < NUMBERS.len()) };
    // SAFETY: a valid, aligned reference to an initialised `usize`.
    unsafe { read_volatile(&NUMBERS[I]) }
}

/// Hands `value` to the outside world.
fn keep(value: f32) {
    // SAFETY: the only access to `SINK`, from the one thread of this program.
    unsafe { write_volatile(&raw mut SINK, value) };
}

/// Counts the checks that fail and remembers the line of the first.
struct Checks {
    failed: u32,
    first_line: u32,
}

impl Checks {
    #[track_caller]
    fn expect(&mut self, ok: bool) {
        if !ok {
            if self.failed == 0 {
                self.first_line = core::panic::Location::caller().line();
            }
            self.failed = self.failed.saturating_add(1);
        }
    }

    #[track_caller]
    fn fails_with<T>(&mut self, result: Result<T, ranked::ShapeError>, kind: ErrorKind) {
        self.expect(matches!(result, Err(e) if e.kind() == kind));
    }

    /// `true` when no check failed; otherwise prints the line of the first that did.
    fn report(&self) -> bool {
        if self.failed == 0 {
            return true;
        }
        let mut text = *b"first failed check at line 00000\n\0";
        let mut line = self.first_line;
        for digit in text.iter_mut().take(32).skip(27).rev() {
            *digit = b'0' + (line % 10) as u8;
            line /= 10;
        }
        board::write(&text);
        false
    }
}

/// Every function of the subset, on good and bad inputs; `true` when all gave what they must.
#[inline(never)]
fn checked() -> bool {
    let mut c = Checks {
        failed: 0,
        first_line: 0,
    };
    // SAFETY: a valid, aligned reference to initialised data.
    let data: [f32; 24] = unsafe { read_volatile(&DATA) };
    let (two, three, four, one, zero, huge, half) = (
        n::<0>(),
        n::<1>(),
        n::<2>(),
        n::<3>(),
        n::<4>(),
        n::<5>(),
        n::<6>(),
    );

    // Construction over slices and arrays.
    c.fails_with(
        TensorView::from_slice(&data, [two, three, three]),
        ErrorKind::LengthMismatch,
    );
    c.fails_with(
        TensorView::from_slice(&data, [half, half, two]),
        ErrorKind::Overflow,
    );
    // `huge` is `INFER`: one is resolved from the length, two are an error.
    c.fails_with(
        TensorView::from_slice(&data, [huge, huge, two]),
        ErrorKind::MultipleInferred,
    );
    c.expect(TensorView::from_slice(&data, [huge, three, four]).is_ok_and(|v| v.shape()[0] == 2));
    let Ok(a) = TensorView::from_slice(&data, [two, three, four]) else {
        return false;
    };
    c.expect(W.get([one, two]) == Some(&1.0));
    // `tensor_view!` in a `let`, over data the optimiser cannot see: the shape was checked at
    // compile time, so no run-time check is left.
    let local = tensor_view!(&data, [4, 6]);
    c.expect(local.get([three, one]) == Some(&19.0));

    // Element access.
    c.expect(a.get([one, two, three]) == Some(&23.0));
    c.expect(a.get([two, zero, zero]).is_none());
    c.expect(a.get([huge, huge, huge]).is_none());

    // View operations.
    match a.permute([two, zero, one]) {
        Ok(p) => c.expect(p.shape() == &[4, 2, 3] && p.get([3, 1, 2]) == Some(&23.0)),
        Err(_) => c.expect(false),
    }
    c.fails_with(a.permute([zero, zero, one]), ErrorKind::RepeatedAxis);
    c.fails_with(a.permute([zero, one, huge]), ErrorKind::InvalidAxis);
    c.expect(a.reversed_axes().get([three, two, one]) == Some(&23.0));
    c.expect(W.t().get([two, one]) == Some(&1.0));
    c.expect(a.swap_axes(Axis::<0>, Axis::<2>).get([zero, zero, one]) == Some(&12.0));
    c.expect(a.flip(Axis::<1>).get([zero, zero, zero]) == Some(&8.0));
    let u = a.unsqueeze(Axis::<0>);
    c.expect(u.shape() == &[1, 2, 3, 4]);
    c.expect(u.squeeze(Axis::<0>).is_ok_and(|s| s.shape() == &[2, 3, 4]));
    c.fails_with(a.squeeze(Axis::<1>), ErrorKind::SizeMismatch);
    match a.select(Axis::<1>, two) {
        Ok(row) => c.expect(row.get([1, 3]) == Some(&23.0)),
        Err(_) => c.expect(false),
    }
    c.fails_with(a.select(Axis::<1>, three), ErrorKind::IndexOutOfBounds);
    c.expect(
        a.narrow(Axis::<2>, one, two)
            .is_ok_and(|v| v.get([1, 2, 1]) == Some(&22.0)),
    );
    c.fails_with(a.narrow(Axis::<2>, three, two), ErrorKind::RangeOutOfBounds);
    c.expect(a.narrow(Axis::<2>, huge, two).is_err());
    c.expect(a.diagonal(0, Axis::<1>, Axis::<2>).sum() == 66.0);
    c.expect(
        a.slice(s![.., one.., ..;2])
            .is_ok_and(|v| v.shape() == &[2, 2, 2] && v.get([1, 1, 1]) == Some(&22.0)),
    );
    c.fails_with(a.slice(s![.., ..huge, ..]), ErrorKind::RangeOutOfBounds);
    c.expect(
        a.slice(s![..., one.., NewAxis])
            .is_ok_and(|v| v.shape() == &[2, 3, 3, 1] && v.get([1, 2, 2, 0]) == Some(&23.0)),
    );
    c.expect(
        a.reshape_view([three * two, INFER])
            .is_ok_and(|v| v.shape() == &[6, 4]),
    );
    c.fails_with(
        a.reversed_axes().reshape_view([two, two]),
        ErrorKind::CountMismatch,
    );
    c.fails_with(a.reshape_view([half, half]), ErrorKind::Overflow);
    c.fails_with(a.reshape_view([huge, huge]), ErrorKind::MultipleInferred);
    c.fails_with(
        a.reversed_axes().reshape_view([INFER]),
        ErrorKind::NotContiguous,
    );
    c.expect(
        a.broadcast_to([two, two, three, four])
            .is_ok_and(|v| v.sum() == 552.0),
    );
    c.fails_with(
        a.broadcast_to([two, three, three]),
        ErrorKind::BroadcastMismatch,
    );
    c.expect(
        a.split_at(Axis::<0>, one)
            .is_ok_and(|(x, y)| x.sum() == 66.0 && y.sum() == 210.0),
    );
    c.fails_with(a.split_at(Axis::<0>, huge), ErrorKind::IndexOutOfBounds);

    // Whole reductions.
    c.expect(a.sum() == 276.0);
    c.expect(
        a.narrow(Axis::<2>, one, one)
            .is_ok_and(|v| v.product() == 1.0 * 5.0 * 9.0 * 13.0 * 17.0 * 21.0),
    );
    c.expect(a.fold(0.0, |m, &x| if x > m { x } else { m }) == 23.0);
    c.expect(a.try_max() == Ok(23.0) && a.try_min() == Ok(0.0));
    c.expect(a.try_mean() == Ok(11.5));
    c.expect(a.try_argmax() == Ok([1, 2, 3]));
    c.expect(a.try_argmin() == Ok([0, 0, 0]));
    // 0, …, 23: a population variance of 575 / 12 and a sample variance of 50 (NumPy's
    // `var()` and `var(ddof=1)`); a `ddof` of at least the count gives NaN.
    c.expect(a.var(zero).is_ok_and(|v| (v - 575.0 / 12.0).abs() < 1e-4));
    c.expect(a.std(one).is_ok_and(|s| (s * s - 50.0).abs() < 1e-3));
    c.expect(a.var(huge).is_ok_and(f32::is_nan));
    // Windows of three along the last axis: [2, 3, 2, 3], as NumPy's
    // `sliding_window_view(a, 3, axis=2)`, whose elements sum to 414.
    c.expect(
        a.unfold(Axis::<2>, three, one)
            .is_ok_and(|w| w.shape() == &[2, 3, 2, 3] && w.sum() == 414.0),
    );
    c.fails_with(a.unfold(Axis::<2>, huge, one), ErrorKind::RangeOutOfBounds);
    c.fails_with(a.unfold(Axis::<2>, three, zero), ErrorKind::ZeroStep);
    match a.narrow(Axis::<1>, zero, zero) {
        Ok(empty) => {
            c.expect(empty.var(zero).is_ok_and(f32::is_nan));
            c.fails_with(empty.try_max(), ErrorKind::Empty);
            c.expect(empty.try_mean().is_ok_and(f32::is_nan));
            c.fails_with(empty.try_argmax(), ErrorKind::Empty);
            c.fails_with(empty.try_argmin(), ErrorKind::Empty);
            c.fails_with(empty.try_min(), ErrorKind::Empty);
            c.expect(empty.sum() == 0.0 && empty.product() == 1.0);
        }
        Err(_) => c.expect(false),
    }

    // Reductions along an axis, into fixed storage.
    match ArrayTensor::<f32, 6, 2>::zeros([two, three]) {
        Ok(mut sums) => {
            c.expect(a.sum_axis_into(Axis::<2>, &mut sums).is_ok());
            c.expect(sums.get([1, 2]) == Some(&(20.0 + 21.0 + 22.0 + 23.0)));
            c.expect(
                a.fold_axis_into(Axis::<2>, 0.0, |m, &x| m.max(x), &mut sums)
                    .is_ok(),
            );
            c.expect(sums.get([0, 0]) == Some(&3.0));
            c.fails_with(
                a.sum_axis_into(Axis::<1>, &mut sums),
                ErrorKind::SizeMismatch,
            );
            c.expect(a.prod_axis_into(Axis::<2>, &mut sums).is_ok());
            c.expect(sums.get([1, 2]) == Some(&(20.0 * 21.0 * 22.0 * 23.0)));
            c.fails_with(
                a.prod_axis_into(Axis::<1>, &mut sums),
                ErrorKind::SizeMismatch,
            );
            c.expect(a.mean_axis_into(Axis::<2>, &mut sums).is_ok());
            c.expect(sums.get([1, 2]) == Some(&21.5));
            c.fails_with(
                a.mean_axis_into(Axis::<1>, &mut sums),
                ErrorKind::SizeMismatch,
            );
            c.expect(a.min_axis_into(Axis::<2>, &mut sums).is_ok());
            c.expect(sums.get([1, 2]) == Some(&20.0));
            c.fails_with(
                a.min_axis_into(Axis::<1>, &mut sums),
                ErrorKind::SizeMismatch,
            );
            c.expect(a.max_axis_into(Axis::<2>, &mut sums).is_ok());
            c.expect(sums.get([0, 0]) == Some(&3.0));
            // Each lane along axis 2 is four consecutive numbers: variance 1.25 (NumPy's
            // `var(axis=2)`), standard deviation √(5 / 3) with `ddof = 1`; NaN past the count.
            c.expect(a.var_axis_into(Axis::<2>, zero, &mut sums).is_ok());
            c.expect(sums.iter().all(|&v| v == 1.25));
            c.expect(a.std_axis_into(Axis::<2>, one, &mut sums).is_ok());
            c.expect(sums.iter().all(|&v| (v * v - 5.0 / 3.0).abs() < 1e-5));
            c.expect(a.var_axis_into(Axis::<2>, huge, &mut sums).is_ok());
            c.expect(sums.iter().all(|v| v.is_nan()));
            c.fails_with(
                a.var_axis_into(Axis::<1>, zero, &mut sums),
                ErrorKind::SizeMismatch,
            );
            c.fails_with(
                a.std_axis_into(Axis::<0>, zero, &mut sums),
                ErrorKind::SizeMismatch,
            );
            c.fails_with(
                a.max_axis_into(Axis::<1>, &mut sums),
                ErrorKind::SizeMismatch,
            );
        }
        Err(_) => c.expect(false),
    }
    c.fails_with(
        ArrayTensor::<f32, 6, 2>::zeros([huge, huge]),
        ErrorKind::Overflow,
    );
    c.fails_with(
        ArrayTensor::<f32, 6, 2>::full([three, three], 1.0),
        ErrorKind::LengthMismatch,
    );
    c.expect(
        ArrayTensor::<f32, 4, 2>::from_fn([two, two], |[i, j]| (i * 2 + j) as f32)
            .is_ok_and(|t| t.sum() == 6.0),
    );

    // Writes: fill, copy, assignment with broadcasting, element-wise maths in place.
    let mut out = [0.0f32; 24];
    match TensorViewMut::from_slice_mut(&mut out, [two, three, four]) {
        Ok(mut o) => {
            o.fill(1.0);
            c.expect(o.sum() == 24.0);
            c.expect(o.copy_from(&a).is_ok() && o.sum() == 276.0);
            c.fails_with(
                o.copy_from(&a.flip(Axis::<0>).narrow(Axis::<0>, zero, one).unwrap_or(a)),
                ErrorKind::SizeMismatch,
            );
            match a
                .select(Axis::<0>, zero)
                .and_then(|m| m.select(Axis::<0>, zero))
            {
                Ok(row) => {
                    c.expect(o.try_assign(&row).is_ok() && o.sum() == 36.0);
                    c.expect(o.try_assign_zip(&a, &row, |x, y| x - y).is_ok());
                    c.expect(o.get([1, 2, 3]) == Some(&20.0));
                }
                Err(_) => c.expect(false),
            }
            c.fails_with(o.try_assign(&W), ErrorKind::BroadcastMismatch);
            o.map_inplace(|x| *x *= 2.0);
            o.mapv_inplace(|x| x + 1.0);
            o *= 0.5;
            o += 1.0;
            c.expect(o.get([1, 2, 3]) == Some(&21.5));
            o -= 1.5;
            o /= 4.0;
            c.expect(o.get([1, 2, 3]) == Some(&5.0));
            // NumPy's `where(a > 11, a, 0)` into `o`: the mask by a comparison into `bool`
            // storage, then `copy_where` over zeros; it sums to 12 + … + 23 = 210.
            let mut mask = [false; 24];
            match TensorViewMut::from_slice_mut(&mut mask, [two, three, four]) {
                Ok(mut m) => {
                    c.expect(m.try_assign_zip(&a, &W, |&x, _| x > 11.0).is_err());
                    c.expect(m.try_assign_zip(&a, &a, |&x, _| x > 11.0).is_ok());
                    o.fill(0.0);
                    c.expect(o.copy_where(&a, &m).is_ok());
                    c.expect(o.sum() == 210.0);
                    c.fails_with(o.copy_where(&W, &m), ErrorKind::BroadcastMismatch);
                }
                Err(_) => c.expect(false),
            }
            // NumPy's `clip(a, 5, 10)` sums to 200, and clipped again above at 7 to 155.
            c.expect(o.copy_from(&a).is_ok());
            o.clamp_inplace(5.0, 10.0);
            c.expect(o.sum() == 200.0);
            o.clip_inplace(None, Some(7.0));
            c.expect(o.sum() == 155.0);
            c.expect(o.copy_from(&a).is_ok());
            if let Some(x) = o.get_mut([zero, zero, zero]) {
                *x = -1.0;
            }
            c.expect(o.get_mut([huge, zero, zero]).is_none());
            for x in o.iter_mut() {
                *x += 1.0;
            }
            c.expect(o.iter().fold(0.0, |s, &x| s + x) > 0.0);
            match o.try_axis_iter_mut(Axis::<2>) {
                Ok(mut planes) => {
                    if let Some(mut first) = planes.next() {
                        first.fill(0.0);
                    }
                }
                Err(e) => c.expect(e.kind() == ErrorKind::Interleaved),
            }
            match o.try_outer_iter_mut() {
                Ok(blocks) => {
                    for mut b in blocks {
                        b.fill(2.0);
                    }
                }
                Err(_) => c.expect(false),
            }
            c.expect(o.sum() == 48.0);
        }
        Err(_) => c.expect(false),
    }

    // Axis iteration.
    c.expect(a.outer_iter().map(|m| m.sum()).fold(0.0, |s, x| s + x) == 276.0);
    c.expect(a.axis_iter(Axis::<2>).count() == 4);
    match a.try_lanes(Axis::<2>) {
        Ok(lanes) => c.expect(lanes.map(|l| l.sum()).fold(0.0f32, f32::max) == 86.0),
        Err(_) => c.expect(false),
    }

    // Products into caller storage: matrix · matrix and matrix · vector.
    let mut product = [0.0f32; 8];
    match (
        a.select(Axis::<0>, zero)
            .and_then(|m| m.narrow(Axis::<0>, zero, three)),
        TensorViewMut::from_slice_mut(&mut product, [two, four]),
    ) {
        (Ok(x), Ok(mut y)) => {
            c.expect(W.matmul_into(&x, &mut y).is_ok());
            c.expect(y.get([0, 0]) == Some(&2.0) && y.get([1, 3]) == Some(&22.0));
            c.fails_with(x.matmul_into(&x, &mut y), ErrorKind::SizeMismatch);
        }
        _ => c.expect(false),
    }
    let mut mv = [0.0f32; 2];
    match (
        a.select(Axis::<0>, zero)
            .and_then(|m| m.select(Axis::<1>, one)),
        TensorViewMut::from_slice_mut(&mut mv, [two]),
    ) {
        (Ok(v), Ok(mut y)) => {
            c.expect(W.matmul_into(&v, &mut y).is_ok());
            c.expect(y.get([0]) == Some(&3.5) && y.get([1]) == Some(&18.0));
        }
        _ => c.expect(false),
    }

    // The notation into caller storage, one or two operands: `ij,jk->ik` is `W · x` as above,
    // `ii->` the trace of a 3 × 3 block and `ijk->k` sums over the first two axes.
    match (
        a.select(Axis::<0>, zero)
            .and_then(|m| m.narrow(Axis::<0>, zero, three)),
        TensorViewMut::from_slice_mut(&mut product, [two, four]),
    ) {
        (Ok(x), Ok(mut y)) => {
            c.expect(einsum_into!(&mut y, "ij,jk->ik", W, x).is_ok());
            c.expect(y.get([0, 0]) == Some(&2.0) && y.get([1, 3]) == Some(&22.0));
            c.fails_with(
                einsum_into!(&mut y, "ij,jk->ik", x, W),
                ErrorKind::SizeMismatch,
            );
            c.fails_with(
                einsum_into!(&mut y, "ij,jk->ik", W, W),
                ErrorKind::SizeMismatch,
            );
            c.fails_with(einsum_into!(&mut y, "ij->ij", x), ErrorKind::SizeMismatch);
            match x.narrow(Axis::<1>, zero, three) {
                Ok(block) => {
                    let mut trace = [0.0f32];
                    match TensorViewMut::from_slice_mut(&mut trace, []) {
                        Ok(mut t) => {
                            c.expect(einsum_into!(&mut t, "ii->", block).is_ok());
                            c.expect(t.get([]) == Some(&15.0));
                        }
                        Err(_) => c.expect(false),
                    }
                }
                Err(_) => c.expect(false),
            }
        }
        _ => c.expect(false),
    }
    let mut columns = [0.0f32; 4];
    match TensorViewMut::from_slice_mut(&mut columns, [four]) {
        Ok(mut sums) => {
            c.expect(einsum_into!(&mut sums, "ijk->k", a).is_ok());
            c.expect(sums.get([3]) == Some(&(3.0 + 7.0 + 11.0 + 15.0 + 19.0 + 23.0)));
        }
        Err(_) => c.expect(false),
    }

    // Ordering in place: sorting the lanes of a strided view (down the columns, so each lane
    // is strided), and the median of a window.
    let mut grid = [5.0f32, 1.0, f32::NAN, 0.0, -2.0, 3.0, 4.0, 9.0, -1.0];
    match TensorViewMut::from_slice_mut(&mut grid, [three, three]) {
        Ok(mut g) => {
            g.sort_unstable_axis_inplace(Axis::<0>);
            c.expect(g.get([0, 0]) == Some(&0.0) && g.get([2, 0]) == Some(&5.0));
            c.expect(g.get([1, 2]) == Some(&3.0) && g.get([2, 2]).is_some_and(|x| x.is_nan()));
            g.sort_unstable_axis_inplace(Axis::<1>);
            c.expect(g.get([0, 0]) == Some(&-2.0) && g.get([0, 2]) == Some(&0.0));
        }
        Err(_) => c.expect(false),
    }
    let mut window = [data[7], data[3], data[21], data[0], data[9]];
    match TensorViewMut::from_slice_mut(&mut window, [n::<3>() + four]) {
        Ok(mut w) => c.expect(w.median_inplace() == Ok(7.0)),
        Err(_) => c.expect(false),
    }
    match TensorViewMut::from_slice_mut(&mut window[..0], [zero]) {
        Ok(mut w) => c.fails_with(w.median_inplace(), ErrorKind::Empty),
        Err(_) => c.expect(false),
    }
    // The median of a strided block of a matrix: its first two columns.
    let mut block = [6.0f32, 2.0, 0.5, 4.0, 8.0, 0.5, 1.0, 3.0, 0.5];
    match TensorViewMut::from_slice_mut(&mut block, [three, three])
        .and_then(|b| b.narrow(Axis::<1>, zero, two))
    {
        Ok(mut b) => {
            c.expect(b.median_inplace() == Ok(3.5));
            c.expect(b.get([0, 0]) == Some(&1.0) && b.get([2, 1]) == Some(&8.0));
        }
        Err(_) => c.expect(false),
    }

    keep(out.iter().sum());
    c.report()
}
