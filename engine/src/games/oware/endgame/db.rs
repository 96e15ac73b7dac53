//! Oware endgame databases: for every board with at most N seeds and
//! either side to move, the bounds L and U on the value of the game that
//! starts there right after a capture (`bounds.rs` says what they mean;
//! `build.rs` builds them), in the file
//! every sowing game's databases share (`crate::endgame`: two bytes an
//! entry, L then U, each an `i8`).
//!
//! **When they apply.** Only to a position whose history starts with it:
//! right after a capture, or a game set up from a position string. A
//! position reached by moves without a capture has a history that may
//! end the game by repetition sooner, so [`OwareDb::probe`] gives nothing
//! for it; the search searches it (its children after a capture are in
//! the database again).

use std::path::Path;
use std::time::Instant;

use super::bounds::{Bounds, MAX_HOUSES, MAX_SEEDS, unpack};
use super::build::{self, memory_needed};
use crate::endgame::EndgameDbError;
use crate::endgame::file::{Backed, DatabaseFile};
use crate::endgame::format::{BoardByte, FileKind, Header, RuleByte};
use crate::endgame::game_database::{DatabaseSize, GameDatabase, sowing_entries};
use crate::endgame::progress::Progress;
use crate::endgame::rank::{entry_count, rank_sides};
use crate::engine_game::database::file_kinds;
use ply_rules::game::Player;
use ply_rules::games::oware::Oware;
use ply_rules::games::oware::board::Board;
use ply_rules::variant::Variant;

/// An Oware endgame database (see the module docs).
#[derive(Debug)]
pub struct OwareDb {
    /// The entries, two bytes each, and the header.
    file: DatabaseFile,
}

impl Backed for OwareDb {
    fn file(&self) -> &DatabaseFile {
        &self.file
    }
}

impl OwareDb {
    /// Builds the database of `houses` houses a side and at most
    /// `max_seeds` seeds on the board, in memory, on `threads` threads,
    /// calling `progress` after each level.
    ///
    /// # Errors
    /// [`EndgameDbError::InvalidParameters`] for a house count outside
    /// `1..=6` or more than [`MAX_SEEDS`] seeds,
    /// [`EndgameDbError::TooLarge`] when the entries cannot be held.
    ///
    /// `progress` names the level being built next (the last one once all
    /// are done) and counts the boards of the levels done.
    pub fn build(
        houses: u8,
        max_seeds: u8,
        threads: usize,
        mut progress: impl FnMut(&Progress),
    ) -> Result<Self, EndgameDbError> {
        if !(1..=MAX_HOUSES).contains(&houses) || max_seeds > MAX_SEEDS {
            return Err(EndgameDbError::InvalidParameters(format!(
                "an Oware database has 1 to {} houses a side and at most {MAX_SEEDS} seeds, \
                 not {houses} and {max_seeds}",
                MAX_HOUSES
            )));
        }
        let count = entry_count(2 * usize::from(houses), max_seeds)
            .filter(|&count| usize::try_from(count).is_ok_and(|n| n < isize::MAX as usize / 2))
            .ok_or(EndgameDbError::TooLarge {
                pits: houses,
                max_seeds,
            })?;
        let started = Instant::now();
        let mut done = 0;
        let entries = build::build(houses, max_seeds, threads, |level| {
            done += level.boards;
            progress(&Progress::new(
                level.level.saturating_add(1).min(max_seeds),
                max_seeds,
                done,
                count,
                started.elapsed(),
            ));
        })
        .map_err(EndgameDbError::InvalidParameters)?;
        let header = Header::new(Self::KIND, houses, false, max_seeds, count);
        Ok(Self {
            file: DatabaseFile::built(header, entries),
        })
    }

    /// Opens a database file (see `DatabaseFile::open`: the header is
    /// checked now, each block on its first read).
    ///
    /// # Errors
    /// The file cannot be read, is no database, is Kalah's, or is damaged
    /// in its header.
    pub fn open(path: impl AsRef<Path>) -> Result<Self, EndgameDbError> {
        let path = path.as_ref();
        let file = DatabaseFile::open(path, Self::KIND, &file_kinds())?;
        if file.header().pits > MAX_HOUSES {
            return Err(EndgameDbError::BadHeader {
                path: path.to_owned(),
                reason: format!(
                    "{} houses a side, expected 1 to {}",
                    file.header().pits,
                    MAX_HOUSES
                ),
            });
        }
        Ok(Self { file })
    }

    /// The bounds of the value of `position` for its side to move, when
    /// the database applies: the same houses a side, at most
    /// [`Self::max_seeds`] seeds on the board, and a history that starts
    /// with this position (right after a capture). `None` otherwise, and
    /// for an entry in a damaged block.
    #[inline]
    #[must_use]
    pub fn probe(&self, position: &Oware) -> Option<Bounds> {
        if position.since_capture() != 1 {
            return None;
        }
        self.probe_board(&position.board, position.side)
    }

    /// The bounds of `board` with `side` to move in the game that starts
    /// there right after a capture (the caller knows the history is
    /// fresh): `None` for another house count, more seeds than the
    /// database holds, or an entry in a damaged block.
    #[inline]
    #[must_use]
    pub fn probe_board(&self, board: &Board, side: Player) -> Option<Bounds> {
        if board.house_count != self.houses() {
            return None;
        }
        let len = usize::from(self.houses());
        let me = side.index();
        let rank = rank_sides(
            &board.houses[me][..len],
            &board.houses[1 - me][..len],
            self.max_seeds(),
        )?;
        self.entry(rank)
    }

    /// The bounds of rank `rank` (the canonical board: the side to move's
    /// houses, then the opponent's); `None` past the end or in a damaged
    /// block.
    #[must_use]
    pub fn entry(&self, rank: u64) -> Option<Bounds> {
        let bytes = self.file.read(rank)?;
        Some(unpack(u16::from_le_bytes([
            *bytes.first()?,
            *bytes.get(1)?,
        ])))
    }

    /// Houses a side.
    #[must_use]
    pub fn houses(&self) -> u8 {
        self.file.header().pits
    }

    /// Most seeds on the board.
    #[must_use]
    pub fn max_seeds(&self) -> u8 {
        self.file.header().max_seeds
    }
}

/// An Oware database serves one house count, and its size is the seeds on
/// the board.
impl GameDatabase for OwareDb {
    type Game = Oware;
    /// Houses a side.
    type Rules = u8;
    /// The bounds L then U, two `i8` an entry; byte 16 the houses a
    /// side, byte 17 zero.
    const KIND: FileKind = FileKind {
        magic: *b"PLYOWAREDB\r\n",
        game: "Oware",
        variant: Variant::Oware,
        entry_bytes: 2,
        board_byte: BoardByte::Pits,
        rule_byte: RuleByte::Zero,
        compressed: false,
    };
    const SIZE_UNIT: &'static str = "seeds";

    fn rules_of(game: &Oware) -> u8 {
        game.house_count()
    }

    fn rules(&self) -> u8 {
        self.houses()
    }

    /// `oware-6`.
    fn family(houses: &u8) -> String {
        format!("oware-{houses}")
    }

    fn title(houses: &u8) -> String {
        format!("Oware ({houses} houses a side)")
    }

    fn rules_in_words(houses: &u8) -> String {
        format!("{houses} houses")
    }

    /// `… is a database of 4 houses a side, not of the game played (6)`.
    fn mismatch_in_words(database: &u8, played: &u8) -> (String, String) {
        (format!("{database} houses a side"), played.to_string())
    }

    /// The build's links for each board take more memory than the file
    /// (`build.rs`).
    fn size(&houses: &u8, max_seeds: u8) -> Result<DatabaseSize, String> {
        if houses > MAX_HOUSES {
            return Err(format!(
                "an Oware database has 1 to {MAX_HOUSES} houses a side, not {houses}"
            ));
        }
        Ok(DatabaseSize {
            entries: sowing_entries(houses, max_seeds)?,
            memory: memory_needed(houses, max_seeds).unwrap_or(u64::MAX),
        })
    }

    fn build_for(
        &houses: &u8,
        max_seeds: u8,
        threads: usize,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<Self, EndgameDbError> {
        Self::build(houses, max_seeds, threads, progress)
    }

    fn open_file(path: &Path) -> Result<Self, EndgameDbError> {
        Self::open(path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::oware::endgame::reference::Analysis;
    use ply_rules::game::Game;

    /// A built database saved and opened again gives the simple analysis'
    /// bounds for every board; a Kalah reader refuses it by name.
    #[test]
    fn saved_and_opened_it_gives_the_analysis_bounds() {
        let dir = std::env::temp_dir().join(format!("ply-oware-db-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("oware-3-6.db");
        let built = OwareDb::build(3, 6, 2, |_| {}).unwrap();
        built.save(&path).unwrap();
        // The magic existing files hold.
        assert!(std::fs::read(&path).unwrap().starts_with(b"PLYOWAREDB\r\n"));
        let opened = OwareDb::open(&path).unwrap();
        opened.verify_with_progress(|_, _| {}).unwrap();
        let analysis = Analysis::build(3, 6).unwrap();
        assert_eq!(opened.len(), analysis.len() as u64);
        assert_eq!(opened.fingerprint(), built.fingerprint());
        for rank in 0..opened.len() {
            let bounds = opened.entry(rank).unwrap();
            let index = usize::try_from(rank).unwrap();
            assert_eq!(
                (bounds.lower, bounds.upper),
                (
                    i32::from(analysis.lower()[index]),
                    i32::from(analysis.upper()[index])
                )
            );
        }
        let kalah = crate::games::kalah::KalahDb::open(&path)
            .unwrap_err()
            .to_string();
        assert!(
            kalah.contains("a database of Oware, not of Kalah"),
            "{kalah}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// The probe reads the side to move's houses first, and only right
    /// after a capture.
    #[test]
    fn probes_apply_to_fresh_histories_only() {
        let db = OwareDb::build(6, 4, 1, |_| {}).unwrap();
        // Retrograde's hand-worked board: South captures 2, then North
        // cannot feed and takes its 1: 2 - 1.
        let position = Oware::from_position_string("0,0,0,0,0,1 0 1,1,0,0,0,0 46 s").unwrap();
        assert_eq!(db.probe(&position).and_then(Bounds::exact), Some(1));
        // The same board with North to move is another entry.
        let north = Oware::from_position_string("1,1,0,0,0,0 0 0,0,0,0,0,1 46 n").unwrap();
        assert_eq!(db.probe(&north).and_then(Bounds::exact), Some(1));
        // After a move without a capture, the history is no longer fresh.
        let mut moved = Oware::from_position_string("1,0,0,0,0,0 0 0,0,0,0,1,0 46 s").unwrap();
        moved.play(0);
        assert_eq!(moved.since_capture(), 2);
        assert_eq!(db.probe(&moved), None);
        // Too many seeds, or another board: nothing.
        let start = Oware::from_position_string("4,4,4,4,4,4 0 4,4,4,4,4,4 0 s").unwrap();
        assert_eq!(db.probe(&start), None);
        assert!(db.entry(5).is_some());
        assert!(db.entry(db.len()).is_none());
    }
}
