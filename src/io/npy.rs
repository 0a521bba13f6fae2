//! NumPy's `.npy` format (versions 1.0, 2.0 and 3.0), as `np.save` writes it and `np.load`
//! reads it.
//!
//! A file is a magic string (`\x93NUMPY`), a version, a header length, a header that is a
//! Python dict literal (`{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }`) and the
//! elements, in C order or, with `fortran_order`, in Fortran order.
//!
//! Reading checks the file against the type asked for: the rank against `R` (for
//! [`read_npy`]), the dtype against `T` exactly — a file of `float64` read as `f32` is an error
//! that names both, not a conversion. Big-endian data (`'>f8'`) is converted on read; Fortran
//! order becomes a column-major layout, not a copy. Bytes after the data are ignored, as
//! `np.load` ignores them. Nothing the file says is trusted before it is checked: a size that
//! overflows, a header or data shorter than announced, a malformed header is a [`FileError`]
//! naming the part of the file at fault, and no allocation is made for data the file does not
//! hold.
//!
//! Writing produces version 1.0 (2.0 when the header needs more than 64 KiB), C order, and a
//! header padded so the data starts on a multiple of 64 bytes, as NumPy does.
//!
//! The element types are the primitive ones NumPy has: `bool` (`'|b1'`), `i8`…`i64`, `u8`…`u64`,
//! `f32` (`'<f4'`) and `f64` (`'<f8'`).
//!
//! # Examples
//!
//! ```
//! use ranked::{DynTensor, Tensor, io::npy, tensor};
//!
//! let t = tensor![[1i16, -2, 3], [4, 5, -6]];
//! let bytes = npy::to_bytes(&t)?;
//! assert_eq!(&bytes[..6], b"\x93NUMPY");
//! assert_eq!(bytes.len() % 64, 12 % 64); // a 64-byte-aligned header, then 6 × 2 bytes
//!
//! let back: Tensor<i16, 2> = npy::from_bytes(&bytes)?;
//! assert_eq!(back, t);
//! let any_rank: DynTensor<i16> = npy::from_bytes_dyn(&bytes)?;
//! assert_eq!(any_rank.shape(), &[2, 3]);
//!
//! // The element type is checked, not converted.
//! let err = npy::from_bytes::<f32, 2>(&bytes).unwrap_err();
//! assert_eq!(
//!     err.to_string(),
//!     "the file holds elements of dtype '<i2'; '<f4' was asked for (no conversion is made)"
//! );
//! # Ok::<(), ranked::io::FileError>(())
//! ```

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use std::io::{Read, Write};
use std::path::Path;

use super::FileError;
use crate::dynamic::{DynTensor, DynTensorBase};
use crate::error::{ErrorKind, ShapeError};
use crate::layout::{MAX_DYN_RANK, Order};
use crate::storage::Storage;
use crate::tensor::{Tensor, TensorBase};

/// The magic string every `.npy` file starts with.
const MAGIC: &[u8; 6] = b"\x93NUMPY";

/// The header and the data start on a multiple of this many bytes in the files written here.
const ALIGN: usize = 64;

mod sealed {
    pub trait Sealed {}
}

/// An element type that a `.npy` file can hold: `bool`, `i8`…`i64`, `u8`…`u64`, `f32` and `f64`.
/// Sealed.
///
/// # Examples
///
/// ```
/// use ranked::io::NpyElement;
///
/// assert_eq!((f32::DESCR, u8::DESCR, bool::DESCR), ("<f4", "|u1", "|b1"));
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an element type the .npy format holds",
    label = "not a .npy element type",
    note = "the .npy element types are `bool`, `i8` to `i64`, `u8` to `u64`, `f32` and `f64`"
)]
pub trait NpyElement: Copy + sealed::Sealed {
    /// The dtype as NumPy writes it for this type: `'<f4'` for `f32`, `'|u1'` for `u8`.
    const DESCR: &'static str;
    /// The dtype's kind character: `b`, `i`, `u` or `f`.
    #[doc(hidden)]
    const KIND: u8;
    /// The size in bytes.
    #[doc(hidden)]
    const SIZE: usize;
    /// The element of `bytes` (exactly `SIZE` of them), in the byte order given.
    #[doc(hidden)]
    fn read(bytes: &[u8], big_endian: bool) -> Self;
    /// Appends the element's little-endian bytes.
    #[doc(hidden)]
    fn write_le(self, out: &mut Vec<u8>);
    /// Whether every bit pattern of `SIZE` bytes is a value of the type (not so for `bool`,
    /// whose only values are the bytes 0 and 1), so that file data can be viewed in place.
    #[doc(hidden)]
    const ANY_BITS: bool = true;
    /// The value whose bytes are all zero, to fill memory the file's bytes are read into.
    #[doc(hidden)]
    const ZERO: Self;
    /// Whether `bytes` (exactly `SIZE` of them, in the machine's order) are a value.
    #[doc(hidden)]
    fn valid(bytes: &[u8]) -> bool {
        let _ = bytes;
        Self::ANY_BITS
    }
}

macro_rules! npy_numbers {
    ($($t:ty => $descr:literal, $kind:literal;)*) => {$(
        impl sealed::Sealed for $t {}
        impl NpyElement for $t {
            const DESCR: &'static str = $descr;
            const KIND: u8 = $kind;
            const SIZE: usize = core::mem::size_of::<$t>();
            const ZERO: Self = 0 as $t;
            #[inline]
            fn read(bytes: &[u8], big_endian: bool) -> Self {
                let mut raw = [0u8; core::mem::size_of::<$t>()];
                raw.copy_from_slice(bytes);
                if big_endian {
                    <$t>::from_be_bytes(raw)
                } else {
                    <$t>::from_le_bytes(raw)
                }
            }
            #[inline]
            fn write_le(self, out: &mut Vec<u8>) {
                out.extend_from_slice(&self.to_le_bytes());
            }
        }
    )*};
}

npy_numbers! {
    i8 => "|i1", b'i';
    i16 => "<i2", b'i';
    i32 => "<i4", b'i';
    i64 => "<i8", b'i';
    u8 => "|u1", b'u';
    u16 => "<u2", b'u';
    u32 => "<u4", b'u';
    u64 => "<u8", b'u';
    f32 => "<f4", b'f';
    f64 => "<f8", b'f';
}

impl sealed::Sealed for bool {}
/// A byte other than 0 reads as `true`, as NumPy reads it.
impl NpyElement for bool {
    const DESCR: &'static str = "|b1";
    const KIND: u8 = b'b';
    const SIZE: usize = 1;
    const ZERO: Self = false;
    #[inline]
    fn read(bytes: &[u8], _big_endian: bool) -> Self {
        bytes.first().is_some_and(|&b| b != 0)
    }
    #[inline]
    fn write_le(self, out: &mut Vec<u8>) {
        out.push(u8::from(self));
    }
    const ANY_BITS: bool = false;
    #[inline]
    fn valid(bytes: &[u8]) -> bool {
        matches!(bytes, [0 | 1])
    }
}

/// The header of a `.npy` file: what the file says it holds.
///
/// # Examples
///
/// ```
/// use ranked::{io::npy, tensor};
///
/// let bytes = npy::to_bytes(&tensor![[true, false]])?;
/// let header = npy::Header::parse(&bytes)?;
/// assert_eq!((header.descr.as_str(), header.fortran_order), ("|b1", false));
/// assert_eq!((header.shape.as_slice(), header.version), (&[1usize, 2][..], (1, 0)));
/// assert_eq!(header.data_offset % 64, 0);
/// # Ok::<(), ranked::io::FileError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Header {
    /// The format version, `(1, 0)`, `(2, 0)` or `(3, 0)`.
    pub version: (u8, u8),
    /// The dtype as the file writes it (`'<f4'`).
    pub descr: String,
    /// Whether the elements are in Fortran (column-major) order.
    pub fortran_order: bool,
    /// The shape.
    pub shape: Vec<usize>,
    /// Where the data starts, in bytes from the start of the file.
    pub data_offset: usize,
}

impl Header {
    /// Reads the header at the start of `bytes`, checking everything it says except the data
    /// that follows it.
    ///
    /// # Errors
    ///
    /// [`FileError::Format`] naming the part at fault: the magic string, the version, the header
    /// length (past the end of the file) or the header itself (not a dict with exactly the keys
    /// `descr`, `fortran_order` and `shape`, a size that does not fit in `usize`).
    pub fn parse(bytes: &[u8]) -> Result<Self, FileError> {
        if bytes.get(..MAGIC.len()) != Some(&MAGIC[..]) {
            return Err(FileError::format(
                "magic string",
                "is not NumPy's: this is not a .npy file",
            ));
        }
        let (major, minor) = match (bytes.get(6), bytes.get(7)) {
            (Some(&major), Some(&minor)) => (major, minor),
            _ => return Err(FileError::format("version", "is missing: the file ends")),
        };
        let (len_bytes, start): (usize, usize) = match (major, minor) {
            (1, 0) => (2, 10),
            (2 | 3, 0) => (4, 12),
            _ => {
                return Err(FileError::format(
                    "version",
                    format!("{major}.{minor} is not one of 1.0, 2.0 and 3.0"),
                ));
            }
        };
        let Some(raw_len) = bytes.get(8..8 + len_bytes) else {
            return Err(FileError::format(
                "header length",
                "is missing: the file ends",
            ));
        };
        let header_len = raw_len
            .iter()
            .rev()
            .fold(0usize, |len, &b| (len << 8) | usize::from(b));
        let end = start
            .checked_add(header_len)
            .filter(|&end| end <= bytes.len());
        let Some(end) = end else {
            return Err(FileError::format(
                "header length",
                format!(
                    "says {header_len} bytes, but the file holds {} after it",
                    bytes.len().saturating_sub(start)
                ),
            ));
        };
        let Ok(text) = core::str::from_utf8(&bytes[start..end]) else {
            return Err(FileError::format("header", "is not text"));
        };
        let (descr, fortran_order, shape) = parse_dict(text)?;
        Ok(Header {
            version: (major, minor),
            descr,
            fortran_order,
            shape,
            data_offset: end,
        })
    }
}

/// The header's dict: `{'descr': …, 'fortran_order': …, 'shape': (…), }`, in any order, each
/// key once.
fn parse_dict(text: &str) -> Result<(String, bool, Vec<usize>), FileError> {
    let mut p = Parser { text, at: 0 };
    p.expect('{')?;
    let (mut descr, mut fortran, mut shape) = (None, None, None);
    loop {
        p.skip_space();
        if p.eat('}') {
            break;
        }
        let key = p.string()?;
        p.expect(':')?;
        p.skip_space();
        let repeated = match key.as_str() {
            "descr" => {
                if p.peek() != Some('\'') && p.peek() != Some('"') {
                    return Err(FileError::format(
                        "header",
                        "has a 'descr' that is not a simple dtype: structured arrays cannot be read",
                    ));
                }
                descr.replace(p.string()?).is_some()
            }
            "fortran_order" => fortran.replace(p.boolean()?).is_some(),
            "shape" => shape.replace(p.tuple()?).is_some(),
            _ => {
                return Err(FileError::format(
                    "header",
                    format!(
                        "has the key '{key}', which is not one of 'descr', 'fortran_order' and 'shape'"
                    ),
                ));
            }
        };
        if repeated {
            return Err(FileError::format(
                "header",
                format!("has the key '{key}' twice"),
            ));
        }
        p.skip_space();
        if !p.eat(',') {
            p.expect('}')?;
            break;
        }
    }
    p.skip_space();
    if p.at != text.len() {
        return Err(FileError::format("header", "has text after its dict"));
    }
    match (descr, fortran, shape) {
        (Some(d), Some(f), Some(s)) => Ok((d, f, s)),
        _ => Err(FileError::format(
            "header",
            "lacks one of the keys 'descr', 'fortran_order' and 'shape'",
        )),
    }
}

/// A cursor over the header's text.
struct Parser<'a> {
    text: &'a str,
    at: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<char> {
        self.text
            .get(self.at..)
            .and_then(|rest| rest.chars().next())
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.at += c.len_utf8();
            true
        } else {
            false
        }
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.eat(self.peek().unwrap_or(' '));
        }
    }

    fn expect(&mut self, c: char) -> Result<(), FileError> {
        self.skip_space();
        if self.eat(c) {
            Ok(())
        } else {
            Err(FileError::format(
                "header",
                format!(
                    "is not a Python dict literal: '{c}' expected at byte {}",
                    self.at
                ),
            ))
        }
    }

    /// A string in single or double quotes, without escapes.
    fn string(&mut self) -> Result<String, FileError> {
        let quote = match self.peek() {
            Some(q @ ('\'' | '"')) => q,
            _ => {
                return Err(FileError::format(
                    "header",
                    format!(
                        "is not a Python dict literal: a string expected at byte {}",
                        self.at
                    ),
                ));
            }
        };
        self.eat(quote);
        let rest = self.text.get(self.at..).unwrap_or("");
        let Some(len) = rest.find(quote) else {
            return Err(FileError::format(
                "header",
                "has a string that does not end",
            ));
        };
        self.at += len + quote.len_utf8();
        Ok(rest[..len].to_string())
    }

    fn boolean(&mut self) -> Result<bool, FileError> {
        let rest = self.text.get(self.at..).unwrap_or("");
        for (word, value) in [("True", true), ("False", false)] {
            if rest.starts_with(word) {
                self.at += word.len();
                return Ok(value);
            }
        }
        Err(FileError::format(
            "header",
            "has a 'fortran_order' that is neither True nor False",
        ))
    }

    /// A tuple of non-negative integers: `()`, `(3,)`, `(2, 3)`; Python 2's `3L` is accepted.
    fn tuple(&mut self) -> Result<Vec<usize>, FileError> {
        self.expect('(')?;
        let mut shape = Vec::new();
        loop {
            self.skip_space();
            if self.eat(')') {
                return Ok(shape);
            }
            let rest = self.text.get(self.at..).unwrap_or("");
            let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
            if digits == 0 {
                return Err(FileError::format(
                    "header",
                    "has a 'shape' that is not a tuple of non-negative integers",
                ));
            }
            let Ok(size) = rest[..digits].parse::<usize>() else {
                return Err(FileError::format(
                    "header",
                    format!(
                        "has a size, {}, that does not fit in usize",
                        &rest[..digits]
                    ),
                ));
            };
            shape.push(size);
            self.at += digits;
            self.eat('L');
            self.skip_space();
            if !self.eat(',') {
                self.expect(')')?;
                return Ok(shape);
            }
        }
    }
}

/// The byte order a descr gives: `Some(true)` for big-endian.
fn big_endian(descr: &str, size: usize) -> Option<bool> {
    match descr.as_bytes().first()? {
        b'<' => Some(false),
        b'>' => Some(true),
        b'=' => Some(cfg!(target_endian = "big")),
        b'|' if size == 1 => Some(false),
        _ => None,
    }
}

/// Whether the file's elements are `T`s, and if so whether they are big-endian.
pub(super) fn dtype_of<T: NpyElement>(header: &Header) -> Result<bool, FileError> {
    let kind_and_size = format!("{}{}", char::from(T::KIND), T::SIZE);
    let order = big_endian(&header.descr, T::SIZE);
    match order {
        Some(big) if header.descr.as_bytes().get(1..) == Some(kind_and_size.as_bytes()) => Ok(big),
        _ => Err(FileError::Dtype {
            file: header.descr.clone(),
            expected: T::DESCR,
        }),
    }
}

/// The element count the header announces and the bytes of `data` (what follows the header)
/// that hold them as `T`s: an error when the data is shorter.
pub(super) fn data_of<'a, T: NpyElement>(
    data: &'a [u8],
    header: &Header,
) -> Result<(usize, &'a [u8]), FileError> {
    let count = crate::layout::checked_len(&header.shape)?;
    let needed = count.checked_mul(T::SIZE).filter(|&n| n <= data.len());
    let Some(needed) = needed else {
        return Err(FileError::format(
            "data",
            format!(
                "is shorter than the header says: shape {:?} of '{}' needs {} bytes, the file holds {}",
                header.shape,
                header.descr,
                u128::from(count as u64) * T::SIZE as u128,
                data.len()
            ),
        ));
    };
    Ok((count, &data[..needed]))
}

/// The elements the header announces, read from `bytes` as `T`.
fn elements<T: NpyElement>(bytes: &[u8], header: &Header) -> Result<Vec<T>, FileError> {
    let big = dtype_of::<T>(header)?;
    let (count, data) = data_of::<T>(&bytes[header.data_offset..], header)?;
    let mut out = Vec::new();
    out.try_reserve_exact(count)
        .map_err(|_| ShapeError::sizes(ErrorKind::Allocation, None, count, 0))?;
    out.extend(data.chunks_exact(T::SIZE).map(|chunk| T::read(chunk, big)));
    Ok(out)
}

/// A tensor of rank `R` from the bytes of a `.npy` file. The file's rank must be `R` and its
/// dtype `T`'s; Fortran order gives a column-major layout, with no copy.
///
/// # Errors
///
/// [`FileError::WrongRank`] naming the file's shape and dtype when its rank is not `R`;
/// [`FileError::Dtype`] naming both dtypes when its elements are not `T`s; as
/// [`Header::parse`] for a malformed header; [`FileError::Format`] (`"data"`) when the data is
/// shorter than the header says; [`FileError::Shape`] when the element count overflows.
///
/// # Examples
///
/// ```
/// use ranked::{Tensor, io::npy, tensor};
///
/// let bytes = npy::to_bytes(&tensor![1.5f64, 2.5])?;
/// let t: Tensor<f64, 1> = npy::from_bytes(&bytes)?;
/// assert_eq!(t, tensor![1.5, 2.5]);
/// # Ok::<(), ranked::io::FileError>(())
/// ```
pub fn from_bytes<T: NpyElement, const R: usize>(bytes: &[u8]) -> Result<Tensor<T, R>, FileError> {
    let header = Header::parse(bytes)?;
    let shape = FileError::shape_of::<R>(&header.shape, &header.descr)?;
    let data = elements::<T>(bytes, &header)?;
    let order = if header.fortran_order {
        Order::ColumnMajor
    } else {
        Order::RowMajor
    };
    Ok(Tensor::from_vec_with_order(data, shape, order)?)
}

/// A tensor of the file's rank (up to [`MAX_DYN_RANK`] axes) from the bytes of a `.npy` file,
/// whose dtype must be `T`'s.
///
/// # Errors
///
/// As [`from_bytes`], with [`FileError::Shape`] for a file of more than [`MAX_DYN_RANK`]
/// axes instead of a rank mismatch.
///
/// # Examples
///
/// ```
/// use ranked::{DynTensor, io::npy, tensor};
///
/// let bytes = npy::to_bytes(&tensor![[[1u8]], [[2]]])?;
/// let t: DynTensor<u8> = npy::from_bytes_dyn(&bytes)?;
/// assert_eq!((t.shape(), t.rank()), (&[2, 1, 1][..], 3));
/// # Ok::<(), ranked::io::FileError>(())
/// ```
pub fn from_bytes_dyn<T: NpyElement>(bytes: &[u8]) -> Result<DynTensor<T>, FileError> {
    let header = Header::parse(bytes)?;
    if header.shape.len() > MAX_DYN_RANK {
        return Err(ShapeError::sizes(
            ErrorKind::TooManyAxes,
            None,
            MAX_DYN_RANK,
            header.shape.len(),
        )
        .into());
    }
    let data = elements::<T>(bytes, &header)?;
    if header.fortran_order {
        // Fortran order of a shape is C order of the reversed shape, with the axes reversed.
        let reversed: Vec<usize> = header.shape.iter().rev().copied().collect();
        Ok(DynTensor::from_vec(data, &reversed)?.reversed_axes())
    } else {
        Ok(DynTensor::from_vec(data, &header.shape)?)
    }
}

/// Reads a `.npy` file (NumPy's `np.load`) into a tensor of rank `R`; the file's rank must be
/// `R` and its dtype `T`'s.
///
/// # Errors
///
/// [`FileError::Io`] when the file cannot be read; otherwise as [`from_bytes`].
///
/// # Examples
///
/// ```
/// use ranked::{Tensor, io, tensor};
///
/// let path = std::env::temp_dir().join(format!("ranked-read-npy-{}.npy", std::process::id()));
/// io::write_npy(&path, &tensor![[1u32, 2], [3, 4]])?;
/// let t: Tensor<u32, 2> = io::read_npy(&path)?;
/// assert_eq!(t.view().t().to_vec(), [1, 3, 2, 4]);
/// # std::fs::remove_file(&path)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_npy<T: NpyElement, const R: usize>(
    path: impl AsRef<Path>,
) -> Result<Tensor<T, R>, FileError> {
    let mut file = std::fs::File::open(path)?;
    let (header, prefix) = read_header(&mut file)?;
    let shape = FileError::shape_of::<R>(&header.shape, &header.descr)?;
    let data = match read_in_place::<T>(&mut file, &header)? {
        Some(data) => data,
        None => {
            // The other byte order, or `bool`: read the rest and convert element by element.
            let mut bytes = prefix;
            file.read_to_end(&mut bytes)?;
            elements::<T>(&bytes, &header)?
        }
    };
    let order = if header.fortran_order {
        Order::ColumnMajor
    } else {
        Order::RowMajor
    };
    Ok(Tensor::from_vec_with_order(data, shape, order)?)
}

/// The header at the start of `file`, read without reading the data, and the bytes read.
fn read_header(file: &mut std::fs::File) -> Result<(Header, Vec<u8>), FileError> {
    let mut prefix = alloc::vec![0u8; 12];
    let got = read_up_to(file, &mut prefix)?;
    prefix.truncate(got);
    let header_len = match (prefix.get(6), prefix.get(7)) {
        (Some(1), Some(0)) => prefix
            .get(8..10)
            .map(|b| usize::from(u16::from_le_bytes([b[0], b[1]]))),
        (Some(2 | 3), Some(0)) => prefix
            .get(8..12)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize),
        _ => None,
    };
    if let Some(len) = header_len {
        let start: usize = if prefix.get(6) == Some(&1) { 10 } else { 12 };
        // No more than the file holds: a lying length is found by `Header::parse`.
        let wanted = start
            .saturating_add(len)
            .min(file.metadata()?.len().try_into().unwrap_or(usize::MAX));
        if wanted > prefix.len() {
            let have = prefix.len();
            prefix.resize(wanted, 0);
            let got = read_up_to(file, &mut prefix[have..])?;
            prefix.truncate(have + got);
        }
    }
    let header = Header::parse(&prefix)?;
    // `prefix` ends where the data starts (or is the whole file, when shorter).
    prefix.truncate(header.data_offset.min(prefix.len()));
    Ok((header, prefix))
}

/// Reads into `buf` until it is full or the file ends; the count read.
fn read_up_to(file: &mut std::fs::File, buf: &mut [u8]) -> Result<usize, FileError> {
    let mut got = 0;
    while got < buf.len() {
        match file.read(&mut buf[got..]) {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(err) if err.kind() == std::io::ErrorKind::Interrupted => {}
            Err(err) => return Err(err.into()),
        }
    }
    Ok(got)
}

/// The file's elements read straight into a new `Vec<T>`, when `T`'s every bit pattern is a
/// value and the data is in the machine's byte order (`None` otherwise: the caller converts).
fn read_in_place<T: NpyElement>(
    file: &mut std::fs::File,
    header: &Header,
) -> Result<Option<Vec<T>>, FileError> {
    let big = dtype_of::<T>(header)?;
    if !T::ANY_BITS || (T::SIZE > 1 && big != cfg!(target_endian = "big")) {
        return Ok(None);
    }
    let count = crate::layout::checked_len(&header.shape)?;
    let available = file
        .metadata()?
        .len()
        .saturating_sub(header.data_offset as u64);
    let needed = count
        .checked_mul(T::SIZE)
        .filter(|&n| n as u64 <= available);
    let Some(needed) = needed else {
        return Err(FileError::format(
            "data",
            format!(
                "is shorter than the header says: shape {:?} of '{}' needs {} bytes, the file holds {available}",
                header.shape,
                header.descr,
                u128::from(count as u64) * T::SIZE as u128,
            ),
        ));
    };
    let mut out = crate::engine::try_vec::<T>(count)?;
    out.resize(count, T::ZERO);
    // SAFETY: `core::slice::from_raw_parts_mut`'s preconditions: `out` holds `count`
    // initialised `T`s, which are `needed = count · size_of::<T>()` bytes of one allocation
    // (within `isize::MAX`, as the allocation succeeded), and `u8` needs no alignment; the
    // bytes are reached only through this slice while it lives. Writing any bytes into them
    // leaves valid `T`s: `T::ANY_BITS` (checked above) says every bit pattern is a value, and
    // the number types have no padding.
    let bytes = unsafe { core::slice::from_raw_parts_mut(out.as_mut_ptr().cast::<u8>(), needed) };
    file.read_exact(bytes).map_err(|err| {
        if err.kind() == std::io::ErrorKind::UnexpectedEof {
            FileError::format("data", "ends before the header says it does")
        } else {
            FileError::Io(err)
        }
    })?;
    Ok(Some(out))
}

/// Reads a `.npy` file into a tensor of the file's rank; its dtype must be `T`'s.
///
/// # Errors
///
/// [`FileError::Io`] when the file cannot be read; otherwise as [`from_bytes_dyn`].
///
/// # Examples
///
/// ```
/// use ranked::{DynTensor, io, tensor};
///
/// let path = std::env::temp_dir().join(format!("ranked-read-dyn-{}.npy", std::process::id()));
/// io::write_npy(&path, &tensor![1i64, 2, 3])?;
/// let t: DynTensor<i64> = io::read_npy_dyn(&path)?;
/// assert_eq!(t.shape(), &[3]);
/// # std::fs::remove_file(&path)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_npy_dyn<T: NpyElement>(path: impl AsRef<Path>) -> Result<DynTensor<T>, FileError> {
    from_bytes_dyn(&std::fs::read(path)?)
}

/// The header of a file of `shape` and dtype `descr`, padded so the data starts on a multiple
/// of 64 bytes: the magic string, the version (1.0, or 2.0 for a header of 64 KiB or more),
/// the length and the dict.
fn header_bytes(descr: &str, shape: &[usize]) -> Vec<u8> {
    let sizes: Vec<String> = shape.iter().map(ToString::to_string).collect();
    let tuple = match sizes.as_slice() {
        [one] => format!("({one},)"),
        _ => format!("({})", sizes.join(", ")),
    };
    let dict = format!("{{'descr': '{descr}', 'fortran_order': False, 'shape': {tuple}, }}");
    let mut out = Vec::with_capacity(dict.len() + ALIGN + 12);
    out.extend_from_slice(MAGIC);
    // The prefix before the dict: magic, version, and a 2- or 4-byte length.
    let short = 10 + dict.len() < usize::from(u16::MAX) - ALIGN;
    let prefix = if short { 10 } else { 12 };
    let padded = (prefix + dict.len() + 1).next_multiple_of(ALIGN) - prefix;
    if short {
        out.extend_from_slice(&[1, 0]);
        out.extend_from_slice(&(padded as u16).to_le_bytes());
    } else {
        out.extend_from_slice(&[2, 0]);
        out.extend_from_slice(&(padded as u32).to_le_bytes());
    }
    out.extend_from_slice(dict.as_bytes());
    out.resize(prefix + padded - 1, b' ');
    out.push(b'\n');
    out
}

/// Writes elements to `out` as little-endian bytes in C order: `contiguous`'s bytes at once
/// when the elements are one C-contiguous slice and the machine little-endian, otherwise the
/// `elements` one by one through a buffer of 64 KiB.
fn write_elements<'a, T: NpyElement + 'a>(
    out: &mut impl Write,
    contiguous: Option<&[T]>,
    elements: impl Iterator<Item = &'a T>,
) -> std::io::Result<()> {
    if let Some(slice) = contiguous
        && cfg!(target_endian = "little")
    {
        // SAFETY: `core::slice::from_raw_parts`'s preconditions: the slice's
        // `len · size_of::<T>()` bytes are initialised (the number types and `bool` have no
        // padding) and lie in one allocation, `u8` needs no alignment, and they are only read
        // while the tensor is borrowed.
        let bytes = unsafe {
            core::slice::from_raw_parts(slice.as_ptr().cast::<u8>(), core::mem::size_of_val(slice))
        };
        return out.write_all(bytes);
    }
    let mut buf = Vec::with_capacity(1 << 16);
    for &x in elements {
        x.write_le(&mut buf);
        if buf.len() >= 1 << 16 {
            out.write_all(&buf)?;
            buf.clear();
        }
    }
    out.write_all(&buf)
}

/// Writes a `.npy` file of `shape` holding the elements, through a buffer.
fn write_file<'a, T: NpyElement + 'a>(
    path: &Path,
    shape: &[usize],
    contiguous: Option<&[T]>,
    elements: impl Iterator<Item = &'a T>,
) -> Result<(), FileError> {
    let mut out = std::io::BufWriter::with_capacity(1 << 16, std::fs::File::create(path)?);
    out.write_all(&header_bytes(T::DESCR, shape))?;
    write_elements(&mut out, contiguous, elements)?;
    out.flush()?;
    Ok(())
}

/// The bytes of a `.npy` file of `shape` holding `len` elements.
fn encode<'a, T: NpyElement + 'a>(
    shape: &[usize],
    len: usize,
    contiguous: Option<&[T]>,
    elements: impl Iterator<Item = &'a T>,
) -> Result<Vec<u8>, FileError> {
    let mut out = header_bytes(T::DESCR, shape);
    let data = len
        .checked_mul(T::SIZE)
        .ok_or_else(|| ShapeError::sizes(ErrorKind::Overflow, None, len, T::SIZE))?;
    out.try_reserve_exact(data)
        .map_err(|_| ShapeError::sizes(ErrorKind::Allocation, None, data, 0))?;
    write_elements(&mut out, contiguous, elements)?;
    Ok(out)
}

/// The bytes of a `.npy` file holding `tensor`, in C order, whatever its layout (a transposed,
/// strided or broadcast view is written as the array it shows). NumPy's `np.save` to memory.
///
/// # Errors
///
/// [`FileError::Shape`] when the data's byte length overflows `usize` or cannot be allocated
/// (a view broadcast to far more elements than it stores).
///
/// # Examples
///
/// ```
/// use ranked::{Tensor, io::npy, tensor};
///
/// let t = tensor![[1.0f32, 2.0], [3.0, 4.0]];
/// let transposed = npy::to_bytes(&t.view().t())?;
/// let back: Tensor<f32, 2> = npy::from_bytes(&transposed)?;
/// assert_eq!(back, tensor![[1.0, 3.0], [2.0, 4.0]]);
/// # Ok::<(), ranked::io::FileError>(())
/// ```
pub fn to_bytes<S, const R: usize>(tensor: &TensorBase<S, R>) -> Result<Vec<u8>, FileError>
where
    S: Storage,
    S::Elem: NpyElement,
{
    encode(
        tensor.shape(),
        tensor.len(),
        tensor.as_slice(),
        tensor.iter(),
    )
}

/// As [`to_bytes`], for a tensor of any rank.
///
/// # Errors
///
/// As [`to_bytes`].
///
/// # Examples
///
/// ```
/// use ranked::{DynTensor, io::npy};
///
/// let d = DynTensor::from_vec(vec![1u8, 2, 3, 4, 5, 6], &[3, 1, 2])?;
/// let back: DynTensor<u8> = npy::from_bytes_dyn(&npy::to_bytes_dyn(&d)?)?;
/// assert_eq!((back.shape(), back.to_vec()), (&[3, 1, 2][..], vec![1, 2, 3, 4, 5, 6]));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn to_bytes_dyn<S>(tensor: &DynTensorBase<S>) -> Result<Vec<u8>, FileError>
where
    S: Storage,
    S::Elem: NpyElement,
{
    encode(
        tensor.shape(),
        tensor.len(),
        tensor.as_slice(),
        tensor.iter(),
    )
}

/// Writes `tensor` as a `.npy` file (NumPy's `np.save`), in C order whatever its layout.
///
/// # Errors
///
/// [`FileError::Io`] when the file cannot be written; otherwise as [`to_bytes`].
///
/// # Examples
///
/// ```
/// use ranked::{io, tensor};
///
/// let path = std::env::temp_dir().join(format!("ranked-write-npy-{}.npy", std::process::id()));
/// io::write_npy(&path, &tensor![[1u8, 2], [3, 4]])?;
/// assert_eq!(&std::fs::read(&path)?[..6], b"\x93NUMPY");
/// # std::fs::remove_file(&path)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_npy<S, const R: usize>(
    path: impl AsRef<Path>,
    tensor: &TensorBase<S, R>,
) -> Result<(), FileError>
where
    S: Storage,
    S::Elem: NpyElement,
{
    write_file(
        path.as_ref(),
        tensor.shape(),
        tensor.as_slice(),
        tensor.iter(),
    )
}

/// Writes a tensor of any rank as a `.npy` file, as [`write_npy`] does.
///
/// # Errors
///
/// As [`write_npy`].
///
/// # Examples
///
/// ```
/// use ranked::{DynTensor, io};
///
/// let path = std::env::temp_dir().join(format!("ranked-write-dyn-{}.npy", std::process::id()));
/// let d = DynTensor::from_vec(vec![0.5f64; 4], &[2, 2])?;
/// io::write_npy_dyn(&path, &d)?;
/// assert_eq!(io::read_npy_dyn::<f64>(&path)?.to_vec(), [0.5; 4]);
/// # std::fs::remove_file(&path)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_npy_dyn<S>(path: impl AsRef<Path>, tensor: &DynTensorBase<S>) -> Result<(), FileError>
where
    S: Storage,
    S::Elem: NpyElement,
{
    write_file(
        path.as_ref(),
        tensor.shape(),
        tensor.as_slice(),
        tensor.iter(),
    )
}
