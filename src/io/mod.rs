//! Reading and writing tensors in the file formats other array libraries use, with the rank
//! checked when the file is read (feature `std`).
//!
//! - [`.npy`](npy), NumPy's format: [`read_npy`] into a `Tensor<T, R>` whose rank and element
//!   type the file must have, [`read_npy_dyn`] into a [`DynTensor`](crate::DynTensor) of any rank, [`write_npy`]
//!   and [`write_npy_dyn`] of any tensor or view; with the feature `mmap`, [`NpyMap`] and [`NpyMapMut`], views of a
//!   file's elements in place (`np.load(path, mmap_mode="r")` and `"r+"`).
//! - `.npz` archives (feature `npz`): [`Npz`] reads the named arrays of `np.savez` and
//!   `np.savez_compressed`, [`NpzWriter`] writes them, stored or deflated.
//! - CSV tables of numbers (feature `csv`): [`read_csv`] into a `Tensor<T, 2>`, [`write_csv`],
//!   and [`Csv`] for the delimiter and the header row (NumPy's `loadtxt` and `savetxt`).
//! - safetensors files (feature `safetensors`): [`SafeTensorsFile`] lists a file's tensors and
//!   takes each by name as a typed view in place or an owned copy; [`SafeTensorsWriter`]
//!   writes any tensors under their names.
//!
//! A file of another rank or element type is an error that names what the file holds, never a
//! conversion; a file that is truncated, malformed or lies about its size is an error that names
//! the part of the file at fault, never a panic.
//!
//! # Examples
//!
//! ```
//! use ranked::{Tensor, io, tensor};
//!
//! let dir = std::env::temp_dir().join(format!("ranked-io-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir)?;
//! let path = dir.join("weights.npy");
//!
//! let w = tensor![[1.0f32, 2.0, 3.0], [4.0, 5.0, 6.0]];
//! io::write_npy(&path, &w)?;
//! let back: Tensor<f32, 2> = io::read_npy(&path)?;
//! assert_eq!(back, w);
//!
//! // The rank is checked when the file is read: the error names what the file holds.
//! let err = io::read_npy::<f32, 3>(&path).unwrap_err();
//! assert_eq!(
//!     err.to_string(),
//!     "the file holds an array of rank 2 (shape [2, 3], dtype '<f4'); rank 3 was asked for"
//! );
//! # std::fs::remove_dir_all(&dir)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod npy;

mod error;
#[cfg(feature = "mmap")]
mod npy_map;
#[cfg(feature = "npz")]
mod npz;
#[cfg(feature = "csv")]
mod table;
#[cfg(feature = "safetensors")]
mod weights;

pub use error::FileError;
pub use npy::{NpyElement, read_npy, read_npy_dyn, write_npy, write_npy_dyn};
#[cfg(feature = "mmap")]
pub use npy_map::{NpyMap, NpyMapMut};
#[cfg(feature = "npz")]
pub use npz::{Npz, NpzWriter};
#[cfg(feature = "csv")]
pub use table::{Csv, read_csv, write_csv};
#[cfg(feature = "safetensors")]
pub use weights::{SafeTensorsFile, SafeTensorsWriter, TensorInfo};
