//! Links the firmware with the memory map of its target's QEMU board: `link.x` for the Arm
//! targets (`mps2-an386` and `mps2-an385`, whose maps are the same, with the vector table at
//! address 0), `link-riscv.x` for RISC-V (`virt`). `RANKED_SIZE_OP` picks the operation that
//! `op_size` measures (the `size_op` cfg).

fn main() {
    let dir = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".into());
    let target = std::env::var("TARGET").unwrap_or_default();
    let script = if target.starts_with("riscv") {
        "link-riscv.x"
    } else {
        "link.x"
    };
    println!("cargo:rustc-link-search={dir}");
    println!("cargo:rustc-link-arg-bins=-T{script}");
    println!("cargo:rerun-if-changed=link.x");
    println!("cargo:rerun-if-changed=link-riscv.x");
    println!("cargo::rustc-check-cfg=cfg(op_probe)");
    println!("cargo::rustc-check-cfg=cfg(size_op, values(any()))");
    println!("cargo:rerun-if-env-changed=RANKED_SIZE_OP");
    if let Ok(op) = std::env::var("RANKED_SIZE_OP") {
        // `op_probe` marks a probe build, `size_op = "…"` names its operation.
        println!("cargo:rustc-cfg=op_probe");
        println!("cargo:rustc-cfg=size_op=\"{op}\"");
    }
}
