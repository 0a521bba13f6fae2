//! The empty program the firmware's code size is measured against: the same vector table,
//! start-up code (`board::start`) and semihosting calls, without `ranked`. `.text` of
//! `ranked-firmware` minus `.text` of this program is what the products, views and checks cost.
#![no_std]
#![no_main]

#[path = "../board.rs"]
mod board;

board::entry!(b"empty: ok\n\0", b"empty: failed\n\0", checked);

/// Nothing to check.
#[inline(never)]
fn checked() -> bool {
    true
}

board::panic_exits!();
