//! `solve` for a game whose solver proves **bounds** on the value of each
//! root move, one iteration deeper at a time
//! ([`crate::search::bounds_solver`]): the solver on its own thread, the
//! lines of a step after every iteration, the K best moves with
//! `MultiPV` K > 1 (all of them when K is at least their number), and the
//! `solved …` (or, when the bounds have not met, `unsolved …`) line at the
//! end ([`super::printer`]).
//!
//! A game joins by implementing [`BoundsGame`] in its own `solve/`
//! folder and calling [`start`] from its `solve` hook.

use std::sync::PoisonError;
use std::time::Instant;

use ply_protocol::ScoreBound;
use ply_rules::game::Game;

use super::printer::{self, Figures, MoveLine, Step};
use super::{SolveJob, spawn};
use crate::search::SearchControl;
use crate::search::bounds_solver::{BoundsSolver, MoveBounds};
use crate::search_thread::memory::SearchMemory;
use crate::search_thread::running::RunningSearch;

/// A game whose `solve` is a bounds solver's proof.
pub trait BoundsGame: Game {
    /// The game's solver, borrowing the databases it trusts and the
    /// control it gives up on.
    type Solver<'a>: BoundsSolver<Position = Self>;

    /// A solver trusting the databases `memory` has loaded, that gives up
    /// when `control` says stop.
    fn solver<'a>(memory: &'a SearchMemory, control: &'a SearchControl) -> Self::Solver<'a>;

    /// The value of this position, when the game is over here (the solver
    /// then has no move to bound), for the side to move.
    fn final_value(&self) -> i32;
}

/// Starts solving `root` on a new thread (see the module docs).
///
/// # Errors
/// None yet: the solvers' tables are made on their thread.
pub fn start<G: BoundsGame>(root: G, job: SolveJob) -> Result<RunningSearch, String> {
    let final_value = root.final_value();
    let SolveJob {
        budget,
        multipv,
        memory,
        out,
        ..
    } = job;
    Ok(spawn(budget, move |control| {
        let memory = memory.lock().unwrap_or_else(PoisonError::into_inner);
        let started = Instant::now();
        let figures = |nodes| Figures {
            nodes,
            elapsed: started.elapsed(),
            hashfull: None,
        };
        let mut solver = G::solver(&memory, control);
        let moves = solver.move_bounds(&root, |depth, moves, nodes| {
            if let Some(best) = moves.first() {
                let (lower, upper) = root_bounds(moves);
                let step = Step {
                    depth,
                    lower,
                    upper,
                    shown: ScoreBound::Lower,
                    best: Some(root.format_move(best.mv)),
                    names_best: true,
                };
                printer::send_step(&out, &step, figures(nodes));
            }
        });
        let end = figures(solver.nodes());
        if multipv > 1 {
            for (rank, line) in moves.iter().take(multipv).enumerate() {
                let rank = u32::try_from(rank + 1).unwrap_or(u32::MAX);
                let line = MoveLine {
                    depth: line.depth,
                    lower: line.lower,
                    upper: line.upper,
                    pv: vec![root.format_move(line.mv)],
                };
                printer::send_move_line(&out, rank, &line, end);
            }
        }
        // A game over is solved at its final value.
        let bounds = if moves.is_empty() {
            (final_value, final_value)
        } else {
            root_bounds(&moves)
        };
        let best = moves.first().map(|best| root.format_move(best.mv));
        printer::send_result(&out, bounds, best, end);
    }))
}

/// The root's bounds from its moves': the best lower bound and the best
/// upper bound.
fn root_bounds<M>(moves: &[MoveBounds<M>]) -> (i32, i32) {
    let lower = moves.iter().map(|m| m.lower).max().unwrap_or(0);
    let upper = moves.iter().map(|m| m.upper).max().unwrap_or(0);
    (lower, upper)
}
