//! `matmul` by NumPy's rules (vectors promoted, batch axes broadcast) into a new tensor or
//! into existing storage, and the named shorthands `dot`, `matvec` and `outer` — with every
//! result rank computed by the compiler; the products run on the backend of
//! [`kernel`](super::kernel), batch item by batch item ([`batch`](super::batch)).

use num_traits::{One, Zero};

use crate::error::ShapeError;
use crate::layout::product;
use crate::operand::TensorOperand;
#[cfg(feature = "alloc")]
use crate::rank::{BroadcastRanks, IsAxis, RemoveAxis};
use crate::rank::{MatmulRanks, Rank};
use crate::storage::{Storage, StorageMut};
#[cfg(feature = "alloc")]
use crate::tensor::Tensor;
use crate::tensor::TensorBase;

use super::LinalgScalar;

/// ndarray's `dot`: vector · vector (a scalar), matrix · vector, vector · matrix and matrix ·
/// matrix; implemented for those ranks only, so any other pair does not compile (use
/// [`matmul`](TensorBase::matmul) for batches).
///
/// # Examples
///
/// ```
/// use ranked::tensor;
///
/// let m = tensor![[1, 2], [3, 4]];
/// let v = tensor![1, 1];
/// assert_eq!(v.dot(&v).unwrap(), 2);
/// assert_eq!(m.dot(&v).unwrap().to_vec(), [3, 7]);
/// assert_eq!(v.dot(&m).unwrap().to_vec(), [4, 6]);
/// assert_eq!(m.dot(&m).unwrap(), tensor![[7, 10], [15, 22]]);
/// ```
#[diagnostic::on_unimplemented(
    message = "`dot` takes vectors and matrices (ranks 1 and 2), not `{Self}` · `{Rhs}`",
    label = "needs rank 1 or 2 on each side",
    note = "for batches of matrices (rank 3 and more) use `matmul`, which broadcasts the batch axes"
)]
pub trait Dot<Rhs> {
    /// The result: a scalar for vector · vector, a tensor of rank 1 or 2 otherwise.
    type Output;
    #[doc(hidden)]
    fn dot_impl(&self, rhs: &Rhs) -> Result<Self::Output, ShapeError>;
}

#[diagnostic::do_not_recommend]
impl<S1, S2, T> Dot<TensorBase<S2, 1>> for TensorBase<S1, 1>
where
    S1: Storage<Elem = T>,
    S2: Storage<Elem = T>,
    T: LinalgScalar,
{
    type Output = T;

    fn dot_impl(&self, rhs: &TensorBase<S2, 1>) -> Result<T, ShapeError> {
        let mut out = [T::zero()];
        let mut target = crate::TensorViewMut::from_storage(&mut out[..], [])?;
        self.matmul_into(rhs, &mut target)?;
        Ok(out[0])
    }
}

macro_rules! dot_by_matmul {
    ($($r1:literal * $r2:literal -> $o:literal),*) => {$(
        #[cfg(feature = "alloc")]
        #[diagnostic::do_not_recommend]
        impl<S1, S2, T> Dot<TensorBase<S2, $r2>> for TensorBase<S1, $r1>
        where
            S1: Storage<Elem = T>,
            S2: Storage<Elem = T>,
            T: LinalgScalar,
        {
            type Output = Tensor<T, $o>;

            fn dot_impl(&self, rhs: &TensorBase<S2, $r2>) -> Result<Tensor<T, $o>, ShapeError> {
                self.matmul(rhs)
            }
        }
    )*};
}

dot_by_matmul!(2 * 1 -> 1, 1 * 2 -> 1, 2 * 2 -> 2);

/// `dot` with a [`CowTensor`](crate::CowTensor) on the right: as with its view.
macro_rules! dot_of_cow {
    ($($r1:literal * $r2:literal -> $out:ty),*) => {$(
        #[cfg(feature = "alloc")]
        #[diagnostic::do_not_recommend]
        impl<S1, T> Dot<crate::CowTensor<'_, T, $r2>> for TensorBase<S1, $r1>
        where
            S1: Storage<Elem = T>,
            T: LinalgScalar,
        {
            type Output = $out;

            fn dot_impl(&self, rhs: &crate::CowTensor<'_, T, $r2>) -> Result<$out, ShapeError> {
                self.dot_impl(&rhs.view())
            }
        }
    )*};
}

dot_of_cow!(1 * 1 -> T, 2 * 1 -> Tensor<T, 1>, 1 * 2 -> Tensor<T, 1>, 2 * 2 -> Tensor<T, 2>);

/// # Matrix products
impl<S: Storage, const R: usize> TensorBase<S, R> {
    /// ndarray's `dot`: vector · vector gives a scalar, matrix · vector and vector · matrix a
    /// vector, matrix · matrix a matrix (the latter three need `alloc`). Other ranks do not
    /// compile. O(m·k·n).
    ///
    /// # Errors
    ///
    /// As [`matmul`](Self::matmul): [`ErrorKind::SizeMismatch`](crate::ErrorKind::SizeMismatch)
    /// naming operand 1 if the shared size differs (`expected` is the left size, `found` the
    /// right).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{ErrorKind, tensor};
    ///
    /// assert_eq!(tensor![1.0, 2.0].dot(&tensor![3.0, 4.0]).unwrap(), 11.0);
    /// let err = tensor![1, 2].dot(&tensor![1, 2, 3]).unwrap_err();
    /// assert_eq!((err.kind(), err.expected(), err.found()), (ErrorKind::SizeMismatch, 2, 3));
    /// ```
    pub fn dot<Rhs>(&self, rhs: &Rhs) -> Result<<Self as Dot<Rhs>>::Output, ShapeError>
    where
        Self: Dot<Rhs>,
    {
        self.dot_impl(rhs)
    }

    /// The matrix product by NumPy's `matmul` rules (PyTorch's `matmul`, the `@` operator),
    /// into a new C-contiguous tensor:
    ///
    /// - rank 2 · rank 2 is the matrix product;
    /// - a rank-1 operand is promoted to a matrix — a row on the left, a column on the right —
    ///   and that axis is removed from the result (vector · vector is rank 0);
    /// - ranks above 2 are stacks of matrices over the leading (batch) axes, which broadcast
    ///   against each other as in element-wise operations.
    ///
    /// Rank equation: `R − 1` if `R2 = 1`, `R2 − 1` if `R = 1`, `max(R, R2)` otherwise,
    /// computed by the compiler ([`MatmulRanks`]); a rank-0 operand does not compile. Any
    /// layouts (transposed, sliced, negatively strided, broadcast) multiply without a copy:
    /// `f32`/`f64` on `matrixmultiply`'s kernels, other types on a blocked kernel (see
    /// [`crate::linalg`]), one call per matrix of the batch — with the `rayon` feature,
    /// `f32`/`f64` batches run on several threads. O(batch·m·k·n).
    ///
    /// # Errors
    ///
    /// Naming operand 1 (`rhs`) and its axis:
    /// [`ErrorKind::SizeMismatch`](crate::ErrorKind::SizeMismatch) if `self`'s column count
    /// (`expected`) is not `rhs`'s row count (`found`);
    /// [`ErrorKind::BroadcastMismatch`](crate::ErrorKind::BroadcastMismatch) if the batch axes
    /// do not broadcast; [`ErrorKind::Overflow`](crate::ErrorKind::Overflow) if the result's
    /// size overflows.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Tensor, tensor};
    ///
    /// let a = tensor![[1, 2, 3], [4, 5, 6]];
    /// let b = tensor![[1, 0], [0, 1], [1, 1]];
    /// assert_eq!(a.matmul(&b).unwrap(), tensor![[4, 5], [10, 11]]);
    /// assert_eq!(a.view().t().matmul(&a).unwrap().shape(), &[3, 3]);
    /// assert!(a.matmul(&a).is_err());
    ///
    /// // Vectors are promoted: matrix · vector is a vector, vector · vector rank 0.
    /// let v = tensor![1, 1, 1];
    /// assert_eq!(a.matmul(&v).unwrap(), tensor![6, 15]);
    /// assert_eq!(v.matmul(&v).unwrap()[[]], 3);
    ///
    /// // A batch of 4 matrices times one matrix: rank 3 @ rank 2 is rank 3.
    /// let batch: Tensor<f32, 3> = Tensor::ones([4, 2, 3]);
    /// let w: Tensor<f32, 2> = Tensor::ones([3, 5]);
    /// let y: Tensor<f32, 3> = batch.matmul(&w).unwrap();
    /// assert_eq!(y.shape(), &[4, 2, 5]);
    /// // Batch axes broadcast: (4, 1, 2, 3) @ (6, 3, 2) is (4, 6, 2, 2).
    /// let p = Tensor::<f32, 4>::ones([4, 1, 2, 3]).matmul(&Tensor::<f32, 3>::ones([6, 3, 2]));
    /// assert_eq!(p.unwrap().shape(), &[4, 6, 2, 2]);
    /// ```
    #[cfg(feature = "alloc")]
    pub fn matmul<Rhs, const R2: usize, const O: usize>(
        &self,
        rhs: &Rhs,
    ) -> Result<Tensor<S::Elem, O>, ShapeError>
    where
        Rank<R>: MatmulRanks<R2, Out = Rank<O>>,
        Rhs: TensorOperand<S::Elem, R2> + ?Sized,
        S::Elem: LinalgScalar,
    {
        let rhs = rhs.operand_view();
        let mut shape = [0usize; O];
        product::product_shape(self.layout().parts(), rhs.layout().parts(), &mut shape)?;
        let len = crate::layout::checked_len(&shape)?;
        // Room first: a result too large to allocate is an allocation error.
        let room = crate::engine::try_vec(len)?;
        let target = crate::layout::Layout::row_major(shape)?;
        let plan = product::plan::<{ product::MAX_PLAN_AXES }>(
            self.layout().parts(),
            rhs.layout().parts(),
            target.parts(),
        )?;
        // SAFETY: the plan comes from the operands' layouts, valid for their storages
        // (invariant 1), and a row-major target reaching exactly `0..len`.
        let out = unsafe {
            super::batch::run_new(
                self.storage().elems(),
                rhs.storage().elems(),
                room,
                len,
                &plan,
                true,
            )
        };
        Ok(Tensor::from_contiguous_vec(out, shape))
    }

    /// Writes the product `self @ rhs` by the rules of [`matmul`](Self::matmul) into `out`
    /// (NumPy's `matmul(a, b, out=c)`): any ranks from 1 up (a rank-0 operand does not
    /// compile), any layouts. No result is allocated, and without the `alloc` feature nothing
    /// is (the blocked generic kernel works in place); with it, `f32` and `f64` products run on
    /// `matrixmultiply` or faer, whose kernels allocate their own packing buffers (and a large
    /// product on faer copies one operand into the order faer reads fastest).
    /// O(batch·m·k·n).
    ///
    /// Never panics: part of the [firmware subset](crate#firmware-the-subset-that-never-panics).
    ///
    /// # Errors
    ///
    /// As [`matmul`](Self::matmul), and [`ErrorKind::SizeMismatch`](crate::ErrorKind::SizeMismatch)
    /// naming operand 2 (`out`), the axis, the size needed (`expected`) and the size found;
    /// `out` is unchanged then.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{ArrayTensor, inline_tensor};
    ///
    /// // On fixed storage, without an allocator.
    /// let a = inline_tensor![[1, 2, 3], [4, 5, 6]];
    /// let b = inline_tensor![[1, 0], [0, 1], [1, 1]];
    /// let mut c: ArrayTensor<i32, 4, 2> = ArrayTensor::from_storage([0; 4], [2, 2]).unwrap();
    /// a.matmul_into(&b, &mut c).unwrap();
    /// assert_eq!(c.iter().copied().collect::<Vec<_>>(), [4, 5, 10, 11]);
    ///
    /// // A batch of two matrices times a vector, into a 2 × 2 result.
    /// let batch = inline_tensor![[[1, 0], [0, 1]], [[2, 0], [0, 2]]];
    /// let v = inline_tensor![3, 4];
    /// batch.matmul_into(&v, &mut c).unwrap();
    /// assert_eq!(c.iter().copied().collect::<Vec<_>>(), [3, 4, 6, 8]);
    /// // Operand 1 (`rhs`) needs 2 rows at its axis 0, not 3.
    /// let err = batch.matmul_into(&inline_tensor![1, 2, 3], &mut c).unwrap_err();
    /// assert_eq!((err.operand(), err.axis(), err.expected(), err.found()), (Some(1), Some(0), 2, 3));
    /// ```
    pub fn matmul_into<Rhs, S3, const R2: usize, const O: usize>(
        &self,
        rhs: &Rhs,
        out: &mut TensorBase<S3, O>,
    ) -> Result<(), ShapeError>
    where
        Rank<R>: MatmulRanks<R2, Out = Rank<O>>,
        Rhs: TensorOperand<S::Elem, R2> + ?Sized,
        S3: StorageMut<Elem = S::Elem>,
        S::Elem: LinalgScalar,
    {
        let rhs = rhs.operand_view();
        let (a, b) = (self.layout().parts(), rhs.layout().parts());
        let c = out.layout().parts();
        let (one, zero) = (S::Elem::one(), S::Elem::zero());
        if R <= 2 && R2 <= 2 {
            // Operands of rank 1 or 2 (known at compile time): a plan without room for batch
            // axes and a single kernel call, small code for firmware.
            let mut plan = product::ProductPlan::<0>::new();
            product::plan_into(a, b, c, &mut plan)?;
            let (a, b) = (self.storage().elems(), rhs.storage().elems());
            // SAFETY: the plan comes from the three tensors' layouts, valid for their
            // storages (invariant 1), `out`'s unique as its storage is writable (invariant
            // 2); a plan with room for no batch axes has none.
            unsafe {
                super::batch::run_single(one, a, b, zero, out.storage_mut().elems_mut(), &plan)
            };
        } else {
            let plan = product::plan::<{ product::MAX_PLAN_AXES }>(a, b, c)?;
            let (a, b) = (self.storage().elems(), rhs.storage().elems());
            // SAFETY: as above.
            unsafe { super::batch::run(one, a, b, zero, out.storage_mut().elems_mut(), &plan) };
        }
        Ok(())
    }
}

/// # Matrix · vector products
impl<S: Storage> TensorBase<S, 2> {
    /// The matrix · vector product `self · v` (NumPy's `matvec`, BLAS's `gemv`) into a new
    /// vector: [`matmul`](Self::matmul) with the ranks fixed, rank 2 · rank 1 → rank 1.
    /// O(m·k).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::SizeMismatch`](crate::ErrorKind::SizeMismatch) naming operand 1 if `v`'s
    /// length is not `self`'s column count (`expected`).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let m = tensor![[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]];
    /// assert_eq!(m.matvec(&tensor![1.0, -1.0]).unwrap(), tensor![-1.0, -1.0, -1.0]);
    /// assert!(m.matvec(&tensor![1.0, 2.0, 3.0]).is_err());
    /// ```
    #[cfg(feature = "alloc")]
    pub fn matvec<S2>(&self, v: &TensorBase<S2, 1>) -> Result<Tensor<S::Elem, 1>, ShapeError>
    where
        S2: Storage<Elem = S::Elem>,
        S::Elem: LinalgScalar,
    {
        self.matmul(v)
    }
}

/// # Products of vectors
impl<S: Storage> TensorBase<S, 1> {
    /// Not a product of a vector: `matvec` multiplies a matrix by a vector, so on a vector it
    /// does not compile, and the error says what to write instead (`v.matmul(&m)`,
    /// `m.matvec(&v)` or `v.dot(&w)`). See [`VectorHasNoMatvec`].
    ///
    /// ```compile_fail
    /// use ranked::tensor;
    ///
    /// let (v, m) = (tensor![1.0, 2.0], tensor![[1.0, 0.0], [0.0, 1.0]]);
    /// let _ = v.matvec(&m);
    /// ```
    pub fn matvec<M: VectorHasNoMatvec>(&self, _other: M) -> ! {
        M::refuse()
    }

    /// The outer product of two vectors (NumPy's `outer`): `out[i, j] = self[i] · rhs[j]`,
    /// rank 1 ⊗ rank 1 → rank 2, as a product with a shared size of 1 on the matrix backend.
    /// O(m·n).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Overflow`](crate::ErrorKind::Overflow) if `m · n` overflows; no other.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let o = tensor![1, 2, 3].outer(&tensor![1, 10]).unwrap();
    /// assert_eq!(o, tensor![[1, 10], [2, 20], [3, 30]]);
    /// ```
    #[cfg(feature = "alloc")]
    pub fn outer<S2>(&self, rhs: &TensorBase<S2, 1>) -> Result<Tensor<S::Elem, 2>, ShapeError>
    where
        S2: Storage<Elem = S::Elem>,
        S::Elem: LinalgScalar,
    {
        let column = self.view().unsqueeze(crate::Axis::<1>);
        let row = rhs.view().unsqueeze(crate::Axis::<0>);
        column.matmul(&row)
    }
}

/// What [`TensorBase::matvec`] asks of its argument on a vector: implemented by nothing, so
/// that `v.matvec(&m)` is an error that points to the product meant.
#[diagnostic::on_unimplemented(
    message = "`matvec` multiplies a matrix by a vector, and this tensor is a vector",
    label = "a vector has no `matvec`",
    note = "a vector times a matrix is `v.matmul(&m)`; a matrix times this vector is \
            `m.matvec(&v)`; two vectors give `v.dot(&w)`"
)]
pub trait VectorHasNoMatvec {
    /// Never called: no type implements the trait.
    fn refuse() -> !;
}

/// # Products of a `CowTensor`
///
/// What [`rearrange!`](crate::rearrange), [`repeat!`](crate::repeat) and `reshape` return
/// multiplies as any tensor does: the products of its view.
#[cfg(feature = "alloc")]
impl<T: LinalgScalar, const R: usize> crate::CowTensor<'_, T, R> {
    /// [`TensorBase::matmul`] of this tensor.
    ///
    /// # Errors
    ///
    /// As [`TensorBase::matmul`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Tensor, rearrange};
    ///
    /// let x: Tensor<f32, 3> = Tensor::ones([2, 3, 4]);
    /// let w: Tensor<f32, 2> = Tensor::ones([12, 5]);
    /// let y = rearrange!(x, "b h w -> b (h w)").unwrap().matmul(&w).unwrap();
    /// assert_eq!(y.shape(), &[2, 5]);
    /// ```
    pub fn matmul<Rhs, const R2: usize, const O: usize>(
        &self,
        rhs: &Rhs,
    ) -> Result<Tensor<T, O>, ShapeError>
    where
        Rank<R>: MatmulRanks<R2, Out = Rank<O>>,
        Rhs: TensorOperand<T, R2> + ?Sized,
    {
        self.view().matmul(rhs)
    }

    /// [`TensorBase::matmul_into`] of this tensor.
    ///
    /// # Errors
    ///
    /// As [`TensorBase::matmul_into`].
    pub fn matmul_into<Rhs, S3, const R2: usize, const O: usize>(
        &self,
        rhs: &Rhs,
        out: &mut TensorBase<S3, O>,
    ) -> Result<(), ShapeError>
    where
        Rank<R>: MatmulRanks<R2, Out = Rank<O>>,
        Rhs: TensorOperand<T, R2> + ?Sized,
        S3: StorageMut<Elem = T>,
    {
        self.view().matmul_into(rhs, out)
    }

    /// [`TensorBase::dot`] of this tensor.
    ///
    /// # Errors
    ///
    /// As [`TensorBase::dot`].
    pub fn dot<'s, Rhs>(
        &'s self,
        rhs: &Rhs,
    ) -> Result<<crate::TensorView<'s, T, R> as Dot<Rhs>>::Output, ShapeError>
    where
        crate::TensorView<'s, T, R>: Dot<Rhs>,
    {
        self.view().dot_impl(rhs)
    }
}

#[cfg(feature = "alloc")]
impl<T: LinalgScalar> crate::CowTensor<'_, T, 2> {
    /// [`TensorBase::matvec`] of this matrix.
    ///
    /// # Errors
    ///
    /// As [`TensorBase::matvec`].
    pub fn matvec<S2>(&self, v: &TensorBase<S2, 1>) -> Result<Tensor<T, 1>, ShapeError>
    where
        S2: Storage<Elem = T>,
    {
        self.view().matvec(v)
    }
}

#[cfg(feature = "alloc")]
impl<T: LinalgScalar> crate::CowTensor<'_, T, 1> {
    /// [`TensorBase::outer`] of this vector.
    ///
    /// # Errors
    ///
    /// As [`TensorBase::outer`].
    pub fn outer<S2>(&self, rhs: &TensorBase<S2, 1>) -> Result<Tensor<T, 2>, ShapeError>
    where
        S2: Storage<Elem = T>,
    {
        self.view().outer(rhs)
    }
}

/// An element's complex conjugate, for [`vecdot`](TensorBase::vecdot): the number itself for
/// integers and real floats, `re − i·im` for complex numbers.
///
/// # Examples
///
/// ```
/// use ranked::linalg::Conjugate;
///
/// assert_eq!((-3i32).conjugate(), -3);
/// assert_eq!(2.5f64.conjugate(), 2.5);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no complex conjugate here",
    label = "needs a number: an integer, a float or a complex number",
    note = "`vecdot` conjugates its first operand, as the Array API's `vecdot` does"
)]
pub trait Conjugate: Copy {
    /// The complex conjugate.
    fn conjugate(self) -> Self;
}

macro_rules! real_conjugates {
    ($($t:ty),*) => {$(
        impl Conjugate for $t {
            #[inline]
            fn conjugate(self) -> Self {
                self
            }
        }
    )*};
}
real_conjugates!(
    i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize, f32, f64
);

#[cfg(feature = "half")]
real_conjugates!(half::f16, half::bf16);

#[cfg(feature = "complex")]
impl<T: Copy + core::ops::Neg<Output = T>> Conjugate for num_complex::Complex<T> {
    #[inline]
    fn conjugate(self) -> Self {
        num_complex::Complex::new(self.re, -self.im)
    }
}

/// # Vector dot products along an axis (feature `alloc`)
#[cfg(feature = "alloc")]
impl<S: Storage, const R: usize> TensorBase<S, R> {
    /// The dot product of corresponding vectors along axis `A`, the first operand conjugated
    /// (the Array API's `vecdot(x1, x2, axis=A)`, NumPy's `vecdot`): `Σ conj(a)·b` along the
    /// axis, broadcasting the other axes of two tensors of the same rank. Rank R → R − 1.
    /// [`dot`](Self::dot) is the product of two vectors; `einsum!` takes other ranks.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::SizeMismatch`](crate::ErrorKind::SizeMismatch) naming axis `A` if the
    /// vectors differ in length (they do not broadcast);
    /// [`ErrorKind::BroadcastMismatch`](crate::ErrorKind::BroadcastMismatch) if the other axes
    /// do not broadcast.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    ///
    /// let a = tensor![[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]];
    /// let b = tensor![[1.0, 0.0, -1.0]];
    /// assert_eq!(a.vecdot(&b, Axis::<1>).unwrap().to_vec(), [-2.0, -2.0]);
    /// assert_eq!(a.vecdot(&a, Axis::<0>).unwrap().to_vec(), [17.0, 29.0, 45.0]);
    /// ```
    pub fn vecdot<S2, Ax: IsAxis, const O: usize>(
        &self,
        other: &TensorBase<S2, R>,
        axis: Ax,
    ) -> Result<Tensor<S::Elem, O>, ShapeError>
    where
        S2: Storage<Elem = S::Elem>,
        S::Elem:
            Conjugate + core::ops::Mul<Output = S::Elem> + core::ops::Add<Output = S::Elem> + Zero,
        Rank<R>: BroadcastRanks<R, Out = Rank<R>> + RemoveAxis<Ax, Out = Rank<O>>,
    {
        let a = <Rank<R> as RemoveAxis<Ax>>::AXIS;
        let (n, m) = (self.shape()[a], other.shape()[a]);
        if n != m {
            return Err(ShapeError::size_mismatch(a, n, m).with_operand(1));
        }
        let products: Tensor<S::Elem, R> = self.broadcast_zip(other, |&x, &y| x.conjugate() * y)?;
        Ok(products.sum_axis(axis))
    }
}
