//! Russian draughts in the engine: the rules are
//! [`ply_rules::games::russian`]; here are its static evaluation (`eval`),
//! the [`SearchGame`](crate::search::SearchGame) impl (`search`), the
//! endgame tables (`endgame`) and the solver that proves each move's
//! result with them (`solve`).

use std::path::Path;
use std::sync::{Arc, Mutex};

use crate::endgame::file::Backed;
use crate::endgame::format::{Header, Kind};
use crate::endgame::progress::Progress;
use crate::engine_game::judging::{Judging, Thresholds};
use crate::engine_game::{
    BuiltDatabase, DatabaseChecks, DatabaseFit, DatabasePlan, EngineGame, OpenedDatabase,
};
use crate::options::EngineOptions;
use crate::search::Budget;
use crate::search::score::CENTI;
use crate::search_thread::{EngineTables, Output, RunningSearch};
use endgame::{CACHE_FAMILY, Directory, MAX_BUILD_PIECES, RussianDb};

pub mod endgame;
mod eval;
mod search;
pub mod solve;

pub use eval::{RussianEvaluation, square_table};
use ply_rules::games::russian::Russian;
pub use search::CAPTURE_PRIORITY;

/// Russian draughts thinks with the alpha-beta search; its endgame tables
/// hold every position of a few pieces (`endgame`), and `solve` proves
/// each move's result with them (`solve`).
impl EngineGame for Russian {
    const HAS_SOLVER: bool = true;
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

    fn database_family(&self) -> Option<String> {
        Some(CACHE_FAMILY.to_owned())
    }

    /// `build-db --variant russian --max-pieces N`: the tables of every
    /// material of at most N pieces.
    fn database_plan(&self, max_pieces: u8) -> Result<DatabasePlan, String> {
        if !(2..=MAX_BUILD_PIECES).contains(&max_pieces) {
            return Err(format!(
                "Russian draughts tables hold 2 to {MAX_BUILD_PIECES} pieces, not {max_pieces}"
            ));
        }
        let directory = Directory::new(max_pieces);
        let entries = directory.total();
        let largest = directory
            .tables()
            .map(|(layout, _)| layout.entries())
            .max()
            .unwrap_or(0);
        let header = Header::new(Kind::Russian, 0, false, max_pieces, entries);
        Ok(DatabasePlan {
            description: format!("Russian draughts, at most {max_pieces} pieces on the board"),
            file_name: crate::database_cache::file_name(CACHE_FAMILY, max_pieces.into()),
            entries,
            // The run of tables, and a material with its mirror being
            // solved: an entry and a count a position of each.
            memory: entries + 4 * largest,
            // At most the entries as they are: the blocks are compressed.
            file_bytes: header.entries_offset() + entries,
        })
    }

    fn build_database(
        &self,
        max_pieces: u8,
        threads: usize,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<Box<dyn BuiltDatabase>, String> {
        let db = RussianDb::build(max_pieces, threads, progress).map_err(|e| e.to_string())?;
        Ok(Box::new(db))
    }

    /// Russian draughts has one set of rules: any of its tables fits.
    fn open_database(&self, path: &Path, fit: DatabaseFit) -> Result<OpenedDatabase, String> {
        let _ = fit;
        // The error names the file.
        let db = RussianDb::open(path).map_err(|e| e.to_string())?;
        let description = format!(
            "Russian draughts, up to {} pieces on the board, {} positions",
            db.max_pieces(),
            db.len()
        );
        let db = Arc::new(db);
        Ok(OpenedDatabase {
            description,
            family: CACHE_FAMILY.to_owned(),
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
        solve::start(self, budget, options.multipv, tables, out)
    }
}
