//! Large tables backed by huge pages where the system offers them.
//!
//! A table of gigabytes probed at random misses the processor's address
//! cache (the TLB) on nearly every probe when it is mapped in 4 KiB pages:
//! each probe then walks the page tables, themselves megabytes that miss
//! the data caches too. With 2 MiB pages the TLB covers 512 times more
//! memory. Linux gives an anonymous mapping huge pages when
//! `transparent_hugepage` is `always`, or `madvise` and the program asks
//! for them; Stockfish asks the same way for its hash table.
//!
//! The request must come before the memory is first touched, since pages
//! are chosen when they are first faulted in: so the vector is allocated,
//! advised, and only then filled.

/// A vector of `len` copies of `value`, its memory advised to use huge
/// pages before it is filled.
pub fn filled_vec<T: Clone>(len: usize, value: T) -> Vec<T> {
    let mut slots = Vec::with_capacity(len);
    advise_huge_pages(slots.spare_capacity_mut());
    slots.resize(len, value);
    slots
}

/// A vector of `len` values made by `make`, its memory advised to use huge
/// pages before it is filled.
pub fn vec_with<T>(len: usize, make: impl FnMut() -> T) -> Vec<T> {
    let mut slots = Vec::with_capacity(len);
    advise_huge_pages(slots.spare_capacity_mut());
    slots.resize_with(len, make);
    slots
}

/// Size of a huge page on x86-64 and most 64-bit Linux systems.
#[cfg(target_os = "linux")]
const HUGE_PAGE: usize = 2 * 1024 * 1024;

/// Asks the kernel to back the whole huge pages inside `memory` with huge
/// pages. Only advice: when it is refused (or on other systems) nothing
/// changes but speed.
fn advise_huge_pages<T>(memory: &mut [T]) {
    #[cfg(target_os = "linux")]
    {
        let start = memory.as_mut_ptr() as usize;
        let end = start + std::mem::size_of_val(memory);
        // madvise wants page-aligned ranges: the huge pages fully inside.
        let first = start.next_multiple_of(HUGE_PAGE);
        let last = end / HUGE_PAGE * HUGE_PAGE;
        if last <= first {
            return;
        }
        #[allow(unsafe_code)]
        // SAFETY: the range [first, last) lies inside `memory`, an
        // allocation this process owns and holds mutably. MADV_HUGEPAGE
        // only tells the kernel which page size to prefer when the range
        // is faulted in or compacted; it never changes the contents, the
        // protection or the mapping, so no Rust reference is invalidated.
        let status = unsafe {
            libc::madvise(
                first as *mut libc::c_void,
                last - first,
                libc::MADV_HUGEPAGE,
            )
        };
        if status != 0 {
            log::debug!("huge pages refused: {}", std::io::Error::last_os_error());
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = memory;
}
