//! The error of reading and writing files: what went wrong, and in which part of the file.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use crate::error::ShapeError;

/// Why a file could not be read or written.
///
/// Every variant says what is wrong in words a user can act on: the part of the file at fault
/// for a malformed file, what the file holds for a file of another rank or element type.
///
/// # Examples
///
/// ```
/// use ranked::io::{FileError, npy};
///
/// let err = npy::from_bytes::<f32, 1>(b"not an npy file").unwrap_err();
/// assert!(matches!(err, FileError::Format { part: "magic string", .. }));
/// assert_eq!(err.to_string(), "the magic string is not NumPy's: this is not a .npy file");
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub enum FileError {
    /// Reading or writing the file failed.
    Io(std::io::Error),
    /// The file is not in the format: `part` is the part of the file at fault, `what` says
    /// what is wrong with it.
    Format {
        /// The part of the file at fault (`"magic string"`, `"header"`, `"data"`, …).
        part: &'static str,
        /// What is wrong with it.
        what: String,
    },
    /// The file holds another element type than the one asked for (no conversion is made).
    Dtype {
        /// The element type the file holds, as the file writes it (`'<f8'`).
        file: String,
        /// The element type asked for, in the same notation (`'<f4'`).
        expected: &'static str,
    },
    /// The file holds an array of another rank than the one asked for. (Not `Rank`: a second
    /// item of that name would make the compiler spell out `ranked::Rank` in every rank
    /// error.)
    WrongRank {
        /// The file's shape.
        shape: Vec<usize>,
        /// The file's element type, as the file writes it.
        dtype: String,
        /// The rank asked for.
        expected: usize,
    },
    /// The file's shape cannot be held: its element count or byte length overflows, or it has
    /// more axes than a dynamic-rank tensor holds.
    Shape(ShapeError),
    /// A cell of a table that is not a number of the type asked for. Rows and columns count
    /// from 1, as in the file (a header row counts).
    Cell {
        /// The row (the file's line) of the cell.
        row: u64,
        /// The column of the cell.
        column: usize,
        /// The cell's text.
        text: String,
    },
    /// A row of a table whose length is not the first row's.
    Ragged {
        /// The row (the file's line), counting from 1.
        row: u64,
        /// The length of the first row.
        expected: usize,
        /// The length of this row.
        found: usize,
    },
}

impl FileError {
    /// `shape` as an array of `R` sizes, or the error naming the file's shape and `dtype`.
    pub(crate) fn shape_of<const R: usize>(
        shape: &[usize],
        dtype: &str,
    ) -> Result<[usize; R], Self> {
        <[usize; R]>::try_from(shape).map_err(|_| FileError::WrongRank {
            shape: shape.to_vec(),
            dtype: dtype.to_string(),
            expected: R,
        })
    }

    /// A malformed file: `what` is wrong in `part`.
    pub(crate) fn format(part: &'static str, what: impl Into<String>) -> Self {
        FileError::Format {
            part,
            what: what.into(),
        }
    }
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FileError::Io(err) => write!(f, "{err}"),
            FileError::Format { part, what } => write!(f, "the {part} {what}"),
            FileError::Dtype { file, expected } => write!(
                f,
                "the file holds elements of dtype '{file}'; '{expected}' was asked for (no conversion is made)"
            ),
            FileError::WrongRank {
                shape,
                dtype,
                expected,
            } => write!(
                f,
                "the file holds an array of rank {} (shape {shape:?}, dtype '{dtype}'); rank {expected} was asked for",
                shape.len()
            ),
            FileError::Shape(err) => write!(f, "the file's shape cannot be held: {err}"),
            FileError::Cell { row, column, text } => write!(
                f,
                "the cell at row {row}, column {column} is not a number of the type asked for: {text:?}"
            ),
            FileError::Ragged {
                row,
                expected,
                found,
            } => write!(
                f,
                "row {row} has {found} cells where the first row has {expected}"
            ),
        }
    }
}

impl std::error::Error for FileError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            FileError::Io(err) => Some(err),
            FileError::Shape(err) => Some(err),
            _ => None,
        }
    }
}

impl From<std::io::Error> for FileError {
    fn from(err: std::io::Error) -> Self {
        FileError::Io(err)
    }
}

impl From<ShapeError> for FileError {
    fn from(err: ShapeError) -> Self {
        FileError::Shape(err)
    }
}
