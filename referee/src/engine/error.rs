//! Why talking to an engine failed.

use std::time::Duration;

use thiserror::Error;

/// What went wrong with an engine process.
#[derive(Debug, Error)]
pub enum EngineError {
    /// The program could not be started.
    #[error("could not start '{cmd}': {source} (check cmd= and dir=)")]
    Spawn {
        /// The command.
        cmd: String,
        /// Why.
        source: std::io::Error,
    },
    /// The process closed its output or its input: it exited or crashed.
    #[error("the engine process exited (disconnected)")]
    Disconnected,
    /// The process closed its output but still runs: it can no longer
    /// answer.
    #[error("the engine closed its output but still runs")]
    OutputClosed,
    /// One line of output passed the limit without a line end: garbage
    /// (and a referee that kept reading it would run out of memory).
    #[error("the engine printed a line longer than {limit} bytes")]
    LineTooLong {
        /// The limit, [`MAX_LINE_BYTES`](super::process::MAX_LINE_BYTES).
        limit: usize,
    },
    /// No answer in time.
    #[error("no {waiting_for} within {} s", after.as_secs_f64())]
    Timeout {
        /// What the referee waited for, e.g. `readyok`.
        waiting_for: String,
        /// How long it waited.
        after: Duration,
    },
    /// The match is being stopped.
    #[error("interrupted")]
    Interrupted,
}
