//! Runs the rejected programs in `ui-tests/fail` (each must fail to compile with exactly the
//! diagnostics in its `.stderr`) and the accepted programs in `ui-tests/pass` (each must compile
//! and run). Bless new snapshots on the pinned toolchain with `TRYBUILD=overwrite cargo test --test ui`.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.pass("ui-tests/pass/*.rs");
    t.compile_fail("ui-tests/fail/*.rs");
}
