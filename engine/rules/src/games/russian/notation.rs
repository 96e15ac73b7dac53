//! Moves in algebraic notation.
//!
//! A quiet move is `from-to` (`c3-d4`); a capture is the start and every
//! landing square joined by `:` (`c3:e5:g3`). Reading also accepts `x`
//! for `:` (as PDN files write captures), any path the piece could take
//! for the same capture, and the short form `from:to` when only one
//! capture goes from `from` to `to`.

use super::movegen::all_capture_paths;
use super::moves::Move;
use super::position::Russian;
use super::squares::{SquareError, name, parse_square};
use crate::game::{Game, MoveList, NotationError};

/// Joins the squares of a quiet move.
const QUIET_SEPARATOR: char = '-';

/// Joins the squares of a capture.
const CAPTURE_SEPARATOR: char = ':';

/// Also accepted between the squares of a capture (PDN).
const PDN_CAPTURE_SEPARATOR: char = 'x';

/// A move's text split into its squares.
struct Written {
    squares: Vec<u8>,
    capture: bool,
}

impl Russian {
    /// Writes a move (see the module docs).
    pub fn write_move(mv: Move) -> String {
        let mut text = name(mv.from);
        if mv.is_capture() {
            for s in mv.landings() {
                text.push(CAPTURE_SEPARATOR);
                text.push_str(&name(s));
            }
        } else {
            text.push(QUIET_SEPARATOR);
            text.push_str(&name(mv.to));
        }
        text
    }

    /// Reads a move and finds the legal move it names.
    pub fn read_move(&self, text: &str) -> Result<Move, NotationError> {
        let written = split(text.trim()).map_err(|reason| NotationError::BadMove {
            text: text.to_owned(),
            reason,
        })?;
        let illegal = |reason: String| NotationError::IllegalMove {
            text: text.to_owned(),
            reason,
        };
        let mut legal = MoveList::new();
        self.legal_moves(&mut legal);
        if legal.is_empty() {
            return Err(illegal("the game is over".to_owned()));
        }
        let from = written.squares[0];
        let to = written.squares[written.squares.len() - 1];

        // 1. A quiet move, or the short form of a capture: start and end.
        let ends: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| m.from == from && m.to == to)
            .collect();
        let captures_now = legal.iter().any(Move::is_capture);
        if !written.capture || written.squares.len() == 2 {
            match ends.as_slice() {
                [only] if only.is_capture() == written.capture => return Ok(*only),
                [only] => {
                    return Err(illegal(format!(
                        "the move from {} to {} is written {}",
                        name(from),
                        name(to),
                        Self::write_move(*only)
                    )));
                }
                [] => {}
                several => {
                    let listed: Vec<String> =
                        several.iter().map(|&m| Self::write_move(m)).collect();
                    return Err(illegal(format!(
                        "ambiguous: {} all go from {} to {}; give the whole path",
                        listed.join(", "),
                        name(from),
                        name(to)
                    )));
                }
            }
        }

        // 2. A capture with its path: any path to the same capture will do.
        if written.capture && written.squares.len() > 2 {
            let path = &written.squares[1..];
            if let Some(found) = all_capture_paths(&self.board, self.side)
                .into_iter()
                .find(|m| m.from == from && m.landings() == path)
                && let Some(&mv) = legal.iter().find(|m| m.same_effect(&found))
            {
                return Ok(mv);
            }
        }

        // 3. Say why not.
        Err(illegal(self.why_not(from, &legal, captures_now)))
    }

    /// Why no legal move starts on `from` and matches the text.
    fn why_not(&self, from: u8, legal: &[Move], captures_now: bool) -> String {
        match self.board.piece_at(from) {
            None => format!("there is no piece on {}", name(from)),
            Some(piece) if piece.owner() != self.side => {
                format!("the piece on {} is not the mover's", name(from))
            }
            Some(_) if captures_now => {
                let listed: Vec<String> = legal.iter().map(|&m| Self::write_move(m)).collect();
                format!("capturing is mandatory: {}", listed.join(", "))
            }
            Some(_) => format!("the piece on {} cannot go there", name(from)),
        }
    }
}

/// Splits a move's text into squares (at least two, one kind of separator).
fn split(text: &str) -> Result<Written, String> {
    let capture = text.contains([CAPTURE_SEPARATOR, PDN_CAPTURE_SEPARATOR]);
    let quiet = text.contains(QUIET_SEPARATOR);
    if capture == quiet {
        return Err(
            "write a move as from-to (c3-d4) or a capture as its squares joined by ':' (c3:e5:g3)"
                .to_owned(),
        );
    }
    let parts: Vec<&str> = if capture {
        text.split([CAPTURE_SEPARATOR, PDN_CAPTURE_SEPARATOR])
            .collect()
    } else {
        text.split(QUIET_SEPARATOR).collect()
    };
    if parts.len() < 2 || (!capture && parts.len() != 2) {
        return Err("a move names at least two squares; a quiet move exactly two".to_owned());
    }
    let squares = parts
        .iter()
        .map(|part| {
            parse_square(part).map_err(|e| match e {
                SquareError::NotASquare => format!("'{part}' is not a square a1 to h8"),
                SquareError::Light => {
                    format!("{part} is a light square; pieces stand on dark ones")
                }
            })
        })
        .collect::<Result<Vec<u8>, String>>()?;
    Ok(Written { squares, capture })
}
