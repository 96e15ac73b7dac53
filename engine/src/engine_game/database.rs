//! The engine's database hooks, written once for every game: a game
//! names its database type ([`EngineGame::DATABASE`], one line), and
//! `build-db`, `EndgameDB` and `verify-db` ask it through
//! [`DatabaseHooks`], which [`Hooks`] implements over any
//! [`GameDatabase`]. What comes out (an [`OpenedDatabase`], a
//! [`BuiltDatabase`]) no longer names its game's type.

use std::any::Any;
use std::marker::PhantomData;
use std::path::Path;
use std::sync::Arc;

use ply_rules::variant::{AnyGame, AnyRules, Variant};
use ply_rules::{with_game, with_variant};

use super::EngineGame;
use crate::endgame::file::{Backed, DatabaseFile};
use crate::endgame::progress::Progress;
use crate::endgame::{DatabasePlan, FileKind, GameDatabase};

/// What the engine asks of a game's databases, whatever their type: the
/// object behind [`EngineGame::DATABASE`].
pub trait DatabaseHooks<G>: Sync {
    /// The family of the databases of `game`'s rules, as the cache names
    /// them (`<family>-<size>.db`, see [`crate::database_cache`]).
    fn family(&self, game: &G) -> String;

    /// What `build-db` would build for `game`'s rules with at most
    /// `max_size` seeds (or pieces: [`Self::size_unit`]) on the board.
    ///
    /// # Errors
    /// No database of this size, in words.
    fn plan(&self, game: &G, max_size: u8) -> Result<DatabasePlan, String>;

    /// Builds the database of [`Self::plan`] in memory on `threads`
    /// threads, calling `progress` now and then.
    ///
    /// # Errors
    /// As [`Self::plan`], or the build failed.
    fn build(
        &self,
        game: &G,
        max_size: u8,
        threads: usize,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<Box<dyn BuiltDatabase>, String>;

    /// Opens the database file at `path`; with [`DatabaseFit::TheseRules`]
    /// a database of other rules than `game`'s is refused.
    ///
    /// # Errors
    /// The file cannot be read, is no database of this game, or (with
    /// `TheseRules`) serves other rules; the error names the file.
    fn open(&self, game: &G, path: &Path, fit: DatabaseFit) -> Result<OpenedDatabase, String>;

    /// What a database's size counts on the board: `seeds` or `pieces`.
    fn size_unit(&self) -> &'static str;

    /// The kind of the database files (their magic, entry width and header
    /// bytes), as the game's database type declares it.
    fn kind(&self) -> FileKind;
}

/// The hooks of the databases of type `D`: what a game names as its
/// [`EngineGame::DATABASE`] (`Some(&Hooks::<KalahDb>::NEW)`).
pub struct Hooks<D>(PhantomData<fn() -> D>);

impl<D> Hooks<D> {
    /// The hooks, which hold nothing but their type.
    pub const NEW: Self = Self(PhantomData);
}

impl<D> std::fmt::Debug for Hooks<D> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(std::any::type_name::<Self>())
    }
}

impl<D: GameDatabase> DatabaseHooks<D::Game> for Hooks<D> {
    fn family(&self, game: &D::Game) -> String {
        D::family(&D::rules_of(game))
    }

    fn plan(&self, game: &D::Game, max_size: u8) -> Result<DatabasePlan, String> {
        D::plan(&D::rules_of(game), max_size)
    }

    fn build(
        &self,
        game: &D::Game,
        max_size: u8,
        threads: usize,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<Box<dyn BuiltDatabase>, String> {
        let db = D::build_for(&D::rules_of(game), max_size, threads, progress)
            .map_err(|e| e.to_string())?;
        Ok(Box::new(db))
    }

    fn open(
        &self,
        game: &D::Game,
        path: &Path,
        fit: DatabaseFit,
    ) -> Result<OpenedDatabase, String> {
        // The error names the file.
        let db = D::open_file(path).map_err(|e| e.to_string())?;
        if fit == DatabaseFit::TheseRules
            && let Some(refusal) = db.refusal(path, &D::rules_of(game))
        {
            return Err(refusal);
        }
        let description = db.description();
        let family = D::family(&db.rules());
        let db = Arc::new(db);
        Ok(OpenedDatabase {
            description,
            family,
            checks: Arc::clone(&db) as Arc<dyn DatabaseChecks>,
            oracle: db,
        })
    }

    fn size_unit(&self) -> &'static str {
        D::SIZE_UNIT
    }

    fn kind(&self) -> FileKind {
        D::KIND
    }
}

/// The games with endgame databases, as their hooks say
/// ([`EngineGame::DATABASE`]), in the registry's order: those `build-db`
/// builds and `EndgameDB` loads.
#[must_use]
pub fn games_with_databases() -> Vec<Variant> {
    Variant::ALL
        .into_iter()
        .filter(|&variant| with_variant!(variant, G => <G as EngineGame>::DATABASE.is_some()))
        .collect()
}

/// The kinds of the database files of every game with databases, as their
/// hooks say ([`DatabaseHooks::kind`]), in the registry's order: what a
/// reader knows of a file's magic, to open a file told no game
/// (`verify-db`, [`open_database_of_any_game`]) and to name the game of a
/// file of another (`a database of Oware, not of Kalah`). No two share a
/// magic.
#[must_use]
pub fn file_kinds() -> Vec<FileKind> {
    Variant::ALL
        .into_iter()
        .filter_map(|variant| {
            with_variant!(variant, G => <G as EngineGame>::DATABASE.map(|hooks| hooks.kind()))
        })
        .collect()
}

/// The error of a database hook in a game without databases.
#[must_use]
pub fn no_databases(game: &str) -> String {
    format!("{game} has no endgame databases")
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
    /// ([`super::EngineGame::database_family`]): a game whose family differs never
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

impl<T: Backed> BuiltDatabase for T {
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
impl<T: Backed + Send + Sync> DatabaseChecks for T {
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
    let kind = DatabaseFile::kind_of(path, &file_kinds()).map_err(|e| e.to_string())?;
    let start = AnyGame::start(&AnyRules::default_for(kind.variant))?;
    with_game!(&start, game => game.open_database(path, DatabaseFit::AnyRules))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::database_cache;

    /// A size every game's databases come in.
    const SMALL: u8 = 2;

    /// The games with databases are read from the registry and each
    /// game's hooks, nowhere else: a game whose hooks name a database type
    /// is one `build-db` plans (into the name `EndgameDB auto` looks for)
    /// and whose files the format knows; any other says it has none.
    #[test]
    fn the_games_with_databases_follow_the_registry() {
        let with_databases = games_with_databases();
        for variant in Variant::ALL {
            let game = AnyGame::start(&AnyRules::default_for(variant)).unwrap();
            let has = with_variant!(variant, G => <G as EngineGame>::DATABASE.is_some());
            assert_eq!(with_databases.contains(&variant), has, "{variant:?}");
            let family = with_game!(&game, game => game.database_family());
            assert_eq!(family.is_some(), has, "{variant:?}");
            let kinds = file_kinds()
                .into_iter()
                .filter(|kind| kind.variant == variant);
            assert_eq!(kinds.count(), usize::from(has), "{variant:?}");
            let plan = with_game!(&game, game => game.database_plan(SMALL));
            match (plan, family) {
                (Ok(plan), Some(family)) => assert_eq!(
                    database_cache::size_in_name(&plan.file_name, &family),
                    Some(u32::from(SMALL)),
                    "{variant:?}"
                ),
                (plan, family) => {
                    assert!(family.is_none(), "{variant:?}");
                    assert_eq!(
                        plan,
                        Err(format!("{} has no endgame databases", variant.name()))
                    );
                }
            }
        }
        assert!(!with_databases.is_empty());
    }

    /// Every game with databases declares the kind of its files, naming
    /// itself, and no two kinds share a magic: a file's magic names one
    /// game (`verify-db` opens it as that game's).
    #[test]
    fn every_game_with_databases_declares_a_kind_of_its_own() {
        let kinds = file_kinds();
        let variants: Vec<Variant> = kinds.iter().map(|kind| kind.variant).collect();
        assert_eq!(variants, games_with_databases());
        for (at, kind) in kinds.iter().enumerate() {
            for other in &kinds[at + 1..] {
                assert_ne!(kind.magic, other.magic, "{} and {}", kind.game, other.game);
            }
        }
    }
}
