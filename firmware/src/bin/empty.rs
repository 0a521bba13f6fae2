//! The empty program the firmware's code size is measured against: the same vector table,
//! reset handler and semihosting exit, without `ranked`. `.text` of `ranked-firmware` minus
//! `.text` of this program is what the products, views and checks cost.
#![no_std]
#![no_main]

use core::panic::PanicInfo;

/// The reset vector (see `link.x`).
#[unsafe(link_section = ".vector_table.reset")]
#[unsafe(no_mangle)]
pub static RESET_VECTOR: unsafe extern "C" fn() -> ! = reset;

/// Exits at once through semihosting, with status 0.
///
/// # Safety
///
/// Called once, by the core, out of reset.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reset() -> ! {
    loop {
        // SAFETY: `SYS_EXIT` with `ADP_Stopped_ApplicationExit`; under QEMU it does not return.
        unsafe {
            core::arch::asm!("bkpt 0xab", inout("r0") 0x18u32 => _, in("r1") 0x2_0026u32, options(nostack));
        }
    }
}

#[panic_handler]
fn panic(_: &PanicInfo) -> ! {
    loop {}
}
