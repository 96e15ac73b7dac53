//! A Kalah database in its file: f (see the module docs of `endgame`) of
//! every position of one pit count and capture rule with at most N seeds
//! on the board, one `i8` an entry, in the file every game's databases
//! share (`crate::endgame::file`); and the names the cache gives it.

use std::path::Path;

use super::build;
use crate::endgame::file::{Backed, DatabaseFile};
use crate::endgame::format::MAX_DB_SEEDS;
use crate::endgame::format::{BoardByte, FileKind, Header, RuleByte};
use crate::endgame::game_database::{DatabaseSize, GameDatabase, sowing_entries};
use crate::endgame::{EndgameDbError, Progress, entry_count};
use crate::engine_game::database::file_kinds;
use ply_rules::games::kalah::{Kalah, MAX_PITS};
use ply_rules::variant::Variant;

/// The capture rule as a file name says it.
fn capture_rule_slug(empty_capture: bool) -> &'static str {
    if empty_capture {
        "empty-capture"
    } else {
        "standard"
    }
}

/// The capture rule in words.
fn capture_rule_name(empty_capture: bool) -> &'static str {
    if empty_capture {
        "empty capture"
    } else {
        "standard capture"
    }
}

/// An endgame database: f (see the module docs) for every position of one
/// pit count and capture rule with at most [`Self::max_seeds`] seeds on
/// the board.
#[derive(Debug)]
pub struct KalahDb {
    /// The entries, one `i8` each, and the header.
    file: DatabaseFile,
}

impl Backed for KalahDb {
    fn file(&self) -> &DatabaseFile {
        &self.file
    }
}

impl KalahDb {
    /// Builds the database of `pits` pits a side, the capture rule, and at
    /// most `max_seeds` seeds on the board, in memory, on `threads` threads
    /// (0 counts as 1). `progress` is called on this thread now and then
    /// (at most about ten times a second, and once at the end with every
    /// entry done).
    ///
    /// # Errors
    /// [`EndgameDbError::InvalidParameters`] for a pit count outside
    /// `1..=12` or more than [`MAX_DB_SEEDS`] seeds,
    /// [`EndgameDbError::TooLarge`] when the entries cannot be addressed.
    pub fn build(
        pits: u8,
        empty_capture: bool,
        max_seeds: u8,
        threads: usize,
        mut progress: impl FnMut(&Progress),
    ) -> Result<Self, EndgameDbError> {
        if !(1..=MAX_PITS).contains(&pits) {
            return Err(EndgameDbError::InvalidParameters(format!(
                "a side has 1 to {MAX_PITS} pits, not {pits}"
            )));
        }
        if max_seeds > MAX_DB_SEEDS {
            return Err(EndgameDbError::InvalidParameters(format!(
                "at most {MAX_DB_SEEDS} seeds fit a database, not {max_seeds}"
            )));
        }
        let count = entry_count(2 * usize::from(pits), max_seeds)
            .filter(|&count| usize::try_from(count).is_ok_and(|n| n < isize::MAX as usize))
            .ok_or(EndgameDbError::TooLarge { pits, max_seeds })?;
        let entries = build::build_entries(
            pits,
            empty_capture,
            max_seeds,
            count,
            threads,
            &mut progress,
        );
        let header = Header::new(Self::KIND, pits, empty_capture, max_seeds, count);
        Ok(Self {
            file: DatabaseFile::built(header, entries),
        })
    }

    /// Opens a database file by memory-mapping it, and checks its header:
    /// magic, version, fields, the entry count against the pit count and
    /// seed limit, the file length against the entry count, and the
    /// checksum of the header and the block table. The entries are not
    /// read here (that would read the whole file): each block is checked
    /// the first time it is read, and [`Self::verify`] checks them all.
    ///
    /// The file must not be modified or truncated in place while the
    /// database is alive (replace it with a rename instead); see
    /// `docs/endgame-db.md`.
    ///
    /// # Errors
    /// [`EndgameDbError::Io`] when the file cannot be opened or mapped or is
    /// no regular file,
    /// [`EndgameDbError::BadMagic`], [`EndgameDbError::UnsupportedVersion`],
    /// [`EndgameDbError::BadHeader`], [`EndgameDbError::CountMismatch`],
    /// [`EndgameDbError::Truncated`], [`EndgameDbError::TrailingData`] or
    /// [`EndgameDbError::DamagedHeader`] when the file is not a sound
    /// database.
    pub fn open(path: impl AsRef<Path>) -> Result<Self, EndgameDbError> {
        Ok(Self {
            file: DatabaseFile::open(path.as_ref(), Self::KIND, &file_kinds())?,
        })
    }

    /// f for the side to move of `position`: its future store gains minus
    /// the opponent's with perfect play to the end (so its final margin is
    /// its store minus the opponent's plus this). `None` when the position
    /// has another pit count or capture rule than the database, or more
    /// than [`Self::max_seeds`] seeds on the board.
    ///
    /// No allocation: two comparisons, one pass over the pits with a table
    /// lookup each, and one read of the entry.
    #[inline]
    #[must_use]
    pub fn probe(&self, position: &Kalah) -> Option<i32> {
        if position.pit_count != self.header().pits
            || position.empty_capture != self.header().empty_capture
        {
            return None;
        }
        let len = position.len();
        let me = position.side.index();
        let rank = crate::endgame::rank::rank_sides(
            &position.pits[me][..len],
            &position.pits[1 - me][..len],
            self.header().max_seeds,
        )?;
        let byte = self.read(rank)?;
        Some(i32::from(i8::from_ne_bytes([byte])))
    }

    /// Starts loading the entry of rank `rank` (see [`Self::entry`]) into
    /// the cache, for a read soon after (see [`crate::search::prefetch`]).
    /// The solver prefetches each child's entry when it makes the child,
    /// so that the entry's cache miss overlaps the other children's
    /// instead of stalling the child's probe. Nothing past the end.
    #[inline]
    pub(crate) fn prefetch_entry(&self, rank: u64) {
        self.file.prefetch(rank);
    }

    /// The entry of rank `rank`: f of the canonical position
    /// [`unrank`](crate::endgame::unrank)`(rank)` (the side to move's pits first). `None` past the
    /// end, and in a block of a file that does not match its checksum.
    #[must_use]
    pub fn entry(&self, rank: u64) -> Option<i8> {
        let byte = self.read(rank)?;
        Some(i8::from_ne_bytes([byte]))
    }

    /// The byte of the entry of rank `rank`, if its block is sound (checked
    /// now if it is the block's first read).
    #[inline]
    fn read(&self, rank: u64) -> Option<u8> {
        self.file.read(rank)?.first().copied()
    }

    /// The header.
    fn header(&self) -> &Header {
        self.file.header()
    }

    /// Most seeds on the board a position may hold to be in the database.
    #[must_use]
    pub fn max_seeds(&self) -> u8 {
        self.header().max_seeds
    }

    /// Pits per side.
    #[must_use]
    pub fn pits(&self) -> u8 {
        self.header().pits
    }

    /// Whether the database is for the empty-capture rule.
    #[must_use]
    pub fn empty_capture(&self) -> bool {
        self.header().empty_capture
    }
}

/// A Kalah database serves one pit count and capture rule, and its size
/// is the seeds on the board.
impl GameDatabase for KalahDb {
    type Game = Kalah;
    /// Pits a side, and whether the capture rule is Irving's.
    type Rules = (u8, bool);
    /// f, one `i8` an entry; byte 16 the pits a side, byte 17 the capture
    /// rule.
    const KIND: FileKind = FileKind {
        magic: *b"PLYKALAHDB\r\n",
        game: "Kalah",
        variant: Variant::Kalah,
        entry_bytes: 1,
        board_byte: BoardByte::Pits,
        rule_byte: RuleByte::CaptureRule,
        compressed: false,
    };
    const SIZE_UNIT: &'static str = "seeds";

    fn rules_of(game: &Kalah) -> (u8, bool) {
        (game.pit_count(), game.empty_capture())
    }

    fn rules(&self) -> (u8, bool) {
        (self.pits(), self.empty_capture())
    }

    /// `kalah-6-standard`, `kalah-6-empty-capture`.
    fn family(&(pits, empty_capture): &(u8, bool)) -> String {
        format!("kalah-{pits}-{}", capture_rule_slug(empty_capture))
    }

    fn title(&(pits, empty_capture): &(u8, bool)) -> String {
        format!("Kalah({pits}) {}", capture_rule_name(empty_capture))
    }

    fn rules_in_words(&(pits, empty_capture): &(u8, bool)) -> String {
        format!("{pits} pits, {}", capture_rule_name(empty_capture))
    }

    /// A byte an entry: as much memory as the file.
    fn size(&(pits, _): &(u8, bool), max_seeds: u8) -> Result<DatabaseSize, String> {
        let entries = sowing_entries(pits, max_seeds)?;
        Ok(DatabaseSize {
            entries,
            memory: entries,
        })
    }

    fn build_for(
        &(pits, empty_capture): &(u8, bool),
        max_seeds: u8,
        threads: usize,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<Self, EndgameDbError> {
        Self::build(pits, empty_capture, max_seeds, threads, progress)
    }

    fn open_file(path: &Path) -> Result<Self, EndgameDbError> {
        Self::open(path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::kalah::endgame::reference::minimax;
    use ply_rules::game::Player;

    #[test]
    fn a_tiny_database_agrees_with_minimax_from_both_sides() {
        for empty_capture in [false, true] {
            let db = KalahDb::build(2, empty_capture, 5, 1, |_| {}).unwrap();
            assert_eq!(db.len(), 126);
            let mut pits = [0u8; 4];
            for r in 0..db.len() {
                crate::endgame::unrank(r, &mut pits).unwrap();
                for side in [Player::One, Player::Two] {
                    let mut position = Kalah {
                        pits: [[0; 12]; 2],
                        stores: [3, 1],
                        pit_count: 2,
                        side,
                        empty_capture,
                    };
                    position.pits[side.index()][..2].copy_from_slice(&pits[..2]);
                    position.pits[1 - side.index()][..2].copy_from_slice(&pits[2..]);
                    assert_eq!(db.probe(&position), Some(minimax(&position)), "{pits:?}");
                }
            }
        }
    }

    #[test]
    fn probes_outside_the_database_are_none() {
        let db = KalahDb::build(3, false, 4, 2, |_| {}).unwrap();
        let four = Kalah::from_position_string("1,0,1 0 1,0,1 0 n", false).unwrap();
        assert!(db.probe(&four).is_some());
        let five = Kalah::from_position_string("1,0,1 0 1,0,2 0 n", false).unwrap();
        assert_eq!(db.probe(&five), None);
        let other_rule = Kalah::from_position_string("1,0,1 0 1,0,1 0 n", true).unwrap();
        assert_eq!(db.probe(&other_rule), None);
        let other_pits = Kalah::from_position_string("1,1 0 1,1 0 s", false).unwrap();
        assert_eq!(db.probe(&other_pits), None);
    }

    #[test]
    fn known_values() {
        let db = KalahDb::build(6, false, 3, 1, |_| {}).unwrap();
        let value = |text: &str| db.probe(&Kalah::from_position_string(text, false).unwrap());
        // The empty board.
        assert_eq!(value("0,0,0,0,0,0 24 0,0,0,0,0,0 24 s"), Some(0));
        // South's last seed goes to its store and the game ends: North
        // sweeps its two.
        assert_eq!(value("0,0,0,0,0,1 0 0,0,0,0,1,1 0 s"), Some(-1));
        // A side already empty: the sweep alone.
        assert_eq!(value("0,0,0,0,0,0 0 0,0,1,0,0,2 0 s"), Some(-3));
        // Pit 5 (one seed) lands in empty pit 6 opposite North's pit 1:
        // captures 2, then North is empty, and South sweeps nothing more.
        assert_eq!(value("0,0,0,0,1,0 0 1,0,0,0,0,0 0 s"), Some(2));
    }

    #[test]
    fn parameters_are_checked() {
        assert!(matches!(
            KalahDb::build(0, false, 3, 1, |_| {}),
            Err(EndgameDbError::InvalidParameters(_))
        ));
        assert!(matches!(
            KalahDb::build(13, false, 3, 1, |_| {}),
            Err(EndgameDbError::InvalidParameters(_))
        ));
        assert!(matches!(
            KalahDb::build(2, false, 128, 1, |_| {}),
            Err(EndgameDbError::InvalidParameters(_))
        ));
        assert!(matches!(
            KalahDb::build(12, false, 127, 1, |_| {}),
            Err(EndgameDbError::TooLarge { .. })
        ));
    }

    #[test]
    fn progress_reaches_the_end() {
        let mut last = None;
        let db = KalahDb::build(4, false, 8, 2, |p| last = Some(*p)).unwrap();
        let last = last.unwrap();
        assert_eq!((last.done, last.total), (db.len(), db.len()));
        assert_eq!(last.level, 8);
        assert_eq!((last.level, last.max_level, last.done), (8, 8, last.total));
    }
}
