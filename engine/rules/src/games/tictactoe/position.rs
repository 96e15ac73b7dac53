//! A tic-tac-toe position and its rules.

use super::lines::{FULL, SQUARES, has_line};
use crate::game::{Game, MoveList, NotationError, Outcome, Player};

/// A tic-tac-toe position: each player's marks as a set of squares (see
/// `lines`) and the side to move. A small `Copy` value.
///
/// x is [`Player::One`] and moves first; o is [`Player::Two`]. A move is a
/// square index, 0 (`a1`) to 8 (`c3`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TicTacToe {
    /// The squares marked by each player, indexed by [`Player::index`].
    pub marks: [u16; 2],
    /// The side whose move it is.
    pub side: Player,
}

impl Default for TicTacToe {
    fn default() -> Self {
        Self::start()
    }
}

impl TicTacToe {
    /// The empty board, x to move.
    #[must_use]
    pub fn start() -> Self {
        Self {
            marks: [0, 0],
            side: Player::One,
        }
    }

    /// The squares `player` has marked, as bits (`a1` = bit 0 … `c3` = bit 8).
    #[must_use]
    pub fn marks(&self, player: Player) -> u16 {
        self.marks[player.index()]
    }

    /// Who owns `square` (0 = `a1` … 8 = `c3`), if anyone.
    #[must_use]
    pub fn owner(&self, square: u8) -> Option<Player> {
        let bit = 1u16 << square;
        [Player::One, Player::Two]
            .into_iter()
            .find(|&p| self.marks(p) & bit != 0)
    }

    /// The empty squares.
    #[inline]
    pub fn empty(&self) -> u16 {
        FULL & !(self.marks[0] | self.marks[1])
    }

    /// The player with three in a row, if any.
    #[must_use]
    pub fn winner(&self) -> Option<Player> {
        [Player::One, Player::Two]
            .into_iter()
            .find(|&p| has_line(self.marks(p)))
    }

    /// Whether the game is over: a line, or a full board.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.empty() == 0 || has_line(self.marks[0]) || has_line(self.marks[1])
    }
}

impl Game for TicTacToe {
    /// The square marked, 0 (`a1`) to 8 (`c3`).
    type Move = u8;
    type Moves = MoveList<u8>;

    fn side_to_move(&self) -> Player {
        self.side
    }

    fn legal_moves(&self, moves: &mut MoveList<u8>) {
        if self.is_over() {
            return;
        }
        let empty = self.empty();
        for square in 0..SQUARES {
            if empty & (1 << square) != 0 {
                moves.push(square);
            }
        }
    }

    fn play(&mut self, mv: u8) {
        self.marks[self.side.index()] |= 1 << mv;
        self.side = self.side.opponent();
    }

    fn outcome(&self) -> Option<Outcome> {
        match self.winner() {
            Some(winner) => Some(Outcome::Win(winner)),
            None if self.empty() == 0 => Some(Outcome::Draw),
            None => None,
        }
    }

    fn parse_move(&self, text: &str) -> Result<u8, NotationError> {
        self.read_move(text)
    }

    fn format_move(&self, mv: u8) -> String {
        Self::write_square(mv)
    }

    fn position_string(&self) -> String {
        self.write_position()
    }
}
