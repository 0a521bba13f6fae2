//! Reshape without copying: a deterministic planner and an explanation of its plan.
//!
//! The rule is NumPy's `_attempt_nocopy_reshape` and PyTorch's `computeStride`: walk the old
//! and the new shape together, grouping axes until the products of sizes on both sides match.
//! Each group of old axes must be contiguous with each other (the rule of
//! [`Layout::merge`](super::Layout::merge)); then the group's new axes get the strides that split
//! the merged axis. Size-1 axes never break a group, and a shape with no elements reshapes to
//! anything. O(old rank + new rank), no search (the deterministic rule of NumPy and PyTorch, not a random search).

use core::fmt;

use crate::error::{ErrorKind, ShapeError};

use super::parts::{self, RawLayout};
use crate::shape::{DynShape, MAX_DYN_RANK};

/// How one group of old axes becomes a group of new axes, as merges and splits of axes.
///
/// # Examples
///
/// ```
/// use ranked::layout::{DynLayout, GroupKind};
///
/// let plan = DynLayout::row_major(&[2, 3, 4, 5]).unwrap().plan_reshape(&[6, 20]).unwrap();
/// assert!(plan.groups().iter().all(|g| g.kind == GroupKind::Merge));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GroupKind {
    /// One axis stays one axis of the same size.
    Keep,
    /// Several axes become one (pure grouping).
    Merge,
    /// One axis becomes several (pure ungrouping).
    Split,
    /// Several axes become several, and the sizes' prefix products form a divisibility chain:
    /// split each old axis into common factors, then merge those into the new axes.
    SplitThenMerge,
    /// Several axes become several otherwise: merge them into one, then split it.
    MergeThenSplit,
    /// New size-1 axes with no old axis (unsqueeze).
    Insert,
    /// Old size-1 axes with no new axis (squeeze).
    Remove,
}

impl fmt::Display for GroupKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GroupKind::Keep => "keep",
            GroupKind::Merge => "merge",
            GroupKind::Split => "split",
            GroupKind::SplitThenMerge => "split, then merge",
            GroupKind::MergeThenSplit => "merge, then split",
            GroupKind::Insert => "insert size-1 axes",
            GroupKind::Remove => "remove size-1 axes",
        })
    }
}

/// Old axes `old.0..old.1` become new axes `new.0..new.1`.
///
/// # Examples
///
/// ```
/// use ranked::layout::{DynLayout, Group, GroupKind};
///
/// let plan = DynLayout::row_major(&[6, 20]).unwrap().plan_reshape(&[2, 3, 4, 5]).unwrap();
/// assert_eq!(plan.groups()[1], Group { old: (1, 2), new: (2, 4), kind: GroupKind::Split });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Group {
    /// The old axes, as a half-open range `(start, end)`.
    pub old: (usize, usize),
    /// The new axes, as a half-open range `(start, end)`.
    pub new: (usize, usize),
    /// How the old axes become the new ones.
    pub kind: GroupKind,
}

/// Whether a reshape is a view, and why.
///
/// # Examples
///
/// ```
/// use ranked::layout::{DynLayout, Verdict};
///
/// let t = DynLayout::row_major(&[6, 8]).unwrap().reversed_axes();
/// let plan = t.plan_reshape(&[48]).unwrap();
/// assert!(matches!(plan.verdict(), Verdict::NotAView(_)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every group's old axes are contiguous with each other: a view.
    View,
    /// No elements: any layout is a view.
    Empty,
    /// A group's old axes are not contiguous; the error names the adjacent pair, the stride
    /// needed and the stride found. Reshaping needs a copy.
    NotAView(ShapeError),
}

/// A reshape plan: the groups of axes, how each group changes, and whether the whole is a view.
/// Printable, so a user can see why a reshape is or is not a view.
///
/// Built by [`Layout::plan_reshape`](super::Layout::plan_reshape) and
/// [`DynLayout::plan_reshape`](super::DynLayout::plan_reshape); needs no allocator.
///
/// # Examples
///
/// ```
/// use ranked::layout::DynLayout;
///
/// let plan = DynLayout::row_major(&[6, 8]).unwrap().plan_reshape(&[2, 24]).unwrap();
/// assert_eq!(
///     plan.to_string(),
///     "[6, 8] -> [2, 24]: a view\n  old axes 0..2 [6, 8] -> new axes 0..2 [2, 24]: split, then merge"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReshapePlan {
    from: DynShape,
    to: DynShape,
    groups: [Group; 2 * MAX_DYN_RANK],
    len: usize,
    verdict: Verdict,
}

impl ReshapePlan {
    /// The groups of axes, from the first axis to the last.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::layout::DynLayout;
    ///
    /// let plan = DynLayout::row_major(&[2, 3]).unwrap().plan_reshape(&[3, 2]).unwrap();
    /// assert_eq!(plan.groups().len(), 1);
    /// ```
    #[must_use]
    pub fn groups(&self) -> &[Group] {
        &self.groups[..self.len]
    }

    /// Whether the reshape is a view.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::layout::{DynLayout, Verdict};
    ///
    /// let plan = DynLayout::row_major(&[2, 3]).unwrap().plan_reshape(&[6]).unwrap();
    /// assert_eq!(plan.verdict(), Verdict::View);
    /// ```
    #[must_use]
    pub fn verdict(&self) -> Verdict {
        self.verdict
    }

    /// `true` unless the reshape needs a copy.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::layout::DynLayout;
    ///
    /// assert!(DynLayout::row_major(&[2, 3]).unwrap().plan_reshape(&[6]).unwrap().is_view());
    /// ```
    #[must_use]
    pub fn is_view(&self) -> bool {
        !matches!(self.verdict, Verdict::NotAView(_))
    }
}

impl fmt::Display for ReshapePlan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} -> {:?}: ", self.from, self.to)?;
        match self.verdict {
            Verdict::View => f.write_str("a view")?,
            Verdict::Empty => return f.write_str("a view (no elements: any layout will do)"),
            Verdict::NotAView(err) => write!(f, "needs a copy: {err}")?,
        }
        for g in self.groups() {
            write!(
                f,
                "\n  old axes {}..{} {:?} -> new axes {}..{} {:?}: {}",
                g.old.0,
                g.old.1,
                &self.from[g.old.0..g.old.1],
                g.new.0,
                g.new.1,
                &self.to[g.new.0..g.new.1],
                g.kind
            )?;
        }
        Ok(())
    }
}

/// Whether the prefix products of `a` and `b` (same total) form one divisibility chain when
/// merged in increasing order — then both refine to common factors (split, then merge).
fn prefixes_chain(a: &[usize], b: &[usize]) -> bool {
    let (mut i, mut j) = (0, 0);
    let (mut pa, mut pb) = (1usize, 1usize);
    let mut last = 1usize;
    loop {
        // Advance whichever side has the smaller next prefix product.
        let next_a = a.get(i).map(|&d| pa * d);
        let next_b = b.get(j).map(|&d| pb * d);
        let next = match (next_a, next_b) {
            (None, None) => return true,
            (Some(x), Some(y)) if x <= y => {
                pa = x;
                i += 1;
                if x == y {
                    pb = y;
                    j += 1;
                }
                x
            }
            (Some(x), None) => {
                pa = x;
                i += 1;
                x
            }
            (_, Some(y)) => {
                pb = y;
                j += 1;
                y
            }
        };
        if !next.is_multiple_of(last) {
            return false;
        }
        last = next;
    }
}

/// What a group of `old` axes becoming `new` axes does.
fn kind_of(old: &[usize], new: &[usize]) -> GroupKind {
    match (old.len(), new.len()) {
        (0, _) => GroupKind::Insert,
        (_, 0) => GroupKind::Remove,
        (1, 1) => GroupKind::Keep,
        (_, 1) => GroupKind::Merge,
        (1, _) => GroupKind::Split,
        _ if prefixes_chain(old, new) => GroupKind::SplitThenMerge,
        _ => GroupKind::MergeThenSplit,
    }
}

/// Plans reshaping `p` to `new_shape` (sizes resolved, same element count, and each side at
/// most `MAX_DYN_RANK` axes when `groups` is to be filled). Writes the new strides when the
/// reshape is a view, and calls `group` for each group in order. Returns the verdict.
#[inline]
pub(crate) fn plan(
    p: RawLayout<'_>,
    new_shape: &[usize],
    strides: &mut [isize],
    mut group: impl FnMut((usize, usize), (usize, usize)),
) -> Verdict {
    let (old, new) = (p.shape, new_shape);
    if old.contains(&0) {
        // No elements: contiguous strides (they cannot overflow: a size-0 axis counts as 1 and
        // the other sizes were multiplied safely by the caller).
        let _ = parts::contiguous_strides(new, super::Order::RowMajor, strides);
        return Verdict::Empty;
    }
    let mut verdict = Verdict::View;
    // Leading axes of the same size on both sides are groups of one axis each that keep their
    // stride: the walk below would find exactly that, but this loop does it in a few
    // instructions an axis (the general walk cost about 14 cycles a group).
    let mut kept = 0;
    while let (Some(&a), Some(&b), Some(&stride)) =
        (old.get(kept), new.get(kept), p.strides.get(kept))
    {
        if a != b {
            break;
        }
        if let Some(out) = strides.get_mut(kept) {
            *out = stride;
        }
        group((kept, kept + 1), (kept, kept + 1));
        kept += 1;
    }
    let (mut i, mut j) = (kept, kept);
    while i < old.len() || j < new.len() {
        let (start_i, start_j) = (i, j);
        let (mut po, mut pn) = (1usize, 1usize);
        if let Some(&dim) = old.get(i) {
            po = dim;
            i += 1;
        }
        if let Some(&dim) = new.get(j) {
            pn = dim;
            j += 1;
        }
        // Equal totals (the callers' contract) make both sides run out together, and keep
        // every partial product within the element count.
        while po != pn {
            if po < pn {
                let Some(&dim) = old.get(i) else {
                    return Verdict::NotAView(count_mismatch(po, pn));
                };
                po = po.wrapping_mul(dim);
                i += 1;
            } else {
                let Some(&dim) = new.get(j) else {
                    return Verdict::NotAView(count_mismatch(po, pn));
                };
                pn = pn.wrapping_mul(dim);
                j += 1;
            }
        }
        // A size-1 axis on one side alone stays a group of its own (insert or remove).
        group((start_i, i), (start_j, j));
        if !matches!(verdict, Verdict::View) {
            continue;
        }
        // The stride of the group's innermost element, if its old axes merge.
        let base = match i - start_i {
            0 => 1,
            1 => p.strides.get(start_i).copied().unwrap_or(0),
            _ => match parts::merged_axis(p, start_i, i - 1) {
                Ok((_, stride)) => stride,
                Err(err) => {
                    verdict = Verdict::NotAView(err);
                    continue;
                }
            },
        };
        let mut step = base;
        if let (Some(out), Some(sizes)) = (strides.get_mut(start_j..j), new.get(start_j..j)) {
            for (stride, &dim) in out.iter_mut().zip(sizes).rev() {
                *stride = step;
                step = step.wrapping_mul(dim as isize);
            }
        }
    }
    verdict
}

/// The element count of `p` if it is non-empty and its strides are exactly the row-major ones
/// of its shape, size-1 axes included: the layout of a new tensor.
#[inline]
pub(super) fn row_major_count(p: RawLayout<'_>) -> Option<usize> {
    let mut expected: usize = 1;
    let exact = p.shape.len() == p.strides.len()
        && p.shape.iter().zip(p.strides).rev().all(|(&dim, &stride)| {
            let same = stride >= 0 && stride as usize == expected;
            // A valid non-empty layout's element count fits in `isize`, so this product
            // does not wrap; an empty layout's product ends at zero, whatever the product
            // before its size-0 axis, and is refused below.
            expected = expected.wrapping_mul(dim);
            same
        });
    (exact && expected != 0).then_some(expected)
}

/// Builds the error for element counts that differ.
pub(crate) const fn count_mismatch(from_len: usize, to_len: usize) -> ShapeError {
    ShapeError::sizes(ErrorKind::CountMismatch, None, from_len, to_len)
}

/// Resolves `INFER` in `to` (in place) against `from`'s element count and checks the counts.
#[inline]
pub(crate) fn resolve_target(from: &[usize], to: &mut [usize]) -> Result<usize, ShapeError> {
    let count = super::checked_len(from)?;
    if to.contains(&super::INFER) {
        // `split` of one axis of `count` elements resolves the marker the same way. Once it
        // has, the sizes multiply to exactly `count` (the marker became `count` divided by the
        // product of the others), so there is nothing left to check.
        parts::resolve_sizes(0, count, to).map_err(|err| match err.kind() {
            ErrorKind::NotDivisible => count_mismatch(count, err.found_size()),
            _ => err,
        })?;
        return Ok(count);
    }
    let target = super::checked_len(to)?;
    if target != count {
        return Err(count_mismatch(count, target));
    }
    Ok(count)
}

/// Plans and records the whole explanation.
pub(crate) fn explain(p: RawLayout<'_>, to: &[usize]) -> Result<ReshapePlan, ShapeError> {
    let from_shape = DynShape::new(p.shape)?;
    DynShape::new(to)?;
    let mut resolved = [0usize; MAX_DYN_RANK];
    let resolved = &mut resolved[..to.len()];
    resolved.copy_from_slice(to);
    resolve_target(p.shape, resolved)?;
    let mut out = ReshapePlan {
        from: from_shape,
        to: DynShape::new(resolved)?,
        groups: [Group {
            old: (0, 0),
            new: (0, 0),
            kind: GroupKind::Keep,
        }; 2 * MAX_DYN_RANK],
        len: 0,
        verdict: Verdict::View,
    };
    let mut strides = [0isize; MAX_DYN_RANK];
    let mut groups = out.groups;
    let mut len = 0;
    out.verdict = plan(p, resolved, &mut strides[..to.len()], |old, new| {
        let kind = kind_of(&p.shape[old.0..old.1], &resolved[new.0..new.1]);
        groups[len] = Group { old, new, kind };
        len += 1;
    });
    out.groups = groups;
    out.len = len;
    Ok(out)
}

/// Reshapes without copying: `shape` holds the target sizes on entry and the resolved ones
/// on return (`INFER` replaced); checks counts, plans, writes the strides and returns the
/// offset. The short path is [`reshape_row_major`]; everything else, errors included, takes the
/// group walk, [`reshape_by_groups`].
#[cfg_attr(not(target_os = "none"), inline(always))]
#[cfg_attr(target_os = "none", inline)]
pub(crate) fn reshape(
    p: RawLayout<'_>,
    shape: &mut [usize],
    strides: &mut [isize],
) -> Result<usize, ShapeError> {
    match reshape_row_major(p, shape, strides) {
        Some(offset) => Ok(offset),
        None => reshape_by_groups(p, shape, strides),
    }
}

/// The short path of [`reshape`]: a new tensor's layout reshaped to sizes without `INFER` that
/// hold its elements. Writes the strides and returns the offset, or returns `None` for every
/// other case, where the caller's group walk writes every stride. Inlined into the typed
/// caller, where the ranks and sizes are constants and shape and strides stay in registers;
/// bare metal has only the walk, so this is always `None` there.
#[cfg_attr(not(target_os = "none"), inline(always))]
#[cfg_attr(target_os = "none", inline)]
pub(crate) fn reshape_row_major(
    p: RawLayout<'_>,
    shape: &[usize],
    strides: &mut [isize],
) -> Option<usize> {
    if !super::SMALL_CODE
        && let Some(count) = row_major_count(p)
        && !shape.contains(&super::INFER)
        && matches!(super::checked_len(shape), Ok(n) if n == count)
    {
        // `plan` gives the row-major strides for such a source (each group's innermost stride
        // is the product of the sizes after it, on either side), without walking the groups.
        // The sizes multiply to the source's element count, which fits `isize`, so this never
        // fails.
        parts::contiguous_strides(shape, super::Order::RowMajor, strides).ok()?;
        return Some(p.offset);
    }
    None
}

/// [`reshape`] of any layout, by the group walk. Kept out of line where the short path is
/// taken; bare metal has no short path and inlines it as any other function.
#[cfg_attr(not(target_os = "none"), inline(never))]
pub(crate) fn reshape_by_groups(
    p: RawLayout<'_>,
    shape: &mut [usize],
    strides: &mut [isize],
) -> Result<usize, ShapeError> {
    resolve_target(p.shape, shape)?;
    match plan(p, shape, strides, |_, _| {}) {
        Verdict::View | Verdict::Empty => {
            // Merged groups of broadcast axes can make an axis longer than the source had.
            parts::check_stretched(shape, strides)?;
            Ok(p.offset)
        }
        Verdict::NotAView(err) => Err(err),
    }
}
