//! The solver's transposition table: proven bounds on a position's value,
//! shared by all solver threads without locks.
//!
//! Each entry holds a lower and an upper bound on f (see the module docs
//! of [`super`]), the best move found and a measure of the work spent, so
//! that expensive results survive cheap ones. An entry is one `AtomicU64`:
//! 34 bits of the position's key to recognise it, and 30 bits of data. A
//! single word is read and written whole, so threads need no lock and a
//! reader never sees half of another thread's entry.
//!
//! **Why 8 bytes.** Eight entries share a 64-byte cache line (a bucket), and
//! a table of a given size holds twice as many entries as with 16-byte ones
//! (the full key and the data in two words). Proofs of Kalah(6,5) fill any
//! table the machine can hold from their first step on, and each entry kept
//! saves a subtree searched again. The key is not stored whole: a bucket's
//! index already comes from the key's high bits (a multiply-shift), and the
//! entry keeps its low 34, so together they tell positions apart by 34 plus
//! log₂(buckets) bits, 56 for a quarter-gigabyte table: a probe of a
//! position not in the table matches another's entry with a probability of
//! 8 × 2⁻⁵⁶, about once in 10¹⁶ probes.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::games::kalah::MAX_TOTAL_SEEDS;
use crate::search::huge_pages;
use crate::search::prefetch::prefetch;

/// Entries probed together (one cache line of 64 bytes).
const BUCKET: usize = 8;

/// Bytes in one megabyte, as the `Hash` option counts.
const BYTES_PER_MB: usize = 1024 * 1024;

/// Bytes per entry: one `u64` word.
const ENTRY_BYTES: usize = 8;

/// Bits of an entry holding its data; the key's check takes the rest.
const DATA_BITS: u32 = 30;

/// Bits of each bound, stored as `bound + BOUND_OFFSET`.
const BOUND_BITS: u32 = 10;

/// Added to a bound to store it: bounds are kept within
/// `-BOUND_OFFSET..BOUND_OFFSET`, which holds every value f can take (at
/// most the seeds on the board, `MAX_TOTAL_SEEDS`, either way) and the
/// "no bound" ends beyond them.
const BOUND_OFFSET: i32 = 1 << (BOUND_BITS - 1);

/// Bits of the best move: a pit (fewer than 15) or [`NO_MOVE_CODE`].
const BEST_BITS: u32 = 4;

/// [`NO_MOVE`] as stored.
const NO_MOVE_CODE: u64 = (1 << BEST_BITS) - 1;

/// Bits of the work (log₂ of the nodes spent).
const WORK_BITS: u32 = 6;

// The fields fill the data bits exactly, and every value of f fits.
const _: () = assert!(2 * BOUND_BITS + BEST_BITS + WORK_BITS == DATA_BITS);
const _: () = assert!(MAX_TOTAL_SEEDS < BOUND_OFFSET as u32);

/// A proven range for f, and what found it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// f is at least this.
    pub lower: i16,
    /// f is at most this.
    pub upper: i16,
    /// The best move found (pit index), or `NO_MOVE`.
    pub best: u8,
    /// log2 of the nodes spent; deeper work is kept in preference.
    pub work: u8,
}

/// `Bounds::best` when no move is known.
pub const NO_MOVE: u8 = u8::MAX;

/// The low `bits` bits of `value`.
fn field(value: u64, shift: u32, bits: u32) -> u64 {
    (value >> shift) & ((1 << bits) - 1)
}

impl Bounds {
    /// The 30 data bits. A bound out of the stored range is widened to its
    /// end, which keeps it true: f itself always lies inside. The data is
    /// never 0 (the upper bound is stored as at least 1), so a zero word
    /// is an empty slot.
    fn pack(self) -> u64 {
        // The upper bound's lowest stored value is 1, not 0: widening it
        // by one keeps it true and the data non-zero.
        let stored = |bound: i16, lowest: i32| {
            let bound = i32::from(bound).clamp(lowest, BOUND_OFFSET - 1);
            u64::try_from(bound + BOUND_OFFSET).unwrap_or(0)
        };
        let best = if u64::from(self.best) < NO_MOVE_CODE {
            u64::from(self.best)
        } else {
            NO_MOVE_CODE
        };
        let work = u64::from(self.work).min((1 << WORK_BITS) - 1);
        stored(self.lower, -BOUND_OFFSET)
            | stored(self.upper, 1 - BOUND_OFFSET) << BOUND_BITS
            | best << (2 * BOUND_BITS)
            | work << (2 * BOUND_BITS + BEST_BITS)
    }

    fn unpack(data: u64) -> Self {
        let bound = |shift| {
            let stored = i32::try_from(field(data, shift, BOUND_BITS)).unwrap_or(0);
            i16::try_from(stored - BOUND_OFFSET).unwrap_or_default()
        };
        let best = field(data, 2 * BOUND_BITS, BEST_BITS);
        Self {
            lower: bound(0),
            upper: bound(BOUND_BITS),
            best: if best == NO_MOVE_CODE {
                NO_MOVE
            } else {
                u8::try_from(best).unwrap_or(NO_MOVE)
            },
            work: u8::try_from(field(data, 2 * BOUND_BITS + BEST_BITS, WORK_BITS))
                .unwrap_or_default(),
        }
    }
}

/// The part of `key` an entry keeps, in the entry's high bits.
#[inline]
fn check(key: u64) -> u64 {
    key << DATA_BITS
}

/// The check bits of an entry.
#[inline]
fn check_of(word: u64) -> u64 {
    word & !((1 << DATA_BITS) - 1)
}

/// One slot: the key's check and the data, or 0 when empty.
#[derive(Debug, Default)]
struct Slot(AtomicU64);

// SAFETY: an atomic integer; zero is the empty slot.
#[allow(unsafe_code)]
unsafe impl huge_pages::ZeroIsValid for Slot {}

/// A fixed-size, lock-free table of [`Bounds`].
#[derive(Debug)]
pub struct BoundTable {
    slots: huge_pages::ZeroedTable<Slot>,
    buckets: usize,
}

impl BoundTable {
    /// A table of about `megabytes` MB (at least one bucket).
    #[must_use]
    pub fn new(megabytes: usize) -> Self {
        let buckets = (megabytes.saturating_mul(BYTES_PER_MB) / (ENTRY_BYTES * BUCKET)).max(1);
        // Zeroed, not filled: only the buckets used ever cost memory.
        let slots = huge_pages::ZeroedTable::new(buckets * BUCKET);
        Self { slots, buckets }
    }

    fn bucket(&self, key: u64) -> &[Slot] {
        let index = ((u128::from(key) * self.buckets as u128) >> 64) as usize;
        &self.slots[index * BUCKET..(index + 1) * BUCKET]
    }

    /// Starts loading the bucket of `key` into the cache, for a probe or
    /// store soon after (see [`crate::search::prefetch`]).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        prefetch(&self.bucket(key)[0]);
    }

    /// The bounds stored for `key`, if any.
    #[inline]
    #[must_use]
    pub fn probe(&self, key: u64) -> Option<Bounds> {
        let check = check(key);
        self.bucket(key).iter().find_map(|slot| {
            let word = slot.0.load(Ordering::Relaxed);
            (word != 0 && check_of(word) == check).then(|| Bounds::unpack(word))
        })
    }

    /// Stores bounds for `key`: over its old entry, else over an empty
    /// slot, else over the entry of the bucket that cost the least work.
    #[inline]
    pub fn store(&self, key: u64, bounds: Bounds) {
        let check = check(key);
        let bucket = self.bucket(key);
        let mut victim = &bucket[0];
        let mut victim_work = u8::MAX;
        for slot in bucket {
            let word = slot.0.load(Ordering::Relaxed);
            if word == 0 || check_of(word) == check {
                victim = slot;
                break;
            }
            let work = Bounds::unpack(word).work;
            if work < victim_work {
                victim = slot;
                victim_work = work;
            }
        }
        victim.0.store(check | bounds.pack(), Ordering::Relaxed);
    }

    /// Share of the first slots in use, per mille (UCI's `hashfull`).
    #[must_use]
    pub fn hashfull(&self) -> u32 {
        let sample = self.slots.len().min(1000);
        let used = self.slots[..sample]
            .iter()
            .filter(|s| s.0.load(Ordering::Relaxed) != 0)
            .count();
        u32::try_from(used * 1000 / sample.max(1)).unwrap_or(1000)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_pack_and_unpack() {
        for bounds in [
            Bounds {
                lower: -60,
                upper: 60,
                best: 3,
                work: 17,
            },
            Bounds {
                lower: -255,
                upper: -255,
                best: NO_MOVE,
                work: 0,
            },
            Bounds {
                lower: 12,
                upper: 255,
                best: 11,
                work: 63,
            },
        ] {
            assert_eq!(Bounds::unpack(bounds.pack()), bounds);
        }
    }

    #[test]
    fn bounds_out_of_range_are_widened_never_narrowed() {
        // What the search stores for "no bound" comes back as a weaker
        // bound beyond every value f can take.
        let open = Bounds::unpack(
            Bounds {
                lower: i16::MIN,
                upper: i16::MAX,
                best: NO_MOVE,
                work: 200,
            }
            .pack(),
        );
        assert!(i32::from(open.lower) < -(MAX_TOTAL_SEEDS as i32));
        assert!(i32::from(open.upper) > MAX_TOTAL_SEEDS as i32);
        assert_eq!((open.best, open.work), (NO_MOVE, 63));
        // The emptiest entry there is still is not an empty slot.
        let lowest = Bounds {
            lower: i16::MIN,
            upper: i16::MIN,
            best: 0,
            work: 0,
        };
        assert_ne!(lowest.pack(), 0);
    }

    #[test]
    fn stores_probes_and_replaces_the_cheapest() {
        let table = BoundTable::new(0); // one bucket: every key collides
        let b = |work| Bounds {
            lower: -1,
            upper: 1,
            best: 0,
            work,
        };
        let keys = 1..=BUCKET as u64;
        for key in keys.clone() {
            table.store(key, b(10 + key as u8));
        }
        assert_eq!(table.probe(3).map(|e| e.work), Some(13));
        table.store(100, b(30)); // replaces key 1, the cheapest
        assert!(table.probe(1).is_none());
        assert_eq!(table.probe(100).map(|e| e.work), Some(30));
        table.store(100, b(2)); // the same key is always updated
        assert_eq!(table.probe(100).map(|e| e.work), Some(2));
        assert!(table.probe(101).is_none());
        assert!(table.hashfull() > 0);
    }
}
