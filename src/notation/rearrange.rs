//! The lowering of [`rearrange!`](crate::rearrange): each input axis is split into its
//! group's axes, the axes are permuted into output order, and each output group is merged —
//! all as views, through the dynamic-rank view operations; the merge is a
//! [`reshape`](crate::TensorView::reshape), which copies only when the permuted axes cannot be
//! merged in place.

use crate::error::{ErrorKind, ShapeError};
use crate::layout::ReshapePlan;
use crate::rank::MAX_RANK;
use crate::tensor::TensorView;

use super::RearrangeSpec;
#[cfg(feature = "alloc")]
use crate::CowTensor;

/// The ranks of a rearrange spec as types: `N` input axes, `E` named axes, `O` output axes.
/// Written by [`rearrange!`](crate::rearrange) from the parsed spec.
#[derive(Clone, Copy, Debug)]
pub struct RearrangeRanks<const N: usize, const E: usize, const O: usize>;

/// Splits every input axis into its group's axes and permutes them into output order: the
/// named axes as a view, and the output's shape.
fn elementary<'a, T, const R: usize, const E: usize, const O: usize>(
    spec: &RearrangeSpec,
    sizes: &[(&str, usize)],
    t: TensorView<'a, T, R>,
) -> Result<(TensorView<'a, T, E>, [usize; O]), ShapeError> {
    let mut axis_sizes = [0usize; MAX_RANK];
    let mut view = t.into_dyn();
    for g in (0..R).rev() {
        let group = spec.input_group(g);
        let n = view.shape()[g];
        let given = |k: usize| {
            sizes
                .iter()
                .find(|(name, _)| *name == spec.name(k))
                .map(|&(_, size)| size)
        };
        let mut product = 1usize;
        let mut unknown = None;
        for k in group.clone() {
            match given(k) {
                Some(size) => {
                    axis_sizes[k] = size;
                    product = product
                        .checked_mul(size)
                        .ok_or_else(|| ShapeError::sizes(ErrorKind::Overflow, Some(g), n, size))?;
                }
                None if unknown.is_none() => unknown = Some(k),
                None => {
                    return Err(ShapeError::sizes(
                        ErrorKind::MultipleInferred,
                        Some(g),
                        1,
                        2,
                    ));
                }
            }
        }
        match unknown {
            Some(k) if product != 0 && n.is_multiple_of(product) => axis_sizes[k] = n / product,
            Some(_) if product == 0 && n == 0 => {
                return Err(ShapeError::sizes(ErrorKind::CannotInfer, Some(g), 0, 0));
            }
            Some(_) => {
                return Err(ShapeError::sizes(
                    ErrorKind::NotDivisible,
                    Some(g),
                    product,
                    n,
                ));
            }
            None if product != n => {
                return Err(ShapeError::sizes(
                    ErrorKind::SizeMismatch,
                    Some(g),
                    product,
                    n,
                ));
            }
            None => {}
        }
        view = match group.len() {
            0 => view.squeeze(g)?,
            1 => view,
            _ => view.split(g, &axis_sizes[group])?,
        };
    }
    let view = view.permute(spec.output_axes())?.try_into_rank::<E>()?;
    let mut shape = [1usize; O];
    for (g, slot) in shape.iter_mut().enumerate() {
        // The view's axes are in output order: output axis g merges positions of its group.
        for pos in spec.output_group(g) {
            let size = view.shape().get(pos).copied().unwrap_or(1);
            *slot = slot
                .checked_mul(size)
                .ok_or_else(|| ShapeError::sizes(ErrorKind::Overflow, Some(g), 0, 0))?;
        }
    }
    Ok((view, shape))
}

/// [`rearrange!`](crate::rearrange). Use the macro.
///
/// # Errors
///
/// As the macro.
#[cfg(feature = "alloc")]
#[doc(hidden)]
pub fn rearrange<'a, T: Clone, const R: usize, const N: usize, const E: usize, const O: usize>(
    _ranks: RearrangeRanks<N, E, O>,
    spec: &RearrangeSpec,
    sizes: &[(&str, usize)],
    t: TensorView<'a, T, R>,
) -> Result<CowTensor<'a, T, O>, ShapeError> {
    super::check_rank::<R>(N)?;
    let (view, shape) = elementary::<T, R, E, O>(spec, sizes, t)?;
    view.reshape(shape)
}

/// [`rearrange_plan!`](crate::rearrange_plan). Use the macro.
///
/// # Errors
///
/// As the macro.
#[doc(hidden)]
pub fn rearrange_plan<T, const R: usize, const N: usize, const E: usize, const O: usize>(
    _ranks: RearrangeRanks<N, E, O>,
    spec: &RearrangeSpec,
    sizes: &[(&str, usize)],
    t: TensorView<'_, T, R>,
) -> Result<ReshapePlan, ShapeError> {
    super::check_rank::<R>(N)?;
    let (view, shape) = elementary::<T, R, E, O>(spec, sizes, t)?;
    view.layout().plan_reshape(&shape)
}
