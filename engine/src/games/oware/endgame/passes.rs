//! The fast build of the Oware endgame bounds (see `bounds.rs` for what
//! they mean, `reference.rs` for the simple form they are checked
//! against): the same
//! passes over each level, on every core, in place.
//!
//! Each entry packs the two bounds in a `u16` (L in the low byte, U in
//! the high one, each an `i8`), held in an atomic so that the threads of a
//! pass read and write one array. A thread may read a bound another thread
//! has just improved, or the one before: both lie between the start and
//! the final bound, so every pass keeps the iteration monotone, and the
//! level ends only after a whole pass changes nothing.

use std::sync::atomic::{AtomicBool, AtomicU16, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use ply_rules::game::Player;
use ply_rules::games::mancala::PIT_SLOTS;
use ply_rules::games::oware::board::Board;

use super::bounds::{MAX_HOUSES, entry_total, narrow, pack, unpack};
use crate::endgame::rank::{MAX_RANK_LEN, level_range, next_same_total, rank, unrank};

/// Boards a thread takes at a time.
const CHUNK: usize = 1 << 14;

/// What a finished level cost.
#[derive(Clone, Copy, Debug)]
pub struct LevelReport {
    /// Seeds on the board.
    pub level: u8,
    /// Boards in the level.
    pub boards: u64,
    /// Passes until one changed nothing.
    pub passes: u32,
    /// Boards whose bounds meet.
    pub exact: u64,
    /// Wall time.
    pub elapsed: Duration,
}

/// Builds the bounds of every board of `houses` houses a side with at
/// most `max_seeds` seeds on `threads` threads, calling `report` after each
/// level. The entries are by rank of the canonical key, packed.
///
/// # Errors
/// A house count or seed limit out of range, or too many entries.
pub fn build(
    houses: u8,
    max_seeds: u8,
    threads: usize,
    mut report: impl FnMut(&LevelReport),
) -> Result<Vec<u16>, String> {
    let len = 2 * usize::from(houses);
    let count = entry_total(houses, usize::from(MAX_HOUSES), max_seeds)?;
    // A level's links index its boards with a u32.
    if u32::try_from(level_range(len, max_seeds).len()).is_err() {
        return Err(format!(
            "{max_seeds} seeds on {houses} houses make a level of more than {} boards",
            u32::MAX
        ));
    }
    let mut entries = Vec::new();
    entries
        .try_reserve_exact(count)
        .map_err(|_| format!("{count} entries do not fit in memory"))?;
    entries.resize_with(count, || AtomicU16::new(0));
    let builder = Builder {
        houses,
        entries: &entries,
    };
    let mut links = Vec::new();
    let largest = level_range(len, max_seeds).len();
    links
        .try_reserve_exact(largest)
        .map_err(|_| format!("the links of {largest} boards do not fit in memory"))?;
    for level in 0..=max_seeds {
        let started = Instant::now();
        let (passes, exact) = builder.level(level, threads.max(1), &mut links);
        report(&LevelReport {
            level,
            boards: level_range(len, level).len() as u64,
            passes,
            exact,
            elapsed: started.elapsed(),
        });
    }
    Ok(entries.into_iter().map(AtomicU16::into_inner).collect())
}

/// No move of this kind: a bound below every real one.
const NONE: i8 = i8::MIN;

/// What a pass needs of one board of the level, worked out once when the
/// level starts (the sowing and ranking are most of a pass's work, and
/// they never change): its quiet moves' children, by index in the level,
/// and the best its captures give (their children are on lower levels,
/// already final).
#[derive(Clone, Copy, Debug)]
struct Links {
    /// The children of the moves without a capture, `u32::MAX` past the
    /// last.
    quiet: [u32; MAX_HOUSES as usize],
    /// Over the captures, the best of `k - U(child)` and of `k - L(child)`
    /// ([`NONE`] without a capture).
    captures: [i8; 2],
}

impl Links {
    const EMPTY: Links = Links {
        quiet: [u32::MAX; MAX_HOUSES as usize],
        captures: [NONE; 2],
    };
}

/// The array being built and the board size.
struct Builder<'a> {
    houses: u8,
    entries: &'a [AtomicU16],
}

impl Builder<'_> {
    /// Settles one level: returns the passes it took and the boards whose
    /// bounds meet.
    fn level(&self, level: u8, threads: usize, links: &mut Vec<Links>) -> (u32, u64) {
        let len = 2 * usize::from(self.houses);
        let range = level_range(len, level);
        // 1. Every board's moves, once: the captures' best, the quiet
        //    moves' children; the start (nothing forced, each side held to
        //    its worst) for the boards with moves, the rows for the others.
        links.clear();
        links.resize(range.len(), Links::EMPTY);
        let worst = i8::try_from(level).unwrap_or(i8::MAX);
        let chunks = std::sync::Mutex::new(links.chunks_mut(CHUNK).enumerate());
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|| {
                    loop {
                        let next = chunks.lock().map(|mut chunks| chunks.next());
                        let Ok(Some((number, chunk))) = next else {
                            return;
                        };
                        self.link(range.start + number * CHUNK, range.start, worst, chunk);
                    }
                });
            }
        });
        // 2. Passes on every thread, until one changes nothing.
        let links = &links[..];
        let mut passes = 0;
        loop {
            passes += 1;
            let next = AtomicUsize::new(0);
            let changed = AtomicBool::new(false);
            std::thread::scope(|scope| {
                for _ in 0..threads {
                    scope.spawn(|| {
                        if self.pass(&next, range.start, links) {
                            changed.store(true, Ordering::Relaxed);
                        }
                    });
                }
            });
            if !changed.load(Ordering::Relaxed) {
                break;
            }
        }
        let exact = self.entries[range]
            .iter()
            .filter(|entry| unpack(entry.load(Ordering::Relaxed)).exact().is_some())
            .count() as u64;
        (passes, exact)
    }

    /// Works out the links of the boards from rank `first` on (one a slot
    /// of `links`), and sets their starting bounds; `level_start` is the
    /// level's first rank, `worst` its seeds.
    fn link(&self, first: usize, level_start: usize, worst: i8, links: &mut [Links]) {
        let houses = usize::from(self.houses);
        let len = 2 * houses;
        let mut key = [0u8; MAX_RANK_LEN];
        let key = &mut key[..len];
        if unrank(first as u64, key).is_none() {
            unreachable!("rank {first} of a level is a board");
        }
        let mut child_key = [0u8; MAX_RANK_LEN];
        for (offset, slot) in links.iter_mut().enumerate() {
            let mut board = Board {
                houses: [[0; PIT_SLOTS]; 2],
                stores: [0, 0],
                house_count: self.houses,
            };
            board.houses[0][..houses].copy_from_slice(&key[..houses]);
            board.houses[1][..houses].copy_from_slice(&key[houses..]);
            // 1. The legal moves: houses with seeds, and only those that
            //    feed an opponent who has none.
            let must_feed = board.row_is_empty(Player::Two);
            let (mut quiet, mut any) = (0, false);
            let mut captures = [i32::from(NONE); 2];
            for house in 0..houses {
                if board.houses[0][house] == 0
                    || (must_feed && !board.reaches_opponent(Player::One, house))
                {
                    continue;
                }
                any = true;
                // 2. The move and its child's rank (North's row first).
                let mut child = board;
                let captured = i32::from(child.sow(Player::One, house));
                child_key[..houses].copy_from_slice(&child.houses[1][..houses]);
                child_key[houses..len].copy_from_slice(&child.houses[0][..houses]);
                let index = usize::try_from(rank(&child_key[..len]))
                    .expect("a child's rank is below the entry count, which fits a usize");
                if captured > 0 {
                    let theirs = unpack(self.entries[index].load(Ordering::Relaxed));
                    captures[0] = captures[0].max(captured - theirs.upper);
                    captures[1] = captures[1].max(captured - theirs.lower);
                } else {
                    // A quiet child has the level's seeds; `build` checked
                    // that a level's indexes fit a u32.
                    slot.quiet[quiet] = u32::try_from(index - level_start)
                        .expect("a level's boards are indexed by u32");
                    quiet += 1;
                }
            }
            slot.captures = captures.map(narrow);
            // 3. The start, or the end: no legal move, each takes its row.
            let start = if any {
                pack(-worst, worst)
            } else {
                let own = i32::try_from(board.row_total(Player::One)).unwrap_or(0);
                let theirs = i32::try_from(board.row_total(Player::Two)).unwrap_or(0);
                let rows = narrow(own - theirs);
                pack(rows, rows)
            };
            self.entries[first + offset].store(start, Ordering::Relaxed);
            next_same_total(key);
        }
    }

    /// One thread's share of a pass: chunks of the level's boards taken
    /// from `next` (an offset in the level). Returns whether any bound
    /// changed.
    fn pass(&self, next: &AtomicUsize, level_start: usize, links: &[Links]) -> bool {
        let mut changed = false;
        loop {
            let first = next.fetch_add(CHUNK, Ordering::Relaxed);
            let Some(chunk) = links.get(first..(first + CHUNK).min(links.len())) else {
                return changed;
            };
            if chunk.is_empty() {
                return changed;
            }
            for (offset, board) in chunk.iter().enumerate() {
                let entry = &self.entries[level_start + first + offset];
                let old = entry.load(Ordering::Relaxed);
                if unpack(old).exact().is_some() {
                    continue;
                }
                // The captures' best, then each quiet move's child as it
                // stands (the equations of `bounds.rs`).
                let mut lower = i32::from(board.captures[0]);
                let mut upper = i32::from(board.captures[1]);
                for &child in board.quiet.iter().take_while(|&&child| child != u32::MAX) {
                    let theirs =
                        unpack(self.entries[level_start + child as usize].load(Ordering::Relaxed));
                    lower = lower.max(-theirs.upper);
                    upper = upper.max(-theirs.lower);
                }
                let new = pack(narrow(lower), narrow(upper));
                if new != old {
                    entry.store(new, Ordering::Relaxed);
                    changed = true;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::oware::endgame::reference::Analysis;

    #[test]
    fn packing_round_trips() {
        for (lower, upper) in [(-24, 24), (0, 0), (-3, 5), (-127, 127)] {
            let bounds = unpack(pack(lower, upper));
            assert_eq!(
                (bounds.lower, bounds.upper),
                (i32::from(lower), i32::from(upper))
            );
        }
    }

    /// The fast build gives the simple analysis' bounds, entry by entry,
    /// on one thread and on several.
    #[test]
    fn equals_the_simple_analysis() {
        for (houses, max_seeds) in [(1, 9), (2, 7), (3, 6), (4, 6), (6, 7)] {
            let simple = Analysis::build(houses, max_seeds).unwrap();
            for threads in [1, 3] {
                let fast = build(houses, max_seeds, threads, |_| {}).unwrap();
                assert_eq!(fast.len(), simple.len());
                for (index, &entry) in fast.iter().enumerate() {
                    let bounds = unpack(entry);
                    assert_eq!(
                        (bounds.lower, bounds.upper),
                        (
                            i32::from(simple.lower()[index]),
                            i32::from(simple.upper()[index])
                        ),
                        "{houses} houses, rank {index}, {threads} threads"
                    );
                }
            }
        }
    }
}
