//! The board drawn for a person, the way seed 000 draws it.
//!
//! ```text
//!      6    6    6    6    6    6
//! 0                                  0
//!      6    6    6    6    6    6
//! ```
//!
//! The bottom row is one player's pits from their pit 1 on the left; the
//! top row is the other player's pits from their last pit down to pit 1,
//! so that sowing runs counter-clockwise. The top player's store is on the
//! left, the bottom player's on the right. The seed's `kirajzol`: rows
//! start with a 5-space indent (`tab(5)`) that leaves room for the left
//! store; every count is written and padded to a 5-column cell (`write(N),
//! tab(4)` for one digit, `tab(3)` for two); the store line is the left
//! store's cell, 5 columns per pit (`tab(30)` for 6 pits), then the right
//! store. Trailing spaces are left off, as in the seed's printed pictures.

use super::position::Kalah;
use crate::game::Player;

/// The indent of the pit rows, the width of the left store's cell.
const INDENT: usize = 5;

/// Columns per pit (and per store cell).
const CELL_WIDTH: usize = 5;

impl Kalah {
    /// The board with South ([`Player::One`]) at the bottom: three lines,
    /// each ending in a newline.
    #[must_use]
    pub fn drawing(&self) -> String {
        self.drawing_for(Player::One)
    }

    /// The board with `bottom`'s row at the bottom, as the seed draws it
    /// for the person playing `bottom`: three lines, each ending in a
    /// newline.
    #[must_use]
    pub fn drawing_for(&self, bottom: Player) -> String {
        let top = bottom.opponent();
        let top_row: Vec<u8> = self.pits(top).iter().rev().copied().collect();
        let stores = format!(
            "{}{}{}",
            cell(self.store(top)),
            " ".repeat(CELL_WIDTH * self.pits(top).len()),
            self.store(bottom)
        );
        [row(&top_row), stores, row(self.pits(bottom))]
            .iter()
            .map(|line| format!("{}\n", line.trim_end()))
            .collect()
    }
}

/// One row of pits: the indent, then a cell per pit.
fn row(pits: &[u8]) -> String {
    let cells: String = pits.iter().map(|&seeds| cell(seeds)).collect();
    format!("{}{cells}", " ".repeat(INDENT))
}

/// A count padded to a cell: the seed's `köveket_ír`. Three-digit counts
/// (possible on small boards) keep one space so the columns stay aligned.
fn cell(seeds: u8) -> String {
    format!("{seeds:<CELL_WIDTH$}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::kalah::KalahRules;

    #[test]
    fn the_seeds_start_picture() {
        let start = Kalah::start(KalahRules::default()).unwrap();
        let seed = "     6    6    6    6    6    6\n\
                    0                                  0\n     \
                    6    6    6    6    6    6\n";
        assert_eq!(start.drawing(), seed);
        // 0, 34 spaces, 0: the store cell (1 + 4) and tab(30).
        assert_eq!(start.drawing().lines().nth(1).map(str::len), Some(36));
    }

    #[test]
    fn top_row_is_reversed_and_two_digit_counts_pad_by_three() {
        // From the seed's 4-seed game, the computer (South) on top.
        let pos = Kalah::from_position_string("0,13,6,1,2,0 13 0,0,0,0,2,0 11 n", false).unwrap();
        let seed = "     0    2    1    6    13   0\n\
                    13                                 11\n     \
                    0    0    0    0    2    0\n";
        assert_eq!(pos.drawing_for(Player::Two), seed);
        let south_below = "     0    2    0    0    0    0\n\
                           11                                 13\n     \
                           0    13   6    1    2    0\n";
        assert_eq!(pos.drawing(), south_below);
    }

    #[test]
    fn other_pit_counts_stay_aligned() {
        let pos = Kalah::from_position_string("1,2,100 10 3,4,5 0 s", false).unwrap();
        let expected = "     5    4    3\n\
                        0                   10\n     \
                        1    2    100\n";
        assert_eq!(pos.drawing(), expected);
    }
}
