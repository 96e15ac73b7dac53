//! Mastermind in the engine: the rules are [`ply_rules::games::mastermind`];
//! here are the [`SearchGame`](crate::search::SearchGame) impl
//! (`search_game`), and the `strategy` that plays either side on `go`
//! (`go`: on its own thread, instead of the alpha-beta search).

mod go;
mod search_game;
pub mod strategy;

use ply_rules::games::mastermind::*;

use crate::engine_game::EngineGame;
use crate::engine_game::judging::Judging;
use crate::search_thread::go::GoJob;
use crate::search_thread::running::RunningSearch;

/// Mastermind thinks with its own strategy, not the alpha-beta search.
impl EngineGame for Mastermind {
    const JUDGING: Judging = Judging::NotAnnotated(
        "Mastermind games are not annotated: the breaker's scores are expected \
         guesses over the codes still possible, not a contest between two moves, \
         and its search takes no searchmoves to score the guess played",
    );
    const NO_BOOK: Option<&'static str> =
        Some("Mastermind has no book: the breaker's strategy has its own table");

    fn prepare(&self) {
        go::prepare(self);
    }

    fn go(self, job: GoJob) -> Result<RunningSearch, String> {
        if !job.params.searchmoves.is_empty() {
            return Err("searchmoves: Mastermind chooses among every code; \
                 searchmoves is for the board games"
                .to_owned());
        }
        Ok(go::start(self, job))
    }
}
