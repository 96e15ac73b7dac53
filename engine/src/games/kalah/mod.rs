//! Kalah in the engine: the rules are [`ply_rules::games::kalah`]; here
//! are its static evaluation (`eval`), the [`SearchGame`](crate::search::SearchGame)
//! impl (`search`), and the exact knowledge that stands apart from the
//! rules: the solver (`solve`, whose `command.rs` runs the protocol's `solve`), the endgame
//! databases (`endgame`) and the packed sowing both share (`packed`).

pub mod endgame;
mod eval;
mod packed;
mod search;
pub mod solve;

use std::path::Path;
use std::sync::{Arc, Mutex};

use ply_protocol::GoParams;

use crate::endgame::file::Backed;
use crate::endgame::progress::Progress;
use crate::engine_game::judging::{Judging, Thresholds};
use crate::engine_game::{
    BookSection, BuiltDatabase, DatabaseChecks, DatabaseFit, DatabasePlan, EngineGame,
    OpenedDatabase,
};
use crate::options::EngineOptions;
use crate::search::Budget;
use crate::search_thread::output::Output;
use crate::search_thread::running::RunningSearch;
use crate::search_thread::tables::EngineTables;

/// The book section of Irving's capture rule, which a position string
/// does not show.
const EMPTY_CAPTURE_SECTION: &str = "empty-capture";

/// Kalah thinks with the alpha-beta search, and has the exact solver.
impl EngineGame for Kalah {
    const HAS_SOLVER: bool = true;
    const JUDGING: Judging = Judging::Margin(Thresholds::SEEDS);
    const BOOK_SECTIONS: &'static [BookSection] =
        &[(EMPTY_CAPTURE_SECTION, &[("EmptyCapture", "true")])];
    /// The usual starts of three to six seeds, middle games from the
    /// Prolog Kalah transcripts, and the twelve-pit start.
    const BENCH_POSITIONS: &'static [&'static str] = &[
        "4,4,4,4,4,4 0 4,4,4,4,4,4 0 s",
        "6,6,6,6,6,6 0 6,6,6,6,6,6 0 s",
        "3,3,3,3,3,3 0 3,3,3,3,3,3 0 s",
        "5,5,5,5,5,5 0 5,5,5,5,5,5 0 s",
        "4,4,0,5,5,0 2 5,5,5,5,4,4 0 n",
        "0,5,1,1,0,0 7 0,0,10,9,7,7 1 n",
        "1,8,8,7,0,8 2 7,7,0,8,8,7 1 s",
        "4,4,4,4,4,4,4,4,4,4,4,4 0 4,4,4,4,4,4,4,4,4,4,4,4 0 s",
    ];

    fn book_section(&self) -> String {
        if self.empty_capture() {
            format!("kalah {EMPTY_CAPTURE_SECTION}")
        } else {
            "kalah".to_owned()
        }
    }

    /// With an endgame database loaded, a timed `go` proves first and
    /// plays a proven-best move (`solve::perfect`).
    fn go(
        self,
        params: &GoParams,
        options: &EngineOptions,
        with_ponder: bool,
        tables: Arc<Mutex<EngineTables>>,
        out: Output,
    ) -> Result<RunningSearch, String> {
        solve::perfect::start(self, params, options, with_ponder, tables, out)
    }

    fn prepare_tables(&self, tables: &mut EngineTables) {
        solve::perfect::prepare_tables(self, tables);
    }

    fn database_family(&self) -> Option<String> {
        Some(endgame::cache_family(
            self.pit_count(),
            self.empty_capture(),
        ))
    }

    fn database_plan(&self, max_seeds: u8) -> Result<DatabasePlan, String> {
        let pits = self.pit_count();
        let entries = crate::endgame::entry_count(2 * usize::from(pits), max_seeds)
            .ok_or("a database of this size has more entries than a number can count")?;
        Ok(DatabasePlan {
            description: format!(
                "Kalah({pits}) {}, at most {max_seeds} seeds on the board",
                endgame::capture_rule_name(self.empty_capture())
            ),
            file_name: endgame::cache_file_name(pits, self.empty_capture(), max_seeds),
            entries,
            memory: entries,
            file_bytes: endgame::file_size_of(entries),
        })
    }

    fn build_database(
        &self,
        max_seeds: u8,
        threads: usize,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<Box<dyn BuiltDatabase>, String> {
        let db = KalahDb::build(
            self.pit_count(),
            self.empty_capture(),
            max_seeds,
            threads,
            progress,
        )
        .map_err(|e| e.to_string())?;
        Ok(Box::new(db))
    }

    fn open_database(&self, path: &Path, fit: DatabaseFit) -> Result<OpenedDatabase, String> {
        // The error names the file.
        let db = KalahDb::open(path).map_err(|e| e.to_string())?;
        let rules = |pits: u8, empty_capture: bool| {
            format!("{pits} pits, {}", endgame::capture_rule_name(empty_capture))
        };
        let db_rules = rules(db.pits(), db.empty_capture());
        if fit == DatabaseFit::TheseRules
            && (db.pits(), db.empty_capture()) != (self.pit_count(), self.empty_capture())
        {
            return Err(format!(
                "{} is a database of {db_rules}, not of the game played ({})",
                path.display(),
                rules(self.pit_count(), self.empty_capture())
            ));
        }
        let description = format!(
            "{db_rules}, up to {} seeds on the board, {} positions",
            db.max_seeds(),
            db.len()
        );
        let family = endgame::cache_family(db.pits(), db.empty_capture());
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
        solve::command::start(self, budget, options.threads, options.multipv, tables, out)
    }
}

pub use endgame::KalahDb;
pub use eval::{EXTRA_TURN_WEIGHT, KalahEvaluation, SEED_VALUE};
use ply_rules::games::kalah::*;
pub use search::{CAPTURE_PRIORITY, EXTRA_TURN_PRIORITY};
