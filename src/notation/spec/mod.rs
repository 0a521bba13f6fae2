//! The specs of [`einsum!`](crate::einsum) and [`rearrange!`](crate::rearrange), parsed by
//! `const fn`s: the macros put the parsed spec in a `const` item, so a malformed spec is a
//! compile error (reported by `cargo check`), and its ranks are type parameters.
//!
//! A spec that does not parse records its first [`Problem`] (what is wrong, and where in the
//! spec) instead of panicking; the macro turns it into one compile error that quotes the spec
//! and marks the part at fault ([`SpecMessage`]), and the rank checks of a spec with a problem
//! accept any operand, so that no rank error computed from a half-parsed spec comes first.
//!
//! Nothing here knows about tensors; the lowering to views and products is in the sibling
//! modules.

mod einops;
mod einsum;

pub(crate) use einops::MAX_AXES;
pub use einops::{EinopsKind, EinopsSpec};
pub use einsum::{EinsumSpec, MAX_OPERANDS};

/// Whether `b` may start a `rearrange!` axis name.
const fn is_name_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_'
}

const fn is_name_byte(b: u8) -> bool {
    is_name_start(b) || b.is_ascii_digit()
}

/// The bytes of `s[start..end]` equal `name`.
const fn span_eq(s: &[u8], start: usize, end: usize, name: &[u8]) -> bool {
    if end - start != name.len() {
        return false;
    }
    let mut i = 0;
    while i < name.len() {
        if s[start + i] != name[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// What is wrong with a spec, and where: the bytes `start..end` of the spec are at fault
/// (`start == end` marks a position, such as the end of the spec for a missing `)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Problem {
    /// What is wrong, in a sentence that starts with the macro's name.
    pub message: &'static str,
    /// The first byte of the spec at fault.
    pub start: usize,
    /// One past the last byte at fault.
    pub end: usize,
    /// The numbers that replace the `{}`s of `message`, in order.
    pub numbers: [usize; 2],
    /// The word that replaces `{w}` in `message` (a name given with a size).
    pub word: &'static str,
}

impl Problem {
    /// The problem `message` at bytes `start..end` of the spec.
    #[must_use]
    pub const fn at(message: &'static str, start: usize, end: usize) -> Self {
        Problem {
            message,
            start,
            end,
            numbers: [0; 2],
            word: "",
        }
    }
}

/// The text of a notation macro's compile error: the [`Problem`]'s sentence, then the spec
/// quoted on a line of its own with the part at fault marked by `^` under it. `N` is the room
/// for the text; the macros give twice the spec's length and 256 bytes, which always suffices
/// (the text is cut short, never overrun, otherwise).
///
/// # Examples
///
/// ```
/// use ranked::notation::{EinsumSpec, SpecMessage};
///
/// const SPEC: EinsumSpec = EinsumSpec::scan("ij,jk->ikd");
/// const MESSAGE: SpecMessage<300> = SpecMessage::new(SPEC.problem(), "ij,jk->ikd");
/// assert_eq!(
///     MESSAGE.as_str(),
///     Some("einsum!: an index of the output (marked) is in no input term\n  ij,jk->ikd\n           ^")
/// );
/// ```
#[derive(Clone, Copy, Debug)]
pub struct SpecMessage<const N: usize> {
    buf: [u8; N],
    len: usize,
}

impl<const N: usize> SpecMessage<N> {
    /// The message of `problem` in `spec`; empty if there is no problem.
    #[must_use]
    pub const fn new(problem: Option<Problem>, spec: &str) -> Self {
        Self::titled("", problem, spec)
    }

    /// The message of `problem` in `spec`, after `title` (the macro's name); empty if there is
    /// no problem.
    #[must_use]
    pub const fn titled(title: &str, problem: Option<Problem>, spec: &str) -> Self {
        let mut m = SpecMessage {
            buf: [0; N],
            len: 0,
        };
        let Some(p) = problem else {
            return m;
        };
        m = m.push(title.as_bytes());
        // The sentence, with each `{}` replaced by the next number and `{w}` by the word.
        let mut rest = p.message.as_bytes();
        let mut next = 0;
        while !rest.is_empty() {
            let mut i = 0;
            let mut hole = 0;
            while i < rest.len() {
                if rest[i] == b'{' && i + 1 < rest.len() && rest[i + 1] == b'}' {
                    hole = 2;
                    break;
                }
                if rest[i] == b'{'
                    && i + 2 < rest.len()
                    && rest[i + 1] == b'w'
                    && rest[i + 2] == b'}'
                {
                    hole = 3;
                    break;
                }
                i += 1;
            }
            let (text, tail) = rest.split_at(i);
            m = m.push(text);
            if hole == 2 && next < p.numbers.len() {
                m = m.push_number(p.numbers[next]);
                next += 1;
            } else if hole == 3 {
                m = m.push(p.word.as_bytes());
            }
            rest = tail
                .split_at(if hole <= tail.len() { hole } else { tail.len() })
                .1;
        }
        m = m.push(b"\n  ");
        m = m.push(spec.as_bytes());
        m = m.push(b"\n  ");
        let mut i = 0;
        while i < p.start {
            m = m.push(b" ");
            i += 1;
        }
        m = m.push(b"^");
        i += 1;
        while i < p.end {
            m = m.push(b"^");
            i += 1;
        }
        m
    }

    /// Appends `n` in decimal.
    const fn push_number(mut self, n: usize) -> Self {
        let mut digits = [0u8; 20];
        let (mut k, mut rest) = (digits.len(), n);
        loop {
            k -= 1;
            digits[k] = b'0' + (rest % 10) as u8;
            rest /= 10;
            if rest == 0 {
                break;
            }
        }
        self = self.push(digits.split_at(k).1);
        self
    }

    /// Appends `bytes`, as far as there is room, never splitting a character.
    const fn push(mut self, bytes: &[u8]) -> Self {
        let mut i = 0;
        while i < bytes.len() && self.len < N {
            // A character's continuation bytes follow it only if the whole character fits.
            let width = match bytes[i] {
                0..=0x7f => 1,
                0xc0..=0xdf => 2,
                0xe0..=0xef => 3,
                _ => 4,
            };
            if self.len + width > N || i + width > bytes.len() {
                break;
            }
            let mut k = 0;
            while k < width {
                self.buf[self.len] = bytes[i + k];
                self.len += 1;
                k += 1;
            }
            i += width;
        }
        self
    }

    /// The text, or `None` if the spec has no problem.
    #[must_use]
    pub const fn as_str(&self) -> Option<&str> {
        if self.len == 0 {
            return None;
        }
        match core::str::from_utf8(self.buf.split_at(self.len).0) {
            Ok(s) => Some(s),
            Err(_) => Some("the spec is malformed"),
        }
    }
}
