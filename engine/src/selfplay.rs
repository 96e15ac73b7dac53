//! Matches between two evaluations of one game with the same search, in
//! one process: how an evaluation term earns its place (`ply-engine tune
//! match` runs them, through `engine_game/tuning.rs`). Matches between
//! engine binaries are `ply-referee`'s job.
//!
//! Every position a few moves from the start is an opening; each is played
//! twice with colours swapped, so neither side profits from a lucky opening.

use crate::search::SearchGame;
use crate::search::{
    Evaluator, History, Limits, SearchControl, SearchSettings, SearchTables, TranspositionTable,
    search,
};
use ply_rules::game::{Game, Outcome, Player};

/// Table size for each player, in MB.
const HASH_MB: usize = 8;

/// A game still going after this many moves is scored a draw (it has never
/// happened in the recorded matches).
const MAX_PLIES: usize = 2_000;

/// z for a two-sided 95 % interval.
const Z_95: f64 = 1.96;

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
/// the end, and player one's result.
#[derive(Clone, Debug)]
pub struct RecordedGame<G> {
    /// The opening, each position after it, and the last.
    pub positions: Vec<G>,
    /// Player one's result: 1, ½ or 0.
    pub first_score: f64,
}

/// Plays one game as [`play`] does and keeps every position: the data an
/// evaluation is fitted to (`engine/src/tune.rs`).
#[must_use]
pub fn play_recorded<G: SearchGame, E: Evaluator<G>>(
    opening: &G,
    players: &[E; 2],
    nodes: u64,
) -> RecordedGame<G> {
    let mut tables = [0, 1].map(|_| {
        (
            TranspositionTable::new(HASH_MB),
            History::new(G::MOVE_INDEX_LIMIT),
        )
    });
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let mut position = opening.clone();
    let mut positions = vec![position.clone()];
    while position.outcome().is_none() && positions.len() <= MAX_PLIES {
        let side = position.side_to_move().index();
        let (tt, history) = &mut tables[side];
        let result = search(
            &position,
            &limits,
            SearchSettings::default(),
            SearchTables { tt, history },
            &SearchControl::default(),
            players[side].clone(),
            |_| {},
        );
        let Some(mv) = result.best else { break };
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
        first_score,
    }
}

/// The result of a match, from the first evaluation's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchResult {
    /// Games won by the first evaluation.
    pub wins: u32,
    /// Games it lost.
    pub losses: u32,
    /// Games drawn.
    pub draws: u32,
    /// The longest game, in moves.
    pub longest: usize,
}

impl MatchResult {
    /// Games played.
    #[must_use]
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// The score fraction of the first evaluation.
    #[must_use]
    pub fn score(&self) -> f64 {
        (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(self.games().max(1))
    }

    /// The Elo difference and its 95 % interval (from the per-game variance).
    #[must_use]
    pub fn elo(&self) -> (f64, f64, f64) {
        let games = f64::from(self.games().max(1));
        let score = self.score();
        let variance = (f64::from(self.wins) * (1.0 - score).powi(2)
            + f64::from(self.losses) * score.powi(2)
            + f64::from(self.draws) * (0.5 - score).powi(2))
            / games;
        let margin = Z_95 * (variance / games).sqrt();
        (elo(score), elo(score - margin), elo(score + margin))
    }

    /// cutechess-style lines: `Score of A vs B: …` and `Elo difference: …`.
    #[must_use]
    pub fn report(&self) -> String {
        let (elo, low, high) = self.elo();
        format!(
            "Score of A vs B: {} - {} - {} [{:.3}] {}\nElo difference: {elo:.1} (95%: {low:.1} .. {high:.1})",
            self.wins,
            self.losses,
            self.draws,
            self.score(),
            self.games()
        )
    }
}

/// Plays every opening twice, colours swapped, `a` against `b`.
#[must_use]
pub fn run_match<G: SearchGame, E: Evaluator<G>>(
    openings: &[G],
    a: &E,
    b: &E,
    nodes: u64,
) -> MatchResult {
    let mut result = MatchResult::default();
    for opening in openings {
        for a_first in [true, false] {
            let players = if a_first {
                [a.clone(), b.clone()]
            } else {
                [b.clone(), a.clone()]
            };
            let (first, plies) = play(opening, &players, nodes);
            result.longest = result.longest.max(plies);
            let a_result = if a_first { first } else { 1.0 - first };
            match a_result {
                r if r > 0.75 => result.wins += 1,
                r if r < 0.25 => result.losses += 1,
                _ => result.draws += 1,
            }
        }
    }
    result
}

/// Elo difference for a score fraction.
fn elo(score: f64) -> f64 {
    let p = score.clamp(1e-6, 1.0 - 1e-6);
    -400.0 * (1.0 / p - 1.0).log10()
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
    fn even_results_are_zero_elo_and_the_report_has_cutechess_lines() {
        let even = MatchResult {
            wins: 10,
            losses: 10,
            draws: 4,
            longest: 0,
        };
        let (elo, low, high) = even.elo();
        assert!(elo.abs() < 1e-9 && low < 0.0 && high > 0.0);
        assert!(
            even.report()
                .starts_with("Score of A vs B: 10 - 10 - 4 [0.500] 24")
        );
    }
}
