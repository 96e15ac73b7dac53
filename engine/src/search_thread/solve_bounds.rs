//! `solve` for a game whose solver proves **bounds** on the value of each
//! root move, one iteration deeper at a time (Oware's repetitions and
//! Russian draughts' move limits can leave a value open): the solver on
//! its own thread, an `info` line after every iteration and one `solved
//! …` (or, when the bounds have not met, `unsolved …`) line at the end, as
//! Kalah's `solve` does.
//!
//! With `MultiPV` K > 1 the K best moves (all of them when K is at least
//! their number) are printed best first before that line: `info multipv
//! k score cp … pv <move>`, exact when the move is solved (then followed
//! by `info string multipv k proven margin <V> (solved)`, the label `go`
//! gives a proven line) and a lower bound otherwise (followed by `info
//! string multipv k between <L> and <U>`).
//!
//! The game's solver only proves; this module only speaks: one protocol
//! for every such game.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use ply_protocol::{Info, Response, Score, ScoreBound, ScoreValue, SolveLine, bounds_label};
use ply_rules::game::Game;

use super::output::Output;
use super::running::{RunningSearch, nodes_per_second};
use super::tables::EngineTables;
use crate::search::score::{CENTI, signed};
use crate::search::{Budget, SearchControl};

/// What is proven of one move of the root: its value lies in
/// `lower..=upper` (for the root's mover, in the game's units: seeds of
/// final margin in Oware, +1 a win, 0 a draw and −1 a loss in draughts).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveBounds<M> {
    /// The move.
    pub mv: M,
    /// The value is at least this.
    pub lower: i32,
    /// The value is at most this.
    pub upper: i32,
    /// The iterations its proof took: the one at which its bounds met, or
    /// the last that searched it (0 before the first). `analyse --solve`
    /// gives it as the line's `depth`, as Kalah's gives its proof steps.
    pub depth: u32,
}

impl<M> MoveBounds<M> {
    /// The value, when the bounds meet.
    #[must_use]
    pub fn exact(&self) -> Option<i32> {
        (self.lower == self.upper).then_some(self.lower)
    }
}

/// What the solver is told after each iteration: its depth, the moves'
/// bounds so far (best first) and the positions searched so far.
pub type Report<'a, M> = dyn FnMut(u32, &[MoveBounds<M>], u64) + 'a;

/// The bounds of every move of a root, best first, and the positions
/// searched: what a solver gives back when it ends (all exact, its
/// deepest iteration, or `stop`).
pub type Proof<M> = (Vec<MoveBounds<M>>, u64);

/// Starts solving `root` on a new thread: `prove` runs the game's solver
/// there (with the engine's tables locked, for the databases it trusts,
/// and the control it must give up on), calling its report after every
/// iteration. `final_value` is the value of `root` when the game is over
/// there (the solver then has no move to give bounds for); the solver
/// stops by itself once `budget` is spent, as on `stop`.
///
/// # Errors
/// None yet: the solvers' tables are made on their thread.
pub fn start<G, P>(
    root: G,
    final_value: i32,
    budget: Budget,
    multipv: usize,
    tables: Arc<Mutex<EngineTables>>,
    out: Output,
    prove: P,
) -> Result<RunningSearch, String>
where
    G: Game + Send + 'static,
    P: FnOnce(&G, &EngineTables, &SearchControl, &mut Report<'_, G::Move>) -> Proof<G::Move>
        + Send
        + 'static,
{
    let control = Arc::new(SearchControl::new(false, false).with_budget(budget));
    let thread_control = Arc::clone(&control);
    let handle = std::thread::spawn(move || {
        let tables = tables.lock().unwrap_or_else(PoisonError::into_inner);
        let started = Instant::now();
        let mut report = |depth: u32, moves: &[MoveBounds<G::Move>], nodes: u64| {
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
                    root.format_move(best.mv)
                )));
            }
        };
        let (moves, nodes) = prove(&root, &tables, &thread_control, &mut report);
        let elapsed = started.elapsed();
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
        out.send(&Response::Solve(solve_line(
            &root,
            &moves,
            final_value,
            nodes,
            elapsed,
        )));
    });
    Ok(RunningSearch::new(control, handle, true))
}

/// The root's bounds from its moves': the best lower bound and the best
/// upper bound.
fn root_bounds<M>(moves: &[MoveBounds<M>]) -> (i32, i32) {
    let lower = moves.iter().map(|m| m.lower).max().unwrap_or(0);
    let upper = moves.iter().map(|m| m.upper).max().unwrap_or(0);
    (lower, upper)
}

/// The `info` line after an iteration: the root's value when its bounds
/// meet, else its lower bound, and the best move so far.
fn step_info<G: Game>(
    root: &G,
    depth: u32,
    moves: &[MoveBounds<G::Move>],
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
            .map(|best| root.format_move(best.mv))
            .into_iter()
            .collect(),
        ..Info::default()
    }
}

/// The `info` line of one move: its rank, its value (a lower bound
/// unless solved), and the figures of the whole solve.
fn move_info<G: Game>(
    root: &G,
    line: &MoveBounds<G::Move>,
    rank: u32,
    nodes: u64,
    elapsed: Duration,
) -> Info {
    let micros = u64::try_from(elapsed.as_micros()).unwrap_or(u64::MAX);
    Info {
        depth: Some(line.depth),
        multipv: Some(rank),
        score: Some(Score {
            value: ScoreValue::Centi(line.lower * CENTI),
            bound: line.exact().is_none().then_some(ScoreBound::Lower),
        }),
        nodes: Some(nodes),
        nps: Some(nodes_per_second(nodes, micros)),
        time: Some(u64::try_from(elapsed.as_millis()).unwrap_or(u64::MAX)),
        pv: vec![root.format_move(line.mv)],
        ..Info::default()
    }
}

/// The final line: `solved value …` when the position's value is proven
/// (the best lower bound of its moves is the best upper bound), else
/// `unsolved lowerbound … upperbound …`; a game over is solved at
/// `final_value`.
fn solve_line<G: Game>(
    root: &G,
    moves: &[MoveBounds<G::Move>],
    final_value: i32,
    nodes: u64,
    elapsed: Duration,
) -> SolveLine {
    let (lower, upper) = if moves.is_empty() {
        (final_value, final_value)
    } else {
        root_bounds(moves)
    };
    SolveLine {
        lower,
        upper,
        best: moves.first().map(|best| root.format_move(best.mv)),
        nodes,
        time: u64::try_from(elapsed.as_millis()).unwrap_or(u64::MAX),
    }
}
