//! The games Ply plays, one module each (their rules only: how the engine
//! thinks about each lives in the engine's `games` module).

pub mod kalah;
pub mod mancala;
pub mod mastermind;
pub mod oware;
pub mod russian;
pub mod tictactoe;
