//! Tables of numbers in CSV files (feature `csv`), as NumPy's `np.loadtxt(…, delimiter=",")`
//! and `np.savetxt` read and write them: one row of the file per row of a `Tensor<T, 2>`.
//!
//! The file is parsed by the [`csv`] crate (quoting, line endings), each cell is trimmed
//! of surrounding spaces and parsed with `T`'s `FromStr` (`f64` reads `nan`, `inf` and
//! exponents, as NumPy writes them). A cell that does not parse is a [`FileError::Cell`]
//! naming its row and column; a row of another length than the first a [`FileError::Ragged`]
//! naming the row and both lengths.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt::Display;
use core::str::FromStr;
use std::io::{Read, Write};
use std::path::Path;

use super::FileError;
use crate::storage::Storage;
use crate::tensor::{Tensor, TensorBase};

/// How a table is read or written: the delimiter (`,` unless set) and the header row.
///
/// # Examples
///
/// ```
/// use ranked::io::Csv;
/// use ranked::{Tensor, tensor};
///
/// let text = "x;y\n1.5;2\n3;4.25\n";
/// let t: Tensor<f64, 2> = Csv::new().delimiter(b';').header(true).read_from(text.as_bytes())?;
/// assert_eq!(t, tensor![[1.5, 2.0], [3.0, 4.25]]);
///
/// let mut out = Vec::new();
/// Csv::new().column_names(&["x", "y"]).write_to(&mut out, &t)?;
/// assert_eq!(String::from_utf8(out).unwrap(), "x,y\n1.5,2\n3,4.25\n");
/// # Ok::<(), ranked::io::FileError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Csv {
    delimiter: u8,
    header: bool,
    names: Vec<String>,
}

impl Default for Csv {
    fn default() -> Self {
        Csv::new()
    }
}

impl Csv {
    /// Comma-separated, no header row.
    #[must_use]
    pub fn new() -> Self {
        Csv {
            delimiter: b',',
            header: false,
            names: Vec::new(),
        }
    }

    /// The byte between cells (`b','` by default; `b'\t'` for TSV).
    #[must_use]
    pub fn delimiter(mut self, delimiter: u8) -> Self {
        self.delimiter = delimiter;
        self
    }

    /// Whether the first row of a file read is a header, skipped (NumPy's `skiprows=1`).
    #[must_use]
    pub fn header(mut self, yes: bool) -> Self {
        self.header = yes;
        self
    }

    /// Column names written as a header row before the data (NumPy's `savetxt(header=…)`,
    /// without its comment marker).
    #[must_use]
    pub fn column_names(mut self, names: &[&str]) -> Self {
        self.names = names.iter().map(ToString::to_string).collect();
        self
    }

    /// Reads a table from `reader` into a `Tensor<T, 2>` of shape `[rows, columns]`.
    ///
    /// # Errors
    ///
    /// [`FileError::Cell`] for a cell that is not a `T`; [`FileError::Ragged`] for a row of
    /// another length than the first; [`FileError::Io`] or [`FileError::Format`] (`"csv
    /// text"`) when the text cannot be read.
    pub fn read_from<T: FromStr, R: Read>(&self, reader: R) -> Result<Tensor<T, 2>, FileError> {
        let mut reader = ::csv::ReaderBuilder::new()
            .delimiter(self.delimiter)
            .has_headers(self.header)
            .flexible(true)
            .from_reader(reader);
        let mut columns = None;
        if self.header {
            columns = Some(reader.byte_headers().map_err(csv_error)?.len());
        }
        let mut data = Vec::new();
        let mut rows = 0usize;
        let mut record = ::csv::ByteRecord::new();
        while reader.read_byte_record(&mut record).map_err(csv_error)? {
            let row = record.position().map_or(0, ::csv::Position::line);
            let expected = *columns.get_or_insert(record.len());
            if record.len() != expected {
                return Err(FileError::Ragged {
                    row,
                    expected,
                    found: record.len(),
                });
            }
            for (k, cell) in record.iter().enumerate() {
                let text = core::str::from_utf8(cell).unwrap_or("").trim();
                let Ok(value) = text.parse::<T>() else {
                    return Err(FileError::Cell {
                        row,
                        column: k + 1,
                        text: String::from_utf8_lossy(cell).into_owned(),
                    });
                };
                data.push(value);
            }
            rows += 1;
        }
        Ok(Tensor::from_vec(data, [rows, columns.unwrap_or(0)])?)
    }

    /// Reads the table in the file at `path`.
    ///
    /// # Errors
    ///
    /// [`FileError::Io`] when the file cannot be opened; otherwise as
    /// [`read_from`](Self::read_from).
    pub fn read<T: FromStr>(&self, path: impl AsRef<Path>) -> Result<Tensor<T, 2>, FileError> {
        self.read_from(std::fs::File::open(path)?)
    }

    /// Writes `table` to `writer`, a row of the file per row of the table (any layout), each
    /// element as its `Display` writes it (the shortest text that reads back to the same
    /// float).
    ///
    /// # Errors
    ///
    /// [`FileError::Io`] when writing fails; [`FileError::Ragged`] (row 1) when column names
    /// were given and their number is not the table's.
    pub fn write_to<S, W: Write>(
        &self,
        writer: W,
        table: &TensorBase<S, 2>,
    ) -> Result<(), FileError>
    where
        S: Storage,
        S::Elem: Display,
    {
        let [_, columns] = *table.shape();
        let mut out = ::csv::WriterBuilder::new()
            .delimiter(self.delimiter)
            .from_writer(writer);
        if !self.names.is_empty() {
            if self.names.len() != columns {
                return Err(FileError::Ragged {
                    row: 1,
                    expected: columns,
                    found: self.names.len(),
                });
            }
            out.write_record(&self.names).map_err(csv_error)?;
        }
        let mut cells = Vec::with_capacity(columns);
        for row in table.outer_iter() {
            cells.clear();
            cells.extend(row.iter().map(ToString::to_string));
            out.write_record(&cells).map_err(csv_error)?;
        }
        out.flush()?;
        Ok(())
    }

    /// Writes `table` to the file at `path`.
    ///
    /// # Errors
    ///
    /// As [`write_to`](Self::write_to).
    pub fn write<S>(
        &self,
        path: impl AsRef<Path>,
        table: &TensorBase<S, 2>,
    ) -> Result<(), FileError>
    where
        S: Storage,
        S::Elem: Display,
    {
        self.write_to(std::fs::File::create(path)?, table)
    }
}

/// The csv crate's error as ours: its I/O errors as they are, the rest as malformed text.
fn csv_error(err: ::csv::Error) -> FileError {
    if err.is_io_error() {
        match err.into_kind() {
            ::csv::ErrorKind::Io(io) => FileError::Io(io),
            other => FileError::format("csv text", alloc::format!("cannot be read: {other:?}")),
        }
    } else {
        FileError::format("csv text", alloc::format!("cannot be read: {err}"))
    }
}

/// Reads a comma-separated table of numbers without a header (NumPy's
/// `np.loadtxt(path, delimiter=",")`); [`Csv`] sets the delimiter and the header.
///
/// # Errors
///
/// As [`Csv::read`].
///
/// # Examples
///
/// ```
/// use ranked::{Tensor, io, tensor};
///
/// let path = std::env::temp_dir().join(format!("ranked-csv-doc-{}.csv", std::process::id()));
/// std::fs::write(&path, "1,2,3\n4,5,x\n")?;
/// let err = io::read_csv::<f32>(&path).unwrap_err();
/// assert_eq!(err.to_string(), "the cell at row 2, column 3 is not a number of the type asked for: \"x\"");
///
/// io::write_csv(&path, &tensor![[1.0f32, 2.5], [3.0, -4.0]])?;
/// let t: Tensor<f32, 2> = io::read_csv(&path)?;
/// assert_eq!(t, tensor![[1.0, 2.5], [3.0, -4.0]]);
/// # std::fs::remove_file(&path)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_csv<T: FromStr>(path: impl AsRef<Path>) -> Result<Tensor<T, 2>, FileError> {
    Csv::new().read(path)
}

/// Writes a table as comma-separated numbers without a header (NumPy's
/// `np.savetxt(path, table, delimiter=",")`).
///
/// # Errors
///
/// As [`Csv::write`].
pub fn write_csv<S>(path: impl AsRef<Path>, table: &TensorBase<S, 2>) -> Result<(), FileError>
where
    S: Storage,
    S::Elem: Display,
{
    Csv::new().write(path, table)
}
