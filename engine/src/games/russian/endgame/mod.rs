//! Russian draughts endgame tables: the value and the moves to conversion
//! of every position with few pieces, built by retrograde analysis over
//! the rules' own move generator.
//!
//! One concept a file:
//! - `binomial`: C(n, k), which the tables' sizes and indices are made of;
//! - `material`: how many men and kings each side has; one table a
//!   material, and the order the build solves them in;
//! - `index`: where a position stands in its material's table;
//! - `entry`: what one byte of a table says (win, draw or loss for the
//!   side to move with the move limits aside, and the moves to the next
//!   conversion);
//! - `directory`: where a position's entry is in the run of all the
//!   tables;
//! - `run`: the run in memory, as the build fills it;
//! - `build`: the retrograde analysis;
//! - `db`: the run in a database file;
//! - `reference` (tests only): the value by plain minimax over the
//!   rules, which the tables and the solver are checked against.

mod binomial;
pub mod build;
pub mod db;
pub mod directory;
pub mod entry;
pub mod index;
pub mod material;
#[cfg(test)]
pub(crate) mod reference;
pub mod run;

#[cfg(test)]
mod tests;

pub use build::{MAX_BUILD_PIECES, MaterialReport, build};
pub use db::{CACHE_FAMILY, RussianDb};
pub use directory::{Directory, Located};
pub use entry::{Entry, MAX_MTC, Value, Wdl};
pub use material::Material;
pub use run::TableRun;
