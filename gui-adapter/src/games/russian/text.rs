//! The board in a terminal, the person's side at the bottom (the Prolog
//! draughts program draws its board for the person; the Prolog Kalah
//! program puts the person's row at the bottom). White at the bottom is
//! exactly the engine library's drawing (`d`); Black at the bottom is the
//! same board turned round: rank 1 on top, files from h on the left.

use ply_rules::game::Player;
use ply_rules::games::russian::{Piece, Russian};

use super::squares::square_at;

/// The frame above and below the squares.
const FRAME: &str = "  +-----------------+";

/// One character a square: `w`/`b` men, `W`/`B` kings, `.` an empty dark
/// square, blank for a light one.
fn cell(position: &Russian, file: u8, rank: u8) -> char {
    match square_at(file, rank) {
        None => ' ',
        Some(s) => match position.piece_at(s) {
            None => '.',
            Some(Piece::Man(Player::One)) => 'w',
            Some(Piece::Man(Player::Two)) => 'b',
            Some(Piece::King(Player::One)) => 'W',
            Some(Piece::King(Player::Two)) => 'B',
        },
    }
}

/// The board with `bottom`'s side nearest the reader.
#[must_use]
pub fn drawing(position: &Russian, bottom: Player) -> String {
    let white_below = bottom == Player::One;
    let ranks: Vec<u8> = if white_below {
        (0..8).rev().collect()
    } else {
        (0..8).collect()
    };
    let files: Vec<u8> = if white_below {
        (0..8).collect()
    } else {
        (0..8).rev().collect()
    };
    let mut text = format!("{FRAME}\n");
    for &rank in &ranks {
        text.push_str(&format!("{} |", rank + 1));
        for &file in &files {
            text.push(' ');
            text.push(cell(position, file, rank));
        }
        text.push_str(" |\n");
    }
    text.push_str(FRAME);
    text.push_str("\n   ");
    for &file in &files {
        text.push(' ');
        text.push(char::from(b'a' + file));
    }
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn white_below_is_the_engines_drawing() {
        let start = Russian::start();
        assert_eq!(drawing(&start, Player::One), start.drawing());
    }

    #[test]
    fn black_below_turns_the_board_round() {
        let lines: Vec<String> = drawing(&Russian::start(), Player::Two)
            .lines()
            .map(str::to_owned)
            .collect();
        assert_eq!(lines[1], "1 |   w   w   w   w |");
        assert_eq!(lines[8], "8 | b   b   b   b   |");
        assert_eq!(lines[10], "    h g f e d c b a");
    }
}
