//! safetensors files: the one the Python `safetensors` package wrote
//! (`tests/data/safetensors/`, made by `make_fixtures.py` beside it, with a manifest of the
//! values) read back to its values, as views and as copies; files written here read back and
//! are left in the target directory for the Python package (`check_written.py`, run by CI when
//! it can be installed); names, dtypes and ranks checked; malformed files refused, never a
//! panic.

#![cfg(feature = "safetensors")]

use std::path::{Path, PathBuf};

use ranked::io::{FileError, NpyElement, SafeTensorsFile, SafeTensorsWriter};
use ranked::{Tensor, tensor};
use serde_json::Value;

fn data_dir() -> PathBuf {
    std::env::var_os("RANKED_SAFETENSORS_FIXTURES").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/safetensors"),
        PathBuf::from,
    )
}

/// An element as the manifest writes it.
trait Bits: NpyElement + PartialEq + std::fmt::Debug {
    fn bits(self) -> i128;
}
macro_rules! bits {
    ($($t:ty => $e:expr),*) => {$(impl Bits for $t { fn bits(self) -> i128 { let f: fn($t) -> i128 = $e; f(self) } })*};
}
bits!(i8 => i128::from, i64 => i128::from, u8 => i128::from, u16 => i128::from, bool => i128::from,
      f32 => |x| i128::from(x.to_bits()), f64 => |x| i128::from(x.to_bits()));

/// The tensor `name` of `file`, taken at rank `R` as a copy and (where its data is aligned) as
/// a view, against the manifest's values; whether the view was had in place.
fn check<T: Bits, const R: usize>(file: &SafeTensorsFile, name: &str, want: &[i128]) -> bool {
    let bits = |it: &mut dyn Iterator<Item = T>| it.map(Bits::bits).collect::<Vec<_>>();
    let copy: Tensor<T, R> = file.tensor(name).unwrap();
    assert_eq!(bits(&mut copy.iter().copied()), want, "{name}");
    match file.view::<T, R>(name) {
        Ok(view) => {
            assert_eq!(bits(&mut view.iter().copied()), want, "{name}");
            true
        }
        Err(err) => {
            assert!(err.to_string().contains("not aligned"), "{name}: {err}");
            false
        }
    }
}

#[test]
fn the_file_python_wrote_reads_back_to_its_values() {
    let bytes = std::fs::read(data_dir().join("model.safetensors")).unwrap();
    // A tensor whose offset is aligned for its dtype is viewed in place when the buffer starts
    // on 8 bytes: always from the system allocator (16), not always under Miri, which places a
    // byte buffer at any address. The three byte-sized tensors are viewed in place either way.
    let buffer_aligned = bytes.as_ptr().addr().is_multiple_of(8);
    let file = SafeTensorsFile::from_bytes(bytes).unwrap();
    let text = std::fs::read_to_string(data_dir().join("manifest.json")).unwrap();
    let manifest: Value = serde_json::from_str(&text).unwrap();
    let list = file.list();
    let tensors = manifest["tensors"].as_array().unwrap();
    assert_eq!(list.len(), tensors.len());
    let mut in_place = 0;
    for (info, t) in list.iter().zip(tensors) {
        let name = t["name"].as_str().unwrap();
        let shape: Vec<usize> = t["shape"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_u64().unwrap() as usize)
            .collect();
        assert_eq!((info.name.as_str(), &info.shape), (name, &shape));
        let want: Vec<i128> = t["values"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| {
                v.as_i64()
                    .map(i128::from)
                    .or_else(|| v.as_u64().map(i128::from))
                    .unwrap()
            })
            .collect();
        in_place += usize::from(match (t["dtype"].as_str().unwrap(), shape.len()) {
            ("uint8", 1) => check::<u8, 1>(&file, name, &want),
            ("uint16", 3) => check::<u16, 3>(&file, name, &want),
            ("float32", 2) => check::<f32, 2>(&file, name, &want),
            ("float32", 0) => check::<f32, 0>(&file, name, &want),
            ("float64", 1) => check::<f64, 1>(&file, name, &want),
            ("bool", 2) => check::<bool, 2>(&file, name, &want),
            ("int8", 1) => check::<i8, 1>(&file, name, &want),
            ("int64", 2) => check::<i64, 2>(&file, name, &want),
            other => panic!("a fixture tensor of {other:?}"),
        });
    }
    assert!(
        in_place >= if buffer_aligned { 4 } else { 3 },
        "the aligned tensors are viewed in place ({in_place}, buffer aligned: {buffer_aligned})"
    );
    // Another dtype, another rank, another name: refused, naming what the file holds.
    let err = file.tensor::<f64, 2>("embed.weight").unwrap_err();
    assert!(
        matches!(&err, FileError::Dtype { file, expected: "<f8" } if file == "F32"),
        "{err:?}"
    );
    let err = file.tensor::<f32, 3>("embed.weight").unwrap_err();
    assert!(
        matches!(&err, FileError::WrongRank { shape, expected: 3, .. } if shape == &[4, 6]),
        "{err:?}"
    );
    let err = file.view::<u8, 1>("no such tensor").unwrap_err();
    assert!(
        err.to_string()
            .contains("no tensor named \"no such tensor\""),
        "{err}"
    );
}

#[test]
fn files_written_here_read_back_and_are_left_for_python() {
    let w = Tensor::from_fn([3, 4], |[i, j]| (i * 4 + j) as f32 / 8.0 - 0.5);
    let mut writer = SafeTensorsWriter::new();
    writer.add("w", &w).unwrap();
    writer.add("w_t", &w.view().t()).unwrap();
    writer.add("ids", &tensor![[7i64, -8], [9, 10]]).unwrap();
    writer.add("flags", &tensor![true, false, true]).unwrap();
    writer
        .add("scalar", &Tensor::<f64, 0>::full([], f64::NEG_INFINITY))
        .unwrap();
    assert!(writer.add("w", &w).is_err(), "a name is written once");
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("safetensors-written");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("written.safetensors");
    writer.write(&path).unwrap();

    let file = SafeTensorsFile::read(&path).unwrap();
    assert_eq!(file.tensor::<f32, 2>("w").unwrap(), w);
    assert_eq!(
        file.tensor::<f32, 2>("w_t").unwrap(),
        w.view().t().to_contiguous()
    );
    assert_eq!(
        file.tensor::<i64, 2>("ids").unwrap(),
        tensor![[7, -8], [9, 10]]
    );
    assert_eq!(
        file.tensor::<bool, 1>("flags").unwrap(),
        tensor![true, false, true]
    );
    assert_eq!(
        file.tensor::<f64, 0>("scalar").unwrap()[[]],
        f64::NEG_INFINITY
    );
    let names: Vec<String> = file.list().into_iter().map(|i| i.name).collect();
    assert_eq!(names, ["flags", "ids", "scalar", "w", "w_t"]);

    let manifest = serde_json::json!({"tensors": [
        {"name": "w_t", "dtype": "float32", "shape": [4, 3],
         "values": w.view().t().iter().map(|x| x.to_bits().to_string()).collect::<Vec<_>>()},
        {"name": "ids", "dtype": "int64", "shape": [2, 2], "values": ["7", "-8", "9", "10"]},
        {"name": "flags", "dtype": "bool", "shape": [3], "values": ["1", "0", "1"]},
    ]});
    std::fs::write(dir.join("manifest.json"), manifest.to_string()).unwrap();
}

#[test]
fn malformed_files_are_refused_and_never_panic() {
    let good = std::fs::read(data_dir().join("model.safetensors")).unwrap();
    let header = |bytes: &[u8]| match SafeTensorsFile::from_bytes(bytes.to_vec()) {
        Err(FileError::Format { part, .. }) => part,
        Err(other) => panic!("a format error, not {other:?}"),
        Ok(_) => "ok",
    };
    assert_eq!(header(&good), "ok");
    assert_eq!(header(b""), "safetensors header");
    assert_eq!(header(&good[..good.len() - 1]), "safetensors header");
    let mut huge = good.clone();
    huge[..8].copy_from_slice(&u64::MAX.to_le_bytes());
    assert_eq!(header(&huge), "safetensors header");
    let text = br#"{"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]},"b":{"dtype":"F32","shape":[2],"data_offsets":[4,12]}}"#;
    let mut overlapping = (text.len() as u64).to_le_bytes().to_vec();
    overlapping.extend_from_slice(text);
    overlapping.extend_from_slice(&[0; 12]);
    assert_eq!(header(&overlapping), "safetensors header");
    let text = br#"{"a":{"dtype":"F32","shape":[18446744073709551615,2],"data_offsets":[0,8]}}"#;
    let mut overflowing = (text.len() as u64).to_le_bytes().to_vec();
    overflowing.extend_from_slice(text);
    overflowing.extend_from_slice(&[0; 8]);
    assert_eq!(header(&overflowing), "safetensors header");

    // Every prefix, and mutations of the bytes: an error or a file whose tensors read, never a
    // panic.
    let mut state = 0x5eedu64;
    let mut next = |below: usize| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((state >> 33) as usize) % below.max(1)
    };
    let cases = std::env::var("RANKED_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(if cfg!(miri) { 10 } else { 5_000 });
    let mut inputs: Vec<Vec<u8>> = (0..good.len())
        .step_by(if cfg!(miri) { 97 } else { 1 })
        .map(|n| good[..n].to_vec())
        .collect();
    for _ in 0..cases {
        let mut bytes = good.clone();
        for _ in 0..1 + next(3) {
            let at = next(bytes.len());
            bytes[at] = next(256) as u8;
        }
        inputs.push(bytes);
    }
    for bytes in inputs {
        if let Ok(file) = SafeTensorsFile::from_bytes(bytes) {
            for info in file.list() {
                let _ = file.tensor::<f32, 2>(&info.name);
                let _ = file.view::<u8, 1>(&info.name);
                let _ = file.tensor::<bool, 2>(&info.name);
            }
        }
    }
}

/// A mapped file gives the same tensors as one read into memory, the views in place.
#[cfg(all(feature = "mmap", not(miri)))]
#[test]
fn a_mapped_file_gives_the_same_tensors() {
    let path = data_dir().join("model.safetensors");
    // SAFETY: the fixture is not written while the tests run.
    let mapped = unsafe { SafeTensorsFile::map(&path) }.unwrap();
    let read = SafeTensorsFile::read(&path).unwrap();
    assert_eq!(mapped.list(), read.list());
    let a: Tensor<f32, 2> = mapped.tensor("embed.weight").unwrap();
    assert_eq!(a, read.tensor::<f32, 2>("embed.weight").unwrap());
    // The map starts on a page, so an aligned offset gives a view in place.
    if let Ok(view) = mapped.view::<f32, 2>("embed.weight") {
        assert_eq!(view, a.view());
    }
    assert_eq!(
        mapped.view::<u8, 1>("bytes").unwrap().to_vec(),
        [0, 1, 2, 3, 4, 5, 6]
    );
}
