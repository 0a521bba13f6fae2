//! The lowering of the einops macros: each input axis is split into its group's elementary axes
//! (`...` stands for the axes the spec does not name), and then
//!
//! - [`rearrange!`](crate::rearrange) permutes them into output order and merges each output
//!   group — all as views, through the dynamic-rank view operations; the merge is a reshape,
//!   which copies only when the permuted axes cannot be merged in place;
//! - [`reduce!`](crate::reduce) folds the axes the output lacks, in the engine, into a new
//!   tensor whose axes are already in output order, so the merges are free;
//! - [`repeat!`](crate::repeat) adds the new axes as broadcast (stride 0) axes, then proceeds
//!   as `rearrange!`: a view when no merge involves a new axis, one copy otherwise.

use core::ops::{Add, Mul};

use num_traits::{Float, One, Zero};

#[cfg(feature = "alloc")]
use crate::CowTensor;
use crate::dynamic::DynTensorView;
use crate::error::{ErrorKind, ShapeError};
use crate::layout::{MAX_DYN_RANK, ReshapePlan};
use crate::rank::Rank;
#[cfg(feature = "alloc")]
use crate::tensor::Tensor;
use crate::tensor::TensorView;

use super::spec::{EinopsKind, EinopsSpec, MAX_AXES};

/// The input of an einops macro split into elementary axes.
struct Split<'a, T> {
    view: DynTensorView<'a, T>,
    /// The spec's elementary axis of each axis of `view`.
    ids: [usize; MAX_AXES],
    /// The size of each elementary axis of the spec (given, written, or inferred; not `...`).
    sizes: [usize; MAX_AXES],
}

impl<T> Split<'_, T> {
    fn ids(&self) -> &[usize] {
        self.ids.get(..self.view.rank()).unwrap_or(&[])
    }
}

/// `t` split into the spec's elementary axes, with the sizes of every axis resolved.
fn split<'a, T>(
    spec: &EinopsSpec,
    given: &[(&str, usize)],
    t: DynTensorView<'a, T>,
) -> Result<Split<'a, T>, ShapeError> {
    let (rank, named) = (t.rank(), spec.input_rank());
    let fits = if spec.has_ellipsis() {
        rank >= named
    } else {
        rank == named
    };
    if !fits {
        return Err(ShapeError::sizes(
            ErrorKind::RankMismatch,
            None,
            named,
            rank,
        ));
    }
    let ellipsis = rank - named;
    let mut sizes = [0usize; MAX_AXES];
    let mut known = [false; MAX_AXES];
    for id in 0..MAX_AXES {
        if let Some(n) = spec.number(id) {
            (sizes[id], known[id]) = (n, true);
        }
    }
    for &(name, size) in given {
        let id = (0..MAX_AXES)
            .find(|&id| !name.is_empty() && spec.name(id) == name)
            .ok_or_else(|| ShapeError::new(ErrorKind::InvalidAxis, None, 0, 0))?;
        (sizes[id], known[id]) = (size, true);
    }
    let groups = spec.groups(false);
    let ellipsis_group =
        (0..groups).find(|&g| spec.group(false, g).iter().any(|&id| spec.is_ellipsis(id)));
    let mut view = t;
    for g in (0..groups).rev() {
        let axis = match ellipsis_group {
            Some(eg) if g == eg => continue,
            Some(eg) if g > eg => g + ellipsis - 1,
            _ => g,
        };
        let group = spec.group(false, g);
        let n = view.shape()[axis];
        let mut product = 1usize;
        let mut unknown = None;
        for &id in group {
            if known[id] {
                product = product.checked_mul(sizes[id]).ok_or_else(|| {
                    ShapeError::sizes(ErrorKind::Overflow, Some(axis), n, sizes[id])
                })?;
            } else if unknown.is_none() {
                unknown = Some(id);
            } else {
                return Err(ShapeError::sizes(
                    ErrorKind::MultipleInferred,
                    Some(axis),
                    1,
                    2,
                ));
            }
        }
        match unknown {
            Some(id) if product != 0 && n.is_multiple_of(product) => sizes[id] = n / product,
            Some(_) if product == 0 && n == 0 => {
                return Err(ShapeError::sizes(ErrorKind::CannotInfer, Some(axis), 0, 0));
            }
            Some(_) => {
                return Err(ShapeError::sizes(
                    ErrorKind::NotDivisible,
                    Some(axis),
                    product,
                    n,
                ));
            }
            None if product != n => {
                return Err(ShapeError::sizes(
                    ErrorKind::SizeMismatch,
                    Some(axis),
                    product,
                    n,
                ));
            }
            None => {}
        }
        let mut parts = [0usize; MAX_AXES];
        for (slot, &id) in parts.iter_mut().zip(group) {
            *slot = sizes[id];
        }
        view = match group.len() {
            0 => view.squeeze(axis)?,
            1 => view,
            k => view.split(axis, &parts[..k])?,
        };
    }
    let mut ids = [0usize; MAX_AXES];
    let mut k = 0;
    for g in 0..groups {
        let group = spec.group(false, g);
        let count = if Some(g) == ellipsis_group {
            ellipsis
        } else {
            group.len()
        };
        for j in 0..count {
            let id = if Some(g) == ellipsis_group {
                group[0]
            } else {
                group[j]
            };
            if let Some(slot) = ids.get_mut(k) {
                *slot = id;
                k += 1;
            }
        }
    }
    Ok(Split { view, ids, sizes })
}

/// The axes of `s.view` (and, for `repeat!`, the new axes appended after them) in the order of
/// the output, and the output's shape: each output group is the product of its axes; a lone
/// `...` is one output axis per axis it stands for. Returns the permutation (every axis of the
/// view, those the output lacks — unit axes — last) and the shape.
fn output_order<T, const O: usize>(
    spec: &EinopsSpec,
    s: &Split<'_, T>,
    new_axes: &mut [usize; MAX_AXES],
    n_new: &mut usize,
) -> Result<([usize; MAX_AXES], usize, [usize; O]), ShapeError> {
    let ids = s.ids();
    let mut perm = [0usize; MAX_AXES];
    let mut n = 0;
    let mut shape = [1usize; O];
    let mut out_axis = 0;
    let push = |perm: &mut [usize; MAX_AXES], n: &mut usize, p: usize| -> Result<(), ShapeError> {
        let slot = perm.get_mut(*n).ok_or_else(|| {
            ShapeError::new(
                ErrorKind::TooManyAxes,
                None,
                MAX_AXES as i128,
                *n as i128 + 1,
            )
        })?;
        *slot = p;
        *n += 1;
        Ok(())
    };
    let rank_error = || ShapeError::sizes(ErrorKind::RankMismatch, None, O, O + 1);
    for g in 0..spec.groups(true) {
        let group = spec.group(true, g);
        let lone_ellipsis = spec.is_lone_ellipsis(g);
        let mut product = 1usize;
        for &id in group {
            if spec.is_ellipsis(id) {
                for (p, _) in ids.iter().enumerate().filter(|&(_, &i)| i == id) {
                    push(&mut perm, &mut n, p)?;
                    let size = s.view.shape()[p];
                    if lone_ellipsis {
                        *shape.get_mut(out_axis).ok_or_else(rank_error)? = size;
                        out_axis += 1;
                    } else {
                        product = product
                            .checked_mul(size)
                            .ok_or_else(|| ShapeError::overflow(Some(g)))?;
                    }
                }
            } else if let Some(p) = ids.iter().position(|&i| i == id) {
                push(&mut perm, &mut n, p)?;
                product = product
                    .checked_mul(s.sizes[id])
                    .ok_or_else(|| ShapeError::overflow(Some(g)))?;
            } else if spec.kind() == EinopsKind::Repeat {
                // A new axis: appended to the view as a broadcast axis, then placed here.
                let p = ids.len() + *n_new;
                *new_axes.get_mut(*n_new).ok_or_else(rank_error)? = s.sizes[id];
                *n_new += 1;
                push(&mut perm, &mut n, p)?;
                product = product
                    .checked_mul(s.sizes[id])
                    .ok_or_else(|| ShapeError::overflow(Some(g)))?;
            }
            // Otherwise a unit axis of the output (`1`): a factor of 1.
        }
        if !lone_ellipsis {
            *shape.get_mut(out_axis).ok_or_else(rank_error)? = product;
            out_axis += 1;
        }
    }
    if out_axis != O {
        return Err(ShapeError::sizes(
            ErrorKind::RankMismatch,
            None,
            out_axis,
            O,
        ));
    }
    // The view's axes that the output lacks (unit axes of the input) go last.
    for p in 0..ids.len() {
        if !perm[..n].contains(&p) {
            push(&mut perm, &mut n, p)?;
        }
    }
    Ok((perm, n, shape))
}

/// The arranged view of `rearrange!` and `repeat!`, and the output's shape.
fn arranged<'a, T, const O: usize>(
    spec: &EinopsSpec,
    given: &[(&str, usize)],
    t: DynTensorView<'a, T>,
) -> Result<(DynTensorView<'a, T>, [usize; O]), ShapeError> {
    let s = split(spec, given, t)?;
    let mut new_axes = [0usize; MAX_AXES];
    let mut n_new = 0;
    let (perm, n, shape) = output_order::<T, O>(spec, &s, &mut new_axes, &mut n_new)?;
    let mut view = s.view;
    if n_new > 0 {
        let mut target = [0usize; MAX_DYN_RANK];
        let rank = view.rank();
        let full = target.get_mut(..rank + n_new).ok_or_else(|| {
            ShapeError::new(
                ErrorKind::TooManyAxes,
                None,
                MAX_DYN_RANK as i128,
                (rank + n_new) as i128,
            )
        })?;
        full[..rank].copy_from_slice(view.shape());
        full[rank..].copy_from_slice(&new_axes[..n_new]);
        for _ in 0..n_new {
            view = view.unsqueeze(view.rank())?;
        }
        view = view.broadcast_to(&*full)?;
    }
    Ok((view.permute(&perm[..n])?, shape))
}

#[cfg(feature = "alloc")]
/// `view` reshaped to `shape`: a view when the layout allows one, a C-contiguous copy
/// otherwise.
fn merged<'a, T: Clone, const O: usize>(
    view: DynTensorView<'a, T>,
    shape: [usize; O],
) -> Result<CowTensor<'a, T, O>, ShapeError> {
    match view.reshape_dyn(&shape) {
        Ok(v) => Ok(CowTensor::View(v.try_into_rank::<O>()?)),
        Err(err) if err.kind() == ErrorKind::NotContiguous => {
            let (data, layout) = view.into_raw_parts();
            // SAFETY: the view's own layout is valid for its data (invariant 1).
            let values = unsafe { crate::engine::try_to_vec(data, layout.parts()) }?;
            Ok(CowTensor::Owned(Tensor::from_vec(values, shape)?))
        }
        Err(err) => Err(err),
    }
}

#[cfg(feature = "alloc")]
/// [`rearrange!`](crate::rearrange). Use the macro.
///
/// # Errors
///
/// As the macro.
#[doc(hidden)]
pub fn einops_rearrange<'a, T: Clone, const R: usize, const O: usize>(
    _rank: Rank<O>,
    spec: &EinopsSpec,
    sizes: &[(&str, usize)],
    t: TensorView<'a, T, R>,
) -> Result<CowTensor<'a, T, O>, ShapeError> {
    let (view, shape) = arranged::<T, O>(spec, sizes, t.into_dyn())?;
    merged(view, shape)
}

/// [`rearrange_plan!`](crate::rearrange_plan). Use the macro.
///
/// # Errors
///
/// As the macro.
#[doc(hidden)]
pub fn einops_rearrange_plan<T, const R: usize, const O: usize>(
    _rank: Rank<O>,
    spec: &EinopsSpec,
    sizes: &[(&str, usize)],
    t: TensorView<'_, T, R>,
) -> Result<ReshapePlan, ShapeError> {
    let (view, shape) = arranged::<T, O>(spec, sizes, t.into_dyn())?;
    view.plan_reshape(&shape)
}

#[cfg(feature = "alloc")]
/// [`repeat!`](crate::repeat). Use the macro.
///
/// # Errors
///
/// As the macro.
#[doc(hidden)]
pub fn einops_repeat<'a, T: Clone, const R: usize, const O: usize>(
    rank: Rank<O>,
    spec: &EinopsSpec,
    sizes: &[(&str, usize)],
    t: TensorView<'a, T, R>,
) -> Result<CowTensor<'a, T, O>, ShapeError> {
    einops_rearrange(rank, spec, sizes, t)
}

/// A reduction of [`reduce!`](crate::reduce): how an element joins the result so far, the
/// result over no elements (if it has one), and a last step over the results. The macro names
/// them (`sum`, `mean`, `max`, `min`, `prod`) or wraps a function of two elements.
#[doc(hidden)]
pub trait Reduction<T> {
    /// `acc ← acc ⊕ x`.
    fn combine(&mut self, acc: &mut T, x: &T);

    /// The result over no elements: `None` (an error) unless the reduction has one.
    fn empty(&self) -> Option<T> {
        None
    }

    /// The last step, given the number of elements each result folded (the mean's division).
    fn finish(&self, _results: &mut [T], _count: usize) {}
}

/// The sum (`reduce!(.., sum)`); 0 over no elements.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, Default)]
pub struct Sum;
/// The arithmetic mean (`reduce!(.., mean)`), as a sum then one division; NaN over no
/// elements, as NumPy's `mean`.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, Default)]
pub struct Mean;
/// The largest element (`reduce!(.., max)`); NaN propagates, as in NumPy's `max`.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, Default)]
pub struct Max;
/// The smallest element (`reduce!(.., min)`); NaN propagates, as in NumPy's `min`.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, Default)]
pub struct Min;
/// The product (`reduce!(.., prod)`); 1 over no elements.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, Default)]
pub struct Prod;

impl<T: Clone + Zero + Add<Output = T>> Reduction<T> for Sum {
    fn combine(&mut self, acc: &mut T, x: &T) {
        *acc = acc.clone() + x.clone();
    }
    fn empty(&self) -> Option<T> {
        Some(T::zero())
    }
}

impl<T: Float> Reduction<T> for Mean {
    fn combine(&mut self, acc: &mut T, x: &T) {
        *acc = *acc + *x;
    }
    fn empty(&self) -> Option<T> {
        Some(T::nan())
    }
    fn finish(&self, results: &mut [T], count: usize) {
        let n = T::from(count).unwrap_or_else(T::nan);
        for r in results {
            *r = *r / n;
        }
    }
}

/// Whether `x` is unordered against itself (a NaN).
#[allow(clippy::eq_op)]
fn is_nan<T: PartialOrd>(x: &T) -> bool {
    x.partial_cmp(x).is_none()
}

impl<T: Clone + PartialOrd> Reduction<T> for Max {
    fn combine(&mut self, acc: &mut T, x: &T) {
        if !is_nan(acc) && (is_nan(x) || x > acc) {
            *acc = x.clone();
        }
    }
}

impl<T: Clone + PartialOrd> Reduction<T> for Min {
    fn combine(&mut self, acc: &mut T, x: &T) {
        if !is_nan(acc) && (is_nan(x) || x < acc) {
            *acc = x.clone();
        }
    }
}

impl<T: Clone + One + Mul<Output = T>> Reduction<T> for Prod {
    fn combine(&mut self, acc: &mut T, x: &T) {
        *acc = acc.clone() * x.clone();
    }
    fn empty(&self) -> Option<T> {
        Some(T::one())
    }
}

#[cfg(feature = "alloc")]
/// A function of two elements as a [`Reduction`] (a fold from the first element).
#[doc(hidden)]
pub struct Fold<F>(F);

#[cfg(feature = "alloc")]
impl<T: Clone, F: FnMut(T, T) -> T> Reduction<T> for Fold<F> {
    fn combine(&mut self, acc: &mut T, x: &T) {
        *acc = (self.0)(acc.clone(), x.clone());
    }
}

#[cfg(feature = "alloc")]
/// [`reduce!`](crate::reduce) with one of its named reductions. Use the macro.
///
/// # Errors
///
/// As the macro.
#[doc(hidden)]
pub fn einops_reduce<T: Clone, Red: Reduction<T>, const R: usize, const O: usize>(
    _rank: Rank<O>,
    spec: &EinopsSpec,
    sizes: &[(&str, usize)],
    t: TensorView<'_, T, R>,
    mut reduction: Red,
) -> Result<Tensor<T, O>, ShapeError> {
    let s = split(spec, sizes, t.into_dyn())?;
    let mut no_new = [0usize; MAX_AXES];
    let mut n_new = 0;
    let (perm, n, shape) = output_order::<T, O>(spec, &s, &mut no_new, &mut n_new)?;
    // The output's axes lead (in its order), the reduced ones trail: `perm` puts the view's
    // axes that the output lacks last, and those are exactly the reduced ones.
    let ids = s.ids();
    let kept = perm[..n].iter().filter(|&&p| spec.sides(ids[p]).1).count();
    let view = s.view.permute(&perm[..n])?;
    let block: usize = view.shape()[kept..].iter().product();
    let len = crate::layout::checked_len(&view.shape()[..kept])?;
    let mut values = if block == 0 {
        let value = reduction
            .empty()
            .ok_or_else(|| ShapeError::sizes(ErrorKind::Empty, None, 1, 0))?;
        let mut v = crate::engine::try_vec(len)?;
        v.resize(len, value);
        v
    } else {
        let (data, layout) = view.into_raw_parts();
        // SAFETY: the view's own layout (invariant 1), of at most `MAX_DYN_RANK` axes, whose
        // trailing block holds `block > 0` elements.
        unsafe {
            crate::engine::fold_trailing(data, layout.parts(), kept, &mut |acc, x| {
                reduction.combine(acc, x);
            })
        }?
    };
    reduction.finish(&mut values, block);
    Tensor::from_vec(values, shape)
}

#[cfg(feature = "alloc")]
/// [`reduce!`](crate::reduce) with a function of two elements. Use the macro.
///
/// # Errors
///
/// As the macro.
#[doc(hidden)]
pub fn einops_reduce_fn<T: Clone, F: FnMut(T, T) -> T, const R: usize, const O: usize>(
    rank: Rank<O>,
    spec: &EinopsSpec,
    sizes: &[(&str, usize)],
    t: TensorView<'_, T, R>,
    f: F,
) -> Result<Tensor<T, O>, ShapeError> {
    einops_reduce(rank, spec, sizes, t, Fold(f))
}

/// The sizes of a tensor's axes by name, as einops' `parse_shape` gives them: what
/// [`parse_shape!`](crate::parse_shape) returns.
///
/// # Examples
///
/// ```
/// use ranked::{Tensor, parse_shape};
///
/// let t: Tensor<f32, 4> = Tensor::zeros([2, 3, 4, 5]);
/// let sizes = parse_shape!(t, "b _ h w").unwrap();
/// assert_eq!((sizes["b"], sizes["h"], sizes["w"]), (2, 4, 5));
/// assert_eq!(sizes.get("c"), None);
/// assert_eq!(sizes.iter().collect::<Vec<_>>(), [("b", 2), ("h", 4), ("w", 5)]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AxisSizes {
    names: [&'static str; MAX_DYN_RANK],
    sizes: [usize; MAX_DYN_RANK],
    len: usize,
}

impl AxisSizes {
    /// The size of the axis called `name`, if the pattern names one.
    #[must_use]
    pub fn get(&self, name: &str) -> Option<usize> {
        self.iter().find(|&(n, _)| n == name).map(|(_, s)| s)
    }

    /// The named axes and their sizes, in the pattern's order.
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, usize)> + '_ {
        self.names
            .iter()
            .zip(&self.sizes)
            .take(self.len)
            .map(|(&n, &s)| (n, s))
    }
}

impl core::ops::Index<&str> for AxisSizes {
    type Output = usize;

    /// # Panics
    ///
    /// If the pattern names no such axis; [`get`](AxisSizes::get) is the fallible form.
    fn index(&self, name: &str) -> &usize {
        match self.iter().position(|(n, _)| n == name) {
            Some(k) => &self.sizes[k],
            None => panic!("parse_shape!: the pattern names no axis `{name}`"),
        }
    }
}

/// [`parse_shape!`](crate::parse_shape). Use the macro.
///
/// # Errors
///
/// As the macro.
#[doc(hidden)]
pub fn einops_parse_shape<T, const R: usize>(
    spec: &EinopsSpec,
    t: TensorView<'_, T, R>,
) -> Result<AxisSizes, ShapeError> {
    let s = split(spec, &[], t.into_dyn())?;
    let mut out = AxisSizes {
        names: [""; MAX_DYN_RANK],
        sizes: [0; MAX_DYN_RANK],
        len: 0,
    };
    for (p, &id) in s.ids().iter().enumerate() {
        let name = spec.name(id);
        if !name.is_empty()
            && !spec.is_ellipsis(id)
            && let (Some(n), Some(size)) = (out.names.get_mut(out.len), out.sizes.get_mut(out.len))
        {
            (*n, *size) = (name, s.view.shape()[p]);
            out.len += 1;
        }
    }
    Ok(out)
}
