//! Solving Kalah: the exact value of a position with perfect play.
//!
//! The value is the final margin for the side to move: its store minus the
//! opponent's when the game ends, both sides playing to maximise their own
//! margin. Stores never empty, so the value splits into what is already
//! stored and what is still to be won:
//!
//! `value = store(me) - store(opponent) + f(pits)`,
//!
//! where f, the future gain difference, depends only on the pits (and
//! whose turn it is, which the search takes as "the side to move"). The
//! search works on f alone, after Irving, Donkers & Uiterwijk ("Solving
//! Kalah", ICGA Journal 2000):
//! 1. **MTD(f)**: a sequence of zero-window searches, each proving the
//!    value is above or below a guess, until the two bounds meet;
//! 2. **alpha-beta with memory**: every node stores proven lower and upper
//!    bounds in a shared, lock-free table ([`table`]);
//! 3. **futility bounds**: f lies within ± the seeds left on the board;
//! 4. **enhanced transposition cut-offs**: a child's stored bound may prove
//!    a cut-off before any child is searched;
//! 5. **ordering**: the table move (one that proved a cut-off there; a
//!    node that fails low keeps the move it had), then extra turns, then
//!    bigger gains, then pits nearer the store;
//! 6. **endgame databases** ([`super::endgame`]): exact f of every board
//!    with few seeds;
//! 7. **parallel MTD(f)** (ABDADA-like, [`busy`]): with `Threads` > 1
//!    every thread runs the same MTD(f) steps on the shared table; a
//!    thread about to search a child another thread is inside puts it off
//!    until its other children are done, so the threads split the nodes
//!    whose children must all be searched. The first thread to finish a
//!    step shares its result and the others abandon that step. (The
//!    earlier scheme, helpers testing higher bounds with the root reversed,
//!    searched 30 % more nodes than one thread; this one 15 %.)
//!
//! Inside: this file runs MTD(f) over the position ([`solve`] and its
//! variants); `board.rs` is the solver's own board, `moves.rs` its move
//! order, `table.rs` the table of proven bounds, `busy.rs` the threads'
//! sharing, `exact.rs` the exact value of every move (MultiPV). Two users
//! sit on top: `command.rs`, the protocol's `solve` (a thread printing the
//! proof's lines), and `perfect.rs`, a timed `go` that proves first when a
//! database is loaded and plays a proven-best move.

mod board;
pub mod busy;
pub(super) mod command;
pub mod exact;
pub mod moves;
pub(super) mod perfect;
pub mod table;

use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use super::endgame::KalahDb;
use crate::search::SearchControl;
use busy::BusyTable;
use exact::{ExactSearch, Shared, finished_value, seeds_on_board, solver_key};
use ply_rules::game::Player;
use ply_rules::games::kalah::Kalah;
use table::{BoundTable, NO_MOVE};

/// What the solver is given besides the position.
#[derive(Debug, Clone, Copy)]
pub struct SolveConfig<'a> {
    /// Threads to search with (at least 1).
    pub threads: usize,
    /// The bound table, kept between solves so that work is reused.
    pub table: &'a BoundTable,
    /// An endgame database for these rules, if one is loaded.
    pub db: Option<&'a KalahDb>,
    /// A guess at the value (final margin for the side to move), where
    /// MTD(f) starts testing: a good guess saves zero-window searches.
    pub guess: i32,
}

/// How much of the value a solve must prove: all of it, or only as much
/// as tells it from a threshold (for the values of a position's moves,
/// where a move that cannot be among the best needs no exact value).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Wanted {
    /// The exact value.
    #[default]
    Exact,
    /// The exact value when it is above this; else only that it is at most this.
    Above(i32),
    /// The exact value when it is below this; else only that it is at least this.
    Below(i32),
}

impl Wanted {
    /// Whether bounds `lower..=upper` prove all that is wanted.
    fn settled(self, lower: i32, upper: i32) -> bool {
        lower >= upper
            || match self {
                Self::Exact => false,
                Self::Above(threshold) => upper <= threshold,
                Self::Below(threshold) => lower >= threshold,
            }
    }

    /// The same wish for a value `shift` lower (the stores' margin taken out).
    fn shifted(self, shift: i32) -> Self {
        match self {
            Self::Exact => Self::Exact,
            Self::Above(threshold) => Self::Above(threshold - shift),
            Self::Below(threshold) => Self::Below(threshold - shift),
        }
    }

    /// Where MTD(f) tests first: right at the threshold, which one
    /// zero-window search decides; the caller's guess for an exact value.
    fn first_guess(self, guess: i32) -> i32 {
        match self {
            Self::Exact => guess,
            // A test at t + 1 proves "above t" or "at most t".
            Self::Above(threshold) => threshold.saturating_add(1),
            // A test at t proves "at least t" or "below t".
            Self::Below(threshold) => threshold,
        }
    }
}

/// Bounds on the value proven so far (after each MTD(f) step, and at the end).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The value is at least this.
    pub lower: i32,
    /// The value is at most this.
    pub upper: i32,
    /// A move that keeps the value at least `lower` (`None` when the game is over).
    pub best: Option<u8>,
    /// Whether `best` was proven to keep `lower`: not so when the solve
    /// was stopped before a move was found, and `best` is then only the
    /// table's or the first legal move.
    pub best_proven: bool,
    /// Zero-window searches done.
    pub steps: u32,
    /// Nodes searched, all threads.
    pub nodes: u64,
    /// Time since the solve began.
    pub elapsed: Duration,
}

impl Solution {
    /// The exact value, once the bounds have met.
    #[must_use]
    pub fn value(&self) -> Option<i32> {
        (self.lower == self.upper).then_some(self.lower)
    }
}

/// The state of MTD(f) shared by all threads: each step of any thread
/// narrows the bounds and sets the next guess.
#[derive(Debug)]
struct SharedBounds {
    lower: AtomicI32,
    upper: AtomicI32,
    /// The steps finished and the value the last one returned (where the
    /// next one tests), packed by [`pack_progress`] so that they change
    /// together: only the thread that finishes a step first publishes its
    /// guess, and a thread in an older step abandons it.
    progress: AtomicU64,
}

impl SharedBounds {
    fn get(&self) -> (i32, i32) {
        (
            self.lower.load(Ordering::Relaxed),
            self.upper.load(Ordering::Relaxed),
        )
    }
}

/// Steps finished (the high half) and the next guess (the low half).
fn pack_progress(steps: u32, guess: i32) -> u64 {
    u64::from(steps) << u32::BITS | u64::from(guess.cast_unsigned())
}

/// The steps finished and the next guess of a packed progress word.
fn unpack_progress(progress: u64) -> (u32, i32) {
    let steps = u32::try_from(progress >> u32::BITS).unwrap_or(u32::MAX);
    let guess = u32::try_from(progress & u64::from(u32::MAX)).unwrap_or_default();
    (steps, guess.cast_signed())
}

/// The steps finished, read from a packed progress word (for the search's
/// look at whether its step was finished by another thread).
pub(super) fn steps_finished(progress: u64) -> u32 {
    unpack_progress(progress).0
}

/// Solves `root`, calling `report` after every MTD(f) step of the main
/// thread. Stops early on `control.stop()`; the result then holds the
/// bounds proven so far.
pub fn solve<R>(
    root: &Kalah,
    config: &SolveConfig<'_>,
    control: &SearchControl,
    report: R,
) -> Solution
where
    R: FnMut(&Solution),
{
    solve_within(root, config, Wanted::Exact, control, report)
}

/// [`solve`], proving only what `wanted` asks: with a threshold, the
/// solve ends as soon as the value is proven on the far side of it (the
/// result then holds bounds, not a value), and the first test is at the
/// threshold (`config.guess` is used for an exact value only).
pub fn solve_within<R>(
    root: &Kalah,
    config: &SolveConfig<'_>,
    wanted: Wanted,
    control: &SearchControl,
    mut report: R,
) -> Solution
where
    R: FnMut(&Solution),
{
    let started = Instant::now();
    // 1. Split the value into what is stored and what is still on the board.
    let margin = i32::from(root.store(root.side)) - i32::from(root.store(root.side.opponent()));
    let mut board = *root;
    board.stores = [0; 2];
    let mut solution = Solution {
        lower: 0,
        upper: 0,
        best: None,
        best_proven: false,
        steps: 0,
        nodes: 0,
        elapsed: Duration::ZERO,
    };
    if board.is_over() {
        let value = margin + finished_value(&board);
        return Solution {
            lower: value,
            upper: value,
            ..solution
        };
    }
    let seeds = i32::try_from(seeds_on_board(&board)).unwrap_or(i32::MAX);
    let guess = wanted.first_guess(config.guess) - margin;
    let wanted = wanted.shifted(margin);
    let bounds = SharedBounds {
        lower: AtomicI32::new(-seeds),
        upper: AtomicI32::new(seeds),
        progress: AtomicU64::new(pack_progress(0, guess)),
    };
    let done = AtomicBool::new(false);
    let total_nodes = AtomicU64::new(0);
    let key = solver_key(&board);
    let busy = (config.threads > 1).then(BusyTable::default);

    // 2. Every thread runs MTD(f) on the shared table; the main thread reports.
    let main_best = std::thread::scope(|scope| {
        for _ in 1..config.threads.max(1) {
            let (bounds, done, total_nodes, busy) = (&bounds, &done, &total_nodes, &busy);
            scope.spawn(move || {
                let shared = Shared {
                    table: config.table,
                    db: config.db,
                    stop: done,
                    progress: &bounds.progress,
                    busy: busy.as_ref(),
                    control,
                };
                let mut search = ExactSearch::new(shared);
                mtdf(&mut search, &board, key, bounds, wanted, |_| {});
                total_nodes.fetch_add(search.nodes, Ordering::Relaxed);
                done.store(true, Ordering::Relaxed);
            });
        }
        let shared = Shared {
            table: config.table,
            db: config.db,
            stop: &done,
            progress: &bounds.progress,
            busy: busy.as_ref(),
            control,
        };
        let mut search = ExactSearch::new(shared);
        let mut steps = 0;
        mtdf(&mut search, &board, key, &bounds, wanted, |search| {
            steps = steps_finished(bounds.progress.load(Ordering::Acquire));
            let (lower, upper) = bounds.get();
            report(&Solution {
                lower: margin + lower,
                upper: margin + upper,
                best: search.root_best.map(|(pit, _)| pit),
                best_proven: search.root_best.is_some(),
                steps,
                nodes: total_nodes.load(Ordering::Relaxed) + search.nodes,
                elapsed: started.elapsed(),
            });
        });
        done.store(true, Ordering::Relaxed);
        // 3. A best move that reaches the value: the main thread's last
        //    fail-high if it proves enough, else one more zero-window search.
        let (lower, upper) = bounds.get();
        let mut best = search.root_best.filter(|&(_, value)| value >= lower);
        let never = AtomicBool::new(false);
        if best.is_none() && lower == upper && !control.stopped() {
            let no_progress = AtomicU64::new(0);
            let mut finder = ExactSearch::new(Shared {
                table: config.table,
                db: config.db,
                stop: &never,
                progress: &no_progress,
                busy: None,
                control,
            });
            finder.search(&board, key, 0, lower - 1, lower);
            // A finder stopped part way proves nothing.
            best = finder.root_best.filter(|_| !control.stopped());
            search.nodes += finder.nodes;
        }
        total_nodes.fetch_add(search.nodes, Ordering::Relaxed);
        solution.steps = steps;
        best.map(|(pit, _)| pit)
    });

    // 4. The bounds proven, a move, the figures.
    let (lower, upper) = bounds.get();
    let best_proven = main_best.is_some();
    let best = main_best
        .or_else(|| {
            config
                .table
                .probe(key)
                .map(|b| b.best)
                .filter(|&b| b != NO_MOVE)
        })
        .or_else(|| first_move(&board));
    Solution {
        lower: margin + lower,
        upper: margin + upper,
        best,
        best_proven,
        nodes: total_nodes.load(Ordering::Relaxed),
        elapsed: started.elapsed(),
        ..solution
    }
}

/// MTD(f): zero-window searches around the shared guess until the shared
/// bounds meet (or prove what `wanted` asks) or the search is stopped. A step that another thread
/// finishes first is abandoned and the next one begun. `after_step` runs
/// after each step this thread finishes or abandons (the bounds have moved
/// either way).
fn mtdf<F>(
    search: &mut ExactSearch<'_>,
    board: &Kalah,
    key: u64,
    bounds: &SharedBounds,
    wanted: Wanted,
    mut after_step: F,
) where
    F: FnMut(&ExactSearch<'_>),
{
    loop {
        // A solve stopped before it starts (its deadline past) searches
        // nothing: not even the nodes before the first look at the flag.
        if search.shared_stopped() {
            return;
        }
        // 1. Where to test: just above the lower bound when the guess sits
        //    on it (the value's parity never changes: every seed on the
        //    board ends in one store or the other).
        let progress = bounds.progress.load(Ordering::Acquire);
        let (step, guess) = unpack_progress(progress);
        let (lower, upper) = bounds.get();
        if wanted.settled(lower, upper) {
            return;
        }
        let guess = guess.clamp(lower, upper);
        let target = if guess == lower { guess + 1 } else { guess };
        let beta = target.clamp(lower + 1, upper);

        // 2. The zero-window search.
        search.step = step;
        search.aborted = false;
        let value = search.search(board, key, 0, beta - 1, beta);
        if search.aborted {
            if search.shared_stopped() {
                return;
            }
            // Another thread finished this step: go on from its result.
            after_step(search);
            continue;
        }

        // 3. Share what it proved (any thread may: a proven bound is true
        //    whoever proves it), then the next guess, which only the first
        //    thread to finish the step sets. The bounds are stored before
        //    the release of the progress word, so a thread that sees the
        //    new step sees them too.
        if value < beta {
            bounds.upper.fetch_min(value, Ordering::Relaxed);
        } else {
            bounds.lower.fetch_max(value, Ordering::Relaxed);
        }
        let _ = bounds.progress.compare_exchange(
            progress,
            pack_progress(step + 1, value),
            Ordering::AcqRel,
            Ordering::Relaxed,
        );
        after_step(search);
    }
}

/// The first legal move, the answer of last resort when stopped at once.
fn first_move(board: &Kalah) -> Option<u8> {
    let me: Player = board.side;
    board
        .pits(me)
        .iter()
        .position(|&s| s > 0)
        .and_then(|pit| u8::try_from(pit).ok())
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_rules::game::Game;
    use ply_rules::games::kalah::KalahRules;

    /// The value and best move of `position` with `threads` threads.
    fn solved(position: &Kalah, threads: usize) -> (Option<i32>, Option<u8>) {
        let table = BoundTable::new(8);
        let config = SolveConfig {
            threads,
            table: &table,
            db: None,
            guess: 0,
        };
        let solution = solve(position, &config, &SearchControl::default(), |_| {});
        (solution.value(), solution.best)
    }

    #[test]
    fn threads_sharing_steps_agree_with_one_thread() {
        // Boards with more seeds than the busy marks' threshold, so that
        // the threads put children off; unit tests look at the step
        // counter every few nodes, so that steps are also abandoned.
        for (pits, seeds, empty_capture) in [(4, 3, false), (4, 3, true), (4, 4, false)] {
            let rules = KalahRules::new(pits, seeds, empty_capture).expect("playable");
            let mut position = Kalah::start(rules).expect("start");
            for _ in 0..3 {
                let (value, best) = solved(&position, 1);
                for threads in [2, 3] {
                    let (shared_value, shared_best) = solved(&position, threads);
                    assert_eq!(shared_value, value, "{}", position.position_string());
                    let mv = shared_best.expect("a move");
                    // The move must keep the value: solve the child.
                    let mut child = position;
                    child.play(mv);
                    let (through, _) = solved(&child, 1);
                    let through = through.map(|v| {
                        if child.side_to_move() == position.side_to_move() {
                            v
                        } else {
                            -v
                        }
                    });
                    assert_eq!(
                        through,
                        value,
                        "move {mv} of {}",
                        position.position_string()
                    );
                }
                let Some(mv) = best else { break };
                position.play(mv);
            }
        }
    }
}
