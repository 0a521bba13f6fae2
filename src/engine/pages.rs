//! Huge pages for large new buffers (Linux, with `std`).
//!
//! A new tensor of many megabytes is written right after it is allocated. With the kernel's
//! 4 KiB pages that first write takes one page fault per 4 KiB — 16,384 for 64 MiB, which costs
//! more than the write itself. NumPy has asked Linux for transparent huge
//! pages on its large buffers since 1.16; `ranked` does the same: every buffer of at least
//! [`THRESHOLD`] bytes that the library allocates gets `madvise(MADV_HUGEPAGE)` on its
//! 2 MiB-aligned part, before anything is written to it.
//!
//! It is a hint. The kernel may ignore it (huge pages disabled, memory fragmented), and it
//! changes no contents and no access rights, so nothing depends on it but speed. A tensor whose
//! buffer is only partly touched (a sparse `zeros`) can occupy up to 2 MiB more memory than
//! with small pages, as with NumPy.

/// Buffers smaller than this (4 MiB, NumPy's threshold) are left to the allocator as they are.
#[cfg_attr(
    not(all(feature = "std", target_os = "linux", not(miri))),
    allow(dead_code, reason = "only the Linux form asks for huge pages")
)]
pub(crate) const THRESHOLD: usize = 4 << 20;

/// Asks for huge pages on the 2 MiB-aligned part of the `bytes` bytes at `start`, when
/// `bytes ≥ THRESHOLD`.
///
/// `start .. start + bytes` must be memory of one allocation that the caller owns and has not
/// yet handed out (the spare capacity of a new `Vec`); the call does not read or write it.
// The size test is inlined into every allocation; the rest is out of line (for a tiny
// tensor, the call alone was a measurable part of `map`).
#[cfg(all(feature = "std", target_os = "linux", not(miri)))]
#[inline(always)]
pub(crate) fn advise_huge(start: *mut u8, bytes: usize) {
    if bytes >= THRESHOLD {
        advise_large(start, bytes);
    }
}

/// [`advise_huge`] for `bytes ≥ THRESHOLD`, with its contract.
#[cfg(all(feature = "std", target_os = "linux", not(miri)))]
#[inline(never)]
fn advise_large(start: *mut u8, bytes: usize) {
    /// The size of an x86-64 or 4 KiB-granule aarch64 huge page; a multiple of every base
    /// page size, so the range below starts on a page as `madvise` requires.
    const HUGE: usize = 2 << 20;
    let addr = start as usize;
    let (Some(first), Some(end)) = (addr.checked_add(HUGE - 1), addr.checked_add(bytes)) else {
        return;
    };
    let (first, end) = (first & !(HUGE - 1), end & !(HUGE - 1));
    if end <= first {
        return;
    }
    // Keep the allocation's provenance: step from `start` rather than casting an address.
    let from = start.wrapping_add(first - addr).cast::<libc::c_void>();
    // SAFETY: `[first, end)` lies inside the caller's allocation (`addr ≤ first < end ≤
    // addr + bytes`), so the call concerns no memory that another owner holds. MADV_HUGEPAGE
    // only marks those pages as candidates for huge pages: it reads, writes, frees and
    // protects nothing, so every Rust reference stays valid and every value the memory holds
    // (none yet) is kept. An error (`EINVAL` where huge pages are not built in) leaves the
    // memory as it was; the hint is then simply not taken.
    let _ = unsafe { libc::madvise(from, end - first, libc::MADV_HUGEPAGE) };
}

/// Without Linux, `std` or outside Miri: nothing to ask for.
#[cfg(not(all(feature = "std", target_os = "linux", not(miri))))]
#[inline(always)]
pub(crate) fn advise_huge(_start: *mut u8, _bytes: usize) {}

#[cfg(all(test, feature = "std", target_os = "linux", not(miri)))]
mod tests {
    extern crate std;

    use alloc::string::{String, ToString};
    use alloc::vec;

    use super::{THRESHOLD, advise_huge};

    /// The flags (`VmFlags:` of `/proc/self/smaps`) of the mapping that holds `addr`.
    fn vm_flags(addr: usize) -> Option<String> {
        let smaps = std::fs::read_to_string("/proc/self/smaps").ok()?;
        let mut inside = false;
        for line in smaps.lines() {
            let range = line.split_whitespace().next().unwrap_or("");
            if let Some((lo, hi)) = range.split_once('-')
                && let (Ok(lo), Ok(hi)) =
                    (usize::from_str_radix(lo, 16), usize::from_str_radix(hi, 16))
            {
                inside = lo <= addr && addr < hi;
            } else if inside && let Some(flags) = line.strip_prefix("VmFlags:") {
                return Some(flags.to_string());
            }
        }
        None
    }

    /// A large new tensor's buffer is marked for huge pages (`hg`) where the kernel has them;
    /// the advice, on a large buffer or below the threshold, keeps contents and buffers usable.
    #[test]
    fn large_buffers_are_marked_for_huge_pages() {
        let t: crate::Tensor<u8, 1> = crate::Tensor::zeros([THRESHOLD + 12_345]);
        // Inside the 2 MiB-aligned part: 2 MiB past the start is always in it.
        let inner = t.as_slice().unwrap().as_ptr() as usize + (2 << 20);
        let thp = std::path::Path::new("/sys/kernel/mm/transparent_hugepage/enabled").exists();
        if thp {
            let flags = vm_flags(inner).expect("the buffer is mapped");
            assert!(flags.split_whitespace().any(|f| f == "hg"), "{flags}");
        }
        assert!(t.iter().all(|&x| x == 0));

        let mut big = vec![7u8; 3 * THRESHOLD + 12_345];
        advise_huge(big.as_mut_ptr(), big.len());
        assert!(big.iter().all(|&x| x == 7));
        big.fill(9);
        assert!(big.iter().all(|&x| x == 9));
        // Below the threshold nothing is asked.
        let mut small = vec![1u32; 1000];
        advise_huge(small.as_mut_ptr().cast(), 4000);
        assert_eq!(small.iter().sum::<u32>(), 1000);
    }
}
