//! Memory-mapped `.npy` files (feature `mmap`): views of the elements where they lie in the
//! file, with nothing copied — NumPy's `np.load(path, mmap_mode="r")` and `"r+"`.
//!
//! Mapping a file is `unsafe`, as it is in every language: the views borrow the file's bytes,
//! and if this or another process writes, truncates or replaces the file while it is mapped, a
//! view's elements change under a shared borrow, or reading them faults. The constructors
//! ([`NpyMap::open`], [`NpyMapMut::open`]) are therefore `unsafe fn`s whose contract says so;
//! everything after them is checked: the rank and dtype as [`read_npy`](super::read_npy) checks
//! them, the data's length against the header, its alignment for the element type, and, for
//! `bool`, that every byte is 0 or 1. Data that cannot be viewed in place (big-endian, or not
//! aligned for the element type) is an error that says so; [`read_npy`](super::read_npy)
//! copies and converts it.

use alloc::format;
use std::fs::{File, OpenOptions};
use std::path::Path;

use memmap2::{Mmap, MmapMut};

use super::FileError;
use super::npy::{Header, NpyElement, data_of, dtype_of};
use crate::dynamic::DynTensorView;
use crate::layout::Order;
use crate::tensor::{TensorView, TensorViewMut};

/// The checks a view of the data needs, for `T`: the dtype, the byte order (the machine's),
/// the length, the alignment and, for `bool`, the bytes. The element count and the byte range
/// of the data within `bytes` on success.
fn checked<T: NpyElement>(bytes: &[u8], header: &Header) -> Result<(usize, usize), FileError> {
    let big = dtype_of::<T>(header)?;
    if T::SIZE > 1 && big != cfg!(target_endian = "big") {
        return Err(FileError::format(
            "data",
            format!(
                "is in the other byte order ('{}'), which a view cannot convert: read_npy converts it",
                header.descr
            ),
        ));
    }
    let start = header.data_offset;
    let (count, data) = data_of::<T>(&bytes[start..], header)?;
    let end = start + data.len();
    let address = bytes.as_ptr().addr().wrapping_add(start);
    if !address.is_multiple_of(core::mem::align_of::<T>()) {
        return Err(FileError::format(
            "data",
            format!(
                "starts at byte {start}, which is not aligned for {} ({} bytes): read_npy copies it",
                T::DESCR,
                core::mem::align_of::<T>()
            ),
        ));
    }
    if !T::ANY_BITS && !bytes[start..end].chunks_exact(T::SIZE).all(T::valid) {
        return Err(FileError::format(
            "data",
            format!("holds a byte that is not a value of '{}'", header.descr),
        ));
    }
    Ok((count, start))
}

/// The order the header gives.
fn order(header: &Header) -> Order {
    if header.fortran_order {
        Order::ColumnMajor
    } else {
        Order::RowMajor
    }
}

/// A `.npy` file mapped read-only: views of its elements in place, `np.load(path,
/// mmap_mode="r")`. The views borrow the map.
///
/// # Examples
///
/// ```
/// use ranked::{TensorView, io, tensor};
///
/// let path = std::env::temp_dir().join(format!("ranked-map-doc-{}.npy", std::process::id()));
/// io::write_npy(&path, &tensor![[1.0f32, 2.0, 3.0], [4.0, 5.0, 6.0]])?;
///
/// // SAFETY: nothing writes, truncates or replaces the file while it is mapped.
/// let map = unsafe { io::NpyMap::open(&path)? };
/// let w: TensorView<'_, f32, 2> = map.view()?; // no element copied
/// assert_eq!(w[[1, 2]], 6.0);
/// assert!(map.view::<f64, 2>().is_err()); // the dtype is checked as read_npy checks it
/// # drop(map);
/// # std::fs::remove_file(&path)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct NpyMap {
    map: Mmap,
    header: Header,
}

impl NpyMap {
    /// Maps the `.npy` file at `path` read-only and reads its header.
    ///
    /// # Safety
    ///
    /// While the map lives, neither this process nor another may write to, truncate or
    /// replace the file: the views would see their elements change while borrowed, or fault.
    /// (memmap2's `Mmap::map` states the same contract.)
    ///
    /// # Errors
    ///
    /// [`FileError::Io`] when the file cannot be opened or mapped; as
    /// [`Header::parse`] for a malformed header.
    pub unsafe fn open(path: impl AsRef<Path>) -> Result<Self, FileError> {
        let file = File::open(path)?;
        // SAFETY: the caller's contract: the file is not modified while the map lives.
        let map = unsafe { Mmap::map(&file)? };
        let header = Header::parse(&map)?;
        Ok(NpyMap { map, header })
    }

    /// The file's header.
    #[must_use]
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The elements as a view of rank `R`, in place: C order gives a row-major view, Fortran
    /// order a column-major one. O(1), or O(len) for `bool` (every byte is checked).
    ///
    /// # Errors
    ///
    /// [`FileError::WrongRank`] or [`FileError::Dtype`] as [`read_npy`](super::read_npy);
    /// [`FileError::Format`] (`"data"`) when the data is shorter than the header says, in the
    /// other byte order, not aligned for `T`, or (for `bool`) holds a byte other than 0 and 1.
    pub fn view<T: NpyElement, const R: usize>(&self) -> Result<TensorView<'_, T, R>, FileError> {
        let shape = FileError::shape_of::<R>(&self.header.shape, &self.header.descr)?;
        let elems = self.elements::<T>()?;
        Ok(TensorView::from_storage_with_order(
            elems,
            shape,
            order(&self.header),
        )?)
    }

    /// The elements as a view of the file's rank, in place.
    ///
    /// # Errors
    ///
    /// As [`view`](Self::view), with [`FileError::Shape`] for more axes than a dynamic-rank
    /// view holds instead of a rank mismatch.
    pub fn view_dyn<T: NpyElement>(&self) -> Result<DynTensorView<'_, T>, FileError> {
        let elems = self.elements::<T>()?;
        if self.header.fortran_order {
            let reversed: alloc::vec::Vec<usize> =
                self.header.shape.iter().rev().copied().collect();
            Ok(DynTensorView::from_slice(elems, &reversed)?.reversed_axes())
        } else {
            Ok(DynTensorView::from_slice(elems, &self.header.shape)?)
        }
    }

    /// The data as a slice of `T`s, after every check.
    fn elements<T: NpyElement>(&self) -> Result<&[T], FileError> {
        let (count, start) = checked::<T>(&self.map, &self.header)?;
        let data = &self.map[start..];
        // SAFETY: `core::slice::from_raw_parts`'s preconditions, each checked by `checked`:
        // the pointer is non-null and aligned for `T`; the `count · size_of::<T>()` bytes from
        // it lie inside the map (one allocation, so also within `isize::MAX` bytes) and are
        // initialised (file contents); each `T` is valid (every bit pattern is a value of the
        // number types, and a `bool`'s bytes were checked to be 0 or 1); and the bytes are
        // not mutated while borrowed — this map is read-only, and other writers are excluded by
        // `open`'s contract. The slice borrows `self`, so it cannot outlive the map.
        Ok(unsafe { core::slice::from_raw_parts(data.as_ptr().cast::<T>(), count) })
    }
}

/// A `.npy` file mapped for reading and writing: a mutable view of its elements in place,
/// whose writes go to the file, `np.load(path, mmap_mode="r+")`.
///
/// # Examples
///
/// ```
/// use ranked::{Tensor, io, tensor};
///
/// let path = std::env::temp_dir().join(format!("ranked-map-mut-doc-{}.npy", std::process::id()));
/// io::write_npy(&path, &tensor![1i32, 2, 3])?;
/// {
///     // SAFETY: nothing else writes, truncates or replaces the file while it is mapped.
///     let mut map = unsafe { io::NpyMapMut::open(&path)? };
///     let mut v = map.view_mut::<i32, 1>()?;
///     v.map_inplace(|x| *x *= 10);
///     map.flush()?;
/// }
/// let back: Tensor<i32, 1> = io::read_npy(&path)?;
/// assert_eq!(back, tensor![10, 20, 30]);
/// # std::fs::remove_file(&path)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct NpyMapMut {
    map: MmapMut,
    header: Header,
}

impl NpyMapMut {
    /// Maps the `.npy` file at `path` for reading and writing and reads its header.
    ///
    /// # Safety
    ///
    /// While the map lives, no other process may write to, truncate or replace the file, and
    /// this process may reach its bytes only through this map (memmap2's `MmapMut::map_mut`
    /// states the same contract).
    ///
    /// # Errors
    ///
    /// [`FileError::Io`] when the file cannot be opened for writing or mapped; as
    /// [`Header::parse`] for a malformed header.
    pub unsafe fn open(path: impl AsRef<Path>) -> Result<Self, FileError> {
        let file = OpenOptions::new().read(true).write(true).open(path)?;
        // SAFETY: the caller's contract: nothing else touches the file while the map lives.
        let map = unsafe { MmapMut::map_mut(&file)? };
        let header = Header::parse(&map)?;
        Ok(NpyMapMut { map, header })
    }

    /// The file's header.
    #[must_use]
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The elements as a mutable view of rank `R`, in place; writes go to the file.
    ///
    /// # Errors
    ///
    /// As [`NpyMap::view`].
    pub fn view_mut<T: NpyElement, const R: usize>(
        &mut self,
    ) -> Result<TensorViewMut<'_, T, R>, FileError> {
        let shape = FileError::shape_of::<R>(&self.header.shape, &self.header.descr)?;
        let (count, start) = checked::<T>(&self.map, &self.header)?;
        let order = order(&self.header);
        let data = &mut self.map[start..];
        // SAFETY: `core::slice::from_raw_parts_mut`'s preconditions, checked by `checked` as
        // in `NpyMap::elements`; and the bytes are reached only through this slice while it
        // lives: it borrows `self` mutably, and `open`'s contract excludes every other access
        // to the file.
        let elems =
            unsafe { core::slice::from_raw_parts_mut(data.as_mut_ptr().cast::<T>(), count) };
        Ok(TensorViewMut::from_storage_with_order(elems, shape, order)?)
    }

    /// Writes the changes made through the views to the file (memmap2's `flush`).
    ///
    /// # Errors
    ///
    /// [`FileError::Io`] when the system cannot write them.
    pub fn flush(&self) -> Result<(), FileError> {
        self.map.flush()?;
        Ok(())
    }
}
