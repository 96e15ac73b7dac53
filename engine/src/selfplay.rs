//! Matches between two evaluations of one game with the same search, in
//! one process: how an evaluation term earns its place (`ply-engine tune
//! match` runs them, through `engine_game/tuning.rs`). Matches between
//! engine binaries are `ply-referee`'s job.
//!
//! The openings are every position a few moves from the start
//! ([`openings`]) or an openings file's (`openings_file.rs`); each is
//! played twice with colours swapped, so neither side profits from a
//! lucky opening.

use crate::search::SearchGame;
use crate::search::{
    Evaluator, History, Limits, SearchControl, SearchResult, SearchSettings, SearchTables,
    TranspositionTable, search,
};
use ply_rules::game::{Game, Outcome, Player};
use ply_stats::{
    GameScore, Pentanomial, Wdl, elo_from_pentanomial, format_elo_line, format_score_line,
};

/// Table size for each player, in MB.
const HASH_MB: usize = 8;

/// A game still going after this many moves is scored a draw (it has never
/// happened in the recorded matches).
const MAX_PLIES: usize = 2_000;

/// Reads evaluation terms as `ply-engine tune match` takes them on the
/// command line, `NAME:WEIGHT` separated by commas (`back:10,mobility:3`).
///
/// # Errors
/// Which term is not `NAME:WEIGHT` with a whole-number weight.
pub fn weighted_terms(text: &str) -> Result<Vec<(&str, i32)>, String> {
    text.split(',')
        .map(|term| {
            let (name, weight) = term
                .split_once(':')
                .ok_or_else(|| format!("'{term}' is not NAME:WEIGHT"))?;
            let weight = weight
                .parse()
                .map_err(|_| format!("the weight of '{term}' is not a whole number"))?;
            Ok((name, weight))
        })
        .collect()
}

/// Every position `plies` moves from `start` (or the end, if sooner).
#[must_use]
pub fn openings<G: Game>(start: &G, plies: u32) -> Vec<G> {
    if plies == 0 || start.outcome().is_some() {
        return vec![start.clone()];
    }
    let mut moves = G::Moves::default();
    start.legal_moves(&mut moves);
    moves
        .iter()
        .flat_map(|&mv| {
            let mut child = start.clone();
            child.play(mv);
            openings(&child, plies - 1)
        })
        .collect()
}

/// Plays one game from `opening`, `players[0]` moving for player one, at
/// `nodes` nodes a move. Returns player one's result (1, ½, 0) and the
/// number of moves.
#[must_use]
pub fn play<G: SearchGame, E: Evaluator<G>>(
    opening: &G,
    players: &[E; 2],
    nodes: u64,
) -> (f64, usize) {
    let game = play_recorded(opening, players, nodes);
    (game.first_score, game.positions.len() - 1)
}

/// A game played by [`play_recorded`]: every position from the opening to
/// the end, what the search thought of each, and player one's result.
#[derive(Clone, Debug)]
pub struct RecordedGame<G> {
    /// The opening, each position after it, and the last.
    pub positions: Vec<G>,
    /// The score of the search that chose the move in each position but
    /// the last, for its side to move (see `search::score`).
    pub scores: Vec<i32>,
    /// Player one's result: 1, ½ or 0.
    pub first_score: f64,
}

/// A search at a fixed number of nodes a move with tables of its own,
/// kept from one search to the next: one player of a self-play game, or
/// the searcher that labels a game's positions again (`training_data.rs`).
#[derive(Debug)]
pub struct FixedNodes {
    tt: TranspositionTable,
    history: History,
    limits: Limits,
}

impl FixedNodes {
    /// A searcher of `nodes` nodes a move for a game of `G`'s moves.
    #[must_use]
    pub fn new<G: SearchGame>(nodes: u64) -> Self {
        Self {
            tt: TranspositionTable::new(HASH_MB),
            history: History::new(G::MOVE_INDEX_LIMIT),
            limits: Limits {
                nodes: Some(nodes),
                ..Limits::default()
            },
        }
    }

    /// Forgets what earlier searches learned, as before a new game.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.history.clear();
    }

    /// Searches `position` with `evaluation`.
    pub fn search<G: SearchGame, E: Evaluator<G>>(
        &mut self,
        position: &G,
        evaluation: E,
    ) -> SearchResult<G::Move> {
        search(
            position,
            &self.limits,
            SearchSettings::default(),
            SearchTables {
                tt: &mut self.tt,
                history: &mut self.history,
            },
            &SearchControl::default(),
            evaluation,
            |_| {},
        )
    }
}

/// Plays one game as [`play`] does and keeps every position: the data an
/// evaluation is fitted to (`engine/src/tune.rs`).
#[must_use]
pub fn play_recorded<G: SearchGame, E: Evaluator<G>>(
    opening: &G,
    players: &[E; 2],
    nodes: u64,
) -> RecordedGame<G> {
    let mut searchers = [0, 1].map(|_| FixedNodes::new::<G>(nodes));
    let mut position = opening.clone();
    let mut positions = vec![position.clone()];
    let mut scores = Vec::new();
    while position.outcome().is_none() && positions.len() <= MAX_PLIES {
        let side = position.side_to_move().index();
        let result = searchers[side].search(&position, players[side].clone());
        let Some(mv) = result.best else { break };
        scores.push(result.score);
        position.play(mv);
        positions.push(position.clone());
    }
    let first_score = match position.outcome() {
        Some(Outcome::Win(Player::One)) => 1.0,
        Some(Outcome::Win(Player::Two)) => 0.0,
        _ => 0.5,
    };
    RecordedGame {
        positions,
        scores,
        first_score,
    }
}

/// The result of a match, from the first evaluation's side: its games and
/// its game pairs (one opening, colours swapped), counted as the referee
/// counts them (`ply_stats`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchResult {
    /// Wins, losses and draws of the first evaluation.
    pub games: Wdl,
    /// The pairs, by the points they gave the first evaluation.
    pub pairs: Pentanomial,
    /// The longest game, in moves.
    pub longest: usize,
}

impl MatchResult {
    /// Records the two games of one opening, the first evaluation's
    /// results in them.
    pub fn record_pair(&mut self, first: GameScore, second: GameScore) {
        self.games.record(first);
        self.games.record(second);
        self.pairs.record(first, second);
    }

    /// The lines fastchess prints (`Score of A vs B: …`, `Ptnml(0-2): …`,
    /// `Elo difference: …`): the Elo and its 95 % interval from the pairs,
    /// which are independent where a pair's two games are not.
    #[must_use]
    pub fn report(&self) -> String {
        let mut lines = vec![
            format_score_line("A", "B", &self.games),
            self.pairs.fastchess_line(),
        ];
        if let Some(estimate) = elo_from_pentanomial(&self.pairs) {
            lines.push(format_elo_line(&estimate));
        }
        lines.join("\n")
    }
}

/// The first evaluation's result in a game it played first (`a_first`) or
/// second, from player one's score.
fn score_of_a(first_score: f64, a_first: bool) -> GameScore {
    let score = if a_first {
        first_score
    } else {
        1.0 - first_score
    };
    match score {
        s if s > 0.75 => GameScore::Win,
        s if s < 0.25 => GameScore::Loss,
        _ => GameScore::Draw,
    }
}

/// Plays every opening twice, colours swapped, `a` against `b`, calling
/// `progress` with the openings done after each.
#[must_use]
pub fn run_match<G: SearchGame, E: Evaluator<G>>(
    openings: &[G],
    a: &E,
    b: &E,
    nodes: u64,
    progress: &mut dyn FnMut(usize),
) -> MatchResult {
    let mut result = MatchResult::default();
    for (done, opening) in openings.iter().enumerate() {
        let [first, second] = [true, false].map(|a_first| {
            let players = if a_first {
                [a.clone(), b.clone()]
            } else {
                [b.clone(), a.clone()]
            };
            let (score, plies) = play(opening, &players, nodes);
            result.longest = result.longest.max(plies);
            score_of_a(score, a_first)
        });
        result.record_pair(first, second);
        progress(done + 1);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terms_are_read_as_name_colon_weight() {
        assert_eq!(
            weighted_terms("back:10,mobility:-3"),
            Ok(vec![("back", 10), ("mobility", -3)])
        );
        assert!(weighted_terms("back").is_err_and(|e| e.contains("NAME:WEIGHT")));
        assert!(weighted_terms("back:x").is_err_and(|e| e.contains("whole number")));
    }

    #[test]
    fn even_results_are_zero_elo_and_the_report_has_fastchess_lines() {
        let mut even = MatchResult::default();
        for _ in 0..5 {
            even.record_pair(GameScore::Win, GameScore::Loss);
            even.record_pair(GameScore::Win, GameScore::Draw);
            even.record_pair(GameScore::Draw, GameScore::Loss);
        }
        let report = even.report();
        let lines: Vec<&str> = report.lines().collect();
        assert_eq!(lines[0], "Score of A vs B: 10 - 10 - 10  [0.500] 30");
        assert_eq!(lines[1], "Ptnml(0-2): [0, 5, 5, 5, 0]");
        assert!(lines[2].starts_with("Elo difference: 0.0 +/- "), "{report}");
    }

    #[test]
    fn a_game_counts_for_the_evaluation_that_played_it() {
        assert_eq!(score_of_a(1.0, true), GameScore::Win);
        assert_eq!(score_of_a(1.0, false), GameScore::Loss);
        assert_eq!(score_of_a(0.0, false), GameScore::Win);
        assert_eq!(score_of_a(0.5, false), GameScore::Draw);
    }
}
