//! The file format: a fixed 40-byte header, then the entries. Documented
//! byte by byte in `docs/endgame-db.md`.
//!
//! ```text
//! offset size field
//!  0     12   magic "PLYKALAHDB\r\n"
//! 12      4   format version, u32 little-endian (1)
//! 16      1   pits per side m (1..=12)
//! 17      1   empty capture: 0 standard, 1 empty capture
//! 18      1   max seeds N on the board (0..=127)
//! 19      5   reserved, zero
//! 24      8   entry count, u64 little-endian: C(N + 2m, 2m)
//! 32      8   FNV-1a 64 of the entries, u64 little-endian
//! 40  count   entries: f as i8, in rank order
//! ```

use std::path::Path;

use super::error::EndgameDbError;
use super::rank::entry_count;
use crate::games::kalah::MAX_PITS;

/// The first bytes of every database file. The CR LF catches a copy that
/// translated line ends, as PNG's signature does.
pub const MAGIC: [u8; 12] = *b"PLYKALAHDB\r\n";

/// The format version written and read.
pub const FORMAT_VERSION: u32 = 1;

/// Bytes before the first entry.
pub const HEADER_LEN: usize = 40;

/// Most seeds on the board a database may cover: f is stored as an `i8`
/// and lies in `-N..=N`.
pub const MAX_DB_SEEDS: u8 = 127;

/// The header fields (everything but the magic and the version).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Header {
    /// Pits per side.
    pub(super) pits: u8,
    /// The capture rule.
    pub(super) empty_capture: bool,
    /// Most seeds on the board.
    pub(super) max_seeds: u8,
    /// Entries after the header.
    pub(super) count: u64,
    /// FNV-1a 64 of the entries.
    pub(super) checksum: u64,
}

impl Header {
    /// The 40 header bytes.
    pub(super) fn encode(&self) -> [u8; HEADER_LEN] {
        let mut bytes = [0; HEADER_LEN];
        bytes[0..12].copy_from_slice(&MAGIC);
        bytes[12..16].copy_from_slice(&FORMAT_VERSION.to_le_bytes());
        bytes[16] = self.pits;
        bytes[17] = u8::from(self.empty_capture);
        bytes[18] = self.max_seeds;
        bytes[24..32].copy_from_slice(&self.count.to_le_bytes());
        bytes[32..40].copy_from_slice(&self.checksum.to_le_bytes());
        bytes
    }

    /// Reads and checks the header of a file of `file_len` bytes whose
    /// first bytes are `bytes`: magic, version, field ranges, the entry
    /// count against the pit count and seed limit, and the file length
    /// against the entry count.
    pub(super) fn decode(bytes: &[u8], file_len: u64, path: &Path) -> Result<Self, EndgameDbError> {
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
        if header[0..12] != MAGIC {
            return Err(EndgameDbError::BadMagic {
                path: path.to_owned(),
            });
        }
        let version = u32::from_le_bytes([header[12], header[13], header[14], header[15]]);
        if version != FORMAT_VERSION {
            return Err(EndgameDbError::UnsupportedVersion {
                path: path.to_owned(),
                found: version,
                supported: FORMAT_VERSION,
            });
        }
        let bad = |reason: String| EndgameDbError::BadHeader {
            path: path.to_owned(),
            reason,
        };
        let pits = header[16];
        if !(1..=MAX_PITS).contains(&pits) {
            return Err(bad(format!("{pits} pits, expected 1 to {MAX_PITS}")));
        }
        let empty_capture = match header[17] {
            0 => false,
            1 => true,
            other => return Err(bad(format!("capture flag {other}, expected 0 or 1"))),
        };
        let max_seeds = header[18];
        if max_seeds > MAX_DB_SEEDS {
            return Err(bad(format!(
                "at most {max_seeds} seeds, expected at most {MAX_DB_SEEDS}"
            )));
        }
        if header[19..24] != [0; 5] {
            return Err(bad("reserved bytes 19 to 23 are not zero".to_owned()));
        }
        let word = |at: usize| {
            let mut le = [0; 8];
            le.copy_from_slice(&header[at..at + 8]);
            u64::from_le_bytes(le)
        };
        let count = word(24);
        let checksum = word(32);
        let expected_count = entry_count(2 * usize::from(pits), max_seeds);
        if expected_count != Some(count) {
            return Err(EndgameDbError::CountMismatch {
                path: path.to_owned(),
                pits,
                max_seeds,
                expected: expected_count.unwrap_or(u64::MAX),
                found: count,
            });
        }
        let expected_len = count.saturating_add(HEADER_LEN as u64);
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
        Ok(Self {
            pits,
            empty_capture,
            max_seeds,
            count,
            checksum,
        })
    }
}

/// FNV-1a, 64 bits: offset basis `0xcbf29ce484222325`, prime
/// `0x100000001b3`, one byte at a time.
#[must_use]
pub fn fnv1a(bytes: &[u8]) -> u64 {
    const OFFSET_BASIS: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    bytes.iter().fold(OFFSET_BASIS, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(PRIME)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv1a_matches_the_published_vectors() {
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a(b"foobar"), 0x8594_4171_f739_67e8);
    }

    #[test]
    fn a_header_reads_back() {
        let header = Header {
            pits: 6,
            empty_capture: true,
            max_seeds: 12,
            count: 2_704_156,
            checksum: 0x0123_4567_89ab_cdef,
        };
        let bytes = header.encode();
        assert_eq!(&bytes[..12], b"PLYKALAHDB\r\n");
        assert_eq!(&bytes[12..20], &[1, 0, 0, 0, 6, 1, 12, 0]);
        let len = 2_704_156 + HEADER_LEN as u64;
        assert_eq!(Header::decode(&bytes, len, Path::new("x")).unwrap(), header);
    }

    #[test]
    fn bad_fields_are_named() {
        let header = Header {
            pits: 2,
            empty_capture: false,
            max_seeds: 3,
            count: 35,
            checksum: 0,
        };
        let len = 35 + HEADER_LEN as u64;
        for (at, value, needle) in [
            (16, 13, "13 pits"),
            (16, 0, "0 pits"),
            (17, 2, "capture flag 2"),
            (18, 128, "at most 128 seeds"),
            (21, 1, "reserved"),
        ] {
            let mut bytes = header.encode();
            bytes[at] = value;
            let error = Header::decode(&bytes, len, Path::new("x")).unwrap_err();
            assert!(
                matches!(&error, EndgameDbError::BadHeader { reason, .. } if reason.contains(needle)),
                "{error}"
            );
        }
        let error = Header::decode(&header.encode()[..39], 39, Path::new("x")).unwrap_err();
        assert!(matches!(
            error,
            EndgameDbError::Truncated {
                expected: 40,
                found: 39,
                ..
            }
        ));
    }
}
