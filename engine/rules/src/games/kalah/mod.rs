//! Kalah, the rules of the Prolog Kalah program (after Sterling & Shapiro,
//! *The Art of Prolog*, ch. 20-21), for any number of pits and seeds.
//!
//! Kalah(m, n): m pits a side, n seeds in each at the start, South
//! ([`Player::One`](crate::game::Player::One)) to move.
//! - A move sows the seeds of one of the mover's pits, one each,
//!   counter-clockwise: the mover's later pits, the mover's store, the
//!   opponent's pits, the mover's pits from pit 1 (the origin too, on a
//!   lap); the opponent's store is skipped.
//! - Last seed in the own store: the same side moves again. A turn is the
//!   list of sowings until the other side is to move, so a move here is one
//!   sowing and the side to move is part of the position.
//! - Last seed in an own pit that was empty, with seeds in the opposite
//!   pit: both go to the mover's store. With `empty_capture` (Irving's
//!   variant) the lone seed is captured also opposite an empty pit.
//! - When either side's pits are empty after a sowing, each player puts the
//!   seeds on their own side into their own store, and the game is over;
//!   the bigger store wins, equal stores draw. (The Prolog Kalah program
//!   announces the winner as soon as a store holds more than half of the
//!   seeds; that is for front ends, the game tree goes on until a side is
//!   empty.)
//!
//! One concept a file: [`rules`](KalahRules) (the variant),
//! `position` (the board, the sowing, the [`Game`](crate::game::Game)
//! impl), `notation` (moves and position strings), `display` (the Prolog
//! Kalah program's picture), `eval` (the static evaluation) and `search`
//! (the `SearchGame` impl).

mod def;
pub mod display;
pub mod notation;
pub mod position;
pub mod rules;

#[cfg(test)]
mod tests;

pub use position::Kalah;
pub use rules::{
    DEFAULT_PITS, DEFAULT_SEEDS, KalahRules, KalahRulesError, MAX_PITS, MAX_TOTAL_SEEDS,
};
