//! What an Oware database holds: for every board with at most N seeds
//! and either side to move, bounds on the value of the game that starts
//! there right after a capture, and that value wherever the two bounds
//! meet. Any number of houses a side. The build (`build.rs`) finds them;
//! the reference (`reference.rs`, in tests) finds them the simple way.
//!
//! **The value.** For a board and the side to move, V is the side to
//! move's future captures minus the opponent's, with the final sweep (each
//! side taking its own row when the mover cannot move or cannot feed, or
//! when a position repeats), with perfect play by both sides, **in the game
//! that starts at this board right after a capture**: no position before
//! it can repeat (a capture takes seeds off the board for good). It is
//! played until the board is decided: a majority in a store does not stop
//! it (that never changes who wins; `docs/endgame-db.md`). V depends on the
//! houses and the side to move only, not on the stores.
//!
//! **Why bounds.** Without a capture the seeds stay on the board and play
//! can cycle; a repetition ends it with each side taking its own row of
//! the repeated board, so the value of a line depends on the boards it has
//! passed. The analysis settles what a side can *force* without ever
//! repeating: L is the most the side to move can make sure of, U the least
//! the opponent can hold it to, each by a strategy that never comes back to
//! a board (so no repetition, and no history, changes what it gets).
//! `L <= V <= U`; where they meet V is exact. Where they do not, at least
//! one side gains by cycling and the search must see the history.
//!
//! **The equations.** Over the mover's moves m to child c capturing k
//! seeds (the child's bounds are its own mover's):
//!
//! ```text
//! L(p) = max_m  k - U(c)        U(p) = max_m  k - L(c)
//! ```
//!
//! (a capture's child starts a fresh game one level down; a quiet move's
//! child continues this one), and no legal move gives both the mover's row
//! minus the opponent's. Among the solutions, L is the least and U the
//! greatest: the iteration starts every L of a level at `-level` and every
//! U at `+level` (a side that cannot force anything is held to its worst)
//! and repeats until nothing changes. Each rise of L is a strategy one
//! step longer that reaches a capture or the end, so a strategy for L never
//! revisits a board; the same holds for U.

use ply_rules::games::mancala::{MAX_PITS, PIT_SLOTS};
use ply_rules::games::oware::board::Board;

use crate::endgame::rank::entry_count;

/// Most seeds on the board an analysis covers: values lie in `-N..=N` and
/// are kept as `i8`.
pub const MAX_SEEDS: u8 = 127;

/// Bounds on the value of a board for its side to move in the game that
/// starts there right after a capture (see the module docs):
/// `lower <= V <= upper`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// L: the least the side to move gets.
    pub lower: i32,
    /// U: the most the side to move gets.
    pub upper: i32,
}

impl Bounds {
    /// The value, when the bounds meet.
    #[must_use]
    pub fn exact(self) -> Option<i32> {
        (self.lower == self.upper).then_some(self.lower)
    }
}

/// The entries of an analysis of `houses` houses a side (at most
/// `max_houses`) and at most `max_seeds` seeds, checked.
///
/// # Errors
/// A house count or seed limit out of range, or more entries than memory
/// can address.
pub(super) fn entry_total(houses: u8, max_houses: usize, max_seeds: u8) -> Result<usize, String> {
    if houses == 0 || usize::from(houses) > max_houses.min(PIT_SLOTS) {
        return Err(format!(
            "an Oware database has 1 to {} houses a side, not {houses}",
            max_houses.min(PIT_SLOTS)
        ));
    }
    if max_seeds > MAX_SEEDS {
        return Err(format!(
            "an Oware database holds at most {MAX_SEEDS} seeds on the board, not {max_seeds}"
        ));
    }
    entry_count(2 * usize::from(houses), max_seeds)
        .and_then(|count| usize::try_from(count).ok())
        .ok_or_else(|| format!("{max_seeds} seeds on {houses} houses make too many entries"))
}

/// A bound as stored (they lie within the level, at most [`MAX_SEEDS`]).
pub(super) fn narrow(value: i32) -> i8 {
    i8::try_from(value).unwrap_or(if value < 0 { i8::MIN } else { i8::MAX })
}

/// Most houses a side an Oware database has: Abapa's 6 (the passes'
/// links, a child a house, were sized for it).
pub const MAX_HOUSES: u8 = MAX_PITS / 2;

/// Packs a pair of bounds.
#[must_use]
pub fn pack(lower: i8, upper: i8) -> u16 {
    u16::from(lower.to_ne_bytes()[0]) | u16::from(upper.to_ne_bytes()[0]) << 8
}

/// The bounds of a packed entry.
#[must_use]
pub fn unpack(entry: u16) -> Bounds {
    let [low, high] = entry.to_le_bytes();
    Bounds {
        lower: i32::from(i8::from_ne_bytes([low])),
        upper: i32::from(i8::from_ne_bytes([high])),
    }
}

/// The board of canonical `key`, the mover as South ([`Player::One`]),
/// stores empty.
pub(crate) fn board_of(key: &[u8], houses: u8) -> Board {
    let len = usize::from(houses);
    let mut board = Board {
        houses: [[0; PIT_SLOTS]; 2],
        stores: [0, 0],
        house_count: houses,
    };
    // A loop, not a copy of a length known only at run time (a call of
    // `memcpy`): the build makes the board of every rank it looks at.
    for (house, (south, north)) in key[..len].iter().zip(&key[len..2 * len]).enumerate() {
        board.houses[0][house] = *south;
        board.houses[1][house] = *north;
    }
    board
}
