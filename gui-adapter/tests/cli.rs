//! The binaries' command lines. (Cargo builds `ply-play` and `ply-gui` for
//! these tests, so the end-to-end tests in `tests/` find them too.)

use assert_cmd::Command;
use predicates::str::contains;

#[test]
fn both_binaries_explain_themselves() {
    Command::cargo_bin("ply-play")
        .unwrap()
        .arg("--help")
        .assert()
        .success()
        .stdout(contains("--first"))
        .stdout(contains("--depth"))
        .stdout(contains("--movetime"))
        .stdout(contains("--seeds"));
    Command::cargo_bin("ply-gui")
        .unwrap()
        .arg("--help")
        .assert()
        .success()
        .stdout(contains("--port"))
        .stdout(contains("--bind"));
}

#[test]
fn bad_options_are_refused_with_the_reason() {
    Command::cargo_bin("ply-play")
        .unwrap()
        .args(["--seeds", "100"])
        .assert()
        .code(2)
        .stderr(contains("Seeds"));
    Command::cargo_bin("ply-play")
        .unwrap()
        .args(["--depth", "0"])
        .assert()
        .code(2)
        .stderr(contains("depth"));
    Command::cargo_bin("ply-play")
        .unwrap()
        .args(["--variant", "chess"])
        .assert()
        .code(2)
        .stderr(contains("UCI_Variant"));
    Command::cargo_bin("ply-play")
        .unwrap()
        .args(["--engine", "/nonexistent/ply-engine"])
        .assert()
        .code(1)
        .stderr(contains("cannot start the engine"));
    Command::cargo_bin("ply-gui")
        .unwrap()
        .args(["--engine", "/nonexistent/ply-engine"])
        .assert()
        .code(1)
        .stderr(contains("cannot start the engine"));
}
