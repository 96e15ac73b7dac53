//! What the search needs from a game beyond its rules (which are
//! [`ply_rules::game::Game`]): a hash key, a static evaluation and
//! move-ordering hints.

use ply_rules::game::{Game, Player};

use crate::network::{EmbeddedNetwork, Slots};

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

    /// ProbCut's margin (`search::probcut`), in centi-units a ply of
    /// depth left: by how much a shallow search must beat beta for the
    /// search to cut without the full one. Each game turns it on only when
    /// a match against the engine without it says so; off by default.
    const PROBCUT_MARGIN_PER_PLY: Option<i32> = None;

    /// Whether the static evaluation can be trusted here. At the horizon
    /// the search evaluates quiet positions and searches the others one
    /// more ply (draughts: a capture is pending, and captures are
    /// mandatory). Every position is quiet by default.
    fn is_quiet(&self) -> bool {
        true
    }

    /// What a database in `oracles` knows of the final margin for the
    /// side to move, in centi-units (nothing by default).
    fn known_margin(&self, oracles: &crate::search::oracles::Oracles) -> Option<KnownMargin> {
        let _ = oracles;
        None
    }

    /// The game's own network, embedded in the engine (with the shape of
    /// its input, `crate::network`); none by default.
    fn network() -> Option<&'static EmbeddedNetwork> {
        None
    }

    /// This position from `perspective`'s view as the network reads it:
    /// the feature on in each slot, pushed onto `slots` in the game's
    /// order. False where the network does not read this board (another
    /// board size): the game's own evaluation stands in. Whether it reads
    /// a board must not change along a game: a search asks at its root
    /// only (`GameEvaluation::for_root`).
    fn network_input(&self, perspective: Player, slots: &mut Slots) -> bool {
        let _ = (perspective, slots);
        false
    }

    /// What the network's output is added to, in centi-units for the side
    /// to move: what the game knows exactly (Oware's captured margin); 0
    /// by default.
    fn network_base(&self) -> i32 {
        0
    }

    /// Which of a network's `buckets` output layers (at least one) weighs
    /// this position: the game's phase cut into that many (draughts: the
    /// pieces left), the same in training and in play. The first by
    /// default, which a network of one output layer always plays.
    fn network_bucket(&self, buckets: usize) -> usize {
        let _ = buckets;
        0
    }
}

/// Bounds on a position's final margin for its side to move, in
/// centi-units, from an endgame database: exact when they meet (Kalah's
/// databases always; Oware's where no side gains by cycling).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KnownMargin {
    /// The least the side to move ends with.
    pub lower: i32,
    /// The most the side to move ends with.
    pub upper: i32,
}

impl KnownMargin {
    /// An exact margin.
    #[must_use]
    pub fn exact(margin: i32) -> Self {
        Self {
            lower: margin,
            upper: margin,
        }
    }
}
