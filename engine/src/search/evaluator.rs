//! Pluggable static evaluation.
//!
//! The search calls an [`Evaluator`] rather than [`SearchGame::evaluate`]
//! directly, so that a match between two evaluations (the way an
//! evaluation earns its place) needs no copy of the search. It is a type
//! parameter, so the call is monomorphised and costs nothing.

use super::game::{KnownMargin, SearchGame};
use crate::search::oracles::Oracles;

/// A static evaluation of positions of `G`, from the side to move's view.
pub trait Evaluator<G>: Clone + Send + Sync + 'static {
    /// The score of a position that is not over, in centi-units.
    fn evaluate(&self, position: &G) -> i32;

    /// What is known of the final margin for the side to move
    /// (centi-units) without search; nothing by default.
    fn known(&self, position: &G) -> Option<KnownMargin> {
        let _ = position;
        None
    }
}

/// The game's own evaluation, [`SearchGame::evaluate`], and its endgame
/// databases, [`SearchGame::known_margin`].
#[derive(Clone, Debug, Default)]
pub struct GameEvaluation {
    /// The databases loaded (none by default).
    pub oracles: Oracles,
}

impl<G: SearchGame> Evaluator<G> for GameEvaluation {
    #[inline]
    fn evaluate(&self, position: &G) -> i32 {
        position.evaluate()
    }

    #[inline]
    fn known(&self, position: &G) -> Option<KnownMargin> {
        position.known_margin(&self.oracles)
    }
}
