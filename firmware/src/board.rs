//! What every program of this package shares: start-up on the QEMU board of its target and
//! the two semihosting calls through which a program reports to the host.
//!
//! | target | board | core |
//! |---|---|---|
//! | `thumbv7em-none-eabihf` | `mps2-an386` | Cortex-M4 with its FPU |
//! | `thumbv6m-none-eabi` | `mps2-an385` | Cortex-M3, running ARMv6-M code (the Cortex-M0's instruction set, a subset of its own) |
//! | `riscv32imc-unknown-none-elf` | `virt` | a 32-bit RISC-V core |
//!
//! Each program names its check and its two report lines with [`entry!`], which defines the
//! entry point (and on Arm the reset vector).

/// Defines the program's entry point `reset`, which calls [`start`] with the two NUL-terminated
/// report lines and the check: on Arm through the reset vector (placed by `link.x`), on RISC-V
/// from `_start` below, once the stack pointer is set.
macro_rules! entry {
    ($ok:expr, $failed:expr, $check:path) => {
        /// The reset vector: where the core starts after loading the stack pointer (the first
        /// word of the vector table, written by `link.x`).
        #[cfg(target_arch = "arm")]
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

// Each program uses one of the two panic handlers below.
/// Defines the program's panic handler: exit through semihosting with status 1.
#[allow(unused_macros)]
macro_rules! panic_exits {
    () => {
        #[panic_handler]
        fn panic(_: &core::panic::PanicInfo) -> ! {
            board::exit(false)
        }
    };
}
#[allow(unused_imports)]
pub(crate) use panic_exits;

/// Defines the panic handler of a link-time proof: it calls `ranked_subset_has_a_panic_path`,
/// which is defined nowhere, so the program links only if the optimiser removed every call to
/// the handler, and with it that reference. With `--features find-panics` the handler exits as
/// [`panic_exits!`]'s does, so that the program links whatever it contains and a panic path can
/// be found (the callers of `rust_begin_unwind` in the disassembly).
#[allow(unused_macros)]
macro_rules! panic_fails_link {
    () => {
        #[cfg(not(feature = "find-panics"))]
        unsafe extern "C" {
            /// Defined nowhere: a reference to it that survives optimisation fails the link.
            fn ranked_subset_has_a_panic_path() -> !;
        }

        #[cfg(not(feature = "find-panics"))]
        #[panic_handler]
        fn panic(_: &core::panic::PanicInfo) -> ! {
            // SAFETY: never called: this program links only if the optimiser removed every
            // call to the panic handler, and with it this reference to an undefined symbol.
            unsafe { ranked_subset_has_a_panic_path() }
        }

        #[cfg(feature = "find-panics")]
        board::panic_exits!();
    };
}
#[allow(unused_imports)]
pub(crate) use panic_fails_link;

// The RISC-V entry point (placed first by `link-riscv.x`): the stack pointer is the top of RAM
// (`_stack_top`, from the linker script), then `reset` runs.
#[cfg(target_arch = "riscv32")]
core::arch::global_asm!(
    ".section .text.start, \"ax\"",
    ".globl _start",
    "_start:",
    "    la sp, _stack_top",
    "    call reset",
    "1:  j 1b",
);

/// Enables the floating-point unit where the target has one, runs `check`, prints `ok` or
/// `failed` (NUL-terminated lines) and exits through semihosting: status 0 when `check`
/// returned `true`, 1 otherwise.
pub fn start(ok: &[u8], failed: &[u8], check: fn() -> bool) -> ! {
    // SAFETY: out of reset, before any floating-point instruction: CPACR (the coprocessor
    // access register of the Cortex-M4) grants full access to CP10 and CP11, the FPU.
    #[cfg(target_abi = "eabihf")]
    unsafe {
        use core::ptr::{read_volatile, write_volatile};
        let cpacr = 0xE000_ED88 as *mut u32;
        write_volatile(cpacr, read_volatile(cpacr) | (0xF << 20));
        core::arch::asm!("dsb", "isb");
    }
    let passed = check();
    write(if passed { ok } else { failed });
    exit(passed)
}

/// The semihosting call `op` with the argument `arg` (a pointer or a value, by operation): on
/// Arm the `bkpt 0xab` instruction; on RISC-V `ebreak` between the two instructions that mark
/// it as a semihosting call (all three uncompressed, aligned so that they share one page).
///
/// # Safety
///
/// `arg` is what operation `op` expects: for `SYS_WRITE0`, a NUL-terminated string that
/// outlives the call.
unsafe fn semihosting(op: u32, arg: usize) {
    // SAFETY: the caller's contract; the debugger (QEMU) only reads what `arg` points to.
    #[cfg(target_arch = "arm")]
    unsafe {
        core::arch::asm!("bkpt 0xab", inout("r0") op => _, in("r1") arg, options(nostack));
    }
    // SAFETY: as above.
    #[cfg(target_arch = "riscv32")]
    unsafe {
        core::arch::asm!(
            ".option push",
            ".option norvc",
            ".balign 16",
            "slli x0, x0, 0x1f",
            "ebreak",
            "srai x0, x0, 7",
            ".option pop",
            inout("a0") op => _,
            in("a1") arg,
            options(nostack),
        );
    }
}

/// `SYS_WRITE0`: prints a NUL-terminated string on the host's console (nothing if `text` does
/// not end in NUL).
pub fn write(text: &[u8]) {
    if text.last() != Some(&0) {
        return;
    }
    // SAFETY: `text` is a NUL-terminated string that outlives the call.
    unsafe { semihosting(0x04, text.as_ptr() as usize) }
}

/// `SYS_EXIT`: stops the program; QEMU exits with status 0 for `ADP_Stopped_ApplicationExit`
/// and 1 for any other reason (`ADP_Stopped_RunTimeErrorUnknown` here). On 32-bit targets the
/// reason is the argument itself.
pub fn exit(ok: bool) -> ! {
    let reason: usize = if ok { 0x2_0026 } else { 0x2_0023 };
    loop {
        // SAFETY: the exit call takes its reason code as its argument and does not return
        // under QEMU; without a debugger attached, the loop keeps the core here.
        unsafe { semihosting(0x18, reason) }
    }
}
