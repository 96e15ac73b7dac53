//! `EndgameDB`: the database a file names, none, or under `auto` (the
//! default) the biggest one the cache holds for the game and rules played
//! ([`crate::database_cache`]), found again whenever they change.
//!
//! The game opens its own databases ([`EngineGame::open_database`]) and
//! names their family in the cache ([`EngineGame::database_family`]); the
//! session only keeps what was opened in the tables' oracles, which the
//! search and the solver ask.
//!
//! A file named by hand that cannot be used is refused, as any bad
//! option value, and the old database stays. Under `auto` nothing was asked
//! by hand: a cached file that cannot be used is said in an `info string`
//! and the engine goes on without a database.

use std::path::{Path, PathBuf};

use ply_protocol::Response;

use crate::database_cache;
use crate::engine_game::{DatabaseFit, EngineGame, OpenedDatabase};
use crate::options::EndgameDbChoice;
use crate::search::oracles::Oracles;
use crate::variant::{AnyGame, AnyRules};
use crate::with_game;

use super::Session;

/// The session's side of the endgame database.
#[derive(Debug, Default)]
pub(super) struct DatabaseState {
    /// The file loaded, if any.
    file: Option<PathBuf>,
    /// Under `auto`: the database family last looked for in the cache
    /// (`Some(None)`: a game without databases); `None` until looked for,
    /// and after `setoption name EndgameDB value auto`.
    looked_for: Option<Option<String>>,
}

impl Session {
    /// `setoption name EndgameDB`: opens a file at once (refused, keeping
    /// the old database, when it cannot be used), drops the database for
    /// `none`, and for `auto` drops it and looks in the cache when the
    /// game next starts (the rules may still change before).
    ///
    /// # Errors
    /// Why the file cannot be used.
    pub(super) fn choose_endgame_db(&mut self, choice: &EndgameDbChoice) -> Result<(), String> {
        match choice {
            EndgameDbChoice::Auto | EndgameDbChoice::None => {
                self.database = DatabaseState::default();
                self.set_oracles(Oracles::default());
            }
            EndgameDbChoice::File(path) => {
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
            }
        }
        Ok(())
    }

    /// Under `EndgameDB auto`, when the game or its board changed since the
    /// cache was last looked at: loads the biggest database of the cache
    /// for the position's game and rules, and says which; drops the
    /// database when there is none. Does nothing otherwise.
    ///
    /// No search is running when anything changes here: the game and its
    /// board change only in commands that end the search first, and
    /// `execute` ends it before it starts the game (a search holds the
    /// tables).
    pub(super) fn find_cached_db(&mut self) {
        if self.options.endgame_db != EndgameDbChoice::Auto {
            return;
        }
        let family = with_game!(&self.position, game => game.database_family());
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
                for path in candidates {
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
                EndgameDbChoice::AUTO
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
    }

    /// Drops the database, if any.
    fn unload(&mut self) {
        self.database.file = None;
        self.set_oracles(Oracles::default());
    }

    fn set_oracles(&self, oracles: Oracles) {
        self.lock_tables().oracles = oracles;
        self.prepare_tables();
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
