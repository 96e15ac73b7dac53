//! Where a match's results go, behind one trait: the console
//! ([`Console`]), PGN-style game records ([`PgnWriter`], PDN for
//! draughts) and JSON lines
//! ([`ResultsWriter`]).

mod console;
mod pdn;
mod pgn;
mod results;

use std::io;

pub use console::Console;
pub use pgn::PgnWriter;
pub use results::{ResultsError, ResultsWriter, read_results};

use crate::game::GameRecord;
use crate::summary::Report;
use crate::tally::Tally;

/// How a match ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchEnd {
    /// Every scheduled game was played.
    Completed,
    /// The SPRT crossed a bound (the decision, e.g. `H1 was accepted`).
    Sprt(String),
    /// Ctrl-C.
    Interrupted,
    /// An engine crashed or stalled under `-norecover`, or in
    /// [`MAX_CONSECUTIVE_FAULTS`](crate::runner::MAX_CONSECUTIVE_FAULTS)
    /// games in a row.
    EngineLost(String),
    /// An error stopped the match (it is reported by the caller).
    Failed(String),
}

/// A sink for a match's events. Every method but
/// [`Output::on_game_finished`] does nothing unless implemented.
pub trait Output {
    /// A game is about to start.
    ///
    /// # Errors
    /// When the output cannot be written.
    fn on_game_started(&mut self, _game: u64, _total: u64, _p1: &str, _p2: &str) -> io::Result<()> {
        Ok(())
    }

    /// A game ended (also an interrupted one, whose result is `none`).
    ///
    /// # Errors
    /// When the output cannot be written.
    fn on_game_finished(&mut self, record: &GameRecord) -> io::Result<()>;

    /// Every `-ratinginterval` games.
    ///
    /// # Errors
    /// When the output cannot be written.
    fn on_rating_interval(&mut self, _tally: &Tally, _report: &Report) -> io::Result<()> {
        Ok(())
    }

    /// The match is over.
    ///
    /// # Errors
    /// When the output cannot be written.
    fn on_match_end(
        &mut self,
        _tally: &Tally,
        _report: &Report,
        _end: &MatchEnd,
    ) -> io::Result<()> {
        Ok(())
    }

    /// Whether the match may go on without this output when it cannot be
    /// written, once its reader is gone (a terminal that hung up, a closed
    /// pipe) or the match is being interrupted. Only the console is: it is
    /// for a person who is no longer there, while a file that cannot be
    /// written would silently lose games, so it fails the match.
    fn expendable(&self) -> bool {
        false
    }
}
