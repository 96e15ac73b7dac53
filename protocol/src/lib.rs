//! Ply's text protocol: UCI's verbs and rules, extended the way
//! multi-variant engines do, and answering UGI too; and [`hub`], Scan's
//! draughts protocol, which the engine speaks by translation.
//!
//! This crate knows no game. It turns lines into typed messages and back:
//! [`parse_command`] / [`parse_response`] read a line (nom parsers, UCI's
//! tolerance rules), and every message prints its canonical line with
//! `Display`. Moves and positions are carried as text tokens; checking them
//! against a game's rules is the engine's job.

mod error;
pub mod excerpt;
pub mod hub;
mod labels;
mod message;
mod parse;
mod print;

pub use error::ParseError;
pub use labels::{bounded_line, bounds_label, proven_line};
pub use message::{
    Command, Dialect, GoParams, Id, Info, OptionDecl, OptionKind, Query, Response, Score,
    ScoreBound, ScoreValue, SolveLine, SolveParams, StartingPosition,
};
pub use parse::{parse_command, parse_response};
