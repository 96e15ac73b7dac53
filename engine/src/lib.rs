//! Ply's engine library: the rules of every game, the search, and the
//! protocol loop that the `ply-engine` binary runs.
//!
//! The referee and the front ends depend on this library too, so that they
//! check moves with the very same rules the engine plays by.

pub mod book;
pub mod game;
pub mod games;
pub mod options;
pub mod perft;
pub mod regular_file;
pub mod search;
pub mod selfplay;
pub mod session;
pub mod variant;
