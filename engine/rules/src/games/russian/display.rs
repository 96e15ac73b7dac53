//! The board drawn for a person: White at the bottom, rank 8 on top.
//! `w`/`b` are men, `W`/`B` kings, `.` an empty dark square; light
//! squares are blank.

use super::board::Piece;
use super::position::Russian;
use super::squares::{SIDE, square_at};
use crate::game::Player;

/// The frame above and below the squares.
const FRAME: &str = "  +-----------------+";

impl Russian {
    /// The board, one line per rank and the file letters, each line
    /// ending in a newline.
    #[must_use]
    pub fn drawing(&self) -> String {
        let mut text = String::new();
        text.push_str(FRAME);
        text.push('\n');
        for rank in (0..SIDE).rev() {
            text.push_str(&format!("{} |", rank + 1));
            for file in 0..SIDE {
                let cell = match square_at(file, rank) {
                    None => ' ',
                    Some(s) => match self.board.piece_at(s) {
                        None => '.',
                        Some(Piece::Man(Player::One)) => 'w',
                        Some(Piece::Man(Player::Two)) => 'b',
                        Some(Piece::King(Player::One)) => 'W',
                        Some(Piece::King(Player::Two)) => 'B',
                    },
                };
                text.push(' ');
                text.push(cell);
            }
            text.push_str(" |\n");
        }
        text.push_str(FRAME);
        text.push('\n');
        text.push_str("    a b c d e f g h\n");
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn white_at_the_bottom() {
        let lines: Vec<String> = Russian::start()
            .drawing()
            .lines()
            .map(str::to_owned)
            .collect();
        assert_eq!(lines[1], "8 |   b   b   b   b |");
        assert_eq!(lines[4], "5 | .   .   .   .   |");
        assert_eq!(lines[8], "1 | w   w   w   w   |");
        assert_eq!(lines[10], "    a b c d e f g h");
    }
}
