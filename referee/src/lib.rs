//! `ply-referee`: matches and tournaments between engine processes, in the
//! manner of cutechess-cli and fastchess.
//!
//! The binary is a thin shell over this library. One concept a module:
//! - [`cli`]: the cutechess/fastchess-style command line, into a [`config`];
//! - [`engine`]: an engine process (spawn, handshake, lines with deadlines,
//!   quit and kill);
//! - [`game`]: one game's loop and how it ended ([`game::Termination`]);
//! - [`openings`]: start positions from a file;
//! - [`schedule`]: which engines play which games, shards;
//! - [`runner`]: worker threads, the match's main loop, SPRT, Ctrl-C;
//! - [`tally`] and [`summary`]: statistics over finished games, and
//!   [`breakers`]: Mastermind's pairs scored by guesses;
//! - [`output`]: the console, PGN and JSON-lines writers behind one trait;
//! - [`merge`]: the statistics of several results files (shards);
//! - [`stats`]: Elo, LOS, pentanomial counts, SPRT.

pub mod breakers;
pub mod cli;
pub mod config;
pub mod date;
pub mod engine;
pub mod game;
pub mod match_rules;
pub mod merge;
pub mod openings;
pub mod output;
pub mod rng;
pub mod runner;
pub mod schedule;
/// The match statistics, a crate of their own (`stats/`) that the engine
/// shares for its evaluation matches.
pub use ply_stats as stats;
pub mod summary;
pub mod tally;
pub mod time_control;
