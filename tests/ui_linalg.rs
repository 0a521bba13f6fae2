//! The rejected programs of NumPy's `linalg` (`ui-tests/linalg`, feature `linalg`): ranks that
//! cannot be stacks of matrices, right-hand sides that cannot fit, results bound at a wrong
//! rank. Runs only with the feature: `cargo test --features linalg --test ui_linalg` (CI does).
//! Bless with `TRYBUILD=overwrite` on that command.
#![cfg(feature = "linalg")]

#[test]
fn ui_linalg() {
    let t = trybuild::TestCases::new();
    t.compile_fail("ui-tests/linalg/*.rs");
}
