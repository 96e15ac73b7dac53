//! Reading lines into messages, with nom.
//!
//! Each line is a command (or response) word followed by its arguments.
//! The entry points find the word and hand the rest of the line to that
//! word's parser; [`tokens`] holds the pieces those parsers share.

mod command;
mod go;
mod info;
mod option;
mod response;
mod tokens;

use crate::{Command, ParseError, Response};
use tokens::{PResult, token};

/// Reads one line from a front end.
///
/// Follows UCI's rules for robustness: tokens may be separated by any
/// whitespace, tokens before the first known command word are skipped
/// (`joho debug on` is `debug on`), and unknown words inside `go` and after
/// a complete command are ignored. Anything else that is wrong is an error
/// value that says what, never a panic.
pub fn parse_command(line: &str) -> Result<Command, ParseError> {
    let mut input = line;
    let mut first_unknown = None;
    while let Ok((args, word)) = token(input) {
        if let Some(result) = command::command(word, args) {
            return finish(word, result);
        }
        first_unknown.get_or_insert(word);
        input = args;
    }
    Err(first_unknown.map_or(ParseError::Empty, |word| {
        ParseError::UnknownCommand(word.to_owned())
    }))
}

/// Reads one line from an engine (ours or another), for front ends, tests
/// and tools. Unlike commands, the first token must be the response word,
/// since `<move>: <count>` lines start with an arbitrary move.
pub fn parse_response(line: &str) -> Result<Response, ParseError> {
    let (args, word) = token(line).map_err(|_| ParseError::Empty)?;
    let result = response::response(word, args)
        .ok_or_else(|| ParseError::UnknownResponse(word.to_owned()))?;
    finish(word.trim_end_matches(':'), result)
}

/// Turns the result of the parser for `command`'s arguments into the
/// public result.
fn finish<T>(command: &str, result: PResult<'_, T>) -> Result<T, ParseError> {
    result.map(|(_, value)| value).map_err(|err| {
        let reason = match err {
            nom::Err::Error(problem) | nom::Err::Failure(problem) => problem.into_reason(),
            nom::Err::Incomplete(_) => "the line ends too early".to_owned(),
        };
        ParseError::Malformed {
            command: command.to_owned(),
            reason,
        }
    })
}
