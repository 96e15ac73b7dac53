//! The text files `analyse` and `annotate` read, taken as people's editors
//! and other programs write them, and what their error records echo of it.
//!
//! - A UTF-8 byte-order mark before the first line (Windows editors write
//!   one) is not part of the text: left in, it would make the first line
//!   unreadable, or a results file look like PGN.
//! - A line that is not UTF-8 spoils that line alone: it is read with the
//!   bad bytes replaced and marked, so the caller can give that line (or
//!   the game holding it) an error and go on with the rest.
//! - An error that echoes a huge line is [`cut`] to a readable prefix.

use std::borrow::Cow;
use std::io::BufRead;

use ply_protocol::excerpt::{Excerpt, Keep, excerpt};

/// The UTF-8 byte-order mark.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The characters of a message [`cut`] keeps: enough to recognise the
/// line, little enough for a record to stay readable.
pub const ECHO_LIMIT: usize = 200;

/// `bytes` without a UTF-8 byte-order mark at their start.
#[must_use]
pub fn strip_bom(bytes: &[u8]) -> &[u8] {
    bytes.strip_prefix(BOM).unwrap_or(bytes)
}

/// How an error record echoes a line: its first [`ECHO_LIMIT`]
/// characters (the record is JSON, which escapes by itself).
const ECHO: Excerpt = Excerpt {
    limit: ECHO_LIMIT,
    keep: Keep::Head,
    escape_controls: false,
};

/// `message` as it is when it has at most [`ECHO_LIMIT`] characters,
/// else its first [`ECHO_LIMIT`] characters and a marker saying it was cut
/// and how long it was: `…[cut: 1048590 characters in all]` (the one
/// quoter of [`ply_protocol::excerpt`], which Hub's error lines use too,
/// in their own style).
#[must_use]
pub fn cut(message: &str) -> Cow<'_, str> {
    excerpt(message, ECHO)
}

/// One line of input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// Its 1-based number.
    pub number: usize,
    /// Its text without the line end (`\n` or `\r\n`); bytes that are not
    /// UTF-8 are replaced by U+FFFD.
    pub text: String,
    /// Why the line is not UTF-8 text, when it is not.
    pub not_utf8: Option<String>,
}

impl Line {
    /// The line from its bytes (without the line end).
    fn decode(number: usize, bytes: &[u8]) -> Self {
        match std::str::from_utf8(bytes) {
            Ok(text) => Self {
                number,
                text: text.to_owned(),
                not_utf8: None,
            },
            Err(e) => Self {
                number,
                text: String::from_utf8_lossy(bytes).into_owned(),
                not_utf8: Some(format!(
                    "the line is not UTF-8 text ({e}): save the file as UTF-8"
                )),
            },
        }
    }
}

/// The lines of `reader`, read one at a time as they are asked for (so
/// that a pipe's first lines are used while more are coming), the first
/// one without a byte-order mark.
pub fn lines<R: BufRead>(reader: R) -> Lines<R> {
    Lines {
        reader,
        number: 0,
        bytes: Vec::new(),
    }
}

/// The iterator of [`lines`]: a read error is an `Err` (and the caller
/// stops), a line that is not UTF-8 is not.
#[derive(Debug)]
pub struct Lines<R> {
    reader: R,
    /// The number of the last line read.
    number: usize,
    /// The last line's bytes (kept to reuse the allocation).
    bytes: Vec<u8>,
}

impl<R: BufRead> Iterator for Lines<R> {
    type Item = std::io::Result<Line>;

    fn next(&mut self) -> Option<Self::Item> {
        self.bytes.clear();
        match self.reader.read_until(b'\n', &mut self.bytes) {
            Ok(0) => None,
            Err(e) => Some(Err(e)),
            Ok(_) => {
                self.number += 1;
                let mut bytes = self.bytes.as_slice();
                if self.number == 1 {
                    bytes = strip_bom(bytes);
                }
                bytes = bytes.strip_suffix(b"\n").unwrap_or(bytes);
                bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
                Some(Ok(Line::decode(self.number, bytes)))
            }
        }
    }
}

/// A whole input as text, for readers that need all of it (games span
/// lines): the lines joined by `\n`, and those that were not UTF-8.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Text {
    /// Every line, bad bytes replaced by U+FFFD.
    pub text: String,
    /// The 1-based numbers of the lines that are not UTF-8, and why.
    pub not_utf8: Vec<(usize, String)>,
}

impl Text {
    /// Reads all of `reader`.
    ///
    /// # Errors
    /// The reader fails.
    pub fn read(reader: impl BufRead) -> std::io::Result<Self> {
        let mut whole = Self::default();
        for line in lines(reader) {
            let line = line?;
            whole.text.push_str(&line.text);
            whole.text.push('\n');
            if let Some(why) = line.not_utf8 {
                whole.not_utf8.push((line.number, why));
            }
        }
        Ok(whole)
    }

    /// The first line among `first..first + count` that is not UTF-8, as
    /// an error naming it.
    #[must_use]
    pub fn bad_line_in(&self, first: usize, count: usize) -> Option<String> {
        self.not_utf8
            .iter()
            .find(|(number, _)| (first..first + count).contains(number))
            .map(|(number, why)| format!("line {number}: {why}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bom_is_dropped_from_the_first_line_only() {
        let got: Vec<Line> = lines(&b"\xEF\xBB\xBFstartpos\r\n\xEF\xBB\xBFx\n"[..])
            .map(Result::unwrap)
            .collect();
        assert_eq!(got[0].text, "startpos");
        assert_eq!(got[1].text, "\u{feff}x");
        assert_eq!(strip_bom(b"abc"), b"abc");
    }

    #[test]
    fn a_line_that_is_not_utf8_is_marked_and_the_next_is_read() {
        let got: Vec<Line> = lines(&b"a\ncaf\xe9\nb"[..]).map(Result::unwrap).collect();
        assert_eq!(got.len(), 3);
        assert_eq!(got[1].number, 2);
        assert_eq!(got[1].text, "caf\u{fffd}");
        assert!(got[1].not_utf8.as_deref().unwrap().contains("not UTF-8"));
        assert_eq!(got[2].not_utf8, None);
        let text = Text::read(&b"a\ncaf\xe9\nb"[..]).unwrap();
        assert_eq!(text.text, "a\ncaf\u{fffd}\nb\n");
        assert_eq!(text.bad_line_in(1, 1), None);
        assert!(text.bad_line_in(1, 2).unwrap().starts_with("line 2: "));
    }
    #[test]
    fn long_messages_are_cut_with_their_length() {
        assert_eq!(cut("short"), "short");
        let long = "é".repeat(ECHO_LIMIT + 1);
        let got = cut(&long);
        assert!(got.starts_with(&"é".repeat(ECHO_LIMIT)));
        assert!(got.ends_with(&format!("…[cut: {} characters in all]", ECHO_LIMIT + 1)));
        assert_eq!(cut(&long[..2 * ECHO_LIMIT]), &long[..2 * ECHO_LIMIT]);
    }
}
