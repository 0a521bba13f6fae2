//! `.npy` files: the ones NumPy wrote (`tests/data/npy/`, made by `make_fixtures.py` beside
//! them, with a manifest of what NumPy put in each) read back to the same values; files written
//! here read back, and are left in the target directory for NumPy to check
//! (`tests/data/npy/check_written.py`, run by CI when NumPy can be installed); every kind of bad
//! input is an error naming the part of the file at fault; truncated and mutated files never
//! panic.

use std::path::{Path, PathBuf};

use ranked::io::{FileError, NpyElement, npy};
use ranked::{Axis, DynTensor, Order, Tensor, tensor};
use serde_json::Value;

/// The NumPy-written fixtures: the committed ones, or a fresh set in `RANKED_NPY_FIXTURES`.
fn data_dir() -> PathBuf {
    std::env::var_os("RANKED_NPY_FIXTURES").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/npy"),
        PathBuf::from,
    )
}

fn manifest() -> Vec<Value> {
    let text = std::fs::read_to_string(data_dir().join("manifest.json")).expect("manifest");
    let value: Value = serde_json::from_str(&text).expect("valid manifest");
    value["cases"].as_array().expect("cases").clone()
}

/// An element as the manifest writes it: floats by their bits, bools as 0 or 1.
trait Bits: NpyElement + PartialEq + std::fmt::Debug {
    fn bits(self) -> i128;
}

macro_rules! int_bits {
    ($($t:ty),*) => {$(impl Bits for $t { fn bits(self) -> i128 { i128::from(self) } })*};
}
int_bits!(i8, i16, i32, i64, u8, u16, u32, u64, bool);
impl Bits for f32 {
    fn bits(self) -> i128 {
        i128::from(self.to_bits())
    }
}
impl Bits for f64 {
    fn bits(self) -> i128 {
        i128::from(self.to_bits())
    }
}

fn values(case: &Value) -> Vec<i128> {
    case["values"]
        .as_array()
        .expect("values")
        .iter()
        .map(|v| {
            v.as_i64()
                .map(i128::from)
                .or_else(|| v.as_u64().map(i128::from))
                .expect("an integer")
        })
        .collect()
}

fn shape(case: &Value) -> Vec<usize> {
    case["shape"]
        .as_array()
        .expect("shape")
        .iter()
        .map(|s| s.as_u64().expect("a size") as usize)
        .collect()
}

/// The strides of a contiguous layout of `shape` in `order`.
fn strides(shape: &[usize], order: Order) -> Vec<isize> {
    let mut out = vec![0isize; shape.len()];
    let mut step = 1isize;
    let axes: Vec<usize> = match order {
        Order::RowMajor => (0..shape.len()).rev().collect(),
        Order::ColumnMajor => (0..shape.len()).collect(),
    };
    for k in axes {
        out[k] = step;
        step *= shape[k].max(1) as isize;
    }
    out
}

/// One NumPy file read as `T`, whole and at its rank, against the manifest.
fn check<T: Bits>(case: &Value, bytes: &[u8]) {
    let name = case["file"].as_str().unwrap_or("?");
    let (want_shape, want) = (shape(case), values(case));
    let fortran = case["fortran_order"].as_bool().expect("fortran_order");
    let header = npy::Header::parse(bytes).expect("a valid header");
    assert_eq!(header.descr, case["descr"].as_str().unwrap(), "{name}");
    assert_eq!(
        (header.shape.clone(), header.fortran_order),
        (want_shape.clone(), fortran),
        "{name}"
    );
    let version = case["version"].as_array().unwrap();
    assert_eq!(
        (u64::from(header.version.0), u64::from(header.version.1)),
        (version[0].as_u64().unwrap(), version[1].as_u64().unwrap()),
        "{name}"
    );

    let dyn_t: DynTensor<T> = npy::from_bytes_dyn(bytes).expect(name);
    assert_eq!(dyn_t.shape(), want_shape.as_slice(), "{name}");
    let got: Vec<i128> = dyn_t.iter().map(|&x| x.bits()).collect();
    assert_eq!(got, want, "{name}: the elements in C order");
    // Fortran order is a column-major layout of the file's data, not a copy into row-major.
    let order = if fortran {
        Order::ColumnMajor
    } else {
        Order::RowMajor
    };
    let expected_strides = strides(&want_shape, order);
    if !want_shape.contains(&0) {
        assert_eq!(dyn_t.strides(), expected_strides.as_slice(), "{name}");
    }

    macro_rules! at_rank {
        ($($r:literal)*) => {
            match want_shape.len() {
                $($r => {
                    let t: Tensor<T, $r> = npy::from_bytes(bytes).expect(name);
                    assert_eq!(t.iter().map(|&x| x.bits()).collect::<Vec<_>>(), want, "{name}");
                    // The path form reads the data straight into the tensor where it can.
                    let from_file: Tensor<T, $r> =
                        ranked::io::read_npy(data_dir().join(name)).expect(name);
                    assert_eq!(from_file.iter().map(|&x| x.bits()).collect::<Vec<_>>(), want, "{name}");
                    assert_eq!(from_file.strides(), t.strides(), "{name}");
                    if !want_shape.contains(&0) {
                        assert_eq!(t.strides().as_slice(), expected_strides.as_slice(), "{name}");
                    }
                })*
                r => panic!("no fixture of rank {r}"),
            }
        };
    }
    at_rank!(0 1 2 3);
}

#[test]
fn files_numpy_wrote_read_back_to_numpy_values() {
    let cases = manifest();
    assert!(cases.len() >= 20, "the manifest lists every fixture");
    for case in &cases {
        let file = case["file"].as_str().expect("file");
        let bytes = std::fs::read(data_dir().join(file)).expect(file);
        let descr = case["descr"].as_str().expect("descr");
        match &descr[1..] {
            "b1" => check::<bool>(case, &bytes),
            "i1" => check::<i8>(case, &bytes),
            "i2" => check::<i16>(case, &bytes),
            "i4" => check::<i32>(case, &bytes),
            "i8" => check::<i64>(case, &bytes),
            "u1" => check::<u8>(case, &bytes),
            "u2" => check::<u16>(case, &bytes),
            "u4" => check::<u32>(case, &bytes),
            "u8" => check::<u64>(case, &bytes),
            "f4" => check::<f32>(case, &bytes),
            "f8" => check::<f64>(case, &bytes),
            other => panic!("{file}: a fixture of dtype {other}"),
        }
    }
}

#[test]
fn files_read_through_the_path_functions() {
    let path = data_dir().join("fortran_f8.npy");
    let t: Tensor<f64, 3> = ranked::io::read_npy(&path).unwrap();
    assert_eq!(t.shape(), &[3, 4, 5]);
    assert!((t[[2, 3, 4]] - 59.0 / 7.0).abs() < 1e-15);
    let d: DynTensor<f64> = ranked::io::read_npy_dyn(&path).unwrap();
    assert_eq!(d.shape(), &[3, 4, 5]);
    let missing = ranked::io::read_npy::<f64, 3>(data_dir().join("no such file.npy"));
    assert!(matches!(missing, Err(FileError::Io(_))));

    // Files cut short, in the header or in the data, and a header that claims more data than
    // the file holds: errors naming the part, found before anything is allocated for the data.
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("npy-bad-files");
    std::fs::create_dir_all(&dir).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    for (name, len) in [
        ("empty", 0),
        ("magic", 5),
        ("header", 40),
        ("data", bytes.len() - 8),
    ] {
        let cut = dir.join(format!("{name}.npy"));
        std::fs::write(&cut, &bytes[..len]).unwrap();
        let err = ranked::io::read_npy::<f64, 3>(&cut).unwrap_err();
        assert!(matches!(err, FileError::Format { .. }), "{name}: {err:?}");
    }
    let lying = file(
        "{'descr': '<f8', 'fortran_order': False, 'shape': (1000000000, 1000, 1000), }",
        &[0; 16],
    );
    let path = dir.join("lying.npy");
    std::fs::write(&path, &lying).unwrap();
    let err = ranked::io::read_npy::<f64, 3>(&path).unwrap_err();
    assert!(
        err.to_string().contains("is shorter than the header says"),
        "{err}"
    );
}

/// The directory the written files are left in, for `check_written.py`.
fn written_dir() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("npy-written")
}

#[test]
fn files_written_here_read_back_and_are_left_for_numpy() {
    let dir = written_dir();
    std::fs::create_dir_all(&dir).unwrap();
    let mut manifest = Vec::new();
    let mut save = |name: &str, bytes: Vec<u8>, descr: &str, shape: &[usize], values: Vec<i128>| {
        assert_eq!(&bytes[..6], b"\x93NUMPY", "{name}");
        let header = npy::Header::parse(&bytes).unwrap();
        assert_eq!(
            header.data_offset % 64,
            0,
            "{name}: the data starts on 64 bytes"
        );
        assert_eq!(
            (header.descr.as_str(), header.shape.as_slice()),
            (descr, shape),
            "{name}"
        );
        std::fs::write(dir.join(format!("{name}.npy")), &bytes).unwrap();
        manifest.push(serde_json::json!({
            "file": format!("{name}.npy"),
            "descr": descr,
            "shape": shape,
            "values": values.iter().map(i128::to_string).collect::<Vec<_>>(),
        }));
    };

    // Every layout is written as the array it shows, in C order.
    let a = Tensor::from_fn([3, 4], |[i, j]| (10 * i + j) as f32 - 7.5);
    for (name, view) in [
        ("f4_c", a.view()),
        ("f4_t", a.view().t().to_contiguous().view()),
    ] {
        let bytes = npy::to_bytes(&view).unwrap();
        let back: Tensor<f32, 2> = npy::from_bytes(&bytes).unwrap();
        assert_eq!(back.view(), view, "{name}");
        let values = view.iter().map(|x| i128::from(x.to_bits())).collect();
        save(name, bytes, "<f4", view.shape(), values);
    }
    let transposed = npy::to_bytes(&a.view().t()).unwrap();
    assert_eq!(
        transposed,
        npy::to_bytes(&a.view().t().to_contiguous()).unwrap()
    );
    let flipped = a.view().flip(Axis::<1>);
    let back: Tensor<f32, 2> = npy::from_bytes(&npy::to_bytes(&flipped).unwrap()).unwrap();
    assert_eq!(back.view(), flipped);
    let row = tensor![1i64, -2, 3];
    let broadcast = row.view().broadcast_to([2, 3]).unwrap();
    let bytes = npy::to_bytes(&broadcast).unwrap();
    let values = broadcast.iter().map(|&x| i128::from(x)).collect();
    save("i8_broadcast", bytes, "<i8", &[2, 3], values);

    let flags = tensor![[true, false, true]];
    save(
        "b1",
        npy::to_bytes(&flags).unwrap(),
        "|b1",
        &[1, 3],
        vec![1, 0, 1],
    );
    let scalar = Tensor::<u16, 0>::full([], 65535);
    save(
        "u2_rank0",
        npy::to_bytes(&scalar).unwrap(),
        "<u2",
        &[],
        vec![65535],
    );
    let empty = Tensor::<f64, 3>::zeros([2, 0, 4]);
    save(
        "f8_empty",
        npy::to_bytes(&empty).unwrap(),
        "<f8",
        &[2, 0, 4],
        vec![],
    );
    let back: Tensor<f64, 3> = npy::from_bytes(&npy::to_bytes(&empty).unwrap()).unwrap();
    assert_eq!(back.shape(), &[2, 0, 4]);
    let extremes = tensor![u64::MAX, 0, 1 << 63];
    let values = extremes.iter().map(|&x| i128::from(x)).collect();
    save(
        "u8_extremes",
        npy::to_bytes(&extremes).unwrap(),
        "<u8",
        &[3],
        values,
    );
    let nan = tensor![f64::NAN, -0.0, f64::INFINITY];
    let back: Tensor<f64, 1> = npy::from_bytes(&npy::to_bytes(&nan).unwrap()).unwrap();
    let bits = |t: &Tensor<f64, 1>| t.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
    assert_eq!(bits(&back), bits(&nan));
    let values = nan.iter().map(|x| i128::from(x.to_bits())).collect();
    save(
        "f8_specials",
        npy::to_bytes(&nan).unwrap(),
        "<f8",
        &[3],
        values,
    );

    std::fs::write(
        dir.join("manifest.json"),
        serde_json::to_string_pretty(&serde_json::json!({ "cases": manifest })).unwrap(),
    )
    .unwrap();
}

/// The error of reading `bytes` as `Tensor<f32, 2>`.
fn error(bytes: &[u8]) -> FileError {
    npy::from_bytes::<f32, 2>(bytes).expect_err("bad input is an error")
}

fn part(err: &FileError) -> &'static str {
    match err {
        FileError::Format { part, .. } => part,
        other => panic!("a format error, not {other:?}"),
    }
}

/// A file with this header dict (padded as NumPy pads it) and `data`.
fn file(dict: &str, data: &[u8]) -> Vec<u8> {
    let mut out = b"\x93NUMPY\x01\x00".to_vec();
    let len = (10 + dict.len() + 1).next_multiple_of(64) - 10;
    out.extend_from_slice(&(len as u16).to_le_bytes());
    out.extend_from_slice(dict.as_bytes());
    out.resize(10 + len - 1, b' ');
    out.push(b'\n');
    out.extend_from_slice(data);
    out
}

#[test]
fn bad_input_is_an_error_naming_the_part_at_fault() {
    let good = npy::to_bytes(&Tensor::<f32, 2>::zeros([2, 3])).unwrap();
    assert!(npy::from_bytes::<f32, 2>(&good).is_ok());

    assert_eq!(part(&error(b"")), "magic string");
    assert_eq!(part(&error(b"\x93NUMPZ\x01\x00")), "magic string");
    assert_eq!(part(&error(b"\x93NUMPY")), "version");
    let mut v9 = good.clone();
    v9[6] = 9;
    let err = error(&v9);
    assert_eq!(
        err.to_string(),
        "the version 9.0 is not one of 1.0, 2.0 and 3.0"
    );
    assert_eq!(part(&error(&good[..9])), "header length");
    // A header length past the end of the file, however large.
    let mut huge = good.clone();
    huge[8..10].copy_from_slice(&u16::MAX.to_le_bytes());
    let err = error(&huge);
    assert_eq!(part(&err), "header length");
    assert!(err.to_string().contains("says 65535 bytes"), "{err}");
    let mut v2 = b"\x93NUMPY\x02\x00".to_vec();
    v2.extend_from_slice(&u32::MAX.to_le_bytes());
    assert_eq!(part(&error(&v2)), "header length");

    let data = [0u8; 24];
    let dict = |d: &str| error(&file(d, &data));
    for (header, says) in [
        ("not a dict", "'{' expected"),
        (
            "{'descr': '<f4', 'fortran_order': False}",
            "lacks one of the keys",
        ),
        (
            "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), 'extra': 1}",
            "the key 'extra'",
        ),
        (
            "{'descr': '<f4', 'descr': '<f4', 'fortran_order': False, 'shape': (2, 3)}",
            "twice",
        ),
        (
            "{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (2,)}",
            "structured",
        ),
        (
            "{'descr': '<f4', 'fortran_order': Maybe, 'shape': (2, 3)}",
            "neither True nor False",
        ),
        (
            "{'descr': '<f4', 'fortran_order': False, 'shape': (2, -3)}",
            "non-negative integers",
        ),
        (
            "{'descr': '<f4', 'fortran_order': False, 'shape': (99999999999999999999999, 3)}",
            "does not fit in usize",
        ),
        (
            "{'descr': '<f4, 'fortran_order': False, 'shape': (2, 3)}",
            "expected",
        ),
        (
            "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3)} trailing",
            "text after its dict",
        ),
    ] {
        let err = dict(header);
        assert_eq!(part(&err), "header", "{header}");
        assert!(err.to_string().contains(says), "{header}: {err}");
    }
    let mut latin = file(
        "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }",
        &data,
    );
    latin[20] = 0xff;
    assert_eq!(part(&error(&latin)), "header");

    // A header that claims more data than the file holds; sizes whose product overflows.
    let err = dict("{'descr': '<f4', 'fortran_order': False, 'shape': (200, 3), }");
    assert_eq!(part(&err), "data");
    assert!(
        err.to_string()
            .contains("needs 2400 bytes, the file holds 24"),
        "{err}"
    );
    let overflow = format!(
        "{{'descr': '<f4', 'fortran_order': False, 'shape': ({}, 3), }}",
        usize::MAX
    );
    assert!(matches!(dict(&overflow), FileError::Shape(_)), "{overflow}");
    let bytes_overflow = format!(
        "{{'descr': '<f4', 'fortran_order': False, 'shape': ({}, 1), }}",
        usize::MAX / 2
    );
    assert_eq!(part(&dict(&bytes_overflow)), "data");

    // Another dtype or rank is named, not converted.
    let err = dict("{'descr': '<f8', 'fortran_order': False, 'shape': (1, 3), }");
    assert!(
        matches!(&err, FileError::Dtype { file, expected: "<f4" } if file == "<f8"),
        "{err:?}"
    );
    for descr in ["|O", "<U3", "<c8", "|V4", "<f2", "f4", "!f4"] {
        let err = dict(&format!(
            "{{'descr': '{descr}', 'fortran_order': False, 'shape': (1, 3), }}"
        ));
        assert!(matches!(err, FileError::Dtype { .. }), "{descr}: {err:?}");
    }
    let err = npy::from_bytes::<f32, 3>(&good).unwrap_err();
    assert!(matches!(&err, FileError::WrongRank { shape, expected: 3, .. } if shape == &[2, 3]));
    let deep = format!(
        "{{'descr': '<f4', 'fortran_order': False, 'shape': ({}), }}",
        "1, ".repeat(17)
    );
    assert!(matches!(
        npy::from_bytes_dyn::<f32>(&file(&deep, &[0; 4])),
        Err(FileError::Shape(_))
    ));
}

#[test]
fn headers_in_every_spelling_numpy_has_used() {
    // Double quotes, Python 2's long integers, any key order, no trailing comma.
    let data: Vec<u8> = (1..=6i32).flat_map(|x| x.to_le_bytes()).collect();
    let bytes = file(
        "{\"shape\": (2L, 3L), \"fortran_order\": True, \"descr\": \"<i4\"}",
        &data,
    );
    let t: Tensor<i32, 2> = npy::from_bytes(&bytes).unwrap();
    assert_eq!(t, tensor![[1, 3, 5], [2, 4, 6]]);
    // Trailing bytes after the data are ignored, as np.load ignores them.
    let mut longer = bytes.clone();
    longer.extend_from_slice(b"trailing");
    assert_eq!(npy::from_bytes::<i32, 2>(&longer).unwrap(), t);
}

/// Deterministic pseudo-random numbers (an LCG).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, below: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % below.max(1)
    }
}

/// Every prefix of every fixture, and mutations of each (bytes changed, removed, inserted, the
/// header length and the shape's digits changed), read as every element type: an error or a
/// tensor, never a panic. `RANKED_FUZZ_CASES` sets the number of mutations (a long run:
/// 1000000); CI runs a few seconds' worth.
#[test]
fn truncated_and_mutated_files_never_panic() {
    let cases: usize = std::env::var("RANKED_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(if cfg!(miri) { 20 } else { 20_000 });
    let files: Vec<Vec<u8>> = manifest()
        .iter()
        .map(|c| std::fs::read(data_dir().join(c["file"].as_str().unwrap())).unwrap())
        .collect();
    fn all_types(bytes: &[u8]) -> bool {
        let results = [
            npy::from_bytes_dyn::<bool>(bytes).is_ok(),
            npy::from_bytes_dyn::<i8>(bytes).is_ok(),
            npy::from_bytes_dyn::<u16>(bytes).is_ok(),
            npy::from_bytes_dyn::<i32>(bytes).is_ok(),
            npy::from_bytes_dyn::<f32>(bytes).is_ok(),
            npy::from_bytes_dyn::<f64>(bytes).is_ok(),
            npy::from_bytes_dyn::<u64>(bytes).is_ok(),
            npy::from_bytes::<f64, 3>(bytes).is_ok(),
            npy::from_bytes::<i16, 2>(bytes).is_ok(),
        ];
        results.iter().any(|&ok| ok)
    }
    // Under Miri, a sample: the first few fixtures, every 97th prefix.
    let (files, step) = if cfg!(miri) {
        (&files[..3], 97)
    } else {
        (&files[..], 1)
    };
    for bytes in files {
        for len in (0..bytes.len()).step_by(step) {
            let _ = all_types(&bytes[..len]);
        }
    }
    let mut rng = Lcg(0x5eed);
    let mut read_ok = 0;
    for _ in 0..cases {
        let mut bytes = files[rng.next(files.len())].clone();
        for _ in 0..1 + rng.next(4) {
            if bytes.is_empty() {
                break;
            }
            let at = rng.next(bytes.len());
            match rng.next(6) {
                0 => bytes[at] = rng.next(256) as u8,
                1 => _ = bytes.remove(at),
                2 => bytes.insert(at, rng.next(256) as u8),
                // The header length changed.
                3 => {
                    if let Some(b) = bytes.get_mut(8) {
                        *b = rng.next(256) as u8;
                    }
                }
                // A digit of the header (the shape's sizes, most often) changed.
                4 => {
                    let head = &bytes[..bytes.len().min(128)];
                    if let Some(pos) = head.iter().rposition(u8::is_ascii_digit) {
                        bytes[pos] = b'0' + rng.next(10) as u8;
                    }
                }
                _ => bytes.truncate(at),
            }
        }
        read_ok += usize::from(all_types(&bytes));
    }
    // Many mutations hit the data only, so some files still read.
    assert!(cases < 100 || read_ok > 0);
}
