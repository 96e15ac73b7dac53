//! `ply-engine`'s command line: subcommands, their `--help`, and errors
//! (printed once, saying what would be accepted).

use std::process::Output;
use std::time::Duration;

use assert_cmd::Command;

/// A cache directory that does not exist, so that `EndgameDB auto`
/// loads nothing (the user's cached databases would change the answers).
const NO_CACHE: &str = "/nonexistent/ply-test-cache";

/// Generous: these commands take milliseconds; a hang fails instead of blocking CI.
const TIMEOUT: Duration = Duration::from_secs(60);

/// Runs `ply-engine args…` with `input` on stdin.
fn run(args: &[&str], input: &str) -> Output {
    Command::cargo_bin("ply-engine")
        .expect("the ply-engine binary is built")
        .env("XDG_CACHE_HOME", NO_CACHE)
        .args(args)
        .write_stdin(input)
        .timeout(TIMEOUT)
        .output()
        .expect("ply-engine runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn an_unknown_command_is_an_error_printed_once() {
    let output = run(&["bogus"], "");
    assert!(!output.status.success());
    let err = stderr(&output);
    assert_eq!(err.matches("bogus").count(), 1, "{err}");
    assert!(err.contains("unrecognized subcommand 'bogus'"), "{err}");
    assert!(err.contains("--help"), "{err}");
    assert!(stdout(&output).is_empty());
}

#[test]
fn a_failing_command_prints_its_error_once() {
    let output = run(
        &[
            "build-db",
            "--max-seeds",
            "1",
            "--output",
            "/nonexistent/ply/db.plydb",
        ],
        "",
    );
    assert!(!output.status.success());
    let err = stderr(&output);
    assert_eq!(
        err.matches("/nonexistent/ply is not a directory").count(),
        1,
        "{err}"
    );
}

#[test]
fn bench_help_is_help_not_a_depth() {
    for flag in ["--help", "-h"] {
        let output = run(&["bench", flag], "");
        assert!(output.status.success(), "{}", stderr(&output));
        let out = stdout(&output);
        assert!(
            out.contains("Usage: ply-engine bench [OPTIONS] [DEPTH]"),
            "{out}"
        );
        assert!(!out.contains("Nodes searched"), "{out}");
    }
    let output = run(&["bench", "deep"], "");
    assert!(!output.status.success());
    let err = stderr(&output);
    assert!(err.contains("invalid value 'deep'"), "{err}");
}

#[test]
fn every_command_has_its_help() {
    let output = run(&["--help"], "");
    assert!(output.status.success());
    let out = stdout(&output);
    for command in ["bench", "build-db", "build-book"] {
        assert!(out.contains(command), "{command} missing in\n{out}");
        let help = run(&[command, "--help"], "");
        assert!(help.status.success(), "{}", stderr(&help));
        assert!(
            stdout(&help).contains(&format!("Usage: ply-engine {command}")),
            "{}",
            stdout(&help)
        );
    }
}

#[test]
fn version_is_the_engine_name() {
    let output = run(&["--version"], "");
    assert!(output.status.success());
    assert_eq!(
        stdout(&output).trim(),
        ply_engine::session::ENGINE_NAME,
        "as `id name` says"
    );
}

#[test]
fn no_command_speaks_the_protocol() {
    let output = run(&[], "isready\n");
    assert!(output.status.success());
    assert_eq!(stdout(&output), "readyok\n");
}

#[test]
fn build_db_prints_plain_lines_when_stderr_is_not_a_terminal() {
    // A captured stderr is no terminal: no bar redrawn with carriage
    // returns, only a line per level reached and the summary.
    const MAX_SEEDS: usize = 8;
    let path = std::env::temp_dir().join(format!("ply-cli-test-{}.plydb", std::process::id()));
    let max_seeds = MAX_SEEDS.to_string();
    let output = run(
        &[
            "build-db",
            "--max-seeds",
            &max_seeds,
            "--output",
            path.to_str().expect("UTF-8 path"),
        ],
        "",
    );
    let _ = std::fs::remove_file(&path);
    assert!(output.status.success(), "{}", stderr(&output));
    let err = stderr(&output);
    assert!(!err.contains('\r'), "{err:?}");
    let lines: Vec<&str> = err.lines().collect();
    // The header, at most a line per level, the summary.
    assert!(lines.len() <= MAX_SEEDS + 3, "{err}");
    assert!(lines[0].starts_with("building Kalah(6)"), "{err}");
    assert!(
        lines
            .iter()
            .skip(1)
            .rev()
            .skip(1)
            .all(|l| l.starts_with("working on level ")),
        "{err}"
    );
    assert!(
        lines.last().is_some_and(|l| l.contains(" entries, ")),
        "{err}"
    );
}

#[test]
fn nothing_shown_to_a_user_names_the_seed_documents() {
    // Where the code comes from (the Prolog programs of docs/origins.md) is
    // for comments and docs; no user-facing text may name those programs by
    // a number ("seed 0" and the like).
    let mut shown = Vec::new();
    for args in [
        &["--help"][..],
        &["help"],
        &["bench", "--help"],
        &["build-db", "--help"],
        &["build-book", "--help"],
    ] {
        let output = run(args, "");
        assert!(output.status.success(), "{args:?}: {}", stderr(&output));
        shown.push((format!("{args:?}"), stdout(&output)));
    }
    let mut session = String::from("uci\nd\n");
    for variant in ["oware", "tictactoe", "russian", "mastermind", "kalah"] {
        session.push_str(&format!(
            "setoption name UCI_Variant value {variant}\nd\ngo depth 1\nisready\n"
        ));
    }
    let output = run(&[], &session);
    assert!(output.status.success());
    shown.push(("a session".to_owned(), stdout(&output)));
    for (what, text) in shown {
        assert!(
            !text.to_lowercase().contains("seed 0"),
            "{what} names a source document by number:\n{text}"
        );
    }
}
