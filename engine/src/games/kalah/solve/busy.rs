//! Which positions some solver thread is searching right now, so that the
//! others can search something else first (ABDADA: Weill, "The ABDADA
//! distributed minimax search algorithm", 1996).
//!
//! All threads prove the same bound of the same root. A node whose
//! children must all be searched (the fail-low proofs that dominate the
//! solve) is where they can share the work: a thread about to search a
//! child that another thread is inside puts it off until its other
//! children are done, by which time the table usually holds the other
//! thread's result. The first child of a node is never put off, so a
//! thread always has something to do.
//!
//! The table is a small array of counters indexed by a position's key. A
//! collision only makes a child look busy when it is not, which puts it
//! off needlessly but never changes a result: busy marks steer the order
//! of the search, never its values.

use std::sync::atomic::{AtomicU32, Ordering};

/// Counters in the table (a power of two): far more than the nodes the
/// threads can be inside at once, so collisions are rare.
const SLOTS: usize = 1 << 16;

/// Fewest seeds on the board for a node to take part: smaller subtrees
/// are over before another thread could make use of the mark, and marking
/// costs two atomic updates and a look at each child. (12, 16 and 18 searched
/// the same number of nodes on Kalah(6,4) with two threads.)
pub const DEFAULT_MIN_SEEDS: u32 = 16;

/// Threads inside each position, by key.
#[derive(Debug)]
pub struct BusyTable {
    counts: Vec<AtomicU32>,
    min_seeds: u32,
}

impl Default for BusyTable {
    fn default() -> Self {
        Self::new(DEFAULT_MIN_SEEDS)
    }
}

impl BusyTable {
    /// An empty table for nodes with at least `min_seeds` seeds on the board.
    #[must_use]
    pub fn new(min_seeds: u32) -> Self {
        Self {
            counts: (0..SLOTS).map(|_| AtomicU32::new(0)).collect(),
            min_seeds,
        }
    }

    /// Whether a node with `seeds` seeds on the board takes part.
    #[must_use]
    pub fn covers(&self, seeds: u32) -> bool {
        seeds >= self.min_seeds
    }

    fn slot(&self, key: u64) -> &AtomicU32 {
        // The high bits: the bound table indexes by a multiply-shift of the
        // whole key, so these are as well mixed as any.
        &self.counts[(key >> (u64::BITS - SLOTS.trailing_zeros())) as usize]
    }

    /// Marks `key` busy until the guard is dropped.
    #[must_use]
    pub fn enter(&self, key: u64) -> BusyGuard<'_> {
        let slot = self.slot(key);
        slot.fetch_add(1, Ordering::Relaxed);
        BusyGuard { slot }
    }

    /// Marks every position busy, as if other threads were everywhere
    /// (for tests: then every node puts off all children but its first).
    #[cfg(test)]
    pub fn mark_all(&self) {
        for count in &self.counts {
            count.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// Whether some thread is inside `key` (or a position that shares its
    /// counter).
    #[must_use]
    pub fn is_busy(&self, key: u64) -> bool {
        self.slot(key).load(Ordering::Relaxed) > 0
    }
}

/// A thread's presence in one position; leaving it clears the mark.
#[derive(Debug)]
pub struct BusyGuard<'a> {
    slot: &'a AtomicU32,
}

impl Drop for BusyGuard<'_> {
    fn drop(&mut self) {
        self.slot.fetch_sub(1, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_busy_while_a_guard_lives() {
        let table = BusyTable::default();
        let key = 0x1234_5678_9abc_def0;
        assert!(!table.is_busy(key));
        let first = table.enter(key);
        let second = table.enter(key);
        assert!(table.is_busy(key));
        drop(first);
        assert!(table.is_busy(key), "one thread is still inside");
        drop(second);
        assert!(!table.is_busy(key));
    }
}
