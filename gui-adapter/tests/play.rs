//! `ply-play` against a stand-in engine (tests/mock-engine.sh), so these
//! tests need no engine binary.

#![cfg(unix)]

use assert_cmd::Command;
use predicates::str::contains;

const MOCK_ENGINE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/mock-engine.sh");

/// A line that is not UTF-8 is a bad turn like any other: the person is
/// told and prompted again; ply-play used to end with "stream did not
/// contain valid UTF-8".
#[test]
fn a_line_that_is_not_utf8_gets_a_new_prompt() {
    let assert = Command::cargo_bin("ply-play")
        .expect("ply-play is built for the tests")
        .args(["--engine", MOCK_ENGINE])
        .write_stdin(&b"\xe9\nquit\n"[..])
        .assert()
        .success()
        .stdout(contains("neither a move nor a command"))
        .stdout(contains("Bye."));
    let stdout = String::from_utf8_lossy(&assert.get_output().stdout).into_owned();
    assert_eq!(stdout.matches("Your move> ").count(), 2, "{stdout}");
}
