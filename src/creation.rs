//! The creation functions of NumPy and the Python Array API standard beyond `construct.rs`
//! (feature `alloc`): tensors shaped like another (`zeros_like`, `ones_like`, `full_like`),
//! rectangular identity matrices with a diagonal offset (`eye_rect`), the lower and upper
//! triangles of stacks of matrices (`tril`, `triu`), `linspace` without its end point
//! (`linspace_with`), and coordinate grids (`meshgrid`, `meshgrid3`) as broadcast views.
//!
//! `empty_like` has no Rust form: a tensor's elements are always initialised, so
//! `zeros_like` is what to write.

use alloc::vec::Vec;

use num_traits::{Float, One, Zero};

use crate::Axis;
use crate::error::ShapeError;
use crate::rank::{MatrixStack, Rank};
use crate::storage::Storage;
use crate::tensor::{Tensor, TensorBase, TensorView};

/// # Tensors shaped like another (feature `alloc`)
impl<S: Storage, const R: usize> TensorBase<S, R> {
    /// A new row-major tensor of this one's shape filled with `value` (NumPy's `full_like`).
    /// Rank R → R; O(len).
    ///
    /// # Panics
    ///
    /// If the elements cannot be allocated.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let t = tensor![[1, 2, 3], [4, 5, 6]];
    /// assert_eq!(t.full_like(7), tensor![[7, 7, 7], [7, 7, 7]]);
    /// ```
    #[track_caller]
    #[must_use]
    pub fn full_like<U: Clone>(&self, value: U) -> Tensor<U, R> {
        Tensor::full(*self.shape(), value)
    }

    /// A new row-major tensor of zeros of this one's shape and element type (NumPy's
    /// `zeros_like`; also what NumPy's `empty_like` is used for, as a tensor's elements are
    /// always initialised). Rank R → R; O(len).
    ///
    /// # Panics
    ///
    /// If the elements cannot be allocated.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let t = tensor![[1.5, 2.5]];
    /// assert_eq!(t.zeros_like(), tensor![[0.0, 0.0]]);
    /// ```
    #[track_caller]
    #[must_use]
    pub fn zeros_like(&self) -> Tensor<S::Elem, R>
    where
        S::Elem: Zero + Clone,
    {
        Tensor::zeros(*self.shape())
    }

    /// A new row-major tensor of ones of this one's shape and element type (NumPy's
    /// `ones_like`). Rank R → R; O(len).
    ///
    /// # Panics
    ///
    /// If the elements cannot be allocated.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// assert_eq!(tensor![[0u8, 9]].ones_like(), tensor![[1u8, 1]]);
    /// ```
    #[track_caller]
    #[must_use]
    pub fn ones_like(&self) -> Tensor<S::Elem, R>
    where
        S::Elem: One + Clone,
    {
        Tensor::ones(*self.shape())
    }
}

/// Which diagonal `(i, j)` is on: `j − i`, in `i128`, where every difference of two `usize`s
/// fits (as does every `isize` offset it is compared with).
fn diagonal_of(i: usize, j: usize) -> i128 {
    j as i128 - i as i128
}

/// # Triangles of stacks of matrices (feature `alloc`)
impl<S: Storage, const R: usize> TensorBase<S, R>
where
    S::Elem: Zero + Clone,
{
    /// The lower triangle of each matrix (the last two axes), zeros above diagonal `k`, as a
    /// new tensor (NumPy's `tril(a, k)`): `k = 0` keeps the main diagonal, `k > 0` diagonals
    /// above it, `k < 0` removes diagonals below it. Rank R → R (R ≥ 2); O(len).
    ///
    /// # Panics
    ///
    /// If the elements cannot be allocated.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let a = tensor![[1, 2, 3], [4, 5, 6], [7, 8, 9]];
    /// assert_eq!(a.tril(0), tensor![[1, 0, 0], [4, 5, 0], [7, 8, 9]]);
    /// assert_eq!(a.tril(-1), tensor![[0, 0, 0], [4, 0, 0], [7, 8, 0]]);
    /// ```
    #[track_caller]
    #[must_use]
    pub fn tril(&self, k: isize) -> Tensor<S::Elem, R>
    where
        Rank<R>: MatrixStack,
    {
        self.triangle(|i, j| diagonal_of(i, j) <= k as i128)
    }

    /// The upper triangle of each matrix (the last two axes), zeros below diagonal `k`, as a
    /// new tensor (NumPy's `triu(a, k)`). Rank R → R (R ≥ 2); O(len).
    ///
    /// # Panics
    ///
    /// If the elements cannot be allocated.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let a = tensor![[1, 2, 3], [4, 5, 6]];
    /// assert_eq!(a.triu(0), tensor![[1, 2, 3], [0, 5, 6]]);
    /// assert_eq!(a.triu(1), tensor![[0, 2, 3], [0, 0, 6]]);
    /// ```
    #[track_caller]
    #[must_use]
    pub fn triu(&self, k: isize) -> Tensor<S::Elem, R>
    where
        Rank<R>: MatrixStack,
    {
        self.triangle(|i, j| diagonal_of(i, j) >= k as i128)
    }

    /// Each element whose row and column in its matrix pass `keep`, zero elsewhere.
    #[track_caller]
    fn triangle(&self, keep: impl Fn(usize, usize) -> bool) -> Tensor<S::Elem, R>
    where
        Rank<R>: MatrixStack,
    {
        let mut out = self.to_contiguous();
        for (idx, x) in out.indexed_iter_mut() {
            // R ≥ 2 (`MatrixStack`): the last two indices are the row and the column.
            let (i, j) = (idx[R - 2], idx[R - 1]);
            if !keep(i, j) {
                *x = S::Elem::zero();
            }
        }
        out
    }
}

/// # Rectangular identity matrices (feature `alloc`)
impl<T: Clone + Zero + One> TensorBase<Vec<T>, 2> {
    /// The `rows × cols` matrix with ones on diagonal `k` and zeros elsewhere (NumPy's
    /// `eye(N, M, k)`, the Array API's `eye(n_rows, n_cols, k=k)`); [`eye`](Self::eye) is the
    /// square one with `k = 0`. O(rows · cols).
    ///
    /// # Panics
    ///
    /// If the elements cannot be allocated.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Tensor, tensor};
    ///
    /// let e: Tensor<i32, 2> = Tensor::eye_rect(2, 3, 1);
    /// assert_eq!(e, tensor![[0, 1, 0], [0, 0, 1]]);
    /// ```
    #[track_caller]
    #[must_use]
    pub fn eye_rect(rows: usize, cols: usize, k: isize) -> Self {
        let mut t = Self::zeros([rows, cols]);
        // A diagonal outside the matrix is empty: nothing is filled.
        t.view_mut()
            .diagonal(k, crate::Axis::<0>, crate::Axis::<1>)
            .fill(T::one());
        t
    }
}

/// # Evenly spaced values without the end point (feature `alloc`)
impl<T: Float> TensorBase<Vec<T>, 1> {
    /// `n` evenly spaced values from `start` towards `end`, as NumPy's `linspace(start, end,
    /// n, endpoint)`: with `endpoint`, [`linspace`](Self::linspace) (`end` the last value);
    /// without, the step is `(end − start) / n` and `end` is left out. Rank 1; O(n).
    ///
    /// # Panics
    ///
    /// If `n` elements cannot be allocated.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Tensor;
    ///
    /// assert_eq!(Tensor::linspace_with(0.0, 1.0, 4, false).to_vec(), [0.0, 0.25, 0.5, 0.75]);
    /// assert_eq!(Tensor::linspace_with(0.0, 1.0, 3, true).to_vec(), [0.0, 0.5, 1.0]);
    /// ```
    #[track_caller]
    #[must_use]
    pub fn linspace_with(start: T, end: T, n: usize, endpoint: bool) -> Self {
        if endpoint {
            return Self::linspace(start, end, n);
        }
        // NumPy's formula: `k · step + start`, with `step = (end − start) / n`; a step that
        // rounds to zero scales `k / n` by the distance instead.
        let count = T::from(n).unwrap_or_else(T::one);
        let delta = end - start;
        let step = delta / count;
        Tensor::from_fn([n], |[k]| {
            let k = T::from(k).unwrap_or_else(T::zero);
            if step == T::zero() {
                k / count * delta + start
            } else {
                k * step + start
            }
        })
    }
}

/// How [`meshgrid`], [`meshgrid3`] and [`meshgrid!`](crate::meshgrid!) order the axes of their
/// grids (NumPy's `indexing`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Indexing {
    /// Cartesian (NumPy's default, `"xy"`): the first two axes are swapped, so for vectors of
    /// lengths `nx` and `ny` the grids are `ny × nx` (rows follow `y`, as in plotting).
    Xy,
    /// Matrix (`"ij"`): the grids' axes follow the inputs' order, `nx × ny`.
    Ij,
}

/// The coordinate grids of two vectors, as NumPy's `meshgrid(x, y, indexing=…)` with
/// `copy=False` and the Array API's `meshgrid`: broadcast views of the inputs (stride 0 along
/// the other axis), no copy; [`to_contiguous`](TensorBase::to_contiguous) makes owned grids.
///
/// # Errors
///
/// None in practice: a vector always broadcasts to its grid (the `Result` is that of the
/// broadcast).
///
/// # Examples
///
/// ```
/// use ranked::{Indexing, meshgrid, tensor};
///
/// let (x, y) = (tensor![1, 2, 3], tensor![10, 20]);
/// let (gx, gy) = meshgrid(x.view(), y.view(), Indexing::Xy).unwrap();
/// assert_eq!(gx.to_vec(), [1, 2, 3, 1, 2, 3]);
/// assert_eq!(gy.to_vec(), [10, 10, 10, 20, 20, 20]);
/// let (gx, _) = meshgrid(x.view(), y.view(), Indexing::Ij).unwrap();
/// assert_eq!(gx.shape(), &[3, 2]);
/// ```
#[allow(clippy::type_complexity)]
pub fn meshgrid<'a, T>(
    x: TensorView<'a, T, 1>,
    y: TensorView<'a, T, 1>,
    indexing: Indexing,
) -> Result<(TensorView<'a, T, 2>, TensorView<'a, T, 2>), ShapeError> {
    let (nx, ny) = (x.len(), y.len());
    match indexing {
        Indexing::Xy => Ok((
            x.unsqueeze(Axis::<0>).broadcast_to([ny, nx])?,
            y.unsqueeze(Axis::<1>).broadcast_to([ny, nx])?,
        )),
        Indexing::Ij => Ok((
            x.unsqueeze(Axis::<1>).broadcast_to([nx, ny])?,
            y.unsqueeze(Axis::<0>).broadcast_to([nx, ny])?,
        )),
    }
}

/// The coordinate grids of three vectors (NumPy's `meshgrid(x, y, z, indexing=…)` with
/// `copy=False`): broadcast views of rank 3, `ny × nx × nz` for [`Indexing::Xy`] and
/// `nx × ny × nz` for [`Indexing::Ij`].
///
/// # Errors
///
/// As [`meshgrid`].
///
/// # Examples
///
/// ```
/// use ranked::{Indexing, meshgrid3, tensor};
///
/// let (x, y, z) = (tensor![1, 2], tensor![3, 4, 5], tensor![6]);
/// let (gx, gy, gz) = meshgrid3(x.view(), y.view(), z.view(), Indexing::Xy).unwrap();
/// assert_eq!(gx.shape(), &[3, 2, 1]);
/// assert_eq!((gx[[2, 1, 0]], gy[[2, 1, 0]], gz[[2, 1, 0]]), (2, 5, 6));
/// ```
#[allow(clippy::type_complexity)]
pub fn meshgrid3<'a, T>(
    x: TensorView<'a, T, 1>,
    y: TensorView<'a, T, 1>,
    z: TensorView<'a, T, 1>,
    indexing: Indexing,
) -> Result<
    (
        TensorView<'a, T, 3>,
        TensorView<'a, T, 3>,
        TensorView<'a, T, 3>,
    ),
    ShapeError,
> {
    let (nx, ny, nz) = (x.len(), y.len(), z.len());
    let z = z.unsqueeze(Axis::<0>).unsqueeze(Axis::<0>);
    match indexing {
        Indexing::Xy => {
            let shape = [ny, nx, nz];
            Ok((
                x.unsqueeze(Axis::<0>)
                    .unsqueeze(Axis::<2>)
                    .broadcast_to(shape)?,
                y.unsqueeze(Axis::<1>)
                    .unsqueeze(Axis::<2>)
                    .broadcast_to(shape)?,
                z.broadcast_to(shape)?,
            ))
        }
        Indexing::Ij => {
            let shape = [nx, ny, nz];
            Ok((
                x.unsqueeze(Axis::<1>)
                    .unsqueeze(Axis::<2>)
                    .broadcast_to(shape)?,
                y.unsqueeze(Axis::<0>)
                    .unsqueeze(Axis::<2>)
                    .broadcast_to(shape)?,
                z.broadcast_to(shape)?,
            ))
        }
    }
}

/// The grid of vector `k` of `lens.len()` vectors of lengths `lens`, for
/// [`meshgrid!`](crate::meshgrid!): a read-only view of rank N, broadcast (stride 0) along every
/// axis but the vector's own. [`Indexing::Xy`] swaps the first two axes, as NumPy does.
///
/// # Errors
///
/// [`ErrorKind::Overflow`](crate::ErrorKind::Overflow) if the grid has more elements than
/// `isize::MAX` bytes hold; [`ErrorKind::InvalidAxis`](crate::ErrorKind::InvalidAxis) if
/// `k` is not below N.
#[doc(hidden)]
pub fn grid_view<S: Storage, const N: usize>(
    v: &TensorBase<S, 1>,
    k: usize,
    lens: [usize; N],
    indexing: Indexing,
) -> Result<TensorView<'_, S::Elem, N>, ShapeError> {
    let swap = |i: usize| match (indexing, i) {
        (Indexing::Xy, 0) if N >= 2 => 1,
        (Indexing::Xy, 1) if N >= 2 => 0,
        _ => i,
    };
    if k >= N {
        return Err(ShapeError::invalid_axis(N, k));
    }
    let axis = swap(k);
    let mut shape = [0usize; N];
    for (i, d) in shape.iter_mut().enumerate() {
        *d = lens[swap(i)];
    }
    // Every axis but `axis` is new: the vector's layout of rank 1 expanded to rank N, then
    // broadcast to the grid's shape.
    let mut others = [0usize; crate::MAX_RANK];
    let mut n = 0;
    for i in (0..N).filter(|&i| i != axis) {
        if let Some(slot) = others.get_mut(n) {
            *slot = i;
            n += 1;
        }
    }
    let layout = v
        .layout()
        .expand_dims::<N>(&others[..n])?
        .broadcast_to(shape)?;
    // SAFETY: view arithmetic on the vector's own layout (checked by `expand_dims` and
    // `broadcast_to`) is valid for its storage (invariant 1); the view is read-only, as a
    // broadcast must be (invariant 2).
    Ok(unsafe { TensorBase::from_parts_unchecked(v.view().into_raw_parts().0, layout) })
}
