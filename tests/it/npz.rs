//! `.npz` archives: the ones NumPy's `savez` and `savez_compressed` wrote
//! (`tests/data/npy/`, with the `.npy` fixtures and the manifest) read back to NumPy's values;
//! archives written here read back, and are left for NumPy (`check_written_npz.py`, run by CI
//! when NumPy can be installed); missing names, other dtypes and malformed archives are errors,
//! never panics.

#![cfg(feature = "npz")]

use std::io::Cursor;
use std::path::{Path, PathBuf};

use ranked::io::{FileError, Npz, NpzWriter};
use ranked::{DynTensor, Tensor, tensor};
use serde_json::Value;

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/npy")
}

fn bits_of(npz: &mut Npz<std::fs::File>, name: &str, descr: &str) -> Vec<i128> {
    match &descr[1..] {
        "f4" => npz
            .read_dyn::<f32>(name)
            .unwrap()
            .iter()
            .map(|x| i128::from(x.to_bits()))
            .collect(),
        "u2" => npz
            .read_dyn::<u16>(name)
            .unwrap()
            .iter()
            .map(|&x| i128::from(x))
            .collect(),
        "b1" => npz
            .read_dyn::<bool>(name)
            .unwrap()
            .iter()
            .map(|&x| i128::from(x))
            .collect(),
        "i8" => npz
            .read_dyn::<i64>(name)
            .unwrap()
            .iter()
            .map(|&x| i128::from(x))
            .collect(),
        other => panic!("an array of dtype {other}"),
    }
}

#[test]
fn archives_numpy_wrote_read_back_to_numpy_values() {
    let text = std::fs::read_to_string(data_dir().join("manifest.json")).unwrap();
    let manifest: Value = serde_json::from_str(&text).unwrap();
    let archives = manifest["npz"].as_array().unwrap();
    assert_eq!(archives.len(), 2, "stored and deflated");
    for archive in archives {
        let file = archive["file"].as_str().unwrap();
        let mut npz = Npz::open(data_dir().join(file)).unwrap();
        let arrays = archive["arrays"].as_array().unwrap();
        let names: Vec<&str> = arrays.iter().map(|a| a["name"].as_str().unwrap()).collect();
        assert_eq!(npz.names(), names, "{file}");
        for a in arrays {
            let name = a["name"].as_str().unwrap();
            let want: Vec<i128> = a["values"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| i128::from(v.as_i64().unwrap()))
                .collect();
            assert_eq!(
                bits_of(&mut npz, name, a["descr"].as_str().unwrap()),
                want,
                "{file} {name}"
            );
        }
        let w: Tensor<f32, 2> = npz.read("weights").unwrap();
        assert_eq!(w.shape(), &[3, 4]);
        assert!(matches!(
            npz.read::<f64, 2>("weights"),
            Err(FileError::Dtype { .. })
        ));
        assert!(matches!(
            npz.read::<f32, 3>("weights"),
            Err(FileError::WrongRank { .. })
        ));
        let err = npz.read::<f32, 2>("nothing").unwrap_err();
        assert!(
            err.to_string().contains("no array named \"nothing\""),
            "{err}"
        );
    }
}

#[test]
fn archives_written_here_read_back_and_are_left_for_numpy() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("npz-written");
    std::fs::create_dir_all(&dir).unwrap();
    let m = Tensor::from_fn([3, 2], |[i, j]| (i * 2 + j) as f64 - 2.5);
    for (file, compressed) in [("stored.npz", false), ("deflated.npz", true)] {
        let mut writer = NpzWriter::create(dir.join(file), compressed).unwrap();
        writer.add("m_t", &m.view().t()).unwrap();
        writer.add("ids", &tensor![[1i32, -2], [3, -4]]).unwrap();
        assert!(
            writer.add("ids", &tensor![1i32]).is_err(),
            "a name is written once"
        );
        writer.finish().unwrap();
        let mut npz = Npz::open(dir.join(file)).unwrap();
        assert_eq!(npz.names(), ["ids", "m_t"]);
        let back: Tensor<f64, 2> = npz.read("m_t").unwrap();
        assert_eq!(back, m.view().t().to_contiguous());
        let ids: DynTensor<i32> = npz.read_dyn("ids").unwrap();
        assert_eq!(ids.to_vec(), [1, -2, 3, -4]);
    }
    let manifest = serde_json::json!({"archives": ["stored.npz", "deflated.npz"], "arrays": [
        {"name": "m_t", "descr": "<f8", "shape": [2, 3],
         "values": m.view().t().iter().map(|x| x.to_bits().to_string()).collect::<Vec<_>>()},
        {"name": "ids", "descr": "<i4", "shape": [2, 2], "values": ["1", "-2", "3", "-4"]},
    ]});
    std::fs::write(dir.join("manifest.json"), manifest.to_string()).unwrap();
}

#[test]
fn malformed_archives_are_errors_and_never_panic() {
    assert!(matches!(
        Npz::from_reader(Cursor::new(b"not a zip".to_vec())),
        Err(FileError::Format {
            part: "zip archive",
            ..
        })
    ));
    let good = std::fs::read(data_dir().join("arrays_compressed.npz")).unwrap();
    let stored = std::fs::read(data_dir().join("arrays.npz")).unwrap();
    let read_all = |bytes: Vec<u8>| {
        if let Ok(mut npz) = Npz::from_reader(Cursor::new(bytes)) {
            for name in npz.names() {
                let _ = npz.read_dyn::<f32>(&name);
                let _ = npz.read_dyn::<bool>(&name);
                let _ = npz.read::<u16, 1>(&name);
            }
        }
    };
    // An entry whose directory declares one byte fewer, or more, than it holds.
    for delta in [-1i64, 1] {
        let mut lying = stored.clone();
        let at = lying.windows(4).position(|w| w == b"PK\x01\x02").unwrap() + 24;
        let size = u32::from_le_bytes(lying[at..at + 4].try_into().unwrap());
        lying[at..at + 4].copy_from_slice(&((i64::from(size) + delta) as u32).to_le_bytes());
        let name_len = usize::from(u16::from_le_bytes([lying[at + 4], lying[at + 5]]));
        let entry = String::from_utf8(lying[at + 22..at + 22 + name_len].to_vec()).unwrap();
        let name = entry.strip_suffix(".npy").unwrap().to_string();
        let mut npz = Npz::from_reader(Cursor::new(lying)).unwrap();
        assert!(
            npz.read_dyn::<f32>(&name).is_err(),
            "{name}: size off by {delta}"
        );
        assert!(
            npz.read_dyn::<u16>(&name).is_err(),
            "{name}: size off by {delta}"
        );
        // The others still read.
        let other = npz
            .names()
            .into_iter()
            .find(|n| *n != name && n == "steps")
            .unwrap_or_default();
        if !other.is_empty() {
            assert!(npz.read_dyn::<u16>(&other).is_ok());
        }
    }
    let step = if cfg!(miri) { 97 } else { 1 };
    for bytes in [&good, &stored] {
        for len in (0..bytes.len()).step_by(step) {
            read_all(bytes[..len].to_vec());
        }
    }
    let mut state = 0x5eedu64;
    let mut next = |below: usize| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((state >> 33) as usize) % below.max(1)
    };
    for _ in 0..std::env::var("RANKED_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(if cfg!(miri) { 10 } else { 3_000 })
    {
        let mut bytes = if next(2) == 0 {
            good.clone()
        } else {
            stored.clone()
        };
        for _ in 0..1 + next(3) {
            let at = next(bytes.len());
            bytes[at] = next(256) as u8;
        }
        read_all(bytes);
    }
}
