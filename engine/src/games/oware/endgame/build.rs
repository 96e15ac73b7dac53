//! The build of the Oware endgame bounds that works only where something
//! can change: retrograde analysis with predecessor counters, as Romein
//! and Bal's Awari build, one threshold at a time (`bounds.rs` says
//! what the bounds mean; `passes.rs`, passes over whole levels
//! until one changes nothing, is kept as the reference this build is
//! checked against, entry by entry).
//!
//! **Thresholds.** Over the mover's moves to child c capturing k,
//! `L(p) = max k - U(c)` and `U(p) = max k - L(c)`, L the least solution
//! and U the greatest. For a threshold v, let W be the boards with
//! `L >= v` and X those with `U <= -v`. Then a board is in W when its
//! captures' best `max k - U(c)` reaches v, or a quiet child is in X; it
//! is in X when its captures' best `max k - L(c)` is at most `-v` and every
//! quiet child is in W (a board without a legal move: its rows' margin r,
//! in W while `r >= v`, in X while `r <= -v`). W and X are the least sets
//! that solve this, which is what L least and U greatest mean, and a board
//! of both sets at v stays in them at every lower v. So going from `v =
//! level` down, each board's L is the first v at which it enters W (else
//! `-level`), its U the `-v` at which it enters X (else `+level`).
//!
//! **Counters.** Within a threshold the sets grow by the classic
//! retrograde step: a board that enters W takes one off the counter of
//! each parent by a quiet move (found by un-sowing,
//! `parents.rs`): the quiet children not yet in W; a parent whose
//! counter reaches 0 enters X if its captures allow it at this v (else at
//! the v at which they do), and every parent of a board that enters X
//! enters W. Each board enters each set once, so its parents are found at
//! most twice in the whole level: no pass over the level's boards but the
//! first (which sows every board, reads its captures' children, one level
//! down and final, and counts its quiet moves) and a scan of two bytes a
//! board a threshold for the boards whose captures let them in.
//!
//! **Memory.** The entries are built where the file's bytes will be (two
//! bytes an entry, L then U, each an `i8`): the buffer becomes the
//! database as it is, never copied. Besides it a level needs three bytes
//! a board: the captures' two bests and the counter.
//!
//! **Threads.** Each thread takes chunks of the level for a threshold's
//! scan, and follows what a board entering a set sets off to its end on
//! its own stack. A board enters a set by a compare-and-swap of its bound
//! from the start, and a counter reaches 0 once, so each step is taken
//! once whichever thread gets there; the sets at the end of a threshold do
//! not depend on the order.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU8, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use arrayvec::ArrayVec;

use ply_rules::game::Player;
use ply_rules::games::oware::board::Board;

use super::bounds::{MAX_HOUSES, board_of, entry_total, narrow};
use super::moves::row_margin;
use super::parents::quiet_parents;
use crate::endgame::cursor::RankCursor;
use crate::endgame::rank::{entry_count, level_range, rank_sides, rank_small};
use crate::search::prefetch::prefetch;

/// Bytes an entry: L, then U.
pub const ENTRY_BYTES: usize = 2;

/// Bytes a board of a level needs besides its entry: the captures' two
/// bests and the counter.
const WORK_BYTES: u64 = 3;

/// Levels with fewer boards than this are built on the calling thread:
/// starting threads for every threshold would cost more than the work.
const PARALLEL_MIN_BOARDS: usize = 1 << 16;

/// Boards a thread takes at a time.
const CHUNK: usize = 1 << 14;

/// Boards whose captures a threshold's scan compares at once (a mask).
const SCAN_BLOCK: usize = u64::BITS as usize;

/// Boards whose moves (at the start) or whose parents (when they enter
/// W) are found and prefetched together (see [`Level::start`],
/// [`Level::follow`]).
const BATCH: usize = 16;

/// No capture: a bound below every real one.
const NONE: i8 = i8::MIN;

/// What a finished level cost.
#[derive(Clone, Copy, Debug)]
pub struct LevelReport {
    /// Seeds on the board.
    pub level: u8,
    /// Boards in the level.
    pub boards: u64,
    /// Entries into W or X (a board enters each at most once, and has
    /// its parents found then).
    pub entered: u64,
    /// Boards whose bounds meet.
    pub exact: u64,
    /// Wall time.
    pub elapsed: Duration,
}

/// Builds the bounds of every board of `houses` houses a side with at
/// most `max_seeds` seeds on `threads` threads, calling `report` after each
/// level. Returns the file's entries: by rank of the canonical key, two
/// bytes each, L then U.
///
/// # Errors
/// A house count or seed limit out of range, or entries or a level's
/// working set that do not fit in memory.
pub fn build(
    houses: u8,
    max_seeds: u8,
    threads: usize,
    mut report: impl FnMut(&LevelReport),
) -> Result<Vec<u8>, String> {
    let len = 2 * usize::from(houses);
    let count = entry_total(houses, usize::from(MAX_HOUSES), max_seeds)?;
    let too_many = || format!("{count} entries do not fit in memory");
    let bytes = count.checked_mul(ENTRY_BYTES).ok_or_else(too_many)?;
    let entries =
        crate::search::huge_pages::try_vec_with(bytes, || AtomicU8::new(0)).ok_or_else(too_many)?;
    let largest = level_range(len, max_seeds).len();
    let mut work = Work::with_capacity(largest)?;
    for seeds in 0..=max_seeds {
        let started = Instant::now();
        let range = level_range(len, seeds);
        work.reset(range.len());
        let threads = if range.len() < PARALLEL_MIN_BOARDS {
            1
        } else {
            threads.max(1)
        };
        let Work {
            lower_captures,
            upper_captures,
            counters,
        } = &mut work;
        let level = Level {
            houses,
            seeds,
            first: range.start,
            entries: &entries,
            counters,
        };
        level.start(lower_captures, upper_captures, threads);
        let worst = i32::from(seeds);
        for threshold in (1 - worst..=worst).rev() {
            level.threshold(threshold, lower_captures, upper_captures, threads);
        }
        let (mut entered, mut exact) = (0, 0);
        for rank in range.clone() {
            let (lower, upper) = bounds(&entries, rank);
            entered += u64::from(i32::from(lower) != -worst) + u64::from(i32::from(upper) != worst);
            exact += u64::from(lower == upper);
        }
        report(&LevelReport {
            level: seeds,
            boards: range.len() as u64,
            entered,
            exact,
            elapsed: started.elapsed(),
        });
    }
    // The same size and alignment: this collects in place.
    Ok(entries.into_iter().map(AtomicU8::into_inner).collect())
}

/// Bytes of memory a build of `houses` houses a side and at most
/// `max_seeds` seeds needs, about: the entries, and three bytes a board
/// of the largest level. `None` when it does not fit a number.
#[must_use]
pub fn memory_needed(houses: u8, max_seeds: u8) -> Option<u64> {
    let len = 2 * usize::from(houses);
    let entries = entry_count(len, max_seeds)?.checked_mul(ENTRY_BYTES as u64)?;
    let largest = level_range(len, max_seeds).len() as u64;
    entries.checked_add(largest.checked_mul(WORK_BYTES)?)
}

/// What a level needs besides the entries, by index in the level (see
/// the module docs), kept from level to level.
struct Work {
    /// Over each board's captures, the best of `k - U(child)` ([`NONE`]
    /// without a capture; the rows' margin without a legal move).
    lower_captures: Vec<i8>,
    /// The same for `k - L(child)`.
    upper_captures: Vec<i8>,
    /// Each board's quiet children not yet in W.
    counters: Vec<AtomicU8>,
}

impl Work {
    /// Room for a level of `boards` boards.
    fn with_capacity(boards: usize) -> Result<Self, String> {
        let mut work = Self {
            lower_captures: Vec::new(),
            upper_captures: Vec::new(),
            counters: Vec::new(),
        };
        let reserved = work
            .lower_captures
            .try_reserve_exact(boards)
            .and_then(|()| work.upper_captures.try_reserve_exact(boards))
            .and_then(|()| work.counters.try_reserve_exact(boards));
        reserved.map_err(|_| {
            format!("the work of a level of {boards} boards does not fit in memory")
        })?;
        Ok(work)
    }

    /// Sized for a level of `boards` boards (the start fills it).
    fn reset(&mut self, boards: usize) {
        self.lower_captures.resize(boards, NONE);
        self.upper_captures.resize(boards, NONE);
        self.counters.resize_with(boards, || AtomicU8::new(0));
    }
}

/// The bounds of rank `rank`.
#[inline]
fn bounds(entries: &[AtomicU8], rank: usize) -> (i8, i8) {
    let at = ENTRY_BYTES * rank;
    let byte = |offset: usize| i8::from_ne_bytes([entries[at + offset].load(Ordering::Relaxed)]);
    (byte(0), byte(1))
}

/// The byte of a bound.
fn byte(bound: i8) -> u8 {
    bound.to_ne_bytes()[0]
}

/// Runs `work` on `threads` threads (this one alone for 1).
fn on_threads(threads: usize, work: impl Fn() + Sync) {
    if threads <= 1 {
        work();
        return;
    }
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(&work);
        }
    });
}

/// One level being built: its boards are ranks `first..` with `seeds`
/// seeds, every lower level final.
struct Level<'a> {
    /// Houses a side.
    houses: u8,
    /// Seeds on the board.
    seeds: u8,
    /// The rank of the level's first board.
    first: usize,
    /// All entries, two bytes each.
    entries: &'a [AtomicU8],
    /// Each board's quiet children not yet in W, by index in the level.
    counters: &'a [AtomicU8],
}

impl Level<'_> {
    /// The index in the level of `board` (its mover as South).
    #[inline]
    fn index(&self, board: &Board) -> usize {
        let houses = usize::from(self.houses);
        self.rank(&board.houses[0][..houses], &board.houses[1][..houses]) - self.first
    }

    /// The rank of the board whose side to move has `mover`'s houses and
    /// the opponent `other`'s.
    #[inline]
    fn rank(&self, mover: &[u8], other: &[u8]) -> usize {
        // Abapa's boards, nearly every rank the build takes, by the ranking
        // whose loops unroll (about a fifth of the time of following the
        // sets went to ranking).
        const ABAPA: usize = MAX_HOUSES as usize;
        if let (Ok(mover), Ok(other)) = (
            <&[u8; ABAPA]>::try_from(mover),
            <&[u8; ABAPA]>::try_from(other),
        ) {
            return usize::try_from(rank_small(mover, other))
                .unwrap_or_else(|_| unreachable!("a board of the database has a rank"));
        }
        // A database's boards hold at most 127 seeds, and their ranks
        // index the entries, which fit memory.
        rank_sides(mover, other, u8::MAX)
            .and_then(|rank| usize::try_from(rank).ok())
            .unwrap_or_else(|| unreachable!("a board of the database has a rank"))
    }

    /// The first look at every board, on `threads` threads: its bounds
    /// start at `-seeds` and `+seeds`, its captures' bests (their
    /// children are final) and its counter are set.
    fn start(&self, lower_captures: &mut [i8], upper_captures: &mut [i8], threads: usize) {
        let chunks = Mutex::new(
            lower_captures
                .chunks_mut(CHUNK)
                .zip(upper_captures.chunks_mut(CHUNK))
                .enumerate(),
        );
        let worst = i8::try_from(self.seeds).unwrap_or(i8::MAX);
        on_threads(threads, || {
            let mut cursor = RankCursor::new(2 * usize::from(self.houses));
            let mut looks = Vec::with_capacity(BATCH);
            loop {
                let next = chunks.lock().map(|mut chunks| chunks.next());
                let Ok(Some((number, (lower, upper)))) = next else {
                    return;
                };
                // A batch of boards' moves first, their captures' children
                // prefetched, then those children read.
                for (batch, (lower, upper)) in lower
                    .chunks_mut(BATCH)
                    .zip(upper.chunks_mut(BATCH))
                    .enumerate()
                {
                    let first = number * CHUNK + batch * BATCH;
                    looks.clear();
                    looks.extend((first..first + lower.len()).map(|index| {
                        self.look(&board_of(
                            cursor.seek((self.first + index) as u64),
                            self.houses,
                        ))
                    }));
                    for (offset, look) in looks.iter().enumerate() {
                        let index = first + offset;
                        [lower[offset], upper[offset]] = look.bests(self.entries);
                        self.counters[index].store(look.quiet, Ordering::Relaxed);
                        let rank = self.first + index;
                        self.entries[ENTRY_BYTES * rank].store(byte(-worst), Ordering::Relaxed);
                        self.entries[ENTRY_BYTES * rank + 1].store(byte(worst), Ordering::Relaxed);
                    }
                }
            }
        });
    }

    /// The moves of `board` (South to move): its captures' children
    /// (prefetched) and its legal quiet moves.
    fn look(&self, board: &Board) -> Look {
        let must_feed = board.row_is_empty(Player::Two);
        let houses = usize::from(self.houses);
        let mut look = Look {
            captures: ArrayVec::new(),
            quiet: 0,
            rows: None,
        };
        let mut any = false;
        for house in 0..houses {
            if board.houses[0][house] == 0
                || (must_feed && !board.reaches_opponent(Player::One, house))
            {
                continue;
            }
            any = true;
            // A sowing that stays in the own row captures nothing: no
            // need to sow it (most moves of a level's boards).
            if !board.reaches_opponent(Player::One, house) {
                look.quiet += 1;
                continue;
            }
            let mut child = *board;
            let captured = child.sow(Player::One, house);
            if captured > 0 {
                let rank = self.rank(&child.houses[1][..houses], &child.houses[0][..houses]);
                prefetch(&self.entries[ENTRY_BYTES * rank]);
                look.captures.push((rank, captured));
            } else {
                look.quiet += 1;
            }
        }
        if !any {
            look.rows = Some(narrow(row_margin(board, Player::One)));
        }
        look
    }

    /// Threshold `threshold` (see the module docs), on `threads` threads:
    /// the boards whose captures (or rows) let them into W or X at it
    /// enter, and all that follows from that.
    fn threshold(
        &self,
        threshold: i32,
        lower_captures: &[i8],
        upper_captures: &[i8],
        threads: usize,
    ) {
        let next = AtomicUsize::new(0);
        let bounds = Thresholds {
            into_w: narrow(threshold),
            into_x: narrow(-threshold),
        };
        on_threads(threads, || {
            let mut worker = Worker::new(2 * usize::from(self.houses));
            loop {
                let first = next.fetch_add(CHUNK, Ordering::Relaxed);
                if first >= lower_captures.len() {
                    return;
                }
                let end = (first + CHUNK).min(lower_captures.len());
                for block in (first..end).step_by(SCAN_BLOCK) {
                    let block_end = (block + SCAN_BLOCK).min(end);
                    let into_w = mask(&lower_captures[block..block_end], bounds.into_w);
                    for index in set_bits(block, into_w) {
                        if self.enter_w(index, bounds.into_w) {
                            let board = self.board(&mut worker.cursor, index);
                            worker.entered_w.push(board);
                        }
                    }
                    let into_x = mask(&upper_captures[block..block_end], bounds.into_x);
                    for index in set_bits(block, into_x) {
                        if self.counters[index].load(Ordering::Relaxed) == 0
                            && self.enter_x(index, bounds.into_x)
                        {
                            let board = self.board(&mut worker.cursor, index);
                            worker.entered_x.push(board);
                        }
                    }
                    if worker.entered_w.len() + worker.entered_x.len() >= BATCH {
                        self.follow(&mut worker, bounds, upper_captures);
                    }
                }
                self.follow(&mut worker, bounds, upper_captures);
            }
        });
    }

    /// The board of index `index`, its mover as South.
    fn board(&self, cursor: &mut RankCursor, index: usize) -> Board {
        board_of(cursor.seek((self.first + index) as u64), self.houses)
    }

    /// Follows what the boards that entered a set in `worker` set off, to
    /// its end: in batches of boards whose parents are found first and
    /// their counters or entries prefetched, then read, so that the reads
    /// (nearly all misses in a large level) overlap.
    fn follow(&self, worker: &mut Worker, bounds: Thresholds, upper_captures: &[i8]) {
        let Worker {
            entered_w,
            entered_x,
            parents,
            zeroed,
            ..
        } = worker;
        loop {
            // 1. Every parent of a board that entered X enters W.
            parents.clear();
            for board in entered_x.drain(..) {
                quiet_parents(&as_child(&board), |parent| {
                    let index = self.index(parent);
                    prefetch(&self.entries[ENTRY_BYTES * (self.first + index)]);
                    parents.push((index, *parent));
                });
            }
            for &(index, parent) in parents.iter() {
                if self.enter_w(index, bounds.into_w) {
                    entered_w.push(parent);
                }
            }
            if entered_w.is_empty() {
                return;
            }
            // 2. A batch of boards that entered W: their parents' counters
            //    fall, and a parent whose counter reaches 0 enters X if its
            //    captures allow.
            parents.clear();
            let from = entered_w.len().saturating_sub(BATCH);
            for board in entered_w.drain(from..) {
                quiet_parents(&as_child(&board), |parent| {
                    let index = self.index(parent);
                    prefetch(&self.counters[index]);
                    parents.push((index, *parent));
                });
            }
            // A counter reaches 0 once a level, so the captures' best is
            // read (and prefetched) only then, not for every decrement.
            zeroed.clear();
            for &(index, parent) in parents.iter() {
                let left = self.counters[index].fetch_sub(1, Ordering::Relaxed);
                debug_assert!(left > 0, "a counter below 0");
                if left == 1 {
                    prefetch(&upper_captures[index]);
                    prefetch(&self.entries[ENTRY_BYTES * (self.first + index) + 1]);
                    zeroed.push((index, parent));
                }
            }
            for &(index, parent) in zeroed.iter() {
                if upper_captures[index] <= bounds.into_x && self.enter_x(index, bounds.into_x) {
                    entered_x.push(parent);
                }
            }
        }
    }

    /// Puts the board of index `index` into W at threshold `threshold`
    /// (its L): whether it was not in W yet.
    #[inline]
    fn enter_w(&self, index: usize, threshold: i8) -> bool {
        let worst = i8::try_from(self.seeds).unwrap_or(i8::MAX);
        self.enter(ENTRY_BYTES * (self.first + index), -worst, threshold)
    }

    /// Puts the board of index `index` into X at threshold `-bound` (its
    /// U is `bound`): whether it was not in X yet.
    #[inline]
    fn enter_x(&self, index: usize, bound: i8) -> bool {
        let worst = i8::try_from(self.seeds).unwrap_or(i8::MAX);
        self.enter(ENTRY_BYTES * (self.first + index) + 1, worst, bound)
    }

    /// Sets the bound at byte `at` from `start` to `bound`: whether it
    /// still held `start`.
    #[inline]
    fn enter(&self, at: usize, start: i8, bound: i8) -> bool {
        // A plain read first: most boards asked are in the set already,
        // and a compare-and-swap is a locked instruction even when it fails.
        self.entries[at].load(Ordering::Relaxed) == byte(start)
            && self.entries[at]
                .compare_exchange(
                    byte(start),
                    byte(bound),
                    Ordering::Relaxed,
                    Ordering::Relaxed,
                )
                .is_ok()
    }
}

/// What the first look at a board found (see [`Level::start`]).
struct Look {
    /// The captures: the child's rank and the seeds taken.
    captures: ArrayVec<(usize, u8), { MAX_HOUSES as usize }>,
    /// Legal moves without a capture.
    quiet: u8,
    /// Without a legal move, the rows' margin.
    rows: Option<i8>,
}

impl Look {
    /// Over the captures, the best of `k - U(child)` and of `k -
    /// L(child)` ([`NONE`] without one); the rows' margin for both
    /// without a legal move.
    fn bests(&self, entries: &[AtomicU8]) -> [i8; 2] {
        if let Some(rows) = self.rows {
            return [rows, rows];
        }
        let mut best = [i32::from(NONE); 2];
        for &(rank, captured) in &self.captures {
            let (lower, upper) = bounds(entries, rank);
            best[0] = best[0].max(i32::from(captured) - i32::from(upper));
            best[1] = best[1].max(i32::from(captured) - i32::from(lower));
        }
        best.map(narrow)
    }
}

/// A threshold's bounds: L of a board entering W, U of one entering X.
#[derive(Clone, Copy, Debug)]
struct Thresholds {
    /// The threshold v.
    into_w: i8,
    /// `-v`.
    into_x: i8,
}

/// One thread's buffers while it follows a threshold (see
/// [`Level::follow`]).
struct Worker {
    /// The key of the last board of the scan.
    cursor: RankCursor,
    /// Boards that entered W, their parents' counters not yet lowered
    /// (their mover as South).
    entered_w: Vec<Board>,
    /// Boards that entered X, their parents not yet in W.
    entered_x: Vec<Board>,
    /// The parents of a batch, and their indices.
    parents: Vec<(usize, Board)>,
    /// The parents whose counter reached 0 and whose captures let them
    /// into X.
    zeroed: Vec<(usize, Board)>,
}

impl Worker {
    /// Empty buffers, keys of `len` houses.
    fn new(len: usize) -> Self {
        Self {
            cursor: RankCursor::new(len),
            entered_w: Vec::new(),
            entered_x: Vec::new(),
            parents: Vec::new(),
            zeroed: Vec::new(),
        }
    }
}

/// `board` (its mover as South) as its parents' move left it: the row
/// that moved as South, North to move.
fn as_child(board: &Board) -> Board {
    let mut child = *board;
    child.houses.swap(0, 1);
    child
}

/// The boards of `values` (at most 64) that hold `value`, as bits. Every
/// threshold compares every board of the level twice (48 thresholds at
/// 24 seeds), so a whole block is compared 16 bytes an instruction where
/// the processor has them (SSE2, which every x86-64 processor has), and
/// else a word at a time ([`mask_by_words`]).
#[inline]
fn mask(values: &[i8], value: i8) -> u64 {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    if let Ok(block) = <&[i8; SCAN_BLOCK]>::try_from(values) {
        return mask_by_vectors(block, value);
    }
    mask_by_words(values, value)
}

/// [`mask`] of a whole block by SSE2: 16 bytes compared with `value` at
/// once, the results' top bits gathered into 16 bits.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[inline]
#[allow(unsafe_code)]
fn mask_by_vectors(values: &[i8; SCAN_BLOCK], value: i8) -> u64 {
    use std::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_set1_epi8,
    };
    /// Bytes a vector.
    const LANES: usize = 16;
    let mut found = 0;
    // SAFETY: the function is compiled only where SSE2 is enabled (the
    // x86-64 baseline), so its instructions exist wherever this runs; each
    // load reads a chunk's 16 bytes, in bounds (`chunks_exact`), and needs
    // no alignment.
    unsafe {
        let pattern = _mm_set1_epi8(value);
        for (number, chunk) in values.chunks_exact(LANES).enumerate() {
            let bytes = _mm_loadu_si128(chunk.as_ptr().cast::<__m128i>());
            let equal = _mm_movemask_epi8(_mm_cmpeq_epi8(bytes, pattern));
            // `movemask` sets the low 16 bits only.
            found |= u64::from(equal.unsigned_abs()) << (LANES * number);
        }
    }
    found
}

/// [`mask`] eight bytes at a time in a word (most words hold none), each
/// byte of `values` XOR `value` tested for zero without a carry between
/// bytes.
#[inline]
fn mask_by_words(values: &[i8], value: i8) -> u64 {
    const LOW: u64 = u64::from_ne_bytes([0x7f; 8]);
    const HIGH: u64 = u64::from_ne_bytes([0x80; 8]);
    // Moves bit 7 of byte i to bit 56 + i; the products never overlap.
    const GATHER: u64 = 0x0102_0408_1020_4080;
    let pattern = u64::from_ne_bytes([byte(value); 8]);
    let mut found = 0;
    let mut words = values.chunks_exact(8);
    for (number, word) in words.by_ref().enumerate() {
        let bytes: [u8; 8] = std::array::from_fn(|i| byte(word[i]));
        let differs = u64::from_le_bytes(bytes) ^ pattern;
        // Bit 7 of a byte is set where the byte is not zero.
        let nonzero = ((differs & LOW) + LOW) | differs;
        let zero = !nonzero & HIGH;
        if zero != 0 {
            found |= ((zero >> 7).wrapping_mul(GATHER) >> 56) << (8 * number);
        }
    }
    let done = values.len() - words.remainder().len();
    for (bit, &held) in words.remainder().iter().enumerate() {
        found |= u64::from(held == value) << (done + bit);
    }
    found
}

/// The indices `first + bit` of the set bits of `mask`, in order.
fn set_bits(first: usize, mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let bit = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            first + bit
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::oware::endgame::passes;

    /// The entries of the reference build (passes over whole levels), as
    /// the file's bytes.
    fn reference(houses: u8, max_seeds: u8, threads: usize) -> Vec<u8> {
        passes::build(houses, max_seeds, threads, |_| {})
            .unwrap()
            .iter()
            .flat_map(|entry| entry.to_le_bytes())
            .collect()
    }

    /// Checks that this build gives the reference's bytes on 1 and 3
    /// threads.
    fn check(houses: u8, max_seeds: u8) {
        let expected = reference(houses, max_seeds, 2);
        for threads in [1, 3] {
            let built = build(houses, max_seeds, threads, |_| {}).unwrap();
            assert_eq!(built.len(), expected.len());
            if let Some(at) = built.iter().zip(&expected).position(|(a, b)| a != b) {
                panic!(
                    "{houses} houses, {max_seeds} seeds, {threads} threads: \
                     entry {} differs",
                    at / ENTRY_BYTES
                );
            }
        }
    }

    /// Bit for bit the reference's entries, on every board size up to 6
    /// houses, on 1 and several threads.
    #[test]
    fn equals_the_passes_build() {
        for (houses, max_seeds) in [(1, 16), (2, 16), (3, 14), (4, 12), (5, 11), (6, 11)] {
            check(houses, max_seeds);
        }
    }

    /// The same on 6 houses and 16 seeds (30 million boards; a minute or
    /// two in a test build): `cargo test -p ply-engine --lib
    /// oware::endgame::build -- --ignored`.
    #[test]
    #[ignore = "slow: 30 million boards, built twice"]
    fn equals_the_passes_build_at_16_seeds() {
        check(6, 16);
    }

    /// The scan's mask marks exactly the bytes that hold the value.
    #[test]
    fn masks_mark_the_values() {
        let values: Vec<i8> = (0..64).map(|i| [3, -3, 0, 127, -128, 2][i % 6]).collect();
        for value in [3, -3, 0, 127, -128, 2, 1] {
            for len in [64, 63, 9, 8, 1, 0] {
                let expected = (0..len)
                    .filter(|&i| values[i] == value)
                    .fold(0u64, |mask, i| mask | 1 << i);
                assert_eq!(mask(&values[..len], value), expected, "{value} in {len}");
                let by_words = mask_by_words(&values[..len], value);
                assert_eq!(by_words, expected, "{value} in {len}, by words");
            }
        }
    }

    #[test]
    fn memory_is_the_entries_and_a_level_of_work() {
        let entries = 2 * entry_count(12, 24).unwrap();
        let largest = level_range(12, 24).len() as u64;
        assert_eq!(memory_needed(6, 24), Some(entries + 3 * largest));
    }
}
