//! The indices of a term of [`einsum!`](crate::einsum) or [`einsum_into!`](crate::einsum_into)
//! once its `...` is expanded: the planner's and the lowering's unit, with no allocation.

/// The most distinct indices an expanded spec has: 52 letters and 16 axes of `...`.
pub(crate) const MAX_LABELS: usize = 52 + crate::rank::MAX_RANK;

/// The first label byte of the axes `...` stands for: axis `g` of the broadcast `...` is
/// `ELLIPSIS_LABEL + g`, a byte no letter has.
pub(crate) const ELLIPSIS_LABEL: u8 = 0x80;

/// The indices of one term or intermediate result, in axis order (a term's repeated index,
/// a diagonal, appears once per axis).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Labels {
    pub(super) bytes: [u8; 2 * MAX_LABELS],
    pub(super) len: usize,
}

impl Labels {
    pub(crate) const EMPTY: Labels = Labels {
        bytes: [0; 2 * MAX_LABELS],
        len: 0,
    };

    /// The labels of `bytes`, or `None` if there are more than the room for them.
    pub(crate) fn of(bytes: &[u8]) -> Option<Labels> {
        let mut l = Labels::EMPTY;
        l.bytes.get_mut(..bytes.len())?.copy_from_slice(bytes);
        l.len = bytes.len();
        Some(l)
    }

    pub(crate) fn as_slice(&self) -> &[u8] {
        self.bytes.get(..self.len).unwrap_or(&[])
    }
}
