//! The empty program the firmware's code size is measured against: the same vector table,
//! start-up code (`board::start`) and semihosting calls, without `ranked`. `.text` of
//! `ranked-firmware` minus `.text` of this program is what the products, views and checks cost.
#![no_std]
#![no_main]

#[path = "../board.rs"]
mod board;

use core::panic::PanicInfo;

/// The reset vector (see `link.x`).
#[unsafe(link_section = ".vector_table.reset")]
#[unsafe(no_mangle)]
pub static RESET_VECTOR: unsafe extern "C" fn() -> ! = reset;

/// Runs a check that always passes, and exits through semihosting with status 0.
///
/// # Safety
///
/// Called once, by the core, out of reset.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reset() -> ! {
    board::start(b"empty: ok\n\0", b"empty: failed\n\0", checked)
}

/// Nothing to check.
#[inline(never)]
fn checked() -> bool {
    true
}

#[panic_handler]
fn panic(_: &PanicInfo) -> ! {
    board::exit(false)
}
