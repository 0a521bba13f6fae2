//! Parallel element-wise operations, copies and sums (feature `rayon`).
//!
//! Each `par_` method does what its sequential namesake does, on all threads of rayon's global
//! pool once the tensor holds at least 65,536 elements (below that it runs the sequential code).
//! The tensor is cut along one axis into pieces fixed by its shape alone — never by the number
//! of threads — so every result, floating-point sums included, is the same on every machine.
//!
//! A closure passed to a `par_` method must be `Fn + Sync` (it runs on several threads at
//! once), and it is called in no particular order.

use alloc::vec::Vec;
use core::mem::MaybeUninit;
use core::ops::{Add, Range};

use num_traits::Zero;

use super::{assign_failed, check_same_shape};
use crate::Layout;
use crate::engine::{self, CloneInto, CloneTo, Kernel, Operand, par};
use crate::error::ShapeError;
use crate::rank::{BroadcastTo, Rank};
use crate::storage::{Storage, StorageMut, ViewReprMut};
use crate::tensor::{Tensor, TensorBase, TensorView};

/// The piece of `layout` whose index along `axis` lies in `r` (view arithmetic: valid for the
/// same storage).
fn piece<const R: usize>(layout: &Layout<R>, axis: usize, r: &Range<usize>) -> Layout<R> {
    match layout.narrow(axis, r.start, r.len()) {
        Ok(l) => l,
        Err(_) => unreachable!("the splitter only hands out ranges inside the axis"),
    }
}

/// `layout` as an operand of the part of its storage that starts at position `base`.
fn relative<const R: usize>(layout: &Layout<R>, base: usize) -> Operand<'_> {
    Operand {
        strides: layout.strides(),
        offset: layout.offset() - base,
    }
}

/// A new row-major `Vec` of `shape`, filled in parallel: `fill(chunk, to, shape, axis, range)`
/// gets the piece of the output whose index along `axis` lies in `range` — its shape, and its
/// operand `to` within `chunk`; a piece keeps at least `keep(axis)` indices of the axis (see
/// [`par::whole_lines`]). `None` (nothing run) when the shape is too small to split or the
/// output cannot be allocated.
///
/// # Safety
///
/// `fill` must write every position of its piece (as the engine's walks do). It may rely on
/// `to` (with the piece's shape) being a unique layout valid for `chunk`.
unsafe fn par_collect<U: Send, const R: usize>(
    shape: [usize; R],
    keep: impl Fn(usize) -> usize,
    fill: &(
         impl Fn(ViewReprMut<'_, MaybeUninit<U>>, Operand<'_>, &[usize], usize, &Range<usize>) + Sync
     ),
) -> Option<Vec<U>> {
    let dst = Layout::row_major(shape).ok()?;
    let len = crate::layout::checked_len(&shape).ok()?;
    // Room that cannot be had: the sequential form reports it.
    let mut out: Vec<U> = engine::try_vec(len).ok()?;
    let spare = &mut out.spare_capacity_mut()[..len];
    let split = par::split_mut(
        ViewReprMut::from_slice(spare),
        dst.shape(),
        dst.operand(),
        keep,
        &|chunk, base, axis, r| {
            let d = piece(&dst, axis, &r);
            fill(chunk, relative(&d, base), d.shape(), axis, &r);
        },
    );
    if !split {
        return None;
    }
    // SAFETY: the pieces cover every index of the split axis once and `fill` writes every
    // position of its piece (the caller's contract); the row-major layout maps distinct indices
    // to distinct slots of `0..len` (invariant 2), so every slot below `len` was written. A
    // panic in `fill` leaves `out` empty (the written values leak).
    unsafe { out.set_len(len) };
    Some(out)
}

/// # Parallel operations (feature `rayon`)
///
/// See the [module documentation](crate::ops::par) for when work is split and how.
impl<S: Storage, const R: usize> TensorBase<S, R> {
    /// [`map_inplace`](Self::map_inplace) on all threads: calls `f` once on every element, in no
    /// particular order.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Tensor;
    ///
    /// let mut t = Tensor::from_fn([300, 400], |[i, j]| (i + j) as f32);
    /// t.par_map_inplace(|x| *x *= 2.0);
    /// assert_eq!(t[[299, 399]], 1396.0);
    /// ```
    pub fn par_map_inplace<F>(&mut self, f: F)
    where
        S: StorageMut,
        S::Elem: Send,
        F: Fn(&mut S::Elem) + Sync,
    {
        let layout = *self.layout();
        let mut data = self.view_mut().into_raw_parts().0;
        let split = par::split_mut(
            data.reborrow(),
            layout.shape(),
            layout.operand(),
            |_| 1,
            &|chunk, base, axis, r| {
                let l = piece(&layout, axis, &r);
                // SAFETY: the piece of this tensor's unique layout, relative to the chunk
                // holding its elements (`split_mut`'s contract): valid and unique there.
                unsafe {
                    engine::for_each_mut::<R, _>(chunk, l.shape(), relative(&l, base), &mut |x| {
                        f(x)
                    });
                }
            },
        );
        if !split {
            // SAFETY: this tensor's storage and unique layout (invariants 1 and 2).
            unsafe {
                engine::for_each_mut::<R, _>(data, layout.shape(), layout.operand(), &mut |x| f(x))
            };
        }
    }

    /// [`fill`](Self::fill) on all threads.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Tensor;
    ///
    /// let mut t: Tensor<u8, 3> = Tensor::zeros([64, 64, 64]);
    /// t.par_fill(7);
    /// assert!(t.iter().all(|&x| x == 7));
    /// ```
    pub fn par_fill(&mut self, value: S::Elem)
    where
        S: StorageMut,
        S::Elem: Clone + Send + Sync,
    {
        self.par_map_inplace(|x| *x = value.clone());
    }

    /// [`try_assign`](Self::try_assign) on all threads: copies `src` (broadcast to `self`'s
    /// shape) into `self`; a permuted `src` is copied with the tiled transposition, piece by
    /// piece.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::BroadcastMismatch`](crate::ErrorKind::BroadcastMismatch) if `src` cannot be
    /// broadcast to `self`'s shape; `self` is then unchanged.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Tensor;
    ///
    /// let src = Tensor::from_fn([200, 300], |[i, j]| (i * 300 + j) as u32);
    /// let mut dst: Tensor<u32, 2> = Tensor::zeros([300, 200]);
    /// dst.try_par_assign(&src.view().t()).unwrap();
    /// assert_eq!(dst[[299, 1]], src[[1, 299]]);
    /// assert!(dst.try_par_assign(&src).is_err());
    /// ```
    pub fn try_par_assign<S2, const R2: usize>(
        &mut self,
        src: &TensorBase<S2, R2>,
    ) -> Result<(), ShapeError>
    where
        S: StorageMut,
        S2: Storage<Elem = S::Elem>,
        S::Elem: Clone + Send + Sync,
        Rank<R2>: BroadcastTo<R>,
    {
        let from = src.layout().broadcast_to(*self.shape())?;
        let src_data = src.view().into_raw_parts().0;
        let target = *self.layout();
        let stream_min = engine::piece_stream_min::<S::Elem>(self.len());
        let mut data = self.view_mut().into_raw_parts().0;
        let size = size_of::<S::Elem>();
        let split = par::split_mut(
            data.reborrow(),
            target.shape(),
            target.operand(),
            |axis| par::whole_lines(from.strides()[axis], size),
            &|chunk, base, axis, r| {
                let (d, s) = (piece(&target, axis, &r), piece(&from, axis, &r));
                let to = relative(&d, base);
                // SAFETY: `to` is the piece of `self`'s unique layout relative to its chunk
                // (`split_mut`'s contract); `s` the same piece of a broadcast of `src`'s layout,
                // valid for its storage (invariant 1).
                unsafe {
                    engine::zip_mut_streaming::<R, _, _>(
                        chunk,
                        to,
                        src_data,
                        s.operand(),
                        d.shape(),
                        &mut CloneTo,
                        stream_min,
                    );
                }
            },
        );
        if !split {
            let (to, shape) = (target.operand(), target.shape());
            // SAFETY: `self`'s storage and unique layout; a broadcast of `src`'s layout, valid
            // for its storage (invariants 1 and 2).
            unsafe {
                engine::zip_mut::<R, _, _>(data, to, src_data, from.operand(), shape, &mut CloneTo)
            };
        }
        Ok(())
    }

    /// [`try_par_assign`](Self::try_par_assign), panicking on a shape mismatch.
    ///
    /// # Panics
    ///
    /// If `src` cannot be broadcast to `self`'s shape.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Tensor, tensor};
    ///
    /// let mut t: Tensor<i64, 2> = Tensor::zeros([1000, 3]);
    /// t.par_assign(&tensor![1, 2, 3]);
    /// assert_eq!(t[[999, 2]], 3);
    /// ```
    #[track_caller]
    pub fn par_assign<S2, const R2: usize>(&mut self, src: &TensorBase<S2, R2>)
    where
        S: StorageMut,
        S2: Storage<Elem = S::Elem>,
        S::Elem: Clone + Send + Sync,
        Rank<R2>: BroadcastTo<R>,
    {
        if let Err(err) = self.try_par_assign(src) {
            assign_failed(src.shape(), self.shape(), err);
        }
    }

    /// [`map`](Self::map) on all threads: a new C-contiguous tensor of `f` applied to every
    /// element, `f` called once per element in no particular order.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Tensor;
    ///
    /// let t = Tensor::from_fn([100, 1000], |[i, j]| (i * 1000 + j) as f64);
    /// let r = t.view().t().par_map(|x| x.sqrt());
    /// assert_eq!(r.shape(), &[1000, 100]);
    /// assert_eq!(r[[9, 0]], 3.0);
    /// ```
    pub fn par_map<U, F>(&self, f: F) -> Tensor<U, R>
    where
        S::Elem: Sync,
        U: Send,
        F: Fn(&S::Elem) -> U + Sync,
    {
        let kernel = || engine::as_kernel(|o: &mut MaybeUninit<U>, x| _ = o.write(f(x)));
        // SAFETY: the kernel writes its destination on every call.
        match unsafe { self.par_collect_with(&kernel) } {
            Some(out) => Tensor::from_contiguous_vec(out, *self.shape()),
            None => self.map(f),
        }
    }

    /// [`zip_map`](Self::zip_map) on all threads.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::SizeMismatch`](crate::ErrorKind::SizeMismatch) at the first axis where the
    /// shapes differ.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Tensor;
    ///
    /// let a = Tensor::from_fn([400, 300], |[i, _]| i as f32);
    /// let b = Tensor::from_fn([300, 400], |[i, _]| i as f32);
    /// let c = a.par_zip_map(&b.view().t(), |x, y| x * 10.0 + y).unwrap();
    /// assert_eq!(c[[3, 7]], 37.0);
    /// ```
    pub fn par_zip_map<S2, V, F>(
        &self,
        other: &TensorBase<S2, R>,
        f: F,
    ) -> Result<Tensor<V, R>, ShapeError>
    where
        S2: Storage,
        S::Elem: Sync,
        S2::Elem: Sync,
        V: Send,
        F: Fn(&S::Elem, &S2::Elem) -> V + Sync,
    {
        check_same_shape(self.shape(), other.shape())?;
        let (la, lb) = (*self.layout(), *other.layout());
        let (a, b) = (
            self.view().into_raw_parts().0,
            other.view().into_raw_parts().0,
        );
        let fill = |chunk: ViewReprMut<'_, MaybeUninit<V>>,
                    to: Operand<'_>,
                    shape: &[usize],
                    axis: usize,
                    r: &Range<usize>| {
            let (pa, pb) = (piece(&la, axis, r), piece(&lb, axis, r));
            let (from_a, from_b) = ((a, pa.operand()), (b, pb.operand()));
            // SAFETY: `to` is valid and unique for `chunk` (`par_collect`'s contract); the
            // pieces of the operands' layouts are valid for their storages (invariant 1).
            unsafe {
                engine::zip3_mut::<R, _, _, _>(chunk, to, from_a, from_b, shape, &mut |o, x, y| {
                    o.write(f(x, y));
                });
            }
        };
        let keep = |axis: usize| {
            let a = par::whole_lines(la.strides()[axis], size_of::<S::Elem>());
            a.max(par::whole_lines(lb.strides()[axis], size_of::<S2::Elem>()))
        };
        // SAFETY: `zip3_mut` visits every index of the piece.
        match unsafe { par_collect(*self.shape(), keep, &fill) } {
            Some(out) => Ok(Tensor::from_contiguous_vec(out, *self.shape())),
            None => self.zip_map(other, f),
        }
    }

    /// [`to_contiguous`](Self::to_contiguous) on all threads: a C-contiguous copy (the tiled
    /// transposition for a permuted view, piece by piece).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Tensor;
    ///
    /// let t = Tensor::from_fn([256, 512], |[i, j]| (i * 512 + j) as u32);
    /// let c = t.view().t().par_to_contiguous();
    /// assert_eq!(c, t.view().t().to_contiguous());
    /// ```
    #[must_use]
    pub fn par_to_contiguous(&self) -> Tensor<S::Elem, R>
    where
        S::Elem: Clone + Send + Sync,
    {
        // SAFETY: `CloneInto` writes its destination on every call.
        match unsafe { self.par_collect_with(&|| CloneInto) } {
            Some(out) => Tensor::from_contiguous_vec(out, *self.shape()),
            None => self.to_contiguous(),
        }
    }

    /// A new row-major `Vec` of what the kernels made by `kernel` write for every element
    /// (each piece gets its own kernel), filled in parallel; `None` (nothing run) when the
    /// tensor is too small to split.
    ///
    /// # Safety
    ///
    /// Every call of the kernels' `apply` must initialise its destination.
    unsafe fn par_collect_with<U: Send, K: Kernel<MaybeUninit<U>, S::Elem>>(
        &self,
        kernel: &(impl Fn() -> K + Sync),
    ) -> Option<Vec<U>>
    where
        S::Elem: Sync,
    {
        let src = *self.layout();
        let stream_min = engine::piece_stream_min::<U>(self.len());
        let data = self.view().into_raw_parts().0;
        let fill = |chunk: ViewReprMut<'_, MaybeUninit<U>>,
                    to: Operand<'_>,
                    shape: &[usize],
                    axis: usize,
                    r: &Range<usize>| {
            let from = piece(&src, axis, r);
            // SAFETY: `to` is valid and unique for `chunk` (`par_collect`'s contract); the
            // piece of this tensor's layout is valid for its storage (invariant 1).
            unsafe {
                engine::zip_mut_streaming::<R, _, _>(
                    chunk,
                    to,
                    data,
                    from.operand(),
                    shape,
                    &mut kernel(),
                    stream_min,
                )
            };
        };
        let keep = |axis: usize| par::whole_lines(src.strides()[axis], size_of::<S::Elem>());
        // SAFETY: `zip_mut_streaming` applies the kernel to every index of the piece, and the
        // kernel writes its destination (this function's contract).
        unsafe { par_collect(*self.shape(), keep, &fill) }
    }

    /// [`sum`](Self::sum) on all threads: each piece is summed with the sequential blocked
    /// pairwise sum and the piece sums are combined pairwise. For floating point the result can
    /// differ from [`sum`](Self::sum) in the last bits (another order of additions), but not
    /// from one run or machine to the next.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Tensor;
    ///
    /// let t = Tensor::from_fn([512, 512], |[i, j]| (i + j) as u64);
    /// assert_eq!(t.view().t().par_sum(), t.sum());
    /// ```
    pub fn par_sum(&self) -> S::Elem
    where
        S::Elem: Zero + Add<Output = S::Elem> + Copy + Send + Sync,
    {
        let layout = *self.layout();
        let data = self.view().into_raw_parts().0;
        let leaf = |axis: usize, r: Range<usize>| {
            let l = piece(&layout, axis, &r);
            // SAFETY: `narrow` is view arithmetic, so the piece is valid for the same storage
            // (invariant 1); a read-only view has no invariant 2 to keep.
            unsafe { TensorView::from_parts_unchecked(data, l) }.sum()
        };
        par::split(layout.shape(), layout.operand(), &leaf, &|a, b| a + b)
            .unwrap_or_else(|| self.sum())
    }
}

#[cfg(test)]
mod tests {
    use crate::{Axis, Tensor};

    /// A walk of the splitter's pieces down to single rows: every element reached once.
    #[test]
    fn pieces_cover_every_element_once() {
        let shape = if cfg!(miri) {
            [3, 10, 9]
        } else {
            [3, 300, 250]
        };
        let mut t: Tensor<u32, 3> = Tensor::zeros(shape);
        let mut v = t.view_mut().permute([2, 0, 1]).unwrap().flip(Axis::<1>);
        v.par_map_inplace(|x| *x += 1);
        assert!(t.iter().all(|&x| x == 1));
    }

    /// Permuted copies in parallel, into a new tensor and into an existing one, equal the
    /// sequential copies: cut along the outermost axis, or (where that axis is the source's
    /// contiguous one, `[3, 2, 1, 0]`) along an inner one, in pieces that interleave. Under
    /// Miri the pieces are small enough for these sizes to be cut and handed to threads.
    #[test]
    fn parallel_copies_cut_along_outer_and_inner_axes() {
        let shape = if cfg!(miri) {
            [2, 3, 4, 24]
        } else {
            [9, 10, 11, 70]
        };
        let t =
            Tensor::<u16, 4>::from_fn(shape, |[a, b, c, d]| (a * 701 + b * 71 + c * 7 + d) as u16);
        for perm in [[3, 2, 1, 0], [0, 2, 3, 1], [3, 0, 1, 2]] {
            let v = t.view().permute(perm).unwrap();
            let want = v.to_contiguous();
            assert_eq!(v.par_to_contiguous(), want, "{perm:?}");
            let mut out = Tensor::<u16, 4>::zeros(*want.shape());
            out.par_assign(&v);
            assert_eq!(out, want, "assign {perm:?}");
        }
    }
}
