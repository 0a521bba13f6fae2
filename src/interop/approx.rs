//! `approx`'s approximate comparisons (feature `approx`): tensors of equal rank compare element
//! by element in logical order, whatever their layouts; different shapes compare unequal.
//!
//! ```
//! use approx::{assert_abs_diff_eq, assert_relative_eq, relative_ne};
//! use ranked::tensor;
//!
//! let a = tensor![[1.0, 2.0], [3.0, 4.0]];
//! let b = tensor![[1.0, 3.0], [2.0, 4.0]];
//! assert_relative_eq!(a.view().t(), b.view().map(|x| x * (1.0 + 1e-15)), max_relative = 1e-12);
//! assert_abs_diff_eq!(a, b.view().t(), epsilon = 1e-9);
//! // Different shapes of the same rank compare unequal.
//! assert!(relative_ne!(a, tensor![[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]));
//! ```

use approx::{AbsDiffEq, RelativeEq, UlpsEq};

use crate::storage::Storage;
use crate::tensor::TensorBase;

/// The shapes agree and `eq` holds for every pair of elements in logical order.
fn all_pairs<S1: Storage, S2: Storage, const R: usize>(
    a: &TensorBase<S1, R>,
    b: &TensorBase<S2, R>,
    mut eq: impl FnMut(&S1::Elem, &S2::Elem) -> bool,
) -> bool {
    a.shape() == b.shape() && a.iter().zip(b.iter()).all(|(x, y)| eq(x, y))
}

impl<S1, S2, const R: usize> AbsDiffEq<TensorBase<S2, R>> for TensorBase<S1, R>
where
    S1: Storage,
    S2: Storage,
    S1::Elem: AbsDiffEq<S2::Elem>,
    <S1::Elem as AbsDiffEq<S2::Elem>>::Epsilon: Clone,
{
    type Epsilon = <S1::Elem as AbsDiffEq<S2::Elem>>::Epsilon;

    fn default_epsilon() -> Self::Epsilon {
        S1::Elem::default_epsilon()
    }

    fn abs_diff_eq(&self, other: &TensorBase<S2, R>, epsilon: Self::Epsilon) -> bool {
        all_pairs(self, other, |x, y| x.abs_diff_eq(y, epsilon.clone()))
    }
}

impl<S1, S2, const R: usize> RelativeEq<TensorBase<S2, R>> for TensorBase<S1, R>
where
    S1: Storage,
    S2: Storage,
    S1::Elem: RelativeEq<S2::Elem>,
    <S1::Elem as AbsDiffEq<S2::Elem>>::Epsilon: Clone,
{
    fn default_max_relative() -> Self::Epsilon {
        S1::Elem::default_max_relative()
    }

    fn relative_eq(
        &self,
        other: &TensorBase<S2, R>,
        epsilon: Self::Epsilon,
        max_relative: Self::Epsilon,
    ) -> bool {
        all_pairs(self, other, |x, y| {
            x.relative_eq(y, epsilon.clone(), max_relative.clone())
        })
    }
}

impl<S1, S2, const R: usize> UlpsEq<TensorBase<S2, R>> for TensorBase<S1, R>
where
    S1: Storage,
    S2: Storage,
    S1::Elem: UlpsEq<S2::Elem>,
    <S1::Elem as AbsDiffEq<S2::Elem>>::Epsilon: Clone,
{
    fn default_max_ulps() -> u32 {
        S1::Elem::default_max_ulps()
    }

    fn ulps_eq(&self, other: &TensorBase<S2, R>, epsilon: Self::Epsilon, max_ulps: u32) -> bool {
        all_pairs(self, other, |x, y| x.ulps_eq(y, epsilon.clone(), max_ulps))
    }
}
