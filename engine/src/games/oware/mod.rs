//! Oware in the engine: the rules are [`ply_rules::games::oware`]; here
//! are its static evaluation (`eval`, with the fitted `house_table`), the
//! [`SearchGame`](crate::search::SearchGame) impl (`search`), the
//! retrograde analysis of its endgames (`endgame`: the bounds, their
//! build, the database file), and the solver's proven bounds (`solve`;
//! its `command.rs`, the protocol's `solve`).

pub mod endgame;
mod eval;
pub mod network;
mod search;
pub mod solve;
mod tuning;

use crate::engine_game::tuning::{Tuning, TuningHooks};
use crate::engine_game::{DatabaseHooks, EngineGame, Hooks};
use crate::search_thread::running::RunningSearch;
use crate::search_thread::solve::{SolveJob, bounds};
use endgame::OwareDb;

pub use eval::{MOBILITY_WEIGHT, OwareEvaluation, house_table};
use ply_rules::games::oware::Oware;
pub use search::CAPTURE_PRIORITY;

/// Oware thinks with the alpha-beta search; `solve` proves bounds on its
/// moves' values, exact where they meet (`solve/`); its endgame databases
/// hold bounds too (`endgame/`).
impl EngineGame for Oware {
    const HAS_SOLVER: bool = true;
    const DATABASE: Option<&'static dyn DatabaseHooks<Self>> = Some(&Hooks::<OwareDb>::NEW);
    const TUNING: Option<&'static dyn TuningHooks<Self>> = Some(&Tuning::<Self>::NEW);
    /// The start, and a middle game with a big house.
    const BENCH_POSITIONS: &'static [&'static str] = &[
        "4,4,4,4,4,4 0 4,4,4,4,4,4 0 s",
        "2,0,13,1,3,5 6 1,2,0,4,3,0 8 n",
    ];
    /// Judged in seeds, as Kalah.
    const JUDGING: crate::engine_game::judging::Judging =
        crate::engine_game::judging::Judging::Margin(
            crate::engine_game::judging::Thresholds::SEEDS,
        );

    fn solve(self, job: SolveJob) -> Result<RunningSearch, String> {
        bounds::start(self, job)
    }
}
