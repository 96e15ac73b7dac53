//! `solve` in Oware: the solver ([`super`]) on its own thread,
//! printing an `info` line after every iteration and one `solved …` (or,
//! when the bounds have not met, `unsolved …`) line at the end, as
//! Kalah's `solve` does.
//!
//! With `MultiPV` K > 1 the K best moves (all of them when K is at least
//! their number) are printed best first before that line: `info multipv
//! k score cp … pv <move>`, exact when the move is solved (then
//! followed by `info string multipv k proven margin <V> (solved)`, the
//! label `go` gives a proven line) and a lower bound otherwise (followed
//! by `info string multipv k between <L> and <U>`).

use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use ply_protocol::{Info, Response, Score, ScoreBound, ScoreValue, SolveLine, bounds_label};

use super::{MoveBounds, Solver};
use crate::games::oware::endgame::OwareDb;
use crate::games::oware::retrograde::row_margin;
use crate::search::SearchControl;
use crate::search::score::{CENTI, signed};
use crate::search_thread::output::Output;
use crate::search_thread::running::{RunningSearch, nodes_per_second};
use crate::search_thread::tables::EngineTables;
use ply_rules::game::Game;
use ply_rules::games::oware::Oware;

/// Starts solving `root` on a new thread.
///
/// # Errors
/// None yet: the solver's table is small and made on its thread.
pub fn start(
    root: Oware,
    multipv: usize,
    tables: Arc<Mutex<EngineTables>>,
    out: Output,
) -> Result<RunningSearch, String> {
    let control = Arc::new(SearchControl::new(false, false));
    let thread_control = Arc::clone(&control);
    let handle = std::thread::spawn(move || {
        let tables = tables.lock().unwrap_or_else(PoisonError::into_inner);
        let db = tables.oracles.get::<OwareDb>();
        let started = Instant::now();
        let mut solver = Solver::new(db, &thread_control);
        let moves = solver.move_bounds(&root, |depth, moves, nodes| {
            if let Some(best) = moves.first() {
                out.send(&Response::Info(step_info(
                    &root,
                    depth,
                    moves,
                    nodes,
                    started.elapsed(),
                )));
                let (lower, upper) = root_bounds(moves);
                out.send(&Response::InfoString(format!(
                    "solve: the value is between {lower} and {upper} (best so far {})",
                    root.format_move(best.house)
                )));
            }
        });
        let elapsed = started.elapsed();
        let nodes = solver.nodes;
        if multipv > 1 {
            for (rank, line) in moves.iter().take(multipv).enumerate() {
                let rank = u32::try_from(rank + 1).unwrap_or(u32::MAX);
                out.send(&Response::Info(move_info(
                    &root, line, rank, nodes, elapsed,
                )));
                out.send(&Response::InfoString(match line.exact() {
                    Some(value) => {
                        format!("multipv {rank} proven margin {} (solved)", signed(value))
                    }
                    None => bounds_label(rank, line.lower, line.upper),
                }));
            }
        }
        out.send(&Response::Solve(solve_line(&root, &moves, nodes, elapsed)));
    });
    Ok(RunningSearch::new(control, handle, true))
}

/// The root's bounds from its moves': the best lower bound and the best
/// upper bound.
fn root_bounds(moves: &[MoveBounds]) -> (i32, i32) {
    let lower = moves.iter().map(|m| m.lower).max().unwrap_or(0);
    let upper = moves.iter().map(|m| m.upper).max().unwrap_or(0);
    (lower, upper)
}

/// The `info` line after an iteration: the root's value when its bounds
/// meet, else its lower bound, and the best move so far.
fn step_info(
    root: &Oware,
    depth: u32,
    moves: &[MoveBounds],
    nodes: u64,
    elapsed: Duration,
) -> Info {
    let (lower, upper) = root_bounds(moves);
    let micros = u64::try_from(elapsed.as_micros()).unwrap_or(u64::MAX);
    Info {
        depth: Some(depth),
        nodes: Some(nodes),
        nps: Some(nodes_per_second(nodes, micros)),
        score: Some(Score {
            value: ScoreValue::Centi(lower * CENTI),
            bound: (lower != upper).then_some(ScoreBound::Lower),
        }),
        time: Some(u64::try_from(elapsed.as_millis()).unwrap_or(u64::MAX)),
        pv: moves
            .first()
            .map(|best| root.format_move(best.house))
            .into_iter()
            .collect(),
        ..Info::default()
    }
}

/// The `info` line of one move: its rank, its value (a lower bound
/// unless solved), and the figures of the whole solve.
fn move_info(root: &Oware, line: &MoveBounds, rank: u32, nodes: u64, elapsed: Duration) -> Info {
    let micros = u64::try_from(elapsed.as_micros()).unwrap_or(u64::MAX);
    Info {
        multipv: Some(rank),
        score: Some(Score {
            value: ScoreValue::Centi(line.lower * CENTI),
            bound: line.exact().is_none().then_some(ScoreBound::Lower),
        }),
        nodes: Some(nodes),
        nps: Some(nodes_per_second(nodes, micros)),
        time: Some(u64::try_from(elapsed.as_millis()).unwrap_or(u64::MAX)),
        pv: vec![root.format_move(line.house)],
        ..Info::default()
    }
}

/// The final line: `solved value …` when the position's value is proven
/// (the best lower bound of its moves is the best upper bound), else
/// `unsolved lowerbound … upperbound …`; a game over is solved at what the
/// rules give it ([`final_margin`]).
fn solve_line(root: &Oware, moves: &[MoveBounds], nodes: u64, elapsed: Duration) -> SolveLine {
    let (lower, upper) = if moves.is_empty() {
        let value = final_margin(root);
        (value, value)
    } else {
        root_bounds(moves)
    };
    SolveLine {
        lower,
        upper,
        best: moves.first().map(|best| root.format_move(best.house)),
        nodes,
        time: u64::try_from(elapsed.as_millis()).unwrap_or(u64::MAX),
    }
}

/// The final margin of a game that is over, for the side to move, as the
/// rules count it: the stores as they stand when one holds a majority,
/// else (the mover cannot move or feed) each side's store plus its row.
fn final_margin(position: &Oware) -> i32 {
    let me = position.side;
    let them = me.opponent();
    let stores = i32::from(position.store(me)) - i32::from(position.store(them));
    let total = u32::from(position.total_seeds());
    let decided = [me, them]
        .iter()
        .any(|&side| 2 * u32::from(position.store(side)) > total);
    if decided {
        return stores;
    }
    stores + row_margin(&position.board, me)
}
