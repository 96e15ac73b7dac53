//! Ply's engine library: the search, how it thinks about each game, and
//! the protocol loop that the `ply-engine` binary runs.
//!
//! The rules of the games are the `ply-rules` crate, which the referee and
//! the front ends use alone; the engine names them by their own paths
//! (`ply_rules::game`, `ply_rules::variant`, `ply_rules::with_game!`).

pub mod book;
pub mod commands;
pub mod database_cache;
pub mod endgame;
pub mod engine_game;
pub mod games;
pub mod input_text;
pub mod network;
pub mod network_training;
pub mod openings_file;
pub mod options;
pub mod regular_file;
pub mod search;
pub mod search_thread;
pub mod selfplay;
pub mod session;
pub mod training_data;
pub mod tune;
