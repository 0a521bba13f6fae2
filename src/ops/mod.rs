//! Element-wise maths and operators, with NumPy broadcasting whose rank is computed at compile
//! time.
//!
//! Beside the operators: floating-point functions (`exp`, `ln`, `sqrt`, trigonometry,
//! rounding, `powi`/`powf`, `clamp`, each with an `_inplace` form that needs no allocator),
//! `mapv`, `maximum`/`minimum`/`atan2`; comparisons (`eq ne lt le gt ge`, against tensors or
//! scalars), [`where_`], `fill_where`, `all`/`any`/`count`, `is_nan`/`is_finite`, `allclose`;
//! reductions (`sum`, `mean`, `max`, `argmax`, … whole or along an axis; keep the axis with
//! `.unsqueeze(Axis::<A>)` on the result, O(1)), `var`/`std` with `ddof`, `argmax_axis`,
//! `cumsum`/`cumprod`; [`concatenate`], [`stack`] and `split_at`.
//!
//! # Operators
//!
//! One group of impls covers every pairing (the rustdoc page of [`TensorBase`] shows the two
//! generic ones per operator; the impls with a scalar on the left are hidden there, to keep the
//! methods in view):
//!
//! | form | operands | result | fallible twin |
//! |---|---|---|---|
//! | `&a + &b`, `a + &b`, `a + b` (also `-`, `*`, `/`, `%`) | tensors of any storages and ranks, broadcast | `Tensor<T, max(R, R2)>` (feature `alloc`) | `a.try_add(&b)?`, … |
//! | `&a * 2.0`, `a * 2.0` | a tensor and a scalar of its element type | `Tensor<T, R>` (feature `alloc`) | — (cannot fail) |
//! | `2.0 * &a`, `2.0 * a` | a primitive number (`i8`…`i128`, `isize`, `u8`…`u128`, `usize`, `f32`, `f64`) and a tensor of it | `Tensor<T, R>` (feature `alloc`) | — (cannot fail) |
//! | `a += &b`, `a += 2.0` (also `-=`, `*=`, `/=`, `%=`) | a writable tensor and a tensor broadcast to its shape, or a scalar | in place, no allocator | none yet: panics if `b` does not broadcast to `a`'s shape |
//! | `&a & &b`, `a \| &b`, `a ^ b` | tensors of `bool` (masks) or of integers, broadcast | `Tensor<T, max(R, R2)>` (feature `alloc`) | `a.try_bitand(&b)?`, `a.logical_and(&b)?`, … |
//! | `a &= &b`, `a \|= &b`, `a ^= &b` | as `+=` | in place, no allocator | — |
//! | `-&a`, `-a` | a tensor | `Tensor<T, R>` (feature `alloc`) | — |
//! | `!&a`, `!a` | a tensor of `bool` (or integers: bitwise) | `Tensor<T, R>` (feature `alloc`) | — |
//!
//! # Broadcasting
//!
//! Two shapes broadcast by aligning them on the right; along each axis the sizes must be equal
//! or one of them 1 (which stretches), and missing leading axes count as 1. The result has the
//! larger rank, and the compiler knows it: `Tensor<f32, 2> + Tensor<f32, 3>` is a
//! `Tensor<f32, 3>`.
//!
//! ```text
//!   a:      [   4, 1, 3]      a:   [2, 3]        a:   [2, 3]
//!   b:      [5, 1, 6, 1]      b:      [3]        b:   [4, 3]
//!           -----------            ------             ------
//!   a + b:  [5, 4, 6, 3]      a+b: [2, 3]        a+b: error: 2 vs 4 at axis 0
//!
//!   b = [10, 20, 30] (shape [3]) stretched along a new first axis:
//!
//!       a            b (stride 0 on axis 0)     a + b
//!   [[1 2 3]         [[10 20 30]               [[11 22 33]
//!    [4 5 6]]    +    [10 20 30]]          =    [14 25 36]]
//! ```
//!
//! A stretched operand is never copied: it is read through a layout with stride 0 (see
//! [`Layout::broadcast_to`](crate::Layout::broadcast_to)). Incompatible sizes are a
//! [`ShapeError`] from the `try_` forms (`try_add`, …) and a panic from the operators.
//!
//! ```
//! use ranked::{Tensor, tensor};
//!
//! let a: Tensor<i32, 2> = tensor![[1, 2, 3], [4, 5, 6]];
//! let b: Tensor<i32, 1> = tensor![10, 20, 30];
//! let c: Tensor<i32, 2> = &a + &b;
//! assert_eq!(c, tensor![[11, 22, 33], [14, 25, 36]]);
//! let d: Tensor<i32, 3> = &Tensor::<i32, 3>::ones([2, 1, 3]) * &a; // rank 3 × rank 2 → rank 3
//! assert_eq!(d.shape(), &[2, 2, 3]);
//! assert!(a.try_add(&tensor![1, 2]).is_err());
//! ```

//!
//! # Accuracy of sums
//!
//! [`sum`](crate::TensorBase::sum), [`sum_axis`](crate::TensorBase::sum_axis) and the means are
//! blocked and pairwise: each innermost run is added in chunks of 128 elements with 8
//! independent accumulators, and the chunk sums are combined pairwise (a binary counter). For
//! floating point the rounding error is therefore bounded by roughly
//! `(16 + log2(n / 128) + 3) · ε · Σ|xᵢ|` instead of the `n · ε · Σ|xᵢ|` of a running sum: for
//! `f32` (ε ≈ 6e-8) over a million elements, about 2e-6 of `Σ|xᵢ|`. Along an axis whose lanes
//! are strided in memory (not the innermost axis), sums stream instead: each slice along the
//! axis is added to an accumulator the size of the result, up to 128 slices in a running sum,
//! and those chunk sums are combined pairwise; the bound is then
//! `(min(n, 128) + log2(n / 128) + 3) · ε · Σ|xᵢ|` for lanes of `n` elements. Integer sums are
//! exact (they overflow as the integer type does).

use core::ops::{
    AddAssign, BitAndAssign, BitOrAssign, BitXorAssign, DivAssign, MulAssign, RemAssign, SubAssign,
};

use crate::engine::{self, Operand};
use crate::error::ShapeError;
use crate::layout::Layout;
use crate::rank::{BroadcastTo, Rank};
use crate::storage::{Storage, StorageMut, ViewRepr};
use crate::tensor::TensorBase;
#[cfg(feature = "alloc")]
use crate::{BroadcastRanks, tensor::Tensor};

/// NumPy binary functions as methods: each entry `name(x, y) => f(x, y);` (after its docs)
/// becomes `name(&self, other)`, broadcasting both operands (`broadcast_zip`) into a new
/// tensor of the larger rank. Defined before the modules that use it (`math`, `standard`).
#[cfg(feature = "alloc")]
macro_rules! broadcasting {
    ($($(#[$doc:meta])* $name:ident($x:ident, $y:ident) => $body:expr;)*) => {$(
        $(#[$doc])*
        pub fn $name<S2, const R2: usize, const O: usize>(
            &self,
            other: &TensorBase<S2, R2>,
        ) -> Result<Tensor<S::Elem, O>, ShapeError>
        where
            S2: Storage<Elem = S::Elem>,
            Rank<R>: BroadcastRanks<R2, Out = Rank<O>>,
        {
            self.broadcast_zip(other, |&$x, &$y| $body)
        }
    )*};
}

mod cast;
mod compare;
#[cfg(feature = "complex")]
mod complex;
#[cfg(feature = "alloc")]
mod differences;
mod index;
mod join;
#[cfg(feature = "alloc")]
mod mask;
mod math;
mod nan;
#[cfg(not(feature = "alloc"))]
mod no_alloc;
mod operand;
#[cfg(feature = "rayon")]
pub mod par;
mod reduce;
#[cfg(feature = "alloc")]
mod shaping;
mod sort;
mod standard;
mod stats;
mod sum;

pub use crate::linalg::Dot;
pub use crate::rank::MatmulRanks;
#[cfg(feature = "alloc")]
pub use compare::{Comparand, where_};
#[cfg(feature = "alloc")]
pub use join::{concatenate, concatenate_flat, stack};
#[cfg(not(feature = "alloc"))]
pub use no_alloc::NeedsAllocFeature;
pub use operand::{AssignOperand, BinaryOperand, Scalar};
#[cfg(feature = "alloc")]
pub use shaping::PadMode;
#[cfg(feature = "alloc")]
pub use sort::Unique;
pub use sort::{Side, cmp_nan_last};
pub use standard::NextAfter;
pub use stats::Ddof;

impl<const R: usize> Layout<R> {
    pub(crate) fn operand(&self) -> Operand<'_> {
        Operand {
            strides: self.strides(),
            offset: self.offset(),
        }
    }
}

/// The panic of `assign` and `par_assign` when `src` does not broadcast to `dst`.
#[cold]
#[track_caller]
fn assign_failed(src: &[usize], dst: &[usize], err: ShapeError) -> ! {
    panic!("cannot assign a tensor of shape {src:?} to one of shape {dst:?}: {err}")
}

/// The first axis where two shapes differ, as an error.
pub(crate) fn check_same_shape(expected: &[usize], found: &[usize]) -> Result<(), ShapeError> {
    match expected
        .iter()
        .zip(found)
        .enumerate()
        .find(|(_, (a, b))| a != b)
    {
        None => Ok(()),
        Some((axis, (&e, &f))) => Err(ShapeError::size_mismatch(axis, e, f)),
    }
}

/// # Element-wise operations
impl<S: Storage, const R: usize> TensorBase<S, R> {
    /// Calls `f` on every element in logical (row-major) order.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let mut total = 0;
    /// tensor![[1, 2], [3, 4]].for_each(|x| total += x);
    /// assert_eq!(total, 10);
    /// ```
    pub fn for_each(&self, mut f: impl FnMut(&S::Elem)) {
        let data = self.view().into_raw_parts().0;
        engine::walk1(self.shape(), self.layout().operand(), &mut |p| {
            // SAFETY: the walk visits positions of this tensor's layout, valid for its storage
            // (invariant 1).
            f(unsafe { data.get(p) });
        });
    }

    /// Calls `f` on every index and element in logical order.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let mut trace = 0;
    /// tensor![[1, 2], [3, 4]].indexed_for_each(|[i, j], x| if i == j { trace += x });
    /// assert_eq!(trace, 5);
    /// ```
    pub fn indexed_for_each(&self, mut f: impl FnMut([usize; R], &S::Elem)) {
        self.indexed_iter().for_each(|(i, x)| f(i, x));
    }

    /// Folds the elements, visiting them in memory order (an unspecified order, like ndarray's
    /// `fold`): size-1 axes dropped, contiguous axes merged, smallest stride innermost. Use
    /// [`iter`](Self::iter) for logical order.
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let longest = tensor!["a", "bcd", "ef"].fold(0, |n, s| n.max(s.len()));
    /// assert_eq!(longest, 3);
    /// ```
    pub fn fold<B>(&self, init: B, mut f: impl FnMut(B, &S::Elem) -> B) -> B {
        let data = self.view().into_raw_parts().0;
        let layout = *self.layout();
        // SAFETY: this tensor's storage and layout (invariant 1).
        unsafe { engine::fold::<R, _, _>(data, layout.shape(), layout.operand(), init, &mut f) }
    }

    /// Applies `f` to every element in place, in an unspecified order.
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let mut t = tensor![1, 2, 3];
    /// t.map_inplace(|x| *x *= 10);
    /// assert_eq!(t.to_vec(), [10, 20, 30]);
    /// ```
    pub fn map_inplace(&mut self, mut f: impl FnMut(&mut S::Elem))
    where
        S: StorageMut,
    {
        let layout = *self.layout();
        let data = self.view_mut().into_raw_parts().0;
        // SAFETY: this tensor's storage and layout, unique as the storage is writable
        // (invariants 1 and 2).
        unsafe { engine::for_each_mut::<R, _>(data, layout.shape(), layout.operand(), &mut f) };
    }

    /// Sets every element to `value`.
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, Tensor};
    ///
    /// let mut t: Tensor<u8, 2> = Tensor::zeros([2, 3]);
    /// t.view_mut().select(Axis::<1>, 1).unwrap().fill(7);
    /// assert_eq!(t.to_vec(), [0, 7, 0, 0, 7, 0]);
    /// ```
    pub fn fill(&mut self, value: S::Elem)
    where
        S: StorageMut,
        S::Elem: Clone,
    {
        self.map_inplace(|x| *x = value.clone());
    }

    /// Copies `src` into `self` element by element; `src` may have any layout and is
    /// broadcast to `self`'s shape (its rank must not exceed `self`'s).
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::BroadcastMismatch`](crate::ErrorKind::BroadcastMismatch) if `src` cannot be
    /// broadcast to `self`'s shape.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Tensor, tensor};
    ///
    /// let mut t: Tensor<i32, 2> = Tensor::zeros([2, 3]);
    /// t.try_assign(&tensor![1, 2, 3]).unwrap();
    /// assert_eq!(t.to_vec(), [1, 2, 3, 1, 2, 3]);
    /// assert!(t.try_assign(&tensor![1, 2]).is_err());
    /// ```
    pub fn try_assign<S2, const R2: usize>(
        &mut self,
        src: &TensorBase<S2, R2>,
    ) -> Result<(), ShapeError>
    where
        S: StorageMut,
        S2: Storage<Elem = S::Elem>,
        S::Elem: Clone,
        Rank<R2>: BroadcastTo<R>,
    {
        self.zip_assign(src, engine::CloneTo)
    }

    /// Copies `src` into `self` (see [`try_assign`](Self::try_assign)).
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
    /// let mut t: Tensor<i32, 2> = Tensor::zeros([2, 2]);
    /// t.assign(&tensor![[1, 2], [3, 4]].t());
    /// assert_eq!(t.to_vec(), [1, 3, 2, 4]);
    /// ```
    #[track_caller]
    pub fn assign<S2, const R2: usize>(&mut self, src: &TensorBase<S2, R2>)
    where
        S: StorageMut,
        S2: Storage<Elem = S::Elem>,
        S::Elem: Clone,
        Rank<R2>: BroadcastTo<R>,
    {
        if let Err(err) = self.try_assign(src) {
            assign_failed(src.shape(), self.shape(), err);
        }
    }

    /// Sets every element of `self` to `f(a, b)`, with `a` and `b` broadcast to `self`'s shape:
    /// `out = a + b` into an existing tensor, without allocating. The operands may have any
    /// layouts (and element types); their ranks must not exceed `self`'s.
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::BroadcastMismatch`](crate::ErrorKind::BroadcastMismatch) if `a` or `b`
    /// cannot be broadcast to `self`'s shape.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Tensor, tensor};
    ///
    /// let a = tensor![[1, 2, 3], [4, 5, 6]];
    /// let b = tensor![10, 20, 30];
    /// let mut out: Tensor<i32, 2> = Tensor::zeros([2, 3]);
    /// out.try_assign_zip(&a, &b, |&x, &y| x + y).unwrap();
    /// assert_eq!(out, tensor![[11, 22, 33], [14, 25, 36]]);
    /// assert!(out.try_assign_zip(&a, &tensor![1, 2], |&x, &y| x + y).is_err());
    /// ```
    pub fn try_assign_zip<S1, S2, const R1: usize, const R2: usize>(
        &mut self,
        a: &TensorBase<S1, R1>,
        b: &TensorBase<S2, R2>,
        mut f: impl FnMut(&S1::Elem, &S2::Elem) -> S::Elem,
    ) -> Result<(), ShapeError>
    where
        S: StorageMut,
        S1: Storage,
        S2: Storage,
        Rank<R1>: BroadcastTo<R>,
        Rank<R2>: BroadcastTo<R>,
    {
        let target = *self.layout();
        let la = a.layout().broadcast_to(*target.shape())?;
        let lb = b.layout().broadcast_to(*target.shape())?;
        let (da, db) = (a.view().into_raw_parts().0, b.view().into_raw_parts().0);
        let data = self.view_mut().into_raw_parts().0;
        // SAFETY: each operand's layout is its tensor's, or a broadcast of it (view
        // arithmetic), valid for its storage (invariant 1); `self`'s is unique (invariant 2).
        unsafe {
            engine::zip3_values::<R, _, _, _>(
                data,
                target.operand(),
                (da, la.operand()),
                (db, lb.operand()),
                target.shape(),
                &mut f,
            );
        }
        Ok(())
    }

    /// Sets every element of `self` to `f(a, b)` (see [`try_assign_zip`](Self::try_assign_zip)).
    ///
    /// # Panics
    ///
    /// If `a` or `b` cannot be broadcast to `self`'s shape.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Tensor, tensor};
    ///
    /// let mut out: Tensor<f32, 1> = Tensor::zeros([3]);
    /// out.assign_zip(&tensor![1.0, 2.0, 3.0], &tensor![0.5], |&x, &y| x * y);
    /// assert_eq!(out.to_vec(), [0.5, 1.0, 1.5]);
    /// ```
    #[track_caller]
    pub fn assign_zip<S1, S2, const R1: usize, const R2: usize>(
        &mut self,
        a: &TensorBase<S1, R1>,
        b: &TensorBase<S2, R2>,
        f: impl FnMut(&S1::Elem, &S2::Elem) -> S::Elem,
    ) where
        S: StorageMut,
        S1: Storage,
        S2: Storage,
        Rank<R1>: BroadcastTo<R>,
        Rank<R2>: BroadcastTo<R>,
    {
        if let Err(err) = self.try_assign_zip(a, b, f) {
            panic!(
                "cannot combine tensors of shapes {:?} and {:?} into one of shape {:?}: {err}",
                a.shape(),
                b.shape(),
                self.shape()
            );
        }
    }

    /// Copies `src`, of exactly the same shape, into `self`.
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::SizeMismatch`](crate::ErrorKind::SizeMismatch) naming the first axis whose
    /// size differs.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Tensor, tensor};
    ///
    /// let mut t: Tensor<i32, 1> = Tensor::zeros([3]);
    /// t.copy_from(&tensor![1, 2, 3].flip(ranked::Axis::<0>)).unwrap();
    /// assert_eq!(t.to_vec(), [3, 2, 1]);
    /// ```
    pub fn copy_from<S2>(&mut self, src: &TensorBase<S2, R>) -> Result<(), ShapeError>
    where
        S: StorageMut,
        S2: Storage<Elem = S::Elem>,
        S::Elem: Clone,
    {
        check_same_shape(self.shape(), src.shape())?;
        // SAFETY: `src`'s own layout and storage (invariant 1).
        unsafe {
            self.zip_with_layout(
                *src.layout(),
                src.view().into_raw_parts().0,
                engine::CloneTo,
            );
        }
        Ok(())
    }

    /// Applies `k` to each element of `self` (written) and of `src` broadcast to `self`'s shape.
    pub(crate) fn zip_assign<S2: Storage, const R2: usize>(
        &mut self,
        src: &TensorBase<S2, R2>,
        k: impl engine::Kernel<S::Elem, S2::Elem>,
    ) -> Result<(), ShapeError>
    where
        S: StorageMut,
        Rank<R2>: BroadcastTo<R>,
    {
        let from = src.layout().broadcast_to(*self.shape())?;
        // SAFETY: a broadcast of `src`'s layout (view arithmetic) stays valid for its storage
        // (invariant 1).
        unsafe { self.zip_with_layout(from, src.view().into_raw_parts().0, k) };
        Ok(())
    }

    /// Walks `self` (mutably) and `src_data` read through `from`, a layout of `self`'s shape.
    ///
    /// # Safety
    ///
    /// `from` is valid for `src_data` (invariant 1).
    pub(crate) unsafe fn zip_with_layout<U>(
        &mut self,
        from: Layout<R>,
        src_data: ViewRepr<'_, U>,
        mut k: impl engine::Kernel<S::Elem, U>,
    ) where
        S: StorageMut,
    {
        let target = *self.layout();
        let data = self.view_mut().into_raw_parts().0;
        // SAFETY: `self`'s storage and unique layout (invariants 1 and 2); the caller's contract
        // for `from`.
        unsafe {
            engine::zip_mut::<R, _, _>(
                data,
                target.operand(),
                src_data,
                from.operand(),
                target.shape(),
                &mut k,
            );
        }
    }
}

/// # Element-wise operations that allocate (feature `alloc`)
#[cfg(feature = "alloc")]
impl<S: Storage, const R: usize> TensorBase<S, R> {
    /// A new C-contiguous tensor of `f` applied to every element. `f` is called once per
    /// element, in an unspecified order (the walk follows memory, not logical order).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let t = tensor![[1, 2], [3, 4]];
    /// assert_eq!(t.map(|&x| x as f32 / 2.0).to_vec(), [0.5, 1.0, 1.5, 2.0]);
    /// ```
    // Inlined: returned through memory, the new tensor was written in words and copied out in
    // wider loads, which waited for the words (a failed store-to-load forward, a third of a
    // tiny tensor's `map`).
    #[inline]
    pub fn map<U>(&self, mut f: impl FnMut(&S::Elem) -> U) -> Tensor<U, R> {
        let data = self.view().into_raw_parts().0;
        // SAFETY: this tensor's storage and layout (invariant 1).
        let out = unsafe { engine::map_to_vec(data, self.layout().parts(), &mut f) };
        Tensor::from_contiguous_vec(out, *self.shape())
    }

    /// A new C-contiguous tensor of `f` applied to corresponding elements of two tensors of the
    /// same shape (any layouts). `f` is called once per pair, in an unspecified order (the walk
    /// follows memory, tiled when one operand is transposed).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::SizeMismatch`](crate::ErrorKind::SizeMismatch) naming the first axis whose
    /// size differs; [`ErrorKind::Allocation`](crate::ErrorKind::Allocation) if the result does
    /// not fit in memory.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let a = tensor![1, 2, 3];
    /// let b = tensor![1.5, 2.5, 3.5];
    /// assert_eq!(a.zip_map(&b, |&x, &y| x as f64 * y).unwrap().to_vec(), [1.5, 5.0, 10.5]);
    /// ```
    pub fn zip_map<S2: Storage, V>(
        &self,
        other: &TensorBase<S2, R>,
        mut f: impl FnMut(&S::Elem, &S2::Elem) -> V,
    ) -> Result<Tensor<V, R>, ShapeError> {
        check_same_shape(self.shape(), other.shape())?;
        let (a, b) = (
            self.view().into_raw_parts().0,
            other.view().into_raw_parts().0,
        );
        // SAFETY: each tensor's storage and layout (invariant 1).
        let out = unsafe {
            engine::map2_to_vec(
                self.shape(),
                (a, self.layout().operand()),
                (b, other.layout().operand()),
                &mut f,
            )
        }?;
        Ok(Tensor::from_contiguous_vec(out, *self.shape()))
    }

    /// `f` applied to corresponding elements of `self` and `other` broadcast together; the
    /// result has the larger rank.
    pub(crate) fn broadcast_zip<S2: Storage, V, const R2: usize, const O: usize>(
        &self,
        other: &TensorBase<S2, R2>,
        mut f: impl FnMut(&S::Elem, &S2::Elem) -> V,
    ) -> Result<Tensor<V, O>, ShapeError>
    where
        Rank<R>: BroadcastRanks<R2, Out = Rank<O>>,
    {
        // Operands of one shape (the rank rules make it the result's): no broadcast to work out.
        if self.shape()[..] == other.shape()[..]
            && let Ok(shape) = <[usize; O]>::try_from(&self.shape()[..])
        {
            let (a, b) = (
                self.view().into_raw_parts().0,
                other.view().into_raw_parts().0,
            );
            let (la, lb) = (self.layout().operand(), other.layout().operand());
            // SAFETY: each tensor's storage and layout (invariant 1), of the same shape.
            let out = unsafe { engine::map2_to_vec(&shape, (a, la), (b, lb), &mut f) }?;
            return Ok(Tensor::from_contiguous_vec(out, shape));
        }
        let (a, b) = self.broadcast_with(other)?;
        let shape = *a.shape();
        let ((a, la), (b, lb)) = (a.into_raw_parts(), b.into_raw_parts());
        // SAFETY: each view's storage and layout (invariant 1).
        let out =
            unsafe { engine::map2_to_vec(&shape, (a, la.operand()), (b, lb.operand()), &mut f) }?;
        Ok(Tensor::from_contiguous_vec(out, shape))
    }
}

/// Binary operators between tensors of any storage and rank (broadcasting), by reference and
/// by value, with their `try_` forms and compound-assignment forms.
macro_rules! binary_ops {
    ($($Op:ident $op:ident $try_op:ident $OpAssign:ident $op_assign:ident $verb:literal $sym:literal;)*) => {$(
        #[doc = concat!("# `", stringify!($try_op), "`: `", $sym, "` with broadcasting (feature `alloc`)")]
        #[cfg(feature = "alloc")]
        impl<S: Storage, const R: usize> TensorBase<S, R>
        where
            S::Elem: core::ops::$Op<Output = S::Elem> + Clone,
        {
            #[doc = concat!("`self ", $sym, " rhs` element-wise, broadcasting both operands; the result has the larger rank.")]
            ///
            /// # Errors
            ///
            /// [`ErrorKind::BroadcastMismatch`](crate::ErrorKind::BroadcastMismatch) naming the
            /// result axis where the sizes conflict.
            ///
            /// # Examples
            ///
            /// ```
            /// use ranked::tensor;
            ///
            /// let a = tensor![[8, 6], [4, 2]];
            /// let b = tensor![2, 1];
            #[doc = concat!("let c = a.", stringify!($try_op), "(&b).unwrap();")]
            #[doc = concat!("assert_eq!(c.to_vec(), [8 ", $sym, " 2, 6 ", $sym, " 1, 4 ", $sym, " 2, 2 ", $sym, " 1]);")]
            #[doc = concat!("assert!(a.", stringify!($try_op), "(&tensor![1, 2, 3]).is_err());")]
            /// ```
            pub fn $try_op<S2, const R2: usize, const O: usize>(
                &self,
                rhs: &TensorBase<S2, R2>,
            ) -> Result<Tensor<S::Elem, O>, ShapeError>
            where
                S2: Storage<Elem = S::Elem>,
                Rank<R>: BroadcastRanks<R2, Out = Rank<O>>,
            {
                self.broadcast_zip(rhs, |x, y| core::ops::$Op::$op(x.clone(), y.clone()))
            }
        }

        // Without `alloc`, `BinaryOperand` has no impls: the operator exists so that its error
        // names the feature (see `BinaryOperand`).
        impl<'a, S, T, const R: usize, Rhs> core::ops::$Op<Rhs> for &'a TensorBase<S, R>
        where
            S: Storage<Elem = T>,
            T: core::ops::$Op<Output = T> + Clone,
            Rhs: BinaryOperand<T, R>,
        {
            type Output = Rhs::Output;

            #[doc = concat!("`self ", $sym, " rhs`: with a tensor, element-wise with broadcasting (the result has the larger rank); with a scalar, on every element.")]
            ///
            /// # Panics
            ///
            #[doc = concat!("If the shapes do not broadcast; [`", stringify!($try_op), "`](TensorBase::", stringify!($try_op), ") is the fallible form.")]
            #[track_caller]
            fn $op(self, rhs: Rhs) -> Rhs::Output {
                // Only tensors fail (scalars always combine), so the message names two shapes.
                match rhs.combine(self, |x, y| core::ops::$Op::$op(x.clone(), y.clone())) {
                    Ok(t) => t,
                    Err(err) => panic!(
                        concat!("cannot ", $verb, " tensors of shapes {:?} and {:?}: {}"),
                        self.shape(),
                        rhs.shape(),
                        err
                    ),
                }
            }
        }

        impl<S, T, const R: usize, Rhs> core::ops::$Op<Rhs> for TensorBase<S, R>
        where
            S: Storage<Elem = T>,
            T: core::ops::$Op<Output = T> + Clone,
            Rhs: BinaryOperand<T, R>,
        {
            type Output = Rhs::Output;

            #[doc = concat!("`self ", $sym, " rhs` (see the by-reference form).")]
            #[track_caller]
            fn $op(self, rhs: Rhs) -> Rhs::Output {
                core::ops::$Op::$op(&self, rhs)
            }
        }

        impl<S, T, const R: usize, Rhs> $OpAssign<Rhs> for TensorBase<S, R>
        where
            S: Storage<Elem = T>,
            T: $OpAssign + Clone,
            Rhs: AssignOperand<T, R, S>,
        {
            #[doc = concat!("`self ", $sym, "= rhs`: with a tensor, element-wise, `rhs` broadcast to `self`'s shape; with a scalar, on every element.")]
            ///
            /// # Panics
            ///
            /// If `rhs` cannot be broadcast to `self`'s shape.
            #[track_caller]
            fn $op_assign(&mut self, rhs: Rhs) {
                if let Err(err) = rhs.combine_into(self, |x: &mut T, y: &T| $OpAssign::$op_assign(x, y.clone())) {
                    panic!(
                        concat!("cannot ", $verb, " a tensor of shape {:?} into one of shape {:?}: {}"),
                        rhs.shape(),
                        self.shape(),
                        err
                    );
                }
            }
        }
    )*};
}

binary_ops! {
    Add add try_add AddAssign add_assign "add" "+";
    Sub sub try_sub SubAssign sub_assign "subtract" "-";
    Mul mul try_mul MulAssign mul_assign "multiply" "*";
    Div div try_div DivAssign div_assign "divide" "/";
    Rem rem try_rem RemAssign rem_assign "take the remainder of" "%";
    BitAnd bitand try_bitand BitAndAssign bitand_assign "combine with `&`" "&";
    BitOr bitor try_bitor BitOrAssign bitor_assign "combine with `|`" "|";
    BitXor bitxor try_bitxor BitXorAssign bitxor_assign "combine with `^`" "^";
}

/// Operators with a scalar of a primitive numeric type on the left (`2.0 * &t`); a scalar on the
/// right goes through [`BinaryOperand`]. Hidden from the rustdoc pages (140 impls that would
/// bury the inherent methods): the module docs' "Operators" table lists them as one group.
macro_rules! scalar_ops {
    ($($t:ty),*) => {$(
        scalar_ops!(@one $t, Add add);
        scalar_ops!(@one $t, Sub sub);
        scalar_ops!(@one $t, Mul mul);
        scalar_ops!(@one $t, Div div);
        scalar_ops!(@one $t, Rem rem);
    )*};
    (@one $t:ty, $Op:ident $op:ident) => {
        #[cfg(feature = "alloc")]
        #[doc(hidden)]
        impl<S: Storage<Elem = $t>, const R: usize> core::ops::$Op<&TensorBase<S, R>> for $t {
            type Output = Tensor<$t, R>;
            /// The scalar combined with every element.
            fn $op(self, rhs: &TensorBase<S, R>) -> Tensor<$t, R> {
                rhs.map(|&x| core::ops::$Op::$op(self, x))
            }
        }
        #[cfg(feature = "alloc")]
        #[doc(hidden)]
        impl<S: Storage<Elem = $t>, const R: usize> core::ops::$Op<TensorBase<S, R>> for $t {
            type Output = Tensor<$t, R>;
            /// The scalar combined with every element.
            fn $op(self, rhs: TensorBase<S, R>) -> Tensor<$t, R> {
                core::ops::$Op::$op(self, &rhs)
            }
        }
    };
}

scalar_ops!(
    i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize, f32, f64
);

#[cfg(feature = "alloc")]
impl<S, T, const R: usize> core::ops::Neg for &TensorBase<S, R>
where
    S: Storage<Elem = T>,
    T: core::ops::Neg<Output = T> + Clone,
{
    type Output = Tensor<T, R>;

    /// Negates every element.
    fn neg(self) -> Tensor<T, R> {
        self.map(|x| -x.clone())
    }
}

#[cfg(feature = "alloc")]
impl<S, T, const R: usize> core::ops::Neg for TensorBase<S, R>
where
    S: Storage<Elem = T>,
    T: core::ops::Neg<Output = T> + Clone,
{
    type Output = Tensor<T, R>;

    /// Negates every element.
    fn neg(self) -> Tensor<T, R> {
        -&self
    }
}

#[cfg(feature = "alloc")]
impl<S, T, const R: usize> core::ops::Not for &TensorBase<S, R>
where
    S: Storage<Elem = T>,
    T: core::ops::Not<Output = T> + Clone,
{
    type Output = Tensor<T, R>;

    /// Negates every element: logical `not` of a mask, bitwise of integers.
    fn not(self) -> Tensor<T, R> {
        self.map(|x| !x.clone())
    }
}

#[cfg(feature = "alloc")]
impl<S, T, const R: usize> core::ops::Not for TensorBase<S, R>
where
    S: Storage<Elem = T>,
    T: core::ops::Not<Output = T> + Clone,
{
    type Output = Tensor<T, R>;

    /// Negates every element.
    fn not(self) -> Tensor<T, R> {
        !&self
    }
}
