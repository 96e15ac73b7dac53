//! The position string: PDN's FEN with algebraic squares.
//!
//! `W:Wa1,c1,e1,…:Bb8,d8,…` — the side to move (`W` or `B`), then each
//! side's pieces after its colour letter, kings prefixed `K`. The two
//! lists may come in either order; squares are separated by commas. Ply
//! writes White first, each side's pieces from its own back rank, files a
//! to h, so the start is
//! `W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb8,d8,f8,h8,a7,c7,e7,g7,b6,d6,f6,h6`.
//!
//! A string must describe a position play could reach: at most 12 pieces
//! a side, no square twice, no man on the rank where it would have been
//! crowned. Every entry of a list names a square: an empty one (`WKa1,`,
//! `W,,,`) is refused, not skipped, as it is most likely a square left out;
//! a side without pieces is its letter alone (`W:W:Bh8`). The draw rules'
//! counters are not part of it.

use super::board::{Board, crown_rank};
use super::position::Russian;
use super::squares::{Bits, SquareError, file_of, name, parse_square, rank_of};
use crate::game::{NotationError, Player};

/// Separates the fields.
const FIELD_SEPARATOR: char = ':';

/// Separates the squares of a side.
const SQUARE_SEPARATOR: char = ',';

/// Marks a king.
const KING: char = 'K';

/// Each side's letter, indexed by [`Player::index`].
const COLOURS: [char; 2] = ['W', 'B'];

/// Most pieces a side can have (its men at the start).
const MAX_PIECES: u32 = 12;

impl Russian {
    /// Reads a position string (see the module docs).
    ///
    /// # Errors
    /// [`NotationError::BadPosition`] naming what is wrong.
    pub fn from_position_string(text: &str) -> Result<Self, NotationError> {
        parse(text.trim()).map_err(|reason| NotationError::BadPosition {
            text: text.to_owned(),
            reason,
        })
    }

    /// Writes the position string (see the module docs).
    pub fn write_position(&self) -> String {
        let mut text = String::new();
        text.push(COLOURS[self.side.index()]);
        for side in [Player::One, Player::Two] {
            text.push(FIELD_SEPARATOR);
            text.push(COLOURS[side.index()]);
            let mut squares: Vec<u8> = Bits(self.board.pieces[side.index()]).collect();
            // From the side's own back rank, files a to h.
            squares.sort_by_key(|&s| {
                let rank = rank_of(s);
                let from_back = if side == Player::One { rank } else { 7 - rank };
                (from_back, file_of(s))
            });
            let names: Vec<String> = squares
                .into_iter()
                .map(|s| {
                    let king = if self.board.kings & (1 << s) != 0 {
                        KING.to_string()
                    } else {
                        String::new()
                    };
                    format!("{king}{}", name(s))
                })
                .collect();
            text.push_str(&names.join(&SQUARE_SEPARATOR.to_string()));
        }
        text
    }
}

/// The colour letter's side.
fn colour(letter: &str) -> Option<Player> {
    match letter {
        "W" | "w" => Some(Player::One),
        "B" | "b" => Some(Player::Two),
        _ => None,
    }
}

/// The entries of a side's list after its colour letter, each trimmed;
/// none for a side without pieces (`W:W:Bh8`), an empty one for each stray
/// comma.
fn entries(squares: &str) -> impl Iterator<Item = &str> {
    let any = !squares.trim().is_empty();
    squares
        .split(SQUARE_SEPARATOR)
        .map(str::trim)
        .take_while(move |_| any)
}

fn parse(text: &str) -> Result<Russian, String> {
    // 1. Three fields: side to move, and one list per side.
    let fields: Vec<&str> = text.split(FIELD_SEPARATOR).map(str::trim).collect();
    let [turn, first, second] = fields.as_slice() else {
        return Err(format!(
            "expected 3 fields separated by ':' (side to move, White's pieces, Black's pieces), found {}",
            fields.len()
        ));
    };
    let side =
        colour(turn).ok_or_else(|| format!("the side to move must be W or B, not '{turn}'"))?;

    // 2. Each list: its colour, then squares, kings prefixed K.
    let mut board = Board::default();
    let mut seen = [false; 2];
    for list in [first, second] {
        let (letter, squares) = list.split_at(list.chars().next().map_or(0, char::len_utf8));
        let owner = colour(letter)
            .ok_or_else(|| format!("a list of pieces starts with W or B, not '{list}'"))?;
        if std::mem::replace(&mut seen[owner.index()], true) {
            return Err(format!("two lists of pieces for {letter}"));
        }
        for (number, entry) in entries(squares).enumerate() {
            // A stray comma is a typing slip (a square left out, most
            // likely): reading the list without it would set up a position
            // the writer did not mean.
            if entry.is_empty() {
                return Err(format!(
                    "entry {} of the list '{list}' is empty: expected a square (a1) or a king (Ka1) between its commas",
                    number + 1
                ));
            }
            let (king, square_text) = match entry.strip_prefix(KING) {
                Some(rest) => (true, rest),
                None => (false, entry),
            };
            let s = parse_square(square_text).map_err(|e| match e {
                SquareError::NotASquare => format!("'{entry}' is not a square a1 to h8"),
                SquareError::Light => format!("{square_text} is a light square"),
            })?;
            let bit = 1u32 << s;
            if board.occupied() & bit != 0 {
                return Err(format!("{square_text} is given twice"));
            }
            if !king && crown_rank(owner) & bit != 0 {
                return Err(format!(
                    "a man on {square_text} would have been crowned; write K{square_text}"
                ));
            }
            board.pieces[owner.index()] |= bit;
            if king {
                board.kings |= bit;
            }
        }
        if board.pieces[owner.index()].count_ones() > MAX_PIECES {
            return Err(format!("{letter} has more than {MAX_PIECES} pieces"));
        }
    }
    Ok(Russian::from_board(board, side))
}
