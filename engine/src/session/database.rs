//! `EndgameDB`: the database a file names, none, or under `auto` (the
//! default) the biggest one the cache holds for the game and rules played
//! ([`crate::database_cache`]), found again whenever they change.
//!
//! The game opens its own databases ([`EngineGame::open_database`]) and
//! names their family in the cache ([`EngineGame::database_family`]); the
//! session only keeps what was opened in the search memory's oracles, which the
//! search and the solver ask.
//!
//! A file named by hand that cannot be used is refused, as any bad
//! option value, and the old database stays. Under `auto` nothing was asked
//! by hand: a cached file that cannot be used is said in an `info string`
//! and the engine goes on without a database.
//!
//! A database found damaged while it is read (a block whose checksum
//! fails: no value is ever taken from it) is dropped before the next
//! search, with an error naming it; under `auto` the next smaller cached
//! one is tried, and the damaged file is not loaded again until
//! `EndgameDB` is set anew (after a rebuild).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use ply_protocol::Response;

use crate::database_cache;
use crate::engine_game::{DatabaseChecks, DatabaseFit, EngineGame, OpenedDatabase};
use crate::options::FileChoice;
use crate::search::oracles::Oracles;
use ply_rules::variant::{AnyGame, AnyRules};
use ply_rules::with_game;

use super::Session;

/// The session's side of the endgame database.
#[derive(Default)]
pub(super) struct DatabaseState {
    /// The file loaded, if any.
    file: Option<PathBuf>,
    /// The loaded database's rules (its family) and its checks.
    loaded: Option<(String, Arc<dyn DatabaseChecks>)>,
    /// The database family last looked for (`Some(None)`: a game without
    /// databases): under `auto` in the cache, for a file named by hand
    /// to say when it does not serve the game; `None` until looked for,
    /// and after `setoption name EndgameDB`.
    looked_for: Option<Option<String>>,
    /// Files found damaged since `EndgameDB` was last set: `auto` passes
    /// over them.
    damaged: Vec<PathBuf>,
}

impl std::fmt::Debug for DatabaseState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DatabaseState")
            .field("file", &self.file)
            .field("family", &self.loaded.as_ref().map(|(family, _)| family))
            .field("looked_for", &self.looked_for)
            .field("damaged", &self.damaged)
            .finish()
    }
}

impl Session {
    /// `setoption name EndgameDB`: opens a file at once (refused, keeping
    /// the old database, when it cannot be used), drops the database for
    /// `none`, and for `auto` drops it and looks in the cache when the
    /// game next starts (the rules may still change before).
    ///
    /// # Errors
    /// Why the file cannot be used.
    pub(super) fn choose_endgame_db(&mut self, choice: &FileChoice) -> Result<(), String> {
        match choice {
            FileChoice::Auto | FileChoice::None => {
                // A new choice forgets the files found damaged: one may
                // have been rebuilt since (what the error asks for).
                self.database = DatabaseState::default();
                self.set_oracles(Oracles::default());
            }
            FileChoice::File(path) => {
                // Opened by the game that will be played: a `UCI_Variant`
                // sent just before may still be pending (options arrive in
                // any order), and another game may have no databases.
                let variant = self.options.game.chosen_variant();
                let opened = if variant == self.position.variant() {
                    with_game!(&self.position, game => game.open_database(path, DatabaseFit::AnyRules))
                } else {
                    AnyGame::start(&AnyRules::default_for(variant)).and_then(|start| {
                        with_game!(&start, game => game.open_database(path, DatabaseFit::AnyRules))
                    })
                }
                .map_err(|e| format!("EndgameDB: {e}"))?;
                self.load(path.clone(), opened, "");
                // Whether it serves the game is said when the game starts.
                self.database.looked_for = None;
            }
        }
        Ok(())
    }

    /// Before a search, when the loaded database was found damaged since
    /// it was loaded: drops it and says so (the values read from it were
    /// all from sound parts). Under `auto` the next game start looks for
    /// the next smaller one. Only between searches: a search holds the
    /// search memory.
    pub(super) fn drop_damaged_db(&mut self) {
        if let Some(note) = self.take_damaged_db() {
            self.out.error(&note);
        }
    }

    /// Drops the loaded database when it was found damaged since it was
    /// loaded, as before a search, and returns what the engine would say
    /// of it (`EndgameDB: <file>: damaged: …; trying a smaller one`)
    /// instead of printing it. For in-process drivers such as `analyse`,
    /// whose next position must be searched without the file, not failed
    /// by the note (the damage is already on stderr, logged where it was
    /// found). Only between searches: a search holds the search memory.
    pub fn take_damaged_db(&mut self) -> Option<String> {
        let damage = self
            .database
            .loaded
            .as_ref()
            .and_then(|(_, checks)| checks.damage())?;
        let next = if self.options.endgame_db == FileChoice::Auto {
            "trying a smaller one"
        } else {
            "going on without an endgame database"
        };
        if let Some(file) = self.database.file.clone() {
            self.database.damaged.push(file);
        }
        self.unload();
        self.database.looked_for = None;
        Some(format!("EndgameDB: {damage}; {next}"))
    }

    /// When the game starts with a database named by hand that serves
    /// other rules than the game's (another board or capture rule): says
    /// that it will not be read. Once for each game family.
    fn warn_if_db_does_not_serve(&mut self, family: Option<String>) {
        if self.database.looked_for.as_ref() == Some(&family) {
            return;
        }
        self.database.looked_for = Some(family.clone());
        let (Some(file), Some((db_family, _))) = (&self.database.file, &self.database.loaded)
        else {
            return;
        };
        if family.as_ref() != Some(db_family) {
            let played = family.unwrap_or_else(|| "a game without databases".to_owned());
            self.out.send(&Response::InfoString(format!(
                "warning: EndgameDB {} serves {db_family}, not the game played ({played}): \
                 it is not read until that game is played",
                file.display()
            )));
        }
    }

    /// Under `EndgameDB auto`, when the game or its board changed since the
    /// cache was last looked at: loads the biggest database of the cache
    /// for the position's game and rules, and says which; drops the
    /// database when there is none. With a file named by hand, says when
    /// it does not serve the game that starts. Does nothing otherwise.
    ///
    /// No search is running when anything changes here: the game and its
    /// board change only in commands that end the search first, and
    /// `execute` ends it before it starts the game (a search holds the
    /// search memory).
    pub(super) fn find_cached_db(&mut self) {
        let family = with_game!(&self.position, game => game.database_family());
        if let FileChoice::File(_) = self.options.endgame_db {
            return self.warn_if_db_does_not_serve(family);
        }
        if self.options.endgame_db != FileChoice::Auto {
            return;
        }
        if self.database.looked_for.as_ref() == Some(&family) {
            return;
        }
        self.database.looked_for = Some(family.clone());
        let candidates = match (family, database_cache::cache_directory()) {
            (Some(family), Some(directory)) => biggest_first(&directory, &family),
            _ => Ok(Vec::new()),
        };
        // The biggest that opens; each that does not is said, and the next
        // smaller one tried (one damaged file must not cost the others).
        let mut failures = Vec::new();
        let mut opened = None;
        match candidates {
            Ok(candidates) => {
                let damaged = &self.database.damaged;
                for path in candidates
                    .into_iter()
                    .filter(|path| !damaged.contains(path))
                {
                    match with_game!(&self.position, game => game.open_database(&path, DatabaseFit::TheseRules))
                    {
                        Ok(database) => {
                            opened = Some((path, database));
                            break;
                        }
                        Err(e) => failures.push(e),
                    }
                }
            }
            Err(e) => failures.push(e),
        }
        let last = failures.len().saturating_sub(1);
        for (i, failure) in failures.iter().enumerate() {
            let next = if i < last || opened.is_some() {
                "trying a smaller one"
            } else {
                "going on without an endgame database"
            };
            self.out.send(&Response::InfoString(format!(
                "EndgameDB {}: {failure}; {next}",
                FileChoice::AUTO
            )));
        }
        match opened {
            Some((path, _)) if self.database.file.as_ref() == Some(&path) => {}
            Some((path, database)) => self.load(path, database, " (found by auto)"),
            None => self.unload(),
        }
    }

    /// Keeps `opened` (the file at `path`) as the database, and says so:
    /// `endgame database <path><how>: <what it holds>`.
    fn load(&mut self, path: PathBuf, opened: OpenedDatabase, how: &str) {
        self.out.send(&Response::InfoString(format!(
            "endgame database {}{how}: {}",
            path.display(),
            opened.description
        )));
        self.set_oracles(Oracles::default().with_any(opened.oracle));
        self.database.file = Some(path);
        self.database.loaded = Some((opened.family, opened.checks));
    }

    /// Drops the database, if any.
    fn unload(&mut self) {
        self.database.file = None;
        self.database.loaded = None;
        self.set_oracles(Oracles::default());
    }

    fn set_oracles(&self, oracles: Oracles) {
        self.lock_memory().oracles = oracles;
        self.prepare_memory();
    }
}

/// The databases of `family` in `directory`, the biggest first.
///
/// # Errors
/// The directory cannot be read, in words.
fn biggest_first(directory: &Path, family: &str) -> Result<Vec<PathBuf>, String> {
    database_cache::biggest_first(directory, family)
        .map(|found| found.into_iter().map(|(path, _)| path).collect())
        .map_err(|e| format!("cannot read the cache {}: {e}", directory.display()))
}
