//! What the two-row sowing games (Kalah and Oware) share: the board's size
//! and its limits, the position string
//! `<south pits> <south store> <north pits> <north store> <side>`, the pit
//! numbers that are their moves, and seed 000's picture of the board.
//!
//! The rules differ (Kalah sows into stores, Oware captures from the
//! opponent's row), so each game keeps its own position type; this module
//! holds only the pieces whose text and limits are the same, so that a
//! position string or a picture means the same thing in both games.

/// Score units per seed: scores of sowing games are in centi-seeds.
pub const SEED_VALUE: i32 = 100;

pub mod display;
pub mod key;
pub mod notation;
pub mod size;

pub use notation::Rows;
pub use size::{BoardSize, BoardSizeError, MAX_PITS, MAX_TOTAL_SEEDS, PIT_SLOTS};
