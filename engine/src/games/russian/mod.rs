//! Russian draughts in the engine: the rules are
//! [`ply_rules::games::russian`]; here are its static evaluation (`eval`)
//! and the [`SearchGame`](crate::game::SearchGame) impl (`search`).

mod eval;
mod search;

pub use eval::RussianEvaluation;
pub use ply_rules::games::russian::*;
pub use search::CAPTURE_PRIORITY;

/// Russian draughts thinks with the alpha-beta search, and has no solver.
impl crate::engine_game::EngineGame for Russian {}
