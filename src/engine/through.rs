//! Each lane along one axis mapped through contiguous buffers, into a new row-major buffer
//! (the Fourier transforms: a transform needs its lane contiguous).
//!
//! Lanes are taken a block at a time: neighbours along the innermost other axis, copied
//! together into a block buffer (a tiled transposition when the lanes run across memory, as
//! the columns of a row-major matrix do), so each cache line read serves a whole block of
//! lanes. Each lane is cropped to `keep` elements or padded with zeros to its transform's
//! length; in a block's buffer, lanes spanning a multiple of 512 bytes lie a cache line more
//! apart ([`lane_stride`]). When the axis is the last one, the results go straight into their
//! place in the new buffer, in order; otherwise a block's results are copied into place the
//! same tiled way.

// Only the Fourier transforms call it; without them only the tests do.
#![cfg_attr(not(feature = "fft"), allow(dead_code))]

use super::*;
use crate::layout::parts::{contiguous_strides, remove_axis};
use crate::{ErrorKind, ShapeError};
use alloc::vec::Vec;
use core::mem::MaybeUninit;

/// The most lanes a block holds.
const BLOCK_LANES: usize = 64;

/// The most elements a block's buffer holds (of the longer lane), so that a block stays in
/// the L2 cache; a lane longer than this is a block of its own.
const BLOCK_ELEMS: usize = 1 << 16;

/// [`BLOCK_ELEMS`] for lanes contiguous in the source and the result (the last axis of a
/// row-major tensor): a block that stays in the L1 cache.
const SOLO_ELEMS: usize = 1 << 11;

/// The least bytes of a block's result row (its lanes' elements at one position, adjacent in
/// the result) for [`stream_out`]: eight lines.
const STREAM_ROW_BYTES: usize = 512;

/// The distance between the starts of lanes of `len` elements of `V` in a block's buffer:
/// `len`, or a cache line more when a lane spans a multiple of 512 bytes. Lanes a multiple of
/// 4 KiB apart all fall into one set of the L1 cache (one of a few sets of L2), so the
/// transposition that fills a block's lanes evicts its own lines: on an AMD EPYC, `rfft`
/// along axis 0 of `[512, 4096]` `f64` (lanes of 4 KiB) took 4.3 ms a call, 3.2 ms with
/// the lanes a line apart.
fn lane_stride<V>(len: usize) -> usize {
    let size = size_of::<V>();
    if size == 0 || !len.saturating_mul(size).is_multiple_of(512) {
        return len;
    }
    len.saturating_add(kernel::LINE.div_ceil(size))
}

/// The lengths and padding of [`map_lanes`]'s buffers.
pub(crate) struct LaneLens<V, U> {
    /// How many elements of each source lane are read (at most the axis's size).
    pub(crate) keep: usize,
    /// The length of an input lane: `keep` elements, then `in_zero`s.
    pub(crate) in_len: usize,
    /// The padding of input lanes.
    pub(crate) in_zero: V,
    /// The length of an output lane, the axis's size in the result.
    pub(crate) out_len: usize,
    /// The value output slots hold before `f` writes them.
    pub(crate) out_zero: U,
}

/// Where the blocks of lanes lie: the result's layout, and the walk over the other axes.
struct Blocks {
    total: usize,
    /// The other axes' sizes and each operand's strides there (one axis of size 1 for a
    /// rank-1 layout); the last of them is cut into blocks.
    outer: [usize; MAX_DYN_RANK],
    src_outer: [isize; MAX_DYN_RANK],
    dst_outer: [isize; MAX_DYN_RANK],
    walked: usize,
    /// The strides along the axis: the source's and the result's.
    axis_src: isize,
    axis_dst: isize,
    /// Lanes per block.
    block: usize,
    /// Whether the axis is the last: then the result's lanes are contiguous and come in the
    /// order of the walk.
    last: bool,
}

impl Blocks {
    /// The blocks of `shape` (source strides `src`) with `axis` of size `out_len` in the
    /// row-major result; `widest` is the longer lane length.
    fn new(
        shape: &[usize],
        src: &Operand<'_>,
        axis: usize,
        out_len: usize,
        widest: usize,
    ) -> Result<Self, ShapeError> {
        let rank = shape.len();
        let mut out_shape = [0usize; MAX_DYN_RANK];
        out_shape[..rank].copy_from_slice(shape);
        out_shape[axis] = out_len;
        let total = crate::layout::checked_len(&out_shape[..rank])?;
        let mut dst_strides = [0isize; MAX_DYN_RANK];
        contiguous_strides(
            &out_shape[..rank],
            crate::Order::RowMajor,
            &mut dst_strides[..rank],
        )?;
        let rest = rank - 1;
        let mut b = Blocks {
            total,
            outer: [1; MAX_DYN_RANK],
            src_outer: [0; MAX_DYN_RANK],
            dst_outer: [0; MAX_DYN_RANK],
            walked: rest.max(1),
            axis_src: src.strides[axis],
            axis_dst: dst_strides[axis],
            block: 1,
            last: axis + 1 == rank,
        };
        remove_axis(shape, axis, &mut b.outer[..rest]);
        remove_axis(src.strides, axis, &mut b.src_outer[..rest]);
        remove_axis(&dst_strides[..rank], axis, &mut b.dst_outer[..rest]);
        // Lanes that lie contiguous in the source and in the result gain nothing from company:
        // one at a time, each is transformed while its copy is still in the L1 cache.
        let room = if b.last && b.axis_src == 1 {
            SOLO_ELEMS
        } else {
            BLOCK_ELEMS
        };
        b.block = (room / widest)
            .clamp(1, BLOCK_LANES)
            .min(b.outer[b.walked - 1]);
        Ok(b)
    }

    /// Calls `g(from, to, b)` for each block of `b` lanes, whose first lane starts at source
    /// position `from` and result position `to`, in the row-major order of the other axes;
    /// stops at the first error.
    fn walk(
        &self,
        src_offset: usize,
        g: &mut impl FnMut(usize, usize, usize) -> Result<(), ShapeError>,
    ) -> Result<(), ShapeError> {
        let inner = self.walked - 1;
        let (run, src_step, dst_step) = (
            self.outer[inner],
            self.src_outer[inner],
            self.dst_outer[inner],
        );
        let mut failed = Ok(());
        let ops = [
            Operand {
                strides: &self.src_outer[..self.walked],
                offset: src_offset,
            },
            Operand {
                strides: &self.dst_outer[..self.walked],
                offset: 0,
            },
        ];
        for_each_lane(&self.outer[..self.walked], ops, inner, &mut |[ps, pd]| {
            let mut first = 0;
            while first < run && failed.is_ok() {
                let b = self.block.min(run - first);
                let at = |p: usize, step: isize| {
                    p.wrapping_add_signed((first as isize).wrapping_mul(step))
                };
                failed = g(at(ps, src_step), at(pd, dst_step), b);
                first += b;
            }
        });
        failed
    }

    /// The source's step from one lane to the next within a block.
    fn src_step(&self) -> isize {
        self.src_outer[self.walked - 1]
    }

    /// The result's step from one lane to the next within a block.
    fn dst_step(&self) -> isize {
        self.dst_outer[self.walked - 1]
    }

    /// Whether the blocks' results go to the result at `base` through [`stream_out`]: on
    /// x86-64, for elements of 8 or 16 bytes (complex numbers, `f64`) aligned to their size,
    /// in a result of at least [`STREAM_MIN_BYTES`] (as the engine's other copies) whose lanes
    /// are adjacent (a block's elements at one position along the axis are one range of
    /// [`STREAM_ROW_BYTES`] or more) and not contiguous (those go straight into place).
    fn streams_out<U>(&self, base: usize) -> bool {
        let size = size_of::<U>();
        cfg!(target_arch = "x86_64")
            && matches!(size, 8 | 16)
            && base.is_multiple_of(size)
            && !self.last
            && self.dst_step() == 1
            && self.total.saturating_mul(size) >= STREAM_MIN_BYTES
            && self.block.saturating_mul(size) >= STREAM_ROW_BYTES
    }
}

/// Writes `b` source lanes (`keep` elements each, the first at `from`) mapped by `k` into the
/// rows of `rows` (`len` slots each, `stride` apart), and pads each row from `keep` to `len`
/// with `zero`: every slot of the rows is written (the slots between rows are not).
///
/// # Safety
///
/// The `b` lanes of `keep` elements lie in a layout valid for `data` (invariant 1);
/// `keep ≤ len ≤ stride` and `rows` holds `b · stride` slots.
unsafe fn copy_in<T, V: Clone>(
    data: ViewRepr<'_, T>,
    blocks: &Blocks,
    (from, b): (usize, usize),
    (keep, len, stride, zero): (usize, usize, usize, &V),
    rows: &mut [MaybeUninit<V>],
    k: &mut impl Kernel<MaybeUninit<V>, T>,
) {
    if keep > 0 {
        // SAFETY: the source lanes are valid for `data` (the caller's contract); the rows are
        // a buffer of their own (unique), `keep ≤ len` slots of each written.
        unsafe {
            zip_mut::<2, MaybeUninit<V>, T>(
                ViewReprMut::from_slice(rows),
                Operand {
                    strides: &[stride as isize, 1],
                    offset: 0,
                },
                data,
                Operand {
                    strides: &[blocks.src_step(), blocks.axis_src],
                    offset: from,
                },
                &[b, keep],
                k,
            );
        }
    }
    if keep < len {
        for row in rows.chunks_exact_mut(stride) {
            for slot in &mut row[keep..len] {
                slot.write(zero.clone());
            }
        }
    }
}

/// A buffer's initialised slots, to be written again through [`copy_in`] (which writes only
/// values of `V`, so the slots stay initialised; a value written over is not dropped).
fn as_slots<V>(rows: &mut [V]) -> &mut [MaybeUninit<V>] {
    // SAFETY: `MaybeUninit<V>` has the size, alignment and ABI of `V`, so the slice covers the
    // same memory; through it, only initialised values are written.
    unsafe { core::slice::from_raw_parts_mut(rows.as_mut_ptr().cast(), rows.len()) }
}

/// Copies `b` rows of `len` results (`stride` apart in `rows`, which holds `b · stride`) into
/// their lanes of the row-major result `out` (its `blocks.total` slots), the first at `to`.
fn copy_out<U: Clone>(
    out: &mut [MaybeUninit<U>],
    blocks: &Blocks,
    to: usize,
    rows: &[U],
    (len, stride): (usize, usize),
) {
    let b = rows.len() / stride;
    // SAFETY: the destination is `b` lanes of the row-major layout of the result over its
    // `total` slots of room (valid, and unique: one layout, each lane written by this block
    // only); the source is `b` rows of `len` of a buffer of their own.
    unsafe {
        zip_mut::<2, MaybeUninit<U>, U>(
            ViewReprMut::from_slice(out),
            Operand {
                strides: &[blocks.dst_step(), blocks.axis_dst],
                offset: to,
            },
            ViewRepr::from_slice(rows),
            Operand {
                strides: &[stride as isize, 1],
                offset: 0,
            },
            &[b, len],
            &mut CloneInto,
        );
    }
}

/// [`copy_out`] for [`Blocks::streams_out`]: each of the `len` rows of the block's results
/// (its `b` lanes' elements at one position, adjacent in the result) is gathered from the
/// lanes and written with non-temporal stores, which skip reading the lines they fill (a
/// third of the traffic of a copy into memory). The caller issues [`kernel::stream_fence`]
/// after the walk.
///
/// # Errors
///
/// [`ErrorKind::Overflow`] if a row lies outside `out`, which the layout rules out.
fn stream_out<U: Copy>(
    out: &mut [MaybeUninit<U>],
    blocks: &Blocks,
    to: usize,
    (rows, len, stride): (&[U], usize, usize),
) -> Result<(), ShapeError> {
    let b = rows.len() / stride;
    for j in 0..len {
        let at = to.wrapping_add_signed((j as isize).wrapping_mul(blocks.axis_dst));
        let Some(row) = at.checked_add(b).and_then(|end| out.get_mut(at..end)) else {
            return Err(ShapeError::overflow(None));
        };
        // SAFETY: element `j < len ≤ stride` of each of the `b` lanes of `rows` (`b · stride`
        // elements) is read, and the `b` elements of `row` written, a distinct buffer.
        unsafe { kernel::stream_gather(rows.as_ptr().add(j), stride, row.as_mut_ptr().cast(), b) };
    }
    Ok(())
}

/// The lanes along `axis` of a layout (`shape`, `src`) over `data`, each element written by
/// the kernel `k` (a copy, or a map) into a lane of `lens.in_len`, passed to `f` one lane at a
/// time with room for its result: `f(input, output)` gets an input lane of `lens.in_len` and an
/// output lane of `lens.out_len` to write (the lanes of a block are copied in and out
/// together). The results, as a row-major buffer of `shape` with `axis` of size
/// `lens.out_len`.
///
/// # Errors
///
/// [`ErrorKind::Overflow`] for a result of more elements than `usize` counts;
/// [`ErrorKind::Allocation`]; the first error of `f`, after which nothing more is done.
///
/// # Safety
///
/// The layout is valid for `data` (invariant 1); `1 ≤ shape.len() ≤ MAX_DYN_RANK` and
/// `axis < shape.len()`; `lens.keep ≤ shape[axis]` and `lens.keep ≤ lens.in_len`;
/// `lens.in_len` and `lens.out_len` are at least 1.
pub(crate) unsafe fn map_lanes<T, V: Clone, U: Copy>(
    data: ViewRepr<'_, T>,
    shape: &[usize],
    src: Operand<'_>,
    axis: usize,
    lens: LaneLens<V, U>,
    k: &mut impl Kernel<MaybeUninit<V>, T>,
    f: &mut impl FnMut(&mut [V], &mut [U]) -> Result<(), ShapeError>,
) -> Result<Vec<U>, ShapeError> {
    let blocks = Blocks::new(
        shape,
        &src,
        axis,
        lens.out_len,
        lens.in_len.max(lens.out_len),
    )?;
    let mut out = try_vec::<U>(blocks.total)?;
    // SAFETY: the caller's contract; the room holds the result's `total` slots.
    unsafe {
        lanes_through(
            data,
            &blocks,
            src.offset,
            lens,
            k,
            f,
            Room::Fresh(&mut out.spare_capacity_mut()[..blocks.total]),
        )
    }?;
    // SAFETY: `lanes_through` wrote every one of the `total` slots.
    unsafe { out.set_len(blocks.total) };
    Ok(out)
}

/// [`map_lanes`] into `out`, the row-major buffer of the result (its `total` elements),
/// overwritten; on an error its contents are unspecified.
///
/// # Errors
///
/// As [`map_lanes`]; [`ErrorKind::LengthMismatch`] if `out` does not hold the result's element
/// count.
///
/// # Safety
///
/// As [`map_lanes`].
#[allow(clippy::too_many_arguments)]
pub(crate) unsafe fn map_lanes_into<T, V: Clone, U: Copy>(
    data: ViewRepr<'_, T>,
    shape: &[usize],
    src: Operand<'_>,
    axis: usize,
    lens: LaneLens<V, U>,
    k: &mut impl Kernel<MaybeUninit<V>, T>,
    f: &mut impl FnMut(&mut [V], &mut [U]) -> Result<(), ShapeError>,
    out: &mut [U],
) -> Result<(), ShapeError> {
    let blocks = Blocks::new(
        shape,
        &src,
        axis,
        lens.out_len,
        lens.in_len.max(lens.out_len),
    )?;
    if out.len() != blocks.total {
        return Err(ShapeError::sizes(
            ErrorKind::LengthMismatch,
            None,
            blocks.total,
            out.len(),
        ));
    }
    // SAFETY: the caller's contract; `out` holds the `total` slots.
    unsafe { lanes_through(data, &blocks, src.offset, lens, k, f, Room::Filled(out)) }
}

/// Where [`lanes_through`] writes the result: slots not yet written, or a buffer of values
/// (`U: Copy`) to write over, whose lanes `f` can then be handed as they are, unfilled.
enum Room<'a, U> {
    Fresh(&'a mut [MaybeUninit<U>]),
    Filled(&'a mut [U]),
}

/// The walk of [`map_lanes`] and [`map_lanes_into`]: writes every one of the `blocks.total`
/// slots of `out`, unless `f` fails.
///
/// # Safety
///
/// As [`map_lanes`], with `blocks` made from that layout and `out` holding `blocks.total` slots.
unsafe fn lanes_through<T, V: Clone, U: Copy>(
    data: ViewRepr<'_, T>,
    blocks: &Blocks,
    offset: usize,
    lens: LaneLens<V, U>,
    k: &mut impl Kernel<MaybeUninit<V>, T>,
    f: &mut impl FnMut(&mut [V], &mut [U]) -> Result<(), ShapeError>,
    mut out: Room<'_, U>,
) -> Result<(), ShapeError> {
    if blocks.total == 0 {
        return Ok(());
    }
    let in_stride = lane_stride::<V>(lens.in_len);
    let room = blocks.block.saturating_mul(in_stride);
    let mut inputs = try_vec::<V>(room)?;
    inputs.resize(room, lens.in_zero.clone());
    // With the axis last, output lanes are contiguous and come in the order of the walk.
    let direct = blocks.last;
    let out_stride = lane_stride::<U>(lens.out_len);
    let mut results = Vec::new();
    if !direct {
        let room = blocks.block.saturating_mul(out_stride);
        results = try_vec::<U>(room)?;
        results.resize(room, lens.out_zero);
    }
    let base = match &out {
        Room::Fresh(slots) => slots.as_ptr().addr(),
        Room::Filled(values) => values.as_ptr().addr(),
    };
    let streamed = blocks.streams_out::<U>(base);
    let pad = (lens.keep, lens.in_len, in_stride, &lens.in_zero);
    let (in_len, out_len) = (lens.in_len, lens.out_len);
    // `f` on each lane of the block: `b` input rows `in_stride` apart, output rows `stride`
    // apart.
    let mut each = |rows: &mut [V], outs: &mut [U], stride: usize| {
        for (x, y) in rows
            .chunks_exact_mut(in_stride)
            .zip(outs.chunks_exact_mut(stride))
        {
            f(&mut x[..in_len], &mut y[..out_len])?;
        }
        Ok(())
    };
    let mut written = 0usize;
    let walked = blocks.walk(offset, &mut |from, to, b| {
        let rows = &mut inputs[..b * in_stride];
        // SAFETY: `b` lanes of the layout (the caller's contract), into `b` rows of `in_len`,
        // `in_stride` apart.
        unsafe { copy_in(data, blocks, (from, b), pad, as_slots(rows), k) };
        let (at, n) = (written, b * out_len);
        written += n;
        match (&mut out, direct) {
            (Room::Fresh(slots), true) => {
                let Some(slots) = slots.get_mut(at..at + n) else {
                    return Err(ShapeError::overflow(None));
                };
                each(rows, filled(slots, &lens.out_zero), out_len)
            }
            (Room::Filled(values), true) => {
                let Some(lanes) = values.get_mut(at..at + n) else {
                    return Err(ShapeError::overflow(None));
                };
                each(rows, lanes, out_len)
            }
            (room, false) => {
                let done = &mut results[..b * out_stride];
                each(rows, done, out_stride)?;
                let slots = match room {
                    Room::Fresh(slots) => &mut **slots,
                    // The values are `Copy` (`map_lanes_into`'s bound): written over through
                    // their slots, none needs dropping.
                    Room::Filled(values) => as_slots(values),
                };
                if streamed {
                    return stream_out(slots, blocks, to, (done, out_len, out_stride));
                }
                copy_out(slots, blocks, to, done, (out_len, out_stride));
                Ok(())
            }
        }
    });
    if streamed {
        // Whatever the walk's outcome, before anything reads the result.
        kernel::stream_fence();
    }
    walked
}

/// `slots`, each set to `zero`: initialised, as `f` reads them.
fn filled<'a, U: Clone>(slots: &'a mut [MaybeUninit<U>], zero: &U) -> &'a mut [U] {
    for slot in slots.iter_mut() {
        slot.write(zero.clone());
    }
    // SAFETY: every slot was just written; `MaybeUninit<U>` has the layout of `U`.
    unsafe { core::slice::from_raw_parts_mut(slots.as_mut_ptr().cast(), slots.len()) }
}

/// [`map_lanes`] for a transform in place: each lane, written by the kernel `k` and cropped or
/// padded with `zero` to `len`, is handed to `f` in the memory of its result, so a lane along
/// the last axis is copied once, straight into its place. `f` gets one or more whole lanes of
/// `len` back to back (a block's lanes at once where its buffer holds them so).
///
/// # Errors
///
/// As [`map_lanes`].
///
/// # Safety
///
/// As [`map_lanes`], with `keep ≤ len`, `len ≥ 1`.
#[allow(clippy::too_many_arguments)]
pub(crate) unsafe fn map_lanes_in_place<T, U: Clone>(
    data: ViewRepr<'_, T>,
    shape: &[usize],
    src: Operand<'_>,
    axis: usize,
    (keep, len, zero): (usize, usize, U),
    k: &mut impl Kernel<MaybeUninit<U>, T>,
    f: &mut impl FnMut(&mut [U]) -> Result<(), ShapeError>,
) -> Result<Vec<U>, ShapeError> {
    let blocks = Blocks::new(shape, &src, axis, len, len)?;
    let mut out = try_vec::<U>(blocks.total)?;
    let room = &mut out.spare_capacity_mut()[..blocks.total];
    // SAFETY: the caller's contract; the room holds the result's `total` slots.
    unsafe { lanes_in_place(data, &blocks, src.offset, (keep, len, zero), k, f, room) }?;
    // SAFETY: `lanes_in_place` wrote every one of the `total` slots.
    unsafe { out.set_len(blocks.total) };
    Ok(out)
}

/// [`map_lanes_in_place`] into `out`, the row-major buffer of the result (its `total`
/// elements), overwritten; on an error its contents are unspecified.
///
/// # Errors
///
/// As [`map_lanes_into`].
///
/// # Safety
///
/// As [`map_lanes_in_place`].
#[allow(clippy::too_many_arguments)]
pub(crate) unsafe fn map_lanes_in_place_into<T, U: Copy>(
    data: ViewRepr<'_, T>,
    shape: &[usize],
    src: Operand<'_>,
    axis: usize,
    (keep, len, zero): (usize, usize, U),
    k: &mut impl Kernel<MaybeUninit<U>, T>,
    f: &mut impl FnMut(&mut [U]) -> Result<(), ShapeError>,
    out: &mut [U],
) -> Result<(), ShapeError> {
    let blocks = Blocks::new(shape, &src, axis, len, len)?;
    if out.len() != blocks.total {
        return Err(ShapeError::sizes(
            ErrorKind::LengthMismatch,
            None,
            blocks.total,
            out.len(),
        ));
    }
    // SAFETY: the caller's contract; `out` holds the `total` slots, and `U: Copy`, so writing
    // over its values drops nothing.
    unsafe {
        lanes_in_place(
            data,
            &blocks,
            src.offset,
            (keep, len, zero),
            k,
            f,
            as_slots(out),
        )
    }
}

/// The walk of [`map_lanes_in_place`] and [`map_lanes_in_place_into`]: writes every one of the
/// `blocks.total` slots of `out`, unless `f` fails.
///
/// # Safety
///
/// As [`map_lanes_in_place`], with `blocks` made from that layout and `out` holding
/// `blocks.total` slots.
unsafe fn lanes_in_place<T, U: Clone>(
    data: ViewRepr<'_, T>,
    blocks: &Blocks,
    offset: usize,
    (keep, len, zero): (usize, usize, U),
    k: &mut impl Kernel<MaybeUninit<U>, T>,
    f: &mut impl FnMut(&mut [U]) -> Result<(), ShapeError>,
    out: &mut [MaybeUninit<U>],
) -> Result<(), ShapeError> {
    if blocks.total == 0 {
        return Ok(());
    }
    let direct = blocks.last;
    // The result's own slots hold the lanes when the axis is last; a buffer of lanes
    // `stride` apart otherwise.
    let stride = if direct { len } else { lane_stride::<U>(len) };
    let mut rows = Vec::new();
    if !direct {
        let room = blocks.block.saturating_mul(stride);
        rows = try_vec::<U>(room)?;
        rows.resize(room, zero.clone());
    }
    let pad = (keep, len, stride, &zero);
    // The lanes of a block in one call when they lie back to back (a transform then runs over
    // all of them at once, without a call per short lane), one at a time otherwise.
    let mut each = |lanes: &mut [U]| {
        if stride == len {
            return f(lanes);
        }
        for lane in lanes.chunks_exact_mut(stride) {
            f(&mut lane[..len])?;
        }
        Ok(())
    };
    let mut written = 0usize;
    blocks.walk(offset, &mut |from, to, b| {
        if direct {
            let Some(slots) = out.get_mut(written..written + b * len) else {
                return Err(ShapeError::overflow(None));
            };
            written += slots.len();
            // SAFETY: `b` lanes of the layout (the caller's contract), into `b` rows of `len`
            // of the result's slots.
            unsafe { copy_in(data, blocks, (from, b), pad, slots, k) };
            // SAFETY: `copy_in` wrote every one of those slots (`stride` is `len`);
            // `MaybeUninit<U>` has the layout of `U`.
            let lanes =
                unsafe { core::slice::from_raw_parts_mut(slots.as_mut_ptr().cast(), slots.len()) };
            each(lanes)
        } else {
            let lanes = &mut rows[..b * stride];
            // SAFETY: as above, into a buffer of its own, rows `stride` apart.
            unsafe { copy_in(data, blocks, (from, b), pad, as_slots(lanes), k) };
            each(lanes)?;
            copy_out(out, blocks, to, lanes, (len, stride));
            Ok(())
        }
    })
}

#[cfg(test)]
mod tests;
