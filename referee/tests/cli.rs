//! The binary's command line: help, errors that name the option, exit
//! codes. (Being an integration test of this package, it also makes
//! `cargo test --workspace` build `ply-referee` for the end-to-end tests in
//! `tests/`.)

use std::process::Command;

fn referee(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_ply-referee"))
        .args(args)
        .output()
        .expect("ply-referee runs")
}

#[test]
fn help_documents_the_options() {
    for flag in ["--help", "-help"] {
        let output = referee(&[flag]);
        assert!(output.status.success());
        let text = String::from_utf8_lossy(&output.stdout);
        for option in [
            "-engine",
            "-each",
            "-openings",
            "-sprt",
            "-shard",
            "-results",
            "merge",
        ] {
            assert!(text.contains(option), "{option} missing from {flag}");
        }
    }
}

#[test]
fn an_unknown_option_is_named_and_fails() {
    let output = referee(&[
        "-engine", "cmd=x", "depth=1", "-engine", "cmd=y", "depth=1", "-bogus", "3",
    ]);
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("unknown option '-bogus'"), "{stderr}");
}

#[test]
fn an_engine_that_cannot_start_is_a_clear_error() {
    let output = referee(&[
        "-engine",
        "cmd=/nonexistent/engine",
        "name=a",
        "depth=1",
        "-engine",
        "cmd=/nonexistent/engine",
        "name=b",
        "depth=1",
    ]);
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("could not start '/nonexistent/engine'"),
        "{stderr}"
    );
}
