//! One game between two engine processes: the loop of fastchess's match
//! (check the end, adjudicate, send the position, `go`, read `bestmove`
//! with a deadline, check the move), and everything a finished game is.

mod adjudication;
mod clock;
mod play;
pub mod record;
mod termination;

pub use adjudication::{Adjudicator, ScoredMove};
pub use clock::Clock;
pub use play::{GameSpec, STOP_GRACE, play_game};
pub use record::{GameRecord, GameResult, MoveDetail, OpeningRecord, PerSide};
pub use termination::{Adjudication, Termination};
