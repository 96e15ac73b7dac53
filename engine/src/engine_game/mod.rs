//! How the engine thinks about each game: the hooks the generic session
//! and book ask instead of naming games. Every game implements [`EngineGame`] in
//! its own engine module (`games/<game>/`), most with the defaults.

pub mod judging;

use std::any::Any;
use std::path::Path;
use std::sync::{Arc, Mutex};

use ply_protocol::GoParams;
use ply_rules::registry::GameDef;

use crate::endgame::file::DatabaseFile;
use crate::endgame::progress::Progress;
use crate::options::EngineOptions;
use crate::search::SearchGame;
use judging::Judging;
use ply_rules::variant::{AnyGame, AnyRules, Variant};
use ply_rules::{with_game, with_variant};

use crate::search_thread::output::Output;
use crate::search_thread::running::RunningSearch;
use crate::search_thread::solve::SolveJob;
use crate::search_thread::tables::EngineTables;

/// The engine's side of a game.
pub trait EngineGame: SearchGame + GameDef {
    /// Whether the game has an exact solver (`solve`).
    const HAS_SOLVER: bool = false;

    /// How `ply-engine annotate` judges the game's moves: the unit of its
    /// scores and the losses that make an inaccuracy, a mistake, a blunder
    /// (see `docs/analysis.md`). No default: each game decides.
    const JUDGING: Judging;

    /// Why the game has no opening book (its moves come from elsewhere),
    /// or `None` when books serve it.
    const NO_BOOK: Option<&'static str> = None;

    /// The book sections beside the game's own name, for rules its
    /// position strings do not show: each suffix with the rule options it
    /// stands for (Kalah's `empty-capture`).
    const BOOK_SECTIONS: &'static [BookSection] = &[];

    /// The positions `bench` searches in this game (position strings, each
    /// read with the game's default rules, whose board it may resize): its
    /// share of the bench signature. None by default.
    const BENCH_POSITIONS: &'static [&'static str] = &[];

    /// The book section of this position: the game's name, and the suffix
    /// of the rules its position string does not show.
    fn book_section(&self) -> String {
        Self::NAME.to_owned()
    }

    /// Called when a game starts with new rules: builds what the first
    /// `go` would otherwise spend its time on (Mastermind's code space).
    fn prepare(&self) {}

    /// Makes ready, before any clock runs, the memory a timed `go` would
    /// otherwise set up on its own time (Kalah's solver table, when a
    /// database makes `go` prove first). The session calls it whenever that
    /// may have changed: a database loaded, `Hash` resized or cleared, and
    /// a game started with new rules.
    fn prepare_tables(&self, tables: &mut EngineTables) {
        let _ = tables;
    }

    /// The family of this game's databases for the position's rules, as
    /// the cache names them (`<family>-<size>.db`, see
    /// [`crate::database_cache`]): `EndgameDB auto` loads the biggest.
    /// `None` (the default) for a game without databases.
    fn database_family(&self) -> Option<String> {
        None
    }

    /// Opens the database file at `path` for this game (`EndgameDB`);
    /// with [`DatabaseFit::TheseRules`] a database of other rules than the
    /// position's is refused.
    ///
    /// # Errors
    /// The file cannot be read, is no database of this game, or (with
    /// `TheseRules`) serves other rules; the default: the game has none.
    fn open_database(&self, path: &Path, fit: DatabaseFit) -> Result<OpenedDatabase, String> {
        let _ = (path, fit);
        Err(format!("{} has no endgame databases", Self::NAME))
    }

    /// What `build-db` would build for the position's rules with at most
    /// `max_seeds` seeds on the board: checked before anything starts.
    ///
    /// # Errors
    /// The game has no databases (the default), or not of this size.
    fn database_plan(&self, max_seeds: u8) -> Result<DatabasePlan, String> {
        let _ = max_seeds;
        Err(format!("{} has no endgame databases", Self::NAME))
    }

    /// `build-db`: builds the database of [`EngineGame::database_plan`] in
    /// memory on `threads` threads, calling `progress` now and then.
    ///
    /// # Errors
    /// As [`EngineGame::database_plan`], or the build failed.
    fn build_database(
        &self,
        max_seeds: u8,
        threads: usize,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<Box<dyn BuiltDatabase>, String> {
        let _ = (max_seeds, threads, progress);
        Err(format!("{} has no endgame databases", Self::NAME))
    }

    /// `go`: starts thinking about this position on a new thread; the
    /// alpha-beta search by default.
    ///
    /// # Errors
    /// Why the `go` is refused before anything starts (a `searchmoves`
    /// move that is not legal here).
    fn go(
        self,
        params: &GoParams,
        options: &EngineOptions,
        with_ponder: bool,
        tables: Arc<Mutex<EngineTables>>,
        out: Output,
    ) -> Result<RunningSearch, String> {
        crate::search_thread::go::start(self, params, options, with_ponder, tables, out)
    }

    /// `solve`: starts the game's solver on a new thread (with `Threads`,
    /// and `MultiPV` for the values of the best moves), which stops by
    /// itself once the job's budget is spent (`solve nodes N movetime
    /// MS`). A solver that proves bounds on each move needs only
    /// [`crate::search_thread::solve::bounds::start`] here.
    ///
    /// # Errors
    /// A message when the game has no solver (the default) or its tables
    /// cannot be made.
    fn solve(self, job: SolveJob) -> Result<RunningSearch, String> {
        let _ = job;
        Err(no_solver())
    }
}

/// Whether a database must serve the rules being played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DatabaseFit {
    /// Any rules of the game: a file named by hand, whose positions the
    /// search looks up only when they are of its rules.
    AnyRules,
    /// The position's rules: a database the cache offers for them.
    TheseRules,
}

/// A database a game opened: what the search asks (see
/// [`crate::search::oracles::Oracles`]), what it is, in words, and how
/// sound it is.
pub struct OpenedDatabase {
    /// The database, of the game's own type.
    pub oracle: Arc<dyn Any + Send + Sync>,
    /// The same database, for the checks any layer may ask of it.
    pub checks: Arc<dyn DatabaseChecks>,
    /// The family of the rules it serves, as the cache names them
    /// ([`EngineGame::database_family`]): a game whose family differs never
    /// reads it.
    pub family: String,
    /// What it holds, for `info string` (`6 pits, standard capture, up
    /// to 24 seeds on the board, … positions`).
    pub description: String,
}

impl std::fmt::Debug for OpenedDatabase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OpenedDatabase")
            .field("family", &self.family)
            .field("description", &self.description)
            .finish_non_exhaustive()
    }
}

/// What any layer may ask of an opened database, whatever its game: is it
/// sound? A database file checks its parts as they are first read and
/// never gives a value from a damaged part; these say what it found, and
/// check all of it on request.
pub trait DatabaseChecks: Send + Sync {
    /// The damage found since the file was opened, in words naming the
    /// file; `None` while none was found.
    fn damage(&self) -> Option<String>;

    /// Checks the whole file, calling `progress(done, total)` as it goes
    /// (in units of the database's choosing).
    ///
    /// # Errors
    /// The damage found, in words naming the file.
    fn verify(&self, progress: &mut dyn FnMut(u64, u64)) -> Result<(), String>;
}

/// What a database build will make, for the checks before it starts and
/// its messages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DatabasePlan {
    /// What it holds, in words (`Kalah(6) standard capture, at most 24
    /// seeds on the board`).
    pub description: String,
    /// Its name in the cache ([`crate::database_cache::file_name`]).
    pub file_name: String,
    /// Entries.
    pub entries: u64,
    /// Bytes of memory the build needs, about.
    pub memory: u64,
    /// Bytes of its file.
    pub file_bytes: u64,
}

/// A database built in memory, to be saved.
pub trait BuiltDatabase {
    /// Writes it to `path` (through a temporary file and a rename).
    ///
    /// # Errors
    /// The file cannot be written.
    fn save(&self, path: &Path) -> Result<(), String>;

    /// Entries.
    fn entries(&self) -> u64;

    /// Bytes of its file.
    fn file_size(&self) -> u64;
}

impl<T: crate::endgame::file::Backed> BuiltDatabase for T {
    fn save(&self, path: &Path) -> Result<(), String> {
        self.file().save(path).map_err(|e| e.to_string())
    }

    fn entries(&self) -> u64 {
        self.file().header().count
    }

    fn file_size(&self) -> u64 {
        self.file().file_size()
    }
}

/// Every database checks its file the same way (see
/// [`crate::endgame::file::DatabaseFile`]).
impl<T: crate::endgame::file::Backed + Send + Sync> DatabaseChecks for T {
    fn damage(&self) -> Option<String> {
        self.file().damage().map(|e| e.to_string())
    }

    fn verify(&self, progress: &mut dyn FnMut(u64, u64)) -> Result<(), String> {
        self.file()
            .verify_with_progress(progress)
            .map_err(|e| e.to_string())
    }
}

/// Opens the database file at `path` for whichever game it belongs to
/// (`ply-engine verify-db`, which is given a file and no game): the game
/// its magic names.
///
/// # Errors
/// The file cannot be read, is no database, or its game cannot open it:
/// one reason, that game's.
pub fn open_database_of_any_game(path: &Path) -> Result<OpenedDatabase, String> {
    // The file's magic names its game, and only that game opens it: what is
    // wrong with the file is then said once, by its own game.
    let kind = DatabaseFile::kind_of(path).map_err(|e| e.to_string())?;
    let start = AnyGame::start(&AnyRules::default_for(kind.variant()))?;
    with_game!(&start, game => game.open_database(path, DatabaseFit::AnyRules))
}

/// A book section beside a game's own: `<game> <suffix>` holds positions
/// played with `options` set.
pub type BookSection = (&'static str, &'static [(&'static str, &'static str)]);

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_games_whose_hooks_say_yes() {
        // Kalah and Oware have solvers; the list follows the hooks.
        assert!(
            no_solver().starts_with("solve is only available for kalah, oware"),
            "{}",
            no_solver()
        );
        let err = crate::book::canonical_entry("chess", "x", Vec::new()).unwrap_err();
        assert!(
            err.starts_with(
                "unknown section [chess]: a book holds kalah, kalah empty-capture, oware"
            ),
            "{err}"
        );
    }
}
