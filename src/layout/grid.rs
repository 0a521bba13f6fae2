//! Cutting a layout into a grid of sub-layouts ("pieces"): the arithmetic behind axis iteration
//! (`outer_iter`, `axis_iter`), chunks, lanes, windows and `split_at`.
//!
//! A grid is an *outer* layout (the positions of the pieces: one axis for axis iteration and
//! chunks, the other R − 1 axes for lanes, R axes for windows) and one *piece* layout, placed at
//! each outer position. Piece `k` is the piece layout with its offset moved to the position of
//! outer index `k` (row-major). For a layout valid for some storage every piece is valid for the
//! same storage: a piece's elements are elements of the source.
//!
//! For writable storage each piece must own its memory: [`Grid::check_disjoint`] proves that the
//! memory bands `[lowest, highest]` of distinct pieces never overlap, so that each piece can be
//! handed its own `&mut [T]` (the bands of a row-major matrix's rows are disjoint; those of its
//! columns interleave).

use super::{DynLayout, Layout, MAX_DYN_RANK, parts};
use crate::error::{ErrorKind, ShapeError};

/// A layout whose offset and axis sizes a grid sets: [`Layout<R>`] or [`DynLayout`]. Public only
/// in name (its module is private), so that [`ViewLayout`](crate::iter::ViewLayout) can build on it.
pub trait GridLayout: Copy {
    /// Shape, strides and offset.
    fn raw(&self) -> (&[usize], &[isize], usize);
    /// Moves the layout to `offset`.
    fn set_offset(&mut self, offset: usize);
    /// Sets the size of `axis`.
    fn set_dim(&mut self, axis: usize, dim: usize);
}

impl<const R: usize> GridLayout for Layout<R> {
    fn raw(&self) -> (&[usize], &[isize], usize) {
        (self.shape(), self.strides(), self.offset)
    }
    fn set_offset(&mut self, offset: usize) {
        self.offset = offset;
    }
    fn set_dim(&mut self, axis: usize, dim: usize) {
        if let Some(size) = self.shape.get_mut(axis) {
            *size = dim;
        }
    }
}

impl GridLayout for DynLayout {
    fn raw(&self) -> (&[usize], &[isize], usize) {
        (self.shape(), self.strides(), self.offset)
    }
    fn set_offset(&mut self, offset: usize) {
        self.offset = offset;
    }
    fn set_dim(&mut self, axis: usize, dim: usize) {
        if let Some(size) = self.shape.get_mut(axis) {
            *size = dim;
        }
    }
}

/// A layout cut into pieces; see the module docs.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Grid<L> {
    /// Piece 0, at the source's offset.
    piece: L,
    rank: usize,
    shape: [usize; MAX_DYN_RANK],
    strides: [isize; MAX_DYN_RANK],
    count: usize,
    /// For chunks: the axis of the piece that the last piece has shorter, and its size there.
    last: Option<(usize, usize)>,
    /// The source's axis the grid cuts along (named by errors).
    axis: Option<usize>,
}

/// A piece's layout as slices.
fn parts_of<L: GridLayout>(layout: &L) -> parts::RawLayout<'_> {
    let (shape, strides, offset) = layout.raw();
    parts::RawLayout {
        shape,
        strides,
        offset,
    }
}

impl<L: GridLayout> Grid<L> {
    /// A grid of `piece` (at the source's offset) over the outer axes `shape`/`strides`.
    fn new(
        piece: L,
        shape: &[usize],
        strides: &[isize],
        axis: Option<usize>,
    ) -> Result<Self, ShapeError> {
        let rank = shape.len();
        let count = super::checked_len(shape)?;
        let mut grid = Self {
            piece,
            rank,
            shape: [0; MAX_DYN_RANK],
            strides: [0; MAX_DYN_RANK],
            count,
            last: None,
            axis,
        };
        grid.shape[..rank].copy_from_slice(shape);
        grid.strides[..rank].copy_from_slice(strides);
        Ok(grid)
    }

    /// The sizes of the grid's outer axes.
    fn shape(&self) -> &[usize] {
        self.shape.get(..self.rank).unwrap_or(&[])
    }

    /// The strides of the grid's outer axes.
    fn strides(&self) -> &[isize] {
        self.strides.get(..self.rank).unwrap_or(&[])
    }

    /// How many pieces there are.
    pub(crate) fn len(&self) -> usize {
        self.count
    }

    /// Piece `k` (`k < len()`), at its place in the source's storage.
    pub(crate) fn piece(&self, k: usize) -> L {
        let mut piece = self.piece;
        if let Some((axis, dim)) = self.last
            && k + 1 == self.count
        {
            piece.set_dim(axis, dim);
        }
        let p = parts_of(&self.piece);
        if !p.is_empty() {
            let mut index = [0usize; MAX_DYN_RANK];
            let (shape, strides) = (self.shape(), self.strides());
            parts::unravel(shape, k, &mut index);
            let pos = parts::offset_in_bounds(strides, p.offset, &index);
            piece.set_offset(pos);
        }
        piece
    }

    /// Piece `k` as `(start, layout)`: the first storage position of its memory band and its
    /// layout relative to that position, or `None` when the piece has no elements.
    pub(crate) fn span(&self, k: usize) -> Option<(usize, usize, L)> {
        let mut piece = self.piece(k);
        // The piece is part of a valid layout, so its span is exact and non-negative.
        let (low, high) = span(&piece)?;
        piece.set_offset(parts_of(&piece).offset - low);
        Some((low, high - low + 1, piece))
    }

    /// Proves that the memory bands of distinct pieces are disjoint.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Interleaved`] naming the source's axis along which the pieces are cut, when
    /// they interleave in memory (for example the columns of a row-major matrix).
    pub(crate) fn check_disjoint(&self) -> Result<(), ShapeError> {
        let Ok(Some((low, high))) = parts::span(parts_of(&self.piece)) else {
            // No elements: no memory to share.
            return Ok(());
        };
        // The outer axes plus one axis of stride 1 covering a piece's band: pieces are disjoint
        // exactly when that layout maps no two indices to one position.
        let mut shape = [0usize; MAX_DYN_RANK + 1];
        let mut strides = [0isize; MAX_DYN_RANK + 1];
        let (outer_shape, outer_strides) = (self.shape(), self.strides());
        let rank = outer_shape.len();
        for (to, &from) in shape.iter_mut().zip(outer_shape) {
            *to = from;
        }
        for (to, &from) in strides.iter_mut().zip(outer_strides) {
            *to = from;
        }
        let interleaved = || ShapeError::sizes(ErrorKind::Interleaved, self.axis, 0, 0);
        let (Some(band_size), Some(band_stride)) = (shape.get_mut(rank), strides.get_mut(rank))
        else {
            return Err(interleaved());
        };
        (*band_size, *band_stride) = (high.abs_diff(low).saturating_add(1), 1);
        match (shape.get(..=rank), strides.get(..=rank)) {
            (Some(shape), Some(strides)) => {
                parts::check_unique(shape, strides).map_err(|_| interleaved())
            }
            _ => Err(interleaved()),
        }
    }
}

impl<const R: usize> Layout<R> {
    /// The grid of `axis_iter(axis)`: one piece per index of `axis`, with the axis removed.
    pub(crate) fn axis_grid<const O: usize>(&self, axis: usize) -> Grid<Layout<O>> {
        const { assert!(O + 1 == R) };
        let mut piece = Layout::<O>::from_parts([0; O], [0; O], self.offset);
        parts::remove_axis(&self.shape, axis, &mut piece.shape);
        parts::remove_axis(&self.strides, axis, &mut piece.strides);
        match Grid::new(
            piece,
            &self.shape[axis..=axis],
            &self.strides[axis..=axis],
            Some(axis),
        ) {
            Ok(grid) => grid,
            // One size of a valid layout: its product is itself.
            Err(_) => unreachable!(),
        }
    }

    /// The grid of `axis_chunks_iter(axis, size)`: pieces of `size` indices along `axis` (the
    /// last one shorter when `size` does not divide the axis).
    pub(crate) fn chunk_grid(&self, axis: usize, size: usize) -> Result<Grid<Self>, ShapeError> {
        chunk_grid(*self, self.parts(), axis, size)
    }

    /// The grid of `lanes(axis)`: one rank-1 piece along `axis` per index of the other axes.
    pub(crate) fn lane_grid<const O: usize>(
        &self,
        axis: usize,
    ) -> Result<Grid<Layout<1>>, ShapeError> {
        const { assert!(O + 1 == R) };
        let piece = Layout::from_parts([self.shape[axis]], [self.strides[axis]], self.offset);
        let (mut shape, mut strides) = ([0; O], [0; O]);
        parts::remove_axis(&self.shape, axis, &mut shape);
        parts::remove_axis(&self.strides, axis, &mut strides);
        Grid::new(piece, &shape, &strides, Some(axis))
    }

    /// The grid of `windows(size)`: every window of shape `size`, one step apart on each axis.
    pub(crate) fn window_grid(&self, size: [usize; R]) -> Result<Grid<Self>, ShapeError> {
        let mut outer = [0usize; R];
        for axis in 0..R {
            if size[axis] == 0 {
                return Err(ShapeError::sizes(ErrorKind::SizeMismatch, Some(axis), 1, 0));
            }
            // No window fits on an axis shorter than the window.
            outer[axis] = self.shape[axis]
                .checked_sub(size[axis])
                .map_or(0, |d| d + 1);
        }
        let piece = Layout::from_parts(size, self.strides, self.offset);
        Grid::new(piece, &outer, &self.strides, None)
    }
}

impl DynLayout {
    /// The grid of `axis_iter(axis)` for a dynamic-rank layout.
    pub(crate) fn axis_grid(&self, axis: usize) -> Result<Grid<DynLayout>, ShapeError> {
        parts::check_axis(self.rank, axis)?;
        let mut piece = *self;
        piece.rank = self.rank - 1;
        piece.shape = [0; MAX_DYN_RANK];
        piece.strides = [0; MAX_DYN_RANK];
        parts::remove_axis(self.shape(), axis, &mut piece.shape[..self.rank - 1]);
        parts::remove_axis(self.strides(), axis, &mut piece.strides[..self.rank - 1]);
        Grid::new(
            piece,
            &self.shape[axis..=axis],
            &self.strides[axis..=axis],
            Some(axis),
        )
    }

    /// The grid of `axis_chunks_iter(axis, size)` for a dynamic-rank layout.
    pub(crate) fn chunk_grid(&self, axis: usize, size: usize) -> Result<Grid<Self>, ShapeError> {
        parts::check_axis(self.rank, axis)?;
        chunk_grid(*self, self.parts(), axis, size)
    }
}

fn chunk_grid<L: GridLayout>(
    mut piece: L,
    p: parts::RawLayout<'_>,
    axis: usize,
    size: usize,
) -> Result<Grid<L>, ShapeError> {
    if size == 0 {
        return Err(ShapeError::sizes(ErrorKind::SizeMismatch, Some(axis), 1, 0));
    }
    let dim = p.shape[axis];
    let count = dim.div_ceil(size);
    let full = size.min(dim);
    piece.set_dim(axis, full);
    // `count - 1` chunks of `size` lie inside the axis, so this step stays inside the span.
    let step = (full as isize).wrapping_mul(p.strides[axis]);
    let mut grid = Grid::new(piece, &[count], &[step], Some(axis))?;
    let rest = dim - (count.saturating_sub(1)) * size;
    if rest != full {
        grid.last = Some((axis, rest));
    }
    Ok(grid)
}

/// The lowest and highest storage position of `layout` (part of a layout valid for some
/// storage), or `None` when it has no elements.
pub(crate) fn span<L: GridLayout>(layout: &L) -> Option<(usize, usize)> {
    let (low, high) = parts::span(parts_of(layout)).ok()??;
    Some((low.unsigned_abs(), high.unsigned_abs()))
}

/// The two halves of `split_at(axis, index)`: indices `..index` and `index..` of `axis`.
pub(crate) fn split_at<L: GridLayout>(
    layout: &L,
    axis: usize,
    index: usize,
) -> Result<(L, L), ShapeError> {
    let p = parts_of(layout);
    let dim = p.shape[axis];
    if index > dim {
        return Err(ShapeError::sizes(
            ErrorKind::IndexOutOfBounds,
            Some(axis),
            dim,
            index,
        ));
    }
    let (mut head, mut tail) = (*layout, *layout);
    head.set_dim(axis, index);
    tail.set_dim(axis, dim - index);
    if index < dim && !p.is_empty() {
        let delta = (index as isize).wrapping_mul(p.strides[axis]);
        tail.set_offset(p.offset.wrapping_add_signed(delta));
    }
    Ok((head, tail))
}
