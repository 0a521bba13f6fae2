//! Three-operand loops (`out = f(a, b)`): order-free runs, streamed runs into existing
//! tensors, and tiles where an operand is transposed.

use super::*;

/// Calls `f(dst, a, b)` on corresponding elements of three operands of one shape, in any
/// order; `dst` is written. When `a` is transposed relative to `dst` the walk is tiled.
///
/// # Safety
///
/// Each operand's layout (`shape` with its `Operand`) is valid for its data (invariant 1), and
/// `dst`'s is unique (invariant 2).
pub(crate) unsafe fn zip3_mut<const N: usize, T, A, B>(
    mut dst_data: ViewReprMut<'_, T>,
    dst: Operand<'_>,
    (a_data, a): (ViewRepr<'_, A>, Operand<'_>),
    (b_data, b): (ViewRepr<'_, B>, Operand<'_>),
    shape: &[usize],
    f: &mut impl FnMut(&mut T, &A, &B),
) {
    let Some(plan) = LoopPlan::<3, N>::new(shape, [dst, a, b], 0) else {
        // Beyond the inline capacity: the logical walk.
        return walk3(shape, [dst, a, b], &mut |o, p, q| {
            // SAFETY: positions of the three layouts (the caller's contract).
            unsafe { f(dst_data.get_mut(o), a_data.get(p), b_data.get(q)) }
        });
    };
    if let Some(unit) = plan.transposed_axis() {
        // SAFETY: the tiles cover positions of the layouts (the caller's contract).
        return plan.tiled(unit, &mut |block| unsafe {
            block3(&mut dst_data, a_data, b_data, block, f)
        });
    }
    plan.runs(&mut |[o, p, q], n, [so, sp, sq]| {
        if so == 1 {
            // SAFETY: the runs are runs of the three layouts (the caller's contract): a
            // unit-stride run of `dst` reaches `o..o + n`.
            let out = unsafe { dst_data.run_mut(o, n) };
            // SAFETY: the positions of `a` and `b` are the run's (the caller's contract).
            return unsafe { run3(out, (a_data, p, sp), (b_data, q, sq), f) };
        }
        let (mut o, mut p, mut q) = (o, p, q);
        for _ in 0..n {
            // SAFETY: positions of the three layouts (the caller's contract).
            unsafe { f(dst_data.get_mut(o), a_data.get(p), b_data.get(q)) };
            o = o.wrapping_add_signed(so);
            p = p.wrapping_add_signed(sp);
            q = q.wrapping_add_signed(sq);
        }
    });
}

/// One run of a three-operand loop into the slice `out`: `f(out[k], a[p + k·sp], b[q + k·sq])`
/// for every `k`, specialised for unit and zero strides so that it vectorises.
///
/// # Safety
///
/// The `out.len()` positions of `a` and of `b` are positions of layouts valid for them
/// (invariant 1).
#[inline(always)]
pub(super) unsafe fn run3<D, A, B>(
    out: &mut [D],
    (a, p, sp): (ViewRepr<'_, A>, usize, isize),
    (b, q, sq): (ViewRepr<'_, B>, usize, isize),
    f: &mut impl FnMut(&mut D, &A, &B),
) {
    let n = out.len();
    // SAFETY (every block below): unit-stride positions of a layout reach `start..start + n`,
    // zero-stride ones the single position `start` (the caller's contract).
    match (sp, sq) {
        (1, 1) => {
            // SAFETY: see above.
            let pairs = unsafe { a.run(p, n).iter().zip(b.run(q, n)) };
            out.iter_mut().zip(pairs).for_each(|(d, (x, y))| f(d, x, y));
        }
        (1, 0) => {
            // SAFETY: see above.
            let (xs, y) = unsafe { (a.run(p, n), b.get(q)) };
            out.iter_mut().zip(xs).for_each(|(d, x)| f(d, x, y));
        }
        (0, 1) => {
            // SAFETY: see above.
            let (x, ys) = unsafe { (a.get(p), b.run(q, n)) };
            out.iter_mut().zip(ys).for_each(|(d, y)| f(d, x, y));
        }
        _ => {
            let (mut p, mut q) = (p, q);
            for d in out {
                // SAFETY: see above.
                unsafe { f(d, a.get(p), b.get(q)) };
                p = p.wrapping_add_signed(sp);
                q = q.wrapping_add_signed(sq);
            }
        }
    }
}

/// Sets every element of an existing `dst` to `f(a, b)` of the corresponding elements of two
/// operands of `shape`, in any order (`*d = f(a, b)`). `f` is called once per element. When `T`
/// has no drop glue (so an element may be overwritten as bits, without a drop), the destination
/// is at least [`STREAM_MIN_BYTES`] and its runs are unit-stride and 1 KiB or longer, they are
/// streamed on x86-64: computed into a buffer in L1, 1 KiB at a time, and written out with
/// non-temporal stores for the whole cache lines; otherwise (shorter runs, such as a broadcast
/// row, whose partial lines would cost more than streaming saves), or for a transposed walk,
/// as [`zip3_mut`].
///
/// # Safety
///
/// As for [`zip3_mut`].
pub(crate) unsafe fn zip3_values<const N: usize, T, A, B>(
    dst_data: ViewReprMut<'_, T>,
    dst: Operand<'_>,
    a: (ViewRepr<'_, A>, Operand<'_>),
    b: (ViewRepr<'_, B>, Operand<'_>),
    shape: &[usize],
    f: &mut impl FnMut(&A, &B) -> T,
) {
    // SAFETY: the caller's contract.
    unsafe { zip3_values_streaming::<N, T, A, B>(dst_data, dst, a, b, shape, f, STREAM_MIN_BYTES) }
}

/// [`zip3_values`], streaming destinations of at least `stream_min` bytes (the tests stream
/// small ones).
///
/// # Safety
///
/// As for [`zip3_values`].
pub(super) unsafe fn zip3_values_streaming<const N: usize, T, A, B>(
    mut dst_data: ViewReprMut<'_, T>,
    dst: Operand<'_>,
    (a_data, a): (ViewRepr<'_, A>, Operand<'_>),
    (b_data, b): (ViewRepr<'_, B>, Operand<'_>),
    shape: &[usize],
    f: &mut impl FnMut(&A, &B) -> T,
    stream_min: usize,
) {
    use core::mem::{MaybeUninit, align_of, needs_drop, size_of};
    let size = size_of::<T>();
    let fits = size > 0 && size <= kernel::RUN_STAGE_BYTES && align_of::<T>() <= kernel::LINE;
    let bitwise = !needs_drop::<T>();
    let plan = LoopPlan::<3, N>::new(shape, [dst, a, b], 0);
    match plan {
        Some(plan) if bitwise && fits && kernel::STREAMS && plan.streams_runs(size, stream_min) => {
            /// The buffer, aligned as lines.
            #[repr(C, align(64))]
            struct Stage([MaybeUninit<u8>; kernel::RUN_STAGE_BYTES]);
            let mut stage = Stage([MaybeUninit::uninit(); kernel::RUN_STAGE_BYTES]);
            let room = kernel::RUN_STAGE_BYTES / size;
            let base = dst_data.as_mut_ptr();
            let buf = stage.0.as_mut_ptr().cast::<MaybeUninit<T>>();
            plan.runs(&mut |[o, p, q], n, [so, sp, sq]| {
                // Every run is unit-stride in `dst` (`streams_runs`); were one not, it would
                // take the element-by-element walk.
                if so != 1 {
                    let (mut o, mut p, mut q) = (o, p, q);
                    for _ in 0..n {
                        // SAFETY: positions of the three layouts (the caller's contract).
                        unsafe { *base.add(o) = f(a_data.get(p), b_data.get(q)) };
                        o = o.wrapping_add_signed(so);
                        p = p.wrapping_add_signed(sp);
                        q = q.wrapping_add_signed(sq);
                    }
                    return;
                }
                let to = base.wrapping_add(o).addr();
                for (k, len) in kernel::staged_pieces(to, size, n, room) {
                    let at = |start: usize, step: isize| {
                        start.wrapping_add_signed((k as isize).wrapping_mul(step))
                    };
                    // SAFETY: `len ≤ room` slots of the buffer (aligned: `T`'s alignment is at
                    // most a line's); `MaybeUninit` slots need no initialisation.
                    let slots = unsafe { core::slice::from_raw_parts_mut(buf, len) };
                    // SAFETY: elements `k..k + len` of the runs of `a` and `b` (the caller's
                    // contract).
                    unsafe {
                        run3(
                            slots,
                            (a_data, at(p, sp), sp),
                            (b_data, at(q, sq), sq),
                            &mut |d, x, y| {
                                d.write(f(x, y));
                            },
                        )
                    };
                    // SAFETY: the run of `dst` reaches `o..o + n` (the caller's contract), so
                    // `o + k..o + k + len` is inside it; the slots were all written with `T`s,
                    // whose bits may replace the old elements without a drop (`bitwise`: no
                    // drop glue).
                    unsafe {
                        let to = base.add(o + k).cast::<u8>();
                        kernel::stream_bytes(buf.cast::<u8>(), to, len * size)
                    };
                }
            });
            kernel::stream_fence();
        }
        // SAFETY: the caller's contract.
        _ => unsafe {
            zip3_mut::<N, _, _, _>(
                dst_data,
                dst,
                (a_data, a),
                (b_data, b),
                shape,
                &mut |d, x, y| *d = f(x, y),
            )
        },
    }
}

/// A tile of a three-operand loop (`dst` written). Its kernel part (when `a` is transposed relative
/// to `dst`, see [`TileGeometry::kernel_part`](super::tile::TileGeometry::kernel_part)) is cut into
/// `MICRO × MICRO` kernel blocks; a block of `a` made of primitive numbers is first transposed into
/// a buffer (in SIMD registers, see [`kernel`]), so the innermost loop is unit-stride in `dst` and
/// the buffer and vectorises when `b` is unit-stride or broadcast too. The ragged edges are walked
/// in strips.
///
/// # Safety
///
/// The block's positions are positions of the operands' layouts, which are valid for their
/// data (invariant 1); `dst`'s is unique.
#[inline(always)]
pub(super) unsafe fn block3<T, A, B>(
    dst: &mut ViewReprMut<'_, T>,
    a: ViewRepr<'_, A>,
    b: ViewRepr<'_, B>,
    block: &TileGeometry<3>,
    f: &mut impl FnMut(&mut T, &A, &B),
) {
    use core::mem::MaybeUninit;
    if block.nu == 0 || block.nl == 0 {
        return;
    }
    if !block.inside([dst.len(), a.len(), b.len()]) {
        return;
    }
    let (d, pa, pb) = (dst.as_mut_ptr(), a.as_ptr(), b.as_ptr());
    let (fu, fl) = block.kernel_part();
    let (sa, sb) = (block.sl[1], block.sl[2]);
    for l0 in (0..fl).step_by(MICRO) {
        for u0 in (0..fu).step_by(MICRO) {
            let mut buf = [const { [const { MaybeUninit::<A>::uninit() }; MICRO] }; MICRO];
            // SAFETY: the kernel block `u0..u0 + MICRO` × `l0..l0 + MICRO` lies in this block,
            // whose corners were checked to be inside `a`; positions are affine in `(u, l)`,
            // so all of the kernel block's are too (invariant 1 keeps them in bounds anyway).
            // The buffer holds `MICRO` rows of `MICRO` (row stride `MICRO`) and is distinct
            // from `a`.
            let staged = unsafe {
                let a0 = pa.add(block.at(1, u0, l0));
                kernel::transpose_bits(buf.as_mut_ptr().cast::<A>(), MICRO as isize, a0, sa)
            };
            for u in u0..u0 + MICRO {
                let (row_d, row_b) = (block.at(0, u, l0), block.at(2, u, l0));
                // SAFETY: row `u`, columns `l0..l0 + MICRO`, lies in the block (see above), so
                // its positions in `dst` and `b` are inside them (invariant 1, and the corner
                // check); a staged row of the buffer was written by `transpose_bits` (it
                // returned `true`). `dst` is distinct from `a`, `b` and the buffer.
                unsafe {
                    let (dr, br) = (d.add(row_d), pb.add(row_b));
                    if staged {
                        // As whole-row references, so the compiler knows they do not alias.
                        let ar = &*buf[u - u0].as_ptr().cast::<[A; MICRO]>();
                        let dr = &mut *dr.cast::<[T; MICRO]>();
                        match sb {
                            0 => row_with(dr, ar, &*br, f),
                            1 => row_zip(dr, ar, &*br.cast::<[B; MICRO]>(), f),
                            _ => row_micro(dr.as_mut_ptr(), ar.as_ptr(), 1, br, sb, f),
                        }
                    } else {
                        let ar = pa.add(block.at(1, u, l0));
                        row_micro(dr, ar, sa, br, sb, f);
                    }
                }
            }
        }
    }
    block.for_each_edge((fu, fl), &mut |[o, p, q]| {
        // SAFETY: `(u, l)` lies in the block, whose corners were checked to be inside `dst`,
        // `a` and `b`, so (positions being affine, and exact for layouts valid for their
        // storage: invariant 1) it is too.
        unsafe { f(&mut *d.add(o), &*pa.add(p), &*pb.add(q)) };
    });
}

/// One row of a staged kernel block of `block3`, `b` unit-stride. Kept out of line on purpose:
/// inlined, the compiler dissolves the staging buffer into lane extractions and scalar
/// arithmetic; out of line the row is two vector loads, adds and stores for `f32`.
#[inline(never)]
pub(super) fn row_zip<T, A, B>(
    dst: &mut [T; MICRO],
    a: &[A; MICRO],
    b: &[B; MICRO],
    f: &mut impl FnMut(&mut T, &A, &B),
) {
    for ((d, x), y) in dst.iter_mut().zip(a).zip(b) {
        f(d, x, y);
    }
}

/// One row of a staged kernel block of `block3`, `b` broadcast along the row (out of line for
/// the reason given at [`row_zip`]).
#[inline(never)]
pub(super) fn row_with<T, A, B>(
    dst: &mut [T; MICRO],
    a: &[A; MICRO],
    b: &B,
    f: &mut impl FnMut(&mut T, &A, &B),
) {
    for (d, x) in dst.iter_mut().zip(a) {
        f(d, x, b);
    }
}

/// `f(dst + l, a + l·sa, b + l·sb)` for `l < MICRO`: one row of a kernel block of `block3`.
///
/// # Safety
///
/// The `MICRO` positions of each operand must be inside its allocation, and `dst`'s distinct
/// from the others'.
#[inline(always)]
pub(super) unsafe fn row_micro<T, A, B>(
    dst: *mut T,
    a: *const A,
    sa: isize,
    b: *const B,
    sb: isize,
    f: &mut impl FnMut(&mut T, &A, &B),
) {
    for l in 0..MICRO as isize {
        // SAFETY: the caller's contract (positions of one block row, inside the operands by
        // invariant 1 and the corner check of `block3`).
        unsafe { f(&mut *dst.offset(l), &*a.offset(l * sa), &*b.offset(l * sb)) };
    }
}
