//! Engines that misbehave: each loses its games with the right
//! termination, the match goes on to the end (with `-recover` for engines
//! that must be restarted), and no engine process outlives the referee.

mod referee_support;

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use referee_support::{
    TempDir, assert_no_survivors, mock_engine, read_results, referee, run_ok, run_referee, words,
};

/// Games against a mock that loses without being restarted (illegal
/// moves, time forfeits).
const GAMES: usize = 4;

/// Games against a mock that crashes or stalls in each: fewer than the
/// referee's limit of games in a row one engine may crash or stall in (3,
/// `MAX_CONSECUTIVE_FAULTS`), after which even `-recover` stops the match.
const FAULTY_GAMES: usize = 2;

/// Plays `good` against a mock in `mode` for [`GAMES`] games and checks
/// that the mock lost every one with `termination`.
fn misbehaving_engine_loses(
    mode: &str,
    extra: &[&str],
    options: &str,
    termination: &str,
) -> Vec<serde_json::Value> {
    misbehaving_engine_loses_games(mode, extra, options, termination, GAMES)
}

/// As [`misbehaving_engine_loses`], for `games` games; returns the
/// records.
fn misbehaving_engine_loses_games(
    mode: &str,
    extra: &[&str],
    options: &str,
    termination: &str,
    games: usize,
) -> Vec<serde_json::Value> {
    let dir = TempDir::new(mode);
    let pids = dir.path("pids");
    let results = dir.path("results.jsonl");
    let mut args = mock_engine("good", "good", &[], &pids);
    args.extend(mock_engine(mode, mode, extra, &pids));
    args.extend(words(&format!(
        "-each option.Seeds=4 {options} -games {games} -concurrency 2 -recover -stalltimeout 1 -results {}",
        results.display()
    )));
    let stdout = run_ok(&args);
    assert!(stdout.contains("Finished match"), "{stdout}");
    assert!(
        stdout.contains("Score of good vs ") && stdout.contains(&format!(": {games} - 0 - 0")),
        "{stdout}"
    );

    let records = read_results(&results);
    assert_eq!(records.len(), games, "{stdout}");
    for game in &records {
        assert_eq!(game["termination"], termination, "{game}");
        assert_eq!(game["fault"], mode, "{game}");
        let winner = if game["p1"] == "good" {
            "p1win"
        } else {
            "p2win"
        };
        assert_eq!(game["result"], winner, "{game}");
    }
    assert_no_survivors(&pids);
    records
}

#[test]
fn a_crashing_engine_loses_by_disconnect_and_is_restarted() {
    misbehaving_engine_loses_games(
        "crash",
        &["--after", "2"],
        "st=0.5",
        "disconnect",
        FAULTY_GAMES,
    );
}

#[test]
fn a_second_bestmove_is_named_as_such() {
    for game in misbehaving_engine_loses("double", &["--after", "1"], "st=0.5", "illegal move") {
        let reason = game["reason"].as_str().unwrap_or_default();
        assert!(
            reason.contains("sends a second bestmove") && !reason.contains("is empty"),
            "{game}"
        );
    }
}

#[test]
fn a_line_past_one_mebibyte_is_garbage() {
    let records = misbehaving_engine_loses_games(
        "flood",
        &["--after", "1"],
        "st=0.5",
        "illegal move",
        FAULTY_GAMES,
    );
    for game in records {
        let reason = game["reason"].as_str().unwrap_or_default();
        assert!(
            reason.contains("sends garbage (a line longer than 1 MiB"),
            "{game}"
        );
    }
}

/// An engine that closes its output and runs on is said to have closed
/// its output, not to have exited.
#[test]
fn an_engine_that_closes_its_output_but_runs_is_named_so() {
    let dir = TempDir::new("mute");
    let pids = dir.path("pids");
    let results = dir.path("results.jsonl");
    let mut args = mock_engine("good", "good", &[], &pids);
    // The mock crashes at its third move; the shell that started it then
    // closes the output they shared and sleeps (its pid is the engine's).
    args.extend([
        "-engine".to_owned(),
        "cmd=sh".to_owned(),
        "name=mute".to_owned(),
        "arg=-c".to_owned(),
        format!(
            "arg=echo $$ >> {pids}; {mock} --mode crash --after 2 --pidfile {pids}; exec >&-; exec sleep 300",
            pids = pids.display(),
            mock = referee_support::mock()
        ),
    ]);
    args.extend(words(&format!(
        "-each st=0.5 option.Seeds=4 -games {FAULTY_GAMES} -recover -results {}",
        results.display()
    )));
    let stdout = run_ok(&args);
    let records = read_results(&results);
    assert_eq!(records.len(), FAULTY_GAMES, "{stdout}");
    for game in &records {
        assert_eq!(game["termination"], "disconnect", "{game}");
        assert_eq!(game["fault"], "mute", "{game}");
        let reason = game["reason"].as_str().unwrap_or_default();
        assert!(
            reason.contains("its engine closed its output but still runs"),
            "{game}"
        );
    }
    assert_no_survivors(&pids);
}

#[test]
fn a_hanging_engine_loses_by_stall() {
    misbehaving_engine_loses_games(
        "hang",
        &["--after", "2"],
        "tc=0.3+0.05 timemargin=50",
        "stall",
        FAULTY_GAMES,
    );
}

#[test]
fn an_engine_that_never_gets_ready_loses_by_stall() {
    misbehaving_engine_loses_games("noready", &[], "st=0.5", "stall", FAULTY_GAMES);
}

#[test]
fn garbage_instead_of_a_move_is_an_illegal_move() {
    misbehaving_engine_loses("garbage", &["--after", "2"], "st=0.5", "illegal move");
}

#[test]
fn an_illegal_move_loses() {
    misbehaving_engine_loses("illegal", &["--after", "2"], "st=0.5", "illegal move");
}

#[test]
fn a_slow_engine_loses_on_time() {
    misbehaving_engine_loses(
        "slow",
        &["--after", "2"],
        "tc=0.3+0.05 timemargin=50",
        "time forfeit",
    );
}

#[test]
fn a_slow_engine_loses_on_time_with_a_fixed_move_time() {
    misbehaving_engine_loses(
        "slow",
        &["--after", "1"],
        "st=0.2 timemargin=50",
        "time forfeit",
    );
}

#[test]
fn with_norecover_a_crash_stops_the_match_after_that_game() {
    let dir = TempDir::new("norecover");
    let pids = dir.path("pids");
    let results = dir.path("results.jsonl");
    let mut args = mock_engine("good", "good", &[], &pids);
    args.extend(mock_engine("crash", "crash", &["--after", "1"], &pids));
    args.extend(words(&format!(
        "-each option.Seeds=4 st=0.5 -games 6 -norecover -results {}",
        results.display()
    )));
    let output = run_referee(&args);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stdout}\n{stderr}");
    assert!(stderr.contains("-norecover"), "{stderr}");
    assert!(stdout.contains("Match stopped"), "{stdout}");
    let games = read_results(&results);
    assert_eq!(games.len(), 1);
    assert_eq!(games[0]["termination"], "disconnect");
    assert_no_survivors(&pids);
}

#[test]
fn ugi_engines_play_whole_games() {
    let dir = TempDir::new("ugi");
    let pids = dir.path("pids");
    let results = dir.path("results.jsonl");
    let mut args = mock_engine("a", "good", &[], &pids);
    args.extend(mock_engine("b", "good", &[], &pids));
    args.extend(words(&format!(
        "-each proto=ugi tc=5+0.1 option.Seeds=4 -games 2 -results {}",
        results.display()
    )));
    run_ok(&args);
    let games = read_results(&results);
    assert_eq!(games.len(), 2);
    assert!(games.iter().all(|g| g["termination"] == "normal"));
    assert_no_survivors(&pids);
}

#[test]
fn adjudication_by_resignation_draw_and_length() {
    let dir = TempDir::new("adjudication");
    let pids = dir.path("pids");
    for (scores, options, adjudication, winner) in [
        (
            ["800", "-800"],
            "-resign movecount=2 score=500",
            "resign",
            Some("strong"),
        ),
        (
            ["800", "-800"],
            "-resign movecount=2 score=500 twosided=true",
            "resign",
            Some("strong"),
        ),
        (
            ["5", "-5"],
            "-draw movenumber=6 movecount=4 score=10",
            "draw",
            None,
        ),
        (["0", "0"], "-maxmoves 7", "maxmoves", None),
    ] {
        let results = dir.path(&format!("{adjudication}-{}.jsonl", options.len()));
        let mut args = mock_engine("strong", "good", &["--score", scores[0]], &pids);
        args.extend(mock_engine("weak", "good", &["--score", scores[1]], &pids));
        args.extend(words(&format!(
            "-each st=1 option.Seeds=4 -games 2 {options} -results {}",
            results.display()
        )));
        let stdout = run_ok(&args);
        let games = read_results(&results);
        assert_eq!(games.len(), 2, "{stdout}");
        for game in &games {
            assert_eq!(game["termination"], "adjudication", "{game}");
            assert_eq!(game["adjudication"], adjudication, "{game}");
            match winner {
                Some(name) => {
                    let side = if game["p1"] == name { "p1win" } else { "p2win" };
                    assert_eq!(game["result"], side, "{game}");
                }
                None => assert_eq!(game["result"], "draw", "{game}"),
            }
        }
        if adjudication == "maxmoves" {
            assert!(games.iter().all(|g| g["plies"] == 7));
        }
    }
    assert_no_survivors(&pids);
}

#[test]
fn ctrl_c_stops_the_match_and_leaves_no_engine_behind() {
    let dir = TempDir::new("ctrlc");
    let pids = dir.path("pids");
    let results = dir.path("results.jsonl");
    let mut args = mock_engine("good", "good", &[], &pids);
    args.extend(mock_engine("hang", "hang", &["--after", "1"], &pids));
    args.extend(words(&format!(
        "-each tc=60 option.Seeds=4 -games 10 -concurrency 2 -results {}",
        results.display()
    )));
    let mut command = Command::new(referee());
    // It is sent signals: at their default action, whatever this test
    // inherited (`nohup`, a background job).
    ply_signals::children::default_job_signals(&mut command);
    let mut child = command
        .args(&args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Wait until both workers have started a game.
    let stdout = child.stdout.take().unwrap();
    let mut lines = BufReader::new(stdout).lines();
    let mut started = 0;
    while started < 2 {
        let line = lines.next().expect("the referee prints").unwrap();
        if line.starts_with("Started game") {
            started += 1;
        }
    }
    std::thread::sleep(Duration::from_millis(300));
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let rest: Vec<String> = lines.map_while(Result::ok).collect();
    let deadline = Instant::now() + Duration::from_secs(10);
    let exit = loop {
        if let Some(exit) = child.try_wait().unwrap() {
            break exit;
        }
        assert!(Instant::now() < deadline, "the referee did not stop");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(exit.code(), Some(130), "{rest:?}");
    assert!(
        rest.iter().any(|l| l.starts_with("Match interrupted")),
        "{rest:?}"
    );
    // Interrupted games are not results.
    assert!(read_results(&results).is_empty());
    assert_no_survivors(&pids);
}
