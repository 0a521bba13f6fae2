//! Lock-step iteration over up to six tensors with broadcasting ([`Zip`], [`azip!`](crate::azip)).
//!
//! Operands of any storage and rank are added one by one; their shapes broadcast together
//! (NumPy's rules) and the result rank is the largest, computed by the compiler. Writable
//! operands (`and_mut`) are written in place and must have the full shape (a broadcast operand
//! would hand out one element several times). The walk is the loop engine's order-free n-ary
//! walk: axes are reordered and coalesced for memory order, and a run where every operand has
//! unit stride is a plain counted loop.

use core::marker::PhantomData;
use core::ptr::NonNull;

use crate::engine::{self, Operand};
use crate::error::{ErrorKind, ShapeError};
use crate::layout::{Layout, MAX_DYN_RANK, broadcast_shapes, parts};
use crate::rank::{BroadcastRanks, BroadcastTo, Rank};
use crate::storage::{Storage, StorageMut, ViewRepr};
use crate::tensor::TensorBase;

#[cfg(feature = "alloc")]
use crate::tensor::Tensor;

mod sealed {
    pub trait Sealed {}
}

/// An operand of a [`Zip`]: [`Input`] (read) or [`Output`] (written in place). Sealed.
///
/// # Examples
///
/// ```
/// use ranked::{Zip, tensor};
///
/// let a = tensor![1, 2];
/// let zip = Zip::from(&a); // a `Zip<(Input<'_, i32, 1>,), 1>`
/// assert_eq!(zip.shape(), &[2]);
/// ```
pub trait ZipPart: sealed::Sealed {
    /// What the closure receives for this operand: `&T` or `&mut T`.
    type Item;
    /// The items of a unit-stride run, as a slice iterator.
    #[doc(hidden)]
    type Run: Iterator<Item = Self::Item>;
    /// Whether the operand is written (it may not be broadcast).
    #[doc(hidden)]
    const WRITABLE: bool;
    /// The highest rank an operand added after this one may have: `Rank<R>` for a written
    /// operand of rank `R` (it is never broadcast), [`Unbounded`] for a read one.
    #[doc(hidden)]
    type Ceiling;
    /// Shape, strides and offset of the operand's layout.
    #[doc(hidden)]
    fn raw(&self) -> (&[usize], &[isize], usize);
    /// The element at storage position `pos`.
    ///
    /// # Safety
    ///
    /// `pos` is a position of the operand's layout (broadcast or not); for a writable operand,
    /// each position is asked for once.
    #[doc(hidden)]
    unsafe fn item(&self, pos: usize) -> Self::Item;
    /// The elements at positions `start..start + len`.
    ///
    /// # Safety
    ///
    /// Those are positions of the operand's layout (a unit-stride run of it); for a writable
    /// operand, no position of the run is asked for again.
    #[doc(hidden)]
    unsafe fn run(&self, start: usize, len: usize) -> Self::Run;
}

/// A read operand of a [`Zip`]: the closure gets `&T`.
///
/// # Examples
///
/// ```
/// use ranked::{Zip, tensor, zip::Input};
///
/// let a = tensor![1, 2];
/// let zip: Zip<(Input<'_, i32, 1>,), 1> = Zip::from(&a);
/// assert_eq!(zip.fold(0, |acc, &x| acc + x).unwrap(), 3);
/// ```
#[derive(Debug)]
pub struct Input<'a, T, const R: usize> {
    data: ViewRepr<'a, T>,
    layout: Layout<R>,
}

/// A written operand of a [`Zip`]: the closure gets `&mut T`, each element once.
///
/// # Examples
///
/// ```
/// use ranked::{Zip, tensor, zip::Output};
///
/// let mut a = tensor![1, 2];
/// let zip: Zip<(Output<'_, i32, 1>,), 1> = Zip::from_mut(&mut a);
/// zip.for_each(|x| *x *= 3).unwrap();
/// assert_eq!(a.to_vec(), [3, 6]);
/// ```
#[derive(Debug)]
pub struct Output<'a, T, const R: usize> {
    base: NonNull<T>,
    layout: Layout<R>,
    marker: PhantomData<&'a mut [T]>,
}

impl<T, const R: usize> sealed::Sealed for Input<'_, T, R> {}
impl<T, const R: usize> sealed::Sealed for Output<'_, T, R> {}

impl<'a, T, const R: usize> ZipPart for Input<'a, T, R> {
    type Item = &'a T;
    type Run = core::slice::Iter<'a, T>;
    const WRITABLE: bool = false;
    type Ceiling = Unbounded;
    fn raw(&self) -> (&[usize], &[isize], usize) {
        (
            self.layout.shape(),
            self.layout.strides(),
            self.layout.offset(),
        )
    }
    #[inline(always)]
    unsafe fn item(&self, pos: usize) -> &'a T {
        // SAFETY: `pos` is a position of this operand's layout (the caller's contract), which
        // is valid for `data` (invariant 1 of the tensor it came from); a broadcast of a valid
        // layout reaches the same positions.
        unsafe { self.data.get(pos) }
    }
    #[inline(always)]
    unsafe fn run(&self, start: usize, len: usize) -> core::slice::Iter<'a, T> {
        // SAFETY: the run's positions are positions of the layout, inside `data` (as `item`).
        unsafe { self.data.run(start, len) }.iter()
    }
}

impl<'a, T, const R: usize> ZipPart for Output<'a, T, R> {
    type Item = &'a mut T;
    type Run = core::slice::IterMut<'a, T>;
    const WRITABLE: bool = true;
    type Ceiling = Rank<R>;
    fn raw(&self) -> (&[usize], &[isize], usize) {
        (
            self.layout.shape(),
            self.layout.strides(),
            self.layout.offset(),
        )
    }
    #[inline(always)]
    unsafe fn item(&self, pos: usize) -> &'a mut T {
        // SAFETY: `pos` is a position of this operand's layout, valid for the borrowed slice
        // (invariant 1); the layout is unique (invariant 2, writable storage) and the operand
        // is never broadcast (checked before the walk), and each position is asked for once
        // (the caller's contract), so no two returned references alias. The slice stays
        // mutably borrowed for `'a`.
        unsafe { &mut *self.base.as_ptr().add(pos) }
    }
    #[inline(always)]
    unsafe fn run(&self, start: usize, len: usize) -> core::slice::IterMut<'a, T> {
        // SAFETY: the run's positions are positions of the layout, inside the borrowed slice
        // (invariant 1), and they are this operand's elements only (a unit-stride run of a
        // unique layout); none is asked for again (the caller's contract), so the slice aliases
        // no other reference handed out.
        unsafe { core::slice::from_raw_parts_mut(self.base.as_ptr().add(start), len) }.iter_mut()
    }
}

// SAFETY: an `Output` hands out `&mut T` to distinct elements, like `core::slice::IterMut`.
unsafe impl<T: Send, const R: usize> Send for Output<'_, T, R> {}
// SAFETY: a shared `Output` hands out `&mut T` (to distinct elements) on the threads that
// share it (`Zip::par_for_each`), which is moving mutable access there: `T: Send` as well.
unsafe impl<T: Send + Sync, const R: usize> Sync for Output<'_, T, R> {}

/// Lock-step iteration over up to six tensors, broadcasting them together (ndarray's `Zip`,
/// NumPy's `nditer`). The result rank `R` is the largest operand rank.
///
/// Build it with [`Zip::from`] or [`Zip::from_mut`], add operands with `and` (read) and
/// `and_mut` (written in place), then run `for_each`, `fold` or `map_collect`. A shape that
/// does not broadcast is reported when the zip runs, as a [`ShapeError`] naming the operand
/// ([`ShapeError::operand`], 0 for the first) and the axis; nothing is visited then. Every walk
/// is O(len) and allocates nothing but `map_collect`'s result.
///
/// # Examples
///
/// ```
/// use ranked::{Tensor, Zip, tensor};
///
/// let a = tensor![[1.0, 2.0], [3.0, 4.0]];
/// let b = tensor![10.0, 20.0]; // broadcast along the rows
/// let mut out: Tensor<f64, 2> = Tensor::zeros([2, 2]);
/// Zip::from_mut(&mut out).and(&a).and(&b).for_each(|o, &x, &y| *o = x * y).unwrap();
/// assert_eq!(out.to_vec(), [10.0, 40.0, 30.0, 80.0]);
///
/// let err = Zip::from(&a).and(&tensor![1.0, 2.0, 3.0]).fold(0.0, |s, _, _| s).unwrap_err();
/// assert_eq!((err.operand(), err.axis()), (Some(1), Some(1)));
/// ```
#[derive(Debug)]
pub struct Zip<P, const R: usize> {
    parts: P,
    shape: [usize; R],
    error: Option<ShapeError>,
    count: usize,
}

impl<P, const R: usize> Zip<P, R> {
    /// The broadcast shape of the operands so far (meaningless after a shape error).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Zip, tensor};
    ///
    /// let (a, b) = (tensor![1, 2, 3], tensor![[1], [2]]);
    /// assert_eq!(Zip::from(&a).and(&b).shape(), &[2, 3]);
    /// ```
    pub fn shape(&self) -> &[usize; R] {
        &self.shape
    }

    /// The zip with one more operand, its shape broadcast into the others'.
    fn push<Q, const R2: usize, const O: usize>(
        self,
        part: Q,
        shape: &[usize; R2],
        add: impl FnOnce(P, Q) -> <P as Push<Q>>::Out,
    ) -> Zip<<P as Push<Q>>::Out, O>
    where
        P: Push<Q>,
        Rank<R>: BroadcastRanks<R2, Out = Rank<O>>,
    {
        let (shape, error) = match (self.error, broadcast_shapes::<R, R2, O>(self.shape, *shape)) {
            (Some(err), _) => ([0; O], Some(err)),
            (None, Ok(s)) => (s, None),
            (None, Err(err)) => ([0; O], Some(err.with_operand(self.count))),
        };
        Zip {
            parts: add(self.parts, part),
            shape,
            error,
            count: self.count + 1,
        }
    }
}

/// Appending an operand to the tuple of operands. Sealed by its private module.
#[doc(hidden)]
pub trait Push<Q> {
    /// The longer tuple.
    type Out;
}

/// No written operand yet: an operand of any rank may be added.
#[doc(hidden)]
#[derive(Debug)]
pub enum Unbounded {}

/// The lower of two ceilings (written operands all have the zip's full rank, so two ranks are
/// equal once their zip compiles).
#[doc(hidden)]
pub trait Meet<C> {
    /// The lower ceiling.
    type Out;
}

impl<C> Meet<C> for Unbounded {
    type Out = C;
}

impl<const N: usize> Meet<Unbounded> for Rank<N> {
    type Out = Rank<N>;
}

impl<const N: usize, const M: usize> Meet<Rank<M>> for Rank<N> {
    type Out = Rank<N>;
}

/// The ceiling of a tuple of operands: the rank of its written operands, if any.
#[doc(hidden)]
pub trait Written {
    /// `Rank<R>` of the written operands, or [`Unbounded`].
    type Ceiling;
}

impl<A: ZipPart> Written for (A,) {
    type Ceiling = A::Ceiling;
}

/// A ceiling that admits one more operand of rank `R2`: any rank without a written operand, at
/// most the written operands' rank with one.
#[doc(hidden)]
pub trait Admits<const R2: usize> {}

impl<const R2: usize> Admits<R2> for Unbounded {}

impl<const N: usize, const R2: usize> Admits<R2> for Rank<N> where Rank<R2>: BroadcastTo<N> {}

/// Zip's rank rule for one more operand of rank `R2`: a written operand is never broadcast, so
/// it must have the largest rank of all the operands. Implemented by every zip whose written
/// operands (if any) have at least rank `R2`.
///
/// # Examples
///
/// ```
/// use ranked::{Tensor, Zip, tensor};
///
/// let mut out: Tensor<f32, 2> = Tensor::zeros([2, 2]);
/// let row = tensor![1.0, 2.0];
/// Zip::from_mut(&mut out).and(&row).for_each(|o, &r| *o = r).unwrap(); // rank 1 into rank 2
/// assert_eq!(out.to_vec(), [1.0, 2.0, 1.0, 2.0]);
/// ```
///
/// An input of a higher rank than the output does not compile:
///
/// ```compile_fail
/// use ranked::{Tensor, Zip};
///
/// let mut out: Tensor<f32, 1> = Tensor::zeros([2]);
/// let m: Tensor<f32, 2> = Tensor::zeros([2, 2]);
/// let _ = Zip::from_mut(&mut out).and(&m);
/// ```
#[diagnostic::on_unimplemented(
    message = "this zip writes a tensor of a lower rank than the operand of rank {R2} added here",
    label = "an operand of rank {R2}, more axes than the written tensor",
    note = "a written operand is never broadcast (each of its elements is handed out once), so \
            no other operand may have more axes than it: reduce the operand first (`sum_axis`, \
            `select`, …) or write into a tensor of the full shape"
)]
pub trait AcceptsRank<const R2: usize> {}

#[diagnostic::do_not_recommend]
impl<P: Written, const R: usize, const R2: usize> AcceptsRank<R2> for Zip<P, R> where
    P::Ceiling: Admits<R2>
{
}

/// Zip's rank rule for a written operand of rank `R2` added to operands of rank `R`: it must
/// have the largest rank, since it is never broadcast.
#[diagnostic::on_unimplemented(
    message = "a written operand of rank {R2} cannot hold the operands of `{Self}` zipped so far",
    label = "written here, with fewer axes than the operands before it",
    note = "a written operand is never broadcast (each of its elements is handed out once), so \
            it needs the largest rank of all the operands: write into a tensor of the full \
            shape, or start the zip from it with `Zip::from_mut`"
)]
pub trait HoldsRank<const R2: usize> {}

#[diagnostic::do_not_recommend]
impl<const R: usize, const R2: usize> HoldsRank<R2> for Rank<R> where Rank<R>: BroadcastTo<R2> {}

impl<'a, T, const R: usize> Zip<(Input<'a, T, R>,), R> {
    /// A zip over one tensor, read.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Zip, tensor};
    ///
    /// let t = tensor![1, 2, 3];
    /// assert_eq!(Zip::from(&t).fold(0, |acc, &x| acc + x).unwrap(), 6);
    /// ```
    #[allow(clippy::should_implement_trait)] // ndarray's name; `From` cannot take a borrow's lifetime
    pub fn from<S: Storage<Elem = T>>(tensor: &'a TensorBase<S, R>) -> Self {
        Zip {
            parts: (input(tensor),),
            shape: *tensor.shape(),
            error: None,
            count: 1,
        }
    }
}

impl<'a, T, const R: usize> Zip<(Output<'a, T, R>,), R> {
    /// A zip over one tensor, written in place.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Zip, tensor};
    ///
    /// let mut t = tensor![1, 2, 3];
    /// Zip::from_mut(&mut t).for_each(|x| *x += 1).unwrap();
    /// assert_eq!(t.to_vec(), [2, 3, 4]);
    /// ```
    pub fn from_mut<S: StorageMut<Elem = T>>(tensor: &'a mut TensorBase<S, R>) -> Self {
        Zip {
            shape: *tensor.shape(),
            parts: (output(tensor),),
            error: None,
            count: 1,
        }
    }
}

fn input<S: Storage, const R: usize>(t: &TensorBase<S, R>) -> Input<'_, S::Elem, R> {
    Input {
        data: t.storage().elems(),
        layout: *t.layout(),
    }
}

fn output<S: StorageMut, const R: usize>(t: &mut TensorBase<S, R>) -> Output<'_, S::Elem, R> {
    let layout = *t.layout();
    Output {
        base: t.storage_mut().elems_mut().as_non_null(),
        layout,
        marker: PhantomData,
    }
}

/// The engine operand of part `index`, broadcast to `shape`, into `strides`.
fn broadcast_part<Q: ZipPart>(
    part: &Q,
    index: usize,
    shape: &[usize],
    strides: &mut [isize; MAX_DYN_RANK],
) -> Result<usize, ShapeError> {
    let (pshape, pstrides, offset) = part.raw();
    if Q::WRITABLE && pshape != shape {
        // A written operand must have the result's shape: broadcasting it would hand out one
        // element several times.
        let lead = shape.len() - pshape.len();
        let axis = (0..shape.len())
            .find(|&a| a < lead || pshape[a - lead] != shape[a])
            .unwrap_or(0);
        let found = if axis < lead { 1 } else { pshape[axis - lead] };
        return Err(
            ShapeError::sizes(ErrorKind::SizeMismatch, Some(axis), shape[axis], found)
                .with_operand(index),
        );
    }
    let mut out_shape = [0usize; MAX_DYN_RANK];
    let p = parts::RawLayout {
        shape: pshape,
        strides: pstrides,
        offset,
    };
    parts::broadcast(
        p,
        shape,
        &mut out_shape[..shape.len()],
        &mut strides[..shape.len()],
    )
    .map_err(|e| e.with_operand(index))
}

/// `a.zip(b).zip(c)…`: the zipped iterators.
macro_rules! chain {
    ($first:ident $(, $rest:ident)*) => { $first $(.zip($rest))* };
}

/// The pattern `((a, b), c)…` of [`chain!`]'s items.
macro_rules! nest {
    ($a:ident) => { $a };
    ($a:ident, $($rest:ident),+) => { nest!(@acc [$a] $($rest),+) };
    (@acc [$($acc:tt)*] $next:ident) => { ($($acc)*, $next) };
    (@acc [$($acc:tt)*] $next:ident, $($rest:ident),+) => { nest!(@acc [($($acc)*, $next)] $($rest),+) };
}

/// One run of a zip: `f` on the items of every part, as zipped slice iterators when every
/// stride is 1 (a loop the compiler vectorises), position by position otherwise.
macro_rules! zip_run {
    ($f:ident; $start:ident, $len:ident, $strides:ident; $($p:ident $i:tt),+ $(,)?) => {
        if $strides.iter().all(|&s| s == 1) {
            // SAFETY: a unit-stride run of each operand's layout, each index once (the engine's
            // walk); written operands are not broadcast (checked by `prepare`).
            let ($($p,)+) = ($(unsafe { $p.run($start[$i], $len) },)+);
            chain!($($p),+).for_each(|nest!($($p),+)| $f($($p),+));
        } else {
            let mut pos = $start;
            for _ in 0..$len {
                // SAFETY: positions of each operand's broadcast layout, each index of the
                // shape once; written operands are not broadcast, so each of their positions
                // comes once.
                $f($(unsafe { $p.item(pos[$i]) }),+);
                $(pos[$i] = pos[$i].wrapping_add_signed($strides[$i]);)+
            }
        }
    };
}

/// Generates `and`, `and_mut`, `for_each`, `fold` and `map_collect` for each arity.
macro_rules! zip_arity {
    ($n:literal; $($P:ident $p:ident $i:tt),+; $next:ident) => {
        zip_arity!(@run $n; $($P $p $i),+);

        impl<$($P,)+ Q> Push<Q> for ($($P,)+) {
            type Out = ($($P,)+ Q);
        }

        impl<$($P: ZipPart,)+ Q: ZipPart> Written for ($($P,)+ Q)
        where
            ($($P,)+): Written,
            <($($P,)+) as Written>::Ceiling: Meet<Q::Ceiling>,
        {
            type Ceiling = <<($($P,)+) as Written>::Ceiling as Meet<Q::Ceiling>>::Out;
        }

        impl<$($P: ZipPart,)+ const R: usize> Zip<($($P,)+), R> {
            /// Adds an operand to read, broadcast with the others (the result rank becomes the
            /// larger one).
            ///
            /// # Examples
            ///
            /// ```
            /// use ranked::{Zip, tensor};
            ///
            /// let (a, b) = (tensor![[1, 2], [3, 4]], tensor![10, 20]);
            /// let total = Zip::from(&a).and(&b).fold(0, |s, &x, &y| s + x * y).unwrap();
            /// assert_eq!(total, 10 + 40 + 30 + 80);
            /// ```
            pub fn and<'b, S, const R2: usize, const O: usize>(
                self,
                tensor: &'b TensorBase<S, R2>,
            ) -> Zip<($($P,)+ Input<'b, S::Elem, R2>), O>
            where
                S: Storage,
                Rank<R>: BroadcastRanks<R2, Out = Rank<O>>,
                Self: AcceptsRank<R2>,
            {
                self.push(input(tensor), tensor.shape(), |($($p,)+), q| ($($p,)+ q))
            }

            /// Adds an operand to write in place; it must have the full broadcast shape.
            ///
            /// # Examples
            ///
            /// ```
            /// use ranked::{Tensor, Zip, tensor};
            ///
            /// let a = tensor![1, 2, 3];
            /// let mut out: Tensor<i32, 1> = Tensor::zeros([3]);
            /// Zip::from(&a).and_mut(&mut out).for_each(|&x, o| *o = x * x).unwrap();
            /// assert_eq!(out.to_vec(), [1, 4, 9]);
            /// ```
            pub fn and_mut<'b, S, const R2: usize, const O: usize>(
                self,
                tensor: &'b mut TensorBase<S, R2>,
            ) -> Zip<($($P,)+ Output<'b, S::Elem, R2>), O>
            where
                S: StorageMut,
                Rank<R>: BroadcastRanks<R2, Out = Rank<O>>,
                Rank<R>: HoldsRank<R2>,
                Self: AcceptsRank<R2>,
            {
                let shape = *tensor.shape();
                self.push(output(tensor), &shape, |($($p,)+), q| ($($p,)+ q))
            }
        }
    };
    (@run $n:literal; $($P:ident $p:ident $i:tt),+) => {
        impl<$($P: ZipPart,)+ const R: usize> Zip<($($P,)+), R> {
            /// The engine operands, or the first shape error.
            #[allow(clippy::type_complexity)]
            fn prepare(&self) -> Result<([[isize; MAX_DYN_RANK]; $n], [usize; $n], usize), ShapeError> {
                if let Some(err) = self.error {
                    return Err(err);
                }
                let mut strides = [[0isize; MAX_DYN_RANK]; $n];
                let offsets = [$(broadcast_part(&self.parts.$i, $i, &self.shape, &mut strides[$i])?),+];
                let lead = [$($P::WRITABLE),+].iter().position(|&w| w).unwrap_or(0);
                Ok((strides, offsets, lead))
            }

            /// Calls `f` on corresponding elements of every operand (written operands by
            /// `&mut`), in an unspecified order. O(len), no allocation.
            ///
            /// # Errors
            ///
            /// A [`ShapeError`] naming the operand and axis whose size does not broadcast
            /// ([`ErrorKind::BroadcastMismatch`]), or a written operand without the full shape
            /// ([`ErrorKind::SizeMismatch`]); nothing is visited then.
            ///
            /// # Examples
            ///
            /// ```
            /// use ranked::{Zip, tensor};
            ///
            /// let mut t = tensor![[1, 2], [3, 4]];
            /// let row = tensor![10, 20];
            /// Zip::from_mut(&mut t).and(&row).for_each(|x, &r| *x += r).unwrap();
            /// assert_eq!(t.to_vec(), [11, 22, 13, 24]);
            /// ```
            pub fn for_each(self, mut f: impl FnMut($($P::Item),+)) -> Result<(), ShapeError> {
                let (strides, offsets, lead) = self.prepare()?;
                let ($($p,)+) = &self.parts;
                let ops = [$(Operand { strides: &strides[$i][..R], offset: offsets[$i] }),+];
                engine::zip_runs::<R, _>(&self.shape, ops, lead, &mut |start: [usize; $n], len, steps: [isize; $n]| {
                    zip_run!(f; start, len, steps; $($p $i),+);
                });
                Ok(())
            }

            /// [`for_each`](Self::for_each) on rayon's threads (feature `rayon`): the shape is
            /// cut along one axis into pieces fixed by the shape alone, each walked as
            /// `for_each` walks. Below 65,536 elements it runs on the calling thread.
            ///
            /// # Errors
            ///
            /// As [`for_each`](Self::for_each).
            ///
            /// # Examples
            ///
            /// ```
            /// use ranked::{Tensor, Zip};
            ///
            /// let a: Tensor<f32, 2> = Tensor::ones([512, 256]);
            /// let mut out: Tensor<f32, 2> = Tensor::zeros([512, 256]);
            /// Zip::from_mut(&mut out).and(&a).par_for_each(|o, &x| *o = 2.0 * x).unwrap();
            /// assert_eq!(out.sum(), 2.0 * 512.0 * 256.0);
            /// ```
            #[cfg(feature = "rayon")]
            pub fn par_for_each(self, f: impl Fn($($P::Item),+) + Sync) -> Result<(), ShapeError>
            where
                $($P: Sync,)+
            {
                let (strides, offsets, lead) = self.prepare()?;
                let ($($p,)+) = &self.parts;
                let shape = &self.shape;
                let ops = [$(Operand { strides: &strides[$i][..R], offset: offsets[$i] }),+];
                let leaf = |axis: usize, range: core::ops::Range<usize>| {
                    let mut piece = *shape;
                    piece[axis] = range.len();
                    let start = range.start as isize;
                    let sub = ops.map(|o| Operand {
                        strides: o.strides,
                        offset: o.offset.wrapping_add_signed(start.wrapping_mul(o.strides[axis])),
                    });
                    // The pieces are disjoint index ranges of one axis, so every index of the
                    // shape is visited once overall, as `for_each` visits it.
                    engine::zip_runs::<R, _>(&piece, sub, lead, &mut |start: [usize; $n], len, steps: [isize; $n]| {
                        zip_run!(f; start, len, steps; $($p $i),+);
                    });
                };
                if engine::par::split(shape, ops[lead], &leaf, &|(), ()| ()).is_none() {
                    engine::zip_runs::<R, _>(shape, ops, lead, &mut |start: [usize; $n], len, steps: [isize; $n]| {
                        zip_run!(f; start, len, steps; $($p $i),+);
                    });
                }
                Ok(())
            }

            /// Folds corresponding elements of every operand into an accumulator, in an
            /// unspecified order. O(len), no allocation.
            ///
            /// # Errors
            ///
            /// As [`for_each`](Self::for_each).
            ///
            /// # Examples
            ///
            /// ```
            /// use ranked::{Zip, tensor};
            ///
            /// let (a, b) = (tensor![1.0, 2.0], tensor![3.0, 4.0]);
            /// let dot = Zip::from(&a).and(&b).fold(0.0, |s, &x, &y| s + x * y).unwrap();
            /// assert_eq!(dot, 11.0);
            /// ```
            pub fn fold<Acc>(self, init: Acc, mut f: impl FnMut(Acc, $($P::Item),+) -> Acc) -> Result<Acc, ShapeError> {
                let mut acc = Some(init);
                let mut g = |$($p: $P::Item),+| {
                    if let Some(a) = acc.take() {
                        acc = Some(f(a, $($p),+));
                    }
                };
                self.for_each(&mut g)?;
                Ok(acc.unwrap_or_else(|| unreachable!("the accumulator is put back after each call")))
            }

            /// A new row-major tensor of the broadcast shape holding `f` of corresponding
            /// elements (ndarray's `map_collect`). O(len).
            ///
            /// # Errors
            ///
            /// As [`for_each`](Self::for_each), and
            /// [`ErrorKind::Allocation`] if the result cannot be allocated.
            ///
            /// # Examples
            ///
            /// ```
            /// use ranked::{Zip, tensor};
            ///
            /// let (a, b, c) = (tensor![[1, 2], [3, 4]], tensor![10, 20], tensor![[100], [200]]);
            /// let sum = Zip::from(&a).and(&b).and(&c).map_collect(|&x, &y, &z| x + y + z).unwrap();
            /// assert_eq!(sum.to_vec(), [111, 122, 213, 224]);
            /// ```
            #[cfg(feature = "alloc")]
            pub fn map_collect<U>(self, mut f: impl FnMut($($P::Item),+) -> U) -> Result<Tensor<U, R>, ShapeError> {
                let (strides, offsets, _) = self.prepare()?;
                let out_layout = Layout::row_major(self.shape)?;
                let len = out_layout.try_len()?;
                let mut out = engine::try_vec::<U>(len)?;
                let spare = out.spare_capacity_mut();
                // The result is written through one more written operand, first in the walk.
                let sink = Output::<core::mem::MaybeUninit<U>, R> {
                    base: NonNull::from(&mut spare[..len]).cast(),
                    layout: out_layout,
                    marker: PhantomData,
                };
                let mut g = |$($p: $P::Item,)+ o: &mut core::mem::MaybeUninit<U>| {
                    o.write(f($($p),+));
                };
                let ($($p,)+) = &self.parts;
                let ops = [$(Operand { strides: &strides[$i][..R], offset: offsets[$i] },)+ out_layout.operand()];
                engine::zip_runs::<R, _>(&self.shape, ops, $n, &mut |start: [usize; $n + 1], len, steps: [isize; $n + 1]| {
                    zip_run!(g; start, len, steps; $($p $i,)+ sink $n);
                });
                // SAFETY: the row-major layout maps the `len` indices one-to-one onto `0..len`
                // and the walk visits each index once, so every slot was written.
                unsafe { out.set_len(len) };
                Ok(Tensor::from_contiguous_vec(out, self.shape))
            }
        }
    };
}

zip_arity!(1; A a 0; B);
zip_arity!(2; A a 0, B b 1; C);
zip_arity!(3; A a 0, B b 1, C c 2; D);
zip_arity!(4; A a 0, B b 1, C c 2, D d 3; E);
zip_arity!(5; A a 0, B b 1, C c 2, D d 3, E e 4; F);
zip_arity!(@run 6; A a 0, B b 1, C c 2, D d 3, E e 4, F f_ 5);

/// Lock-step iteration in one line (ndarray's `azip!`): `azip!((x in &a, y in &mut b) body)`
/// runs `body` for corresponding elements, with up to six operands of any rank, broadcast
/// together. `x in &a` binds `&T`, `y in &mut b` binds `&mut T` (that operand is written in
/// place and must have the full shape).
///
/// # Panics
///
/// If the shapes do not broadcast; build a [`Zip`] for a `Result` instead.
///
/// # Examples
///
/// ```
/// use ranked::{Tensor, azip, tensor};
///
/// let a = tensor![[1.0, 2.0], [3.0, 4.0]];
/// let b = tensor![0.5, 2.0];
/// let mut out: Tensor<f64, 2> = Tensor::zeros([2, 2]);
/// azip!((o in &mut out, &x in &a, &y in &b) *o = x * y);
/// assert_eq!(out.to_vec(), [0.5, 4.0, 1.5, 8.0]);
/// ```
#[macro_export]
macro_rules! azip {
    (($($rest:tt)*) $($body:tt)*) => {
        $crate::azip!(@parse [] [] ($($rest)*) { $($body)* })
    };
    // Operand parsing: each `pat in &mut expr` or `pat in &expr`, comma-separated.
    (@parse [$($pats:tt)*] [$($zip:tt)*] ($p:pat in &mut $e:expr $(, $($rest:tt)*)?) $body:tt) => {
        $crate::azip!(@parse [$($pats)* ($p)] [$($zip)* (mut $e)] ($($($rest)*)?) $body)
    };
    (@parse [$($pats:tt)*] [$($zip:tt)*] ($p:pat in & $e:expr $(, $($rest:tt)*)?) $body:tt) => {
        $crate::azip!(@parse [$($pats)* ($p)] [$($zip)* (ref $e)] ($($($rest)*)?) $body)
    };
    (@parse [$(($p:pat))+] [($kind:tt $first:expr) $(($kinds:tt $es:expr))*] () { $($body:tt)* }) => {{
        let zip = $crate::azip!(@start $kind $first);
        $( let zip = $crate::azip!(@and zip $kinds $es); )*
        if let Err(err) = zip.for_each(|$($p),+| { $($body)* }) {
            panic!("azip!: {err}");
        }
    }};
    (@start mut $e:expr) => { $crate::Zip::from_mut(&mut $e) };
    (@start ref $e:expr) => { $crate::Zip::from(&$e) };
    (@and $zip:ident mut $e:expr) => { $zip.and_mut(&mut $e) };
    (@and $zip:ident ref $e:expr) => { $zip.and(&$e) };
}
