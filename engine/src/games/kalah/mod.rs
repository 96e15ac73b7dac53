//! Kalah in the engine: the rules are [`ply_rules::games::kalah`]; here
//! are its static evaluation (`eval`), the [`SearchGame`](crate::game::SearchGame)
//! impl (`search`), and the exact knowledge that stands apart from the
//! rules: the solver (`solve`, run by `solve_command`), the endgame
//! databases (`endgame`) and the packed sowing both share (`packed`).

pub mod endgame;
mod eval;
mod packed;
mod search;
pub mod solve;
mod solve_command;

use std::sync::{Arc, Mutex};

use crate::session::{EngineGame, EngineTables, Output, RunningSearch};

/// Kalah thinks with the alpha-beta search, and has the exact solver.
impl EngineGame for Kalah {
    const HAS_SOLVER: bool = true;

    fn solve(
        self,
        threads: usize,
        tables: Arc<Mutex<EngineTables>>,
        out: Output,
    ) -> Result<RunningSearch, String> {
        solve_command::start(self, threads, tables, out)
    }
}

pub use endgame::{EndgameDb, EndgameDbError};
pub use eval::{EXTRA_TURN_WEIGHT, KalahEvaluation, SEED_VALUE};
pub use ply_rules::games::kalah::*;
pub use search::{CAPTURE_PRIORITY, EXTRA_TURN_PRIORITY};
