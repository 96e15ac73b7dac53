//! Tic-tac-toe (the Prolog Mastermind and tic-tac-toe notes, and the Prolog
//! tic-tac-toe notes).
//!
//! x ([`Player::One`](crate::game::Player::One)) moves first; the players
//! take turns putting their mark on an empty square of the 3×3 board.
//! Three marks in a row, column or diagonal win; a full board without one
//! is a draw. Squares are named `a1`..`c3`: file `a`-`c` from left to
//! right, rank `1`-`3` from bottom to top.
//!
//! One concept a file: `lines` (the eight lines and the squares as bits),
//! `position` (the [`Game`](crate::game::Game) rules), `notation`,
//! `display`, `eval` (the Prolog programs' open-lines count) and `search`.

mod def;
pub mod display;
pub mod lines;
pub mod notation;
pub mod position;

#[cfg(test)]
mod tests;

pub use position::TicTacToe;
