//! Memory-mapped `.npy` files: views of the elements NumPy wrote, in place and equal to what
//! `read_npy` copies out; the data a view cannot show in place (the other byte order, not
//! aligned, a `bool` byte other than 0 and 1) refused with an error that says so; writes through
//! a writable map reaching the file. (Not under Miri, which cannot map files.)

#![cfg(all(feature = "mmap", not(miri)))]

use std::path::{Path, PathBuf};

use ranked::io::{FileError, NpyMap, NpyMapMut, npy};
use ranked::{DynTensor, Tensor, TensorView, tensor};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/npy")
        .join(name)
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("npy-map");
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// The map's view equals what `read_npy_dyn` copies out, layout included.
fn same_as_read<T: npy::NpyElement + PartialEq + std::fmt::Debug>(name: &str) {
    // SAFETY: the fixtures are not written while the tests run.
    let map = unsafe { NpyMap::open(fixture(name)) }.unwrap();
    let view = map.view_dyn::<T>().unwrap();
    let read: DynTensor<T> = ranked::io::read_npy_dyn(fixture(name)).unwrap();
    assert_eq!(view.shape(), read.shape(), "{name}");
    assert_eq!(view.strides(), read.strides(), "{name}");
    // Compared as printed, so that NaN equals NaN.
    let printed = |x: &T| format!("{x:?}");
    assert!(
        view.iter().map(printed).eq(read.iter().map(printed)),
        "{name}"
    );
}

#[test]
fn numpy_files_are_viewed_in_place() {
    same_as_read::<i8>("c_i1.npy");
    same_as_read::<i16>("c_i2.npy");
    same_as_read::<i32>("c_i4.npy");
    same_as_read::<i64>("c_i8.npy");
    same_as_read::<u8>("c_u1.npy");
    same_as_read::<u16>("c_u2.npy");
    same_as_read::<u32>("c_u4.npy");
    same_as_read::<u64>("c_u8.npy");
    same_as_read::<f32>("c_f4.npy");
    same_as_read::<f64>("c_f8.npy");
    same_as_read::<bool>("c_b1.npy");
    same_as_read::<f64>("fortran_f8.npy");
    same_as_read::<i16>("fortran_i2.npy");
    same_as_read::<f64>("rank0_f8.npy");
    same_as_read::<f32>("empty_f4.npy");
    same_as_read::<u8>("v2_u1.npy");
    same_as_read::<i64>("v3_i8.npy");

    // SAFETY: as above.
    let map = unsafe { NpyMap::open(fixture("fortran_f8.npy")) }.unwrap();
    let v: TensorView<'_, f64, 3> = map.view().unwrap();
    assert_eq!((v.shape(), v.strides()), (&[3, 4, 5], &[1, 3, 12]));
    let copied: Tensor<f64, 3> = ranked::io::read_npy(fixture("fortran_f8.npy")).unwrap();
    assert_eq!(v, copied.view());
    assert_eq!(map.header().shape, [3, 4, 5]);
}

#[test]
fn data_a_view_cannot_show_in_place_is_refused() {
    // SAFETY: as above.
    let big = unsafe { NpyMap::open(fixture("big_i4.npy")) }.unwrap();
    let err = big.view::<i32, 3>().unwrap_err();
    assert!(err.to_string().contains("other byte order"), "{err}");
    assert!(matches!(big.view::<f32, 3>(), Err(FileError::Dtype { .. })));
    assert!(matches!(
        big.view::<i32, 2>(),
        Err(FileError::WrongRank { .. })
    ));

    // Data 81 bytes into the file: fine for bytes, not aligned for f32.
    let mut bytes = b"\x93NUMPY\x01\x00".to_vec();
    let dict = "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }";
    bytes.extend_from_slice(&71u16.to_le_bytes());
    bytes.extend_from_slice(dict.as_bytes());
    bytes.resize(80, b' ');
    bytes.push(b'\n');
    bytes.extend_from_slice(&[0; 8]);
    let path = scratch("unaligned.npy");
    std::fs::write(&path, &bytes).unwrap();
    // SAFETY: this test alone uses the file.
    let map = unsafe { NpyMap::open(&path) }.unwrap();
    let err = map.view::<f32, 1>().unwrap_err();
    assert!(err.to_string().contains("not aligned for <f4"), "{err}");
    let copied: Tensor<f32, 1> = npy::from_bytes(&bytes).unwrap();
    assert_eq!(copied, tensor![0.0, 0.0]);

    // A bool byte other than 0 and 1 cannot be a `bool` in place.
    let mut flags = std::fs::read(fixture("c_b1.npy")).unwrap();
    let at = npy::Header::parse(&flags).unwrap().data_offset + 5;
    flags[at] = 2;
    let path = scratch("bad_bool.npy");
    std::fs::write(&path, &flags).unwrap();
    // SAFETY: this test alone uses the file.
    let map = unsafe { NpyMap::open(&path) }.unwrap();
    assert!(
        map.view::<bool, 3>()
            .unwrap_err()
            .to_string()
            .contains("not a value of '|b1'")
    );

    // Data shorter than the header says.
    let short = std::fs::read(fixture("c_f8.npy")).unwrap();
    let path = scratch("short.npy");
    std::fs::write(&path, &short[..short.len() - 8]).unwrap();
    // SAFETY: this test alone uses the file.
    let map = unsafe { NpyMap::open(&path) }.unwrap();
    assert!(
        map.view::<f64, 3>()
            .unwrap_err()
            .to_string()
            .contains("shorter than the header")
    );
    // SAFETY: the file does not exist; nothing can change it.
    let missing = unsafe { NpyMap::open(scratch("missing.npy")) };
    assert!(matches!(missing, Err(FileError::Io(_))));
}

#[test]
fn writes_through_a_writable_map_reach_the_file() {
    let path = scratch("writable.npy");
    std::fs::copy(fixture("c_f4.npy"), &path).unwrap();
    let before: Tensor<f32, 3> = ranked::io::read_npy(&path).unwrap();
    {
        // SAFETY: this test alone uses the file.
        let mut map = unsafe { NpyMapMut::open(&path) }.unwrap();
        assert!(map.view_mut::<f64, 3>().is_err());
        let mut v = map.view_mut::<f32, 3>().unwrap();
        v[[1, 2, 3]] = 1234.5;
        v.fill_with_index();
        map.flush().unwrap();
    }
    let after: Tensor<f32, 3> = ranked::io::read_npy(&path).unwrap();
    assert_eq!(after.shape(), before.shape());
    assert_eq!(
        after,
        Tensor::from_fn([2, 3, 4], |[i, j, k]| (12 * i + 4 * j + k) as f32)
    );
}

/// Fills a view with its row-major position, through `iter_mut`.
trait FillWithIndex {
    fn fill_with_index(&mut self);
}

impl FillWithIndex for ranked::TensorViewMut<'_, f32, 3> {
    fn fill_with_index(&mut self) {
        for (k, x) in self.iter_mut().enumerate() {
            *x = k as f32;
        }
    }
}
