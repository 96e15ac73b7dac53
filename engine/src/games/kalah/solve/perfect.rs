//! `go` in Kalah with an endgame database loaded: prove the position's
//! value, play a move that keeps it, and search as usual only when the
//! proof does not come in time.
//!
//! 1. **Whether to try.** A database of the rules played is loaded and the
//!    `go` is a move in a game, with a time limit (`movetime` or a clock).
//!    A `go` that asks for a search as such (`depth`, `nodes`, `mate`,
//!    `infinite`, `ponder`, `searchmoves`) gets the normal search.
//! 2. **The time**: the move's budget (the `movetime`, or the clock's soft
//!    budget, the less of the two), of which the proof may take
//!    [`PROOF_SHARE_PER_MILLE`].
//! 3. **The heuristic's order of the moves**: a short search with one line
//!    a root move (MultiPV), within [`RANK_SHARE_PER_MILLE`] of the proof's
//!    time, which also gives the solver its first guess.
//! 4. **The root's value**, by the solver.
//! 5. **The move played**: in the heuristic's order, each move's value is
//!    proven against the root's until one keeps it. Among moves of equal
//!    proven value the engine so plays the one its evaluation likes best:
//!    the one that, by its judgement, leaves the opponent the most ways to
//!    go wrong. When the time runs out during this step, the solver's move
//!    of step 4 is played if the solver proved it.
//! 6. **No proof in time**: the normal search, with what is left of the
//!    move's time, after an `info string not proven in … ms: searching`;
//!    its `info` lines' `time` counts from the `go`, the proof included.
//!
//! The answer is an `info` line with the proven value (`score` as the
//! search writes a proven margin), an `info string proven margin …` as the
//! search's proven lines have, an `info string` with the moves' values
//! proven in step 5, and the `bestmove`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, PoisonError};
use std::time::{Duration, Instant};

use ply_protocol::{Info, Response, Score};

use super::command::{GUESS_HASH_MB, bound_table, guess_from_score};
use crate::games::kalah::KalahDb;
use crate::games::kalah::solve::table::BoundTable;
use crate::games::kalah::solve::{Solution, SolveConfig, solve};
use crate::search::SearchGame;
use crate::search::score::{CENTI, proven_margin, signed, to_protocol};
use crate::search::time::TimePlan;
use crate::search::{
    GameEvaluation, Limits, Root, SearchControl, SearchSettings, SearchTables, TranspositionTable,
    search_root,
};
use crate::search_thread::go::{self as normal_go, GoJob};
use crate::search_thread::memory::SearchMemory;
use crate::search_thread::output::Output;
use crate::search_thread::running::{RunningSearch, limits_from, nodes_per_second};
use ply_rules::game::Game;
use ply_rules::games::kalah::Kalah;

/// The share of the move's time (per mille) the proof may take before the
/// normal search gets the rest: half, so that a proof that fails still
/// leaves the search half of what it would have had. (Four fifths was
/// tried on 100 Kalah(6,4) positions at `movetime 1000`: no fewer moves
/// gave value away, and the searches left were too short.)
const PROOF_SHARE_PER_MILLE: u32 = 500;

/// Depth of the search that orders the moves (step 3). In Kalah(6,4) a
/// depth-12 search with every root move a line takes a few milliseconds.
const RANK_DEPTH: u32 = 12;

/// At most this many nodes for that search, so that big boards still
/// leave the proof its time.
const RANK_MAX_NODES: u64 = 500_000;

/// The least time the normal search gets after a failed proof.
const MIN_SEARCH_TIME: Duration = Duration::from_millis(1);

/// The share of the proof's time (per mille) the ranking search of step 3
/// may take at most.
const RANK_SHARE_PER_MILLE: u32 = 100;

/// How often the deadline watch looks at the clock and at `stop`.
const WATCH_INTERVAL: Duration = Duration::from_millis(2);

/// Starts `go` in `root`: the proof first when it may pay (see the module
/// documentation), the normal search otherwise.
///
/// # Errors
/// As the normal `go`: a `searchmoves` move that is not legal here.
pub fn start(root: Kalah, job: GoJob) -> Result<RunningSearch, String> {
    let has_db = has_database_of_rules(
        &job.memory.lock().unwrap_or_else(PoisonError::into_inner),
        &root,
    );
    let params = &job.params;
    let limits = limits_from(params, root.side_to_move());
    // The move's time: with a clock, the share the search plans to spend
    // (its soft budget); with `movetime`, all of it; with both, the less.
    let plan = TimePlan::new(&limits, job.settings.move_overhead);
    let budget = match (plan.soft, plan.hard) {
        (Some(soft), Some(hard)) => Some(soft.min(hard)),
        (soft, hard) => soft.or(hard),
    };
    let searches_as_such = params.depth.is_some()
        || params.nodes.is_some()
        || params.mate.is_some()
        || params.infinite
        || params.ponder
        || !params.searchmoves.is_empty();
    let Some(budget) = budget.filter(|_| has_db && !searches_as_such) else {
        return normal_go::start(root, job);
    };
    let GoJob {
        settings,
        with_ponder,
        memory,
        out,
        ..
    } = job;
    let control = Arc::new(SearchControl::new(false, false));
    let thread_control = Arc::clone(&control);
    let handle = std::thread::spawn(move || {
        let started = Instant::now();
        let mut memory = memory.lock().unwrap_or_else(PoisonError::into_inner);
        let proof_deadline = started + budget * PROOF_SHARE_PER_MILLE / 1000;
        let proof = prove(
            &root,
            settings.threads,
            &mut memory,
            proof_deadline,
            &thread_control,
        );
        let response = match proof {
            Some(proof) => {
                report(&root, &proof, started, &out);
                normal_go::best_move_line(&root, &proof.as_result(), false)
            }
            None => {
                let spent = started.elapsed();
                if !thread_control.stopped() {
                    out.send(&Response::InfoString(format!(
                        "not proven in {} ms: searching",
                        spent.as_millis()
                    )));
                }
                let left = time_left(&limits, budget, spent);
                let whole = Root {
                    position: &root,
                    searchmoves: &[],
                };
                let result = normal_go::run(
                    whole,
                    &left,
                    settings,
                    &mut memory,
                    &thread_control,
                    &out,
                    spent,
                );
                normal_go::best_move_line(&root, &result, with_ponder)
            }
        };
        out.send(&response);
    });
    Ok(RunningSearch::new(control, handle, true))
}

/// Whether `memory` holds a database of `position`'s rules. (One named by
/// hand may be of other rules: the solver would not use it, and a proof
/// would only cost time.)
fn has_database_of_rules(memory: &SearchMemory, position: &Kalah) -> bool {
    memory.oracles.get::<KalahDb>().is_some_and(|db| {
        db.pits() == position.pit_count() && db.empty_capture() == position.empty_capture()
    })
}

/// The most of a new solver table [`prepare_memory`] writes through. The
/// system gives memory slowly when it is busy (1.4–3.4 s for 1,024 MB on
/// the 2-core machine with 11 GB of databases in its page cache, 9–14 s
/// for 4,096 MB), and a game start must stay well within a GUI's wait for
/// `readyok` (`ply-gui` waits 10 s). A bigger table's other pages are
/// mapped as the proofs touch them, as before.
const PREPARED_MB: usize = 1024;

/// Makes the solver's table ready before a clock runs, when a database
/// of `position`'s rules means a timed `go` will prove: a table kept from
/// earlier proofs stays as it is; a new one is allocated and its first
/// [`PREPARED_MB`] written through ([`BoundTable::clear_first`]), so that
/// those pages are mapped now, as the search's table is at `ucinewgame`.
/// Left to the first proof, they cost it time: from a fresh process, the
/// proof of a `go movetime 1000` with `Hash 512` spent 0.3 s of its 0.5 s
/// waiting for them (and then played a move that gave 4 seeds away).
pub(in crate::games::kalah) fn prepare_memory(position: &Kalah, memory: &mut SearchMemory) {
    if !has_database_of_rules(memory, position) {
        return;
    }
    let made = memory.take_solver_memory(|megabytes| {
        let mut table = bound_table(megabytes)?;
        table.clear_first(PREPARED_MB);
        Ok(table)
    });
    match made {
        Ok(table) => memory.keep_solver_memory(table),
        // The first proof will try again, and say why it cannot.
        Err(e) => log::warn!("perfect play: {e}"),
    }
}

/// A proven move: the root's value, the move played, and the values of
/// the moves proven on the way (in the order they were proven).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Proof {
    /// The root's value: the final margin for the side to move.
    value: i32,
    /// The move played; it keeps `value`.
    best: u8,
    /// Each move proven in step 5, with its value for the side to move.
    moves: Vec<(u8, MoveValue)>,
    /// Solver nodes, all proofs together.
    nodes: u64,
    /// The root proof's zero-window steps (the `info` line's depth).
    steps: u32,
}

impl Proof {
    /// The proof as a search result, for the `bestmove` line.
    fn as_result(&self) -> crate::search::SearchResult<u8> {
        crate::search::SearchResult {
            best: Some(self.best),
            ponder: None,
            score: proven_margin(self.value * CENTI),
            depth: self.steps,
            nodes: self.nodes,
            thread_nodes: vec![self.nodes],
        }
    }
}

/// Steps 3 to 5: the root's value and a move that keeps it, or `None` when
/// the root's value is not proven by `deadline` (or `stop` came).
fn prove(
    root: &Kalah,
    threads: usize,
    memory: &mut SearchMemory,
    deadline: Instant,
    control: &Arc<SearchControl>,
) -> Option<Proof> {
    // The database, held apart from the memory the steps below change.
    let oracles = memory.oracles.clone();
    let db = oracles.get::<KalahDb>()?;
    if root.outcome().is_some() {
        return None;
    }
    // 3. The heuristic's order, and from it the solver's first guess.
    let ranked = Instant::now();
    let rank_time = deadline.saturating_duration_since(ranked) * RANK_SHARE_PER_MILLE / 1000;
    let (ranking, guess) = rank_moves(root, memory, rank_time, control);
    log::debug!("perfect play: the moves ranked in {:?}", ranked.elapsed());
    let table = match memory.take_solver_memory(bound_table) {
        Ok(table) => table,
        Err(e) => {
            log::warn!("perfect play: {e}; searching instead");
            return None;
        }
    };
    let proof = {
        let prover = Prover {
            threads,
            table: &table,
            db,
            deadline,
            control,
        };
        // 4. The root.
        let proved = Instant::now();
        let root_proof = prover.solve(root, guess, |_| false);
        log::debug!(
            "perfect play: the root's value {}..{} in {:?}",
            root_proof.lower,
            root_proof.upper,
            proved.elapsed()
        );
        let (value, solver_best) = (root_proof.value(), root_proof.best);
        let mut nodes = root_proof.nodes;
        match (value, solver_best) {
            (Some(value), Some(solver_best)) => {
                // 5. The first move in the heuristic's order that keeps it;
                //    the solver's own move when time runs out first, if the
                //    solver proved it (a proof stopped just as its bounds
                //    met may name a move it did not prove).
                let mut moves = Vec::new();
                let mut best = root_proof.best_proven.then_some(solver_best);
                for &mv in &ranking {
                    let (verdict, move_nodes) = prover.keeps(root, mv, value);
                    nodes += move_nodes;
                    match verdict {
                        Verdict::Keeps => {
                            moves.push((mv, MoveValue::Exact(value)));
                            best = Some(mv);
                            break;
                        }
                        Verdict::Loses(at_most) => moves.push((mv, MoveValue::AtMost(at_most))),
                        Verdict::Unknown => break,
                    }
                }
                best.map(|best| Proof {
                    value,
                    best,
                    moves,
                    nodes,
                    steps: root_proof.steps,
                })
            }
            _ => None,
        }
    };
    memory.keep_solver_memory(table);
    proof
}

/// Step 3: the root moves in the order a short MultiPV search ranks them,
/// and its best score in whole seeds as the solver's guess.
fn rank_moves(
    root: &Kalah,
    memory: &mut SearchMemory,
    time: Duration,
    control: &SearchControl,
) -> (Vec<u8>, i32) {
    memory.history.ensure_size(Kalah::MOVE_INDEX_LIMIT);
    let moves: Vec<u8> = root.moves().into_iter().collect();
    let mut tt = TranspositionTable::new(GUESS_HASH_MB);
    let mut lines: Vec<Option<u8>> = vec![None; moves.len()];
    let mut ranking = moves.clone();
    let result = search_root(
        Root {
            position: root,
            searchmoves: &[],
        },
        &Limits {
            nodes: Some(RANK_MAX_NODES),
            movetime: Some(time.max(MIN_SEARCH_TIME)),
            ..Limits::depth(RANK_DEPTH)
        },
        SearchSettings {
            multipv: moves.len(),
            ..SearchSettings::default()
        },
        SearchTables {
            tt: &mut tt,
            history: &mut memory.history,
        },
        control,
        GameEvaluation::default(),
        |it| {
            // An iteration's lines arrive best first; the order is taken
            // only from an iteration whose every line was reported.
            if let (Some(slot), Some(&mv)) = (lines.get_mut(it.multipv - 1), it.pv.first()) {
                *slot = Some(mv);
            }
            if it.multipv == it.lines && it.lines == moves.len() {
                ranking = lines.iter().flatten().copied().collect();
            }
        },
    );
    (ranking, guess_from_score(result.score))
}

/// What step 5 proves of a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum MoveValue {
    /// It keeps the root's value, this.
    Exact(i32),
    /// It loses value: it is worth at most this.
    AtMost(i32),
}

/// Whether a move keeps the root's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Verdict {
    Keeps,
    /// It is worth at most this, less than the root.
    Loses(i32),
    /// Not proven in time.
    Unknown,
}

/// The solver as this `go` uses it: one table, one database, one deadline.
struct Prover<'a> {
    threads: usize,
    table: &'a BoundTable,
    db: &'a KalahDb,
    deadline: Instant,
    /// The `go`'s control: its `stop` ends every proof.
    control: &'a Arc<SearchControl>,
}

impl Prover<'_> {
    /// Solves `position` until its value is exact, the deadline passes,
    /// `stop` comes, or `decided` says the bounds proven so far suffice.
    fn solve(&self, position: &Kalah, guess: i32, decided: impl Fn(&Solution) -> bool) -> Solution {
        let watch = Watch::start(self.deadline, self.control);
        let config = SolveConfig {
            threads: self.threads,
            table: self.table,
            db: Some(self.db),
            guess,
        };
        solve(position, &config, &watch.control, |step| {
            if decided(step) {
                watch.control.stop();
            }
        })
    }

    /// Whether `mv` keeps `value` for the side to move in `root`, and the
    /// solver nodes it took. The proof of the position `mv` leads to stops
    /// as soon as its bounds decide: one zero-window step when the guess
    /// (the root's value) is right either way.
    fn keeps(&self, root: &Kalah, mv: u8, value: i32) -> (Verdict, u64) {
        let mut child = *root;
        child.play(mv);
        // An extra turn leaves the mover to move: its value is the mover's.
        let sign = if child.side_to_move() == root.side_to_move() {
            1
        } else {
            -1
        };
        // The mover's bounds from the child's.
        let bounds = move |step: &Solution| {
            let (a, b) = (sign * step.lower, sign * step.upper);
            (a.min(b), a.max(b))
        };
        let proof = self.solve(&child, sign * value, |step| {
            let (lower, upper) = bounds(step);
            lower >= value || upper < value
        });
        let (lower, upper) = bounds(&proof);
        let verdict = if lower >= value {
            Verdict::Keeps
        } else if upper < value {
            Verdict::Loses(upper)
        } else {
            Verdict::Unknown
        };
        (verdict, proof.nodes)
    }
}

/// A control that stops at a deadline or when the `go`'s own control is
/// stopped, watched by a thread of its own until the watch is dropped.
struct Watch {
    control: Arc<SearchControl>,
    done: Arc<AtomicBool>,
    handle: Option<std::thread::JoinHandle<()>>,
}

impl Watch {
    fn start(deadline: Instant, outer: &Arc<SearchControl>) -> Self {
        let due = move |outer: &SearchControl| Instant::now() >= deadline || outer.stopped();
        let control = Arc::new(SearchControl::new(false, false));
        // Past the deadline already: stopped from the start, so that the
        // proofs of step 5 left after it cost nothing.
        if due(outer) {
            control.stop();
        }
        let done = Arc::new(AtomicBool::new(false));
        let (watched, finished, outer) =
            (Arc::clone(&control), Arc::clone(&done), Arc::clone(outer));
        let handle = std::thread::spawn(move || {
            while !finished.load(Ordering::Relaxed) {
                if due(&outer) {
                    watched.stop();
                    return;
                }
                std::thread::sleep(WATCH_INTERVAL);
            }
        });
        Self {
            control,
            done,
            handle: Some(handle),
        }
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        self.done.store(true, Ordering::Relaxed);
        if let Some(handle) = self.handle.take() {
            let _ = handle.join();
        }
    }
}

/// The limits of the normal search after the proof used `spent` of the
/// move's `budget`: what is left of it, as a `movetime` (of the `movetime`
/// given, when there is one); a clock stays as it is and still bounds it.
fn time_left(limits: &Limits, budget: Duration, spent: Duration) -> Limits {
    let mut left = limits.clone();
    let given = limits.movetime.unwrap_or(budget);
    left.movetime = Some(given.saturating_sub(spent).max(MIN_SEARCH_TIME));
    left
}

/// The answer's `info` lines: the proven value and move, the label, and
/// the values proven for the moves tried.
fn report(root: &Kalah, proof: &Proof, started: Instant, out: &Output) {
    let elapsed = started.elapsed();
    let millis = u64::try_from(elapsed.as_millis()).unwrap_or(u64::MAX);
    let micros = u64::try_from(elapsed.as_micros()).unwrap_or(u64::MAX);
    out.send(&Response::Info(Info {
        depth: Some(proof.steps.max(1)),
        score: Some(Score {
            value: to_protocol(proven_margin(proof.value * CENTI)),
            bound: None,
        }),
        nodes: Some(proof.nodes),
        nps: Some(nodes_per_second(proof.nodes, micros)),
        time: Some(millis),
        pv: vec![root.format_move(proof.best)],
        ..Info::default()
    }));
    out.send(&Response::InfoString(format!(
        "proven margin {} (solved with the endgame database)",
        signed(proof.value)
    )));
    if !proof.moves.is_empty() {
        let values: Vec<String> = proof
            .moves
            .iter()
            .map(|&(mv, value)| match value {
                MoveValue::Exact(value) => format!("{} {}", root.format_move(mv), signed(value)),
                MoveValue::AtMost(value) => {
                    format!("{} at most {}", root.format_move(mv), signed(value))
                }
            })
            .collect();
        out.send(&Response::InfoString(format!(
            "proven move values: {}",
            values.join(", ")
        )));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::kalah::solve::table::Bounds;
    use crate::search::oracles::Oracles;
    use ply_rules::games::kalah::KalahRules;

    /// The solver's table is made when a database of the rules played is
    /// loaded, and kept (not made anew) when it exists; a database of
    /// other rules makes none.
    #[test]
    fn the_solver_table_is_made_before_the_clock_only_for_a_database_of_the_rules() {
        let kalah = |pits: u8, empty_capture: bool| {
            Kalah::start(KalahRules::new(pits, 3, empty_capture).expect("playable"))
                .expect("a start")
        };
        let db = Arc::new(KalahDb::build(4, false, 4, 1, |_| {}).expect("a database"));
        let made_anew = |_: usize| -> Result<BoundTable, String> { Err("made anew".to_owned()) };

        let mut memory = SearchMemory::new(1);
        memory.oracles = Oracles::default().with_any(db);
        for other_rules in [kalah(4, true), kalah(5, false)] {
            prepare_memory(&other_rules, &mut memory);
            assert!(memory.take_solver_memory(made_anew).is_err());
        }
        let played = kalah(4, false);
        prepare_memory(&played, &mut memory);
        let table = memory
            .take_solver_memory(made_anew)
            .expect("made by prepare_memory");
        let (key, bounds) = (
            0x1234_5678,
            Bounds {
                lower: -2,
                upper: 4,
                best: 1,
                work: 3,
            },
        );
        table.store(key, bounds);
        memory.keep_solver_memory(table);
        // Kept as it is the second time: what it proved stays.
        prepare_memory(&played, &mut memory);
        let kept = memory
            .take_solver_memory(made_anew)
            .expect("kept by prepare_memory");
        assert_eq!(kept.probe(key), Some(bounds));

        let mut without = SearchMemory::new(1);
        prepare_memory(&played, &mut without);
        assert!(without.take_solver_memory(made_anew).is_err());
    }
}
