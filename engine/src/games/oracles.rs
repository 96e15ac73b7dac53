//! Exact knowledge the search can use without searching: the endgame
//! databases of every game that has them (Kalah's, for now).
//!
//! The search is generic over games, so it carries one [`Oracles`] value
//! and asks each position ([`crate::game::SearchGame::exact_margin`]) to
//! look itself up in whatever database its game has.

use std::sync::Arc;

use super::kalah::EndgameDb;

/// The loaded databases, shared by every search thread.
#[derive(Clone, Debug, Default)]
pub struct Oracles {
    /// Kalah's endgame database (`EndgameDB`), if loaded.
    pub kalah: Option<Arc<EndgameDb>>,
}
