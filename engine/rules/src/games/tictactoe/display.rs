//! The board drawn for a person: rank 3 on top, as a player sitting at
//! rank 1 sees it, with the ranks and files named.
//!
//! ```text
//! 3  x . .
//! 2  . o .
//! 1  . . .
//!    a b c
//! ```

use super::lines::SIDE;
use super::position::TicTacToe;

impl TicTacToe {
    /// The board, each line ending in a newline.
    #[must_use]
    pub fn drawing(&self) -> String {
        let mut text = String::new();
        for rank in (0..SIDE).rev() {
            let cells: Vec<String> = (0..SIDE)
                .map(|file| self.cell(rank * SIDE + file).to_string())
                .collect();
            text.push_str(&format!("{}  {}\n", rank + 1, cells.join(" ")));
        }
        text.push_str("   a b c\n");
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_three_on_top() {
        let pos = TicTacToe::from_position_string("x../.o./..x o").unwrap_or_default();
        assert_eq!(pos.drawing(), "3  x . .\n2  . o .\n1  . . x\n   a b c\n");
    }
}
