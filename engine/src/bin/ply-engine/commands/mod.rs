//! The subcommands of `ply-engine`, one module each: its clap arguments
//! and the body `main.rs` runs. They belong to the binary (anyhow errors,
//! clap, progress on stderr); the library's `ply_engine::commands` holds
//! what `analyse`, `annotate` and `build-book` do, `ply_engine::engine_game`
//! what `build-db`, `verify-db` and `tune` do.

pub mod analyse;
pub mod annotate;
pub mod bench;
pub mod build_book;
pub mod build_db;
mod build_progress;
mod shared;
pub mod tune;
pub mod verify_db;
