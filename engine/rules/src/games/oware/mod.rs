//! Oware, in its tournament form Abapa (the Prolog Kalah program's
//! exercise 3), for any number of houses and seeds.
//!
//! - Two rows of houses (6 of 4 seeds in Abapa); South
//!   ([`Player::One`](crate::game::Player::One)) moves first. A move sows
//!   the seeds of one of the mover's houses, one a house, counter-clockwise
//!   through both rows; the stores hold captured seeds and are never sown.
//!   The house sown from is skipped when the seeds go round (12 or more on
//!   6 houses).
//! - Last seed in an opponent's house that then holds 2 or 3: those seeds
//!   are captured, and so are those of the houses before it (backwards) in
//!   the opponent's row, as long as each holds 2 or 3. A move that would
//!   capture every seed the opponent has (a grand slam) is played but
//!   captures nothing.
//! - A player whose opponent has no seeds must play a move that gives them
//!   some. If there is none, the game ends and each player takes the seeds
//!   in their own row.
//! - A position that repeats one seen since the last capture (same board,
//!   same side to move) ends the game the same way: each takes their row.
//! - More than half the seeds captured (25 of 48) wins at once; otherwise
//!   the bigger total at the end wins and equal totals (24-24) draw.
//!
//! One concept a file: [`rules`](OwareRules) (the board size), `board`
//! (the seeds and the sowing with its capture), `history` (the positions
//! since the last capture), `key` (the 64-bit position key), `position`
//! (the [`Game`](crate::game::Game) rules), `notation`, `display`, `eval`
//! and `search`.

pub mod board;
mod def;
pub mod display;
pub mod history;
pub mod key;
pub mod letters;
pub mod notation;
pub mod position;
pub mod rules;

#[cfg(test)]
mod tests;

pub use letters::Letters;
pub use position::Oware;
pub use rules::{DEFAULT_HOUSES, DEFAULT_SEEDS, OwareRules};
