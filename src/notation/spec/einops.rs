//! The spec of the einops macros ([`rearrange!`](crate::rearrange)), parsed by a `const fn`.

use crate::rank::MAX_RANK;

use super::{is_name_byte, is_name_start, span_eq};

/// A parsed [`rearrange!`](crate::rearrange) spec (einops' notation): named axes on both
/// sides of `->`, parentheses grouping axes that are one axis of the tensor.
///
/// The input's names, in order, are the *elementary* axes; each input axis is a group of them
/// (a name alone is a group of one; `()` is an axis of size 1 with none). The output lists
/// every elementary axis exactly once, in groups.
///
/// # Examples
///
/// ```
/// use ranked::notation::RearrangeSpec;
///
/// const SPEC: RearrangeSpec = RearrangeSpec::parse("b (h w) c -> b c h w");
/// assert_eq!((SPEC.input_rank(), SPEC.axis_count(), SPEC.output_rank()), (3, 4, 4));
/// assert_eq!(SPEC.input_group(1), 1..3); // `(h w)` is elementary axes 1 and 2
/// assert_eq!(SPEC.output_axes(), &[0, 3, 1, 2]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RearrangeSpec {
    src: &'static str,
    /// Spans of the elementary axes' names in `src`, in input order.
    names: [(usize, usize); MAX_RANK],
    n_names: usize,
    /// Input axis `g` is elementary axes `in_bounds[g]..in_bounds[g + 1]`.
    in_bounds: [usize; MAX_RANK + 1],
    n_in: usize,
    /// The elementary axis at each position of the output.
    out_order: [usize; MAX_RANK],
    n_order: usize,
    /// Output axis `g` is positions `out_bounds[g]..out_bounds[g + 1]` of `out_order`.
    out_bounds: [usize; MAX_RANK + 1],
    n_out: usize,
    error: Option<&'static str>,
    /// A name einops refuses (`_` at an end), reported once the whole spec has parsed, so
    /// that the ranks the spec gives are right and no rank error precedes it.
    bad_name: Option<&'static str>,
}

/// The side of a `rearrange!` spec being parsed.
#[derive(Clone, Copy)]
struct Side {
    in_group: bool,
    axes: usize,
    group_start: usize,
}

impl RearrangeSpec {
    /// Parses a spec such as `"b (h w) c -> b c h w"`.
    ///
    /// # Panics
    ///
    /// On a malformed spec — at compile time when evaluated in a `const`, as the macro does: no
    /// `->` or two of them, unbalanced or nested parentheses, a character that is not part of
    /// a name, a parenthesis or a space, a name used twice on one side, a name on one side only,
    /// or more than 16 axes.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::notation::RearrangeSpec;
    ///
    /// const FLAT: RearrangeSpec = RearrangeSpec::parse("b c h w -> b (c h w)");
    /// assert_eq!((FLAT.input_rank(), FLAT.output_rank()), (4, 2));
    /// ```
    #[must_use]
    pub const fn parse(spec: &'static str) -> Self {
        let parsed = Self::scan(spec);
        if let Some(message) = parsed.error {
            panic!("{}", message);
        }
        parsed
    }

    /// The spec as far as it parses, with the first problem recorded instead of a panic (see
    /// [`EinsumSpec::scan`]).
    #[doc(hidden)]
    #[must_use]
    pub const fn scan(spec: &'static str) -> Self {
        let s = spec.as_bytes();
        let mut out = RearrangeSpec {
            src: spec,
            names: [(0, 0); MAX_RANK],
            n_names: 0,
            in_bounds: [0; MAX_RANK + 1],
            n_in: 0,
            out_order: [0; MAX_RANK],
            n_order: 0,
            out_bounds: [0; MAX_RANK + 1],
            n_out: 0,
            error: None,
            bad_name: None,
        };
        let mut right = false;
        let mut side = Side {
            in_group: false,
            axes: 0,
            group_start: 0,
        };
        let mut i = 0;
        // Stops at the first problem, so that the axes before it keep their ranks.
        while i < s.len() && out.error.is_none() {
            let b = s[i];
            if b == b' ' {
                i += 1;
            } else if b == b'(' {
                if side.in_group {
                    out = out.fail("rearrange!: parentheses do not nest");
                }
                side.in_group = true;
                side.group_start = if right { out.n_order } else { out.n_names };
                i += 1;
            } else if b == b')' {
                if side.in_group {
                    out = out.close_axis(right, &mut side);
                } else {
                    out = out.fail("rearrange!: `)` without `(`");
                }
                side.in_group = false;
                i += 1;
            } else if b == b'-' {
                if i + 1 >= s.len() || s[i + 1] != b'>' {
                    out = out.fail("rearrange!: `-` must be followed by `>`");
                } else if right {
                    out = out.fail("rearrange!: the spec has two `->`");
                } else if side.in_group {
                    out = out.fail("rearrange!: `(` is not closed before `->`");
                }
                side.in_group = false;
                if !right {
                    side.axes = 0;
                }
                right = true;
                i += 2;
            } else if is_name_start(b) {
                let start = i;
                while i < s.len() && is_name_byte(s[i]) {
                    i += 1;
                }
                if s[start] == b'_' || s[i - 1] == b'_' {
                    // einops' rule: `_x`, `x_` and `_` are not axis names.
                    out.bad_name = Some("rearrange!: an axis name must not start or end with `_`");
                }
                out = out.push_name(right, start, i);
                if !side.in_group {
                    // The name just pushed (if it was accepted) is a group of its own.
                    let end = if right { out.n_order } else { out.n_names };
                    side.group_start = if end > 0 { end - 1 } else { 0 };
                    out = out.close_axis(right, &mut side);
                }
            } else {
                out = out.fail(if b.is_ascii_digit() {
                    "rearrange!: numbers are not axis names; write `()` for an axis of size 1"
                } else if b == b'.' {
                    "rearrange!: `...` is not supported: name every axis"
                } else {
                    "rearrange!: axis names are letters, digits and `_`; the spec has another character"
                });
                i += 1;
            }
        }
        if side.in_group {
            out = out.fail("rearrange!: `(` is not closed");
        }
        if !right {
            out = out.fail("rearrange!: the spec needs `->` between the input and the output");
        }
        if out.n_order != out.n_names {
            out = out.fail("rearrange!: an axis of the input is missing from the output");
        }
        if let Some(message) = out.bad_name {
            out = out.fail(message);
        }
        out
    }

    /// Records a name on the left (a new elementary axis) or the right (an existing one).
    const fn push_name(mut self, right: bool, start: usize, end: usize) -> Self {
        let s = self.src.as_bytes();
        let mut found = self.n_names;
        let mut k = 0;
        while k < self.n_names {
            let (a, b) = self.names[k];
            let mut i = a;
            let mut same = b - a == end - start;
            while same && i < b {
                same = s[i] == s[start + (i - a)];
                i += 1;
            }
            if same {
                found = k;
            }
            k += 1;
        }
        if right {
            if found == self.n_names {
                return self.fail("rearrange!: an axis of the output is not in the input");
            }
            let mut j = 0;
            while j < self.n_order {
                if self.out_order[j] == found {
                    return self.fail("rearrange!: an axis is used twice in the output");
                }
                j += 1;
            }
            if self.n_order == MAX_RANK {
                return self.fail("rearrange!: more than 16 axes");
            }
            self.out_order[self.n_order] = found;
            self.n_order += 1;
        } else {
            if found != self.n_names {
                return self.fail("rearrange!: an axis is used twice in the input");
            }
            if self.n_names == MAX_RANK {
                return self.fail("rearrange!: more than 16 axes");
            }
            self.names[self.n_names] = (start, end);
            self.n_names += 1;
        }
        self
    }

    /// The spec with `message` recorded, unless a problem was recorded already.
    const fn fail(mut self, message: &'static str) -> Self {
        if self.error.is_none() {
            self.error = Some(message);
        }
        self
    }

    /// Ends an axis (a group, or a lone name) of the side being parsed.
    const fn close_axis(mut self, right: bool, side: &mut Side) -> Self {
        if side.axes == MAX_RANK {
            return self.fail("rearrange!: a side has more than 16 axes");
        }
        side.axes += 1;
        if right {
            self.out_bounds[self.n_out] = side.group_start;
            self.n_out += 1;
            self.out_bounds[self.n_out] = self.n_order;
        } else {
            self.in_bounds[self.n_in] = side.group_start;
            self.n_in += 1;
            self.in_bounds[self.n_in] = self.n_names;
        }
        self
    }

    /// The elementary axis called `name`.
    ///
    /// # Panics
    ///
    /// If the spec has no such axis (at compile time in a `const`).
    #[must_use]
    pub const fn axis_of(&self, name: &str) -> usize {
        let s = self.src.as_bytes();
        let mut k = 0;
        while k < self.n_names {
            if span_eq(s, self.names[k].0, self.names[k].1, name.as_bytes()) {
                return k;
            }
            k += 1;
        }
        panic!("rearrange!: a size is given for an axis that the spec does not name")
    }

    /// The spec, checked against the names whose sizes are given: each must be an axis of the
    /// spec, and each input group must have at most one axis of unknown size.
    ///
    /// # Panics
    ///
    /// If a name is not an axis of the spec or is given twice, or if a group has two axes of
    /// unknown size (at compile time in a `const`).
    #[must_use]
    pub const fn with_sizes(self, names: &[&str]) -> Self {
        let mut known = [false; MAX_RANK];
        let mut i = 0;
        while i < names.len() {
            let k = self.axis_of(names[i]);
            if known[k] {
                panic!("rearrange!: a size is given twice");
            }
            known[k] = true;
            i += 1;
        }
        let mut g = 0;
        while g < self.n_in {
            let mut unknown = 0;
            let mut k = self.in_bounds[g];
            while k < self.in_bounds[g + 1] {
                if !known[k] {
                    unknown += 1;
                }
                k += 1;
            }
            if unknown > 1 {
                panic!(
                    "rearrange!: an input group has two axes of unknown size: give all but one as `name = size`"
                );
            }
            g += 1;
        }
        self
    }

    /// The number of input axes (groups): the rank the operand must have.
    #[must_use]
    pub const fn input_rank(&self) -> usize {
        self.n_in
    }

    /// The number of elementary (named) axes.
    #[must_use]
    pub const fn axis_count(&self) -> usize {
        self.n_names
    }

    /// The number of output axes (groups): the rank of the result.
    #[must_use]
    pub const fn output_rank(&self) -> usize {
        self.n_out
    }

    /// The elementary axes of input axis `g`.
    #[must_use]
    pub fn input_group(&self, g: usize) -> core::ops::Range<usize> {
        match (self.in_bounds.get(g), self.in_bounds.get(g + 1)) {
            (Some(&a), Some(&b)) if g < self.n_in => a..b,
            _ => 0..0,
        }
    }

    /// The positions in [`output_axes`](Self::output_axes) of output axis `g`.
    #[must_use]
    pub fn output_group(&self, g: usize) -> core::ops::Range<usize> {
        match (self.out_bounds.get(g), self.out_bounds.get(g + 1)) {
            (Some(&a), Some(&b)) if g < self.n_out => a..b,
            _ => 0..0,
        }
    }

    /// The elementary axes in output order.
    #[must_use]
    pub fn output_axes(&self) -> &[usize] {
        self.out_order.get(..self.n_order).unwrap_or(&[])
    }

    /// The name of elementary axis `k` (empty if there is none).
    #[must_use]
    pub fn name(&self, k: usize) -> &'static str {
        let src: &'static str = self.src;
        match self.names.get(k) {
            Some(&(a, b)) if k < self.n_names => src.get(a..b).unwrap_or(""),
            _ => "",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rearrange_specs() {
        let s = RearrangeSpec::parse("b (h w) c -> b c h w").with_sizes(&["h"]);
        assert_eq!((s.name(0), s.name(1), s.name(3)), ("b", "h", "c"));
        assert_eq!(
            (s.input_group(0), s.input_group(1), s.input_group(2)),
            (0..1, 1..3, 3..4)
        );
        assert_eq!(s.output_axes(), &[0, 3, 1, 2]);
        assert_eq!((s.output_group(0), s.output_group(3)), (0..1, 3..4));
        let s = RearrangeSpec::parse("() a_1 -> (a_1) ()");
        assert_eq!((s.input_rank(), s.axis_count(), s.output_rank()), (2, 1, 2));
        assert_eq!(s.input_group(0), 0..0);
        assert_eq!((s.output_group(0), s.output_group(1)), (0..1, 1..1));
        assert_eq!(s.axis_of("a_1"), 0);
        // einops' names: no `_` at either end.
        for bad in ["_ h -> h _", "_pre h -> h _pre", "h post_ -> post_ h"] {
            assert!(RearrangeSpec::scan(bad).error.is_some(), "{bad}");
        }
    }
}
