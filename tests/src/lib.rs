//! Helpers for Ply's end-to-end tests, which run the real binaries together.
//!
//! The binaries are built by `cargo test --workspace` (the engine package
//! has integration tests of its own, so Cargo builds `ply-engine` before any
//! test runs); they are found next to the test executable.

use std::path::PathBuf;

/// A cache directory that does not exist, for every program a test starts:
/// under `EndgameDB auto` (the engine's default) the user's cached endgame
/// databases would otherwise change the engines' answers.
pub const NO_CACHE: &str = "/nonexistent/ply-test-cache";

/// The path of a workspace binary such as `ply-engine`.
///
/// # Panics
/// When the binary has not been built, with a message saying how to build it.
#[must_use]
pub fn binary(name: &str) -> PathBuf {
    let path = assert_cmd::cargo::cargo_bin(name);
    assert!(
        path.exists(),
        "{} is missing; build it first with `cargo build --workspace` (or run `cargo test --workspace`)",
        path.display()
    );
    path
}
