//! How the engine thinks about each game: the hooks the generic session
//! asks instead of naming games. Every game implements [`EngineGame`] in
//! its own engine module (`games/<game>/`), most with the defaults.

use std::sync::{Arc, Mutex};

use ply_protocol::GoParams;
use ply_rules::registry::GameDef;

use crate::game::SearchGame;
use crate::options::EngineOptions;
use crate::variant::Variant;
use crate::with_variant;

use super::running::RunningSearch;
use super::{EngineTables, Output};

/// The engine's side of a game.
pub trait EngineGame: SearchGame + GameDef {
    /// Whether the game has an exact solver (`solve`).
    const HAS_SOLVER: bool = false;

    /// Called when a game starts with new rules: builds what the first
    /// `go` would otherwise spend its time on (Mastermind's code space).
    fn prepare(&self) {}

    /// `go`: starts thinking about this position on a new thread; the
    /// alpha-beta search by default.
    fn go(
        self,
        params: &GoParams,
        options: &EngineOptions,
        with_ponder: bool,
        tables: Arc<Mutex<EngineTables>>,
        out: Output,
    ) -> RunningSearch {
        super::go::start(self, params, options, with_ponder, tables, out)
    }

    /// `solve`: starts the exact solver on a new thread.
    ///
    /// # Errors
    /// A message when the game has no solver (the default) or its tables
    /// cannot be made.
    fn solve(
        self,
        threads: usize,
        tables: Arc<Mutex<EngineTables>>,
        out: Output,
    ) -> Result<RunningSearch, String> {
        let _ = (threads, tables, out);
        Err(no_solver())
    }
}

/// The error of `solve` in a game without a solver, naming those with one.
#[must_use]
pub fn no_solver() -> String {
    let with_solver: Vec<&str> = Variant::ALL
        .into_iter()
        .filter(|&variant| with_variant!(variant, G => <G as EngineGame>::HAS_SOLVER))
        .map(Variant::name)
        .collect();
    format!("solve is only available for {}", with_solver.join(", "))
}
