//! `solve` in Kalah: the exact solver on its own thread, printing an
//! `info` line after every proof step and one `solved …` (or, when
//! stopped, `unsolved …`) line at the end.

use std::sync::{Arc, Mutex, PoisonError};

use ply_protocol::{Info, Response, Score, ScoreBound, ScoreValue, SolveLine};

use crate::game::{Game, SearchGame};
use crate::games::kalah::solve::{Solution, SolveConfig, solve};
use crate::games::kalah::{EndgameDb, Kalah, solve::table::BoundTable};
use crate::search::SearchControl;
use crate::search::score::is_proven;
use crate::search::{
    GameEvaluation, History, Limits, SearchSettings, SearchTables, TranspositionTable, search,
};

use crate::session::output::Output;
use crate::session::running::{RunningSearch, nodes_per_second};
use crate::session::tables::EngineTables;

/// Centi-seeds per seed in `info score cp`.
const CENTI: i32 = 100;

/// Starts solving `root` on a new thread.
///
/// # Errors
/// A message when the solver's table cannot be made.
pub fn start(
    root: Kalah,
    threads: usize,
    tables: Arc<Mutex<EngineTables>>,
    out: Output,
) -> Result<RunningSearch, String> {
    // The proof's table, made here rather than on the search thread, so
    // that a `Hash` the system cannot give is an error, not an abort.
    {
        let mut tables = tables.lock().unwrap_or_else(PoisonError::into_inner);
        if tables.solver_table.is_none() {
            let table = BoundTable::try_new(tables.hash_mb)
                .map_err(|e| format!("solve: the Hash table: {e}"))?;
            tables.solver_table = Some(table);
        }
    }
    let control = Arc::new(SearchControl::new(false, false));
    let thread_control = Arc::clone(&control);
    let handle = std::thread::spawn(move || {
        let mut tables = tables.lock().unwrap_or_else(PoisonError::into_inner);
        let EngineTables {
            history,
            solver_table,
            oracles,
            hash_mb,
            ..
        } = &mut *tables;
        // The quick search obeys `stop` too; the solve then stops at once.
        let guess = guess_value(&root, history, &thread_control);
        let table = solver_table.get_or_insert_with(|| BoundTable::new(*hash_mb));
        let config = SolveConfig {
            threads,
            table,
            db: oracles.get::<EndgameDb>(),
            guess,
        };
        // Before the first step the value is only known to lie within the
        // stores' margin ± the seeds on the board.
        let me = root.side_to_move();
        let on_board: i32 = [me, me.opponent()]
            .iter()
            .flat_map(|&p| root.pits(p))
            .map(|&s| i32::from(s))
            .sum();
        let margin = i32::from(root.store(me)) - i32::from(root.store(me.opponent()));
        let mut last_lower = Some(margin - on_board);
        let solution = solve(&root, &config, &thread_control, |step| {
            let raised = last_lower != Some(step.lower);
            last_lower = Some(step.lower);
            out.send(&Response::Info(step_info(&root, step, raised, table)));
            out.send(&Response::InfoString(format!(
                "solve: the value is between {} and {}",
                step.lower, step.upper
            )));
        });
        out.send(&Response::Solve(solve_line(&root, &solution)));
    });
    Ok(RunningSearch::new(control, handle, true))
}

/// Depth of the quick search whose score is MTD(f)'s first guess: 16
/// finds the value of Kalah(6,4) (+8) where 12 said +6, which saves a
/// proof step, in 0.1 s.
const GUESS_DEPTH: u32 = 16;

/// At most this many nodes for the quick search (under a second), so that
/// on big boards, where depth 16 takes long, the proof still starts soon.
const GUESS_MAX_NODES: u64 = 2_000_000;

/// Size of the quick search's own table. A quick search needs little,
/// and the engine's `Hash`-sized table would cost more than the search:
/// the search's probes touch nearly every huge page of a 1 GiB table, and
/// the kernel zeroes each page on its first touch (about a second in all).
const GUESS_HASH_MB: usize = 16;

/// A guess at the value from a quick normal search: its score in seeds,
/// or 0 when the score is a proven win or loss (no margin in it).
fn guess_value(root: &Kalah, history: &mut History, control: &SearchControl) -> i32 {
    history.ensure_size(Kalah::MOVE_INDEX_LIMIT);
    let mut tt = TranspositionTable::new(GUESS_HASH_MB);
    let result = search(
        root,
        &Limits {
            nodes: Some(GUESS_MAX_NODES),
            ..Limits::depth(GUESS_DEPTH)
        },
        SearchSettings::default(),
        SearchTables {
            tt: &mut tt,
            history,
        },
        control,
        GameEvaluation::default(),
        |_| {},
    );
    if is_proven(result.score) {
        0
    } else {
        // Round to whole seeds.
        (result.score + result.score.signum() * CENTI / 2) / CENTI
    }
}

/// The `info` line after a proof step: the bound it moved (`raised`: the
/// lower one), exact once the bounds meet, and the best move so far.
fn step_info(root: &Kalah, step: &Solution, raised: bool, table: &BoundTable) -> Info {
    let millis = u64::try_from(step.elapsed.as_millis()).unwrap_or(u64::MAX);
    let micros = u64::try_from(step.elapsed.as_micros()).unwrap_or(u64::MAX);
    let (value, bound) = match step.value() {
        Some(value) => (value, None),
        None if raised => (step.lower, Some(ScoreBound::Lower)),
        None => (step.upper, Some(ScoreBound::Upper)),
    };
    Info {
        depth: Some(step.steps),
        score: Some(Score {
            value: ScoreValue::Centi(value * CENTI),
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
