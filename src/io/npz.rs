//! `.npz` archives (feature `npz`): named `.npy` files in a zip archive, as NumPy's `np.savez`
//! (stored) and `np.savez_compressed` (deflated) write them and `np.load` reads them, through
//! the [`zip`] crate.
//!
//! Each array is read as [`npy::from_bytes`] reads a `.npy` file, with its rank and dtype checked.
//! An entry is read up to its declared size and no further: an entry that holds more or less than
//! it declares is an error naming it.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use std::fs::File;
use std::io::{Read, Seek, Write};
use std::path::Path;

use ::zip::write::SimpleFileOptions;
use ::zip::{CompressionMethod, ZipArchive, ZipWriter};

use super::FileError;
use super::npy::{self, NpyElement};
use crate::dynamic::DynTensor;
use crate::storage::Storage;
use crate::tensor::{Tensor, TensorBase};

/// The zip crate's error, as the part at fault.
fn zip_error(err: ::zip::result::ZipError) -> FileError {
    match err {
        ::zip::result::ZipError::Io(io) => FileError::Io(io),
        other => FileError::format("zip archive", format!("is not valid: {other}")),
    }
}

/// An `.npz` archive opened for reading: the names of its arrays, and each array by name.
///
/// # Examples
///
/// ```
/// use ranked::io::{Npz, NpzWriter};
/// use ranked::{Tensor, tensor};
///
/// let mut bytes = std::io::Cursor::new(Vec::new());
/// let mut writer = NpzWriter::new(&mut bytes, true); // np.savez_compressed
/// writer.add("weights", &tensor![[1.0f32, 2.0], [3.0, 4.0]])?;
/// writer.add("steps", &tensor![10u32, 20, 30])?;
/// writer.finish()?;
///
/// let mut npz = Npz::from_reader(std::io::Cursor::new(bytes.into_inner()))?;
/// assert_eq!(npz.names(), ["steps", "weights"]);
/// let w: Tensor<f32, 2> = npz.read("weights")?;
/// assert_eq!(w[[1, 0]], 3.0);
/// assert!(npz.read::<f32, 2>("steps").is_err()); // another dtype and rank
/// # Ok::<(), ranked::io::FileError>(())
/// ```
pub struct Npz<R> {
    archive: ZipArchive<R>,
}

impl Npz<File> {
    /// Opens the `.npz` archive at `path`.
    ///
    /// # Errors
    ///
    /// [`FileError::Io`] when the file cannot be opened; [`FileError::Format`] (`"zip
    /// archive"`) when it is not a zip archive.
    pub fn open(path: impl AsRef<Path>) -> Result<Self, FileError> {
        Self::from_reader(File::open(path)?)
    }
}

impl<R: Read + Seek> Npz<R> {
    /// An archive read from `reader`.
    ///
    /// # Errors
    ///
    /// As [`open`](Npz::open), without the I/O of opening.
    pub fn from_reader(reader: R) -> Result<Self, FileError> {
        Ok(Npz {
            archive: ZipArchive::new(reader).map_err(zip_error)?,
        })
    }

    /// The names of the arrays (the archive's `.npy` entries without the extension), sorted.
    #[must_use]
    pub fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = self
            .archive
            .file_names()
            .filter_map(Result::ok)
            .filter_map(|n| n.strip_suffix(".npy").map(ToString::to_string))
            .collect();
        names.sort();
        names
    }

    /// The bytes of the entry `name.npy`, read up to its declared size.
    fn entry(&mut self, name: &str) -> Result<Vec<u8>, FileError> {
        let entry_name = format!("{name}.npy");
        let mut file = match self.archive.by_name(&entry_name) {
            Ok(file) => file,
            Err(::zip::result::ZipError::FileNotFound) => {
                return Err(FileError::format(
                    "zip archive",
                    format!("has no array named {name:?}"),
                ));
            }
            Err(err) => return Err(zip_error(err)),
        };
        let declared = file.size();
        let mut bytes = Vec::new();
        // One byte more than declared, to see an entry that holds more.
        file.by_ref()
            .take(declared.saturating_add(1))
            .read_to_end(&mut bytes)
            .map_err(|err| {
                FileError::format(
                    "zip archive",
                    format!("entry {entry_name:?} cannot be read: {err}"),
                )
            })?;
        if bytes.len() as u64 != declared {
            return Err(FileError::format(
                "zip archive",
                format!(
                    "entry {entry_name:?} declares {declared} bytes but holds {}",
                    if bytes.len() as u64 > declared {
                        "more".to_string()
                    } else {
                        bytes.len().to_string()
                    }
                ),
            ));
        }
        Ok(bytes)
    }

    /// The array `name` as a tensor of rank `R2`; its rank and dtype are checked as
    /// [`read_npy`](super::read_npy) checks them.
    ///
    /// # Errors
    ///
    /// [`FileError::Format`] (`"zip archive"`) when no array has that name or its entry cannot
    /// be read whole; otherwise as [`npy::from_bytes`].
    pub fn read<T: NpyElement, const R2: usize>(
        &mut self,
        name: &str,
    ) -> Result<Tensor<T, R2>, FileError> {
        npy::from_bytes(&self.entry(name)?)
    }

    /// The array `name` as a tensor of its own rank.
    ///
    /// # Errors
    ///
    /// As [`read`](Self::read), with [`npy::from_bytes_dyn`]'s errors.
    pub fn read_dyn<T: NpyElement>(&mut self, name: &str) -> Result<DynTensor<T>, FileError> {
        npy::from_bytes_dyn(&self.entry(name)?)
    }
}

/// Writes an `.npz` archive: each tensor as a `.npy` entry, stored (`np.savez`) or deflated
/// (`np.savez_compressed`).
pub struct NpzWriter<W: Write + Seek> {
    zip: ZipWriter<W>,
    options: SimpleFileOptions,
    names: Vec<String>,
}

impl NpzWriter<File> {
    /// Creates the archive at `path`, deflated when `compressed`.
    ///
    /// # Errors
    ///
    /// [`FileError::Io`] when the file cannot be created.
    pub fn create(path: impl AsRef<Path>, compressed: bool) -> Result<Self, FileError> {
        Ok(Self::new(File::create(path)?, compressed))
    }
}

impl<W: Write + Seek> NpzWriter<W> {
    /// An archive written to `writer`, deflated when `compressed`.
    pub fn new(writer: W, compressed: bool) -> Self {
        let method = if compressed {
            CompressionMethod::Deflated
        } else {
            CompressionMethod::Stored
        };
        NpzWriter {
            zip: ZipWriter::new(writer),
            options: SimpleFileOptions::default().compression_method(method),
            names: Vec::new(),
        }
    }

    /// Adds `tensor` as the array `name` (the entry `name.npy`), in C order whatever its
    /// layout.
    ///
    /// # Errors
    ///
    /// [`FileError::Format`] when `name` is taken; as [`npy::to_bytes`]; [`FileError::Io`]
    /// when writing fails.
    pub fn add<S, const R: usize>(
        &mut self,
        name: &str,
        tensor: &TensorBase<S, R>,
    ) -> Result<&mut Self, FileError>
    where
        S: Storage,
        S::Elem: NpyElement,
    {
        if self.names.iter().any(|n| n == name) {
            return Err(FileError::format(
                "zip archive",
                format!("would have the array {name:?} twice"),
            ));
        }
        let bytes = npy::to_bytes(tensor)?;
        let options = self
            .options
            .large_file(bytes.len() as u64 >= u64::from(u32::MAX));
        self.zip
            .start_file(format!("{name}.npy"), options)
            .map_err(zip_error)?;
        self.zip.write_all(&bytes)?;
        self.names.push(name.to_string());
        Ok(self)
    }

    /// Writes the archive's directory and returns the writer.
    ///
    /// # Errors
    ///
    /// [`FileError::Io`] when writing fails.
    pub fn finish(self) -> Result<W, FileError> {
        self.zip.finish().map_err(zip_error)
    }
}
