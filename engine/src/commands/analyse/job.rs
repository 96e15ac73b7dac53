//! One analysis job: an in-process engine [`Session`] driven with the
//! protocol lines a user would type, its output read back with the
//! protocol crate's response parser, so that `analyse` reports exactly
//! what the protocol says.

use std::collections::BTreeMap;
use std::sync::mpsc::Receiver;

use ply_protocol::{
    Command, Dialect, Info, Response, ScoreValue, SolveLine, bounded_line, parse_response,
    proven_line,
};

use crate::search::score::CENTI;
use crate::search_thread::Output;
use crate::session::Session;

use super::input::PositionSpec;
use super::record::{Analysis, AnalysisScore, PvLine};

/// How the engine starts an error: `info string error: …`.
const ERROR_PREFIX: &str = "error: ";

/// A session and the lines it prints.
#[derive(Debug)]
pub struct Job {
    session: Session,
    lines: Receiver<String>,
}

impl Job {
    /// A session set up with `setup` (the `setoption` commands, in order),
    /// checked by starting a game with them.
    ///
    /// # Errors
    /// The session's search memory could not be allocated; every `info string
    /// error` the setup printed: an option the engine does not have, a bad
    /// value, rules that make no game, a `Hash` the system will not give.
    pub fn new(setup: &[Command]) -> Result<Self, String> {
        let (out, lines) = Output::to_channel();
        let session = Session::try_new(out).map_err(|e| format!("the engine's tables: {e}"))?;
        let mut job = Self { session, lines };
        for command in setup {
            job.send(command);
        }
        // The game options are applied as a whole when a game starts.
        job.send(&Command::NewGame(Dialect::Uci));
        let errors = job.errors();
        if errors.is_empty() {
            Ok(job)
        } else {
            Err(errors.join("; "))
        }
    }

    /// Analyses one position with `go`.
    ///
    /// # Errors
    /// What the engine said was wrong (an unreadable position, an illegal move).
    pub fn analyse(&mut self, position: &PositionSpec, go: &Command) -> Result<Analysis, String> {
        // A database found damaged by the last search is dropped first,
        // as a protocol session drops it before its next search: this
        // position is searched without it, and the note (logged on stderr
        // where the damage was found) is no error of this position.
        if let Some(note) = self.session.take_damaged_db() {
            log::info!("{note}");
        }
        // A new game clears the search memory, so each answer depends on its
        // position alone, not on which job analysed what before it.
        self.send(&Command::NewGame(Dialect::Uci));
        self.send(&position.command());
        let errors = self.errors();
        if !errors.is_empty() {
            return Err(errors.join("; "));
        }
        let position = self.session.position_string();
        self.send(go);
        self.session.wait_for_search();
        let mut reader = AnswerReader::default();
        for line in self.lines.try_iter() {
            match parse_response(&line) {
                Ok(response) => reader.read(response),
                Err(e) => log::debug!("not a response line: {line}: {e}"),
            }
        }
        reader.finish(position)
    }

    /// Sends one command as the line a front end would type.
    fn send(&mut self, command: &Command) {
        self.session.handle_line(&command.to_string());
    }

    /// The errors printed since the last look (other lines are dropped).
    fn errors(&self) -> Vec<String> {
        self.lines
            .try_iter()
            .filter_map(|line| match parse_response(&line) {
                Ok(Response::InfoString(text)) => {
                    text.strip_prefix(ERROR_PREFIX).map(str::to_owned)
                }
                _ => None,
            })
            .collect()
    }
}

/// What the `info string` after a line's last `info` said of its value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Label {
    /// Nothing: the score is the search's estimate.
    #[default]
    None,
    /// `[multipv k ]proven margin …`: the score is exact.
    Proven,
    /// `multipv k between L and U` (a solve stopped before the line's
    /// value was exact): its bounds, in the game's units.
    Bounded(i32, i32),
}

/// The last `info` of each line, and what its label said of it.
#[derive(Debug, Default)]
struct AnswerReader {
    /// By MultiPV rank (1 without MultiPV).
    lines: BTreeMap<u32, (Info, Label)>,
    /// The last `info` with a node count (the latest figures).
    last_counts: Option<Info>,
    best: Option<Option<String>>,
    /// Whether the lines carried `multipv k` (MultiPV above 1).
    many_lines: bool,
    /// The last line of a `solve`.
    solved: Option<SolveLine>,
    errors: Vec<String>,
}

impl AnswerReader {
    fn read(&mut self, response: Response) {
        match response {
            Response::Info(info) => {
                if info.nodes.is_some() {
                    self.last_counts = Some(info.clone());
                }
                self.many_lines |= info.multipv.is_some();
                if info.score.is_some() {
                    self.lines
                        .insert(info.multipv.unwrap_or(1), (info, Label::None));
                }
            }
            Response::InfoString(text) => {
                if let Some(error) = text.strip_prefix(ERROR_PREFIX) {
                    self.errors.push(error.to_owned());
                } else if let Some((_, label)) =
                    proven_line(&text).and_then(|rank| self.lines.get_mut(&rank))
                {
                    *label = Label::Proven;
                } else if let Some((rank, lower, upper)) = bounded_line(&text)
                    && let Some((_, label)) = self.lines.get_mut(&rank)
                {
                    *label = Label::Bounded(lower, upper);
                }
            }
            Response::BestMove { best, .. } => self.best = Some(best),
            Response::Solve(line) => {
                self.best = Some(line.best.clone());
                self.solved = Some(line);
            }
            _ => {}
        }
    }

    fn finish(self, position: String) -> Result<Analysis, String> {
        if !self.errors.is_empty() {
            return Err(self.errors.join("; "));
        }
        let Some(bestmove) = self.best else {
            return Err("the engine printed no bestmove".to_owned());
        };
        let best = self.lines.get(&1);
        let counts = self.last_counts.as_ref().or(best.map(|(info, _)| info));
        let multipv = self.many_lines.then(|| {
            self.lines
                .iter()
                .map(|(&rank, (info, label))| PvLine {
                    multipv: rank,
                    score: score_of(info, *label),
                    pv: info.pv.clone(),
                    depth: info.depth,
                })
                .collect()
        });
        let mut score = best.and_then(|(info, label)| score_of(info, *label));
        let (mut nodes, mut time_ms) = (
            counts.and_then(|info| info.nodes),
            counts.and_then(|info| info.time),
        );
        // A solve's last line has the value, proven, and the figures of
        // the whole solve; stopped before the end (by its limit or
        // `stop`), the bounds it proved.
        if let Some(solved) = &self.solved {
            score = Some(AnalysisScore::between(
                solved.lower * CENTI,
                solved.upper * CENTI,
            ));
            (nodes, time_ms) = (Some(solved.nodes), Some(solved.time));
        }
        Ok(Analysis {
            position,
            bestmove,
            score,
            depth: best.and_then(|(info, _)| info.depth),
            seldepth: best.and_then(|(info, _)| info.seldepth),
            nodes,
            time_ms,
            pv: best.map(|(info, _)| info.pv.clone()).unwrap_or_default(),
            multipv,
        })
    }
}

/// The JSON score of an `info` line with its label.
fn score_of(info: &Info, label: Label) -> Option<AnalysisScore> {
    Some(match (info.score?.value, label) {
        (ScoreValue::Mate(n), _) => AnalysisScore::Mate(n),
        (ScoreValue::Centi(cp), Label::Proven) => AnalysisScore::Proven(cp),
        (ScoreValue::Centi(_), Label::Bounded(lower, upper)) => {
            AnalysisScore::between(lower * CENTI, upper * CENTI)
        }
        (ScoreValue::Centi(cp), Label::None) => AnalysisScore::Cp(cp),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_proven_label_marks_only_the_last_info_of_its_line() {
        let mut reader = AnswerReader::default();
        for line in [
            "info depth 1 score cp 100 nodes 5 time 0 pv 3",
            "info string proven margin +1 (endgame database)",
            "info depth 2 score cp 200 nodes 9 time 1 pv 4",
            "bestmove 4",
        ] {
            reader.read(parse_response(line).unwrap());
        }
        let analysis = reader.finish("p".into()).unwrap();
        assert_eq!(analysis.score, Some(AnalysisScore::Cp(200)));
        assert_eq!(analysis.bestmove.as_deref(), Some("4"));
        assert_eq!(analysis.nodes, Some(9));
    }

    #[test]
    fn a_labelled_line_has_a_proven_score() {
        let mut reader = AnswerReader::default();
        for line in [
            "info depth 3 seldepth 3 multipv 1 score cp 800 nodes 5 time 0 pv 3",
            "info string multipv 1 proven margin +8 (endgame database)",
            "info depth 3 seldepth 3 multipv 2 score cp 100 nodes 9 time 1 pv 4",
            "bestmove 3",
        ] {
            reader.read(parse_response(line).unwrap());
        }
        let analysis = reader.finish("p".into()).unwrap();
        assert_eq!(analysis.score, Some(AnalysisScore::Proven(800)));
        let lines = analysis.multipv.unwrap();
        assert_eq!(lines[0].score, Some(AnalysisScore::Proven(800)));
        assert_eq!(lines[1].score, Some(AnalysisScore::Cp(100)));
    }
}
