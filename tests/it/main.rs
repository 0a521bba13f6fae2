//! The integration tests, as one test crate: each module is one area (its own docs say what
//! it covers), so `cargo test` compiles and links one binary for all of them. Run one area with
//! a filter: `cargo test --test it ops::`. The tests that need a process of their own (a
//! counting global allocator, the compiler's answers to rejected programs, a release build of
//! their own) stay separate binaries: `tests/alloc_free.rs`, `tests/interop_extreme.rs`,
//! `tests/ui.rs`, `tests/ui_no_alloc.rs`, `tests/ui_words.rs`.

mod common;

mod array_api;
mod axis_iter;
mod cast;
mod complex;
mod construct;
mod csv;
mod decomp;
mod elementwise;
mod extreme;
mod fft;
mod firmware_subset;
mod fixed;
mod half;
mod indexing;
mod interop;
mod interop_faer;
mod interop_nalgebra;
mod interop_ndarray;
mod linalg;
mod notation;
mod notation_numpy;
mod npy;
mod npy_map;
mod npz;
mod ops;
mod options;
mod ordering;
mod par;
mod precision;
mod prop_extreme;
mod prop_get;
mod prop_views;
mod random;
mod reshape;
mod safetensors;
mod standard;
mod stats;
mod tensor;
mod transpose;
mod zip;
