//! The one error type of the crate: [`ShapeError`].
//!
//! A `ShapeError` is `Copy`, needs no allocator and carries the numbers involved: the kind of
//! problem, the axis it happened on (when there is one, and a second axis for problems between
//! two axes), the operand of a many-tensor operation, and the value that was expected next to
//! the value that was found. The numbers are read as `i128` so that sizes (`usize`) and strides
//! (`isize`, possibly negative) both fit exactly; they are stored as a `usize` magnitude and a
//! sign, with everything else packed into one 64-bit word, so the error is 24 bytes (16 on
//! 32-bit targets) and its `Display` never does 128-bit arithmetic.
//! `Display` turns all that into one sentence.

use core::fmt;
use core::num::NonZeroU64;

/// What went wrong, as a category. See [`ShapeError`] for the numbers that come with it.
///
/// The enum is `#[non_exhaustive]`: later versions add kinds as new operations need them.
///
/// # Examples
///
/// ```
/// use ranked::{ErrorKind, Tensor};
///
/// let err = Tensor::from_vec(vec![1, 2, 3], [2, 2]).unwrap_err();
/// assert_eq!(err.kind(), ErrorKind::LengthMismatch);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
#[repr(u8)]
pub enum ErrorKind {
    /// The storage does not hold exactly as many elements as the shape needs.
    /// `expected` is the element count of the shape, `found` the storage length.
    LengthMismatch,
    /// A layout reaches past the end of its storage. `expected` is the storage length,
    /// `found` the largest offset the layout reaches.
    OutOfStorage,
    /// A layout reaches before the start of its storage (negative strides with too small an
    /// offset). `found` is how many elements before the start the lowest offset lies.
    BeforeStorage,
    /// A storage offset beyond the end of an empty tensor's storage. `expected` is the storage
    /// length, `found` the offset.
    OffsetOutOfStorage,
    /// An index is out of bounds on `axis`: `expected` is the size of that axis, `found` the
    /// index.
    IndexOutOfBounds,
    /// Arithmetic on sizes, strides or offsets overflowed (`usize` element count or `isize`
    /// memory offsets); `axis` is the axis at which it happened.
    Overflow,
    /// A layout maps two different indices to the same element, which is only allowed for
    /// read-only storage. `axis` is an axis whose stride collides with the others.
    Overlap,
    /// The allocator could not provide room for `expected` elements.
    Allocation,
    /// An axis has the wrong size: `expected` is the size needed, `found` the size it has
    /// (for example `squeeze` of an axis that is not 1).
    SizeMismatch,
    /// A runtime axis number is not below the rank: `expected` is the rank, `found` the axis.
    InvalidAxis,
    /// An axis appears twice where each must appear once (`permute`): `found` is the axis,
    /// `axis` the position of its second appearance.
    RepeatedAxis,
    /// Two axes cannot be merged without a copy: `axis` and `second_axis` are the adjacent pair,
    /// `expected` the stride `axis` would need, `found` the stride it has.
    NotContiguous,
    /// The sizes given for `split` do not multiply to the axis size: `expected` is the axis size,
    /// `found` the product of the given sizes.
    NotDivisible,
    /// More than one size was marked [`INFER`](crate::INFER): `found` is how many.
    MultipleInferred,
    /// A range bound lies beyond the axis: `expected` is the axis size, `found` the bound.
    RangeOutOfBounds,
    /// A range whose start lies after its end: `expected` is the start, `found` the end.
    InvalidRange,
    /// A step of 0 along `axis`.
    ZeroStep,
    /// A size that cannot be broadcast: `axis` is the target axis, `expected` the target size,
    /// `found` the tensor's size there.
    BroadcastMismatch,
    /// The size to infer is ambiguous because the other sizes multiply to 0: `expected` is the
    /// axis size.
    CannotInfer,
    /// A rank that does not match: `expected` is the rank needed, `found` the rank given.
    RankMismatch,
    /// A reshape to a shape with a different element count: `expected` is the count of the
    /// source shape, `found` that of the target.
    CountMismatch,
    /// A reduction that needs at least one element (`min`, `max`, `mean`, `argmin`, …) over
    /// none; `axis` is the empty axis of an along-axis reduction.
    Empty,
    /// More axes than a dynamic-rank layout holds: `expected` is
    /// [`MAX_DYN_RANK`](crate::shape::MAX_DYN_RANK), `found` the rank asked for.
    TooManyAxes,
    /// Mutable pieces (axis iteration, lanes, `split_at`) were asked for along `axis`, but the
    /// pieces interleave in memory (the columns of a row-major matrix do), so they cannot each
    /// be handed their own `&mut` slice. `for_each_axis_mut` and `for_each_lane_mut` hand them
    /// out one at a time instead.
    Interleaved,
    /// A join ([`concatenate`](crate::concatenate), [`stack`](crate::stack)) of no tensors at
    /// all: the result's shape is unknown.
    NoOperands,
    /// An axis with fewer elements than an operation takes from it (`topk` of more than the
    /// axis holds): `expected` is the least count it needs, `found` the count there is;
    /// `axis` is the axis.
    TooFewElements,
    /// A storage taken from a strided view of memory that has gaps (a view converted from
    /// ndarray, nalgebra or faer, see [`ViewRepr`](crate::storage::ViewRepr)) was given a new
    /// layout. Such a storage only holds the layout it came with, and what view operations
    /// derive from it.
    StorageHasGaps,
    /// A conversion to another library's view, which cannot walk an axis backwards (nalgebra's
    /// strides are unsigned): `axis` is the axis, `found` its stride.
    NegativeStride,
    /// A conversion to another library's array (ndarray, nalgebra, faer) of more elements
    /// than it can hold: the product of the non-zero sizes must not exceed `isize::MAX`
    /// (ndarray's rule for every array, empty ones included; for nalgebra, their bytes).
    /// `expected` is the limit in elements, `found` the product. A broadcast view can reach
    /// this with one element in memory.
    TooManyElements,
    /// A quantile outside `[0, 1]`, or a percentile outside `[0, 100]`, or NaN (NumPy raises
    /// `ValueError` too).
    QuantileOutOfRange,
    /// A linear-algebra function that needs square matrices (`inv`, `det`, `solve`, `eigh`, …)
    /// was given `expected` rows and `found` columns; `axis` is the column axis.
    NotSquare,
    /// A matrix of a stack is singular (`inv`, `solve`, `matrix_power` with a negative
    /// exponent): its LU factorisation meets an exact zero pivot, as LAPACK's `getrf` reports
    /// (NumPy's `LinAlgError: Singular matrix`). `found` is the matrix's index in the stack,
    /// counted in row-major order over the batch axes (0 for a single matrix).
    Singular,
    /// A matrix of a stack is not positive definite (`cholesky`): `found` is its index in the
    /// stack (row-major over the batch axes), `expected` the column where the factorisation
    /// met a pivot that is not positive.
    NotPositiveDefinite,
    /// An iterative decomposition (`svd`, `eigh`, `eig`) did not converge: `found` is the
    /// matrix's index in the stack (row-major over the batch axes).
    NoConvergence,
    /// A checked conversion between element types (`try_astype`) met a value the target type
    /// cannot hold (NaN, an infinity, or beyond its range): `found` is the element's index in
    /// row-major order.
    NotRepresentable,
    /// A discrete Fourier transform of no points: `n = 0` was asked for along `axis`, or the
    /// axis is empty and no `n` was given (NumPy raises `ValueError` too). For the inverse real
    /// transforms, `found` is the output length that the input's axis of size 1 implies (0).
    NoPoints,
    /// A slice description (`s![]`) holds more than one `...`: `found` is how many. NumPy
    /// raises `IndexError` too; the typed [`slice`](crate::TensorBase::slice) rejects it at
    /// compile time, the dynamic-rank one here.
    RepeatedEllipsis,
}

/// A runtime shape error: what went wrong and where.
///
/// Every fallible function of the crate returns this type. It is `Copy`, allocates nothing,
/// implements [`Display`](fmt::Display) and [`core::error::Error`], and is 24 bytes (two
/// `usize` numbers and one 64-bit word for the rest; 16 bytes on 32-bit targets), so a `Result`
/// carrying it costs no more to move than the views it is returned beside, and needs no tag of
/// its own. Its numbers are kept as a magnitude and a sign and formatted without 128-bit
/// arithmetic.
///
/// # Examples
///
/// ```
/// use ranked::{ErrorKind, Tensor};
///
/// let t = Tensor::from_vec(vec![1, 2, 3, 4, 5, 6], [2, 3]).unwrap();
/// let err = t.layout().try_offset_of([1, 3]).unwrap_err();
/// assert_eq!(err.kind(), ErrorKind::IndexOutOfBounds);
/// assert_eq!(err.axis(), Some(1));
/// assert_eq!((err.expected(), err.found()), (3, 3));
/// assert_eq!(err.to_string(), "index 3 is out of bounds for axis 1 of size 3");
/// assert!(size_of::<ShapeError>() <= 3 * size_of::<usize>());
/// # use ranked::ShapeError;
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct ShapeError {
    /// Magnitude of the expected value; its sign is in `tag`.
    expected: usize,
    /// Magnitude of the found value; its sign is in `tag`.
    found: usize,
    /// Everything else, packed into one word: see [`Tag`].
    tag: Tag,
}

/// The kind, axes, operand and signs of a [`ShapeError`], packed into one 64-bit word.
///
/// One word rather than five small fields, so that code moving a `Result` carrying the error
/// moves whole words: with fields of one and two bytes, the optimiser split the words a `Result`
/// shares with its `Ok` value (an offset, a shape) into pieces of those sizes and wrote them back
/// one piece at a time, and the next whole-word read of the value waited for the pieces (a failed
/// store-to-load forward). The bit 63 marker keeps the word non-zero, so `Result<T, ShapeError>`
/// still needs no tag of its own.
///
/// Bits 0–15: the axis, `NO_AXIS` when absent. Bits 16–31: the second axis, likewise.
/// Bits 32–39: the operand, `NO_OPERAND` when absent. Bit 40: `expected` is negative. Bit 41:
/// `found` is negative. Bits 48–55: the kind.
///
/// # Invariants
///
/// 1. Bits 48–55 hold the discriminant of an [`ErrorKind`] variant: only [`Tag::new`] sets
///    them, from an `ErrorKind`; the other methods change only bits 0–39.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Tag(NonZeroU64);

const NO_AXIS: u16 = u16::MAX;
const NO_OPERAND: u8 = u8::MAX;

const AXIS_SHIFT: u32 = 0;
const SECOND_AXIS_SHIFT: u32 = 16;
const OPERAND_SHIFT: u32 = 32;
const EXPECTED_NEGATIVE: u64 = 1 << 40;
const FOUND_NEGATIVE: u64 = 1 << 41;
const KIND_SHIFT: u32 = 48;
const MARKER: u64 = 1 << 63;

impl Tag {
    const fn new(kind: ErrorKind, axis: u16, negative: (bool, bool)) -> Self {
        let bits = MARKER
            | ((kind as u8 as u64) << KIND_SHIFT)
            | ((axis as u64) << AXIS_SHIFT)
            | ((NO_AXIS as u64) << SECOND_AXIS_SHIFT)
            | ((NO_OPERAND as u64) << OPERAND_SHIFT)
            | if negative.0 { EXPECTED_NEGATIVE } else { 0 }
            | if negative.1 { FOUND_NEGATIVE } else { 0 };
        match NonZeroU64::new(bits) {
            Some(bits) => Self(bits),
            // Never taken: the marker bit is set, so `bits` is not 0. (1 would read as kind
            // 0, a discriminant, so invariant 1 would hold even then.)
            None => Self(NonZeroU64::MIN),
        }
    }

    const fn bits(self) -> u64 {
        self.0.get()
    }

    const fn kind(self) -> ErrorKind {
        let discriminant = (self.bits() >> KIND_SHIFT) as u8;
        // SAFETY: `ErrorKind` is `repr(u8)` and, by invariant 1, `discriminant` is the
        // discriminant of one of its variants.
        unsafe { core::mem::transmute::<u8, ErrorKind>(discriminant) }
    }

    const fn field(self, shift: u32) -> u16 {
        (self.bits() >> shift) as u16
    }

    /// The same tag with the 16 bits at `shift` (an axis: `AXIS_SHIFT` or
    /// `SECOND_AXIS_SHIFT`, below the kind's bits) replaced by `value`.
    const fn with_field(self, shift: u32, value: u16) -> Self {
        debug_assert!(shift == AXIS_SHIFT || shift == SECOND_AXIS_SHIFT);
        let bits = (self.bits() & !(0xffff << shift)) | ((value as u64) << shift);
        match NonZeroU64::new(bits) {
            Some(bits) => Self(bits),
            // The marker bit is kept, so `bits` is never 0.
            None => self,
        }
    }

    const fn operand(self) -> u8 {
        (self.bits() >> OPERAND_SHIFT) as u8
    }

    /// The same tag naming `operand`.
    const fn with_operand(self, operand: u8) -> Self {
        let bits = (self.bits() & !(0xff << OPERAND_SHIFT)) | ((operand as u64) << OPERAND_SHIFT);
        match NonZeroU64::new(bits) {
            Some(bits) => Self(bits),
            // The marker bit is kept, so `bits` is never 0.
            None => self,
        }
    }

    const fn expected_negative(self) -> bool {
        self.bits() & EXPECTED_NEGATIVE != 0
    }

    const fn found_negative(self) -> bool {
        self.bits() & FOUND_NEGATIVE != 0
    }
}

/// `axis` as kept in an error: numbers from `NO_AXIS` on (a tensor of 65,535 axes or more) are
/// not kept.
const fn pack_axis(axis: Option<usize>) -> u16 {
    match axis {
        Some(a) if a < NO_AXIS as usize => a as u16,
        _ => NO_AXIS,
    }
}

const fn unpack_axis(axis: u16) -> Option<usize> {
    if axis == NO_AXIS {
        None
    } else {
        Some(axis as usize)
    }
}

/// `value` as magnitude and sign; magnitudes beyond `usize` (never produced by this crate)
/// saturate.
const fn split_number(value: i128) -> (usize, bool) {
    let magnitude = value.unsigned_abs();
    let magnitude = if magnitude > usize::MAX as u128 {
        usize::MAX
    } else {
        magnitude as usize
    };
    (magnitude, value < 0)
}

const fn join_number(magnitude: usize, negative: bool) -> i128 {
    if negative {
        -(magnitude as i128)
    } else {
        magnitude as i128
    }
}

/// A number of an error as it is printed: a sign, then the magnitude as a `usize`.
struct Signed(usize, bool);

impl fmt::Display for Signed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.1 {
            f.write_str("-")?;
        }
        fmt::Display::fmt(&self.0, f)
    }
}

impl fmt::Debug for Signed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl ShapeError {
    /// Builds an error from its parts.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{ErrorKind, ShapeError};
    ///
    /// let e = ShapeError::new(ErrorKind::IndexOutOfBounds, Some(0), 4, 7);
    /// assert_eq!(e.to_string(), "index 7 is out of bounds for axis 0 of size 4");
    /// ```
    #[must_use]
    pub const fn new(kind: ErrorKind, axis: Option<usize>, expected: i128, found: i128) -> Self {
        let (expected, expected_negative) = split_number(expected);
        let (found, found_negative) = split_number(found);
        Self::from_parts(
            kind,
            axis,
            (expected, expected_negative),
            (found, found_negative),
        )
    }

    /// An error whose two numbers are sizes (never negative): what the crate builds, without
    /// going through `i128`.
    pub(crate) const fn sizes(
        kind: ErrorKind,
        axis: Option<usize>,
        expected: usize,
        found: usize,
    ) -> Self {
        Self::from_parts(kind, axis, (expected, false), (found, false))
    }

    /// An error whose two numbers are strides or offsets (possibly negative).
    pub(crate) const fn strides(
        kind: ErrorKind,
        axis: Option<usize>,
        expected: isize,
        found: isize,
    ) -> Self {
        Self::from_parts(
            kind,
            axis,
            (expected.unsigned_abs(), expected < 0),
            (found.unsigned_abs(), found < 0),
        )
    }

    const fn from_parts(
        kind: ErrorKind,
        axis: Option<usize>,
        expected: (usize, bool),
        found: (usize, bool),
    ) -> Self {
        Self {
            expected: expected.0,
            found: found.0,
            tag: Tag::new(kind, pack_axis(axis), (expected.1, found.1)),
        }
    }

    /// The same error, also naming a second axis (for problems between two axes).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{ErrorKind, ShapeError};
    ///
    /// let e = ShapeError::new(ErrorKind::NotContiguous, Some(0), 4, 1).with_second_axis(1);
    /// assert_eq!(e.second_axis(), Some(1));
    /// ```
    #[must_use]
    pub const fn with_second_axis(mut self, axis: usize) -> Self {
        self.tag = self
            .tag
            .with_field(SECOND_AXIS_SHIFT, pack_axis(Some(axis)));
        self
    }

    /// The second axis of a problem between two axes ([`ErrorKind::NotContiguous`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{ErrorKind, ShapeError};
    ///
    /// assert_eq!(ShapeError::new(ErrorKind::Overflow, None, 0, 0).second_axis(), None);
    /// ```
    #[must_use]
    pub const fn second_axis(&self) -> Option<usize> {
        unpack_axis(self.tag.field(SECOND_AXIS_SHIFT))
    }

    /// The same error, naming the operand it is about: its position (0 for the first) in the
    /// list given to [`concatenate`](crate::concatenate), [`stack`](crate::stack) or a
    /// [`Zip`](crate::Zip). Positions from 255 on are not kept.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{ErrorKind, ShapeError};
    ///
    /// let e = ShapeError::new(ErrorKind::SizeMismatch, Some(1), 4, 3).with_operand(2);
    /// assert_eq!(e.operand(), Some(2));
    /// assert_eq!(e.to_string(), "operand 2: axis 1 has size 3 where size 4 is needed");
    /// ```
    #[must_use]
    pub const fn with_operand(mut self, operand: usize) -> Self {
        self.tag = self.tag.with_operand(if operand < NO_OPERAND as usize {
            operand as u8
        } else {
            NO_OPERAND
        });
        self
    }

    /// The operand the error is about, for operations on several tensors (see
    /// [`with_operand`](Self::with_operand)).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{ErrorKind, ShapeError};
    ///
    /// assert_eq!(ShapeError::new(ErrorKind::Overflow, None, 0, 0).operand(), None);
    /// ```
    #[must_use]
    pub const fn operand(&self) -> Option<usize> {
        match self.tag.operand() {
            NO_OPERAND => None,
            operand => Some(operand as usize),
        }
    }

    /// The category of the error.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{ErrorKind, ShapeError};
    ///
    /// let e = ShapeError::new(ErrorKind::Overflow, Some(2), 0, 0);
    /// assert_eq!(e.kind(), ErrorKind::Overflow);
    /// ```
    #[must_use]
    pub const fn kind(&self) -> ErrorKind {
        self.tag.kind()
    }

    /// The axis the error is about, if it is about one. Axis numbers from 65,535 on (of a
    /// tensor with that many axes) are not kept, and read as `None`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{ErrorKind, ShapeError};
    ///
    /// let e = ShapeError::new(ErrorKind::LengthMismatch, None, 6, 5);
    /// assert_eq!(e.axis(), None);
    /// ```
    #[must_use]
    pub const fn axis(&self) -> Option<usize> {
        unpack_axis(self.tag.field(AXIS_SHIFT))
    }

    /// The value that was expected (its meaning depends on [`kind`](Self::kind)).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{ErrorKind, ShapeError};
    ///
    /// let e = ShapeError::new(ErrorKind::LengthMismatch, None, 6, 5);
    /// assert_eq!(e.expected(), 6);
    /// ```
    #[must_use]
    pub const fn expected(&self) -> i128 {
        join_number(self.expected, self.tag.expected_negative())
    }

    /// The value that was found (its meaning depends on [`kind`](Self::kind)).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::{ErrorKind, ShapeError};
    ///
    /// let e = ShapeError::new(ErrorKind::LengthMismatch, None, 6, 5);
    /// assert_eq!(e.found(), 5);
    /// ```
    #[must_use]
    pub const fn found(&self) -> i128 {
        join_number(self.found, self.tag.found_negative())
    }

    /// The magnitude of [`found`](Self::found), for errors whose numbers are sizes.
    pub(crate) const fn found_size(&self) -> usize {
        self.found
    }

    pub(crate) const fn length_mismatch(expected: usize, found: usize) -> Self {
        Self::new(
            ErrorKind::LengthMismatch,
            None,
            expected as i128,
            found as i128,
        )
    }

    pub(crate) const fn storage_has_gaps() -> Self {
        Self::new(ErrorKind::StorageHasGaps, None, 0, 0)
    }

    pub(crate) const fn overflow(axis: Option<usize>) -> Self {
        Self::new(ErrorKind::Overflow, axis, 0, 0)
    }

    pub(crate) const fn index_out_of_bounds(axis: usize, size: usize, index: usize) -> Self {
        Self::new(
            ErrorKind::IndexOutOfBounds,
            Some(axis),
            size as i128,
            index as i128,
        )
    }

    pub(crate) const fn size_mismatch(axis: usize, expected: usize, found: usize) -> Self {
        Self::new(
            ErrorKind::SizeMismatch,
            Some(axis),
            expected as i128,
            found as i128,
        )
    }

    pub(crate) const fn invalid_axis(rank: usize, axis: usize) -> Self {
        Self::new(ErrorKind::InvalidAxis, None, rank as i128, axis as i128)
    }

    pub(crate) const fn range_out_of_bounds(axis: usize, size: usize, bound: usize) -> Self {
        Self::new(
            ErrorKind::RangeOutOfBounds,
            Some(axis),
            size as i128,
            bound as i128,
        )
    }

    pub(crate) const fn zero_step(axis: usize) -> Self {
        Self::new(ErrorKind::ZeroStep, Some(axis), 0, 0)
    }
}

struct AxisSuffix(Option<usize>);

impl fmt::Display for AxisSuffix {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(axis) => write!(f, " at axis {axis}"),
            None => Ok(()),
        }
    }
}

/// An axis number, or `?` when the error does not know it.
struct OrQuestion(Option<usize>);

impl fmt::Display for OrQuestion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(axis) => write!(f, "{axis}"),
            None => f.write_str("?"),
        }
    }
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(operand) = self.operand() {
            write!(f, "operand {operand}: ")?;
        }
        self.fmt_message(f)
    }
}

impl ShapeError {
    fn fmt_message(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let e = Signed(self.expected, self.tag.expected_negative());
        let n = Signed(self.found, self.tag.found_negative());
        let at = AxisSuffix(self.axis());
        match self.kind() {
            ErrorKind::LengthMismatch => write!(
                f,
                "the shape needs {e} elements but the storage holds {n}{at}"
            ),
            ErrorKind::OutOfStorage => write!(
                f,
                "the layout reaches element {n} but the storage holds only {e} elements{at}"
            ),
            ErrorKind::BeforeStorage => write!(
                f,
                "the layout reaches {n} elements before the start of the storage{at}"
            ),
            ErrorKind::OffsetOutOfStorage => write!(
                f,
                "offset {n} lies beyond the end of a storage of {e} elements"
            ),
            ErrorKind::IndexOutOfBounds => match self.axis() {
                Some(axis) => write!(f, "index {n} is out of bounds for axis {axis} of size {e}"),
                None => write!(f, "index {n} is out of bounds for size {e}"),
            },
            ErrorKind::Overflow => write!(f, "size, stride or offset arithmetic overflowed{at}"),
            ErrorKind::Overlap => write!(
                f,
                "the strides map two indices to the same element{at}; \
                 only read-only storage may alias"
            ),
            ErrorKind::Allocation => write!(f, "could not allocate room for {e} elements"),
            ErrorKind::SizeMismatch => match self.axis() {
                Some(axis) => write!(f, "axis {axis} has size {n} where size {e} is needed"),
                None => write!(f, "size {n} where size {e} is needed"),
            },
            ErrorKind::InvalidAxis => write!(f, "axis {n} does not exist in a rank-{e} tensor"),
            ErrorKind::RepeatedAxis => write!(
                f,
                "axis {n} appears more than once (again at position {})",
                OrQuestion(self.axis())
            ),
            ErrorKind::NotContiguous => write!(
                f,
                "axes {} and {} are not contiguous with each other: axis {} has stride {n}, \
                 but merging them without a copy needs stride {e}",
                OrQuestion(self.axis()),
                OrQuestion(self.second_axis()),
                OrQuestion(self.axis())
            ),
            ErrorKind::NotDivisible => write!(
                f,
                "sizes multiplying to {n} cannot split an axis of size {e}{at}"
            ),
            ErrorKind::MultipleInferred => write!(
                f,
                "{n} sizes are marked INFER; at most one size can be inferred"
            ),
            ErrorKind::RangeOutOfBounds => {
                write!(f, "bound {n} is beyond the end of an axis of size {e}{at}")
            }
            ErrorKind::InvalidRange => write!(f, "range start {e} lies after its end {n}{at}"),
            ErrorKind::ZeroStep => write!(f, "step 0{at}; a step must not be zero"),
            ErrorKind::BroadcastMismatch => write!(
                f,
                "cannot broadcast size {n} to size {e}{at}; only sizes equal to it or 1 broadcast"
            ),
            ErrorKind::CannotInfer => write!(
                f,
                "cannot infer a size for an axis of size {e}{at}: the other sizes multiply to 0"
            ),
            ErrorKind::RankMismatch => write!(f, "expected rank {e}, found rank {n}"),
            ErrorKind::CountMismatch => write!(
                f,
                "cannot reshape {e} elements into a shape of {n} elements"
            ),
            ErrorKind::Empty => write!(
                f,
                "the reduction needs at least one element, and there are none{at}"
            ),
            ErrorKind::TooManyAxes => write!(
                f,
                "rank {n} is more than the {e} axes a dynamic-rank layout holds"
            ),
            ErrorKind::Interleaved => write!(
                f,
                "the pieces along axis {} interleave in memory, so they cannot be separate \
                 mutable views alive together; use `for_each_axis_mut` or \
                 `for_each_lane_mut`, which hand them out one at a time",
                OrQuestion(self.axis())
            ),
            ErrorKind::NoOperands => f.write_str("there are no tensors to join"),
            ErrorKind::TooFewElements => write!(
                f,
                "the operation needs at least {e} elements{at}, and there are {n}"
            ),
            ErrorKind::NegativeStride => write!(
                f,
                "axis {} has stride {n}; the target cannot walk an axis backwards \
                 (copy with `to_contiguous` first)",
                OrQuestion(self.axis())
            ),
            ErrorKind::TooManyElements => write!(
                f,
                "the shape has {n} elements (the product of its non-zero sizes), more than the \
                 {e} the target library can hold"
            ),
            ErrorKind::QuantileOutOfRange => f.write_str(
                "a quantile must lie in [0, 1] (a percentile in [0, 100]), and not be NaN",
            ),
            ErrorKind::NotSquare => write!(
                f,
                "the matrices must be square, but they have {e} rows and {n} columns{at}"
            ),
            ErrorKind::Singular => write!(f, "matrix {n} of the stack is singular"),
            ErrorKind::NotPositiveDefinite => write!(
                f,
                "matrix {n} of the stack is not positive definite (pivot {e} is not positive)"
            ),
            ErrorKind::NotRepresentable => write!(
                f,
                "element {n} (in row-major order) cannot be represented in the target type"
            ),
            ErrorKind::NoPoints => write!(
                f,
                "a Fourier transform needs at least one point, and there are none{at}"
            ),
            ErrorKind::RepeatedEllipsis => write!(
                f,
                "a slice description holds {n} `...`; at most one can stand for the other axes"
            ),
            ErrorKind::NoConvergence => write!(
                f,
                "the decomposition of matrix {n} of the stack did not converge"
            ),
            ErrorKind::StorageHasGaps => f.write_str(
                "the storage is a strided view of memory with gaps; it only holds the layout \
                 it came with and the views derived from it",
            ),
        }
    }
}

impl fmt::Debug for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut d = f.debug_struct("ShapeError");
        d.field("kind", &self.kind())
            .field("axis", &self.axis())
            .field("second_axis", &self.second_axis())
            .field(
                "expected",
                &Signed(self.expected, self.tag.expected_negative()),
            )
            .field("found", &Signed(self.found, self.tag.found_negative()));
        if let Some(operand) = self.operand() {
            d.field("operand", &operand);
        }
        d.finish()
    }
}

impl core::error::Error for ShapeError {}

/// The panicking twins of the fallible methods: `self.try_max_axis(axis).or_panic("max along an
/// axis", self.shape())` is the value, or a panic that names the operation and the input's
/// shape, then gives the error in its own words. Every twin that reports its input goes through
/// here, so their messages read alike.
pub(crate) trait OrPanic<T> {
    /// The value, or the panic of `what` on a tensor of `shape`.
    fn or_panic(self, what: &str, shape: &[usize]) -> T;
}

impl<T> OrPanic<T> for Result<T, ShapeError> {
    #[inline]
    #[track_caller]
    fn or_panic(self, what: &str, shape: &[usize]) -> T {
        match self {
            Ok(value) => value,
            Err(err) => failed(what, shape, err),
        }
    }
}

/// The panic of [`OrPanic::or_panic`], kept out of line so the twins stay small.
#[cold]
#[inline(never)]
#[track_caller]
fn failed(what: &str, shape: &[usize], err: ShapeError) -> ! {
    panic!("{what} of a tensor of shape {shape:?}: {err}")
}

/// An error of an operation that reads indices from a tensor (`take_along_axis`,
/// `put_along_axis`, `index_add`, `take`): an index out of range, named with its position in
/// the index tensor, or shapes that do not fit together.
///
/// # Examples
///
/// ```
/// use ranked::{Axis, IndexError, tensor};
///
/// let t = tensor![[10, 20, 30], [40, 50, 60]];
/// let err = t.take_along_axis(Axis::<1>, &tensor![[0, 2], [1, 3]]).unwrap_err();
/// assert_eq!(
///     err,
///     IndexError::OutOfBounds { position: [1, 1], index: 3, axis: 1, size: 3 }
/// );
/// assert_eq!(
///     err.to_string(),
///     "index 3 at position [1, 1] of the indices is out of bounds for axis 1 of size 3"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IndexError<const R: usize> {
    /// The index at `position` of the index tensor (of rank `R`) is `index`, which is not
    /// below `size`, the size of the data's `axis`.
    OutOfBounds {
        /// Where the index stands in the index tensor.
        position: [usize; R],
        /// The index.
        index: usize,
        /// The data's axis it indexes.
        axis: usize,
        /// The size of that axis.
        size: usize,
    },
    /// The shapes do not fit together (or the result is too large).
    Shape(ShapeError),
}

impl<const R: usize> From<ShapeError> for IndexError<R> {
    fn from(err: ShapeError) -> Self {
        Self::Shape(err)
    }
}

impl<const R: usize> fmt::Display for IndexError<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::OutOfBounds {
                position,
                index,
                axis,
                size,
            } => write!(
                f,
                "index {index} at position {position:?} of the indices is out of bounds for \
                 axis {axis} of size {size}"
            ),
            Self::Shape(err) => fmt::Display::fmt(err, f),
        }
    }
}

impl<const R: usize> core::error::Error for IndexError<R> {}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every kind, in declaration order.
    const KINDS: [ErrorKind; 37] = [
        ErrorKind::LengthMismatch,
        ErrorKind::OutOfStorage,
        ErrorKind::BeforeStorage,
        ErrorKind::OffsetOutOfStorage,
        ErrorKind::IndexOutOfBounds,
        ErrorKind::Overflow,
        ErrorKind::Overlap,
        ErrorKind::Allocation,
        ErrorKind::SizeMismatch,
        ErrorKind::InvalidAxis,
        ErrorKind::RepeatedAxis,
        ErrorKind::NotContiguous,
        ErrorKind::NotDivisible,
        ErrorKind::MultipleInferred,
        ErrorKind::RangeOutOfBounds,
        ErrorKind::InvalidRange,
        ErrorKind::ZeroStep,
        ErrorKind::BroadcastMismatch,
        ErrorKind::CannotInfer,
        ErrorKind::RankMismatch,
        ErrorKind::CountMismatch,
        ErrorKind::Empty,
        ErrorKind::TooManyAxes,
        ErrorKind::Interleaved,
        ErrorKind::NoOperands,
        ErrorKind::TooFewElements,
        ErrorKind::StorageHasGaps,
        ErrorKind::NegativeStride,
        ErrorKind::TooManyElements,
        ErrorKind::QuantileOutOfRange,
        ErrorKind::NotSquare,
        ErrorKind::Singular,
        ErrorKind::NotPositiveDefinite,
        ErrorKind::NoConvergence,
        ErrorKind::NotRepresentable,
        ErrorKind::NoPoints,
        ErrorKind::RepeatedEllipsis,
    ];

    #[test]
    fn every_field_reads_back_as_written() {
        for (i, &kind) in KINDS.iter().enumerate() {
            assert_eq!(kind as u8 as usize, i, "{kind:?}");
        }
        for (i, &kind) in KINDS.iter().enumerate() {
            let (axis, second, operand) = (i * 997 % 65_535, i * 31 % 65_535, i * 7 % 255);
            let e = ShapeError::new(kind, Some(axis), -(i as i128) - 1, i as i128 * 1000)
                .with_second_axis(second)
                .with_operand(operand);
            assert_eq!(e.kind(), kind);
            assert_eq!(e.axis(), Some(axis));
            assert_eq!(e.second_axis(), Some(second));
            assert_eq!(e.operand(), Some(operand));
            assert_eq!(e.expected(), -(i as i128) - 1);
            assert_eq!(e.found(), i as i128 * 1000);
            // Each setter leaves the other fields alone, in either order.
            let f = ShapeError::new(kind, Some(axis), -(i as i128) - 1, i as i128 * 1000)
                .with_operand(operand)
                .with_second_axis(second);
            assert_eq!(e, f);
        }
    }

    #[test]
    fn absent_and_unkept_fields_read_as_none() {
        let e = ShapeError::new(ErrorKind::NegativeStride, None, usize::MAX as i128, -7);
        assert_eq!((e.axis(), e.second_axis(), e.operand()), (None, None, None));
        assert_eq!((e.expected(), e.found()), (usize::MAX as i128, -7));
        let e = e.with_second_axis(65_535).with_operand(255);
        assert_eq!((e.second_axis(), e.operand()), (None, None));
        let e = ShapeError::new(ErrorKind::Overlap, Some(70_000), 0, 0).with_operand(1000);
        assert_eq!(
            (e.axis(), e.operand(), e.kind()),
            (None, None, ErrorKind::Overlap)
        );
        // The largest kept values do not spill into the neighbouring fields.
        let e = ShapeError::new(ErrorKind::Empty, Some(65_534), 1, 2)
            .with_second_axis(65_534)
            .with_operand(254);
        assert_eq!(e.axis(), Some(65_534));
        assert_eq!(e.second_axis(), Some(65_534));
        assert_eq!(e.operand(), Some(254));
        assert_eq!(
            (e.kind(), e.expected(), e.found()),
            (ErrorKind::Empty, 1, 2)
        );
    }

    #[test]
    fn results_carrying_the_error_need_no_tag() {
        assert_eq!(size_of::<ShapeError>(), 2 * size_of::<usize>() + 8);
        assert_eq!(size_of::<Result<(), ShapeError>>(), size_of::<ShapeError>());
        assert_eq!(
            size_of::<Result<usize, ShapeError>>(),
            size_of::<ShapeError>()
        );
    }
}
