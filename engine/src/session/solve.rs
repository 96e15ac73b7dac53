//! `solve`: the exact solver on its own thread, printing an `info` line
//! after every proof step and one `solved …` (or, when stopped,
//! `unsolved …`) line at the end.

use std::sync::{Arc, Mutex, PoisonError};

use ply_protocol::{Info, Response, Score, ScoreBound, ScoreValue, SolveLine};

use crate::game::Game;
use crate::games::kalah::solve::{Solution, SolveConfig, solve};
use crate::games::kalah::{Kalah, solve::table::BoundTable};
use crate::search::SearchControl;
use crate::variant::AnyGame;

use super::go::{RunningSearch, nodes_per_second};
use super::{EngineTables, Output};

/// Centi-seeds per seed in `info score cp`.
const CENTI: i32 = 100;

/// Starts solving `position` on a new thread.
///
/// # Errors
/// A message when the game has no solver.
pub fn start(
    position: &AnyGame,
    threads: usize,
    tables: Arc<Mutex<EngineTables>>,
    out: Output,
) -> Result<RunningSearch, String> {
    let AnyGame::Kalah(root) = position.clone();
    let control = Arc::new(SearchControl::new(false, false));
    let thread_control = Arc::clone(&control);
    let handle = std::thread::spawn(move || {
        let mut tables = tables.lock().unwrap_or_else(PoisonError::into_inner);
        let EngineTables {
            solver_table,
            endgame_db,
            hash_mb,
            ..
        } = &mut *tables;
        let table = solver_table.get_or_insert_with(|| BoundTable::new(*hash_mb));
        let config = SolveConfig {
            threads,
            table,
            db: endgame_db.as_deref(),
        };
        let solution = solve(&root, &config, &thread_control, |step| {
            out.send(&Response::Info(step_info(&root, step, table)));
            out.send(&Response::InfoString(format!(
                "solve: the value is between {} and {}",
                step.lower, step.upper
            )));
        });
        out.send(&Response::Solve(solve_line(&root, &solution)));
    });
    Ok(RunningSearch::new(control, handle, true))
}

/// The `info` line after a proof step: the proven lower bound (exact once
/// the bounds meet) and the move that reaches it.
fn step_info(root: &Kalah, step: &Solution, table: &BoundTable) -> Info {
    let millis = u64::try_from(step.elapsed.as_millis()).unwrap_or(u64::MAX);
    let micros = u64::try_from(step.elapsed.as_micros()).unwrap_or(u64::MAX);
    let bound = step.value().is_none().then_some(ScoreBound::Lower);
    Info {
        depth: Some(step.steps),
        score: Some(Score {
            value: ScoreValue::Centi(step.lower * CENTI),
            bound,
        }),
        nodes: Some(step.nodes),
        nps: Some(nodes_per_second(step.nodes, micros)),
        hashfull: Some(table.hashfull()),
        time: Some(millis),
        pv: step
            .best
            .map(|pit| root.format_move(pit))
            .into_iter()
            .collect(),
        ..Info::default()
    }
}

/// The final line: `solved value …` or `unsolved lowerbound … upperbound …`.
fn solve_line(root: &Kalah, solution: &Solution) -> SolveLine {
    SolveLine {
        lower: solution.lower,
        upper: solution.upper,
        best: solution.best.map(|pit| root.format_move(pit)),
        nodes: solution.nodes,
        time: u64::try_from(solution.elapsed.as_millis()).unwrap_or(u64::MAX),
    }
}
