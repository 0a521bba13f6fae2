//! The lane walks behind the reductions along one axis: each lane reduced in place, and the
//! sums of strided lanes by blocks of slices kept in cache.

use super::*;

/// Bytes of the accumulator piece that [`axis_sums_by_blocks`](TensorBase::axis_sums_by_blocks)
/// keeps in cache (L2) while slices stream past it: large enough that each slice is read in
/// long streams, small enough to stay in L2 beside them.
pub(super) const AXIS_SUM_PIECE_BYTES: usize = 128 * 1024;

/// Elements a piece of [`axis_sums_by_blocks`](TensorBase::axis_sums_by_blocks) needs before
/// slices are added eight at a time rather than four.
pub(super) const EIGHT_WAY_MIN_LEN: usize = 512;

/// # Lane walks (crate-internal)
///
/// The lane walks (feature `alloc`).
impl<S: Storage, const R: usize> TensorBase<S, R> {
    /// Reduces every lane along `axis` with `lane(run)`, in row-major order
    /// of the other axes. The lanes are visited through the loop engine (the other axes
    /// coalesced where they are contiguous), each result written straight to its place.
    pub(crate) fn reduce_lanes<B>(
        &self,
        axis: usize,
        mut lane: impl FnMut(Run<'_, S::Elem>) -> B,
    ) -> Vec<B> {
        let data = self.view().into_raw_parts().0;
        let (shape, strides) = (self.shape(), self.strides());
        let mut outer_shape = [0usize; MAX_DYN_RANK];
        let mut outer_strides = [0isize; MAX_DYN_RANK];
        let mut out_strides = [0isize; MAX_DYN_RANK];
        let rest = R - 1;
        parts::remove_axis(shape, axis, &mut outer_shape[..rest]);
        parts::remove_axis(strides, axis, &mut outer_strides[..rest]);
        let outer_shape = &outer_shape[..rest];
        let count = result_count(outer_shape);
        if count == 0 {
            // No lanes: nothing to visit, however long the axis.
            return Vec::new();
        }
        // The result is not empty, so neither is the input: its count is at most the input's.
        let _ = parts::contiguous_strides(
            outer_shape,
            crate::Order::RowMajor,
            &mut out_strides[..rest],
        );
        let src = Operand {
            strides: &outer_strides[..rest],
            offset: self.offset(),
        };
        let dst = Operand {
            strides: &out_strides[..rest],
            offset: 0,
        };
        let (n, step) = (shape[axis], strides[axis]);
        let mut out = engine::vec_or_panic(count);
        let Some(plan) = engine::LoopPlan::<2, R>::new(outer_shape, [dst, src], 0) else {
            engine::walk1(outer_shape, src, &mut |p| {
                // SAFETY: each lane is a run of this tensor's layout (invariant 1).
                out.push(lane(unsafe { Run::new(data, p, n, step) }));
            });
            return out;
        };
        let spare = &mut out.spare_capacity_mut()[..count];
        plan.runs(&mut |[o, p], len, [so, sp]| {
            let (mut o, mut p) = (o, p);
            for _ in 0..len {
                // SAFETY: each lane is a run of this tensor's layout (invariant 1).
                spare[o].write(lane(unsafe { Run::new(data, p, n, step) }));
                o = o.wrapping_add_signed(so);
                p = p.wrapping_add_signed(sp);
            }
        });
        // SAFETY: the row-major layout of the other axes maps their `count` indices one-to-one
        // onto `0..count`, and the walk visits each index once, so every slot was written.
        unsafe { out.set_len(count) };
        out
    }

    /// Whether the lanes along `axis` are strided in memory (another axis has a smaller stride):
    /// then reductions stream slices instead of walking lanes.
    pub(crate) fn lanes_are_strided(&self, axis: usize) -> bool {
        let (shape, strides) = (self.shape(), self.strides());
        let mine = strides[axis].unsigned_abs();
        shape[axis] > 1
            && (0..R).any(|a| a != axis && shape[a] > 1 && strides[a].unsigned_abs() < mine)
    }

    /// The smallest (`smallest`) or largest elements along `axis` (NaN propagates), in
    /// row-major order of the other axes. The callers check that no lane is empty.
    ///
    /// The rows of a C-contiguous tensor's [`slabs`](Self::slabs) are compared in memory
    /// order with [`slab_extremes`], not lane by lane across them.
    pub(crate) fn axis_extremes(&self, axis: usize, smallest: bool) -> Vec<S::Elem>
    where
        S::Elem: PartialOrd + Copy,
    {
        if !engine::SMALL_CODE
            && let Some((all, n, block)) = self.slabs(axis)
        {
            return if smallest {
                slab_extremes::<_, true>(all, n, block)
            } else {
                slab_extremes::<_, false>(all, n, block)
            };
        }
        self.reduce_lanes(axis, |run| extreme_lane(run, smallest))
    }

    /// The products along `axis` (a fold of each lane from one), in row-major order of the
    /// other axes. The rows of a C-contiguous tensor are multiplied in memory order along an
    /// axis other than its last ([`slab::fold_rows_into`]): the same products, bit for bit.
    pub(crate) fn axis_products(&self, axis: usize) -> Vec<S::Elem>
    where
        S::Elem: One + Mul<Output = S::Elem> + Copy,
    {
        let one = S::Elem::one();
        if !engine::SMALL_CODE
            && let Some((all, n, block)) = self.slabs(axis)
        {
            let mut out = engine::filled_vec_or_panic(all.len() / n, one);
            if slab::fold_rows_into(all, n, block, &mut out, (one, |p, x| p * x), |p| p) {
                return out;
            }
        }
        self.reduce_lanes(axis, |run| run.iter().fold(one, |p, &x| p * x))
    }

    /// The sums along `axis`, in row-major order of the other axes.
    ///
    /// Contiguous lanes are summed one by one (blocked and pairwise). Strided lanes are summed
    /// by streaming: the input is read once, in memory order, adding each slice along the axis
    /// into an accumulator the size of the result (which stays in cache for moderate sizes);
    /// up to `SUM_CHUNK` slices are added in a running sum, and the chunk sums combine pairwise.
    pub(crate) fn axis_sums(&self, axis: usize) -> Vec<S::Elem>
    where
        S::Elem: Zero + Add<Output = S::Elem> + Copy,
    {
        if self.is_empty() {
            // Every sum is of no elements (or there are none): zeros, without a walk.
            let mut out_shape = [0usize; MAX_DYN_RANK];
            parts::remove_axis(self.shape(), axis, &mut out_shape[..R - 1]);
            let count = result_count(&out_shape[..R - 1]);
            return engine::filled_vec_or_panic(count, S::Elem::zero());
        }
        if axis + 1 == R
            && let Some(all) = self.as_slice()
        {
            // C-contiguous and summed along the last axis: the lanes are the consecutive
            // pieces of one slice (`n > 0`, as the tensor is not empty).
            let n = self.shape()[axis];
            return all
                .chunks_exact(n)
                .map(|lane| {
                    // SAFETY: the run is exactly the slice `lane`.
                    lane_sum(unsafe {
                        Run::new(crate::storage::ViewRepr::from_slice(lane), 0, lane.len(), 1)
                    })
                })
                .collect();
        }
        if !self.lanes_are_strided(axis) {
            return self.reduce_lanes(axis, lane_sum);
        }
        if let Some(sums) = self.axis_sums_by_blocks(axis, |_| Plain) {
            return sums;
        }
        let data = self.view().into_raw_parts().0;
        let (shape, strides) = (self.shape(), self.strides());
        let rest = R - 1;
        let mut out_shape = [0usize; MAX_DYN_RANK];
        let mut in_strides = [0isize; MAX_DYN_RANK];
        let mut out_strides = [0isize; MAX_DYN_RANK];
        parts::remove_axis(shape, axis, &mut out_shape[..rest]);
        parts::remove_axis(strides, axis, &mut in_strides[..rest]);
        let out_shape = &out_shape[..rest];
        // The result's element count fits (it is at most the input's).
        let _ =
            parts::contiguous_strides(out_shape, crate::Order::RowMajor, &mut out_strides[..rest]);
        let len = crate::layout::checked_len(out_shape).unwrap_or(0);
        let dst = Operand {
            strides: &out_strides[..rest],
            offset: 0,
        };
        let (n, step) = (shape[axis], strides[axis]);
        // Pairwise over chunks: `levels[k]` holds the sum of 2^k chunks.
        let mut levels: Vec<Option<Vec<S::Elem>>> = Vec::new();
        for k0 in (0..n).step_by(SUM_CHUNK) {
            let mut acc = engine::filled_vec_or_panic(len, S::Elem::zero());
            for k in k0..n.min(k0 + SUM_CHUNK) {
                let src = Operand {
                    strides: &in_strides[..rest],
                    offset: self
                        .offset()
                        .wrapping_add_signed((k as isize).wrapping_mul(step)),
                };
                // SAFETY: `acc` is row-major over the result's shape (valid, unique); `src` is
                // slice `k` of this tensor's layout along the axis (view arithmetic), valid for
                // its storage (invariant 1).
                unsafe {
                    engine::zip_mut::<R, _, _>(
                        ViewReprMut::from_slice(&mut acc),
                        dst,
                        data,
                        src,
                        out_shape,
                        &mut engine::as_kernel(|d, &x| *d = *d + x),
                    );
                }
            }
            let mut level = 0;
            while let Some(slot) = levels.get_mut(level).and_then(Option::take) {
                acc.iter_mut().zip(slot).for_each(|(a, b)| *a = b + *a);
                level += 1;
            }
            if levels.len() <= level {
                levels.resize_with(level + 1, || None);
            }
            levels[level] = Some(acc);
        }
        let mut total: Option<Vec<S::Elem>> = None;
        for slot in levels.into_iter().flatten() {
            total = Some(match total {
                None => slot,
                Some(mut t) => {
                    t.iter_mut().zip(slot).for_each(|(a, b)| *a = *a + b);
                    t
                }
            });
        }
        total.unwrap_or_else(|| alloc::vec![S::Elem::zero(); len])
    }

    /// The common case of [`axis_sums`](Self::axis_sums): the axes after `axis` are
    /// C-contiguous (with unit stride), as in the rows of a table summed down its columns. For
    /// each index of the axes before `axis`, the slices along `axis` are added into that
    /// index's block of the result, a piece of `AXIS_SUM_PIECE_BYTES` at a time so the piece stays in
    /// cache while the input is read once; slices are added eight at a time as a pairwise
    /// tree, `acc + (((t₀ + t₁) + (t₂ + t₃)) + ((t₄ + t₅) + (t₆ + t₇)))` (then four, then one;
    /// four at a time throughout for pieces shorter than `EIGHT_WAY_MIN_LEN`), which cuts the
    /// accumulator traffic and shortens the running sum. Along an axis longer than `SUM_CHUNK`,
    /// each `SUM_CHUNK` slices are summed apart and the chunk sums combine pairwise (a binary
    /// counter of blocks), so the error bound of
    /// [accuracy of sums](crate::ops#accuracy-of-sums) holds however long the axis is.
    ///
    /// `term_at(o)` says what is added for the elements whose result starts at position `o` of the
    /// result ([`Plain`] for sums, [`SquaresAbout`](crate::ops::sum::SquaresAbout) for variances).
    /// `None` when the layout does not have that form.
    pub(crate) fn axis_sums_by_blocks<M: Term<S::Elem>>(
        &self,
        axis: usize,
        term_at: impl Fn(usize) -> M,
    ) -> Option<Vec<S::Elem>>
    where
        S::Elem: Zero + Add<Output = S::Elem> + Copy,
    {
        let (shape, strides) = (self.shape(), self.strides());
        let (n, step) = (shape[axis], strides[axis]);
        let inner = &shape[axis + 1..];
        let block = crate::layout::checked_len(inner).ok()?;
        if block == 0 || !parts::is_contiguous(inner, &strides[axis + 1..], false) {
            return None;
        }
        let data = self.view().into_raw_parts().0;
        let outer = &shape[..axis];
        let count = crate::layout::checked_len(outer).ok()?;
        let mut out = engine::filled_vec_or_panic(count * block, S::Elem::zero());
        let mut blocks = out.chunks_exact_mut(block).enumerate();
        let outer_op = Operand {
            strides: &strides[..axis],
            offset: self.offset(),
        };
        let sub = (AXIS_SUM_PIECE_BYTES / core::mem::size_of::<S::Elem>().max(1)).max(1);
        // Along a long axis: one chunk's sums, and the sums of 2^k chunks (`levels[k]`, valid
        // where bit `k` of `occupied` is set), kept from piece to piece to reuse their memory.
        let mut chunk: Vec<S::Elem> = Vec::new();
        let mut levels: Vec<Vec<S::Elem>> = Vec::new();
        engine::walk1(outer, outer_op, &mut |p| {
            // `walk1` visits exactly `count` outer indices, in row-major order.
            let Some((b, acc)) = blocks.next() else {
                return;
            };
            for (j, piece) in (0..block).step_by(sub).zip(acc.chunks_mut(sub)) {
                let len = piece.len();
                let term = term_at(b * block + j);
                let at = |k: usize| {
                    let q = p
                        .wrapping_add_signed((k as isize).wrapping_mul(step))
                        .wrapping_add(j);
                    // SAFETY: the axes after `axis` are C-contiguous, so the `len` positions
                    // from `q` are a piece of one slice of this tensor's layout (invariant 1).
                    unsafe { data.run(q, len) }
                };
                // Slices that are whole pieces and follow each other in memory are grouped
                // `g, g + groups, g + 2 · groups, …`: each of the eight streams a group reads
                // then runs on into the slice the next group reads in its place, and the
                // hardware prefetcher keeps following it instead of starting eight new streams.
                // Otherwise eight neighbours at a time.
                let interleave = len == block && step == block as isize;
                let add_slices = |acc: &mut [S::Elem], from: usize, to: usize| {
                    let groups = if len >= EIGHT_WAY_MIN_LEN {
                        (to - from) / 8
                    } else {
                        0
                    };
                    for g in 0..groups {
                        let (first, spread) = if interleave {
                            (from + g, groups)
                        } else {
                            (from + 8 * g, 1)
                        };
                        add8(acc, core::array::from_fn(|i| at(first + spread * i)), term);
                    }
                    let mut k = from + groups * 8;
                    while k + 4 <= to {
                        add4(acc, core::array::from_fn(|i| at(k + i)), term);
                        k += 4;
                    }
                    for k in k..to {
                        add1(acc, at(k), term);
                    }
                };
                if n <= SUM_CHUNK {
                    add_slices(piece, 0, n);
                    continue;
                }
                let mut occupied = 0usize;
                for from in (0..n).step_by(SUM_CHUNK) {
                    chunk.clear();
                    chunk.resize(len, S::Elem::zero());
                    add_slices(&mut chunk, from, n.min(from + SUM_CHUNK));
                    // The chunk joins the cascade as `Pairwise::push` adds: `slot + chunk`.
                    let mut level = 0;
                    while occupied & (1 << level) != 0 {
                        for (c, &s) in chunk.iter_mut().zip(&levels[level]) {
                            *c = s + *c;
                        }
                        occupied &= !(1 << level);
                        level += 1;
                    }
                    if levels.len() <= level {
                        levels.resize_with(level + 1, Vec::new);
                    }
                    levels[level].clone_from(&chunk);
                    occupied |= 1 << level;
                }
                // The occupied levels added, smallest first (as `Pairwise::finish`).
                for (level, sums) in levels.iter().enumerate() {
                    if occupied & (1 << level) != 0 {
                        for (a, &s) in piece.iter_mut().zip(sums) {
                            *a = *a + s;
                        }
                    }
                }
            }
        });
        Some(out)
    }
}

/// The extremes (the smallest if `SMALLEST`, else the largest; NaN propagates) down the
/// columns of each `[n, block]` slab of `all`, in order: `all.len() / n` elements, each slab
/// folded by [`slab::fold_slab`] with an accumulator on the heap.
///
/// `n` and `block` are at least 1 and `all.len()` is a multiple of `n · block`.
fn slab_extremes<T: PartialOrd + Copy, const SMALLEST: bool>(
    all: &[T],
    n: usize,
    block: usize,
) -> Vec<T> {
    let width = slab::rows_per_group(block) * block;
    let mut out = engine::vec_or_panic(all.len() / n);
    let mut acc: Vec<T> = all.get(..width).map(<[T]>::to_vec).unwrap_or_default();
    for slab in all.chunks_exact(n * block) {
        let start = out.len();
        out.extend_from_slice(&slab[..block]);
        slab::fold_slab::<T, SMALLEST>(slab, block, &mut out[start..], &mut acc);
    }
    out
}
