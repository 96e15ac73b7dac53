//! Oware in the engine: the rules are [`ply_rules::games::oware`]; here
//! are its static evaluation (`eval`, with the fitted `house_table`), the
//! [`SearchGame`](crate::search::SearchGame) impl (`search`), and the
//! retrograde analysis of its endgames (`retrograde`, the simple form;
//! `endgame_build`, passes over whole levels, kept as the reference;
//! `endgame_propagate`, the build that works only where something can
//! change, with `endgame_parents`, the boards a quiet move away;
//! `endgame`, the database file), and the
//! solver's proven bounds (`solve`; its `command.rs`, the protocol's
//! `solve`).

pub mod endgame;
pub mod endgame_build;
mod endgame_parents;
pub mod endgame_propagate;
mod eval;
pub mod house_table;
pub mod retrograde;
mod search;
pub mod solve;

use std::path::Path;
use std::sync::{Arc, Mutex};

use crate::endgame::progress::Progress;
use crate::engine_game::{
    BuiltDatabase, DatabaseChecks, DatabaseFit, DatabasePlan, EngineGame, OpenedDatabase,
};
use crate::options::EngineOptions;
use crate::search::Budget;
use crate::search_thread::output::Output;
use crate::search_thread::running::RunningSearch;
use crate::search_thread::tables::EngineTables;
use endgame::OwareDb;

pub use eval::{MOBILITY_WEIGHT, OwareEvaluation};
use ply_rules::games::oware::*;
pub use search::CAPTURE_PRIORITY;

/// Oware thinks with the alpha-beta search; `solve` proves bounds on its
/// moves' values, exact where they meet (`solve.rs`).
impl EngineGame for Oware {
    const HAS_SOLVER: bool = true;
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

    fn database_family(&self) -> Option<String> {
        Some(endgame::cache_family(self.house_count()))
    }

    fn database_plan(&self, max_seeds: u8) -> Result<DatabasePlan, String> {
        let houses = self.house_count();
        if houses > endgame::MAX_HOUSES {
            return Err(format!(
                "an Oware database has 1 to {} houses a side, not {houses}",
                endgame::MAX_HOUSES
            ));
        }
        let entries = crate::endgame::entry_count(2 * usize::from(houses), max_seeds)
            .ok_or("a database of this size has more entries than a number can count")?;
        Ok(DatabasePlan {
            description: format!(
                "Oware ({houses} houses a side), at most {max_seeds} seeds on the board"
            ),
            file_name: crate::database_cache::file_name(
                &endgame::cache_family(houses),
                max_seeds.into(),
            ),
            entries,
            memory: endgame_propagate::memory_needed(houses, max_seeds).unwrap_or(u64::MAX),
            file_bytes: endgame::file_size_of(houses, max_seeds, entries),
        })
    }

    fn build_database(
        &self,
        max_seeds: u8,
        threads: usize,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<Box<dyn BuiltDatabase>, String> {
        let db = OwareDb::build(self.house_count(), max_seeds, threads, progress)
            .map_err(|e| e.to_string())?;
        Ok(Box::new(db))
    }

    fn open_database(&self, path: &Path, fit: DatabaseFit) -> Result<OpenedDatabase, String> {
        // The error names the file.
        let db = OwareDb::open(path).map_err(|e| e.to_string())?;
        if fit == DatabaseFit::TheseRules && db.houses() != self.house_count() {
            return Err(format!(
                "{} is a database of {} houses a side, not of the game played ({})",
                path.display(),
                db.houses(),
                self.house_count()
            ));
        }
        let description = format!(
            "{} houses, up to {} seeds on the board, {} positions",
            db.houses(),
            db.max_seeds(),
            db.len()
        );
        let family = endgame::cache_family(db.houses());
        let db = Arc::new(db);
        Ok(OpenedDatabase {
            description,
            family,
            checks: Arc::clone(&db) as Arc<dyn DatabaseChecks>,
            oracle: db,
        })
    }

    fn solve(
        self,
        budget: Budget,
        options: &EngineOptions,
        tables: Arc<Mutex<EngineTables>>,
        out: Output,
    ) -> Result<RunningSearch, String> {
        solve::command::start(self, budget, options.multipv, tables, out)
    }
}
