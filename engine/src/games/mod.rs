//! The games Ply plays, one module each.

pub mod kalah;
pub mod oracles;
