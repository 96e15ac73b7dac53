//! Russian draughts as Hub programs write it (pydraughts, over Scan's Hub
//! protocol): squares numbered 1 to 32, positions as 33 letters.
//!
//! - **Squares**: the Russian numbering, `a1` = 1, `c1` = 2, … `h8` = 32
//!   (rank by rank from White's side, each rank from the a-file), which is
//!   Ply's square index plus one.
//! - **Moves**: a quiet move is `from-to` (`9-13`); a capture is `from`,
//!   `to` and every captured square joined by `x` (`19x26x23`: from 19 to
//!   26 taking 23), the captured squares in any order and the landing
//!   squares between left out — exactly what identifies a move by the
//!   rules (start, end, captured set). Written with the captured squares
//!   in ascending order. Squares are digits only (no sign), and a captured
//!   square listed twice is refused: a piece is taken once.
//! - **Positions**: the side to move (`W` or `B`) and one letter a square
//!   (`w`, `b` a man, `W`, `B` a king, `e` empty) in the order Hub
//!   programs lay out the board: from the top left as White sees it, rank
//!   8 to rank 1, each rank from the a-file (`b8`, `d8`, `f8`, `h8`, `a7`,
//!   … `g1`). The start is `Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww`.

use super::board::{Board, Piece};
use super::moves::Move;
use super::position::Russian;
use super::squares::SQUARES;
use crate::game::{Game, MoveList, NotationError, Player};
use crate::outside_notation::{LineForm, OutsideNotation};

/// Dark squares a rank.
const PER_RANK: usize = 4;

/// The highest rank's index (rank 8).
const TOP_RANK: usize = 7;

/// Joins the two squares of a quiet move.
const QUIET_SEPARATOR: char = '-';

/// Joins the squares of a capture.
const CAPTURE_SEPARATOR: char = 'x';

/// Each side's letter for the side to move, a man and a king (kings in
/// capitals), indexed by [`Player::index`].
const SIDE_LETTERS: [char; 2] = ['W', 'B'];
const MAN_LETTERS: [char; 2] = ['w', 'b'];

/// An empty square in a position.
const EMPTY: char = 'e';

/// The number of square `s` (0 = `a1`): `s + 1`.
#[must_use]
pub fn square_number(s: u8) -> u8 {
    s + 1
}

/// Ply's square of number `n` (1 to 32), if it is one.
#[must_use]
pub fn number_square(n: u8) -> Option<u8> {
    (1..=SQUARES as u8).contains(&n).then(|| n - 1)
}

/// The square a position string's `k`-th square letter (from 0) stands
/// for: rank 8 first, each rank from the a-file.
fn laid_out_square(k: usize) -> u8 {
    ((TOP_RANK - k / PER_RANK) * PER_RANK + k % PER_RANK) as u8
}

/// The set of a capture's captured squares, each listed once: a piece is
/// taken once, so a square listed twice is a malformed move, not the same
/// move (the reason is the error's).
fn captured_set(taken: &[u8]) -> Result<u32, String> {
    taken.iter().try_fold(0_u32, |set, &s| {
        let bit = 1_u32 << s;
        if set & bit == 0 {
            Ok(set | bit)
        } else {
            Err(format!(
                "captured square {} is listed twice: 'fromxtox' and each captured square once",
                square_number(s)
            ))
        }
    })
}

impl Russian {
    /// Writes `mv` in Hub's form (see the module docs).
    #[must_use]
    pub fn write_hub_move(mv: Move) -> String {
        let mut text = square_number(mv.from).to_string();
        if mv.is_capture() {
            text.push(CAPTURE_SEPARATOR);
            text.push_str(&square_number(mv.to).to_string());
            for s in (0..SQUARES as u8).filter(|&s| mv.captured & (1 << s) != 0) {
                text.push(CAPTURE_SEPARATOR);
                text.push_str(&square_number(s).to_string());
            }
        } else {
            text.push(QUIET_SEPARATOR);
            text.push_str(&square_number(mv.to).to_string());
        }
        text
    }

    /// Reads a move in Hub's form and finds the legal move it names.
    ///
    /// # Errors
    /// [`NotationError::BadMove`] when the text is not a move in Hub's
    /// form, [`NotationError::IllegalMove`] when no legal move matches.
    pub fn read_hub_move(&self, text: &str) -> Result<Move, NotationError> {
        let bad = |reason: String| NotationError::BadMove {
            text: text.to_owned(),
            reason,
        };
        let capture = text.contains(CAPTURE_SEPARATOR);
        let separator = if capture {
            CAPTURE_SEPARATOR
        } else {
            QUIET_SEPARATOR
        };
        let squares = text
            .split(separator)
            .map(|part| {
                // Digits only: `u8`'s parser also takes a sign (`+10`).
                part.bytes()
                    .all(|b| b.is_ascii_digit())
                    .then(|| part.parse::<u8>().ok())
                    .flatten()
                    .and_then(number_square)
                    .ok_or_else(|| bad(format!("'{part}' is not a square number from 1 to 32")))
            })
            .collect::<Result<Vec<u8>, NotationError>>()?;
        let (from, to, captured) = match squares.as_slice() {
            [from, to] if !capture => (*from, *to, 0),
            [from, to, taken @ ..] if capture && !taken.is_empty() => {
                (*from, *to, captured_set(taken).map_err(bad)?)
            }
            _ => {
                return Err(bad(
                    "expected 'from-to', or 'fromxtox' and the captured squares".to_owned(),
                ));
            }
        };
        let mut legal = MoveList::new();
        self.legal_moves(&mut legal);
        legal
            .iter()
            .copied()
            .find(|mv| mv.from == from && mv.to == to && mv.captured == captured)
            .ok_or_else(|| NotationError::IllegalMove {
                text: text.to_owned(),
                reason: if legal.is_empty() {
                    "the game is over".to_owned()
                } else {
                    format!(
                        "the legal moves are {}",
                        legal
                            .iter()
                            .map(|&mv| Self::write_hub_move(mv))
                            .collect::<Vec<_>>()
                            .join(" ")
                    )
                },
            })
    }

    /// Reads a position in Hub's form (see the module docs).
    ///
    /// # Errors
    /// [`NotationError::BadPosition`] naming what is wrong.
    pub fn from_hub_position(text: &str) -> Result<Self, NotationError> {
        let bad = |reason: String| NotationError::BadPosition {
            text: text.to_owned(),
            reason,
        };
        let mut letters = text.chars();
        let side = match letters.next() {
            Some(c) if c == SIDE_LETTERS[0] => Player::One,
            Some(c) if c == SIDE_LETTERS[1] => Player::Two,
            _ => return Err(bad("it starts with the side to move, W or B".to_owned())),
        };
        let squares: Vec<char> = letters.collect();
        if squares.len() != SQUARES {
            return Err(bad(format!(
                "expected a letter for each of the {SQUARES} squares after the side, found {}",
                squares.len()
            )));
        }
        let mut board = Board {
            pieces: [0, 0],
            kings: 0,
        };
        for (k, &letter) in squares.iter().enumerate() {
            let bit = 1_u32 << laid_out_square(k);
            let piece = match letter {
                EMPTY => continue,
                c if c == MAN_LETTERS[0] => Piece::Man(Player::One),
                c if c == MAN_LETTERS[1] => Piece::Man(Player::Two),
                c if c == SIDE_LETTERS[0] => Piece::King(Player::One),
                c if c == SIDE_LETTERS[1] => Piece::King(Player::Two),
                other => {
                    return Err(bad(format!(
                        "'{other}' is not a square's letter (w, b, W, B or e)"
                    )));
                }
            };
            board.pieces[piece.owner().index()] |= bit;
            if matches!(piece, Piece::King(_)) {
                board.kings |= bit;
            }
        }
        // Through Ply's own position string, so that the same checks hold
        // (men on their crowning rank, too many pieces).
        let checked = Self::from_board(board, side);
        Self::from_position_string(&checked.write_position()).map_err(|e| match e {
            NotationError::BadPosition { reason, .. } => bad(reason),
            other => other,
        })
    }

    /// Writes the position in Hub's form (see the module docs).
    #[must_use]
    pub fn write_hub_position(&self) -> String {
        let mut text = String::with_capacity(SQUARES + 1);
        text.push(SIDE_LETTERS[self.side.index()]);
        for k in 0..SQUARES {
            text.push(match self.piece_at(laid_out_square(k)) {
                None => EMPTY,
                Some(Piece::Man(p)) => MAN_LETTERS[p.index()],
                Some(Piece::King(p)) => SIDE_LETTERS[p.index()],
            });
        }
        text
    }
}

/// Hub's notation of Russian draughts, as the engine's translator reads
/// and writes it (see the module docs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HubNotation;

impl OutsideNotation for HubNotation {
    type Game = Russian;

    const LINE: LineForm = LineForm::Words;

    const MOVE_NAME: &'static str = "move";

    fn start() -> Russian {
        Russian::start()
    }

    fn read_position(text: &str) -> Result<Russian, NotationError> {
        Russian::from_hub_position(text)
    }

    fn write_position(position: &Russian) -> String {
        position.write_hub_position()
    }

    fn read_move(position: &Russian, text: &str) -> Result<Move, NotationError> {
        position.read_hub_move(text)
    }

    fn write_move(_: &Russian, mv: Move) -> String {
        Russian::write_hub_move(mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    #[test]
    fn the_start_is_laid_out_from_b8() {
        let start = Russian::start();
        assert_eq!(
            start.write_hub_position(),
            "Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww"
        );
        assert_eq!(
            Russian::from_hub_position("Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww"),
            Ok(start)
        );
    }

    #[test]
    fn squares_are_numbered_from_a1() {
        // pydraughts' observed positions: W:W1:B32 and W:W12:B21.
        let corner = Russian::from_position_string("W:Wa1:Bh8").expect("position");
        assert_eq!(
            corner.write_hub_position(),
            "Weeebeeeeeeeeeeeeeeeeeeeeeeeeweee"
        );
        let middle = Russian::from_position_string("W:Wg3:Bb6").expect("position");
        assert_eq!(
            middle.write_hub_position(),
            "Weeeeeeeebeeeeeeeeeeeeeeweeeeeeee"
        );
        assert_eq!(number_square(10), Some(9), "c3 is 10");
        assert_eq!(number_square(0), None);
        assert_eq!(number_square(33), None);
    }

    #[test]
    fn moves_read_and_write_by_number() {
        let start = Russian::start();
        let mv = start.read_hub_move("10-14").expect("c3-d4");
        assert_eq!(Russian::write_move(mv), "c3-d4");
        assert_eq!(Russian::write_hub_move(mv), "10-14");
        let mut legal = MoveList::new();
        start.legal_moves(&mut legal);
        let written: Vec<String> = legal.iter().map(|&m| Russian::write_hub_move(m)).collect();
        assert_eq!(written.len(), 7, "the seven first moves: {written:?}");
    }

    #[test]
    fn a_capture_names_its_captured_squares_in_any_order() {
        // White's king on a1 takes c3 and e5... from the numbering: a1 = 1,
        // c3 = 10, e5 = 19 (both taken), landing on f6 = 23.
        let position = Russian::from_position_string("W:WKa1:Bc3,e5,h8").expect("position");
        let mv = position.read_hub_move("1x23x10x19").expect("the capture");
        assert_eq!(Russian::write_hub_move(mv), "1x23x10x19");
        assert_eq!(position.read_hub_move("1x23x19x10"), Ok(mv));
        assert!(matches!(
            position.read_hub_move("1x23x10"),
            Err(NotationError::IllegalMove { .. })
        ));
        assert!(matches!(
            position.read_hub_move("1-23"),
            Err(NotationError::IllegalMove { .. })
        ));
        assert!(matches!(
            position.read_hub_move("1x40x10"),
            Err(NotationError::BadMove { .. })
        ));
        assert!(matches!(
            position.read_hub_move("1x23"),
            Err(NotationError::BadMove { .. })
        ));
    }

    #[test]
    fn a_capture_lists_each_captured_square_once_and_digits_only() {
        // A white man on c3 takes d4 and f6, landing on g7: 10x28x14x23.
        let position = Russian::from_position_string("W:Wc3:Bd4,f6").expect("position");
        assert!(position.read_hub_move("10x28x14x23").is_ok());
        for (text, reason) in [
            (
                "10x28x14x23x14",
                "captured square 14 is listed twice: 'fromxtox' and each captured square once",
            ),
            ("10x28x14x14x23", "captured square 14 is listed twice"),
            ("+10x28x14x23", "'+10' is not a square number from 1 to 32"),
            ("10x+28x14x23", "'+28' is not a square number from 1 to 32"),
            ("10x28x14x23x", "'' is not a square number from 1 to 32"),
            ("10x28x 14x23", "' 14' is not a square number from 1 to 32"),
        ] {
            let got = position.read_hub_move(text);
            let Err(NotationError::BadMove { reason: said, .. }) = &got else {
                panic!("{text} must be malformed, got {got:?}");
            };
            assert!(said.starts_with(reason), "{text}: {said}");
        }
    }

    #[test]
    fn bad_positions_say_what_is_wrong() {
        for bad in [
            "",
            "Xbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww",
            "Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwww",
            "Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwwwe",
            "Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwwz",
            // A white man on b8, White's crowning rank.
            "Wweeeeeeeeeeeeeeeeeeeeeeeeeeeeeee",
        ] {
            assert!(
                matches!(
                    Russian::from_hub_position(bad),
                    Err(NotationError::BadPosition { .. })
                ),
                "{bad:?} must be refused"
            );
        }
    }
}
