//! The transposition table: a fixed-size hash table of search results,
//! sized by the `Hash` option in megabytes.
//!
//! Each slot holds one entry. A new result replaces the old one when it
//! belongs to the same position, comes from a newer search, or was searched
//! at least as deep; so deep results from the current search survive.
//! Moves are stored as the game's small move index, which keeps the table
//! independent of the game type.

use super::huge_pages;
use std::mem::size_of;

/// What a stored score means relative to the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Bound {
    /// The score is exact. (Discriminant 0: an all-zero entry is empty.)
    Exact = 0,
    /// The true score is at least this (the search failed high).
    Lower,
    /// The true score is at most this (the search failed low).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The full position key, checked on probing.
    key: u64,
    /// Score, relative to the node (see `score::to_table`).
    pub score: i32,
    /// The best move's index plus one; 0 for none.
    best: u16,
    /// Remaining depth the score was searched to.
    pub depth: u8,
    /// What the score means.
    pub bound: Bound,
    /// The search (generation) that stored it.
    generation: u8,
}

// SAFETY: every field of an entry is an integer or a `#[repr(u8)]` enum
// with a variant of discriminant 0, so all-zero bytes are a valid entry:
// `Entry::EMPTY`.
#[allow(unsafe_code)]
unsafe impl huge_pages::ZeroIsValid for Entry {}

impl Entry {
    /// A free slot: generation 0 is never a search's. All its bytes are
    /// zero, so a new table is a zeroed allocation that costs nothing
    /// until it is used (see [`huge_pages::ZeroedTable`]).
    const EMPTY: Self = Self {
        key: 0,
        score: 0,
        best: 0,
        depth: 0,
        bound: Bound::Exact,
        generation: 0,
    };

    /// The index of the best move found, if any.
    #[must_use]
    pub fn best_move_index(&self) -> Option<usize> {
        self.best.checked_sub(1).map(usize::from)
    }
}

/// Bytes in one megabyte, as the `Hash` option counts.
const BYTES_PER_MB: usize = 1024 * 1024;

/// Entries sampled by [`TranspositionTable::hashfull`], as UCI's per-mille figure expects.
const HASHFULL_SAMPLE: usize = 1000;

/// A fixed-size table of [`Entry`] slots.
#[derive(Debug)]
pub struct TranspositionTable {
    slots: huge_pages::ZeroedTable<Entry>,
    generation: u8,
}

impl TranspositionTable {
    /// A table using about `megabytes` MB (at least one slot); aborts
    /// when the memory cannot be had (sizes a user chooses go through
    /// [`Self::try_new`]).
    #[must_use]
    pub fn new(megabytes: usize) -> Self {
        Self::from_slots(huge_pages::ZeroedTable::new(Self::slot_count(megabytes)))
    }

    /// A table using about `megabytes` MB, or an error when the system
    /// will not give that much memory.
    ///
    /// # Errors
    /// [`huge_pages::AllocError`] when the table cannot be allocated.
    pub fn try_new(megabytes: usize) -> Result<Self, huge_pages::AllocError> {
        huge_pages::ZeroedTable::try_new(Self::slot_count(megabytes)).map(Self::from_slots)
    }

    fn slot_count(megabytes: usize) -> usize {
        (megabytes.saturating_mul(BYTES_PER_MB) / size_of::<Entry>()).max(1)
    }

    fn from_slots(slots: huge_pages::ZeroedTable<Entry>) -> Self {
        Self {
            slots,
            generation: 1,
        }
    }

    /// Empties every slot (`ucinewgame`, `Clear Hash`, the start of `bench`).
    pub fn clear(&mut self) {
        self.slots.fill(Entry::EMPTY);
        self.generation = 1;
    }

    /// Marks the start of a new search, so older entries become replaceable.
    pub fn new_search(&mut self) {
        // Generation 0 is reserved for empty slots.
        self.generation = self.generation.wrapping_add(1).max(1);
    }

    /// Maps a key to a slot with a multiply-shift (any table size works).
    #[inline]
    fn slot(&self, key: u64) -> usize {
        ((u128::from(key) * self.slots.len() as u128) >> 64) as usize
    }

    /// The entry stored for `key`, if there is one.
    #[inline]
    #[must_use]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let entry = self.slots[self.slot(key)];
        (entry.generation != 0 && entry.key == key).then_some(entry)
    }

    /// Stores a result, following the replacement rule in the module docs.
    #[inline]
    pub fn store(
        &mut self,
        key: u64,
        score: i32,
        best_move_index: Option<usize>,
        depth: u32,
        bound: Bound,
    ) {
        let generation = self.generation;
        let index = self.slot(key);
        let slot = &mut self.slots[index];
        let depth = u8::try_from(depth).unwrap_or(u8::MAX);
        let replace = slot.key == key || slot.generation != generation || depth >= slot.depth;
        if !replace {
            return;
        }
        // Keep the old best move when the new result has none for this position.
        let best = match best_move_index {
            Some(i) => u16::try_from(i + 1).unwrap_or(0),
            None if slot.key == key => slot.best,
            None => 0,
        };
        *slot = Entry {
            key,
            score,
            best,
            depth,
            bound,
            generation,
        };
    }

    /// How full the table is with this search's entries, in per mille.
    #[must_use]
    pub fn hashfull(&self) -> u32 {
        let sample = self.slots.len().min(HASHFULL_SAMPLE);
        let used = self.slots[..sample]
            .iter()
            .filter(|e| e.generation == self.generation)
            .count();
        (used * 1000 / sample.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_table_is_all_empty_slots() {
        // The zeroed allocation must read as `Entry::EMPTY` everywhere.
        let tt = TranspositionTable::new(1);
        assert!(tt.slots.iter().all(|&slot| slot == Entry::EMPTY));
        assert!(tt.probe(0).is_none());
        assert_eq!(tt.hashfull(), 0);
    }

    #[test]
    fn stores_and_probes() {
        let mut tt = TranspositionTable::new(1);
        tt.store(42, 150, Some(3), 5, Bound::Exact);
        let e = tt.probe(42).expect("stored entry");
        assert_eq!(
            (e.score, e.best_move_index(), e.depth, e.bound),
            (150, Some(3), 5, Bound::Exact)
        );
        assert!(tt.probe(43).is_none());
        tt.clear();
        assert!(tt.probe(42).is_none());
    }

    #[test]
    fn shallow_results_do_not_replace_deep_ones_of_the_same_search() {
        let mut tt = TranspositionTable::new(0); // one slot: every key collides
        tt.store(1, 10, None, 8, Bound::Exact);
        tt.store(2, 20, None, 3, Bound::Exact);
        assert_eq!(tt.probe(1).map(|e| e.score), Some(10));
        tt.new_search();
        tt.store(2, 20, None, 3, Bound::Exact);
        assert_eq!(tt.probe(2).map(|e| e.score), Some(20));
    }

    #[test]
    fn keeps_the_best_move_when_a_result_has_none() {
        let mut tt = TranspositionTable::new(1);
        tt.store(7, 0, Some(2), 4, Bound::Lower);
        tt.store(7, -5, None, 5, Bound::Upper);
        assert_eq!(tt.probe(7).and_then(|e| e.best_move_index()), Some(2));
    }
}
