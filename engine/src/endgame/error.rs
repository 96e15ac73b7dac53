//! What can go wrong building, saving, opening or checking a database.

use std::path::PathBuf;

use thiserror::Error;

use ply_rules::variant::Variant;

/// Why a database could not be built, saved, opened or verified.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum EndgameDbError {
    /// Reading or writing the file failed.
    ///
    /// The system's error is part of the message and is not also given as
    /// the error's source, which would print it twice in a chain
    /// ("Is a directory (os error 21): Is a directory (os error 21)").
    #[error("{}: {cause}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        cause: std::io::Error,
    },
    /// The file does not start with a database magic: it is no Ply
    /// endgame database.
    #[error("{}: not a Ply endgame database (bad magic)", path.display())]
    BadMagic {
        /// The file.
        path: PathBuf,
    },
    /// The file is a database of another game.
    #[error("{}: a database of {found}, not of {expected}", path.display())]
    OtherGame {
        /// The file.
        path: PathBuf,
        /// The game the file is for.
        found: &'static str,
        /// The game that opened it.
        expected: &'static str,
    },
    /// The file is in a format version this engine does not read.
    #[error(
        "{}: format version {found}, this engine reads version {supported}: {}",
        path.display(),
        version_advice(*found, *supported, *variant)
    )]
    UnsupportedVersion {
        /// The file.
        path: PathBuf,
        /// The game its magic names.
        variant: Variant,
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
    /// The header or the block table does not match the header's
    /// checksum: the file is damaged (or was patched by hand).
    #[error(
        "{}: damaged: the header and block table have checksum {computed:#010x}, the header \
         says {stored:#010x}; {}",
        path.display(),
        rebuild_advice(*variant)
    )]
    DamagedHeader {
        /// The file.
        path: PathBuf,
        /// The game its magic names.
        variant: Variant,
        /// The checksum in the header.
        stored: u32,
        /// The checksum of the header and table as they are.
        computed: u32,
    },
    /// A block of entries did not match its checksum when it was first
    /// read: the file is damaged, and nothing of that block was used.
    #[error(
        "{}: damaged: block {block} of its {blocks} (entries {first_entry} to {last_entry}) \
         does not match its checksum; {}",
        path.display(),
        rebuild_advice(*variant)
    )]
    DamagedBlock {
        /// The file.
        path: PathBuf,
        /// The game its magic names.
        variant: Variant,
        /// The first damaged block found (from 0).
        block: u64,
        /// The blocks of the file.
        blocks: u64,
        /// Its first entry's rank.
        first_entry: u64,
        /// Its last entry's rank.
        last_entry: u64,
    },
    /// Blocks of entries do not match their checksums (found by
    /// a full verification, which reads them all).
    #[error(
        "{}: damaged: {damaged} of its {blocks} blocks of entries do not match their checksums \
         (the first: block {first_block}, entries {first_entry} to {last_entry}); {}",
        path.display(),
        rebuild_advice(*variant)
    )]
    Damaged {
        /// The file.
        path: PathBuf,
        /// The game its magic names.
        variant: Variant,
        /// The blocks found damaged.
        damaged: u64,
        /// The blocks of the file.
        blocks: u64,
        /// The first damaged block (from 0).
        first_block: u64,
        /// Its first entry's rank.
        first_entry: u64,
        /// Its last entry's rank.
        last_entry: u64,
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

/// What to do about a damaged file of game `variant`: rebuild it, with the
/// `--variant` of the game it is for (as that game's hook says), since
/// `build-db` builds one game's databases, Kalah's unless told.
fn rebuild_advice(variant: Variant) -> String {
    format!(
        "rebuild it with `ply-engine build-db --variant {}`",
        variant.name()
    )
}

/// What to do about a file of game `variant` in another format version.
fn version_advice(found: u32, supported: u32, variant: Variant) -> String {
    if found < supported {
        format!(
            "it was written by an older Ply; {}",
            rebuild_advice(variant)
        )
    } else {
        "it was written by a newer Ply; use that Ply, or rebuild it with this one's `build-db`"
            .to_owned()
    }
}

impl EndgameDbError {
    /// An I/O error on `path`.
    pub(crate) fn io(path: &std::path::Path, cause: std::io::Error) -> Self {
        Self::Io {
            path: path.to_owned(),
            cause,
        }
    }
}
