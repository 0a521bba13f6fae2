//! CSV tables: the ones NumPy's `savetxt` wrote (`tests/data/csv/`, made by
//! `make_fixtures.py` beside them) read back to NumPy's values; tables written here read back,
//! and are left in the target directory for NumPy's `loadtxt` (`check_written.py`, run by CI
//! when NumPy can be installed); a cell that does not parse names its row and column, a ragged
//! row its row and both lengths.

#![cfg(feature = "csv")]

use std::path::{Path, PathBuf};

use ranked::io::{Csv, FileError};
use ranked::{Tensor, tensor};
use serde_json::Value;

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/csv")
}

#[test]
fn tables_numpy_wrote_read_back_to_numpy_values() {
    let text = std::fs::read_to_string(data_dir().join("manifest.json")).unwrap();
    let manifest: Value = serde_json::from_str(&text).unwrap();
    for case in manifest["cases"].as_array().unwrap() {
        let file = data_dir().join(case["file"].as_str().unwrap());
        let delimiter = case["delimiter"].as_str().unwrap().as_bytes()[0];
        let csv = Csv::new()
            .delimiter(delimiter)
            .header(case["header"].as_bool().unwrap());
        let shape: Vec<usize> = case["shape"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_u64().unwrap() as usize)
            .collect();
        let values = case["values"].as_array().unwrap();
        match case["dtype"].as_str().unwrap() {
            "f8" => {
                let t: Tensor<f64, 2> = csv.read(&file).unwrap();
                assert_eq!(t.shape().as_slice(), shape.as_slice());
                let got: Vec<u64> = t.iter().map(|x| x.to_bits()).collect();
                let want: Vec<u64> = values.iter().map(|v| v.as_u64().unwrap()).collect();
                assert_eq!(got, want, "{file:?}");
            }
            "i8" => {
                let t: Tensor<i64, 2> = csv.read(&file).unwrap();
                assert_eq!(t.shape().as_slice(), shape.as_slice());
                let want: Vec<i64> = values.iter().map(|v| v.as_i64().unwrap()).collect();
                assert_eq!(t.to_vec(), want, "{file:?}");
            }
            other => panic!("a fixture of dtype {other}"),
        }
    }
}

#[test]
fn tables_written_here_read_back_and_are_left_for_numpy() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("csv-written");
    std::fs::create_dir_all(&dir).unwrap();
    let t = Tensor::from_fn([3, 4], |[i, j]| {
        (i as f64 - 1.25) * 10f64.powi(j as i32 - 2)
    });
    let mut t = t;
    t[[0, 0]] = f64::NAN;
    t[[1, 1]] = f64::NEG_INFINITY;
    t[[2, 2]] = -0.0;
    let path = dir.join("floats.csv");
    ranked::io::write_csv(&path, &t).unwrap();
    let back: Tensor<f64, 2> = ranked::io::read_csv(&path).unwrap();
    let bits = |t: &Tensor<f64, 2>| t.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
    assert_eq!(bits(&back), bits(&t), "every float reads back to its bits");
    let manifest = serde_json::json!({"cases": [{
        "file": "floats.csv",
        "shape": [3, 4],
        "values": bits(&t).iter().map(u64::to_string).collect::<Vec<_>>(),
    }]});
    std::fs::write(dir.join("manifest.json"), manifest.to_string()).unwrap();

    // A transposed view is written as the table it shows; a header and a delimiter round-trip.
    let m = tensor![[1u8, 2, 3], [4, 5, 6]];
    let mut out = Vec::new();
    Csv::new()
        .delimiter(b'\t')
        .column_names(&["a", "b"])
        .write_to(&mut out, &m.view().t())
        .unwrap();
    assert_eq!(
        String::from_utf8(out.clone()).unwrap(),
        "a\tb\n1\t4\n2\t5\n3\t6\n"
    );
    let back: Tensor<u8, 2> = Csv::new()
        .delimiter(b'\t')
        .header(true)
        .read_from(&out[..])
        .unwrap();
    assert_eq!(back, m.view().t().to_contiguous());
    let err = Csv::new()
        .column_names(&["a"])
        .write_to(Vec::new(), &m)
        .unwrap_err();
    assert!(matches!(
        err,
        FileError::Ragged {
            row: 1,
            expected: 3,
            found: 1
        }
    ));

    // Empty tables: no rows, with or without a header.
    let none: Tensor<f32, 2> = Csv::new().read_from(&b""[..]).unwrap();
    assert_eq!(none.shape(), &[0, 0]);
    let header_only: Tensor<f32, 2> = Csv::new().header(true).read_from(&b"x,y,z\n"[..]).unwrap();
    assert_eq!(header_only.shape(), &[0, 3]);
}

#[test]
fn bad_cells_and_ragged_rows_are_named() {
    let read = |text: &str| Csv::new().header(true).read_from::<f32, _>(text.as_bytes());
    let err = read("a,b\n1,2\n3,oops\n").unwrap_err();
    assert!(
        matches!(&err, FileError::Cell { row: 3, column: 2, text } if text == "oops"),
        "{err:?}"
    );
    let err = read("a,b\n1,2\n3,4,5\n").unwrap_err();
    assert!(
        matches!(
            err,
            FileError::Ragged {
                row: 3,
                expected: 2,
                found: 3
            }
        ),
        "{err:?}"
    );
    assert_eq!(
        err.to_string(),
        "row 3 has 3 cells where the first row has 2"
    );
    // Integers are not floats: a float cell in an integer table is named too.
    let err = Csv::new().read_from::<i32, _>(&b"1,2.5\n"[..]).unwrap_err();
    assert!(
        matches!(
            err,
            FileError::Cell {
                row: 1,
                column: 2,
                ..
            }
        ),
        "{err:?}"
    );
    // Spaces around a cell are ignored, as NumPy's loadtxt ignores them; invalid UTF-8 is a bad cell.
    let t = Csv::new()
        .read_from::<f64, _>(&b" 1.5 , -2e3\n"[..])
        .unwrap();
    assert_eq!(t, tensor![[1.5, -2000.0]]);
    let err = Csv::new()
        .read_from::<f64, _>(&b"1,\xff\n"[..])
        .unwrap_err();
    assert!(
        matches!(
            err,
            FileError::Cell {
                row: 1,
                column: 2,
                ..
            }
        ),
        "{err:?}"
    );
    let missing = ranked::io::read_csv::<f64>(data_dir().join("no such file.csv"));
    assert!(matches!(missing, Err(FileError::Io(_))));
}

/// Mutated tables (bytes changed, removed, inserted): an error or a table, never a panic.
/// `RANKED_FUZZ_CASES` sets the number of mutations (a long run: 1000000).
#[test]
fn mutated_tables_never_panic() {
    let good = std::fs::read(data_dir().join("floats.csv")).unwrap();
    let cases: usize = std::env::var("RANKED_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(if cfg!(miri) { 10 } else { 5_000 });
    let mut state = 0x5eedu64;
    let mut next = |below: usize| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((state >> 33) as usize) % below.max(1)
    };
    let bytes_of = b",;\n\r\"e.-+0123456789naif \xff";
    let mut read_ok = 0;
    for _ in 0..cases {
        let mut bytes = good.clone();
        for _ in 0..1 + next(4) {
            if bytes.is_empty() {
                break;
            }
            let at = next(bytes.len());
            let byte = bytes_of[next(bytes_of.len())];
            match next(3) {
                0 => bytes[at] = byte,
                1 => _ = bytes.remove(at),
                _ => bytes.insert(at, byte),
            }
        }
        let header = next(2) == 0;
        read_ok += usize::from(
            Csv::new()
                .header(header)
                .read_from::<f64, _>(&bytes[..])
                .is_ok(),
        );
        let _ = Csv::new().read_from::<i32, _>(&bytes[..]);
    }
    assert!(cases < 100 || read_ok > 0);
}
