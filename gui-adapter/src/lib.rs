//! Ply's front ends for people: terminal play (`ply-play`) and a web GUI
//! (`ply-gui`).
//!
//! Both start an engine process and speak the protocol to it
//! ([`engine`]), and both check every move with the engine library's rules
//! ([`record`], on [`ply_rules::variant::AnyGame`]). What each game looks
//! like lives in [`games`], one module per game.

pub mod cli;
pub mod engine;
pub mod games;
pub mod record;
pub mod score;
pub mod strength;
pub mod terminal;
pub mod web;
