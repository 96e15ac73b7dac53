//! How the engine thinks about each game: the hooks the generic session
//! and book ask instead of naming games. Every game implements [`EngineGame`] in
//! its own engine module (`games/<game>/`), most with the defaults.

pub mod database;
pub mod judging;
pub mod tuning;

use ply_rules::registry::GameDef;
use std::path::Path;

pub use crate::endgame::DatabasePlan;
use crate::endgame::progress::Progress;
use crate::search::SearchGame;
pub use database::{
    BuiltDatabase, DatabaseChecks, DatabaseFit, DatabaseHooks, Hooks, OpenedDatabase, no_databases,
    open_database_of_any_game,
};
use judging::Judging;
use ply_rules::variant::Variant;
use ply_rules::with_variant;
use tuning::TuningHooks;

use crate::search_thread::go::GoJob;
use crate::search_thread::memory::SearchMemory;
use crate::search_thread::running::RunningSearch;
use crate::search_thread::solve::SolveJob;

/// The engine's side of a game.
pub trait EngineGame: SearchGame + GameDef + 'static {
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
    fn prepare_memory(&self, memory: &mut SearchMemory) {
        let _ = memory;
    }

    /// The game's endgame databases, as the hooks below use them: a game
    /// with databases names their type here in one line
    /// (`Some(&Hooks::<KalahDb>::NEW)`, see [`database`]); `None` (the
    /// default) for a game without.
    const DATABASE: Option<&'static dyn DatabaseHooks<Self>> = None;

    /// How `ply-engine tune` plays, matches and fits the game's
    /// evaluations: a game whose evaluation can be tuned names itself here
    /// in one line (`Some(&Tuning::<Self>::NEW)`, with its `impl Tunable`,
    /// see [`tuning`]); `None` (the default) for a game without.
    const TUNING: Option<&'static dyn TuningHooks<Self>> = None;

    /// The family of this game's databases for the position's rules, as
    /// the cache names them (`<family>-<size>.db`, see
    /// [`crate::database_cache`]): `EndgameDB auto` loads the biggest.
    /// `None` for a game without databases.
    fn database_family(&self) -> Option<String> {
        Self::DATABASE.map(|database| database.family(self))
    }

    /// Opens the database file at `path` for this game (`EndgameDB`);
    /// with [`DatabaseFit::TheseRules`] a database of other rules than the
    /// position's is refused.
    ///
    /// # Errors
    /// The file cannot be read, is no database of this game, or (with
    /// `TheseRules`) serves other rules; or the game has none.
    fn open_database(&self, path: &Path, fit: DatabaseFit) -> Result<OpenedDatabase, String> {
        let database = Self::DATABASE.ok_or_else(|| no_databases(Self::NAME))?;
        database.open(self, path, fit)
    }

    /// What `build-db` would build for the position's rules with at most
    /// `max_size` seeds (or pieces, as [`DatabaseHooks::size_unit`] says)
    /// on the board: checked before anything starts.
    ///
    /// # Errors
    /// The game has no databases, or not of this size.
    fn database_plan(&self, max_size: u8) -> Result<DatabasePlan, String> {
        let database = Self::DATABASE.ok_or_else(|| no_databases(Self::NAME))?;
        database.plan(self, max_size)
    }

    /// `build-db`: builds the database of [`EngineGame::database_plan`] in
    /// memory on `threads` threads, calling `progress` now and then.
    ///
    /// # Errors
    /// As [`EngineGame::database_plan`], or the build failed.
    fn build_database(
        &self,
        max_size: u8,
        threads: usize,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<Box<dyn BuiltDatabase>, String> {
        let database = Self::DATABASE.ok_or_else(|| no_databases(Self::NAME))?;
        database.build(self, max_size, threads, progress)
    }

    /// `go`: starts thinking about this position on a new thread, as the
    /// job says; the alpha-beta search by default.
    ///
    /// # Errors
    /// Why the `go` is refused before anything starts (a `searchmoves`
    /// move that is not legal here).
    fn go(self, job: GoJob) -> Result<RunningSearch, String> {
        crate::search_thread::go::start(self, job)
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
