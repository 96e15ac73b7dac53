//! Russian draughts in the engine: the rules are
//! [`ply_rules::games::russian`]; here are its static evaluation (`eval`),
//! the [`SearchGame`](crate::search::SearchGame) impl (`search`), the
//! endgame tables (`endgame`) and the solver that proves each move's
//! result with them (`solve`).

use crate::engine_game::judging::{Judging, Thresholds};
use crate::engine_game::tuning::{Tuning, TuningHooks};
use crate::engine_game::{DatabaseHooks, EngineGame, Hooks};
use crate::search::score::CENTI;
use crate::search_thread::RunningSearch;
use crate::search_thread::solve::{SolveJob, bounds};
use endgame::RussianDb;

pub mod endgame;
mod eval;
pub mod network;
mod search;
pub mod solve;
mod tuning;

pub use eval::{RussianEvaluation, square_table};
use ply_rules::games::russian::Russian;
pub use search::CAPTURE_PRIORITY;

/// Russian draughts thinks with the alpha-beta search; its endgame tables
/// hold every position of a few pieces (`endgame`), and `solve` proves
/// each move's result with them (`solve`).
impl EngineGame for Russian {
    const HAS_SOLVER: bool = true;
    const DATABASE: Option<&'static dyn DatabaseHooks<Self>> = Some(&Hooks::<RussianDb>::NEW);
    const TUNING: Option<&'static dyn TuningHooks<Self>> = Some(&Tuning::<Self>::NEW);
    /// The start, a middle game from the engine's own line, and a king ending.
    const BENCH_POSITIONS: &'static [&'static str] = &[
        "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb8,d8,f8,h8,a7,c7,e7,g7,b6,d6,f6,h6",
        "W:Wa1,c1,e1,g1,d2,f2,h2,a3,e3,f4,a5:Bb8,d8,f8,h8,c7,e7,d6,h6,c5,g5,h4",
        "B:WKc1,e3,g3,h2:BKh8,b6,d6",
    ];
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

    fn solve(self, job: SolveJob) -> Result<RunningSearch, String> {
        bounds::start(self, job)
    }
}
