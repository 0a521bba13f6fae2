//! The rejected programs of a build without the `alloc` feature (`ui-tests/no_alloc`): each
//! calls something that allocates, and the error names the feature. Runs only when the crate is
//! tested without `alloc`: `cargo test --no-default-features --test ui_no_alloc` (CI does). Bless
//! with `TRYBUILD=overwrite` on that command.
#![cfg(not(feature = "alloc"))]

#[test]
fn ui_no_alloc() {
    let t = trybuild::TestCases::new();
    t.compile_fail("ui-tests/no_alloc/*.rs");
}
