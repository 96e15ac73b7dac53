//! A Russian draughts database file: the run of tables of every material
//! up to N pieces (`directory.rs`), in the file every database shares
//! (`crate::endgame`: its kind, `RussianDb::KIND`: one byte an entry,
//! blocks LZ4-compressed, each checked on its first read).

use std::path::Path;
use std::time::Instant;

use ply_rules::game::Player;
use ply_rules::games::russian::{Board, Russian};
use ply_rules::variant::Variant;

use super::build::{MAX_BUILD_PIECES, build};
use super::directory::{Directory, Located, white_to_move};
use super::entry::{Entry, Wdl};
use super::material::Material;
use crate::endgame::EndgameDbError;
use crate::endgame::file::{Backed, DatabaseFile};
use crate::endgame::format::{BoardByte, FileKind, Header, RuleByte};
use crate::endgame::game_database::{DatabaseSize, GameDatabase};
use crate::endgame::progress::Progress;
use crate::engine_game::database::file_kinds;

/// The family of the cached databases (see [`crate::database_cache`]):
/// `russian`, so the cache names them `russian-6.db`.
pub const CACHE_FAMILY: &str = "russian";

/// A Russian draughts endgame database (see the module docs).
pub struct RussianDb {
    /// Where each material's table is in the run.
    directory: Directory,
    /// The run of entries, one byte each, and the header.
    file: DatabaseFile,
}

impl std::fmt::Debug for RussianDb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RussianDb")
            .field("max_pieces", &self.directory.max_pieces())
            .field("file", &self.file)
            .finish()
    }
}

impl Backed for RussianDb {
    fn file(&self) -> &DatabaseFile {
        &self.file
    }
}

impl RussianDb {
    /// Builds the tables of every material of at most `max_pieces` pieces
    /// in memory on `threads` threads, calling `progress` after each
    /// material (its level is the pieces on the board).
    ///
    /// # Errors
    /// [`EndgameDbError::InvalidParameters`] for fewer than 2 or more than
    /// [`MAX_BUILD_PIECES`] pieces, or tables that do not fit in memory.
    pub fn build(
        max_pieces: u8,
        threads: usize,
        mut progress: impl FnMut(&Progress),
    ) -> Result<Self, EndgameDbError> {
        let total = Directory::new(max_pieces.min(MAX_BUILD_PIECES)).total();
        let started = Instant::now();
        let mut done = 0;
        let tables = build(max_pieces, threads, |report| {
            done += report.entries;
            progress(&Progress::new(
                report.material.pieces(),
                max_pieces,
                done,
                total,
                started.elapsed(),
            ));
        })
        .map_err(EndgameDbError::InvalidParameters)?;
        let directory = tables.directory().clone();
        let header = Header::new(Self::KIND, 0, false, max_pieces, directory.total());
        Ok(Self {
            directory,
            file: DatabaseFile::built(header, tables.into_entries()),
        })
    }

    /// Opens a database file (see `DatabaseFile::open`: the header is
    /// checked now, each block on its first read) and checks that its
    /// entry count is that of its tables.
    ///
    /// # Errors
    /// The file cannot be read, is no database, is another game's, or is
    /// damaged in its header.
    pub fn open(path: impl AsRef<Path>) -> Result<Self, EndgameDbError> {
        let path = path.as_ref();
        let file = DatabaseFile::open(path, Self::KIND, &file_kinds())?;
        let bad = |reason: String| EndgameDbError::BadHeader {
            path: path.to_owned(),
            reason,
        };
        let max_pieces = file.header().max_seeds;
        if !(2..=MAX_BUILD_PIECES).contains(&max_pieces) {
            return Err(bad(format!(
                "tables of at most {max_pieces} pieces, expected 2 to {MAX_BUILD_PIECES}"
            )));
        }
        let directory = Directory::new(max_pieces);
        if file.header().count != directory.total() {
            return Err(bad(format!(
                "{} entries, but the tables of at most {max_pieces} pieces hold {}",
                file.header().count,
                directory.total()
            )));
        }
        Ok(Self { directory, file })
    }

    /// Most pieces on the board.
    #[must_use]
    pub fn max_pieces(&self) -> u8 {
        self.directory.max_pieces()
    }

    /// The entry of `board` with `side` to move: `None` when no table
    /// holds it (too many pieces) or its block is damaged.
    #[must_use]
    pub fn probe_board(&self, board: &Board, side: Player) -> Option<Entry> {
        match self.directory.locate(&white_to_move(board, side))? {
            Located::Lost => Some(Entry::loss(0)),
            Located::At(rank) => Some(Entry(*self.file.read(rank)?.first()?)),
        }
    }

    /// The entry of a position (its pieces and side to move; the draw
    /// counters are the caller's to weigh, see `entry.rs`).
    #[must_use]
    pub fn probe(&self, position: &Russian) -> Option<Entry> {
        self.probe_board(position.board(), position.side)
    }

    /// What the tables prove of `position` as it stands, its draw counts
    /// weighed ([`Entry::under_rules`]): its entry, and the least and the
    /// most it is worth to its mover under the rules. `None` as
    /// [`Self::probe`].
    #[must_use]
    pub fn prove(&self, position: &Russian) -> Option<(Entry, (Wdl, Wdl))> {
        let entry = self.probe(position)?;
        let limits = Material::of(position.board()).limits();
        let left = limits.plies_left(&position.draw, position.board());
        Some((entry, entry.under_rules(left)))
    }
}

/// Russian draughts has one set of rules, so any of its databases serves
/// the game; a database's size is the pieces on the board.
impl GameDatabase for RussianDb {
    type Game = Russian;
    type Rules = ();
    /// One byte an entry (its value and moves to conversion), the blocks
    /// compressed (the tables hold many entries alike); bytes 16 and 17
    /// zero, the size the most pieces on the board, and the count the
    /// tables' (checked on opening).
    const KIND: FileKind = FileKind {
        magic: *b"PLYRUSDRDB\r\n",
        game: "Russian draughts",
        variant: Variant::Russian,
        entry_bytes: 1,
        board_byte: BoardByte::Zero,
        rule_byte: RuleByte::Zero,
        compressed: true,
    };
    const SIZE_UNIT: &'static str = "pieces";

    fn rules_of(_: &Russian) {}

    fn rules(&self) {}

    /// `russian`.
    fn family((): &()) -> String {
        CACHE_FAMILY.to_owned()
    }

    fn title((): &()) -> String {
        "Russian draughts".to_owned()
    }

    fn rules_in_words((): &()) -> String {
        Self::title(&())
    }

    /// The run of tables, and a material with its mirror being solved: an
    /// entry and a count a position of each.
    fn size((): &(), max_pieces: u8) -> Result<DatabaseSize, String> {
        if !(2..=MAX_BUILD_PIECES).contains(&max_pieces) {
            return Err(format!(
                "Russian draughts tables hold 2 to {MAX_BUILD_PIECES} pieces, not {max_pieces}"
            ));
        }
        let directory = Directory::new(max_pieces);
        let entries = directory.total();
        let largest = directory
            .tables()
            .map(|(layout, _)| layout.entries())
            .max()
            .unwrap_or(0);
        Ok(DatabaseSize {
            entries,
            memory: entries + 4 * largest,
        })
    }

    fn build_for(
        (): &(),
        max_pieces: u8,
        threads: usize,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<Self, EndgameDbError> {
        Self::build(max_pieces, threads, progress)
    }

    fn open_file(path: &Path) -> Result<Self, EndgameDbError> {
        Self::open(path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn saved_and_opened_it_reads_the_same_and_damage_is_refused() {
        let built = RussianDb::build(3, 2, |_| {}).unwrap_or_else(|e| panic!("{e}"));
        let dir = std::env::temp_dir().join(format!("ply-russian-db-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
        let path = dir.join("russian-3.db");
        built.save(&path).unwrap_or_else(|e| panic!("{e}"));
        // The magic existing files hold.
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{e}"));
        assert!(bytes.starts_with(b"PLYRUSDRDB\r\n"));
        let opened = RussianDb::open(&path).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(opened.max_pieces(), 3);
        assert!(opened.file().file_size() < built.len(), "compressed");
        for (layout, _) in built.directory.tables() {
            for index in (0..layout.entries()).step_by(7) {
                let Some(board) = layout.board_at(index) else {
                    continue;
                };
                assert_eq!(
                    opened.probe_board(&board, Player::One),
                    built.probe_board(&board, Player::One)
                );
            }
        }
        // A flipped byte in the compressed blocks: the block is refused.
        let mut bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{e}"));
        let last = bytes.len() - 10;
        bytes[last] ^= 0x5A;
        let damaged = dir.join("damaged.db");
        std::fs::write(&damaged, &bytes).unwrap_or_else(|e| panic!("{e}"));
        let opened = RussianDb::open(&damaged).unwrap_or_else(|e| panic!("{e}"));
        assert!(opened.file.verify_with_progress(|_, _| {}).is_err());
        assert!(opened.file.damage().is_some());
        // Another game's database is refused, naming both games.
        let oware = dir.join("oware.db");
        crate::games::oware::endgame::OwareDb::build(2, 3, 1, |_| {})
            .and_then(|db| db.save(&oware))
            .unwrap_or_else(|e| panic!("{e}"));
        let error = RussianDb::open(&oware).map(|_| ()).unwrap_err();
        let text = error.to_string();
        assert!(
            text.contains("Oware") && text.contains("Russian draughts"),
            "{text}"
        );
        // A missing file is named.
        let error = RussianDb::open(dir.join("missing.db"))
            .map(|_| ())
            .unwrap_err();
        assert!(error.to_string().contains("missing.db"), "{error}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
