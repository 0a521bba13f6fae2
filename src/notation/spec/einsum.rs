//! The spec of [`einsum!`](crate::einsum) (NumPy's `einsum` notation), parsed by a `const fn`.

use crate::rank::MAX_RANK;
use crate::rank::term_mode::{ELLIPSIS, EXACT, UNCHECKED};

use super::Problem;

/// The most operands an [`einsum!`](crate::einsum) takes.
pub const MAX_OPERANDS: usize = 8;

/// A parsed [`einsum!`](crate::einsum) spec: up to eight input terms and the output term,
/// each a list of single-letter indices with at most one `...` (NumPy's `einsum` notation).
///
/// Built at compile time by [`parse`](Self::parse) or [`scan`](Self::scan); the macro is the
/// way to use it.
///
/// # Examples
///
/// ```
/// use ranked::notation::EinsumSpec;
///
/// const SPEC: EinsumSpec = EinsumSpec::parse("bij,bjk->bik");
/// assert_eq!((SPEC.operands(), SPEC.term_rank(0), SPEC.output_rank()), (2, 3, 3));
/// assert_eq!(SPEC.output(), b"bik");
/// // Without `->`, the output is every index that appears once, in alphabetical order.
/// assert_eq!(EinsumSpec::parse("ij,jk").output(), b"ik");
/// // `...` stands for the axes a term does not name; the indices around it are counted.
/// const BATCHED: EinsumSpec = EinsumSpec::parse("...ij,...jk->...ik");
/// assert_eq!((BATCHED.term_rank(1), BATCHED.term_ellipsis(1)), (2, Some(0)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EinsumSpec {
    terms: [[u8; MAX_RANK]; MAX_OPERANDS],
    term_lens: [usize; MAX_OPERANDS],
    /// For each term with `...`, the number of indices before it.
    ellipses: [Option<usize>; MAX_OPERANDS],
    n_terms: usize,
    out: [u8; MAX_RANK],
    /// The byte of the spec where each output index is written (explicit mode).
    out_at: [usize; MAX_RANK],
    out_len: usize,
    out_ellipsis: Option<usize>,
    /// Where the input terms end (the `->`, or the end of the spec).
    inputs_end: usize,
    problem: Option<Problem>,
}

impl EinsumSpec {
    /// Parses a spec such as `"bij,bjk->bik"` or `"...ij,...jk->...ik"`.
    ///
    /// One to eight comma-separated input terms, `->`, and the output term; indices are ASCII
    /// letters, each term may hold one `...`, spaces are ignored. Without `->`, the output is
    /// `...` if any input has it, then the indices that appear exactly once, sorted (NumPy's
    /// implicit mode).
    ///
    /// # Panics
    ///
    /// On a malformed spec — at compile time when evaluated in a `const` — with the message of
    /// [`problem`](Self::problem): more than eight input terms, a character that is not a
    /// letter, `,`, `->`, `...` or a space, two `...` in one term, more than 16 indices in a
    /// term, an index repeated in the output, or an output index that no input has.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::notation::EinsumSpec;
    ///
    /// const TRACE: EinsumSpec = EinsumSpec::parse("ii->");
    /// assert_eq!((TRACE.term_rank(0), TRACE.output_rank()), (2, 0));
    /// ```
    #[must_use]
    pub const fn parse(spec: &str) -> Self {
        let parsed = Self::scan(spec);
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
    /// use ranked::notation::EinsumSpec;
    ///
    /// let problem = EinsumSpec::scan("ab,bc->ad").problem().unwrap();
    /// assert_eq!((problem.start, problem.end), (8, 9)); // the `d`
    /// ```
    #[must_use]
    pub const fn scan(spec: &str) -> Self {
        let s = spec.as_bytes();
        let mut out = EinsumSpec {
            terms: [[0; MAX_RANK]; MAX_OPERANDS],
            term_lens: [0; MAX_OPERANDS],
            ellipses: [None; MAX_OPERANDS],
            n_terms: 1,
            out: [0; MAX_RANK],
            out_at: [0; MAX_RANK],
            out_len: 0,
            out_ellipsis: None,
            inputs_end: s.len(),
            problem: None,
        };
        let mut arrow = false;
        let mut i = 0;
        // Stops at the first problem.
        while i < s.len() && out.problem.is_none() {
            let b = s[i];
            let t = out.n_terms - 1;
            if b == b' ' {
            } else if b.is_ascii_alphabetic() {
                if arrow {
                    if out.out_len == MAX_RANK {
                        out = out.fail("einsum!: the output has more than 16 indices", i, i + 1);
                    } else {
                        out.out[out.out_len] = b;
                        out.out_at[out.out_len] = i;
                        out.out_len += 1;
                    }
                } else if out.term_lens[t] == MAX_RANK {
                    out = out.fail("einsum!: an input term has more than 16 indices", i, i + 1);
                } else {
                    out.terms[t][out.term_lens[t]] = b;
                    out.term_lens[t] += 1;
                }
            } else if b == b'.' {
                let whole = i + 2 < s.len() && s[i + 1] == b'.' && s[i + 2] == b'.';
                let before = if arrow {
                    out.out_ellipsis
                } else {
                    out.ellipses[t]
                };
                if !whole {
                    out = out.fail("einsum!: a `.` that is not part of `...`", i, i + 1);
                } else if before.is_some() {
                    out = out.fail("einsum!: a second `...` in one term", i, i + 3);
                } else if arrow {
                    out.out_ellipsis = Some(out.out_len);
                } else {
                    out.ellipses[t] = Some(out.term_lens[t]);
                }
                i += 2;
            } else if b == b',' {
                if arrow {
                    out = out.fail(
                        "einsum!: a `,` after `->`: the output is one term",
                        i,
                        i + 1,
                    );
                } else if out.n_terms == MAX_OPERANDS {
                    out = out.fail("einsum!: more than 8 input terms", i, i + 1);
                } else {
                    out.n_terms += 1;
                }
            } else if b == b'-' {
                if i + 1 >= s.len() || s[i + 1] != b'>' {
                    out = out.fail("einsum!: a `-` that is not part of `->`", i, i + 1);
                } else if arrow {
                    out = out.fail("einsum!: a second `->`", i, i + 2);
                } else {
                    out.inputs_end = i;
                }
                arrow = true;
                i += 1;
            } else {
                let width = utf8_width(b);
                out = out.fail(
                    "einsum!: a character that is not an index: indices are the letters a-z and A-Z",
                    i,
                    i + width,
                );
            }
            i += 1;
        }
        if out.problem.is_some() {
            return out;
        }
        if arrow {
            let mut k = 0;
            while k < out.out_len {
                let label = out.out[k];
                let mut j = 0;
                while j < k {
                    if out.out[j] == label {
                        let at = out.out_at[k];
                        out =
                            out.fail("einsum!: an index twice in the output (marked)", at, at + 1);
                    }
                    j += 1;
                }
                if out.count(label) == 0 {
                    let at = out.out_at[k];
                    out = out.fail(
                        "einsum!: an index of the output (marked) is in no input term",
                        at,
                        at + 1,
                    );
                }
                k += 1;
            }
        } else {
            // NumPy's implicit output: `...` if any input has it, then the indices that
            // appear exactly once, in sorted order.
            let mut t = 0;
            while t < out.n_terms {
                if out.ellipses[t].is_some() {
                    out.out_ellipsis = Some(0);
                }
                t += 1;
            }
            let mut label = b'A';
            while label <= b'z' {
                if label.is_ascii_alphabetic() && out.count(label) == 1 && out.out_len < MAX_RANK {
                    out.out[out.out_len] = label;
                    out.out_len += 1;
                }
                label += 1;
            }
        }
        out
    }

    /// The spec with its problem set, unless one was recorded already.
    const fn fail(mut self, message: &'static str, start: usize, end: usize) -> Self {
        if self.problem.is_none() {
            self.problem = Some(Problem::at(message, start, end));
        }
        self
    }

    /// How many times `label` appears in the input terms.
    const fn count(&self, label: u8) -> usize {
        let mut n = 0;
        let mut t = 0;
        while t < self.n_terms {
            let mut k = 0;
            while k < self.term_lens[t] {
                if self.terms[t][k] == label {
                    n += 1;
                }
                k += 1;
            }
            t += 1;
        }
        n
    }

    /// The spec, with a problem recorded unless it has `n` input terms (the number of operands
    /// given to the macro). The problem names both counts and marks the input terms.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::notation::EinsumSpec;
    ///
    /// let spec = EinsumSpec::scan("ij,jk->ik").with_operands(3);
    /// assert_eq!(spec.problem().unwrap().numbers, [2, 3]);
    /// ```
    #[must_use]
    pub const fn with_operands(mut self, n: usize) -> Self {
        if self.problem.is_none() && n != self.n_terms {
            let mut problem = Problem::at(
                "einsum!: the spec has {} input terms (marked), but {} operands are given",
                0,
                self.inputs_end,
            );
            problem.numbers = [self.n_terms, n];
            self.problem = Some(problem);
        }
        self
    }

    /// The first problem of the spec, if it has one: what is wrong and which bytes of the spec
    /// are at fault.
    #[must_use]
    pub const fn problem(&self) -> Option<Problem> {
        self.problem
    }

    /// The number of input terms (operands), 1 to 8.
    #[must_use]
    pub const fn operands(&self) -> usize {
        self.n_terms
    }

    /// The number of indices that input term `k` names (0 if there is no such term): the rank
    /// its operand must have, or, with `...`, at least have.
    #[must_use]
    pub const fn term_rank(&self, k: usize) -> usize {
        if k < self.n_terms {
            self.term_lens[k]
        } else {
            0
        }
    }

    /// Where input term `k` has `...`: the number of indices before it.
    #[must_use]
    pub const fn term_ellipsis(&self, k: usize) -> Option<usize> {
        if k < self.n_terms && k < self.ellipses.len() {
            self.ellipses[k]
        } else {
            None
        }
    }

    /// How the rank rules check input term `k` against its operand (see `EXACT`).
    #[doc(hidden)]
    #[must_use]
    pub const fn term_mode(&self, k: usize) -> u8 {
        if self.problem.is_some() {
            UNCHECKED
        } else if self.term_ellipsis(k).is_some() {
            ELLIPSIS
        } else {
            EXACT
        }
    }

    /// The number of indices the output names: the rank of the result, or, with `...` in the
    /// output, the rank besides the axes `...` stands for.
    #[must_use]
    pub const fn output_rank(&self) -> usize {
        self.out_len
    }

    /// Where the output has `...`: the number of indices before it.
    #[must_use]
    pub const fn output_ellipsis(&self) -> Option<usize> {
        self.out_ellipsis
    }

    /// How the rank rules compute the result's rank (see `EXACT`).
    #[doc(hidden)]
    #[must_use]
    pub const fn output_mode(&self) -> u8 {
        if self.problem.is_some() {
            UNCHECKED
        } else if self.out_ellipsis.is_some() {
            ELLIPSIS
        } else {
            EXACT
        }
    }

    /// The indices input term `k` names, in order, without its `...` (empty if there is no
    /// such term).
    #[must_use]
    pub fn term(&self, k: usize) -> &[u8] {
        match (self.terms.get(k), self.term_lens.get(k)) {
            (Some(t), Some(&len)) if k < self.n_terms => t.get(..len).unwrap_or(&[]),
            _ => &[],
        }
    }

    /// The indices the output names, in order, without its `...`.
    #[must_use]
    pub fn output(&self) -> &[u8] {
        self.out.get(..self.out_len).unwrap_or(&[])
    }
}

/// The length of the UTF-8 character whose first byte is `b`.
const fn utf8_width(b: u8) -> usize {
    match b {
        0..=0x7f => 1,
        0xc0..=0xdf => 2,
        0xe0..=0xef => 3,
        _ => 4,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn einsum_specs() {
        let s = EinsumSpec::parse(" bij , bjk -> bik ");
        assert_eq!(
            (s.term(0), s.term(1), s.output()),
            (&b"bij"[..], &b"bjk"[..], &b"bik"[..])
        );
        let s = EinsumSpec::parse("ii");
        assert_eq!((s.operands(), s.output()), (1, &b""[..]));
        let s = EinsumSpec::parse("ba,Ac");
        assert_eq!(s.output(), b"Aabc");
        assert_eq!(EinsumSpec::parse("->").output_rank(), 0);
        assert_eq!(s.term(2), b"");
        let s = EinsumSpec::parse("a...b,...,c...->...ac");
        assert_eq!(
            (s.term_ellipsis(0), s.term_ellipsis(1), s.term_ellipsis(2)),
            (Some(1), Some(0), Some(1))
        );
        assert_eq!((s.output_ellipsis(), s.output()), (Some(0), &b"ac"[..]));
        // Implicit mode with `...`: the ellipsis first.
        let s = EinsumSpec::parse("...ij,...jk");
        assert_eq!((s.output_ellipsis(), s.output()), (Some(0), &b"ik"[..]));
        let s = EinsumSpec::parse("a,b,c,d,e,f,g,h->hgfedcba");
        assert_eq!(s.operands(), 8);
    }

    #[test]
    fn problems_mark_the_part_at_fault() {
        let at = |spec: &str| {
            let p = EinsumSpec::scan(spec).problem().unwrap();
            (p.start, p.end)
        };
        assert_eq!(at("ij,jk->ikd"), (9, 10));
        assert_eq!(at("ij,jk->ii"), (8, 9));
        assert_eq!(at("ij,jk=>ik"), (5, 6));
        assert_eq!(at("..i->i"), (0, 1));
        assert_eq!(at("...i...->i"), (4, 7));
        assert_eq!(at("i->i->i"), (4, 6));
        assert_eq!(at("a,b,c,d,e,f,g,h,i"), (15, 16));
        assert_eq!(at("ié->i"), (1, 3));
        assert_eq!(
            EinsumSpec::scan("ij")
                .with_operands(2)
                .problem()
                .unwrap()
                .end,
            2
        );
        assert!(
            EinsumSpec::scan("ij,jk->ik")
                .with_operands(2)
                .problem()
                .is_none()
        );
        assert_eq!(EinsumSpec::scan("i->ix").term_mode(0), UNCHECKED);
    }
}
