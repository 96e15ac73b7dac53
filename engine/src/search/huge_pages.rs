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

/// A vector of `len` values made by `make`, its memory advised to use huge
/// pages before it is filled.
pub fn vec_with<T>(len: usize, make: impl FnMut() -> T) -> Vec<T> {
    let mut slots = Vec::with_capacity(len);
    advise_huge_pages(slots.spare_capacity_mut());
    slots.resize_with(len, make);
    slots
}

/// Types whose value with every byte zero is a valid (and empty) value:
/// tables of them can come from [`zeroed_vec`].
///
/// # Safety
/// Implement it only for types for which the all-zero bit pattern is a
/// valid value (integers, atomics, structs of those, `#[repr(u8)]` enums
/// with a variant of discriminant 0).
#[allow(unsafe_code)]
pub unsafe trait ZeroIsValid: Sized {}

/// A vector of `len` all-zero values, its memory advised to use huge pages.
///
/// Unlike [`vec_with`] it does not touch the memory: a large zeroed
/// allocation comes straight from the kernel as pages that are mapped (and
/// zeroed) only when first used. So a table of gigabytes costs nothing
/// until it is used, and only the parts used ever cost anything: a `Hash`
/// of 1 GiB for the search's table and the solver's table together would
/// otherwise take a second or more of system time before the first node.
///
/// # Panics
/// For a zero-sized `T` (no table is made of those).
pub fn zeroed_vec<T: ZeroIsValid>(len: usize) -> Vec<T> {
    assert!(size_of::<T>() > 0, "zeroed_vec of a zero-sized type");
    let layout = match std::alloc::Layout::array::<T>(len) {
        Ok(layout) if layout.size() > 0 => layout,
        // Nothing to allocate (or too much to describe): let Vec decide.
        _ => return Vec::with_capacity(len),
    };
    #[allow(unsafe_code)]
    // SAFETY: `layout` has a non-zero size, as `alloc_zeroed` requires.
    let memory = unsafe { std::alloc::alloc_zeroed(layout) };
    if memory.is_null() {
        std::alloc::handle_alloc_error(layout);
    }
    #[allow(unsafe_code)]
    // SAFETY: `memory` was just allocated by the global allocator with the
    // layout of `len` values of `T` (the layout `Vec<T>` uses for capacity
    // `len`), and it is zeroed, which `T: ZeroIsValid` promises is a valid
    // value for each of the `len` elements.
    let mut slots = unsafe { Vec::from_raw_parts(memory.cast::<T>(), len, len) };
    advise_huge_pages(&mut slots);
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
