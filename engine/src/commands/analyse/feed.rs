//! The input lines, handed to the jobs one at a time as they are read, so
//! that the first positions are analysed while later lines are still
//! arriving (from a pipe, say), with the sequence numbers that keep the
//! output in input order.

use std::sync::{Mutex, PoisonError};

use super::input::InputLine;

/// The lines still to analyse, shared by the jobs.
#[derive(Debug)]
pub struct Feed<I> {
    state: Mutex<State<I>>,
}

#[derive(Debug)]
struct State<I> {
    lines: I,
    /// The sequence number of the next line handed out.
    next: usize,
    /// Why reading stopped early, if it did.
    error: Option<std::io::Error>,
}

impl<I: Iterator<Item = std::io::Result<InputLine>>> Feed<I> {
    /// Hands out `lines` in their order.
    pub fn new(lines: I) -> Self {
        Self {
            state: Mutex::new(State {
                lines,
                next: 0,
                error: None,
            }),
        }
    }

    /// The next line and its sequence number (0, 1, …), read now; `None`
    /// at the end of the input, or once it could not be read.
    pub fn next_line(&self) -> Option<(usize, InputLine)> {
        // A job that panicked while reading leaves the input as it was.
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        if state.error.is_some() {
            return None;
        }
        match state.lines.next()? {
            Ok(line) => {
                let seq = state.next;
                state.next += 1;
                Some((seq, line))
            }
            Err(error) => {
                state.error = Some(error);
                None
            }
        }
    }

    /// After the last line: whether the input was read to its end.
    ///
    /// # Errors
    /// The read error that stopped it.
    pub fn finish(self) -> std::io::Result<()> {
        let state = self
            .state
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner);
        state.error.map_or(Ok(()), Err)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::commands::analyse::input::parse_line;

    #[test]
    fn lines_are_numbered_in_order_until_a_read_error() {
        let lines = vec![
            Ok(parse_line(1, "startpos").unwrap()),
            Ok(parse_line(3, "startpos moves 1").unwrap()),
            Err(std::io::Error::other("gone")),
            Ok(parse_line(4, "startpos").unwrap()),
        ];
        let feed = Feed::new(lines.into_iter());
        assert_eq!(feed.next_line().map(|(seq, l)| (seq, l.line)), Some((0, 1)));
        assert_eq!(feed.next_line().map(|(seq, l)| (seq, l.line)), Some((1, 3)));
        assert!(feed.next_line().is_none());
        assert!(feed.next_line().is_none());
        assert_eq!(feed.finish().unwrap_err().to_string(), "gone");
    }
}
