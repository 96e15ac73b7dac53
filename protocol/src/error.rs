//! The one error type of the crate: why a line is not a message.

use thiserror::Error;

/// Why a line could not be read as a [`Command`](crate::Command) or
/// [`Response`](crate::Response).
///
/// The messages are written for a person: the engine answers bad input with
/// `info string error: <this>`, so they name the command and say what was
/// expected and what was found.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Error)]
pub enum ParseError {
    /// The line holds nothing but whitespace. UCI says to ignore such lines.
    #[error("empty line")]
    Empty,
    /// No token of the line is a command word; holds the first token.
    #[error("unknown command '{0}'")]
    UnknownCommand(String),
    /// The first token of an engine's line is not a response word.
    #[error("unknown response '{0}'")]
    UnknownResponse(String),
    /// The command word was recognised but what follows it is not valid.
    #[error("{command}: {reason}")]
    Malformed {
        /// The command (or response) word the problem belongs to.
        command: String,
        /// What is wrong, e.g. `'depth' needs a non-negative number, got 'x'`.
        reason: String,
    },
}
