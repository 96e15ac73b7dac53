//! Kalah in the engine: the rules are [`ply_rules::games::kalah`]; here
//! are its static evaluation (`eval`), the [`SearchGame`](crate::game::SearchGame)
//! impl (`search`), and the exact knowledge that stands apart from the
//! rules: the solver (`solve`), the endgame databases (`endgame`) and the
//! packed sowing both share (`packed`).

pub mod endgame;
mod eval;
mod packed;
mod search;
pub mod solve;

pub use endgame::{EndgameDb, EndgameDbError};
pub use eval::{EXTRA_TURN_WEIGHT, KalahEvaluation};
pub use ply_rules::games::kalah::*;
pub use search::{CAPTURE_PRIORITY, EXTRA_TURN_PRIORITY, SEED_VALUE};
