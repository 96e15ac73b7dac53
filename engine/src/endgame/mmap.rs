//! The one `unsafe` call of the databases' reading: mapping a file into
//! memory.

use std::fs::File;

use memmap2::Mmap;

/// Maps all of `file` read-only.
///
/// # Errors
/// What the system says when the mapping fails.
#[allow(unsafe_code)]
pub(crate) fn map_read_only(file: &File) -> std::io::Result<Mmap> {
    // SAFETY: `Mmap::map` is unsafe because the bytes behind the returned
    // slice belong to the file, not to this process: if anything changes
    // the file while it is mapped, the slice changes under Rust's feet (a
    // data race, undefined behaviour), and if the file is truncated,
    // reading past its new end kills the process with SIGBUS. Here the
    // file was opened read-only and the mapping is read-only and private
    // to this process, and Ply itself never writes a database in place:
    // `DatabaseFile::save` writes a new file and renames it over the old
    // name, which leaves an existing mapping on the old contents. So the
    // mapping is sound as long as nobody else modifies or truncates the
    // file in place while a database opened from it is alive. The user
    // must not do that (no `truncate`, no `dd conv=notrunc`, no copying
    // over it with `cp`, which rewrites in place; replace it with `mv`
    // instead, or stop the engine first).
    unsafe { Mmap::map(file) }
}
