//! Kalah endgame databases: the exact value of every position with at most
//! N seeds left on the board, for one pit count and capture rule.
//!
//! **The value.** For a position, f is the side to move's future store
//! gains minus the opponent's, with perfect play by both sides maximising
//! their own final margin, until the game ends (the final sweep included).
//! f depends only on the pits and the side to move, not on the stores, so
//! one table serves every store count: the final margin of a position is
//! `store(me) - store(opponent) + f`. f lies in `-S..=S` for `S` seeds on
//! the board and is stored as an `i8` (so N is at most 127).
//!
//! **The key.** A position is looked up in canonical form: the side to
//! move's pits from its own left, then the opponent's; the side itself is
//! not part of the key. The vector of `2m` pits is indexed by its
//! combinatorial [`rank`](fn@crate::endgame::rank), dense over the vectors with at
//! most N seeds, so a database is a flat array of
//! [`entry_count`](crate::endgame::entry_count)`(2m, N)` entries with no
//! keys.
//!
//! **Building** (`build.rs`) goes level by level (seeds on the board), on
//! any number of threads. Within a level, the moves of each possible side
//! to move are planned once, so that most children are ranked with an
//! addition instead of a sowing; the few moves no plan covers are sown on
//! a bare board (the packed sowing of `kalah/packed.rs`, which the solver
//! uses too, checked against [`Kalah`](ply_rules::games::kalah::Kalah)'s
//! own sowing by a property test; in debug builds every capture's ranking
//! is checked against a full sowing). The plans are checked as a whole:
//! `tests/endgame_db.rs` compares whole databases with a minimax that
//! plays [`Kalah`](ply_rules::games::kalah::Kalah)'s moves, and with the
//! checksums of the first build design, which played every move with
//! [`Kalah`](ply_rules::games::kalah::Kalah)'s sowing.
//!
//! **The file** (`crate::endgame`, `docs/endgame-db.md`) is a 40-byte header,
//! a table of block checksums and the entries; [`KalahDb::open`]
//! memory-maps it, and each block is checked the first time it is read
//! (`crate::endgame::check`), so a damaged file never gives a value.

mod build;
pub mod db;
#[cfg(test)]
mod reference;

pub use db::KalahDb;
