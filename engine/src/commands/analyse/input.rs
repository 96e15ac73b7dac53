//! The input of `ply-engine analyse`: one position a line.
//!
//! ```text
//! # a comment; blank lines are skipped too
//! startpos
//! startpos moves 3 6 ; after 3 6
//! 4,4,4,4,4,4 0 4,4,4,4,4,4 0 s moves 3 ; my-id
//! ```
//!
//! A line is a position string or `startpos`, optionally followed by
//! `moves m1 m2 …`, optionally followed by `; <id>`. Whether the position
//! and moves are good is for the engine to say (the same words as after
//! `position`); here only the shape of the line is read.

use std::io::BufRead;

use ply_protocol::{Command, StartingPosition};

use crate::input_text::{self, Line};

/// The word that starts the list of moves.
const MOVES: &str = "moves";
/// The word for the game's start position.
const STARTPOS: &str = "startpos";
/// What starts a comment line.
const COMMENT: char = '#';
/// What separates the position from its id.
const ID_SEPARATOR: char = ';';

/// One input line to analyse (blank lines and comments are not kept).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputLine {
    /// The 1-based line number in the input.
    pub line: usize,
    /// The text after `;`, if any.
    pub id: Option<String>,
    /// The position, or what is wrong with the line.
    pub position: Result<PositionSpec, String>,
}

/// A position as a `position` command gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionSpec {
    /// `startpos` or a position string.
    pub start: StartingPosition,
    /// The moves played from there.
    pub moves: Vec<String>,
}

impl PositionSpec {
    /// The `position` command a front end would send for it.
    #[must_use]
    pub fn command(&self) -> Command {
        Command::Position {
            start: self.start.clone(),
            moves: self.moves.clone(),
        }
    }
}

/// Reads every line of `reader`, keeping the ones to analyse.
///
/// # Errors
/// The input cannot be read. A line that is not UTF-8 is not an error
/// here: it is kept, with what is wrong with it (see [`input_lines`]).
pub fn read_input(reader: impl BufRead) -> std::io::Result<Vec<InputLine>> {
    input_lines(reader).collect()
}

/// The lines of `reader` to analyse, read as they are asked for. A UTF-8
/// byte-order mark before the first is dropped; a line that is not UTF-8
/// is an `InputLine` whose position is an error saying so (unless it is
/// blank or a comment, skipped as any other), so the rest is analysed.
pub fn input_lines(reader: impl BufRead) -> impl Iterator<Item = std::io::Result<InputLine>> {
    input_text::lines(reader).filter_map(|line| match line {
        Ok(line) => to_analyse(line).map(Ok),
        Err(e) => Some(Err(e)),
    })
}

/// A line read: `None` when it is blank or a comment.
fn to_analyse(line: Line) -> Option<InputLine> {
    let parsed = parse_line(line.number, &line.text)?;
    Some(match line.not_utf8 {
        Some(why) => InputLine {
            position: Err(why),
            ..parsed
        },
        None => parsed,
    })
}

/// One input line: `None` when it is blank or a comment.
#[must_use]
pub fn parse_line(line: usize, text: &str) -> Option<InputLine> {
    let text = text.trim();
    if text.is_empty() || text.starts_with(COMMENT) {
        return None;
    }
    let (body, id) = match text.split_once(ID_SEPARATOR) {
        Some((body, id)) => (body, Some(id.trim()).filter(|id| !id.is_empty())),
        None => (text, None),
    };
    Some(InputLine {
        line,
        id: id.map(str::to_owned),
        position: parse_position(body),
    })
}

/// `startpos|<position string> [moves m1 m2 …]`.
fn parse_position(body: &str) -> Result<PositionSpec, String> {
    let words: Vec<&str> = body.split_whitespace().collect();
    let (before, moves) = match words.iter().position(|w| *w == MOVES) {
        Some(at) => (&words[..at], &words[at + 1..]),
        None => (&words[..], &[][..]),
    };
    let start = match before {
        [] => {
            return Err(format!(
                "no position before '{MOVES}': expected a position string or {STARTPOS}, \
                 optionally followed by '{MOVES} m1 m2 …' and '{ID_SEPARATOR} id'"
            ));
        }
        [word] if *word == STARTPOS => StartingPosition::StartPos,
        [first, ..] if *first == STARTPOS => {
            return Err(format!(
                "unexpected '{}' after {STARTPOS}: expected '{MOVES} m1 m2 …' or '{ID_SEPARATOR} id'",
                before[1..].join(" ")
            ));
        }
        _ => StartingPosition::Fen(before.join(" ")),
    };
    Ok(PositionSpec {
        start,
        moves: moves.iter().map(|m| (*m).to_owned()).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blank_lines_and_comments_are_skipped() {
        assert_eq!(parse_line(1, "   "), None);
        assert_eq!(parse_line(2, "  # a comment"), None);
    }

    #[test]
    fn a_position_string_with_moves_and_an_id() {
        let got = parse_line(3, "4,4,4,4,4,4 0 4,4,4,4,4,4 0 s moves 3 6 ; opening 1").unwrap();
        assert_eq!(got.line, 3);
        assert_eq!(got.id.as_deref(), Some("opening 1"));
        assert_eq!(
            got.position,
            Ok(PositionSpec {
                start: StartingPosition::Fen("4,4,4,4,4,4 0 4,4,4,4,4,4 0 s".into()),
                moves: vec!["3".into(), "6".into()],
            })
        );
        assert_eq!(
            got.position.unwrap().command().to_string(),
            "position fen 4,4,4,4,4,4 0 4,4,4,4,4,4 0 s moves 3 6"
        );
    }

    #[test]
    fn startpos_without_moves_and_an_empty_id() {
        let got = parse_line(1, "startpos ;").unwrap();
        assert_eq!(got.id, None);
        assert_eq!(
            got.position.unwrap().command().to_string(),
            "position startpos"
        );
    }

    #[test]
    fn malformed_lines_say_what_is_expected() {
        let no_position = parse_line(1, "moves 3 ; x").unwrap();
        assert!(
            no_position
                .position
                .unwrap_err()
                .contains("expected a position string")
        );
        let junk = parse_line(1, "startpos 3 6").unwrap();
        assert!(
            junk.position
                .unwrap_err()
                .contains("unexpected '3 6' after startpos")
        );
    }
}
