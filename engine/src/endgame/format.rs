//! The file format: a fixed 40-byte header, a table of block checksums,
//! then the entries. Documented byte by byte in `docs/endgame-db.md`.
//! Every game's databases share it; the magic says whose a file is, and
//! with it the width of an entry and the meaning of bytes 16 and 17: the
//! game's [`FileKind`], which its database type declares.
//!
//! ```text
//! offset size field
//!  0     12   magic, the kind's: "PLY", the game, "DB", CR LF
//!             ("PLYKALAHDB\r\n")
//! 12      4   format version, u32 little-endian (2)
//! 16      1   a sowing kind's pits per side m (1..=12); others: 0
//! 17      1   a kind with a capture rule: 0 standard capture, 1 empty
//!             capture; others: 0
//! 18      1   the size: max seeds N on the board (0..=127), or the most
//!             pieces
//! 19      1   block shift s: a block holds 2^s entries (10..=24; written: 16)
//! 20      4   reserved, zero
//! 24      8   entry count, u64 little-endian: a sowing kind's C(N + 2m, 2m)
//! 32      4   CRC-32 of bytes 0..32 and of the block table
//! 36      4   reserved, zero
//! 40     4B   block table: the CRC-32 of each block's entries, u32 LE,
//!             B = ceil(count / 2^s) blocks of 2^s entries, the last
//!             one shorter
//! 40+4B count entries in rank order, w bytes each (the kind's width: a
//!             Kalah f as an i8, w = 1; Oware's bounds L then U, w = 2)
//! ```
//!
//! A *compressed* kind (Russian draughts', whose tables hold many entries
//! alike) stores each block LZ4-compressed: a row of its block table is
//! 12 bytes, the CRC-32 of the block's entries (uncompressed, so that
//! the check covers the decompression too) and, u64 LE, where the
//! block's compressed bytes end, counted from the end of the table; the
//! blocks' compressed bytes follow the table one after another.
//!
//! Why blocks: a database of 28 seeds is 5.6 GB, mapped and read a page at
//! a time; checking one checksum over all of it would read it all at every
//! start. A block is checked the first time an entry of it is read
//! (`check.rs`), so damage is found before a value from it is used, at the
//! cost of one 64 KiB checksum per block touched.

use std::path::Path;

use ply_rules::games::mancala::MAX_PITS;
use ply_rules::variant::Variant;

use super::error::EndgameDbError;
use super::rank::entry_count;

/// Bytes of the magic that starts a database file.
pub const MAGIC_LEN: usize = 12;

/// What a game's database files are, as their header shows it: the magic
/// that names the game, the width of an entry, what bytes 16 and 17 hold,
/// and whether the blocks are compressed. Each game's database type
/// declares its own ([`GameDatabase::KIND`](super::GameDatabase::KIND), in
/// `games/<game>/endgame/db.rs`), and the format reads, checks and writes
/// a header by it, naming no game; a reader told no game is given the
/// kinds of every game by the registry (`engine_game::database::file_kinds`),
/// where no two share a magic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FileKind {
    /// The first bytes of its files: `PLY`, the game, `DB`, then CR LF. The
    /// CR LF catches a copy that translated line ends, as PNG's signature
    /// does.
    pub magic: [u8; MAGIC_LEN],
    /// The game, as messages name it (`a database of Oware, not of
    /// Kalah`).
    pub game: &'static str,
    /// The game whose databases these are, as `UCI_Variant` and
    /// `build-db --variant` name it: `verify-db` opens a file as its
    /// game's, and the advice for a damaged file names that game.
    pub variant: Variant,
    /// Bytes an entry.
    pub entry_bytes: u64,
    /// What byte 16 holds, and so where the entry count comes from.
    pub board_byte: BoardByte,
    /// What byte 17 holds.
    pub rule_byte: RuleByte,
    /// Whether its blocks are stored LZ4-compressed (see the module docs).
    pub compressed: bool,
}

/// What byte 16 of a kind's header holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardByte {
    /// The pits (houses) a side, 1 to `MAX_PITS`: a sowing game's, whose
    /// entry count follows from the pits and the seeds (`rank.rs`), and is
    /// checked here.
    Pits,
    /// Zero: the game's own tables say the entry count, and its database
    /// type checks it.
    Zero,
}

/// What byte 17 of a kind's header holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleByte {
    /// The capture rule: 0 standard capture, 1 empty capture.
    CaptureRule,
    /// Zero.
    Zero,
}

impl FileKind {
    /// Bytes of one row of its block table: the checksum, and for a
    /// compressed kind where the block's compressed bytes end.
    pub(crate) fn table_row(&self) -> usize {
        if self.compressed {
            CRC_LEN + END_LEN
        } else {
            CRC_LEN
        }
    }
}

/// The kind among `kinds` whose magic starts `bytes` (the first bytes of
/// a file).
#[must_use]
pub fn kind_by_magic(kinds: &[FileKind], bytes: &[u8]) -> Option<FileKind> {
    kinds
        .iter()
        .find(|kind| bytes.starts_with(&kind.magic))
        .copied()
}

/// The format version written and read. Version 1 had one checksum over
/// all the entries, which a reader never checked; its files are refused
/// with advice to rebuild them.
pub const FORMAT_VERSION: u32 = 2;

/// Bytes of the fixed header, before the block table.
pub const HEADER_LEN: usize = 40;

/// Most seeds on the board a database may cover: f is stored as an `i8`
/// and lies in `-N..=N`.
pub const MAX_DB_SEEDS: u8 = 127;

/// The block shift written: 2^16 entries (64 KiB) a block. A block is
/// checked as a whole on its first read, so it should be small next to
/// the file (5.6 GB at 28 seeds: 85,249 blocks, a 341 KB table) and large
/// next to a page (the kernel reads 128 KiB around a page fault of a
/// mapped file anyway).
pub const BLOCK_SHIFT: u8 = 16;

/// The block shifts a reader accepts.
const BLOCK_SHIFTS: std::ops::RangeInclusive<u8> = 10..=24;

/// Bytes of one checksum in the block table.
pub(crate) const CRC_LEN: usize = 4;

/// Bytes of the end offset of a compressed block in the block table.
const END_LEN: usize = 8;

/// Where the header's own checksum is, and the bytes before it that it
/// covers (with the block table).
const HEADER_CRC_AT: usize = 32;

/// The header fields (everything but the magic, the version and the
/// checksums).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Header {
    /// The game's kind of file.
    pub(crate) kind: FileKind,
    /// Pits per side (0 for Russian draughts).
    pub(crate) pits: u8,
    /// The capture rule.
    pub(crate) empty_capture: bool,
    /// The size: most seeds on the board, or most pieces in draughts.
    pub(crate) max_seeds: u8,
    /// A block holds `1 << block_shift` entries.
    pub(crate) block_shift: u8,
    /// Entries in the file.
    pub(crate) count: u64,
}

impl Header {
    /// The header of a database of `count` entries, with the block size
    /// this engine writes.
    pub(crate) fn new(
        kind: FileKind,
        pits: u8,
        empty_capture: bool,
        max_seeds: u8,
        count: u64,
    ) -> Self {
        Self {
            kind,
            pits,
            empty_capture,
            max_seeds,
            block_shift: BLOCK_SHIFT,
            count,
        }
    }

    /// Entries in a block (the last block may hold fewer).
    pub(crate) fn block_len(&self) -> u64 {
        1 << self.block_shift
    }

    /// Blocks of entries, the last one possibly shorter.
    pub(crate) fn block_count(&self) -> u64 {
        self.count.div_ceil(self.block_len())
    }

    /// Where the entries start in the file: after the header and the
    /// block table.
    pub(crate) fn entries_offset(&self) -> u64 {
        HEADER_LEN as u64 + self.block_count() * self.kind.table_row() as u64
    }

    /// Bytes of the entries as stored: as they are, or for a compressed
    /// kind where the last block ends (read from the block table `table`).
    pub(crate) fn stored_entries_len(&self, table: &[u8]) -> u64 {
        if self.kind.compressed {
            self.block_count()
                .checked_sub(1)
                .and_then(|last| stored_end(table, last))
                .unwrap_or(0)
        } else {
            self.count.saturating_mul(self.kind.entry_bytes)
        }
    }

    /// Bytes of the whole file with the block table `table`.
    pub(crate) fn file_len(&self, table: &[u8]) -> u64 {
        self.entries_offset()
            .saturating_add(self.stored_entries_len(table))
    }

    /// The header's bytes up to its own checksum.
    fn fields(&self) -> [u8; HEADER_CRC_AT] {
        let mut bytes = [0; HEADER_CRC_AT];
        bytes[0..12].copy_from_slice(&self.kind.magic);
        bytes[12..16].copy_from_slice(&FORMAT_VERSION.to_le_bytes());
        bytes[16] = self.pits;
        bytes[17] = u8::from(self.empty_capture);
        bytes[18] = self.max_seeds;
        bytes[19] = self.block_shift;
        bytes[24..32].copy_from_slice(&self.count.to_le_bytes());
        bytes
    }

    /// The 40 header bytes, over the block table `table` (which the
    /// header's checksum covers).
    pub(crate) fn encode(&self, table: &[u8]) -> [u8; HEADER_LEN] {
        let fields = self.fields();
        let mut bytes = [0; HEADER_LEN];
        bytes[..HEADER_CRC_AT].copy_from_slice(&fields);
        let crc = header_crc(&fields, table);
        bytes[HEADER_CRC_AT..HEADER_CRC_AT + CRC_LEN].copy_from_slice(&crc.to_le_bytes());
        bytes
    }

    /// Reads and checks the header of a file of `file_len` bytes whose
    /// first bytes are `bytes` (the whole file when it is that long): magic,
    /// version, field ranges, the entry count against the pit count and
    /// seed limit, the checksum of the header and the block table, and the
    /// file length against the entry count (after the checksum: a header
    /// that fails it says nothing true of the length). The magic names the
    /// file's kind among `kinds`, and the header is checked as that kind's.
    pub(crate) fn decode(
        bytes: &[u8],
        file_len: u64,
        path: &Path,
        kinds: &[FileKind],
    ) -> Result<Self, EndgameDbError> {
        // 1. The header's bytes are there.
        let header: &[u8; HEADER_LEN] = match bytes.get(..HEADER_LEN).map(TryInto::try_into) {
            Some(Ok(header)) => header,
            _ => {
                return Err(EndgameDbError::Truncated {
                    path: path.to_owned(),
                    expected: HEADER_LEN as u64,
                    found: file_len,
                });
            }
        };
        // 2. The magic names the game; the version is this one.
        let Some(kind) = kind_by_magic(kinds, header) else {
            return Err(EndgameDbError::BadMagic {
                path: path.to_owned(),
            });
        };
        let version = u32::from_le_bytes([header[12], header[13], header[14], header[15]]);
        if version != FORMAT_VERSION {
            return Err(EndgameDbError::UnsupportedVersion {
                path: path.to_owned(),
                variant: kind.variant,
                found: version,
                supported: FORMAT_VERSION,
            });
        }
        // 3. Every field in its range, the reserved bytes zero.
        let bad = |reason: String| EndgameDbError::BadHeader {
            path: path.to_owned(),
            reason,
        };
        let pits = header[16];
        match kind.board_byte {
            BoardByte::Pits if !(1..=MAX_PITS).contains(&pits) => {
                return Err(bad(format!("{pits} pits, expected 1 to {MAX_PITS}")));
            }
            BoardByte::Zero if pits != 0 => {
                return Err(bad(format!("byte 16 is {pits}, expected 0")));
            }
            BoardByte::Pits | BoardByte::Zero => {}
        }
        let empty_capture = match (kind.rule_byte, header[17]) {
            (_, 0) => false,
            (RuleByte::CaptureRule, 1) => true,
            (RuleByte::CaptureRule, other) => {
                return Err(bad(format!("capture flag {other}, expected 0 or 1")));
            }
            (RuleByte::Zero, other) => {
                return Err(bad(format!("byte 17 is {other}, expected 0")));
            }
        };
        let max_seeds = header[18];
        if max_seeds > MAX_DB_SEEDS {
            return Err(bad(format!(
                "at most {max_seeds} seeds, expected at most {MAX_DB_SEEDS}"
            )));
        }
        let block_shift = header[19];
        if !BLOCK_SHIFTS.contains(&block_shift) {
            return Err(bad(format!(
                "block shift {block_shift}, expected {} to {}",
                BLOCK_SHIFTS.start(),
                BLOCK_SHIFTS.end()
            )));
        }
        if header[20..24] != [0; 4] || header[36..40] != [0; 4] {
            return Err(bad(
                "reserved bytes 20 to 23 or 36 to 39 are not zero".to_owned()
            ));
        }
        // 4. The entry count is the board count of the pits and seeds (a
        //    game whose count follows from other things checks it itself).
        let mut le = [0; 8];
        le.copy_from_slice(&header[24..32]);
        let count = u64::from_le_bytes(le);
        let expected_count = entry_count(2 * usize::from(pits), max_seeds);
        if kind.board_byte == BoardByte::Pits && expected_count != Some(count) {
            return Err(EndgameDbError::CountMismatch {
                path: path.to_owned(),
                pits,
                max_seeds,
                expected: expected_count.unwrap_or(u64::MAX),
                found: count,
            });
        }
        let decoded = Self {
            kind,
            pits,
            empty_capture,
            max_seeds,
            block_shift,
            count,
        };
        // 5. The block table is there (the file's length is checked against
        //    the count, and for a compressed kind against the block table's
        //    last end offset, once the table is known sound).
        let table_end = decoded.entries_offset();
        if file_len < table_end {
            return Err(EndgameDbError::Truncated {
                path: path.to_owned(),
                expected: table_end,
                found: file_len,
            });
        }
        let table = usize::try_from(table_end)
            .ok()
            .and_then(|end| bytes.get(HEADER_LEN..end))
            .ok_or_else(|| EndgameDbError::Truncated {
                path: path.to_owned(),
                expected: table_end,
                found: bytes.len() as u64,
            })?;
        // 6. The checksum covers the header and the block table; it is
        //    checked before the entries' length, which a changed field (the
        //    block shift, say) or a damaged table row changes: such a file
        //    is damaged, not truncated or followed by trailing data.
        let stored = u32::from_le_bytes([header[32], header[33], header[34], header[35]]);
        let computed = header_crc(&decoded.fields(), table);
        if stored != computed {
            return Err(EndgameDbError::DamagedHeader {
                path: path.to_owned(),
                variant: kind.variant,
                stored,
                computed,
            });
        }
        let expected_len = decoded.file_len(table);
        if file_len < expected_len {
            return Err(EndgameDbError::Truncated {
                path: path.to_owned(),
                expected: expected_len,
                found: file_len,
            });
        }
        if file_len > expected_len {
            return Err(EndgameDbError::TrailingData {
                path: path.to_owned(),
                expected: expected_len,
                found: file_len,
            });
        }
        Ok(decoded)
    }
}

/// The checksum of the header's fields and the block table.
fn header_crc(fields: &[u8], table: &[u8]) -> u32 {
    let mut hasher = crc32fast::Hasher::new();
    hasher.update(fields);
    hasher.update(table);
    hasher.finalize()
}

/// The block table of `entries` (`entry_bytes` bytes each) cut into blocks
/// of `1 << block_shift` entries: each block's CRC-32, little-endian, one
/// after another.
pub(crate) fn block_table(entries: &[u8], entry_bytes: u64, block_shift: u8) -> Vec<u8> {
    let block_bytes = usize::try_from(entry_bytes << block_shift).unwrap_or(usize::MAX);
    entries
        .chunks(block_bytes)
        .flat_map(|block| crc32fast::hash(block).to_le_bytes())
        .collect()
}

/// The block table and the compressed bytes of `entries` for a compressed
/// kind: each block LZ4-compressed, its row the CRC-32 of its entries and
/// where its compressed bytes end.
pub(crate) fn compressed_blocks(
    entries: &[u8],
    entry_bytes: u64,
    block_shift: u8,
) -> (Vec<u8>, Vec<u8>) {
    let block_bytes = usize::try_from(entry_bytes << block_shift).unwrap_or(usize::MAX);
    let mut table = Vec::new();
    let mut data = Vec::new();
    for block in entries.chunks(block_bytes) {
        data.extend_from_slice(&lz4_flex::block::compress(block));
        table.extend_from_slice(&crc32fast::hash(block).to_le_bytes());
        table.extend_from_slice(&(data.len() as u64).to_le_bytes());
    }
    (table, data)
}

/// The entries of block `block` of a compressed kind's file, whose block
/// table is `table` and compressed bytes `data`, `len` bytes when whole;
/// `None` when they cannot be decompressed to that length or do not match
/// their checksum.
pub(crate) fn decompress_block(
    table: &[u8],
    data: &[u8],
    block: u64,
    len: usize,
) -> Option<Vec<u8>> {
    let start = match block.checked_sub(1) {
        Some(before) => stored_end(table, before)?,
        None => 0,
    };
    let end = stored_end(table, block)?;
    let bytes = data.get(usize::try_from(start).ok()?..usize::try_from(end).ok()?)?;
    let entries = lz4_flex::block::decompress(bytes, len).ok()?;
    let crc = stored_crc(table, block, CRC_LEN + END_LEN)?;
    (entries.len() == len && crc32fast::hash(&entries) == crc).then_some(entries)
}

/// The checksum of block `block` in `table`, whose rows are `row` bytes;
/// `None` past its end.
pub(crate) fn stored_crc(table: &[u8], block: u64, row: usize) -> Option<u32> {
    let at = usize::try_from(block).ok()?.checked_mul(row)?;
    let bytes = table.get(at..at + CRC_LEN)?;
    Some(u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]))
}

/// Where block `block`'s compressed bytes end, in a compressed kind's
/// `table`; `None` past its end.
fn stored_end(table: &[u8], block: u64) -> Option<u64> {
    let at = usize::try_from(block)
        .ok()?
        .checked_mul(CRC_LEN + END_LEN)?
        .checked_add(CRC_LEN)?;
    let bytes: [u8; END_LEN] = table.get(at..at + END_LEN)?.try_into().ok()?;
    Some(u64::from_le_bytes(bytes))
}

/// FNV-1a's offset basis: the hash of no bytes.
pub(crate) const FNV_OFFSET_BASIS: u64 = 0xcbf2_9ce4_8422_2325;

/// FNV-1a, 64 bits: offset basis `0xcbf29ce484222325`, prime
/// `0x100000001b3`, one byte at a time.
#[must_use]
pub fn fnv1a(bytes: &[u8]) -> u64 {
    fnv1a_update(FNV_OFFSET_BASIS, bytes)
}

/// FNV-1a of the bytes hashed to `hash` followed by `bytes`.
#[must_use]
pub(crate) fn fnv1a_update(hash: u64, bytes: &[u8]) -> u64 {
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    bytes.iter().fold(hash, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(PRIME)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::endgame::GameDatabase;
    use crate::games::kalah::KalahDb;

    /// The kinds a reader knows in these tests.
    const KINDS: [FileKind; 1] = [KalahDb::KIND];

    #[test]
    fn fnv1a_matches_the_published_vectors() {
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a(b"foobar"), 0x8594_4171_f739_67e8);
    }

    #[test]
    fn crc32_is_the_standard_one() {
        // The check value of CRC-32 (ISO-HDLC, as zlib and PNG use it).
        assert_eq!(crc32fast::hash(b"123456789"), 0xcbf4_3926);
    }

    /// A whole file's first bytes (header and table) for `header`, with
    /// zero entries, and its length.
    fn file_start(header: &Header) -> (Vec<u8>, u64) {
        let bytes = header.count * header.kind.entry_bytes;
        let entries = vec![0u8; usize::try_from(bytes).unwrap()];
        let table = block_table(&entries, header.kind.entry_bytes, header.block_shift);
        let mut bytes = header.encode(&table).to_vec();
        bytes.extend_from_slice(&table);
        let len = header.file_len(&table);
        (bytes, len)
    }

    #[test]
    fn a_header_reads_back() {
        let header = Header::new(KalahDb::KIND, 6, true, 12, 2_704_156);
        let (bytes, len) = file_start(&header);
        assert_eq!(&bytes[..12], b"PLYKALAHDB\r\n");
        assert_eq!(&bytes[12..20], &[2, 0, 0, 0, 6, 1, 12, 16]);
        // 2,704,156 entries make 42 blocks of 65,536 (the last one shorter).
        assert_eq!(header.block_count(), 42);
        assert_eq!(header.entries_offset(), 40 + 42 * 4);
        assert_eq!(len, 40 + 42 * 4 + 2_704_156);
        assert_eq!(
            Header::decode(&bytes, len, Path::new("x"), &KINDS).unwrap(),
            header
        );
    }

    #[test]
    fn bad_fields_are_named() {
        let header = Header::new(KalahDb::KIND, 2, false, 3, 35);
        let (good, len) = file_start(&header);
        for (at, value, needle) in [
            (16, 13, "13 pits"),
            (16, 0, "0 pits"),
            (17, 2, "capture flag 2"),
            (18, 128, "at most 128 seeds"),
            (19, 9, "block shift 9"),
            (19, 25, "block shift 25"),
            (21, 1, "reserved"),
            (37, 1, "reserved"),
        ] {
            let mut bytes = good.clone();
            bytes[at] = value;
            let error = Header::decode(&bytes, len, Path::new("x"), &KINDS).unwrap_err();
            assert!(
                matches!(&error, EndgameDbError::BadHeader { reason, .. } if reason.contains(needle)),
                "{error}"
            );
        }
        let error = Header::decode(&good[..39], 39, Path::new("x"), &KINDS).unwrap_err();
        assert!(matches!(
            error,
            EndgameDbError::Truncated {
                expected: 40,
                found: 39,
                ..
            }
        ));
    }

    #[test]
    fn a_changed_block_checksum_or_field_breaks_the_headers_checksum() {
        let header = Header::new(KalahDb::KIND, 6, false, 12, 2_704_156);
        let (good, len) = file_start(&header);
        // A byte of the block table.
        let mut bytes = good.clone();
        bytes[HEADER_LEN + 17] ^= 0x10;
        let error = Header::decode(&bytes, len, Path::new("x"), &KINDS).unwrap_err();
        assert!(
            matches!(error, EndgameDbError::DamagedHeader { .. }),
            "{error}"
        );
        // The capture flag: still a valid value, but not the one written.
        let mut bytes = good.clone();
        bytes[17] = 1;
        let error = Header::decode(&bytes, len, Path::new("x"), &KINDS).unwrap_err();
        assert!(
            matches!(error, EndgameDbError::DamagedHeader { .. }),
            "{error}"
        );
        // The header's own checksum.
        let mut bytes = good;
        bytes[34] ^= 0x01;
        let error = Header::decode(&bytes, len, Path::new("x"), &KINDS).unwrap_err();
        assert!(
            matches!(error, EndgameDbError::DamagedHeader { .. }),
            "{error}"
        );
    }

    #[test]
    fn version_one_is_refused_with_advice_to_rebuild() {
        let header = Header::new(KalahDb::KIND, 2, false, 3, 35);
        let (mut bytes, len) = file_start(&header);
        bytes[12] = 1;
        let error = Header::decode(&bytes, len, Path::new("old.db"), &KINDS).unwrap_err();
        let text = error.to_string();
        assert!(text.contains("old.db"), "{text}");
        assert!(text.contains("rebuild"), "{text}");
    }
}
