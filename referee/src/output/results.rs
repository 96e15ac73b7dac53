//! The results file: one JSON object a finished game (JSON lines),
//! appended and flushed as each game ends, so an interrupted match loses
//! nothing; read back to resume a match or to merge shards.

use std::fs::{File, OpenOptions};
use std::io::{self, BufRead, BufReader, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use thiserror::Error;

use super::Output;
use crate::game::{GameRecord, GameResult};

/// A results file that cannot be used.
#[derive(Debug, Error)]
pub enum ResultsError {
    /// It cannot be opened or read.
    #[error("cannot read the results file '{}': {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// It cannot be written.
    #[error("cannot write the results file '{}': {source}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
}

/// The games of a results file. Lines that are not a game (a line cut
/// short when a match was killed) are skipped with a warning.
///
/// # Errors
/// [`ResultsError::Read`] when the file cannot be read.
pub fn read_results(path: &Path) -> Result<Vec<GameRecord>, ResultsError> {
    let read_error = |source| ResultsError::Read {
        path: path.to_owned(),
        source,
    };
    let file = File::open(path).map_err(read_error)?;
    let mut records = Vec::new();
    for (number, line) in BufReader::new(file).lines().enumerate() {
        let line = line.map_err(read_error)?;
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str::<GameRecord>(&line) {
            Ok(record) => records.push(record),
            Err(e) => log::warn!(
                "results file '{}', line {}: skipped, not a game record: {e}",
                path.display(),
                number + 1
            ),
        }
    }
    Ok(records)
}

/// Appends each finished game to the results file.
#[derive(Debug)]
pub struct ResultsWriter {
    path: PathBuf,
    file: File,
}

impl ResultsWriter {
    /// Opens (or creates) the file for appending. A last line cut short is
    /// ended first, so that the next game starts on a line of its own.
    ///
    /// # Errors
    /// [`ResultsError::Write`] when the file cannot be opened.
    pub fn open(path: &Path) -> Result<Self, ResultsError> {
        let write_error = |source| ResultsError::Write {
            path: path.to_owned(),
            source,
        };
        let mut file = OpenOptions::new()
            .create(true)
            .read(true)
            .append(true)
            .open(path)
            .map_err(write_error)?;
        let length = file.metadata().map_err(write_error)?.len();
        if length > 0 {
            let mut last = [0u8; 1];
            file.seek(SeekFrom::Start(length - 1))
                .map_err(write_error)?;
            file.read_exact(&mut last).map_err(write_error)?;
            if last[0] != b'\n' {
                file.write_all(b"\n").map_err(write_error)?;
            }
        }
        Ok(Self {
            path: path.to_owned(),
            file,
        })
    }

    /// The file.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Output for ResultsWriter {
    fn on_game_finished(&mut self, record: &GameRecord) -> io::Result<()> {
        if record.result == GameResult::None {
            return Ok(());
        }
        let mut line = serde_json::to_string(record).map_err(io::Error::other)?;
        line.push('\n');
        self.file.write_all(line.as_bytes())?;
        self.file.flush()
    }
}
