//! The console lines, cutechess's: `Started game …`, `Finished game …`, and
//! the statistics.

use std::io::{self, Write};

use super::{MatchEnd, Output};
use crate::game::GameRecord;
use crate::summary::{Report, report_lines};
use crate::tally::Tally;

/// Writes the match's progress for a person.
pub struct Console {
    out: Box<dyn Write + Send>,
    /// The number of games of the last statistics printed.
    reported: Option<u64>,
}

impl std::fmt::Debug for Console {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Console").finish_non_exhaustive()
    }
}

impl Console {
    /// To standard output.
    #[must_use]
    pub fn stdout() -> Self {
        Self::new(Box::new(io::stdout()))
    }

    /// To any writer.
    #[must_use]
    pub fn new(out: Box<dyn Write + Send>) -> Self {
        Self {
            out,
            reported: None,
        }
    }

    /// A line of its own (e.g. that a match was resumed).
    ///
    /// # Errors
    /// When the output cannot be written.
    pub fn message(&mut self, line: &str) -> io::Result<()> {
        self.lines(&[line.to_owned()])
    }

    fn lines(&mut self, lines: &[String]) -> io::Result<()> {
        for line in lines {
            writeln!(self.out, "{line}")?;
        }
        self.out.flush()
    }
}

impl Output for Console {
    fn on_game_started(&mut self, game: u64, total: u64, p1: &str, p2: &str) -> io::Result<()> {
        self.lines(&[format!("Started game {game} of {total} ({p1} vs {p2})")])
    }

    fn on_game_finished(&mut self, record: &GameRecord) -> io::Result<()> {
        self.lines(&[format!(
            "Finished game {} ({} vs {}): {} {{{}}}",
            record.game, record.p1, record.p2, record.score, record.reason
        )])
    }

    fn on_rating_interval(&mut self, tally: &Tally, report: &Report) -> io::Result<()> {
        self.reported = Some(tally.games());
        self.lines(&report_lines(tally, report, false))
    }

    fn on_match_end(&mut self, tally: &Tally, report: &Report, end: &MatchEnd) -> io::Result<()> {
        let mut lines = report_lines(tally, report, true);
        if self.reported == Some(tally.games()) {
            // The statistics of these very games were just printed.
            let printed = report_lines(tally, report, false);
            lines.retain(|line| !printed.contains(line));
        }
        lines.push(match end {
            MatchEnd::Completed | MatchEnd::Sprt(_) => "Finished match".to_owned(),
            MatchEnd::Interrupted => {
                format!("Match interrupted after {} finished games", tally.games())
            }
            MatchEnd::EngineLost(why) => format!("Match stopped: {why}"),
            MatchEnd::Failed(_) => "Match stopped by an error".to_owned(),
        });
        self.lines(&lines)
    }

    fn expendable(&self) -> bool {
        true
    }
}
