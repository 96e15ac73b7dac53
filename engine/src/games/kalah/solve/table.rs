//! The solver's transposition table: proven bounds on a position's value,
//! shared by all solver threads without locks.
//!
//! Each entry holds a lower and an upper bound on f (see the module docs
//! of [`super`]), the best move found and a measure of the work spent, so
//! that expensive results survive cheap ones. Entries are two `AtomicU64`s
//! written with the "xor trick" (Hyatt & Mann, lockless transposition
//! tables): the first word stores `key ^ data`, the second `data`. A reader
//! that sees a torn entry (one word from another writer) gets a key that
//! does not match and treats it as a miss, so no lock is needed and a wrong
//! bound is never read.
//!
//! **Why the whole key.** Entries of one bucket share their index bits, so
//! only the bits an entry keeps tell them apart: with the 64-bit key, a
//! probe of a position not in the table matches another's entry once in
//! about 4·10¹⁸ probes. An 8-byte entry (34 bits of key, 30 of data, twice
//! the entries a megabyte) was measured (Kalah(6,5) 13 % faster) and
//! rejected: once in 2·10⁹ probes, so a few false matches in every proof of
//! Kalah(6,5), each of which may bring another position's bound.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::search::huge_pages;
use crate::search::prefetch::prefetch;

/// Entries probed together (one cache line of 64 bytes).
const BUCKET: usize = 4;

/// Bytes in one megabyte, as the `Hash` option counts.
const BYTES_PER_MB: usize = 1024 * 1024;

/// Bytes per entry: two `u64` words.
const ENTRY_BYTES: usize = 16;

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

/// A bit set in every packed entry, so that an entry is never 0 (an empty slot).
const OCCUPIED: u64 = 1 << 48;

/// `Bounds::best` when no move is known.
pub const NO_MOVE: u8 = u8::MAX;

impl Bounds {
    fn pack(self) -> u64 {
        // Two's complement bit patterns of the bounds, reinterpreted.
        u64::from(self.lower.cast_unsigned())
            | u64::from(self.upper.cast_unsigned()) << 16
            | u64::from(self.best) << 32
            | u64::from(self.work) << 40
            | OCCUPIED
    }

    fn unpack(data: u64) -> Self {
        // The masks keep exactly the bits each field was packed into.
        let field = |shift: u32, bits: u32| (data >> shift) & ((1 << bits) - 1);
        Self {
            lower: u16::try_from(field(0, 16))
                .unwrap_or_default()
                .cast_signed(),
            upper: u16::try_from(field(16, 16))
                .unwrap_or_default()
                .cast_signed(),
            best: u8::try_from(field(32, 8)).unwrap_or(NO_MOVE),
            work: u8::try_from(field(40, 8)).unwrap_or_default(),
        }
    }
}

/// One slot: `key ^ data` and `data`.
#[derive(Debug, Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

// SAFETY: two atomic integers; all-zero is the empty slot (`data` 0 is
// never a packed entry, see `OCCUPIED`).
#[allow(unsafe_code)]
unsafe impl huge_pages::ZeroIsValid for Slot {}

/// A fixed-size, lock-free table of [`Bounds`].
#[derive(Debug)]
pub struct BoundTable {
    slots: huge_pages::ZeroedTable<Slot>,
    buckets: usize,
}

impl BoundTable {
    /// A table of about `megabytes` MB (at least one bucket); aborts when
    /// the memory cannot be had (sizes a user chooses go through
    /// [`Self::try_new`]).
    #[must_use]
    pub fn new(megabytes: usize) -> Self {
        let buckets = Self::bucket_count(megabytes);
        // Zeroed, not filled: only the buckets used ever cost memory.
        let slots = huge_pages::ZeroedTable::new(buckets * BUCKET);
        Self { slots, buckets }
    }

    /// A table of about `megabytes` MB, or an error when the system will
    /// not give that much memory.
    ///
    /// # Errors
    /// [`huge_pages::AllocError`] when the table cannot be allocated.
    pub fn try_new(megabytes: usize) -> Result<Self, huge_pages::AllocError> {
        let buckets = Self::bucket_count(megabytes);
        let slots = huge_pages::ZeroedTable::try_new(buckets * BUCKET)?;
        Ok(Self { slots, buckets })
    }

    /// Empties the slots of the table's first `megabytes` MB (all of it
    /// when it is smaller). On a fresh table this changes nothing but has
    /// the system map those pages now, which the first proof would
    /// otherwise wait for as it touches them (see `perfect::prepare_memory`).
    pub fn clear_first(&mut self, megabytes: usize) {
        let slots = megabytes.saturating_mul(BYTES_PER_MB) / size_of::<Slot>();
        for slot in self.slots.iter_mut().take(slots) {
            *slot = Slot::default();
        }
    }

    fn bucket_count(megabytes: usize) -> usize {
        (megabytes.saturating_mul(BYTES_PER_MB) / (ENTRY_BYTES * BUCKET)).max(1)
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
        self.bucket(key).iter().find_map(|slot| {
            let data = slot.data.load(Ordering::Relaxed);
            let check = slot.check.load(Ordering::Relaxed);
            (check ^ data == key && data != 0).then(|| Bounds::unpack(data))
        })
    }

    /// Stores bounds for `key`: over its old entry, else over the entry of
    /// the bucket that cost the least work.
    #[inline]
    pub fn store(&self, key: u64, bounds: Bounds) {
        let bucket = self.bucket(key);
        let mut victim = &bucket[0];
        let mut victim_work = u8::MAX;
        for slot in bucket {
            let data = slot.data.load(Ordering::Relaxed);
            let check = slot.check.load(Ordering::Relaxed);
            if check ^ data == key || data == 0 {
                victim = slot;
                break;
            }
            let work = Bounds::unpack(data).work;
            if work < victim_work {
                victim = slot;
                victim_work = work;
            }
        }
        let data = bounds.pack();
        victim.data.store(data, Ordering::Relaxed);
        victim.check.store(key ^ data, Ordering::Relaxed);
    }

    /// Share of the first slots in use, per mille (UCI's `hashfull`).
    #[must_use]
    pub fn hashfull(&self) -> u32 {
        let sample = self.slots.len().min(1000);
        let used = self.slots[..sample]
            .iter()
            .filter(|s| s.data.load(Ordering::Relaxed) != 0)
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
                upper: 200,
                best: 11,
                work: 63,
            },
        ] {
            assert_eq!(Bounds::unpack(bounds.pack()), bounds);
        }
    }

    #[test]
    fn a_table_larger_than_the_address_space_is_an_error_not_an_abort() {
        let error = BoundTable::try_new(usize::MAX / 2).unwrap_err();
        assert!(error.to_string().starts_with("cannot allocate"), "{error}");
        assert!(BoundTable::try_new(1).is_ok());
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
        for key in 1..=4 {
            table.store(key, b(10 + key as u8));
        }
        assert_eq!(table.probe(3).map(|e| e.work), Some(13));
        table.store(5, b(30)); // replaces key 1, the cheapest
        assert!(table.probe(1).is_none());
        assert_eq!(table.probe(5).map(|e| e.work), Some(30));
        table.store(5, b(2)); // the same key is always updated
        assert_eq!(table.probe(5).map(|e| e.work), Some(2));
        assert!(table.hashfull() > 0);
    }

    #[test]
    fn keys_that_share_their_low_bits_are_told_apart() {
        // The whole key is checked: keys equal in their low 48 bits, in
        // the one bucket of this table, are different positions.
        let table = BoundTable::new(0);
        let bounds = Bounds {
            lower: 3,
            upper: 3,
            best: 1,
            work: 5,
        };
        let key = 0x0000_1234_5678_9abc;
        table.store(key, bounds);
        assert_eq!(table.probe(key), Some(bounds));
        assert_eq!(table.probe(key | 1 << 48), None);
        assert_eq!(table.probe(key | 1 << 63), None);
    }
}
