//! Oware in the engine: the rules are [`ply_rules::games::oware`]; here
//! are its static evaluation (`eval`) and the
//! [`SearchGame`](crate::game::SearchGame) impl (`search`).

mod eval;
mod search;

pub use eval::{MOBILITY_WEIGHT, OwareEvaluation};
pub use ply_rules::games::oware::*;
pub use search::CAPTURE_PRIORITY;

/// Oware thinks with the alpha-beta search, and has no solver.
impl crate::engine_game::EngineGame for Oware {
    /// Judged in seeds, as Kalah.
    const JUDGING: crate::annotate::judge::Judging =
        crate::annotate::judge::Judging::Margin(super::kalah::SEED_THRESHOLDS);
}
