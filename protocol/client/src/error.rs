//! Why talking to an engine failed.

use std::time::Duration;

use thiserror::Error;

/// What went wrong with an engine process. The texts are what the referee
/// prints and records, so they stay as they are.
#[derive(Debug, Error)]
pub enum Error {
    /// The program could not be started.
    #[error("could not start '{cmd}': {source}{hint}")]
    Spawn {
        /// The command.
        cmd: String,
        /// Why.
        source: std::io::Error,
        /// What the caller says to check, e.g. ` (check cmd= and dir=)`
        /// ([`Spawn::spawn_hint`](crate::Spawn::spawn_hint)).
        hint: &'static str,
    },
    /// The process closed its output or its input: it exited or crashed.
    /// Also what a process started after [`end_all`](crate::registry::end_all)
    /// gets: it was killed at once.
    #[error("the engine process exited (disconnected)")]
    Disconnected,
    /// The process closed its output but still runs: it can no longer
    /// answer.
    #[error("the engine closed its output but still runs")]
    OutputClosed,
    /// One line of output passed the limit without a line end: garbage
    /// (and a program that kept reading it would run out of memory).
    #[error("the engine printed a line longer than {limit} bytes")]
    LineTooLong {
        /// The limit, [`MAX_LINE_BYTES`](crate::MAX_LINE_BYTES).
        limit: usize,
    },
    /// No answer in time.
    #[error("no {waiting_for} within {} s", after.as_secs_f64())]
    Timeout {
        /// What was waited for, e.g. `readyok`.
        waiting_for: String,
        /// How long it waited.
        after: Duration,
    },
    /// The caller's interrupt flag was set while waiting.
    #[error("interrupted")]
    Interrupted,
}
