//! What every program of this package shares: start-up on QEMU's `mps2-an386` board (a
//! Cortex-M4) and the two semihosting calls through which a program reports to the host.
//!
//! Each program names its check and its two report lines with [`entry!`], which defines the
//! reset vector and the entry point.

use core::ptr::{read_volatile, write_volatile};

/// Defines the program's reset vector (placed by `link.x`) and entry point `reset`, which calls
/// [`start`] with the two NUL-terminated report lines and the check.
macro_rules! entry {
    ($ok:expr, $failed:expr, $check:path) => {
        /// The reset vector: where the core starts after loading the stack pointer (the first
        /// word of the vector table, written by `link.x`).
        #[unsafe(link_section = ".vector_table.reset")]
        #[unsafe(no_mangle)]
        pub static RESET_VECTOR: unsafe extern "C" fn() -> ! = reset;

        /// The entry point: runs the check and reports through semihosting.
        ///
        /// # Safety
        ///
        /// Called once, by the core, out of reset.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn reset() -> ! {
            board::start($ok, $failed, $check)
        }
    };
}
pub(crate) use entry;

/// Enables the floating-point unit, runs `check`, prints `ok` or `failed` (NUL-terminated
/// lines) and exits through semihosting: status 0 when `check` returned `true`, 1 otherwise.
pub fn start(ok: &[u8], failed: &[u8], check: fn() -> bool) -> ! {
    // SAFETY: out of reset, before any floating-point instruction: CPACR (the coprocessor
    // access register of the Cortex-M4) grants full access to CP10 and CP11, the FPU.
    unsafe {
        let cpacr = 0xE000_ED88 as *mut u32;
        write_volatile(cpacr, read_volatile(cpacr) | (0xF << 20));
        core::arch::asm!("dsb", "isb");
    }
    let passed = check();
    write(if passed { ok } else { failed });
    exit(passed)
}

/// `SYS_WRITE0`: prints a NUL-terminated string on the host's console (nothing if `text` does
/// not end in NUL).
pub fn write(text: &[u8]) {
    if text.last() != Some(&0) {
        return;
    }
    // SAFETY: `text` is a NUL-terminated string that outlives the call; the debugger (QEMU)
    // only reads it.
    unsafe {
        core::arch::asm!("bkpt 0xab", inout("r0") 0x04u32 => _, in("r1") text.as_ptr(), options(nostack));
    }
}

/// `SYS_EXIT`: stops the program; QEMU exits with status 0 for `ADP_Stopped_ApplicationExit`
/// and 1 for any other reason (`ADP_Stopped_RunTimeErrorUnknown` here).
pub fn exit(ok: bool) -> ! {
    let reason: u32 = if ok { 0x2_0026 } else { 0x2_0023 };
    loop {
        // SAFETY: the exit call takes its reason code in r1 and does not return under QEMU;
        // without a debugger attached, the loop keeps the core here.
        unsafe {
            core::arch::asm!("bkpt 0xab", inout("r0") 0x18u32 => _, in("r1") reason, options(nostack));
        }
    }
}
