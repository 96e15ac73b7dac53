//! Mastermind in the engine: the rules are [`ply_rules::games::mastermind`];
//! here are the [`SearchGame`](crate::search::SearchGame) impl
//! (`search_game`), and the `strategy` that plays either side on `go`
//! (`go`: on its own thread, instead of the alpha-beta search).

mod go;
mod search_game;
pub mod strategy;

use ply_rules::games::mastermind::*;

use std::sync::{Arc, Mutex};

use ply_protocol::GoParams;

use crate::engine_game::EngineGame;
use crate::engine_game::judging::Judging;
use crate::options::EngineOptions;
use crate::search_thread::output::Output;
use crate::search_thread::running::RunningSearch;
use crate::search_thread::tables::EngineTables;

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

    fn go(
        self,
        params: &GoParams,
        options: &EngineOptions,
        _with_ponder: bool,
        _tables: Arc<Mutex<EngineTables>>,
        out: Output,
    ) -> Result<RunningSearch, String> {
        if !params.searchmoves.is_empty() {
            return Err("searchmoves: Mastermind chooses among every code; \
                 searchmoves is for the board games"
                .to_owned());
        }
        Ok(go::start(self, params, options, out))
    }
}
