//! Oware's endgame databases, one concept a file:
//! - `bounds`: what a database holds (bounds on the value of the game that
//!   starts at a board right after a capture) and why bounds;
//! - `moves`: the game they are of, Oware's moves without the majority in
//!   a store, and its end;
//! - `build`: the fast build, on every core;
//! - `db`: a database in its file, and its probe;
//! - `reference` (tests only): the simple analysis the build is checked
//!   against, and the plain minimax that checks both.

pub mod bounds;
pub mod build;
pub mod db;
pub mod moves;
#[cfg(test)]
pub(crate) mod reference;

pub use bounds::Bounds;
pub use build::MAX_HOUSES;
pub use db::OwareDb;
