//! The cache of exact databases: where `ply-engine build-db` puts a
//! database when no `--output` is given, and where `EndgameDB auto` finds
//! one for the board being played.
//!
//! The directory is `ply` in the user's cache directory: `$XDG_CACHE_HOME/ply`
//! when `XDG_CACHE_HOME` is an absolute path, else `~/.cache/ply` (the
//! platform's cache directory elsewhere, as the `dirs` crate finds it).
//!
//! A database is named `<family>-<size>.db`: the family names the game
//! and the rules the database serves (Kalah's `kalah-6-standard`,
//! `kalah-6-empty-capture`), the size is a whole number, bigger for a
//! bigger database (Kalah's: the most seeds on the board). Nothing else
//! in the directory is a database of the cache, so a temporary file left
//! by an interrupted build (`….db.tmp-<pid>`) is never loaded.

use std::io;
use std::path::{Path, PathBuf};

/// The directory of Ply's cache, inside the user's cache directory.
pub const CACHE_SUBDIRECTORY: &str = "ply";

/// The extension of a cached database file.
pub const DATABASE_EXTENSION: &str = "db";

/// Ply's cache directory (`$XDG_CACHE_HOME/ply`, else `~/.cache/ply`), or
/// `None` when the system has no home directory to put it in.
#[must_use]
pub fn cache_directory() -> Option<PathBuf> {
    dirs::cache_dir().map(|directory| directory.join(CACHE_SUBDIRECTORY))
}

/// The file name of the database of `family` and `size`: `<family>-<size>.db`.
#[must_use]
pub fn file_name(family: &str, size: u32) -> String {
    format!("{family}-{size}.{DATABASE_EXTENSION}")
}

/// The size of a database of `family` named `name` (`<family>-<size>.db`);
/// `None` for any other name.
#[must_use]
pub fn size_in_name(name: &str, family: &str) -> Option<u32> {
    let size = name
        .strip_prefix(family)?
        .strip_prefix('-')?
        .strip_suffix(DATABASE_EXTENSION)?
        .strip_suffix('.')?;
    // `parse` takes a leading `+`; a size is digits only.
    if size.is_empty() || !size.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    size.parse().ok()
}

/// The biggest database of `family` in `directory`, with its size; `None`
/// when there is none (or no such directory).
///
/// # Errors
/// The directory exists but cannot be read.
pub fn largest(directory: &Path, family: &str) -> io::Result<Option<(PathBuf, u32)>> {
    Ok(biggest_first(directory, family)?.into_iter().next())
}

/// Every database of `family` in `directory` with its size, the biggest
/// first; none when there is no such directory.
///
/// # Errors
/// The directory exists but cannot be read.
pub fn biggest_first(directory: &Path, family: &str) -> io::Result<Vec<(PathBuf, u32)>> {
    let entries = match std::fs::read_dir(directory) {
        Ok(entries) => entries,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(e),
    };
    let mut found = Vec::new();
    for entry in entries {
        let entry = entry?;
        let name = entry.file_name();
        if let Some(size) = name.to_str().and_then(|name| size_in_name(name, family)) {
            found.push((entry.path(), size));
        }
    }
    found.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_carry_family_and_size() {
        let family = "kalah-6-standard";
        assert_eq!(file_name(family, 24), "kalah-6-standard-24.db");
        assert_eq!(size_in_name("kalah-6-standard-24.db", family), Some(24));
        for other in [
            "kalah-6-standard-24.db.tmp-4711",
            "kalah-6-standard-.db",
            "kalah-6-standard-+4.db",
            "kalah-6-standard-x.db",
            "kalah-6-standard-24.dbx",
            "kalah-6-empty-capture-24.db",
            "kalah-6-standard24.db",
        ] {
            assert_eq!(size_in_name(other, family), None, "{other}");
        }
    }
}
