//! The transposition table: a fixed-size hash table of search results,
//! sized by the `Hash` option in megabytes, shared by all search threads
//! without locks (lazy SMP, see [`super::searcher`]).
//!
//! Each slot holds one entry. A new result replaces the old one when it
//! belongs to the same position, comes from a newer search, or was searched
//! at least as deep; so deep results from the current search survive.
//! Moves are stored as the game's small move index, which keeps the table
//! independent of the game type.
//!
//! A slot is three `AtomicU64`s written with the "xor trick" (Hyatt & Mann,
//! lockless transposition tables, as the solver's [`BoundTable`] does): the
//! first word stores `key ^ data`, the second `data`. A reader that sees a
//! torn entry (words from two writers) gets a key that does not match and
//! treats it as a miss, so no lock is needed and a result is never read for
//! the wrong position. The third word holds the generation, which only
//! steers replacement and `hashfull`, so a torn one costs nothing.
//!
//! [`BoundTable`]: crate::games::kalah::solve::table::BoundTable

use std::sync::atomic::{AtomicU64, Ordering};

use super::huge_pages;

/// What a stored score means relative to the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Bound {
    /// The score is exact.
    Exact = 0,
    /// The true score is at least this (the search failed high).
    Lower,
    /// The true score is at most this (the search failed low).
    Upper,
}

impl Bound {
    fn from_bits(bits: u64) -> Self {
        match bits {
            1 => Self::Lower,
            2 => Self::Upper,
            _ => Self::Exact,
        }
    }
}

/// One stored search result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Score, relative to the node (see `score::to_table`).
    pub score: i32,
    /// The best move's index plus one; 0 for none.
    best: u16,
    /// Remaining depth the score was searched to.
    pub depth: u8,
    /// What the score means.
    pub bound: Bound,
    /// Whether every line below the node ended at the end of the game or
    /// in an endgame database: the score is then the game's own value (or
    /// a bound on it), however deep a later search goes.
    pub complete: bool,
}

/// Bit positions of the fields in a slot's data word.
const BEST_SHIFT: u32 = 32;
const DEPTH_SHIFT: u32 = 48;
const BOUND_SHIFT: u32 = 56;
const COMPLETE_BIT: u64 = 1 << 58;
/// Set in every stored entry, so that an all-zero slot is empty whatever the key.
const OCCUPIED_BIT: u64 = 1 << 59;

impl Entry {
    /// The index of the best move found, if any.
    #[must_use]
    pub fn best_move_index(&self) -> Option<usize> {
        self.best.checked_sub(1).map(usize::from)
    }

    fn pack(self) -> u64 {
        u64::from(self.score.cast_unsigned())
            | u64::from(self.best) << BEST_SHIFT
            | u64::from(self.depth) << DEPTH_SHIFT
            | (self.bound as u64) << BOUND_SHIFT
            | if self.complete { COMPLETE_BIT } else { 0 }
            | OCCUPIED_BIT
    }

    fn unpack(data: u64) -> Self {
        // The masks keep exactly the bits each field was packed into.
        let field = |shift: u32, bits: u32| (data >> shift) & ((1 << bits) - 1);
        Self {
            score: u32::try_from(field(0, 32))
                .unwrap_or_default()
                .cast_signed(),
            best: u16::try_from(field(BEST_SHIFT, 16)).unwrap_or_default(),
            depth: u8::try_from(field(DEPTH_SHIFT, 8)).unwrap_or_default(),
            bound: Bound::from_bits(field(BOUND_SHIFT, 2)),
            complete: data & COMPLETE_BIT != 0,
        }
    }
}

/// One slot: `key ^ data`, `data` and the generation that stored it
/// (0, never a search's, in an empty slot).
#[derive(Debug, Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
    generation: AtomicU64,
}

// SAFETY: three atomic integers; all-zero is the empty slot (`data` 0 is
// never a stored entry, see `OCCUPIED_BIT`).
#[allow(unsafe_code)]
unsafe impl huge_pages::ZeroIsValid for Slot {}

/// Bytes per slot. The table had 24-byte slots before it was shared
/// between threads; keeping the size keeps the slot count of every `Hash`
/// size, and so the node counts of one-thread searches (`bench`).
const SLOT_BYTES: usize = 24;
const _: () = assert!(std::mem::size_of::<Slot>() == SLOT_BYTES);

/// What a slot holds, read once.
#[derive(Clone, Copy)]
struct Stored {
    key: u64,
    data: u64,
    generation: u8,
}

impl Slot {
    #[inline]
    fn read(&self) -> Stored {
        let data = self.data.load(Ordering::Relaxed);
        let check = self.check.load(Ordering::Relaxed);
        let generation = self.generation.load(Ordering::Relaxed);
        Stored {
            key: check ^ data,
            data,
            generation: u8::try_from(generation).unwrap_or_default(),
        }
    }

    #[inline]
    fn write(&self, key: u64, data: u64, generation: u8) {
        self.check.store(key ^ data, Ordering::Relaxed);
        self.data.store(data, Ordering::Relaxed);
        self.generation
            .store(u64::from(generation), Ordering::Relaxed);
    }
}

/// Bytes in one megabyte, as the `Hash` option counts.
const BYTES_PER_MB: usize = 1024 * 1024;

/// Entries sampled by [`TranspositionTable::hashfull`], as UCI's per-mille figure expects.
const HASHFULL_SAMPLE: usize = 1000;

/// A fixed-size table of [`Entry`] slots. Probing and storing take `&self`,
/// so any number of search threads share one table.
#[derive(Debug)]
pub struct TranspositionTable {
    slots: huge_pages::ZeroedTable<Slot>,
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
        (megabytes.saturating_mul(BYTES_PER_MB) / SLOT_BYTES).max(1)
    }

    fn from_slots(slots: huge_pages::ZeroedTable<Slot>) -> Self {
        Self {
            slots,
            generation: 1,
        }
    }

    /// Empties every slot (`ucinewgame`, `Clear Hash`, the start of `bench`).
    pub fn clear(&mut self) {
        for slot in self.slots.iter() {
            slot.write(0, 0, 0);
        }
        self.generation = 1;
    }

    /// Marks the start of a new search, so older entries become replaceable.
    pub fn new_search(&mut self) {
        // Generation 0 is reserved for empty slots.
        self.generation = self.generation.wrapping_add(1).max(1);
    }

    /// Maps a key to a slot with a multiply-shift (any table size works).
    #[inline]
    fn slot(&self, key: u64) -> &Slot {
        &self.slots[((u128::from(key) * self.slots.len() as u128) >> 64) as usize]
    }

    /// The entry stored for `key`, if there is one.
    #[inline]
    #[must_use]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let stored = self.slot(key).read();
        (stored.data & OCCUPIED_BIT != 0 && stored.key == key).then(|| Entry::unpack(stored.data))
    }

    /// Stores a result, following the replacement rule in the module docs;
    /// `complete` as [`Entry::complete`] says.
    #[inline]
    pub fn store(
        &self,
        key: u64,
        score: i32,
        best_move_index: Option<usize>,
        depth: u32,
        bound: Bound,
        complete: bool,
    ) {
        let generation = self.generation;
        let slot = self.slot(key);
        let old = slot.read();
        let old_entry = Entry::unpack(old.data);
        let depth = u8::try_from(depth).unwrap_or(u8::MAX);
        let replace = old.key == key || old.generation != generation || depth >= old_entry.depth;
        if !replace {
            return;
        }
        // Keep the old best move when the new result has none for this position.
        let best = match best_move_index {
            Some(i) => u16::try_from(i + 1).unwrap_or(0),
            None if old.key == key => old_entry.best,
            None => 0,
        };
        let entry = Entry {
            score,
            best,
            depth,
            bound,
            complete,
        };
        slot.write(key, entry.pack(), generation);
    }

    /// How full the table is with this search's entries, in per mille.
    #[must_use]
    pub fn hashfull(&self) -> u32 {
        let sample = self.slots.len().min(HASHFULL_SAMPLE);
        let used = self.slots[..sample]
            .iter()
            .filter(|slot| slot.read().generation == self.generation)
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
        assert!(tt.slots.iter().all(|slot| slot.read().data == 0));
        assert!(tt.probe(0).is_none());
        assert_eq!(tt.hashfull(), 0);
    }

    #[test]
    fn a_table_larger_than_the_address_space_is_an_error_not_an_abort() {
        let error = TranspositionTable::try_new(usize::MAX / 2).unwrap_err();
        assert!(error.to_string().starts_with("cannot allocate"), "{error}");
        assert!(TranspositionTable::try_new(1).is_ok());
    }

    #[test]
    fn stores_and_probes() {
        let mut tt = TranspositionTable::new(1);
        tt.store(42, 150, Some(3), 5, Bound::Exact, false);
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
        tt.store(1, 10, None, 8, Bound::Exact, false);
        tt.store(2, 20, None, 3, Bound::Exact, false);
        assert_eq!(tt.probe(1).map(|e| e.score), Some(10));
        tt.new_search();
        tt.store(2, 20, None, 3, Bound::Exact, false);
        assert_eq!(tt.probe(2).map(|e| e.score), Some(20));
    }

    #[test]
    fn keeps_the_best_move_when_a_result_has_none() {
        let tt = TranspositionTable::new(1);
        tt.store(7, 0, Some(2), 4, Bound::Lower, false);
        tt.store(7, -5, None, 5, Bound::Upper, true);
        assert_eq!(tt.probe(7).and_then(|e| e.best_move_index()), Some(2));
    }

    #[test]
    fn every_field_round_trips_through_a_slot() {
        let tt = TranspositionTable::new(1);
        for (key, score, best, depth, bound, complete) in [
            (0, 0, None, 0, Bound::Exact, false),
            (u64::MAX, -1_000_000, Some(65_534), 255, Bound::Upper, true),
            (12_345, 999_999, Some(0), 17, Bound::Lower, false),
        ] {
            tt.store(key, score, best, depth, bound, complete);
            let e = tt.probe(key).expect("stored entry");
            assert_eq!(
                (
                    e.score,
                    e.best_move_index(),
                    u32::from(e.depth),
                    e.bound,
                    e.complete
                ),
                (score, best, depth, bound, complete)
            );
        }
    }

    #[test]
    fn a_torn_slot_reads_as_a_miss() {
        // Another thread's data word beside this key's check word.
        let tt = TranspositionTable::new(0);
        tt.store(1, 10, None, 8, Bound::Exact, false);
        let slot = tt.slot(1);
        let other = Entry::unpack(slot.read().data);
        let changed = Entry { score: 11, ..other };
        slot.data.store(changed.pack(), Ordering::Relaxed);
        assert!(tt.probe(1).is_none());
    }

    #[test]
    fn threads_share_one_table() {
        let tt = TranspositionTable::new(1);
        std::thread::scope(|scope| {
            for t in 0..2_u64 {
                let tt = &tt;
                scope.spawn(move || {
                    for key in (t * 1000)..(t * 1000 + 100) {
                        tt.store(
                            key,
                            i32::try_from(key).unwrap_or(0),
                            None,
                            1,
                            Bound::Exact,
                            false,
                        );
                    }
                });
            }
        });
        for key in (0..100).chain(1000..1100) {
            if let Some(e) = tt.probe(key) {
                assert_eq!(i64::from(e.score), i64::try_from(key).unwrap_or(-1));
            }
        }
    }
}
