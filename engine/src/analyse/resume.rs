//! `--resume`: what an earlier, interrupted run already wrote.
//!
//! The output file holds JSON lines in input order, each written whole and
//! flushed; an interrupted run may leave a torn last line (no newline),
//! which is cut off so that its input line is analysed again. Any other
//! line that is not an `analyse` object is an error: the file is not
//! appended to, so nothing is lost.

use std::collections::HashSet;
use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom};
use std::path::Path;

/// What the output file already holds.
#[derive(Debug, Default)]
pub struct Done {
    /// The input line numbers already written.
    pub lines: HashSet<usize>,
    /// How many of them are errors.
    pub errors: usize,
}

/// Errors reading an earlier output back.
#[derive(Debug, thiserror::Error)]
pub enum ResumeError {
    /// The file cannot be read or cut.
    #[error("cannot resume {path}: {source}")]
    Io {
        /// The output file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// A whole line is not an object with a `line` number.
    #[error(
        "cannot resume {path}: its line {number} is not a JSON object with a \"line\" number \
         as analyse writes ({reason}); --resume appends only to analyse's own JSON output"
    )]
    NotAnalyse {
        /// The output file.
        path: String,
        /// The file's line number.
        number: usize,
        /// What is wrong with it.
        reason: String,
    },
}

/// Opens `path` for appending after the lines it already holds (creating
/// it when it does not exist), cutting a torn last line off.
///
/// # Errors
/// The file cannot be read or written, or holds something else than
/// `analyse`'s JSON lines.
pub fn open_for_resume(path: &Path) -> Result<(File, Done), ResumeError> {
    let io = |source| ResumeError::Io {
        path: path.display().to_string(),
        source,
    };
    let mut file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .map_err(io)?;
    let mut text = Vec::new();
    file.read_to_end(&mut text).map_err(io)?;
    // Everything after the last newline is a torn line.
    let whole = text
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |at| at + 1);
    let done = read_done(&text[..whole]).map_err(|(number, reason)| ResumeError::NotAnalyse {
        path: path.display().to_string(),
        number,
        reason,
    })?;
    if whole < text.len() {
        log::info!(
            "{}: the torn last line ({} bytes) is analysed again",
            path.display(),
            text.len() - whole
        );
    }
    file.set_len(whole as u64).map_err(io)?;
    file.seek(SeekFrom::End(0)).map_err(io)?;
    Ok((file, done))
}

/// The line numbers (and errors) in whole JSON lines; a bad line as its
/// number in the file and why.
fn read_done(text: &[u8]) -> Result<Done, (usize, String)> {
    let mut done = Done::default();
    for (index, line) in text.split(|&b| b == b'\n').enumerate() {
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let number = index + 1;
        let value: serde_json::Value =
            serde_json::from_slice(line).map_err(|e| (number, e.to_string()))?;
        let line_number = value
            .get("line")
            .and_then(serde_json::Value::as_u64)
            .and_then(|n| usize::try_from(n).ok())
            .ok_or_else(|| (number, "no \"line\" number".to_owned()))?;
        if value.get("error").is_some() {
            done.errors += 1;
        }
        done.lines.insert(line_number);
    }
    Ok(done)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_lines_are_read_and_errors_counted() {
        let done = read_done(b"{\"line\":1}\n{\"line\":3,\"error\":\"x\"}\n").unwrap();
        assert_eq!(done.lines, HashSet::from([1, 3]));
        assert_eq!(done.errors, 1);
    }

    #[test]
    fn a_foreign_line_is_refused_with_its_number() {
        let (number, reason) = read_done(b"{\"line\":1}\nhello\n").unwrap_err();
        assert_eq!(number, 2);
        assert!(!reason.is_empty());
    }
}
