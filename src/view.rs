//! View operations on tensors: every one is zero-copy and O(rank), and every one that changes
//! the rank changes the type.
//!
//! The methods consume `self`, so they chain (`t.view().permute(..)?.squeeze(Axis::<0>)?`) and
//! work alike on owned tensors (the buffer moves into the result) and on views (call
//! [`view`](TensorBase::view) or [`view_mut`](TensorBase::view_mut) first to keep the original).
//! The arithmetic lives in [`Layout`]; each method only checks the rank at compile time and
//! delegates.

#[cfg(feature = "alloc")]
use crate::tensor::Tensor;
use crate::{
    Axis, BroadcastRanks, DiagonalAxes, HasAxes, HasAxis, HasAxisSet, InsertAxes, InsertAxis,
    MatrixStack, MergeAxes, MoveAxes, Rank, RemoveAxes, RemoveAxis, ShapeError, SliceArity,
    SplitAxis, TensorBase, TensorView, WindowAxis,
    layout::Layout,
    rank::{BroadcastTo, IsAxis},
    slice::AxisRange,
    storage::{ReadOnlyStorage, Storage},
};

/// # View operations
///
/// Zero-copy: the result shares the storage and only the layout changes. Rank-changing
/// operations take the axis as a type ([`Axis<A>`]) so that the compiler checks it and infers
/// the output rank.
impl<S: Storage, const R: usize> TensorBase<S, R> {
    /// Reorders the axes: axis `i` of the result is axis `axes[i]` of `self`. Rank R → R.
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::InvalidAxis`](crate::ErrorKind::InvalidAxis) or
    /// [`ErrorKind::RepeatedAxis`](crate::ErrorKind::RepeatedAxis) unless `axes` lists every
    /// axis exactly once. A wrong *number* of axes does not compile.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Tensor;
    ///
    /// let t: Tensor<u8, 3> = Tensor::zeros([2, 3, 4]);
    /// let p = t.permute([2, 0, 1]).unwrap();
    /// assert_eq!((p.shape(), p.strides()), (&[4, 2, 3], &[1, 12, 4]));
    /// ```
    #[inline(always)]
    pub fn permute(self, axes: [usize; R]) -> Result<Self, ShapeError> {
        // SAFETY: `permute` is view arithmetic (keeps invariants 1 and 2).
        unsafe { self.map_layout(|l| l.permute(axes)) }
    }

    /// Moves axis `A` to position `B`, the other axes keeping their order (NumPy's
    /// `moveaxis(a, A, B)` and the Array API's `moveaxis`): a view, no copy. Rank R → R.
    ///
    /// Both axes must exist, or the program does not compile.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, Tensor};
    ///
    /// // Channels last to channels first: [h, w, c] → [c, h, w].
    /// let img: Tensor<u8, 3> = Tensor::zeros([4, 5, 3]);
    /// assert_eq!(img.view().moveaxis(Axis::<2>, Axis::<0>).shape(), &[3, 4, 5]);
    /// ```
    #[inline]
    pub fn moveaxis<A1: IsAxis, A2: IsAxis>(self, _from: A1, _to: A2) -> Self
    where
        Rank<R>: HasAxis<A1> + HasAxis<A2>,
    {
        let from = <Rank<R> as HasAxis<A1>>::AXIS;
        let to = <Rank<R> as HasAxis<A2>>::AXIS;
        self.infallible(|l| l.move_axis(from, to))
    }

    /// Moves the axes of the tuple `from` to the positions of the tuple `to`, the other axes
    /// keeping their order (NumPy's `moveaxis(a, (s, …), (d, …))` and the Array API's
    /// `moveaxis` with tuples): a view, no copy. Rank R → R. Tuples of different lengths, an
    /// axis twice or one beyond the rank do not compile.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, Tensor};
    ///
    /// // [n, h, w, c] → [h, w, n, c]... and back.
    /// let x: Tensor<u8, 4> = Tensor::zeros([8, 4, 5, 3]);
    /// let m = x.view().moveaxes((Axis::<1>, Axis::<2>), (Axis::<0>, Axis::<1>));
    /// assert_eq!(m.shape(), &[4, 5, 8, 3]);
    /// let back = m.moveaxes((Axis::<0>, Axis::<1>), (Axis::<1>, Axis::<2>));
    /// assert_eq!(back.shape(), &[8, 4, 5, 3]);
    /// ```
    #[inline]
    #[must_use]
    pub fn moveaxes<From, To>(self, _from: From, _to: To) -> Self
    where
        Rank<R>: MoveAxes<From, To>,
    {
        let from = <Rank<R> as MoveAxes<From, To>>::FROM;
        let to = <Rank<R> as MoveAxes<From, To>>::TO;
        // The rule proves both tuples valid: the permutation exists (else the axes stay).
        let order = crate::layout::axis_set::moved_axes::<R>(from, to);
        self.infallible(|l| order.and_then(|o| l.permute(o).ok()).unwrap_or(*l))
    }

    /// Swaps two axes (`Axis<I>`, `Axis<J>`). Rank R → R.
    ///
    /// Both axes must exist, or the program does not compile.
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, Tensor};
    ///
    /// let t: Tensor<u8, 3> = Tensor::zeros([2, 3, 4]);
    /// assert_eq!(t.swap_axes(Axis::<0>, Axis::<2>).shape(), &[4, 3, 2]);
    /// ```
    #[inline]
    #[must_use]
    pub fn swap_axes<I, J>(self, _i: I, _j: J) -> Self
    where
        (I, J): IsAxis,
        Rank<R>: HasAxes<I, J>,
    {
        let (i, j) = <Rank<R> as HasAxes<I, J>>::AXES;
        self.infallible(|l| l.swap_axes(i, j))
    }

    /// Swaps the last two axes: the transpose of each matrix of a stack (NumPy's
    /// `matrix_transpose` and `x.mT`, the Array API's `matrix_transpose`). Rank R ≥ 2 → R; a
    /// view. For a matrix it is [`t`](TensorBase::t); a tensor of rank below 2 does not compile.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Tensor, tensor};
    ///
    /// let stack = Tensor::from_fn([2, 2, 3], |[b, i, j]| 100 * b + 10 * i + j);
    /// let mt = stack.view().matrix_transpose();
    /// assert_eq!(mt.shape(), &[2, 3, 2]);
    /// assert_eq!(mt[[1, 2, 0]], 102);
    /// assert_eq!(tensor![[1, 2], [3, 4]].matrix_transpose(), tensor![[1, 3], [2, 4]]);
    /// ```
    #[inline]
    #[must_use]
    pub fn matrix_transpose(self) -> Self
    where
        Rank<R>: MatrixStack,
    {
        // `MatrixStack` proves R ≥ 2.
        let (i, j) = (R.saturating_sub(2), R.saturating_sub(1));
        self.infallible(|l| l.swap_axes(i, j))
    }

    /// The diagonal of each matrix of a stack, over the last two axes (NumPy's
    /// `linalg.diagonal(x, offset=k)` and the Array API's `linalg.diagonal`): `offset` above
    /// (positive) or below (negative) the main diagonal, appended as the last axis. Rank
    /// R ≥ 2 → R − 1; a view. An offset beyond the matrix gives empty diagonals.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Tensor, tensor};
    ///
    /// let m = tensor![[1, 2, 3], [4, 5, 6]];
    /// assert_eq!(m.view().matrix_diagonal(0).to_vec(), [1, 5]);
    /// assert_eq!(m.view().matrix_diagonal(1).to_vec(), [2, 6]);
    /// assert_eq!(m.view().matrix_diagonal(-1).to_vec(), [4]);
    /// let stack: Tensor<i32, 3> = Tensor::zeros([4, 3, 3]);
    /// assert_eq!(stack.view().matrix_diagonal(0).shape(), &[4, 3]);
    /// ```
    #[inline]
    #[must_use]
    pub fn matrix_diagonal<const V: usize>(self, offset: isize) -> TensorBase<S, V>
    where
        Rank<R>: MatrixStack<Vectors = Rank<V>>,
    {
        // `MatrixStack` proves R ≥ 2, and V = R − 1.
        let (i, j) = (R.saturating_sub(2), R.saturating_sub(1));
        self.infallible(|l| l.diagonal::<V>(offset, i, j))
    }

    /// Reverses the order of the axes (the full transpose). Rank R → R.
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Tensor;
    ///
    /// let t: Tensor<u8, 3> = Tensor::zeros([2, 3, 4]);
    /// assert_eq!(t.reversed_axes().shape(), &[4, 3, 2]);
    /// ```
    #[inline]
    #[must_use]
    pub fn reversed_axes(self) -> Self {
        self.infallible(|l| l.reversed_axes())
    }

    /// Removes axis `A`, which must have size 1. Rank R → R − 1.
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::SizeMismatch`](crate::ErrorKind::SizeMismatch) if the axis does not have
    /// size 1. An axis beyond the rank does not compile.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, Tensor};
    ///
    /// let t: Tensor<u8, 3> = Tensor::zeros([2, 1, 3]);
    /// let s: Tensor<u8, 2> = t.squeeze(Axis::<1>).unwrap();
    /// assert_eq!(s.shape(), &[2, 3]);
    /// ```
    #[inline]
    pub fn squeeze<Ax: IsAxis, const O: usize>(
        self,
        _axis: Ax,
    ) -> Result<TensorBase<S, O>, ShapeError>
    where
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        let a = <Rank<R> as RemoveAxis<Ax>>::AXIS;
        // SAFETY: `squeeze` is view arithmetic (keeps invariants 1 and 2).
        unsafe { self.map_layout(|l| l.squeeze::<O>(a)) }
    }

    /// Inserts an axis of size 1 at position `A` (`A == R` appends). Rank R → R + 1.
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, Tensor};
    ///
    /// let t: Tensor<u8, 2> = Tensor::zeros([2, 3]);
    /// assert_eq!(t.unsqueeze(Axis::<0>).shape(), &[1, 2, 3]);
    /// ```
    #[inline]
    #[must_use]
    pub fn unsqueeze<Ax: IsAxis, const O: usize>(self, _axis: Ax) -> TensorBase<S, O>
    where
        Rank<R>: InsertAxis<Ax, Out = Rank<O>>,
    {
        let a = <Rank<R> as InsertAxis<Ax>>::AXIS;
        self.infallible(|l| l.unsqueeze::<O>(a))
    }

    /// Fixes axis `A` at `index` and removes it (PyTorch's `select`, ndarray's `index_axis`).
    /// Rank R → R − 1.
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::IndexOutOfBounds`](crate::ErrorKind::IndexOutOfBounds) if `index` is not
    /// below the axis size.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![[1, 2, 3], [4, 5, 6]];
    /// assert_eq!(t.view().select(Axis::<1>, 2).unwrap().to_vec(), [3, 6]);
    /// assert_eq!(t.select(Axis::<0>, 1).unwrap().to_vec(), [4, 5, 6]);
    /// ```
    #[inline]
    pub fn select<Ax: IsAxis, const O: usize>(
        self,
        _axis: Ax,
        index: usize,
    ) -> Result<TensorBase<S, O>, ShapeError>
    where
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        let a = <Rank<R> as RemoveAxis<Ax>>::AXIS;
        // SAFETY: `select` is view arithmetic (keeps invariants 1 and 2).
        unsafe { self.map_layout(|l| l.select::<O>(a, index)) }
    }

    /// Merges (flattens) the axes from `first` through `last` into one, without copying.
    /// Rank R → R − (LAST − FIRST).
    ///
    /// A view exists only when those axes are contiguous with each other in memory; see
    /// [`Layout::merge`] for the rule and [`to_merged`](Self::to_merged) for the copying form.
    /// Axes in the wrong order do not compile.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::NotContiguous`](crate::ErrorKind::NotContiguous) naming the adjacent pair of
    /// axes that breaks contiguity.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, ErrorKind, Tensor};
    ///
    /// let t: Tensor<u8, 3> = Tensor::zeros([3, 4, 5]);
    /// let m = t.view().merge(Axis::<1>, Axis::<2>).unwrap();
    /// assert_eq!((m.shape(), m.strides()), (&[3, 20], &[20, 1]));
    ///
    /// let permuted = t.view().permute([0, 2, 1]).unwrap();
    /// let err = permuted.merge(Axis::<1>, Axis::<2>).unwrap_err();
    /// assert_eq!((err.kind(), err.axis(), err.second_axis()), (ErrorKind::NotContiguous, Some(1), Some(2)));
    /// ```
    #[inline]
    pub fn merge<First, Last, const O: usize>(
        self,
        _first: First,
        _last: Last,
    ) -> Result<TensorBase<S, O>, ShapeError>
    where
        (First, Last): IsAxis,
        Rank<R>: MergeAxes<First, Last, Out = Rank<O>>,
    {
        let (first, last) = <Rank<R> as MergeAxes<First, Last>>::AXES;
        // SAFETY: `merge` is view arithmetic (keeps invariants 1 and 2).
        unsafe { self.map_layout(|l| l.merge::<O>(first, last)) }
    }

    /// Splits axis `A` into `N` axes of the given sizes, without copying; at most one size may
    /// be [`INFER`](crate::INFER). Rank R → R + N − 1.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::NotDivisible`](crate::ErrorKind::NotDivisible) if the sizes do not fit the
    /// axis, [`ErrorKind::MultipleInferred`](crate::ErrorKind::MultipleInferred),
    /// [`ErrorKind::CannotInfer`](crate::ErrorKind::CannotInfer) (see [`Layout::split`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, INFER, Tensor};
    ///
    /// let t: Tensor<u8, 2> = Tensor::zeros([3, 20]);
    /// let s = t.split(Axis::<1>, [INFER, 5]).unwrap();
    /// assert_eq!((s.shape(), s.strides()), (&[3, 4, 5], &[20, 5, 1]));
    /// ```
    #[inline]
    pub fn split<Ax: IsAxis, const N: usize, const O: usize>(
        self,
        _axis: Ax,
        sizes: [usize; N],
    ) -> Result<TensorBase<S, O>, ShapeError>
    where
        Rank<R>: SplitAxis<Ax, N, Out = Rank<O>>,
    {
        let a = <Rank<R> as SplitAxis<Ax, N>>::AXIS;
        // SAFETY: `split` is view arithmetic (keeps invariants 1 and 2).
        unsafe { self.map_layout(|l| l.split::<N, O>(a, sizes)) }
    }

    /// Keeps `range` of axis `A`, taking every `step`-th element; a negative step walks the
    /// range backwards from its last element. Range bounds may be negative (counted from the
    /// end). Rank R → R.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::ZeroStep`](crate::ErrorKind::ZeroStep),
    /// [`ErrorKind::RangeOutOfBounds`](crate::ErrorKind::RangeOutOfBounds),
    /// [`ErrorKind::InvalidRange`](crate::ErrorKind::InvalidRange). Nothing is clamped.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, Tensor};
    ///
    /// let t = Tensor::from_fn([10], |[i]| i);
    /// assert_eq!(t.view().slice_axis(Axis::<0>, 2..8, 2).unwrap().to_vec(), [2, 4, 6]);
    /// assert_eq!(t.view().slice_axis(Axis::<0>, 0..5, -2).unwrap().to_vec(), [4, 2, 0]);
    /// assert_eq!(t.view().slice_axis(Axis::<0>, -3.., 1).unwrap().to_vec(), [7, 8, 9]);
    /// ```
    #[inline]
    pub fn slice_axis<Ax: IsAxis>(
        self,
        _axis: Ax,
        range: impl AxisRange,
        step: isize,
    ) -> Result<Self, ShapeError>
    where
        Rank<R>: HasAxis<Ax>,
    {
        let a = <Rank<R> as HasAxis<Ax>>::AXIS;
        let (start, end) = range.bounds();
        let (start, end) = crate::slice::item::resolve_range(a, self.shape()[a], start, end)?;
        // SAFETY: `slice_axis` is view arithmetic (keeps invariants 1 and 2).
        unsafe { self.map_layout(|l| l.slice_axis(a, start, end, step)) }
    }

    /// Keeps `len` elements of axis `A` starting at `start` (PyTorch's `narrow`). Rank R → R.
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::RangeOutOfBounds`](crate::ErrorKind::RangeOutOfBounds) if
    /// `start + len` is beyond the axis.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, Tensor};
    ///
    /// let t = Tensor::from_fn([3, 5], |[i, j]| 10 * i + j);
    /// let n = t.view().narrow(Axis::<1>, 1, 2).unwrap();
    /// assert_eq!(n.to_vec(), [1, 2, 11, 12, 21, 22]);
    /// ```
    #[inline]
    pub fn narrow<Ax: IsAxis>(self, _axis: Ax, start: usize, len: usize) -> Result<Self, ShapeError>
    where
        Rank<R>: HasAxis<Ax>,
    {
        let a = <Rank<R> as HasAxis<Ax>>::AXIS;
        // SAFETY: `narrow` is view arithmetic (keeps invariants 1 and 2).
        unsafe { self.map_layout(|l| l.narrow(a, start, len)) }
    }

    /// Keeps every `k`-th element of axis `A`, from the first. Rank R → R.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::ZeroStep`](crate::ErrorKind::ZeroStep) if `k` is 0.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, Tensor};
    ///
    /// let t: Tensor<u8, 3> = Tensor::zeros([4, 5, 6]);
    /// let s = t.step(Axis::<1>, 2).unwrap();
    /// assert_eq!((s.shape(), s.strides()), (&[4, 3, 6], &[30, 12, 1]));
    /// ```
    #[inline]
    pub fn step<Ax: IsAxis>(self, _axis: Ax, k: usize) -> Result<Self, ShapeError>
    where
        Rank<R>: HasAxis<Ax>,
    {
        let a = <Rank<R> as HasAxis<Ax>>::AXIS;
        // SAFETY: `step` is view arithmetic (keeps invariants 1 and 2).
        unsafe { self.map_layout(|l| l.step(a, k)) }
    }

    /// Reverses axis `A` (a negative stride). Rank R → R.
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let f = tensor![1, 2, 3, 4, 5, 6].flip(Axis::<0>);
    /// assert_eq!((f.strides(), f.offset()), (&[-1], 5));
    /// assert_eq!(f.to_vec(), [6, 5, 4, 3, 2, 1]);
    /// ```
    #[inline]
    #[must_use]
    pub fn flip<Ax: IsAxis>(self, _axis: Ax) -> Self
    where
        Rank<R>: HasAxis<Ax>,
    {
        let a = <Rank<R> as HasAxis<Ax>>::AXIS;
        self.infallible(|l| l.flip(a))
    }

    /// Reverses every axis of a tuple of different axes (NumPy's `flip(axis=(a, b, …))`).
    /// Rank R → R; O(rank).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![[1, 2, 3], [4, 5, 6]];
    /// assert_eq!(t.view().flip_axes((Axis::<0>, Axis::<1>)), tensor![[6, 5, 4], [3, 2, 1]]);
    /// assert_eq!(t.flip_axes((Axis::<1>,)), tensor![[3, 2, 1], [6, 5, 4]]);
    /// ```
    #[inline]
    #[must_use]
    pub fn flip_axes<Ax>(self, _axes: Ax) -> Self
    where
        Rank<R>: HasAxisSet<Ax>,
    {
        let axes = <Rank<R> as HasAxisSet<Ax>>::AXES;
        self.infallible(|l| l.flip_axes_proven(axes))
    }

    /// Removes every axis of a tuple of different axes, each of size 1 (NumPy's
    /// `squeeze(axis=(a, b, …))`). Rank R → R − K; O(rank).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::SizeMismatch`](crate::ErrorKind::SizeMismatch) naming an axis whose size is
    /// not 1.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, Tensor};
    ///
    /// let t: Tensor<u8, 4> = Tensor::zeros([1, 3, 1, 4]);
    /// let s: Tensor<u8, 2> = t.squeeze_axes((Axis::<0>, Axis::<2>)).unwrap();
    /// assert_eq!(s.shape(), &[3, 4]);
    /// ```
    #[inline]
    pub fn squeeze_axes<Ax, const O: usize>(self, _axes: Ax) -> Result<TensorBase<S, O>, ShapeError>
    where
        Rank<R>: RemoveAxes<Ax, Out = Rank<O>>,
    {
        let axes = <Rank<R> as RemoveAxes<Ax>>::AXES;
        // SAFETY: `squeeze_axes` is view arithmetic (keeps invariants 1 and 2).
        unsafe { self.map_layout(|l| l.squeeze_axes::<O>(axes)) }
    }

    /// Inserts axes of size 1 at the positions a tuple names, as positions of the result
    /// (NumPy's `expand_dims(axis=(a, b, …))`; `unsqueeze` inserts one). Rank R → R + K; O(rank).
    ///
    /// With the tuple of a reduction over several axes, it keeps the reduced axes with size 1
    /// (NumPy's `keepdims=True`).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, Tensor};
    ///
    /// let t: Tensor<f32, 2> = Tensor::ones([3, 4]);
    /// assert_eq!(t.view().expand_dims((Axis::<0>, Axis::<3>)).shape(), &[1, 3, 4, 1]);
    /// let x: Tensor<f32, 3> = Tensor::ones([2, 3, 4]);
    /// let sums = x.sum_axes((Axis::<0>, Axis::<2>)).expand_dims((Axis::<0>, Axis::<2>));
    /// assert_eq!(sums.shape(), &[1, 3, 1]);
    /// ```
    #[inline]
    #[must_use]
    pub fn expand_dims<Ax, const O: usize>(self, _axes: Ax) -> TensorBase<S, O>
    where
        Rank<R>: InsertAxes<Ax, Out = Rank<O>>,
    {
        let axes = <Rank<R> as InsertAxes<Ax>>::AXES;
        self.infallible(|l| l.expand_dims_proven::<O>(axes))
    }

    /// Applies an [`s![]`](crate::s) description: one item per axis (ranges keep it, integers
    /// select and drop it), plus [`NewAxis`](crate::NewAxis) items that insert size-1 axes. The
    /// output rank is computed at compile time; a description with the wrong number of items
    /// does not compile.
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Errors
    ///
    /// The errors of [`select`](Self::select) and [`slice_axis`](Self::slice_axis) for the
    /// offending axis.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{NewAxis, Tensor, s};
    ///
    /// let t = Tensor::from_fn([3, 4], |[i, j]| 10 * i + j);
    /// let v = t.view().slice(s![-1, NewAxis, 1..;2]).unwrap(); // rank 2 → 2
    /// assert_eq!(v.shape(), &[1, 2]);
    /// assert_eq!(v.to_vec(), [21, 23]);
    /// ```
    #[inline]
    pub fn slice<L, const O: usize>(self, info: L) -> Result<TensorBase<S, O>, ShapeError>
    where
        L: SliceArity<R, Out = Rank<O>>,
    {
        // SAFETY: `slice_items` is view arithmetic (keeps invariants 1 and 2).
        unsafe { self.map_layout(|l| l.slice_items::<O>(info.items())) }
    }

    /// Reshapes to `shape` without copying: succeeds exactly when the layout admits the new
    /// shape as a view (see [`Layout::plan_reshape`] for the rule and an explanation). One size
    /// may be [`INFER`](crate::INFER). Rank R → N.
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::NotContiguous`](crate::ErrorKind::NotContiguous) naming the adjacent pair of
    /// axes that would have to merge, the stride needed and the stride found (see
    /// [`reshape`](Self::reshape) for the form that copies instead);
    /// [`ErrorKind::CountMismatch`](crate::ErrorKind::CountMismatch) (with both element counts)
    /// or [`ErrorKind::Overflow`](crate::ErrorKind::Overflow).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{ErrorKind, Tensor};
    ///
    /// let t: Tensor<u8, 4> = Tensor::zeros([2, 3, 4, 5]);
    /// let r = t.view().reshape_view([6, 20]).unwrap();
    /// assert_eq!((r.shape(), r.strides()), (&[6, 20], &[20, 1]));
    ///
    /// let m: Tensor<u8, 2> = Tensor::zeros([6, 8]);
    /// let err = m.view().t().reshape_view([48]).unwrap_err();
    /// assert_eq!((err.kind(), err.axis(), err.second_axis()), (ErrorKind::NotContiguous, Some(0), Some(1)));
    /// ```
    #[inline]
    pub fn reshape_view<const N: usize>(
        self,
        shape: [usize; N],
    ) -> Result<TensorBase<S, N>, ShapeError> {
        // SAFETY: `reshape_view` is view arithmetic (keeps invariants 1 and 2).
        unsafe { self.map_layout(|l| l.reshape_view(shape)) }
    }

    /// The diagonal over axes `D1` and `D2` with an offset (positive: above the main diagonal,
    /// along `D2`; negative: below it, along `D1`), by PyTorch's rules: both axes are removed and
    /// the diagonal becomes the last axis. Rank R → R − 1. The same axis twice does not compile.
    ///
    /// See [`Layout::diagonal`] for the exact shape, stride and offset.
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let m = tensor![[1, 2, 3], [4, 5, 6], [7, 8, 9]];
    /// assert_eq!(m.view().diagonal(0, Axis::<0>, Axis::<1>).to_vec(), [1, 5, 9]);
    /// assert_eq!(m.view().diagonal(1, Axis::<0>, Axis::<1>).to_vec(), [2, 6]);
    /// assert_eq!(m.view().diagonal(-2, Axis::<0>, Axis::<1>).to_vec(), [7]);
    /// ```
    #[inline]
    #[must_use]
    pub fn diagonal<D1, D2, const O: usize>(
        self,
        offset: isize,
        _d1: D1,
        _d2: D2,
    ) -> TensorBase<S, O>
    where
        (D1, D2): IsAxis,
        Rank<R>: DiagonalAxes<D1, D2, Out = Rank<O>>,
    {
        let (d1, d2) = <Rank<R> as DiagonalAxes<D1, D2>>::AXES;
        self.infallible(|l| l.diagonal::<O>(offset, d1, d2))
    }

    /// Broadcasts to `shape` (NumPy rules, aligned on the right): size-1 axes stretch with
    /// stride 0 and new axes are added in front. Rank R → N ≥ R.
    ///
    /// The result maps many indices to one element, so it is read-only: this method needs
    /// read-only storage (call [`view`](Self::view) first on an owned or mutable tensor).
    /// A target rank below R does not compile.
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::BroadcastMismatch`](crate::ErrorKind::BroadcastMismatch) naming the target
    /// axis whose size cannot be reached.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Tensor;
    ///
    /// let t: Tensor<u8, 3> = Tensor::zeros([3, 1, 4]);
    /// let b = t.view().broadcast_to([2, 3, 2, 4]).unwrap();
    /// assert_eq!(b.strides(), &[0, 4, 0, 1]);
    /// ```
    #[inline]
    pub fn broadcast_to<const N: usize>(
        self,
        shape: [usize; N],
    ) -> Result<TensorBase<S, N>, ShapeError>
    where
        S: ReadOnlyStorage,
        Rank<R>: BroadcastTo<N>,
    {
        // SAFETY: `broadcast_to` is view arithmetic keeping invariant 1; it may alias, which
        // invariant 2 allows because the storage is read-only (`S: ReadOnlyStorage`).
        unsafe { self.map_layout(|l| l.broadcast_to(shape)) }
    }

    /// `self` and `other` as read-only views of the shape both broadcast to (NumPy's
    /// `broadcast_arrays(a, b)`, the Array API's `broadcast_arrays`): size-1 axes stretch with
    /// stride 0, and the result has the larger rank, computed at compile time. For three or
    /// more tensors, [`broadcast_arrays!`](crate::broadcast_arrays).
    ///
    /// Never panics and needs no allocator.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::BroadcastMismatch`](crate::ErrorKind::BroadcastMismatch) naming the result
    /// axis where the sizes conflict.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let column = tensor![[1], [2]];
    /// let row = tensor![10, 20, 30];
    /// let (a, b) = column.broadcast_with(&row).unwrap();
    /// assert_eq!((a.shape(), b.shape()), (&[2, 3], &[2, 3]));
    /// assert_eq!(a.to_vec(), [1, 1, 1, 2, 2, 2]);
    /// assert_eq!(b.strides(), &[0, 1]);
    /// assert!(row.broadcast_with(&tensor![1, 2]).is_err());
    /// ```
    #[allow(clippy::type_complexity)] // a pair of views: naming it would hide what it is
    pub fn broadcast_with<'a, S2: Storage, const R2: usize, const O: usize>(
        &'a self,
        other: &'a TensorBase<S2, R2>,
    ) -> Result<(TensorView<'a, S::Elem, O>, TensorView<'a, S2::Elem, O>), ShapeError>
    where
        Rank<R>: BroadcastRanks<R2, Out = Rank<O>>,
    {
        let shape: [usize; O] = crate::layout::broadcast_shapes(*self.shape(), *other.shape())?;
        // `O` = max(R, R2), so both layouts reach rank `O`.
        let (la, lb) = (
            self.layout().broadcast_to(shape)?,
            other.layout().broadcast_to(shape)?,
        );
        // SAFETY: broadcasts of each tensor's layout (view arithmetic) are valid for its
        // storage (invariant 1); the views are read-only, so invariant 2 does not apply.
        unsafe {
            Ok((
                TensorBase::from_parts_unchecked(self.view().into_raw_parts().0, la),
                TensorBase::from_parts_unchecked(other.view().into_raw_parts().0, lb),
            ))
        }
    }

    /// Sliding windows of `size` elements along axis `A`, one every `step` elements (PyTorch's
    /// `unfold`): axis `A` counts the windows and a new last axis walks each one.
    /// Rank R → R + 1.
    ///
    /// Overlapping windows map several indices to one element, so the result is read-only:
    /// this method needs read-only storage (call [`view`](Self::view) first).
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::ZeroStep`](crate::ErrorKind::ZeroStep);
    /// [`ErrorKind::RangeOutOfBounds`](crate::ErrorKind::RangeOutOfBounds) if `size` exceeds the
    /// axis.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let t = tensor![1, 2, 3, 4, 5];
    /// let w = t.view().unfold(Axis::<0>, 3, 1).unwrap();
    /// assert_eq!(w.shape(), &[3, 3]);
    /// assert_eq!(w.to_vec(), [1, 2, 3, 2, 3, 4, 3, 4, 5]);
    /// ```
    #[inline]
    pub fn unfold<Ax: IsAxis, const O: usize>(
        self,
        _axis: Ax,
        size: usize,
        step: usize,
    ) -> Result<TensorBase<S, O>, ShapeError>
    where
        S: ReadOnlyStorage,
        Rank<R>: WindowAxis<Ax, Out = Rank<O>>,
    {
        let a = <Rank<R> as WindowAxis<Ax>>::AXIS;
        // SAFETY: `unfold` is view arithmetic keeping invariant 1; overlapping windows alias,
        // which invariant 2 allows because the storage is read-only (`S: ReadOnlyStorage`).
        unsafe { self.map_layout(|l| l.unfold::<O>(a, size, step)) }
    }

    /// Applies view arithmetic that cannot fail.
    #[inline]
    fn infallible<const O: usize>(
        self,
        derive: impl FnOnce(&Layout<R>) -> Layout<O>,
    ) -> TensorBase<S, O> {
        let layout = derive(self.layout());
        // SAFETY: every caller passes an infallible view-arithmetic function of `Layout` that
        // keeps invariants 1 and 2 (`swap_axes`, `move_axis`, `permute`, `reversed_axes`, `unsqueeze`,
        // `flip`, `diagonal`, and `flip_axes_proven`, `expand_dims_proven`, which keep them for
        // any axes).
        unsafe { self.with_layout(layout) }
    }
}

/// # Copying merge (feature `alloc`)
#[cfg(feature = "alloc")]
impl<S: Storage, const R: usize> TensorBase<S, R>
where
    S::Elem: Clone,
{
    /// Merges the axes from `first` through `last` into one, copying when the axes are not contiguous with each
    /// other: the result is an owned C-contiguous tensor whatever the source layout.
    /// Rank R → R − (LAST − FIRST).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, Tensor};
    ///
    /// let t = Tensor::from_fn([2, 3], |[i, j]| 10 * i + j);
    /// let transposed = t.view().reversed_axes(); // [3, 2], not contiguous
    /// assert!(transposed.merge(Axis::<0>, Axis::<1>).is_err());
    /// let flat = transposed.to_merged(Axis::<0>, Axis::<1>);
    /// assert_eq!(flat.to_vec(), [0, 10, 1, 11, 2, 12]);
    /// ```
    #[must_use]
    pub fn to_merged<First, Last, const O: usize>(
        &self,
        first: First,
        last: Last,
    ) -> Tensor<S::Elem, O>
    where
        (First, Last): IsAxis,
        Rank<R>: MergeAxes<First, Last, Out = Rank<O>>,
    {
        match self.to_contiguous().merge(first, last) {
            Ok(t) => t,
            // A C-contiguous layout merges any range of axes.
            Err(err) => panic!("internal: merge of a contiguous tensor failed: {err}"),
        }
    }
}

/// # Matrices
impl<S: Storage> TensorBase<S, 2> {
    /// The transpose of a matrix (rank 2 only). Rank 2 → 2.
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let m = tensor![[1, 2, 3], [4, 5, 6]];
    /// assert_eq!(m.t().to_vec(), [1, 4, 2, 5, 3, 6]);
    /// ```
    #[inline]
    #[must_use]
    pub fn t(self) -> Self {
        self.swap_axes(Axis::<0>, Axis::<1>)
    }

    /// Row `i` of a matrix, without copying: [`select`](Self::select) along axis 0
    /// (ndarray's `row`). Rank 2 → 1, O(1).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::IndexOutOfBounds`](crate::ErrorKind::IndexOutOfBounds) if `i` is not below
    /// the number of rows.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let m = tensor![[1, 2, 3], [4, 5, 6]];
    /// assert_eq!(m.view().row(1).unwrap().to_vec(), [4, 5, 6]);
    /// assert!(m.view().row(2).is_err());
    /// ```
    #[inline]
    pub fn row(self, i: usize) -> Result<TensorBase<S, 1>, ShapeError> {
        self.select(Axis::<0>, i)
    }

    /// Column `j` of a matrix, without copying: [`select`](Self::select) along axis 1
    /// (ndarray's `column`). Rank 2 → 1, O(1).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::IndexOutOfBounds`](crate::ErrorKind::IndexOutOfBounds) if `j` is not below
    /// the number of columns.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let mut m = tensor![[1, 2, 3], [4, 5, 6]];
    /// assert_eq!(m.view().column(2).unwrap().to_vec(), [3, 6]);
    /// m.view_mut().column(0).unwrap().fill(0);
    /// assert_eq!(m.to_vec(), [0, 2, 3, 0, 5, 6]);
    /// ```
    #[inline]
    pub fn column(self, j: usize) -> Result<TensorBase<S, 1>, ShapeError> {
        self.select(Axis::<1>, j)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{INFER, NewAxis, TensorView, TensorViewMut, s};

    const DATA: [i32; 24] = [
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23,
    ];

    fn cube() -> TensorView<'static, i32, 3> {
        TensorView::from_slice(&DATA, [2, 3, 4]).unwrap()
    }

    #[test]
    fn seed_numbers() {
        let p = cube().permute([2, 0, 1]).unwrap();
        assert_eq!((p.shape(), p.strides()), (&[4, 2, 3], &[1, 12, 4]));
        assert_eq!(p[[3, 1, 2]], 12 + 8 + 3);

        let d = TensorView::from_slice(&DATA[..20], [4, 5]).unwrap();
        let st = d.step(Axis::<0>, 3).unwrap();
        assert_eq!(st.shape(), &[2, 5]);

        let diag = TensorView::from_slice_with_strides(&DATA[..], [2, 4, 4], [16, 4, 1], 0);
        // [2, 4, 4] needs 32 elements; use a zero-stride first axis over 16 to stay in DATA.
        assert!(diag.is_err());
        let square =
            TensorView::from_slice_with_strides(&DATA[..], [2, 4, 4], [0, 4, 1], 0).unwrap();
        let d1 = square.diagonal(-1, Axis::<1>, Axis::<2>);
        assert_eq!(
            (d1.shape(), d1.strides(), d1.offset()),
            (&[2, 3], &[0, 5], 4)
        );
        assert!(d1.iter().copied().eq([4, 9, 14, 4, 9, 14]));
    }

    #[test]
    fn squeeze_unsqueeze_select() {
        let t = cube().unsqueeze(Axis::<1>);
        assert_eq!(t.shape(), &[2, 1, 3, 4]);
        let back = t.squeeze(Axis::<1>).unwrap();
        assert_eq!(back, cube());
        let err = cube().squeeze(Axis::<0>).unwrap_err();
        assert_eq!(err, ShapeError::size_mismatch(0, 1, 2));
        let row = cube().select(Axis::<2>, 3).unwrap();
        assert!(row.iter().copied().eq([3, 7, 11, 15, 19, 23]));
        assert!(cube().select(Axis::<2>, 4).is_err());
    }

    #[test]
    fn merge_split_slice_flip() {
        let m = cube().merge(Axis::<0>, Axis::<1>).unwrap();
        assert_eq!((m.shape(), m.strides()), (&[6, 4], &[4, 1]));
        let s = m.split(Axis::<0>, [INFER, 2]).unwrap();
        assert_eq!(s.shape(), &[3, 2, 4]);
        assert!(s.iter().copied().eq(DATA));
        let v = cube().slice(s![.., 1..;2, NewAxis, -1]).unwrap();
        assert_eq!(v.shape(), &[2, 1, 1]);
        assert!(v.iter().copied().eq([7, 19]));
        let f = cube().flip(Axis::<2>).flip(Axis::<0>);
        assert_eq!(f[[0, 0, 0]], 15);
        let w = cube()
            .narrow(Axis::<1>, 1, 1)
            .unwrap()
            .slice_axis(Axis::<2>, ..2, -1)
            .unwrap();
        assert!(w.iter().copied().eq([5, 4, 17, 16]));
    }

    #[test]
    fn broadcast_and_unfold_alias_only_read_only_storage() {
        let row = TensorView::from_slice(&DATA[..3], [3]).unwrap();
        let b = row.broadcast_to([2, 3]).unwrap();
        assert!(b.iter().copied().eq([0, 1, 2, 0, 1, 2]));
        let w = row.unfold(Axis::<0>, 2, 1).unwrap();
        assert!(w.iter().copied().eq([0, 1, 1, 2]));
    }

    #[test]
    fn writes_through_views_land_in_place() {
        let mut buf = DATA;
        let mut t = TensorViewMut::from_slice_mut(&mut buf, [2, 3, 4]).unwrap();
        let mut col = t
            .view_mut()
            .permute([2, 1, 0])
            .unwrap()
            .select(Axis::<0>, 1)
            .unwrap();
        col[[2, 1]] = -1; // cube[1, 2, 1]
        let mut d = t.view_mut().diagonal(0, Axis::<1>, Axis::<2>);
        for x in d.iter_mut() {
            *x = 0;
        }
        assert_eq!(buf[12 + 8 + 1], -1);
        assert_eq!(buf[5], 0);
        assert_eq!(buf[12 + 10], 0);
    }
}
