//! One client for Ply's engine processes, used by the referee, `ply-gui`
//! and `ply-play`: start an engine, talk to it with typed
//! [`Command`](ply_protocol::Command)s out and parsed
//! [`Response`](ply_protocol::Response)s in, wait with deadlines, and end
//! it with `quit`, a grace period and then a kill.
//!
//! - [`Engine`]: one process. It leads a process group of its own and
//!   ignores the signals a whole job gets (`ply_signals::children`), so
//!   that the program that started it decides when it ends, and ends it
//!   with whatever it started. A reader thread cuts its output into
//!   [`Line`]s (at most [`MAX_LINE_BYTES`] each) and forwards them into a
//!   channel; the waits tell a crash ([`Error::Disconnected`]) from an
//!   engine that closed its output and runs on ([`Error::OutputClosed`]).
//! - [`registry`]: every process started and not yet reaped, so that a
//!   signal or a panic ends them all ([`registry::end_on_signals`],
//!   [`registry::kill_all`]).
//!
//! **Why a crate of its own, beside `ply-protocol` rather than in it.**
//! The protocol crate is pure text: typed messages, a parser, a printer,
//! with no dependency beyond nom and thiserror, and fuzzed as such. A
//! client needs processes, threads, a channel (crossbeam-channel), signal
//! handling (ply-signals, ctrlc) and libc; putting them into
//! `ply-protocol` would give them to everything that only parses a line,
//! the engine itself included. Like the protocol, the client knows no
//! game.
//!
//! The design follows fastchess's engine wrapper (`UciEngine` over
//! `process::Process`), written anew: lines stamped with their arrival
//! time (fastchess's `process::Line`), reads that end in a result or a
//! timeout (its `Status::{OK, ERR, TIMEOUT}`, here [`Error`] with the
//! fault told apart), `quit` then a kill after a grace period (its
//! `wait_with_timeout_or_kill`), and a list of every started process killed
//! as a last resort (here [`registry`], also on a signal).

mod dialect;
mod engine;
mod error;
mod lines;
pub mod registry;

pub use dialect::{command_line, go_line};
pub use engine::{Engine, QUIT_GRACE, Spawn, Stderr};
pub use error::Error;
pub use lines::{Line, MAX_LINE_BYTES};
