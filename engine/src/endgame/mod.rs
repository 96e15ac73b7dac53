//! What the endgame databases of every game share: the dense index of a
//! row of pits or houses (`rank.rs`, the sowing games'; `cursor.rs` steps
//! through a level's keys), the file that holds a database (`format.rs`: a
//! header, a checksum a block, the entries), read by memory-mapping it
//! (`mmap.rs`), each block checked on its first read (`check.rs`), with
//! the errors all of these give (`error.rs`).
//!
//! Each game keeps its own meaning of an entry and its own build, in
//! `games/<game>/endgame/`, and says what its databases are through one
//! trait (`game_database.rs`: their plan, build, opening and words, and
//! the kind of their files, [`FileKind`]). The header says which game a
//! file is for, so a database is never read as another game's.

pub(crate) mod check;
pub mod cursor;
pub mod error;
pub mod file;
pub mod format;
pub mod game_database;
pub(crate) mod mmap;
pub mod progress;
pub mod rank;

pub use error::EndgameDbError;
pub use file::Backed;
pub use format::{
    BLOCK_SHIFT, BoardByte, FORMAT_VERSION, FileKind, HEADER_LEN, MAX_DB_SEEDS, RuleByte, fnv1a,
};
pub use game_database::{DatabasePlan, DatabaseSize, GameDatabase, file_bytes_at_most};
pub use progress::{Progress, format_duration};
pub use rank::{MAX_RANK_LEN, entry_count, level_range, rank, unrank};
