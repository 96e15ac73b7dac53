//! One kit for a game's endgame database: what it says of itself and of
//! the rules it serves ([`GameDatabase`], which each game's database type
//! implements in `games/<game>/endgame/db.rs`), and what a build of one
//! will make ([`DatabasePlan`]). The engine's hooks (`build-db`,
//! `EndgameDB`, `verify-db`) are written once over it
//! (`crate::engine_game::database`), so a game's folder holds only the
//! words and the numbers that are its own.

use std::path::Path;

use super::error::EndgameDbError;
use super::file::Backed;
use super::format::{FileKind, Header};
use super::progress::Progress;
use super::rank::entry_count;

/// Why a sowing game's database of some size cannot be planned: its
/// entries overflow the count.
const TOO_MANY_ENTRIES: &str = "a database of this size has more entries than a number can count";

/// What a database build will make, for the checks before it starts and
/// its messages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DatabasePlan {
    /// What it holds, in words (`Kalah(6) standard capture, at most 24
    /// seeds on the board`).
    pub description: String,
    /// Its name in the cache ([`crate::database_cache::file_name`]).
    pub file_name: String,
    /// Entries.
    pub entries: u64,
    /// Bytes of memory the build needs, about.
    pub memory: u64,
    /// Bytes of its file.
    pub file_bytes: u64,
}

/// What a database of some rules and size takes: the numbers a game
/// knows, from which [`GameDatabase::plan`] makes the rest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DatabaseSize {
    /// Entries.
    pub entries: u64,
    /// Bytes of memory the build needs, about.
    pub memory: u64,
}

/// A game's endgame database type: how it is planned, built and opened,
/// and the words it is said in. Every message a database gives is made
/// here once, from the words each game fills in.
pub trait GameDatabase: Backed + Send + Sync + Sized + 'static {
    /// The position type of the game (the rules crate's).
    type Game;

    /// The rules a database serves, as far as they make databases differ
    /// (Kalah's pits and capture rule, Oware's houses a side; nothing for
    /// Russian draughts, which has one set of rules): a database serves a
    /// game whose rules are equal.
    type Rules: PartialEq;

    /// The kind of its databases' files: their magic, entry width and
    /// header bytes, declared by the game (see [`FileKind`]).
    const KIND: FileKind;

    /// What a database's size counts on the board, in words: `seeds`, or
    /// `pieces` (`at most 24 seeds on the board`). `build-db`'s size flag
    /// (`--max-seeds`, `--max-pieces`) is this count.
    const SIZE_UNIT: &'static str;

    /// The rules of the game being played.
    fn rules_of(game: &Self::Game) -> Self::Rules;

    /// The rules this database serves, as its header says.
    fn rules(&self) -> Self::Rules;

    /// The family of the cached databases of `rules` (see
    /// [`crate::database_cache`]): `kalah-6-standard`, `oware-6`,
    /// `russian`.
    fn family(rules: &Self::Rules) -> String;

    /// A database of `rules` in a build's words (`Kalah(6) standard
    /// capture`, `Oware (6 houses a side)`, `Russian draughts`).
    fn title(rules: &Self::Rules) -> String;

    /// `rules` in the words of an opened database's description (`6 pits,
    /// standard capture`, `6 houses`, `Russian draughts`).
    fn rules_in_words(rules: &Self::Rules) -> String;

    /// The two sides of the refusal of a database of other rules than the
    /// game played: the database's rules and the game's, in words. Both
    /// [`Self::rules_in_words`] unless a game says them otherwise.
    fn mismatch_in_words(database: &Self::Rules, played: &Self::Rules) -> (String, String) {
        (Self::rules_in_words(database), Self::rules_in_words(played))
    }

    /// What the database of `rules` with at most `max_size` seeds (or
    /// pieces) on the board takes.
    ///
    /// # Errors
    /// No database of these rules or this size can be built, in words.
    fn size(rules: &Self::Rules, max_size: u8) -> Result<DatabaseSize, String>;

    /// Builds the database of `rules` and `max_size` in memory on
    /// `threads` threads, calling `progress` now and then.
    ///
    /// # Errors
    /// As the game's own build.
    fn build_for(
        rules: &Self::Rules,
        max_size: u8,
        threads: usize,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<Self, EndgameDbError>;

    /// Opens the database file at `path`.
    ///
    /// # Errors
    /// The file cannot be read, is no database of this game, or is
    /// damaged in its header; the error names the file.
    fn open_file(path: &Path) -> Result<Self, EndgameDbError>;

    /// Most seeds (or pieces) on the board of a position in the database.
    #[must_use]
    fn max_size(&self) -> u8 {
        self.file().header().max_seeds
    }

    /// What a build of the database of `rules` and `max_size` will make:
    /// checked before anything starts.
    ///
    /// # Errors
    /// As [`Self::size`].
    fn plan(rules: &Self::Rules, max_size: u8) -> Result<DatabasePlan, String> {
        let size = Self::size(rules, max_size)?;
        Ok(DatabasePlan {
            description: format!(
                "{}, at most {max_size} {} on the board",
                Self::title(rules),
                Self::SIZE_UNIT
            ),
            file_name: crate::database_cache::file_name(&Self::family(rules), max_size.into()),
            entries: size.entries,
            memory: size.memory,
            file_bytes: file_bytes_at_most(Self::KIND, size.entries),
        })
    }

    /// What the database holds, for `info string` (`6 pits, standard
    /// capture, up to 24 seeds on the board, … positions`).
    #[must_use]
    fn description(&self) -> String {
        format!(
            "{}, up to {} {} on the board, {} positions",
            Self::rules_in_words(&self.rules()),
            self.max_size(),
            Self::SIZE_UNIT,
            self.len()
        )
    }

    /// Why the database, opened from `path`, does not serve the game of
    /// `played` rules; `None` when it does.
    #[must_use]
    fn refusal(&self, path: &Path, played: &Self::Rules) -> Option<String> {
        let served = self.rules();
        (served != *played).then(|| {
            let (database, game) = Self::mismatch_in_words(&served, played);
            format!(
                "{} is a database of {database}, not of the game played ({game})",
                path.display()
            )
        })
    }
}

/// Bytes of the file of a database of `kind` and `count` entries: the
/// header, the block table and the entries as they are; exactly so for a
/// kind stored as it is, at most so for a compressed one.
#[must_use]
pub fn file_bytes_at_most(kind: FileKind, count: u64) -> u64 {
    Header::new(kind, 0, false, 0, count)
        .entries_offset()
        .saturating_add(count.saturating_mul(kind.entry_bytes))
}

/// Entries of a sowing game's database of `pits` pits (houses) a side and
/// at most `max_seeds` seeds on the board.
///
/// # Errors
/// They overflow the count.
pub fn sowing_entries(pits: u8, max_seeds: u8) -> Result<u64, String> {
    entry_count(2 * usize::from(pits), max_seeds).ok_or_else(|| TOO_MANY_ENTRIES.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::endgame::format::HEADER_LEN;
    use crate::games::kalah::KalahDb;
    use crate::games::oware::endgame::OwareDb;

    /// The bound of a file's size is its size where the entries are stored
    /// as they are: the header, a checksum a block, the entries.
    #[test]
    fn file_bytes_count_the_header_the_block_table_and_the_entries() {
        let block = 1u64 << crate::endgame::format::BLOCK_SHIFT;
        assert_eq!(
            file_bytes_at_most(KalahDb::KIND, 43_758),
            43_758 + HEADER_LEN as u64 + 4
        );
        assert_eq!(
            file_bytes_at_most(OwareDb::KIND, 2 * block),
            4 * block + HEADER_LEN as u64 + 2 * 4
        );
        assert_eq!(
            file_bytes_at_most(KalahDb::KIND, 0),
            Header::new(KalahDb::KIND, 1, false, 0, 0).file_len(&[])
        );
        assert!(sowing_entries(12, 127).is_err());
        assert_eq!(sowing_entries(2, 5), Ok(126));
    }
}
