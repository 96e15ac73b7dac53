//! The games Ply plays, one module each.

pub mod kalah;
pub mod mancala;
pub mod mastermind;
pub mod oracles;
pub mod oware;
pub mod russian;
pub mod tictactoe;
