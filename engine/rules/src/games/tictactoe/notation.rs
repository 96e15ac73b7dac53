//! Tic-tac-toe's text forms.
//!
//! A move is a square: file `a`-`c` (left to right), rank `1`-`3` (bottom
//! to top), e.g. `b2`.
//!
//! A position string is the three ranks from the top (rank 3 first), each
//! three cells `x`, `o` or `.` from file `a`, separated by `/`, then the
//! side to move, `x` or `o`: `x../.o./... x`. The empty board is
//! `.../.../... x`. A string must describe a position that play can reach:
//! x moves first, so x has as many marks as o (x to move) or one more (o to
//! move), and the game stops at the first line, so at most one player has
//! one, the one who moved last.

use super::lines::{SIDE, has_line};
use super::position::TicTacToe;
use crate::game::{NotationError, Player};

/// Files from the left.
const FILES: [char; 3] = ['a', 'b', 'c'];

/// Separates the ranks.
const RANK_SEPARATOR: char = '/';

/// Each player's mark, indexed by [`Player::index`].
const MARKS: [char; 2] = ['x', 'o'];

/// An empty square.
const EMPTY: char = '.';

impl TicTacToe {
    /// Reads a position string (see the module docs).
    ///
    /// # Errors
    /// [`NotationError::BadPosition`], whose reason names what is wrong:
    /// the field count, the ranks' shape, a cell or side that is not one of
    /// the allowed letters, mark counts that do not fit the side to move,
    /// or lines that play could not have left.
    pub fn from_position_string(text: &str) -> Result<Self, NotationError> {
        parse_position(text).map_err(|reason| NotationError::BadPosition {
            text: text.to_owned(),
            reason,
        })
    }

    /// Writes the position string (see the module docs).
    pub fn write_position(&self) -> String {
        let ranks: Vec<String> = (0..SIDE)
            .rev()
            .map(|rank| {
                (0..SIDE)
                    .map(|file| self.cell(rank * SIDE + file))
                    .collect()
            })
            .collect();
        format!(
            "{} {}",
            ranks.join(&RANK_SEPARATOR.to_string()),
            MARKS[self.side.index()]
        )
    }

    /// The character of `square` in the position string and the drawing.
    pub fn cell(&self, square: u8) -> char {
        self.owner(square).map_or(EMPTY, |p| MARKS[p.index()])
    }

    /// Reads a square and checks that it may be marked here.
    pub fn read_move(&self, text: &str) -> Result<u8, NotationError> {
        let token = text.trim();
        let square = read_square(token).ok_or_else(|| NotationError::BadMove {
            text: text.to_owned(),
            reason: "a move is a square a1 to c3 (file a-c, rank 1-3)".to_owned(),
        })?;
        let illegal = |reason: String| NotationError::IllegalMove {
            text: text.to_owned(),
            reason,
        };
        if self.is_over() {
            return Err(illegal("the game is over".to_owned()));
        }
        if let Some(owner) = self.owner(square) {
            return Err(illegal(format!(
                "{token} is taken by {}",
                MARKS[owner.index()]
            )));
        }
        Ok(square)
    }

    /// Writes a square index as its name (`b2`).
    pub fn write_square(square: u8) -> String {
        let file = FILES[usize::from(square % SIDE)];
        format!("{file}{}", square / SIDE + 1)
    }
}

/// A square's index from its name, if it is one.
fn read_square(token: &str) -> Option<u8> {
    let mut chars = token.chars();
    let (file, rank, None) = (chars.next()?, chars.next()?, chars.next()) else {
        return None;
    };
    let file = FILES.iter().position(|&f| f == file.to_ascii_lowercase())?;
    let rank = rank.to_digit(10).filter(|r| (1..=3).contains(r))?;
    u8::try_from(file)
        .ok()
        .zip(u8::try_from(rank - 1).ok())
        .map(|(f, r)| r * SIDE + f)
}

/// Parses a position string; the error is the reason only.
fn parse_position(text: &str) -> Result<TicTacToe, String> {
    // 1. Two fields: the board and the side to move.
    let fields: Vec<&str> = text.split_whitespace().collect();
    let [board, side] = fields[..] else {
        return Err(format!(
            "expected 2 fields '<rank 3>/<rank 2>/<rank 1> <side>', found {}",
            fields.len()
        ));
    };

    // 2. Three ranks of three cells, from the top.
    let ranks: Vec<&str> = board.split(RANK_SEPARATOR).collect();
    if ranks.len() != usize::from(SIDE) {
        return Err(format!(
            "the board has {} ranks separated by '/'; it needs 3",
            ranks.len()
        ));
    }
    let mut marks = [0u16; 2];
    for (rank, cells) in (0..SIDE).rev().zip(&ranks) {
        let count = cells.chars().count();
        if count != usize::from(SIDE) {
            return Err(format!(
                "rank {} '{cells}' has {count} cells; it needs 3",
                rank + 1
            ));
        }
        for (file, cell) in (0..SIDE).zip(cells.chars()) {
            let bit = 1u16 << (rank * SIDE + file);
            match cell {
                c if c == MARKS[0] => marks[0] |= bit,
                c if c == MARKS[1] => marks[1] |= bit,
                EMPTY => {}
                other => {
                    return Err(format!(
                        "square {}{} is '{other}'; a cell is 'x', 'o' or '.'",
                        FILES[usize::from(file)],
                        rank + 1
                    ));
                }
            }
        }
    }

    // 3. The side to move.
    let side = match side {
        "x" => Player::One,
        "o" => Player::Two,
        other => return Err(format!("side to move '{other}' must be 'x' or 'o'")),
    };

    // 4. Reachable by play: the counts fit the side to move, and only the
    //    player who moved last may have a line.
    let (xs, os) = (marks[0].count_ones(), marks[1].count_ones());
    let expected_side = match xs.checked_sub(os) {
        Some(0) => Player::One,
        Some(1) => Player::Two,
        _ => {
            return Err(format!(
                "x has {xs} marks and o {os}: x moves first, so x has as many marks as o or one more"
            ));
        }
    };
    if side != expected_side {
        return Err(format!(
            "with {xs} x and {os} o it is {}'s move, not {}'s",
            MARKS[expected_side.index()],
            MARKS[side.index()]
        ));
    }
    let lines = [has_line(marks[0]), has_line(marks[1])];
    if lines[0] && lines[1] {
        return Err("both x and o have three in a row; the game ends at the first".to_owned());
    }
    for player in [Player::One, Player::Two] {
        if lines[player.index()] && side == player {
            let mark = MARKS[player.index()];
            return Err(format!(
                "{mark} has three in a row but {} moved last; the game ends at the first line",
                MARKS[player.opponent().index()]
            ));
        }
    }
    Ok(TicTacToe { marks, side })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    fn reason(text: &str) -> String {
        match TicTacToe::from_position_string(text) {
            Err(NotationError::BadPosition { reason, .. }) => reason,
            other => panic!("expected a bad position for {text:?}, got {other:?}"),
        }
    }

    #[test]
    fn strings_round_trip() {
        let start = TicTacToe::start();
        assert_eq!(start.position_string(), ".../.../... x");
        let text = "x../.o./... x";
        let pos = TicTacToe::from_position_string(text).unwrap();
        assert_eq!(pos.position_string(), text);
        assert_eq!(pos.owner(6), Some(Player::One)); // a3
        assert_eq!(pos.owner(4), Some(Player::Two)); // b2
        assert_eq!(pos.side_to_move(), Player::One);
        // Any whitespace between the fields.
        let pos = TicTacToe::from_position_string("  xo./.../... \t x ").unwrap();
        assert_eq!(pos.position_string(), "xo./.../... x");
    }

    #[test]
    fn bad_strings_say_why() {
        assert_eq!(
            reason("x../.o./..."),
            "expected 2 fields '<rank 3>/<rank 2>/<rank 1> <side>', found 1"
        );
        assert_eq!(
            reason("x../.o. x"),
            "the board has 2 ranks separated by '/'; it needs 3"
        );
        assert_eq!(
            reason("x../.o../... x"),
            "rank 2 '.o..' has 4 cells; it needs 3"
        );
        assert_eq!(
            reason("x../.O./... x"),
            "square b2 is 'O'; a cell is 'x', 'o' or '.'"
        );
        assert_eq!(
            reason("x../.o./... y"),
            "side to move 'y' must be 'x' or 'o'"
        );
        assert_eq!(
            reason("xx./.../... o"),
            "x has 2 marks and o 0: x moves first, so x has as many marks as o or one more"
        );
        assert_eq!(
            reason("oo./.x./... x"),
            "x has 1 marks and o 2: x moves first, so x has as many marks as o or one more"
        );
        assert_eq!(
            reason("x../.../... x"),
            "with 1 x and 0 o it is o's move, not x's"
        );
        assert_eq!(
            reason("xxx/ooo/... x"),
            "both x and o have three in a row; the game ends at the first"
        );
        assert_eq!(
            reason("xxx/oo./o.. x"),
            "x has three in a row but o moved last; the game ends at the first line"
        );
        assert_eq!(
            reason("ooo/xx./x.x o"),
            "o has three in a row but x moved last; the game ends at the first line"
        );
        // A line for the player who moved last is fine.
        assert!(TicTacToe::from_position_string("xxx/oo./... o").is_ok());
    }

    #[test]
    fn moves() {
        let pos = TicTacToe::from_position_string("x../.o./... x").unwrap();
        assert_eq!(pos.parse_move("a1"), Ok(0));
        assert_eq!(pos.parse_move(" C3 "), Ok(8));
        assert_eq!(pos.format_move(5), "c2");
        for (text, reason) in [
            ("d1", "a move is a square a1 to c3 (file a-c, rank 1-3)"),
            ("a4", "a move is a square a1 to c3 (file a-c, rank 1-3)"),
            ("a", "a move is a square a1 to c3 (file a-c, rank 1-3)"),
            ("a12", "a move is a square a1 to c3 (file a-c, rank 1-3)"),
        ] {
            assert_eq!(
                pos.parse_move(text),
                Err(NotationError::BadMove {
                    text: text.to_owned(),
                    reason: reason.to_owned()
                })
            );
        }
        assert_eq!(
            pos.parse_move("b2").unwrap_err().to_string(),
            "illegal move 'b2': b2 is taken by o"
        );
        let over = TicTacToe::from_position_string("xxx/oo./... o").unwrap();
        assert_eq!(
            over.parse_move("c2").unwrap_err().to_string(),
            "illegal move 'c2': the game is over"
        );
    }
}
