//! Russian draughts in the engine: the rules are
//! [`ply_rules::games::russian`]; here are its static evaluation (`eval`)
//! and the [`SearchGame`](crate::game::SearchGame) impl (`search`).

use crate::annotate::judge::{CENTI, Judging, Thresholds};

mod eval;
mod search;

pub use eval::RussianEvaluation;
pub use ply_rules::games::russian::*;
pub use search::CAPTURE_PRIORITY;

/// Russian draughts thinks with the alpha-beta search, and has no solver.
impl crate::engine_game::EngineGame for Russian {
    /// Judged in men (a king is worth 2.5): half a man given away is an
    /// inaccuracy, a man a mistake, two men a blunder; beyond five men
    /// ahead (or behind) a little more or less changes nothing.
    const JUDGING: Judging = Judging::Margin(Thresholds {
        unit: "men",
        inaccuracy: CENTI / 2,
        mistake: CENTI,
        blunder: 2 * CENTI,
        cap: 5 * CENTI,
    });
}
