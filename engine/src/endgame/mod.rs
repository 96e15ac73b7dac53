//! What the endgame databases of every sowing game share: the dense index
//! of a row of pits or houses (`rank.rs`; `cursor.rs` steps through a
//! level's keys), and the file that holds a database (`format.rs`: a
//! header, a checksum a block, the entries), read by memory-mapping it
//! (`mmap.rs`), each block checked on its first read (`check.rs`), with
//! the errors all of these give (`error.rs`).
//!
//! Each game keeps its own meaning of an entry and its own build: Kalah's
//! in `games/kalah/endgame/`, Oware's in `games/oware/`. The header says
//! which game a file is for ([`Kind`]), so a database is never read as
//! another game's.

pub(crate) mod check;
pub mod cursor;
pub mod error;
pub mod file;
pub mod format;
pub(crate) mod mmap;
pub mod progress;
pub mod rank;

pub use error::EndgameDbError;
pub use format::{BLOCK_SHIFT, FORMAT_VERSION, HEADER_LEN, Kind, MAX_DB_SEEDS, fnv1a};
pub use progress::{Progress, format_duration};
pub use rank::{MAX_RANK_LEN, entry_count, level_range, rank, unrank};
