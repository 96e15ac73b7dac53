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
//! - `build`: the retrograde analysis;
//! - `tables`: where a position's entry is in the run of all the tables,
//!   and the run in memory;
//! - `db`: the run in a database file.

mod binomial;
pub mod build;
pub mod db;
pub mod entry;
pub mod index;
pub mod material;
pub mod tables;

#[cfg(test)]
mod tests;

pub use build::{MAX_BUILD_PIECES, MaterialReport, build};
pub use db::{CACHE_FAMILY, RussianDb};
pub use entry::{Entry, MAX_MTC, Value, Wdl};
pub use material::Material;
pub use tables::{Directory, Located, Tables};
