//! What the search needs from a game beyond its rules (which are
//! [`ply_rules::game::Game`]): a hash key, a static evaluation and
//! move-ordering hints.

use ply_rules::game::Game;

/// What the search needs from a game beyond its rules.
pub trait SearchGame: Game {
    /// A 64-bit key identifying the position for the transposition table.
    /// Equal positions must give equal keys; collisions should be rare.
    fn hash_key(&self) -> u64;

    /// Static evaluation from the side to move's point of view, in
    /// centi-units (100 = one seed in Kalah). Only called on positions where
    /// the game is not over.
    fn evaluate(&self) -> i32;

    /// A cheap ordering hint: higher is tried earlier. Used after the
    /// table move and before history (extra turns and captures score high).
    fn move_priority(&self, mv: Self::Move) -> i32;

    /// A small index for a move, below [`SearchGame::MOVE_INDEX_LIMIT`], so
    /// history tables can be plain arrays.
    fn move_index(mv: Self::Move) -> usize;

    /// Exclusive upper bound of [`SearchGame::move_index`].
    const MOVE_INDEX_LIMIT: usize;

    /// Whether the static evaluation can be trusted here. At the horizon
    /// the search evaluates quiet positions and searches the others one
    /// more ply (draughts: a capture is pending, and captures are
    /// mandatory). Every position is quiet by default.
    fn is_quiet(&self) -> bool {
        true
    }

    /// The exact final margin for the side to move, in centi-units, when a
    /// database in `oracles` knows this position (none by default).
    fn exact_margin(&self, oracles: &crate::search::oracles::Oracles) -> Option<i32> {
        let _ = oracles;
        None
    }
}
