//! Random tensors (feature `rand`): elements drawn from any [`rand`] distribution with any
//! generator, so that a seeded generator reproduces a tensor exactly, as NumPy's
//! `Generator.random`, `uniform`, `standard_normal`, `permutation` and `shuffle` do.
//!
//! Elements are drawn in row-major (logical) order, whatever the layout of the tensor they go
//! into: the same generator state gives the same tensor. Filling existing storage
//! ([`fill_random`](TensorBase::fill_random)) needs no allocator; the methods that make a new
//! tensor need the `alloc` feature.
//!
//! # Examples
//!
//! ```
//! use ranked::Tensor;
//! use ranked::rand::{SeedableRng, rngs::Xoshiro256PlusPlus};
//! use ranked::rand_distr::StandardNormal;
//!
//! let mut rng = Xoshiro256PlusPlus::seed_from_u64(42);
//! let noise: Tensor<f64, 2> = Tensor::random_using([2, 3], StandardNormal, &mut rng);
//! let weights = Tensor::<f32, 2>::random_uniform([3, 4], -0.5..0.5, &mut rng);
//! assert!(weights.iter().all(|w| (-0.5..0.5).contains(w)));
//!
//! // The same seed gives the same tensor.
//! let mut again = Xoshiro256PlusPlus::seed_from_u64(42);
//! assert_eq!(Tensor::<f64, 2>::random_using([2, 3], StandardNormal, &mut again), noise);
//! ```

#[cfg(feature = "alloc")]
use alloc::vec::Vec;

use rand::Rng;
use rand::distr::Distribution;
#[cfg(feature = "alloc")]
use rand::distr::Uniform;
#[cfg(feature = "alloc")]
use rand::distr::uniform::SampleUniform;
#[cfg(feature = "alloc")]
use rand::seq::SliceRandom;
#[cfg(feature = "alloc")]
use rand_distr::{Normal, StandardNormal};

#[cfg(feature = "alloc")]
use crate::error::{OrPanic, ShapeError};
#[cfg(feature = "alloc")]
use crate::layout::Order;
#[cfg(feature = "alloc")]
use crate::rank::{IsAxis, Rank, RemoveAxis};
use crate::storage::{Storage, StorageMut};
#[cfg(feature = "alloc")]
use crate::tensor::Tensor;
use crate::tensor::TensorBase;

/// # Random elements (feature `rand`)
impl<S: Storage, const R: usize> TensorBase<S, R> {
    /// Overwrites every element with a draw from `distribution`, in row-major order whatever
    /// the layout (NumPy's `Generator.random(out=…)`). Needs no allocator. O(len).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::ArrayTensor;
    /// use ranked::rand::{SeedableRng, rngs::Xoshiro256PlusPlus};
    /// use ranked::rand::distr::Uniform;
    ///
    /// let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    /// let mut t = ArrayTensor::<u8, 6, 2>::zeros([2, 3])?; // no allocator
    /// t.fill_random(Uniform::new_inclusive(1, 6)?, &mut rng);
    /// assert!(t.iter().all(|&d| (1..=6).contains(&d)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn fill_random<D, G>(&mut self, distribution: D, rng: &mut G)
    where
        S: StorageMut,
        D: Distribution<S::Elem>,
        G: Rng + ?Sized,
    {
        self.iter_mut().for_each(|x| *x = distribution.sample(rng));
    }
}

/// # Random tensors (feature `rand`)
#[cfg(feature = "alloc")]
impl<T, const R: usize> TensorBase<Vec<T>, R> {
    /// A tensor of `shape` whose elements are drawn from `distribution` with `rng`, in
    /// row-major order (NumPy's `Generator` methods with a `size`; ndarray-rand's
    /// `random_using`). O(len).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Overflow`](crate::ErrorKind::Overflow) or
    /// [`ErrorKind::Allocation`](crate::ErrorKind::Allocation) when the element count of `shape`
    /// leaves `usize` or cannot be allocated.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Tensor;
    /// use ranked::rand::{SeedableRng, rngs::Xoshiro256PlusPlus};
    /// use ranked::rand::distr::StandardUniform;
    ///
    /// let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
    /// let t: Tensor<f32, 3> = Tensor::try_random_using([2, 3, 4], StandardUniform, &mut rng)?;
    /// assert!(t.iter().all(|x| (0.0..1.0).contains(x)));
    /// assert!(Tensor::<u8, 2>::try_random_using([usize::MAX, 2], StandardUniform, &mut rng).is_err());
    /// # Ok::<(), ranked::ShapeError>(())
    /// ```
    pub fn try_random_using<D, G>(
        shape: [usize; R],
        distribution: D,
        rng: &mut G,
    ) -> Result<Self, ShapeError>
    where
        D: Distribution<T>,
        G: Rng + ?Sized,
    {
        Self::try_from_fn_with_order(shape, Order::RowMajor, |_| distribution.sample(rng))
    }

    /// As [`try_random_using`](Self::try_random_using).
    ///
    /// # Panics
    ///
    /// If the element count of `shape` leaves `usize` or cannot be allocated.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Tensor;
    /// use ranked::rand::{SeedableRng, rngs::Xoshiro256PlusPlus};
    /// use ranked::rand_distr::Poisson;
    ///
    /// let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    /// let counts: Tensor<f64, 1> = Tensor::random_using([100], Poisson::new(4.0).unwrap(), &mut rng);
    /// assert!(counts.iter().all(|&c| c >= 0.0 && c.fract() == 0.0));
    /// ```
    #[track_caller]
    pub fn random_using<D, G>(shape: [usize; R], distribution: D, rng: &mut G) -> Self
    where
        D: Distribution<T>,
        G: Rng + ?Sized,
    {
        Self::try_random_using(shape, distribution, rng).or_panic("random_using", &shape)
    }

    /// A tensor of `shape` drawn uniformly from `range` (`low..high` or `low..=high`; NumPy's
    /// `Generator.uniform` and `integers`). O(len).
    ///
    /// # Panics
    ///
    /// If the range is empty (or its bounds not finite), or the element count of `shape` leaves
    /// `usize` or cannot be allocated; [`try_random_using`](Self::try_random_using) with
    /// [`Uniform`] is the fallible form.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Tensor;
    /// use ranked::rand::{SeedableRng, rngs::Xoshiro256PlusPlus};
    ///
    /// let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    /// let dice = Tensor::<u8, 1>::random_uniform([10], 1..=6, &mut rng);
    /// assert!(dice.iter().all(|d| (1..=6).contains(d)));
    /// ```
    #[track_caller]
    pub fn random_uniform<Q, G>(shape: [usize; R], range: Q, rng: &mut G) -> Self
    where
        T: SampleUniform,
        Q: TryInto<Uniform<T>>,
        G: Rng + ?Sized,
    {
        let Ok(uniform) = range.try_into() else {
            panic!("random_uniform: the range is empty, or its bounds are not finite")
        };
        Self::random_using(shape, uniform, rng)
    }

    /// A tensor of `shape` drawn from the normal distribution of `mean` and `std_dev` (NumPy's
    /// `Generator.normal`; `standard_normal` is `0.0, 1.0`). O(len).
    ///
    /// # Panics
    ///
    /// If `std_dev` is negative or either parameter is not finite, or the element count of
    /// `shape` leaves `usize` or cannot be allocated; [`try_random_using`](Self::try_random_using)
    /// with [`Normal`] is the fallible form.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Tensor;
    /// use ranked::rand::{SeedableRng, rngs::Xoshiro256PlusPlus};
    ///
    /// let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
    /// let x = Tensor::<f64, 1>::random_normal([100_000], 10.0, 2.0, &mut rng);
    /// assert!((x.mean() - 10.0).abs() < 0.05 && (x.std(0).unwrap() - 2.0).abs() < 0.05);
    /// ```
    #[track_caller]
    pub fn random_normal<G>(shape: [usize; R], mean: T, std_dev: T, rng: &mut G) -> Self
    where
        T: num_traits::Float,
        StandardNormal: Distribution<T>,
        G: Rng + ?Sized,
    {
        let Ok(normal) = Normal::new(mean, std_dev) else {
            panic!("random_normal: the standard deviation must be finite and not negative")
        };
        Self::random_using(shape, normal, rng)
    }
}

/// # Random permutations (feature `rand`)
#[cfg(feature = "alloc")]
impl TensorBase<Vec<usize>, 1> {
    /// The numbers `0..n` in a random order (NumPy's `Generator.permutation(n)`), by a
    /// Fisher–Yates shuffle. O(n).
    ///
    /// # Panics
    ///
    /// If `n` elements cannot be allocated.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::Tensor;
    /// use ranked::rand::{SeedableRng, rngs::Xoshiro256PlusPlus};
    ///
    /// let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
    /// let p = Tensor::random_permutation(5, &mut rng);
    /// let mut sorted = p.to_vec();
    /// sorted.sort();
    /// assert_eq!(sorted, [0, 1, 2, 3, 4]);
    /// ```
    #[track_caller]
    pub fn random_permutation<G: Rng + ?Sized>(n: usize, rng: &mut G) -> Self {
        let mut order = Tensor::from_fn([n], |[i]| i);
        if let Some(slice) = order.as_slice_mut() {
            slice.shuffle(rng);
        }
        order
    }
}

/// # Shuffling along an axis (feature `rand`)
#[cfg(feature = "alloc")]
impl<S: Storage, const R: usize> TensorBase<S, R>
where
    S::Elem: Clone,
{
    /// A copy whose sub-views along `axis` are in a random order (NumPy's
    /// `Generator.permutation(x, axis=…)`): the sub-view at position `k` of the result is
    /// the one at `p[k]` of `self`, for the permutation `p` that
    /// [`random_permutation`](Tensor::random_permutation) draws from the same generator state.
    /// O(len).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Allocation`](crate::ErrorKind::Allocation) when the copy cannot be
    /// allocated.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, tensor};
    /// use ranked::rand::{SeedableRng, rngs::Xoshiro256PlusPlus};
    ///
    /// let rows = tensor![[1, 1], [2, 2], [3, 3], [4, 4]];
    /// let mut rng = Xoshiro256PlusPlus::seed_from_u64(2);
    /// let shuffled = rows.try_shuffled_along(Axis::<0>, &mut rng)?;
    /// let mut firsts: Vec<i32> = shuffled.outer_iter().map(|r| r[[0]]).collect();
    /// firsts.sort();
    /// assert_eq!(firsts, [1, 2, 3, 4]); // the same rows, each whole
    /// assert!(shuffled.outer_iter().all(|r| r[[0]] == r[[1]]));
    /// # Ok::<(), ranked::ShapeError>(())
    /// ```
    pub fn try_shuffled_along<Ax: IsAxis, G: Rng + ?Sized, const O: usize>(
        &self,
        axis: Ax,
        rng: &mut G,
    ) -> Result<Tensor<S::Elem, R>, ShapeError>
    where
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        let n = self.shape()[<Rank<R> as RemoveAxis<Ax>>::AXIS];
        let order = Tensor::random_permutation(n, rng);
        let mut out = self.try_to_contiguous()?;
        for (k, &from) in order.iter().enumerate() {
            let source = self.view().select(axis, from)?;
            out.view_mut().select(axis, k)?.copy_from(&source)?;
        }
        Ok(out)
    }

    /// As [`try_shuffled_along`](Self::try_shuffled_along).
    ///
    /// # Panics
    ///
    /// If the copy cannot be allocated.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{Axis, Tensor};
    /// use ranked::rand::{SeedableRng, rngs::Xoshiro256PlusPlus};
    ///
    /// let t = Tensor::from_fn([3, 4], |[i, j]| 10 * i + j);
    /// let mut rng = Xoshiro256PlusPlus::seed_from_u64(4);
    /// let columns = t.shuffled_along(Axis::<1>, &mut rng);
    /// assert_eq!(columns.sum_axis(Axis::<1>), t.sum_axis(Axis::<1>)); // each row keeps its values
    /// ```
    #[track_caller]
    pub fn shuffled_along<Ax: IsAxis, G: Rng + ?Sized, const O: usize>(
        &self,
        axis: Ax,
        rng: &mut G,
    ) -> Tensor<S::Elem, R>
    where
        Rank<R>: RemoveAxis<Ax, Out = Rank<O>>,
    {
        self.try_shuffled_along(axis, rng)
            .or_panic("shuffled_along", self.shape())
    }
}
