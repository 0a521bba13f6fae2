//! The benchmark kernels of the file formats (B21–B23), shared by the criterion suite and the
//! report program. Apart from `kernels.rs`, which the allocation test (`tests/alloc_free.rs`)
//! also includes, because these use `ranked`'s optional `io` features and their peer crates.

use std::hint::black_box;

use ranked::Tensor;

use crate::kernels::{Case, contender};

/// A file in the system's temporary directory, removed when the last contender using it is
/// dropped.
struct TempFile(std::path::PathBuf);

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// B21: a `.npy` file of `bytes` bytes of `f32` (a `[n / 1024, 1024]` tensor), read with
/// `read_npy` into a new tensor against `std::fs::read` of the same file, and written with
/// `write_npy` against `std::fs::write` of the same bytes. The file stays in the page cache, so
/// the ratios measure the parsing, converting and copying, not the disk.
pub fn b21(bytes: usize) -> Vec<Case<'static>> {
    let rows = bytes / 4 / 1024;
    let t: Tensor<f32, 2> = Tensor::from_fn([rows, 1024], |[i, j]| (i * 1024 + j) as f32);
    let pid = std::process::id();
    let dir = std::env::temp_dir();
    let read = std::rc::Rc::new(TempFile(dir.join(format!("ranked-b21-read-{pid}.npy"))));
    ranked::io::write_npy(&read.0, &t).unwrap();
    let file_bytes = std::fs::read(&read.0).unwrap();
    let ours_out = std::rc::Rc::new(TempFile(dir.join(format!("ranked-b21-ours-{pid}.npy"))));
    let std_out = std::rc::Rc::new(TempFile(dir.join(format!("ranked-b21-std-{pid}.npy"))));
    let mib = bytes >> 20;
    let (r1, r2) = (read.clone(), read);
    vec![
        Case {
            id: format!("B21 read_npy of {mib} MiB of f32"),
            contenders: vec![
                contender("ranked", move || {
                    let t: Tensor<f32, 2> = ranked::io::read_npy(&r1.0).unwrap();
                    black_box(t);
                }),
                contender("fs::read", move || {
                    black_box(std::fs::read(&r2.0).unwrap());
                }),
            ],
        },
        Case {
            id: format!("B21 write_npy of {mib} MiB of f32"),
            contenders: vec![
                contender("ranked", move || {
                    ranked::io::write_npy(&ours_out.0, black_box(&t)).unwrap();
                }),
                contender("fs::write", move || {
                    std::fs::write(&std_out.0, black_box(&file_bytes)).unwrap();
                }),
            ],
        },
    ]
}

/// B22: a safetensors file of `bytes` bytes (64 `f32` tensors of `[rows, 1024]`) mapped and
/// every tensor taken as a view, each checksummed by its first and last element to show its
/// data is there — nothing copied, so the time is the header's and the pages touched —
/// against the safetensors crate doing the same with its own untyped views.
pub fn b22(bytes: usize) -> Case<'static> {
    use ranked::io::{SafeTensorsFile, SafeTensorsWriter};
    let rows = bytes / 64 / 4 / 1024;
    let pid = std::process::id();
    let path = std::rc::Rc::new(TempFile(
        std::env::temp_dir().join(format!("ranked-b22-{pid}.safetensors")),
    ));
    let mut writer = SafeTensorsWriter::new();
    for k in 0..64 {
        let t: Tensor<f32, 2> = Tensor::from_fn([rows, 1024], |[i, j]| (k + i + j) as f32);
        writer.add(&format!("layer.{k}.weight"), &t).unwrap();
    }
    writer.write(&path.0).unwrap();
    let (p1, p2) = (path.clone(), path);
    Case {
        id: format!(
            "B22 map a {} MiB safetensors file, view every tensor",
            bytes >> 20
        ),
        contenders: vec![
            contender("ranked", move || {
                // SAFETY: the benchmark's file is not written while it is mapped.
                let file = unsafe { SafeTensorsFile::map(&p1.0) }.unwrap();
                let mut sum = 0.0f32;
                for info in file.list() {
                    let v = file.view::<f32, 2>(&info.name).unwrap();
                    let [r, c] = *v.shape();
                    sum += v[[0, 0]] + v[[r - 1, c - 1]];
                }
                black_box(sum);
            }),
            contender("safetensors crate", move || {
                let file = std::fs::File::open(&p2.0).unwrap();
                // SAFETY: as above.
                let map = unsafe { memmap2::Mmap::map(&file) }.unwrap();
                let st = safetensors::SafeTensors::deserialize(&map).unwrap();
                let mut sum = 0.0f32;
                for (_, v) in st.tensors() {
                    let d = v.data();
                    let first = f32::from_le_bytes(d[..4].try_into().unwrap());
                    let last = f32::from_le_bytes(d[d.len() - 4..].try_into().unwrap());
                    sum += first + last;
                }
                black_box(sum);
            }),
        ],
    }
}

/// B23: a CSV table of `rows × 8` `f64` read into a tensor with `read_csv`, against the csv
/// crate parsing the same file into a `Vec<f64>`.
pub fn b23(rows: usize) -> Case<'static> {
    let t = Tensor::from_fn([rows, 8], |[i, j]| (i * 8 + j) as f64 / 7.0);
    let pid = std::process::id();
    let path = std::rc::Rc::new(TempFile(
        std::env::temp_dir().join(format!("ranked-b23-{pid}.csv")),
    ));
    ranked::io::write_csv(&path.0, &t).unwrap();
    let (p1, p2) = (path.clone(), path);
    Case {
        id: format!("B23 read_csv of {rows} rows of 8 f64"),
        contenders: vec![
            contender("ranked", move || {
                let t: Tensor<f64, 2> = ranked::io::read_csv(&p1.0).unwrap();
                black_box(t);
            }),
            contender("csv crate", move || {
                let mut reader = csv::ReaderBuilder::new()
                    .has_headers(false)
                    .from_path(&p2.0)
                    .unwrap();
                let mut values = Vec::new();
                for record in reader.records() {
                    for cell in record.unwrap().iter() {
                        values.push(cell.parse::<f64>().unwrap());
                    }
                }
                black_box(values);
            }),
        ],
    }
}
