//! Pluggable static evaluation.
//!
//! The search calls an [`Evaluator`] rather than [`SearchGame::evaluate`]
//! directly, so that a match between two evaluations (the way an
//! evaluation earns its place) needs no copy of the search. It is a type
//! parameter, so the call is monomorphised and costs nothing.

use crate::game::SearchGame;

/// A static evaluation of positions of `G`, from the side to move's view.
pub trait Evaluator<G>: Copy + Send + Sync + 'static {
    /// The score of a position that is not over, in centi-units.
    fn evaluate(&self, position: &G) -> i32;
}

/// The game's own evaluation, [`SearchGame::evaluate`].
#[derive(Clone, Copy, Debug, Default)]
pub struct GameEvaluation;

impl<G: SearchGame> Evaluator<G> for GameEvaluation {
    #[inline]
    fn evaluate(&self, position: &G) -> i32 {
        position.evaluate()
    }
}
