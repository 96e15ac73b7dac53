//! Opening the files that options name (`BookFile`, `EndgameDB`): only a
//! regular file is opened.
//!
//! A path can name anything: `/dev/zero` reads without end (a book read
//! from it grows memory until the system kills the engine), a named pipe
//! (FIFO) blocks the opening until a writer comes (the protocol loop would
//! hang, deaf to `isready` and `quit`), and a directory cannot be read at
//! all. So the kind of file is checked before opening, and the file is
//! opened without blocking and checked again, in case the path was
//! replaced in between.

use std::fs::{File, FileType, Metadata};
use std::io;
use std::path::Path;

/// Opens `path` for reading if it is a regular file (symbolic links
/// followed); returns the file and its size in bytes.
///
/// # Errors
/// The system's error, or one of kind [`io::ErrorKind::InvalidInput`]
/// saying what the path is instead and that only a regular file is read.
pub fn open_regular(path: &Path) -> io::Result<(File, u64)> {
    check_regular(&std::fs::metadata(path)?)?;
    let file = open_without_blocking(path)?;
    let metadata = file.metadata()?;
    check_regular(&metadata)?;
    Ok((file, metadata.len()))
}

/// An error unless `metadata` is a regular file's.
fn check_regular(metadata: &Metadata) -> io::Result<()> {
    if metadata.is_file() {
        return Ok(());
    }
    Err(io::Error::new(
        io::ErrorKind::InvalidInput,
        format!(
            "{}, not a regular file (only a regular file is read)",
            kind_of(metadata.file_type())
        ),
    ))
}

/// What a file that is not a regular file is, in words.
fn kind_of(file_type: FileType) -> &'static str {
    if file_type.is_dir() {
        return "a directory";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_fifo() {
            return "a named pipe (FIFO)";
        }
        if file_type.is_char_device() {
            return "a character device";
        }
        if file_type.is_block_device() {
            return "a block device";
        }
        if file_type.is_socket() {
            return "a socket";
        }
    }
    "a special file"
}

/// Opens `path` for reading so that a named pipe cannot block the opening
/// (`O_NONBLOCK`; reading a regular file is not affected by it).
#[cfg(unix)]
fn open_without_blocking(path: &Path) -> io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
}

/// Opens `path` for reading (no named pipes to fear here).
#[cfg(not(unix))]
fn open_without_blocking(path: &Path) -> io::Result<File> {
    File::open(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_regular_file_is_opened_with_its_size() {
        let path = std::env::temp_dir().join(format!("ply-regular-{}", std::process::id()));
        std::fs::write(&path, b"12345").expect("temporary file written");
        let opened = open_regular(&path).map(|(_, len)| len);
        let _ = std::fs::remove_file(&path);
        assert_eq!(opened.expect("a regular file opens"), 5);
    }

    #[test]
    fn anything_else_is_refused_saying_what_it_is() {
        let refused = |path: &str| {
            open_regular(Path::new(path))
                .err()
                .map(|e| (e.kind(), e.to_string()))
        };
        let directory = refused(std::env::temp_dir().to_str().unwrap_or("/"));
        assert_eq!(
            directory,
            Some((
                io::ErrorKind::InvalidInput,
                "a directory, not a regular file (only a regular file is read)".to_owned()
            ))
        );
        #[cfg(unix)]
        assert!(
            refused("/dev/zero")
                .is_some_and(|(_, message)| message.starts_with("a character device, not"))
        );
    }
}
