//! `--resume`: what an earlier, interrupted run already wrote.
//!
//! The output file holds JSON lines in input order, each written whole and
//! flushed; an interrupted run may leave a torn last line (no newline),
//! which is cut off so that its input line is analysed again.
//!
//! A record is taken as done only when it is the one this run would
//! write there: the whole lines must be the records of the input's first
//! positions, in input order, each for the same line, id, position and
//! settings (see [`Origin`]). Anything else (a line that is not a record,
//! a record of another input or of other options, a gap, a repeat, a
//! line past the input) is an error naming the file's line and what
//! differs, and the file is not touched: so nothing is lost, and the
//! file stays one run's records in input order.

use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom};
use std::path::Path;

use serde::Deserialize;

use super::record::Origin;

/// What the output file already holds.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Done {
    /// How many of the expected records it holds: the first this many
    /// input positions are done.
    pub records: usize,
    /// How many of them are errors.
    pub errors: usize,
}

/// Errors reading an earlier output back.
#[derive(Debug, thiserror::Error)]
pub enum ResumeError {
    /// The file cannot be read or cut (the cause follows in the error chain).
    #[error("cannot resume {path}")]
    Io {
        /// The output file.
        path: String,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// A whole line is not a JSON object.
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
    /// A whole line is not the record this run would write there.
    #[error(
        "cannot resume: line {number} of {path} is not a record this run would write there: \
         {reason}. --resume appends to the records of the same input and options, kept in \
         input order; give the options that wrote the file, or a new --output file"
    )]
    NotThisRun {
        /// The output file.
        path: String,
        /// The file's line number.
        number: usize,
        /// What differs.
        reason: String,
    },
}

/// Why a whole line of the file cannot be taken as done.
#[derive(Debug, PartialEq, Eq)]
enum BadLine {
    /// Not JSON at all.
    NotJson(String),
    /// JSON, but not the record expected there.
    NotExpected(String),
}

/// Opens `path` for appending after the records it already holds
/// (creating it when it does not exist), cutting a torn last line off.
/// `expected` are the origins of the records this run writes, in order.
///
/// # Errors
/// The file cannot be read or written, or holds something else than
/// the first of the `expected` records (see the module docs).
pub fn open_for_resume(path: &Path, expected: &[Origin]) -> Result<(File, Done), ResumeError> {
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
    let done = read_done(&text[..whole], expected).map_err(|(number, bad)| {
        let path = path.display().to_string();
        match bad {
            BadLine::NotJson(reason) => ResumeError::NotAnalyse {
                path,
                number,
                reason,
            },
            BadLine::NotExpected(reason) => ResumeError::NotThisRun {
                path,
                number,
                reason,
            },
        }
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

/// The records in whole JSON lines, each checked against the one
/// expected there; a bad line as its number in the file and why.
fn read_done(text: &[u8], expected: &[Origin]) -> Result<Done, (usize, BadLine)> {
    let mut done = Done::default();
    for (index, line) in text.split(|&b| b == b'\n').enumerate() {
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let number = index + 1;
        let value: serde_json::Value =
            serde_json::from_slice(line).map_err(|e| (number, BadLine::NotJson(e.to_string())))?;
        if !value.is_object() {
            return Err((number, BadLine::NotJson("not an object".to_owned())));
        }
        let written = Origin::deserialize(&value).map_err(|e| {
            let reason = format!("{e} (written by another program or an older ply-engine)");
            (number, BadLine::NotExpected(reason))
        })?;
        let difference = match expected.get(done.records) {
            Some(wanted) => difference(&written, wanted),
            None => Some(format!(
                "it is the record of input line {}, but the input has no more positions \
                 (it has {})",
                written.line,
                expected.len()
            )),
        };
        if let Some(reason) = difference {
            return Err((number, BadLine::NotExpected(reason)));
        }
        if value.get("error").is_some() {
            done.errors += 1;
        }
        done.records += 1;
    }
    Ok(done)
}

/// What differs between the record `written` and the one `wanted` in
/// its place, in the words of a message; `None` when they agree.
fn difference(written: &Origin, wanted: &Origin) -> Option<String> {
    let input = |input: &Option<String>| {
        input.as_ref().map_or_else(
            || "an unreadable line".to_owned(),
            |text| format!("'{text}'"),
        )
    };
    if written.line != wanted.line {
        Some(format!(
            "it is the record of input line {}, where the record of input line {} belongs \
             (records follow the input's positions in order, without gaps or repeats)",
            written.line, wanted.line
        ))
    } else if written.input != wanted.input {
        Some(format!(
            "it analysed {}, input line {} is {}",
            input(&written.input),
            wanted.line,
            input(&wanted.input)
        ))
    } else if written.id != wanted.id {
        let id = |id: &Option<String>| {
            id.as_ref()
                .map_or_else(|| "none".to_owned(), |id| format!("'{id}'"))
        };
        Some(format!(
            "its id is {}, input line {}'s is {}",
            id(&written.id),
            wanted.line,
            id(&wanted.id)
        ))
    } else if written.settings != wanted.settings {
        Some(format!(
            "it was analysed with '{}', this run analyses with '{}'",
            written.settings, wanted.settings
        ))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SETTINGS: &str = "Threads=1; go depth 12";

    fn origin(line: usize, input: &str) -> Origin {
        Origin {
            line,
            id: None,
            input: Some(input.to_owned()),
            settings: SETTINGS.to_owned(),
        }
    }

    fn json(origin: &Origin, error: bool) -> String {
        let mut value = serde_json::to_value(origin).unwrap();
        if error {
            value["error"] = "illegal move".into();
        }
        format!("{value}\n")
    }

    fn expected() -> Vec<Origin> {
        vec![
            origin(1, "startpos"),
            origin(3, "startpos moves 3"),
            origin(4, "startpos moves 4"),
        ]
    }

    #[test]
    fn the_first_expected_records_are_done_and_errors_counted() {
        let expected = expected();
        let text = json(&expected[0], false) + &json(&expected[1], true);
        let done = read_done(text.as_bytes(), &expected).unwrap();
        assert_eq!(
            done,
            Done {
                records: 2,
                errors: 1
            }
        );
    }

    #[test]
    fn a_foreign_line_is_refused_with_its_number() {
        let text = json(&expected()[0], false) + "hello\n";
        let (number, bad) = read_done(text.as_bytes(), &expected()).unwrap_err();
        assert_eq!(number, 2);
        assert!(matches!(bad, BadLine::NotJson(_)), "{bad:?}");
    }

    /// The reason `text` is refused, which must be at its line `number`.
    fn refused(text: &str, number: usize) -> String {
        match read_done(text.as_bytes(), &expected()) {
            Err((at, BadLine::NotExpected(reason))) if at == number => reason,
            other => panic!("{text}: {other:?}"),
        }
    }

    #[test]
    fn a_line_number_alone_is_not_a_record() {
        assert!(refused("{\"line\":1}\n", 1).contains("settings"));
    }

    #[test]
    fn gaps_repeats_and_lines_past_the_input_are_refused() {
        let expected = expected();
        let gap = json(&expected[0], false) + &json(&expected[2], false);
        assert!(refused(&gap, 2).contains("input line 4, where the record of input line 3"));
        let repeat = json(&expected[0], false) + &json(&expected[0], false);
        assert!(refused(&repeat, 2).contains("input line 1, where"));
        let all: String = expected.iter().map(|o| json(o, false)).collect();
        let past = all + &json(&origin(9, "startpos"), false);
        assert!(refused(&past, 4).contains("no more positions (it has 3)"));
    }

    #[test]
    fn another_position_id_or_settings_is_refused_saying_what_differs() {
        let other_position = json(&origin(1, "startpos moves 6"), false);
        assert!(
            refused(&other_position, 1)
                .contains("it analysed 'startpos moves 6', input line 1 is 'startpos'")
        );
        let with_id = Origin {
            id: Some("x".into()),
            ..origin(1, "startpos")
        };
        assert!(
            refused(&json(&with_id, false), 1).contains("its id is 'x', input line 1's is none")
        );
        let deeper = Origin {
            settings: "Threads=1; go depth 13".into(),
            ..origin(1, "startpos")
        };
        assert!(refused(&json(&deeper, false), 1).contains("go depth 13"));
    }
}
