//! The spec of the einops macros ([`rearrange!`](crate::rearrange), [`reduce!`](crate::reduce),
//! [`repeat!`](crate::repeat), [`parse_shape!`](crate::parse_shape)), parsed by a `const fn`.

use crate::rank::MAX_RANK;
use crate::rank::term_mode::{ANY, ELLIPSIS, EXACT, UNCHECKED};

use super::{Problem, is_name_byte, is_name_start, span_eq};

/// The most elementary axes a spec names, both sides together.
pub(crate) const MAX_AXES: usize = 2 * MAX_RANK;

/// Which einops operation a spec is for: their rules differ in which axes may be on one side
/// only.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EinopsKind {
    /// einops' `rearrange`: the same axes on both sides (and unit axes, `1` or `()`).
    Rearrange,
    /// einops' `reduce`: the input's axes that the output lacks are reduced.
    Reduce,
    /// einops' `repeat`: the output's axes that the input lacks are new, of given sizes.
    Repeat,
    /// einops' `parse_shape`: the input side only; `_` skips an axis.
    ParseShape,
}

/// One elementary axis: a name, a number (an anonymous axis of that size), or `...`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Elem {
    /// The bytes of the spec that write it (the first place, for a name on both sides).
    start: usize,
    end: usize,
    /// A number's value (0 for a name or `...`).
    size: usize,
    number: bool,
    ellipsis: bool,
    input: bool,
    output: bool,
}

const NO_ELEM: Elem = Elem {
    start: 0,
    end: 0,
    size: 0,
    number: false,
    ellipsis: false,
    input: false,
    output: false,
};

/// One side of a spec: its elementary axes in order, cut into groups (the tensor's axes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Side {
    order: [usize; MAX_AXES],
    len: usize,
    /// Group `g` is `order[bounds[g]..bounds[g + 1]]`.
    bounds: [usize; MAX_AXES + 1],
    groups: usize,
    /// The bytes of the spec that write each group.
    spans: [(usize, usize); MAX_AXES],
    /// The group holding `...`, and whether `...` is all of it (not in parentheses).
    ellipsis_group: Option<usize>,
    ellipsis_alone: bool,
}

const NO_SIDE: Side = Side {
    order: [0; MAX_AXES],
    len: 0,
    bounds: [0; MAX_AXES + 1],
    groups: 0,
    spans: [(0, 0); MAX_AXES],
    ellipsis_group: None,
    ellipsis_alone: false,
};

/// A parsed spec of the einops macros: named axes, numbers and `...` on both sides of `->`,
/// parentheses grouping axes that are one axis of the tensor, `()` an axis of size 1.
///
/// Each name, number and `...` is an *elementary* axis; each axis of a tensor is a group of
/// them (a lone one is a group of one). The names follow einops' rules: letters, digits and
/// `_`, not starting with a digit, and not starting or ending with `_`.
///
/// # Examples
///
/// ```
/// use ranked::notation::{EinopsKind, EinopsSpec};
///
/// const SPEC: EinopsSpec = EinopsSpec::parse("b (h w) c -> b c h w", EinopsKind::Rearrange);
/// assert_eq!((SPEC.input_rank(), SPEC.output_rank()), (3, 4));
/// // `...` stands for the axes the input does not name.
/// const BATCH: EinopsSpec = EinopsSpec::parse("... h w -> ... (h w)", EinopsKind::Rearrange);
/// assert_eq!((BATCH.input_rank(), BATCH.output_rank()), (2, 1));
/// assert!(BATCH.has_ellipsis());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EinopsSpec {
    src: &'static str,
    kind: EinopsKind,
    axes: [Elem; MAX_AXES],
    n_axes: usize,
    input: Side,
    output: Side,
    problem: Option<Problem>,
    /// A name einops refuses (`_` at an end), reported once the whole spec has parsed.
    bad_name: Option<(usize, usize)>,
}

/// The parser's position inside a group.
#[derive(Clone, Copy)]
struct Group {
    open: bool,
    /// Where the `(` is.
    at: usize,
}

impl EinopsSpec {
    /// Parses a spec such as `"b (h w) c -> b c h w"` for the operation `kind`.
    ///
    /// # Panics
    ///
    /// On a malformed spec — at compile time when evaluated in a `const` — with the message of
    /// [`problem`](Self::problem).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::notation::{EinopsKind, EinopsSpec};
    ///
    /// const POOL: EinopsSpec = EinopsSpec::parse("b c (h 2) (w 2) -> b c h w", EinopsKind::Reduce);
    /// assert_eq!((POOL.input_rank(), POOL.output_rank()), (4, 4));
    /// ```
    #[must_use]
    pub const fn parse(spec: &'static str, kind: EinopsKind) -> Self {
        let parsed = Self::scan(spec, kind);
        if let Some(problem) = parsed.problem {
            panic!("{}", problem.message);
        }
        parsed
    }

    /// The spec as far as it parses, with its first problem recorded (see
    /// [`problem`](Self::problem)) instead of a panic.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::notation::{EinopsKind, EinopsSpec};
    ///
    /// let p = EinopsSpec::scan("a b -> a c", EinopsKind::Rearrange).problem().unwrap();
    /// assert_eq!((p.start, p.end), (9, 10)); // the `c`
    /// ```
    #[must_use]
    pub const fn scan(spec: &'static str, kind: EinopsKind) -> Self {
        let s = spec.as_bytes();
        let mut out = EinopsSpec {
            src: spec,
            kind,
            axes: [NO_ELEM; MAX_AXES],
            n_axes: 0,
            input: NO_SIDE,
            output: NO_SIDE,
            problem: None,
            bad_name: None,
        };
        let shape_only = matches!(kind, EinopsKind::ParseShape);
        let mut right = false;
        let mut group = Group { open: false, at: 0 };
        let mut i = 0;
        while i < s.len() && out.problem.is_none() {
            let b = s[i];
            if b == b' ' {
                i += 1;
            } else if b == b'(' {
                if group.open {
                    out = out.fail("parentheses do not nest", i, i + 1);
                } else if shape_only {
                    out = out.fail("parse_shape! takes no parentheses", i, i + 1);
                }
                group = Group { open: true, at: i };
                out = out.open_group(right);
                i += 1;
            } else if b == b')' {
                if !group.open {
                    out = out.fail("a `)` without `(`", i, i + 1);
                }
                out = out.close_group(right, group.at, i + 1);
                group.open = false;
                i += 1;
            } else if b == b'-' {
                if i + 1 >= s.len() || s[i + 1] != b'>' {
                    out = out.fail("a `-` that is not part of `->`", i, i + 1);
                } else if right {
                    out = out.fail("a second `->`", i, i + 2);
                } else if group.open {
                    out = out.fail(
                        "a `(` that is not closed before `->`",
                        group.at,
                        group.at + 1,
                    );
                } else if shape_only {
                    out = out.fail(
                        "parse_shape! takes the axes of one tensor, without `->`",
                        i,
                        i + 2,
                    );
                }
                right = true;
                i += 2;
            } else if b == b'.' {
                if i + 2 >= s.len() || s[i + 1] != b'.' || s[i + 2] != b'.' {
                    out = out.fail("a `.` that is not part of `...`", i, i + 1);
                } else {
                    out = out.push_ellipsis(right, group.open, i);
                }
                i += 3;
            } else if b.is_ascii_digit() {
                let start = i;
                let mut value = 0usize;
                let mut overflow = false;
                while i < s.len() && s[i].is_ascii_digit() {
                    match value.checked_mul(10) {
                        Some(v) => match v.checked_add((s[i] - b'0') as usize) {
                            Some(v) => value = v,
                            None => overflow = true,
                        },
                        None => overflow = true,
                    }
                    i += 1;
                }
                if i < s.len() && is_name_byte(s[i]) {
                    out = out.fail("a name that starts with a digit", start, i + 1);
                } else if overflow || value == 0 {
                    out = out.fail("an axis size that is 0 or does not fit `usize`", start, i);
                } else if shape_only {
                    out = out.fail("parse_shape! takes names, `_` and `...`", start, i);
                } else {
                    out = out.push_number(right, group.open, value, start, i);
                }
            } else if is_name_start(b) {
                let start = i;
                while i < s.len() && is_name_byte(s[i]) {
                    i += 1;
                }
                if shape_only && i - start == 1 && b == b'_' {
                    // `_` skips an axis in `parse_shape!`: an anonymous axis of any size.
                    out = out.push_axis(right, false, NO_ELEM, start, i);
                } else {
                    if (s[start] == b'_' || s[i - 1] == b'_') && out.bad_name.is_none() {
                        // einops' rule: `_x`, `x_` and `_` are not axis names.
                        out.bad_name = Some((start, i));
                    }
                    out = out.push_name(right, group.open, start, i);
                }
            } else {
                let width = match b {
                    0..=0x7f => 1,
                    0xc0..=0xdf => 2,
                    0xe0..=0xef => 3,
                    _ => 4,
                };
                out = out.fail(
                    "a character that is not part of a name: names are letters, digits and `_`",
                    i,
                    i + width,
                );
                i += width;
            }
        }
        if out.problem.is_some() {
            return out;
        }
        if group.open {
            out = out.fail("a `(` that is not closed", group.at, group.at + 1);
        }
        if !right && !shape_only {
            out = out.fail(
                "the spec needs `->` between the input and the output",
                s.len(),
                s.len(),
            );
        }
        if let Some((start, end)) = out.bad_name {
            out = out.fail(
                "an axis name that starts or ends with `_`, which einops refuses",
                start,
                end,
            );
        }
        out.check_sides()
    }

    /// The spec with its problem set, unless one was recorded already.
    const fn fail(mut self, message: &'static str, start: usize, end: usize) -> Self {
        if self.problem.is_none() {
            self.problem = Some(Problem::at(message, start, end));
        }
        self
    }

    const fn side(&mut self, right: bool) -> &mut Side {
        if right {
            &mut self.output
        } else {
            &mut self.input
        }
    }

    /// Starts a group at the current end of the side.
    const fn open_group(mut self, right: bool) -> Self {
        let side = self.side(right);
        if side.groups < MAX_AXES {
            side.bounds[side.groups] = side.len;
        }
        self
    }

    /// Ends the group started last, written at bytes `start..end`.
    const fn close_group(mut self, right: bool, start: usize, end: usize) -> Self {
        let side = self.side(right);
        if side.groups >= MAX_RANK {
            return self.fail("more than 16 axes on one side", start, end);
        }
        side.spans[side.groups] = (start, end);
        side.groups += 1;
        side.bounds[side.groups] = side.len;
        self
    }

    /// Adds `elem` as a new elementary axis and appends it to a side; outside
    /// parentheses, as a group of its own.
    const fn push_axis(
        mut self,
        right: bool,
        in_group: bool,
        elem: Elem,
        start: usize,
        end: usize,
    ) -> Self {
        let id = self.n_axes;
        if id == MAX_AXES {
            return self.fail("more than 32 axes in the spec", start, end);
        }
        self.axes[id] = elem;
        self.n_axes += 1;
        self.push_id(right, in_group, id, start, end)
    }

    /// Appends the elementary axis `id` to a side.
    const fn push_id(
        mut self,
        right: bool,
        in_group: bool,
        id: usize,
        start: usize,
        end: usize,
    ) -> Self {
        if !in_group {
            self = self.open_group(right);
        }
        let side = self.side(right);
        if side.len == MAX_AXES {
            return self.fail("more than 32 axes on one side", start, end);
        }
        side.order[side.len] = id;
        side.len += 1;
        if in_group {
            self
        } else {
            self.close_group(right, start, end)
        }
    }

    const fn push_ellipsis(mut self, right: bool, in_group: bool, at: usize) -> Self {
        let side = if right { &self.output } else { &self.input };
        if side.ellipsis_group.is_some() {
            return self.fail("a second `...` on one side", at, at + 3);
        }
        let group = side.groups;
        if right {
            let mut id = 0;
            while id < self.n_axes && !self.axes[id].ellipsis {
                id += 1;
            }
            if id == self.n_axes {
                return self.fail("`...` in the output but not in the input", at, at + 3);
            }
            self.axes[id].output = true;
            self.output.ellipsis_group = Some(group);
            self.output.ellipsis_alone = !in_group;
            self.push_id(right, in_group, id, at, at + 3)
        } else {
            if in_group {
                return self.fail(
                    "`...` inside parentheses on the input side, which einops refuses",
                    at,
                    at + 3,
                );
            }
            self.input.ellipsis_group = Some(group);
            self.input.ellipsis_alone = true;
            let elem = Elem {
                start: at,
                end: at + 3,
                ellipsis: true,
                input: true,
                ..NO_ELEM
            };
            self.push_axis(right, false, elem, at, at + 3)
        }
    }

    const fn push_number(
        self,
        right: bool,
        in_group: bool,
        size: usize,
        start: usize,
        end: usize,
    ) -> Self {
        let unit_only = match self.kind {
            EinopsKind::Rearrange => true,
            EinopsKind::Reduce => right,
            EinopsKind::Repeat => !right,
            EinopsKind::ParseShape => true,
        };
        if unit_only && size != 1 {
            return self.fail(
                "a number other than 1 where einops allows only 1 (an axis of size 1)",
                start,
                end,
            );
        }
        let elem = Elem {
            start,
            end,
            size,
            number: true,
            input: !right,
            output: right,
            ..NO_ELEM
        };
        self.push_axis(right, in_group, elem, start, end)
    }

    /// The named elementary axis written at `start..end`, if there is one.
    const fn find_name(&self, start: usize, end: usize) -> Option<usize> {
        let s = self.src.as_bytes();
        let mut id = 0;
        while id < self.n_axes {
            let e = self.axes[id];
            if !e.number && !e.ellipsis && e.end > e.start && e.end - e.start == end - start {
                let mut k = 0;
                while k < end - start && s[e.start + k] == s[start + k] {
                    k += 1;
                }
                if k == end - start {
                    return Some(id);
                }
            }
            id += 1;
        }
        None
    }

    const fn push_name(mut self, right: bool, in_group: bool, start: usize, end: usize) -> Self {
        match self.find_name(start, end) {
            Some(id) if !right || self.axes[id].output => {
                let side = if right {
                    "an axis twice in the output"
                } else {
                    "an axis twice in the input"
                };
                self.fail(side, start, end)
            }
            Some(id) => {
                self.axes[id].output = true;
                self.push_id(right, in_group, id, start, end)
            }
            None if right && !matches!(self.kind, EinopsKind::Repeat) => {
                self.fail("an axis of the output that is not in the input", start, end)
            }
            None => {
                let elem = Elem {
                    start,
                    end,
                    input: !right,
                    output: right,
                    ..NO_ELEM
                };
                self.push_axis(right, in_group, elem, start, end)
            }
        }
    }

    /// einops' rules on which axes may be on one side only.
    const fn check_sides(self) -> Self {
        if self.problem.is_some() || matches!(self.kind, EinopsKind::ParseShape) {
            return self;
        }
        let mut id = 0;
        while id < self.n_axes {
            let e = self.axes[id];
            let dropped = e.input && !e.output && !e.number;
            if dropped && !matches!(self.kind, EinopsKind::Reduce) {
                let message = if e.ellipsis {
                    "`...` of the input is missing from the output"
                } else {
                    "an axis of the input that is missing from the output"
                };
                return self.fail(message, e.start, e.end);
            }
            id += 1;
        }
        self
    }

    /// The spec, checked against the names whose sizes are given (`name = size` after the
    /// spec): each must be a named axis, given once; each input group has at most one axis
    /// of unknown size; in [`repeat!`](crate::repeat), each new axis has a size.
    #[must_use]
    pub const fn with_sizes(mut self, names: &[&'static str]) -> Self {
        if self.problem.is_some() {
            return self;
        }
        let s = self.src.as_bytes();
        let mut known = [false; MAX_AXES];
        let mut i = 0;
        while i < names.len() {
            let mut id = 0;
            let mut found = None;
            while id < self.n_axes {
                let e = self.axes[id];
                if !e.number && !e.ellipsis && span_eq(s, e.start, e.end, names[i].as_bytes()) {
                    found = Some(id);
                }
                id += 1;
            }
            match found {
                None => {
                    let mut p = Problem::at(
                        "a size is given for `{w}`, which the spec does not name",
                        0,
                        s.len(),
                    );
                    p.word = names[i];
                    self.problem = Some(p);
                    return self;
                }
                Some(id) if known[id] => {
                    let mut p = Problem::at("a size is given twice for `{w}`", 0, s.len());
                    p.word = names[i];
                    self.problem = Some(p);
                    return self;
                }
                Some(id) => known[id] = true,
            }
            i += 1;
        }
        let mut g = 0;
        while g < self.input.groups {
            let mut unknown = 0;
            let mut k = self.input.bounds[g];
            while k < self.input.bounds[g + 1] {
                let e = self.axes[self.input.order[k]];
                if !e.number && !e.ellipsis && !known[self.input.order[k]] {
                    unknown += 1;
                }
                k += 1;
            }
            if unknown > 1 {
                let (start, end) = self.input.spans[g];
                return self.fail(
                    "an input group (marked) with two axes of unknown size: give all but one as `name = size`",
                    start,
                    end,
                );
            }
            g += 1;
        }
        let mut id = 0;
        while id < self.n_axes {
            let e = self.axes[id];
            if e.output && !e.input && !e.number && !known[id] {
                return self.fail(
                    "a new axis (marked) needs a size: give it as `name = size`",
                    e.start,
                    e.end,
                );
            }
            id += 1;
        }
        self
    }

    /// The first problem of the spec, if it has one.
    #[must_use]
    pub const fn problem(&self) -> Option<Problem> {
        self.problem
    }

    /// The operation the spec is for.
    #[must_use]
    pub const fn kind(&self) -> EinopsKind {
        self.kind
    }

    /// Whether the input has `...`.
    #[must_use]
    pub const fn has_ellipsis(&self) -> bool {
        self.input.ellipsis_group.is_some()
    }

    /// The number of input axes the spec names (groups), `...` aside: the operand's rank, or,
    /// with `...`, at most its rank.
    #[must_use]
    pub const fn input_rank(&self) -> usize {
        match self.input.ellipsis_group {
            Some(_) => self.input.groups - 1,
            None => self.input.groups,
        }
    }

    /// How the rank rules check the operand (see [`SpecTerm`](crate::SpecTerm)).
    #[doc(hidden)]
    #[must_use]
    pub const fn input_mode(&self) -> u8 {
        if self.problem.is_some() {
            UNCHECKED
        } else if self.has_ellipsis() {
            ELLIPSIS
        } else {
            EXACT
        }
    }

    /// The number of output axes the spec names (groups), a lone `...` aside: the result's
    /// rank, or, with a lone `...` in the output, its rank besides the axes `...` stands for.
    #[must_use]
    pub const fn output_rank(&self) -> usize {
        match (self.output.ellipsis_group, self.output.ellipsis_alone) {
            (Some(_), true) => self.output.groups - 1,
            _ => self.output.groups,
        }
    }

    /// How the rank rules compute the result's rank (see [`SpecOutput`](crate::SpecOutput)).
    #[doc(hidden)]
    #[must_use]
    pub const fn output_mode(&self) -> u8 {
        if self.problem.is_some() {
            UNCHECKED
        } else if self.output.ellipsis_group.is_some() && self.output.ellipsis_alone {
            ELLIPSIS
        } else if self.has_ellipsis() {
            ANY
        } else {
            EXACT
        }
    }

    /// The number of groups on the input (`false`) or output (`true`) side, `...` included.
    pub(crate) fn groups(&self, output: bool) -> usize {
        if output {
            self.output.groups
        } else {
            self.input.groups
        }
    }

    /// The elementary axes of group `g` of a side.
    pub(crate) fn group(&self, output: bool, g: usize) -> &[usize] {
        let side = if output { &self.output } else { &self.input };
        match (side.bounds.get(g), side.bounds.get(g + 1)) {
            (Some(&a), Some(&b)) if g < side.groups => side.order.get(a..b).unwrap_or(&[]),
            _ => &[],
        }
    }

    /// Whether group `g` of the output is a lone `...` (one output axis per axis it stands
    /// for), not `(...)` (one merged axis).
    pub(crate) fn is_lone_ellipsis(&self, g: usize) -> bool {
        self.output.ellipsis_alone && self.output.ellipsis_group == Some(g)
    }

    /// Whether elementary axis `id` is `...`.
    pub(crate) fn is_ellipsis(&self, id: usize) -> bool {
        self.axes.get(id).is_some_and(|e| e.ellipsis)
    }

    /// The size of elementary axis `id` if the spec writes it (a number).
    pub(crate) fn number(&self, id: usize) -> Option<usize> {
        self.axes.get(id).filter(|e| e.number).map(|e| e.size)
    }

    /// Whether elementary axis `id` is on the input side, and on the output side.
    #[cfg(any(feature = "alloc", test))]
    pub(crate) fn sides(&self, id: usize) -> (bool, bool) {
        self.axes
            .get(id)
            .map_or((false, false), |e| (e.input, e.output))
    }

    /// The name of elementary axis `id` (empty for a number, `_` or `...`).
    pub(crate) fn name(&self, id: usize) -> &'static str {
        let src: &'static str = self.src;
        match self.axes.get(id) {
            Some(e) if !e.number && !e.ellipsis && id < self.n_axes => {
                let name = src.get(e.start..e.end).unwrap_or("");
                if name == "_" { "" } else { name }
            }
            _ => "",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(spec: &'static str, kind: EinopsKind) -> (usize, usize) {
        let p = EinopsSpec::scan(spec, kind).problem().unwrap();
        (p.start, p.end)
    }

    #[test]
    fn groups_numbers_and_ellipsis() {
        let s = EinopsSpec::parse("b (h 2) (w 2) c -> b h w c", EinopsKind::Reduce);
        assert_eq!(
            (s.input_rank(), s.output_rank(), s.output_mode()),
            (4, 4, EXACT)
        );
        assert_eq!(s.group(false, 1).len(), 2);
        assert_eq!(s.number(s.group(false, 1)[1]), Some(2));
        let s = EinopsSpec::parse("... h w -> ... (h w)", EinopsKind::Rearrange);
        assert_eq!(
            (
                s.input_rank(),
                s.output_rank(),
                s.input_mode(),
                s.output_mode()
            ),
            (2, 1, ELLIPSIS, ELLIPSIS)
        );
        let s = EinopsSpec::parse("b ... -> (...) b", EinopsKind::Rearrange);
        assert_eq!((s.output_rank(), s.output_mode()), (2, ANY));
        let s = EinopsSpec::parse("b ... -> b", EinopsKind::Reduce);
        assert_eq!((s.output_rank(), s.output_mode()), (1, ANY));
        let s = EinopsSpec::parse("h w -> h w c", EinopsKind::Repeat).with_sizes(&["c"]);
        assert_eq!(s.sides(s.group(true, 2)[0]), (false, true));
        let s = EinopsSpec::parse("() a_1 -> (a_1) ()", EinopsKind::Rearrange);
        assert_eq!((s.input_rank(), s.output_rank()), (2, 2));
        assert_eq!(s.name(s.group(false, 1)[0]), "a_1");
        let s = EinopsSpec::parse("b _ h ...", EinopsKind::ParseShape);
        assert_eq!((s.input_rank(), s.name(s.group(false, 1)[0])), (3, ""));
    }

    #[test]
    fn problems_mark_the_part_at_fault() {
        use EinopsKind::{Rearrange, Reduce, Repeat};
        assert_eq!(at("a b -> a c", Rearrange), (9, 10));
        assert_eq!(at("a b -> a a b", Rearrange), (9, 10));
        assert_eq!(at("a a -> a", Rearrange), (2, 3));
        assert_eq!(at("a b -> a", Rearrange), (2, 3));
        assert_eq!(at("a (b c -> a b c", Rearrange), (2, 3));
        assert_eq!(at("a (b (c)) -> a b c", Rearrange), (5, 6));
        assert_eq!(at("a b) -> a b", Rearrange), (3, 4));
        assert_eq!(at("a b", Rearrange), (3, 3));
        assert_eq!(at("(a 2) -> a", Rearrange), (3, 4));
        assert_eq!(at("a -> a 2", Reduce), (7, 8));
        assert_eq!(at("a 2 -> a", Repeat), (2, 3));
        assert_eq!(at("(... a) -> a", Rearrange), (1, 4));
        assert_eq!(at("a -> ... a", Rearrange), (5, 8));
        assert_eq!(at("... a -> a", Rearrange), (0, 3));
        assert_eq!(at("_ h -> h _", Rearrange), (0, 1));
        assert_eq!(at("h post_ -> post_ h", Rearrange), (2, 7));
        assert_eq!(at("1a -> 1a", Rearrange), (0, 2));
        // Sizes: an unknown name, a group with two unknowns, a new axis without a size.
        let p = EinopsSpec::scan("a b -> a b", Rearrange)
            .with_sizes(&["c"])
            .problem()
            .unwrap();
        assert_eq!(p.word, "c");
        assert_eq!(
            EinopsSpec::scan("(a b) -> a b", Rearrange)
                .with_sizes(&[])
                .problem()
                .unwrap()
                .start,
            0
        );
        let p = EinopsSpec::scan("a -> a c", Repeat)
            .with_sizes(&[])
            .problem()
            .unwrap();
        assert_eq!((p.start, p.end), (7, 8));
        assert!(
            EinopsSpec::scan("a -> a c", Repeat)
                .with_sizes(&["c"])
                .problem()
                .is_none()
        );
        assert!(EinopsSpec::scan("a b -> a", Reduce).problem().is_none());
    }
}
