//! The engine's output cut into lines, with a cap on a line's length.

use std::io::{BufRead, BufReader, Read};
use std::time::Instant;

/// The longest line an engine may print (1 MiB): protocol lines are short,
/// so a longer one is garbage, and reading on without a line end would
/// grow the reader's memory without bound.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// A line from the engine and when it arrived.
#[derive(Clone, Debug)]
pub struct Line {
    /// The text, without the line end. Bytes that are not UTF-8 are replaced.
    pub text: String,
    /// When the reader thread got it.
    pub at: Instant,
    /// The line passed [`MAX_LINE_BYTES`]: `text` is its beginning, and
    /// nothing more is read from the engine.
    pub overlong: bool,
}

/// Calls `each` with every line of `source` (lossy UTF-8, line end
/// removed) until it returns false or the source ends. A line longer than
/// [`MAX_LINE_BYTES`] is passed as its first [`MAX_LINE_BYTES`] with
/// `overlong` set, and ends the reading: memory stays bounded whatever the
/// engine prints.
pub(crate) fn for_each_line(source: impl Read, mut each: impl FnMut(String, bool) -> bool) {
    let mut reader = BufReader::new(source);
    let mut buffer = Vec::new();
    // The line end (`\r\n` at most) may follow the longest line allowed.
    let limit = u64::try_from(MAX_LINE_BYTES + 2).unwrap_or(u64::MAX);
    loop {
        buffer.clear();
        match (&mut reader).take(limit).read_until(b'\n', &mut buffer) {
            Ok(0) | Err(_) => return,
            Ok(_) => {
                while buffer.last().is_some_and(|b| *b == b'\n' || *b == b'\r') {
                    buffer.pop();
                }
                let overlong = buffer.len() > MAX_LINE_BYTES;
                buffer.truncate(MAX_LINE_BYTES);
                if !each(String::from_utf8_lossy(&buffer).into_owned(), overlong) || overlong {
                    return;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_past_the_limit_ends_the_reading() {
        let mut input = b"uciok\n".to_vec();
        input.extend(std::iter::repeat_n(b'x', MAX_LINE_BYTES + 10));
        input.extend(b"\nreadyok\n");
        let mut seen = Vec::new();
        for_each_line(input.as_slice(), |text, overlong| {
            seen.push((text.len(), overlong));
            true
        });
        assert_eq!(seen, [(5, false), (MAX_LINE_BYTES, true)]);
        // Exactly at the limit, with its line end, is a line like any other.
        let mut input = vec![b'y'; MAX_LINE_BYTES];
        input.extend(b"\r\nok\n");
        let mut seen = Vec::new();
        for_each_line(input.as_slice(), |text, overlong| {
            seen.push((text.len(), overlong));
            true
        });
        assert_eq!(seen, [(MAX_LINE_BYTES, false), (2, false)]);
    }
}
