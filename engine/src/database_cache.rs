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
//! by an interrupted build (`….db.tmp-<pid>`) is never loaded; the next
//! build into the directory removes those whose process is gone
//! ([`remove_stale_temporaries`]).
//!
//! One build at a time writes into the cache ([`lock_for_build`]): each
//! needs about as much memory as its file (5.6 GB at 28 seeds).

use std::ffi::OsString;
use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};

/// The directory of Ply's cache, inside the user's cache directory.
pub const CACHE_SUBDIRECTORY: &str = "ply";

/// What a file being written is named after: `<name>.tmp-<pid>`.
const TEMPORARY_INFIX: &str = ".tmp-";

/// The lock file of the cache's builds.
pub const BUILD_LOCK: &str = ".build.lock";

/// The extension of a cached database file.
pub const DATABASE_EXTENSION: &str = "db";

/// Whether this machine has room for a database build: `memory` bytes
/// available now for the build and `file_bytes` free on `directory`'s
/// file system. What cannot be known (no `/proc/meminfo`, no `statvfs`)
/// is not held against it.
///
/// # Errors
/// What is short, in words, with what to do instead.
pub fn room_for(directory: &Path, memory: u64, file_bytes: u64) -> Result<(), String> {
    let gb = |bytes: u64| bytes as f64 / 1e9;
    if let Some(available) = available_memory()
        && available < memory
    {
        return Err(format!(
            "not enough memory: the build needs about {:.2} GB, {:.2} GB is available; \
             build a smaller database, or free memory first",
            gb(memory),
            gb(available)
        ));
    }
    if let Some(free) = free_disk(directory)
        && free < file_bytes
    {
        return Err(format!(
            "not enough disk in {}: the file needs {:.2} GB, {:.2} GB is free; \
             build a smaller database, or give --output on another disk",
            directory.display(),
            gb(file_bytes),
            gb(free)
        ));
    }
    Ok(())
}

/// The memory available for a new process's use, in bytes (Linux's
/// `MemAvailable`); `None` where unknown.
fn available_memory() -> Option<u64> {
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = meminfo
        .lines()
        .find_map(|line| line.strip_prefix("MemAvailable:"))?;
    let kilobytes: u64 = line.trim().strip_suffix("kB")?.trim().parse().ok()?;
    kilobytes.checked_mul(1024)
}

/// The bytes free for an ordinary user on `directory`'s file system;
/// `None` where unknown.
fn free_disk(directory: &Path) -> Option<u64> {
    #[cfg(unix)]
    {
        let stats = rustix::fs::statvfs(directory).ok()?;
        stats.f_bavail.checked_mul(stats.f_frsize)
    }
    #[cfg(not(unix))]
    {
        let _ = directory;
        None
    }
}

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

/// Where a file to be saved as `path` is written first (then renamed
/// over `path`): `<path>.tmp-<pid>`, this process's.
#[must_use]
pub fn temporary_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(format!("{TEMPORARY_INFIX}{}", std::process::id()));
    PathBuf::from(name)
}

/// The process that writes the temporary file named `name`
/// (`<name>.db.tmp-<pid>`); `None` for any other name.
#[must_use]
pub fn temporary_owner(name: &str) -> Option<u32> {
    let (stem, pid) = name.rsplit_once(TEMPORARY_INFIX)?;
    if !stem.ends_with(&format!(".{DATABASE_EXTENSION}"))
        || pid.is_empty()
        || !pid.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    pid.parse().ok()
}

/// Removes the temporary database files in `directory` whose process is
/// gone (a build killed while it saved), the names starting with `only`
/// when given; returns those removed. Files of running processes, and of
/// this one, are left alone.
///
/// # Errors
/// The directory cannot be read.
pub fn remove_stale_temporaries(directory: &Path, only: Option<&str>) -> io::Result<Vec<PathBuf>> {
    let mut removed = Vec::new();
    for entry in std::fs::read_dir(directory)? {
        let entry = entry?;
        let name: OsString = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        let Some(pid) = temporary_owner(name) else {
            continue;
        };
        if only.is_some_and(|prefix| !name.starts_with(prefix))
            || pid == std::process::id()
            || process_is_alive(pid)
            || !entry.file_type().is_ok_and(|kind| kind.is_file())
        {
            continue;
        }
        if std::fs::remove_file(entry.path()).is_ok() {
            removed.push(entry.path());
        }
    }
    Ok(removed)
}

/// Whether process `pid` runs (or may: when unsure, yes, so that nothing
/// of a running build is removed).
#[must_use]
pub fn process_is_alive(pid: u32) -> bool {
    #[cfg(unix)]
    {
        let Some(pid) = i32::try_from(pid)
            .ok()
            .and_then(rustix::process::Pid::from_raw)
        else {
            return false;
        };
        // Signal 0 checks that the process exists without touching it;
        // EPERM says it exists but is another user's.
        !matches!(
            rustix::process::test_kill_process(pid),
            Err(rustix::io::Errno::SRCH)
        )
    }
    #[cfg(not(unix))]
    {
        let _ = pid;
        true
    }
}

/// Takes the build lock of `directory` (its [`BUILD_LOCK`] file), which
/// ends with the returned file (or the process). `Ok(None)` when another
/// build holds it.
///
/// # Errors
/// The lock file cannot be made or opened.
pub fn lock_for_build(directory: &Path) -> io::Result<Option<File>> {
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(directory.join(BUILD_LOCK))?;
    match file.try_lock() {
        Ok(()) => Ok(Some(file)),
        Err(std::fs::TryLockError::WouldBlock) => Ok(None),
        Err(std::fs::TryLockError::Error(e)) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a machine has room for: nothing is too small, nothing fits
    /// everything (where the system says its memory and disk, as Linux
    /// does), and each shortage names what is short.
    #[test]
    fn room_is_the_memory_and_the_disk_a_build_needs() {
        let here = Path::new(".");
        assert_eq!(room_for(here, 0, 0), Ok(()));
        if available_memory().is_some() {
            let error = room_for(here, u64::MAX, 0).unwrap_err();
            assert!(
                error.starts_with("not enough memory: the build needs about"),
                "{error}"
            );
        }
        if free_disk(here).is_some() {
            let error = room_for(here, 0, u64::MAX).unwrap_err();
            assert!(
                error.starts_with("not enough disk in .: the file needs"),
                "{error}"
            );
        }
    }

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

    #[test]
    fn temporary_files_name_their_process() {
        assert_eq!(
            temporary_owner("kalah-6-standard-24.db.tmp-4711"),
            Some(4711)
        );
        for other in [
            "kalah-6-standard-24.db",
            "kalah-6-standard-24.db.tmp-",
            "kalah-6-standard-24.db.tmp-12x",
            "notes.txt.tmp-4711",
            ".build.lock",
        ] {
            assert_eq!(temporary_owner(other), None, "{other}");
        }
        let path = temporary_path(Path::new("/c/x.db"));
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        assert_eq!(temporary_owner(name), Some(std::process::id()));
    }

    #[test]
    fn stale_temporaries_are_removed_and_live_ones_kept() {
        let directory = std::env::temp_dir().join(format!("ply-stale-{}", std::process::id()));
        std::fs::create_dir_all(&directory).unwrap();
        // A process that has ended: a child that exited and was reaped.
        let mut child = std::process::Command::new("true").spawn().unwrap();
        let dead = child.id();
        child.wait().unwrap();
        let stale = directory.join(format!("kalah-6-standard-9.db.tmp-{dead}"));
        let mine = temporary_path(&directory.join("kalah-6-standard-9.db"));
        let other = directory.join(format!("notes.txt.tmp-{dead}"));
        for file in [&stale, &mine, &other] {
            std::fs::write(file, b"x").unwrap();
        }
        let removed = remove_stale_temporaries(&directory, None).unwrap();
        assert_eq!(removed, vec![stale.clone()]);
        assert!(!stale.exists() && mine.exists() && other.exists());
        assert!(process_is_alive(std::process::id()));
        assert!(!process_is_alive(dead));
        let _ = std::fs::remove_dir_all(&directory);
    }

    #[test]
    fn one_build_holds_the_lock() {
        let directory = std::env::temp_dir().join(format!("ply-lock-{}", std::process::id()));
        std::fs::create_dir_all(&directory).unwrap();
        let first = lock_for_build(&directory).unwrap();
        assert!(first.is_some());
        assert!(lock_for_build(&directory).unwrap().is_none());
        drop(first);
        assert!(lock_for_build(&directory).unwrap().is_some());
        let _ = std::fs::remove_dir_all(&directory);
    }
}
