//! The block checksums of a mapped database, checked on first read.
//!
//! A database file is too big to check as a whole at every start (5.6 GB
//! at 28 seeds), and a search reads only a part of it. So each block of
//! entries (`format.rs`: 2^16 entries, 64 KiB in Kalah, 128 KiB in Oware) is checked against its CRC-32 the first
//! time any entry of it is read, and remembered as sound in a bitmap: after
//! that a read costs one more load and test. A block that fails is
//! remembered as damaged and nothing is ever read from it; the first
//! failure is kept, so that the engine can say which file is damaged and
//! stop using it.
//!
//! Threads share the bitmaps (atomics): two threads that read an unchecked
//! block at once both check it, which is harmless. The entries never change
//! under a reader (see `mmap.rs`), so a relaxed load of a block's bit is
//! enough to trust the entries it covers.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

use super::format::{CRC_LEN, stored_crc};

/// Bits in a word of a bitmap.
const WORD_BITS: u64 = u64::BITS as u64;

/// What is known of each block of one mapped file.
pub(crate) struct BlockCheck {
    /// A block holds `1 << shift` entries.
    shift: u32,
    /// Blocks in the file.
    blocks: u64,
    /// Entries in the file (the last block ends at the last one).
    entries: u64,
    /// Bytes an entry.
    entry_bytes: u64,
    /// One bit a block: checked and sound.
    sound: Box<[AtomicU64]>,
    /// One bit a block: checked and damaged.
    damaged: Box<[AtomicU64]>,
    /// The first damaged block found, if any.
    first_damage: OnceLock<u64>,
    /// The file, for the log.
    path: PathBuf,
}

impl BlockCheck {
    /// Nothing checked yet, for `entries` entries of `entry_bytes` bytes
    /// in blocks of `1 << shift` entries of the file at `path`.
    pub(crate) fn new(shift: u8, entries: u64, entry_bytes: u64, path: &Path) -> Self {
        let blocks = entries.div_ceil(1 << shift);
        let words = usize::try_from(blocks.div_ceil(WORD_BITS)).unwrap_or(usize::MAX);
        let bitmap = || (0..words).map(|_| AtomicU64::new(0)).collect();
        Self {
            shift: u32::from(shift),
            blocks,
            entries,
            entry_bytes,
            sound: bitmap(),
            damaged: bitmap(),
            first_damage: OnceLock::new(),
            path: path.to_owned(),
        }
    }

    /// Whether the entry at `index` of `entries` may be trusted: its block
    /// was found sound, or is checked now against `table` and found sound.
    #[inline]
    pub(crate) fn is_sound(&self, index: usize, table: &[u8], entries: &[u8]) -> bool {
        let block = (index as u64) >> self.shift;
        if bit(&self.sound, block) {
            return true;
        }
        self.check_block(block, table, entries)
    }

    /// Checks block `block` (the first read of it, or a read of a damaged
    /// one), and remembers what it found.
    #[cold]
    #[inline(never)]
    fn check_block(&self, block: u64, table: &[u8], entries: &[u8]) -> bool {
        if bit(&self.damaged, block) {
            return false;
        }
        let sound = self.block_is_sound(block, table, entries);
        if sound {
            set_bit(&self.sound, block);
        } else {
            set_bit(&self.damaged, block);
            if self.first_damage.set(block).is_ok() {
                log::error!(
                    "{}: damaged: block {block} does not match its checksum; nothing of it is read",
                    self.path.display()
                );
            }
        }
        sound
    }

    /// Whether block `block`'s entries have the checksum the table gives.
    pub(crate) fn block_is_sound(&self, block: u64, table: &[u8], entries: &[u8]) -> bool {
        let (start, end) = self.block_range(block);
        let (start, end) = (start * self.entry_bytes, end * self.entry_bytes);
        let bytes = usize::try_from(start)
            .ok()
            .zip(usize::try_from(end).ok())
            .and_then(|(start, end)| entries.get(start..end));
        match (bytes, stored_crc(table, block, CRC_LEN)) {
            (Some(bytes), Some(stored)) => crc32fast::hash(bytes) == stored,
            _ => false,
        }
    }

    /// Marks `block` as checked, sound or not (by a full verification).
    pub(crate) fn record(&self, block: u64, sound: bool) {
        if sound {
            set_bit(&self.sound, block);
        } else {
            set_bit(&self.damaged, block);
            let _ = self.first_damage.set(block);
        }
    }

    /// The ranks of block `block`'s entries: `start..end`, the last block
    /// ending at the file's last entry.
    pub(crate) fn block_range(&self, block: u64) -> (u64, u64) {
        let start = block << self.shift;
        (start, (start + (1 << self.shift)).min(self.entries))
    }

    /// The first and last ranks of block `block`'s entries, for messages.
    pub(crate) fn first_and_last(&self, block: u64) -> (u64, u64) {
        let (start, end) = self.block_range(block);
        (start, end.saturating_sub(1))
    }

    /// The first damaged block found so far, if any.
    pub(crate) fn first_damage(&self) -> Option<u64> {
        self.first_damage.get().copied()
    }

    /// Blocks in the file.
    pub(crate) fn blocks(&self) -> u64 {
        self.blocks
    }
}

/// Whether bit `index` of `bitmap` is set.
#[inline]
fn bit(bitmap: &[AtomicU64], index: u64) -> bool {
    usize::try_from(index / WORD_BITS)
        .ok()
        .and_then(|word| bitmap.get(word))
        .is_some_and(|word| word.load(Ordering::Relaxed) & (1 << (index % WORD_BITS)) != 0)
}

/// Sets bit `index` of `bitmap`.
fn set_bit(bitmap: &[AtomicU64], index: u64) {
    if let Some(word) = usize::try_from(index / WORD_BITS)
        .ok()
        .and_then(|word| bitmap.get(word))
    {
        word.fetch_or(1 << (index % WORD_BITS), Ordering::Relaxed);
    }
}
