//! The front end's lines, read on a thread of their own.
//!
//! The protocol loop carries out one command at a time, and a command that
//! changes the state (`position`, `setoption`, `go`, …) first waits for a
//! running search with a limit to reach it, as Stockfish does. Read on the
//! loop's own thread, the input would then lie unread meanwhile: `stop`,
//! `quit` and `isready` sent after such a command would wait for a search
//! of hours. So a reader thread queues every line, and while the loop waits
//! for a search it looks at them, asking the protocol spoken what each
//! line is ([`LineRole`]: UCI's words, or a translated protocol's own,
//! Hub's `ping` and `ponder-hit`):
//! - `quit` stops the search, and every search after it at once, and is
//!   carried out in its turn;
//! - `stop` stops the search, unless a `go`, `solve`, `go perft` or `bench`
//!   sent before it is still queued: then the `stop` is that one's, and
//!   waits its turn; so does `ponderhit`, which else turns a pondering
//!   search into a normal one at once;
//! - `isready` (Hub's `ping`) is answered at once when nothing sent before
//!   it is still queued (its `readyok` says those commands are done), else
//!   it waits;
//! - everything else waits its turn.

use std::collections::VecDeque;
use std::io::BufRead;
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::Duration;

use ply_protocol::{Command, parse_command};

/// How long the loop, waiting for a search, waits for a line before it
/// looks at the search again.
const POLL_INTERVAL: Duration = Duration::from_millis(5);

/// The longest line read, in bytes, as the referee reads an engine's (a
/// `position` of a thousand moves takes a few kilobytes). A longer line is
/// skipped without being kept: a 10 MB line had cost hundreds of
/// megabytes as it was parsed.
pub const MAX_INPUT_LINE_BYTES: usize = 1 << 20;

/// One line from the front end, or the end of its input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// A line (invalid UTF-8 replaced, so it becomes an unknown command).
    Line(String),
    /// A line longer than `MAX_INPUT_LINE_BYTES`, skipped: its length.
    TooLong(usize),
    /// The end of input (or a read error, which ends it too).
    End,
}

/// What a line is to the queue while a search runs, as the protocol
/// spoken reads it: the few lines that may be carried out at once, the
/// lines that start a search, and the rest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineRole {
    /// Stop the search (UCI's and Hub's `stop`).
    Stop,
    /// Ask whether the engine is ready (UCI's `isready`, Hub's `ping`).
    IsReady,
    /// End the session (`quit`).
    Quit,
    /// The move pondered on was played (UCI's `ponderhit`, Hub's
    /// `ponder-hit`).
    PonderHit,
    /// Start a search (`go`, `solve`, `go perft`, `bench`; Hub's `go`),
    /// which a `stop` or a ponder hit read after it belongs to.
    StartsSearch,
    /// Anything else.
    Other,
}

impl LineRole {
    /// What a line of UCI or UGI is.
    #[must_use]
    pub fn of_uci(line: &str) -> Self {
        match parse_command(line) {
            Ok(Command::Stop) => Self::Stop,
            Ok(Command::IsReady) => Self::IsReady,
            Ok(Command::Quit) => Self::Quit,
            Ok(Command::PonderHit) => Self::PonderHit,
            Ok(Command::Go(_) | Command::Solve(_) | Command::Perft(_) | Command::Bench(_)) => {
                Self::StartsSearch
            }
            _ => Self::Other,
        }
    }
}

/// What the loop does with a line read while it waits for a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Urgent {
    /// `stop` for the running search: stop it now (the line is used up).
    Stop,
    /// `isready` with nothing queued before it: answer `readyok` now (the
    /// line is used up).
    IsReady,
    /// `quit`: stop the search now, and every later one at once (see
    /// [`InputQueue::quit_pending`]); the line stays queued, to end the
    /// loop in its turn.
    Quit,
    /// A ponder hit for the running search: it searches on as a normal
    /// search now (the line is used up).
    PonderHit,
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
    /// A `quit` has been read (and is queued).
    quit: bool,
}

impl InputQueue {
    /// Reads `reader` line by line on a new thread.
    pub fn spawn<R: BufRead + Send + 'static>(mut reader: R) -> Self {
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            let mut buffer = Vec::new();
            loop {
                buffer.clear();
                let input = match read_line_capped(&mut reader, &mut buffer) {
                    Ok(0) => Input::End,
                    Ok(read) if read > MAX_INPUT_LINE_BYTES => Input::TooLong(read),
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
            quit: false,
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

    /// Whether a `quit` has been read: every search from now on is to be
    /// stopped at once.
    #[must_use]
    pub fn quit_pending(&self) -> bool {
        self.quit
    }

    /// Whether a queued line starts a search ([`LineRole::StartsSearch`]),
    /// which a `stop` or a ponder hit read after it belongs to.
    fn search_queued(&self, role: &dyn Fn(&str) -> LineRole) -> bool {
        self.deferred.iter().any(|input| match input {
            Input::Line(line) => role(line) == LineRole::StartsSearch,
            Input::TooLong(_) | Input::End => false,
        })
    }

    /// While a search runs: waits up to `POLL_INTERVAL` for a line, and
    /// says what it asks for now, as `role` (the protocol spoken) reads
    /// it; lines for later are queued. `None` when no line came, or none
    /// ever will ([`Self::is_closed`]).
    pub fn poll(&mut self, role: &dyn Fn(&str) -> LineRole) -> Option<Urgent> {
        let input = match self.lines.recv_timeout(POLL_INTERVAL) {
            Ok(input) => input,
            Err(RecvTimeoutError::Timeout) => return None,
            Err(RecvTimeoutError::Disconnected) => {
                self.closed = true;
                return None;
            }
        };
        let urgent = match &input {
            Input::Line(line) => match role(line) {
                LineRole::Quit => {
                    self.quit = true;
                    Urgent::Quit
                }
                LineRole::Stop if !self.search_queued(role) => Urgent::Stop,
                LineRole::PonderHit if !self.search_queued(role) => Urgent::PonderHit,
                LineRole::IsReady if self.deferred.is_empty() => Urgent::IsReady,
                _ => Urgent::Later,
            },
            Input::TooLong(_) | Input::End => Urgent::Later,
        };
        if matches!(urgent, Urgent::Quit | Urgent::Later) {
            self.deferred.push_back(input);
        }
        Some(urgent)
    }
}

/// Reads a line (up to and with its `\n`) into `buffer`, keeping at most
/// [`MAX_INPUT_LINE_BYTES`] + 1 bytes of it; returns the bytes the line
/// had, 0 at the end of input. A longer line is read to its end and dropped.
fn read_line_capped(reader: &mut impl BufRead, buffer: &mut Vec<u8>) -> std::io::Result<usize> {
    let mut total = 0;
    loop {
        let available = match reader.fill_buf() {
            Ok(available) => available,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok(total);
        }
        let (chunk, done) = match available.iter().position(|&b| b == b'\n') {
            Some(end) => (&available[..=end], true),
            None => (available, false),
        };
        let room = (MAX_INPUT_LINE_BYTES + 1).saturating_sub(buffer.len());
        buffer.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = chunk.len();
        total += used;
        reader.consume(used);
        if done {
            return Ok(total);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_overlong_line_is_skipped_and_the_next_one_read() {
        let long = "x".repeat(MAX_INPUT_LINE_BYTES + 10);
        let text = format!("isready\nposition {long}\nd\n");
        let mut queue = InputQueue::spawn(std::io::Cursor::new(text.into_bytes()));
        assert_eq!(queue.next_input(), Input::Line("isready\n".to_owned()));
        assert_eq!(
            queue.next_input(),
            Input::TooLong(MAX_INPUT_LINE_BYTES + 10 + "position \n".len())
        );
        assert_eq!(queue.next_input(), Input::Line("d\n".to_owned()));
        assert_eq!(queue.next_input(), Input::End);
    }

    #[test]
    fn a_line_of_the_limit_is_read_whole() {
        let line = format!("{}\n", "y".repeat(MAX_INPUT_LINE_BYTES - 1));
        let mut queue = InputQueue::spawn(std::io::Cursor::new(line.clone().into_bytes()));
        assert_eq!(queue.next_input(), Input::Line(line));
    }

    /// What [`InputQueue::poll`] makes of each line of `text`, in order.
    fn polled(text: &str) -> (Vec<Urgent>, InputQueue) {
        let count = text.lines().count();
        let mut queue = InputQueue::spawn(std::io::Cursor::new(text.as_bytes().to_vec()));
        let mut urgent = Vec::new();
        while urgent.len() < count {
            if let Some(what) = queue.poll(&LineRole::of_uci) {
                urgent.push(what);
            }
        }
        (urgent, queue)
    }

    #[test]
    fn stop_and_isready_with_nothing_queued_before_them_are_urgent() {
        let (urgent, queue) = polled("isready\nstop\n");
        assert_eq!(urgent, [Urgent::IsReady, Urgent::Stop]);
        assert!(!queue.quit_pending());
    }

    #[test]
    fn isready_waits_for_the_commands_queued_before_it() {
        let (urgent, _) = polled("setoption name Hash value 1\nisready\n");
        assert_eq!(urgent, [Urgent::Later, Urgent::Later]);
    }

    #[test]
    fn a_stop_after_a_queued_go_is_that_searchs() {
        let (urgent, _) = polled("d\nstop\ngo infinite\nstop\n");
        assert_eq!(
            urgent,
            [Urgent::Later, Urgent::Stop, Urgent::Later, Urgent::Later]
        );
    }

    #[test]
    fn a_stop_after_a_queued_perft_or_bench_is_that_ones() {
        let (urgent, _) = polled("go perft 30\nstop\nbench 30\nstop\n");
        assert_eq!(urgent, [Urgent::Later; 4]);
    }

    #[test]
    fn a_ponderhit_is_the_running_searchs_unless_a_search_is_queued() {
        let (urgent, _) = polled("ponderhit\ngo ponder\nponderhit\n");
        assert_eq!(urgent, [Urgent::PonderHit, Urgent::Later, Urgent::Later]);
    }

    #[test]
    fn the_protocol_spoken_says_what_a_line_is() {
        // A protocol whose `ping` is UCI's `isready` and `hurry` its stop.
        let role = |line: &str| match line.trim() {
            "ping" => LineRole::IsReady,
            "hurry" => LineRole::Stop,
            _ => LineRole::Other,
        };
        let mut queue = InputQueue::spawn(std::io::Cursor::new(b"ping\nhurry\nisready\n".to_vec()));
        let mut urgent = Vec::new();
        while urgent.len() < 3 {
            if let Some(what) = queue.poll(&role) {
                urgent.push(what);
            }
        }
        assert_eq!(urgent, [Urgent::IsReady, Urgent::Stop, Urgent::Later]);
    }

    #[test]
    fn quit_stops_at_once_and_keeps_its_turn() {
        let (urgent, mut queue) = polled("position startpos\ngo depth 9\nquit\nd\n");
        assert_eq!(
            urgent,
            [Urgent::Later, Urgent::Later, Urgent::Quit, Urgent::Later]
        );
        assert!(queue.quit_pending());
        // The queued lines come out in order, then the end of input.
        let line = |s: &str| Input::Line(format!("{s}\n"));
        let rest: Vec<Input> = (0..5).map(|_| queue.next_input()).collect();
        assert_eq!(
            rest,
            [
                line("position startpos"),
                line("go depth 9"),
                line("quit"),
                line("d"),
                Input::End
            ]
        );
    }
}
