//! Exact knowledge the search can use without searching: the endgame
//! databases of the games that have them (Kalah's and Oware's).
//!
//! The search is generic over games and names none, so it carries one
//! [`Oracles`] value holding whatever databases are loaded, each by its own
//! type, and asks each position ([`crate::search::SearchGame::known_margin`])
//! to look itself up in the database of its game's type, if loaded.

use std::any::Any;
use std::fmt;
use std::sync::Arc;

/// The loaded databases, shared by every search thread.
#[derive(Clone, Default)]
pub struct Oracles {
    databases: Vec<Arc<dyn Any + Send + Sync>>,
}

impl fmt::Debug for Oracles {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Oracles")
            .field("databases", &self.databases.len())
            .finish()
    }
}

impl Oracles {
    /// These oracles with `database` too, when there is one.
    #[must_use]
    pub fn with<T: Any + Send + Sync>(mut self, database: Option<Arc<T>>) -> Self {
        if let Some(database) = database {
            self.databases.push(database);
        }
        self
    }

    /// These oracles with a database of any game's type (as a game's
    /// [`crate::engine_game::EngineGame::open_database`] opens it).
    #[must_use]
    pub fn with_any(mut self, database: Arc<dyn Any + Send + Sync>) -> Self {
        self.databases.push(database);
        self
    }

    /// Whether no database is loaded.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.databases.is_empty()
    }

    /// The loaded database of type `T`, if any.
    #[must_use]
    pub fn get<T: Any>(&self) -> Option<&T> {
        self.databases.iter().find_map(|db| db.downcast_ref::<T>())
    }
}
