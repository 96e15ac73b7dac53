//! An engine that crashes loses that game and the match goes on: it is
//! restarted by default (`-recover`), and only `-norecover` stops the match.

#![cfg(unix)]

mod support;

use support::{RUN_TIMEOUT, Running, Scratch, engine_args, referee, words};

/// Games in the match.
const GAMES: usize = 4;

/// Runs `good` against an engine that exits at its first `go`; returns the
/// exit code, stdout and the results file's lines.
fn crash_match(scratch: &Scratch, extra: &str) -> (Option<i32>, Vec<String>, Vec<String>) {
    // Pit 2 of six seeds ends on the other side: a legal first move.
    let good = scratch.engine("good", "echo 'bestmove 2'");
    let crash = scratch.engine("crash", "exit 1");
    let results = scratch.path("results.jsonl");
    let mut args = engine_args(&good, "good");
    args.extend(engine_args(&crash, "crash"));
    args.extend(words(&format!(
        "-each st=5 -games {GAMES} -variant kalah -results {} {extra}",
        results.display()
    )));
    let mut referee = Running::start(referee(), &args);
    let status = referee.wait(RUN_TIMEOUT).expect("the match ends");
    let stdout = referee.rest();
    let results = std::fs::read_to_string(&results)
        .unwrap_or_default()
        .lines()
        .map(str::to_owned)
        .collect();
    (status.code(), stdout, results)
}

#[test]
fn a_crashed_engine_is_restarted_and_the_match_goes_on() {
    let scratch = Scratch::new("recovery");
    let (code, stdout, results) = crash_match(&scratch, "");
    assert_eq!(code, Some(0), "{stdout:?}");
    assert_eq!(results.len(), GAMES, "{results:?}");
    for game in &results {
        assert!(
            game.contains(r#""termination":"disconnect""#) && game.contains(r#""fault":"crash""#),
            "{game}"
        );
    }
    assert!(
        stdout
            .iter()
            .any(|l| l.starts_with("Score of good vs crash: 4 - 0 - 0")),
        "{stdout:?}"
    );
    scratch.assert_no_survivors();
}

#[test]
fn norecover_stops_the_match_after_the_crash() {
    let scratch = Scratch::new("norecover");
    let (code, stdout, results) = crash_match(&scratch, "-norecover");
    assert_eq!(code, Some(1), "{stdout:?}");
    assert_eq!(results.len(), 1, "{results:?}");
    assert!(
        stdout.iter().any(|l| l.starts_with("Match stopped")),
        "{stdout:?}"
    );
    scratch.assert_no_survivors();
}
