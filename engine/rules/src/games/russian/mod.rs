//! Russian draughts (the Prolog draughts program, and exercise 4 of the
//! Prolog Kalah program: draughts on the same framework).
//!
//! - 8×8 board, play on the 32 dark squares; White
//!   ([`Player::One`](crate::game::Player::One)), whose men start on
//!   ranks 1-3 (a1, c1, …), moves first.
//! - Men step one square diagonally forwards and capture forwards and
//!   backwards; kings fly: they move and capture at any distance.
//! - Capturing is mandatory, but any capture sequence may be chosen (no
//!   majority rule); a started sequence is finished. Captured pieces stay
//!   on the board until the move ends and no piece is jumped twice
//!   (Turkish strike). A king lands on any empty square beyond the piece
//!   it takes, but must choose one from which it can go on capturing
//!   when there is one. A man reaching the last rank during a capture is
//!   crowned at once and goes on capturing as a king.
//! - A side that cannot move (no pieces, or all blocked) loses. Draws:
//!   threefold repetition and the king-ending move limits (`draw`).
//!
//! One concept a file: `squares` (the squares as bits and the diagonal
//! tables), `board` (the pieces), `moves` (the move value), `capture`
//! (capture sequences), `movegen` (all legal moves), `key` (Zobrist
//! keys), `draw` (the draw rules), `position` (the [`Game`](crate::game::Game)
//! rules), `notation`, `fen`, `display`, `eval` and `search`.

pub mod board;
pub mod capture;
mod def;
pub mod display;
pub mod draw;
pub mod fen;
pub mod hub_notation;
pub mod key;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod position;
pub mod squares;

#[cfg(test)]
mod tests;

pub use board::{Board, Piece};
pub use draw::DrawRule;
pub use hub_notation::HubNotation;
pub use moves::Move;
pub use position::Russian;
