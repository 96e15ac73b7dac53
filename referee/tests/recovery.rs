//! An engine that crashes loses that game and the match goes on: it is
//! restarted by default (`-recover`), and only `-norecover` stops the match.
//! An engine that crashes or stalls in every game stops the match after
//! `MAX_CONSECUTIVE_FAULTS` (3) games in a row.

#![cfg(unix)]

mod support;

use std::path::Path;

use support::{RUN_TIMEOUT, Running, Scratch, engine_args, referee, words};

/// Games in the match: fewer than the referee's limit of games in a row an
/// engine may crash or stall in (3), so a crash at every `go` is recovered.
const GAMES: usize = 2;

/// The referee's limit of games in a row one engine may crash or stall in
/// (`ply_referee::runner::MAX_CONSECUTIVE_FAULTS`).
const MAX_CONSECUTIVE_FAULTS: usize = 3;

/// Runs `good` against an engine that exits at its first `go`; returns the
/// exit code, stdout and the results file's lines.
fn crash_match(scratch: &Scratch, extra: &str) -> (Option<i32>, Vec<String>, Vec<String>) {
    let crash = scratch.engine("crash", "exit 1");
    faulty_match(scratch, &crash, GAMES, extra)
}

/// Runs `good` against `faulty` for `games` games; returns the exit code,
/// stdout and the results file's lines.
fn faulty_match(
    scratch: &Scratch,
    faulty: &Path,
    games: usize,
    extra: &str,
) -> (Option<i32>, Vec<String>, Vec<String>) {
    // Pit 2 of six seeds ends on the other side: a legal first move.
    let good = scratch.engine("good", "echo 'bestmove 2'");
    let results = scratch.path("results.jsonl");
    let mut args = engine_args(&good, "good");
    args.extend(engine_args(faulty, "crash"));
    args.extend(words(&format!(
        "-each st=5 -games {games} -variant kalah -results {} {extra}",
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
            .any(|l| l.starts_with("Score of good vs crash: 2 - 0 - 0")),
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

/// Asserts that a match against an engine faulting in every game stopped
/// after [`MAX_CONSECUTIVE_FAULTS`] games, naming the engine and the count.
fn assert_stopped_after_the_limit(code: Option<i32>, stdout: &[String], results: &[String]) {
    assert_eq!(code, Some(1), "{stdout:?}");
    assert_eq!(results.len(), MAX_CONSECUTIVE_FAULTS, "{results:?}");
    assert!(
        stdout.iter().any(|l| l.starts_with("Match stopped")
            && l.contains("'crash'")
            && l.contains(&format!("{MAX_CONSECUTIVE_FAULTS} consecutive games"))),
        "{stdout:?}"
    );
}

#[test]
fn an_engine_crashing_at_every_go_stops_the_match_after_the_limit() {
    let scratch = Scratch::new("crash-limit");
    let crash = scratch.engine("crash", "exit 1");
    let (code, stdout, results) = faulty_match(&scratch, &crash, 8, "");
    assert_stopped_after_the_limit(code, &stdout, &results);
    scratch.assert_no_survivors();
}

#[test]
fn an_engine_crashing_at_every_isready_stops_the_match_after_the_limit() {
    let scratch = Scratch::new("isready-limit");
    let crash = scratch.script(
        "crash",
        &format!(
            "echo $$ >> '{}'
while read -r line; do
  case \"$line\" in
    uci) echo 'id name crash'; echo uciok ;;
    isready) exit 1 ;;
    quit) exit 0 ;;
  esac
done
",
            scratch.path("pids").display()
        ),
    );
    let (code, stdout, results) = faulty_match(&scratch, &crash, 8, "");
    assert_stopped_after_the_limit(code, &stdout, &results);
    scratch.assert_no_survivors();
}

#[test]
fn a_crash_between_good_games_does_not_count_towards_the_limit() {
    let scratch = Scratch::new("crash-streak");
    // Counts the games (`ucinewgame`) over its restarts and crashes at the
    // `go` of every odd one: games 1, 3, 5 … are lost by a crash, 2, 4, 6 …
    // are played, so no streak reaches the limit.
    let games_file = scratch.path("games");
    let flaky = scratch.script(
        "crash",
        &format!(
            "echo $$ >> '{pids}'
while read -r line; do
  case \"$line\" in
    uci) echo 'id name crash'; echo uciok ;;
    isready) echo readyok ;;
    ucinewgame) n=$(cat '{games}' 2>/dev/null || echo 0); echo $((n + 1)) > '{games}' ;;
    go*) [ $(( $(cat '{games}') % 2 )) = 1 ] && exit 1; echo 'bestmove 2' ;;
    quit) exit 0 ;;
  esac
done
",
            pids = scratch.path("pids").display(),
            games = games_file.display()
        ),
    );
    let games = 2 * MAX_CONSECUTIVE_FAULTS;
    let (code, stdout, results) = faulty_match(&scratch, &flaky, games, "");
    assert_eq!(code, Some(0), "{stdout:?}");
    assert_eq!(results.len(), games, "{results:?}");
    let crashes = results
        .iter()
        .filter(|game| game.contains(r#""termination":"disconnect""#))
        .count();
    assert_eq!(crashes, MAX_CONSECUTIVE_FAULTS, "{results:?}");
    scratch.assert_no_survivors();
}
