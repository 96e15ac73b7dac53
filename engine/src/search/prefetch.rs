//! Asking the processor to start loading a cache line before it is needed.
//!
//! The solver's table is gigabytes, so nearly every probe misses every
//! cache and waits for main memory. A node probes the table for each of its
//! children (enhanced transposition cut-offs, then the child's own probe);
//! done one after another those waits add up. Prefetching all the
//! children's buckets as soon as their keys are known lets the loads
//! overlap: the node then waits about once instead of once per child.

/// Hints that the cache line holding `item` will be read soon.
///
/// Only a hint: it never changes memory or fails, and does nothing on
/// processors without a prefetch instruction that Rust exposes.
#[inline]
pub fn prefetch<T>(item: &T) {
    #[cfg(target_arch = "x86_64")]
    #[allow(unsafe_code)]
    // SAFETY: `_mm_prefetch` is an unsafe function (it takes a raw pointer
    // and needs the `sse` target feature, which every x86_64 processor has:
    // it is part of the baseline the compiler targets). A prefetch only
    // hints the cache: it reads nothing into the program, writes nothing
    // and cannot fault, even on a bad address; here the address comes
    // from a valid reference anyway.
    unsafe {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(item).cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = item;
}
