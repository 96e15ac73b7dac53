//! Building a database: every position with at most N seeds on the board,
//! level by level, each level with memoised recursion, on T threads.
//!
//! **Why levels.** Let a level be the positions with `n` seeds on the
//! board. A sowing keeps the count only if no seed reaches the mover's
//! store (which takes it off the board) and nothing is captured; such a
//! sowing stays on the mover's side and moves every seed it touches closer
//! to the mover's store. So within a level the moves form a DAG (the sum
//! over seeds of their distance to their owner's store falls), and every
//! other move leads to a level already computed. Levels go 0, 1, …, N;
//! within a level an entry is computed on demand, its same-level children
//! first, and remembered.

use std::sync::atomic::{AtomicI8, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use arrayvec::ArrayVec;

use super::rank::{entry_count, next_same_total, rank_sides, unrank};
use crate::game::Player;
use crate::games::kalah::Kalah;
use crate::games::kalah::position::PIT_SLOTS;
use crate::search::huge_pages;

/// An entry not computed yet. f lies in `-127..=127`, so it is never this.
const UNKNOWN: i8 = i8::MIN;

/// Positions whose children are sown before their entries are read.
const BLOCK: usize = 8;

/// Entries a worker handles between updates of the shared progress count.
const PROGRESS_BATCH: u64 = 1 << 14;

/// Levels smaller than this are computed on the calling thread: starting
/// threads would cost more than the work (and their recursion is shallow).
const PARALLEL_MIN_ENTRIES: u64 = 1 << 16;

/// How often, at most, the build reports its progress.
const REPORT_INTERVAL: Duration = Duration::from_millis(100);

/// Stack of each worker thread. The recursion is at most about
/// `N * pits` frames deep (the DAG's height); this leaves room to spare.
const WORKER_STACK: usize = 64 << 20;

/// Where a build is, as handed to its progress callback.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The level being computed: seeds on the board.
    pub level: u8,
    /// The last level: the database's seed limit.
    pub max_level: u8,
    /// Entries done, over all levels.
    pub done: u64,
    /// Entries in the database.
    pub total: u64,
    /// Time since the build started.
    pub elapsed: Duration,
    /// Estimated time left: the elapsed time scaled by the entries left
    /// over the entries done; `None` before any entry is done.
    pub remaining: Option<Duration>,
}

impl Progress {
    fn new(level: u8, max_level: u8, done: u64, total: u64, elapsed: Duration) -> Self {
        let remaining = (done > 0).then(|| {
            let left = total.saturating_sub(done) as f64 / done as f64;
            elapsed.mul_f64(left)
        });
        Self {
            level,
            max_level,
            done,
            total,
            elapsed,
            remaining,
        }
    }

    /// Entries done as a fraction of all, `0.0..=1.0`.
    #[must_use]
    pub fn fraction(&self) -> f64 {
        if self.total == 0 {
            1.0
        } else {
            self.done as f64 / self.total as f64
        }
    }

    /// One line for a terminal: a bar `width` characters wide, the
    /// percentage, the level, the time spent and the time left, e.g.
    /// `[##########----------]  50.0%  level 17/20  elapsed 1:02  left 1:01`.
    #[must_use]
    pub fn bar(&self, width: usize) -> String {
        let fraction = self.fraction().clamp(0.0, 1.0);
        let filled = ((fraction * width as f64).round() as usize).min(width);
        let left = self
            .remaining
            .map_or_else(|| "?".to_owned(), format_duration);
        format!(
            "[{}{}] {:5.1}%  level {}/{}  elapsed {}  left {}",
            "#".repeat(filled),
            "-".repeat(width - filled),
            fraction * 100.0,
            self.level,
            self.max_level,
            format_duration(self.elapsed),
            left
        )
    }
}

/// A duration as `m:ss` (or `h:mm:ss`), or in milliseconds under a second.
#[must_use]
pub fn format_duration(duration: Duration) -> String {
    let seconds = duration.as_secs();
    if seconds == 0 {
        return format!("{}ms", duration.as_millis());
    }
    let (hours, minutes, seconds) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if hours > 0 {
        format!("{hours}:{minutes:02}:{seconds:02}")
    } else {
        format!("{minutes}:{seconds:02}")
    }
}

/// The recursion over one database under construction.
struct Solver<'a> {
    /// All entries; levels below the current one are complete.
    entries: &'a [AtomicI8],
    /// Pits per side.
    pits: u8,
    /// The capture rule.
    empty_capture: bool,
    /// The level being computed, the most seeds any reachable child holds.
    level: u8,
}

impl Solver<'_> {
    /// The canonical position of `first` (the side to move's pits) against
    /// `second`: South to move, stores empty.
    fn position(&self, first: [u8; PIT_SLOTS], second: [u8; PIT_SLOTS]) -> Kalah {
        Kalah {
            pits: [first, second],
            stores: [0; 2],
            pit_count: self.pits,
            side: Player::One,
            empty_capture: self.empty_capture,
        }
    }

    /// f of a canonical position, by its moves: each move's store gain for
    /// the mover minus the opponent's, plus the child's f when the mover
    /// moves again, minus it when the turn passes. Stores nothing.
    fn compute(&self, position: &Kalah) -> i8 {
        let mut children = ArrayVec::<Child, PIT_SLOTS>::new();
        match self.expand(position, &mut children) {
            Some(over) => over,
            None => self.combine(&children),
        }
    }

    /// Sows every move of a canonical position and appends the children,
    /// ranked, to `children`; or returns f at once when the game is over.
    fn expand<const CAPACITY: usize>(
        &self,
        position: &Kalah,
        children: &mut ArrayVec<Child, CAPACITY>,
    ) -> Option<i8> {
        let len = usize::from(self.pits);
        let own: i32 = position.pits[0][..len].iter().map(|&s| i32::from(s)).sum();
        let theirs: i32 = position.pits[1][..len].iter().map(|&s| i32::from(s)).sum();
        if own == 0 || theirs == 0 {
            // The game is over: each side sweeps its own seeds.
            return Some(to_entry(own - theirs));
        }
        for pit in 0..len {
            if position.pits[0][pit] == 0 {
                continue;
            }
            let mut child = *position;
            child.sow(pit);
            let gain = i32::from(child.stores[0]) - i32::from(child.stores[1]);
            let (same_side, first, second) = match child.side {
                Player::One => (true, child.pits[0], child.pits[1]),
                Player::Two => (false, child.pits[1], child.pits[0]),
            };
            // Sowing never adds seeds, so the child holds at most `level`.
            let rank = rank_sides(&first[..len], &second[..len], self.level)
                .expect("a child holds no more seeds than its parent");
            children.push(Child {
                gain,
                same_side,
                index: usize::try_from(rank).expect("ranks of a built database fit usize"),
                first,
                second,
            });
        }
        None
    }

    /// The best move's value over `children` (one position's), reading
    /// their entries and computing (and storing) the unknown ones first.
    fn combine(&self, children: &[Child]) -> i8 {
        let mut best = i32::MIN;
        for child in children {
            let mut value = self.entries[child.index].load(Ordering::Relaxed);
            if value == UNKNOWN {
                // A same-level child not computed yet: first it, then us.
                value = self.compute(&self.position(child.first, child.second));
                self.entries[child.index].store(value, Ordering::Relaxed);
            }
            let value = i32::from(value);
            best = best.max(if child.same_side {
                child.gain + value
            } else {
                child.gain - value
            });
        }
        to_entry(best)
    }

    /// Computes every entry of ranks `start..end` (all of this level) not
    /// known yet, adding to `done` as it goes.
    ///
    /// Positions go in blocks of [`BLOCK`]: first every child of the block
    /// is sown and ranked, then their entries are read. The reads (mostly
    /// cache misses in a large table) then do not wait for each other, and
    /// dozens are in flight at once.
    fn run(&self, start: u64, end: u64, done: &AtomicU64) {
        let len = usize::from(self.pits);
        let mut vector = [0u8; 2 * PIT_SLOTS];
        if start >= end || unrank(start, &mut vector[..2 * len]).is_none() {
            return;
        }
        let mut children = ArrayVec::<Child, { BLOCK * PIT_SLOTS }>::new();
        // Entry index and the range of its children in `children`.
        let mut block = ArrayVec::<(usize, usize, usize), BLOCK>::new();
        let mut pending = 0;
        for rank in start..end {
            let index = usize::try_from(rank).expect("ranks of a built database fit usize");
            if self.entries[index].load(Ordering::Relaxed) == UNKNOWN {
                let mut first = [0; PIT_SLOTS];
                let mut second = [0; PIT_SLOTS];
                first[..len].copy_from_slice(&vector[..len]);
                second[..len].copy_from_slice(&vector[len..2 * len]);
                let from = children.len();
                match self.expand(&self.position(first, second), &mut children) {
                    Some(over) => self.entries[index].store(over, Ordering::Relaxed),
                    None => block.push((index, from, children.len())),
                }
            }
            if block.is_full() || rank + 1 == end {
                for &(index, from, to) in &block {
                    let value = self.combine(&children[from..to]);
                    self.entries[index].store(value, Ordering::Relaxed);
                }
                block.clear();
                children.clear();
            }
            next_same_total(&mut vector[..2 * len]);
            pending += 1;
            if pending == PROGRESS_BATCH {
                done.fetch_add(pending, Ordering::Relaxed);
                pending = 0;
            }
        }
        done.fetch_add(pending, Ordering::Relaxed);
    }
}

/// One move of a position being computed.
struct Child {
    /// The mover's store gain minus the opponent's.
    gain: i32,
    /// The mover moves again (the child's f adds, else it subtracts).
    same_side: bool,
    /// The child's entry: the rank of its canonical form.
    index: usize,
    /// The canonical child: the pits of the side to move in it...
    first: [u8; PIT_SLOTS],
    /// ...and the other side's.
    second: [u8; PIT_SLOTS],
}

/// A margin as an entry; margins are bounded by the seeds on the board.
fn to_entry(value: i32) -> i8 {
    i8::try_from(value).expect("f lies within the seeds on the board, at most 127")
}

/// Computes the entries of a database of `pits` pits a side (valid), the
/// capture rule, and at most `max_seeds` seeds (at most 127), whose entry
/// count `count` fits memory. Returns the entries in rank order.
pub(super) fn build_entries(
    pits: u8,
    empty_capture: bool,
    max_seeds: u8,
    count: u64,
    threads: usize,
    progress: &mut dyn FnMut(&Progress),
) -> Vec<u8> {
    let started = Instant::now();
    let len = 2 * usize::from(pits);
    let count_usize = usize::try_from(count).unwrap_or(usize::MAX);
    let entries = huge_pages::vec_with(count_usize, || AtomicI8::new(UNKNOWN));
    let done = AtomicU64::new(0);
    let threads = threads.max(1);
    let report = |level: u8, progress: &mut dyn FnMut(&Progress)| {
        let done = done.load(Ordering::Relaxed);
        progress(&Progress::new(
            level,
            max_seeds,
            done,
            count,
            started.elapsed(),
        ));
    };
    report(0, progress);
    let mut last_report = Instant::now();
    for level in 0..=max_seeds {
        let start = match level.checked_sub(1) {
            Some(below) => entry_count(len, below).unwrap_or(count),
            None => 0,
        };
        let end = entry_count(len, level).unwrap_or(count);
        let solver = Solver {
            entries: &entries,
            pits,
            empty_capture,
            level,
        };
        if end - start < PARALLEL_MIN_ENTRIES {
            solver.run(start, end, &done);
        } else {
            // Even one thread is a worker: it has a stack of known size for
            // the recursion, and this thread reports the progress.
            run_parallel(&solver, start, end, threads, &done, &mut || {
                if last_report.elapsed() >= REPORT_INTERVAL {
                    report(level, progress);
                    last_report = Instant::now();
                }
            });
        }
    }
    report(max_seeds, progress);
    // The same size and alignment: this collects in place.
    entries
        .into_iter()
        .map(|entry| entry.into_inner().to_ne_bytes()[0])
        .collect()
}

/// Computes the ranks `start..end` of one level on `threads` threads, each
/// a contiguous slice, calling `tick` on this thread now and then.
///
/// The entries are shared as relaxed atomics. That is enough: an entry is
/// a pure function of its position, so two threads that compute the same
/// entry (one recursing into another's slice) store the same value, and a
/// thread that reads an entry sees either `UNKNOWN` (and computes it
/// itself) or that value; an `i8` cannot tear. Lower levels were finished
/// before this level's threads started, and the scope's spawn and join
/// order those writes before every read here.
fn run_parallel(
    solver: &Solver<'_>,
    start: u64,
    end: u64,
    threads: usize,
    done: &AtomicU64,
    tick: &mut dyn FnMut(),
) {
    let finished = AtomicUsize::new(0);
    let caller = std::thread::current();
    let share = (end - start).div_ceil(threads as u64);
    std::thread::scope(|scope| {
        let mut spawned = 0;
        for t in 0..threads as u64 {
            let from = (start + t * share).min(end);
            let to = (from + share).min(end);
            let (finished, caller) = (&finished, &caller);
            let work = move || {
                solver.run(from, to, done);
                finished.fetch_add(1, Ordering::Release);
                caller.unpark();
            };
            let spawn = std::thread::Builder::new()
                .name(format!("endgame-db-{t}"))
                .stack_size(WORKER_STACK)
                .spawn_scoped(scope, work);
            match spawn {
                Ok(_) => spawned += 1,
                // No thread to be had: do the slice here instead.
                Err(_) => {
                    solver.run(from, to, done);
                }
            }
        }
        while finished.load(Ordering::Acquire) < spawned {
            std::thread::park_timeout(REPORT_INTERVAL);
            tick();
        }
    });
}
