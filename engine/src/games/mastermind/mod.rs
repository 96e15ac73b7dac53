//! Mastermind in the engine: the rules are [`ply_rules::games::mastermind`];
//! here are the [`SearchGame`](crate::game::SearchGame) impl
//! (`search_game`) and the `strategy` that plays either side on `go`.

mod search_game;
pub mod strategy;

pub use ply_rules::games::mastermind::*;
