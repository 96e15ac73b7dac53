//! Oware's endgame databases, one concept a file:
//! - `bounds`: what a database holds (bounds on the value of the game that
//!   starts at a board right after a capture) and why bounds;
//! - `moves`: the game they are of, Oware's moves without the majority in
//!   a store, and its end;
//! - `build`: the build, on every core: by predecessor counters, a
//!   threshold at a time, touching a board only when one of its children
//!   changed (with `parents`, the boards a quiet move away, by un-sowing);
//! - `passes`: the earlier build by passes over whole levels, kept as the
//!   reference the build is checked against bit for bit (tests to 16
//!   seeds; `examples/oware_endgame_build.rs` for bigger files);
//! - `db`: a database in its file, and its probe;
//! - `reference` (tests only): the simple analysis the build is checked
//!   against, and the plain minimax that checks both.

pub mod bounds;
pub mod build;
pub mod db;
pub mod moves;
mod parents;
pub mod passes;
#[cfg(test)]
pub(crate) mod reference;

pub use bounds::Bounds;
pub use bounds::MAX_HOUSES;
pub use db::OwareDb;
