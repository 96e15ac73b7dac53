//! The games Ply plays, one module each: the rules come from the rules
//! crate ([`ply_rules::games`]), and each module here adds how the engine
//! thinks about its game (evaluation, search hooks, solver, databases).

pub mod kalah;
pub mod mastermind;
pub mod oware;
pub mod russian;
pub mod tictactoe;
