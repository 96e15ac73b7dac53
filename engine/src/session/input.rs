//! The front end's lines, read on a thread of their own.
//!
//! The protocol loop carries out one command at a time, and a command that
//! changes the state (`position`, `setoption`, `go`, …) first waits for a
//! running search with a limit to reach it, as Stockfish does. Read on the
//! loop's own thread, the input would then lie unread meanwhile: `stop`,
//! `quit` and `isready` sent after such a command would wait for a search
//! of hours. So a reader thread queues every line, and while the loop waits
//! for a search it looks at them: `stop` stops the search, `isready` is
//! answered, `quit` stops the search and is carried out in its turn, and
//! everything else waits its turn.

use std::collections::VecDeque;
use std::io::BufRead;
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::Duration;

use ply_protocol::{Command, parse_command};

/// How long the loop, waiting for a search, waits for a line before it
/// looks at the search again.
const POLL_INTERVAL: Duration = Duration::from_millis(5);

/// One line from the front end, or the end of its input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// A line (invalid UTF-8 replaced, so it becomes an unknown command).
    Line(String),
    /// The end of input (or a read error, which ends it too).
    End,
}

/// What the loop does with a line read while it waits for a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Urgent {
    /// `stop`: stop the search now (the line is used up).
    Stop,
    /// `isready`: answer `readyok` now (the line is used up).
    IsReady,
    /// `quit`: stop the search now; the line stays queued, to end the loop
    /// in its turn.
    Quit,
    /// Anything else: queued for its turn.
    Later,
}

/// The lines read and not yet carried out.
#[derive(Debug)]
pub struct InputQueue {
    lines: Receiver<Input>,
    /// Lines read while the loop waited, in order.
    deferred: VecDeque<Input>,
    /// The reader has ended (after the end of input): nothing more will
    /// come, so there is nothing to wait for but the search.
    closed: bool,
}

impl InputQueue {
    /// Reads `reader` line by line on a new thread.
    pub fn spawn<R: BufRead + Send + 'static>(mut reader: R) -> Self {
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            let mut buffer = Vec::new();
            loop {
                buffer.clear();
                let input = match reader.read_until(b'\n', &mut buffer) {
                    Ok(0) => Input::End,
                    Ok(_) => Input::Line(String::from_utf8_lossy(&buffer).into_owned()),
                    Err(e) => {
                        log::error!("cannot read from standard input: {e}");
                        Input::End
                    }
                };
                let end = input == Input::End;
                // The loop has gone (`quit`): nobody is left to read.
                if sender.send(input).is_err() || end {
                    return;
                }
            }
        });
        Self {
            lines,
            deferred: VecDeque::new(),
            closed: false,
        }
    }

    /// The next line to carry out: one deferred while waiting, else the
    /// next one read (waiting for it).
    pub fn next_input(&mut self) -> Input {
        self.deferred
            .pop_front()
            .unwrap_or_else(|| self.lines.recv().unwrap_or(Input::End))
    }

    /// Whether no more lines will come (see [`Self::poll`]).
    #[must_use]
    pub fn is_closed(&self) -> bool {
        self.closed
    }

    /// While a search runs: waits up to [`POLL_INTERVAL`] for a line, and
    /// says what it asks for now; lines for later are queued. `None` when
    /// no line came, or none ever will ([`Self::is_closed`]).
    pub fn poll(&mut self) -> Option<Urgent> {
        let input = match self.lines.recv_timeout(POLL_INTERVAL) {
            Ok(input) => input,
            Err(RecvTimeoutError::Timeout) => return None,
            Err(RecvTimeoutError::Disconnected) => {
                self.closed = true;
                return None;
            }
        };
        let urgent = match &input {
            Input::Line(line) => match parse_command(line) {
                Ok(Command::Stop) => Urgent::Stop,
                Ok(Command::IsReady) => Urgent::IsReady,
                Ok(Command::Quit) => Urgent::Quit,
                _ => Urgent::Later,
            },
            Input::End => Urgent::Later,
        };
        if matches!(urgent, Urgent::Quit | Urgent::Later) {
            self.deferred.push_back(input);
        }
        Some(urgent)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urgent_lines_are_told_apart_and_the_rest_keep_their_order() {
        let text = "position startpos\nisready\ngo depth 3\nstop\nquit\nd\n";
        let mut queue = InputQueue::spawn(std::io::Cursor::new(text.as_bytes().to_vec()));
        let mut urgent = Vec::new();
        while urgent.len() < 6 {
            if let Some(what) = queue.poll() {
                urgent.push(what);
            }
        }
        assert_eq!(
            urgent,
            [
                Urgent::Later,
                Urgent::IsReady,
                Urgent::Later,
                Urgent::Stop,
                Urgent::Quit,
                Urgent::Later
            ]
        );
        let rest: Vec<Input> = std::iter::from_fn(|| Some(queue.next_input()))
            .take_while(|input| *input != Input::End)
            .collect();
        let line = |s: &str| Input::Line(format!("{s}\n"));
        assert_eq!(
            rest,
            [
                line("position startpos"),
                line("go depth 3"),
                line("quit"),
                line("d")
            ]
        );
    }
}
