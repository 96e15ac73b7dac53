//! Building a book from the engine's own analysis (`ply-engine build-book`).
//!
//! 1. Walk every position reachable from the start in fewer than `plies`
//!    moves (each distinct position once).
//! 2. Score every move of each position with a fixed-depth search of the
//!    position it leads to, from the mover's point of view.
//! 3. Keep the best move and those within `margin` of it, weighted from 100
//!    (the best) down to 1 (at the margin), heaviest first.
//!
//! Positions the book already holds are kept as they are, so building into
//! an existing book extends it (hand-made entries survive a rebuild).
//!
//! With a prover (`build-book --solve`), step 2 is the game's exact solver
//! instead, run by an engine session (`solve` with every move a line, so it
//! uses the engine's endgame databases as a game would): every move gets
//! its proven value, the moves that keep the position's value weight 100
//! and the others 0 (known, never played). Entries without proven values
//! are then solved too, so a searched book is upgraded in place.

use std::collections::{HashSet, VecDeque};

use ply_protocol::{Command, SolveParams, StartingPosition};

use crate::book::{Book, BookMove, section_of};
use crate::commands::analyse::Job;
use crate::commands::analyse::input::PositionSpec;
use crate::commands::analyse::record::AnalysisScore;
use crate::engine_game::EngineGame;
use crate::search::SearchGame;
use crate::search::score::{CENTI, MATE};
use crate::search::{
    GameEvaluation, History, Limits, SearchControl, SearchSettings, SearchTables,
    TranspositionTable, search,
};
use ply_rules::game::{Game, Outcome};
use ply_rules::variant::AnyGame;
use ply_rules::with_game;

/// The weight of the best move; moves at the margin get 1.
pub const TOP_WEIGHT: u32 = 100;

/// What to analyse and how deeply.
#[derive(Clone, Copy, Debug)]
pub struct BuildSettings {
    /// Positions fewer than this many moves from the start get entries.
    pub plies: u32,
    /// Depth of the search after each move.
    pub depth: u32,
    /// Moves scoring within this many centi-units of the best are kept.
    pub margin: i32,
    /// Transposition table size in MB.
    pub hash_mb: usize,
}

/// Progress of a build, for the caller to show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildProgress {
    /// Positions analysed so far (or found in the book already).
    pub done: usize,
    /// Positions to analyse in all.
    pub total: usize,
}

/// Why a book cannot be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BuildError {
    /// The game's moves come from elsewhere.
    #[error("{0} has no book: its moves come from a strategy search of its own")]
    NoBookForGame(&'static str),
    /// The prover could not prove a position's moves.
    #[error("cannot prove the moves of {position}: {reason}")]
    NotProven {
        /// The position string.
        position: String,
        /// What the engine said (a game without a solver, a stopped solve).
        reason: String,
    },
    /// The system would not give the transposition table of `--hash` MB.
    #[error("the transposition table: {0}: lower --hash")]
    Memory(#[from] crate::search::huge_pages::AllocError),
}

/// Whether `G`'s moves come from elsewhere than books.
fn has_no_book<G: EngineGame>(_: &G) -> bool {
    G::NO_BOOK.is_some()
}

/// Adds to `book` the analysis of every position fewer than
/// `settings.plies` moves from `start` that it does not hold yet (with a
/// `prover`: that it does not hold proven values for); returns how many
/// positions were added or upgraded.
///
/// # Errors
/// [`BuildError::NoBookForGame`] for a game the board-game search does not
/// play; [`BuildError::NotProven`] when the prover fails on a position.
pub fn extend_book(
    book: &mut Book,
    start: &AnyGame,
    settings: &BuildSettings,
    prover: Option<&mut Job>,
    progress: &mut dyn FnMut(BuildProgress),
) -> Result<usize, BuildError> {
    let section = section_of(start);
    // Mastermind's breaker has a precomputed table of its own.
    if with_game!(start, g => has_no_book(g)) {
        return Err(BuildError::NoBookForGame(start.variant().name()));
    }
    let analysed = with_game!(start, g => analyse(g, &section, book, settings, prover, progress))?;
    let added = analysed.len();
    for (position, moves) in analysed {
        book.insert(&section, &position, moves);
    }
    Ok(added)
}

/// Steps 1-3 for one game: the new entries, by position string.
fn analyse<G: SearchGame>(
    start: &G,
    section: &str,
    book: &Book,
    settings: &BuildSettings,
    mut prover: Option<&mut Job>,
    progress: &mut dyn FnMut(BuildProgress),
) -> Result<Vec<(String, Vec<BookMove>)>, BuildError> {
    let positions = positions_within(start, settings.plies);
    let total = positions.len();
    let mut tt = TranspositionTable::try_new(settings.hash_mb)?;
    let mut history = History::new(G::MOVE_INDEX_LIMIT);
    let mut entries = Vec::new();
    for (done, position) in positions.into_iter().enumerate() {
        progress(BuildProgress { done, total });
        let key = position.position_string();
        let known = book.moves(section, &key);
        if let Some(job) = prover.as_deref_mut() {
            if known.is_some_and(|moves| moves.iter().all(|m| m.exact.is_some())) {
                continue;
            }
            entries.push((key.clone(), proven_moves(job, &key)?));
            continue;
        }
        if known.is_some() {
            continue;
        }
        let scored: Vec<(G::Move, i32)> = position
            .moves()
            .iter()
            .map(|&mv| {
                (
                    mv,
                    score_move(&position, mv, settings.depth, &mut tt, &mut history),
                )
            })
            .collect();
        entries.push((key, weigh(&position, &scored, settings.margin)));
    }
    progress(BuildProgress { done: total, total });
    Ok(entries)
}

/// Step 2 with a prover: every move of the position with its proven value,
/// weighted [`TOP_WEIGHT`] when it keeps the position's value and 0 when
/// it gives some away; best first, then in notation order.
///
/// # Errors
/// [`BuildError::NotProven`] with what the engine said.
fn proven_moves(job: &mut Job, position: &str) -> Result<Vec<BookMove>, BuildError> {
    let not_proven = |reason: String| BuildError::NotProven {
        position: position.to_owned(),
        reason,
    };
    let spec = PositionSpec {
        start: StartingPosition::Fen(position.to_owned()),
        moves: Vec::new(),
    };
    let analysis = job
        .analyse(&spec, &Command::Solve(SolveParams::default()))
        .map_err(not_proven)?;
    let proven = |score: Option<AnalysisScore>| match score {
        Some(AnalysisScore::Proven(centi)) => Some(centi / CENTI),
        _ => None,
    };
    // One line a move; a position with one move may print no lines.
    let lines: Vec<(String, Option<i32>)> = match &analysis.multipv {
        Some(lines) => lines
            .iter()
            .filter_map(|line| Some((line.pv.first()?.clone(), proven(line.score))))
            .collect(),
        None => analysis
            .bestmove
            .iter()
            .map(|mv| (mv.clone(), proven(analysis.score)))
            .collect(),
    };
    let mut values = Vec::with_capacity(lines.len());
    for (text, value) in lines {
        let value = value.ok_or_else(|| not_proven(format!("move {text} has no proven value")))?;
        values.push((text, value));
    }
    let best = values
        .iter()
        .map(|&(_, v)| v)
        .max()
        .ok_or_else(|| not_proven("no move was proven".to_owned()))?;
    let mut moves: Vec<BookMove> = values
        .into_iter()
        .map(|(text, value)| BookMove {
            text,
            weight: if value == best { TOP_WEIGHT } else { 0 },
            exact: Some(value),
        })
        .collect();
    moves.sort_by(|a, b| b.exact.cmp(&a.exact).then_with(|| a.text.cmp(&b.text)));
    Ok(moves)
}

/// Step 1: the unfinished positions fewer than `plies` moves from `start`,
/// breadth first, each once.
fn positions_within<G: Game>(start: &G, plies: u32) -> Vec<G> {
    let mut seen = HashSet::new();
    let mut found = Vec::new();
    let mut queue = VecDeque::from([(start.clone(), 0)]);
    while let Some((position, ply)) = queue.pop_front() {
        if ply >= plies || position.outcome().is_some() || !seen.insert(position.position_string())
        {
            continue;
        }
        for &mv in position.moves().iter() {
            let mut child = position.clone();
            child.play(mv);
            queue.push_back((child, ply + 1));
        }
        found.push(position);
    }
    found
}

/// Step 2: the score of `mv` for the side that plays it, from a search of
/// `depth - 1` moves after it.
fn score_move<G: SearchGame>(
    position: &G,
    mv: G::Move,
    depth: u32,
    tt: &mut TranspositionTable,
    history: &mut History,
) -> i32 {
    let mover = position.side_to_move();
    let mut child = position.clone();
    child.play(mv);
    let for_child_mover = match child.outcome() {
        Some(Outcome::Draw) => 0,
        Some(Outcome::Win(winner)) if winner == child.side_to_move() => MATE,
        Some(Outcome::Win(_)) => -MATE,
        None => {
            let control = SearchControl::new(false, false);
            search(
                &child,
                &Limits::depth(depth.saturating_sub(1).max(1)),
                SearchSettings::default(),
                SearchTables { tt, history },
                &control,
                GameEvaluation::default(),
                |_| {},
            )
            .score
        }
    };
    if child.side_to_move() == mover {
        for_child_mover
    } else {
        -for_child_mover
    }
}

/// Step 3: the moves worth keeping and their weights, heaviest first.
fn weigh<G: Game>(position: &G, scored: &[(G::Move, i32)], margin: i32) -> Vec<BookMove> {
    let Some(best) = scored.iter().map(|&(_, s)| s).max() else {
        return Vec::new();
    };
    let margin = margin.max(0);
    let mut kept: Vec<(u32, String)> = scored
        .iter()
        .filter(|&&(_, s)| best - s <= margin)
        .map(|&(mv, s)| {
            let weight = if margin == 0 {
                TOP_WEIGHT
            } else {
                // best → 100, best - margin → 1, straight between.
                let below = i64::from(best - s);
                let span = i64::from(TOP_WEIGHT - 1);
                let w = i64::from(TOP_WEIGHT) - below * span / i64::from(margin);
                u32::try_from(w).unwrap_or(1)
            };
            (weight, position.format_move(mv))
        })
        .collect();
    // Heaviest first; equal weights in notation order, so files are stable.
    kept.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    kept.into_iter()
        .map(|(weight, text)| BookMove {
            text,
            weight,
            exact: None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_rules::games::tictactoe::TicTacToe;
    use ply_rules::variant::{AnyRules, Variant};

    #[test]
    fn positions_are_counted_once() {
        // Tic-tac-toe positions reached by fewer than 3 moves: 1 + 9 + 72.
        assert_eq!(positions_within(&TicTacToe::start(), 3).len(), 82);
        // By fewer than 4, transpositions appear: x on 2 of 9 squares and
        // o on 1 of the other 7 is 36 × 7 = 252 positions, not 9 × 8 × 7.
        assert_eq!(positions_within(&TicTacToe::start(), 4).len(), 82 + 252);
    }

    #[test]
    fn weights_fall_from_the_best_to_the_margin() {
        let start = TicTacToe::start();
        let moves = start.moves();
        let scored = [
            (moves[0], 50),
            (moves[1], 0),
            (moves[2], -100),
            (moves[3], 50),
        ];
        let book = weigh(&start, &scored, 100);
        let pairs: Vec<(String, u32)> = book.into_iter().map(|m| (m.text, m.weight)).collect();
        assert_eq!(
            pairs,
            [
                (start.format_move(moves[0]), 100),
                (start.format_move(moves[3]), 100),
                (start.format_move(moves[1]), 51),
            ]
        );
    }

    #[test]
    fn a_tictactoe_book_never_loses_a_won_or_drawn_game() {
        // Every move the book keeps at depth 9 with no margin keeps the
        // value: from the empty board every square draws.
        let mut book = Book::new();
        let start =
            AnyGame::start(&AnyRules::default_for(Variant::TicTacToe)).expect("tic-tac-toe starts");
        let settings = BuildSettings {
            plies: 1,
            depth: 9,
            margin: 0,
            hash_mb: 1,
        };
        let added =
            extend_book(&mut book, &start, &settings, None, &mut |_| {}).expect("searchable");
        assert_eq!(added, 1);
        let moves = book
            .moves("tictactoe", &start.position_string())
            .expect("start in book");
        assert_eq!(moves.len(), 9, "{moves:?}");
        // Building again adds nothing: the position is there already.
        assert_eq!(
            extend_book(&mut book, &start, &settings, None, &mut |_| {}).expect("searchable"),
            0
        );
    }
}
