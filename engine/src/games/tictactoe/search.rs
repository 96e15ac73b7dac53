//! What the search needs from tic-tac-toe: a key, the open-lines
//! evaluation and move-ordering hints.

use super::lines::{LINES, SQUARES, lines_through};
use super::position::TicTacToe;
use crate::search::SearchGame;
use ply_rules::game::Player;

/// Ordering hint for a move that completes the mover's line.
pub const WIN_PRIORITY: i32 = 1_000;

/// Ordering hint for a move that fills the opponent's only empty square
/// of a line (a block).
pub const BLOCK_PRIORITY: i32 = 100;

/// Whether marking `square` completes a line of `marks`.
fn completes(marks: u16, square: u8) -> bool {
    let with = marks | (1 << square);
    LINES
        .iter()
        .any(|&line| line & (1 << square) != 0 && with & line == line)
}

impl SearchGame for TicTacToe {
    /// The two 9-bit sets and the side in 19 bits: a perfect key.
    fn hash_key(&self) -> u64 {
        u64::from(self.marks[0])
            | u64::from(self.marks[1]) << SQUARES
            | u64::from(self.side == Player::Two) << (2 * SQUARES)
    }

    /// The Prolog tic-tac-toe programs' open-lines count
    /// (`open_lines_margin`).
    fn evaluate(&self) -> i32 {
        super::eval::open_lines_margin(self)
    }

    /// Wins first, then blocks, then squares on more lines (centre,
    /// corners, edges).
    fn move_priority(&self, mv: u8) -> i32 {
        let me = self.marks[self.side.index()];
        let them = self.marks[self.side.opponent().index()];
        if completes(me, mv) {
            WIN_PRIORITY
        } else if completes(them, mv) {
            BLOCK_PRIORITY
        } else {
            lines_through(mv)
        }
    }

    fn move_index(mv: u8) -> usize {
        usize::from(mv)
    }

    const MOVE_INDEX_LIMIT: usize = SQUARES as usize;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wins_then_blocks_then_centre() {
        // x: a3, b3; o: a1, b1; x to move. c3 wins, c1 blocks.
        let pos = TicTacToe::from_position_string("xx./.../oo. x").unwrap_or_default();
        assert_eq!(pos.move_priority(8), WIN_PRIORITY);
        assert_eq!(pos.move_priority(2), BLOCK_PRIORITY);
        assert_eq!(pos.move_priority(4), 4);
        assert_eq!(pos.move_priority(5), 2);
        assert_ne!(pos.hash_key(), TicTacToe::start().hash_key());
    }
}
