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

/// [`vec_with`], or `None` when the memory cannot be had (a size a user
/// chooses must be refused, not abort).
pub fn try_vec_with<T>(len: usize, make: impl FnMut() -> T) -> Option<Vec<T>> {
    let mut slots = Vec::new();
    slots.try_reserve_exact(len).ok()?;
    advise_huge_pages(slots.spare_capacity_mut());
    slots.resize_with(len, make);
    Some(slots)
}

/// Types whose value with every byte zero is a valid (and empty) value:
/// tables of them can be a [`ZeroedTable`].
///
/// # Safety
/// Implement it only for types for which the all-zero bit pattern is a
/// valid value (integers, atomics, structs of those, `#[repr(u8)]` enums
/// with a variant of discriminant 0).
#[allow(unsafe_code)]
pub unsafe trait ZeroIsValid: Sized {}

/// A table of `len` all-zero values, its memory aligned to a huge page
/// and advised to use huge pages.
///
/// It does not touch the memory: a large zeroed mapping comes straight
/// from the kernel as pages that are mapped (and zeroed) only when first
/// used. So a table of gigabytes costs nothing until it is used, and only
/// the parts used ever cost anything: a `Hash` of 1 GiB for the search's
/// table and the solver's table together would otherwise take a second or
/// more of system time before the first node.
///
/// The alignment matters as much: the allocator puts a large block 16
/// bytes past a page boundary (its header), so every 64-byte bucket of a
/// table in such a block straddles two cache lines, and a probe waits for
/// two loads from memory where one was prefetched. (On Kalah(6,4) the load
/// of the second line took a quarter of the solver's probe time.)
pub struct ZeroedTable<T> {
    /// The first value, aligned to [`HUGE_PAGE`] (to its alignment elsewhere).
    start: std::ptr::NonNull<T>,
    len: usize,
    /// What to give back on drop.
    memory: Memory,
}

/// The system would not give a table its memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("cannot allocate {megabytes} MB")]
pub struct AllocError {
    /// The size asked for, in MB (rounded up).
    pub megabytes: usize,
}

impl AllocError {
    fn of_bytes(bytes: usize) -> Self {
        Self {
            megabytes: bytes.div_ceil(1 << 20),
        }
    }
}

impl<T: ZeroIsValid> ZeroedTable<T> {
    /// `len` all-zero values; aborts like `Vec` when the memory cannot be
    /// had (for tables of a fixed, small size; sizes a user chooses go
    /// through [`Self::try_new`]).
    ///
    /// # Panics
    /// For a zero-sized `T` (no table is made of those).
    #[must_use]
    pub fn new(len: usize) -> Self {
        Self::try_new(len).unwrap_or_else(|e| {
            let layout = std::alloc::Layout::from_size_align(e.megabytes << 20, HUGE_PAGE)
                .unwrap_or(std::alloc::Layout::new::<u8>());
            std::alloc::handle_alloc_error(layout)
        })
    }

    /// `len` all-zero values, or an error when the system will not give
    /// the memory (or `len` values do not fit in the address space): a
    /// `Hash` of 64 GB on a smaller machine must be refused, not abort.
    ///
    /// # Errors
    /// [`AllocError`] when the mapping (or allocation) fails.
    ///
    /// # Panics
    /// For a zero-sized `T` (no table is made of those).
    pub fn try_new(len: usize) -> Result<Self, AllocError> {
        assert!(size_of::<T>() > 0, "ZeroedTable of a zero-sized type");
        // The table never drops its values, only their memory.
        const {
            assert!(
                !std::mem::needs_drop::<T>(),
                "ZeroedTable of a type with drop glue"
            )
        };
        // Room for the values, whole huge pages, and one more to align the
        // start: all within what a Rust slice may span.
        let bytes = len
            .checked_mul(size_of::<T>())
            .and_then(|bytes| bytes.checked_next_multiple_of(HUGE_PAGE))
            .filter(|bytes| {
                bytes
                    .checked_add(HUGE_PAGE)
                    .is_some_and(|all| isize::try_from(all).is_ok())
            })
            .ok_or(AllocError {
                megabytes: usize::MAX >> 20,
            })?;
        if bytes == 0 {
            return Ok(Self {
                start: std::ptr::NonNull::dangling(),
                len,
                memory: Memory::None,
            });
        }
        let (start, memory) = Memory::zeroed(bytes, align_of::<T>())?;
        Ok(Self {
            start: start.cast(),
            len,
            memory,
        })
    }
}

impl<T> std::ops::Deref for ZeroedTable<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        #[allow(unsafe_code)]
        // SAFETY: `start` points at `len` values of `T` inside memory this
        // table owns (or is dangling with `len` 0, or `T` would have been
        // refused as zero-sized); they were zeroed, a valid value by
        // `T: ZeroIsValid`, and are only changed through `&mut self`.
        unsafe {
            std::slice::from_raw_parts(self.start.as_ptr(), self.len)
        }
    }
}

impl<T> std::ops::DerefMut for ZeroedTable<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        #[allow(unsafe_code)]
        // SAFETY: as in `deref`, and `&mut self` makes the access unique.
        unsafe {
            std::slice::from_raw_parts_mut(self.start.as_ptr(), self.len)
        }
    }
}

impl<T> std::fmt::Debug for ZeroedTable<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ZeroedTable")
            .field("len", &self.len)
            .finish()
    }
}

// SAFETY: the table owns its values as a `Vec<T>` would: sending it or
// sharing it is safe exactly when sending or sharing the values is.
#[allow(unsafe_code)]
unsafe impl<T: Send> Send for ZeroedTable<T> {}
#[allow(unsafe_code)]
unsafe impl<T: Sync> Sync for ZeroedTable<T> {}

impl<T> Drop for ZeroedTable<T> {
    fn drop(&mut self) {
        // The values need no drop (`new` makes sure), so only the memory
        // is given back.
        self.memory.release();
    }
}

/// The memory under a [`ZeroedTable`].
enum Memory {
    /// Nothing was allocated (an empty table).
    None,
    /// An anonymous mapping of `bytes` at `base` (Linux).
    #[cfg(target_os = "linux")]
    Mapped {
        base: *mut libc::c_void,
        bytes: usize,
    },
    /// A block from the global allocator (elsewhere).
    #[cfg(not(target_os = "linux"))]
    Allocated {
        base: std::ptr::NonNull<u8>,
        layout: std::alloc::Layout,
    },
}

impl Memory {
    /// `bytes` zeroed bytes, a multiple of [`HUGE_PAGE`], and where they
    /// start: on Linux a fresh anonymous mapping one huge page longer than
    /// asked, so that a huge-page boundary can start the table, advised to
    /// use huge pages.
    #[cfg(target_os = "linux")]
    fn zeroed(bytes: usize, _align: usize) -> Result<(std::ptr::NonNull<u8>, Self), AllocError> {
        let mapped = bytes + HUGE_PAGE;
        #[allow(unsafe_code)]
        // SAFETY: a new private anonymous mapping at an address the kernel
        // picks: it aliases nothing in this program.
        let base = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                mapped,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        if base == libc::MAP_FAILED {
            return Err(AllocError::of_bytes(bytes));
        }
        let start = (base as usize).next_multiple_of(HUGE_PAGE);
        let memory = Self::Mapped {
            base,
            bytes: mapped,
        };
        #[allow(unsafe_code)]
        // SAFETY: `[start, start + bytes)` lies inside the mapping just
        // made (it is `HUGE_PAGE` longer than `bytes` and `start` is less
        // than `HUGE_PAGE` past its base), which nothing else uses yet.
        unsafe {
            advise_range(start as *mut libc::c_void, bytes);
        }
        let start = std::ptr::NonNull::new(start as *mut u8).expect("mmap returned a null mapping");
        Ok((start, memory))
    }

    /// `bytes` zeroed bytes from the global allocator, aligned to a cache
    /// line at least.
    #[cfg(not(target_os = "linux"))]
    fn zeroed(bytes: usize, align: usize) -> Result<(std::ptr::NonNull<u8>, Self), AllocError> {
        let layout = std::alloc::Layout::from_size_align(bytes, align.max(CACHE_LINE))
            .map_err(|_| AllocError::of_bytes(bytes))?;
        #[allow(unsafe_code)]
        // SAFETY: `layout` has a non-zero size, as `alloc_zeroed` requires.
        let base = unsafe { std::alloc::alloc_zeroed(layout) };
        let base = std::ptr::NonNull::new(base).ok_or(AllocError::of_bytes(bytes))?;
        Ok((base, Self::Allocated { base, layout }))
    }

    fn release(&mut self) {
        match *self {
            Self::None => {}
            #[cfg(target_os = "linux")]
            Self::Mapped { base, bytes } => {
                #[allow(unsafe_code)]
                // SAFETY: the mapping this value made, unmapped once: the
                // table that borrowed it is being dropped.
                unsafe {
                    libc::munmap(base, bytes);
                }
            }
            #[cfg(not(target_os = "linux"))]
            Self::Allocated { base, layout } => {
                #[allow(unsafe_code)]
                // SAFETY: allocated above with this layout, freed once.
                unsafe {
                    std::alloc::dealloc(base.as_ptr(), layout);
                }
            }
        }
        *self = Self::None;
    }
}

/// Bytes in a cache line: tables are aligned to one at least.
#[cfg(not(target_os = "linux"))]
const CACHE_LINE: usize = 64;

/// Size of a huge page on x86-64 and most 64-bit Linux systems (tables
/// are sized in multiples of it everywhere).
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
        if last > first {
            #[allow(unsafe_code)]
            // SAFETY: the range lies inside `memory`, which this process
            // owns and holds mutably.
            unsafe {
                advise_range(first as *mut libc::c_void, last - first);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = memory;
}

/// `madvise(MADV_HUGEPAGE)` on `bytes` bytes from `start`, both multiples
/// of the page size.
///
/// # Safety
/// The range must be memory this process mapped and nothing else relies
/// on the page size of. MADV_HUGEPAGE only tells the kernel which page
/// size to prefer when the range is faulted in or compacted; it never
/// changes the contents, the protection or the mapping, so no Rust
/// reference is invalidated.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
unsafe fn advise_range(start: *mut libc::c_void, bytes: usize) {
    // SAFETY: the caller vouches for the range (see above).
    let status = unsafe { libc::madvise(start, bytes, libc::MADV_HUGEPAGE) };
    if status != 0 {
        log::debug!("huge pages refused: {}", std::io::Error::last_os_error());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering};

    /// A zeroed slot for the tests.
    #[derive(Default)]
    struct Slot(AtomicU64, AtomicU64);

    // SAFETY: two atomic integers; all-zero is a valid value.
    #[allow(unsafe_code)]
    unsafe impl ZeroIsValid for Slot {}

    #[test]
    fn a_zeroed_table_is_zero_aligned_and_writable() {
        let mut table = ZeroedTable::<Slot>::new(100_000);
        assert_eq!(table.len(), 100_000);
        // Aligned to a huge page on Linux, to a cache line at least elsewhere.
        assert_eq!(table.as_ptr() as usize % 64, 0);
        #[cfg(target_os = "linux")]
        assert_eq!(table.as_ptr() as usize % HUGE_PAGE, 0);
        assert!(table.iter().all(|s| s.0.load(Ordering::Relaxed) == 0));
        table[99_999].1.store(7, Ordering::Relaxed);
        table[0] = Slot(AtomicU64::new(3), AtomicU64::new(4));
        assert_eq!(table[99_999].1.load(Ordering::Relaxed), 7);
        assert_eq!(table[0].0.load(Ordering::Relaxed), 3);
    }

    #[test]
    fn an_empty_zeroed_table_allocates_nothing() {
        let table = ZeroedTable::<Slot>::new(0);
        assert!(table.is_empty());
    }
}
