//! What the two-row sowing games (Kalah and Oware) share: the board's size
//! and its limits, the position string
//! `<south pits> <south store> <north pits> <north store> <side>`, the pit
//! numbers that are their moves, and the Prolog Kalah program's picture
//! of the board.
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
pub use size::{BoardSize, BoardSizeError, MAX_PITS, MAX_SEEDS, MAX_TOTAL_SEEDS, PIT_SLOTS};

use crate::options::RuleKind;

/// The `Pits` option's values, shared by the sowing games.
pub const PITS_KIND: RuleKind = RuleKind::Spin {
    min: 1,
    max: MAX_PITS as i64,
    expected: None,
};

/// The `Seeds` option's values, shared by the sowing games.
pub const SEEDS_KIND: RuleKind = RuleKind::Spin {
    min: 1,
    max: MAX_SEEDS as i64,
    expected: None,
};

/// Why a board of `found` pits a side, read from a position string, does
/// not belong to a game set up with `chosen` pits a side, or `None`.
#[must_use]
pub fn size_mismatch(found: usize, chosen: u8) -> Option<String> {
    (found != usize::from(chosen)).then(|| {
        format!(
            "it has {found} pits a side, and the game is set up with {chosen}: \
             choose {found} pits (a new game) first"
        )
    })
}
