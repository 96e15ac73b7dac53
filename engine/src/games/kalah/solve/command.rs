//! `solve` in Kalah: the exact solver on its own thread, printing the
//! lines every game's `solve` prints
//! ([`crate::search_thread::solve::printer`]): an `info` line after every
//! proof step and one `solved …` (or, when stopped, `unsolved …`) line at
//! the end. An exact value is bounds that have met; a step shows the
//! bound it moved, lower or upper, and names no best move in its `info
//! string`.
//!
//! With `MultiPV` K > 1, once the position's value is proven, the values
//! of its K best moves (all of them when K is at least their number) are
//! proven too ([`move_values`]), each said as it is (`info string solve:
//! move … is worth …`, Kalah's alone), and printed best first before the
//! `solved` line: `info depth … multipv k score cp … pv <move> <reply>`,
//! each followed by `info string multipv k proven margin <V> (solved)`,
//! the label `go` gives a proven line.

use std::sync::PoisonError;

use ply_protocol::{Response, ScoreBound};

use crate::games::kalah::solve::exact::seeds_on_board;
use crate::games::kalah::solve::moves::{MoveValue, move_values};
use crate::games::kalah::solve::{Solution, SolveConfig, solve};
use crate::games::kalah::{KalahDb, solve::table::BoundTable};
use crate::search::SearchControl;
use crate::search::SearchGame;
use crate::search::score::{CENTI, is_proven, signed};
use crate::search::{
    GameEvaluation, History, Limits, SearchSettings, SearchTables, TranspositionTable, search,
};
use ply_rules::game::Game;
use ply_rules::games::kalah::Kalah;

use crate::search_thread::memory::SearchMemory;
use crate::search_thread::output::Output;
use crate::search_thread::running::RunningSearch;
use crate::search_thread::solve::printer::{self, Figures, MoveLine, Step};
use crate::search_thread::solve::{SolveJob, spawn};

/// Starts solving `root` on a new thread.
///
/// # Errors
/// A message when the solver's table cannot be made.
pub fn start(root: Kalah, job: SolveJob) -> Result<RunningSearch, String> {
    let SolveJob {
        budget,
        threads,
        multipv,
        memory,
        out,
    } = job;
    // The proof's table, made here rather than on the search thread, so
    // that a `Hash` the system cannot give is an error, not an abort.
    let table = memory
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .take_solver_memory(bound_table)?;
    Ok(spawn(budget, move |thread_control| {
        let mut memory = memory.lock().unwrap_or_else(PoisonError::into_inner);
        let SearchMemory {
            history, oracles, ..
        } = &mut *memory;
        // The quick search obeys `stop` too; the solve then stops at once.
        let guess = guess_value(&root, history, thread_control, GUESS_MAX_NODES);
        let config = SolveConfig {
            threads,
            table: &table,
            db: oracles.get::<KalahDb>(),
            guess,
        };
        // 1. The position's value, step by step.
        let mut last_lower = Some(least_value(&root));
        let mut solution = solve(&root, &config, thread_control, |step| {
            let raised = last_lower != Some(step.lower);
            last_lower = Some(step.lower);
            let shown = if raised {
                ScoreBound::Lower
            } else {
                ScoreBound::Upper
            };
            let best = step.best.map(|pit| root.format_move(pit));
            let step_line = Step {
                depth: step.steps,
                lower: step.lower,
                upper: step.upper,
                shown,
                best,
                names_best: false,
            };
            printer::send_step(&out, &step_line, figures(step, &table));
        });
        // 2. With MultiPV, the values of the best moves.
        if multipv > 1 {
            let guess =
                |child: &Kalah| guess_value(child, history, thread_control, MOVE_GUESS_MAX_NODES);
            prove_move_values(
                &root,
                &config,
                multipv,
                &mut solution,
                guess,
                thread_control,
                &out,
            );
        }
        let best = solution.best.map(|pit| root.format_move(pit));
        let end = figures(&solution, &table);
        memory.keep_solver_memory(table);
        printer::send_result(&out, (solution.lower, solution.upper), best, end);
    }))
}

/// The work of `solution` so far, with the fill of the proof's table.
fn figures(solution: &Solution, table: &BoundTable) -> Figures {
    Figures {
        nodes: solution.nodes,
        elapsed: solution.elapsed,
        hashfull: Some(table.hashfull()),
    }
}

/// What the value is known to be at least before the first step: the
/// stores' margin less every seed on the board.
fn least_value(root: &Kalah) -> i32 {
    let me = root.side_to_move();
    let on_board = i32::try_from(seeds_on_board(root)).unwrap_or(i32::MAX);
    i32::from(root.store(me)) - i32::from(root.store(me.opponent())) - on_board
}

/// Proves the values of the `multipv` best moves of `root`, whose value
/// and best move `solution` holds (when proven), printing each as it is
/// proven and then all of them, best first; their work is added to
/// `solution`'s.
fn prove_move_values(
    root: &Kalah,
    config: &SolveConfig<'_>,
    multipv: usize,
    solution: &mut Solution,
    guess: impl FnMut(&Kalah) -> i32,
    control: &SearchControl,
    out: &Output,
) {
    let (Some(value), Some(best)) = (solution.value(), solution.best) else {
        return;
    };
    let started = std::time::Instant::now();
    let values = move_values(
        root,
        config,
        multipv,
        Some((best, value)),
        control,
        guess,
        |line| {
            out.send(&Response::InfoString(format!(
                "solve: move {} is worth {}",
                root.format_move(line.pit),
                signed(line.value)
            )));
        },
    );
    solution.nodes += values.nodes;
    solution.elapsed += started.elapsed();
    for (rank, line) in values.lines.iter().enumerate() {
        let rank = u32::try_from(rank + 1).unwrap_or(u32::MAX);
        let shown = move_line(root, line);
        printer::send_move_line(out, rank, &shown, figures(solution, config.table));
    }
    debug_assert!(
        values
            .lines
            .first()
            .is_none_or(|first| first.value == value)
            || !values.complete,
        "the best move's value is the position's"
    );
}

/// A bound table of `hash_mb` MB for the solver's proofs (`solve`, and
/// `go` with a database), or why the system would not give the memory.
///
/// # Errors
/// The system's refusal, saying it was the `Hash` table.
pub fn bound_table(hash_mb: usize) -> Result<BoundTable, String> {
    BoundTable::try_new(hash_mb).map_err(|e| format!("solve: the Hash table: {e}: lower Hash"))
}

/// Depth of the quick search whose score is MTD(f)'s first guess: 16
/// finds the value of Kalah(6,4) (+8) where 12 said +6, which saves a
/// proof step, in 0.1 s.
const GUESS_DEPTH: u32 = 16;

/// At most this many nodes for the quick search (under a second), so that
/// on big boards, where depth 16 takes long, the proof still starts soon.
const GUESS_MAX_NODES: u64 = 2_000_000;

/// At most this many nodes for the quick search of each move's guess
/// with `MultiPV` (a few milliseconds): there is one a move. On 20
/// Kalah(6,4) positions with the 24-seed database, 100,000 nodes made the
/// median every-move solve slower than 10,000 (0.25–0.65 s against
/// 0.22–0.33 s, a loaded machine): the guesses cost more than the proof
/// steps they save.
const MOVE_GUESS_MAX_NODES: u64 = 10_000;

/// Size of the quick search's own table. A quick search needs little,
/// and the engine's `Hash`-sized table would cost more than the search:
/// the search's probes touch nearly every huge page of a 1 GiB table, and
/// the kernel zeroes each page on its first touch (about a second in all).
pub const GUESS_HASH_MB: usize = 16;

/// A guess at the value from a quick normal search of at most
/// `max_nodes` nodes: its score in seeds, or 0 when the score is a proven
/// win or loss (no margin in it).
fn guess_value(
    root: &Kalah,
    history: &mut History,
    control: &SearchControl,
    max_nodes: u64,
) -> i32 {
    history.ensure_size(Kalah::MOVE_INDEX_LIMIT);
    let mut tt = TranspositionTable::new(GUESS_HASH_MB);
    let result = search(
        root,
        &Limits {
            nodes: Some(max_nodes),
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
    guess_from_score(result.score)
}

/// MTD(f)'s first guess from a search's score: the score in whole seeds,
/// or 0 when it is a proven win or loss (no margin in it).
pub fn guess_from_score(score: i32) -> i32 {
    if is_proven(score) {
        0
    } else {
        // Round to whole seeds.
        (score + score.signum() * CENTI / 2) / CENTI
    }
}

/// A move whose value is proven, as the printer shows it: exact (its
/// bounds met), with its best reply after it.
fn move_line(root: &Kalah, line: &MoveValue) -> MoveLine {
    let mut after = *root;
    after.play(line.pit);
    MoveLine {
        depth: line.steps,
        lower: line.value,
        upper: line.value,
        pv: std::iter::once(root.format_move(line.pit))
            .chain(line.reply.map(|reply| after.format_move(reply)))
            .collect(),
    }
}
