//! What the workers tell the main loop, on one channel: the main loop is
//! the only one that counts games and writes outputs, so the workers never
//! share the statistics or a file.

use crossbeam_channel::Sender;

use super::error::MatchError;
use crate::game::GameRecord;

/// What workers tell the main thread.
#[derive(Debug)]
pub(super) enum Event {
    /// A game is about to start (for the console's "Started game" line).
    Started {
        /// Its number in the schedule.
        game: u64,
        /// The engine playing the first side.
        p1: String,
        /// The engine playing the second side.
        p2: String,
    },
    /// A finished game, and where to say that it is counted: the worker
    /// waits for that before it starts another game, so that a decision
    /// taken on the count (the SPRT's) stops the match with at most one
    /// game a worker under way, as fastchess does, however fast the games.
    Finished(Box<GameRecord>, Sender<()>),
    /// An engine crashed or stalled too often (or once under
    /// `-norecover`): no more games are started.
    EngineLost(String),
    /// What stops the match at once (an engine that does not start).
    Fatal(MatchError),
    /// A worker stopped because the match's games were interrupted (the
    /// main thread set the flag and knows why).
    Interrupted,
}
