//! Oware in the engine: the rules are [`ply_rules::games::oware`]; here
//! are its static evaluation (`eval`), the
//! [`SearchGame`](crate::game::SearchGame) impl (`search`), and the
//! retrograde analysis of its endgames (`retrograde`, the simple form, and
//! `endgame_build`, the fast one).

pub mod endgame_build;
mod eval;
pub mod retrograde;
mod search;

pub use eval::{MOBILITY_WEIGHT, OwareEvaluation};
pub use ply_rules::games::oware::*;
pub use search::CAPTURE_PRIORITY;

/// Oware thinks with the alpha-beta search, and has no solver.
impl crate::engine_game::EngineGame for Oware {
    /// The start, and a middle game with a big house.
    const BENCH_POSITIONS: &'static [&'static str] = &[
        "4,4,4,4,4,4 0 4,4,4,4,4,4 0 s",
        "2,0,13,1,3,5 6 1,2,0,4,3,0 8 n",
    ];
    /// Judged in seeds, as Kalah.
    const JUDGING: crate::annotate::judge::Judging =
        crate::annotate::judge::Judging::Margin(crate::annotate::judge::Thresholds::SEEDS);
}
