//! Tic-tac-toe's static evaluation, as in the Prolog tic-tac-toe programs
//! (the Prolog Mastermind and tic-tac-toe notes, and the Prolog tic-tac-toe
//! notes): the lines still open to the mover (holding none of the
//! opponent's marks) minus those open to the opponent.

use super::lines::open_lines;
use super::position::TicTacToe;

/// Score units per open line: 100, as a seed or a man in the other games,
/// so `cp 100` reads "one open line ahead".
pub const LINE_VALUE: i32 = 100;

/// The Prolog programs' `value/2`: open lines of the mover minus the
/// opponent's, in [`LINE_VALUE`] units.
#[must_use]
pub fn open_lines_margin(position: &TicTacToe) -> i32 {
    let me = position.marks[position.side.index()];
    let them = position.marks[position.side.opponent().index()];
    (open_lines(them) - open_lines(me)) * LINE_VALUE
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn open_lines_for_the_mover() {
        assert_eq!(open_lines_margin(&TicTacToe::start()), 0);
        // x in the centre: o has 4 lines open, x has 8; o to move.
        let centre = TicTacToe::from_position_string(".../.x./... o").unwrap_or_default();
        assert_eq!(open_lines_margin(&centre), (4 - 8) * LINE_VALUE);
        // Then o in a corner: x's open lines 8 - 3 = 5, o's 4; x to move.
        let corner = TicTacToe::from_position_string("o../.x./... x").unwrap_or_default();
        assert_eq!(open_lines_margin(&corner), LINE_VALUE);
    }
}
