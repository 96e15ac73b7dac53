//! Analysis mode (docs/front-ends.md, "Analysis mode"): the engine
//! analyses the position shown with `go infinite` and several lines
//! (`MultiPV`), the page may show any position of the game, a move played
//! in an earlier position replaces the moves after it, and every position
//! of the game gets a value for the evaluation graph.
//!
//! The graph's values come from every search of a position: the engine's
//! own moves during play, hints, analysis (its deepest first line), and,
//! in analysis mode, a short search ([`GRAPH_NODES`]) of each position no
//! search has valued yet, run before the position shown is analysed. A
//! value is kept with the position string it belongs to, so a value
//! never outlives its position (take-backs, replaced moves, new games).

use std::collections::BTreeMap;

use ply_protocol::{GoParams, Info, Score, ScoreValue};
use ply_rules::game::{Outcome, Player};
use ply_rules::variant::AnyGame;

use super::PageSession;
use super::search::{Purpose, score_info};
use crate::games;
use crate::score;
use crate::web::messages::{AnalysisInfo, MAX_ANALYSIS_LINES, ScoreInfo};

/// The nodes of the short search that values a position for the graph:
/// a few milliseconds in a release build, so a game of a hundred moves is
/// valued in about a second before its position shown is analysed.
pub(super) const GRAPH_NODES: u64 = 20_000;

/// A game's end drawn in the graph: one player's win where the game has
/// no count of seeds or men to tell by how much (the graph's edge, as the
/// page clamps values to ten units).
const WIN_FOR_GRAPH: i32 = 1_000;

/// Analysis mode, while it is on.
#[derive(Debug)]
pub(super) struct Analysis {
    /// The lines asked for (`MultiPV`).
    pub(super) lines: u32,
    /// The position shown: after this many of the game's moves.
    pub(super) ply: usize,
    /// The position shown when its analysis ended without being asked to
    /// (a proven value) or was stopped by the page: not started again
    /// until another position is shown (its position string, to tell).
    pub(super) ended: Option<(usize, String)>,
}

/// A position's value for the graph.
#[derive(Clone, Debug)]
pub(super) struct PlyEval {
    /// The position it belongs to.
    fen: String,
    /// From player one's side; `None` when the search gave no score.
    score: Option<Score>,
    /// The depth it was searched to.
    depth: u32,
    /// Whether the score is a proven final margin.
    proven: bool,
}

/// The values of the game's positions, by ply.
pub(super) type Evals = BTreeMap<usize, PlyEval>;

impl PageSession {
    /// The position shown: after this many of the game's moves.
    pub(super) fn shown_ply(&self) -> usize {
        self.analysis
            .as_ref()
            .map_or(self.record.moves().len(), |a| a.ply)
    }

    /// The position the page shows: the game's last one, or in analysis
    /// mode the one gone to.
    pub(super) fn shown(&self) -> &AnyGame {
        self.record
            .position(self.shown_ply())
            .unwrap_or_else(|| self.record.current())
    }

    /// The page's "analysis on/off" (and number of lines).
    ///
    /// Turning it on stops any search (its move is not played); turning it
    /// off goes back to the game's last position with the engines paused,
    /// so nothing moves until the person asks.
    pub(super) fn set_analysis(&mut self, on: bool, lines: Option<u32>) -> Result<(), String> {
        if let Some(lines) = lines
            && !(1..=MAX_ANALYSIS_LINES).contains(&lines)
        {
            return Err(format!(
                "analysis shows 1 to {MAX_ANALYSIS_LINES} lines, not {lines}"
            ));
        }
        let variant = self.record.options().variant();
        if on && !games::ui(variant).two_sided {
            return Err(format!(
                "{} has no analysis mode: it has no two sides to evaluate; \
                 Hint gives the breaker's best guess and its expected guesses",
                variant.name()
            ));
        }
        if let Some(lines) = lines {
            self.analysis_lines = lines;
        }
        if !on {
            if self.analysis.take().is_some() {
                self.cancel_search();
                self.paused = true;
                self.last_move = None;
            }
            return Ok(());
        }
        let lines = self.analysis_lines;
        match &mut self.analysis {
            Some(analysis) if analysis.lines == lines => {}
            Some(analysis) => {
                analysis.lines = lines;
                analysis.ended = None;
                self.cancel_search();
            }
            None => {
                self.cancel_search();
                self.analysis = Some(Analysis {
                    lines,
                    ply: self.record.moves().len(),
                    ended: None,
                });
            }
        }
        Ok(())
    }

    /// The page's click on a move of the list: the position after `ply`
    /// moves is shown and analysed.
    pub(super) fn go_to(&mut self, ply: usize) -> Result<(), String> {
        let length = self.record.moves().len();
        let Some(analysis) = &mut self.analysis else {
            return Err("turn analysis mode on to go through the game's moves".to_owned());
        };
        if ply > length {
            return Err(format!(
                "no position after {ply} moves: the game has {length} moves"
            ));
        }
        if analysis.ply != ply {
            analysis.ply = ply;
            self.last_move = None;
            self.cancel_search();
        }
        Ok(())
    }

    /// In analysis mode, before a move in the position shown: the moves
    /// after it are dropped (and said so), as the move starts a new line.
    pub(super) fn leave_the_rest(&mut self) {
        let Some(analysis) = &self.analysis else {
            return;
        };
        let ply = analysis.ply;
        let dropped = self.record.truncate(ply);
        if dropped > 0 {
            self.evals.retain(|&kept, _| kept <= ply);
            self.notice = Some(format!(
                "{dropped} later move{} of the game {} replaced by this one",
                if dropped == 1 { "" } else { "s" },
                if dropped == 1 { "was" } else { "were" },
            ));
        }
    }

    /// Keeps the shown position in the game after the game got shorter.
    pub(super) fn follow_the_game(&mut self) {
        let length = self.record.moves().len();
        if let Some(analysis) = &mut self.analysis {
            analysis.ply = length;
            analysis.ended = None;
        }
        self.evals.retain(|&kept, _| kept <= length);
    }

    /// The next analysis-mode search, if one is due: the graph's missing
    /// values first (short), then the position shown until stopped; after
    /// the page's Stop, nothing until another position is shown.
    pub(super) fn analysis_search(&mut self) -> Option<Result<(), String>> {
        let analysis = self.analysis.as_ref()?;
        if self.search.is_some() {
            return None;
        }
        let shown = self.shown();
        let key = (analysis.ply, shown.position_string());
        if analysis.ended.as_ref() == Some(&key) {
            return None;
        }
        if let Some(ply) = self.unvalued_ply() {
            let go = GoParams {
                nodes: Some(GRAPH_NODES),
                ..GoParams::default()
            };
            return Some(self.run_search(ply, Purpose::Graph, go, 1));
        }
        if shown.outcome().is_some() {
            return None;
        }
        let go = GoParams {
            infinite: true,
            ..GoParams::default()
        };
        Some(self.run_search(key.0, Purpose::Analysis, go, analysis.lines))
    }

    /// The first position of the game, not over, without a value.
    fn unvalued_ply(&self) -> Option<usize> {
        (0..=self.record.moves().len()).find(|&ply| {
            self.record.position(ply).is_some_and(|position| {
                position.outcome().is_none() && self.eval_of(ply, position).is_none()
            })
        })
    }

    /// The value kept for the position after `ply` moves, if it is that
    /// position's.
    fn eval_of(&self, ply: usize, position: &AnyGame) -> Option<&PlyEval> {
        self.evals
            .get(&ply)
            .filter(|e| e.fen == position.position_string())
    }

    /// Keeps a search line's score as the value of its position, unless a
    /// deeper one is kept. Bounds are no values.
    pub(super) fn record_eval(&mut self, ply: usize, root: &AnyGame, side: Player, info: &Info) {
        let (Some(found), Some(depth)) = (info.score.as_ref(), info.depth) else {
            return;
        };
        if found.bound.is_some() {
            return;
        }
        if self
            .eval_of(ply, root)
            .is_some_and(|kept| kept.score.is_some() && kept.depth > depth)
        {
            return;
        }
        self.evals.insert(
            ply,
            PlyEval {
                fen: root.position_string(),
                score: Some(score::for_player_one(found, side)),
                depth,
                proven: false,
            },
        );
    }

    /// The engine labelled the first line it just printed for the position
    /// after `ply` moves proven: so is the value kept from it.
    pub(super) fn mark_proven(&mut self, ply: usize, root: &AnyGame) {
        let fen = root.position_string();
        if let Some(kept) = self.evals.get_mut(&ply).filter(|e| e.fen == fen) {
            kept.proven = kept.score.is_some();
        }
    }

    /// A graph search ended: a position it gave no score stays without
    /// one, and is not searched again.
    pub(super) fn graph_searched(&mut self, ply: usize, root: &AnyGame) {
        if self.eval_of(ply, root).is_none() {
            self.evals.insert(
                ply,
                PlyEval {
                    fen: root.position_string(),
                    score: None,
                    depth: 0,
                    proven: false,
                },
            );
        }
    }

    /// The analysis of the position after `ply` moves ended without being
    /// cancelled (a proven value, or the page's Stop): it is not started
    /// again while the position is shown.
    pub(super) fn analysis_ended(&mut self, ply: usize, root: &AnyGame) {
        if let Some(analysis) = &mut self.analysis {
            analysis.ended = Some((ply, root.position_string()));
        }
    }

    /// The graph's values, one per position of the game.
    pub(super) fn evals_for_page(&self) -> Vec<Option<ScoreInfo>> {
        let last = self.record.moves().len();
        (0..=last)
            .map(|ply| {
                let position = self.record.position(ply)?;
                let outcome = if ply == last {
                    self.record.outcome()
                } else {
                    position.outcome()
                };
                if let Some(outcome) = outcome {
                    return Some(result_score(position, outcome));
                }
                let kept = self.eval_of(ply, position)?;
                kept.score.as_ref().map(|s| ScoreInfo {
                    proven: kept.proven,
                    ..score_info(s)
                })
            })
            .collect()
    }

    /// Analysis mode for the page.
    pub(super) fn analysis_info(&self) -> Option<AnalysisInfo> {
        self.analysis.as_ref().map(|a| AnalysisInfo {
            lines: a.lines,
            running: self.search.is_some(),
        })
    }
}

/// A finished game's value from player one's side: the final margin
/// where the game counts seeds, else a win at the graph's edge.
fn result_score(position: &AnyGame, outcome: Outcome) -> ScoreInfo {
    let margin = games::view(position).tally().map(|t| {
        let margin = i64::from(t[0]) - i64::from(t[1]);
        i32::try_from(margin * 100).unwrap_or(0)
    });
    let cp = match outcome {
        Outcome::Draw => 0,
        Outcome::Win(winner) => {
            let sign = if winner == Player::One { 1 } else { -1 };
            margin
                .filter(|m| m.signum() == sign)
                .unwrap_or(sign * WIN_FOR_GRAPH)
        }
    };
    let mut info = score_info(&Score {
        value: ScoreValue::Centi(cp),
        bound: None,
    });
    info.text = match outcome {
        Outcome::Draw => "the end: a draw".to_owned(),
        Outcome::Win(_) => format!("the end: {}", info.text),
    };
    info.proven = true;
    info
}
