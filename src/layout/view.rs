//! View arithmetic: every view operation as a pure function of a layout (permute, merge,
//! split, slice, step, flip, squeeze, select, broadcast, diagonal, unfold), and the
//! broadcasting of shapes.

use super::*;

/// # View arithmetic
///
/// Every function here is O(rank), allocates nothing and only computes numbers. Given a layout
/// that is valid for some storage (see [`validate`](Self::validate)), each result is valid for
/// the same storage: every new index maps to a position an old in-bounds index mapped to, and
/// different new indices map to different old indices except where stated (`broadcast_to`,
/// `unfold`), so uniqueness is kept too. For typed tensors the compiler checks the axis numbers;
/// here, a method that returns a `Result` reports an axis at or beyond the rank as
/// [`ErrorKind::InvalidAxis`] (and never panics), while the infallible ones (`swap_axes`,
/// `unsqueeze`, `flip`, `diagonal`) panic on such an axis, as their `# Panics` sections say.
impl<const R: usize> Layout<R> {
    /// Reorders the axes: axis `i` of the result is axis `axes[i]` of `self` (PyTorch's
    /// `permute`, NumPy's `transpose`). Rank R → R.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::InvalidAxis`] if an entry is not below R; [`ErrorKind::RepeatedAxis`] if an
    /// axis appears twice (naming the axis and the position of its second appearance).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Layout;
    ///
    /// // [2, 3, 4] permuted by (2, 0, 1), as PyTorch's `permute`.
    /// let l = Layout::row_major([2, 3, 4]).unwrap().permute([2, 0, 1]).unwrap();
    /// assert_eq!((l.shape(), l.strides()), (&[4, 2, 3], &[1, 12, 4]));
    /// ```
    #[inline(always)]
    pub fn permute(&self, axes: [usize; R]) -> Result<Self, ShapeError> {
        let mut out = *self;
        out.offset = parts::permute(self.parts(), &axes, &mut out.shape, &mut out.strides)?;
        Ok(out)
    }

    /// Swaps axes `i` and `j`. Rank R → R.
    ///
    /// # Panics
    ///
    /// If `i` or `j` is not below R.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Layout;
    ///
    /// let l = Layout::row_major([2, 3]).unwrap().swap_axes(0, 1);
    /// assert_eq!((l.shape(), l.strides()), (&[3, 2], &[1, 3]));
    /// ```
    #[must_use]
    pub fn swap_axes(&self, i: usize, j: usize) -> Self {
        let mut out = *self;
        out.shape.swap(i, j);
        out.strides.swap(i, j);
        out
    }

    /// Moves axis `from` to position `to`, the other axes keeping their order (NumPy's
    /// `moveaxis`). Rank R → R. An axis out of range leaves the layout as it is (the typed
    /// callers pass axes the compiler has checked).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Layout;
    ///
    /// let l = Layout::row_major([2, 3, 4]).unwrap().move_axis(0, 2);
    /// assert_eq!((l.shape(), l.strides()), (&[3, 4, 2], &[4, 1, 12]));
    /// let back = l.move_axis(2, 0);
    /// assert_eq!((back.shape(), back.strides()), (&[2, 3, 4], &[12, 4, 1]));
    /// ```
    #[must_use]
    pub fn move_axis(&self, from: usize, to: usize) -> Self {
        let mut out = *self;
        let (lo, hi) = (from.min(to), from.max(to));
        if let (Some(shape), Some(strides)) =
            (out.shape.get_mut(lo..=hi), out.strides.get_mut(lo..=hi))
        {
            if from < to {
                shape.rotate_left(1);
                strides.rotate_left(1);
            } else {
                shape.rotate_right(1);
                strides.rotate_right(1);
            }
        }
        out
    }

    /// Reverses the order of the axes (the full transpose). Rank R → R.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Layout;
    ///
    /// let l = Layout::row_major([2, 3, 4]).unwrap().reversed_axes();
    /// assert_eq!((l.shape(), l.strides()), (&[4, 3, 2], &[1, 4, 12]));
    /// ```
    #[must_use]
    pub fn reversed_axes(&self) -> Self {
        let mut out = *self;
        out.shape.reverse();
        out.strides.reverse();
        out
    }

    /// Removes `axis`, which must have size 1. Rank R → R − 1 = O.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::SizeMismatch`] if the axis does not have size 1.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Layout;
    ///
    /// let l = Layout::row_major([2, 1, 3]).unwrap();
    /// assert_eq!(l.squeeze::<2>(1).unwrap().shape(), &[2, 3]);
    /// assert!(l.squeeze::<2>(0).is_err());
    /// ```
    pub fn squeeze<const O: usize>(&self, axis: usize) -> Result<Layout<O>, ShapeError> {
        const { assert!(O + 1 == R) };
        parts::check_axis(R, axis)?;
        Layout::build(|shape, strides| parts::squeeze(self.parts(), axis, shape, strides))
    }

    /// Inserts an axis of size 1 before `axis` (`axis == R` appends). Rank R → R + 1 = O.
    ///
    /// The new axis's stride is chosen so that a contiguous layout stays contiguous (as PyTorch's `unsqueeze`):
    /// `strides[axis] · shape[axis]`, or 1 when appending.
    ///
    /// # Panics
    ///
    /// If `axis` is beyond R (the typed tensor methods prove it is not).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Layout;
    ///
    /// let l = Layout::row_major([2, 3]).unwrap().unsqueeze::<3>(1);
    /// assert_eq!((l.shape(), l.strides()), (&[2, 1, 3], &[3, 3, 1]));
    /// assert!(l.is_c_contiguous());
    /// ```
    #[inline]
    #[must_use]
    pub fn unsqueeze<const O: usize>(&self, axis: usize) -> Layout<O> {
        const { assert!(O == R + 1) };
        let mut out = Layout {
            shape: [0; O],
            strides: [0; O],
            offset: 0,
        };
        out.offset = parts::unsqueeze(self.parts(), axis, &mut out.shape, &mut out.strides);
        out
    }

    /// Fixes `axis` at `index` and removes it (PyTorch's `select`, ndarray's `index_axis`).
    /// Rank R → R − 1 = O.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::IndexOutOfBounds`] if `index` is not below the axis size.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Layout;
    ///
    /// let l = Layout::row_major([2, 3, 4]).unwrap().select::<2>(1, 2).unwrap();
    /// assert_eq!((l.shape(), l.strides(), l.offset()), (&[2, 4], &[12, 1], 8));
    /// ```
    pub fn select<const O: usize>(
        &self,
        axis: usize,
        index: usize,
    ) -> Result<Layout<O>, ShapeError> {
        const { assert!(O + 1 == R) };
        parts::check_axis(R, axis)?;
        Layout::build(|shape, strides| parts::select(self.parts(), axis, index, shape, strides))
    }

    /// Merges (flattens) axes `start..=end` into one axis whose size is their product, without
    /// copying. Rank R → R − (end − start) = O.
    ///
    /// This is possible exactly when the merged axes are contiguous with each other: walking
    /// from `end` towards `start` and skipping size-1 axes, each axis's stride must equal the
    /// next inner axis's stride times its size. (Keeping the last stride without this check, as
    /// a naive flatten does, is wrong on permuted views.) A layout with no elements always merges.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::NotContiguous`] naming the adjacent pair that breaks the rule, the stride
    /// the outer axis would need and the stride it has.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{ErrorKind, Layout};
    ///
    /// // [3, 4, 5] merged over axes 1..=2.
    /// let l = Layout::row_major([3, 4, 5]).unwrap().merge::<2>(1, 2).unwrap();
    /// assert_eq!((l.shape(), l.strides()), (&[3, 20], &[20, 1]));
    ///
    /// // A transposed matrix cannot be flattened without a copy.
    /// let t = Layout::row_major([3, 4]).unwrap().reversed_axes();
    /// let err = t.merge::<1>(0, 1).unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::NotContiguous);
    /// assert_eq!((err.axis(), err.second_axis(), err.expected(), err.found()), (Some(0), Some(1), 12, 1));
    /// ```
    pub fn merge<const O: usize>(&self, start: usize, end: usize) -> Result<Layout<O>, ShapeError> {
        const { assert!(O <= R) };
        parts::check_axis_range(R, start, end)?;
        if R - (end - start) != O {
            return Err(ShapeError::sizes(
                ErrorKind::RankMismatch,
                None,
                R - (end - start),
                O,
            ));
        }
        Layout::build(|shape, strides| parts::merge(self.parts(), start, end, shape, strides))
    }

    /// Splits `axis` into `N` axes of the given sizes, without copying; at most one size may be
    /// [`INFER`]. Rank R → R + N − 1 = O.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::MultipleInferred`] for more than one `INFER`; [`ErrorKind::NotDivisible`] if
    /// the sizes do not multiply to the axis size (or the inferred size is not whole);
    /// [`ErrorKind::CannotInfer`] if the other sizes multiply to 0, so any size would do;
    /// [`ErrorKind::Overflow`] if the product of the sizes overflows.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{INFER, Layout};
    ///
    /// // [3, 20] split on axis 1 into [infer, 5].
    /// let l = Layout::row_major([3, 20]).unwrap().split::<2, 3>(1, [INFER, 5]).unwrap();
    /// assert_eq!((l.shape(), l.strides()), (&[3, 4, 5], &[20, 5, 1]));
    /// assert!(Layout::row_major([3, 20]).unwrap().split::<2, 3>(1, [3, INFER]).is_err());
    /// ```
    pub fn split<const N: usize, const O: usize>(
        &self,
        axis: usize,
        sizes: [usize; N],
    ) -> Result<Layout<O>, ShapeError> {
        const { assert!(N >= 1 && O == R + N - 1 && N <= MAX_DYN_RANK) };
        parts::check_axis(R, axis)?;
        Layout::build(|shape, strides| parts::split(self.parts(), axis, &sizes, shape, strides))
    }

    /// Keeps `start..end` of `axis`, taking every `step`-th element; a negative step walks the
    /// range backwards from its last element (`0..5` with step −2 keeps 4, 2, 0). Rank R → R.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::ZeroStep`], [`ErrorKind::RangeOutOfBounds`] if `end` is beyond the axis,
    /// [`ErrorKind::InvalidRange`] if `start > end`. Nothing is clamped.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Layout;
    ///
    /// let l = Layout::row_major([10]).unwrap().slice_axis(0, 1, 8, -3).unwrap();
    /// assert_eq!((l.shape(), l.strides(), l.offset()), (&[3], &[-3], 7)); // 7, 4, 1
    /// ```
    pub fn slice_axis(
        &self,
        axis: usize,
        start: usize,
        end: usize,
        step: isize,
    ) -> Result<Self, ShapeError> {
        parts::check_axis(R, axis)?;
        let mut out = *self;
        out.offset = parts::slice_axis(
            &mut out.shape,
            &mut out.strides,
            self.offset,
            axis,
            (start, end, step),
        )?;
        Ok(out)
    }

    /// Keeps `len` elements of `axis` from `start` (PyTorch's `narrow`). Rank R → R.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::RangeOutOfBounds`] if `start + len` is beyond the axis;
    /// [`ErrorKind::Overflow`] if it overflows.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Layout;
    ///
    /// let l = Layout::row_major([4, 5]).unwrap().narrow(1, 1, 3).unwrap();
    /// assert_eq!((l.shape(), l.strides(), l.offset()), (&[4, 3], &[5, 1], 1));
    /// ```
    pub fn narrow(&self, axis: usize, start: usize, len: usize) -> Result<Self, ShapeError> {
        let (start, end) = parts::narrow_range(axis, start, len)?;
        self.slice_axis(axis, start, end, 1)
    }

    /// Keeps every `k`-th element of `axis`, from the first (NumPy's `a[:, ::k]`). Rank R → R.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::ZeroStep`] if `k` is 0; [`ErrorKind::Overflow`] if `k` exceeds `isize::MAX`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Layout;
    ///
    /// // [4, 5, 6] with step 2 on axis 1.
    /// let l = Layout::row_major([4, 5, 6]).unwrap().step(1, 2).unwrap();
    /// assert_eq!((l.shape(), l.strides()), (&[4, 3, 6], &[30, 12, 1]));
    /// ```
    pub fn step(&self, axis: usize, k: usize) -> Result<Self, ShapeError> {
        parts::check_axis(R, axis)?;
        let k = parts::step_of(axis, k)?;
        self.slice_axis(axis, 0, self.shape[axis], k)
    }

    /// Reshapes to `shape` without copying, if the layout allows it (see [`ReshapePlan`] for
    /// the rule and [`plan_reshape`](Self::plan_reshape) for an explanation). One size may be
    /// [`INFER`]. Rank R → N.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::NotContiguous`] naming the adjacent pair of axes that must merge but are not
    /// contiguous with each other (the stride needed and the stride found);
    /// [`ErrorKind::CountMismatch`] (with both element counts) or [`ErrorKind::Overflow`]; the
    /// errors of [`INFER`] resolution.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{ErrorKind, Layout};
    ///
    /// let l = Layout::row_major([2, 3, 4, 5]).unwrap();
    /// let r = l.reshape_view([6, 20]).unwrap();
    /// assert_eq!(r.strides(), &[20, 1]);
    /// let t = Layout::row_major([6, 8]).unwrap().reversed_axes();
    /// assert_eq!(t.reshape_view([48]).unwrap_err().kind(), ErrorKind::NotContiguous);
    /// ```
    #[inline]
    pub fn reshape_view<const N: usize>(&self, shape: [usize; N]) -> Result<Layout<N>, ShapeError> {
        let mut strides = [0; N];
        match reshape::reshape_row_major(self.parts(), &shape, &mut strides) {
            Some(offset) => Ok(Layout {
                shape,
                strides,
                offset,
            }),
            None => {
                // The walk writes into `out`'s arrays instead of returning a layout, so that
                // the two paths meet in registers: with a returned layout, the short path
                // stored its result to memory and read it back at once as wider loads, which
                // the processor cannot forward from the stores.
                let mut out = Layout {
                    shape,
                    strides,
                    offset: 0,
                };
                out.offset = self.reshape_by_groups(&mut out.shape, &mut out.strides)?;
                Ok(out)
            }
        }
    }

    /// [`reshape_view`](Self::reshape_view)'s group walk. It takes the layout by value, so
    /// that only this call, not the short path, needs the layout in memory: a reference passed
    /// out of line would keep a tiny view's layout out of registers on both paths.
    #[cfg_attr(not(target_os = "none"), inline(never))]
    fn reshape_by_groups(
        self,
        shape: &mut [usize],
        strides: &mut [isize],
    ) -> Result<usize, ShapeError> {
        reshape::reshape_by_groups(self.parts(), shape, strides)
    }

    /// Explains how reshaping to `shape` works: the groups of axes, what happens to each
    /// (merge, split, split-then-merge, merge-then-split, …) and whether the result is a view.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::CountMismatch`] (with both element counts), [`ErrorKind::Overflow`],
    /// [`ErrorKind::TooManyAxes`] beyond [`MAX_DYN_RANK`] axes on either side.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Layout;
    ///
    /// let plan = Layout::row_major([6, 8]).unwrap().plan_reshape(&[4, 12]).unwrap();
    /// assert_eq!(
    ///     plan.to_string(),
    ///     "[6, 8] -> [4, 12]: a view\n  old axes 0..2 [6, 8] -> new axes 0..2 [4, 12]: merge, then split"
    /// );
    /// ```
    pub fn plan_reshape(&self, shape: &[usize]) -> Result<ReshapePlan, ShapeError> {
        reshape::explain(self.parts(), shape)
    }

    /// Reverses `axis` with a negative stride. Rank R → R.
    ///
    /// # Panics
    ///
    /// If `axis` is not below R (the typed tensor methods prove it is).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Layout;
    ///
    /// // Flipping six elements gives stride -1 and offset 5.
    /// let l = Layout::row_major([6]).unwrap().flip(0);
    /// assert_eq!((l.strides(), l.offset()), (&[-1], 5));
    /// ```
    #[must_use]
    pub fn flip(&self, axis: usize) -> Self {
        let mut out = *self;
        out.offset = parts::flip(&self.shape, &mut out.strides, self.offset, axis);
        out
    }

    /// The layout of component `index` of `parts` interleaved components of each element
    /// (the real or imaginary parts of complex numbers: `parts = 2`), in units of one
    /// component: strides and offset times `parts`, plus `index`.
    ///
    /// Never overflows for a layout valid for a storage of `len` elements each `parts`
    /// non-empty components wide: an axis of size at least 2 has `|stride| ≤ len − 1` (its
    /// first and last positions lie in the storage), the offset is at most `len − 1` (at most
    /// `len` when empty, which keeps it unshifted), and
    /// `parts · len` components fit in `isize` bytes (the storage's own bound); the strides of
    /// axes of size 1, and of every axis of an empty layout, say nothing and become 0.
    #[cfg(feature = "complex")]
    pub(crate) fn component(&self, parts: usize, index: usize) -> Self {
        let mut out = *self;
        let empty = self.shape.contains(&0);
        for (s, &n) in out.strides.iter_mut().zip(&self.shape) {
            *s = if empty || n <= 1 {
                0
            } else {
                *s * parts as isize
            };
        }
        // An empty layout reaches nothing; its offset stays at most the storage's length.
        out.offset = self.offset * parts + if empty { 0 } else { index };
        out
    }

    /// Applies the items of an [`s![]`](crate::s) description in order: integers select (and
    /// drop) an axis, ranges slice it, `NewAxis` inserts a size-1 axis. Rank R → O.
    ///
    /// # Errors
    ///
    /// The errors of [`select`](Self::select) and [`slice_axis`](Self::slice_axis) for the
    /// offending axis; [`ErrorKind::RankMismatch`] if the items do not consume exactly R axes
    /// and produce exactly O (the typed API rules this out at compile time).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Layout, NewAxis, s};
    ///
    /// let l = Layout::row_major([4, 5]).unwrap();
    /// let v = l.slice_items::<2>(s![1..;2, NewAxis, -1].items()).unwrap();
    /// assert_eq!((v.shape(), v.strides(), v.offset()), (&[2, 1], &[10, 0], 9));
    /// ```
    #[inline]
    pub fn slice_items<const O: usize>(
        &self,
        items: &[crate::slice::item::SliceItem],
    ) -> Result<Layout<O>, ShapeError> {
        Layout::build(|shape, strides| parts::slice_items(self.parts(), items, shape, strides))
    }

    /// Broadcasts to `shape` (NumPy rules, aligned on the right): a size-1 axis stretches with
    /// stride 0, new leading axes get stride 0, other sizes must match. Rank R → N ≥ R.
    ///
    /// The result maps many indices to one element: only read-only tensors may use it
    /// (invariant 2 of [`TensorBase`](crate::TensorBase)).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::BroadcastMismatch`] naming the target axis whose size cannot be reached;
    /// [`ErrorKind::Overflow`] if the target's element count overflows.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Layout;
    ///
    /// // [3, 1, 4] expanded to [2, 3, 2, 4], as PyTorch's `expand`.
    /// let l = Layout::row_major([3, 1, 4]).unwrap().broadcast_to([2, 3, 2, 4]).unwrap();
    /// assert_eq!(l.strides(), &[0, 4, 0, 1]);
    /// ```
    #[inline]
    pub fn broadcast_to<const N: usize>(&self, shape: [usize; N]) -> Result<Layout<N>, ShapeError> {
        const { assert!(N >= R) };
        Layout::build(|out, strides| parts::broadcast(self.parts(), &shape, out, strides))
    }

    /// The diagonal over axes `d1` and `d2` with the given offset, by PyTorch's rules:
    /// both axes are removed and the diagonal is appended as the last axis, with stride
    /// `strides[d1] + strides[d2]`. For `offset ≥ 0` the diagonal starts at `[0, offset]`
    /// and has `min(shape[d1], shape[d2] − offset)` elements; for `offset < 0` it starts at
    /// `[−offset, 0]` and has `min(shape[d1] + offset, shape[d2])` elements (never fewer than
    /// 0). Rank R → R − 1 = O.
    ///
    /// # Panics
    ///
    /// If `d1 == d2` or either is not below R.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Layout;
    ///
    /// // [2, 4, 4] with (-1, 1, 2), then (1, 0, 1), as PyTorch's `diagonal`.
    /// let l = Layout::row_major([2, 4, 4]).unwrap().diagonal::<2>(-1, 1, 2);
    /// assert_eq!((l.shape(), l.strides(), l.offset()), (&[2, 3], &[16, 5], 4));
    /// let l = l.diagonal::<1>(1, 0, 1);
    /// assert_eq!((l.shape(), l.strides(), l.offset()), (&[2], &[21], 9));
    /// ```
    #[must_use]
    pub fn diagonal<const O: usize>(&self, offset: isize, d1: usize, d2: usize) -> Layout<O> {
        const { assert!(O + 1 == R) };
        assert!(
            d1 != d2 && d1 < R && d2 < R,
            "diagonal needs two different axes below the rank"
        );
        let mut out = Layout {
            shape: [0; O],
            strides: [0; O],
            offset: 0,
        };
        out.offset = parts::diagonal(
            self.parts(),
            offset,
            d1,
            d2,
            &mut out.shape,
            &mut out.strides,
        );
        out
    }

    /// Sliding windows of `size` elements along `axis`, one every `step` elements (PyTorch's
    /// `unfold`): the axis becomes the window count `(shape[axis] − size) / step + 1` with
    /// stride `strides[axis] · step`, and a new last axis of length `size` walks each window.
    /// Rank R → R + 1 = O.
    ///
    /// Windows that overlap (`step < size`) map several indices to one element: only read-only
    /// tensors may use the result (invariant 2 of [`TensorBase`](crate::TensorBase)).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::ZeroStep`]; [`ErrorKind::RangeOutOfBounds`] if `size` exceeds the axis.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Layout;
    ///
    /// // [2, 3, 4] with (1, 2, 1), as PyTorch's `unfold`.
    /// let l = Layout::row_major([2, 3, 4]).unwrap().unfold::<4>(1, 2, 1).unwrap();
    /// assert_eq!((l.shape(), l.strides()), (&[2, 2, 4, 2], &[12, 4, 1, 4]));
    /// ```
    pub fn unfold<const O: usize>(
        &self,
        axis: usize,
        size: usize,
        step: usize,
    ) -> Result<Layout<O>, ShapeError> {
        const { assert!(O == R + 1) };
        parts::check_axis(R, axis)?;
        Layout::build(|shape, strides| {
            parts::unfold(self.parts(), axis, size, step, shape, strides)
        })
    }
}

/// The shape two shapes of one rank broadcast to, written to `out` (of that rank too), except
/// at `except`, where `out` keeps `b`'s size (the indexed axis of `take_along_axis`).
///
/// # Errors
///
/// [`ErrorKind::BroadcastMismatch`] naming the first axis where the sizes conflict (`expected`
/// is `a`'s size, `found` is `b`'s).
pub(crate) fn broadcast_except(
    a: &[usize],
    b: &[usize],
    except: usize,
    out: &mut [usize],
) -> Result<(), ShapeError> {
    for (i, ((&x, &y), o)) in a.iter().zip(b).zip(out.iter_mut()).enumerate() {
        *o = if i == except || x == 1 {
            y
        } else if x == y || y == 1 {
            x
        } else {
            return Err(ShapeError::sizes(
                ErrorKind::BroadcastMismatch,
                Some(i),
                x,
                y,
            ));
        };
    }
    Ok(())
}

/// The shape two shapes broadcast to, by NumPy's rules: align on the right; sizes must be equal
/// or one of them 1; the result has the larger rank, computed at compile time.
///
/// # Errors
///
/// [`ErrorKind::BroadcastMismatch`] naming the result axis where the sizes conflict
/// (`expected` is `a`'s size, `found` is `b`'s).
///
/// # Examples
///
/// ```
/// use ranked::layout::broadcast_shapes;
///
/// let s: [usize; 4] = broadcast_shapes([8, 1, 6, 1], [7, 1, 5]).unwrap();
/// assert_eq!(s, [8, 7, 6, 5]);
/// assert!(broadcast_shapes([2, 3], [4, 3]).is_err());
/// ```
pub fn broadcast_shapes<const R1: usize, const R2: usize, const O: usize>(
    a: [usize; R1],
    b: [usize; R2],
) -> Result<[usize; O], ShapeError>
where
    crate::Rank<R1>: crate::BroadcastRanks<R2, Out = crate::Rank<O>>,
{
    let mut out = [1usize; O];
    for i in 0..O {
        // Sizes at result axis i, counting from the right; missing axes count as 1.
        let from_right = O - 1 - i;
        let x = if from_right < R1 {
            a[R1 - 1 - from_right]
        } else {
            1
        };
        let y = if from_right < R2 {
            b[R2 - 1 - from_right]
        } else {
            1
        };
        out[i] = if x == y || y == 1 {
            x
        } else if x == 1 {
            y
        } else {
            return Err(ShapeError::sizes(
                ErrorKind::BroadcastMismatch,
                Some(i),
                x,
                y,
            ));
        };
    }
    Ok(out)
}
