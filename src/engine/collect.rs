//! Collection into new memory: the buffers every new tensor gets (`try_vec`, huge pages), and
//! the copies and maps that fill them in logical order.

use super::*;

/// An empty `Vec` with room for exactly `len` elements; room of 4 MiB or more is marked for
/// huge pages on Linux (see the `pages` module). Every buffer the library allocates for a
/// tensor comes from here.
///
/// # Errors
///
/// [`ErrorKind::Allocation`](crate::ErrorKind::Allocation) (with `len` as `expected`) when the
/// room cannot be had: more bytes than `isize::MAX`, or an allocator that refuses.
// Inlined: returned through memory, the `Result` was written in words and read back in wider
// loads, which waited for the words (a failed store-to-load forward, a fifth of a tiny
// tensor's `&a + &b`).
// The room comes from the global allocator directly rather than from `try_reserve_exact`,
// whose growth path (a call that is never inlined) was a tenth of a tiny tensor's `map`.
#[inline]
pub(crate) fn try_vec<T>(len: usize) -> Result<alloc::vec::Vec<T>, crate::ShapeError> {
    let refused = || crate::ShapeError::sizes(crate::ErrorKind::Allocation, None, len, 0);
    // `Layout::array` refuses more than `isize::MAX` bytes.
    let layout = core::alloc::Layout::array::<T>(len).map_err(|_| refused())?;
    if layout.size() == 0 {
        // No elements, or elements of no size: a `Vec` of that capacity allocates nothing.
        return Ok(alloc::vec::Vec::with_capacity(len));
    }
    // SAFETY: `layout` has a non-zero size (`GlobalAlloc::alloc`'s precondition).
    let start = unsafe { alloc::alloc::alloc(layout) };
    if start.is_null() {
        return Err(refused());
    }
    // The room is this new allocation's own and nothing is written yet (`advise_huge`'s
    // contract).
    pages::advise_huge(start, layout.size());
    // SAFETY: `Vec::from_raw_parts`'s preconditions: `start` was allocated by the global
    // allocator (`alloc::alloc::alloc`) with `T`'s alignment and `len · size_of::<T>()` bytes
    // (`Layout::array::<T>(len)`), which is the capacity `len` times the size of `T`, at most
    // `isize::MAX` bytes; the length, 0, is at most the capacity, and no element needs to be
    // initialised.
    Ok(unsafe { alloc::vec::Vec::from_raw_parts(start.cast(), 0, len) })
}

/// [`try_vec`] for the operations that cannot return an error.
///
/// # Panics
///
/// When the room cannot be had, with a message naming the element count (see [`or_panic`]).
#[track_caller]
pub(crate) fn vec_or_panic<T>(len: usize) -> alloc::vec::Vec<T> {
    or_panic(try_vec(len))
}

/// A `Vec` of `len` clones of `value`, its room from [`vec_or_panic`] (so a large one gets huge
/// pages before its first write, which a `vec!` of zeros would make page by page).
///
/// # Panics
///
/// As [`vec_or_panic`].
#[track_caller]
pub(crate) fn filled_vec_or_panic<T: Clone>(len: usize, value: T) -> alloc::vec::Vec<T> {
    let mut out = vec_or_panic(len);
    out.resize(len, value);
    out
}

/// A new `Vec` holding `f` of every element of layout `p` over `data`, in logical (row-major)
/// order. `f` is called once per element, in any order (the copy is order-free, and tiled when
/// it is a transposition).
///
/// # Safety
///
/// The layout `p` is valid for `data` (invariant 1).
#[inline]
pub(crate) unsafe fn map_to_vec<T, U>(
    data: ViewRepr<'_, T>,
    p: crate::layout::parts::RawLayout<'_>,
    f: &mut impl FnMut(&T) -> U,
) -> alloc::vec::Vec<U> {
    // SAFETY: the caller's contract is this function's.
    or_panic(unsafe { try_map_to_vec(data, p, f) })
}

/// [`map_to_vec`], with an error where the result cannot be allocated.
///
/// # Errors
///
/// [`ErrorKind::Allocation`](crate::ErrorKind::Allocation).
///
/// # Safety
///
/// The layout `p` is valid for `data` (invariant 1).
#[inline]
pub(crate) unsafe fn try_map_to_vec<T, U>(
    data: ViewRepr<'_, T>,
    p: crate::layout::parts::RawLayout<'_>,
    f: &mut impl FnMut(&T) -> U,
) -> Result<alloc::vec::Vec<U>, crate::ShapeError> {
    let mut k = as_kernel(|d: &mut core::mem::MaybeUninit<U>, s| {
        d.write(f(s));
    });
    // SAFETY: the kernel writes its destination on every call; the layout is valid for `data`
    // (the caller's contract).
    unsafe { fill_vec(data, p, &mut k) }
}

/// The `len` elements of a C-contiguous operand of `shape`, in row-major order: one slice of
/// its data (invariant 1 puts them at positions `offset..offset + len`); `None` for any other
/// layout, or a storage with gaps.
#[inline]
fn dense<'a, T>(
    (data, op): (ViewRepr<'a, T>, &Operand<'_>),
    shape: &[usize],
    len: usize,
) -> Option<&'a [T]> {
    if !crate::layout::parts::is_contiguous(shape, op.strides, false) {
        return None;
    }
    data.as_slice()?.get(op.offset..op.offset.checked_add(len)?)
}

/// The result of an allocating copy, for the operations that cannot return an error.
///
/// # Panics
///
/// On the error, which says how many elements could not be allocated.
#[track_caller]
pub(super) fn or_panic<T>(result: Result<T, crate::ShapeError>) -> T {
    match result {
        Ok(out) => out,
        Err(err) => panic!("cannot allocate the result: {err}"),
    }
}

/// A new `Vec` holding what `k` writes for every element of layout `p` over `data`, in logical
/// (row-major) order; `k` is applied once per element, in any order.
///
/// # Errors
///
/// As [`try_vec`] (and [`ErrorKind::Overflow`](crate::ErrorKind::Overflow) for a shape whose
/// element count leaves `usize`, which no valid layout has).
///
/// # Safety
///
/// Every call of `k.apply` must initialise its destination, and the layout `p` is valid for
/// `data` (invariant 1).
// Inlined, so that a caller of a known rank checks the small dense case with the shape's
// length known (the products and the contiguity test unrolled); every other layout goes to
// the planned fill, which is not.
#[inline(always)]
pub(super) unsafe fn fill_vec<T, U>(
    data: ViewRepr<'_, T>,
    p: crate::layout::parts::RawLayout<'_>,
    k: &mut impl Kernel<core::mem::MaybeUninit<U>, T>,
) -> Result<alloc::vec::Vec<U>, crate::ShapeError> {
    let len = crate::layout::checked_len(p.shape)?;
    let src = Operand {
        strides: p.strides,
        offset: p.offset,
    };
    // A C-contiguous source below the streaming size: one pass over its slice, without the
    // loop plan, whose fixed cost dominates small tensors.
    if len.saturating_mul(size_of::<U>()) < super::STREAM_MIN_BYTES
        && let Some(xs) = dense((data, &src), p.shape, len)
    {
        let mut out = try_vec(len)?;
        let spare = &mut out.spare_capacity_mut()[..len];
        wide_enough(len, &mut (spare, k), xs, |(slots, k), xs| {
            for (slot, x) in slots.iter_mut().zip(xs) {
                k.apply(slot, x);
            }
        });
        // SAFETY: `k` wrote each of the `len` slots (the caller's contract).
        unsafe { out.set_len(len) };
        return Ok(out);
    }
    // SAFETY: the caller's contract is this function's.
    unsafe { fill_vec_planned(data, p, len, k) }
}

/// The number of elements from which [`wide_enough`] runs a dense loop compiled for AVX. At
/// 64 `f32` the call costs what the wider loop saves (`map` of `[8, 8]`: 12.5 ns against
/// ndarray's 12.6); from there it gains (`[16, 16]` 0.78× ndarray's time, `&a + &b` of two
/// `[256]` 0.71×).
pub(super) const WIDE_MIN: usize = 64;

/// `f(acc, x)`, a dense loop over `len` elements: compiled for AVX where the CPU has it and the
/// loop is long enough to repay the call ([`with_avx`]), inline otherwise.
#[inline(always)]
fn wide_enough<A, X>(len: usize, acc: &mut A, x: X, f: impl Fn(&mut A, X)) {
    if len >= WIDE_MIN {
        with_avx(acc, x, f);
    } else {
        f(acc, x);
    }
}

/// [`fill_vec`] of any layout of `len` elements, through the loop plan.
///
/// # Safety
///
/// As [`fill_vec`]; `len` is the element count of `p.shape`.
#[inline(never)]
unsafe fn fill_vec_planned<T, U>(
    data: ViewRepr<'_, T>,
    p: crate::layout::parts::RawLayout<'_>,
    len: usize,
    k: &mut impl Kernel<core::mem::MaybeUninit<U>, T>,
) -> Result<alloc::vec::Vec<U>, crate::ShapeError> {
    let mut out = try_vec(len)?;
    let src = Operand {
        strides: p.strides,
        offset: p.offset,
    };
    let mut dst_strides = [0isize; MAX_DYN_RANK];
    if p.shape.len() > MAX_DYN_RANK
        || crate::layout::parts::contiguous_strides(
            p.shape,
            crate::Order::RowMajor,
            &mut dst_strides[..p.shape.len()],
        )
        .is_err()
    {
        // Beyond the inline capacity (or a shape no layout can hold): the logical walk, which
        // fills the slots in order.
        let spare = &mut out.spare_capacity_mut()[..len];
        let mut filled = 0;
        walk1(p.shape, src, &mut |q| {
            // SAFETY: a position of the layout (the caller's contract).
            k.apply(&mut spare[filled], unsafe { data.get(q) });
            filled += 1;
        });
        // SAFETY: slots `0..filled` were written, in order, by `k` (the caller's contract).
        unsafe { out.set_len(filled) };
        return Ok(out);
    }
    let dst = Operand {
        strides: &dst_strides[..p.shape.len()],
        offset: 0,
    };
    // SAFETY: the destination is row-major over exactly `len` slots (unique, valid); the
    // source layout is valid for `data` (the caller's contract).
    unsafe {
        zip_mut::<MAX_DYN_RANK, _, _>(
            ViewReprMut::from_slice(&mut out.spare_capacity_mut()[..len]),
            dst,
            data,
            src,
            p.shape,
            k,
        );
    }
    // SAFETY: the row-major layout of `p.shape` maps its `len` indices one-to-one onto
    // `0..len`, and the walk applies `k` to every index exactly once, which writes it (the
    // caller's contract), so every slot below `len` was written. (Should `k` panic, `set_len`
    // is never reached and the written values leak.)
    unsafe { out.set_len(len) };
    Ok(out)
}

/// The longest broadcast innermost axis that [`try_to_vec`] fills as repeats of one element.
const REPEAT_MAX: usize = 16;

/// [`try_to_vec`] of a layout whose innermost axis is broadcast (stride 0) and short, as the
/// repeats of `einops`' `repeat` and of `broadcast_to` along a new last axis make: each element
/// of the axis before it is written `k` times in a row, so the copy reads and writes in order
/// instead of running the engine's loops over runs of `k` elements.
///
/// # Safety
///
/// The layout `p` (of at least two axes, `len` elements) is valid for `data` (invariant 1).
unsafe fn fill_repeating<T: Clone>(
    data: ViewRepr<'_, T>,
    p: crate::layout::parts::RawLayout<'_>,
    len: usize,
) -> Result<alloc::vec::Vec<T>, crate::ShapeError> {
    let mut out = try_vec::<T>(len)?;
    let r = p.shape.len();
    let (Some(&k), Some(&n), Some(&step)) = (
        p.shape.get(r.wrapping_sub(1)),
        p.shape.get(r.wrapping_sub(2)),
        p.strides.get(r.wrapping_sub(2)),
    ) else {
        return Ok(out);
    };
    let outer = Operand {
        strides: p.strides.get(..r - 2).unwrap_or(&[]),
        offset: p.offset,
    };
    let room = out.spare_capacity_mut();
    let mut filled = 0;
    walk_n(p.shape.get(..r - 2).unwrap_or(&[]), [outer], &mut |[q]| {
        let Some(slots) = room.get_mut(filled..filled + n * k) else {
            return;
        };
        if step == 1 {
            // SAFETY: a unit-stride run of the layout (the caller's contract).
            let run = unsafe { data.run(q, n) };
            match k {
                2 => repeat_each::<T, 2>(slots, run),
                3 => repeat_each::<T, 3>(slots, run),
                4 => repeat_each::<T, 4>(slots, run),
                _ => {
                    for (chunk, x) in slots.chunks_exact_mut(k).zip(run) {
                        chunk.iter_mut().for_each(|s| {
                            s.write(x.clone());
                        });
                    }
                }
            }
        } else {
            let mut at = q;
            for chunk in slots.chunks_exact_mut(k) {
                // SAFETY: a position of the layout (the caller's contract).
                let x = unsafe { data.get(at) };
                chunk.iter_mut().for_each(|s| {
                    s.write(x.clone());
                });
                at = at.wrapping_add_signed(step);
            }
        }
        filled += n * k;
    });
    // SAFETY: the walk visits the outer positions in row-major order and writes the `n · k`
    // elements of each in order, so slots `0..filled` are written; `filled` is `len` unless the
    // shape is empty (then 0, and nothing was walked).
    unsafe { out.set_len(filled) };
    Ok(out)
}

/// Writes each element of `run` `K` times in a row into `slots` (`K` known, so the writes of
/// one element are one store for small `Copy` types).
#[inline(always)]
fn repeat_each<T: Clone, const K: usize>(slots: &mut [core::mem::MaybeUninit<T>], run: &[T]) {
    for (chunk, x) in slots.chunks_exact_mut(K).zip(run) {
        for s in chunk {
            s.write(x.clone());
        }
    }
}

/// A closure as a [`Kernel`], with its argument types fixed for inference.
#[inline(always)]
pub(crate) fn as_kernel<T, U, F: FnMut(&mut T, &U)>(f: F) -> F {
    f
}

/// A new `Vec` holding `f(a, b)` for corresponding elements of two operands of `shape`, in
/// logical (row-major) order; `f` is called once per element, in any order.
///
/// # Errors
///
/// [`ErrorKind::Overflow`](crate::ErrorKind::Overflow) if the element count of `shape` leaves
/// `usize`; [`ErrorKind::Allocation`](crate::ErrorKind::Allocation) as [`try_vec`].
///
/// # Safety
///
/// Each operand's layout (`shape` with its `Operand`) is valid for its data (invariant 1).
// Inlined for the reason `fill_vec` is: the dense check unrolls at a known rank.
#[inline(always)]
pub(crate) unsafe fn map2_to_vec<T, U, V>(
    shape: &[usize],
    a: (ViewRepr<'_, T>, Operand<'_>),
    b: (ViewRepr<'_, U>, Operand<'_>),
    f: &mut impl FnMut(&T, &U) -> V,
) -> Result<alloc::vec::Vec<V>, crate::ShapeError> {
    let len = crate::layout::checked_len(shape)?;
    // Two C-contiguous operands: one pass over their slices, without the loop plan, whose
    // fixed cost dominates small tensors.
    if let (Some(xs), Some(ys)) = (
        dense((a.0, &a.1), shape, len),
        dense((b.0, &b.1), shape, len),
    ) {
        let mut out = try_vec(len)?;
        // Written through the spare room rather than `extend`, whose reserve check keeps the
        // `Vec` in memory and reads it back wider than it was written (a store-to-load
        // forward that fails, a third of `&a + &b` on one element).
        let spare = &mut out.spare_capacity_mut()[..len];
        wide_enough(len, &mut (spare, f), (xs, ys), |(slots, f), (xs, ys)| {
            for ((slot, x), y) in slots.iter_mut().zip(xs).zip(ys) {
                slot.write(f(x, y));
            }
        });
        // SAFETY: each of the `len` slots was written above.
        unsafe { out.set_len(len) };
        return Ok(out);
    }
    // SAFETY: the caller's contract is this function's.
    unsafe { map2_to_vec_planned(shape, len, a, b, f) }
}

/// [`map2_to_vec`] of any layouts of `len` elements, through the loop plan.
///
/// # Safety
///
/// As [`map2_to_vec`]; `len` is the element count of `shape`.
#[inline(never)]
unsafe fn map2_to_vec_planned<T, U, V>(
    shape: &[usize],
    len: usize,
    a: (ViewRepr<'_, T>, Operand<'_>),
    b: (ViewRepr<'_, U>, Operand<'_>),
    f: &mut impl FnMut(&T, &U) -> V,
) -> Result<alloc::vec::Vec<V>, crate::ShapeError> {
    use core::mem::MaybeUninit;
    let mut out = try_vec(len)?;
    let mut dst_strides = [0isize; MAX_DYN_RANK];
    let rank = shape.len();
    if rank > MAX_DYN_RANK
        || crate::layout::parts::contiguous_strides(
            shape,
            crate::Order::RowMajor,
            &mut dst_strides[..rank],
        )
        .is_err()
    {
        // Beyond the inline capacity (or a shape no layout can hold): the logical walk.
        walk2(shape, a.1, b.1, &mut |p, q| {
            // SAFETY: positions of the two layouts (the caller's contract).
            let (x, y) = unsafe { (a.0.get(p), b.0.get(q)) };
            out.push(f(x, y));
        });
        return Ok(out);
    }
    let dst = Operand {
        strides: &dst_strides[..rank],
        offset: 0,
    };
    let spare: &mut [MaybeUninit<V>] = &mut out.spare_capacity_mut()[..len];
    // Not streamed as `zip3_values` streams: the first write into new memory faults its pages
    // in, and that cost dominates.
    // SAFETY: the destination is row-major over exactly `len` slots (valid and unique); the
    // operands' layouts are valid for their data (the caller's contract).
    unsafe {
        zip3_mut::<MAX_DYN_RANK, _, _, _>(
            ViewReprMut::from_slice(spare),
            dst,
            a,
            b,
            shape,
            &mut |d, x, y| {
                d.write(f(x, y));
            },
        );
    }
    // SAFETY: the row-major layout of `shape` maps its `len` indices one-to-one onto `0..len`,
    // and the walk visits every index exactly once, so every slot below `len` was written.
    unsafe { out.set_len(len) };
    Ok(out)
}

/// Copies the elements of layout `p` over `data` into a new `Vec`, in logical order.
///
/// # Safety
///
/// The layout `p` is valid for `data` (invariant 1).
pub(crate) unsafe fn to_vec<T: Clone>(
    data: ViewRepr<'_, T>,
    p: crate::layout::parts::RawLayout<'_>,
) -> alloc::vec::Vec<T> {
    // SAFETY: the caller's contract.
    or_panic(unsafe { try_to_vec(data, p) })
}

/// [`to_vec`], reporting an allocation that fails.
///
/// # Errors
///
/// As [`try_vec`].
///
/// # Safety
///
/// The layout `p` is valid for `data` (invariant 1).
pub(crate) unsafe fn try_to_vec<T: Clone>(
    data: ViewRepr<'_, T>,
    p: crate::layout::parts::RawLayout<'_>,
) -> Result<alloc::vec::Vec<T>, crate::ShapeError> {
    let len = crate::layout::checked_len(p.shape)?;
    if crate::layout::parts::is_contiguous(p.shape, p.strides, false) {
        let mut out = try_vec(len)?;
        // SAFETY: a C-contiguous layout reaches `offset..offset + len` (the caller's contract).
        out.extend_from_slice(unsafe { data.run(p.offset, len) });
        return Ok(out);
    }
    if let ([.., _, k], [.., _, 0]) = (p.shape, p.strides)
        && (2..=REPEAT_MAX).contains(k)
    {
        // SAFETY: the caller's contract.
        return unsafe { fill_repeating(data, p, len) };
    }
    // SAFETY: `CloneInto` writes its destination on every call; the caller's contract.
    unsafe { fill_vec(data, p, &mut CloneInto) }
}

/// The elements of layout `p` over `vec`, moved out into a `Vec` in logical order without
/// cloning: `vec` itself when it holds exactly these elements in this order, otherwise a new
/// `Vec` (the elements the layout does not reach are dropped).
///
/// `p` must be valid for `vec` and map no two indices to one element (invariants 1 and 2 of an
/// owned tensor).
pub(crate) fn take_logical<T>(
    vec: alloc::vec::Vec<T>,
    p: crate::layout::parts::RawLayout<'_>,
) -> alloc::vec::Vec<T> {
    use core::mem::{ManuallyDrop, MaybeUninit};
    let len = crate::layout::checked_len(p.shape).unwrap_or(0);
    if p.offset == 0
        && crate::layout::parts::is_contiguous(p.shape, p.strides, false)
        && len == vec.len()
    {
        return vec;
    }
    let mut vec = ManuallyDrop::new(vec);
    let (ptr, n, cap) = (vec.as_mut_ptr(), vec.len(), vec.capacity());
    // SAFETY: `Vec::from_raw_parts`'s preconditions, met by taking `vec`'s own parts: `ptr`
    // was allocated by the global allocator for `cap` elements of `T`, which have the size and
    // alignment of `MaybeUninit<T>`, so the allocation's size and alignment match (and fit
    // `isize::MAX` bytes); `n <= cap`; the first `n` values are initialised `T`s, valid
    // `MaybeUninit<T>`s. `vec` is never used or dropped again, so each element now has one
    // owner, the slot that holds it.
    let mut slots: alloc::vec::Vec<MaybeUninit<T>> =
        unsafe { alloc::vec::Vec::from_raw_parts(ptr.cast(), n, cap) };
    let mut taken: alloc::vec::Vec<bool> = alloc::vec![false; n];
    let mut out = vec_or_panic(len);
    let op = Operand {
        strides: p.strides,
        offset: p.offset,
    };
    walk1(p.shape, op, &mut |q| {
        // SAFETY: `q` is a position of the layout, inside the buffer (invariant 1), and the walk
        // visits each index once and no two indices share a position (invariant 2), so each
        // slot is read at most once; `taken` records it so that it is not dropped below.
        out.push(unsafe { slots[q].assume_init_read() });
        taken[q] = true;
    });
    for (slot, &was_taken) in slots.iter_mut().zip(&taken) {
        if !was_taken {
            // SAFETY: every slot held an initialised element, and this one was not moved out.
            unsafe { slot.assume_init_drop() };
        }
    }
    out
}

/// The elements of layout `p` over `storage` as a `Vec` in logical order: the storage itself,
/// moved, when it is a `Vec` holding exactly these elements in this order (C-contiguous, offset
/// 0, no other elements); a copy otherwise.
///
/// # Safety
///
/// The layout `p` is valid for `storage` (invariant 1).
pub(crate) unsafe fn into_vec<S: crate::storage::Storage>(
    storage: S,
    p: crate::layout::parts::RawLayout<'_>,
) -> alloc::vec::Vec<S::Elem>
where
    S::Elem: Clone,
{
    let len = crate::layout::checked_len(p.shape).unwrap_or(0);
    let whole = p.offset == 0
        && crate::layout::parts::is_contiguous(p.shape, p.strides, false)
        && len == storage.elems().len();
    if !whole {
        // SAFETY: the caller's contract.
        return unsafe { to_vec(storage.elems(), p) };
    }
    match storage.into_vec_if_owned() {
        Ok(vec) => vec,
        // SAFETY: the layout is C-contiguous over the whole storage, so it reaches all of it.
        Err(storage) => unsafe { storage.elems().run(0, len) }.to_vec(),
    }
}
