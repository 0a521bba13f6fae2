//! safetensors files (feature `safetensors`): the format model weights are published in, read
//! and written through the [`safetensors`] crate, with the rank and the dtype of
//! each tensor checked when it is taken.
//!
//! [`SafeTensorsFile`] holds a file's bytes, checked by the crate when it is opened (the header,
//! and offsets that overlap or leave the file). Each tensor is then taken by name as a view of
//! its bytes in place ([`view`](SafeTensorsFile::view)), when its data is aligned for the
//! element type, or as an owned copy ([`tensor`](SafeTensorsFile::tensor)), whatever its
//! alignment. [`SafeTensorsWriter`] writes any tensors and views, of any layout, rank and
//! element type, under their names.

use alloc::borrow::Cow;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use std::path::Path;

use ::safetensors::tensor::Metadata;
use ::safetensors::{Dtype, SafeTensors, View};

use super::FileError;
use super::npy::NpyElement;
use crate::error::{ErrorKind, ShapeError};
use crate::storage::Storage;
use crate::tensor::{Tensor, TensorBase, TensorView};

/// The safetensors dtype of the element type `T`.
fn dtype_of<T: NpyElement>() -> Dtype {
    match (T::KIND, T::SIZE) {
        (b'b', _) => Dtype::BOOL,
        (b'i', 1) => Dtype::I8,
        (b'i', 2) => Dtype::I16,
        (b'i', 4) => Dtype::I32,
        (b'i', _) => Dtype::I64,
        (b'u', 1) => Dtype::U8,
        (b'u', 2) => Dtype::U16,
        (b'u', 4) => Dtype::U32,
        (b'u', _) => Dtype::U64,
        (_, 4) => Dtype::F32,
        _ => Dtype::F64,
    }
}

/// The crate's error, as the part of the file at fault.
fn header_error(err: ::safetensors::SafeTensorError) -> FileError {
    FileError::format("safetensors header", format!("is not valid: {err}"))
}

/// What a safetensors file says of one tensor.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct TensorInfo {
    /// The tensor's name.
    pub name: String,
    /// Its dtype, as the file writes it (`F32`, `I64`, `BF16`, …).
    pub dtype: String,
    /// Its shape.
    pub shape: Vec<usize>,
}

/// A safetensors file: its bytes, checked when opened, and its tensors taken by name.
///
/// # Examples
///
/// Load the weights of a layer as typed views and run it:
///
/// ```
/// use ranked::io::{SafeTensorsFile, SafeTensorsWriter};
/// use ranked::{Tensor, TensorView, tensor};
///
/// // A file of weights, as a model would publish it.
/// let mut writer = SafeTensorsWriter::new();
/// writer.add("dense.weight", &tensor![[0.5f32, -1.0], [2.0, 0.25], [1.0, 1.0]])?;
/// writer.add("dense.bias", &tensor![0.1f32, -0.1])?;
/// let bytes = writer.to_bytes()?;
///
/// let file = SafeTensorsFile::from_bytes(bytes)?;
/// let w: TensorView<'_, f32, 2> = file.view("dense.weight")?; // in place, rank checked
/// let b: Tensor<f32, 1> = file.tensor("dense.bias")?;         // a copy
/// let x = tensor![[1.0f32, 2.0, 3.0]];
/// let y = &x.matmul(&w)? + &b;
/// assert_eq!(y, tensor![[7.6, 2.4]]);
/// // A tensor of another rank is refused, naming what the file holds.
/// assert!(file.tensor::<f32, 1>("dense.weight").is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct SafeTensorsFile {
    bytes: Bytes,
    /// The header, parsed and checked once when the file was opened.
    metadata: Metadata,
    /// Where the data section starts: the header's offsets count from here.
    data_start: usize,
}

/// Where a file's bytes are: read into memory, or (feature `mmap`) mapped.
#[derive(Debug)]
enum Bytes {
    Owned(Vec<u8>),
    #[cfg(feature = "mmap")]
    Mapped(memmap2::Mmap),
}

impl core::ops::Deref for Bytes {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            Bytes::Owned(bytes) => bytes,
            #[cfg(feature = "mmap")]
            Bytes::Mapped(map) => map,
        }
    }
}

impl SafeTensorsFile {
    /// Reads and checks the safetensors file at `path`.
    ///
    /// # Errors
    ///
    /// [`FileError::Io`] when the file cannot be read; [`FileError::Format`]
    /// (`"safetensors header"`) when the crate refuses it: a header that is not valid JSON,
    /// too large or past the end of the file, offsets that overlap, leave gaps or leave the
    /// file, an unknown dtype.
    pub fn read(path: impl AsRef<Path>) -> Result<Self, FileError> {
        Self::from_bytes(std::fs::read(path)?)
    }

    /// Checks the bytes of a safetensors file.
    ///
    /// # Errors
    ///
    /// As [`read`](Self::read), without the I/O.
    pub fn from_bytes(bytes: Vec<u8>) -> Result<Self, FileError> {
        Self::checked_file(Bytes::Owned(bytes))
    }

    /// The file of `bytes`, its header parsed and checked by the crate (`read_metadata`
    /// validates the offsets against the buffer).
    fn checked_file(bytes: Bytes) -> Result<Self, FileError> {
        let (header_len, metadata) = SafeTensors::read_metadata(&bytes).map_err(header_error)?;
        Ok(SafeTensorsFile {
            data_start: 8 + header_len,
            metadata,
            bytes,
        })
    }

    /// Maps the safetensors file at `path` into memory and checks it (feature `mmap`): its
    /// tensors are then views of the file's bytes where they lie, with nothing read until
    /// used — opening a file of many gigabytes of weights costs its header.
    ///
    /// # Safety
    ///
    /// While the map lives, neither this process nor another may write to, truncate or
    /// replace the file: the views would see their elements change while borrowed, or fault
    /// (memmap2's `Mmap::map` states the same contract).
    ///
    /// # Errors
    ///
    /// [`FileError::Io`] when the file cannot be opened or mapped; otherwise as
    /// [`read`](Self::read).
    ///
    /// # Examples
    ///
    /// ```
    /// use ranked::io::{SafeTensorsFile, SafeTensorsWriter};
    /// use ranked::tensor;
    ///
    /// let path = std::env::temp_dir().join(format!("ranked-st-map-{}.safetensors", std::process::id()));
    /// let mut writer = SafeTensorsWriter::new();
    /// writer.add("w", &tensor![[1.0f64, 2.0], [3.0, 4.0]])?;
    /// writer.write(&path)?;
    /// // SAFETY: nothing writes, truncates or replaces the file while it is mapped.
    /// let file = unsafe { SafeTensorsFile::map(&path)? };
    /// let w = file.tensor::<f64, 2>("w")?;
    /// assert_eq!(w[[1, 1]], 4.0);
    /// # drop(file);
    /// # std::fs::remove_file(&path)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[cfg(feature = "mmap")]
    pub unsafe fn map(path: impl AsRef<Path>) -> Result<Self, FileError> {
        let file = std::fs::File::open(path)?;
        // SAFETY: the caller's contract: the file is not modified while the map lives.
        let map = unsafe { memmap2::Mmap::map(&file)? };
        Self::checked_file(Bytes::Mapped(map))
    }

    /// The name, dtype and shape of every tensor, sorted by name.
    #[must_use]
    pub fn list(&self) -> Vec<TensorInfo> {
        let mut infos: Vec<TensorInfo> = self
            .metadata
            .tensors()
            .into_iter()
            .map(|(name, info)| TensorInfo {
                name,
                dtype: info.dtype.to_string(),
                shape: info.shape.clone(),
            })
            .collect();
        infos.sort_by(|a, b| a.name.cmp(&b.name));
        infos
    }

    /// The bytes and shape of the tensor `name`, checked against `T` and `R`.
    fn checked<T: NpyElement, const R: usize>(
        &self,
        name: &str,
    ) -> Result<(&[u8], [usize; R]), FileError> {
        let Some(info) = self.metadata.info(name) else {
            return Err(FileError::format(
                "safetensors header",
                format!("has no tensor named {name:?}"),
            ));
        };
        if info.dtype != dtype_of::<T>() {
            return Err(FileError::Dtype {
                file: info.dtype.to_string(),
                expected: T::DESCR,
            });
        }
        let shape = FileError::shape_of::<R>(&info.shape, &info.dtype.to_string())?;
        // The crate checked the offsets against the buffer when the file was opened.
        let (start, end) = info.data_offsets;
        let range = self.data_start.saturating_add(start)..self.data_start.saturating_add(end);
        match self.bytes.get(range) {
            Some(data) => Ok((data, shape)),
            None => Err(FileError::format(
                "safetensors header",
                format!("gives {name:?} offsets outside the file"),
            )),
        }
    }

    /// The tensor `name` as a view of rank `R` of its bytes in place, row-major. O(1), or
    /// O(len) for `bool` (every byte is checked).
    ///
    /// # Errors
    ///
    /// [`FileError::Format`] when no tensor has that name, when its data is not aligned for
    /// `T` (then [`tensor`](Self::tensor) copies it), or (for `bool`) holds a byte other than 0
    /// and 1; [`FileError::Dtype`] or [`FileError::WrongRank`] when it holds another dtype or rank.
    pub fn view<T: NpyElement, const R: usize>(
        &self,
        name: &str,
    ) -> Result<TensorView<'_, T, R>, FileError> {
        let (data, shape) = self.checked::<T, R>(name)?;
        if cfg!(target_endian = "big") && T::SIZE > 1 {
            return Err(FileError::format(
                "data",
                "is little-endian, which a view on this machine cannot show: tensor() converts it",
            ));
        }
        if !data
            .as_ptr()
            .addr()
            .is_multiple_of(core::mem::align_of::<T>())
        {
            return Err(FileError::format(
                "data",
                format!(
                    "of {name:?} is not aligned for {}: tensor() copies it",
                    T::DESCR
                ),
            ));
        }
        if !T::ANY_BITS && !data.chunks_exact(T::SIZE).all(T::valid) {
            return Err(FileError::format(
                "data",
                format!(
                    "of {name:?} holds a byte that is not a value of {}",
                    T::DESCR
                ),
            ));
        }
        let count = data.len() / T::SIZE;
        // SAFETY: `core::slice::from_raw_parts`'s preconditions: the pointer is non-null and
        // aligned for `T` (checked above); `data` holds exactly `count · size_of::<T>()`
        // initialised bytes of one allocation or mapping (`self.bytes`, so within
        // `isize::MAX`); every
        // `T` is valid (any bit pattern is a number; `bool` bytes were checked); the bytes are
        // not mutated while borrowed (`self.bytes` is private and only read, and a mapped file
        // is not changed by others: `map`'s contract). The slice borrows `self`.
        let elems = unsafe { core::slice::from_raw_parts(data.as_ptr().cast::<T>(), count) };
        Ok(TensorView::from_slice(elems, shape)?)
    }

    /// The tensor `name` as an owned tensor of rank `R`, copied out of the file whatever the
    /// alignment of its data.
    ///
    /// # Errors
    ///
    /// [`FileError::Format`] when no tensor has that name; [`FileError::Dtype`] or
    /// [`FileError::WrongRank`] when it holds another dtype or rank.
    pub fn tensor<T: NpyElement, const R: usize>(
        &self,
        name: &str,
    ) -> Result<Tensor<T, R>, FileError> {
        let (data, shape) = self.checked::<T, R>(name)?;
        let elems = data
            .chunks_exact(T::SIZE)
            .map(|c| T::read(c, false))
            .collect();
        Ok(Tensor::from_vec(elems, shape)?)
    }
}

/// One tensor to write: its dtype, shape and little-endian bytes in C order.
struct Entry {
    dtype: Dtype,
    shape: Vec<usize>,
    bytes: Vec<u8>,
}

impl View for &Entry {
    fn dtype(&self) -> Dtype {
        self.dtype
    }
    fn shape(&self) -> &[usize] {
        &self.shape
    }
    fn data(&self) -> Cow<'_, [u8]> {
        Cow::Borrowed(&self.bytes)
    }
    fn data_len(&self) -> usize {
        self.bytes.len()
    }
}

/// Writes tensors of any layout, rank and element type under their names, as a safetensors
/// file (the crate's `serialize`).
///
/// # Examples
///
/// ```
/// use ranked::io::{SafeTensorsFile, SafeTensorsWriter};
/// use ranked::tensor;
///
/// let m = tensor![[1i64, 2], [3, 4]];
/// let mut writer = SafeTensorsWriter::new();
/// writer.add("transposed", &m.view().t())?; // written as the array it shows
/// writer.add("flags", &tensor![true, false])?;
/// let file = SafeTensorsFile::from_bytes(writer.to_bytes()?)?;
/// assert_eq!(file.list()[1].shape, [2, 2]);
/// assert_eq!(file.tensor::<i64, 2>("transposed")?, tensor![[1, 3], [2, 4]]);
/// # Ok::<(), ranked::io::FileError>(())
/// ```
#[derive(Default)]
pub struct SafeTensorsWriter {
    entries: Vec<(String, Entry)>,
}

impl SafeTensorsWriter {
    /// No tensors yet.
    #[must_use]
    pub fn new() -> Self {
        SafeTensorsWriter::default()
    }

    /// Adds `tensor` under `name`, copied in C order.
    ///
    /// # Errors
    ///
    /// [`FileError::Format`] when `name` is taken; [`FileError::Shape`] when the tensor's
    /// bytes cannot be held.
    pub fn add<S, const R: usize>(
        &mut self,
        name: &str,
        tensor: &TensorBase<S, R>,
    ) -> Result<&mut Self, FileError>
    where
        S: Storage,
        S::Elem: NpyElement,
    {
        if self.entries.iter().any(|(n, _)| n == name) {
            return Err(FileError::format(
                "safetensors header",
                format!("would have the name {name:?} twice"),
            ));
        }
        let len = tensor.len().checked_mul(S::Elem::SIZE).ok_or_else(|| {
            ShapeError::sizes(ErrorKind::Overflow, None, tensor.len(), S::Elem::SIZE)
        })?;
        let mut data = Vec::new();
        data.try_reserve_exact(len)
            .map_err(|_| ShapeError::sizes(ErrorKind::Allocation, None, len, 0))?;
        for &x in tensor.iter() {
            x.write_le(&mut data);
        }
        self.entries.push((
            name.to_string(),
            Entry {
                dtype: dtype_of::<S::Elem>(),
                shape: tensor.shape().to_vec(),
                bytes: data,
            },
        ));
        Ok(self)
    }

    /// The bytes of the file.
    ///
    /// # Errors
    ///
    /// [`FileError::Format`] when the crate refuses to write them (a header too large).
    pub fn to_bytes(&self) -> Result<Vec<u8>, FileError> {
        let entries = self
            .entries
            .iter()
            .map(|(name, entry)| (name.as_str(), entry));
        ::safetensors::serialize(entries, None).map_err(header_error)
    }

    /// Writes the file at `path`.
    ///
    /// # Errors
    ///
    /// [`FileError::Io`] when it cannot be written; otherwise as [`to_bytes`](Self::to_bytes).
    pub fn write(&self, path: impl AsRef<Path>) -> Result<(), FileError> {
        std::fs::write(path, self.to_bytes()?)?;
        Ok(())
    }
}
