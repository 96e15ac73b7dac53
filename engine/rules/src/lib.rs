//! The rules of Ply's games, apart from any engine: the game interface,
//! each game's positions, move generation, notation, position strings and
//! drawing, and the typed rules structs.
//!
//! The referee and the front ends depend on this crate alone, so that they
//! check moves with the very same rules the engine plays by without
//! compiling the search, the solver or the endgame databases.

pub mod game;
pub mod games;
pub mod openings;
pub mod options;
pub mod outside_notation;
pub mod perft;
pub mod pgn;
pub mod registry;
pub mod variant;
