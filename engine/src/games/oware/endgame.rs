//! Oware endgame databases: for every board with at most N seeds and
//! either side to move, the bounds L and U on the value of the game that
//! starts there right after a capture (`retrograde.rs` says what they mean
//! and how they are found; `endgame_propagate.rs` builds them), in the file
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

use super::Oware;
pub use super::endgame_build::MAX_HOUSES;
use super::endgame_build::unpack;
use super::endgame_propagate;
use super::retrograde::{Bounds, MAX_SEEDS};
use crate::endgame::EndgameDbError;
use crate::endgame::file::DatabaseFile;
use crate::endgame::format::{Header, Kind};
use crate::endgame::progress::Progress;
use crate::endgame::rank::{entry_count, rank_sides};
use ply_rules::game::Player;
use ply_rules::games::oware::board::Board;

/// The family of the cached databases of `houses` houses a side (see
/// [`crate::database_cache`]): `oware-6`.
#[must_use]
pub fn cache_family(houses: u8) -> String {
    format!("oware-{houses}")
}

/// Bytes of the file of a database of `houses` houses a side, at most
/// `max_seeds` seeds and `count` entries.
#[must_use]
pub fn file_size_of(houses: u8, max_seeds: u8, count: u64) -> u64 {
    Header::new(Kind::Oware, houses, false, max_seeds, count).file_len(&[])
}

/// An Oware endgame database (see the module docs).
pub struct OwareDb {
    /// The entries, two bytes each, and the header.
    file: DatabaseFile,
}

impl std::fmt::Debug for OwareDb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OwareDb").field("file", &self.file).finish()
    }
}

impl crate::endgame::file::Backed for OwareDb {
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
        let entries = endgame_propagate::build(houses, max_seeds, threads, |level| {
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
        let header = Header::new(Kind::Oware, houses, false, max_seeds, count);
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
        let file = DatabaseFile::open(path, Kind::Oware)?;
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

    /// Writes the database to `path` (through a temporary file and a
    /// rename; a mapped database is verified first).
    ///
    /// # Errors
    /// The file cannot be written, or the database is damaged.
    pub fn save(&self, path: impl AsRef<Path>) -> Result<(), EndgameDbError> {
        self.file.save(path.as_ref())
    }

    /// Checks every block against its checksum, calling `progress(blocks
    /// checked, blocks)`.
    ///
    /// # Errors
    /// The damage found.
    pub fn verify_with_progress(
        &self,
        progress: impl FnMut(u64, u64),
    ) -> Result<(), EndgameDbError> {
        self.file.verify_with_progress(progress)
    }

    /// The damage found since the file was opened, if any.
    #[must_use]
    pub fn damage(&self) -> Option<EndgameDbError> {
        self.file.damage()
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

    /// Entries (boards).
    #[must_use]
    pub fn len(&self) -> u64 {
        self.file.header().count
    }

    /// Never true: even no seeds make one board.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The FNV-1a 64 of all the entries (unchecked: for comparing builds).
    #[must_use]
    pub fn fingerprint(&self) -> u64 {
        self.file.fingerprint()
    }

    /// Bytes of the file.
    #[must_use]
    pub fn file_size(&self) -> u64 {
        self.file.file_size()
    }

    /// The file it was opened from; `None` when built here.
    #[must_use]
    pub fn path(&self) -> Option<&Path> {
        self.file.path()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::oware::retrograde::Analysis;
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
        let kalah = crate::games::kalah::EndgameDb::open(&path)
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
