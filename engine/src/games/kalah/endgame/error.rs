//! What can go wrong building, saving, opening or checking a database.

use std::path::PathBuf;

use thiserror::Error;

/// Why a database could not be built, saved, opened or verified.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum EndgameDbError {
    /// Reading or writing the file failed.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        #[source]
        source: std::io::Error,
    },
    /// The file does not start with the database magic: it is no Ply Kalah
    /// endgame database.
    #[error("{}: not a Kalah endgame database (bad magic)", path.display())]
    BadMagic {
        /// The file.
        path: PathBuf,
    },
    /// The file is in a format version this engine does not read.
    #[error(
        "{}: format version {found}, this engine reads version {supported}",
        path.display()
    )]
    UnsupportedVersion {
        /// The file.
        path: PathBuf,
        /// The version in the header.
        found: u32,
        /// The version this engine reads and writes.
        supported: u32,
    },
    /// A header field holds a value no database can have.
    #[error("{}: bad header: {reason}", path.display())]
    BadHeader {
        /// The file.
        path: PathBuf,
        /// Which field, and what it holds.
        reason: String,
    },
    /// The header's entry count is not the number of positions of its pit
    /// count and seed limit.
    #[error(
        "{}: the header says {pits} pits and at most {max_seeds} seeds, which make {expected} \
         entries, but counts {found}",
        path.display()
    )]
    CountMismatch {
        /// The file.
        path: PathBuf,
        /// Pits per side in the header.
        pits: u8,
        /// The seed limit in the header.
        max_seeds: u8,
        /// The entries those make.
        expected: u64,
        /// The entry count in the header.
        found: u64,
    },
    /// The file is shorter than its header says (an interrupted copy or
    /// build), or shorter than a header.
    #[error("{}: truncated: {found} bytes, expected {expected}", path.display())]
    Truncated {
        /// The file.
        path: PathBuf,
        /// The bytes it should have.
        expected: u64,
        /// The bytes it has.
        found: u64,
    },
    /// The file is longer than its header says.
    #[error(
        "{}: {found} bytes, expected {expected}: trailing data after the entries",
        path.display()
    )]
    TrailingData {
        /// The file.
        path: PathBuf,
        /// The bytes it should have.
        expected: u64,
        /// The bytes it has.
        found: u64,
    },
    /// The entries do not match the header's checksum: the file is damaged.
    #[error("checksum mismatch: the header says {stored:#018x}, the entries give {computed:#018x}")]
    ChecksumMismatch {
        /// The checksum in the header (or computed at build).
        stored: u64,
        /// The checksum of the entries as they are now.
        computed: u64,
    },
    /// The pit count or seed limit asked for is out of range.
    #[error("invalid database parameters: {0}")]
    InvalidParameters(String),
    /// The database would have more entries than this machine can address.
    #[error("a database of {pits} pits and at most {max_seeds} seeds is too large to build here")]
    TooLarge {
        /// Pits per side.
        pits: u8,
        /// The seed limit.
        max_seeds: u8,
    },
}

impl EndgameDbError {
    /// An I/O error on `path`.
    pub(super) fn io(path: &std::path::Path, source: std::io::Error) -> Self {
        Self::Io {
            path: path.to_owned(),
            source,
        }
    }
}
