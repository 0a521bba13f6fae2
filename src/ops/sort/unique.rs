//! The unique values of a tensor, sorted, with their counts, first positions and the inverse
//! map (NumPy's `unique`, `unique_counts`, `unique_inverse` and `unique_all`), and membership
//! in a set of values (NumPy's `isin`).

use super::*;

/// Everything [`unique_all`](TensorBase::unique_all) finds (NumPy's `UniqueAllResult`).
#[derive(Clone, Debug, PartialEq)]
pub struct Unique<T, const R: usize> {
    /// The distinct values, sorted (NaN last).
    pub values: Tensor<T, 1>,
    /// For each value, the row-major position in the input of its first occurrence.
    pub indices: Tensor<usize, 1>,
    /// For each input element, the index of its value in `values`: `values` taken at
    /// `inverse_indices` rebuilds the input. Of the input's shape.
    pub inverse_indices: Tensor<usize, R>,
    /// For each value, how many input elements equal it.
    pub counts: Tensor<usize, 1>,
}

/// # Unique values (feature `alloc`)
///
/// [`unique`](Self::unique) follows NumPy's `unique` (every NaN counted as one value); the
/// `unique_*` forms follow NumPy's (and the Python array API's) functions of those names, which
/// keep each NaN as a value of its own. `-0.0` and `0.0` are one value. O(n log n).
impl<S: Storage, const R: usize> TensorBase<S, R>
where
    S::Elem: PartialOrd + Clone,
{
    /// The sorted distinct values of all elements (NumPy's `unique(a)`), NaNs as one value at
    /// the end.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let t = tensor![[3, 1], [3, 2]];
    /// assert_eq!(t.unique().to_vec(), [1, 2, 3]);
    /// let u = tensor![f64::NAN, 1.0, f64::NAN].unique();
    /// assert_eq!(u.len(), 2);
    /// ```
    pub fn unique(&self) -> Tensor<S::Elem, 1> {
        self.unique_with(true).values
    }

    /// The sorted distinct values and how many elements equal each (NumPy's
    /// `unique_counts(a)`); each NaN is a value of its own.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let (values, counts) = tensor![5, 1, 5, 5].unique_counts();
    /// assert_eq!((values.to_vec(), counts.to_vec()), (vec![1, 5], vec![1, 3]));
    /// ```
    pub fn unique_counts(&self) -> (Tensor<S::Elem, 1>, Tensor<usize, 1>) {
        let u = self.unique_with(false);
        (u.values, u.counts)
    }

    /// The sorted distinct values and, for each element, the index of its value among them
    /// (NumPy's `unique_inverse(a)`), of the input's shape.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let (values, inverse) = tensor![[20, 10], [20, 30]].unique_inverse();
    /// assert_eq!(values.to_vec(), [10, 20, 30]);
    /// assert_eq!(inverse.to_vec(), [1, 0, 1, 2]);
    /// ```
    pub fn unique_inverse(&self) -> (Tensor<S::Elem, 1>, Tensor<usize, R>) {
        let u = self.unique_with(false);
        (u.values, u.inverse_indices)
    }

    /// The sorted distinct values, the position of each one's first occurrence, the inverse
    /// map and the counts (NumPy's `unique_all(a)`).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let u = tensor![2.0, 1.0, 2.0, -0.0, 0.0].unique_all();
    /// assert_eq!(u.values.to_vec(), [-0.0, 1.0, 2.0]);
    /// assert_eq!(u.indices.to_vec(), [3, 1, 0]);
    /// assert_eq!(u.inverse_indices.to_vec(), [2, 1, 2, 0, 0]);
    /// assert_eq!(u.counts.to_vec(), [2, 1, 2]);
    /// ```
    pub fn unique_all(&self) -> Unique<S::Elem, R> {
        self.unique_with(false)
    }

    fn unique_with(&self, one_nan: bool) -> Unique<S::Elem, R> {
        let mut pairs: Vec<(S::Elem, usize)> = self.to_vec().into_iter().zip(0..).collect();
        pairs.sort_unstable_by(cmp_pairs);
        let same = |a: &S::Elem, b: &S::Elem| {
            cmp_nan_last(a, b) == Ordering::Equal && (one_nan || !is_unordered(a))
        };
        let (mut values, mut indices, mut counts) = (Vec::new(), Vec::new(), Vec::new());
        let mut inverse = engine::filled_vec_or_panic(pairs.len(), 0usize);
        for (value, at) in pairs {
            match values.last() {
                Some(last) if same(last, &value) => {
                    if let Some(c) = counts.last_mut() {
                        *c += 1;
                    }
                }
                _ => {
                    values.push(value);
                    indices.push(at);
                    counts.push(1);
                }
            }
            inverse[at] = values.len() - 1;
        }
        let len = values.len();
        Unique {
            values: Tensor::from_contiguous_vec(values, [len]),
            indices: Tensor::from_contiguous_vec(indices, [len]),
            inverse_indices: Tensor::from_contiguous_vec(inverse, *self.shape()),
            counts: Tensor::from_contiguous_vec(counts, [len]),
        }
    }
}

/// # Membership (feature `alloc`)
impl<S: Storage, const R: usize> TensorBase<S, R>
where
    S::Elem: PartialOrd + Clone,
{
    /// Whether each element equals some element of `test` (NumPy's `isin(self, test)` and the
    /// Array API's `isin`), as a tensor of `bool` of this one's shape: by `==`, so NaN is in
    /// no set and `-0.0` matches `0.0`. `!` of the result is NumPy's `invert=True`. The test
    /// values are sorted once, then each element is a binary search: O((n + m) log m).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::tensor;
    ///
    /// let t = tensor![[1, 5], [3, 7]];
    /// assert_eq!(t.isin(&tensor![7, 1, 2]).to_vec(), [true, false, false, true]);
    /// let f = tensor![f64::NAN, -0.0, 2.0].isin(&tensor![0.0, f64::NAN]);
    /// assert_eq!(f.to_vec(), [false, true, false]);
    /// ```
    #[must_use]
    pub fn isin<S2: Storage<Elem = S::Elem>, const R2: usize>(
        &self,
        test: &TensorBase<S2, R2>,
    ) -> Tensor<bool, R> {
        let mut set = test.to_vec();
        set.sort_by(cmp_nan_last);
        self.map(|x| {
            set.binary_search_by(|probe| cmp_nan_last(probe, x))
                .is_ok_and(|i| set.get(i).is_some_and(|y| y == x))
        })
    }
}
