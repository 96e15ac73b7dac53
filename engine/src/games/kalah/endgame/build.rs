//! Building a database: every position with at most N seeds on the board,
//! level by level, each level walked side to move by side to move, on T
//! threads.
//!
//! **Why levels.** Let a level be the positions with `n` seeds on the
//! board. A sowing keeps the count only if no seed reaches the mover's
//! store (which takes it off the board) and nothing is captured; such a
//! sowing stays on the mover's side and moves every seed it touches closer
//! to the mover's store. So within a level the moves form a DAG (the sum
//! over seeds of their distance to their owner's store falls), and every
//! other move leads to a level already computed. Levels go 0, 1, …, N;
//! within a level an entry whose same-level child is not known yet
//! computes that child first, and every entry is remembered.
//!
//! **Halves.** A position is two halves, the side to move's pits and the
//! other side's, and its rank is a sum of two parts, one a half
//! ([`rank_low`], [`rank_high`]). A level first plans every half as the
//! side to move ([`Mover`]): what each of its moves does to its own pits,
//! and the part of the child's rank that depends on them. Then ranking a
//! child mostly takes an addition, not a sowing and a ranking: the time
//! of a build is the time of its memory reads, which the walk's order
//! (see `Solver::run`) keeps close together and the blocks overlap.
//! Moves the plans do not cover (laps, sowings back into the own side)
//! are sown in full by the sowing on packed halves the solver shares
//! (`kalah/packed.rs`), which its tests check against
//! [`Kalah`](ply_rules::games::kalah::Kalah)'s own sowing.
//! The plans are checked as a whole: `tests/endgame_db.rs` compares whole
//! databases with a minimax that plays the engine's sowing.

use std::ops::Range;
use std::sync::atomic::{AtomicI8, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use arrayvec::ArrayVec;

use crate::endgame::progress::Progress;
use crate::endgame::rank::{entry_count, next_same_total, rank_high, rank_low, rank_small};
use crate::games::kalah::packed::{self, Half, in_pit, ones, seeds};
use crate::search::huge_pages;
use crate::search::prefetch::prefetch;
use ply_rules::games::kalah::position::PIT_SLOTS;

/// An entry not computed yet. f lies in `-127..=127`, so it is never this.
const UNKNOWN: i8 = i8::MIN;

/// Positions whose children are ranked before their entries are read.
const BLOCK: usize = 16;

/// Sides to move walked together (see `Solver::run`): a cache line of
/// their positions' entries.
const TILE: usize = 64;

/// Levels smaller than this are computed on the calling thread: starting
/// threads would cost more than the work (and their recursion is shallow).
const PARALLEL_MIN_ENTRIES: u64 = 1 << 16;

/// How often, at most, the build reports its progress.
const REPORT_INTERVAL: Duration = Duration::from_millis(100);

/// Stack of each worker thread. The recursion is at most about
/// `N * pits` frames deep (the DAG's height); this leaves room to spare.
const WORKER_STACK: usize = 64 << 20;

/// The recursion over one level of a database under construction, of
/// `PITS` pits a side: a constant, so that the loops over pits unroll.
///
/// A side's pits are a packed [`Half`]; a half's *index* is its
/// [`rank_low`], dense over the halves with at most N seeds and ordered by
/// total (it is [`rank`](crate::endgame::rank::rank) of the half alone). A
/// position's rank is its mover's index plus its other side's
/// [`rank_high`], which the level keeps in a table (`high`).
struct Solver<'a, const PITS: usize> {
    /// All entries; levels below this one are complete.
    entries: &'a [AtomicI8],
    /// The capture rule.
    empty_capture: bool,
    /// Seeds on the board in this level.
    level: u32,
    /// Every half with at most N seeds, by index.
    halves: &'a [Half],
    /// The plans of every side to move in this level, by index.
    movers: &'a [Mover<PITS>],
    /// `rank_high(level - total, half)` for the halves of at most `level`
    /// seeds, by index: the other side's part of a position's rank.
    high: &'a [u64],
    /// The same in the level below, for the children of an extra turn.
    high_below: &'a [u64],
}

impl<const PITS: usize> Solver<'_, PITS> {
    /// f of the position of this level with the side to move's pits `own`
    /// and the other side's `theirs`, by its moves: each move's store gain
    /// for the mover minus the opponent's, plus the child's f when the
    /// mover moves again, minus it when the turn passes. Stores nothing.
    ///
    /// The recursion's path (rare: see [`Solver::run`]).
    fn compute(&self, own_index: usize, own: Half, theirs_index: usize, theirs: Half) -> i8 {
        let mut children = ArrayVec::<Child, PIT_SLOTS>::new();
        match self.expand(own_index, own, theirs_index, theirs, &mut children) {
            Some(over) => over,
            None => self.combine(own, theirs_index, theirs, &children),
        }
    }

    /// Appends the children of a position of this level (its halves and
    /// their indices) to `children`, ranked from the mover's plans, and
    /// prefetches their entries; or returns f at once when the game is
    /// over. Moves the plans cannot rank are sown in full.
    #[inline]
    fn expand<const CAPACITY: usize>(
        &self,
        own_index: usize,
        own: Half,
        theirs_index: usize,
        theirs: Half,
        children: &mut ArrayVec<Child, CAPACITY>,
    ) -> Option<i8> {
        let mover = &self.movers[own_index];
        let sums = [mover.total, self.level - mover.total];
        if let Some(over) = game_over(sums) {
            return Some(over);
        }
        for &Move {
            pit,
            plan,
            key,
            after,
        } in &mover.moves
        {
            let pit = usize::from(pit);
            let (index, gain, same_side) = match plan {
                Plan::Stay {
                    last,
                    landing_empty,
                } => {
                    let last = usize::from(last);
                    let opposite = PITS - 1 - last;
                    if landing_empty && (seeds(theirs, opposite) > 0 || self.empty_capture) {
                        children.push(self.captured(own, theirs, sums, pit, last));
                        continue;
                    }
                    (theirs_index + key, 0, false)
                }
                Plan::Extra => (key + to_index(self.high_below[theirs_index]), 1, true),
                Plan::Cross { reach } => {
                    let sown = theirs + ones(0, usize::from(reach));
                    (
                        to_index(rank_low::<PITS>(|pit| seeds(sown, pit))) + key,
                        1,
                        false,
                    )
                }
                Plan::Sow => {
                    children.push(self.sown(own, theirs, pit));
                    continue;
                }
            };
            prefetch(&self.entries[index]);
            children.push(Child {
                index,
                gain,
                same_side,
                pit,
                after,
            });
        }
        None
    }

    /// The move `pit` of a position (sides `own`, `theirs`) sown in full
    /// and ranked, its entry prefetched.
    #[inline(never)]
    fn sown(&self, own: Half, theirs: Half, pit: usize) -> Child {
        let sown = packed::sow(own, theirs, pit, PITS, self.empty_capture);
        // A finished game's child is the empty board: rank 0, f 0.
        let index = if sown.is_over() {
            0
        } else {
            // The child's canonical halves: the side to move's first.
            let (first, second) = if sown.same_side {
                (sown.mine, sown.theirs)
            } else {
                (sown.theirs, sown.mine)
            };
            let (first, second) = (first.to_le_bytes(), second.to_le_bytes());
            let side = |bytes: &[u8; 16]| -> [u8; PITS] {
                *bytes
                    .first_chunk::<PITS>()
                    .unwrap_or_else(|| unreachable!("a side has at most 16 pits"))
            };
            to_index(rank_small(&side(&first), &side(&second)))
        };
        prefetch(&self.entries[index]);
        Child {
            index,
            gain: sown.gain,
            same_side: sown.same_side,
            pit,
            after: NO_HALF,
        }
    }

    /// The move `pit` of a position (sides `own`, `theirs` holding `sums`),
    /// a [`Plan::Stay`] whose last seed, in the empty own pit `last`,
    /// captures: ranked without sowing, its entry prefetched.
    ///
    /// Always inlined: a [`Child`] returned through memory, written a field
    /// at a time and then copied whole into the block, waits for those
    /// writes (store forwarding fails).
    #[inline(always)]
    fn captured(&self, own: Half, theirs: Half, sums: [u32; 2], pit: usize, last: usize) -> Child {
        let opposite = PITS - 1 - last;
        let across = seeds(theirs, opposite);
        let robbed = packed::emptied(theirs, opposite);
        // The pits after `pit` but `last` get a seed; `last` stays empty.
        let ours = own - in_pit(seeds(own, pit), pit) + ones(pit + 1, last);
        // The capturing seed and those across go to the store.
        let own_left = sums[0] - 1;
        let their_left = sums[1] - u32::from(across);
        let store = i32::from(across) + 1;
        let (index, gain) = match game_over([own_left, their_left]) {
            // The sweep: the child is the empty board, rank 0, f 0.
            Some(swept) => (0, store + i32::from(swept)),
            None => (
                to_index(
                    rank_low::<PITS>(|k| seeds(robbed, k))
                        + rank_high::<PITS>(their_left as usize, |k| seeds(ours, k)),
                ),
                store,
            ),
        };
        debug_assert_eq!(
            (index, gain),
            {
                let sown = self.sown(own, theirs, pit);
                (sown.index, sown.gain)
            },
            "capture of pit {pit}"
        );
        prefetch(&self.entries[index]);
        Child {
            index,
            gain,
            same_side: false,
            pit,
            after: NO_HALF,
        }
    }

    /// The best move's value over `children` (those of the position with
    /// sides `own`, `theirs` of index `theirs_index`), reading their
    /// entries and computing (and storing) the unknown ones first.
    #[inline]
    fn combine(&self, own: Half, theirs_index: usize, theirs: Half, children: &[Child]) -> i8 {
        let mut best = i32::MIN;
        for child in children {
            let mut value = self.entries[child.index].load(Ordering::Relaxed);
            if value == UNKNOWN {
                // A same-level child not computed yet: first it, then us.
                let (sown_index, sown) = self.stayed(own, child);
                value = self.compute(theirs_index, theirs, sown_index, sown);
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

    /// The mover's pits after `child`, a move of the side with pits `own`
    /// that keeps every seed on the board, and their index. Only such a
    /// move ([`Plan::Stay`] without capture) leads to a child in the same
    /// level, which may not be known yet; its child is the opponent's
    /// pits, then these.
    #[inline]
    fn stayed(&self, own: Half, child: &Child) -> (usize, Half) {
        debug_assert_ne!(
            child.after, NO_HALF,
            "only a stay leads to an unknown child"
        );
        let seeds = seeds(own, child.pit);
        let last = child.pit + usize::from(seeds);
        let sown = own - in_pit(seeds, child.pit) + ones(child.pit + 1, last + 1);
        (child.after as usize, sown)
    }

    /// Computes every entry of this level not known yet whose side to move
    /// has an index in `movers`, adding to `done` as it goes.
    ///
    /// **The walk goes by side to move**: a tile of up to [`TILE`] sides to
    /// move of consecutive indices and one total, and for each other side
    /// of the level in index order, the tile's positions with it. So
    /// 1. the positions' entries (index of ours plus the other side's
    ///    part) are consecutive: the tile's share one cache line;
    /// 2. the moves that stay on the own side (the most common) lead to
    ///    children with the opponent's pits first: for each move of the
    ///    tile, those children come in index order, next to each other in
    ///    the table;
    /// 3. each side to move's plans are at hand, and most children are
    ///    ranked with an addition.
    ///
    /// **The order of the sides to move**, by index, keeps the recursion
    /// to about one step: a move that keeps its seeds on the own side
    /// brings them nearer the store, which lowers every prefix sum and so
    /// the index; its child (the opponent's pits, then ours sown) is
    /// computed when its side to move is, which may come later, but that
    /// child's own same-level children have our sown pits as their side
    /// to move, which came earlier. Those children not known yet are
    /// computed in a batch per block, so that their reads overlap too.
    ///
    /// Positions go in blocks of at most [`BLOCK`]:
    /// 1. their own entries are prefetched;
    /// 2. every child of the block is ranked and its entry prefetched;
    /// 3. the children not known yet are expanded in turn, prefetching
    ///    theirs, then their values computed;
    /// 4. the positions' values are computed.
    ///
    /// The reads (cache misses in a large table) then do not wait for each
    /// other.
    fn run(&self, movers: Range<usize>, done: &AtomicU64) {
        let mut parents = ArrayVec::<Parent, BLOCK>::new();
        let mut scratch = Scratch::new();
        let mut tile = movers.start;
        while tile < movers.end {
            // The tile: consecutive indices with one total.
            let total = self.movers[tile].total;
            let mut tile_end = tile + 1;
            while tile_end < movers.end
                && tile_end - tile < TILE
                && self.movers[tile_end].total == total
            {
                tile_end += 1;
            }
            // The other sides hold the rest of the level's seeds.
            let rest = u8::try_from(self.level - total)
                .unwrap_or_else(|_| unreachable!("a level holds at most 127 seeds"));
            let others = first_index(PITS, rest)..first_index(PITS, rest + 1);
            let positions = others.len() * (tile_end - tile);
            for theirs_index in others {
                let theirs = self.halves[theirs_index];
                let high = to_index(self.high[theirs_index]);
                for own_index in tile..tile_end {
                    let index = own_index + high;
                    prefetch(&self.entries[index]);
                    parents.push(Parent {
                        own_index,
                        own: self.halves[own_index],
                        theirs_index,
                        theirs,
                        index,
                    });
                    if parents.is_full() {
                        self.block(&parents, &mut scratch);
                        parents.clear();
                    }
                }
            }
            done.fetch_add(positions as u64, Ordering::Relaxed);
            tile = tile_end;
        }
        self.block(&parents, &mut scratch);
    }

    /// Computes the entries of `parents` not known yet, their entries
    /// prefetched (see [`Solver::run`]).
    fn block(&self, parents: &[Parent], scratch: &mut Scratch) {
        let Scratch {
            children,
            grandchildren,
            unknown,
        } = scratch;
        children.clear();
        grandchildren.clear();
        unknown.clear();
        // Each expanded parent and its range of children.
        let mut expanded = ArrayVec::<(&Parent, Range<usize>), BLOCK>::new();
        // 2. The children of those not known yet, ranked and prefetched.
        for parent in parents {
            if self.entries[parent.index].load(Ordering::Relaxed) == UNKNOWN {
                let from = children.len();
                let over = self.expand(
                    parent.own_index,
                    parent.own,
                    parent.theirs_index,
                    parent.theirs,
                    children,
                );
                match over {
                    Some(over) => self.entries[parent.index].store(over, Ordering::Relaxed),
                    None => expanded.push((parent, from..children.len())),
                }
            }
        }
        // 3. The children not known yet: their children first.
        for (parent, range) in &expanded {
            for child in &children[range.clone()] {
                if self.entries[child.index].load(Ordering::Relaxed) == UNKNOWN {
                    let (sown_index, sown) = self.stayed(parent.own, child);
                    let from = grandchildren.len();
                    let over = self.expand(
                        parent.theirs_index,
                        parent.theirs,
                        sown_index,
                        sown,
                        grandchildren,
                    );
                    debug_assert!(over.is_none(), "a stay leaves seeds on both sides");
                    unknown.push(Unknown {
                        index: child.index,
                        own: parent.theirs,
                        theirs_index: sown_index,
                        theirs: sown,
                        children: from..grandchildren.len(),
                    });
                }
            }
        }
        for unknown in unknown.iter() {
            let value = self.combine(
                unknown.own,
                unknown.theirs_index,
                unknown.theirs,
                &grandchildren[unknown.children.clone()],
            );
            self.entries[unknown.index].store(value, Ordering::Relaxed);
        }
        // 4. Their values.
        for (parent, range) in &expanded {
            let value = self.combine(
                parent.own,
                parent.theirs_index,
                parent.theirs,
                &children[range.clone()],
            );
            self.entries[parent.index].store(value, Ordering::Relaxed);
        }
    }
}

/// The buffers of a block (see [`Solver::block`]), kept by each thread's
/// walk and reused block after block. As locals of `block` they made a
/// frame of about 90 KB, and every call paid the stack probes that touch
/// each of its pages (5 % of a build's time in a profile).
struct Scratch {
    /// The children of the block's positions not known yet.
    children: ArrayVec<Child, { BLOCK * PIT_SLOTS }>,
    /// The children of those children not known yet.
    grandchildren: ArrayVec<Child, { BLOCK * PIT_SLOTS * PIT_SLOTS }>,
    /// Each unknown child's entry, halves, and range of grandchildren.
    unknown: ArrayVec<Unknown, { BLOCK * PIT_SLOTS }>,
}

impl Scratch {
    /// Empty buffers on the heap.
    fn new() -> Box<Self> {
        Box::new(Self {
            children: ArrayVec::new(),
            grandchildren: ArrayVec::new(),
            unknown: ArrayVec::new(),
        })
    }
}

/// A position of a block (see [`Solver::run`]).
struct Parent {
    /// The side to move's index.
    own_index: usize,
    /// The side to move's pits.
    own: Half,
    /// The other side's index.
    theirs_index: usize,
    /// The other side's pits.
    theirs: Half,
    /// The entry.
    index: usize,
}

/// The index of the first half of `pits` pits with `total` seeds: the
/// count of those with fewer.
fn first_index(pits: usize, total: u8) -> usize {
    total.checked_sub(1).map_or(0, |below| {
        to_index(entry_count(pits, below).unwrap_or(u64::MAX))
    })
}

/// f of a position whose sides hold `sums` when the game is over (a side
/// is empty: each side sweeps its own seeds), else `None`.
#[inline]
fn game_over(sums: [u32; 2]) -> Option<i8> {
    let [own, theirs] = sums.map(|sum| i32::try_from(sum).unwrap_or(i32::MAX));
    (own == 0 || theirs == 0).then(|| to_entry(own - theirs))
}

/// A same-level child not known yet, being computed in a block.
struct Unknown {
    /// Its entry.
    index: usize,
    /// Its side to move's pits.
    own: Half,
    /// The other side's index and pits.
    theirs_index: usize,
    /// See `theirs_index`.
    theirs: Half,
    /// Its children, in the block's second buffer.
    children: Range<usize>,
}

/// In a [`Move`] or [`Child`]: no index of our pits after the move (the
/// move is not a [`Plan::Stay`]).
const NO_HALF: u32 = u32::MAX;

/// One move of a side to move (see [`Mover`]).
#[derive(Clone, Copy, Debug)]
struct Move {
    /// The pit sown.
    pit: u8,
    /// What it does.
    plan: Plan,
    /// The part of the child's rank that depends on our pits (see [`Plan`]).
    key: usize,
    /// For a [`Plan::Stay`], the index of our pits after it; else
    /// [`NO_HALF`].
    after: u32,
}

/// What a move of the side to move does, as far as its own pits decide.
#[derive(Clone, Copy, Debug)]
enum Plan {
    /// The seeds stay on the own side, the last in own pit `last`, which
    /// was empty if `landing_empty` (then the move captures when the
    /// opposite pit holds seeds or empty captures count). The turn passes
    /// and nothing is stored: the child is the opponent's pits, unchanged,
    /// then ours: its rank is the opponent's index plus a key that depends
    /// on ours only.
    Stay { last: u8, landing_empty: bool },
    /// The last seed falls into the store: an extra turn; the child is our
    /// pits (key: their index), then the opponent's, unchanged.
    Extra,
    /// The seeds pass the store and end in the opponent's pit `reach - 1`:
    /// the child is the opponent's pits with one more in each of the first
    /// `reach`, then ours (key: their part of the rank).
    Cross { reach: u8 },
    /// Anything else (a lap, a sowing back into the own side, an own side
    /// left empty): sown in full.
    Sow,
}

/// The moves' plans of a side to move with some pits in a level, shared
/// by every position with those pits. A level makes the plans of every
/// side once ([`Mover::all`]): each position then ranks most children with
/// an addition, whether the walk or the recursion reaches it.
struct Mover<const PITS: usize> {
    /// The side to move's seeds.
    total: u32,
    /// Its moves.
    moves: ArrayVec<Move, PITS>,
}

impl<const PITS: usize> Mover<PITS> {
    /// The plans of the side to move with `pits` in level `level`.
    fn new(pits: Half, level: u32) -> Self {
        let total = packed::total(pits);
        let rest = level.saturating_sub(total) as usize;
        let mut moves = ArrayVec::new();
        for pit in 0..PITS {
            let sown = seeds(pits, pit);
            if sown == 0 {
                continue;
            }
            // Our pits once the seeds have left `pit` and filled the own
            // pits after it, up to the store.
            let seeds = usize::from(sown);
            let to_store = PITS - pit;
            let kept = seeds.min(to_store - 1);
            let after = pits - in_pit(sown, pit) + ones(pit + 1, pit + 1 + kept);
            let after_total = total as usize - seeds + kept;
            let rank_after =
                |before: usize| to_index(rank_high::<PITS>(before, |k| packed::seeds(after, k)));
            let mut index_after = NO_HALF;
            let planned = if seeds < to_store {
                let last = pit + seeds;
                let landing_empty = packed::seeds(pits, last) == 0;
                let index = rank_low::<PITS>(|k| packed::seeds(after, k));
                index_after = u32::try_from(index)
                    .ok()
                    .filter(|&index| index != NO_HALF)
                    .expect("the halves of a database that fits memory number fewer than 2^32");
                let last = u8::try_from(last).unwrap_or_else(|_| unreachable!());
                (
                    Plan::Stay {
                        last,
                        landing_empty,
                    },
                    rank_after(rest),
                )
            } else if after_total == 0 {
                (Plan::Sow, 0)
            } else if seeds == to_store {
                let key = rank_low::<PITS>(|k| packed::seeds(after, k));
                (Plan::Extra, to_index(key))
            } else if seeds - to_store <= PITS {
                let reach = seeds - to_store;
                let key = rank_after(rest + reach);
                let reach = u8::try_from(reach).unwrap_or_else(|_| unreachable!());
                (Plan::Cross { reach }, key)
            } else {
                (Plan::Sow, 0)
            };
            moves.push(Move {
                pit: u8::try_from(pit).unwrap_or_else(|_| unreachable!()),
                plan: planned.0,
                key: planned.1,
                after: index_after,
            });
        }
        Self { total, moves }
    }

    /// The plans of every side with at most `level` seeds in level
    /// `level`, by index.
    fn all(halves: &[Half], level: u8) -> Vec<Self> {
        let count = first_index(PITS, level + 1);
        halves[..count]
            .iter()
            .map(|&pits| Self::new(pits, u32::from(level)))
            .collect()
    }
}

/// Every half of `PITS` pits with at most `max_seeds` seeds, by index.
fn all_halves<const PITS: usize>(max_seeds: u8) -> Vec<Half> {
    let mut halves = Vec::with_capacity(first_index(PITS, max_seeds + 1));
    let mut pits = [0u8; PITS];
    for total in 0..=max_seeds {
        // The first vector of its total in index order: all in the last pit
        // (the prefix sums, and so the rank, are least).
        pits.fill(0);
        pits[PITS - 1] = total;
        loop {
            halves.push(packed::pack::<PITS>(&pits));
            if !next_same_total(&mut pits) {
                break;
            }
        }
    }
    halves
}

/// `rank_high(level - total, half)` for every half of at most `level`
/// seeds (see [`Solver`]), by index.
fn high_ranks<const PITS: usize>(halves: &[Half], level: u8) -> Vec<u64> {
    let count = first_index(PITS, level + 1);
    halves[..count]
        .iter()
        .map(|&other| {
            let before = u32::from(level) - packed::total(other);
            rank_high::<PITS>(before as usize, |k| seeds(other, k))
        })
        .collect()
}

/// One move of a position being computed.
#[derive(Clone, Copy)]
struct Child {
    /// The child's entry: the rank of its canonical form.
    index: usize,
    /// The mover's store gain minus the opponent's.
    gain: i32,
    /// The mover moves again (the child's f adds, else it subtracts).
    same_side: bool,
    /// The pit sown, to sow it again when the child is not known yet.
    pit: usize,
    /// See [`Move::after`].
    after: u32,
}

/// A rank as an index into the entries.
fn to_index(rank: u64) -> usize {
    usize::try_from(rank).expect("ranks of a built database fit usize")
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
    let mut tick = |level: u8| {
        if last_report.elapsed() >= REPORT_INTERVAL {
            report(level, progress);
            last_report = Instant::now();
        }
    };
    let levels = Levels {
        entries: &entries,
        empty_capture,
        max_seeds,
        count,
        threads,
        done: &done,
    };
    match pits {
        1 => levels.build::<1>(&mut tick),
        2 => levels.build::<2>(&mut tick),
        3 => levels.build::<3>(&mut tick),
        4 => levels.build::<4>(&mut tick),
        5 => levels.build::<5>(&mut tick),
        6 => levels.build::<6>(&mut tick),
        7 => levels.build::<7>(&mut tick),
        8 => levels.build::<8>(&mut tick),
        9 => levels.build::<9>(&mut tick),
        10 => levels.build::<10>(&mut tick),
        11 => levels.build::<11>(&mut tick),
        _ => levels.build::<12>(&mut tick),
    }
    report(max_seeds, progress);
    // The same size and alignment: this collects in place.
    entries
        .into_iter()
        .map(|entry| entry.into_inner().to_ne_bytes()[0])
        .collect()
}

/// What the level loop needs besides the pit count.
struct Levels<'a> {
    /// All entries, [`UNKNOWN`] until computed.
    entries: &'a [AtomicI8],
    /// The capture rule.
    empty_capture: bool,
    /// The last level.
    max_seeds: u8,
    /// Entries in all.
    count: u64,
    /// Worker threads.
    threads: usize,
    /// Entries done so far, for the progress.
    done: &'a AtomicU64,
}

impl Levels<'_> {
    /// Computes levels 0 to `max_seeds` of a board of `PITS` pits a side
    /// (`1..=PIT_SLOTS`), calling `tick` with the level now and then.
    fn build<const PITS: usize>(&self, tick: &mut dyn FnMut(u8)) {
        let halves = all_halves::<PITS>(self.max_seeds);
        let mut high_below = Vec::new();
        for level in 0..=self.max_seeds {
            let movers = Mover::<PITS>::all(&halves, level);
            let high = high_ranks::<PITS>(&halves, level);
            let solver = Solver::<PITS> {
                entries: self.entries,
                empty_capture: self.empty_capture,
                level: u32::from(level),
                halves: &halves,
                movers: &movers,
                high: &high,
                high_below: &high_below,
            };
            let entries = entry_count(2 * PITS, level).unwrap_or(self.count)
                - level
                    .checked_sub(1)
                    .map_or(0, |below| entry_count(2 * PITS, below).unwrap_or(0));
            if entries < PARALLEL_MIN_ENTRIES {
                solver.run(0..movers.len(), self.done);
            } else {
                // Even one thread is a worker: it has a stack of known size
                // for the recursion, and this thread reports the progress.
                run_parallel(&solver, self.threads, self.done, &mut || tick(level));
            }
            high_below = high;
        }
    }
}

/// Computes one level on `threads` threads, each the positions of a
/// contiguous slice of sides to move with about as many positions as the
/// others, calling `tick` on this thread now and then.
///
/// The entries are shared as relaxed atomics. That is enough: an entry is
/// a pure function of its position, so two threads that compute the same
/// entry (one recursing into another's slice) store the same value, and a
/// thread that reads an entry sees either `UNKNOWN` (and computes it
/// itself) or that value; an `i8` cannot tear. Lower levels were finished
/// before this level's threads started, and the scope's spawn and join
/// order those writes before every read here.
fn run_parallel<const PITS: usize>(
    solver: &Solver<'_, PITS>,
    threads: usize,
    done: &AtomicU64,
    tick: &mut dyn FnMut(),
) {
    let finished = AtomicUsize::new(0);
    let caller = std::thread::current();
    // The positions of each side to move: the other sides of the rest.
    let positions = |mover: &Mover<PITS>| {
        let rest = u8::try_from(solver.level - mover.total)
            .unwrap_or_else(|_| unreachable!("a level holds at most 127 seeds"));
        first_index(PITS, rest + 1) - first_index(PITS, rest)
    };
    let total: usize = solver.movers.iter().map(positions).sum();
    let share = total.div_ceil(threads);
    let mut slices = Vec::with_capacity(threads);
    let (mut from, mut sum) = (0, 0);
    for (index, mover) in solver.movers.iter().enumerate() {
        sum += positions(mover);
        if sum >= share * (slices.len() + 1) || index + 1 == solver.movers.len() {
            slices.push(from..index + 1);
            from = index + 1;
        }
    }
    std::thread::scope(|scope| {
        let mut spawned = 0;
        for (t, slice) in slices.into_iter().enumerate() {
            let (finished, caller) = (&finished, &caller);
            let retry = slice.clone();
            let work = move || {
                solver.run(slice, done);
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
                    solver.run(retry, done);
                }
            }
        }
        while finished.load(Ordering::Acquire) < spawned {
            std::thread::park_timeout(REPORT_INTERVAL);
            tick();
        }
    });
}
