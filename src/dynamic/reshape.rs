//! Reshapes between ranks: to the dynamic rank and back, and reshapes that copy when a view
//! cannot be had ([`CowTensor`]).

use super::*;

/// # Reshape and conversion to the dynamic rank
impl<S: Storage, const R: usize> TensorBase<S, R> {
    /// The same tensor with its rank as a run-time value (at most
    /// [`MAX_DYN_RANK`] axes, checked at compile time).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Tensor;
    ///
    /// let t: Tensor<u8, 3> = Tensor::zeros([2, 3, 4]);
    /// let d = t.into_dyn();
    /// assert_eq!((d.rank(), d.strides()), (3, &[12, 4, 1][..]));
    /// ```
    #[must_use]
    pub fn into_dyn(self) -> DynTensorBase<S> {
        const {
            assert!(
                R <= MAX_DYN_RANK,
                "a dynamic-rank tensor holds at most 16 axes"
            )
        };
        let (storage, layout) = self.into_raw_parts();
        match DynLayout::from_layout(&layout) {
            // SAFETY: the same numbers over the same storage: invariants 1 and 2 carry over.
            Ok(dynamic) => unsafe { DynTensorBase::from_parts_unchecked(storage, dynamic) },
            Err(_) => unreachable!("R <= MAX_DYN_RANK was checked at compile time"),
        }
    }

    /// Reshapes to a shape whose length (the new rank) is known only at run time, without
    /// copying. One size may be [`INFER`](crate::INFER).
    ///
    /// # Errors
    ///
    /// As [`DynLayout::reshape`]: [`ErrorKind::NotContiguous`] (naming the adjacent pair) when a
    /// copy would be needed — call [`to_contiguous`](Self::to_contiguous) first;
    /// [`ErrorKind::CountMismatch`] with both element counts.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Tensor;
    ///
    /// let t: Tensor<u8, 2> = Tensor::zeros([6, 8]);
    /// let shape: Vec<usize> = vec![2, 3, 8];
    /// assert_eq!(t.reshape_dyn(&shape).unwrap().shape(), &[2, 3, 8]);
    /// ```
    pub fn reshape_dyn(self, shape: &[usize]) -> Result<DynTensorBase<S>, ShapeError> {
        self.into_dyn().reshape_dyn(shape)
    }

    /// Explains how reshaping to `shape` works: the groups of axes, what happens to each, and
    /// whether it is a view (see [`ReshapePlan`]).
    ///
    /// # Errors
    ///
    /// As [`Layout::plan_reshape`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Tensor;
    ///
    /// let t: Tensor<u8, 2> = Tensor::zeros([6, 8]);
    /// let plan = t.view().t().plan_reshape(&[48]).unwrap();
    /// assert!(!plan.is_view());
    /// println!("{plan}");
    /// ```
    pub fn plan_reshape(&self, shape: &[usize]) -> Result<ReshapePlan, ShapeError> {
        self.layout().plan_reshape(shape)
    }
}

/// The result of [`TensorBase::reshape`]: a view when the layout allows one, an owned
/// contiguous copy otherwise.
///
/// # Examples
///
/// ```
/// use ranked::{CowTensor, Tensor};
///
/// let t: Tensor<u8, 2> = Tensor::zeros([6, 8]);
/// assert!(matches!(t.reshape([48]).unwrap(), CowTensor::View(_)));
/// let transposed = t.view().t();
/// let r = transposed.reshape([48]).unwrap();
/// assert!(!r.is_view());
/// assert_eq!(r.view().shape(), &[48]);
/// ```
#[cfg(feature = "alloc")]
#[derive(Debug)]
pub enum CowTensor<'a, T, const R: usize> {
    /// No copy was needed.
    View(TensorView<'a, T, R>),
    /// The layout needed a copy: a new C-contiguous tensor.
    Owned(Tensor<T, R>),
}

#[cfg(feature = "alloc")]
impl<T, const R: usize> CowTensor<'_, T, R> {
    /// Whether no copy was made.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Tensor;
    ///
    /// let t: Tensor<u8, 1> = Tensor::zeros([6]);
    /// assert!(t.reshape([2, 3]).unwrap().is_view());
    /// ```
    #[must_use]
    pub fn is_view(&self) -> bool {
        matches!(self, CowTensor::View(_))
    }

    /// A read-only view of the result, whichever it is.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Tensor;
    ///
    /// let t: Tensor<u8, 1> = Tensor::zeros([6]);
    /// assert_eq!(t.reshape([2, 3]).unwrap().view().shape(), &[2, 3]);
    /// ```
    #[must_use]
    pub fn view(&self) -> TensorView<'_, T, R> {
        match self {
            CowTensor::View(v) => *v,
            CowTensor::Owned(t) => t.view(),
        }
    }

    /// An owned tensor: the copy, or a copy of the view.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Tensor;
    ///
    /// let t: Tensor<u8, 1> = Tensor::zeros([6]);
    /// let owned: Tensor<u8, 2> = t.reshape([2, 3]).unwrap().into_owned();
    /// assert_eq!(owned.shape(), &[2, 3]);
    /// ```
    #[must_use]
    pub fn into_owned(self) -> Tensor<T, R>
    where
        T: Clone,
    {
        match self {
            CowTensor::View(v) => v.to_contiguous(),
            CowTensor::Owned(t) => t,
        }
    }
}

/// # Reshape of views, with a copy when needed (feature `alloc`)
///
/// A [`TensorView`] is reshaped by value, so the result lives as long as the data (a temporary
/// view can be reshaped: `t.view().slice(..)?.reshape(..)`); every other tensor is reshaped by
/// reference.
#[cfg(feature = "alloc")]
impl<'a, T: Clone, const R: usize> TensorBase<ViewRepr<'a, T>, R> {
    /// Reshapes to `shape`: a view when the layout allows one (see
    /// [`reshape_view`](Self::reshape_view)), otherwise an owned C-contiguous copy. One size may
    /// be [`INFER`](crate::INFER). Rank R → N; O(rank) for a view, O(len) for a copy.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::CountMismatch`] (with both element counts) or [`ErrorKind::Overflow`], and the
    /// errors of `INFER` resolution. Never fails for lack of contiguity.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{ErrorKind, INFER, Tensor, s};
    ///
    /// let t = Tensor::from_fn([2, 3], |[i, j]| 3 * i + j);
    /// let r = t.reshape([3, INFER]).unwrap();
    /// assert!(r.is_view());
    /// assert_eq!(r.view().to_vec(), [0, 1, 2, 3, 4, 5]);
    /// let err = t.reshape([4, 2]).unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::CountMismatch);
    ///
    /// // A temporary view reshapes too; a column slice needs a copy.
    /// let cols = t.view().slice(s![.., 1..]).unwrap().reshape([INFER]).unwrap();
    /// assert!(!cols.is_view());
    /// assert_eq!(cols.view().to_vec(), [1, 2, 4, 5]);
    /// ```
    pub fn reshape<const N: usize>(
        self,
        shape: [usize; N],
    ) -> Result<CowTensor<'a, T, N>, ShapeError> {
        match self.reshape_view(shape) {
            Ok(view) => Ok(CowTensor::View(view)),
            Err(err) if err.kind() == ErrorKind::NotContiguous => {
                let copy = self.try_to_contiguous()?;
                match copy.reshape_view(shape) {
                    Ok(owned) => Ok(CowTensor::Owned(owned)),
                    Err(err) => Err(err),
                }
            }
            Err(err) => Err(err),
        }
    }

    /// Reshapes reading and placing the elements in `order`: [`Order::RowMajor`] is
    /// [`reshape`](Self::reshape); [`Order::ColumnMajor`] is NumPy's `reshape(.., order='F')`
    /// (the first axis varies fastest on both sides). A view when the layout allows one, a copy
    /// otherwise. Rank R → N.
    ///
    /// # Errors
    ///
    /// As [`reshape`](Self::reshape).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Order, tensor};
    ///
    /// let t = tensor![[1, 2, 3], [4, 5, 6]];
    /// let f = t.view().reshape_with_order([3, 2], Order::ColumnMajor).unwrap();
    /// // Column-major order of `t` is 1 4 2 5 3 6, laid out column by column into 3 × 2.
    /// assert_eq!(f.view().to_vec(), [1, 5, 4, 3, 2, 6]);
    /// ```
    pub fn reshape_with_order<const N: usize>(
        self,
        shape: [usize; N],
        order: Order,
    ) -> Result<CowTensor<'a, T, N>, ShapeError> {
        match order {
            Order::RowMajor => self.reshape(shape),
            Order::ColumnMajor => {
                let mut reversed = shape;
                reversed.reverse();
                Ok(match self.reversed_axes().reshape(reversed)? {
                    CowTensor::View(v) => CowTensor::View(v.reversed_axes()),
                    CowTensor::Owned(t) => CowTensor::Owned(t.reversed_axes()),
                })
            }
        }
    }
}

/// # Reshape of owned and mutable tensors, with a copy when needed (feature `alloc`)
#[cfg(feature = "alloc")]
impl<S: OwnedOrMut, const R: usize> TensorBase<S, R>
where
    S::Elem: Clone,
{
    /// Reshapes to `shape` (see the [`TensorView`] form): a view of `self` when the layout
    /// allows one, otherwise an owned C-contiguous copy. Rank R → N.
    ///
    /// # Errors
    ///
    /// As the [`TensorView`] form.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{INFER, Tensor};
    ///
    /// let t: Tensor<u8, 2> = Tensor::zeros([4, 6]);
    /// assert_eq!(t.reshape([INFER, 3]).unwrap().view().shape(), &[8, 3]);
    /// assert!(!t.view().t().reshape([INFER]).unwrap().is_view());
    /// ```
    pub fn reshape<const N: usize>(
        &self,
        shape: [usize; N],
    ) -> Result<CowTensor<'_, S::Elem, N>, ShapeError> {
        self.view().reshape(shape)
    }

    /// Reshapes reading and placing the elements in `order` (see the [`TensorView`] form).
    ///
    /// # Errors
    ///
    /// As [`reshape`](Self::reshape).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Order, Tensor};
    ///
    /// let t = Tensor::from_fn([2, 2], |[i, j]| 2 * i + j);
    /// let f = t.reshape_with_order([4], Order::ColumnMajor).unwrap();
    /// assert_eq!(f.view().to_vec(), [0, 2, 1, 3]);
    /// ```
    pub fn reshape_with_order<const N: usize>(
        &self,
        shape: [usize; N],
        order: Order,
    ) -> Result<CowTensor<'_, S::Elem, N>, ShapeError> {
        self.view().reshape_with_order(shape, order)
    }
}
