//! The game interface, from the rules crate ([`ply_rules::game`]), and the
//! search's extension of it ([`SearchGame`]), so that one path names both.

pub use crate::search::SearchGame;
pub use ply_rules::game::*;
