//! The board drawn for a person, the way the Prolog Kalah program draws
//! it; Kalah and Oware boards look the same.
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
//! left, the bottom player's on the right. The Prolog Kalah program's
//! `kirajzol`: rows start with a 5-space indent (`tab(5)`) that leaves room
//! for the left store; every count is written and padded to a 5-column
//! cell (`write(N), tab(4)` for one digit, `tab(3)` for two); the store
//! line is the left store's cell, 5 columns per pit (`tab(30)` for 6
//! pits), then the right store. Trailing spaces are left off, as in that
//! program's printed pictures.

/// The indent of the pit rows, the width of the left store's cell.
const INDENT: usize = 5;

/// Columns per pit (and per store cell).
const CELL_WIDTH: usize = 5;

/// One side of the board as it is drawn: its pits from its own left, and
/// its store.
#[derive(Clone, Copy, Debug)]
pub struct Side<'a> {
    /// The pits, from this side's own left (pit 1).
    pub pits: &'a [u8],
    /// The store.
    pub store: u8,
}

/// The picture with `bottom` below and `top` above: three lines, each
/// ending in a newline.
#[must_use]
pub fn picture(top: Side<'_>, bottom: Side<'_>) -> String {
    let top_row: Vec<u8> = top.pits.iter().rev().copied().collect();
    let stores = format!(
        "{}{}{}",
        cell(top.store),
        " ".repeat(CELL_WIDTH * top.pits.len()),
        bottom.store
    );
    [row(&top_row), stores, row(bottom.pits)]
        .iter()
        .map(|line| format!("{}\n", line.trim_end()))
        .collect()
}

/// One row of pits: the indent, then a cell per pit.
fn row(pits: &[u8]) -> String {
    let cells: String = pits.iter().map(|&seeds| cell(seeds)).collect();
    format!("{}{cells}", " ".repeat(INDENT))
}

/// A count padded to a cell: the Prolog Kalah program's `köveket_ír`.
/// Three-digit counts (possible on small boards) keep one space so the
/// columns stay aligned.
fn cell(seeds: u8) -> String {
    format!("{seeds:<CELL_WIDTH$}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seeds_start_picture() {
        let six = [6; 6];
        let side = Side {
            pits: &six,
            store: 0,
        };
        let seed = "     6    6    6    6    6    6\n\
                    0                                  0\n     \
                    6    6    6    6    6    6\n";
        assert_eq!(picture(side, side), seed);
    }

    #[test]
    fn the_top_row_runs_right_to_left() {
        let top = Side {
            pits: &[1, 2, 3],
            store: 12,
        };
        let bottom = Side {
            pits: &[4, 5, 100],
            store: 7,
        };
        let expected = "     3    2    1\n\
                        12                  7\n     \
                        4    5    100\n";
        assert_eq!(picture(top, bottom), expected);
    }
}
